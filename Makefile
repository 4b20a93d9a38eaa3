# Pocket Yatzy: every host-side command goes through this file.
# `make sim` and `make test` set up their own virtual environment from requirements.txt.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PORT ?= auto
BUILD := build/mpy

.PHONY: help venv wasm32 rp2emu test lint format sim bench soak build romfs flash repl logs goldens media hardware enclosure clean

help:
	@echo "make sim       play in the terminal (simulator, sets itself up)"
	@echo "make test      run every test (sets itself up)"
	@echo "make bench     benchmarks (bytes per press, instructions, heap, AI)"
	@echo "make soak      long random campaigns"
	@echo "make rp2emu    install the emulated Pico (rp2040js from npm; RP2_UF2=, RP2_BOOTROM=)"
	@echo "make build     compile firmware/ to .mpy into $(BUILD)"
	@echo "make flash     copy the build to a Pico with mpremote (PORT=..., ROMFS=1)"
	@echo "make romfs     build/romfs.img: the build as a ROMFS image (code runs from flash)"
	@echo "make repl      open the board's REPL (PORT=...)"
	@echo "make logs      show the error log stored on the board (PORT=...)"
	@echo "make goldens   regenerate golden screen images"
	@echo "make media     regenerate README screenshots and GIF"
	@echo "make hardware  regenerate wiring image, Wokwi diagram, enclosure STL/preview"

venv: $(STAMP)

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

# The bench's 32-bit lane: MicroPython's WebAssembly port from the npm registry, pinned in
# tools/wasm32/package-lock.json. Where npm is missing or cannot install, the lane is skipped
# (the bench and its test say so).
WASM32_STAMP := tools/wasm32/node_modules/.installed

wasm32:
	@if ! command -v npm >/dev/null; then \
	  echo "npm not found: the 32-bit lane (tools/wasm32) is skipped"; \
	elif [ ! -f $(WASM32_STAMP) ] || [ tools/wasm32/package-lock.json -nt $(WASM32_STAMP) ]; then \
	  (cd tools/wasm32 && npm ci --no-audit --no-fund --loglevel=error) && touch $(WASM32_STAMP) \
	  || echo "npm ci failed: the 32-bit lane (tools/wasm32) is skipped"; \
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

test: $(STAMP) wasm32 rp2emu
	$(VENV)/bin/ruff check .
	$(PY) -m pytest -q host_tests

sim: $(STAMP)
	PYTHONPATH=firmware:. $(PY) tools/sim.py $(ARGS)

# Benchmarks: add your script to BENCH_SCRIPTS; each runs in turn and prints its figures.
BENCH_SCRIPTS := tools/bench_app.py tools/bench_ai.py tools/bench/rp2.py
RP2_BENCH ?=

bench: $(STAMP) wasm32 rp2emu
	@for s in $(BENCH_SCRIPTS); do echo "== $$s"; \
	  PYTHONPATH=firmware:.:tools RP2_BENCH="$(RP2_BENCH)" $(PY) $$s || exit 1; done

# Long random campaigns (add a recipe line for yours). Core: every ruleset x option.
SOAK_GAMES ?= 20

SOAK_ROUNDS ?= 10
PROPERTY_TESTS = $(shell grep -l '@given' host_tests/test_*.py)

soak: $(STAMP)
	$(PY) tools/soak_core.py --games $(SOAK_GAMES)
	for i in $$(seq $(SOAK_ROUNDS)); do \
	  HYPOTHESIS_PROFILE=explore $(PY) -m pytest -q -x -p no:cacheprovider $(PROPERTY_TESTS) || exit 1; \
	done

media: $(STAMP)
	$(PY) tools/sim_media.py docs/img

goldens: $(STAMP)
	$(PY) tools/sim_media.py --goldens host_tests/goldens
	$(PY) tools/gen_goldens.py --out host_tests/golden --docs docs/img/app

build: $(STAMP)
	$(PY) tools/flash.py build

romfs: $(STAMP)
	$(PY) tools/flash.py romfs

flash: $(STAMP)
	$(PY) tools/flash.py flash --port $(PORT) $(if $(filter 1 yes,$(ROMFS)),--romfs)

repl: $(STAMP)
	$(VENV)/bin/mpremote connect $(PORT) repl

logs: $(STAMP)
	$(PY) tools/flash.py logs --port $(PORT)

hardware: $(STAMP)
	$(PY) tools/gen_hardware.py
	$(PY) tools/flash.py package

enclosure: $(STAMP)
	command -v openscad >/dev/null || (apt-get update -qq && apt-get install -y -qq openscad)
	[ -n "$$DISPLAY" ] || command -v xvfb-run >/dev/null || apt-get install -y -qq xvfb xauth
	$(PY) tools/gen_hardware.py --enclosure

clean:
	rm -rf build .pytest_cache .ruff_cache
