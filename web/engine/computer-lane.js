// @ts-check
// The computer's lane: the worker the computer's moves and the analysis's quick first
// pass are asked of.
//
// A Python heap costs about 80-120 MB of a phone's memory (issue 47). A computer whose
// search is under RESERVE_FROM_MS (random, easy, medium, hard: store/state.js) is asked
// on the rules worker itself, which is idle while the computer thinks: a game against it
// holds one heap. A long one among them (hard, 1.5 s: worthAbandoning) is abandoned at
// once when its position goes away: the rules worker is ended and restored from the
// memory snapshot (about half a second, while the page goes on from its position cache;
// what the page had asked meanwhile is sent to the new worker). Without a snapshot to
// restore from (a first visit before it is stored, a browser that cannot keep one), a
// boot would take seconds: the search is let end within its budget instead, as a short
// one is. `expert` (5 s: worthAReserve) has a worker of its own with its reserve (`own`,
// the client with beats): a cancel swaps the reserve in.
//
// `own` also does the work that may take seconds and must be abandoned at once (a hint,
// the analysis's second pass, a puzzle check: review/analysis.js asks it directly): while
// the lane is shared it is booted for that work and let go once idle.
//
//   const lane = new ComputerLane(rules, new EngineClient({ name: "ai", beats: true }));
//   lane.reserve(worthAReserve(state));   // on every position: shared or own
//   await call(lane.wake(), { op: "ai", … });
//   lane.cancel();                        // a long search whose position went away

/** @typedef {import("./engine-client.js").EngineClient} EngineClient */
/** @typedef {(state: string, detail: {kind: string, message: string} | null) => void} StateListener */

export class ComputerLane {
  /** @param {EngineClient} rules @param {EngineClient} own */
  constructor(rules, own) {
    this.rules = rules;
    this.own = own;
    this.shared = true; // until a game with a level worth a reserve says otherwise
    /** @type {StateListener | null} the computer's own worker's states while the computer asks it
     * (the rules worker's are the page's; while shared, its troubles are the analysis's) */
    this.onState = null;
    own.onState = (status, detail) => this.shared || this.onState?.(status, detail);
  }

  /** The client asked now. */
  get client() {
    return this.shared ? this.rules : this.own;
  }

  /** Shared with the rules worker (off), or a worker of its own with a reserve (on); a
   * worker of its own no longer wanted is let go if idle (else once idle: analysis.js).
   * @param {boolean} on */
  reserve(on) {
    const wasShared = this.shared;
    this.shared = !on;
    this.own.reserve(on);
    if (!on && !wasShared) this.own.release();
  }

  /**
   * @template {Nibble.BridgeRequest} R
   * @param {R} request
   * @param {{timeoutMs?: number}} [options]
   */
  request(request, options) {
    return this.client.request(request, options);
  }

  // Boot the computer's own worker if it is the one asked and never was (the rules worker
  // is always up).
  wake() {
    if (!this.shared) this.own.wake();
    return this;
  }

  start() {
    return this.shared ? this.rules.ready : this.own.start();
  }

  // Boot again after a failure: the rules worker's is the page's to retry (loading.js).
  retry() {
    return this.shared ? this.rules.ready : this.own.retry();
  }

  // Abandon the computer's search at once: its own worker is swapped for the reserve; on
  // the rules worker, that worker is restored from the memory snapshot if there is one
  // (else the search ends within its budget and its answer is dropped). Only the
  // computer's `ai` requests are abandoned: the rest goes to the new worker.
  cancel() {
    if (!this.shared) return this.own.cancel();
    return this.rules.snapshotKept && this.rules.abandon((request) => request.op === "ai");
  }

  get state() {
    return this.client.state;
  }

  get busy() {
    return this.client.busy;
  }

  get standbyReady() {
    return !this.shared && this.own.standbyReady;
  }

  /** Hear the state of the worker asked now.
   * @param {StateListener} fn */
  watch(fn) {
    this.rules.watch((status, detail) => this.shared && fn(status, detail));
    this.own.watch((status, detail) => !this.shared && fn(status, detail));
  }

  /** @param {EngineClient["onSnapshot"]} fn */
  set onSnapshot(fn) {
    this.own.onSnapshot = fn;
  }

  get onSnapshot() {
    return this.own.onSnapshot;
  }

  // the computer's own worker, for the page's tests (e2e/test_reliability.py)
  get worker() {
    return this.own.worker;
  }

  get standby() {
    return this.own.standby;
  }

  get bootMarks() {
    return this.own.bootMarks;
  }
}
