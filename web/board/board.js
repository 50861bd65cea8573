// @ts-check
// Board renderer: draws a board from a view's `board` ({shape, style, row_lengths,
// cells}) as SVG and handles pointer and keyboard input on cells. It knows no rules
// (like lichess's chessground): what a cell holds, which cells are selectable or picked,
// what to highlight and what a cell is called all come from the caller.
//
//   const board = new BoardView(element, {onActivate: (id) => …});
//   board.render(view.board, {paint, label, selectable, picked, marked, targets,
//                             overlays, interactive, ariaLabel, coords});
//
// Coordinates: by default letters and numbers along the edges; a board's own `coords`
// (linesOf, below) puts each label where its row or column of cells leaves the board.
//
// Styles (the view's board.style): "tiles" (a square or hex tile per cell), "points" (grid
// lines, pieces on the crossings), "holes" (round holes on a hex lattice).
// paint(cell) returns null for an empty cell, or a look:
//   {fill, ink, label, r}        a disc (r: radius as a share of the usual, default 1)
//     + shape: a glyph drawn above the label (web/board/shapes.js GLYPHS), body: the piece's
//       outline instead of a circle (BODIES) — the colour-blind mode's shapes
//   {under: "token" | "hole" | "void", piece?: {fill, ink, label, r, turned}}  a hole
// overlays: [{kind: "area" | "walls" | "path" | "remove" | "best" | "ghost", cells: [ids],
//   tone}]; "ghost" also takes {fill, label}: a faint piece where one was (a last move's);
//   optional: fresh (just drawn: it arrives with a short motion, styles.css), name (a path's
//   or a removal's data-name, for automation)

import { BODIES, GLYPHS } from "./shapes.js";
import { LETTERS } from "./coordinates.js";

const SVG = "http://www.w3.org/2000/svg";
const UNIT = 100; // square cell size / hex width, in SVG user units
const HEX_R = UNIT / Math.sqrt(3); // circumradius of a pointy-top hex of width UNIT

function el(name, attrs = {}, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  if (parent) parent.appendChild(node);
  return node;
}

function hexPoints(cx, cy, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const angle = (Math.PI / 180) * (60 * i - 90);
    pts.push(`${(cx + r * Math.cos(angle)).toFixed(2)},${(cy + r * Math.sin(angle)).toFixed(2)}`);
  }
  return pts.join(" ");
}

// Cell centres for a board shape; returns {width, height, centre(row, col)}. `margin`
// leaves room for coordinates.
export function layout(shape, rowLengths, margin = 8) {
  const rows = rowLengths.length;
  const widest = Math.max(...rowLengths);
  if (shape === "hex") {
    const dy = 1.5 * HEX_R;
    return {
      width: widest * UNIT + 2 * margin,
      height: (rows - 1) * dy + 2 * HEX_R + 2 * margin,
      centre: (r, c) => [margin + ((widest - rowLengths[r]) / 2) * UNIT + c * UNIT + UNIT / 2, margin + HEX_R + r * dy],
    };
  }
  return {
    width: widest * UNIT + 2 * margin,
    height: rows * UNIT + 2 * margin,
    centre: (r, c) => [margin + c * UNIT + UNIT / 2, margin + r * UNIT + UNIT / 2],
  };
}

// A board's `coords` (optional, from the game's view): {kind: "lines", rows: [first, last],
// cols: [first, last]} draws each row's number where the row begins and each column's
// letter at both ends of the line its cells make (on a hex board whose rows are counted
// from the left, that line bends at the widest row), one step beyond the end cell along
// the line; only the rows and columns in the ranges (from 0, inclusive) are labelled.
// Anything else: the default labels (_coordinates). Returns {rows, cols} or null.
export function linesOf(coords) {
  if (!coords || typeof coords !== "object" || coords.kind !== "lines") return null;
  const range = (r) => (Array.isArray(r) && r.length === 2 && r.every(Number.isInteger) ? [r[0], r[1]] : [0, Infinity]);
  return { rows: range(coords.rows), cols: range(coords.cols) };
}

