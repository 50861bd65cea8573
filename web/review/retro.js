// @ts-check
// "Learn from your mistakes": after a game, the position before each of the player's
// mistakes and blunders comes back one by one ("You played d4 here. Find a better move");
// a try is played on the board but not into the game, and judged by the analysis: good
// when it keeps the mover's winning chances within GOOD_MARGIN of the best move's (a move
// that would not have been marked). A second miss shows the engine's move. At the end, a
// score. The game itself is never changed.

import { t } from "../i18n/i18n.js";
import { pickerFor, EMPTY } from "../board/pick.js";
import { Cancelled, call } from "../engine/call.js";
import { announce } from "../ui/messages.js";

export const GOOD_MARGIN = 0.1;
const CHECK_MS = 600; // the search that judges a try

export function createRetro(app) {
  const { state } = app;
  // state.practice while it runs: {items: [ply], index, found, misses, mover, phase
  // ("try" | "judging" | "solved" | "shown" | "done"), text}; anything that sets another
  // position (a move, another game) drops it (session/position.js).

  const humanSeat = (seat) => state.seats[seat] !== "ai";

  // The moves worth another look: mistakes and blunders of a human seat, once every
  // position of a finished game is analysed.
  function items() {
    if (!state.record || !state.view?.result) return [];
    const answers = app.analysis.answers();
    if (!answers.every((a) => a?.chances)) return [];
    return app.judgements.all()
      // (a move the engine itself had chosen has no better move to find)
      .map((j, i) => (j && (j.mark === "mistake" || j.mark === "blunder") && j.best && humanSeat(j.mover) ? i + 1 : null))
      .filter((ply) => ply != null);
  }

  // what the status line says while practising: where we are, and the words of the moment
  function say(session, text) {
    session.text = text;
    const n = Math.min(session.index + 1, session.items.length);
    session.status = session.phase === "done" ? text : `${t("learn.progress", { n, total: session.items.length })} ${text}`;
    announce(session.status); // the status line is no live region: said for screen readers
  }

  const available = () => !state.practice && items().length > 0;

  async function show() {
    const session = state.practice;
    if (!session) return;
    const ply = session.items[session.index];
    const moves = state.record.moves.slice(0, ply - 1);
    const { view } = await app.turns.positionAfter(moves);
    if (state.practice !== session) return; // another game came meanwhile
    state.review = { ply: ply - 1, view };
    state.picker = pickerFor(view);
    state.sel = EMPTY;
    session.phase = "try";
    session.misses = 0;
    // as judged when the session started (a later, longer search may have changed it)
    const j = session.judged[ply - 1];
    session.mover = j.mover;
    say(session, t("learn.prompt", { move: state.record.moves[ply - 1], mark: t(`mark.${j.mark}`) }));
    app.render();
    app.board.focus();
  }

  async function start() {
    const list = items();
    if (!list.length) return;
    app.turns.cancelThinking();
    state.practice = { items: list, judged: app.judgements.all(), index: 0, found: 0, phase: "try", text: "", status: "" };
    await app.turns.withBusy(show);
  }

  function stop() {
    if (!state.practice) return;
    state.practice = null;
    state.review = null;
    state.sel = EMPTY;
    state.picker = state.view ? pickerFor(state.view) : null;
    app.render();
  }

  // A move the player tried in the position shown: judged, never played into the game.
  async function attempt(move) {
    const session = state.practice;
    if (!session || session.phase !== "try") return;
    const ply = session.items[session.index];
    const before = app.analysis.at(ply - 1);
    session.phase = "judging";
    state.sel = EMPTY;
    say(session, t("learn.checking", { move }));
    app.render();
    try {
      const base = { ...state.record, moves: state.record.moves.slice(0, ply - 1) };
      const played = await call(app.rules, { op: "play", record: base, move });
      // the move played in the game is the one to improve on: no search needed
      const again = move === state.record.moves[ply - 1];
      const answer = move === before.best || again ? before : await app.analysis.position(played.record, ply, CHECK_MS);
      if (state.practice !== session) return;
      const mover = session.mover;
      const good = move === before.best || (move !== state.record.moves[ply - 1] && answer.chances[mover] >= before.chances[mover] - GOOD_MARGIN);
      if (good) {
        session.found++;
        session.phase = "solved";
        say(session, t("learn.good", { move }));
      } else if (++session.misses < 2) {
        session.phase = "try";
        say(session, t("learn.again", { move }));
      } else {
        session.phase = "shown";
        say(session, t("learn.solution", { move: before.best }));
      }
    } catch (error) {
      if (state.practice !== session) return;
      session.phase = "try";
      if (!(error instanceof Cancelled)) say(session, error.message);
    }
    app.render();
  }

  async function next() {
    const session = state.practice;
    if (!session) return;
    session.index++;
    if (session.index >= session.items.length) {
      session.phase = "done";
      say(session, t("learn.done", { found: session.found, total: session.items.length }));
      state.sel = EMPTY;
      app.render();
      return;
    }
    await app.turns.withBusy(show);
  }

  // The buttons that go with what the player is asked (the status line says it:
  // state.practice.status), beside Confirm. False when not practising.
  function render(card) {
    const session = state.practice;
    if (!session) {
      card.hidden = true;
      card.replaceChildren();
      delete card.dataset.key;
      return false;
    }
    // drawn again only when the phase changes, so that a focused button stays
    const key = `${session.index} ${session.phase}`;
    if (card.dataset.key === key) return true;
    card.dataset.key = key;
    const buttons = [];
    const button = (key, action, primary = false) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = `button small${primary ? " primary" : ""}`;
      b.dataset.action = action;
      b.textContent = t(key);
      buttons.push(b);
    };
    if (session.phase === "solved" || session.phase === "shown") button("learn.next", "learn-next", true);
    if (session.phase === "try") button("learn.skip", "learn-skip");
    button(session.phase === "done" ? "action.back-to-game" : "learn.stop", "learn-stop", session.phase === "done");
    card.replaceChildren(...buttons);
    card.hidden = false;
    return true;
  }

  // the best move is drawn only once it is the answer
  const revealed = () => !state.practice || ["shown", "solved"].includes(state.practice.phase);

  return { available, start, stop, attempt, next, render, revealed };
}
