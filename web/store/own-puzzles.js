// @ts-check
// "Your puzzles" on this device (localStorage): positions from the player's own games
// where they went wrong and one move only was good, to find again later. A position
// comes from a finished game's mistake (waiting until the engine has judged it a puzzle:
// `pending`, then `ready` or `rejected`) or from the review by hand ("Practise this
// position later", at once `ready`). A ready puzzle is offered again after a day; found
// at the first try it comes back after a week, then a month, and is then learned; missed,
// after a day again (spaced repetition, as flash cards). Storage is untrusted
// (store/untrusted.js): bounded before it is parsed, every item checked after, an item
// that is not what we write dropped; a storage that refuses is "none" or a false, never
// an exception. No DOM here (tests run it in Node).

import { PREFIX } from "./library.js";
import { isObject, recordProblem, shapeProblem, storageOf } from "./untrusted.js";

/** @typedef {"pending" | "ready" | "rejected" | "learned"} Status */
/**
 * @typedef {object} OwnPuzzle
 * @property {string} id          12 hex digits: the position's (game, options, set-up, moves)
 * @property {Nibble.Record} record the position (the player, `solver`, to move)
 * @property {number} solver
 * @property {string} played      the move the player made there ("" when added by hand)
 * @property {string[]} line      the one good move (empty while pending)
 * @property {string[]} themes
 * @property {"game" | "review"} origin
 * @property {Status} status
 * @property {number} added       ms since the epoch
 * @property {number} due         when it is offered next (ms)
 * @property {number} stage       first tries found in a row (index into INTERVALS)
 */
/** @typedef {{getItem(key: string): string | null, setItem(key: string, value: string): void}} StorageLike */

export const KEY = `${PREFIX}own-puzzles`;
const VERSION = 1;
const DAY = 24 * 60 * 60 * 1000;
/** How long until a puzzle comes back: after it is made, then after each first-try find. */
export const INTERVALS = [DAY, 7 * DAY, 30 * DAY];
export const MAX_ITEMS = 200; // the oldest learned or rejected go first, then the oldest
const MAX_TEXT = 4_000_000;
const MAX_THEMES = 8;
const STATUSES = new Set(["pending", "ready", "rejected", "learned"]);


/** @param {unknown} v @returns {v is number} */
const isTime = (v) => typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= Number.MAX_SAFE_INTEGER;
/** @param {unknown} v @param {number} max @returns {v is string} */
const isText = (v, max) => typeof v === "string" && v.length <= max;

/** An item as we write it, or null. @param {any} v anyone's JSON @returns {OwnPuzzle | null} */
function readItem(v) {
  if (!isObject(v) || typeof v.id !== "string" || !/^[0-9a-f]{12}$/.test(v.id)) return null;
  if (recordProblem(v.record) || !Number.isInteger(v.solver) || v.solver < 0 || v.solver > 15) return null;
  if (!isText(v.played, 200) || !Array.isArray(v.line) || v.line.length > 4 || !v.line.every((/** @type {unknown} */ m) => isText(m, 200))) return null;
  if (!STATUSES.has(v.status) || (v.status === "ready" && !v.line.length)) return null;
  if (v.origin !== "game" && v.origin !== "review") return null;
  if (!isTime(v.added) || !isTime(v.due) || !Number.isInteger(v.stage) || v.stage < 0 || v.stage > INTERVALS.length) return null;
  const themes = Array.isArray(v.themes) ? v.themes.filter((/** @type {unknown} */ x) => typeof x === "string" && /^[a-z0-9-]{1,40}$/.test(x)).slice(0, MAX_THEMES) : [];
  return { id: v.id, record: v.record, solver: v.solver, played: v.played, line: [...v.line], themes, origin: v.origin, status: v.status, added: v.added, due: v.due, stage: v.stage };
}

/** Every item stored (oldest first), none when there is nothing or it cannot be read.
 * @param {StorageLike | null} [storage] @returns {OwnPuzzle[]} */
