// @ts-check
// Hints: the analysis's best move for the position shown, pre-picked on the board and said
// with the chances it keeps. A hint is asked while the player keeps the board: Undo, a
// move, a new game or another game abandon it at once, like a computer's turn.

import { engineHelps } from "../store/state.js";
import { isOn } from "../ui/settings.js";
import { renderControls } from "../view/render.js";
import { Cancelled } from "../engine/call.js";
import { report } from "./busy.js";

const html = document.documentElement;

/** @param {import("./turns.js").Page} app */
export function createHints(app) {
  const { state } = app;
  let hintToken = 0;

  /** @param {boolean} on */
  function setHinting(on) {
    state.hinting = on;
    html.dataset.hinting = on ? "true" : "false";
  }

  // Abandon the hint being searched (its button again, Escape, or anything that changes
  // the position): the page lets go at once, the worker is replaced behind it.
  function cancelHint() {
    if (!state.hinting) return;
    hintToken++;
    setHinting(false);
    renderControls(state); // the Hint button at once; the rest with the next frame
    app.redraw();
    // the worker's replacement, off the key's path (unless a new hint came first)
    setTimeout(() => state.hinting || app.analysis.cancel(), 0);
  }

  // Not busy while the engine looks for a hint: the player keeps the board and the
  // toolbar, and whatever changes the position abandons the hint (cancelThinking). The
  // hint is the analysis's best move (review/analysis.js): at once when the position has
  // been analysed already, else searched by the deep worker; asked again, it stops.
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

  return { hint, cancelHint };
}
