// Pocket Yatzy in the browser: MicroPython's WebAssembly port runs the firmware; this paints and presses.
// SPDX-License-Identifier: MIT
//
// The firmware (a ROMFS image of tools/flash.py's .mpy build, plus the glue yatzy_web.mpy)
// runs unchanged; yatzy_web.py builds the App's display, storage, dice and sound from the
// `web_host` module registered below. This file only paints the panel, turns pointer and
// key presses into (button, kind) presses with performance.now() times, ticks the app
// when it asks, and plays the notes the firmware's Sound produced. The build (python -m
// tools.web) writes the file names, the panel colours (tools/sim_render.py) and the heap
// size into the <script id="build"> JSON of index.html.

const BUILD = JSON.parse(document.getElementById("build").textContent);
const W = 128;
const H = 64;
const S = BUILD.panel.scale; // screen pixels per panel pixel, the last row/column is the grid
const B = BUILD.panel.border;
const BUSY_MS = 3000; // a longer wait is the sleep countdown, not an animation (sim_session)
const BUTTONS = ["hold1", "hold2", "hold3", "hold4", "hold5", "hold6", "roll"];
const SHORT_KEYS = { 1: "hold1", 2: "hold2", 3: "hold3", 4: "hold4", 5: "hold5", 6: "hold6" };
SHORT_KEYS[" "] = "roll";
SHORT_KEYS.Enter = "roll";
// the terminal simulator's long-press keys (tools/sim_session.py _LONG), and "l" then a key
const LONG_KEYS = { "!": "hold1", "@": "hold2", "#": "hold3", $: "hold4", "%": "hold5" };
LONG_KEYS["^"] = "hold6";
LONG_KEYS.R = "roll";

const $ = (id) => document.getElementById(id);
const status = $("status");
const message = $("message");

// ------------------------------------------------------------------ the panel
const canvas = $("panel");
canvas.width = W * S + 2 * B;
canvas.height = H * S + 2 * B;
const ctx = canvas.getContext("2d", { alpha: false });
const image = ctx.createImageData(canvas.width, canvas.height);
const frame = new Uint8Array((W * H) / 8); // what the panel's RAM holds (MONO_VLSB)
const view = { on: true, inverted: false, rotated: false, contrast: 255 };

function paintRGB(x, y, w, h, rgb) {
  const d = image.data;
  for (let j = y; j < y + h; j++) {
    let o = (j * canvas.width + x) * 4;
    for (let i = 0; i < w; i++, o += 4) {
      d[o] = rgb[0];
      d[o + 1] = rgb[1];
      d[o + 2] = rgb[2];
      d[o + 3] = 255;
    }
  }
}

function lit(x, y) {
  // the pixel the panel shows at (x, y): rotation and inversion as the SSD1306 does them
  if (!view.on) return 0;
  const sx = view.rotated ? W - 1 - x : x;
  const sy = view.rotated ? H - 1 - y : y;
  const bit = (frame[(sy >> 3) * W + sx] >> (sy & 7)) & 1;
  return view.inverted ? bit ^ 1 : bit;
}

function paintCells(x0, x1, y0, y1) {
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      paintRGB(B + x * S, B + y * S, S - 1, S - 1, lit(x, y) ? BUILD.panel.lit : BUILD.panel.unlit);
    }
  }
  ctx.putImageData(image, 0, 0, B + x0 * S, B + y0 * S, (x1 - x0 + 1) * S, (y1 - y0 + 1) * S);
}

function paintAll() {
  paintCells(0, W - 1, 0, H - 1);
}

paintRGB(0, 0, canvas.width, canvas.height, BUILD.panel.bezel);
paintRGB(B, B, W * S, H * S, BUILD.panel.glass);
ctx.putImageData(image, 0, 0);
paintAll();

// firstFrameAt: performance.now() (ms since the navigation began) once the first picture
// (the title) is painted; callTimes: how long each press/tick call into MicroPython took,
// painting included
// windows: show_window() pushes; frameTimes: when a call into MicroPython painted a new
// picture (one frame may push several windows)
const stats = {
  windows: 0,
  frames: 0,
  frameTimes: [],
  calls: 0,
  callMs: 0,
  callTimes: [],
  firstFrameAt: null,
};

function panel(buf, x0, x1, page0, page1) {
  const bytes = mp.PyProxy.toJs(buf); // a copy of the Python frame buffer
  for (let p = page0; p <= page1; p++) {
    frame.set(bytes.subarray(p * W + x0, p * W + x1 + 1), p * W + x0);
  }
  let [a0, a1, b0, b1] = [x0, x1, page0 * 8, page1 * 8 + 7];
  if (view.rotated) [a0, a1, b0, b1] = [W - 1 - x1, W - 1 - x0, H - 1 - b1, H - 1 - b0];
  paintCells(a0, a1, b0, b1);
  stats.windows++;
}

