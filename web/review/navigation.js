// @ts-check
// Moving through the game shown: first, previous, next, last, or a given move, by the
// buttons under the board, the move list, the advantage chart and the keys ← → Home End
// (when the focus is not on the board or in a form field, where those keys have their
// own use). The last position is the game itself; any earlier one is review
// (session/history.js keeps the position shown in state.review).
//
// Hooks: html[data-reviewing="true"] while an earlier position is shown (html[data-ply]
// is set by render.js for the position shown).

import { roomOf } from "../rooms/index.js";

const html = document.documentElement;

export function createNavigation(app) {
  const { state } = app;

  const total = () => state.record?.moves.length ?? 0;
  const shown = () => (state.review ? state.review.ply : total());

  // The position asked for last while it is on its way (a position not in memory is the
  // engine's to make): the next step counts from it, so that quick clicks or a held arrow
  // key each move one step, none lost while the board still shows the one before.
  /** @type {number | null} */
  let wanted = null;
  const from = () => wanted ?? shown();

  // `reveal`: chosen in the move list or the chart, which a phone shows below the board:
  // bring the board back on screen, so that the move is seen changing it.
  async function goTo(ply, { reveal = false } = {}) {
    if (!state.record || !roomOf(state).navigates) return;
    const target = Math.max(0, Math.min(total(), ply));
    if (target !== from() || (target === total() && state.review && wanted === null)) {
      wanted = target;
      try {
        await app.turns.review(target);
      } finally {
        if (wanted === target) wanted = null;
      }
    }
    if (reveal) revealBoard();
  }

  function revealBoard() {
    const board = document.querySelector("#board");
    const rect = board.getBoundingClientRect();
    if (rect.bottom > rect.height / 3 && rect.top < window.innerHeight - rect.height / 3) return; // mostly on screen
    const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    document.querySelector(".play-area").scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
  }

  const first = () => goTo(0);
  const prev = () => goTo(from() - 1);
  const next = () => goTo(from() + 1);
  const last = () => goTo(total());

  // Arrow keys belong to the board (moving across cells) and to form fields.
  function keysAreOurs(event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return false;
    // a modal dialog has the keys; the Rules sheet beside the game (a non-modal dialog) only
    // when the focus is in it
    if (document.querySelector("dialog[open]:modal")) return false;
    if (event.target instanceof Element && event.target.closest("dialog")) return false;
    const target = event.target;
    if (!(target instanceof Element)) return true;
    if (target.closest("input, select, textarea, [contenteditable], #board, [data-eval-graph], .toolbar-more")) return false;
    return true;
  }

  function onKey(event) {
    if (!keysAreOurs(event)) return;
    const action = { ArrowLeft: prev, ArrowRight: next, Home: first, End: last }[event.key];
    if (!action || !total()) return;
    event.preventDefault();
    action();
  }

  document.addEventListener("keydown", onKey);

  return {
    goTo,
    first,
    prev,
    next,
    last,
    shown,
    total,
    // after every render: the hook attribute
    update() {
      html.dataset.reviewing = state.review ? "true" : "false";
    },
  };
}
