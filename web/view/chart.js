// @ts-check
// The advantage chart: each seat's winning chances after every move, drawn from the
// analysis's data as SVG (colours from the page's seat variables, so light, dark, high
// contrast and the colour-blind palette follow). Two players: one line, the first
// player's chances, shaded above and below even; three or four: one line per seat. The
// position shown is marked; a click on a move's column, or ← → Home End once the chart has
// the focus, shows that move. A visually hidden list says the same in words.
//
// Hooks: [data-eval-graph] holds one [data-eval-point] per move, data-ply 1..n.

const SVG = "http://www.w3.org/2000/svg";
const W = 600;
const H = 120;
const PAD = 4;

/** @typedef {import("../review/marks.js").Mark} Mark */
/**
 * What the chart draws, and what it calls.
 * @typedef {object} ChartData
 * @property {(number[] | null)[]} chances per ply 0..n, each seat's chances, or null while unknown
 * @property {number} seats
 * @property {number} shown the ply shown
 * @property {(Mark | null)[]} marks per move (index i: move i + 1)
 * @property {typeof import("../i18n/i18n.js").t} t
 * @property {(ply: number, how: "click" | "key") => void} onPick a move chosen on the chart
 * @property {(ply: number, chances: number[] | null, mark: Mark | null) => string} describe a move's point in words
 */
/** @typedef {HTMLElement & {onPick?: ChartData["onPick"]}} ChartHost the chart's element, which keeps its latest onPick */

/** @param {string} name @param {Record<string, string | number | null | undefined>} [attrs] */
function el(name, attrs = {}) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) if (v != null) node.setAttribute(k, String(v));
  return node;
}

/** @param {ChartHost} host @param {ChartData} data */
export function drawChart(host, { chances, seats, shown, marks, t, onPick, describe }) {
  const n = chances.length - 1;
  /** @param {number} ply */
  const x = (ply) => PAD + (n ? (ply / n) * (W - 2 * PAD) : 0);
  /** @param {number} p a seat's chances */
  const y = (p) => PAD + (1 - p) * (H - 2 * PAD);
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", class: `eval-chart${seats === 2 ? "" : " players-n"}`, "aria-hidden": "true" });
  svg.append(el("rect", { x: 0, y: 0, width: W, height: H, class: "eval-bg" }));
  svg.append(el("line", { x1: 0, x2: W, y1: y(0.5), y2: y(0.5), class: "eval-even" }));

  // known points only; a seat's line joins the positions analysed so far
  const known = chances.map((c, ply) => (c ? ply : null)).filter((ply) => ply != null);
  const lines = seats === 2 ? [0] : Array.from({ length: seats }, (_, s) => s);
  if (known.length > 1) {
    if (seats === 2) {
      const pts = known.map((ply) => `${x(ply)},${y(chances[ply][0])}`);
      const area = `M${x(known[0])},${y(0.5)} L${pts.join(" L")} L${x(known[known.length - 1])},${y(0.5)} Z`;
      svg.append(el("path", { d: area, class: "eval-area" }));
    }
    for (const seat of lines) {
      const pts = known.map((ply) => `${x(ply)},${y(chances[ply][seat])}`);
      svg.append(el("polyline", { points: pts.join(" "), class: `eval-line seat-${seat}` }));
    }
  }
  // the position shown
  svg.append(el("line", { x1: x(shown), x2: x(shown), y1: 0, y2: H, class: "eval-now" }));

  // one point per move: a dot on the line where it is known, and a column to click
  const points = el("g", { class: "eval-points" });
  const colW = n ? (W - 2 * PAD) / n : W;
  for (let ply = 1; ply <= n; ply++) {
    const c = chances[ply];
    const p = c ? (seats === 2 ? c[0] : Math.max(...c)) : 0.5;
    const g = el("g", { "data-eval-point": "", "data-ply": ply, class: `eval-point${c ? "" : " pending"}${marks[ply - 1] ? ` ${marks[ply - 1]}` : ""}${ply === shown ? " current" : ""}` });
    g.append(el("rect", { x: x(ply) - colW / 2, y: 0, width: colW, height: H, class: "eval-hit" }));
    if (marks[ply - 1]) g.append(el("circle", { cx: x(ply), cy: y(p), r: 3.2, class: "eval-mark" }));
    points.append(g);
  }
  svg.append(points);

  const list = document.createElement("ol");
  for (let ply = 1; ply <= n; ply++) {
    const li = document.createElement("li");
    li.textContent = describe(ply, chances[ply], marks[ply - 1]);
    list.append(li);
  }

  host.replaceChildren(svg);
  // the words for each move beside the slider (a slider's children are not read)
  const words = host.nextElementSibling?.matches?.("[data-eval-words]") ? host.nextElementSibling : null;
  if (words) words.replaceChildren(list);
  host.setAttribute("role", "slider");
  host.setAttribute("tabindex", n ? "0" : "-1");
  host.setAttribute("aria-label", t("review.chart"));
  host.setAttribute("aria-valuemin", "0");
  host.setAttribute("aria-valuemax", String(n));
  host.setAttribute("aria-valuenow", String(shown));
  host.setAttribute("aria-valuetext", shown ? describe(shown, chances[shown], marks[shown - 1]) : t("review.start"));
  host.hidden = n === 0;

  if (!host.dataset.wired) {
    host.dataset.wired = "true";
    host.addEventListener("click", (event) => {
      const point = /** @type {SVGElement | null} */ ((/** @type {Element} */ (event.target)).closest?.("[data-eval-point]"));
      if (point) host.onPick?.(Number(point.dataset.ply), "click");
    });
    host.addEventListener("keydown", (event) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return; // the browser's own (Alt+← is Back)
      const now = Number(host.getAttribute("aria-valuenow"));
      const max = Number(host.getAttribute("aria-valuemax"));
      /** @type {Record<string, number>} */
      const keys = { ArrowLeft: now - 1, ArrowDown: now - 1, ArrowRight: now + 1, ArrowUp: now + 1, Home: 0, End: max };
      const to = keys[event.key];
      if (to == null) return;
      event.preventDefault();
      host.onPick?.(Math.max(0, Math.min(max, to)), "key");
    });
  }
  host.onPick = onPick;
}
