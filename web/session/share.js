// @ts-check
// Games travel as records (docs/contracts.md): in a link's fragment (never sent to a
// server), or in a .json file. This module only encodes and decodes; the engine
// re-validates every move of whatever comes back, and the shell decides what to do.

import { decodeGame, decodeRecordLink, encodeGame, parsePayload } from "./link-codec.js";

const MAX_LINK_CHARS = 200_000;
const KEYS = ["g", "record"]; // link-codec.js: version 2, version 1

/** A link to this page that opens the game: {record, seats, id?, to?, names?} (who plays
 * whom, and for a game played by links, its id, the recipient's seat and the names). */
export async function linkFor(game) {
  const url = new URL(window.location.href);
  url.search = "";
  url.hash = await encodeGame(game);
  return url.href;
}

/** Does the fragment hold a game? (Known at once; reading it takes a moment.) */
export function hasLink(hash = window.location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  return KEYS.some((key) => params.has(key));
}

/**
 * What the page's fragment carries: null if no game, else {record, seats, id, to, names}
 * or {error} (an error is a code; the shell translates it as `share.error.<code>`).
 */
export async function readLink(hash = window.location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const key = KEYS.find((k) => params.has(k));
  if (!key) return null;
  const raw = params.get(key);
  if (!raw || raw.length > MAX_LINK_CHARS) return { error: "link-size" };
  return key === "g" ? decodeGame(raw) : decodeRecordLink(raw);
}

/** A short name of a link (FNV-1a of its fragment), kept with the game it opened, so that
 * a reload that raced the saving of that game resumes it instead of opening it twice. */
export function linkOrigin(hash = window.location.hash) {
  let h = 0x811c9dc5;
  for (let i = 0; i < hash.length; i++) h = Math.imul(h ^ hash.charCodeAt(i), 0x01000193);
  return `link:${(h >>> 0).toString(16)}`;
}

/** Forget the fragment, so that a reload resumes the saved game instead. */
export function clearLink() {
  const url = new URL(window.location.href);
  url.hash = "";
  history.replaceState(null, "", url.href);
}

export const GAME_FILE = "nibble-game/1";

// Offer a game as a .json file (docs/contracts.md, "Game file"): its record with who plays
// each seat and, when a seat is the computer's, its level, so that a game against the
// computer opens again as one.
/** @param {Nibble.Record} record @param {string[]} seats @param {string | null} level */
export function downloadRecord(record, seats, level) {
  const variant = record.options?.variant ? `-${record.options.variant}` : "";
  const name = `${record.game || "game"}${variant}-${new Date().toISOString().slice(0, 10)}.json`;
  const file = { format: GAME_FILE, record, seats, ...(level && seats.includes("ai") ? { level } : {}) };
  download(new Blob([JSON.stringify(file, null, 2) + "\n"], { type: "application/json" }), name);
}

/** Offer text as it is (a damaged save, so that nothing of it is lost). */
export function downloadText(text, name, type = "text/plain") {
  download(new Blob([text], { type }), name);
}

function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** {record, seats} or {error} from a file the player chose. */
export async function readRecordFile(file) {
  if (file.size > 1_000_000) return { error: "file-size" };
  let payload;
  try {
    payload = JSON.parse(await file.text());
  } catch {
    return { error: "not-json" };
  }
  return parsePayload(payload);
}
