// @ts-check
// Background analysis: the engine's view of every position of the game shown — each
// seat's winning chances and the best move — filled in on the computer's lane (the rules
// worker) while it is idle (the bridge's `analyse` op, `hard`'s search at a small fixed
// budget): one Python heap fewer than a worker of its own. It gives way to a computer seat: it asks
// nothing while a computer is to move, and a position being analysed when the computer's
// turn comes ends first (within its budget: a fraction of a second).
//
// The answers are kept by position (game, options, set-up, moves so far), so that undo,
// review, another game and a game opened again reuse them. A first pass gives every
// position a quick fixed search (the `games` answer's limits.analyse.first_pass: about
// 60 ms a position on a desktop); once it is done and the player has left the page
// alone for a while, a second pass searches each again, the moves the first pass found
// most costly first (limits.analyse.second_pass, about DEEP_MS on a desktop). Each pass is
// a fixed search per game, capped in time (a slow phone), so that its answers, and the
// marks a finished game keeps, are the same on every device and under any load; where the
// engine gives none, the pass is FAST_MS or DEEP_MS.
// Hints ask for the position shown, before the rest. Last come the puzzle checks of
// "Your puzzles" (check(): the bridge's `judge` op on the position before a mistake of the
// player's), only while the deep worker is up anyway and the game shown is not one
// against the computer still going on.
//
// A worker that cannot start is tried again a few times, a while apart; meanwhile the
// review says that the analysis is unavailable (the game itself never depends on it).
//
// Hooks: html[data-analysing="true"] while the first pass runs (or a hint is searched).

import { call, Cancelled, EngineError } from "../engine/call.js";
import { engineHelps } from "../store/state.js";
import { isOn } from "../ui/settings.js";

export const FAST_MS = 300;
export const DEEP_MS = 1200; // the second pass's budget where the engine gives no fixed search
const FAST_CAP_MS = 2_000; // the fixed searches' time limits (a phone several times slower)
const DEEP_CAP_MS = 6_000;
const BREATH_MS = 5; // between two positions, for whatever else is queued
export const HINT_MS = 1500;
const IDLE_BEFORE_DEEP_MS = 4_000; // no input for this long before the second pass
const BLOCKED_RETRY_MS = 400;
// Waits that end with an event which pumps again (every render does, and a render follows a
// new position, a setting, the engine ready, Pause; the tab shown pumps too): checked again
// only this rarely, so that a page left alone sleeps (at 400 ms, a game of people waiting
// for its end cost 0.5 s of CPU every 30 s idle).
const WOKEN = new Set(["off", "engine", "people", "computer", "hidden"]);
const QUIET_RETRY_MS = 10_000;
const CACHE_SIZE = 4_000; // positions kept (at least the game shown's, however long)
const RETRY_FAILED_MS = 20_000; // a worker that could not start is tried again after this
const CHECK_CAP_MS = 20_000; // a puzzle check's bound (the judge op answers "time" after it)
const MAX_FAILED_RETRIES = 3;
const RELEASE_MS = 10_000; // the deep worker idle this long: let go
const HELP_FROM = 8; // first-pass positions left from which the deep worker boots to share them
const html = document.documentElement;
// refusals of the position itself (kept, so as not to ask again); anything else (a worker
// that died or is not there) is asked again later
const REFUSED = new Set(["bad-request", "bad-record", "illegal-move", "game-over"]);

// A request's time limit: its budget, the replay of the record, and a slow phone.
/** @param {number} budget */
const limitFor = (budget) => Math.ceil(budget * 1.2) + 3_000;

/**
 * A position's answer as the analysis keeps it: the engine's, with the budget it was asked
 * for; or, for a position the engine refused, the refusal (kept, so as not to ask again).
 * @typedef {(Nibble.AnalysisAnswer & {budget: number}) | Refused} Answer
 */
/** @typedef {Omit<Partial<Nibble.AnalysisAnswer>, "error"> & {error: string, budget: number}} Refused */

