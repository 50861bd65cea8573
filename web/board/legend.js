// @ts-check
// Compact legends for the side panels: each mark the board can show, drawn with the
// board's own classes (so it looks exactly like the board, in light and dark), and what
// it means. The full legend is the "What the marks on the board mean" part of each
// game's rules (rules.js); the button under each legend opens it there.
//
//   legend(game, t, marks())  ->  <div class="legend" data-legend="<game>">…</div>

import { h } from "../ui/dom.js";

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  node.append(...children);
  return node;
}

// One cell of a board, 100 × 100 units, as board.js draws it: `style` is the board
// style (tiles, points, holes), `data` the cell's data attributes, `piece` a disc.
export function cellSwatch(style, data = {}, piece = null, extra = []) {
  const g = el("g", { class: "cell" });
  for (const [key, value] of Object.entries(data)) g.dataset[key] = value;
  if (style === "tiles") g.append(el("rect", { class: "slot", x: 3, y: 3, width: 94, height: 94, rx: 14 }));
  else g.append(el("circle", { class: style === "holes" ? "slot hole" : "slot point", cx: 50, cy: 50, r: style === "holes" ? 30 : 9 }));
  if (style === "holes") g.append(el("circle", { class: "token", cx: 50, cy: 50, r: data.under === "token" ? 17 : 0 }));
  g.append(el("circle", { class: "mark", cx: 50, cy: 50, r: 46 }));
  if (piece) {
    g.append(el("circle", { class: "disc", cx: 50, cy: 50, r: 42 * (piece.r ?? 1), fill: piece.fill, "data-tone": piece.tone || "" }));
    if (piece.turned) g.append(el("path", { class: "turned", d: `M${50 - 21 * (piece.r ?? 1)} ${50 + 25 * (piece.r ?? 1)} L${50 + 21 * (piece.r ?? 1)} ${50 + 25 * (piece.r ?? 1)}`, stroke: piece.ink }));
    g.append(el("circle", { class: "last", cx: 50, cy: 50, r: 15 * (piece.r ?? 1), stroke: piece.ink }));
  }
  const svg = el("svg", { viewBox: "0 0 100 100", class: `legend-swatch board-${style}`, "aria-hidden": "true" });
  if (style !== "tiles") svg.append(el("rect", { class: "board-bg", x: 0, y: 0, width: 100, height: 100, "stroke-width": 0 }));
  if (style === "points") svg.append(el("g", { class: "grid-lines" }, el("line", { x1: 0, y1: 50, x2: 100, y2: 50 }), el("line", { x1: 50, y1: 0, x2: 50, y2: 100 })));
  svg.append(g, ...extra);
  return svg;
}

// An overlay (area, walls, path, removal) over an empty cell.
export function overlaySwatch(style, kind, tone) {
  const cls = `ov ov-${kind}${tone ? ` tone-${tone}` : ""}`;
  let shape;
  if (kind === "area") shape = el("rect", { class: cls, x: 8, y: 8, width: 84, height: 84, rx: 10 });
  else if (kind === "walls") shape = el("circle", { class: cls, cx: 50, cy: 50, r: 40 });
  else if (kind === "remove") shape = el("path", { class: cls, d: "M26 26 L74 74 M74 26 L26 74" });
  else shape = el("g", {}, el("polyline", { class: cls, points: "8,80 50,50 92,50" }), el("circle", { class: `${cls} ov-end`, cx: 92, cy: 50, r: 12 }));
  return cellSwatch(style, { empty: "true", under: "token" }, null, [el("g", { class: "overlay" }, shape)]);
}

// pieces the games' marks draw (games/<id>/marks.js)
export const GREY = { fill: "#a9a9a9", ink: "#111" };
export const PEG = { fill: "#d55e00", ink: "#fff" };

// `marks`: the game's own, [swatch, key of its words] (games/<id>/marks.js).
export function legend(game, t, marks) {
  return h("div", { class: "legend", "data-legend": game },
    h("h3", { class: "legend-title" }, t("legend.title")),
    h("ul", { class: "legend-list" }, marks.map(([swatch, key]) => h("li", {}, swatch, h("span", {}, t(key))))),
    h("button", { type: "button", class: "button small", "data-action": "rules-marks" }, t("legend.more")));
}
