// @ts-check
// What review and analysis show, drawn from the state and the review's controllers, which
// it is given (no engine calls, no state written): the navigation row under the board, the
// line saying how the move shown was judged and what was better, the advantage chart, the
// marks in the move list and each player's summary; the best move's cells on the board.

import { t } from "../i18n/i18n.js";
import { pickerFor } from "../board/pick.js";
import { drawChart } from "./chart.js";
import { engineHelps } from "../store/state.js";
import { isOn } from "../ui/settings.js";
import { roomOf } from "../rooms/index.js";

/** @typedef {import("../store/state.js").State} State */
/** @typedef {import("../review/analysis.js").Answer} Answer */
/** @typedef {import("../review/marks.js").Mark} Mark */
/**
 * The page as the review's views read it: the state and the controllers they ask (app.js
 * builds them; review/, session/).
 * @typedef {object} ReviewApp
 * @property {State} state
 * @property {ReturnType<typeof import("../review/navigation.js").createNavigation>} navigation
 * @property {ReturnType<typeof import("../review/analysis.js").createAnalysis>} analysis
 * @property {ReturnType<typeof import("../review/judgements.js").createJudgements>} judgements
 * @property {ReturnType<typeof import("../review/retro.js").createRetro>} retro
 * @property {ReturnType<typeof import("../puzzles/own.js").createOwnPuzzles>} own
 * @property {{known: (moves: string[]) => {view: Nibble.View} | undefined, positionAfter: (moves: string[]) => Promise<unknown>}} turns
 * @property {() => void} render
 */

/** @param {string} selector @returns {any} */
const $ = (selector) => document.querySelector(selector);

// The symbol written after a marked move (the same in every language, as in chess).
/** @type {Record<Mark, string>} */
export const SYMBOLS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

// An answer with chances (not a refusal), or null.
/** @param {Answer | undefined} answer */
const usable = (answer) => (answer && answer.chances ? answer : null);

// "62 %": a seat's chances in words.
/** @param {number} p */
const percent = (p) => `${Math.round(p * 100)} %`;

/** @param {ReviewApp} app @param {(seat: Nibble.Seat) => string} seatName */
export function renderReview(app, seatName) {
  const { state, navigation } = app;
  const record = state.record;
  if (!record) return;
  const total = record.moves.length;
  const shown = navigation.shown();
  const seats = state.view?.players ?? state.seats.length;
  // a game of people still being played: no verdicts until its end (state.js)
  const helps = engineHelps(state, isOn("help"));
  const judged = helps ? app.judgements.all() : [];
  const marks = judged.map((j) => j?.mark ?? null);

  // the move list's marks (written again in another language: their names are words)
  const lang = document.documentElement.lang;
  for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#move-list .move"))) {
    const mark = (helps && marks[Number(button.dataset.ply) - 1]) || null;
    if ((button.dataset.moveMark ?? null) !== mark || (mark && button.dataset.markLang !== lang)) markMove(button, mark);
  }

  // navigation row
  const plyText = t("review.ply", { ply: shown, total });
  if ($("#review-ply").textContent !== plyText) $("#review-ply").textContent = plyText;
  // (a room that does not move through the game, learning from mistakes: none of them)
  const moves = roomOf(state).navigates;
  for (const [action, off] of [["review-first", shown === 0], ["review-prev", shown === 0], ["review-next", shown >= total], ["review-last", shown >= total]]) {
    $(`[data-action="${action}"]`).disabled = off || !total || !moves;
  }
  const continueHere = $('[data-action="continue-here"]');
  continueHere.hidden = !roomOf(state).continues;
  continueHere.disabled = state.busy;

  // the move shown: how it was judged, and the better move (or what "learn from your
  // mistakes" asks)
  const note = $("#review-note");
  const learning = app.retro.render($("#learn-card"));
  const j = state.review && shown > 0 ? judged[shown - 1] : null;
  const answer = helps ? usable(app.analysis.at(shown)) : null;
  const parts = [];
  if (j?.mark) {
    parts.push(t("review.judged", { move: record.moves[shown - 1], mark: t(`mark.${j.mark}`), player: seatName(j.mover), drop: Math.round(j.drop * 100) }));
    if (j.best) parts.push(t("review.best-was", { move: j.best }));
  }
  if (state.review && answer) parts.push(outlook(answer, seatName));
  const noteText = learning ? "" : parts.join(" ");
  if (note.textContent !== noteText) note.textContent = noteText;
  note.hidden = learning || !parts.length;
  // "Practise this position later": the position shown, into "Your puzzles"
  $('[data-action="practise-later"]').hidden = learning || !app.own.canAddShown();

  // the chart
  const section = $("#analysis");
  section.hidden = total === 0;
  $("#eval-graph").hidden = !helps;
  if (!helps) {
    // said where the chart will be, with the setting that brings it now
    $("#review-summary").replaceChildren();
    $('[data-action="learn"]').hidden = true;
    if ($("#analysis-state").textContent !== t("review.after-game")) $("#analysis-state").textContent = t("review.after-game");
    return;
  }
  const chances = app.analysis.answers().map((a) => usable(a)?.chances ?? null);
  drawChart($("#eval-graph"), {
    chances,
    seats,
    shown,
    marks,
    t,
    onPick: (ply, how) => navigation.goTo(ply, { reveal: how === "click" }),
    describe: (ply, c, mark) => describePoint(record, ply, c, mark, seatName, seats),
  });

  // each player's summary, once there is something to say
  const done = chances.every((c) => c);
  const summary = $("#review-summary");
  summary.replaceChildren();
  if (done && total) {
    for (const [seat, row] of app.judgements.summary(seats).entries()) {
      if (!row.moves) continue;
      const li = document.createElement("li");
      li.dataset.seat = String(seat);
      const dot = document.createElement("span");
      dot.className = `seat-dot seat-${seat}`;
      const text = document.createElement("span");
      text.textContent = t("review.summary", { player: seatName(seat), accuracy: row.accuracy, inaccuracy: row.inaccuracy, mistake: row.mistake, blunder: row.blunder });
      li.append(dot, text);
      summary.append(li);
    }
  }
  // what the analysis is doing; said when its worker could not start (it is tried again)
  const progress = done ? "" : app.analysis.failed ? t("review.unavailable") : t("review.analysing", { done: chances.filter(Boolean).length, total: chances.length });
  if ($("#analysis-state").textContent !== progress) $("#analysis-state").textContent = progress;
  $('[data-action="learn"]').hidden = !app.retro.available();
}

