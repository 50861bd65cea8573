// @ts-check
// Judging moves from the analysis, for every game: a move is marked by how much it lowered
// its mover's winning chances: the best move's against the played move's, both valued by
// the one search of the position before it. Thresholds in percentage points of winning chances, as
// lichess marks moves by the drop of its own winning chances (docs/web.md, "Review and
// analysis"). No DOM here.

/** @typedef {import("./analysis.js").Answer} Answer */
/** @typedef {"inaccuracy" | "mistake" | "blunder"} Mark */
/**
 * A move's judgement: its mark, how much it lowered its mover's chances (0..1), the better
 * move (null when the engine played it too), and `forced` for the only legal move.
 * @typedef {{mark: Mark | null, drop: number, best: string | null, mover: Nibble.Seat, forced?: boolean}} Judgement
 */

/** @type {[Mark, number][]} */
export const THRESHOLDS = [
  ["blunder", 0.3],
  ["mistake", 0.2],
  ["inaccuracy", 0.1],
];

// Who made move `ply` (1-based): the view says when turns are not one move each.
/** @param {Nibble.View | null} view @param {number} ply @param {Answer} [before] @returns {Nibble.Seat | null} */
export function moverOf(view, ply, before) {
  const movers = view?.movers;
  if (movers && movers.length >= ply) return movers[ply - 1];
  return before?.to_move ?? null;
}

// The played move's chances from the search of the position before it, when that search
// valued it (the analysis's `played`, for the record's next move): compared with the best
// move's chances of the same search, whose turn it is cannot hide a mistake.
/** @param {string} move @param {Answer} [before] @returns {number[] | null} */
export function playedChances(move, before) {
  const played = before?.played;
  return played && played.move === move && Array.isArray(played.chances) ? played.chances : null;
}

// {mark, drop, best, mover} for move `ply`, from the answers before and after it; null
// until both are known (or when the mover cannot be told). The drop is the best move's
// chances less the played move's, both from the search before the move (`played`); an
// answer without it (an older one) falls back on the search after the move.
/** @param {string} move @param {Answer} [before] @param {Answer} [after] @param {Nibble.Seat | null} [mover] @returns {Judgement | null} */
export function judge(move, before, after, mover) {
  const same = playedChances(move, before);
  if (!before || (!after && !same) || mover == null || before.to_move == null) return null;
  // the only legal move (a pass): nothing to judge, whatever the two searches' noise says
  if (before.forced) return { mark: null, drop: 0, best: null, mover, forced: true };
  let drop = before.chances[mover] - (same ?? after.chances)[mover];
  // a proved win thrown away is a blunder whatever the estimates say
  if (before.exact && before.winner === mover && after?.exact && after.winner !== mover) drop = Math.max(drop, 1);
  // The engine's own choice is judged too: when the position after it is worse by a
  // mark's drop, the short search before it missed something (the second, longer pass
  // usually settles it), and the move was worse than it looked; there is then no better
  // move to offer.
  const played = move === before.best;
  const found = THRESHOLDS.find(([, at]) => drop >= at - 1e-9);
  return { mark: found ? found[0] : null, drop: Math.max(0, drop), best: played ? null : before.best, mover };
}

// Every move's judgement (index i: move i + 1), from `answerAt(ply)`.
/** @param {string[]} moves @param {Nibble.View | null} view @param {(ply: number) => Answer | undefined} answerAt */
export function judgeGame(moves, view, answerAt) {
  return moves.map((move, i) => {
    const before = answerAt(i);
    return judge(move, before, answerAt(i + 1), moverOf(view, i + 1, before));
  });
}

// A move's accuracy from its drop (0..1 of winning chances), lichess's curve: 100 for no
// loss, about 50 for a 16-point loss, near 0 for a lost win.
/** @param {number} drop */
export function accuracyOf(drop) {
  const points = Math.max(0, drop) * 100;
  return Math.max(0, Math.min(100, 103.1668 * Math.exp(-0.04354 * points) - 3.1669));
}

// Per seat: {inaccuracy, mistake, blunder, moves, accuracy (0..100, null without moves)};
// moves without a choice are not counted.
/** @param {(Judgement | null)[]} judgements @param {number} seats */
export function summarise(judgements, seats) {
  const out = Array.from({ length: seats }, () => ({ inaccuracy: 0, mistake: 0, blunder: 0, moves: 0, total: 0 }));
  for (const j of judgements) {
    if (!j || j.forced || j.mover == null || !out[j.mover]) continue;
    const row = out[j.mover];
    row.moves++;
    row.total += accuracyOf(j.drop);
    if (j.mark) row[j.mark]++;
  }
  return out.map(({ total, ...row }) => ({ ...row, accuracy: row.moves ? Math.round(total / row.moves) : null }));
}