// The labels of `along` (linesOf) for these cells: [{x, y, text, axis, end}].
export function lineLabels(geo, cells, along) {
  const byRow = new Map();
  const byCol = new Map();
  for (const cell of cells) {
    if (!Number.isInteger(cell.row) || !Number.isInteger(cell.col)) continue;
    const p = geo.centre(cell.row, cell.col);
    if (!byRow.has(cell.row)) byRow.set(cell.row, []);
    if (!byCol.has(cell.col)) byCol.set(cell.col, []);
    byRow.get(cell.row).push([cell.col, p]);
    byCol.get(cell.col).push([cell.row, p]);
  }
  const inside = ([a, b], v) => v >= a && v <= b;
  // one step beyond a line's end: from the cell before the end to the end, once more
  // (a line of one cell goes the way its neighbour line goes at that end)
  const ends = (lines) => {
    const out = new Map();
    for (const [k, line] of lines) {
      line.sort((a, b) => a[0] - b[0]);
      const pts = line.map(([, p]) => p);
      const step = (from, to) => (from && to ? [to[0] - from[0], to[1] - from[1]] : null);
      out.set(k, { first: pts[0], last: pts[pts.length - 1], before: step(pts[1], pts[0]), after: step(pts[pts.length - 2], pts[pts.length - 1]) });
    }
    for (const [k, e] of out) {
      const near = out.get(k - 1)?.before ? out.get(k - 1) : out.get(k + 1);
      if (!e.before) e.before = near?.before || [0, 0];
      if (!e.after) e.after = near?.after || [0, 0];
    }
    return out;
  };
  const labels = [];
  for (const [r, e] of ends(byRow)) {
    if (inside(along.rows, r)) labels.push({ x: e.first[0] + e.before[0], y: e.first[1] + e.before[1], text: String(r + 1), axis: "row", end: "first" });
  }
  for (const [c, e] of ends(byCol)) {
    if (!inside(along.cols, c)) continue;
    labels.push({ x: e.first[0] + e.before[0], y: e.first[1] + e.before[1], text: LETTERS[c], axis: "col", end: "first" });
    labels.push({ x: e.last[0] + e.after[0], y: e.last[1] + e.after[1], text: LETTERS[c], axis: "col", end: "last" });
  }
  return labels;
}

// The view box [x, y, width, height] that holds the board (its background reaches about
// 62 units beyond the outer cells' centres: _background) and these labels (30-unit text).
function boxAround(geo, cells, labels) {
  let [x0, y0, x1, y1] = [0, 0, geo.width, geo.height];
  for (const cell of cells) {
    if (!Number.isInteger(cell.row) || !Number.isInteger(cell.col)) continue;
    const [x, y] = geo.centre(cell.row, cell.col);
    x0 = Math.min(x0, x - 66);
    x1 = Math.max(x1, x + 66);
    y0 = Math.min(y0, y - 66);
    y1 = Math.max(y1, y + 66);
  }
  for (const { x, y, text } of labels) {
    const half = 10 * text.length + 4;
    x0 = Math.min(x0, x - half);
    x1 = Math.max(x1, x + half);
    y0 = Math.min(y0, y - 20);
    y1 = Math.max(y1, y + 20);
  }
  return [x0, y0, x1 - x0, y1 - y0];
}

export class BoardView {
  /** @param {HTMLElement} container @param {{onActivate?: (id: string) => void}} [options] */
  constructor(container, { onActivate } = {}) {
    this.container = container;
    this.onActivate = onActivate || (() => {});
    this.key = null;
    this.cells = new Map(); // id -> {g, disc, text, under, turned, last, row, col, x, y}
    this.rows = []; // rows[r] = [ids in order]
    this.focusId = null;
    this.svg = null;
    this.turn = 0; // degrees the board is turned by (hot-seat: towards the player to move)
  }

