// @ts-check
// The analysis's verdict on the game shown: every move's judgement (marks.js) and each
// player's summary, worked out once per position of the game and change of the answers
// (several views ask in one render). The review's views and "learn from your mistakes"
// ask it (app.judgements).

import { judgeGame, summarise } from "./marks.js";

/** @typedef {import("./marks.js").Judgement} Judgement */

/**
 * @param {{
 *   state: import("../store/state.js").State,
 *   analysis: {answers(): (import("./analysis.js").Answer | undefined)[], readonly version: number},
 * }} app
 */
export function createJudgements(app) {
  const { state, analysis } = app;
  /** @type {{record: Nibble.Record | null, view: Nibble.View | null, version: number, list: (Judgement | null)[]}} */
  let memo = { record: null, view: null, version: -1, list: [] };

  // Every move's judgement for the game shown (index i: move i + 1).
  function all() {
    if (!state.record) return [];
    if (memo.record !== state.record || memo.view !== state.view || memo.version !== analysis.version) {
      const answers = analysis.answers();
      const list = judgeGame(state.record.moves, state.view, (ply) => usable(answers[ply]));
      memo = { record: state.record, view: state.view, version: analysis.version, list };
    }
    return memo.list;
  }

  return {
    all,
    // Per seat: marks by class and accuracy (marks.js summarise).
    /** @param {number} seats */
    summary: (seats) => summarise(all(), seats),
  };
}

// An answer with chances (not a refusal), or null.
/** @param {import("./analysis.js").Answer | undefined} answer */
const usable = (answer) => (answer && answer.chances ? answer : null);
