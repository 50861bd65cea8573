// @ts-check
// The games library: every game this site has seen on this device, in localStorage.
//
// No game is ever lost (docs/web.md, "Reliability"):
// - each game has its own id and entry; a new game, a shared link or an opened file
//   makes a new entry and never overwrites another game;
// - keys are scoped to the site's path, so /nibble/ and /nibble2/ on one origin keep
//   separate libraries;
// - each tab remembers its own game (sessionStorage, survives a reload); a new tab opens
//   the game played last;
// - an entry carries a revision and a stamp, unique to each write, with the stamp of the
//   version it was made from (`base`); a save that finds another write than the one it
//   last saw (another tab played in the same game, even to the same revision) does not
//   overwrite it, and reads its own write back: the caller decides to follow the other
//   tab or to keep its moves as a new game (a fork), and says so;
// - an entry that cannot be read, or whose record the engine no longer accepts, is kept
//   as it is, reported once, and offered for export from the library.

import { ROOT_PATH } from "../root.js";
import { MAX_MOVES, isCount, isObject, plainName, recordProblem, shapeProblem } from "./untrusted.js";

const SCOPE = ROOT_PATH;
export const PREFIX = `nibble:${SCOPE}:`; // every key of this site (paint.js keeps its own beside)
const GAME = `${PREFIX}game:`;
const LAST = `${PREFIX}last`;
const REPORTED = `${PREFIX}reported`;
const MIGRATED = `${PREFIX}migrated`;
const TAB = `${PREFIX}tab`;
const LEGACY = ["nibble-web/session/v1", "nibble-web/session/v1/previous"];
export const VERSION = 2;

function local() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

