// Game presentation modules, chosen by view.game. The shell (app.js) knows nothing
// game-specific beyond what the view says; each game's look lives in its module.

import generic from "./generic.js";
import nebuchadnezzar from "./nebuchadnezzar.js";
import nibble from "./nibble.js";
import numberOne from "./number-one.js";

const MODULES = { nibble, nebuchadnezzar, "number-one": numberOne };

export function presentationFor(gameId) {
  return MODULES[gameId] || generic;
}

/** The result in words ({title, text, extra?}), for every game: a resignation is the
 * shell's (docs/contracts.md), every other end is the game's own to explain. */
export function explainResult(view, ctx) {
  const r = view.result;
  if (r?.reason !== "resigned") return presentationFor(view.game).explainResult(view, ctx);
  return { title: ctx.t("result.title", { player: ctx.seatName(r.winner) }), text: ctx.t("result.resigned", { player: ctx.seatName(r.seat) }) };
}
