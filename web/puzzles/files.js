// @ts-check
// The shipped puzzles (puzzles/index.json and one file per board, written by
// scripts/puzzles_page.py) and each game's lessons (lessons/<game>.json): fetched on the
// first puzzle or lesson, not before the page is playable;
// the service worker keeps them for offline play. And how a puzzle is chosen: near the
// player's rating, the puzzle of the day, a streak's rising ladder. No engine here.

import { ROOT_URL } from "../root.js";

const MAX_FILE_CHARS = 8_000_000; // a damaged or hostile file is refused, not parsed
/** @type {Map<string, Promise<any>>} */
const loaded = new Map();

/** @param {string} path @returns {Promise<any>} */
function fetchJson(path) {
  if (!loaded.has(path)) {
    const promise = fetch(new URL(path, ROOT_URL)).then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const text = await response.text();
      if (text.length > MAX_FILE_CHARS) throw new Error("too large");
      return JSON.parse(text);
    });
    promise.catch(() => loaded.delete(path)); // tried again next time (offline a moment)
    loaded.set(path, promise);
  }
  return /** @type {Promise<any>} */ (loaded.get(path));
}

/** The boards that have puzzles. @returns {Promise<Nibble.PuzzleIndex>} */
export async function puzzleIndex() {
  const index = await fetchJson("puzzles/index.json");
  if (index?.format !== "nibble-puzzles/1" || !Array.isArray(index.boards)) throw new Error("puzzles/index.json is damaged");
  return index;
}

/** One board's puzzles, checked for the fields the page plays from. @param {string} board @returns {Promise<Nibble.PuzzleFile>} */
export async function puzzleFile(board) {
  const index = await puzzleIndex();
  const entry = index.boards.find((b) => b.board === board);
  if (!entry) throw new Error(`no puzzles for ${board}`);
  const file = await fetchJson(`puzzles/${entry.file}`);
  if (file?.format !== "nibble-puzzles/1" || !Array.isArray(file.puzzles)) throw new Error(`puzzles/${entry.file} is damaged`);
  file.puzzles = file.puzzles.filter(wellFormed);
  return file;
}

/**
 * A game's rule lessons (lessons/<game>.json, written by the build from the game's own
 * list: nibble/puzzles/lessons.py), in teaching order, each made a puzzle of one move
 * whose answers are `accept`. A game without lessons has an empty list.
 * @param {string} game @returns {Promise<Nibble.Lesson[]>}
 */
export async function lessonsOf(game) {
  if (!/^[a-z0-9-]{1,40}$/.test(game)) return [];
  let file;
  try {
    file = await fetchJson(`lessons/${game}.json`);
  } catch (error) {
    if (/HTTP 404/.test(String(error))) return []; // a game without lessons
    throw error;
  }
  if (file?.format !== "nibble-lessons/1" || !Array.isArray(file.lessons)) throw new Error(`lessons/${game}.json is damaged`);
  return file.lessons.filter((/** @type {any} */ l) => wellFormed({ ...l, rating: 0 }) && typeof l.lesson === "string" &&
    Array.isArray(l.accept) && l.accept.every((/** @type {unknown} */ m) => typeof m === "string"));
}

/** @param {any} p */
function wellFormed(p) {
  return p && typeof p.id === "string" && p.record && Array.isArray(p.record.moves) && Number.isInteger(p.solver) &&
    Array.isArray(p.line) && p.line.length > 0 && p.line.every((/** @type {unknown} */ m) => typeof m === "string") &&
    Array.isArray(p.themes) && Number.isFinite(p.rating);
}

/**
 * The board whose puzzles go with the game shown: the same game and board options, else
 * another board of the same game, else the first board.
 * @param {Nibble.PuzzleIndex} index @param {Nibble.Record | null} record @returns {string | null}
 */
export function boardFor(index, record) {
  const boards = index.boards;
  if (!boards.length) return null;
  const same = boards.filter((b) => b.game === record?.game);
  const options = record?.options ?? {};
  const exact = same.find((b) => Object.entries(b.options).every(([k, v]) => options[k] === v || !(k in options)));
  return (exact ?? same[0] ?? boards[0]).board;
}

/** A puzzle found by id on any board. @param {string} id @returns {Promise<{board: string, puzzle: Nibble.Puzzle} | null>} */
export async function findPuzzle(id) {
  const index = await puzzleIndex();
  for (const { board } of index.boards) {
    const puzzle = (await puzzleFile(board)).puzzles.find((p) => p.id === id);
    if (puzzle) return { board, puzzle };
  }
  return null;
}

// FNV-1a: a small, stable hash (the same number on every device).
/** @param {string} text */
export function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The local date as YYYY-MM-DD. @param {Date} [now] */
export function today(now = new Date()) {
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The puzzle of the day: chosen from the board's puzzles by the date alone, so that every
 * device shows the same one on that date without a server.
 * @param {Nibble.PuzzleFile} file @param {string} date YYYY-MM-DD
 */
export function dailyPuzzle(file, date) {
  const sorted = [...file.puzzles].sort((a, b) => (a.id < b.id ? -1 : 1));
  return sorted[hash(`${date}|${file.board}`) % sorted.length];
}

/**
 * A puzzle for a player rated `rating`: one not tried yet within ±300 of it (shifted by
 * `offset`: easier or harder), at random; else the nearest not tried; else any.
 * @param {Nibble.PuzzleFile} file @param {number} rating @param {(id: string) => boolean} tried
 * @param {number} [offset] @param {() => number} [random]
 */
export function puzzleNear(file, rating, tried, offset = 0, random = Math.random) {
  const target = rating + offset;
  const fresh = file.puzzles.filter((p) => !tried(p.id));
  const pool = fresh.length ? fresh : file.puzzles;
  const near = pool.filter((p) => Math.abs(p.rating - target) <= 300);
  if (near.length) return near[Math.floor(random() * near.length)];
  const gap = Math.min(...pool.map((p) => Math.abs(p.rating - target)));
  const nearest = pool.filter((p) => Math.abs(p.rating - target) === gap);
  return nearest[Math.floor(random() * nearest.length)];
}

/**
 * A streak's ladder: every puzzle of the board by rising rating, those of one rating in
 * an order drawn from `seed` (each streak climbs differently).
 * @param {Nibble.PuzzleFile} file @param {number} seed @returns {Nibble.Puzzle[]}
 */
export function streakLadder(file, seed) {
  return [...file.puzzles].sort((a, b) => a.rating - b.rating || hash(`${seed}|${a.id}`) - hash(`${seed}|${b.id}`));
}