  _build(board, coords) {
    const { shape, row_lengths: rowLengths, cells } = board;
    const style = board.style || "tiles";
    // coordinates along the lines of the board's notation (board.coords, below) sit one
    // step beyond the cells, in a view box grown to hold them; else in a fixed margin
    const along = coords ? linesOf(board.coords) : null;
    const geo = layout(shape, rowLengths, coords && !along ? 44 : 8);
    this.geo = geo;
    const labels = along ? lineLabels(geo, cells, along) : null;
    const box = labels ? boxAround(geo, cells, labels) : [0, 0, geo.width, geo.height];
    this.container.textContent = "";
    const svg = el("svg", {
      viewBox: labels ? box.map((v) => v.toFixed(1)).join(" ") : `0 0 ${geo.width.toFixed(1)} ${geo.height.toFixed(1)}`,
      class: `board board-${shape} board-${style}`,
      role: "group",
      tabindex: "-1", // one tab stop for the whole board: the cell that has the roving focus
      "data-shape": shape,
      "data-style": style,
    });
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.svg = svg;
    this.cells.clear();
    this.rows = rowLengths.map(() => []);
    this._background(svg, geo, shape, style, rowLengths, cells);
    if (labels) this._lineCoordinates(svg, labels);
    else if (coords) this._coordinates(svg, geo, shape, rowLengths);
    const discR = shape === "hex" ? 41 : 42;
    this.discR = discR;
    for (const cell of cells) {
      const [x, y] = geo.centre(cell.row, cell.col);
      const g = el("g", { class: "cell", "data-cell": cell.id, tabindex: "-1", role: "button" }, svg);
      if (style === "tiles") {
        if (shape === "hex") el("polygon", { class: "slot", points: hexPoints(x, y, HEX_R - 2) }, g);
        else el("rect", { class: "slot", x: x - 47, y: y - 47, width: 94, height: 94, rx: 14 }, g);
      } else {
        // a transparent hit area the size of a tile, and the point or hole itself
        if (shape === "hex") el("polygon", { class: "hit", points: hexPoints(x, y, HEX_R) }, g);
        else el("rect", { class: "hit", x: x - 50, y: y - 50, width: 100, height: 100 }, g);
        el("circle", { class: style === "holes" ? "slot hole" : "slot point", cx: x, cy: y, r: style === "holes" ? 30 : 9 }, g);
      }
      const under = style === "holes" ? el("circle", { class: "token", cx: x, cy: y, r: 17 }, g) : null;
      el("circle", { class: "mark", cx: x, cy: y, r: discR + 4 }, g);
      const disc = el("circle", { class: "disc", cx: x, cy: y, r: discR }, g);
      const body = el("path", { class: "disc disc-body" }, g);
      body.style.display = "none";
      const glyph = el("path", { class: "glyph", "fill-rule": "evenodd", "aria-hidden": "true" }, g);
      glyph.style.display = "none";
      const turned = el("path", { class: "turned", d: `M${x - 18} ${y + 14} L${x + 18} ${y + 14}`, "aria-hidden": "true" }, g);
      // a small circle in the piece's ink: the last move, where the board style draws it there
      const last = el("circle", { class: "last", cx: x, cy: y, r: 15, "aria-hidden": "true" }, g);
      // the cell's label names the piece; the mark drawn on it is not read out again
      const text = el("text", { class: "disc-label", x, y: y + 1, "text-anchor": "middle", "dominant-baseline": "central", "aria-hidden": "true" }, g);
      this.cells.set(cell.id, { g, disc, body, glyph, text, under, turned, last, row: cell.row, col: cell.col, x, y });
      this.rows[cell.row].push(cell.id);
    }
    this.overlay = el("g", { class: "overlay", "aria-hidden": "true" }, svg);
    // everything drawn turns together (see _turn); the SVG element keeps the events
    this.root = el("g", { class: "board-root" });
    this.root.append(...svg.childNodes);
    svg.append(this.root);
    this.viewBox = box;
    this.turn = 0;
    for (const row of this.rows) row.sort((a, b) => this.cells.get(a).col - this.cells.get(b).col);
    svg.addEventListener("click", (event) => {
      const g = event.target.closest("[data-cell]");
      if (!g) return;
      this.focusId = g.dataset.cell;
      this._rove();
      this.onActivate(g.dataset.cell);
    });
    svg.addEventListener("keydown", (event) => this._key(event));
    svg.addEventListener("focusin", (event) => {
      const g = event.target.closest("[data-cell]");
      if (g) {
        this.focusId = g.dataset.cell;
        this._rove();
      }
    });
    this.container.appendChild(svg);
    this.focusId = cells.length ? cells[0].id : null;
  }

