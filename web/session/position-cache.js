// @ts-check
// Positions of the game shown seen lately, so that undo, redo and review need no engine
// call; the position after some of its moves, from memory or else from the engine.

import { call } from "../engine/call.js";

const KNOWN = 128;

/** @typedef {{record: Nibble.Record, view: Nibble.View}} Position */

// Does `next` continue the game `old` (same game, options and set-up, and more moves that
// begin with all of old's)? Such a change keeps the position reviewed.
/** @param {Nibble.Record | null} old @param {Nibble.Record | null} next */
export function continues(old, next) {
  if (!old || !next || old === next) return false;
  return old.game === next.game && JSON.stringify(old.options ?? {}) === JSON.stringify(next.options ?? {}) &&
    (old.setup ?? "") === (next.setup ?? "") && next.moves.length > old.moves.length &&
    old.moves.every((move, i) => next.moves[i] === move);
}

/** @param {import("./turns.js").Page} app */
export function createPositionCache(app) {
  const { state } = app;
  /** @type {Map<string, Position>} */
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
  /** @param {string[]} moves @returns {Promise<Position>} */
  async function positionAfter(moves) {
    const hit = known.get(keyOf({ moves }));
    if (hit) return hit;
    const { resigned: _, ...record } = state.record; // a position before the end: nobody resigned there
    const response = await call(app.rules, { op: "load", record: { ...record, moves } });
    remember(response.record, response.view);
    return response;
  }

  return {
    remember,
    positionAfter,
    // the position after `moves` of the game shown if it is in memory, else undefined
    /** @param {string[]} moves @returns {Position | undefined} */
    known: (moves) => known.get(keyOf({ moves })),
  };
}
