// @ts-check
// Shapes for the colour-blind mode (settings.js), so that colour is never needed:
//
// - GLYPHS: a small mark drawn on a disc above its number (and on the colour table's
//   chips), one per disc colour (the game's presentation says which);
// - BODIES: the outline of a whole piece, one per seat of a game whose seats are colours
//   (circle, square, diamond, plus), all of the same area as the round peg they replace,
//   so that the three peg sizes still compare at a glance.
//
// Each is a function (cx, cy, size) -> SVG path data; a glyph fills a box about
// 2·size wide, a body the area of a circle of radius `size`. Glyphs with holes (ring,
// frame) need fill-rule: evenodd.

const f = (n) => (Math.round(n * 100) / 100).toString();

function poly(points, cx, cy, s) {
  return points.map(([x, y], i) => `${i ? "L" : "M"}${f(cx + x * s)} ${f(cy + y * s)}`).join(" ") + " Z";
}

function circle(cx, cy, r) {
  return `M${f(cx - r)} ${f(cy)} a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0 a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0 Z`;
}

function rotate(points, degrees) {
  const a = (Math.PI / 180) * degrees;
  return points.map(([x, y]) => [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)]);
}

const PLUS = (w, r) => [[-w, -r], [w, -r], [w, -w], [r, -w], [r, w], [w, w], [w, r], [-w, r], [-w, w], [-r, w], [-r, -w], [-w, -w]];

function star(points, outer, inner) {
  const out = [];
  for (let i = 0; i < points * 2; i++) {
    const a = (Math.PI / points) * i - Math.PI / 2;
    const r = i % 2 ? inner : outer;
    out.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return out;
}

export const GLYPHS = {
  dot: (cx, cy, s) => circle(cx, cy, 0.92 * s),
  square: (cx, cy, s) => poly([[-0.82, -0.82], [0.82, -0.82], [0.82, 0.82], [-0.82, 0.82]], cx, cy, s),
  triangle: (cx, cy, s) => poly([[0, -1.02], [1.1, 0.86], [-1.1, 0.86]], cx, cy, s),
  diamond: (cx, cy, s) => poly([[0, -1.12], [1, 0], [0, 1.12], [-1, 0]], cx, cy, s),
  plus: (cx, cy, s) => poly(PLUS(0.34, 1.02), cx, cy, s),
  cross: (cx, cy, s) => poly(rotate(PLUS(0.3, 1.15), 45), cx, cy, s),
  star: (cx, cy, s) => poly(star(5, 1.15, 0.48), cx, cy + 0.1 * s, s),
  ring: (cx, cy, s) => `${circle(cx, cy, 0.95 * s)} ${circle(cx, cy, 0.5 * s)}`,
  frame: (cx, cy, s) =>
    `${poly([[-0.88, -0.88], [0.88, -0.88], [0.88, 0.88], [-0.88, 0.88]], cx, cy, s)} ${poly([[-0.42, -0.42], [0.42, -0.42], [0.42, 0.42], [-0.42, 0.42]], cx, cy, s)}`,
  bar: (cx, cy, s) => poly([[-1.05, -0.4], [1.05, -0.4], [1.05, 0.4], [-1.05, 0.4]], cx, cy, s),
  hourglass: (cx, cy, s) => poly([[-0.92, -1], [0.92, -1], [0, 0], [0.92, 1], [-0.92, 1], [0, 0]], cx, cy, s),
  // a crescent opening to the right: the arc of a circle of radius 1 around (0, 0) closed
  // by an arc of a circle of radius 0.85 around (0.5, 0), moved right to sit centred
  crescent: (cx, cy, s) => {
    const x = cx + 0.24 * s;
    return `M${f(x + 0.5275 * s)} ${f(cy - 0.8497 * s)} A${f(s)} ${f(s)} 0 1 0 ${f(x + 0.5275 * s)} ${f(cy + 0.8497 * s)} A${f(0.85 * s)} ${f(0.85 * s)} 0 1 1 ${f(x + 0.5275 * s)} ${f(cy - 0.8497 * s)} Z`;
  },
  heart: (cx, cy, s) => {
    const r = 0.54 * s;
    return `M${f(cx)} ${f(cy + 1.02 * s)} L${f(cx - 0.98 * s)} ${f(cy - 0.02 * s)} A${f(r)} ${f(r)} 0 0 1 ${f(cx)} ${f(cy - 0.7 * s)} A${f(r)} ${f(r)} 0 0 1 ${f(cx + 0.98 * s)} ${f(cy - 0.02 * s)} Z`;
  },
};

// Whole-piece outlines of the same area as a circle of radius r.
export const BODIES = {
  circle: (cx, cy, r) => circle(cx, cy, r),
  square: (cx, cy, r) => {
    const h = (r * Math.sqrt(Math.PI)) / 2;
    return poly([[-1, -1], [1, -1], [1, 1], [-1, 1]], cx, cy, h);
  },
  diamond: (cx, cy, r) => poly([[0, -1], [1, 0], [0, 1], [-1, 0]], cx, cy, r * Math.sqrt(Math.PI / 2)),
  // arms 0.8 of the half-span wide: area 2.56·S² = π·r²
  plus: (cx, cy, r) => poly(PLUS(0.4, 1), cx, cy, r * Math.sqrt(Math.PI / 2.56)),
};

// An <svg> holding one glyph, for HTML (the colour table's chips): filled with the
// current text colour, hidden from assistive technology (the chip's number says it).
export function glyphSvg(name) {
  const SVG = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "-12 -12 24 24");
  svg.setAttribute("class", "glyph");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", GLYPHS[name]?.(0, 0, 10) ?? "");
  path.setAttribute("fill", "currentColor");
  path.setAttribute("fill-rule", "evenodd");
  svg.append(path);
  svg.dataset.shape = name;
  return svg;
}
