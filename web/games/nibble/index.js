// @ts-check
// Nibble presentation: disc colours, the side panel (colour table, collections,
// progress towards each win condition, warnings) and the result explanation.
// Everything shown comes from the view; no rules are computed here.

import { h } from "../../ui/dom.js";
import { list } from "../../i18n/i18n.js";
import { inkFor } from "../../board/colours.js";
import { glyphSvg } from "../../board/shapes.js";
import { legend } from "../../board/legend.js";
import marks from "./marks.js";
import walkthrough from "./walkthrough.js";
import en from "./i18n/en.js";
import ko from "./i18n/ko.js";
import uk from "./i18n/uk.js";
import { startView } from "./setup.js";

// 13 colours far apart in hue and lightness: six of Kelly's and Trubetskoy's maximally
// distinct colours (red, orange, yellow, cyan, blue, grey) and seven chosen with them to
// keep every pair apart for normal vision and, as far as these hues allow, for the
// common colour-vision deficiencies; none so dark that it sinks into a dark tile.
// Each disc also carries its number, so colour is never the only cue.
// scripts/palette_check.py prints the figures (docs/web.md, "Colour and contrast").
export const PALETTE = [
  "#e6194b", // 1 red
  "#f58231", // 2 orange
  "#ffe119", // 3 yellow
  "#447700", // 4 green
  "#42d4f4", // 5 cyan
  "#4363d8", // 6 blue
  "#ae76ff", // 7 lilac
  "#bb2299", // 8 magenta
  "#89b272", // 9 sage
  "#d3ff8f", // 10 lime
  "#009780", // 11 teal
  "#a9a9a9", // 12 grey
  "#e099cb", // 13 pink
];

// The colour-blind palette (settings: html[data-palette="cvd"]): 13 colours chosen to be
// as far apart under simulated deuteranopia and protanopia as under normal vision (a
// max-min search over CIEDE2000, Machado et al. 2009's simulation), and a shape drawn on
// every disc and chip (SHAPES, web/board/shapes.js), so that colour is never needed.
export const PALETTE_CVD = [
  "#ce77a6", // 1 pink, heart
  "#9d4a70", // 2 raspberry, dot
  "#660b47", // 3 plum, square
  "#553300", // 4 brown, triangle
  "#7a7700", // 5 olive, diamond
  "#eeff3a", // 6 yellow, star
  "#74bb1b", // 7 leaf green, plus
  "#00a572", // 8 green, cross
  "#bbffcc", // 9 mint, ring
  "#88ffff", // 10 pale cyan, frame
  "#84bbff", // 11 sky blue, crescent
  "#1002bb", // 12 blue, bar
  "#7d55dd", // 13 violet, hourglass
];

export const SHAPES = [
  "heart", "dot", "square", "triangle", "diamond", "star", "plus",
  "cross", "ring", "frame", "crescent", "bar", "hourglass",
];

const INK = PALETTE.map(inkFor);
const INK_CVD = PALETTE_CVD.map(inkFor);

const colorBlind = () => document.documentElement.dataset.palette === "cvd";

export function colorStyle(color) {
  const i = (color - 1) % PALETTE.length;
  if (colorBlind()) return { fill: PALETTE_CVD[i], ink: INK_CVD[i], label: String(color), shape: SHAPES[i] };
  return { fill: PALETTE[i], ink: INK[i], label: String(color) };
}

function chip(color, extra = "") {
  const s = colorStyle(color);
  return h(
    "span",
    { class: `chip ${extra}`, style: `--chip:${s.fill};--ink:${s.ink}`, "data-color": color, "data-shape": s.shape },
    s.shape ? glyphSvg(s.shape) : null,
    s.label,
  );
}

// "5, 7 and 3": a short list in words (the progress lines; no Oxford comma, as the page writes)
function words(items, t) {
  const all = items.map(String);
  return all.length < 2 ? all.join("") : `${all.slice(0, -1).join(t("list.sep"))} ${t("and")} ${all[all.length - 1]}`;
}

function bar(count, need, possible = true) {
  const pct = Math.max(0, Math.min(100, (100 * count) / need));
  return h(
    "span",
    { class: `bar${possible ? "" : " blocked"}`, role: "presentation" },
    h("span", { class: "fill", style: `width:${pct.toFixed(1)}%` })
  );
}

