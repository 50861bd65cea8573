// @ts-check
// The computer's lane: where the computer's moves and the analysis's quick first pass are
// asked — the rules worker, which is idle while the computer thinks — and the deep
// worker beside it.
//
// A Python heap costs about 80-120 MB of a phone's memory (issue 47): a game against the
// computer, at any level, holds one. A long search (hard, 1.5 s; expert, 5 s:
// store/state.js worthAbandoning) is abandoned at once when its position goes away: the
// rules worker is ended and restored from the memory snapshot (about half a second, while
// the page goes on from its position cache; what the page had asked meanwhile is sent to
// the new worker). Without a snapshot to restore from (a first visit before it is stored,
// a browser that cannot keep one), a boot would take seconds: the search is let end
// within its budget instead, as a short one is.
//
// `deep` does the work that may take seconds and must be abandoned at once without
// touching the game (a hint, the analysis's second pass, a puzzle check:
// review/analysis.js asks it directly): booted for that work and let go once idle.
//
//   const lane = new ComputerLane(rules, new EngineClient({ name: "deep", beats: true }));
//   await call(lane, { op: "ai", … });
//   lane.cancel();                        // a long search whose position went away

/** @typedef {import("./engine-client.js").EngineClient} EngineClient */
/** @typedef {(state: string, detail: {kind: string, message: string} | null) => void} StateListener */

export class ComputerLane {
  /** @param {EngineClient} rules @param {EngineClient} deep */
  constructor(rules, deep) {
    this.rules = rules;
    this.deep = deep;
  }

  /**
   * @template {Nibble.BridgeRequest} R
   * @param {R} request
   * @param {{timeoutMs?: number}} [options]
   */
  request(request, options) {
    return this.rules.request(request, options);
  }

  start() {
    return this.rules.ready;
  }

  // Boot again after a failure: the rules worker's is the page's to retry (loading.js).
  retry() {
    return this.rules.ready;
  }

  // Abandon the computer's search at once: the rules worker is restored from the memory
  // snapshot if there is one (else the search ends within its budget and its answer is
  // dropped). Only the computer's `ai` requests are abandoned: the rest goes to the new
  // worker.
  cancel() {
    return this.rules.snapshotKept && this.rules.abandon((request) => request.op === "ai");
  }

  get state() {
    return this.rules.state;
  }

  get busy() {
    return this.rules.busy;
  }

  /** Hear the rules worker's states.
   * @param {StateListener} fn */
  watch(fn) {
    this.rules.watch(fn);
  }
}