function panelState(on, inverted, rotated, contrast) {
  Object.assign(view, { on: !!on, inverted: !!inverted, rotated: !!rotated, contrast });
  // contrast dims the glass like the module's drive current; the canvas keeps the PNG colours
  canvas.style.filter = `brightness(${(0.55 + (0.45 * contrast) / 255).toFixed(3)})`;
  $("keys").classList.toggle("flipped", view.rotated); // turned round: Roll on the left
  paintAll();
}

// ------------------------------------------------------------------ sound (Web Audio)
let audio = null;
let voice = null;

function ensureAudio() {
  // browsers start audio only from a user gesture: the first press makes the context
  if (audio === null && window.AudioContext) audio = new AudioContext();
  if (audio && audio.state === "suspended") audio.resume();
}

function tones(json) {
  if (audio === null || audio.state !== "running") return;
  const notes = JSON.parse(json); // [t_ms, hz, duty_u16] from the firmware's Sound
  if (voice) voice.stop();
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = "square"; // a piezo on PWM
  const t0 = audio.currentTime + 0.01;
  gain.gain.setValueAtTime(0, t0);
  for (const [t, hz, duty] of notes) {
    if (hz) osc.frequency.setValueAtTime(hz, t0 + t / 1000);
    gain.gain.setValueAtTime((0.5 * duty) / 65535, t0 + t / 1000);
  }
  osc.connect(gain).connect(audio.destination);
  osc.start(t0);
  osc.stop(t0 + notes[notes.length - 1][0] / 1000 + 0.02);
  voice = osc;
}

// ------------------------------------------------------------------ web_host for the glue
const host = {
  panel,
  panel_state: panelState,
  store_get: (key) => localStorage.getItem(key),
  store_set: (key, value) => localStorage.setItem(key, value),
  store_remove: (key) => localStorage.removeItem(key),
  store_keys: () => JSON.stringify(Object.keys(localStorage)),
  random_b64: (n) => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(n)))),
  tones,
  log: (text) => {
    console.error(text);
    message.textContent = "The firmware stopped with an error (Roll restarts it):\n" + text;
  },
};

// ------------------------------------------------------------------ clock and ticks
let mp = null;
let glue = null;
let timer = null;
let lastWait = null;
let dueAt = null;
const clock = () => Math.floor(performance.now());

function call(fn, ...args) {
  const t = performance.now();
  const windows = stats.windows;
  const wait = fn(...args);
  const ms = performance.now() - t;
  if (stats.windows !== windows) {
    stats.frames++;
    if (stats.frameTimes.length < 4096) stats.frameTimes.push(t + ms);
  }
  stats.calls++;
  stats.callMs += ms;
  if (stats.callTimes.length < 4096) stats.callTimes.push([t, ms]);
  schedule(wait);
  showSix();
  return wait;
}

function schedule(wait) {
  clearTimeout(timer);
  timer = null;
  lastWait = wait;
  dueAt = wait === null ? null : performance.now() + wait;
  if (wait !== null) timer = setTimeout(() => call(glue.tick, clock()), Math.max(0, wait));
}

function showSix() {
  const six = glue.six_dice(); // Maxi Yatzy's sixth die has its own button
  $("hold6").hidden = !six;
  $("keys").classList.toggle("six", six);
}

function press(button, kind) {
  if (glue === null) return;
  call(glue.press, button, kind, clock());
}

// ------------------------------------------------------------------ buttons: pointer and keys
let longMs = null; // the firmware's own threshold, from ui/keys.py via the glue
const held = new Map(); // what is down (a pointer id or a key) -> {button, timer, fired}

function down(id, button) {
  ensureAudio();
  if (held.has(id)) return;
  const h = { button, fired: false, timer: null };
  // as the firmware's debouncer: a long press fires while still held, and nothing on release
  h.timer = setTimeout(() => {
    h.fired = true;
    press(button, "long");
  }, longMs);
  held.set(id, h);
  $(button).classList.add("down");
}

function up(id, cancel) {
  const h = held.get(id);
  if (!h) return;
  held.delete(id);
  clearTimeout(h.timer);
  $(h.button).classList.remove("down");
  if (!h.fired && !cancel) press(h.button, "short");
}

