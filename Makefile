# Pocket Yatzy: every host-side command goes through this file.
# `make sim` and `make test` set up their own virtual environment from requirements.txt.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= auto
BUILD := build/mpy

.PHONY: help venv wasm32 rp2emu web web-serve web-measure web-browser test lint format sim bench soak build romfs uf2 flash repl logs goldens media hardware enclosure clean

help:
	@echo "make sim       play in the terminal (simulator, sets itself up)"
	@echo "make test      run every test, short slices of the soaks (sets itself up; TEST_JOBS=2 workers)"
	@echo "make bench     benchmarks (bytes per press, instructions, heap, AI)"
	@echo "make soak      long random campaigns"
	@echo "make rp2emu    install the emulated Pico (rp2040js from npm; RP2_UF2=, RP2_BOOTROM=)"
	@echo "make build     compile firmware/ to .mpy into $(BUILD)"
	@echo "make flash     copy the build to a Pico with mpremote (PORT=..., ROMFS=1)"
	@echo "make uf2       build/pocket-yatzy.uf2: MicroPython + the game in ROMFS, one file for BOOTSEL"
	@echo "make romfs     build/romfs.img: the build as a ROMFS image (code runs from flash)"
	@echo "make repl      open the board's REPL (PORT=...)"
	@echo "make logs      show the error log stored on the board (PORT=...)"
	@echo "make goldens   regenerate golden screen images"
	@echo "make media     regenerate README screenshots and GIF"
	@echo "make hardware  regenerate the pin tables, wiring image, Wokwi diagram, package.json"
	@echo "make enclosure render the enclosure STL and preview with OpenSCAD (APT=1 installs it)"
	@echo "make web       build the browser page into build/web (make web-serve: on 127.0.0.1:8000)"

venv: $(STAMP)

# firmware/ (by its top-level names, as on the Pico) and the repository root (tools.*) are
# importable in the venv through one .pth file: no tool edits sys.path.
$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
	printf '%s\n%s\n' "$(CURDIR)/firmware" "$(CURDIR)" > \
	  "$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')/pocket_yatzy.pth"
	touch $(STAMP)

# The bench's 32-bit lane: MicroPython's WebAssembly port from the npm registry, pinned in
# tools/emu/wasm32/package-lock.json. Where npm is missing or cannot install, the lane is skipped
# (the bench and its test say so).
WASM32_STAMP := tools/emu/wasm32/node_modules/.installed

wasm32:
	@if ! command -v npm >/dev/null; then \
	  echo "npm not found: the 32-bit lane (tools/emu/wasm32) is skipped"; \
	elif [ ! -f $(WASM32_STAMP) ] || [ tools/emu/wasm32/package-lock.json -nt $(WASM32_STAMP) ]; then \
	  (cd tools/emu/wasm32 && npm ci --no-audit --no-fund --loglevel=error) && touch $(WASM32_STAMP) \
	  || echo "npm ci failed: the 32-bit lane (tools/emu/wasm32) is skipped"; \
	fi

# The emulated Pico (tools/emu/rp2): rp2040js from the npm registry, pinned in
# tools/emu/rp2/package-lock.json, running MicroPython's real rp2 UF2 (RP2_UF2) with the RP2040
# boot ROM (RP2_BOOTROM). Where npm, the UF2 or the boot ROM is missing, its tests and bench
# section skip and say where to get them.
RP2EMU_STAMP := tools/emu/rp2/node_modules/.installed
RP2_UF2 ?= $(abspath ../shared/rp2/firmware.uf2)
RP2_BOOTROM ?= $(abspath ../shared/rp2/bootrom-b1.bin)
export RP2_UF2 RP2_BOOTROM

rp2emu:
	@if ! command -v npm >/dev/null; then \
	  echo "npm not found: the emulated Pico (tools/emu/rp2) is skipped"; \
	elif [ ! -f $(RP2EMU_STAMP) ] || [ tools/emu/rp2/package-lock.json -nt $(RP2EMU_STAMP) ]; then \
	  (cd tools/emu/rp2 && npm ci --no-audit --no-fund --loglevel=error) && touch $(RP2EMU_STAMP) \
	  || echo "npm ci failed: the emulated Pico (tools/emu/rp2) is skipped"; \
	fi

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

format: $(STAMP)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

# The tests run in TEST_JOBS processes (pytest-xdist; TEST_JOBS=0: all in one, in order);
# host_tests/conftest.py says what they may share. Under 5 minutes on two cores; the long
# campaigns are `make soak`, the figures `make bench`.
TEST_JOBS ?= 2

test: $(STAMP) wasm32 rp2emu web-browser
	$(VENV)/bin/ruff check .
	$(PY) -m pytest -q -n $(TEST_JOBS) --dist loadgroup host_tests

sim: $(STAMP)
	$(PY) -m tools.sim $(ARGS)

# Benchmarks: add your module to BENCH_MODULES; each runs in turn and prints its figures.
# RP2_BENCH passes options to the emulated Pico's section (python -m tools.bench.rp2 --help).
BENCH_MODULES := tools.bench.app_bench tools.bench.ai tools.bench.rp2
RP2_BENCH ?=

