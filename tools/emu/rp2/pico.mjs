// The emulated Pico: MicroPython's rp2 UF2 on rp2040js, driven in lock-step by tools/emu/rp2/pico.py.
// SPDX-License-Identifier: MIT
//
//   node pico.mjs --uf2 F.uf2 --bootrom B.bin [--under FLASH] [--fs IMG] [--load FILE@OFFSET ...] [--cdc-port N]
//                 [--cpu-mhz N]   (the core's speed; the bus and peripheral timing stay as at
//                                  125 MHz, as on a Pico whose firmware re-derives its dividers)
//
// Commands arrive as JSON lines on stdin; events leave as JSON lines on stdout. Every event
// carries the emulated time `t` (ns since the first power-up, across resets) and `cyc`, the
// CPU cycles executed so far (a WFI/WFE sleep, bus time and flash busy time advance `t`, not
// `cyc`). rp2040js ticks 8 ns a cycle, i.e. clk_sys at the RPI_PICO build's 125 MHz.
//
// Commands (op):
//   run {to}            run until emulated time `to` (ns), then reply {ev:"ran"}; with
//                       {text} stop early once the USB CDC output has shown that text, with
//                       {flash: n} right after the n-th flash erase or program from now
//   free / pause        run freely (for mpremote on the TCP bridge) / stop; pause replies "ran"
//   gpio {pin, level, at}   drive an input 0/1 or release it ("z": it follows the pad's pull)
//                       at emulated time `at` (ns; now when absent or past); GPIO24 (VBUS
//                       sense) starts driven high: on USB power
//   adc {ch, value, noise, seed}   ADC channel `ch` (0-3: GPIO26-29, 4: the temperature
//                       sensor) reads the 12-bit `value` from now on, plus uniform noise of
//                       +-`noise` counts (xorshift32 from `seed`); kept across resets (stock
//                       rp2040js reads a fixed array of zeros: the host sets the values here)
//   send {hex}          bytes into the USB CDC, as a host would type them
//   cut {cycle | flash} power cut: at that CPU cycle, or right after the `flash`-th erase or
//                       program from now; power returns at once with the flash as it was
//   cut {torn, done, seed}  power cut DURING the `torn`-th erase or program from now: the
//                       operation is left part done, each bit it would change changed with
//                       probability `done` (0..1; xorshift32 from `seed`), as the cells of a
//                       NOR sector or page being erased or programmed are when the supply goes
//                       (torn 0: no such cut after all)
//   reset               press RUN (flash kept)
//   dump {path, offset, length}   write part of the flash to a file (reply {ev:"dumped"})
//   stat                reply {ev:"stat"} with the counters
//   quit
// Events (ev): ready {cdc_port}, ran, i2c {bus, addr, ack, rw, hex, t0, c0}, flash {kind, addr,
//   len}, cdc {hex}, gpio {pin, level}, reset {why}, stat, dumped, error {msg}.
//
// What stock rp2040js 1.4.1 lacks for MicroPython, and what this file adds (see
// docs/rp2_emulator.md): flash erase/program (the boot ROM's entries are patched to BKPTs and
// done here, with the W25Q16JV's typical busy times), pulls on released input pins, a TX_EMPTY
// after an address NACK, I2C bus time, a reboot on a watchdog timeout or machine.reset(), and a
// USB host that NAKs an OUT transfer while it has nothing to send.
import fs from 'node:fs';
import net from 'node:net';
import readline from 'node:readline';
import { Simulator, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';

const XIP_BASE = 0x10000000;
const FLASH_BYTES = 2 * 1024 * 1024; // W25Q16JV on the Pico
const NS_PER_CYCLE = 8;
const ERASE_NS_PER_4K = 45e6; // W25Q16JV typical sector erase
const PROGRAM_NS_PER_PAGE = 0.4e6; // typical page program
const OLED = 0x3c;
const BKPT_ERASE = 0xe0;
const BKPT_PROGRAM = 0xe1;

function parseArgs(argv) {
  const out = { uf2: null, bootrom: null, under: null, fs: null, fsOffset: 0xa0000, load: [], cdcPort: 0, ack: [OLED], cpuMhz: 125 };
  for (let i = 0; i < argv.length; i += 2) {
    const [k, v] = [argv[i], argv[i + 1]];
    if (v === undefined) throw new Error(`${k} needs a value`);
    if (k === '--uf2') out.uf2 = v;
    else if (k === '--bootrom') out.bootrom = v;
    else if (k === '--under') out.under = v;
    else if (k === '--fs') out.fs = v;
    else if (k === '--fs-offset') out.fsOffset = Number(v);
    else if (k === '--load') out.load.push(v);
    else if (k === '--cdc-port') out.cdcPort = Number(v);
    else if (k === '--cpu-mhz') out.cpuMhz = Number(v);
    else if (k === '--ack') out.ack = v.split(',').filter(Boolean).map((x) => parseInt(x, 16));
    else throw new Error(`unknown argument ${k}`);
  }
  if (!out.uf2 || !out.bootrom) throw new Error('--uf2 and --bootrom are required');
  return out;
}
const opts = parseArgs(process.argv.slice(2));
const CPU_NS_PER_CYCLE = 1000 / opts.cpuMhz; // instructions only: I2C bytes keep NS_PER_CYCLE

function emit(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

// ---- the flash array: UF2 blocks, then the filesystem image and any extra images ---------------
// --under FILE: what the flash held before the UF2 was dropped onto the RPI-RP2 drive (a
// Pico flashed before); the boot ROM erases each 4 KiB sector before it writes the first
// block into it, and leaves every other sector as it was.
function initialFlash() {
  const flash = new Uint8Array(FLASH_BYTES).fill(0xff);
  if (opts.under) flash.set(fs.readFileSync(opts.under).subarray(0, FLASH_BYTES));
  const erased = new Set();
  const uf2 = fs.readFileSync(opts.uf2);
  let blocks = 0;
  for (let at = 0; at + 512 <= uf2.length; at += 512) {
    const w = (i) => uf2.readUInt32LE(at + 4 * i);
    const noFlash = w(2) & 1;
    if (w(0) !== 0x0a324655 || w(1) !== 0x9e5d5157 || noFlash) continue;
    const addr = w(3) - XIP_BASE;
    const size = w(4);
    if (addr < 0 || addr + size > FLASH_BYTES || size > 476) continue;
    for (let sector = addr - (addr % 4096); sector < addr + size; sector += 4096) {
      if (!erased.has(sector)) flash.fill(0xff, sector, sector + 4096);
      erased.add(sector);
    }
    flash.set(uf2.subarray(at + 32, at + 32 + size), addr);
    blocks++;
  }
  if (!blocks) throw new Error(`${opts.uf2}: no UF2 blocks for the RP2040's flash`);
  const place = (file, offset) => {
    const data = fs.readFileSync(file);
    if (offset + data.length > FLASH_BYTES) throw new Error(`${file} does not fit at 0x${offset.toString(16)}`);
    flash.set(data, offset);
  };
  if (opts.fs) place(opts.fs, opts.fsOffset);
  for (const item of opts.load) {
    const at = item.lastIndexOf('@');
    place(item.slice(0, at), Number(item.slice(at + 1)));
  }
  return flash;
}

// The boot ROM with flash_range_erase ("RE") and flash_range_program ("RP") replaced by
// "BKPT #n; BX LR": the function table at 0x14 lists (code, address) half-word pairs.
function patchedBootrom() {
  const rom = new Uint8Array(fs.readFileSync(opts.bootrom));
  const half = (a) => rom[a] | (rom[a + 1] << 8);
  const lookup = (tag) => {
    const code = tag.charCodeAt(0) | (tag.charCodeAt(1) << 8);
    for (let p = half(0x14); half(p) !== 0; p += 4) if (half(p) === code) return half(p + 2) & ~1;
    throw new Error(`the boot ROM has no ${tag} function`);
  };
  rom.set([BKPT_ERASE, 0xbe, 0x70, 0x47], lookup('RE'));
  rom.set([BKPT_PROGRAM, 0xbe, 0x70, 0x47], lookup('RP'));
  return new Uint32Array(rom.buffer, rom.byteOffset, rom.length >> 2);
}

const bootrom = patchedBootrom();
let chip = null; // the current power-up: {mcu, clock, cdc, outEp, pendingOut}
let tBase = 0; // ns and cycles of the power-ups before this one
let cBase = 0;
const now = () => tBase + chip.clock.nanos;
const cyc = () => cBase + chip.mcu.core.cycles;
const counts = { i2c_bytes: 0, i2c_tx: 0, nacks: 0, erases: 0, programs: 0, resets: 0, adc_reads: 0 };

// ---- emulated-time schedule (absolute ns), re-armed on every power-up ------------------------
let schedule = []; // [{at, fn}] sorted by `at`
let alarm = null;
function at(when, fn, kind = 'event') {
  schedule.push({ at: when, fn, kind });
  schedule.sort((a, b) => a.at - b.at);
  arm();
}
function arm() {
  if (alarm) alarm.cancel();
  alarm = null;
  if (!schedule.length) return;
  alarm = chip.clock.createAlarm(fire);
  alarm.schedule(Math.max(0, schedule[0].at - now()));
}
function fire() {
  alarm = null;
  while (schedule.length && schedule[0].at <= now()) schedule.shift().fn();
  arm();
}

// ---- GPIO: levels driven by the host; a released pin follows its pad pull ---------------------
// pin -> boolean. GPIO24 is VBUS sense: high, the emulated Pico is on USB power (as its USB
// host implies) until a test drives it low (battery power, the gauge's tests)
const VBUS_SENSE = 24;
const driven = new Map([[VBUS_SENSE, true]]);
function settle(pin) {
  let level = driven.get(pin.index);
  if (level === undefined) {
    if (pin.pullupEnabled) level = true;
    else if (pin.pulldownEnabled) level = false;
    else return;
  }
  if (pin.hostLevel !== level) { // rp2040js latches an edge on every call: only on a change
    pin.hostLevel = level;
    pin.setInputValue(level);
  }
}
function watchPads(mcu) {
  for (const pin of mcu.gpio) {
    let pad = pin.padValue;
    pin.hostLevel = undefined;
    Object.defineProperty(pin, 'padValue', {
      get: () => pad,
      set: (v) => { pad = v; settle(pin); },
    });
    settle(pin);
  }
}
function drive(n, level) {
  const pin = chip.mcu.gpio[n];
  if (!pin) throw new Error(`no GPIO ${n}`);
  if (level === 'z' || level === null) driven.delete(n);
  else driven.set(n, !!level);
  settle(pin);
  emit({ ev: 'gpio', pin: n, level: level === null ? 'z' : level, t: now(), cyc: cyc() });
}

// ---- ADC: each channel's value as the host set it, with optional noise ----------------------------
const adcIn = [0, 1, 2, 3, 4].map(() => ({ value: 0, noise: 0, s: 1 }));
adcIn[3].value = Math.round((4700 * 4096) / 9900); // ADC3: VSYS/3 of 4.7 V, VBUS less its diode
function adcValue(ch) {
  const c = adcIn[ch];
  counts.adc_reads++;
  if (!c) return 0;
  if (!c.noise) return c.value;
  let x = c.s; // xorshift32
  x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
  c.s = x;
  const v = c.value + (x % (2 * c.noise + 1)) - c.noise;
  return Math.max(0, Math.min(4095, v));
}
function attachADC(mcu) {
  // rp2040js's conversion (2 us, as the RP2040's 96 cycles of its 48 MHz clock) reads
  // channelValues[channel] when it completes: served from adcIn
  mcu.adc.channelValues = new Proxy([], { get: (_, k) => adcValue(Number(k)) });
}

// ---- I2C: the listed addresses ACK; each byte takes 9 SCL periods of bus time ------------------
function attachI2C(mcu, clock, bus, index) {
  let tx = null;
  const ackSet = new Set(opts.ack);
  const abort = bus.abort.bind(bus);
  // Hardware flushes the TX FIFO on an abort and so raises TX_EMPTY; rp2040js does not, which
  // turns an absent device's NACK into a 50 ms timeout and breaks the next transfer.
  bus.abort = (why) => { abort(why); bus.setInterrupts(1 << 4); };
  const byteNs = () => 9 * (bus.sclLowPeriod + bus.sclHighPeriod + 2) * NS_PER_CYCLE;
  const later = (fn) => clock.createAlarm(fn).schedule(byteNs());
  const close = () => {
    if (!tx) return;
    counts.i2c_tx++;
    counts.i2c_bytes += tx.bytes.length;
    emit({
      ev: 'i2c', bus: index, addr: tx.addr, rw: tx.rw, ack: tx.ack,
      hex: Buffer.from(tx.bytes).toString('hex'), t0: tx.t0, c0: tx.c0, t: now(), cyc: cyc(),
    });
    tx = null;
  };
  bus.onStart = () => { close(); bus.completeStart(); };
  bus.onConnect = (addr, mode) => {
    const ack = ackSet.has(addr) && index === 0;
    if (!ack) counts.nacks++;
    tx = { addr, rw: mode === 0 ? 'W' : 'R', ack, bytes: [], t0: now(), c0: cyc() };
    later(() => bus.completeConnect(ack));
  };
  bus.onWriteByte = (v) => { tx?.bytes.push(v); later(() => bus.completeWrite(true)); };
  bus.onReadByte = () => { tx?.bytes.push(0); later(() => bus.completeRead(0)); };
  bus.onStop = () => { close(); bus.completeStop(); };
}

// ---- USB CDC: the device side's host, bridged to one TCP client ------------------------------
const toDevice = [];
let client = null;
function pushToDevice() {
  const c = chip;
  if (!c || c.pendingOut === null || !toDevice.length || c.cdc.outEndpoint < 0) return;
  const n = Math.min(c.pendingOut, toDevice.length);
  c.pendingOut = null;
  c.mcu.usbCtrl.endpointReadDone(c.cdc.outEndpoint, Uint8Array.from(toDevice.splice(0, n)));
}
let cdcTail = ''; // recent CDC output, for run {text}
let waitText = null;
function attachUSB(c) {
  const cdc = new USBCDC(c.mcu.usbCtrl);
  c.pendingOut = null;
  c.mcu.usbCtrl.onEndpointRead = (ep, size) => { // hold it until there is data (a host NAKs)
    if (ep !== cdc.outEndpoint) return;
    c.pendingOut = size;
    pushToDevice();
  };
  cdc.onSerialData = (data) => {
    const buf = Buffer.from(data);
    if (client) client.write(buf);
    emit({ ev: 'cdc', hex: buf.toString('hex'), t: now(), cyc: cyc() });
    cdcTail = (cdcTail + buf.toString('latin1')).slice(-4096);
    if (waitText !== null && cdcTail.includes(waitText)) { waitText = null; cdcTail = ''; stop('text'); }
  };
  c.cdc = cdc;
}
const server = net.createServer((sock) => {
  if (client) client.destroy();
  client = sock;
  sock.setNoDelay(true);
  sock.on('data', (d) => { toDevice.push(...d); pushToDevice(); kick(); });
  sock.on('close', () => { if (client === sock) client = null; });
  sock.on('error', () => {});
});

// ---- power-up ------------------------------------------------------------------------------------
let cutFlash = null; // flash operations left before a power cut
let stopFlash = null; // flash operations left before a run {flash} stops
let cutCycle = null;
let cutTorn = null; // {left, done, seed}: the flash operation to leave part done
let rebootWhy = null;

// Bits that a torn operation changed: each of `want` (the bits the operation would change)
// with probability `done`, from a xorshift32 stream (the campaign passes the seed).
function tornBits(want, done, rng) {
  let out = 0;
  for (let b = 0; b < 8; b++) {
    if (!((want >> b) & 1)) continue;
    rng.s ^= rng.s << 13; rng.s ^= rng.s >>> 17; rng.s ^= rng.s << 5; rng.s >>>= 0;
    if (rng.s / 4294967296 < done) out |= 1 << b;
  }
  return out;
}
function powerUp(flash) {
  const sim = new Simulator();
  const mcu = sim.rp2040;
  mcu.logger = new ConsoleLogger(LogLevel.Error);
  mcu.loadBootrom(bootrom); // (clears rp2040js's flash array, so the flash goes in after)
  mcu.flash.set(flash);
  const c = { mcu, clock: sim.clock, cdc: null, pendingOut: null };
  mcu.onBreak = (code) => {
    const r = mcu.core.registers;
    const addr = r[0] >>> 0;
    const torn = cutTorn !== null && --cutTorn.left === 0 ? cutTorn : null;
    if (torn) cutTorn = null;
    if (torn && (code === BKPT_ERASE || code === BKPT_PROGRAM)) {
      const rng = { s: (torn.seed >>> 0) || 1 };
      const erase = code === BKPT_ERASE;
      const len = (erase ? r[1] : r[2]) >>> 0;
      const src = r[1] >>> 0;
      let changed = 0;
      for (let i = 0; i < len && addr + i < FLASH_BYTES; i++) {
        const old = mcu.flash[addr + i];
        const want = erase ? ~old & 0xff : old & ~mcu.readUint8(src + i) & 0xff;
        const bits = tornBits(want, torn.done, rng);
        if (bits) changed++;
        mcu.flash[addr + i] = erase ? old | bits : old & ~bits & 0xff;
      }
      const kind = erase ? 'erase' : 'program';
      emit({ ev: 'flash', kind, addr, len, torn: true, changed, t: now(), cyc: cyc() });
      const busy = erase ? Math.ceil(len / 4096) * ERASE_NS_PER_4K : Math.ceil(len / 256) * PROGRAM_NS_PER_PAGE;
      sim.clock.tick(Math.floor(busy * torn.done));
      rebootWhy = 'cut';
      return;
    }
    if (code === BKPT_ERASE) {
      const len = r[1] >>> 0;
      mcu.flash.fill(0xff, addr, Math.min(addr + len, FLASH_BYTES));
      counts.erases++;
      emit({ ev: 'flash', kind: 'erase', addr, len, t: now(), cyc: cyc() });
      sim.clock.tick(Math.ceil(len / 4096) * ERASE_NS_PER_4K);
    } else if (code === BKPT_PROGRAM) {
      const src = r[1] >>> 0, len = r[2] >>> 0;
      for (let i = 0; i < len && addr + i < FLASH_BYTES; i++) mcu.flash[addr + i] &= mcu.readUint8(src + i);
      counts.programs++;
      emit({ ev: 'flash', kind: 'program', addr, len, t: now(), cyc: cyc() });
      sim.clock.tick(Math.ceil(len / 256) * PROGRAM_NS_PER_PAGE);
    } else {
      emit({ ev: 'error', msg: `BKPT #${code} at 0x${(mcu.core.PC >>> 0).toString(16)}` });
      rebootWhy = 'bkpt';
      return;
    }
    if (cutFlash !== null && --cutFlash === 0) { cutFlash = null; rebootWhy = 'cut'; }
    if (stopFlash !== null && --stopFlash === 0) { stopFlash = null; stop('flash'); }
  };
  // rp2040js 1.4.1 re-fires an expired watchdog forever; a real chip reboots.
  const wdt = mcu.peripherals[0x40058];
  wdt.onWatchdogTrigger = () => {
    wdt.alarm.enable = false;
    wdt.timer.enable = false;
    rebootWhy = rebootWhy || 'watchdog';
  };
  chip = c;
  watchPads(mcu);
  attachADC(mcu);
  attachI2C(mcu, sim.clock, mcu.i2c[0], 0);
  attachI2C(mcu, sim.clock, mcu.i2c[1], 1);
  attachUSB(c);
  mcu.core.PC = XIP_BASE; // boot2 from flash, then the image (as rp2040js's own demo starts)
  arm();
}
function reboot(why) {
  const flash = chip.mcu.flash.slice(0, FLASH_BYTES);
  tBase = now();
  cBase = cyc();
  if (alarm) alarm.cancel();
  alarm = null;
  counts.resets++;
  powerUp(flash);
  emit({ ev: 'reset', why, t: now(), cyc: cyc() });
}

// ---- the run loop ----------------------------------------------------------------------------------
let mode = 'paused'; // paused | run | free
let timer = null;
const wall0 = performance.now();
function stop(why) {
  schedule = schedule.filter((s) => s.kind !== 'stop'); // this run's end, if it stopped early
  if (mode === 'paused') return;
  mode = 'paused';
  emit({ ev: 'ran', why, t: now(), cyc: cyc(), wall_ms: performance.now() - wall0, ...counts });
}
function kick() {
  if (mode !== 'paused' && timer === null) timer = setImmediate(loop);
}
function loop() {
  timer = null;
  const until = performance.now() + 30;
  while (mode !== 'paused' && performance.now() < until) {
    const core = chip.mcu.core;
    const clock = chip.clock;
    for (let i = 0; i < 20000 && mode !== 'paused' && rebootWhy === null; i++) {
      if (core.waiting) {
        const dt = clock.nanosToNextAlarm;
        if (dt <= 0) { // nothing scheduled: a host would see time pass at wall speed
          clock.tick(1e6);
          if (mode === 'free') { timer = setTimeout(loop, 1); return; }
          continue;
        }
        clock.tick(dt);
      } else {
        clock.tick(core.executeInstruction() * CPU_NS_PER_CYCLE);
        if (cutCycle !== null && cyc() >= cutCycle) { cutCycle = null; rebootWhy = 'cut'; }
      }
    }
    if (rebootWhy !== null) {
      const why = rebootWhy;
      rebootWhy = null;
      reboot(why);
    }
  }
  if (mode !== 'paused') timer = setImmediate(loop);
}

// ---- commands -------------------------------------------------------------------------------------
function command(msg) {
  switch (msg.op) {
    case 'run':
      waitText = msg.text ?? null;
      stopFlash = msg.flash ?? null;
      cdcTail = '';
      at(msg.to, () => stop('time'), 'stop');
      mode = 'run';
      kick();
      return;
    case 'free': mode = 'free'; kick(); return;
    case 'pause':
      if (mode === 'paused') mode = 'free'; // so that stop() reports the time all the same
      stop('pause');
      return;
    case 'gpio': {
      const when = msg.at ?? now();
      if (when <= now()) drive(msg.pin, msg.level);
      else at(when, () => drive(msg.pin, msg.level));
      return;
    }
    case 'adc': {
      const c = adcIn[msg.ch];
      if (!c) throw new Error(`no ADC channel ${msg.ch}`);
      c.value = msg.value;
      c.noise = msg.noise ?? 0;
      c.s = (msg.seed ?? 1) >>> 0 || 1;
      return;
    }
    case 'send': toDevice.push(...Buffer.from(msg.hex, 'hex')); pushToDevice(); return;
    case 'cut':
      if (msg.cycle !== undefined) cutCycle = msg.cycle;
      if (msg.flash !== undefined) cutFlash = msg.flash;
      if (msg.torn !== undefined) cutTorn = msg.torn > 0 ? { left: msg.torn, done: msg.done ?? 0.5, seed: msg.seed ?? 1 } : null;
      return;
    case 'reset': reboot('command'); return;
    case 'dump': {
      const off = msg.offset ?? opts.fsOffset;
      const len = msg.length ?? FLASH_BYTES - off;
      fs.writeFileSync(msg.path, chip.mcu.flash.subarray(off, off + len));
      emit({ ev: 'dumped', path: msg.path, t: now(), cyc: cyc() });
      return;
    }
    case 'stat': emit({ ev: 'stat', t: now(), cyc: cyc(), wall_ms: performance.now() - wall0, ...counts }); return;
    case 'quit': process.exit(0);
    default: throw new Error(`unknown op ${msg.op}`);
  }
}

powerUp(initialFlash());
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  if (!line.trim()) return;
  try {
    const msg = JSON.parse(line);
    command(msg);
  } catch (e) {
    emit({ ev: 'error', msg: String(e.message || e) });
  }
});
process.stdin.on('end', () => process.exit(0));
server.listen(opts.cdcPort, '127.0.0.1', () => emit({ ev: 'ready', cdc_port: server.address().port, t: 0, cyc: 0 }));