  // the board's background: a filled outline, plus grid lines for a board of points
  _background(svg, geo, shape, style, rowLengths, cells) {
    const last = rowLengths.length - 1;
    let widest = 0;
    rowLengths.forEach((n, r) => {
      if (n > rowLengths[widest]) widest = r;
    });
    const corners = [
      [0, 0], [0, rowLengths[0] - 1], [widest, rowLengths[widest] - 1],
      [last, rowLengths[last] - 1], [last, 0], [widest, 0],
    ].map(([r, c]) => geo.centre(r, c).map((v) => v.toFixed(1)).join(","));
    const pad = style === "points" ? UNIT - 10 : shape === "hex" ? 2 * HEX_R + 8 : UNIT + 12;
    el("polygon", { class: "board-bg", points: corners.join(" "), "stroke-width": pad, "stroke-linejoin": shape === "hex" ? "round" : "miter" }, svg);
    if (style !== "points") return;
    const lines = el("g", { class: "grid-lines" }, svg);
    const rows = rowLengths.length;
    const cols = Math.max(...rowLengths);
    for (let r = 0; r < rows; r++) {
      const [x1, y] = geo.centre(r, 0);
      const [x2] = geo.centre(r, cols - 1);
      el("line", { x1, y1: y, x2, y2: y }, lines);
    }
    for (let c = 0; c < cols; c++) {
      const [x, y1] = geo.centre(0, c);
      const [, y2] = geo.centre(rows - 1, c);
      el("line", { x1: x, y1, x2: x, y2 }, lines);
    }
    void cells;
  }

  // letters and numbers at the edges (square), row numbers at both ends of each row (hex)
  _coordinates(svg, geo, shape, rowLengths) {
    const g = el("g", { class: "coords", "aria-hidden": "true" }, svg);
    const label = (x, y, text) => {
      const t = el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central" }, g);
      t.textContent = text;
    };
    rowLengths.forEach((n, r) => {
      const [x0, y] = geo.centre(r, 0);
      const [x1] = geo.centre(r, n - 1);
      label(x0 - (shape === "hex" ? UNIT * 0.78 : UNIT * 0.72), y, String(r + 1));
      label(x1 + (shape === "hex" ? UNIT * 0.78 : UNIT * 0.72), y, String(r + 1));
    });
    if (shape === "hex") {
      // letters count within each row: mark the first cell of the top and bottom rows
      const top = rowLengths.length - 1;
      for (const r of [0, top]) {
        for (let c = 0; c < rowLengths[r]; c++) {
          const [x, y] = geo.centre(r, c);
          label(x, y + (r === 0 ? -HEX_R - 14 : HEX_R + 14), LETTERS[c]);
        }
      }
      return;
    }
    const cols = Math.max(...rowLengths);
    for (let c = 0; c < cols; c++) {
      const [x, y0] = geo.centre(0, c);
      const [, y1] = geo.centre(rowLengths.length - 1, c);
      label(x, y0 - UNIT * 0.72, LETTERS[c]);
      label(x, y1 + UNIT * 0.72, LETTERS[c]);
    }
  }

