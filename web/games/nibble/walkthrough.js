// @ts-check
// Nibble's first-game walkthrough (data for ../walkthrough.js): the takeable discs, the
// largest take of several discs, the colour table and its numbers, then "your move".

export default {
  stored: "", // the mark kept since before there were tours of other games
  offer: ({ t }) => [t("walkthrough.offer.title"), t("walkthrough.offer.text")],
  steps: [
    {
      id: "takeable",
      after: "table",
      spots: ({ state }) => [...(state.picker?.start || [])],
      text: ({ t, view }) => [t("walkthrough.takeable.title"), t(view.board?.shape === "hex" ? "walkthrough.takeable.hex" : "walkthrough.takeable.square")],
    },
    {
      id: "several",
      after: "table",
      // the largest take of several discs; on an opening board without one (about half of
      // them), the single takes, so that the step still points at the board
      spots: ({ view, state }) => {
        const moves = (view.legal_moves || []).filter((m) => m.includes("+"));
        const best = moves.reduce((a, m) => (!a || m.split("+").length > a.split("+").length ? m : a), null);
        return best ? best.split("+") : [...(state.picker?.start || [])];
      },
      text: ({ t, view }, spotted) => {
        const several = (view.legal_moves || []).some((m) => m.includes("+"));
        if (several) return [t("walkthrough.several.title"), t("walkthrough.several.text", { cells: spotted.join(", ") })];
        return [t("walkthrough.several.title"), spotted.length ? t("walkthrough.several.later") : t("walkthrough.several.none")];
      },
    },
    {
      id: "table",
      panel: () => {
        const table = document.querySelector("#game-panel .color-table");
        return table?.closest(".panel-section") || table;
      },
      text: ({ t, view }) => {
        const th = view.thresholds || {};
        return [t("walkthrough.table.title"), t("walkthrough.table.text", { all: th.all ?? 9, adjacent: th.adjacent ?? 7, majority: th.majority ?? 5, majorities: th.majorities ?? 5 })];
      },
    },
    {
      id: "play",
      text: ({ t }) => [t("walkthrough.play.title"), t("walkthrough.play.text")],
    },
  ],
};
