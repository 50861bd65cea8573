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

// {ok: entry} for a stored game, {damaged: reason} when it cannot be used as one.
export function parseEntry(id, text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { damaged: "not-json" };
  }
  const ok =
    data &&
    typeof data === "object" &&
    data.version === VERSION &&
    data.record &&
    typeof data.record === "object" &&
    typeof data.record.game === "string" &&
    Array.isArray(data.record.moves) &&
    Array.isArray(data.seats) &&
    data.seats.length >= 1 &&
    data.seats.every((s) => SEATS.has(s)) &&
    Array.isArray(data.redo ?? []) &&
    (data.redo ?? []).every((m) => typeof m === "string");
  if (!ok) return { damaged: "shape" };
  return {
    ok: {
      id,
      rev: Number.isInteger(data.rev) ? data.rev : 0,
      stamp: typeof data.stamp === "string" ? data.stamp : null, // this write's own id
      base: typeof data.base === "string" ? data.base : null, // the write it was made from
      created: Number(data.created) || 0,
      updated: Number(data.updated) || 0,
      record: data.record,
      redo: data.redo ?? [],
      seats: data.seats,
      level: typeof data.level === "string" ? data.level : null,
      origin: typeof data.origin === "string" ? data.origin : "",
      summary: data.summary && typeof data.summary === "object" ? data.summary : {},
      link: linkOf(data.link, data.seats.length),
      broken: data.broken && typeof data.broken === "object" ? data.broken : null,
    },
  };
}

// A game played by links: {id (kept by every link of the game), me (the seat this device
// plays, or null for a game only shown), names (by seat, or null)}; null when not one.
export function linkOf(link, seats) {
  if (!link || typeof link !== "object" || typeof link.id !== "string" || !link.id) return null;
  const me = Number.isInteger(link.me) && link.me >= 0 && link.me < seats ? link.me : null;
  const names = Array.isArray(link.names) && link.names.length === seats && link.names.every((n) => typeof n === "string") ? link.names : null;
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

// Add the games of a library file that this library lacks: {added, skipped} or {error}.
// A game already here with the same moves is skipped; one whose id is taken by another
// game gets a new id (nothing is overwritten). Each is checked as a stored entry is; the
// engine checks its moves when it is opened.
export function importAll(data) {
  if (!data || data.format !== LIBRARY_FORMAT || !Array.isArray(data.games)) return { error: "not-library" };
  let added = 0;
  let skipped = 0;
  const now = Date.now();
  for (const game of data.games) {
    const parsed = game && typeof game === "object" && typeof game.id === "string" ? parseEntry(game.id, JSON.stringify({ ...game, version: VERSION })) : null;
    if (!parsed?.ok) {
      skipped++;
      continue;
    }
    const moves = parsed.ok.record.moves.join(" ");
    const here = list().find((e) => !e.damaged && (e.id === game.id || e.stamp === parsed.ok.stamp) && e.record.moves.join(" ") === moves && e.record.game === parsed.ok.record.game);
    if (here) {
      skipped++;
      continue;
    }
    const id = load(game.id) || !/^[a-z0-9]{1,40}$/i.test(game.id) ? newId() : game.id;
    if (put({ ...parsed.ok, id, rev: parsed.ok.rev || 1, created: parsed.ok.created || now, updated: parsed.ok.updated || now })) added++;
    else return { error: "storage", added, skipped };
  }
  return { added, skipped };
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