  // coordinates along the board's lines (board.coords.kind "lines"): each label where its
  // row or column leaves the board, one step beyond its end cell
  _lineCoordinates(svg, labels) {
    const g = el("g", { class: "coords", "aria-hidden": "true" }, svg);
    for (const { x, y, text, axis, end } of labels) {
      const t = el("text", { x: x.toFixed(1), y: y.toFixed(1), "text-anchor": "middle", "dominant-baseline": "central", "data-axis": axis, "data-end": end }, g);
      t.textContent = text;
    }
  }

  render(board, options) {
    const coords = options.coords !== false;
    const along = linesOf(board.coords);
    const key = `${board.shape}:${board.style || "tiles"}:${board.row_lengths.join(",")}:${coords}${along ? `:lines:${along.rows}:${along.cols}` : ""}`;
    if (key !== this.key || !this.svg) {
      this._build(board, coords);
      this.key = key;
    }
    const { paint, label, selectable, picked, marked, interactive, ariaLabel } = options;
    const targets = options.targets || new Map();
    this.svg.setAttribute("aria-label", ariaLabel || "");
    this.svg.classList.toggle("interactive", !!interactive);
    this.svg.classList.toggle("picking", picked.size > 0);
    for (const cell of board.cells) {
      const entry = this.cells.get(cell.id);
      if (!entry) continue;
      const { g, disc, text, under, turned, last } = entry;
      const look = paint(cell);
      const piece = look && (look.under !== undefined ? look.piece : look);
      const isSelectable = !!interactive && selectable.has(cell.id);
      const isPicked = picked.has(cell.id);
      const isMarked = marked.has(cell.id);
      const target = targets.has(cell.id) && isSelectable ? targets.get(cell.id) : null;
      const spoken = label(cell, { selectable: isSelectable, picked: isPicked, marked: isMarked });
      // a cell is written only when what it shows changed: a render after a move touches
      // the cells the move changed, not every attribute of every cell (13 x 13: 169 cells)
      const drawn = `${isSelectable}${isPicked}${isMarked}\u0000${target}\u0000${cell.color}\u0000${spoken}\u0000${look ? JSON.stringify(look) : ""}`;
      if (entry.drawn === drawn) continue;
      entry.drawn = drawn;
      g.dataset.empty = piece ? "false" : "true";
      g.dataset.selectable = isSelectable ? "true" : "false";
      g.dataset.picked = isPicked ? "true" : "false";
      g.dataset.marked = isMarked ? "true" : "false";
      if (target != null) g.dataset.target = target;
      else delete g.dataset.target;
      if (under) {
        g.dataset.under = look?.under ?? "hole";
        under.setAttribute("r", look?.under === "token" ? 17 : 0);
      }
      if (piece) {
        g.dataset.color = String(cell.color ?? piece.color ?? "");
        disc.setAttribute("fill", piece.fill);
        disc.setAttribute("r", String(this.discR * (piece.r ?? 1)));
        disc.dataset.tone = piece.tone || "";
        text.setAttribute("fill", piece.ink);
        text.textContent = piece.label ?? "";
        this._shapes(entry, piece);
        turned.style.display = piece.turned ? "" : "none";
        turned.setAttribute("stroke", piece.ink);
        last.setAttribute("stroke", piece.ink);
      } else {
        delete g.dataset.color;
        disc.removeAttribute("fill");
        text.textContent = "";
        this._shapes(entry, null);
        turned.style.display = "none";
      }
      g.setAttribute("aria-label", spoken);
      // (no aria-disabled: a cell that cannot be played still answers a click with why)
      if (isPicked) g.setAttribute("aria-pressed", "true");
      else g.removeAttribute("aria-pressed");
    }
    this._overlays(options.overlays || []);
    this._turn(options.turn || 0);
    if (!this.cells.has(this.focusId)) this.focusId = board.cells.length ? board.cells[0].id : null;
    this._rove();
  }

