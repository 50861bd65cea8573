// @ts-check
// Setting the game's position, and what follows it: each follower is a listener of the one
// change (app.js registers them in order: effects.js, then the computer's turn and a
// forced pass).

import { EMPTY, pickerFor } from "../board/pick.js";
import { leaveRooms, roomOf } from "../rooms/index.js";
import { setThinking } from "./computer.js";
import { continues } from "./position-cache.js";

/** @typedef {import("./effects.js").PositionChange} PositionChange */

/**
 * @param {import("./turns.js").Page} app
 * @param {{remember: (record: Nibble.Record, view: Nibble.View) => void, cancelThinking: () => void}} turns
 */
export function createPosition(app, { remember, cancelThinking }) {
  const { state } = app;
  /** @type {((change: PositionChange) => void)[]} */
  const listeners = [];

  // Show `record`/`view` as the game's position. `save`: false when the position came from
  // storage (another tab, a resume) and is already saved as it is. `keepReview`: a move
  // the player did not make (the computer's, another tab's) leaves the position they are
  // reviewing on the board, as lichess does; the move list and the chart grow.
  // What follows (saving, drawing, saying the move, the result, the computer's turn, a
  // forced pass) are listeners of this one change (onPosition; effects.js), in order.
  /** @type {import("./turns.js").SetPosition} */
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
    setThinking(state, false);
    const change = { record, view, save, moved, reviewing };
    for (const listener of listeners) listener(change);
  }

  return {
    setPosition,
    // a listener of every new position, after those before it (app.js lists them)
    /** @param {(change: PositionChange) => void} listener */
    onPosition: (listener) => listeners.push(listener),
  };
}
