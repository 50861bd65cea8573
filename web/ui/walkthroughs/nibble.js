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
      spots: ({ view }) => {
        const moves = (view.legal_moves || []).filter((m) => m.includes("+"));
        const best = moves.reduce((a, m) => (!a || m.split("+").length > a.split("+").length ? m : a), null);
        return best ? best.split("+") : [];
      },
      text: ({ t }, spotted) => [t("walkthrough.several.title"), spotted.length ? t("walkthrough.several.text", { cells: spotted.join(", ") }) : t("walkthrough.several.none")],
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