  // Turn the board by `angle` degrees about its centre (a hot-seat game turns it towards
  // the player to move): the lattice, the overlays and the coordinates' places turn; each
  // cell and every label turns back, so that numbers, shapes and glyphs stay upright. A
  // CSS transition animates it (none with reduced motion: styles.css).
  _turn(angle) {
    const a = ((Math.round(angle) % 360) + 360) % 360;
    const [x0, y0, w, h] = this.viewBox;
    const cx = x0 + w / 2;
    const cy = y0 + h / 2;
    if (a !== this.turn) {
      this.turn = a;
      this.svg.dataset.turn = String(a);
      this.root.style.transformOrigin = `${cx}px ${cy}px`;
      this.root.style.transform = a ? `rotate(${a}deg)` : "";
      // a quarter or a sixth turn changes the board's extent: the view box follows
      const rad = (a * Math.PI) / 180;
      const [vw, vh] = a % 180 ? [Math.abs(w * Math.cos(rad)) + Math.abs(h * Math.sin(rad)), Math.abs(w * Math.sin(rad)) + Math.abs(h * Math.cos(rad))] : [w, h];
      this.svg.setAttribute("viewBox", `${(cx - vw / 2).toFixed(1)} ${(cy - vh / 2).toFixed(1)} ${vw.toFixed(1)} ${vh.toFixed(1)}`);
    }
    // (labels drawn since, such as an overlay's, turn back too)
    const back = a ? `rotate(${-a}deg)` : "";
    for (const node of this.root.querySelectorAll(".cell, .coords text, .overlay text")) {
      if (node.style.transform !== back) {
        node.style.transformBox = "fill-box";
        node.style.transformOrigin = "center";
        node.style.transform = back;
      }
    }
  }

  // the colour-blind mode's shapes: a piece's outline (body) and a glyph above its label
  _shapes({ g, disc, body, glyph, text, turned, x, y }, piece) {
    const r = this.discR * (piece?.r ?? 1);
    // a turned piece: a bar under its label, both sized to the piece (the label a little up)
    if (piece?.turned) turned.setAttribute("d", `M${(x - 0.5 * r).toFixed(1)} ${(y + 0.6 * r).toFixed(1)} L${(x + 0.5 * r).toFixed(1)} ${(y + 0.6 * r).toFixed(1)}`);
    const bodyOf = piece?.body && BODIES[piece.body];
    if (bodyOf) {
      body.setAttribute("d", bodyOf(x, y, r));
      body.setAttribute("fill", piece.fill);
      body.dataset.tone = piece.tone || "";
      g.dataset.body = piece.body;
    } else delete g.dataset.body;
    body.style.display = bodyOf ? "" : "none";
    disc.style.display = bodyOf ? "none" : "";
    const glyphOf = piece?.shape && GLYPHS[piece.shape];
    if (glyphOf) {
      glyph.setAttribute("d", glyphOf(x, y - 0.37 * r, 0.3 * r));
      glyph.setAttribute("fill", piece.ink);
      g.dataset.shape = piece.shape;
    } else delete g.dataset.shape;
    glyph.style.display = glyphOf ? "" : "none";
    text.setAttribute("y", glyphOf ? y + 0.42 * r : piece?.turned ? y + 1 - 0.18 * r : y + 1);
  }