export default {
  // the first-game walkthrough, as data (panels/walkthrough.js)
  walkthrough,
  // this game's words in each language (added to the page's tables: i18n/i18n.js addWords)
  translations: { en, ko, uk },
  // the engine's refusals' params that are words: param -> key prefix (i18n/reasons.js)
  words: { sides: "dir." },
  id: "nibble",
  // a seeded start drawn before the engine is up (shell/start.js, paintStart)
  startView,

  paint(cell) {
    return cell.color == null ? null : colorStyle(cell.color);
  },

  // the last take stays visible: a faint disc of its colour where each taken disc was
  // (not while the player picks, so that the pick reads clearly)
  overlays(view, { state }) {
    const last = view.last_move;
    if (!last?.cells?.length || last.color == null || state?.sel?.pick?.length) return [];
    return [{ kind: "ghost", cells: last.cells, fill: colorStyle(last.color).fill, label: last.color }];
  },

  // the Nibble words of a cell's accessible name ("c4, colour 7")
  describeCell(cell, view, { t }) {
    return cell.color == null ? t("cell.empty", { cell: cell.id }) : t("cell.disc", { cell: cell.id, color: cell.color });
  },

  describeMove(view, { t, seatName }) {
    const last = view.last_move;
    if (!last) return "";
    return t("nibble.announce.take", { player: seatName(last.seat), cells: list(last.cells), color: last.color ?? "" });
  },

  // the take a click would make, to ask the engine why it is not allowed
  probeMove(view, sel, id) {
    const cell = view.board.cells.find((c) => c.id === id);
    if (!cell || cell.color == null) return null;
    return [...sel.pick, id].join("+");
  },

  prompt(view, { t, seatName }) {
    return t("status.your-move", { player: seatName(view.to_move) });
  },

  // a line for the status bar while the player is picking
  pickStatus(view, sel, pending, { t }) {
    if (!sel.pick.length) return null;
    const color = view.board.cells.find((c) => c.id === sel.pick[0])?.color;
    return pending ? t("status.pick-more", { color }) : t("status.pick-incomplete");
  },

  // A part of the side panel a rules diagram shows beside its board (panels/rules.js):
  // "colors", the colour table with each seat's collection, as the panel draws it.
  panelPart(name, view, ctx) {
    if (name !== "colors") return null;
    const scratch = h("div");
    this.renderPanel(scratch, view, ctx);
    const table = scratch.querySelector(".color-table");
    table?.classList.remove("compact");
    return table;
  },

  renderPanel(container, view, { t, seatName }) {
    const n = view.colors;
    const th = view.thresholds;
    const onBoard = new Array(n).fill(0);
    for (const cell of view.board.cells) if (cell.color != null) onBoard[cell.color - 1]++;

    // colour table with each seat's collection under each colour
    const compact = n > 9;
    const table = h("table", { class: `color-table${compact ? " compact" : ""}` });
    const headRow = h("tr", {}, h("th", { scope: "row", class: "seat-head" }, h("span", { class: "visually-hidden" }, t("panel.colors"))));
    for (const color of view.color_table) headRow.append(h("th", { scope: "col" }, chip(color)));
    table.append(h("thead", {}, headRow));
    const body = h("tbody");
    for (let seat = 0; seat < view.players; seat++) {
      const best = new Set(view.progress?.[seat]?.three_adjacent?.colors || []);
      const row = h(
        "tr",
        { class: `seat-row seat-${seat}${view.to_move === seat && !view.result ? " to-move" : ""}` },
        h("th", { scope: "row", title: seatName(seat) }, h("span", { class: `seat-dot seat-${seat}` }), h("span", { class: "seat-name" }, seatName(seat)))
      );
      for (const color of view.color_table) {
        const count = view.collections[seat][color - 1];
        const cls = [
          count >= th.majority ? "majority" : "",
          count >= th.adjacent ? "adjacent-ok" : "",
          best.has(color) ? "run" : "",
          count === 0 ? "zero" : "",
        ].join(" ");
        row.append(h("td", { class: cls, "data-seat": seat, "data-color": color }, count));
      }
      body.append(row);
    }
    const boardRow = h("tr", { class: "board-row" }, h("th", { scope: "row", title: t("panel.on-board") }, compact ? t("panel.on-board.short") : t("panel.on-board")));
    for (const color of view.color_table) boardRow.append(h("td", { class: onBoard[color - 1] ? "" : "zero" }, onBoard[color - 1]));
    body.append(boardRow);
    table.append(body);

    const colorsSection = h(
      "section",
      { class: "panel-section colors", "aria-labelledby": "colors-title" },
      h("h2", { id: "colors-title" }, t("panel.colors")),
      h("div", { class: "table-scroll" }, table),
      // 13 colours leave no room for the players' names in the rows: they are said under
      // the table instead (the rows keep them for screen readers, so this is hidden there)
      compact
        ? h("p", { class: "seat-key", "aria-hidden": "true", "data-seat-key": "" }, ...Array.from({ length: view.players }, (_, seat) => h("span", {}, h("span", { class: `seat-dot seat-${seat}` }), seatName(seat))))
        : "",
      h("p", { class: "help" }, t("panel.colors.help")),
      legend("nibble", t, marks())
    );

    // progress towards each win condition
    const progress = h("section", { class: "panel-section progress", "aria-labelledby": "progress-title" }, h("h2", { id: "progress-title" }, t("panel.progress")));
    const cards = h("div", { class: "progress-cards" });
    for (let seat = 0; seat < view.players; seat++) {
      const p = view.progress?.[seat];
      if (!p) continue;
      const all = p.all_of_color;
      const adj = p.three_adjacent;
      const maj = p.majorities;
      const card = h(
        "div",
        { class: `progress-card seat-${seat}`, "data-seat": seat },
        h("h3", {}, h("span", { class: `seat-dot seat-${seat}` }), seatName(seat)),
        h(
          "div",
          { class: `condition${all.possible ? "" : " blocked"}` },
          h("div", { class: "condition-name" }, t("progress.all")),
          h(
            "div",
            { class: "condition-detail" },
            chip(all.color, "small"),
            " ",
            t("progress.all.detail", { count: all.count, need: all.need, color: all.color }),
            all.possible ? "" : h("span", { class: "blocked-note" }, " — " + t("progress.blocked"))
          ),
          bar(all.count, all.need, all.possible)
        ),
        h(
          "div",
          { class: `condition${adj.possible ? "" : " blocked"}` },
          h("div", { class: "condition-name" }, t("progress.adjacent")),
          h(
            "div",
            { class: "condition-detail" },
            adj.colors.map((c) => chip(c, "small")),
            " ",
            t("progress.adjacent.detail", { counts: words(adj.counts, t), need: adj.need, colors: words(adj.colors, t) }),
            adj.possible ? "" : h("span", { class: "blocked-note" }, " — " + t("progress.blocked"))
          ),
          bar(adj.counts.reduce((s, c) => s + Math.min(c, adj.need), 0), adj.need * 3, adj.possible)
        ),
        h(
          "div",
          { class: `condition${maj.holds ? " holds" : ""}` },
          h("div", { class: "condition-name" }, t("progress.majorities")),
          h(
            "div",
            { class: "condition-detail" },
            maj.colors.map((c) => chip(c, "small")),
            " ",
            t("progress.majorities.detail", { count: maj.count, need: maj.need })
          ),
          bar(maj.count, maj.need, true)
        )
      );
      cards.append(card);
    }
    progress.append(cards);

    // warnings
    const warnings = h("ul", { class: "warnings", "aria-live": "polite" });
    for (const w of view.warnings || []) {
      warnings.append(h("li", { class: `warning warning-${w.key}`, "data-warning": w.key, "data-seat": w.seat }, t(`warning.${w.key}`, { player: seatName(w.seat) })));
    }

    container.replaceChildren(colorsSection, warnings.childElementCount ? warnings : "", progress);
  },

  // {title, text, colors: [..]} for the result dialog
  explainResult(view, { t, seatName }) {
    const r = view.result;
    if (!r) return null;
    const player = r.winner == null ? "" : seatName(r.winner);
    const title = r.winner == null ? t("result.draw") : t("result.title", { player });
    const colors = r.colors || [];
    const key = `result.reason.${r.reason}`;
    const text = t(key, { player, colors: colors.join(", "), need: view.thresholds?.adjacent ?? "", reason: r.reason }, t("result.reason.other", { player, reason: r.reason }));
    const chips = h("span", { class: "chips" }, colors.map((c) => chip(c)));
    return { title, text, extra: chips };
  },
};
