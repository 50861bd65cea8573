// @ts-check
// What comes from outside the page — a link, a file, the browser's storage (which any tab,
// extension or person at the device can write) — is checked here, once, before anything
// recursive reads it or it is posted to a worker (docs/contracts.md, "Untrusted input").
// A structure nested thousands deep is valid JSON; copied to a worker or read by a
// recursive function it overflows the stack, so its depth and size are measured first,
// without recursion. No DOM here (tests run it in Node).

/** Bounds of anything that travels: far beyond what the page ever writes (a record nests
 * 2 deep, a link's picture 6; a 10,000-move record is 10,000 values). */
export const LIMITS = Object.freeze({ depth: 24, nodes: 200_000, text: 4_000_000 });

// The engine's own bounds (nibble/core/record.py, docs/contracts.md "Limits").
export const MAX_MOVES = 10_000;
const MAX_MOVE_CHARS = 200;
const MAX_SETUP_CHARS = 100_000;
const MAX_OPTIONS = 64;
const MAX_NAME = 40;

/** The browser's localStorage, or `storage` when one is given (tests pass a fake); null
 * when there is none. Reading window.localStorage itself throws in a sandboxed frame or
 * with storage off: that is null too, never an exception.
 * @template S @param {S | null | undefined} storage @returns {S | Storage | null} */
export function storageOf(storage) {
  try {
    return storage === undefined ? globalThis.localStorage ?? null : storage;
  } catch {
    return null;
  }
}

export const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
export const isCount = (v, max) => Number.isInteger(v) && v >= 0 && v <= max;
const isText = (v, max) => typeof v === "string" && v.length <= max;

/** null when `value` is JSON data within the bounds, else "deep" (nested deeper than
 * `depth` containers) or "large" (more than `nodes` values, or a string over `text`).
 * Iterative: any depth is measured in constant stack.
 * @param {any} value anyone's JSON
 * @param {{depth?: number, nodes?: number, text?: number}} [limits]
 * @returns {"deep" | "large" | null} */
export function shapeProblem(value, { depth = LIMITS.depth, nodes = LIMITS.nodes, text = LIMITS.text } = {}) {
  const stack = [value];
  const depths = [1];
  let count = 0;
  while (stack.length) {
    const v = stack.pop();
    const d = depths.pop();
    count++;
    if (typeof v === "string") {
      if (v.length > text) return "large";
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (d > depth) return "deep";
    const children = Array.isArray(v) ? v : Object.values(v);
    if (count + stack.length + children.length > nodes) return "large";
    for (const child of children) {
      stack.push(child);
      depths.push(d + 1);
    }
  }
  return null;
}

/** null when `record` has a record's shape and types (the engine then checks its meaning:
 * the game, the options' values, every move), else the name of the first bad field. */
export function recordProblem(record) {
  if (!isObject(record)) return "record";
  if (shapeProblem(record, { depth: 4, nodes: MAX_MOVES + 4 * MAX_OPTIONS + 16, text: MAX_SETUP_CHARS })) return "size";
  if (record.format !== undefined && !isText(record.format, 40)) return "format";
  if (!isText(record.game, 40)) return "game";
  const options = record.options ?? {};
  if (!isObject(options) || Object.keys(options).length > MAX_OPTIONS) return "options";
  if (!Object.values(options).every((v) => v === null || ["string", "boolean"].includes(typeof v) || Number.isFinite(v))) return "options";
  if (record.setup != null && !isText(record.setup, MAX_SETUP_CHARS)) return "setup";
  const moves = record.moves;
  if (!Array.isArray(moves) || moves.length > MAX_MOVES || !moves.every((m) => isText(m, MAX_MOVE_CHARS))) return "moves";
  if (record.resigned != null && !Number.isInteger(record.resigned)) return "resigned";
  return null;
}

// C0 and C1 controls, and the marks that reorder text around them (bidi embeddings,
// overrides and isolates, the lone direction marks) or break it into lines.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;

/** A player's name as it may be shown: text only, one line, no direction overrides, at
 * most 40 characters; "" for anything that is not a string. */
export function plainName(value) {
  if (typeof value !== "string") return "";
  const text = value.replace(UNSHOWN, " ").replace(/\s+/g, " ").trim();
  return [...text].slice(0, MAX_NAME).join("").trim();
}
