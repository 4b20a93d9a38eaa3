// The app bench's 32-bit lane: replay a recorded game on MicroPython's WebAssembly port.
// SPDX-License-Identifier: MIT
//
//   node tools/emu/wasm32/replay.mjs --log LOG --seed N (--image ROMFS.img | --code DIR...)
//                                [--heap BYTES] [--script DIR]
//
// The unix port is 64-bit: its objects and GC blocks (32 bytes) are twice the Pico's. The
// WebAssembly port is a 32-bit MicroPython (16-byte GC blocks, 4-byte pointers, the same
// 1.29 runtime as the firmware's mpy-cross), so its heap figures are the Pico's own sizes.
// Its heap cannot be capped: a full heap grows instead of failing, and a collection asked
// for while Python runs is put off until control is back in JavaScript. So this measures
// instead of bisecting:
//   LIVE    the heap after a collection, after every log line (press, tick, start);
//   EVENT   the heap right after each log line with nothing collected since the line began
//           (everything the press allocated, garbage included, on top of the live heap
//           before it): an upper bound of what that press needs, since a real board may
//           collect in the middle of a press and this never does.
// With --image the code is a ROMFS image that the port keeps outside its heap and mounts
// at /rom, on sys.path, when it starts (as a board with a ROMFS partition does).
// With --code each DIR is copied into the in-memory file system and put on sys.path (.mpy
// files loaded into the heap, as from a board's filesystem). The Python side is
// emu/wasm32/replay_mp.py, bench/app_mp.py and sim/loop.py from --script DIR (a tools/
// folder; default the repository's, whose replay_mp.py is beside this file); compiled
// copies that come first on sys.path (in the image, or in a --code DIR) are used instead. Prints the replay's own lines (TOTALS, SUM, PUSHED, DONE;
// see replay_mp.py), then
//   WASM32 <image file bytes> <live start> <live max> <event max> <event max line no> <line>
// and exits 0; a Python error prints it and exits 1; bad arguments exit 2.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));

function usage(msg) {
  process.stderr.write(`replay.mjs: ${msg}\n`);
  process.exit(2);
}

function parseArgs(argv) {
  const a = { code: [], heap: 1 << 21, script: path.join(HERE, "..", "..") };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1];
    if (v === undefined) usage(`${k} needs a value`);
    if (k === "--log") a.log = v;
    else if (k === "--seed") a.seed = v;
    else if (k === "--image") a.image = v;
    else if (k === "--code") a.code.push(v);
    else if (k === "--heap") a.heap = Number(v);
    else if (k === "--script") a.script = v;
    else usage(`unknown option ${k}`);
    i++;
  }
  if (!a.log) usage("--log is required");
  if (!/^\d+$/.test(a.seed || "")) usage("--seed must be a whole number");
  if (!a.image === !a.code.length) usage("give --image or --code (one of them)");
  if (!(Number.isInteger(a.heap) && a.heap >= 65536)) usage("--heap must be >= 65536 bytes");
  for (const f of [a.log, a.image, ...a.code, a.script]) {
    if (f && !fs.existsSync(f)) usage(`${f}: no such file or directory`);
  }
  return a;
}

