# Build (mpy-cross), flash (mpremote, changed files only), logs and package.json for the Pico.
# SPDX-License-Identifier: MIT
"""Usage (the Makefile targets call these):

    python -m tools.flash build              firmware/*.py -> build/mpy/*.mpy (main.py stays .py),
                                             and names.mpy (tools/gen/names.py)
    python -m tools.flash flash [--port P]   copy build/mpy to the board, changed files only, reset
    python -m tools.flash romfs [--out F]    build/mpy -> build/romfs.img (a ROMFS image)
    python -m tools.flash flash --romfs      deploy that image to the board's ROMFS partition,
                                             main.py to its filesystem, then reset
    python -m tools.flash logs  [--port P]   print error.log from the board
    python -m tools.flash package [--check]  write (or check) package.json for `mpremote mip`

PORT is anything `mpremote connect` takes: `auto` (default), `/dev/ttyACM0`, `COM3`,
`rfc2217://localhost:4000` (Wokwi) or `socket://127.0.0.1:PORT` (the unix port behind a
socket bridge, as in the tests; `resume` is added so the unix port is not soft-reset away).

Only what changed: one `exec` on the board prints the sha256 of every file the build has
(a single round trip, much faster than mpremote's per-file check in `fs cp`); only files
that differ are copied ("Up to date: ..." for the rest, "cp NAME SIZE" for each one written,
printed by the board after the write). Files go over as base64 in 3 KB `exec` chunks, into
NAME.part, renamed when complete. A `.py` on the board that would shadow a new `.mpy`
(MicroPython imports `x.py` before `x.mpy`) is removed.

ROMFS (`--romfs`, `make flash ROMFS=1`): on a MicroPython build with a ROMFS partition
(MicroPython 1.25+, `mpremote romfs query` tells), the `.mpy` files go into one read-only
image that the board mounts at /rom and runs in place: their code and constants stay in
flash instead of the heap (see docs/app_infra.md for the figures). `mpremote romfs deploy`
writes the image (main.py included: the project image runs it from /rom); main.py also goes
onto the filesystem, which a stock board with a ROMFS partition runs at boot, and copies of
the firmware left on the filesystem by a plain flash are removed, since on such a board the
filesystem comes before /rom on sys.path and would shadow the image.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from tools.paths import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")
BUILD = os.path.join(ROOT, "build", "mpy")
ROMFS_IMAGE = os.path.join(ROOT, "build", "romfs.img")
PACKAGE = os.path.join(ROOT, "package.json")
SOURCE_ONLY = ("main.py", "boot.py")  # run by name at boot: must stay source


# mpy-cross's optimisation level for every .mpy the project builds (the board's, the
# benches', the browser page's): 3 leaves out the line-number tables, so a traceback names
# the module and the function but not the line, for about 5 KB more free heap on the Pico
# (docs/app_infra.md, "Heap"); `make flash MPY_OPT=2` keeps the lines, to find a crash's.
def mpy_opt():
    level = os.environ.get("MPY_OPT") or "3"
    if level not in ("0", "1", "2", "3"):
        raise SystemExit("error: MPY_OPT must be 0, 1, 2 or 3 (mpy-cross -O), not %r" % level)
    return level


def mpy_cross_cmd(src, dst, name):
    """The mpy-cross command that compiles the file src into dst, `name` its source name."""
    return [tool("mpy-cross"), "-O" + mpy_opt(), "-s", name, "-o", dst, src]


def tool(name):
    """A console script from the venv this Python runs in, else from PATH."""
    here = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.exists(here):
        return here
    found = shutil.which(name)
    if found is None:
        raise SystemExit("error: %s not found (run `make venv`)" % name)
    return found


def host_only(rel, src=FIRMWARE):
    """A language module (lang/<code>.py beside its lang/<code>_pack.py): the words people
    edit, packed for the board by tools/gen/lang.py; only the pack goes on the board."""
    if not (rel.startswith("lang/") and rel.endswith(".py")) or rel.endswith("_pack.py"):
        return False
    return os.path.exists(os.path.join(src, rel[:-3] + "_pack.py"))


def firmware_files(src=FIRMWARE):
    """Paths under the firmware tree `src` (relative, '/'-separated) that belong on the
    board, sorted."""
    out = []
    for base, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in files:
            if name.endswith((".pyc", ".mpy")) or name.startswith("."):
                continue
            rel = os.path.relpath(os.path.join(base, name), src).replace(os.sep, "/")
            if not host_only(rel, src):
                out.append(rel)
    return sorted(out)


def built_name(rel):
    if rel.endswith(".py") and os.path.basename(rel) not in SOURCE_ONLY:
        return rel[:-3] + ".mpy"
    return rel


def source_name(rel):
    """The file name a built module's tracebacks show: its module name ("ui.play" for
    ui/play.py, "ui" for ui/__init__.py). MicroPython interns that name when it imports the
    module anyway, so it adds no string to the heap; a path ("ui/play.py") would be one more
    interned string per module, which the board keeps until it restarts."""
    name = rel[:-3] if rel.endswith(".py") else rel
    if name.endswith("/__init__"):
        name = name[: -len("/__init__")]
    return name.replace("/", ".")


def build(out=BUILD, quiet=False, src=FIRMWARE):
    """Pack the languages (tools/gen/lang.py, where a language module changed), then compile
    every .py of the firmware tree `src` (except main.py/boot.py) with mpy-cross (mpy_opt) into
    out. (Another `src`: another worktree's firmware/, tools/bench/app_bench.py --firmware.)"""
    from tools.gen import lang as gen_lang

    gen_lang.write(quiet=quiet)
    mpy_opt()  # a bad MPY_OPT stops the build before it starts
    files = firmware_files(src)
    want = set()
    parent = os.path.dirname(os.path.abspath(out))
    os.makedirs(parent, exist_ok=True)
    work = tempfile.mkdtemp(prefix=".build-", dir=parent)  # beside out: os.replace is atomic
    try:
        for rel in files:
            path = os.path.join(src, rel)
            dst_rel = built_name(rel)
            dst = os.path.join(out, dst_rel)
            want.add(os.path.normpath(dst))
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            tmp = os.path.join(work, "%d" % len(want))
            if dst_rel == rel:
                shutil.copyfile(path, tmp)
            else:
                cmd = mpy_cross_cmd(path, tmp, source_name(rel))
                result = subprocess.run(cmd, capture_output=True, text=True)
                if result.returncode != 0:
                    raise SystemExit("error: mpy-cross failed on %s:\n%s" % (rel, result.stderr))
            _install(tmp, dst)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    want.add(os.path.normpath(os.path.join(out, "names.mpy")))
    for base, _dirs, files in os.walk(out):  # drop outputs whose source is gone
        for name in files:
            path = os.path.normpath(os.path.join(base, name))
            if path not in want:
                os.remove(path)
    _names(out)
    total = sum(os.path.getsize(p) for p in want)
    if not quiet:
        print("built %d files into %s: %d bytes" % (len(want), os.path.relpath(out, ROOT), total))
    return total


BY_SOURCE = os.path.join(ROOT, "build", "mpy-by-source")
_KEPT = 3  # builds of other sources kept beside the current one (a run still reading one)
# what shapes a build's bytes besides the firmware tree: this file, the names and the packs
_BUILD_TOOLS = ("tools/flash/flash.py", "tools/gen/names.py", "tools/gen/lang.py")


def source_key(src=FIRMWARE):
    """sha256 of everything a build of `src` depends on: every file of the tree (the
    languages' sources too), MPY_OPT, mpy-cross's version and the build's own code."""
    import hashlib

    h = hashlib.sha256()
    version = subprocess.run([tool("mpy-cross"), "--version"], capture_output=True, text=True)
    h.update(("%s\0%s\0" % (mpy_opt(), version.stdout.strip())).encode())
    paths = [(rel, os.path.join(ROOT, rel)) for rel in _BUILD_TOOLS]
    for base, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(files):
            if not name.endswith((".pyc", ".mpy")) and not name.startswith("."):
                path = os.path.join(base, name)
                paths.append((os.path.relpath(path, src).replace(os.sep, "/"), path))
    for rel, path in paths:
        with open(path, "rb") as f:
            data = f.read()
        h.update(b"%s\0%d\0" % (rel.encode(), len(data)))
        h.update(data)
    return h.hexdigest()[:16]


def cached_build(quiet=True):
    """The build of firmware/ as it stands, made once for every process that asks: the
    folder build/mpy-by-source/<source_key()>, built (flash.build) under a file lock, so
    that the parallel test workers, the tests of one run and the benches share one build
    and wait for it rather than each compiling its own. Read it; never write into it."""
    import fcntl

    os.makedirs(BY_SOURCE, exist_ok=True)
    with open(os.path.join(BY_SOURCE, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        from tools.gen import lang as gen_lang

        gen_lang.write(quiet=quiet)  # the packs first: they are part of the key
        out = os.path.join(BY_SOURCE, source_key())
        if not os.path.isdir(out):
            work = out + ".part"
            shutil.rmtree(work, ignore_errors=True)
            build(out=work, quiet=quiet)
            os.replace(work, out)
            others = [os.path.join(BY_SOURCE, n) for n in os.listdir(BY_SOURCE) if n[0] != "."]
            others.sort(key=os.path.getmtime, reverse=True)
            for old in others[_KEPT + 1 :]:
                shutil.rmtree(old, ignore_errors=True)
        else:
            os.utime(out)  # recently used: kept by the pruning above
    return out


def _names(out):
    """names.mpy from the names of the modules just built (tools/gen/names.py): the board
    interns them all at power-up (heap.intern_names). Generated at every build, never kept
    in firmware/."""
    from tools.gen import names as gen_names

    text = gen_names.render(gen_names.firmware_names(out))
    with tempfile.TemporaryDirectory(dir=os.path.dirname(os.path.abspath(out))) as work:
        src, tmp = os.path.join(work, "names.py"), os.path.join(work, "names.mpy")
        with open(src, "w") as f:
            f.write(text)
        cmd = mpy_cross_cmd(src, tmp, "names")
        subprocess.run(cmd, check=True, capture_output=True)
        dst = os.path.join(out, "names.mpy")
        _install(tmp, dst)
    return dst


def _install(tmp, dst):
    """Move the new file tmp over dst, unless dst already holds the same bytes. A reader of
    the build, or a second build at the same time (the tests run in parallel), never sees
    a half-written file, and an unchanged build rewrites nothing."""
    with open(tmp, "rb") as f:
        data = f.read()
    try:
        with open(dst, "rb") as f:
            if f.read() == data:
                return
    except OSError:
        pass
    os.replace(tmp, dst)


def shadow_of(rel):
    """The source twin that MicroPython would import instead of `rel` (an .mpy), or None."""
    return rel[:-4] + ".py" if rel.endswith(".mpy") else None


def _folders(files):
    """The folders (board paths) that the (rel, path) `files` live in, sorted."""
    return sorted({rel.rsplit("/", 1)[0] for rel, _ in files if "/" in rel})


def connect_args(port):
    args = [tool("mpremote"), "connect", port]
    if port.startswith("socket://"):
        args.append("resume")  # the unix port exits on a soft reset
    return args


def build_files(build_dir=BUILD):
    """(relative path, local path) of every file in the build, sorted."""
    files = []
    for base, _d, names in os.walk(build_dir):
        for name in names:
            path = os.path.join(base, name)
            files.append((os.path.relpath(path, build_dir).replace(os.sep, "/"), path))
    return sorted(files)


HASH_SCRIPT = (
    "import os\n"
    "try:\n from hashlib import sha256\nexcept ImportError:\n sha256 = None\n"
    "from binascii import hexlify\n"
    "b = bytearray(512)\n"
    "for n in %r:\n"
    " try:\n"
    "  f = open(n, 'rb')\n"
    " except OSError:\n"
    "  print('HASH', n, '-')\n"
    "  continue\n"
    " h = sha256() if sha256 else None\n"
    " while h:\n"
    "  k = f.readinto(b)\n"
    "  if not k:\n"
    "   break\n"
    "  h.update(memoryview(b)[:k])\n"
    " f.close()\n"
    " print('HASH', n, hexlify(h.digest()).decode() if h else '?')\n"
)


def board_hashes(port, names):
    """sha256 of each named file on the board in one round trip ('-' missing, '?' unknown)."""
    cmd = connect_args(port) + ["exec", HASH_SCRIPT % (names,)]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode:
        raise SystemExit(
            "error: mpremote failed (exit %d) on %s:\n%s"
            % (result.returncode, port, result.stderr)
        )
    out = {}
    for line in result.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "HASH":
            out[parts[1]] = parts[2]
    return out


CHUNK = 3072  # file bytes per `exec` (4 KB of base64: small enough for any board's REPL)


def flash_commands(files, reset=True):
    """The mpremote command chain (argument lists joined with '+') that copies `files`.

    Each file travels as base64 in a few `exec` commands (3 KB per round trip, where
    `fs cp` sends 256 bytes per round trip: about eight times faster over USB serial), is
    written to `NAME.part` and renamed over NAME only when complete, so an interrupted flash
    leaves the old file in place. A `.py` next to a new `.mpy` would be imported instead of
    it, so those are removed first."""
    import base64

    folders = _folders(files)
    shadows = sorted(shadow_of(rel) for rel, _ in files if shadow_of(rel))
    script = (
        "import os\n"
        "from binascii import a2b_base64 as _d\n"
        "for d in %r:\n try:\n  os.mkdir(d)\n except OSError:\n  pass\n"
        "for n in %r:\n try:\n  os.remove(n)\n except OSError:\n  pass\n"
        "def _done(n):\n"
        " _f.close()\n"
        " try:\n  os.remove(n)\n except OSError:\n  pass\n"
        " os.rename(n + '.part', n)\n"
        " print('cp', n, os.stat(n)[6])\n"
    ) % (folders, shadows)
    chain = [["exec", script]]
    for rel, path in files:
        with open(path, "rb") as f:
            data = f.read()
        parts = [data[i : i + CHUNK] for i in range(0, len(data), CHUNK)] or [b""]
        for i, part in enumerate(parts):
            code = "_f = open(%r, 'wb')\n" % (rel + ".part") if i == 0 else ""
            code += "_f.write(_d(%r))\n" % base64.b64encode(part).decode()
            if i == len(parts) - 1:
                code += "_done(%r)\n" % rel
            chain.append(["exec", code])
    if reset:
        chain.append(["reset"])
    return chain


def run_chain(port, chain):
    cmd = connect_args(port)
    for i, part in enumerate(chain):
        if i:
            cmd.append("+")
        cmd.extend(part)
    return subprocess.run(cmd).returncode


def changed_files(port, files):
    """The (rel, path) of `files` that differ on the board, all hashed in one round trip.
    A stale x.py on the board shadows x.mpy: its .mpy counts as changed so it gets removed."""
    names = [rel for rel, _ in files]
    have = board_hashes(port, names + [shadow_of(n) for n in names if shadow_of(n)])
    changed = []
    for rel, path in files:
        stale = shadow_of(rel) is not None and have.get(shadow_of(rel), "-") != "-"
        if have.get(rel) != digest(path) or stale:
            changed.append((rel, path))
        else:
            print("Up to date:", rel)
    return changed


def flash(port, reset=True):
    """Copy the build to the board: hash everything there in one go, copy what differs."""
    files = build_files(BUILD)
    changed = changed_files(port, files)
    code = run_chain(port, flash_commands(changed, reset))
    if code:
        raise SystemExit("error: mpremote failed (exit %d); is the board on %s?" % (code, port))
    print("flashed %d of %d files to %s" % (len(changed), len(files), port))
    return 0


def digest(path):
    import hashlib

    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


LOG_SCRIPT = (
    "try:\n"
    " f = open('error.log')\n"
    " print(f.read())\n"
    " f.close()\n"
    "except OSError:\n"
    " print('(no error.log on the board: no crash recorded)')\n"
)


def romfs_image(build_dir=BUILD, out=ROMFS_IMAGE, extra=(), quiet=False):
    """Write a ROMFS image of the whole build to `out`, plus `extra` (name, local path) files
    at its root; returns the image size. The format is mpremote's own writer's (`mpremote
    romfs build`). Its main.py is the one the project image runs (its frozen _boot.py makes
    /rom the current folder when /rom/main.py exists, tools/image/README.md); a stock board
    with a ROMFS partition runs the filesystem's main.py instead, which `flash --romfs`
    writes too."""
    from mpremote.romfs import VfsRomWriter

    rom = VfsRomWriter()

    def add(folder):
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if os.path.isdir(path):
                rom.opendir(name)
                add(path)
                rom.closedir()
            else:
                with open(path, "rb") as f:
                    rom.mkfile(name, f.read())

    if not os.path.isdir(build_dir):
        raise SystemExit("error: no build in %s (run `make build`)" % build_dir)
    add(build_dir)
    for name, path in extra:
        with open(path, "rb") as f:
            rom.mkfile(name, f.read())
    image = rom.finalise()
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    tmp = "%s.%d.part" % (out, os.getpid())
    with open(tmp, "wb") as f:
        f.write(image)
    _install(tmp, out)
    if os.path.exists(tmp):
        os.remove(tmp)
    if not quiet:
        print("wrote %s: %d bytes" % (os.path.relpath(out, ROOT), len(image)))
    return len(image)


def romfs_cleanup_script(files):
    """Board-side script: remove the filesystem copies of what the ROMFS image holds (the
    filesystem is searched before /rom), and folders left empty."""
    names = []
    for rel, _ in files:
        if rel not in SOURCE_ONLY:
            names.append(rel)
            if shadow_of(rel):
                names.append(shadow_of(rel))
    folders = _folders(files)[::-1]  # deepest first
    return (
        "import os\n"
        # the image's boot runs main.py from /rom; the files to clean up live in /
        "if os.getcwd().startswith('/rom'):\n os.chdir('/')\n"
        "_n = 0\n"
        "for n in %r:\n try:\n  os.remove(n)\n  _n += 1\n except OSError:\n  pass\n"
        "for d in %r:\n try:\n  os.rmdir(d)\n except OSError:\n  pass\n"
        "print('removed', _n, 'filesystem copies shadowing /rom')\n"
    ) % (names, folders)


def flash_romfs(port, reset=True):
    """Deploy the ROMFS image with `mpremote romfs deploy`, then main.py to the filesystem
    and remove the filesystem copies that would shadow the image."""
    romfs_image()
    cmd = connect_args(port) + ["romfs", "deploy", ROMFS_IMAGE]
    result = subprocess.run(cmd, capture_output=True, text=True)
    sys.stdout.write(result.stdout)
    if result.returncode or "not enabled" in result.stdout or "too big" in result.stdout:
        raise SystemExit(
            "error: ROMFS deploy failed on %s (exit %d): %s\n"
            "The board's MicroPython needs a ROMFS partition (`mpremote romfs query`); "
            "without one, use `make flash` (files on the filesystem)."
            % (port, result.returncode, (result.stdout + result.stderr).strip()[-400:])
        )
    files = build_files(BUILD)
    changed = changed_files(port, [(rel, path) for rel, path in files if rel in SOURCE_ONLY])
    chain = [["exec", romfs_cleanup_script(files)]] + flash_commands(changed, reset)
    code = run_chain(port, chain)
    if code:
        raise SystemExit("error: mpremote failed (exit %d); is the board on %s?" % (code, port))
    print("deployed the ROMFS image and %d boot file(s) to %s" % (len(changed), port))
    return 0


def logs(port):
    """Print the board's error.log."""
    cmd = connect_args(port) + ["exec", LOG_SCRIPT]
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode:
        sys.stderr.write(result.stderr)
        raise SystemExit(
            "error: mpremote failed (exit %d); is the board on %s?" % (result.returncode, port)
        )
    sys.stdout.write(result.stdout)
    return 0


def committed_firmware_files():
    """Firmware files git tracks (what a GitHub install can fetch); the folder walk outside git."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "firmware"], cwd=ROOT, capture_output=True, check=True
        ).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        return firmware_files()
    files = [p[len("firmware/") :] for p in out.split("\0") if p]
    files = [p for p in files if os.path.exists(os.path.join(FIRMWARE, p)) and not host_only(p)]
    return sorted(p for p in files if not p.endswith((".pyc", ".mpy")))


def package_json(version=None):
    """package.json for mip: every committed firmware file, relative URLs (these work for
    `github:OWNER/REPO` and for a local checkout's package.json path alike)."""
    if version is None:
        import yatzy  # the one version number: firmware/yatzy/__init__.py

        version = yatzy.VERSION
    urls = [[rel, "firmware/" + rel] for rel in committed_firmware_files()]
    return {"urls": urls, "version": version}


def package(check=False):
    pkg = package_json()
    rows = ",\n".join("    " + json.dumps(pair) for pair in pkg["urls"])
    want = '{\n  "urls": [\n%s\n  ],\n  "version": %s\n}\n' % (rows, json.dumps(pkg["version"]))
    have = open(PACKAGE).read() if os.path.exists(PACKAGE) else None
    if check:
        if have != want:
            print("error: package.json is out of date; run `python -m tools.flash package`")
            return 1
        print("package.json is current")
        return 0
    with open(PACKAGE, "w") as f:
        f.write(want)
    print("wrote package.json (%d files)" % len(package_json()["urls"]))
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("build")
    p = sub.add_parser("flash")
    p.add_argument("--port", default="auto")
    p.add_argument("--no-reset", action="store_true")
    p.add_argument("--romfs", action="store_true", help="code in the ROMFS partition")
    p = sub.add_parser("romfs")
    p.add_argument("--out", default=ROMFS_IMAGE)
    p = sub.add_parser("logs")
    p.add_argument("--port", default="auto")
    p = sub.add_parser("package")
    p.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    if args.cmd == "build":
        build()
        return 0
    if args.cmd == "flash":
        build()
        if args.romfs:
            return flash_romfs(args.port, reset=not args.no_reset)
        return flash(args.port, reset=not args.no_reset)
    if args.cmd == "romfs":
        build()
        romfs_image(out=args.out)
        return 0
    if args.cmd == "logs":
        return logs(args.port)
    return package(args.check)


if __name__ == "__main__":
    sys.exit(main())
