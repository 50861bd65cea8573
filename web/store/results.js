// @ts-check
// Your record: the results of games against one computer level, per game and board, kept
// on this device (localStorage, beside the library) and shown in the new-game dialog with
// the level's rating. A game counts once, when it ends by a move (or a resignation) made
// in this tab; a game opened already finished never counts.

import { PREFIX } from "./library.js";

const KEY = `${PREFIX}results`;
const MAX_COUNTED = 5000; // game ids remembered as counted (the oldest forgotten first)
export const PERFORMANCE_FROM = 5; // games before a performance rating is shown

function read() {
  try {
    const data = JSON.parse(window.localStorage.getItem(KEY) || "null");
    if (data && data.version === 1 && Array.isArray(data.counted) && data.tally && typeof data.tally === "object") return data;
  } catch {
    /* unreadable: start again (it is a tally, not a game) */
  }
  return { version: 1, counted: [], tally: {} };
}

function write(data) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(data));
    return true;
  } catch {
    return false;
  }
}

/** The tally's key: the game and board, as the levels' ratings are keyed, and the level. */
export function keyOf(game, variant, level) {
  return `${variant ? `${game}/${variant}` : game}|${level}`;
}

/** The person's seat in a game of one person against one computer level, else null. */
export function personSeat(state) {
  const seats = state.seats;
  if (seats.length !== 2 || !state.level || state.link?.me != null) return null;
  const people = seats.flatMap((s, i) => (s === "human" ? [i] : []));
  return people.length === 1 ? people[0] : null;
}

/** Count the game shown's result, once. True when counted now. */
export function countResult(state) {
  const view = state.view;
  const seat = personSeat(state);
  if (!view?.result || seat == null || !state.id) return false;
  const data = read();
  if (data.counted.includes(state.id)) return false;
  const key = keyOf(view.game, view.variant, state.level);
  const row = { won: 0, lost: 0, drawn: 0, ...(data.tally[key] || {}) };
  const winner = view.result.winner;
  if (winner == null) row.drawn++;
  else if (winner === seat) row.won++;
  else row.lost++;
  data.tally[key] = row;
  data.counted = [...data.counted, state.id].slice(-MAX_COUNTED);
  return write(data);
}

/** {won, lost, drawn, games, performance} against `level` on this game and board. */
export function recordAgainst(game, variant, level, rating) {
  const row = read().tally[keyOf(game, variant, level)] || {};
  const won = row.won || 0;
  const lost = row.lost || 0;
  const drawn = row.drawn || 0;
  const games = won + lost + drawn;
  // the linear performance rating: the opponent's rating, ±400 per net win per game
  const performance = rating != null && games >= PERFORMANCE_FROM ? Math.round(rating + (400 * (won - lost)) / games) : null;
  return { won, lost, drawn, games, performance };
}

/** Forget the record against `level` on this game and board. */
export function resetRecord(game, variant, level) {
  const data = read();
  delete data.tally[keyOf(game, variant, level)];
  return write(data);
}
