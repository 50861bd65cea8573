// @ts-check
// "Your puzzles": the player's own mistakes, to find the better move again later. Once a
// finished game's analysis is settled (every position searched by its second pass), the
// position before each of the three costliest mistakes or blunders of a player at this
// device (a game by links: this side's only; store/own-puzzles.js mistakesToKeep) is kept
// as pending, and the engine checks it in the background (analysis.check: the judge op,
// the puzzle maker's criteria: one good move, confirmed by a search ten times longer); a
// puzzle is then ready, and comes back after a day, a week and a month. From the review,
// "Practise this position later" keeps the position shown, with the engine's best move
// there, at once.
// The store is read again before every change: another tab may have changed it.

import { t } from "../i18n/i18n.js";
import { showMessage } from "../ui/messages.js";
import { EngineError } from "../engine/call.js";
import { fromBase64Url, toBase64Url } from "../session/link-codec.js";
import { addOwn, dueOwn, idOf, judged, loadOwn, mistakesToKeep, reviewed, saveOwn, waitingOwn } from "../store/own-puzzles.js";
import { recordProblem } from "../store/untrusted.js";

/** @typedef {import("../store/own-puzzles.js").OwnPuzzle} OwnPuzzle */

// refusals of the position itself: the check is not asked again
const REFUSED = new Set(["bad-request", "bad-record", "illegal-move", "game-over"]);
const MAX_OWN_LINK = 200_000; // a personal puzzle's fragment, at most (a game link's bound)

/**
 * @param {{
 *   state: import("../store/state.js").State,
 *   analysis: {check(record: Nibble.Record): Promise<any>, settled(record?: Nibble.Record | null): boolean, at(ply: number): any},
 *   judgements: {all(): (import("../review/marks.js").Judgement | null)[]},
 * }} app
 */
export function createOwnPuzzles(app) {
  const { state } = app;
  let checking = false;
  let nothingPending = false; // known since the last look (set again when one is kept)
  /** @type {WeakSet<Nibble.Record>} */
  const collected = new WeakSet(); // records whose mistakes were kept (once each)

  // A change of the store: read again, changed, saved; a storage that refuses is said.
  /** @param {(items: OwnPuzzle[]) => void} change */
  function update(change) {
    const items = loadOwn();
    change(items);
    nothingPending = false; // (a position kept here, or by another tab meanwhile)
    if (!saveOwn(items)) showMessage(t("own.error.save"), "warning", null, { key: "own.save" });
    return items;
  }

  // the seats played at this device: a game by links, this side's; else every person's
  /** @param {Nibble.Seat} seat */
  const mine = (seat) => (state.link ? state.link.me === seat : state.seats[seat] !== "ai");

  // After every change of the analysis: a finished game whose marks are settled gives its
  // mistakes (once), and the checks go on.
  function collect() {
    const record = state.record;
    if (record && state.view?.result && !collected.has(record) && app.analysis.settled(record)) {
      collected.add(record);
      const judgements = app.judgements.all();
      const found = mistakesToKeep(judgements, mine);
      if (found.length) {
        update((items) => {
          for (const { j, ply } of found) {
            addOwn(items, { record: positionAt(record, ply - 1), solver: /** @type {Nibble.Seat} */ (j.mover), played: record.moves[ply - 1], origin: "game" });
          }
        });
      }
    }
    if (!nothingPending) work(); // (not a read of the store at every answer of the analysis)
  }

  // One pending position at a time, in the background.
  async function work() {
    if (checking) return;
    const next = loadOwn().find((x) => x.status === "pending");
    nothingPending = !next;
    if (!next) return;
    checking = true;
    /** @type {any} */
    let verdict = null;
    try {
      verdict = await app.analysis.check(next.record);
    } catch (error) {
      // the position refused (a damaged record): no puzzle; anything else: asked later
      if (error instanceof EngineError && REFUSED.has(error.code)) verdict = { puzzle: false, move: null };
    } finally {
      checking = false;
    }
    if (!verdict) return;
    update((items) => {
      const item = items.find((x) => x.id === next.id);
      if (item) judged(item, verdict);
    });
    setTimeout(work, 0);
  }

  // "Practise this position later": the position shown in the review, its side to move to
  // find the engine's best move there. Said either way.
  function addShown() {
    const review = state.review;
    const record = state.record;
    const answer = review ? app.analysis.at(review.ply) : null;
    if (!record || !review || !answer?.best || review.view.result) return;
    let added = null;
    update((items) => {
      added = addOwn(items, { record: positionAt(record, review.ply), solver: review.view.to_move, line: [answer.best], origin: "review" });
    });
    showMessage(t(added ? "own.added" : "own.already"), "info", null, { key: "own.added" });
  }

  // Is the position shown in the review one that "Practise this position later" can keep?
  function canAddShown() {
    const review = state.review;
    if (!review || review.view.result || !mine(review.view.to_move)) return false;
    return !!app.analysis.at(review.ply)?.best;
  }

  return {
    collect,
    work,
    addShown,
    canAddShown,
    // the ready puzzles due now (the most overdue first), and how many come back later
    due: () => dueOwn(loadOwn()),
    counts() {
      const items = loadOwn();
      return { due: dueOwn(items).length, waiting: waitingOwn(items).length };
    },
    // a try of one of them: found at the first try or not
    /** @param {string} id @param {boolean} found */
    reviewed(id, found) {
      update((items) => {
        const item = items.find((x) => x.id === id);
        if (item) reviewed(item, found);
      });
    },
  };
}

// The position after the first `ply` moves of `record`, as a record of its own (without
// the game's resignation, which belongs to its end).
/** @param {Nibble.Record} record @param {number} ply @returns {Nibble.Record} */
function positionAt(record, ply) {
  const { resigned, ...rest } = record;
  return { ...rest, moves: record.moves.slice(0, ply) };
}

// A personal puzzle travels whole in a link's fragment, as a game does (never sent to a
// server): ?puzzle=own#own=<base64url of {record, solver, line}>. Sets them on `url`.
/** @param {URL} url @param {Nibble.Puzzle} entry */
export function ownLink(url, { record, solver, line }) {
  url.searchParams.set("puzzle", "own");
  url.hash = `own=${toBase64Url(new TextEncoder().encode(JSON.stringify({ record, solver, line })))}`;
}

// A personal puzzle from a link's fragment, checked as anything from outside is (its
// record's shape here, every move by the engine when it is shown), or null.
/** @param {string} hash @returns {Nibble.Puzzle | null} */
export function ownFromLink(hash) {
  const raw = new URLSearchParams(hash.replace(/^#/, "")).get("own");
  if (!raw || raw.length > MAX_OWN_LINK) return null;
  let data;
  try {
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(fromBase64Url(raw)));
  } catch {
    return null;
  }
  const record = data?.record;
  if (recordProblem(record) || !Number.isInteger(data.solver) || data.solver < 0 || data.solver > 15) return null;
  const line = data.line;
  if (!Array.isArray(line) || line.length < 1 || line.length > 8 || !line.every((/** @type {unknown} */ m) => typeof m === "string" && m.length <= 200)) return null;
  return { id: idOf(record), record, solver: data.solver, line, themes: [], rating: 0 };
}
