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
const BORDER = 2; // panel pixels of bezel round the glass, as the simulator's PNGs
let S = BUILD.panel.scale; // device pixels per panel pixel: a whole number (fit() picks it)
let B = BORDER * S;
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

// ------------------------------------------------------------------ the page's words
// The page speaks the language the panel does (the firmware's setting; before MicroPython
// is up, the browser's first language the game speaks, as yatzy_web.browser_lang).
const WORDS = {
  en: {
    loading: "Loading MicroPython and the firmware…",
    asleep: "asleep (any key wakes)",
    longNext: "long press: next key",
    crashed: "The firmware stopped with an error (Roll restarts it):",
    noRecord: "No game yet: the record is there once a game has started.",
    notUsed: "Not used from the address: ",
    cannot: "Could not start: ",
    roll: "Roll",
    hold: "Hold",
    panel: "The gadget's 128 by 64 OLED panel",
    record: "Download the game record (JSON)",
    help1:
      "Hold buttons 1-5 sit under the dice, Roll on the right (hold 6 above it in Maxi Yatzy). " +
      "Hold a button for a long press. Keys: @1-@6, @Space or @Enter for Roll; held down, or " +
      "@! @@ @# @$ @% @^ @R, or @l then a key, for a long press.",
    help2:
      "Start a game from the address: ?rules=maxi&players=3&cpu=2&seed=5 (rules: yatzy, " +
      "forced, yahtzee, maxi, triple; the last cpu players are the computer's, at level basic, " +
      "easy, good or best).",
    help3:
      "The same firmware as on the Raspberry Pi Pico, on MicroPython's WebAssembly port. " +
      "Games, high scores and settings stay in this browser, which can also install the page " +
      "as an app that works offline.",
  },
  fi: {
    loading: "Ladataan MicroPythonia ja laiteohjelmistoa…",
    asleep: "lepotilassa (mikä tahansa näppäin herättää)",
    longNext: "pitkä painallus: seuraava näppäin",
    crashed: "Laiteohjelmisto pysähtyi virheeseen (Heitä käynnistää sen uudelleen):",
    noRecord: "Ei vielä peliä: pöytäkirja on saatavilla, kun peli on alkanut.",
    notUsed: "Osoitteesta jäi käyttämättä: ",
    cannot: "Käynnistys ei onnistunut: ",
    roll: "Heitä",
    hold: "Pidä",
    panel: "Laitteen 128 × 64 OLED-näyttö",
    record: "Lataa pelin pöytäkirja (JSON)",
    help1:
      "Pitonapit 1-5 ovat noppien alla, Heitä oikealla (Maxi Yatzyssa pitonappi 6 sen " +
      "yläpuolella). Pidä nappia pohjassa pitkää painallusta varten. Näppäimet: @1-@6, " +
      "@Space tai @Enter heittää; pohjassa pidettynä, tai @! @@ @# @$ @% @^ @R, tai @l ja " +
      "sitten näppäin, pitkä painallus.",
    help2:
      "Aloita peli osoitteesta: ?rules=maxi&players=3&cpu=2&seed=5 (rules: yatzy, forced, " +
      "yahtzee, maxi, triple; viimeiset cpu pelaajaa ovat tietokoneen, tasolla level basic, " +
      "easy, good tai best).",
    help3:
      "Sama laiteohjelmisto kuin Raspberry Pi Picossa, MicroPythonin WebAssembly-versiolla. " +
      "Pelit, ennätykset ja asetukset pysyvät tässä selaimessa, joka voi myös asentaa sivun " +
      "sovellukseksi, joka toimii ilman verkkoa.",
  },
  sv: {
    loading: "Laddar MicroPython och den inbyggda programvaran…",
    asleep: "sover (valfri tangent väcker)",
    longNext: "långt tryck: nästa tangent",
    crashed: "Programvaran stannade med ett fel (Slå startar om den):",
    noRecord: "Inget spel än: protokollet finns när ett spel har börjat.",
    notUsed: "Används inte från adressen: ",
    cannot: "Kunde inte starta: ",
    roll: "Slå",
    hold: "Spara",
    panel: "Apparatens OLED-skärm, 128 × 64",
    record: "Ladda ner spelets protokoll (JSON)",
    help1:
      "Knapparna 1-5 sitter under tärningarna, Slå till höger (knapp 6 ovanför den i Maxi " +
      "Yatzy). Håll en knapp nedtryckt för ett långt tryck. Tangenter: @1-@6, @Space eller " +
      "@Enter för Slå; nedtryckta, eller @! @@ @# @$ @% @^ @R, eller @l och sedan en " +
      "tangent, för ett långt tryck.",
    help2:
      "Starta ett spel från adressen: ?rules=maxi&players=3&cpu=2&seed=5 (rules: yatzy, " +
      "forced, yahtzee, maxi, triple; de sista cpu spelarna är datorns, på level basic, easy, " +
      "good eller best).",
    help3:
      "Samma programvara som på Raspberry Pi Pico, på MicroPythons WebAssembly-version. " +
      "Spel, rekord och inställningar stannar i den här webbläsaren, som också kan installera " +
      "sidan som en app som fungerar utan nät.",
  },
  nb: {
    loading: "Laster MicroPython og fastvaren…",
    asleep: "sover (en hvilken som helst tast vekker)",
    longNext: "langt trykk: neste tast",
    crashed: "Fastvaren stoppet med en feil (Kast starter den på nytt):",
    noRecord: "Ingen spill ennå: protokollen finnes når et spill har startet.",
    notUsed: "Ikke brukt fra adressen: ",
    cannot: "Kunne ikke starte: ",
    roll: "Kast",
    hold: "Hold",
    panel: "Apparatets OLED-skjerm, 128 × 64",
    record: "Last ned spillets protokoll (JSON)",
    help1:
      "Knappene 1-5 sitter under terningene, Kast til høyre (knapp 6 over den i Maxi Yatzy). " +
      "Hold en knapp nede for et langt trykk. Taster: @1-@6, @Space eller @Enter for Kast; " +
      "holdt nede, eller @! @@ @# @$ @% @^ @R, eller @l og så en tast, for et langt trykk.",
    help2:
      "Start et spill fra adressen: ?rules=maxi&players=3&cpu=2&seed=5 (rules: yatzy, forced, " +
      "yahtzee, maxi, triple; de siste cpu spillerne er datamaskinens, på level basic, easy, " +
      "good eller best).",
    help3:
      "Den samme fastvaren som på Raspberry Pi Pico, på MicroPythons WebAssembly-versjon. " +
      "Spill, rekorder og innstillinger blir i denne nettleseren, som også kan installere " +
      "siden som en app som virker uten nett.",
  },
};

