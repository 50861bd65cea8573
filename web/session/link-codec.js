// @ts-check
// A game in a link (docs/contracts.md, "Links"): what travels in the page's fragment, made
// as short as the record allows. No DOM here (tests run it in Node).
//
// Version 2 (`#g=`): base64url of the deflate-raw of
//   {"v": 2, "id", "to"?, "n"?, "s", "r": {record without "format", moves as one string}}
// - id: the link game's id, kept by every link of that game (each side's library finds
//   the game it continues by it);
// - to: the seat the recipient plays; n: the players' names (optional, by seat);
// - s: the seats' kinds, one letter each ("h" a person, "a" the computer);
// - p: a picture of the position the link leads to (pictureOf), so that a device that has
//   never seen the game draws its board before the engine is up. Anyone can write a link:
//   a picture is checked (pictureFrom) and only ever drawn, never played from; the engine's
//   own view replaces it.
// Version 1 (`#record=`): base64url of the JSON {"record", "seats"}; still read.

import { LETTERS, coordinateName } from "../board/coordinates.js";
import { isCount, isObject, plainName, shapeProblem } from "../store/untrusted.js";

export const FORMAT = "nibble-record/1";
const MAX_JSON_CHARS = 4_000_000; // what the engine accepts in one request
const KINDS = { h: "human", a: "ai" };
// A picture shows the position, it is not played from: what only picking needs stays
// out, and the position's notation (the puzzles compare it; the board draws it already).
const PLAY_ONLY = ["legal_moves", "input", "position"];
const MAX_CELLS = 4096;
const MAX_ROWS = 256;
const MAX_PLAYERS = 16;

