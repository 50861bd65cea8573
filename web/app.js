// @ts-check
// The page's front door: builds the page's parts and wires them together, then starts
// (shell/start.js). The work is split by job: shell/ (the start, the address bar, the
// action table, whole-game commands, language), session/turns.js (the turn loop),
// session/session.js + store/library.js (saving, tabs, the games library), view/ (drawing),
// review/ (analysis and review), panels/ (Games, Rules, walkthroughs).
// Everything the page knows of one game is in games/<id>/, chosen by view.game.

import { BoardView } from "./board/board.js";
import { closeResultDialog } from "./ui/dialogs.js";
import { EngineClient } from "./engine/engine-client.js";
import { ComputerLane } from "./engine/computer-lane.js";
import { trapFocus } from "./ui/focus-trap.js";
import { t } from "./i18n/i18n.js";
import { createLoading } from "./engine/loading.js";
import { wireMenu } from "./ui/menu.js";
import { showMessage } from "./ui/messages.js";
import { interactive, render, seatNamer } from "./view/render.js";
import { createRules } from "./panels/rules.js";
import { createSession } from "./session/session.js";
import { initSettings } from "./ui/settings.js";
import { allowSound, initSound } from "./ui/sound.js";
import { createLinkPlay } from "./session/link-play.js";
import { createState } from "./store/state.js";
import { createToolbar } from "./ui/toolbar.js";
import { createTurns } from "./session/turns.js";
import { keepPosition, sayMove, showResult } from "./session/effects.js";
import { createZoom } from "./board/zoom.js";
import { createWalkthrough } from "./panels/walkthrough.js";
import { createAnalysis } from "./review/analysis.js";
import { createNavigation } from "./review/navigation.js";
import { createRetro } from "./review/retro.js";
import { createJudgements } from "./review/judgements.js";
import { bestOverlays, renderReview } from "./view/review.js";
import { noteFocus, restoreFocus } from "./ui/focus-keep.js";
import { syncAddress } from "./shell/address.js";
import { wireActions } from "./shell/actions.js";
import { createCommands } from "./shell/commands.js";
import { createStart } from "./shell/start.js";
import { createPuzzles } from "./puzzles/ctrl.js";
import { createOwnPuzzles } from "./puzzles/own.js";
import { renderPuzzle } from "./view/puzzle.js";
import { shownView } from "./rooms/index.js";

const $ = (selector) => document.querySelector(selector);

const state = createState();
/** @type {{frame?: number, timer?: ReturnType<typeof setTimeout>} | null} */
let redrawing = null; // a redraw asked for, not done yet
function cancelRedraw() {
  if (!redrawing) return;
  cancelAnimationFrame(redrawing.frame ?? 0);
  clearTimeout(redrawing.timer);
  redrawing = null;
}
/**
 * The page's parts: the state, the engine clients, the controllers and what draws them;
 * app.js adds them one by one below, and each module is given the parts it uses.
 * @typedef {object} App
 * @property {import("./store/state.js").State} state
 * @property {EngineClient} rules the rules worker
 * @property {ComputerLane} ai the computer's lane: the rules worker, and the deep worker beside it
 * @property {() => void} render draw now
 * @property {() => void} redraw draw in the next frame
 * @property {number} renders
 * @property {() => boolean} interactive
 * @property {typeof closeResultDialog} closeResultDialog
 * @property {() => Promise<void>} newGameDialog
 * @property {(sameBoard: boolean) => Promise<void>} rematch
 * @property {(ply: number) => Promise<void>} review a move of the move list
 * @property {(view: Nibble.View) => ReturnType<typeof bestOverlays>} suggested
 * @property {typeof t} t
 * @property {typeof showMessage} showMessage
 * @property {BoardView} board
 * @property {ReturnType<typeof createToolbar>} toolbar
 * @property {ReturnType<typeof createZoom>} zoom
 * @property {ReturnType<typeof createTurns>} turns
 * @property {ReturnType<typeof createAnalysis>} analysis
 * @property {ReturnType<typeof createJudgements>} judgements
 * @property {ReturnType<typeof createNavigation>} navigation
 * @property {ReturnType<typeof createRetro>} retro
 * @property {ReturnType<typeof createPuzzles>} puzzles
 * @property {ReturnType<typeof createOwnPuzzles>} own
 * @property {ReturnType<typeof createSession>} session
 * @property {ReturnType<typeof createLinkPlay>} linkPlay
 * @property {ReturnType<typeof createWalkthrough>} walkthrough
 * @property {ReturnType<typeof createRules>} rulesSheet
 */
