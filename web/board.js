// Board renderer: draws a square or hex board as SVG from a view's `board`
// ({shape, row_lengths, cells}) and handles pointer and keyboard input on cells.
// It knows nothing about rules: what a disc looks like, which cells are selectable
// or picked, and what a cell is called all come from the caller.
//
//   const board = new BoardView(element, {onActivate: (id) => …});
//   board.render(view.board, {paint, label, selectable, picked, marked, interactive});

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

// Cell centres for a board shape; returns {width, height, centre(row, col)}.
export function layout(shape, rowLengths) {
  const rows = rowLengths.length;
  const widest = Math.max(...rowLengths);
  if (shape === "hex") {
    const dy = 1.5 * HEX_R;
    const margin = 8;
    return {
      width: widest * UNIT + 2 * margin,
      height: (rows - 1) * dy + 2 * HEX_R + 2 * margin,
      centre: (r, c) => [
        margin + ((widest - rowLengths[r]) / 2) * UNIT + c * UNIT + UNIT / 2,
        margin + HEX_R + r * dy,
      ],
    };
  }
  const margin = 8;
  return {
    width: widest * UNIT + 2 * margin,
    height: rows * UNIT + 2 * margin,
    centre: (r, c) => [margin + c * UNIT + UNIT / 2, margin + r * UNIT + UNIT / 2],
  };
}

export class BoardView {
  constructor(container, { onActivate } = {}) {
    this.container = container;
    this.onActivate = onActivate || (() => {});
    this.key = null;
    this.cells = new Map(); // id -> {g, disc, text, row, col, x, y}
    this.rows = []; // rows[r] = [ids in order]
    this.focusId = null;
    this.svg = null;
  }

  _build(board) {
    const { shape, row_lengths: rowLengths, cells } = board;
    const geo = layout(shape, rowLengths);
    this.container.textContent = "";
    const svg = el("svg", {
      viewBox: `0 0 ${geo.width.toFixed(1)} ${geo.height.toFixed(1)}`,
      class: `board board-${shape}`,
      role: "group",
      "data-shape": shape,
    });
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.svg = svg;
    this.cells.clear();
    this.rows = rowLengths.map(() => []);
    // background: the polygon through the centres of the outline's corner cells,
    // widened outwards by a thick round-joined stroke
    const last = rowLengths.length - 1;
    let widest = 0;
    rowLengths.forEach((n, r) => {
      if (n > rowLengths[widest]) widest = r;
    });
    const corners = [
      [0, 0], [0, rowLengths[0] - 1], [widest, rowLengths[widest] - 1],
      [last, rowLengths[last] - 1], [last, 0], [widest, 0],
    ].map(([r, c]) => geo.centre(r, c).map((v) => v.toFixed(1)).join(","));
    el("polygon", { class: "board-bg", points: corners.join(" "), "stroke-width": shape === "hex" ? 2 * HEX_R + 8 : UNIT + 12, "stroke-linejoin": shape === "hex" ? "round" : "miter" }, svg);
    const discR = shape === "hex" ? 41 : 42;
    for (const cell of cells) {
      const [x, y] = geo.centre(cell.row, cell.col);
      const g = el("g", { class: "cell", "data-cell": cell.id, tabindex: "-1", role: "button" }, svg);
      if (shape === "hex") el("polygon", { class: "slot", points: hexPoints(x, y, HEX_R - 2) }, g);
      else el("rect", { class: "slot", x: x - 47, y: y - 47, width: 94, height: 94, rx: 14 }, g);
      el("circle", { class: "mark", cx: x, cy: y, r: discR + 4 }, g);
      const disc = el("circle", { class: "disc", cx: x, cy: y, r: discR }, g);
      const text = el("text", { class: "disc-label", x, y: y + 1, "text-anchor": "middle", "dominant-baseline": "central" }, g);
      this.cells.set(cell.id, { g, disc, text, row: cell.row, col: cell.col, x, y });
      this.rows[cell.row].push(cell.id);
    }
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

  // options: paint(cell) -> {fill, ink, label} | null for empty; label(cell, flags) -> string;
  // selectable, picked, marked: Sets of cell ids; interactive: bool
  render(board, options) {
    const key = `${board.shape}:${board.row_lengths.join(",")}`;
    if (key !== this.key || !this.svg) {
      this._build(board);
      this.key = key;
    }
    const { paint, label, selectable, picked, marked, interactive, ariaLabel } = options;
    this.svg.setAttribute("aria-label", ariaLabel || "");
    this.svg.classList.toggle("interactive", !!interactive);
    this.svg.classList.toggle("picking", picked.size > 0);
    for (const cell of board.cells) {
      const entry = this.cells.get(cell.id);
      if (!entry) continue;
      const { g, disc, text } = entry;
      const look = cell.color == null ? null : paint(cell);
      const isSelectable = !!interactive && selectable.has(cell.id);
      const isPicked = picked.has(cell.id);
      const isMarked = marked.has(cell.id);
      g.dataset.empty = look ? "false" : "true";
      g.dataset.selectable = isSelectable ? "true" : "false";
      g.dataset.picked = isPicked ? "true" : "false";
      g.dataset.marked = isMarked ? "true" : "false";
      if (look) {
        g.dataset.color = String(cell.color);
        disc.setAttribute("fill", look.fill);
        text.setAttribute("fill", look.ink);
        text.textContent = look.label;
      } else {
        delete g.dataset.color;
        disc.removeAttribute("fill");
        text.textContent = "";
      }
      g.setAttribute("aria-label", label(cell, { selectable: isSelectable, picked: isPicked, marked: isMarked }));
      if (isPicked) g.setAttribute("aria-pressed", "true");
      else g.removeAttribute("aria-pressed");
      g.setAttribute("aria-disabled", isSelectable || isPicked ? "false" : "true");
    }
    if (!this.cells.has(this.focusId)) this.focusId = board.cells.length ? board.cells[0].id : null;
    this._rove();
  }

  _rove() {
    for (const [id, entry] of this.cells) entry.g.setAttribute("tabindex", id === this.focusId ? "0" : "-1");
  }

  focusCell(id) {
    const entry = this.cells.get(id);
    if (!entry) return;
    this.focusId = id;
    this._rove();
    entry.g.focus();
  }

  _key(event) {
    const id = this.focusId;
    const here = this.cells.get(id);
    if (!here) return;
    const row = this.rows[here.row];
    const index = row.indexOf(id);
    let next = null;
    switch (event.key) {
      case "ArrowLeft":
        next = row[Math.max(0, index - 1)];
        break;
      case "ArrowRight":
        next = row[Math.min(row.length - 1, index + 1)];
        break;
      case "ArrowUp":
      case "ArrowDown": {
        const target = this.rows[here.row + (event.key === "ArrowUp" ? -1 : 1)];
        if (target && target.length) {
          // the cell of the next row whose centre is closest horizontally
          // (ties: the one to the left for up, to the right for down, so that
          // repeated up/down on a hex board zigzags instead of drifting)
          let best = null;
          let bestDist = Infinity;
          for (const other of target) {
            const d = Math.abs(this.cells.get(other).x - here.x);
            const bias = event.key === "ArrowUp" ? this.cells.get(other).x - here.x : here.x - this.cells.get(other).x;
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