// "Player 1 wins about 62 % from here" / "… wins by force" / the game's result.
/** @param {Answer} answer @param {(seat: Nibble.Seat) => string} seatName */
function outlook(answer, seatName) {
  if (answer.exact && answer.to_move == null) return "";
  if (answer.exact) return answer.winner == null ? t("review.draw-by-force") : t("review.wins-by-force", { player: seatName(answer.winner) });
  const seat = answer.chances.indexOf(Math.max(...answer.chances));
  const parts = [t("review.outlook", { player: seatName(seat), percent: percent(answer.chances[seat]) })];
  if (answer.best) parts.push(t("review.best-here", { move: answer.best }));
  return parts.join(" ");
}

/**
 * @param {Nibble.Record} record @param {number} ply @param {number[] | null} chances
 * @param {Mark | null} mark @param {(seat: Nibble.Seat) => string} seatName @param {number} seats
 */
function describePoint(record, ply, chances, mark, seatName, seats) {
  const move = record.moves[ply - 1];
  const head = t("review.point", { ply, move }) + (mark ? ` ${SYMBOLS[mark]} (${t(`mark.${mark}`)})` : "");
  if (!chances) return `${head}: ${t("review.not-yet")}`;
  const shares = Array.from({ length: seats }, (_, s) => `${seatName(s)} ${percent(chances[s])}`);
  return `${head}: ${shares.join(", ")}`;
}

// The move list's marks: a symbol after the move, and its name for screen readers.
/** @param {HTMLElement} button @param {Mark | null} mark */
export function markMove(button, mark) {
  button.querySelector(".move-mark")?.remove();
  if (!mark) {
    delete button.dataset.moveMark;
    return;
  }
  button.dataset.moveMark = mark;
  button.dataset.markLang = document.documentElement.lang;
  const span = document.createElement("span");
  span.className = `move-mark ${mark}`;
  span.textContent = SYMBOLS[mark];
  const name = document.createElement("span");
  name.className = "visually-hidden";
  name.textContent = ` (${t(`mark.${mark}`)})`;
  span.append(name);
  button.append(span);
}

// What the board draws while reviewing: on a marked move, the better move there was (on
// the position after the move, so that the two can be compared); elsewhere, the
// analysis's best move in the position shown. Overlays of kind "best" (board.js).
/** @param {ReviewApp} app @param {Nibble.View | null} view */
export function bestOverlays(app, view) {
  const { state } = app;
  if (!state.review || !view || !app.retro.revealed() || !engineHelps(state, isOn("help"))) return [];
  const ply = app.navigation.shown();
  const judged = roomOf(state).judges && ply > 0 ? app.judgements.all()[ply - 1] : null;
  if (judged?.mark && judged.best) {
    const moves = state.record.moves.slice(0, ply - 1);
    const before = app.turns.known(moves);
    if (!before) {
      // the position before it is needed to place the move (a peg's path, a capture):
      // asked once, drawn when it comes
      const key = `${state.id} ${ply}`;
      if (!asking.has(key)) {
        asking.add(key);
        app.turns.positionAfter(moves).then(() => app.render(), () => {}).finally(() => asking.delete(key));
      }
      return [];
    }
    return overlayOf(before.view, judged.best);
  }
  const answer = usable(app.analysis.at(ply));
  return answer?.best && !view.result ? overlayOf(view, answer.best) : [];
}

const asking = new Set(); // positions before a marked move being loaded (bestOverlays)

/** @param {Nibble.View} view @param {string} move */
function overlayOf(view, move) {
  const cells = pickerFor(view)?.forMove(move)?.pick ?? [];
  return cells.length ? [{ kind: "best", cells }] : [];
}
