// @ts-check
// The action table: what each `data-action` control does (a map from the action's name to
// a controller's method), and the page-wide keys, address and file events. The controls
// themselves say nothing but their action's name (index.html, the views).

import { downloadRecord } from "../session/share.js";
import { roomOf } from "../rooms/index.js";

const $ = (selector) => document.querySelector(selector);

// action name -> (the control pressed) => void
export function actionTable(app, commands) {
  const { state } = app;
  const review = (step) => () => app.navigation[step]();
  return {
    confirm: () => app.turns.confirmPick(),
    clear: () => app.turns.clearPick(),
    undo: () => app.turns.undo(),
    redo: () => app.turns.redo(),
    "new-game": () => commands.newGameDialog(),
    "choose-game": () => commands.newGameDialog(),
    hint: () => app.turns.hint(),
    "review-first": review("first"),
    "review-prev": review("prev"),
    "review-next": review("next"),
    "review-last": review("last"),
    "continue-here": () => commands.continueHere(),
    learn: () => app.retro.start(),
    "learn-next": () => app.retro.next(),
    "learn-skip": () => app.retro.next(),
    "learn-stop": () => app.retro.stop(),
    pause: () => app.turns.togglePause(),
    puzzles: () => app.puzzles.open("rated"),
    "puzzle-next": () => app.puzzles.next(),
    "puzzle-rated": () => app.puzzles.open("rated"),
    "puzzle-hint": () => app.puzzles.hint(),
    "puzzle-solution": () => app.puzzles.solution(),
    "puzzle-retry": () => app.puzzles.retry(),
    "puzzle-daily": () => app.puzzles.open("daily"),
    "puzzle-streak": () => app.puzzles.open("streak"),
    "puzzle-replay": (target) => app.puzzles.open("replay", { id: target.dataset.replay }),
    "puzzle-own": () => app.puzzles.open("own"),
    "practise-later": () => app.own.addShown(),
    // the lessons of the game the control names (the offer's), else of the game shown
    lessons: (target) => app.puzzles.openLesson({ game: target.dataset.game || undefined }),
    "lesson-open": (target) => app.puzzles.openLesson({ id: target.dataset.lesson }),
    share: () => (roomOf(state).share ? roomOf(state).share(app) : app.linkPlay.share()), // a puzzle's own link
    "send-move": () => app.linkPlay.sendMove(),
    rematch: () => commands.rematch(false),
    resign: () => commands.resign(),
    "replay-board": () => commands.rematch(true),
    export: () => downloadRecord(state.record, state.seats, state.level),
    import: () => $("#import-file").click(),
    library: () => commands.showLibrary(),
    rules: () => app.rulesSheet.open(),
    "rules-marks": () => app.rulesSheet.open({ section: "marks" }),
    "restore-previous": (target) => commands.openPrevious(target),
    back: () => roomOf(state).back?.(app), // to the game: out of review, out of learning
    zoom: () => {
      app.zoom.toggle(app.board.focusId);
      app.render();
    },
  };
}

// Clicks on controls go through the table; Escape steps back one level; a link pasted into
// the address bar opens; a chosen file is imported.
export function wireActions(app, commands, table = actionTable(app, commands)) {
  const { state } = app;
  document.addEventListener("click", (event) => {
    const target = /** @type {(HTMLElement & {disabled?: boolean}) | null} */ (/** @type {Element} */ (event.target).closest("[data-action]"));
    if (!target || target.disabled) return;
    // a move made from a button: the focus goes back to the board at once, not to <body>
    // while the button is disabled during the move
    const fromButton = document.activeElement === target && (target.dataset.action === "confirm" || target.closest("#move-actions"));
    if (fromButton && app.interactive()) app.board.focus();
    const action = Object.hasOwn(table, target.dataset.action) ? table[target.dataset.action] : null;
    if (action) action(target);
    else if (target.dataset.move && target.closest("#move-actions")) app.turns.playAction(target.dataset.move);
  });
  document.addEventListener("keydown", (event) => {
    if (/** @type {Element} */ (event.target).closest("dialog, input, select, textarea")) return;
    if (event.key === "Escape") {
      if (state.hinting) app.turns.cancelHint();
      else if (roomOf(state).escape?.(app)) {
        // the room used it: out of review, a try's pick, out of learning
      } else if (state.sel.pick.length) app.turns.clearPick();
      else return;
      event.preventDefault(); // used: the rules sheet stays open (rules.js)
    }
  });
  window.addEventListener("hashchange", () => {
    if (state.engine === "ready") app.turns.withBusy(commands.openLink);
  });
  $("#import-file").addEventListener("change", (event) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) commands.importFile(file);
  });
}
