// @ts-check
// Games played by links (docs/web.md, "Playing by link"): two people far apart, no
// server; each move goes to the other player as a link, and comes back as one.
//
// A link game has an id that every link of it keeps (link-codec.js), and each side's
// library entry remembers it with the seat that side plays (`state.link`). Opening a link:
// - its game is in the library with the same moves or fewer (same id, same board): that
//   entry takes the link's moves — one game, however many links went back and forth;
// - the library's game is further on (an older link opened again): that game is shown,
//   unchanged, and the page says so;
// - the library's game went another way (someone took a move back): the link's game is
//   kept as its own game, and the page says so;
// - else a new game of the library.
// Sending: the toolbar's Share asks who gets the link (and the names) for a game of
// people; "Send your move" sends to the player to move. The system share sheet where the
// browser has one, else the link is copied (and shown, to copy by hand).

import { t } from "../i18n/i18n.js";
import * as library from "../store/library.js";
import { linkFor } from "./share.js";
import { call } from "../engine/call.js";
import { dismissMessage, showMessage } from "../ui/messages.js";
import { openShareDialog } from "../ui/share-dialog.js";
import { seatNamer } from "../view/render.js";
import { recipientOf } from "../store/state.js";

function sameBoard(a, b) {
  if (a?.game !== b?.game) return false;
  if (a.setup != null && b.setup != null) return a.setup === b.setup;
  return JSON.stringify(a.options ?? {}) === JSON.stringify(b.options ?? {});
}

function isPrefix(short, long) {
  return short.length <= long.length && short.every((move, i) => move === long[i]);
}

/** The library's game that a link continues or repeats (same id and board, its moves a
 * prefix of the link's; the longest), or null. */
export function gameLinked(shared) {
  const moves = shared?.record?.moves;
  if (!shared?.id || !Array.isArray(moves)) return null;
  const games = library.linkGames(shared.id).filter((e) => sameBoard(e.record, shared.record) && isPrefix(e.record.moves, moves));
  return games.sort((a, b) => b.record.moves.length - a.record.moves.length)[0] || null;
}