function browserLang() {
  for (const tag of navigator.languages || [navigator.language || ""]) {
    let code = String(tag).toLowerCase().split(/[-_]/)[0];
    if (code === "no" || code === "nn") code = "nb";
    if (code in WORDS) return code;
  }
  return "en";
}

let pageLang = null;
let words = WORDS.en;

function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function helpHtml(text) {
  // @X is a key (kbd), the address example is code
  return escapeHtml(text)
    .replace(/\?rules=maxi&amp;players=3&amp;cpu=2&amp;seed=5/, (m) => `<code>${m}</code>`)
    .replace(/@(Space|Enter|[0-9]|[!@#$%^Rl])/g, (_m, k) => `<kbd>${k}</kbd>`);
}

function useWords(code) {
  if (code === pageLang || !(code in WORDS)) return;
  pageLang = code;
  words = WORDS[code];
  document.documentElement.lang = code;
  $("roll").textContent = words.roll;
  $("roll").setAttribute("aria-label", words.roll);
  for (let i = 1; i <= 6; i++) $("hold" + i).setAttribute("aria-label", `${words.hold} ${i}`);
  canvas.setAttribute("aria-label", words.panel);
  $("help1").innerHTML = helpHtml(words.help1);
  $("help2").innerHTML = helpHtml(words.help2);
  $("record").textContent = words.record;
  $("help3").textContent = words.help3;
  if (!document.body.classList.contains("ready") && status.textContent) {
    status.textContent = words.loading;
  }
}

// ------------------------------------------------------------------ the panel
// Solid pixels at a whole number of device pixels each, as the OLED shows them: dark text
// on a lit bar keeps every stroke and gap (a grid of dots between the pixels would dissolve
// it). fit() picks the largest whole scale the page's width allows on this screen.
const canvas = $("panel");
let ctx = null;
let image = null;
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
      paintRGB(B + x * S, B + y * S, S, S, lit(x, y) ? BUILD.panel.lit : BUILD.panel.unlit);
    }
  }
  ctx.putImageData(image, 0, 0, B + x0 * S, B + y0 * S, (x1 - x0 + 1) * S, (y1 - y0 + 1) * S);
}

