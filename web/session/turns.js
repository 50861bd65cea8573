// @ts-check
// The turn loop: setting a position, the player's moves, computer seats, hints, undo and
// redo, review, pause. Every engine call goes through the rules worker (fast ops) or the
// computer's worker (`ai`), and anything that changes the position first abandons what
// the computer was thinking about (cancel: the computer's worker is replaced, so nothing
// ever queues behind a search).

import { presentationFor } from "../games/index.js";
import { t } from "../i18n/i18n.js";
import { explain } from "../i18n/reasons.js";
import { dismissMessage, showMessage } from "../ui/messages.js";
import { EMPTY, pickerFor } from "../board/pick.js";
import { defaultLevel, engineHelps } from "../store/state.js";
import { isOn } from "../ui/settings.js";
import { hasHuman, isAi, renderControls, seatNamer } from "../view/render.js";
import { leaveRooms, roomOf } from "../rooms/index.js";

const html = document.documentElement;
// The bridge answers within budget + 20 % + the replay (never 2 s over): past this, the
// computer's worker counts as stuck even if it still beats (a dead one is noticed sooner,
// when its heartbeat stops: engine-client.js).
/** @param {number} budget */
const aiTimeLimit = (budget) => Math.ceil(budget * 1.2) + 3_000;

// The engine's refusals, said in the player's language (reasons.js).
export class EngineError extends Error {
  /** @param {Nibble.BridgeError} error */
  constructor(error) {
    super(explain(error));
    this.code = error.code;
    this.error = error;
  }
}

export class Cancelled extends Error {}

/**
 * One request; throws EngineError for a refusal and Cancelled when it was abandoned.
 * @template {Nibble.BridgeRequest} R
 * @param {import("../engine/engine-client.js").EngineClient} engine
 * @param {R} request
 * @param {{timeoutMs?: number}} [options]
 * @returns {Promise<Nibble.BridgeAnswers[R["op"]]>}
 */
export async function call(engine, request, options) {
  const response = await engine.request(request, options);
  if (response?.cancelled) throw new Cancelled();
  if (response && response.error) throw new EngineError(response.error);
  return /** @type {Nibble.BridgeAnswers[R["op"]]} */ (response); // neither cancelled nor refused
}

// Positions seen lately, so that undo, redo and review need no engine call.
const KNOWN = 128;
const FORCED_AFTER_MS = 900; // a forced pass is said, then played this much later
const FORCED_RETRY_MS = 300; // … or as soon as the page is free (busy, reviewing, booting)

// Does `next` continue the game `old` (same game, options and set-up, and more moves that
// begin with all of old's)? Such a change keeps the position reviewed.
/** @param {Nibble.Record | null} old @param {Nibble.Record | null} next */
export function continues(old, next) {
  if (!old || !next || old === next) return false;
  return old.game === next.game && JSON.stringify(old.options ?? {}) === JSON.stringify(next.options ?? {}) &&
    (old.setup ?? "") === (next.setup ?? "") && next.moves.length > old.moves.length &&
    old.moves.every((move, i) => next.moves[i] === move);
}