export function createLinkPlay(app, { openRecord, sayPreviousKept }) {
  const { state } = app;

  // The names as this side knows them: the link's, except this side's own if it set one.
  function mergedNames(incoming, kept, me) {
    if (!incoming && !kept) return null;
    const names = [...(incoming || kept)];
    if (kept && me != null && kept[me]) names[me] = kept[me];
    return names;
  }

  // Open a link that carries a game id (see the top of this file): "opened" or "refused".
  async function open(shared, origin) {
    // what was said of the last step (the link sent, a seat kept) is over now
    for (const key of ["share", "share.opened", "share.seat"]) dismissMessage(key);
    const moves = shared.record.moves;
    if (!Array.isArray(moves) || !moves.every((m) => typeof m === "string")) return opened(openRecord(shared, origin)); // the engine says what is wrong
    const games = library.linkGames(shared.id).filter((e) => sameBoard(e.record, shared.record));
    const shownFirst = (a, b) => Number(b.id === state.id) - Number(a.id === state.id) || b.record.moves.length - a.record.moves.length;
    const behind = games.filter((e) => isPrefix(e.record.moves, moves) && (e.record.resigned == null || e.record.moves.length === moves.length)).sort(shownFirst)[0];
    const ahead = games.filter((e) => isPrefix(moves, e.record.moves)).sort(shownFirst)[0];
    // (the same moves and a resignation: the other player gave up there)
    if (behind && (behind.record.moves.length < moves.length || (shared.record.resigned != null && behind.record.resigned == null))) {
      const response = await call(app.rules, { op: "load", record: shared.record });
      // The seat this device plays is its own: a link cannot choose it (its `to` may be
      // wrong, or forged), nor play or resign for it.
      const me = behind.link?.me ?? shared.to ?? null;
      const trespass = trespassOf(shared.record, response.view, behind, me);
      if (trespass) return refuse(trespass);
      const link = library.linkOf({ id: shared.id, me, names: mergedNames(shared.names, behind.link?.names, me) }, response.view.players || state.seats.length);
      const previous = app.session.continueEntry(behind, response.record, response.view, link);
      if (previous) sayPreviousKept(previous, "share.opened");
      if (shared.to != null && me != null && shared.to !== me) showMessage(t("share.seat-kept", { player: seatNamer(state)(shared.to) }), "info", null, { key: "share.seat" });
      return "opened";
    }
    const known = behind || ahead;
    if (known) {
      const previous = known.id !== state.id && state.record ? state.id : null;
      if (known.id !== state.id && !(await app.session.open(known))) return opened(openRecord(shared, origin));
      if (previous) sayPreviousKept(previous, known === ahead && !behind ? "share.older" : "share.opened");
      else if (known === ahead && !behind) showMessage(t("share.older"), "info", null, { key: "share.opened" });
      return "opened";
    }
    // a new game here: the link says which seat is this device's, but not that it resigned
    if (shared.to != null && shared.record.resigned === shared.to) return refuse("share.own-resign");
    return opened(openRecord(shared, origin, games.length ? "share.diverged" : "share.opened"));
  }

  async function opened(opening) {
    await opening;
    return "opened";
  }

  function refuse(key) {
    showMessage(t(key), "warning", null, { key: "share.opened", sticky: true });
    return "refused";
  }

  // What a link would do that only this device's player may (a message key), or null:
  // resign for `me`, or add moves of `me` — except those this device played and took back
  // (its redo list), which the friend may have answered already.
  function trespassOf(record, view, entry, me) {
    if (me == null) return null; // a game only shown here: nobody's seat to guard
    if (record.resigned === me && entry.record.resigned == null) return "share.own-resign";
    const movers = view.movers || [];
    const from = entry.record.moves.length;
    const redo = [...(entry.redo || [])].reverse(); // the next move to redo first
    let replayed = 0; // the link's first new moves that are this device's redo list, in order
    while (replayed < redo.length && record.moves[from + replayed] === redo[replayed]) replayed++;
    for (let i = from + replayed; i < record.moves.length; i++) if (movers[i] === me) return "share.own-moves";
    return null;
  }

  // A game of people (no computer seat): who gets the link, and the names.
  function ask() {
    const count = state.view?.players || state.seats.length;
    const to = recipientOf(state) ?? (state.view?.to_move ?? 1);
    const me = state.link?.me ?? (count === 2 ? 1 - to : null);
    openShareDialog({
      count,
      to,
      me,
      names: state.link?.names || Array(count).fill(""),
      seatName: (seat) => t("seat.name", { n: seat + 1 }),
      onSend: (chosen) => send(chosen.to, chosen.me, chosen.names),
    });
  }

  // The view of the record's position, for the link's picture (a device that has never seen
  // the game draws it before its engine is up: link-codec.js).
  function shownView() {
    return state.view?.ply === state.record?.moves?.length ? state.view : null;
  }

  async function send(to, me, names) {
    const count = state.view?.players || state.seats.length;
    const link = library.linkOf({ id: state.link?.id || state.id, me, names: names?.some(Boolean) ? names : null }, count);
    if (JSON.stringify(link) !== JSON.stringify(state.link)) {
      state.link = link;
      app.session.persist();
      app.render();
    }
    const url = await linkFor({ record: state.record, seats: state.seats, id: link.id, to, names: link.names, view: shownView() });
    const record = state.record;
    if (await offer(url, t("share.copied.to", { player: seatNamer(state)(to) }))) {
      if (state.record === record) state.sent = { id: state.id, ply: record.moves.length, to };
      app.render();
    }
  }

  // The toolbar's Share.
  async function share() {
    if (!state.record) return;
    if (state.seats.some((s) => s === "ai")) {
      // a game against the computer travels to be looked at or continued, as it is
      const url = await linkFor({ record: state.record, seats: state.seats, id: state.link?.id || state.id, view: shownView() });
      await offer(url, t("share.copied"));
      return;
    }
    ask();
  }

  // "Send your move": straight to the player to move.
  async function sendMove() {
    const to = recipientOf(state);
    if (to == null || !state.record) return ask();
    await send(to, state.link.me, state.link.names);
  }

  // The share sheet where there is one (a phone), else the clipboard; the link stays on
  // screen when neither works, to be copied by hand: the whole width, selected. Said beside
  // the control that sent it, and nothing scrolls (the board stays where it is on a phone).
  // True once the link went somewhere (shared or copied).
  async function offer(url, copiedText) {
    // beside "Send your move" under the board when it is there (a phone keeps the board in
    // view), else beside Share
    const turn = document.getElementById("link-turn");
    const near = turn && !turn.hidden ? turn : document.querySelector('[data-action="share"]');
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: document.title, text: t("share.text"), url });
        return true;
      } catch (error) {
        if (error?.name === "AbortError") return false; // the player closed the sheet
      }
    }
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch {
      /* no clipboard here (permissions, insecure context): the field lets the player copy */
    }
    // copied: a notice that goes away by itself, the link on one line; else the link stays,
    // whole and selected, to be copied by hand
    const field = document.createElement(copied ? "input" : "textarea");
    field.readOnly = true;
    if (!copied) /** @type {HTMLTextAreaElement} */ (field).rows = 3;
    field.value = url;
    field.className = copied ? "share-link" : "share-link share-link-whole";
    field.dataset.shareLink = "";
    field.setAttribute("aria-label", t("share.link"));
    showMessage(copied ? copiedText : t("share.copy-this"), "info", field, { key: "share", sticky: !copied, near });
    if (!copied) {
      field.focus({ preventScroll: true });
      field.select();
    }
    return copied;
  }

  return { open, share, sendMove, offer };
}
