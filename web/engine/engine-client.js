// @ts-check
// Engine client: one Web Worker running the engine, watched over.
//
//   const engine = new EngineClient({ name: "rules" });
//   engine.onProgress = ({step, done, total}) => …;    // while booting
//   engine.onState = (state, detail) => …;   // "booting" | "stalled" | "ready" | "failed" | "restarting"
//   engine.watch((state, detail) => …);        // another listener of the same (one client, two users)
//   engine.start();
//   await engine.ready;                        // resolves once a boot succeeds (after retries)
//   const response = await engine.request({op: "games"});
//   engine.cancel();                           // abandon what it is doing, at once, and let it go
//   engine.abandon((request) => request.op === "ai");   // some requests only: a worker restored from the snapshot goes on
//
// Responses are the bridge's JSON, unchanged (errors come back as {error: {code, message}}).
//
// What it guards against (docs/web.md, "Reliability"):
// - a boot step that fails (the worker says why: download, damaged, engine) or stalls
//   (no progress for BOOT_STALL_MS): the state says so and the page offers a retry, which
//   starts a fresh worker that bypasses the HTTP cache (a stalled boot that makes progress
//   again goes back to "booting"); a file that arrived damaged is first retried so at
//   once, without asking (once per client);
// - a worker that dies or stops answering once running: error events, a request that
//   outlives its time limit, or a missed heartbeat while idle restart the worker, and the
//   requests in flight are sent again once (records are values, so that is safe);
// - a search that stops beating: with `beats: true` (every worker beats while a player
//   of it reads its clock: a search), SILENCE_MS without a beat in the middle of a request
//   means the worker is dead or stuck, whatever the request's own time limit: it is
//   restarted the same way;
// - a request that is no longer wanted (a new game while the computer thinks): cancel()
//   terminates the worker at once; the callers get {cancelled: true}. Nothing ever queues
//   behind an abandoned search; abandon(which) does the same for some requests only (the
//   computer's search on the rules worker): a worker restored from the memory snapshot
//   takes over, and the other requests are sent to it.
//
// The worker runs from a blob: URL so that it inherits the page's Content-Security-Policy
// (see engine-worker.js).

import { ROOT_URL } from "../root.js";

/** @typedef {Nibble.BridgeAnswer | Nibble.CancelledAnswer} ClientAnswer what request() resolves to */
/**
 * A request in flight.
 * @typedef {object} Pending
 * @property {Nibble.BridgeRequest} request
 * @property {(answer: ClientAnswer) => void} resolve
 * @property {ReturnType<typeof setTimeout> | null} timer
 * @property {number} timeoutMs
 * @property {boolean} retried
 * @property {boolean} [acked]
 */
/** @typedef {{kind: string, message: string}} Trouble why a boot failed or a worker died */

const WORKER_URL = new URL("engine/engine-worker.js", ROOT_URL);
const ROOT = ROOT_URL.href;
export const BOOT_STALL_MS = 20_000;
const HEARTBEAT_MS = 4_000;
const PONG_MS = 3_000;
const ACK_MS = 3_000;
// A worker beats every 250 ms while it searches: once a request has had a beat, a pause
// longer than SILENCE_MS means the worker is gone. (Before its first beat it replays the
// record, in milliseconds; a request that never beats is left to its own time limit.)
const SILENCE_MS = 2_000;
const SILENCE_CONFIRM_MS = 300; // a late timer on a starved page: let queued beats arrive first
const MAX_RESTARTS = 4; // within RESTART_WINDOW_MS, then give up and say so
const RESTART_WINDOW_MS = 60_000;

export class BootError extends Error {
  /** @param {string} kind @param {string} message */
  constructor(kind, message) {
    super(message);
    this.kind = kind; // "download" | "damaged" | "engine" | "stalled" | "crashed"
  }
}

let workerSource = null; // blob: URL of engine-worker.js, fetched again on a retry
/** @type {WebAssembly.Module | null} */
let runtime = null; // the runtime compiled (and checked) by the first worker, for the next ones

