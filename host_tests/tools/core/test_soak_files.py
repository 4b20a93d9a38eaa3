# Damaged files, short slice: a few cases of every kind; the oracle and the planted faults.
# SPDX-License-Identifier: MIT

import pytest
from save.storage import MemoryStorage

from tools.core import soak_files

PER_KIND = 8


@pytest.mark.parametrize("kind", soak_files.KINDS)
def test_damaged_files_of_each_kind(kind):
    n = len(soak_files.KINDS)
    failures = []
    for j in range(PER_KIND):
        _, msg = soak_files.run_case(j * n + soak_files.KINDS.index(kind))
        if msg:
            failures.append(msg)
    assert not failures, failures[:2]


def _sound():
    st = MemoryStorage()
    st.files.update(soak_files._base())
    return st


def test_the_oracle_passes_a_sound_flash():
    assert soak_files.accepted_problem(_sound(), {}) is None


def test_the_oracle_counts_a_silent_repair_of_the_saved_games_meta(monkeypatch):
    from save import records

    real = records.load_game

    def repairing(*args):  # what the loader did to a meta it could not read: no note
        g, note = real(*args)
        g.levels, g.number = ["basic" if pl.cpu else "" for pl in g.players], 0
        return g, note

    monkeypatch.setattr(records, "load_game", repairing)
    assert "loaded as" in soak_files.accepted_problem(_sound(), {})


def test_the_oracle_counts_a_setting_dropped_without_a_note(monkeypatch):
    from save import records

    st = _sound()
    records.Settings.save(st, dict(records.SETTINGS_DEFAULTS, volume=3))
    monkeypatch.setattr(records.Settings, "load", staticmethod(lambda s, d=None: (dict(d), None)))
    assert "silently repaired or dropped" in soak_files.accepted_problem(st, {})


def test_every_planted_fault_is_caught_by_the_kind_aimed_at_it():
    res = soak_files.planted()
    assert res.cases == len(soak_files._faults()) and res.failures == 0, res.notes
