// @ts-check
// The address bar: which game a ?game= link asks for (checked, every problem said in the
// player's words), and the address kept in step with the game shown. No engine here.

import { optionLabel } from "../ui/dialogs.js";
import { t } from "../i18n/i18n.js";
import { defaultLevel } from "../store/state.js";
import { roomOf } from "../rooms/index.js";

export const RESERVED = new Set(["lang"]);
// ?puzzle=<id>, ?lesson=<id>: a puzzle or a rule lesson to open (puzzles/ctrl.js), not a
// game; kept while it is shown
export const PUZZLE = "puzzle";
export const LESSON = "lesson";
const ROOM_KEYS = new Set([PUZZLE, LESSON]);

// The puzzle a ?puzzle= link asks for: its id, "own" for a personal puzzle (in the
// fragment), "" for one that cannot be an id, or null.
export function puzzleWanted() {
  const id = new URLSearchParams(window.location.search).get(PUZZLE);
  if (id == null) return null;
  return /^[0-9a-f]{12}$/.test(id) || id === "own" ? id : "";
}

// The lesson a ?lesson= link asks for ("<game>-<lesson>"): its id, "" for one that cannot
// be an id, or null.
export function lessonWanted() {
  const id = new URLSearchParams(window.location.search).get(LESSON);
  if (id == null) return null;
  return /^[a-z0-9-]{1,80}$/.test(id) ? id : "";
}

// Returns null when the URL names no game, else {game, options, seats, level, origin}
// or {error}.
export function parseUrl(games) {
  const params = new URLSearchParams(window.location.search);
  const keys = [...params.keys()].filter((k) => !RESERVED.has(k) && !ROOM_KEYS.has(k));
  if (!keys.length) return null;
  const problems = [];
  const gameId = params.get("game") ?? games.games[0]?.id;
  const info = games.games.find((g) => g.id === gameId);
  if (!info) return { error: t("error.url.game", { value: gameId }) };
  const options = {};
  for (const option of info.options) {
    if (!params.has(option.name)) continue;
    const raw = params.get(option.name);
    let value;
    if (option.type === "choice") {
      const choice = option.choices.find((c) => String(c.value) === raw);
      value = choice ? choice.value : undefined;
    } else if (option.type === "int") {
      const n = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
      value = Number.isSafeInteger(n) && (option.min == null || n >= option.min) && (option.max == null || n <= option.max) ? n : undefined;
    } else if (option.type === "bool") {
      value = { true: true, 1: true, yes: true, false: false, 0: false, no: false }[raw.toLowerCase()];
    } else value = raw;
    // named as the new-game dialog names it, in the page's language
    if (value === undefined) problems.push(t("error.url.option", { value: raw, name: optionLabel(option) }));
    else options[option.name] = value;
  }
  const count = seatCount(info, options);
  const seats = [];
  for (let seat = 0; seat < count; seat++) {
    const name = `p${seat + 1}`;
    const raw = params.get(name) ?? (seat === 0 ? "human" : "human");
    if (raw !== "human" && raw !== "ai") problems.push(t("error.url.option", { value: raw, name: t("option.seat", { n: seat + 1 }) }));
    seats.push(raw === "ai" ? "ai" : "human");
  }
  let level = params.get("level");
  if (level != null && !(games.levels || []).some((l) => l.id === level)) {
    problems.push(t("error.url.level", { value: level }));
    level = null;
  }
  const known = new Set(["game", "level", ...info.options.map((o) => o.name), ...Array.from({ length: info.players?.max ?? 2 }, (_, i) => `p${i + 1}`)]);
  for (const key of keys) if (!known.has(key)) problems.push(t("error.url.unknown", { name: key }));
  if (problems.length) return { error: problems.join("; ") };
  const origin = [...keys].sort().map((k) => `${k}=${params.get(k)}`).join("&");
  return { game: info.id, options, seats, level: level ?? defaultLevel(games), origin };
}

// How many seats a game has with these options (a game may take its count from an option).
function seatCount(info, options) {
  const option = info.players?.option;
  const fromOption = option ? options[option] ?? info.options.find((o) => o.name === option)?.default : null;
  return Number.isInteger(fromOption) ? fromOption : info.players?.max ?? 2;
}


// The query a ?game= link carries, as parseUrl() writes a game's origin.
export function queryOrigin() {
  const params = new URLSearchParams(window.location.search);
  const keys = [...params.keys()].filter((k) => !RESERVED.has(k) && !ROOM_KEYS.has(k));
  return keys.sort().map((k) => `${k}=${params.get(k)}`).join("&");
}

// The address bar names the game shown: a ?game= link stays while its game is shown (a
// reload resumes it: chooseGame), and goes once another game is (a game of the library,
// a new one), so that a reload resumes the game shown instead of starting the link's game
// afresh. The page's language stays in it.
export function syncAddress(state) {
  if (state.engine !== "ready" || !state.record) return;
  // a room with an address of its own (a puzzle: ?puzzle=<id>, so that a reload opens it)
  const own = roomOf(state).address?.(state);
  const url = new URL(window.location.href);
  if (own || [...ROOM_KEYS].some((key) => url.searchParams.has(key))) {
    for (const key of [...url.searchParams.keys()]) if (!RESERVED.has(key)) url.searchParams.delete(key);
    if (own) for (const [key, value] of new URLSearchParams(own)) url.searchParams.set(key, value);
    if (url.href !== window.location.href) history.replaceState(history.state, "", url.href);
    if (own) return;
  }
  const origin = queryOrigin();
  if (!origin || state.origin === origin) return;
  for (const key of [...url.searchParams.keys()]) if (!RESERVED.has(key)) url.searchParams.delete(key);
  history.replaceState(history.state, "", url.href);
}