// (beats: the computer's searches run on it, and a dead worker is told from a long search
// by its silence: engine-client.js)
const rules = new EngineClient({ name: "rules", requestTimeoutMs: 15_000, beats: true });
const app = /** @type {App} */ ({
  state,
  rules,
  // where the computer's moves and the analysis's first pass are asked: the rules worker
  // (restored from the snapshot when a long search is abandoned); hints and the analysis's
  // deep work go to the deep worker, booted for them and let go once idle
  // (engine/computer-lane.js)
  ai: new ComputerLane(rules, new EngineClient({ name: "deep", beats: true })),
  // Draw the page from the state now (what must be on screen before the next step: the
  // end of a request, a position set). Anything else asks for redraw(): one render in the
  // next animation frame, however many asked (chessground's redraw).
  render: () => {
    cancelRedraw();
    app.renders++;
    const focused = noteFocus();
    render(app);
    app.navigation.update();
    renderReview(app, seatNamer(state));
    app.analysis.pump();
    app.toolbar.fit(); // the game's name and the Pause label change its widths
    app.zoom.update(shownView(state));
    renderPuzzle(app);
    app.walkthrough.update();
    restoreFocus(focused, app.board);
    syncAddress(state);
  },
  redraw: () => {
    if (redrawing) return;
    // (no animation frames in a tab in the background: its title and state still follow)
    redrawing = document.visibilityState === "hidden" ? { timer: setTimeout(app.render, 0) } : { frame: requestAnimationFrame(app.render) };
  },
  renders: 0, // how many times the page was drawn (e2e/bench_page.py: renders per move)
  interactive: () => interactive(state),
  closeResultDialog,
  newGameDialog: () => commands.newGameDialog(),
  rematch: (sameBoard) => commands.rematch(sameBoard),
  review: (ply) => app.navigation.goTo(ply, { reveal: true }), // a move of the move list
  suggested: (view) => bestOverlays(app, view),
  // the page's words and messages, for tests (the page is one bundled script: its modules
  // cannot be imported on their own, scripts/bundle_page.py)
  t,
  showMessage,
});
const commands = createCommands(app);
app.board = new BoardView($("#board"), { onActivate: (id) => app.turns.onCellActivate(id, interactive(state)) });
app.toolbar = createToolbar($(".topbar"));
app.zoom = createZoom($("#board"), $('[data-action="zoom"]'));
app.turns = createTurns(app);
// what follows a new position of the game, in this order (session/effects.js)
for (const listener of [
  keepPosition(app),
  () => state.busy || app.render(), // (busy: withBusy draws once it is done)
  sayMove(app),
  showResult(app),
  app.turns.computerAfter,
  app.turns.forcedAfter,
]) app.turns.onPosition(listener);
app.analysis = createAnalysis(app, app.ai);
// An answer redraws what review shows (chart, marks, summary), not the whole page, so that
// the panel under the player's focus is not rebuilt several times a second; the board
// too only when the position shown got its answer (its best move is drawn there).
app.analysis.onChange((plies) => {
  if (!state.view) return;
  if (state.review && (plies.has(state.review.ply) || plies.has(state.review.ply - 1))) app.render();
  else renderReview(app, seatNamer(state));
});
app.judgements = createJudgements(app);
app.navigation = createNavigation(app);
app.retro = createRetro(app);
app.puzzles = createPuzzles(app);
app.own = createOwnPuzzles(app);
// a finished game's settled marks give "Your puzzles" their positions (checked meanwhile)
app.analysis.onChange(() => app.own.collect());
app.session = createSession(app);
app.linkPlay = createLinkPlay(app, { openRecord: commands.openRecord, sayPreviousKept: commands.sayPreviousKept });
app.walkthrough = createWalkthrough(app);
app.rulesSheet = createRules({ currentGame: () => state.view?.game, onWalkthrough: () => app.walkthrough.start(), onLessons: (game) => app.puzzles.openLesson({ game }) });
// the rules worker's state, as the page's head left it (boot-guard.js may have said "failed")
state.engine = /** @type {any} */ (document.documentElement.dataset.engine) || "loading";
const loading = createLoading({ onStatus: (status) => (state.engine = status) });
const start = createStart(app, commands, loading);

function wire() {
  wireMenu($('[data-action="more"]'), $("#more-menu"));
  trapFocus();
  window.addEventListener("resize", () => app.zoom.update(shownView(state)));
  // the tab's title says "Your move" only while the page is in the background (render.js)
  document.addEventListener("visibilitychange", () => state.view && app.render());
  wireActions(app, commands);
}

wire();
initSettings({
  change: (name) => {
    if (name === "sound") allowSound(); // the switch's click is the gesture browsers ask for
    if (state.view) app.render();
  },
});
initSound();
start.boot().catch((error) => {
  loading.showFailed({ kind: "engine", message: error?.message || String(error) }, () => window.location.reload());
});

// Every module of the page arrived and app.js ran to its end: boot-guard.js stops
// watching. (At the end, not the top: an app.js cut short may still parse, and must not
// say it started before it fails.)
document.dispatchEvent(new Event("nibble-started"));

// for debugging and automation
window.nibbleApp = app;
Object.defineProperty(app, "engine", { get: () => app.rules }); // the name earlier versions used
