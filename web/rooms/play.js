// @ts-check
// Playing the game: its current position, moves played into it.

import { remoteTurn } from "../store/state.js";

/** @type {import("./index.js").Room} */
export const playRoom = {
  id: "play",
  here: () => true,
  picks(state) {
    const view = state.view;
    return !!view && !view.result && !state.thinking && !state.early && state.seats[view.to_move] !== "ai" &&
      !remoteTurn(state, view); // a game played by links: the other player moves on their device
  },
  status: () => null,
  live: true,
  changesGame: true,
  hints: true,
  navigates: true,
  continues: false,
  judges: true,
  notes: true,
  keepsPosition: false,
};
