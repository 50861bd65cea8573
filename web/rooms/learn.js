// @ts-check
// "Learn from your mistakes" (review/retro.js, its controller): the position before a
// mistake takes tries, judged and never played into the game.

/** @type {import("./index.js").Room} */
export const learnRoom = {
  id: "learn",
  here: (state) => !!state.practice,
  picks: (state) => state.practice.phase === "try",
  status: (state) => state.practice.status, // what the player is asked (retro.js)
  live: false,
  changesGame: false,
  hints: false,
  navigates: false,
  continues: false,
  judges: false, // the try is judged instead
  notes: false,
  keepsPosition: false,
  move(app, move) {
    app.retro.attempt(move);
    return true;
  },
  escape(app) {
    if (app.state.sel.pick.length) app.turns.clearPick(); // a try's pick first
    else app.retro.stop();
    return true;
  },
  back: (app) => app.retro.stop(),
  // the game moved on (another game, a move elsewhere): the session is over
  leave(state) {
    state.practice = null;
  },
};
