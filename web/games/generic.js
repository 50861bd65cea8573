// @ts-check
// Fallback presentation for a game without its own module: numbered grey discs,
// no side panel. Used only until a game gets its module (see games/index.js).

export default {
  id: "generic",
  paint(cell) {
    return cell.color == null ? null : { fill: "#8a8f98", ink: "#fff", label: String(cell.color) };
  },
  describeCell(cell, view, { t }) {
    return cell.color == null ? t("cell.empty", { cell: cell.id }) : t("cell.disc", { cell: cell.id, color: cell.color });
  },
  pickStatus() {
    return null;
  },
  renderPanel(container) {
    container.replaceChildren();
  },
  explainResult(view, { t, seatName }) {
    const r = view.result;
    if (!r) return null;
    const player = r.winner == null ? "" : seatName(r.winner);
    return {
      title: r.winner == null ? t("result.draw") : t("result.title", { player }),
      text: t("result.reason.other", { player, reason: r.reason }),
    };
  },
};
