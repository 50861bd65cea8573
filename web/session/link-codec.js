// A game in a link (docs/contracts.md, "Links"): what travels in the page's fragment, made
// as short as the record allows. No DOM here (tests run it in Node).
//
// Version 2 (`#g=`): base64url of the deflate-raw of
//   {"v": 2, "id", "to"?, "n"?, "s", "r": {record without "format", moves as one string}}
// - id: the link game's id, kept by every link of that game (each side's library finds
//   the game it continues by it);
// - to: the seat the recipient plays; n: the players' names (optional, by seat);
// - s: the seats' kinds, one letter each ("h" a person, "a" the computer).
// Version 1 (`#record=`): base64url of the JSON {"record", "seats"}; still read.

export const FORMAT = "nibble-record/1";
const MAX_JSON_CHARS = 4_000_000; // what the engine accepts in one request
const MAX_NAME = 40;
const KINDS = { h: "human", a: "ai" };

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
  const out = Array.from({ length: count }, (_, i) => (typeof names[i] === "string" ? names[i].trim().slice(0, MAX_NAME) : ""));
  return out.some(Boolean) ? out : null;
}

/** The fragment's value for a game: `g=…` (version 2) or `record=…` where the browser
 * cannot compress. `game`: {record, seats, id?, to?, names?}. */
export async function encodeGame({ record, seats, id = null, to = null, names = null }) {
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
  const packed = await pipe(new TextEncoder().encode(JSON.stringify(payload)), new CompressionStream("deflate-raw"), Infinity);
  return `g=${toBase64Url(packed)}`;
}

/** What a version 2 value holds: {record, seats, id, to, names} or {error} (a code the
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
  if (!payload || payload.v !== 2 || !payload.r || typeof payload.r !== "object" || Array.isArray(payload.r)) return { error: "no-record" };
  const kinds = typeof payload.s === "string" ? [...payload.s].map((c) => KINDS[c]) : [];
  const seats = kinds.length && kinds.every(Boolean) ? kinds : null;
  const moves = typeof payload.r.moves === "string" ? payload.r.moves.split(" ").filter(Boolean) : payload.r.moves;
  const record = { format: FORMAT, ...payload.r, moves };
  const count = seats?.length ?? 0;
  const to = Number.isInteger(payload.to) && payload.to >= 0 && payload.to < count ? payload.to : null;
  const id = typeof payload.id === "string" && /^[A-Za-z0-9_-]{1,40}$/.test(payload.id) ? payload.id : null;
  return { record, seats, id, to, names: cleanNames(payload.n, count) };
}

/** Version 1: {record, seats} or {error}. */
export function decodeRecordLink(text) {
  let payload;
  try {
    payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(fromBase64Url(text)));
  } catch {
    return { error: "link-damaged" };
  }
  return parsePayload(payload);
}

/** {record, seats} of a version 1 payload or a saved file (a bare record is fine too). */
export function parsePayload(payload) {
  const record = payload?.record ?? payload;
  if (!record || typeof record !== "object" || Array.isArray(record)) return { error: "no-record" };
  const seats = Array.isArray(payload?.seats) && payload.seats.length && payload.seats.every((s) => s === "human" || s === "ai") ? payload.seats : null;
  return { record, seats, id: null, to: null, names: null };
}