async function main() {
  const a = parseArgs(process.argv.slice(2));
  let mod;
  try {
    mod = await import("@micropython/micropython-webassembly-pyscript");
  } catch (e) {
    process.stderr.write("replay.mjs: the WebAssembly port is not installed (npm ci in tools/emu/wasm32)\n");
    process.exit(2);
  }
  let out = [];
  const opts = { heapsize: a.heap, stdout: (l) => out.push(l), stderr: (l) => out.push(l) };
  if (a.image) {
    // as on a board with a ROMFS partition: outside the heap, mounted at /rom at start-up,
    // /rom on sys.path
    opts.romfs = new Uint8Array(fs.readFileSync(a.image));
  }
  const mp = await mod.loadMicroPython(opts);
  const run = (code) => {
    out = [];
    mp.runPython(code);
    return out;
  };
  const num = (code) => Number(run(code)[0]);

  const copyDir = (src, dst) => {
    mp.FS.mkdir(dst);
    for (const name of fs.readdirSync(src)) {
      const s = path.join(src, name);
      if (fs.statSync(s).isDirectory()) copyDir(s, `${dst}/${name}`);
      else if (/\.(mpy|py|bin)$/.test(name)) mp.FS.writeFile(`${dst}/${name}`, fs.readFileSync(s));
    }
  };
  mp.FS.mkdir("/flash");
  mp.FS.writeFile("/log.txt", fs.readFileSync(a.log));
  const paths = [];
  a.code.forEach((dir, i) => {
    copyDir(dir, `/code${i}`);
    paths.push(`/code${i}`);
  });
  // the replay's tools modules (tools.sim.loop, tools.bench.app_mp) as sources, for when
  // the --code dirs or the image do not carry compiled ones (a package comes whole from one
  // sys.path entry, so the source tree goes last), and replay_mp.py beside it
  mp.FS.mkdir("/src");
  mp.FS.mkdir("/src/tools");
  for (const rel of ["__init__.py", "sim/__init__.py", "sim/loop.py", "bench/__init__.py", "bench/app_mp.py"]) {
    const dir = path.dirname(rel);
    if (dir !== "." && !mp.FS.analyzePath(`/src/tools/${dir}`).exists) mp.FS.mkdir(`/src/tools/${dir}`);
    mp.FS.writeFile(`/src/tools/${rel}`, fs.readFileSync(path.join(a.script, rel)));
  }
  const replayMp = path.join(a.script, "emu", "wasm32", "replay_mp.py");
  mp.FS.writeFile("/src/replay_mp.py", fs.readFileSync(replayMp));
  run("import gc, sys");
  run("gc.collect()");
  const image = a.image ? fs.statSync(a.image).size : 0;
  try {
    if (a.image && run("print('/rom' in sys.path)")[0] !== "True") {
      throw new Error("the ROMFS image is not mounted on sys.path");
    }
    run(`sys.path[len(sys.path):] = ${JSON.stringify([...paths, "/src"])}`);
    let lineNo = 0;
    let liveMax = 0;
    const peaks = []; // [heap right after the line, line number]
    const lines = fs.readFileSync(a.log, "utf8").split("\n");
    const event = (code) => {
      run("gc.collect()");
      run(code + "\n_n = gc.mem_alloc()");
      peaks.push([num("print(_n)"), lineNo]);
      run("gc.collect()");
      liveMax = Math.max(liveMax, num("print(gc.mem_alloc())"));
    };
    event(`from replay_mp import Replay\n_r = Replay('/log.txt', ${a.seed}, '/flash')`);
    const liveStart = liveMax;
    for (;;) {
      lineNo++;
      event("_more = _r.step()");
      if (run("print(_more)")[0] !== "True") break;
    }
    const fin = run("_r.finish()");
    // where the loaded modules came from (with --image: all from /rom; the port starts in
    // /rom, so a module found through sys.path's '' names a relative file; the frozen ones,
    // collections and os, are not counted)
    const files = run(
      "import os\n" +
        "def _in_rom(f):\n" +
        "    if not f.startswith('/'):\n" +
        "        f = '/rom/' + f\n" +
        "    try:\n" +
        "        return f.startswith('/rom/') and os.stat(f) and True\n" +
        "    except OSError:\n" +
        "        return False\n" +
        "_f = [getattr(m, '__file__', '') for m in sys.modules.values()]\n" +
        "_f = [f for f in _f if f.endswith('.mpy') or f.startswith('/')]\n" +
        "print(len([f for f in _f if _in_rom(f)]), len(_f))"
    )[0];
    fin.push(`FILES ${files}`);
    process.stdout.write(fin.join("\n") + "\n");
    const what = (n) => (lines[n - 1] || "start").trim(); // line 0: building the replay
    peaks.sort((x, y) => y[0] - x[0]);
    const [eventMax, eventAt] = peaks[0];
    process.stdout.write(
      `WASM32 ${image} ${liveStart} ${liveMax} ${eventMax} ${eventAt} ${what(eventAt)}\n`
    );
    for (const [peak, n] of peaks.slice(0, 5)) {
      process.stdout.write(`TOP ${peak} ${n} ${what(n)}\n`);
    }
  } catch (e) {
    process.stdout.write(out.join("\n") + "\n");
    process.stdout.write(`ERROR ${String(e && e.message ? e.message : e).slice(0, 2000)}\n`);
    process.exit(1);
  }
}

await main();
