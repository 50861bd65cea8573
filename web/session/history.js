// @ts-check
// Undo, redo and review: positions of the game shown taken from memory when it can
// (position-cache.js). Against the computer, undo goes back to the player's turn and redo
// replays the computer's answers too.

import { showMessage } from "../ui/messages.js";
import { roomOf } from "../rooms/index.js";
import { hasHuman, isAi } from "../view/render.js";
import { Cancelled, call } from "../engine/call.js";
import { continues } from "./position-cache.js";

/**
 * @param {import("./turns.js").Page} app
 * @param {{
 *   cache: ReturnType<typeof import("./position-cache.js").createPositionCache>,
 *   setPosition: import("./turns.js").SetPosition,
 *   withBusy: import("./turns.js").WithBusy,
 *   cancelThinking: () => void,
 * }} turns
 */
export function createHistory(app, { cache, setPosition, withBusy, cancelThinking }) {
  const { state } = app;

  async function undo() {
    if (!state.record || !state.record.moves.length) return;
    cancelThinking();
    await withBusy(async () => {
      const moves = [...state.record.moves];
      const undone = [];
      let response;
      do {
        undone.push(moves.pop());
        response = await cache.positionAfter(moves);
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
        response = cache.known([...record.moves, move]) || (await call(app.rules, { op: "play", record, move }));
        record = response.record;
      } while (state.redo.length && hasHuman(state) && isAi(state, response.view.to_move) && !response.view.result);
      state.announce = true;
      setPosition(response.record, response.view);
    });
  }

  // Show the position after `ply` moves of the game (the last: the game itself). The last
  // one asked wins: a position that arrives after a later one was asked for is not shown
  // (one in memory comes at once, one the engine makes a moment later).
  let asked = 0;
  /** @param {number} ply */
  async function review(ply) {
    const record = state.record;
    if (!record || !roomOf(state).navigates) return;
    const mine = ++asked;
    if (ply >= record.moves.length) {
      state.review = null;
      app.render();
      return;
    }
    try {
      const response = await cache.positionAfter(record.moves.slice(0, ply));
      if (mine !== asked) return;
      // another game, an undo or a practice came meanwhile: that position is not wanted
      if (!roomOf(state).navigates || (state.record !== record && !continues(record, state.record))) return;
      state.review = { ply, view: response.view };
      app.render();
    } catch (error) {
      if (!(error instanceof Cancelled)) showMessage(error.message);
    }
  }

  return { undo, redo, review };
}
