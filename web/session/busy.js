// @ts-check
// A request under way (a move played, undo, redo): the controls are off meanwhile, what
// goes wrong is said, and the page is drawn and the focus kept once it is done.

import { t } from "../i18n/i18n.js";
import { showMessage } from "../ui/messages.js";
import { renderControls } from "../view/render.js";
import { Cancelled, EngineError } from "../engine/call.js";

// An engine refusal in the player's words; anything else as an unexpected error.
/** @param {any} error */
export function report(error) {
  showMessage(error instanceof EngineError ? error.message : t("error.unexpected", { message: String(error?.message || error) }));
}

/** @param {import("./turns.js").Page} app */
export function createBusy(app) {
  const { state } = app;

  // Focus never drops to <body>: after a move the board has it, on the cell last used.
  function keepFocus() {
    const active = /** @type {(Element & {disabled?: boolean}) | null} */ (document.activeElement);
    if (!active || active === document.body || active.disabled || active.closest?.("[hidden]")) {
      if (!document.querySelector("dialog[open]")) app.board.focus();
    }
  }

  /**
   * `fn`'s result, or null when it failed (said, unless abandoned).
   * @template T
   * @param {() => Promise<T> | T} fn
   * @returns {Promise<T | null>}
   */
  async function withBusy(fn) {
    state.busy = true;
    renderControls(state);
    try {
      const result = await fn();
      return result;
    } catch (error) {
      if (!(error instanceof Cancelled)) report(error);
      return null;
    } finally {
      state.busy = false;
      app.render();
      keepFocus();
    }
  }

  return withBusy;
}
