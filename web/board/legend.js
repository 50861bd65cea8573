// Compact legends for the side panels: each mark the board can show, drawn with the
// board's own classes (so it looks exactly like the board, in light and dark), and what
// it means. The full legend is the "What the marks on the board mean" part of each
// game's rules (rules.js); the button under each legend opens it there.
//
//   legend("nibble", t)  ->  <div class="legend" data-legend="nibble">…</div>

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
function cellSwatch(style, data = {}, piece = null, extra = []) {
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
function overlaySwatch(style, kind, tone) {
  const cls = `ov ov-${kind}${tone ? ` tone-${tone}` : ""}`;
  let shape;
  if (kind === "area") shape = el("rect", { class: cls, x: 8, y: 8, width: 84, height: 84, rx: 10 });
  else if (kind === "walls") shape = el("circle", { class: cls, cx: 50, cy: 50, r: 40 });
  else if (kind === "remove") shape = el("path", { class: cls, d: "M26 26 L74 74 M74 26 L26 74" });
  else shape = el("g", {}, el("polyline", { class: cls, points: "8,80 50,50 92,50" }), el("circle", { class: `${cls} ov-end`, cx: 92, cy: 50, r: 12 }));
  return cellSwatch(style, { empty: "true", under: "token" }, null, [el("g", { class: "overlay" }, shape)]);
}

// A number of Nibble's colour table with one of its classes (majority, run, …).
function tableSwatch(cls, text) {
  return h("table", { class: "color-table legend-table", role: "presentation" }, h("tbody", {}, h("tr", {}, h("td", { class: cls }, text))));
}

const GREY = { fill: "#a9a9a9", ink: "#111" };
const PEG = { fill: "#d55e00", ink: "#fff" };

// The marks of each game: [swatch, key of its words].
const MARKS = {
  nibble: () => [
    [cellSwatch("tiles", { selectable: "true", empty: "false" }, GREY), "legend.nibble.takeable"],
    [cellSwatch("tiles", { picked: "true", empty: "false" }, GREY), "legend.nibble.picked"],
    [cellSwatch("tiles", { marked: "true", empty: "true" }), "legend.nibble.last"],
    [tableSwatch("majority", "5"), "legend.nibble.majority"],
    [tableSwatch("adjacent-ok majority", "7"), "legend.nibble.adjacent"],
    [tableSwatch("run", "3"), "legend.nibble.run"],
    [tableSwatch("zero", "0"), "legend.nibble.zero"],
  ],
  nebuchadnezzar: () => [
    [cellSwatch("points", { selectable: "true", empty: "true" }), "legend.nebuchadnezzar.place"],
    [cellSwatch("points", { selectable: "true", empty: "false" }, { fill: "#f5f4ef", ink: "#1b1c20", r: 0.88, tone: "w" }), "legend.nebuchadnezzar.capture"],
    [overlaySwatch("points", "area"), "legend.nebuchadnezzar.area"],
    [overlaySwatch("points", "walls"), "legend.nebuchadnezzar.walls"],
    [overlaySwatch("points", "area", "hint"), "legend.nebuchadnezzar.hint"],
    [cellSwatch("points", { marked: "true", empty: "false" }, { fill: "#1b1c20", ink: "#f5f4ef", r: 0.88, tone: "b" }), "legend.nebuchadnezzar.last"],
  ],
  "number-one": () => [
    [cellSwatch("holes", { selectable: "true", empty: "false", under: "hole" }, { ...PEG, r: 0.72 }), "legend.number-one.peg"],
    [cellSwatch("holes", { selectable: "true", empty: "true", under: "token", target: "token" }), "legend.number-one.token"],
    [cellSwatch("holes", { selectable: "true", empty: "true", under: "hole", target: "empty" }), "legend.number-one.empty"],
    [cellSwatch("holes", { empty: "false", under: "hole" }, { ...PEG, r: 0.72, turned: true, tone: "turned" }), "legend.number-one.turned"],
    [overlaySwatch("holes", "path"), "legend.number-one.path"],
    [overlaySwatch("holes", "remove"), "legend.number-one.remove"],
    [cellSwatch("holes", { marked: "true", empty: "true", under: "hole" }), "legend.number-one.last"],
    [overlaySwatch("holes", "path", "last"), "legend.number-one.last-turn"],
  ],
};

export function legend(game, t) {
  const marks = MARKS[game]?.() || [];
  return h("div", { class: "legend", "data-legend": game },
    h("h3", { class: "legend-title" }, t("legend.title")),
    h("ul", { class: "legend-list" }, marks.map(([swatch, key]) => h("li", {}, swatch, h("span", {}, t(key))))),
    h("button", { type: "button", class: "button small", "data-action": "rules-marks" }, t("legend.more")));
}
