// @ts-check
// The player's puzzle record on this device (localStorage): the Glicko-2 rating and its
// history, the first try of each puzzle (only the first try rates: a retried puzzle is
// known), the tally per theme and the best streak. Storage is untrusted (any tab,
// extension or person at the device can write it; store/untrusted.js): what is read is
// bounded in size before it is parsed and checked field by field after, and a part that is
// not what we write starts again; a storage that refuses reads or writes (private mode,
// quota, a sandboxed frame) is a fresh profile or a false, never an exception. Every part
// is capped, so the record cannot grow without bound. No DOM here (tests run it in Node).

import { PUZZLE_RD, START, update } from "./glicko.js";
import { PREFIX } from "./library.js";
import { isObject, shapeProblem, storageOf } from "./untrusted.js";

/** @typedef {import("./glicko.js").Glicko} Glicko */
/** @typedef {{first: "solved" | "failed", at: number, solved?: boolean}} Result */
/** @typedef {{rating: Glicko, history: [number, number][], results: {[id: string]: Result}, themes: {[theme: string]: [number, number]}, streakBest: number}} Profile */
/** @typedef {{id: string, rating: number, themes?: readonly string[]}} Puzzle */
/** @typedef {{getItem(key: string): string | null, setItem(key: string, value: string): void}} StorageLike */

export const KEY = `${PREFIX}puzzles`; // this site's, as every key of the library (two sites on one origin keep their own)
const VERSION = 1;
export const MAX_HISTORY = 500; // rating points kept (the oldest dropped first)
export const MAX_RESULTS = 5000; // puzzle ids remembered (the oldest try forgotten first)
export const MAX_THEMES = 64;
export const MAX_THEME_NAME = 40;
export const MAX_ID = 64; // puzzle ids are 12 hex digits; room to spare
const MAX_COUNT = 1_000_000_000; // a tally or a streak: beyond any real player
const RATING_MAX = 4000;
// What we write is at most ~5000 × 130 characters of results plus ~15,000 of history:
// a stored value beyond these bounds is not ours, and is not parsed.
const MAX_TEXT = 1_000_000;
const SHAPE = { depth: 4, nodes: 4 * MAX_RESULTS + 3 * MAX_HISTORY + 3 * MAX_THEMES + 256, text: MAX_ID };

/** Lookup tables without a prototype: an id or theme such as "__proto__" or
 * "constructor" is then only ever a key (never Object.prototype's members). */
const table = () => Object.create(null);
/** @param {object} o @param {string} key */
const has = (o, key) => Object.prototype.hasOwnProperty.call(o, key);
/** @param {unknown} v @param {number} min @param {number} max @returns {v is number} */
const within = (v, min, max) => typeof v === "number" && Number.isFinite(v) && v >= min && v <= max;
/** @param {unknown} v @returns {v is number} */
const isCount = (v) => Number.isInteger(v) && within(v, 0, MAX_COUNT);
/** @param {unknown} v @param {number} max @returns {v is string} */
const isName = (v, max) => typeof v === "string" && v.length > 0 && v.length <= max;

/** A new profile: the starting rating, nothing played.
 * @returns {Profile} */
export function freshProfile() {
  return { rating: { ...START }, history: [], results: table(), themes: table(), streakBest: 0 };
}

/** @param {any} v anyone's JSON @returns {Glicko} */
function readRating(v) {
  // the three numbers belong together: one bad, all start again
  if (isObject(v) && within(v.rating, 0, RATING_MAX) && within(v.rd, 0, START.rd) && within(v.vol, 0, 1) && v.vol > 0)
    return { rating: v.rating, rd: v.rd, vol: v.vol };
  return { ...START };
}

/** @param {any} v anyone's JSON @returns {[number, number][]} */
function readHistory(v) {
  if (!Array.isArray(v)) return [];
  /** @type {[number, number][]} */
  const out = [];
  for (const point of v.slice(-MAX_HISTORY)) {
    if (Array.isArray(point) && point.length === 2 && within(point[0], 0, Number.MAX_SAFE_INTEGER) && within(point[1], 0, RATING_MAX))
      out.push([point[0], point[1]]);
  }
  return out;
}

/** @param {any} v anyone's JSON @returns {Profile["results"]} */
function readResults(v) {
  const out = table();
  if (!isObject(v)) return out;
  for (const [id, r] of Object.entries(v)) {
    if (!isName(id, MAX_ID) || !isObject(r) || (r.first !== "solved" && r.first !== "failed")) continue;
    if (!within(r.at, 0, Number.MAX_SAFE_INTEGER) || (r.solved !== undefined && typeof r.solved !== "boolean")) continue;
    /** @type {Result} */
    const result = { first: r.first, at: r.at };
    if (r.solved) result.solved = true;
    out[id] = result;
  }
  trimResults(out);
  return out;
}

/** @param {any} v anyone's JSON @returns {Profile["themes"]} */
function readThemes(v) {
  const out = table();
  if (!isObject(v)) return out;
  let count = 0;
  for (const [theme, row] of Object.entries(v)) {
    if (count >= MAX_THEMES) break;
    if (!isName(theme, MAX_THEME_NAME) || !Array.isArray(row) || row.length !== 2 || !isCount(row[0]) || !isCount(row[1])) continue;
    out[theme] = [row[0], row[1]];
    count++;
  }
  return out;
}

/** Forget the oldest tries beyond MAX_RESULTS (never `keep`, the id just counted, even
 * when the clock went back: forgotten, it would count again).
 * @param {Profile["results"]} results @param {string} [keep] */