  // areas, walls, paths and removals drawn above the pieces, from cell ids
  _overlays(overlays) {
    const layer = this.overlay;
    layer.textContent = "";
    for (const { kind, cells, tone, fill, label, fresh, name } of overlays) {
      const at = (cells || []).map((id) => this.cells.get(id)).filter(Boolean);
      if (!at.length) continue;
      const cls = `ov ov-${kind}${tone ? ` tone-${tone}` : ""}${fresh ? " ov-fresh" : ""}`;
      if (kind === "path") {
        const line = el("polyline", { class: cls, points: at.map((c) => `${c.x},${c.y}`).join(" ") }, layer);
        if (name != null) line.dataset.name = String(name);
        const end = at[at.length - 1];
        el("circle", { class: `${cls} ov-end`, cx: end.x, cy: end.y, r: 14 }, layer);
        continue;
      }
      for (const c of at) {
        if (kind === "area") el("rect", { class: cls, x: c.x - 44, y: c.y - 44, width: 88, height: 88, rx: 10 }, layer);
        else if (kind === "walls") el("circle", { class: cls, cx: c.x, cy: c.y, r: this.discR + 2 }, layer);
        else if (kind === "ghost") {
          el("circle", { class: cls, cx: c.x, cy: c.y, r: this.discR * 0.55, fill: fill || "none" }, layer);
          if (label != null) el("text", { class: `${cls} ov-ghost-label`, x: c.x, y: c.y + 1 }, layer).textContent = String(label);
        } else if (kind === "best") el("circle", { class: cls, cx: c.x, cy: c.y, r: this.discR + 5 }, layer);
        else if (kind === "remove") {
          const cross = el("path", { class: cls, d: `M${c.x - 26} ${c.y - 26} L${c.x + 26} ${c.y + 26} M${c.x + 26} ${c.y - 26} L${c.x - 26} ${c.y + 26}` }, layer);
          if (name != null) cross.dataset.name = String(name);
        }
      }
    }
  }

  _rove() {
    for (const [id, entry] of this.cells) entry.g.setAttribute("tabindex", id === this.focusId ? "0" : "-1");
  }

  // A move that arrived from elsewhere (the computer's): a short motion on the last move's
  // marks (styles.css, none with reduced motion).
  arrive(ms = 700) {
    const svg = this.svg;
    if (!svg) return;
    svg.classList.remove("arrive");
    void svg.getBoundingClientRect(); // restart the animation
    svg.classList.add("arrive");
    clearTimeout(this._arrived);
    this._arrived = setTimeout(() => svg.classList.remove("arrive"), ms);
  }

  focusCell(id) {
    const entry = this.cells.get(id);
    if (!entry) return;
    this.focusId = id;
    this._rove();
    entry.g.focus();
  }

  // Put the keyboard focus back on the board (on the cell last used).
  focus() {
    if (this.focusId) this.focusCell(this.focusId);
  }

  _key(event) {
    const id = this.focusId;
    const here = this.cells.get(id);
    if (!here) return;
    const row = this.rows[here.row];
    const index = row.indexOf(id);
    let next = null;
    // a board turned upside down: the arrows go where they point on screen (other turns
    // keep the board's own rows and columns)
    const flip = { ArrowLeft: "ArrowRight", ArrowRight: "ArrowLeft", ArrowUp: "ArrowDown", ArrowDown: "ArrowUp" };
    const key = this.turn === 180 ? flip[event.key] || event.key : event.key;
    switch (key) {
      case "ArrowLeft":
        next = row[Math.max(0, index - 1)];
        break;
      case "ArrowRight":
        next = row[Math.min(row.length - 1, index + 1)];
        break;
      case "ArrowUp":
      case "ArrowDown": {
        const target = this.rows[here.row + (key === "ArrowUp" ? -1 : 1)];
        if (target && target.length) {
          // the cell of the next row whose centre is closest horizontally
          // (ties: the one to the left for up, to the right for down, so that
          // repeated up/down on a hex board zigzags instead of drifting)
          let best = null;
          let bestDist = Infinity;
          for (const other of target) {
            const d = Math.abs(this.cells.get(other).x - here.x);
            const bias = key === "ArrowUp" ? this.cells.get(other).x - here.x : here.x - this.cells.get(other).x;
            const score = d + (bias > 0 ? 0.01 : 0);
            if (score < bestDist) {
              bestDist = score;
              best = other;
            }
          }
          next = best;
        }
        break;
      }
      case "Home":
        next = row[0];
        break;
      case "End":
        next = row[row.length - 1];
        break;
      case "Enter":
      case " ":
        event.preventDefault();
        this.onActivate(id);
        return;
      default:
        return;
    }
    event.preventDefault();
    if (next) this.focusCell(next);
  }
}
