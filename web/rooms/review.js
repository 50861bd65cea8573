// @ts-check
// Reviewing: an earlier position of the game shown (review/navigation.js), its move judged.

import { t } from "../i18n/i18n.js";

/** @type {import("./index.js").Room} */
export const reviewRoom = {
  id: "review",
  here: (state) => !!state.review,
  picks: () => false,
  status: (state) => t("status.review", { ply: state.review.ply, total: state.record.moves.length }),
  live: false,
  changesGame: true,
  hints: true,
  navigates: true,
  continues: true,
  judges: true,
  notes: true,
  keepsPosition: true,
  escape(app) {
    app.state.review = null;
    app.render();
    return true;
  },
  back: (app) => app.navigation.last(),
  leave(state, { keep }) {
    if (!keep) state.review = null;
  },
};