bench: $(STAMP) wasm32 rp2emu
	@for m in $(BENCH_MODULES); do echo "== $$m"; \
	  RP2_BENCH="$(RP2_BENCH)" $(PY) -m $$m || exit 1; done

# Long random campaigns: every campaign of tools/core/soak_*.py with its planted fault, and the
# core soak (SOAK_GAMES games per ruleset x option), in one table (docs/reliability.md).
# SOAK_SCALE=1 is the full size; SOAK_JOBS worker processes (default: one per core).
SOAK_GAMES ?= 20
SOAK_SCALE ?= 1
SOAK_JOBS ?=

SOAK_ROUNDS ?= 10
PROPERTY_TESTS = $(shell grep -rl '@given' host_tests --include='test_*.py')

soak: $(STAMP) rp2emu
	SOAK_JOBS=$(SOAK_JOBS) $(PY) -m tools.core.soak_all --scale $(SOAK_SCALE) --games $(SOAK_GAMES)
	RP2_CONTINUE_ALL=1 $(PY) -m pytest -q -p no:cacheprovider host_tests/tools/emu/test_rp2_continue.py
	for i in $$(seq $(SOAK_ROUNDS)); do \
	  HYPOTHESIS_PROFILE=explore $(PY) -m pytest -q -x -p no:cacheprovider $(PROPERTY_TESTS) || exit 1; \
	done

media: $(STAMP)
	$(PY) -m tools.sim.media docs/img

goldens: $(STAMP)
	$(PY) -m tools.sim.media --goldens host_tests/golden
	$(PY) -m tools.gen.goldens --out host_tests/golden --docs docs/img/app

# mpy-cross's level for every .mpy (tools/flash/flash.py, mpy_opt): 3 drops the line numbers
# from tracebacks for ~5 KB of heap on the Pico; MPY_OPT=2 keeps them (make flash MPY_OPT=2).
MPY_OPT ?= 3
export MPY_OPT

build: $(STAMP)
	$(PY) -m tools.flash build

romfs: $(STAMP)
	$(PY) -m tools.flash romfs

# The project image: the base (MicroPython for the project's board, from ../shared/rp2 or
# RP2_IMAGE_BASE: tools/image/README.md) + the game's ROMFS image, by tools/image/uf2.py.
uf2: $(STAMP)
	$(PY) -m tools.image

flash: $(STAMP)
	$(PY) -m tools.flash flash --port $(PORT) $(if $(filter 1 yes,$(ROMFS)),--romfs)

repl: $(STAMP)
	$(VENV)/bin/mpremote connect $(PORT) repl

logs: $(STAMP)
	$(PY) -m tools.flash logs --port $(PORT)

hardware: $(STAMP)
	$(PY) -m tools.gen.hardware
	$(PY) -m tools.flash package

# OpenSCAD (and Xvfb without a display) come from the system's packages: `make enclosure`
# says which are missing and installs nothing unless asked (`make enclosure APT=1`, as root).
ENCLOSURE_PKGS = $(if $(shell command -v openscad),,openscad) \
  $(if $(or $(DISPLAY),$(shell command -v xvfb-run)),,xvfb xauth)

enclosure: $(STAMP)
	@if [ -n "$(strip $(ENCLOSURE_PKGS))" ]; then \
	  if [ "$(APT)" = 1 ]; then apt-get update -qq && apt-get install -y -qq $(ENCLOSURE_PKGS); \
	  else echo "make enclosure needs: $(strip $(ENCLOSURE_PKGS)) (apt-get install" \
	    "$(strip $(ENCLOSURE_PKGS)), or run make enclosure APT=1 to install them)"; exit 1; fi; \
	fi
	$(PY) -m tools.gen.hardware --enclosure

clean:
	rm -rf build .pytest_cache .ruff_cache

# Play in the browser (tools/web): build/web/ is a static page (the firmware on MicroPython's
# WebAssembly port from `make wasm32`); web-serve serves it on this machine only.
WEB_PORT ?= 8000

web: $(STAMP) wasm32
	$(PY) -m tools.web

web-serve: web
	@echo "Pocket Yatzy on http://127.0.0.1:$(WEB_PORT)/ (Ctrl-C stops)"
	$(PY) -m http.server --bind 127.0.0.1 --directory build/web $(WEB_PORT)

# The figures in docs/web.md and docs/img/web.png (headless Chromium).
web-measure: $(STAMP) wasm32 web-browser
	$(PY) -m tools.web --measure

# Headless Chromium for the browser tests: Debian's chromium + chromium-driver, installed
# when missing and this is root; otherwise (or offline) the browser tests skip and say so.
web-browser:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  (apt-get update -qq && apt-get install -y -qq chromium chromium-driver >/dev/null) \
	  || echo "apt-get could not install chromium: the browser tests are skipped"; \
	else \
	  echo "no chromium/chromedriver and not root: the browser tests are skipped"; \
	fi