export function loadOwn(storage) {
  let data;
  try {
    const text = storageOf(storage)?.getItem(KEY);
    if (typeof text !== "string" || text.length > MAX_TEXT) return [];
    data = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isObject(data) || data.version !== VERSION || shapeProblem(data) || !Array.isArray(data.items)) return [];
  const seen = new Set();
  /** @type {OwnPuzzle[]} */
  const out = [];
  for (const raw of data.items.slice(-MAX_ITEMS)) {
    const item = readItem(raw);
    if (item && !seen.has(item.id)) {
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** Store `items` (the oldest learned or rejected dropped first beyond MAX_ITEMS). False when
 * the storage refused. @param {OwnPuzzle[]} items @param {StorageLike | null} [storage] */
export function saveOwn(items, storage) {
  let kept = items;
  if (kept.length > MAX_ITEMS) {
    const done = kept.filter((x) => x.status === "learned" || x.status === "rejected");
    const drop = new Set(done.slice(0, kept.length - MAX_ITEMS).map((x) => x.id));
    kept = kept.filter((x) => !drop.has(x.id)).slice(-MAX_ITEMS);
  }
  try {
    const store = storageOf(storage);
    if (!store) return false;
    store.setItem(KEY, JSON.stringify({ version: VERSION, items: kept }));
    return true;
  } catch {
    return false;
  }
}

// FNV-1a, twice with different seeds: 12 hex digits, the same on every device.
/** @param {string} text */
function hash12(text) {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193) >>> 0;
  }
  return (a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0")).slice(0, 12);
}

/** The id of the position `record` ends at. @param {Nibble.Record} record */
export function idOf(record) {
  return hash12(`${record.game}\u0000${JSON.stringify(record.options ?? {})}\u0000${record.setup ?? ""}\u0000${record.moves.join(" ")}`);
}

// The costliest mistakes kept a game: each is checked in the background (the judge op, up
// to 20 s), and a game of random moves has dozens; a phone pays for every one.
export const PER_GAME = 3;

/**
 * The moves of a finished game whose positions are kept: mistakes and blunders (not
 * forced, with a better move known) of the seats `mine` accepts, the PER_GAME costliest
 * (the largest drop; the earlier of two equal).
 * @template {{mark: string | null, drop: number, best: string | null, mover: number, forced?: boolean}} J
 * @param {(J | null)[]} judgements by move, the first move's at index 0
 * @param {(seat: number) => boolean} mine
 * @returns {{j: J, ply: number}[]} ply: the move's number (1 for the first)
 */
export function mistakesToKeep(judgements, mine) {
  /** @type {{j: J, ply: number}[]} */
  const found = [];
  judgements.forEach((j, i) => {
    if (j && (j.mark === "mistake" || j.mark === "blunder") && j.best && !j.forced && mine(j.mover)) found.push({ j, ply: i + 1 });
  });
  return found.sort((a, b) => b.j.drop - a.j.drop || a.ply - b.ply).slice(0, PER_GAME);
}

/**
 * Add a position (changes `items` in place): from a game's mistake, pending until judged;
 * from the review, ready with its line. A position already there is left as it is.
 * Returns the item added, or null.
 * @param {OwnPuzzle[]} items
 * @param {{record: Nibble.Record, solver: number, played?: string, line?: string[], origin: "game" | "review"}} what
 * @param {number} [now]
 * @returns {OwnPuzzle | null}
 */
export function addOwn(items, { record, solver, played = "", line = [], origin }, now = Date.now()) {
  const id = idOf(record);
  if (items.some((x) => x.id === id)) return null;
  const ready = origin === "review" && line.length > 0;
  /** @type {OwnPuzzle} */
  const item = {
    id, record: { ...record, moves: [...record.moves] }, solver, played, line: ready ? [...line] : [], themes: [],
    origin, status: ready ? "ready" : "pending", added: now, due: now + INTERVALS[0], stage: 0,
  };
  if (readItem(item) == null) return null; // not a position we could store
  items.push(item);
  return item;
}

/**
 * The engine's verdict on a pending position: a puzzle (its one good move, which must not
 * be the move the player made there) becomes ready, due a day after it was added; anything
 * else is rejected. @param {OwnPuzzle} item
 * @param {{puzzle: boolean, move: string | null, themes?: string[]}} verdict
 */
export function judged(item, { puzzle, move, themes = [] }) {
  if (item.status !== "pending") return;
  if (puzzle && move && move !== item.played) {
    item.status = "ready";
    item.line = [move];
    item.themes = themes.filter((x) => /^[a-z0-9-]{1,40}$/.test(x)).slice(0, MAX_THEMES);
  } else {
    item.status = "rejected";
  }
}

/**
 * A try of `item`: found at the first try, it comes back after the next interval (after
 * the last one it is learned); missed, after the first again.
 * @param {OwnPuzzle} item @param {boolean} found @param {number} [now]
 */
export function reviewed(item, found, now = Date.now()) {
  if (item.status !== "ready") return;
  if (found) {
    item.stage++;
    if (item.stage >= INTERVALS.length) item.status = "learned";
    else item.due = now + INTERVALS[item.stage];
  } else {
    item.stage = 0;
    item.due = now + INTERVALS[0];
  }
}

/** The ready puzzles due by `now`, the most overdue first.
 * @param {OwnPuzzle[]} items @param {number} [now] */
export function dueOwn(items, now = Date.now()) {
  return items.filter((x) => x.status === "ready" && x.due <= now).sort((a, b) => a.due - b.due);
}

/** The ready puzzles not due yet. @param {OwnPuzzle[]} items @param {number} [now] */
export function waitingOwn(items, now = Date.now()) {
  return items.filter((x) => x.status === "ready" && x.due > now);
}
