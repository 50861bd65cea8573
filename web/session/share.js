// Games travel as records (docs/contracts.md): in a link's fragment (never sent to a
// server), or in a .json file. This module only encodes and decodes; the engine
// re-validates every move of whatever comes back, and the shell decides what to do.

const LINK_KEY = "record";
const MAX_LINK_CHARS = 200_000;

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** A link to this page that opens `record` (seats travel along: who plays whom). */
export function linkFor(record, seats) {
  const payload = toBase64Url(JSON.stringify({ record, seats }));
  const url = new URL(window.location.href);
  url.search = "";
  url.hash = `${LINK_KEY}=${payload}`;
  return url.href;
}

/**
 * What the page's fragment carries: null if no game, else {record, seats} or {error}
 * (an error is a code; the shell translates it as `share.error.<code>`).
 */
export function readLink(hash = window.location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const raw = params.get(LINK_KEY);
  if (raw == null) return null;
  if (!raw || raw.length > MAX_LINK_CHARS) return { error: "link-size" };
  let payload;
  try {
    payload = JSON.parse(fromBase64Url(raw));
  } catch {
    return { error: "link-damaged" };
  }
  return parsePayload(payload);
}

function parsePayload(payload) {
  const record = payload?.record ?? payload; // a bare record (a saved file) is fine too
  if (!record || typeof record !== "object" || Array.isArray(record)) return { error: "no-record" };
  const seats = Array.isArray(payload?.seats) && payload.seats.every((s) => s === "human" || s === "ai") ? payload.seats : null;
  return { record, seats };
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

/** Offer the record as a .json download. */
export function downloadRecord(record) {
  const variant = record.options?.variant ? `-${record.options.variant}` : "";
  const name = `${record.game || "game"}${variant}-${new Date().toISOString().slice(0, 10)}.json`;
  download(new Blob([JSON.stringify(record, null, 2) + "\n"], { type: "application/json" }), name);
}

/** Offer text as it is (a damaged save, so that nothing of it is lost). */
export function downloadText(text, name) {
  download(new Blob([text], { type: "text/plain" }), name);
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
