// @ts-check
// What the page's controls and arrivals do with whole games: start one, the new-game
// dialog, a rematch, open a record from a link or a file (and say where the game it
// replaced went), continue from a reviewed position, resign, the Games dialog. Used by the
// action table (actions.js) and the start-up (start.js); the turn loop is turns.js.

import { closeResultDialog, confirmDialog, openNewGameDialog } from "../ui/dialogs.js";
import { t } from "../i18n/i18n.js";
import * as library from "../store/library.js";
import { openLibraryDialog } from "../panels/library-dialog.js";
import { dismissMessage, showMessage } from "../ui/messages.js";
import { seatNamer } from "../view/render.js";
import { clearLink, hasLink, linkOrigin, readLink, readRecordFile } from "../session/share.js";
import { defaultLevel as defaultLevelOf, resigner } from "../store/state.js";
import { Cancelled, call } from "../engine/call.js";

const $ = (selector) => document.querySelector(selector);

export function createCommands(app) {
  const { state } = app;

  function levels() {
    return state.games?.levels || [];
  }

  function defaultLevel() {
    return defaultLevelOf(state.games);
  }

  // --- new games -------------------------------------------------------------------------

  async function startGame({ game, options, seats, level, origin }) {
    const response = await call(app.rules, { op: "new", game, options });
    closeResultDialog();
    // the same board not started yet, kept in Games: that one again, not a copy of it
    const unstarted = origin ? null : library.unstarted(response.record, seats, level);
    if (unstarted && (unstarted.id === state.id || (await app.session.open(unstarted)))) return;
    app.session.startEntry(response.record, response.view, { seats, level, origin });
  }

  async function newGameDialog() {
    if (!state.games) return;
    const chosen = await openNewGameDialog({
      games: state.games.games,
      levels: levels(),
      current: { game: state.record?.game, options: state.record?.options, seats: state.seats, level: state.level },
    });
    if (!chosen) return;
    // the computer's search is abandoned first: it runs on the rules worker, which the new
    // game asks (if the new game fails, the computer of the game still shown goes on)
    app.turns.cancelThinking();
    await app.turns.withBusy(() => startGame({ ...chosen, origin: "" }));
    app.turns.scheduleComputer();
  }

  // The game shown again: a rematch (the seats turned by one, so that two players swap;
  // a new board) or the same board (its seed, the same seats). Same game, options and level;
  // a new entry of the library.
  async function rematch(sameBoard) {
    const record = state.record;
    const id = state.id;
    if (!record || state.busy) return;
    // in the middle of a game: ask first (the game stays in Games either way); a move that
    // lands meanwhile (the computer's) does not undo the answer, another game shown does
    if (record.moves.length && !state.view?.result) {
      const sure = await confirmDialog({
        title: t(sameBoard ? "replay.title" : "rematch.title"),
        text: t("replay.text"),
        confirmLabel: t(sameBoard ? "action.same-board" : "action.rematch"),
        action: "replay-confirm",
      });
      if (!sure || state.id !== id) return;
    }
    const options = { ...(record.options || {}) };
    if (!sameBoard) delete options.seed;
    const seats = sameBoard ? [...state.seats] : [...state.seats.slice(1), state.seats[0]];
    const link = state.link;
    const count = state.view?.players || state.seats.length;
    app.turns.cancelThinking();
    await app.turns.withBusy(() => startGame({ game: record.game, options, seats, level: state.level, origin: "" }));
    if (link?.me != null && state.id !== id) rematchByLink(link, count, sameBoard);
    app.turns.scheduleComputer();
  }

  // A game by link played again stays one (a new link game: its own id): each player keeps
  // their name and moves with the seats, so this device plays the seat its player moved to.
  // Whoever moves first sends the new board (Send your move).
  function rematchByLink(link, count, sameBoard) {
    const turn = (/** @type {any[]} */ list) => (sameBoard ? list : [...list.slice(1), list[0]]);
    const me = sameBoard ? link.me : (link.me + count - 1) % count;
    state.link = library.linkOf({ id: state.id, me, names: link.names && turn(link.names) }, count);
    app.session.persist();
    app.render();
  }


  // --- games that travel: links and files ---------------------------------------------------

  // Open a record from a link or a file as a new game of the library. The engine
  // re-validates every move; if it refuses, nothing changes. The game shown before stays in
  // the library, and a button goes back to it.
  async function openRecord({ record, seats, level = null, id = null, to = null, names = null }, origin = "", said = "share.opened") {
    const response = await call(app.rules, { op: "load", record });
    const count = response.view.players || 2;
    const valid = Array.isArray(seats) && seats.length === count ? seats : Array(count).fill("human");
    const link = id ? library.linkOf({ id, me: to, names }, count) : null;
    closeResultDialog();
    const known = level && levels().some((l) => l.id === level) ? level : null; // a file's, if the page has it
    const previous = app.session.startEntry(response.record, response.view, { seats: valid, level: known || state.level || defaultLevel(), origin, link });
    if (previous) sayPreviousKept(previous, said);
    else if (said !== "share.opened") showMessage(t(said), "info", null, { key: "share.opened", sticky: true });
  }

  // A link or a file took the place of a game: say where that game is, with a way back.
  function sayPreviousKept(previousId, key) {
    const back = document.createElement("button");
    back.type = "button";
    back.className = "button small";
    back.dataset.action = "restore-previous";
    back.dataset.gameId = previousId;
    back.textContent = t("action.restore-previous");
    showMessage(t(key), "info", back, { key: "share.opened", sticky: true });
  }

  // An engine message quoted inside a sentence of ours ("…: {message}. Your game is
  // unchanged."): without its own full stop, so the sentence does not get two.
  function quoted(message) {
    return String(message).replace(/[.。]\s*$/, "");
  }

  async function openPrevious(button) {
    const entry = library.load(button?.dataset.gameId || "");
    dismissMessage("share.opened");
    if (entry) await app.turns.withBusy(() => app.session.open(entry));
  }

  // Open what a link or a file brought ({record, seats} or {error}); a refusal is reported
  // under `errorKey` and leaves the game in progress alone.
  // "opened" or "refused".
  async function openShared(opened, errorKey, origin = "") {
    if (opened.error) {
      showMessage(t(errorKey, { message: quoted(t(`share.error.${opened.error}`)) }));
      return "refused";
    }
    try {
      if (opened.id) return await app.linkPlay.open(opened, origin);
      await openRecord(opened, origin);
      return "opened";
    } catch (error) {
      if (!(error instanceof Cancelled)) showMessage(t(errorKey, { message: quoted(error.message) }));
      return "refused";
    }
  }

  // A game link in the fragment: at start-up, or pasted into the address bar later. The
  // link leaves the address bar only once its game is saved (or refused): a reload while
  // the engine replays it, or after the storage refused to keep it, must open it again, not
  // lose the moves it brought. (A link still there once its game is saved is cleared then:
  // session.js.)
  async function openLink() {
    if (!hasLink()) return;
    const hash = window.location.hash;
    let kept = false;
    try {
      const shared = await readLink(hash);
      const origin = linkOrigin(hash);
      // a link of a game played by links finds its game by the game's id (link-play.js);
      // an older link by its own name and moves, saved before a reload
      const moves = JSON.stringify(shared?.record?.moves);
      const open = !shared?.id && state.origin === origin && JSON.stringify(state.record?.moves) === moves;
      if (shared && !open) kept = (await openShared(shared, "error.link", origin)) === "opened" && state.unsaved;
    } finally {
      if (kept) state.linkUnsaved = hash;
      else if (window.location.hash === hash) clearLink(); // a reload then resumes the tab's game
    }
  }

  // A new game from the position reviewed: the same game, options and seats, the record's
  // moves up to there; kept as a new entry of the library, the game reviewed untouched.
  async function continueHere() {
    if (!state.review || state.busy) return;
    const ply = state.review.ply;
    await app.turns.withBusy(async () => {
      const { record, view } = await app.turns.positionAfter(state.record.moves.slice(0, ply));
      app.retro.stop();
      app.session.startEntry(record, view, { seats: [...state.seats], level: state.level, origin: "" });
      showMessage(t("review.continued", { ply }), "info", null, { key: "continued" });
    });
  }

  // Give the game up (after asking): the record keeps who resigned, and the other wins.
  async function resign() {
    const seat = resigner(state);
    if (seat == null || state.busy) return;
    const name = seatNamer(state);
    const sure = await confirmDialog({
      title: t("resign.title"),
      // "You give the game up" / "Player 1 gives the game up": the verb follows the subject
      text: t("resign.text", { player: name(seat), winner: name(1 - seat) }),
      confirmLabel: t("action.resign"),
      action: "resign-confirm",
    });
    if (!sure || resigner(state) !== seat) return; // the game moved on meanwhile
    await app.turns.withBusy(async () => {
      const response = await call(app.rules, { op: "resign", record: state.record, seat });
      app.turns.cancelThinking();
      app.session.humanMoved();
      state.announce = true;
      app.turns.setPosition(response.record, response.view);
    });
  }

  async function importFile(file) {
    await openShared(await readRecordFile(file), "error.file");
  }

  function showLibrary() {
    openLibraryDialog({
      games: state.games?.games || [],
      levels: levels(),
      currentId: state.id,
      onOpen: (entry) => app.turns.withBusy(() => app.session.open(entry)),
      onImport: () => $("#import-file").click(),
    });
  }

  return { levels, defaultLevel, startGame, newGameDialog, rematch, openRecord, sayPreviousKept, openShared, openLink, openPrevious, continueHere, resign, importFile, showLibrary };
}
