// @ts-check
// Puzzles and rule lessons (puzzles/ctrl.js, their controller): a position of its own on
// the board, where the player finds the solver's moves and the page plays the replies. The game shown
// stays as it was underneath; "Back to the game" returns to it.

import { t } from "../i18n/i18n.js";

/** @type {import("./index.js").Room} */
export const puzzleRoom = {
  id: "puzzle",
  here: (state) => !!state.puzzle,
  picks: (state) => state.puzzle.phase === "solving" && state.puzzle.view.to_move === state.puzzle.entry.solver,
  status: (state) => {
    // said again in the page's language if the player changed it since
    const puzzle = state.puzzle;
    const lang = document.documentElement.lang;
    if (puzzle.words && puzzle.statusLang !== lang) {
      puzzle.status = puzzle.words();
      puzzle.statusLang = lang;
    }
    return puzzle.status;
  },
  live: false,
  changesGame: false,
  hints: false, // the puzzle's own hint (puzzle-hint) shows a cell, not the engine's move
  navigates: false,
  continues: false,
  judges: false,
  notes: false,
  keepsPosition: true, // a move in the game underneath (the computer's, another tab's) leaves the puzzle shown
  shows: (state) => state.puzzle,
  seatName: (state, seat) => (seat === state.puzzle.entry.solver ? t("seat.you") : t("puzzle.opponent")),
  overlays: (state) => (state.puzzle.hint.length ? [{ kind: "best", cells: state.puzzle.hint }] : []),
  // a reload opens it again: a lesson, a shipped puzzle, a personal one from a link (its
  // fragment stays); one of the player's own has no address (a reload shows the game)
  address: (state) => {
    const { kind, entry, lesson } = state.puzzle;
    if (lesson) return `lesson=${entry.id}`;
    if (kind === "own") return null;
    return kind === "shared" ? "puzzle=own" : `puzzle=${entry.id}`;
  },
  move(app, move) {
    app.puzzles.attempt(move);
    return true;
  },
  escape(app) {
    if (app.state.sel.pick.length) app.turns.clearPick(); // a pick first
    else app.puzzles.stop();
    return true;
  },
  back: (app) => app.puzzles.stop(),
  share: (app) => app.puzzles.share(),
  // another game opened (a link, the Games list): the puzzle gives way to it
  leave(state, { keep }) {
    if (!keep) state.puzzle = null;
  },
};