export function createTurns(app) {
  /** @type {{state: import("../store/state.js").State}} */
  const { state } = app;
  /** @type {Map<string, {record: Nibble.Record, view: Nibble.View}>} */
  const known = new Map(); // "<game id> <moves>" -> {record, view}

  // (a resigned game's end is another position than the same moves played on)
  /** @param {{moves: string[], resigned?: Nibble.Seat | null}} record */
  function keyOf(record) {
    return `${state.id} ${record.moves.join(" ")}${record.resigned == null ? "" : ` resigned:${record.resigned}`}`;
  }

  /** @param {Nibble.Record} record @param {Nibble.View} view */
  function remember(record, view) {
    const key = keyOf(record);
    known.delete(key);
    known.set(key, { record, view });
    while (known.size > KNOWN) known.delete(known.keys().next().value);
  }

  // The position after `moves` of the game shown: from memory, else from the engine.
  /** @param {string[]} moves @returns {Promise<{record: Nibble.Record, view: Nibble.View}>} */
  async function positionAfter(moves) {
    const hit = known.get(keyOf({ moves }));
    if (hit) return hit;
    const { resigned: _, ...record } = state.record; // a position before the end: nobody resigned there
    const response = await call(app.rules, { op: "load", record: { ...record, moves } });
    remember(response.record, response.view);
    return response;
  }

  function setThinking(on) {
    state.thinking = on;
    html.dataset.thinking = on ? "true" : "false";
  }

  // A hint is asked while the player keeps the board: Undo, a move, a new game or another
  // game abandon it at once, like a computer's turn.
  let hintToken = 0;
  function setHinting(on) {
    state.hinting = on;
    html.dataset.hinting = on ? "true" : "false";
  }

  // Abandon the computer's move or hint being thought about (it would be for a position
  // that is going away). Returns at once; the computer's worker is replaced in the background.
  function cancelThinking() {
    state.generation++;
    app.ai.cancel();
    setThinking(false);
    if (state.hinting) cancelHint();
  }

  // Abandon the hint being searched (its button again, Escape, or anything that changes
  // the position): the page lets go at once, the analysis worker is replaced behind it.
  function cancelHint() {
    if (!state.hinting) return;
    hintToken++;
    setHinting(false);
    renderControls(state); // the Hint button at once; the rest with the next frame
    app.redraw();
    // the analysis worker's replacement, off the key's path (unless a new hint came first)
    setTimeout(() => state.hinting || app.analysis.cancel(), 0);
  }

  // Show `record`/`view` as the game's position. `save`: false when the position came from
  // storage (another tab, a resume) and is already saved as it is. `keepReview`: a move
  // the player did not make (the computer's, another tab's) leaves the position they are
  // reviewing on the board, as lichess does; the move list and the chart grow.
  // What follows (saving, drawing, saying the move, the result, the computer's turn, a
  // forced pass) are listeners of this one change (onPosition; effects.js), in order.
  /** @type {((change: import("./effects.js").PositionChange) => void)[]} */
  const listeners = [];
  /** @param {Nibble.Record} record @param {Nibble.View} view @param {{save?: boolean, keepReview?: boolean}} [options] */
  function setPosition(record, view, { save = true, keepReview = false } = {}) {
    if (state.hinting) cancelThinking(); // a hint for the position that is going away
    const moved = !!(state.announce && state.record && record.moves.length === state.record.moves.length + 1);
    const reviewing = !!(keepReview && roomOf(state).keepsPosition && continues(state.record, record));
    state.record = record;
    state.view = view;
    remember(record, view);
    state.sel = EMPTY;
    state.hint = null;
    leaveRooms(state, { keep: reviewing }); // e.g. "learn from your mistakes" is over once the game moves on
    state.picker = pickerFor(view);
    state.generation++;
    state.early = null;
    setThinking(false);
    const change = { record, view, save, moved, reviewing };
    for (const listener of listeners) listener(change);
  }

  // A forced pass said is said until the move after it (or the end); then the next one.
  /** @param {import("./effects.js").PositionChange} change */
  function forcedAfter({ record, view }) {
    if (forcedAt !== null && (view.result || (record.moves.length !== forcedAt && record.moves.length !== forcedAt + 1))) {
      dismissMessage("forced");
      forcedAt = null;
    }
    playForced();
  }

  // Focus never drops to <body>: after a move the board has it, on the cell last used.
  function keepFocus() {
    const active = /** @type {(Element & {disabled?: boolean}) | null} */ (document.activeElement);
    if (!active || active === document.body || active.disabled || active.closest?.("[hidden]")) {
      if (!document.querySelector("dialog[open]")) app.board.focus();
    }
  }

  let forcedAt = null; // moves played when a forced move was said (its message stays till after it)

  // A move a human seat cannot avoid (a forced pass) is played for them, and said. It
  // waits for the page to be free (a request under way, the engine restarting, the player
  // reviewing an earlier move), however long that takes: the game has no other way on.
  // Anything that sets another position ends the wait.
  function playForced() {
    const view = state.view;
    const forced = view?.input?.forced;
    if (!forced || view.result || isAi(state, view.to_move)) return;
    const generation = state.generation;
    forcedAt = state.record.moves.length;
    showMessage(t(`forced.${forced}`, { player: seatNamer(state)(view.to_move) }), "info", null, { key: "forced" });
    const attempt = () => {
      if (generation !== state.generation) return;
      if (state.busy || state.review || state.early || state.engine !== "ready") {
        setTimeout(attempt, FORCED_RETRY_MS);
        return;
      }
      withBusy(() => playMove(forced));
    };
    setTimeout(attempt, FORCED_AFTER_MS);
  }

  // An engine refusal in the player's words; anything else as an unexpected error.
  function report(error) {
    showMessage(error instanceof EngineError ? error.message : t("error.unexpected", { message: String(error?.message || error) }));
  }

  async function withBusy(fn) {
    state.busy = true;
    renderControls(state);
    try {
      const result = await fn();
      return result;
    } catch (error) {
      if (!(error instanceof Cancelled)) report(error);
      return null;
    } finally {
      state.busy = false;
      app.render();
      keepFocus();
    }
  }

  /** @param {string} move */
  async function playMove(move) {
    const from = state.record;
    const response = await call(app.rules, { op: "play", record: from, move });
    app.session.humanMoved();
    state.announce = true;
    if (state.record !== from) {
      // another tab's game was shown meanwhile: the move was made from the position before
      app.session.fork(response);
      return;
    }
    if (state.redo.length && state.redo[state.redo.length - 1] === move) state.redo.pop();
    else state.redo = [];
    setPosition(response.record, response.view);
  }

  function confirmPick() {
    if (!state.picker || state.busy || state.thinking || state.early) return;
    const pending = state.picker.pending(state.sel);
    if (!pending) return;
    if (roomOf(state).move?.(app, pending.move)) return; // e.g. a try, judged, never played into the game
    if (state.engine !== "ready") {
      // drawn before the engine is up: played the moment it is (app.js, playEarly)
      state.early = pending.move;
      app.render();
      return;
    }
    withBusy(() => playMove(pending.move));
  }

  // The move confirmed before the engine was up, now that it is and the game drawn early
  // turned out to be the game opened.
  function playEarly() {
    const move = state.early;
    state.early = null;
    if (move) withBusy(() => playMove(move));
  }

  // A move not made on the board (a swap): a button of the pick bar.
  function playAction(move) {
    if (!app.interactive()) return;
    if (!roomOf(state).move?.(app, move)) withBusy(() => playMove(move));
  }

  function clearPick() {
    state.sel = EMPTY;
    state.hint = null;
    app.render();
  }

  function onCellActivate(id, interactiveNow) {
    if (!interactiveNow) return;
    const next = state.picker.click(state.sel, id);
    if (!next) {
      explainClick(id);
      return;
    }
    state.hint = null;
    if (next.play) {
      state.sel = EMPTY;
      if (!roomOf(state).move?.(app, next.play)) withBusy(() => playMove(next.play));
      return;
    }
    state.sel = next.sel;
    app.render();
  }

  // A click that picks nothing: ask the engine why that move is not allowed, and say it
  // next to the board in the player's language ("b2 cannot take a disc: …").
  async function explainClick(id) {
    // the position on the board: the game's, or an earlier one while learning from mistakes
    const view = state.review?.view ?? state.view;
    const record = state.review ? { ...state.record, moves: state.record.moves.slice(0, state.review.ply) } : state.record;
    const probe = presentationFor(view.game).probeMove?.(view, state.sel, id);
    if (!probe) return;
    const generation = state.generation;
    const response = await app.rules.request({ op: "play", record, move: probe });
    if (generation !== state.generation || !response?.error) return;
    showMessage(explain(response.error), "warning", null, { key: "why-not", sticky: false });
  }

  async function undo() {
    if (!state.record || !state.record.moves.length) return;
    cancelThinking();
    await withBusy(async () => {
      const moves = [...state.record.moves];
      const undone = [];
      let response;
      do {
        undone.push(moves.pop());
        response = await positionAfter(moves);
      } while (moves.length && hasHuman(state) && isAi(state, response.view.to_move));
      state.redo.push(...undone);
      state.announce = false;
      app.closeResultDialog();
      setPosition(response.record, response.view);
    });
  }

  async function redo() {
    if (!state.redo.length) return;
    cancelThinking();
    await withBusy(async () => {
      let record = state.record;
      let response;
      do {
        const move = state.redo.pop();
        response = known.get(keyOf({ moves: [...record.moves, move] })) || (await call(app.rules, { op: "play", record, move }));
        record = response.record;
      } while (state.redo.length && hasHuman(state) && isAi(state, response.view.to_move) && !response.view.result);
      state.announce = true;
      setPosition(response.record, response.view);
    });
  }

  function budgetFor(levelId) {
    const level = (state.games?.levels || []).find((l) => l.id === levelId);
    return level?.budget_ms ?? 1000;
  }

  function level() {
    return state.level || defaultLevel(state.games) || "medium";
  }

  // Ask the computer's worker for a move: {move, value} (value: the estimate in [-1, 1]
  // for the side to move).
  /** @param {string} levelId */
  async function askEngine(levelId) {
    const budget = budgetFor(levelId);
    const seed = Math.floor(Math.random() * 2 ** 31);
    const response = await call(app.ai.wake(), { op: "ai", record: state.record, level: levelId, seed, budget_ms: budget }, { timeoutMs: aiTimeLimit(budget) });
    if (typeof response.move !== "string") throw new EngineError({ code: "internal", message: "no move" });
    return { move: response.move, value: response.stats?.value ?? null };
  }

  const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function scheduleComputer() {
    const view = state.view;
    if (!view || view.result || !isAi(state, view.to_move) || state.thinking || state.paused) return;
    if (document.visibilityState === "hidden") return; // resumed on visibilitychange
    const generation = state.generation;
    const started = performance.now();
    setThinking(true);
    app.redraw(); // (a move of the player's: withBusy draws once it is done, in the same frame)
    (async () => {
      try {
        const { move } = await askEngine(level());
        if (generation !== state.generation) return;
        if (!hasHuman(state)) {
          // watching a computer-vs-computer game: keep to the chosen pace, and stop if paused
          await delay(state.pace - (performance.now() - started));
          if (generation !== state.generation) return;
          if (state.paused) {
            setThinking(false);
            app.render();
            return;
          }
        }
        const response = await call(app.rules, { op: "play", record: state.record, move });
        if (generation !== state.generation) return;
        state.redo = [];
        state.announce = true;
        app.session.computerMoved();
        setPosition(response.record, response.view, { keepReview: true });
      } catch (error) {
        if (error instanceof Cancelled || generation !== state.generation) return;
        setThinking(false);
        app.render();
        showMessage(t("error.ai", { message: error?.message || String(error) }), "error", retryButton(), { key: "error.ai" });
      }
    })();
  }

  function retryButton() {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button small";
    button.textContent = t("action.try-again");
    button.addEventListener("click", () => {
      button.closest("[data-message]")?.remove();
      scheduleComputer();
    });
    return button;
  }

  // Not busy while the engine looks for a hint: the player keeps the board and the
  // toolbar, and whatever changes the position abandons the hint (cancelThinking). The
  // hint is the analysis's best move (review/analysis.js): at once when the position has
  // been analysed already, else searched by the analysis worker; asked again, it stops.
  async function hint() {
    if (state.hinting) {
      cancelHint();
      return;
    }
    if (!app.interactive() || !engineHelps(state, isOn("help"))) return; // no coaching in a game of people
    const token = ++hintToken;
    const record = state.record;
    setHinting(true);
    app.render();
    try {
      const answer = await app.analysis.best(record);
      if (token !== hintToken || state.record !== record || !answer?.best) return;
      state.sel = state.picker.forMove(answer.best);
      state.hint = { move: answer.best, seat: answer.to_move, chances: answer.chances, exact: answer.exact, winner: answer.winner };
    } catch (error) {
      if (!(error instanceof Cancelled) && token === hintToken) report(error);
    } finally {
      if (token === hintToken) {
        setHinting(false);
        app.render();
      }
    }
  }

  function togglePause() {
    state.paused = !state.paused;
    app.render();
    if (!state.paused) scheduleComputer();
  }

  async function review(ply) {
    const record = state.record;
    if (!record || !roomOf(state).navigates) return;
    if (ply >= record.moves.length) {
      state.review = null;
      app.render();
      return;
    }
    try {
      const response = await positionAfter(record.moves.slice(0, ply));
      // another game, an undo or a practice came meanwhile: that position is not wanted
      if (!roomOf(state).navigates || (state.record !== record && !continues(record, state.record))) return;
      state.review = { ply, view: response.view };
      app.render();
    } catch (error) {
      if (!(error instanceof Cancelled)) showMessage(error.message);
    }
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") scheduleComputer();
  });
  // Leaving the page abandons the search (a page kept in the back-forward cache would
  // otherwise come back to a worker still busy with it).
  window.addEventListener("pagehide", () => {
    if (state.thinking || state.hinting) cancelThinking();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) scheduleComputer();
  });

  return {
    // a listener of every new position, after those before it (app.js lists them)
    onPosition: (listener) => listeners.push(listener),
    // the turn loop's own: the computer's turn, a forced pass
    computerAfter: () => scheduleComputer(),
    forcedAfter,
    setPosition, withBusy, playMove, confirmPick, playEarly, playForced, playAction, clearPick, onCellActivate, undo, redo,
    hint, cancelHint, togglePause, review, scheduleComputer, cancelThinking, setThinking, positionAfter,
    // the position after `moves` of the game shown if it is in memory ({record, view}), else undefined
    known: (moves) => known.get(keyOf({ moves })),
  };
}
