# The workflows run the make targets that exist, as CI runs them.
# SPDX-License-Identifier: MIT
import os
import re

from tools.paths import ROOT

WORKFLOWS = os.path.join(ROOT, ".github", "workflows")


def make_targets():
    with open(os.path.join(ROOT, "Makefile")) as f:
        return set(re.findall(r"^([a-z0-9][a-z0-9_-]*):", f.read(), re.M))


def test_every_make_command_in_a_workflow_is_a_makefile_target():
    targets = make_targets()
    used = {}
    for name in sorted(os.listdir(WORKFLOWS)):
        with open(os.path.join(WORKFLOWS, name)) as f:
            for target in re.findall(r"\bmake ([a-z0-9][a-z0-9_-]*)", f.read()):
                used.setdefault(target, []).append(name)
    assert used, "no workflow runs a make target"
    missing = {t: w for t, w in used.items() if t not in targets}
    assert not missing, missing


def test_a_release_tests_then_builds_and_attaches_the_uf2():
    with open(os.path.join(WORKFLOWS, "release.yml")) as f:
        text = f.read()
    steps = re.findall(r"- run: (make \S+)", text)
    assert steps == ["make test", "make uf2"]
    assert "gh release upload" in text and "build/pocket-yatzy.uf2" in text
    # the base comes from the release, where RP2_IMAGE_BASE points make uf2
    assert "gh release download" in text and "RP2_IMAGE_BASE:" in text
    assert os.path.isfile(os.path.join(ROOT, "CHANGELOG.md"))  # the release notes
