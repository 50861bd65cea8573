// @ts-check
// A seeded Nibble start drawn without the engine: the same discs and colour table as the
// engine's set-up (nibble/games/nibble/setup.py, nibble/core/rng.py) for the same seed,
// so that a new ?game=nibble&seed=… link shows its board at first paint. Each line
// mirrors the Python one; tests/test_start_paint.py checks the two agree, seed for seed,
// on every board.

const MASK64 = (1n << 64n) - 1n;
const TWO64 = 1n << 64n;

/** SplitMix64, as nibble/core/rng.py's SeededRng (BigInt: exact 64-bit arithmetic). */
export class SeededRng {
  /** @param {number | bigint} seed */
  constructor(seed) {
    this.state = BigInt(seed) & MASK64;
  }

  nextU64() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  }

  /** A uniform integer in [0, n) (rejection sampling, no modulo bias). @param {number} n */
  below(n) {
    const big = BigInt(n);
    const limit = TWO64 - (TWO64 % big);
    for (;;) {
      const x = this.nextU64();
      if (x < limit) return Number(x % big);
    }
  }

  /** Fisher–Yates in place. @param {unknown[]} items */
  shuffle(items) {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
  }
}

/**
 * A colour (0-based) for every cell, in reading order: setup.py's random_colors.
 * @param {number[][]} nbrs the cells next to each cell
 * @param {number} colours
 * @param {SeededRng} rng
 */
export function randomColours(nbrs, colours, rng) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const out = minConflicts(nbrs, colours, rng);
    if (out) return out;
  }
  throw new Error("could not build a set-up");
}

/**
 * @param {number[][]} nbrs
 * @param {number} colours
 * @param {SeededRng} rng
 * @returns {number[] | null}
 */
function minConflicts(nbrs, colours, rng) {
  const n = nbrs.length;
  const colors = Array.from({ length: n }, (_, i) => i % colours);
  rng.shuffle(colors);
  const conf = colors.map((c, i) => nbrs[i].filter((j) => colors[j] === c).length);
  /** @type {number[]} cells in conflict */
  const bad = [];
  /** @type {Map<number, number>} where each is in `bad` */
  const where = new Map();
  for (let i = 0; i < n; i++) {
    if (conf[i]) {
      where.set(i, bad.length);
      bad.push(i);
    }
  }
  /** @param {number} x */
  const mark = (x) => {
    if (conf[x] && !where.has(x)) {
      where.set(x, bad.length);
      bad.push(x);
    } else if (!conf[x] && where.has(x)) {
      const k = /** @type {number} */ (where.get(x));
      where.delete(x);
      const last = /** @type {number} */ (bad.pop());
      if (last !== x) {
        bad[k] = last;
        where.set(last, k);
      }
    }
  };
  for (let step = 0; step < 100 * n; step++) {
    if (!bad.length) return colors;
    const i = bad[rng.below(bad.length)];
    const j = rng.below(n);
    const ci = colors[i];
    const cj = colors[j];
    if (ci === cj) continue;
    const newI = nbrs[i].filter((x) => x !== j && colors[x] === cj).length;
    const newJ = nbrs[j].filter((x) => x !== i && colors[x] === ci).length;
    if (newI + newJ > conf[i] + conf[j]) continue;
    colors[i] = cj;
    colors[j] = ci;
    for (const [a, old, now] of [[i, ci, cj], [j, cj, ci]]) {
      for (const x of nbrs[a]) {
        if (x === i || x === j) continue;
        if (colors[x] === old) {
          conf[x] -= 1;
          mark(x);
        } else if (colors[x] === now) {
          conf[x] += 1;
          mark(x);
        }
      }
    }
    conf[i] = newI;
    conf[j] = newJ;
    mark(i);
    mark(j);
  }
  return null;
}

/**
 * The start view of a seeded game, from the start view of the same board for seed 0 that
 * the build shipped (`start.view`, its cells and colour table) and the board's neighbours.
 * Every colour the view names at the start follows the colour table's order (the goals
 * begin at its first colours), so it is renamed by its place in the table. Null when the
 * options ask for what this cannot draw.
 * @param {Record<string, unknown>} options the link's options
 * @param {{view: Record<string, any>, neighbours: number[][]}} start
 * @returns {Record<string, any> | null}
 */
export function startView(options, start) {
  const seed = options.seed;
  if (typeof seed !== "number" || !Number.isSafeInteger(seed) || seed < 0) return null;
  const order = options.color_order ?? "random";
  if (order !== "random" && order !== "fixed") return null;
  const view = start.view;
  const count = view.colors;
  if (!Array.isArray(start.neighbours) || start.neighbours.length !== view.board.cells.length) return null;
  const rng = new SeededRng(seed);
  const colours = randomColours(start.neighbours, count, rng);
  const table = Array.from({ length: count }, (_, i) => i);
  if (order === "random") rng.shuffle(table);
  const place = new Map(view.color_table.map((c, i) => [c, i])); // the template's colour -> its place
  const rename = (c) => table[/** @type {number} */ (place.get(c))] + 1;
  const renamed = JSON.parse(JSON.stringify(view), (key, value) => {
    if ((key === "color" && typeof value === "number") || key === "colors") {
      return Array.isArray(value) ? value.map(rename) : key === "color" ? rename(value) : value;
    }
    return value;
  });
  renamed.board.cells = view.board.cells.map((cell, i) => ({ ...cell, color: colours[i] + 1 }));
  renamed.color_table = table.map((c) => c + 1);
  return renamed;
}