/** @param {boolean} reload @returns {Promise<string>} */
async function workerUrl(reload) {
  if (!workerSource || reload) {
    const response = await fetch(WORKER_URL, reload ? { cache: "reload" } : {});
    if (!response.ok) throw new BootError("download", `engine-worker.js: HTTP ${response.status}`);
    const text = await response.text();
    if (workerSource) URL.revokeObjectURL(workerSource);
    workerSource = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
  }
  return workerSource;
}

export class EngineClient {
  /** @param {{name?: string, requestTimeoutMs?: number, beats?: boolean}} [options] */
  constructor({ name = "engine", requestTimeoutMs = 15_000, beats = false } = {}) {
    this.name = name;
    this.requestTimeoutMs = requestTimeoutMs;
    this.watchBeats = beats; // the worker's beats while it searches are watched
    this.beaten = false; // it has beaten during the request in flight: now silence means death
    this.lastSign = 0; // performance.now() of the last beat
    /** @type {((message: Nibble.ProgressMessage) => void) | null} */
    this.onProgress = null;
    /** @type {((state: string, detail: Trouble | null) => void) | null} */
    this.onState = null;
    /** @type {((state: string, detail: Trouble | null) => void)[]} */
    this.watchers = [];
    /** @type {((message: Nibble.SnapshotMessage) => void) | null} */
    this.onSnapshot = null;
    /** @type {"snapshot" | "boot" | null} */
    this.bootedFrom = null;
    // a memory snapshot is there to restore a new worker from (this one was restored from
    // one, or stored one): a new worker is then up in about half a second
    this.snapshotKept = false;
    /** @type {Worker | null} */
    this.worker = null;
    this.attempt = 0;
    this.generation = 0; // bumped with every new worker; stale messages are ignored
    this.nextId = 1;
    /** @type {Map<number, Pending>} */
    this.pending = new Map(); // id -> the request in flight
    this.restarts = [];
    this._healed = false; // booted again once past the caches after a damaged file
    this.state = "idle";
    /** @type {Promise<void> | null} */
    this.ready = null;
    // Requests made before the first start() wait for it (the deep worker starts when its
    // work comes, and after release() until the next start()).
    this._started = new Promise((resolve) => {
      this._markStarted = resolve;
    });
  }

  // Boot a fresh worker (the first time, on retry, after a crash or an abandon).
  /** @param {{reload?: boolean}} [options] @returns {Promise<void>} */
  start({ reload = false } = {}) {
    this._markStarted();
    this._stopWorker();
    const generation = ++this.generation;
    this.attempt++;
    // `ready` stays the same promise until a boot succeeds: a failed boot waits for a retry
    if (!this._boot || this._boot.settled) {
      /** @type {() => void} */
      let resolveReady;
      this.ready = new Promise((resolve) => {
        resolveReady = resolve;
      });
      this._boot = { resolve: resolveReady, settled: false, stall: null };
    }
    this._setState("booting");
    this._armStall();
    if (!reload && this._adoptEarly(generation)) return this.ready;
    workerUrl(reload)
      .then((url) => {
        if (generation !== this.generation) return;
        this.worker = this._spawn(url, reload);
        this._wire(this.worker, generation);
      })
      .catch((error) => generation === this.generation && this._bootFailed(error.kind || "download", error.message));
    return this.ready;
  }

  /** @param {(state: string, detail: Trouble | null) => void} fn */
  watch(fn) {
    this.watchers.push(fn);
  }

  // Boot again after a failed boot (the player pressed Retry): bypasses the HTTP cache.
  retry() {
    this.restarts = [];
    return this.start({ reload: true });
  }

