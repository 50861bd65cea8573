// @ts-check
// A forced pass: a move a human seat cannot avoid is said, then played for them once the
// page is free; the message stays until the move after it.

import { t } from "../i18n/i18n.js";
import { dismissMessage, showMessage } from "../ui/messages.js";
import { isAi, seatNamer } from "../view/render.js";

const FORCED_AFTER_MS = 900; // a forced pass is said, then played this much later
const FORCED_RETRY_MS = 300; // … or as soon as the page is free (busy, reviewing, booting)

/**
 * @param {import("./turns.js").Page} app
 * @param {{withBusy: import("./turns.js").WithBusy, playMove: (move: string) => Promise<void>}} turns
 */
export function createForced(app, { withBusy, playMove }) {
  const { state } = app;
  /** @type {number | null} */
  let forcedAt = null; // moves played when a forced move was said (its message stays till after it)

  // A forced pass said is said until the move after it (or the end); then the next one.
  /** @param {import("./effects.js").PositionChange} change */
  function forcedAfter({ record, view }) {
    if (forcedAt !== null && (view.result || (record.moves.length !== forcedAt && record.moves.length !== forcedAt + 1))) {
      dismissMessage("forced");
      forcedAt = null;
    }
    playForced();
  }

  // A move a human seat cannot avoid (a forced pass) is played for them, and said. It
  // waits for the page to be free (a request under way, the engine restarting, the player
  // reviewing an earlier move), however long that takes: the game has no other way on.
  // Anything that sets another position ends the wait.
  function playForced() {
    const view = state.view;
    const forced = view?.input?.forced;
    if (!forced || view.result || isAi(state, view.to_move)) return;
    const generation = state.generation;
    forcedAt = state.record.moves.length;
    showMessage(t(`forced.${forced}`, { player: seatNamer(state)(view.to_move) }), "info", null, { key: "forced" });
    const attempt = () => {
      if (generation !== state.generation) return;
      if (state.busy || state.review || state.early || state.engine !== "ready") {
        setTimeout(attempt, FORCED_RETRY_MS);
        return;
      }
      withBusy(() => playMove(forced));
    };
    setTimeout(attempt, FORCED_AFTER_MS);
  }

  return { forcedAfter, playForced };
}