for (const name of BUTTONS) {
  const el = $(name);
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    down("p" + e.pointerId, name);
  });
  el.addEventListener("pointerup", (e) => up("p" + e.pointerId, false));
  el.addEventListener("pointercancel", (e) => up("p" + e.pointerId, true));
  el.addEventListener("contextmenu", (e) => e.preventDefault()); // long touch: no menu
}

let longNext = false;
document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target && e.target.tagName === "A") return;
  const k = e.key;
  if (k in SHORT_KEYS || k in LONG_KEYS || k === "l") e.preventDefault();
  if (e.repeat) return;
  ensureAudio();
  if (k === "l") {
    longNext = true;
    $("keyhint").textContent = "long press: next key";
  } else if (k in LONG_KEYS) {
    press(LONG_KEYS[k], "long");
  } else if (k in SHORT_KEYS) {
    if (longNext) press(SHORT_KEYS[k], "long");
    else down("k" + e.code, SHORT_KEYS[k]); // held past the threshold: a long press
  } else {
    return;
  }
  if (k !== "l") {
    longNext = false;
    $("keyhint").textContent = "";
  }
});
document.addEventListener("keyup", (e) => {
  // a focused button would also take Space/Enter as a click: the keys are handled here only
  if (e.key in SHORT_KEYS) e.preventDefault();
  up("k" + e.code, false);
});
window.addEventListener("blur", () => {
  for (const id of [...held.keys()]) up(id, true);
});

// ------------------------------------------------------------------ the game record link
$("record").addEventListener("click", (e) => {
  const json = glue && glue.record_json();
  if (!json) {
    e.preventDefault();
    message.textContent = "No game yet: the record is there once a game has started.";
    return;
  }
  const a = e.currentTarget;
  if (a.href.startsWith("blob:")) URL.revokeObjectURL(a.href);
  a.href = URL.createObjectURL(new Blob([json], { type: "application/json" }));
});

// the page going away is the gadget's power-down: save the turn in progress
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden" && glue) glue.save_now();
});
window.addEventListener("pagehide", () => glue && glue.save_now());

// ------------------------------------------------------------------ start
function place(keyX) {
  // each button right under its column of the panel (ui.keys.KEY_X), hold6 under Roll
  for (let i = 0; i < BUTTONS.length; i++) {
    $(BUTTONS[i]).style.left = `${((B + keyX[i] * S) / canvas.width) * 100}%`;
  }
}

async function start() {
  const t0 = performance.now();
  const [mod, rom] = await Promise.all([
    import(BUILD.mp),
    fetch(BUILD.rom).then((r) => {
      if (!r.ok) throw new Error(`${BUILD.rom}: ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  mp = await mod.loadMicroPython({
    url: BUILD.wasm,
    heapsize: BUILD.heap,
    romfs: new Uint8Array(rom),
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  mp.registerJsModule("web_host", host);
  glue = mp.pyimport("yatzy_web");
  const t = performance.now();
  const boot = JSON.parse(glue.boot(location.search, clock()));
  stats.callMs += performance.now() - t;
  longMs = boot.long_ms;
  place(boot.key_x);
  if (boot.problems.length) {
    message.textContent = "Not used from the address: " + boot.problems.join("; ");
  }
  if (boot.started && history.replaceState) {
    // the game is on (and saved): a reload continues it instead of starting another
    const q = new URLSearchParams(location.search);
    for (const k of ["rules", "players", "cpu", "level"]) q.delete(k);
    const rest = q.toString();
    history.replaceState(null, "", location.pathname + (rest ? "?" + rest : "") + location.hash);
  }
  stats.firstFrameAt = performance.now();
  stats.startMs = stats.firstFrameAt - t0;
  status.textContent = "";
  document.body.classList.add("ready");
  schedule(boot.wait);
  showSix();
  if ("serviceWorker" in navigator && window.isSecureContext) {
    // keeps the files for a reload offline (https hosts and localhost only)
    navigator.serviceWorker.register("sw.js").catch((err) => console.warn("no offline copy:", err));
  }
}

// for the tests and the figures (host_tests/tools/web, python -m tools.web --measure)
window.pocketYatzy = {
  ready: () => glue !== null && document.body.classList.contains("ready"),
  idle: () => held.size === 0 && (lastWait === null || lastWait >= BUSY_MS),
  pixels: () => {
    let s = "";
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) s += lit(x, y);
    return s;
  },
  state: () => JSON.parse(glue.state_json()),
  record: () => glue.record_json(),
  heap: () => JSON.parse(glue.heap()),
  stats,
  press,
  longMs: () => longMs,
};

start().catch((err) => {
  status.textContent = "";
  message.textContent = "Could not start: " + err;
  console.error(err);
});