function session() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function get(store, key) {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

// Returns false when the browser refused (quota, disabled storage).
function set(store, key, value) {
  try {
    if (!store) return false;
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Date.now().toString(36) + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const SEATS = new Set(["human", "ai"]);
const MAX_TIME = 8.64e15; // the last moment a Date can hold
const ID = /^[A-Za-z0-9_-]{1,40}$/;

const ENTRY_SHAPE = { depth: 8, nodes: 4 * MAX_MOVES };

const isTime = (v) => v === undefined || (typeof v === "number" && v >= 0 && v <= MAX_TIME);
const isShortText = (v, max = 200) => typeof v === "string" && v.length <= max;
const maybe = (v, check) => v === undefined || v === null || check(v);

// The first field of a stored entry that is not what this page writes (null: none). An
// entry is anyone's input (another tab, an imported file, a person at the device): every
// field is checked on the way in and on the way out, so that no field of one entry can
// break a list, a dialog or a message.
function entryProblem(data) {
  if (!isObject(data)) return "entry";
  if (shapeProblem(data, ENTRY_SHAPE)) return "size";
  if (data.version !== VERSION) return "version";
  if (recordProblem(data.record)) return "record";
  if (!Array.isArray(data.seats) || !data.seats.length || data.seats.length > 16 || !data.seats.every((s) => SEATS.has(s))) return "seats";
  if (!maybe(data.redo, (r) => Array.isArray(r) && r.length <= MAX_MOVES && r.every((m) => isShortText(m)))) return "redo";
  if (!maybe(data.rev, (r) => isCount(r, Number.MAX_SAFE_INTEGER))) return "rev";
  if (!maybe(data.stamp, isShortText) || !maybe(data.base, isShortText)) return "stamp";
  if (!isTime(data.created) || !isTime(data.updated)) return "time";
  if (!maybe(data.level, (l) => isShortText(l, 40))) return "level";
  if (!maybe(data.origin, (o) => isShortText(o, 4000))) return "origin";
  if (!maybe(data.summary, summaryOk)) return "summary";
  if (!maybe(data.link, (l) => linkOk(l, data.seats.length))) return "link";
  if (!maybe(data.broken, (b) => isObject(b) && isShortText(b.code, 100) && isShortText(b.message, 2000))) return "broken";
  return null;
}

// What state.js's summaryOf writes: a few words for the list, each of its type.
function summaryOk(s) {
  if (!isObject(s)) return false;
  const seat = (v) => Number.isInteger(v) && v >= -1 && v < 16;
  return (
    maybe(s.game, (g) => isShortText(g, 40)) &&
    maybe(s.variant, (v) => isShortText(v, 40)) &&
    maybe(s.players, (n) => isCount(n, 16)) &&
    maybe(s.ply, (n) => isCount(n, MAX_MOVES)) &&
    maybe(s.winner, seat) &&
    maybe(s.reason, (r) => isShortText(r, 100))
  );
}

function linkOk(link, seats) {
  if (!isObject(link) || typeof link.id !== "string" || !ID.test(link.id)) return false;
  if (!maybe(link.me, (me) => isCount(me, seats - 1))) return false;
  return maybe(link.names, (n) => Array.isArray(n) && n.length === seats && n.every((x) => isShortText(x, 400)));
}

// {ok: entry} for a stored game, {damaged: reason} when it cannot be used as one.
export function parseEntry(id, text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { damaged: "not-json" };
  }
  const problem = entryProblem(data);
  if (problem) return { damaged: problem };
  return {
    ok: {
      id,
      rev: data.rev ?? 0,
      stamp: data.stamp ?? null, // this write's own id
      base: data.base ?? null, // the write it was made from
      created: data.created ?? 0,
      updated: data.updated ?? 0,
      record: data.record,
      redo: data.redo ?? [],
      seats: data.seats,
      level: data.level ?? null,
      origin: data.origin ?? "",
      summary: data.summary ?? {},
      link: linkOf(data.link, data.seats.length),
      broken: data.broken ?? null,
    },
  };
}

// A game played by links: {id (kept by every link of the game), me (the seat this device
// plays, or null for a game only shown), names (by seat, or null; shown as plain text)};
// null when not one.
export function linkOf(link, seats) {
  if (!link || typeof link !== "object" || typeof link.id !== "string" || !ID.test(link.id)) return null;
  const me = Number.isInteger(link.me) && link.me >= 0 && link.me < seats ? link.me : null;
  const names = Array.isArray(link.names) && link.names.length === seats && link.names.every((n) => typeof n === "string") ? link.names.map(plainName) : null;
  return { id: link.id, me, names };
}

// The entries that hold a game of the link game `id` (damaged ones left out).
export function linkGames(id) {
  return list().filter((e) => !e.damaged && !e.broken && e.link?.id === id);
}

function serialize(entry) {
  return JSON.stringify({
    version: VERSION,
    rev: entry.rev,
    stamp: entry.stamp ?? undefined,
    base: entry.base ?? undefined,
    created: entry.created,
    updated: entry.updated,
    record: entry.record,
    redo: entry.redo,
    seats: entry.seats,
    level: entry.level,
    origin: entry.origin,
    summary: entry.summary,
    link: entry.link || undefined,
    broken: entry.broken || undefined,
  });
}

// --- reading ----------------------------------------------------------------------------

export function load(id) {
  const text = get(local(), GAME + id);
  if (text == null) return null;
  const parsed = parseEntry(id, text);
  return parsed.ok ? parsed.ok : { id, damaged: parsed.damaged, raw: text };
}

// Every entry, newest first: {id, ...entry} or {id, damaged, raw}.
export function list() {
  const store = local();
  const out = [];
  if (!store) return out;
  let keys = [];
  try {
    for (let i = 0; i < store.length; i++) keys.push(store.key(i));
  } catch {
    keys = [];
  }
  for (const key of keys) {
    if (!key || !key.startsWith(GAME)) continue;
    const entry = load(key.slice(GAME.length));
    if (entry) out.push(entry);
  }
  out.sort((a, b) => (b.updated || 0) - (a.updated || 0));
  return out;
}

// The game a ?game= link started here last (its `origin`: the link's query), or null: the
// same link opened again, in any tab, resumes it instead of starting a copy.
/** @param {string} origin */
export function byOrigin(origin) {
  if (!origin) return null;
  return list().find((e) => !e.damaged && !e.broken && e.origin === origin) ?? null;
}

// --- writing ---------------------------------------------------------------------------

// Save `entry` if nobody else wrote it since the write this tab last saw (`entry.rev`
// and `entry.stamp`: two tabs saving at once reach the same revision with different
// moves, and only the stamp tells them apart), then read it back (localStorage has no
// transactions; a write of another tab in between shows there):
// {saved: entry'} | {conflict: stored entry} | {failed: true} (storage refused).
export function save(entry) {
  const store = local();
  const stored = load(entry.id);
  if (stored && !stored.damaged && (stored.rev !== entry.rev || stored.stamp !== (entry.stamp ?? null))) {
    return { conflict: stored };
  }
  const now = Date.now();
  const next = { ...entry, rev: (entry.rev || 0) + 1, stamp: newId(), base: entry.stamp ?? null, updated: now, created: entry.created || now };
  if (!set(store, GAME + entry.id, serialize(next))) return { failed: true };
  const back = load(entry.id);
  if (!back || back.damaged) return { failed: true };
  if (back.stamp !== next.stamp) return { conflict: back };
  set(store, LAST, entry.id);
  return { saved: next };
}

// Overwrite without a revision check (marking an entry broken, importing).
export function put(entry) {
  return set(local(), GAME + entry.id, serialize(entry));
}

export function remove(id) {
  try {
    local()?.removeItem(GAME + id);
  } catch {
    /* nothing to do */
  }
}

// The stored text of an entry (kept by a delete, for its undo), and putting it back.
export function rawOf(id) {
  return get(local(), GAME + id);
}

export function restore(id, text) {
  return set(local(), GAME + id, text);
}

// --- the whole library as one file ("Save all" / "Open all") -----------------------------

export const LIBRARY_FORMAT = "nibble-library/1";

// {format, games: [stored entry, with its id]}; a damaged entry as {id, damaged: its text}.
export function exportAll() {
  const games = list().map((e) => (e.damaged ? { id: e.id, damaged: e.raw } : { id: e.id, ...JSON.parse(serialize(e)) }));
  return { format: LIBRARY_FORMAT, games };
}

// The same game, for an import: the same game on the same board (its options or set-up)
// with the same moves and the same end.
function contentOf(record) {
  const options = Object.entries(record.options ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([record.game, record.setup ?? null, options, record.moves, record.resigned ?? null]);
}

// Add the games of a library file that this library lacks:
// {added, present, unreadable, unfit} or {error}. Each game is checked as a stored entry
// is (field by field); one already here (the same id or write, and the same game) is left
// out, and one whose id another game holds gets a new id (nothing is overwritten). A game
// the storage refuses is counted in `unfit`, and the rest are still tried: the player is
// told exactly what was added and what was not. Linear in the number of games: the
// library is read once.
/** @typedef {{added: number, present: number, unreadable: number, unfit: number}} ImportCounts */
/** @param {any} data a library file's JSON @returns {(ImportCounts & {error?: undefined}) | {error: string}} */
export function importAll(data) {
  if (!isObject(data) || data.format !== LIBRARY_FORMAT || !Array.isArray(data.games)) return { error: "not-library" };
  // the whole file's size here; each game's depth below, before anything recursive reads it
  if (shapeProblem(data, { depth: Infinity, nodes: 20_000_000, text: 1_000_000 })) return { error: "not-library" };
  const all = list();
  const here = all.filter((e) => !e.damaged);
  const ids = new Set(all.map((e) => e.id));
  const byId = new Map(here.map((e) => [e.id, contentOf(e.record)]));
  const byStamp = new Map(here.filter((e) => e.stamp).map((e) => [e.stamp, contentOf(e.record)]));
  const counts = { added: 0, present: 0, unreadable: 0, unfit: 0 };
  const now = Date.now();
  for (const game of data.games) {
    const readable = isObject(game) && typeof game.id === "string" && !shapeProblem(game, ENTRY_SHAPE);
    const parsed = readable ? parseEntry(game.id, JSON.stringify({ ...game, version: VERSION })) : null;
    if (!parsed?.ok) {
      counts.unreadable++;
      continue;
    }
    const entry = parsed.ok;
    const content = contentOf(entry.record);
    if (byId.get(entry.id) === content || (entry.stamp && byStamp.get(entry.stamp) === content)) {
      counts.present++;
      continue;
    }
    const id = ids.has(entry.id) || !ID.test(entry.id) ? newId() : entry.id;
    if (!put({ ...entry, id, rev: entry.rev || 1, created: entry.created || now, updated: entry.updated || now })) {
      counts.unfit++;
      continue;
    }
    counts.added++;
    ids.add(id);
    byId.set(entry.id, content); // a second copy of it in the same file is already here
    if (entry.stamp) byStamp.set(entry.stamp, content);
  }
  return counts;
}

// A game of the library on this board that nobody has moved in yet, with these seats and
// level (a "Play this board again" or a new game of the same seed): opened again instead
// of kept twice. null when none.
export function unstarted(record, seats, level) {
  const board = contentOf(record);
  return list().find((e) => !e.damaged && !e.broken && !e.record.moves.length && !e.link && e.level === level
    && JSON.stringify(e.seats) === JSON.stringify(seats) && contentOf(e.record) === board) ?? null;
}

export function keyOf(id) {
  return GAME + id;
}

export function idOfKey(key) {
  return key && key.startsWith(GAME) ? key.slice(GAME.length) : null;
}

// --- which game this tab shows ------------------------------------------------------------

export function tabGame() {
  return get(session(), TAB);
}

export function setTabGame(id) {
  set(session(), TAB, id);
  set(local(), LAST, id);
}

export function lastGame() {
  return get(local(), LAST);
}

// --- reporting a problem once -----------------------------------------------------------

export function reportOnce(key) {
  let seen = [];
  try {
    seen = JSON.parse(get(local(), REPORTED) || "[]");
  } catch {
    seen = [];
  }
  if (!Array.isArray(seen)) seen = [];
  if (seen.includes(key)) return false;
  seen.push(key);
  set(local(), REPORTED, JSON.stringify(seen.slice(-200)));
  return true;
}

// --- the save of earlier versions (one slot, not scoped) ---------------------------------

// Entries made from the old single save slot, once per site path; the old keys stay.
export function migrateLegacy() {
  const store = local();
  if (!store || get(store, MIGRATED)) return [];
  set(store, MIGRATED, "1");
  const made = [];
  for (const key of LEGACY) {
    const text = get(store, key);
    if (text == null) continue;
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
    const id = newId();
    const parsed = data && data.version === 1 ? parseEntry(id, JSON.stringify({ ...data, version: VERSION })) : null;
    const now = Date.now();
    // a damaged old save is kept as it is, to be listed (and exported) as damaged
    if (parsed?.ok ? put({ ...parsed.ok, rev: 1, created: now, updated: now }) : set(store, GAME + id, text)) made.push(id);
  }
  return made;
}

export const storageScope = SCOPE;