  /**
   * The bridge's answer to `request` (its op's, or a refusal), or {cancelled: true}.
   * @template {Nibble.BridgeRequest} R
   * @param {R} request
   * @param {{timeoutMs?: number}} [options]
   * @returns {Promise<Nibble.BridgeAnswer<R> | Nibble.CancelledAnswer>}
   */
  request(request, { timeoutMs } = {}) {
    if (this.state === "idle") return this._started.then(() => this.request(request, { timeoutMs }));
    if (this.state === "failed") {
      return Promise.resolve({ error: { code: "engine-unavailable", message: "the engine is not running" } });
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      // (the worker answers the request's op: the entry's resolve takes any answer)
      const entry = { request, resolve: /** @type {(answer: ClientAnswer) => void} */ (resolve), timer: null, timeoutMs: timeoutMs ?? this.requestTimeoutMs, retried: false };
      this.pending.set(id, entry);
      this.ready.then(() => this._send(id));
    });
  }

  // Abandon every request in flight at once: their callers get {cancelled: true}, and the
  // worker is let go, as release() does (the next request boots another). A no-op (false)
  // when nothing is in flight.
  cancel() {
    if (!this.pending.size) return false;
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.resolve({ cancelled: true });
    }
    this.pending.clear();
    this.release();
    return true;
  }

  // Abandon the requests `which` picks at once (their callers get {cancelled: true}) and
  // keep the others: the worker is terminated, a new one boots at once (restored from the
  // memory snapshot: callers check snapshotKept) and is sent what was kept. Its boot is
  // not a failure: the state goes "booting", then "ready", with no "restarting" said.
  // For a search on a worker others share (the computer's on the rules worker:
  // computer-lane.js). False, and nothing done, when none is picked.
  /** @param {(request: Nibble.BridgeRequest) => boolean} which */
  abandon(which) {
    if (this.state !== "ready") return false;
    const dropped = [...this.pending].filter(([, entry]) => which(entry.request));
    if (!dropped.length) return false;
    for (const [id, entry] of dropped) {
      clearTimeout(entry.timer); // (else its limit would end the next worker)
      this.pending.delete(id);
      entry.resolve({ cancelled: true });
    }
    const kept = [...this.pending.keys()];
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.timer = null;
    }
    this.start().then(() => {
      for (const id of kept) this._send(id);
    });
    return true;
  }

  // Let the worker go while nothing is asked of it: its Python heap is
  // freed, and the next start() boots it again (from the memory snapshot, in
  // about half a second). For a worker only some work needs (review/analysis.js: the
  // deep work, while the computer shares the rules worker). False if a request is in
  // flight or no worker is up.
  release() {
    if (this.pending.size || this.state === "idle") return false;
    this._stopWorker();
    this.generation++;
    if (this._boot && !this._boot.settled) clearTimeout(this._boot.stall);
    // requests made from now on wait for the next start(), as before the first
    this._started = new Promise((resolve) => {
      this._markStarted = resolve;
    });
    this._setState("idle");
    return true;
  }

  get busy() {
    return this.pending.size > 0;
  }

  // --- internals ---------------------------------------------------------------------

  /** @param {number} id */
  _send(id) {
    const entry = this.pending.get(id);
    if (!entry || !this.worker || this.state !== "ready") return;
    clearTimeout(entry.timer);
    // Alone in flight, the worker must acknowledge at once (else it is dead); behind other
    // requests it may wait their time limits, then its own from its acknowledgement (a
    // search let end on a shared worker, then the next one: computer-lane.js).
    const ahead = [...this.pending.values()].filter((e) => e !== entry && e.timer);
    const op = entry.request?.op;
    entry.acked = false;
    const wait = ahead.length ? ahead.reduce((sum, e) => sum + e.timeoutMs, entry.timeoutMs) : ACK_MS;
    entry.timer = setTimeout(() => this._died("stalled", `no answer to '${op}'`), wait);
    try {
      this.worker.postMessage({ id, request: entry.request });
    } catch (error) {
      // A request the browser cannot copy to the worker (nested too deep for the structured
      // clone, or not data at all) never reaches it: refused as the engine would, and the
      // worker goes on. (The page checks what it is given before it asks: untrusted.js.)
      clearTimeout(entry.timer);
      this.pending.delete(id);
      const deep = error instanceof RangeError;
      entry.resolve({
        error: {
          code: "bad-request",
          message: deep ? "The request nests too deeply." : "The request is not valid JSON.",
          reason: deep ? "request.deep" : "request.json",
          params: {},
        },
      });
    }
  }

  /** @param {number} id */
  _acked(id) {
    const entry = this.pending.get(id);
    if (!entry || entry.acked) return;
    entry.acked = true;
    this.beaten = false;
    clearTimeout(this._silence);
    clearTimeout(entry.timer); // started on now: its own time limit from here
    entry.timer = setTimeout(() => this._died("stalled", `no answer to '${entry.request?.op}' in ${entry.timeoutMs} ms`), entry.timeoutMs);
  }

  // A beat from a worker working on a request: SILENCE_MS without the next one while a
  // request is in flight restarts it.
  _beat() {
    this.lastSign = performance.now();
    if (!this.watchBeats || this.beaten) return; // the watch is armed already
    this.beaten = true;
    const generation = this.generation;
    const check = (confirming) => {
      if (generation !== this.generation || !this.pending.size || this.state !== "ready" || !this.beaten) return;
      const quiet = performance.now() - this.lastSign;
      if (quiet < SILENCE_MS) this._silence = setTimeout(() => check(false), SILENCE_MS - quiet);
      else if (!confirming) this._silence = setTimeout(() => check(true), SILENCE_CONFIRM_MS);
      else this._died("stalled", `the search fell silent for ${Math.round(quiet)} ms`);
    };
    clearTimeout(this._silence);
    this._silence = setTimeout(() => check(false), SILENCE_MS);
  }

  /** @param {Nibble.WorkerMessage} message */
  _receive(message) {
    if (!message) return;
    if (message.type === "progress") {
      if (this.state !== "booting" && this.state !== "stalled") return;
      if (this.state === "stalled") this._setState("booting"); // it was slow, not stuck
      this._armStall();
      if (this.onProgress) this.onProgress(message);
      if (message.step === "ready") {
        this.bootedFrom = message.how || "boot"; // "snapshot": restored from a memory snapshot
        if (this.bootedFrom === "snapshot") this.snapshotKept = true;
        this.bootMarks = message.marks || null; // where the boot's time went (engine-worker.js)
        performance.mark(`nibble:${this.name}-ready`); // and when the page heard (benchmarks)
        clearTimeout(this._boot.stall);
        this._boot.settled = true;
        this._setState("ready");
        this._boot.resolve();
        this._heartbeat();
      }
      return;
    }
    if (message.type === "ack") {
      this._acked(message.id);
      return;
    }
    if (message.type === "pong") {
      clearTimeout(this._pongTimer);
      return;
    }
    if (message.type === "beat") {
      this._beat();
      return;
    }
    if (message.type === "wasm") {
      runtime ??= message.module; // (engine-worker.js handedOver)
      return;
    }
    if (message.type === "snapshot") {
      if (message.state === "stored") this.snapshotKept = true;
      this.onSnapshot?.(message); // a booted interpreter was kept for the next boot (or not)
      return;
    }
    if (message.type === "fatal") {
      if (this.state === "booting" || this.state === "stalled") this._bootFailed(message.kind || "engine", message.message);
      else this._died(message.kind || "crashed", message.message);
      return;
    }
    const entry = this.pending.get(message.id);
    if (!entry) return;
    this.pending.delete(message.id);
    clearTimeout(entry.timer);
    if (!this.pending.size) {
      clearTimeout(this._silence);
      this.beaten = false;
    }
    entry.resolve(message.response);
  }

  // No progress for BOOT_STALL_MS: say so (the page shows the failed state with Try
  // again) but let the worker go on: on a very slow machine it may just be slow, and the
  // page goes back to loading as soon as progress comes.
  _armStall() {
    clearTimeout(this._boot?.stall);
    const generation = this.generation;
    this._boot.stall = setTimeout(() => {
      if (generation !== this.generation || this.state !== "booting") return;
      this._setState("stalled", { kind: "stalled", message: `no progress for ${BOOT_STALL_MS / 1000} s` });
    }, BOOT_STALL_MS);
  }

  // A boot that cannot succeed (a download failed or arrived damaged, the engine did not
  // start): stop, and wait for retry(); `ready` stays pending meanwhile.
  /** @param {string} kind @param {string} message */
  _bootFailed(kind, message) {
    if (this.state !== "booting" && this.state !== "stalled") return;
    clearTimeout(this._boot.stall);
    this._stopWorker();
    this.generation++;
    // A file that arrived damaged (from a cache, most likely: the worker does not have the
    // service worker check its large files): boot again at once past every cache, which
    // the service worker checks and repairs. Once per client; then the player is asked.
    if (kind === "damaged" && !this._healed) {
      this._healed = true;
      console.warn(`engine (${this.name}): ${message}; booting again past the caches`);
      this.start({ reload: true });
      return;
    }
    this._setState("failed", { kind, message });
  }

  // The running worker is gone or stuck: start a fresh one and send what was in flight
  // again (once). Too many deaths in a row: give up and fail every request.
  /** @param {string} kind @param {string} message */
  _died(kind, message) {
    if (this.state === "booting" || this.state === "stalled") {
      this._bootFailed(kind, message);
      return;
    }
    if (this.state !== "ready") return;
    const giveUp = !this._countRestart();
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.timer);
      if (giveUp || entry.retried) {
        this.pending.delete(id);
        entry.resolve({ error: { code: "engine-crashed", message } });
      } else entry.retried = true;
    }
    this._setState("restarting", { kind, message });
    if (giveUp) {
      this._stopWorker();
      this.generation++;
      this._setState("failed", { kind, message });
      return;
    }
    this.start().then(() => {
      for (const id of this.pending.keys()) this._send(id);
    });
  }

  // Count a restart; false once there were too many lately (then give up and say so).
  _countRestart() {
    const now = performance.now();
    this.restarts = this.restarts.filter((t) => now - t < RESTART_WINDOW_MS);
    this.restarts.push(now);
    return this.restarts.length <= MAX_RESTARTS;
  }

  _heartbeat() {
    clearTimeout(this._beatTimer);
    const generation = this.generation;
    this._beatTimer = setTimeout(() => {
      if (generation !== this.generation || this.state !== "ready") return;
      if (!this.pending.size && this.worker) {
        this._pongTimer = setTimeout(() => generation === this.generation && this._died("stalled", "the engine stopped answering"), PONG_MS);
        this.worker.postMessage({ type: "ping" });
      }
      this._heartbeat();
    }, HEARTBEAT_MS);
  }

  // --- the worker itself ---------------------------------------------------------------

  // A worker, handed the runtime another one compiled if there is one (not on a retry
  // past the caches: that boot fetches and checks everything again).
  /** @param {string} url @param {boolean} reload */
  _spawn(url, reload) {
    const wasm = !reload && runtime !== null;
    const name = JSON.stringify({ root: ROOT, attempt: this.attempt, role: this.name, reload, wasm });
    const worker = new Worker(url, { type: "module", name });
    if (wasm) worker.postMessage({ type: "wasm", module: runtime });
    return worker;
  }

  /** @param {Worker} worker @param {number} generation */
  _wire(worker, generation) {
    worker.onmessage = (event) => generation === this.generation && this._receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      if (generation === this.generation) this._died("crashed", event.message || "the engine worker failed");
    };
    worker.onmessageerror = () => generation === this.generation && this._died("crashed", "unreadable message");
  }

  // The rules worker engine-early.js started before the module graph: take it over, with
  // what it said meanwhile. False when there is none to take (not started yet, failed,
  // or already taken): the client starts its own.
  /** @param {number} generation */
  _adoptEarly(generation) {
    const early = window.nibbleEarlyWorker;
    if (!early || early.claimed || this.name !== "rules") return false;
    early.claimed = true;
    if (!early.worker || early.failed) {
      early.worker?.terminate();
      return false;
    }
    workerSource = early.url;
    this.worker = early.worker;
    this._wire(this.worker, generation);
    for (const message of early.messages.splice(0)) this._receive(message);
    return true;
  }

  _stopWorker() {
    clearTimeout(this._beatTimer);
    clearTimeout(this._pongTimer);
    clearTimeout(this._silence);
    this.beaten = false;
    if (this.worker) {
      this.worker.onmessage = null;
      this.worker.onerror = null;
      this.worker.terminate();
      this.worker = null;
    }
  }

  /** @param {string} state @param {Trouble | null} [detail] */
  _setState(state, detail = null) {
    this.state = state;
    if (this.onState) this.onState(state, detail);
    for (const fn of this.watchers) fn(state, detail);
  }
}
