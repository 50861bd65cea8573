// @ts-check
// The game shown and the games library (library.js): saving after every change,
// starting and opening games as new entries, resuming, following or forking when another
// tab changes the same game, and keeping aside a game that can no longer be opened.

import { t } from "../i18n/i18n.js";
import * as library from "../store/library.js";
import { dismissMessage, showMessage } from "../ui/messages.js";
import { clearLink } from "./share.js";
import { entryOf } from "../store/state.js";
import { call } from "../engine/call.js";

export function createSession(app) {
  const { state } = app;
  let lastMover = "human"; // who made the change being saved: decides follow or fork
  let wroteStamp = false; // state.stamp is a write of this tab (not one it followed)
  // Another tab's write this tab is loading to show (null when none). Until it is shown,
  // state.rev/stamp stay those of the position on the board: a move played meanwhile was
  // made from that position, so its save must meet the conflict, not write over the
  // followed game as if built on it.
  let following = null;

  function humanMoved() {
    lastMover = "human";
  }

  function computerMoved() {
    lastMover = "computer";
  }

  // Save the game shown. If another tab saved the same game meanwhile: a computer's move
  // or the same moves → follow the other tab; a player's own moves → keep them as a new
  // game and say so. Nothing is overwritten.
  function persist() {
    if (!state.record || !state.id) return;
    const result = library.save(entryOf(state));
    if (result.saved) {
      state.rev = result.saved.rev;
      state.stamp = result.saved.stamp;
      state.created = result.saved.created;
      state.unsaved = false;
      wroteStamp = true;
      following = null;
      dismissMessage("library.save");
      // the link that brought this game stayed in the address bar while it was not saved
      if (state.linkUnsaved && window.location.hash === state.linkUnsaved) clearLink();
      state.linkUnsaved = null;
      return;
    }
    if (result.failed) {
      // said every time a save fails (one message, kept up to date): each failure is a
      // position that a reload would lose
      state.unsaved = true;
      showMessage(t("library.error.save"), "warning", null, { key: "library.save", sticky: true });
      return;
    }
    const stored = result.conflict;
    const mine = state.record.moves.join(" ");
    if (stored.damaged || stored.broken) return fork();
    if (stored.record.moves.join(" ") === mine || lastMover === "computer") {
      follow(stored);
      return;
    }
    fork();
  }

  // Keep this tab's moves as a new game in the library: the game shown, or `moved` (a
  // move of this tab's player that arrived after another tab's game was shown instead).
  function fork(moved = null) {
    following = null;
    state.id = library.newId();
    state.rev = 0;
    state.stamp = null;
    state.created = 0;
    library.setTabGame(state.id);
    if (moved) {
      state.redo = [];
      app.turns.setPosition(moved.record, moved.view); // saved as the new entry
    } else {
      const result = library.save(entryOf(state));
      if (result.saved) {
        state.rev = result.saved.rev;
        state.stamp = result.saved.stamp;
        wroteStamp = true;
      }
    }
    showMessage(t("library.forked"), "info", null, { key: "library.forked" });
  }

  // Show the stored version of this game (another tab moved on), unless something newer
  // (a later write to follow, a fork of this tab's own move) overtakes it while it loads.
  async function follow(stored) {
    following = stored;
    app.turns.cancelThinking();
    let response;
    try {
      response = await call(app.rules, { op: "load", record: stored.record });
    } catch {
      if (following === stored) fork(); // the other tab's record does not load here: keep ours
      return;
    }
    if (following !== stored) return;
    adopt(stored, response);
    showMessage(t("library.followed"), "info", null, { key: "library.followed" });
  }

  function adopt(entry, response) {
    following = null;
    const same = entry.id === state.id; // another tab's move in our game: a review stays
    state.id = entry.id;
    state.rev = entry.rev;
    state.stamp = entry.stamp;
    wroteStamp = false;
    state.created = entry.created;
    state.seats = entry.seats;
    state.level = entry.level;
    state.origin = entry.origin;
    state.link = entry.link;
    state.redo = entry.redo;
    state.resultShown = response.view.result ? response.record.moves.length : null;
    state.unsaved = false; // read from the library: it is there
    state.announce = false;
    state.paused = false;
    library.setTabGame(entry.id);
    app.turns.setPosition(response.record, response.view, { save: false, keepReview: same });
  }

  // Resume a library entry. False (and the entry kept aside, reported once) when it can
  // no longer be opened.
  async function open(entry) {
    if (!entry || entry.damaged || entry.broken) {
      if (entry) reportBroken(entry);
      return false;
    }
    // the computer's search is abandoned first: it runs on the rules worker, which the
    // load asks (if the entry does not open, the computer of the game still shown goes on)
    app.turns.cancelThinking();
    let response;
    try {
      response = await call(app.rules, { op: "load", record: entry.record });
    } catch (error) {
      app.turns.scheduleComputer();
      if (error?.code === "engine-unavailable" || error?.code === "engine-crashed") throw error;
      const broken = { code: error?.code || "internal", message: error?.message || String(error) };
      library.put({ ...entry, broken });
      reportBroken({ ...entry, broken });
      return false;
    }
    adopt(entry, response);
    return true;
  }

  function reportBroken(entry) {
    if (!library.reportOnce(`broken:${entry.id}`)) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button small";
    button.dataset.action = "library";
    button.textContent = t("action.library");
    showMessage(t("library.broken"), "warning", button, { key: `broken:${entry.id}`, sticky: true });
  }

  // A new entry for a game just made (new game, link, file): the game shown before stays
  // in the library untouched.
  function startEntry(record, view, { seats, level, origin = "", redo = [], link = null }) {
    app.turns.cancelThinking();
    const previous = state.id && state.record ? state.id : null;
    state.id = library.newId();
    state.rev = 0;
    state.stamp = null;
    state.created = 0;
    state.seats = seats;
    state.level = level;
    state.origin = origin;
    state.link = link;
    state.redo = redo;
    state.paused = false;
    state.resultShown = view.result ? record.moves.length : null;
    library.setTabGame(state.id);
    app.turns.setPosition(record, view);
    return previous;
  }

  // Another tab saved our game. Made from the version we show: follow it. Made from an
  // older one (both tabs saved at once, so both reached the same revision): whichever
  // write the storage kept stands; the tab whose own moves were overwritten keeps them
  // as a new game, a tab that only watched follows. Never two tabs on one id with
  // different moves. "Ours" is the write being loaded to follow, if any, so that a chain
  // of writes (a move, then the computer's answer) is recognised as it arrives.
  function onStorage(event) {
    const id = library.idOfKey(event.key);
    if (!id || id !== state.id || event.newValue == null || !state.record) return;
    const parsed = library.parseEntry(id, event.newValue);
    if (!parsed.ok) return;
    const incoming = parsed.ok;
    const known = following ?? { rev: state.rev, stamp: state.stamp }; // the latest write we know
    if (incoming.stamp && incoming.stamp === known.stamp) return;
    const mine = state.record.moves.join(" ");
    if (incoming.record.moves.join(" ") === mine) {
      // the same game as shown: take its revision, so the next write in the chain is recognised
      following = null;
      state.rev = incoming.rev;
      state.stamp = incoming.stamp;
      wroteStamp = false;
      return;
    }
    const builtOnKnown = incoming.stamp ? incoming.base === known.stamp : incoming.rev > known.rev;
    if (builtOnKnown) {
      follow(incoming);
      return;
    }
    const stored = library.load(id);
    if (!stored || stored.damaged || stored.stamp === known.stamp) return; // ours (or the one we follow) stands
    if (wroteStamp && !following) fork(); // our moves were overwritten: keep them
    else follow(stored);
  }

  // A link of a game played by links brought the other player's moves: the library's
  // entry of that game takes them (its moves are a prefix of `record`'s), shown here.
  function continueEntry(entry, record, view, link) {
    app.turns.cancelThinking();
    const previous = state.id && state.record && state.id !== entry.id ? state.id : null;
    following = null;
    wroteStamp = false;
    lastMover = "computer"; // not this tab's move: another tab's newer write is followed
    if (previous) state.record = entry.record; // so that one move arriving is announced
    Object.assign(state, {
      id: entry.id, rev: entry.rev, stamp: entry.stamp, created: entry.created, seats: entry.seats,
      level: entry.level, origin: entry.origin, link, redo: [], paused: false, announce: true, resultShown: null,
    });
    library.setTabGame(entry.id);
    app.turns.setPosition(record, view, { keepReview: !previous });
    return previous;
  }

  window.addEventListener("storage", onStorage);

  return { persist, open, startEntry, continueEntry, humanMoved, computerMoved, fork };
}