function paintAll() {
  paintCells(0, W - 1, 0, H - 1);
}

function fit() {
  // the device's width for the panel (the .device box's content, at most 528 CSS pixels)
  const box = canvas.parentElement;
  const cs = getComputedStyle(box);
  const room = box.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const dpr = window.devicePixelRatio || 1;
  const s = Math.max(1, Math.floor((Math.floor(room * dpr) + 0.001) / (W + 2 * BORDER)));
  const css = `${((W + 2 * BORDER) * s) / dpr}px`;
  if (ctx !== null && s === S && canvas.style.width === css) return;
  S = s;
  B = BORDER * S;
  canvas.width = (W + 2 * BORDER) * S;
  canvas.height = (H + 2 * BORDER) * S;
  canvas.style.width = css;
  canvas.style.height = `${((H + 2 * BORDER) * S) / dpr}px`;
  $("keys").style.width = css; // the buttons' columns are the panel's
  ctx = canvas.getContext("2d", { alpha: false });
  image = ctx.createImageData(canvas.width, canvas.height);
  paintRGB(0, 0, canvas.width, canvas.height, BUILD.panel.bezel);
  ctx.putImageData(image, 0, 0);
  paintAll();
}

useWords(browserLang());
fit();
window.addEventListener("resize", fit);
if (window.matchMedia) {
  // a move to a screen of another pixel ratio (or a zoom) changes the device pixels
  const watch = () =>
    matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener(
      "change",
      () => {
        fit();
        watch();
      },
      { once: true },
    );
  watch();
}

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
  // (a little only: dark letters on a lit key must stay as clear as on the panel)
  canvas.style.filter = `brightness(${(0.8 + (0.2 * contrast) / 255).toFixed(3)})`;
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
    message.textContent = words.crashed + "\n" + text;
  },
};

// ------------------------------------------------------------------ clock and ticks
let mp = null;
let glue = null;
let timer = null;
let lastWait = null;
let dueAt = null;
let skew = 0; // ms added to the clock (window.pocketYatzy.advance: the tests let time pass)
const clock = () => Math.floor(performance.now()) + skew;

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
  showState();
  return wait;
}

function showState() {
  // the page's words follow the panel's language; asleep, the page says so
  useWords(glue.lang());
  const asleep = glue.asleep();
  document.body.classList.toggle("asleep", asleep);
  if (asleep) status.textContent = words.asleep;
  else if (isAsleepText(status.textContent)) status.textContent = "";
}

function isAsleepText(text) {
  return Object.values(WORDS).some((w) => w.asleep === text);
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
    $("keyhint").textContent = words.longNext;
  } else if (k in LONG_KEYS) {
    press(LONG_KEYS[k], "long");
  } else if (k in SHORT_KEYS) {
    if (longNext) press(SHORT_KEYS[k], "long");
    else down("k" + e.code, SHORT_KEYS[k]); // held past the threshold: a long press
  } else if (glue !== null && glue.asleep() && k.length === 1) {
    press("roll", "short"); // asleep, any key wakes (the waking press is not acted on)
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
    message.textContent = words.noRecord;
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
  // each button right under its column of the panel (ui.keys.KEY_X), hold6 above Roll as
  // it is wired (hardware/README.md)
  for (let i = 0; i < BUTTONS.length; i++) {
    $(BUTTONS[i]).style.left = `${((BORDER + keyX[i]) / (W + 2 * BORDER)) * 100}%`;
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
  const langs = JSON.stringify(navigator.languages || [navigator.language || ""]);
  const boot = JSON.parse(glue.boot(location.search, clock(), langs));
  stats.callMs += performance.now() - t;
  longMs = boot.long_ms;
  place(boot.key_x);
  if (boot.problems.length) {
    message.textContent = words.notUsed + boot.problems.join("; ");
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
  showState();
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
  scale: () => S,
  lang: () => pageLang,
  advance: (ms) => {
    // let `ms` of the gadget's time pass at once (the sleep timeout in the tests)
    skew += ms;
    if (glue !== null) call(glue.tick, clock());
  },
};

start().catch((err) => {
  status.textContent = "";
  message.textContent = words.cannot + err;
  console.error(err);
});
