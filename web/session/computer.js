// @ts-check
// The computer's turn: asking the computer's lane (the rules worker) for a move at the
// game's level and playing it, keeping a computer-vs-computer game to its pace, Pause and
// Resume, and the Try again of a search that failed. A search is only ever made for the
// position shown: whatever changes it abandons the search (turns.js cancelThinking).

import { t } from "../i18n/i18n.js";
import { showMessage } from "../ui/messages.js";
import { budgetOf, defaultLevel } from "../store/state.js";
import { hasHuman, isAi } from "../view/render.js";
import { Cancelled, EngineError, call } from "../engine/call.js";

const html = document.documentElement;
// The bridge answers within budget + 20 % + the replay (never 2 s over): past this, the
// rules worker counts as stuck even if it still beats (a dead one is noticed sooner,
// when its beats stop: engine-client.js).
/** @param {number} budget */
const aiTimeLimit = (budget) => Math.ceil(budget * 1.2) + 3_000;

/** @param {number} ms @returns {Promise<void>} */
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {import("../store/state.js").State} state @param {boolean} on */
export function setThinking(state, on) {
  state.thinking = on;
  html.dataset.thinking = on ? "true" : "false";
}

/**
 * @param {import("./turns.js").Page} app
 * @param {{setPosition: import("./turns.js").SetPosition, cancelThinking: () => void}} turns
 */
export function createComputer(app, { setPosition, cancelThinking }) {
  const { state } = app;

  function level() {
    return state.level || defaultLevel(state.games) || "medium";
  }

  // Ask the computer's lane for a move: {move, value} (value: the estimate in [-1, 1]
  // for the side to move).
  /** @param {string} levelId */
  async function askEngine(levelId) {
    const budget = budgetOf(state, levelId);
    const seed = Math.floor(Math.random() * 2 ** 31);
    const response = await call(app.ai, { op: "ai", record: state.record, level: levelId, seed, budget_ms: budget }, { timeoutMs: aiTimeLimit(budget) });
    if (typeof response.move !== "string") throw new EngineError({ code: "internal", message: "no move" });
    return { move: response.move, value: response.stats?.value ?? null };
  }

  function scheduleComputer() {
    const view = state.view;
    if (!view || view.result || !isAi(state, view.to_move) || state.thinking || state.paused) return;
    if (document.visibilityState === "hidden") return; // resumed on visibilitychange
    const generation = state.generation;
    const started = performance.now();
    setThinking(state, true);
    app.redraw(); // (a move of the player's: withBusy draws once it is done, in the same frame)
    (async () => {
      try {
        const { move } = await askEngine(level());
        if (generation !== state.generation) return;
        if (!hasHuman(state)) {
          // watching a computer-vs-computer game: keep to the chosen pace, and stop if paused
          await delay(state.pace - (performance.now() - started));
          if (generation !== state.generation) return;
          if (state.paused) {
            setThinking(state, false);
            app.render();
            return;
          }
        }
        const response = await call(app.rules, { op: "play", record: state.record, move });
        if (generation !== state.generation) return;
        state.redo = [];
        state.announce = true;
        app.session.computerMoved();
        setPosition(response.record, response.view, { keepReview: true });
      } catch (error) {
        if (error instanceof Cancelled || generation !== state.generation) return;
        setThinking(state, false);
        app.render();
        showMessage(t("error.ai", { message: error?.message || String(error) }), "error", retryButton(), { key: "error.ai" });
      }
    })();
  }

  function retryButton() {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button small";
    button.textContent = t("action.try-again");
    button.addEventListener("click", () => {
      button.closest("[data-message]")?.remove();
      scheduleComputer();
    });
    return button;
  }

  function togglePause() {
    state.paused = !state.paused;
    app.render();
    if (!state.paused) scheduleComputer();
  }

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") scheduleComputer();
  });
  // Leaving the page abandons the search (a page kept in the back-forward cache would
  // otherwise come back to a worker still busy with it).
  window.addEventListener("pagehide", () => {
    if (state.thinking || state.hinting) cancelThinking();
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) scheduleComputer();
  });

  return { scheduleComputer, togglePause };
}
