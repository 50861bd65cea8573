// @ts-check
// The turn loop, built from controllers with one job each: the position and its listeners
// (position.js), positions kept in memory (position-cache.js), the player's moves
// (moves.js) under withBusy (busy.js), the computer's turn (computer.js), hints
// (hints.js), a forced pass (forced.js), undo, redo and review (history.js). Every engine
// call goes through the rules worker, the computer's moves (`ai`) too, and anything that
// changes the position first abandons what the computer was thinking about (a long
// search: the rules worker is restored from the memory snapshot, so nothing queues behind
// it; a short one ends within its budget and its answer is dropped).

import { createBusy } from "./busy.js";
import { createComputer, setThinking } from "./computer.js";
import { createForced } from "./forced.js";
import { createHints } from "./hints.js";
import { createHistory } from "./history.js";
import { createMoves } from "./moves.js";
import { createPosition } from "./position.js";
import { createPositionCache } from "./position-cache.js";
import { worthAbandoning } from "../store/state.js";

/**
 * What the turn loop uses of the page (app.js builds it).
 * @typedef {object} Page
 * @property {import("../store/state.js").State} state
 * @property {import("../engine/engine-client.js").EngineClient} rules the rules worker
 * @property {import("../engine/computer-lane.js").ComputerLane} ai the computer's lane (the rules worker, and the deep worker for hints)
 * @property {{best(record: Nibble.Record): Promise<Suggestion | null>, cancel(): void}} analysis
 * @property {{humanMoved(): void, computerMoved(): void, fork(moved: Nibble.PositionAnswer): void}} session
 * @property {{focus(): void}} board
 * @property {() => void} render draw now
 * @property {() => void} redraw draw in the next frame
 * @property {() => boolean} interactive
 * @property {() => void} closeResultDialog
 */
/** @typedef {Partial<Pick<Nibble.AnalysisAnswer, "best" | "to_move" | "chances" | "exact" | "winner">>} Suggestion what a hint reads of the analysis's answer */
/**
 * @callback SetPosition
 * @param {Nibble.Record} record
 * @param {Nibble.View} view
 * @param {{save?: boolean, keepReview?: boolean}} [options]
 * @returns {void}
 */
/** @typedef {<T>(fn: () => Promise<T> | T) => Promise<T | null>} WithBusy */

/** @param {Page} app */
export function createTurns(app) {
  const { state } = app;
  const cache = createPositionCache(app);
  const hints = createHints(app);

  // Abandon the computer's move or hint being thought about (it would be for a position
  // that is going away). Returns at once; the rules worker is restored in the background.
  // (Only a computer's search: the analysis that shares the worker keeps its position.)
  function cancelThinking() {
    state.generation++;
    // a long search is abandoned at once (engine/computer-lane.js); a short one ends
    // within its budget, its answer dropped by the generation (store/state.js
    // worthAbandoning)
    if (state.thinking && worthAbandoning(state)) app.ai.cancel();
    setThinking(state, false);
    hints.cancelHint(); // (if there is one)
  }

  const { setPosition, onPosition } = createPosition(app, { remember: cache.remember, cancelThinking });
  const withBusy = createBusy(app);
  const moves = createMoves(app, { setPosition, withBusy });
  const computer = createComputer(app, { setPosition, cancelThinking });
  const forced = createForced(app, { withBusy, playMove: moves.playMove });
  const history = createHistory(app, { cache, setPosition, withBusy, cancelThinking });

  return {
    // a listener of every new position, after those before it (app.js lists them)
    onPosition,
    // the turn loop's own: the computer's turn, a forced pass
    computerAfter: () => computer.scheduleComputer(),
    forcedAfter: forced.forcedAfter,
    setPosition, withBusy, ...moves, playForced: forced.playForced, ...history,
    hint: hints.hint, cancelHint: hints.cancelHint, togglePause: computer.togglePause,
    scheduleComputer: computer.scheduleComputer, cancelThinking,
    /** @param {boolean} on */
    setThinking: (on) => setThinking(state, on),
    positionAfter: cache.positionAfter,
    // the position after `moves` of the game shown if it is in memory ({record, view}), else undefined
    known: cache.known,
  };
}