// Does `answer` (a position's) leave out the value of `move`, the game's next move there?
/** @param {Answer} answer @param {string} move */
export function lacksNext(answer, move) {
  return !answer.error && answer.to_move != null && !answer.forced && answer.played?.move !== move;
}

// How much the position's next move lowered its mover's chances by this answer (the best
// move's less the played move's, both of its one search); 0 when it does not say.
/** @param {Answer} answer */
export function dropOf(answer) {
  const seat = answer.to_move;
  const played = answer.played?.chances;
  if (answer.error || seat == null || answer.forced || !Array.isArray(played)) return 0;
  return Math.max(0, answer.chances[seat] - played[seat]);
}

/** @param {Nibble.Record} record @param {number} ply */
export function keyOf(record, ply) {
  return `${record.game}\u0000${JSON.stringify(record.options ?? {})}\u0000${record.setup ?? ""}\u0000${record.moves.slice(0, ply).join(" ")}`;
}

/**
 * @param {{state: import("../store/state.js").State}} app
 * @param {import("../engine/computer-lane.js").ComputerLane} engine the computer's lane: the first pass
 *   and the tries of "learn from your mistakes" are asked where the computer's moves are
 */
export function createAnalysis(app, engine) {
  const { state } = app;
  // The deep work (the second pass, puzzle checks) and hints: seconds a request, which a
  // cancel must be able to abandon at once, so never on the rules worker: the lane's deep
  // worker, booted for it and let go once idle (RELEASE_MS).
  const deep = engine.deep;
  let releaseTimer = null;
  /** @type {Map<string, Answer>} */
  const cache = new Map(); // key -> answer (with its budget)
  let version = 0; // bumped by every answer stored (answers() and judgements are kept until then)
  /** @type {{record: Nibble.Record | null, version: number, list: (Answer | undefined)[]}} */
  let memo = { record: null, version: -1, list: [] };
  let running = false;
  let deepRunning = false; // what is running is deep work (on the deep worker)
  let helping = false; // the deep worker is asked for a first-pass position (help())
  const inFlight = new Set(); // the positions being asked, by either loop (their keys)
  let enabled = true; // off only for measurements (e2e/bench_page.py: with and without)
  let retry = null;
  let lastInput = performance.now();
  /** @type {((plies: Set<number>) => void)[]} */
  const listeners = [];
  let renderQueued = false;
  const plies = new Set(); // the positions answered since the listeners last heard
  const askedNext = new Set(); // position and next move: answered without that move's value
  /** @typedef {{record: Nibble.Record, resolve: (answer: any) => void, reject: (error: unknown) => void}} Check */
  /** @type {Check[]} */
  const checks = []; // puzzle checks waiting, oldest first

  /** @param {string} key @param {Answer} answer */
  function store(key, answer) {
    const old = cache.get(key);
    // a shorter search (a try judged in "learn from your mistakes") never replaces a longer
    // one, unless it values a next move the longer one did not (a move made since)
    const newMove = answer.played && answer.played.move !== old?.played?.move;
    if (old && !old.error && old.budget > answer.budget && !answer.error && !newMove) return;
    cache.delete(key);
    cache.set(key, answer);
    // (the game shown's positions are always kept: evicting them would analyse it forever)
    const cap = Math.max(CACHE_SIZE, 2 * ((state.record?.moves.length ?? 0) + 1));
    while (cache.size > cap) cache.delete(cache.keys().next().value);
    version++;
  }

  // Every position's answer of `record` (index = ply), undefined where none yet; built
  // once per record and change of the cache, however many views ask in one render.
  /** @param {Nibble.Record | null} [record] @returns {(Answer | undefined)[]} */
  function answers(record = state.record) {
    if (!record) return [];
    if (memo.record !== record || memo.version !== version) {
      memo = { record, version, list: Array.from({ length: record.moves.length + 1 }, (_, ply) => at(ply, record)) };
    }
    return memo.list;
  }

  // The answer for the position after `ply` moves of the game shown (undefined if none yet).
  /** @param {number} ply @param {Nibble.Record | null} [record] @returns {Answer | undefined} */
  function at(ply, record = state.record) {
    return record ? cache.get(keyOf(record, ply)) : undefined;
  }

  // Listeners hear once a frame, with the plies answered meanwhile.
  function changed(ply) {
    plies.add(ply);
    if (renderQueued) return;
    renderQueued = true;
    requestAnimationFrame(() => {
      renderQueued = false;
      const answered = new Set(plies);
      plies.clear();
      for (const fn of listeners) fn(answered);
    });
  }

  // A worker that failed to start: started again now and then (a download that failed
  // for a moment, a device short of memory), a few times. One for the lane, one for the
  // deep worker; each hears its worker's states.
  /** @param {{retry: () => unknown}} client */
  function retrier(client) {
    let tries = 0;
    let since = 0;
    return {
      retry() {
        if (!since) since = performance.now();
        if (tries >= MAX_FAILED_RETRIES || performance.now() - since < RETRY_FAILED_MS) return;
        tries++;
        since = 0;
        client.retry();
      },
      /** @param {string} status */
      heard(status) {
        if (status === "ready") tries = 0;
        if (status !== "failed") since = 0;
      },
    };
  }
  const laneRetry = retrier(engine);
  const deepRetry = retrier(deep);
  // Requests waiting for a worker that then failed to start: the client keeps them for a
  // later boot, the analysis does not wait for one.
  /** @type {Set<(error: Error) => void>} */
  const waiting = new Set();
  /** @type {Set<(error: Error) => void>} */
  const deepWaiting = new Set(); // the same, on the deep worker
  /** @param {Set<(error: Error) => void>} pending */
  function failWaiting(pending) {
    for (const fail of pending) fail(new EngineError({ code: "engine-unavailable", message: "the analysis engine did not start" }));
    pending.clear();
  }
  engine.watch((status) => {
    laneRetry.heard(status);
    if (status === "failed") failWaiting(waiting);
    changed(-1); // the review says whether the analysis is available
    setTimeout(pump, 0); // up: at once, not at the next check; failed: say it is not working
  });
  // the deep worker's own troubles
  deep.watch((status) => {
    deepRetry.heard(status);
    if (status === "failed") failWaiting(deepWaiting);
    setTimeout(pump, 0);
  });

  // The deep worker is let go once nothing is asked of it for RELEASE_MS (its heap is the
  // page's largest cost: issue 47); the next deep work or hint boots it again from the
  // memory snapshot.
  function releaseLater() {
    if (releaseTimer || deep.state === "idle") return;
    releaseTimer = setTimeout(() => {
      releaseTimer = null;
      if (!deepRunning && hints === 0 && !deep.busy) deep.release();
    }, RELEASE_MS);
  }
  function keepDeep() {
    clearTimeout(releaseTimer);
    releaseTimer = null;
  }

  // Why the background work must wait now, or null.
  function blocked() {
    if (!enabled) return "off";
    if (state.engine !== "ready" || !state.record) return "engine";
    if (engine.state === "failed") {
      laneRetry.retry();
      return "worker";
    }
    // a computer seat about to think: leave it the processor (it is scheduled after a render)
    const view = state.view;
    // a game of people being played: its analysis waits for the end (state.js)
    if (!engineHelps(state, isOn("help"))) return "people";
    if (view && !view.result && !state.paused && state.seats[view.to_move] === "ai") return "computer";
    if (document.visibilityState === "hidden") return "hidden";
    if (state.thinking) return "computer";
    return null;
  }

  // The next job: the game shown's positions, else a puzzle check (background work for
  // the worker's idle time: never a reason to start it, never while the game shown might
  // need it and could not take it back).
  function nextJob() {
    const job = gameJob();
    if (job || !checks.length || deep.state !== "ready") return job;
    // (not in a game against the computer still going on: its next search could not wait)
    if (state.view && !state.view.result && state.seats.includes("ai")) return null;
    return { check: checks[0], deep: true };
  }

  // Is the first pass's answer for position `ply` of `record` still to ask (and not being
  // asked)? An answer from before the move after it was made does not value that move (the
  // mark compares it with the best move in the one search: marks.js), so it is asked again
  // (once per position and move: an answer that still lacks it is kept, not asked forever).
  /** @param {Nibble.Record} record @param {number} ply */
  function missing(record, ply) {
    const key = keyOf(record, ply);
    if (inFlight.has(key)) return false;
    const answer = cache.get(key);
    if (!answer) return true;
    if (ply >= record.moves.length || !lacksNext(answer, record.moves[ply])) return false;
    return !askedNext.has(`${key}\u0000${record.moves[ply]}`);
  }

  // A pass's fixed search for `record`'s game (the `games` answer's limits), or null.
  /** @param {Nibble.Record} record @param {string} pass @param {number} cap */
  function fixedFor(record, pass, cap) {
    const iterations = state.games?.limits?.analyse?.[pass]?.iterations?.[record.game];
    return iterations ? { iterations, cap } : null;
  }

  // The next position to analyse: the one shown first, then the game from its start.
  function gameJob() {
    const record = state.record;
    const total = record.moves.length;
    const shown = state.review ? state.review.ply : total;
    // nothing to review before the first move (a hint asks for itself: best()); a new
    // game's first seconds belong to the computer
    if (total === 0) return null;
    const fast = fixedFor(record, "first_pass", FAST_CAP_MS);
    if (missing(record, shown)) return { record, ply: shown, budget: FAST_MS, fixed: fast };
    for (let ply = 0; ply <= total; ply++) if (missing(record, ply)) return { record, ply, budget: FAST_MS, fixed: fast };
    if (inFlight.size) return null; // the deep worker's share of the first pass lands first (help())
    if (performance.now() - lastInput < IDLE_BEFORE_DEEP_MS) return { wait: IDLE_BEFORE_DEEP_MS };
    // a game against the computer still going on: the second pass waits for its end (its
    // searches, on another worker, would slow the computer's beside them on a phone's
    // cores, and they hold a second heap)
    if (!state.view?.result && state.seats.includes("ai")) return null;
    // the second pass: the moves the first found most costly first (they decide the marks
    // and "learn from your mistakes"), then the rest from the start
    let next = -1;
    let nextDrop = -1;
    for (let ply = 0; ply <= total; ply++) {
      const answer = cache.get(keyOf(record, ply));
      if (answer.budget >= DEEP_MS || answer.exact) continue;
      const drop = dropOf(answer);
      if (drop > nextDrop) [next, nextDrop] = [ply, drop];
    }
    return next < 0 ? null : { record, ply: next, budget: DEEP_MS, fixed: fixedFor(record, "second_pass", DEEP_CAP_MS), deep: true };
  }

  // (the second pass is background work: it does not count as analysing)
  let hints = 0; // hints being searched
  function setAnalysing(on) {
    const value = on || hints > 0 ? "true" : "false";
    if (html.dataset.analysing !== value) html.dataset.analysing = value;
  }

  // `budget`: ms, kept with the answer (a longer search's answer is not replaced by a
  // shorter one's); with `fixed`, a fixed search instead, which may take up to its cap.
  // `onDeep`: asked of the deep worker (a second-pass position, a hint), else of the lane.
  /** @param {Nibble.Record} record @param {number} ply @param {number} budget @param {{iterations: number, cap: number} | null} [fixed] @param {boolean} [onDeep] @returns {Promise<Answer>} */
  async function analyse(record, ply, budget, fixed = null, onDeep = false) {
    const seed = 1 + (ply % 1000); // reproducible per position
    const client = onDeep ? deep : engine;
    const pending = onDeep ? deepWaiting : waiting;
    let fail;
    /** @type {Promise<never>} */
    const failed = new Promise((_, reject) => pending.add((fail = reject)));
    let response;
    try {
      const limit = fixed ? { budget_ms: fixed.cap, iterations: fixed.iterations } : { budget_ms: budget };
      response = await Promise.race([call(client, { op: "analyse", record, ply, seed, ...limit }, { timeoutMs: limitFor(limit.budget_ms) }), failed]);
    } finally {
      pending.delete(fail);
    }
    const answer = { ...response, budget };
    const key = keyOf(record, ply);
    // an answer that does not value the next move although asked with it: not asked again
    if (ply < record.moves.length && lacksNext(answer, record.moves[ply])) askedNext.add(`${key}\u0000${record.moves[ply]}`);
    store(key, answer);
    if (record === state.record) changed(ply);
    return answer;
  }

  // Keep going while there is work and nothing to wait for. Called after every change.
  async function pump() {
    if (running) return;
    clearTimeout(retry);
    const why = blocked();
    if (why) {
      setAnalysing(false);
      releaseLater();
      retry = setTimeout(pump, WOKEN.has(why) ? QUIET_RETRY_MS : BLOCKED_RETRY_MS);
      return;
    }
    const job = nextJob();
    if (!job) {
      setAnalysing(false);
      releaseLater();
      return;
    }
    if (job.wait) {
      setAnalysing(false);
      releaseLater();
      retry = setTimeout(pump, job.wait);
      return;
    }
    const client = job.deep ? deep : engine;
    if (job.deep) keepDeep();
    if (client.state !== "ready") {
      // started once there is work; booting, or restarting after a crash: a moment later
      if (client.state === "idle") client.start();
      else if (job.deep && client.state === "failed") deepRetry.retry();
      setAnalysing(!job.deep);
      retry = setTimeout(pump, BLOCKED_RETRY_MS);
      return;
    }
    running = true;
    deepRunning = !!job.deep;
    setAnalysing(!job.deep);
    const key = job.check ? null : keyOf(job.record, job.ply);
    if (key) inFlight.add(key);
    if (!job.deep && !job.check) help(); // (a first-pass position: the deep worker may share the pass)
    try {
      if (job.check) await runCheck(job.check);
      else await analyse(job.record, job.ply, job.budget, job.fixed, job.deep);
    } catch (error) {
      if (error instanceof Cancelled) {
        // abandoned (a hint stopped): the loop goes on below
      } else if (job.deep) {
        // the first answer stays; the second pass moves on
        const kept = key && cache.get(key);
        if (kept) kept.budget = DEEP_MS;
      } else if (key && REFUSED.has(error?.code)) {
        refused(key, job.ply, error);
      } else {
        running = false;
        retry = setTimeout(pump, 5_000); // the worker is restarting or failed: later
        return;
      }
    } finally {
      if (key) inFlight.delete(key);
      running = false;
      deepRunning = false;
    }
    setTimeout(pump, BREATH_MS); // a breath between positions for whatever else is queued
  }

  // A position the engine refuses cannot be analysed: remembered as such, so that neither
  // loop asks it again.
  /** @param {string} key @param {number} ply @param {any} error */
  function refused(key, ply, error) {
    store(key, { error: String(error?.message || error), budget: Infinity, chances: null, exact: true });
    changed(ply);
  }

  // A finished game's first pass is shared with the deep worker, which would boot for the
  // second pass anyway: the lane takes the positions from the start, the deep worker from
  // the end, so a device with two cores or more values the game about twice as fast (a
  // 60-move game: issue 47 asks 5 s). Not in a game still going on (against the computer
  // its search has the processor, and a second heap would be held), not for a few
  // positions (a boot for nothing), not while a hint is searched.
  async function help() {
    const record = state.record;
    if (helping || hints > 0 || !record || !state.view?.result || blocked()) return;
    let ply = -1;
    let left = 0;
    for (let p = record.moves.length; p >= 0; p--) {
      if (!missing(record, p)) continue;
      if (ply < 0) ply = p;
      left++;
    }
    if (left < (deep.state === "ready" ? 2 : HELP_FROM)) return; // (the last one: the lane's)
    keepDeep();
    if (deep.state !== "ready") {
      if (deep.state === "idle") deep.start();
      if (deep.state !== "failed") setTimeout(help, BLOCKED_RETRY_MS); // booting: a moment later
      return;
    }
    const key = keyOf(record, ply);
    helping = true;
    inFlight.add(key);
    try {
      await analyse(record, ply, FAST_MS, fixedFor(record, "first_pass", FAST_CAP_MS), true);
    } catch (error) {
      if (REFUSED.has(error?.code)) refused(key, ply, error);
      else return; // abandoned (a hint stopped) or the worker failed: the lane goes on alone
    } finally {
      inFlight.delete(key);
      helping = false;
    }
    setTimeout(help, BREATH_MS);
    setTimeout(pump, 0); // (the lane may have waited for this answer)
  }

  // A puzzle check: the judge op on the position `record` ends at. A check that was
  // abandoned (the computer's turn) stays first in line; one the engine refuses, or that
  // fails otherwise, is answered with the error.
  /** @param {Check} job */
  async function runCheck(job) {
    try {
      const answer = await call(deep, { op: "judge", record: job.record, budget_ms: CHECK_CAP_MS }, { timeoutMs: limitFor(CHECK_CAP_MS) });
      checks.splice(checks.indexOf(job), 1);
      job.resolve(answer);
    } catch (error) {
      if (error instanceof Cancelled) throw error; // asked again later
      checks.splice(checks.indexOf(job), 1);
      job.reject(error);
    }
  }

  // Is the position `record` ends at a puzzle for its side to move (the judge op's answer)?
  // Asked when the worker has nothing else to do; rejects with the engine's error.
  /** @param {Nibble.Record} record @returns {Promise<any>} */
  function check(record) {
    return new Promise((resolve, reject) => {
      checks.push({ record, resolve, reject });
      setTimeout(pump, 0);
    });
  }

  // Has every position of `record` its second-pass answer (the marks as final as they get)?
  /** @param {Nibble.Record | null} [record] */
  function settled(record = state.record) {
    const list = answers(record);
    return list.length > 1 && list.every((a) => a && (a.error || a.exact || a.budget >= DEEP_MS));
  }

  // The best move for the position shown, from what is known or a search of its own
  // (cancel() abandons it). Resolves to the answer, or null when abandoned.
  /** @param {Nibble.Record} [record] @returns {Promise<Answer | null>} */
  async function best(record = state.record) {
    const ply = record.moves.length;
    const known = at(ply, record);
    if (known && known.best !== undefined && !known.error) return known;
    hints++;
    keepDeep();
    setAnalysing(true);
    if (deep.state === "idle") deep.start();
    else if (deep.state === "failed") deep.retry(); // asked for: try at once
    try {
      return await analyse(record, ply, HINT_MS, null, true);
    } catch (error) {
      if (error instanceof Cancelled) return null;
      throw error;
    } finally {
      hints--;
      if (!running) setAnalysing(false);
      pump();
    }
  }

  // Abandon what the analysis is asking the deep worker, at once (a hint nobody wants any
  // more). Nothing else needs that worker: it is let go rather than booted again.
  function cancel() {
    if (deep.cancel()) {
      running = false;
      deepRunning = false;
    }
    setTimeout(pump, 0);
  }

  for (const type of ["pointerdown", "keydown"]) {
    window.addEventListener(type, () => (lastInput = performance.now()), { capture: true, passive: true });
  }
  document.addEventListener("visibilitychange", () => pump());

  return {
    at,
    pump,
    // one position's answer at a budget of its own (a try in "learn from your mistakes")
    position: (record, ply, budget) => analyse(record, ply, budget),
    best,
    check,
    settled,
    cancel,
    onChange: (fn) => listeners.push(fn),
    setEnabled(on) {
      enabled = !!on;
      pump();
    },
    answers,
    get version() {
      return version;
    },
    // the worker the analysis asks could not start (and may be tried again later)
    get failed() {
      return engine.state === "failed";
    },
  };
}
