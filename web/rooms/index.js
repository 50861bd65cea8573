// @ts-check
// The page's modes as rooms: playing the game, reviewing an earlier position of it, and
// "learn from your mistakes". The page is in exactly one room at a time: the first of
// ROOMS whose `here(state)` holds. Everything outside a room asks the room (what a move
// picked on the board does, what the status line says, which controls it allows) instead
// of testing which mode is on; a room's own controller (review/navigation.js,
// review/retro.js) enters and leaves it by setting its part of the state.
//
// Adding a mode (puzzles, lessons) is adding a room here and its controller
// (docs/web.md, "Modes as rooms").

import { learnRoom } from "./learn.js";
import { playRoom } from "./play.js";
import { puzzleRoom } from "./puzzle.js";
import { reviewRoom } from "./review.js";

/**
 * @typedef {import("../store/state.js").State} State
 * @typedef {object} Room
 * @property {string} id                       "play", "review", "learn", …
 * @property {(state: State) => boolean} here   is the page in this room now
 * @property {(state: State) => boolean} picks  may the player pick a move on the board
 *   (the page being ready and not busy is checked by the caller: view/render.js)
 * @property {(state: State) => string | null} status  the status line's words; null: the
 *   game's own (whose move, the result)
 * @property {boolean} live      the game's current position is shown and played on: the
 *   opponent's move is announced and sounded, "Your move" in the tab's title, the link to
 *   send in a game by links
 * @property {boolean} changesGame  undo and redo may change the game
 * @property {boolean} hints      the hint may be asked
 * @property {boolean} navigates  the move list, the chart and the arrows move through the game
 * @property {boolean} continues  "Continue from here" is offered (an earlier position shown)
 * @property {boolean} judges     the review's note judges the move shown (its mark, the better move)
 * @property {boolean} notes      the walkthrough's notes under the board (the pie rule …)
 * @property {boolean} keepsPosition  a move the player did not make (the computer's,
 *   another tab's) leaves the position shown on the board
 * @property {(app: any, move: string) => boolean} [move]  a move picked on the board:
 *   taken by the room (true), else played into the game
 * @property {(app: any) => boolean} [escape]  Escape: used by the room (true)
 * @property {(app: any) => void} [back]  "Back to the game"
 * @property {(state: State, how: {keep: boolean}) => void} [leave]  a new position of the
 *   game was set: let go of the room's state unless it still fits
 * @property {(state: State) => {record: Nibble.Record, view: Nibble.View} | null} [shows]
 *   a position of the room's own on the board instead of the game's (a puzzle); the game
 *   stays as it was underneath
 * @property {(state: State, seat: Nibble.Seat) => string} [seatName]  how the room names
 *   the seats of its own position ("You", "Opponent")
 * @property {(state: State) => object[]} [overlays]  what the room draws over the board
 *   (a puzzle's hint)
 * @property {(state: State) => string | null} [address]  the query the address bar shows
 *   while in the room ("puzzle=<id>": a reload opens it again)
 * @property {(app: any) => void} [share]  Share: the room's own link (a puzzle's)
 */

// most particular first; play, the room of a game going on, last (it is always there)
/** @type {readonly Room[]} */
export const ROOMS = [puzzleRoom, learnRoom, reviewRoom, playRoom];

/** The room the page is in. @param {import("../store/state.js").State} state @returns {Room} */
export function roomOf(state) {
  return ROOMS.find((room) => room.here(state)) ?? playRoom;
}

/**
 * The position on the board: the room's own (a puzzle), an earlier one of the game
 * (review, a try while learning), or the game's.
 * @param {import("../store/state.js").State} state @returns {Nibble.View | null}
 */
export function shownView(state) {
  return roomOf(state).shows?.(state)?.view ?? state.review?.view ?? state.view;
}

/**
 * The record of the position on the board (see shownView).
 * @param {import("../store/state.js").State} state @returns {Nibble.Record | null}
 */
export function shownRecord(state) {
  const own = roomOf(state).shows?.(state);
  if (own) return own.record;
  return state.review ? { ...state.record, moves: state.record.moves.slice(0, state.review.ply) } : state.record;
}

/**
 * A new position of the game was set (a move, another game, undo): every room whose
 * state no longer fits it lets go. `keep`: the position reviewed stays shown (a move the
 * player did not make, while reviewing).
 * @param {import("../store/state.js").State} state @param {{keep: boolean}} how
 */
export function leaveRooms(state, how) {
  for (const room of ROOMS) room.leave?.(state, how);
}
