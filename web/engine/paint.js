// @ts-check
// The board at first paint: what the page draws before any engine is up.
//
// The engine makes every view, and it takes a moment to start. So the page keeps, beside
// the games library, the last view it drew of each of the few games played last, and the
// bridge's `games` answer (labels, levels, options): a repeat visit draws the game it
// resumes from these at once. A first visit has nothing stored: it draws the game the
// build made for it (first-paint.json, the first game with its default options) and,
// once the engine is up, opens that very game. Either way the engine checks the record
// before anything is saved, and a view that no longer matches is replaced.
//
// Stored under `nibble:<site path>:paint` in localStorage: {games, views: {id: {moves,
// view}}, order: [id, ...]}, the most recent last, at most KEEP views. A damaged value is
// ignored (and replaced at the next save): the library itself is never touched here.

import { PREFIX } from "../store/library.js";
import { shapeProblem } from "../store/untrusted.js";
import { ROOT_URL } from "../root.js";

const KEY = `${PREFIX}paint`;
const KEEP = 6;
const FIRST_PAINT_MS = 1500; // a first visit's default game, or the loading card

function read() {
  try {
    const value = JSON.parse(window.localStorage.getItem(KEY) || "null");
    // anyone's input (docs/contracts.md, "Untrusted input"): six views of at most 4,096
    // cells, measured before the renderer reads one
    const ok = value && typeof value === "object" && value.views && typeof value.views === "object" && Array.isArray(value.order);
    if (ok && !shapeProblem(value, { depth: 16, nodes: 1_000_000 })) return value;
  } catch {
    /* no storage, or a damaged value: nothing to draw early */
  }
  return { games: null, views: {}, order: [] };
}

// Keep the view of the game shown (after every change the library saves).
export function rememberView(id, record, view, games) {
  if (!id || !record || !view) return;
  const stored = read();
  stored.views[id] = { moves: record.moves, view };
  stored.order = [...stored.order.filter((other) => other !== id), id];
  while (stored.order.length > KEEP) delete stored.views[stored.order.shift()];
  if (games) stored.games = games;
  try {
    window.localStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    /* full or refused: the next visit waits for the engine, as before */
  }
}

// The view last drawn of library entry `entry`, if it shows the entry's moves.
export function storedView(entry) {
  const stored = read();
  const kept = stored.views[entry?.id];
  if (!kept || !stored.games || !Array.isArray(kept.moves)) return null;
  if (kept.moves.join(" ") !== entry.record?.moves?.join(" ")) return null;
  return { view: kept.view, games: stored.games };
}

// The bridge's `games` answer kept from an earlier visit, or null.
export function storedGames() {
  return read().games || null;
}

// A JSON file of the build, or null when it cannot be had within FIRST_PAINT_MS (the
// board is then drawn by the engine). `early`: the response asked for already, if any.
/**
 * @param {string} path
 * @param {Promise<Response> | null} [early]
 */
async function buildFile(path, early = null) {
  const controller = new AbortController();
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve(null);
    }, FIRST_PAINT_MS);
  });
  try {
    const response = await Promise.race([early || fetch(new URL(path, ROOT_URL), { signal: controller.signal }), late]);
    if (!response?.ok) return null;
    return await Promise.race([response.json(), late]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

// The game the build drew for a first visit ({games, record, view}), or null when it
// cannot be had quickly.
export async function buildPaint() {
  // engine-early.js may have asked for it already, before the module graph
  const early = window.nibbleFirstPaint;
  window.nibbleFirstPaint = null;
  const paint = await buildFile("first-paint.json", early);
  return paint?.games && paint.record && paint.view ? paint : null;
}

// Each board's start as the build drew it (starts.json: docs/boot.md), from which a new
// seeded ?game= link is drawn before the engine is up; null when it cannot be had quickly.
export async function buildStarts() {
  const starts = await buildFile("starts.json");
  return starts && typeof starts === "object" ? starts : null;
}