export function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function pipe(bytes, stream, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(stream).getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new RangeError("too large"); // a small link that inflates without end
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Can this browser make (and read) version 2 links? */
export function compactLinks() {
  return typeof CompressionStream === "function" && typeof DecompressionStream === "function";
}

function cleanNames(names, count) {
  if (!Array.isArray(names)) return null;
  const out = Array.from({ length: count }, (_, i) => plainName(names[i]));
  return out.some(Boolean) ? out : null;
}

/** The fragment's value for a game: `g=…` (version 2) or `record=…` where the browser
 * cannot compress. `game`: {record, seats, id?, to?, names?}. */
export async function encodeGame({ record, seats, id = null, to = null, names = null, view = null }) {
  if (!compactLinks()) return `record=${toBase64Url(new TextEncoder().encode(JSON.stringify({ record, seats })))}`;
  const r = { ...record };
  delete r.format;
  const moves = record.moves || [];
  // one string where no move holds a space (none does today): saves the quotes and commas
  r.moves = moves.some((m) => m.includes(" ")) ? moves : moves.join(" ");
  const payload = { v: 2, s: seats.map((s) => (s === "ai" ? "a" : "h")).join(""), r };
  if (id) payload.id = id;
  if (Number.isInteger(to)) payload.to = to;
  const n = cleanNames(names, seats.length);
  if (n) payload.n = n;
  if (view) payload.p = pictureOf(view);
  const packed = await pipe(new TextEncoder().encode(JSON.stringify(payload)), new CompressionStream("deflate-raw"), Infinity);
  return `g=${toBase64Url(packed)}`;
}

/** The picture of a view (the engine's, of the record's last position): the view without
 * what only picking needs, its cells as columns (one array per key: about half the size
 * once deflated) where every cell has the same keys. Where the cells come row by row and
 * are named by the board's coordinates ("a1": coordinates.js), their names, rows and
 * columns are left out: the board's row lengths say them again. */
export function pictureOf(view) {
  const picture = { ...view };
  for (const key of PLAY_ONLY) delete picture[key];
  const cells = view.board?.cells;
  const keys = Array.isArray(cells) && cells.length ? Object.keys(cells[0]) : null;
  const same = (cell) => Object.keys(cell).length === keys.length && keys.every((k) => k in cell);
  if (!keys || !cells.every(same)) return picture;
  const placed = placesOf(view.board.row_lengths);
  const named = placed?.length === cells.length && cells.every((c, i) => c.row === placed[i].row && c.col === placed[i].col && c.id === placed[i].id);
  const stored = named ? keys.filter((k) => !(k in placed[0])) : keys;
  picture.board = { ...view.board, columns: Object.fromEntries(stored.map((k) => [k, cells.map((c) => c[k])])) };
  delete picture.board.cells;
  return picture;
}

// The cells of a board with these row lengths, row by row, named by their coordinates; null
// if the lengths are not a board's.
function placesOf(rows) {
  if (!Array.isArray(rows) || !rows.length || rows.length > MAX_ROWS) return null;
  if (!rows.every((n) => isCount(n, LETTERS.length))) return null;
  if (rows.reduce((a, b) => a + b, 0) > MAX_CELLS) return null;
  return rows.flatMap((length, row) => Array.from({ length }, (_, col) => ({ id: coordinateName(row, col), row, col })));
}

/** The view a link's picture shows, or null when it is not one: a picture is anyone's
 * input, so it must be of the link's own game and position (game, number of moves, seats)
 * and its board well formed (cells with unique names on the board's rows) before the
 * renderer sees it. What the renderer cannot draw anyway, the page catches (paintEarly). */
export function pictureFrom(picture, record, seats) {
  if (!isObject(picture) || !isObject(picture.board) || PLAY_ONLY.some((k) => k in picture)) return null;
  const { game, ply, players, to_move: toMove } = picture;
  if (game !== record?.game || !Array.isArray(record.moves) || ply !== record.moves.length) return null;
  if (!isCount(players, MAX_PLAYERS) || players < 1 || (seats && seats.length !== players)) return null;
  if (toMove !== null && toMove !== undefined && !(isCount(toMove, MAX_PLAYERS) && toMove < players)) return null;
  const { columns, ...board } = picture.board;
  const places = placesOf(board.row_lengths);
  if (typeof board.shape !== "string" || !places) return null;
  let cells = board.cells;
  if (isObject(columns) && cells === undefined) {
    const keys = Object.keys(columns);
    const named = !("id" in columns); // left out: the board's coordinates, row by row
    const count = named ? places.length : Array.isArray(columns.id) ? columns.id.length : -1;
    if (!keys.every((k) => Array.isArray(columns[k]) && columns[k].length === count)) return null;
    cells = Array.from({ length: count }, (_, i) => ({ ...(named ? places[i] : {}), ...Object.fromEntries(keys.map((k) => [k, columns[k][i]])) }));
  }
  if (!Array.isArray(cells) || !cells.length || cells.length > MAX_CELLS) return null;
  const ids = new Set();
  for (const cell of cells) {
    if (!isObject(cell) || typeof cell.id !== "string" || cell.id.length > 16 || ids.has(cell.id)) return null;
    if (!isCount(cell.row, board.row_lengths.length - 1) || !isCount(cell.col, LETTERS.length - 1)) return null;
    ids.add(cell.id);
  }
  return { ...picture, board: { ...board, cells } };
}

/** What a version 2 value holds: {record, seats, id, to, names, picture} or {error} (a code the
 * page translates as `share.error.<code>`). The engine re-checks every move. */
export async function decodeGame(text) {
  if (!compactLinks()) return { error: "link-unsupported" };
  let payload;
  try {
    const json = await pipe(fromBase64Url(text), new DecompressionStream("deflate-raw"), MAX_JSON_CHARS);
    payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json));
  } catch (error) {
    return { error: error instanceof RangeError ? "link-size" : "link-damaged" };
  }
  const shape = shapeProblem(payload);
  if (shape) return { error: shape === "deep" ? "link-damaged" : "link-size" };
  if (!payload || payload.v !== 2 || !payload.r || typeof payload.r !== "object" || Array.isArray(payload.r)) return { error: "no-record" };
  const kinds = typeof payload.s === "string" ? [...payload.s].map((c) => KINDS[c]) : [];
  const seats = kinds.length && kinds.every(Boolean) ? kinds : null;
  const moves = typeof payload.r.moves === "string" ? payload.r.moves.split(" ").filter(Boolean) : payload.r.moves;
  const record = { format: FORMAT, ...payload.r, moves };
  const count = seats?.length ?? 0;
  const to = Number.isInteger(payload.to) && payload.to >= 0 && payload.to < count ? payload.to : null;
  const id = typeof payload.id === "string" && /^[A-Za-z0-9_-]{1,40}$/.test(payload.id) ? payload.id : null;
  const picture = "p" in payload ? pictureFrom(payload.p, record, seats) : null;
  return { record, seats, id, to, names: cleanNames(payload.n, count), picture };
}

/** Version 1: {record, seats} or {error}. */
export function decodeRecordLink(text) {
  let payload;
  try {
    payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(fromBase64Url(text)));
  } catch {
    return { error: "link-damaged" };
  }
  return parsePayload(payload, "link");
}

/** {record, seats} of a version 1 payload or a saved file (a bare record is fine too), or
 * {error} when it nests too deep or holds too much to be one (`kind`: "link" or "file",
 * for the error's code). */
export function parsePayload(payload, kind = "file") {
  const shape = shapeProblem(payload);
  if (shape) return { error: shape === "deep" ? `${kind}-damaged` : `${kind}-size` };
  const record = payload?.record ?? payload;
  if (!record || typeof record !== "object" || Array.isArray(record)) return { error: "no-record" };
  const seats = Array.isArray(payload?.seats) && payload.seats.length && payload.seats.every((s) => s === "human" || s === "ai") ? payload.seats : null;
  // the computer's level of a game file: a name the page checks against its levels
  const level = typeof payload?.level === "string" && payload.level.length <= 40 ? payload.level : null;
  return { record, seats, level, id: null, to: null, names: null, picture: null };
}
