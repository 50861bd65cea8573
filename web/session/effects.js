// @ts-check
// What follows a new position of the game shown, each its own listener of the one
// "position changed" event (position.js setPosition, in the order app.js registers them):
// keeping it (storage and the picture for the next visit), saying the move (screen
// readers, the board's arrival, the sound), and the end of the game (counted once, the
// result dialog). The computer's turn and a forced pass are the turn loop's own listeners
// (computer.js, forced.js).

import { explainResult, presentationFor } from "../games/index.js";
import { showResultDialog } from "../ui/dialogs.js";
import { t } from "../i18n/i18n.js";
import { announce } from "../ui/messages.js";
import { rememberView } from "../engine/paint.js";
import { countResult } from "../store/results.js";
import { moveSound } from "../ui/sound.js";
import { hasHuman, isAi, seatNamer } from "../view/render.js";

/**
 * A new position: what it is, and how it came.
 * @typedef {object} PositionChange
 * @property {Nibble.Record} record
 * @property {Nibble.View} view
 * @property {boolean} save       false: it came from storage (another tab, a resume), kept as it is
 * @property {boolean} moved      one move more than the position before it, to be said
 * @property {boolean} reviewing  the position reviewed stays on the board (keepReview)
 */

/** Saved, and drawn at once on the next visit. @param {any} app @returns {(change: PositionChange) => void} */
export function keepPosition(app) {
  return ({ record, view, save }) => {
    if (save) app.session.persist();
    rememberView(app.state.id, record, view, app.state.games);
  };
}

/** The move said: "Computer took c3 and e5, colour 7" (and the result), the board's
 * arrival and the sound of the opponent's move. @param {any} app @returns {(change: PositionChange) => void} */
export function sayMove(app) {
  const { state } = app;
  return ({ view, moved, reviewing }) => {
    if (!moved) return;
    announceMove(state, view);
    if (!reviewing && view.last_move && isAi(state, view.last_move.seat)) app.board.arrive();
    // the opponent's move: the computer's, or a friend's that came by link
    const theirs = view.last_move && (isAi(state, view.last_move.seat) || (state.link?.me != null && view.last_move.seat !== state.link.me));
    if (theirs && hasHuman(state)) moveSound();
  };
}

/** @param {any} state @param {Nibble.View} view */
function announceMove(state, view) {
  const ui = presentationFor(view.game);
  const ctx = { t, seatName: seatNamer(state) };
  const parts = [ui.describeMove ? ui.describeMove(view, ctx) : view.last_move?.move];
  if (view.result) {
    const explained = explainResult(view, ctx);
    parts.push(explained?.title, explained?.text);
  }
  announce(parts.filter(Boolean).join(". "));
}

/** The end of the game: counted once (ended here, by a move or a resignation) and shown
 * in the result dialog, when this device saw it happen. @param {any} app @returns {(change: PositionChange) => void} */
export function showResult(app) {
  const { state } = app;
  return ({ record, view }) => {
    if (!view.result) {
      state.resultShown = null;
      return;
    }
    if (state.resultShown === record.moves.length) return;
    state.resultShown = record.moves.length;
    if (state.announce) countResult(state);
    const explained = explainResult(view, { t, seatName: seatNamer(state) });
    if (explained && state.announce) {
      const onSend = unsent(state, record, view) ? () => app.linkPlay.sendMove() : null;
      showResultDialog({ ...explained, onNewGame: () => app.newGameDialog(), onRematch: () => app.rematch(false), onSameBoard: () => app.rematch(true), onSend });
    }
  };
}

/** A game by link that this device ended (its player's move or resignation) and has not
 * sent yet: the friends do not know it is over. @param {any} state @param {Nibble.Record} record @param {Nibble.View} view */
function unsent(state, record, view) {
  const me = state.link?.me;
  if (me == null) return false;
  const ender = record.resigned ?? view.last_move?.seat;
  if (ender !== me) return false;
  const sent = state.sent;
  return !(sent && sent.id === state.id && sent.ply === record.moves.length);
}