function trimResults(results, keep) {
  const ids = Object.keys(results);
  if (ids.length <= MAX_RESULTS) return;
  const oldest = ids.filter((id) => id !== keep).sort((a, b) => results[a].at - results[b].at);
  for (const id of oldest.slice(0, ids.length - MAX_RESULTS)) delete results[id];
}


/** The profile stored on this device, a fresh one when there is none or it cannot be read;
 * a damaged part is reset, the rest kept. Never throws.
 * @param {StorageLike | null} [storage] the browser's localStorage unless given
 * @returns {Profile} */
export function loadProfile(storage) {
  let data;
  try {
    const text = storageOf(storage)?.getItem(KEY);
    if (typeof text !== "string" || text.length > MAX_TEXT) return freshProfile();
    data = JSON.parse(text);
  } catch {
    return freshProfile(); // unreadable: start again (it is a tally, not a game)
  }
  if (!isObject(data) || data.version !== VERSION || shapeProblem(data, SHAPE)) return freshProfile();
  return {
    rating: readRating(data.rating),
    history: readHistory(data.history),
    results: readResults(data.results),
    themes: readThemes(data.themes),
    streakBest: isCount(data.streakBest) ? data.streakBest : 0,
  };
}

/** Store `profile`. False when the storage refused (quota, private mode, none), never throws.
 * @param {Profile} profile
 * @param {StorageLike | null} [storage] the browser's localStorage unless given
 * @returns {boolean} */
export function saveProfile(profile, storage) {
  try {
    const store = storageOf(storage);
    if (!store) return false;
    const { rating, history, results, themes, streakBest } = profile;
    store.setItem(KEY, JSON.stringify({ version: VERSION, rating, history, results, themes, streakBest }));
    return true;
  } catch {
    return false;
  }
}

/** Count the first try of `puzzle`, once per id: the rating moves (Glicko-2 against the
 * puzzle's fixed rating and PUZZLE_RD), the history gets [now, rounded rating], each of the
 * puzzle's themes +1 solved or failed. A later call for the same id (or a puzzle without a
 * usable id or rating) changes nothing and returns counted false. Ratings are rounded.
 * @param {Profile} profile changed in place
 * @param {Puzzle} puzzle
 * @param {boolean} solved
 * @param {number} [now] ms since the epoch
 * @returns {{counted: boolean, before: number, after: number}} */
export function recordFirstTry(profile, puzzle, solved, now = Date.now()) {
  const before = Math.round(profile.rating.rating);
  const id = puzzle?.id;
  if (!isName(id, MAX_ID) || has(profile.results, id) || !within(puzzle.rating, 0, RATING_MAX))
    return { counted: false, before, after: before };
  const at = within(now, 0, Number.MAX_SAFE_INTEGER) ? now : Date.now();
  const next = update(profile.rating, [{ rating: puzzle.rating, rd: PUZZLE_RD, score: solved ? 1 : 0 }]);
  // kept within what loadProfile accepts, so that what is written reads back
  profile.rating = {
    rating: Math.min(RATING_MAX, Math.max(0, next.rating)),
    rd: next.rd,
    vol: Math.min(1, next.vol),
  };
  const after = Math.round(profile.rating.rating);
  profile.history.push([at, after]);
  if (profile.history.length > MAX_HISTORY) profile.history.splice(0, profile.history.length - MAX_HISTORY);
  profile.results[id] = { first: solved ? "solved" : "failed", at };
  trimResults(profile.results, id);
  const themes = Array.isArray(puzzle.themes) ? puzzle.themes : [];
  for (const theme of new Set(themes)) {
    if (!isName(theme, MAX_THEME_NAME)) continue; // not a theme we could store
    if (!has(profile.themes, theme)) {
      if (Object.keys(profile.themes).length >= MAX_THEMES) continue;
      profile.themes[theme] = [0, 0];
    }
    const row = profile.themes[theme];
    const i = solved ? 0 : 1;
    row[i] = Math.min(MAX_COUNT, row[i] + 1);
  }
  return { counted: true, before, after };
}

/** A puzzle failed at the first try and solved later: it leaves the replay list (its
 * rating was counted at the first try and does not move). True when marked now.
 * @param {Profile} profile changed in place
 * @param {string} id
 * @returns {boolean} */
export function noteSolved(profile, id) {
  if (typeof id !== "string" || !has(profile.results, id)) return false;
  const result = profile.results[id];
  if (result.first !== "failed" || result.solved) return false;
  result.solved = true;
  return true;
}

/** The ids failed at the first try and not solved since, the most recent first.
 * @param {Profile} profile
 * @returns {string[]} */
export function failedIds(profile) {
  const results = profile.results;
  return Object.keys(results)
    .filter((id) => results[id].first === "failed" && !results[id].solved)
    .sort((a, b) => results[b].at - results[a].at);
}

/** The themes tried, weakest first: the highest share of failures, then the most
 * failures, then by name.
 * @param {Profile} profile
 * @returns {{theme: string, solved: number, failed: number}[]} */
export function weakestThemes(profile) {
  const share = (/** @type {{solved: number, failed: number}} */ t) => (t.solved + t.failed ? t.failed / (t.solved + t.failed) : 0);
  return Object.keys(profile.themes)
    .map((theme) => ({ theme, solved: profile.themes[theme][0], failed: profile.themes[theme][1] }))
    .sort((a, b) => share(b) - share(a) || b.failed - a.failed || (a.theme < b.theme ? -1 : a.theme > b.theme ? 1 : 0));
}

/** A streak of `n` puzzles solved in a row: the best one is kept. Returns the best.
 * @param {Profile} profile changed in place
 * @param {number} n
 * @returns {number} */
export function noteStreak(profile, n) {
  if (isCount(n) && n > profile.streakBest) profile.streakBest = n;
  return profile.streakBest;
}
