// @ts-check
// The rule lessons done on this device (localStorage), per game: the list in the lesson
// panel ticks them, and Lessons opens the first one not done. Storage is untrusted
// (store/untrusted.js): what is read is bounded before it is parsed and checked after; a
// part that is not what we write is dropped, and a storage that refuses (private mode,
// quota, a sandboxed frame) is "nothing done" or a false, never an exception. No DOM here
// (tests run it in Node).

import { PREFIX } from "./library.js";
import { isObject, shapeProblem, storageOf } from "./untrusted.js";

/** @typedef {{[game: string]: string[]}} Done */
/** @typedef {{getItem(key: string): string | null, setItem(key: string, value: string): void}} StorageLike */

export const KEY = `${PREFIX}lessons`;
const VERSION = 1;
export const MAX_GAMES = 16;
export const MAX_LESSONS = 32; // per game; a game teaches three to five
export const MAX_NAME = 40;
const MAX_TEXT = 20_000;
const SHAPE = { depth: 4, nodes: MAX_GAMES * (MAX_LESSONS + 1) + 8, text: MAX_NAME };

/** @param {unknown} v @returns {v is string} */
const isName = (v) => typeof v === "string" && /^[a-z0-9-]{1,40}$/.test(v);


/** The lessons done, by game (a table without a prototype: a game named "__proto__" is
 * only ever a key). Never throws.
 * @param {StorageLike | null} [storage] @returns {Done} */
export function loadDone(storage) {
  /** @type {Done} */
  const out = Object.create(null);
  let data;
  try {
    const text = storageOf(storage)?.getItem(KEY);
    if (typeof text !== "string" || text.length > MAX_TEXT) return out;
    data = JSON.parse(text);
  } catch {
    return out;
  }
  if (!isObject(data) || data.version !== VERSION || shapeProblem(data, SHAPE) || !isObject(data.done)) return out;
  for (const [game, ids] of Object.entries(data.done).slice(0, MAX_GAMES)) {
    if (!isName(game) || !Array.isArray(ids)) continue;
    out[game] = [...new Set(ids.filter(isName))].slice(0, MAX_LESSONS);
  }
  return out;
}

/** Mark `lesson` of `game` done (read again first: another tab may have marked one).
 * False when the storage refused or the names are not ours.
 * @param {string} game @param {string} lesson @param {StorageLike | null} [storage] @returns {boolean} */
export function markDone(game, lesson, storage) {
  if (!isName(game) || !isName(lesson)) return false;
  const done = loadDone(storage);
  const ids = done[game] ?? [];
  if (ids.includes(lesson)) return true;
  if (ids.length >= MAX_LESSONS || (!done[game] && Object.keys(done).length >= MAX_GAMES)) return false;
  done[game] = [...ids, lesson];
  try {
    const store = storageOf(storage);
    if (!store) return false;
    store.setItem(KEY, JSON.stringify({ version: VERSION, done }));
    return true;
  } catch {
    return false;
  }
}
