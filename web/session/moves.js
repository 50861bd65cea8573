// @ts-check
// The player's moves: picking on the board, confirming, moves not made on the board (a
// swap), a move confirmed before the engine was up, and why a click picks nothing. A
// move picked goes to the room first (a try while learning is judged, never played).

import { presentationFor } from "../games/index.js";
import { explain } from "../i18n/reasons.js";
import { showMessage } from "../ui/messages.js";
import { EMPTY } from "../board/pick.js";
import { roomOf, shownRecord, shownView } from "../rooms/index.js";
import { call } from "../engine/call.js";

/**
 * @param {import("./turns.js").Page} app
 * @param {{setPosition: import("./turns.js").SetPosition, withBusy: import("./turns.js").WithBusy}} turns
 */
export function createMoves(app, { setPosition, withBusy }) {
  const { state } = app;

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
  /** @param {string} move */
  function playAction(move) {
    if (!app.interactive()) return;
    if (!roomOf(state).move?.(app, move)) withBusy(() => playMove(move));
  }

  function clearPick() {
    state.sel = EMPTY;
    state.hint = null;
    app.render();
  }

  /** @param {string} id a cell @param {boolean} interactiveNow */
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
  /** @param {string} id */
  async function explainClick(id) {
    // the position on the board: the game's, an earlier one while learning from mistakes, a puzzle's
    const view = shownView(state);
    const record = shownRecord(state);
    const probe = presentationFor(view.game).probeMove?.(view, state.sel, id);
    if (!probe) return;
    const generation = state.generation;
    const response = await app.rules.request({ op: "play", record, move: probe });
    if (generation !== state.generation || !response?.error) return;
    showMessage(explain(response.error), "warning", null, { key: "why-not", sticky: false });
  }

  return { playMove, confirmPick, playEarly, playAction, clearPick, onCellActivate };
}
