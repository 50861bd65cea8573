// @ts-check
// Nebuchadnezzar presentation: black and white discs on the points of a square board,
// the players' colours and disc counts, the pie rule, "show captures", and the result.
// Everything shown comes from the view; no rules are computed here.

import { h } from "../../ui/dom.js";
import { legend } from "../../board/legend.js";
import marks from "./marks.js";
import walkthrough from "./walkthrough.js";
import en from "./i18n/en.js";
import ko from "./i18n/ko.js";
import uk from "./i18n/uk.js";
import { startAsBuilt } from "../start.js";

const FILL = { b: "#1b1c20", w: "#f5f4ef" };
const INK = { b: "#f5f4ef", w: "#1b1c20" };
const COLOR_OF = { black: "b", white: "w" };

let showCaptures = false; // the "show captures" switch, kept while the page is open

function colorWord(t, color) {
  return t(`nebuchadnezzar.color.${color}`);
}

// The seat that has just passed (no legal move), or null.
function passedBy(view) {
  return view.passes && !view.result && view.last_move?.move === "pass" ? view.last_move.seat : null;
}

function captures(view) {
  return (view.input?.moves || []).filter((m) => m.show?.area);
}

export default {
  // the first-game walkthrough, as data (panels/walkthrough.js)
  walkthrough,
  // this game's words in each language (added to the page's tables: i18n/i18n.js addWords)
  translations: { en, ko, uk },
  // the engine's refusals' params that are words: param -> key prefix (i18n/reasons.js)
  words: { enemy: "nebuchadnezzar.color.", color: "nebuchadnezzar.color.", disc: "nebuchadnezzar.color.", side: "nebuchadnezzar.side." },
  id: "nebuchadnezzar",
  // its start drawn before the engine is up (shell/start.js, paintStart): the seed plays no part
  startView: startAsBuilt,

  paint(cell) {
    if (!cell.disc) return null;
    return { fill: FILL[cell.disc], ink: INK[cell.disc], label: "", r: 0.88, tone: cell.disc };
  },

  seatColors(view) {
    return (view.colors || ["black", "white"]).map((c) => FILL[COLOR_OF[c]]);
  },

  describeCell(cell, view, { t }) {
    if (!cell.disc) return t("nebuchadnezzar.cell.empty", { cell: cell.id });
    return t(`nebuchadnezzar.cell.${cell.disc === "b" ? "black" : "white"}`, { cell: cell.id });
  },

  describeMove(view, { t, seatName }) {
    const last = view.last_move;
    if (!last) return "";
    const player = seatName(last.seat);
    if (last.move === "pass" || last.move === "swap") return t(`nebuchadnezzar.announce.${last.move}`, { player });
    if (last.move.startsWith("x")) return t("nebuchadnezzar.announce.capture", { player, move: last.move, count: last.cells.length });
    return t("nebuchadnezzar.announce.place", { player, cell: last.move });
  },

  probeMove(view, sel, id) {
    const cell = view.board.cells.find((c) => c.id === id);
    if (!cell) return null;
    return cell.disc ? `x${id}:${id}` : id;
  },

  prompt(view, { t, seatName }) {
    const color = colorWord(t, view.colors?.[view.to_move] || "black");
    if (view.input?.actions?.length) return t("nebuchadnezzar.status.swap", { player: seatName(view.to_move), color });
    const text = t("nebuchadnezzar.status.move", { player: seatName(view.to_move), color });
    // a forced pass just played: say who passed where the eye is, before whose move it is
    const passer = passedBy(view);
    return passer == null ? text : `${t("nebuchadnezzar.status.passed", { player: seatName(passer) })} ${text}`;
  },

  pickStatus(view, sel, pending, { t }) {
    if (!pending?.show?.area) return null;
    const text = t("nebuchadnezzar.status.capture", { move: pending.move, count: pending.show.area.length });
    return pending.count > 1 ? `${text} ${t("nebuchadnezzar.status.cycle", { count: pending.count })}` : text;
  },

  // a capture shows its rectangle; a placement is confirmed only when a hint picked it
  confirmLabel(pending, { t }) {
    return t(pending?.show?.area ? "action.confirm.nebuchadnezzar" : "action.confirm.nebuchadnezzar.place");
  },

  /** @param {Nibble.View} view @param {{state?: import("../../store/state.js").State}} [ctx] */
  overlays(view, { state } = {}) {
    if (showCaptures && !view.result) return captures(view).map((m) => ({ kind: "area", cells: m.show.area, tone: "hint" }));
    // the last capture: its rectangle, every disc of which changed colour
    const last = view.last_move;
    if (last?.cells?.length > 1 && !state?.sel?.pick?.length) return [{ kind: "area", cells: last.cells, tone: "last" }];
    return [];
  },

  renderPanel(container, view, { t, seatName, rerender }) {
    const rows = [0, 1].map((seat) => {
      const color = view.colors?.[seat] || (seat ? "white" : "black");
      const moving = !view.result && view.to_move === seat;
      return h("li", { class: `player-row seat-${seat}${moving ? " to-move" : ""}`, "data-seat": seat },
        h("span", { class: `seat-dot seat-${seat}` }),
        h("span", { class: "seat-name" }, `${seatName(seat)} — ${colorWord(t, color)}`),
        h("span", { class: "disc-count", "aria-label": t("nebuchadnezzar.discs", { count: view.discs?.[seat] ?? 0 }) }, String(view.discs?.[seat] ?? 0)),
        h("span", { class: "help player-status" }, t("nebuchadnezzar.discs", { count: view.discs?.[seat] ?? 0 })));
    });
    const notes = [];
    if (view.swapped) notes.push(t("nebuchadnezzar.swapped"));
    if (view.input?.actions?.length) notes.push(t("nebuchadnezzar.pie"));
    if (passedBy(view) != null) notes.push(t("nebuchadnezzar.passed", { player: seatName(passedBy(view)) }));
    // only when a move could end the game by repetition now (a swap alone repeats a position)
    if (view.repeating?.length && !view.result) notes.push(t("nebuchadnezzar.repeating", { player: seatName(view.to_move), moves: view.repeating.join(", ") }));
    const count = captures(view).length;
    const toggle = h("button", {
      type: "button",
      class: "button small",
      "data-action": "show-captures",
      "aria-pressed": String(showCaptures),
      disabled: !count || !!view.result,
      onclick: () => {
        showCaptures = !showCaptures;
        rerender();
      },
    }, t("nebuchadnezzar.show-captures", { count }));
    container.replaceChildren(
      h("section", { class: "panel-section", "aria-labelledby": "neb-players-title" },
        h("h2", { id: "neb-players-title" }, t("nebuchadnezzar.players")),
        h("ol", { class: "players" }, rows),
        h("div", { class: "record-actions" }, toggle),
        notes.map((n) => h("p", { class: "help" }, n)),
        h("p", { class: "help" }, t("nebuchadnezzar.legend")),
        legend("nebuchadnezzar", t, marks())),
    );
  },

  explainResult(view, { t, seatName }) {
    const r = view.result;
    if (!r) return null;
    const discs = r.discs || view.discs || [0, 0];
    const [a, b] = r.winner == null ? discs : [discs[r.winner], discs[1 - r.winner]];
    const player = r.winner == null ? "" : seatName(r.winner);
    const loserColor = r.winner == null ? "" : colorWord(t, view.colors?.[1 - r.winner] || "white");
    const title = r.winner == null ? t("result.draw") : t("result.title", { player });
    const key = r.winner == null ? `nebuchadnezzar.result.${r.reason}.draw` : `nebuchadnezzar.result.${r.reason}`;
    return { title, text: t(key, { player, color: loserColor, a, b }, t("result.reason.other", { player, reason: r.reason })) };
  },
};
