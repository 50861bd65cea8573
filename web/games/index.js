// @ts-check
// The games the page knows, chosen by view.game. The shell knows nothing game-specific
// beyond what the view says; everything the page knows of one game lives in its folder
// games/<id>/ (docs/adding-a-game.md): index.js (the presentation), marks.js (its
// legend), walkthrough.js (the first-game tour), i18n/<lang>.js (its words in each
// language); the refusal words are on index.js.

import generic from "./generic.js";
import { registerWords } from "../i18n/reasons.js";
import { addWords } from "../i18n/i18n.js";
import nebuchadnezzar from "./nebuchadnezzar/index.js";
import nibble from "./nibble/index.js";
import numberOne from "./number-one/index.js";

// Every game the page knows, each with everything it knows of it in its own folder
// (games/<id>/: presentation, marks, walkthrough, words, refusal words): one line per game.
const MODULES = { nibble, nebuchadnezzar, "number-one": numberOne };

/** The games' ids, in the order the page offers them (the Rules sheet's switcher). */
export const GAME_IDS = Object.keys(MODULES);

for (const [id, module] of Object.entries(MODULES)) {
  if (module.translations) addWords(module.translations);
  if (module.words) registerWords(id, module.words);
}

export function presentationFor(gameId) {
  return MODULES[gameId] || generic;
}

// Each game's first-game walkthrough (games/<id>/walkthrough.js), as data for the one
// shell (panels/walkthrough.js).
//
// A tour is {offer(ctx) -> [title, text], steps: [step…], notes?(ctx) -> [note…],
// stored?}: `stored` names its "done" mark in localStorage (default: the game's id).
// A step is {id, text(ctx, spotted) -> [title, text], spots?(ctx) -> [cell ids],
// panel?(ctx) -> an element of the side panel to highlight (the card goes right after
// it, or with card: "before" right before its section), after?: the step a move made
// during this one leads to}. A note is {key, text, kind?, until}: a line said under the
// board at the moment it explains (the pie rule), whether or not the tour was taken; it is
// said once for its `until` (any value: the position it belongs to) and words (again in
// another language), and goes when the note is no longer given.
//
// ctx: {view, state, t, list, seatName, live (a human seat can play now), seat (to move)}.
// Every text is read from the view: the page knows no rules.
/** @param {string} game */
export function walkthroughFor(game) {
  return MODULES[game]?.walkthrough ?? null;
}

/** The result in words ({title, text, extra?}), for every game: a resignation is the
 * shell's (docs/contracts.md), every other end is the game's own to explain. */
export function explainResult(view, ctx) {
  const r = view.result;
  if (r?.reason !== "resigned") return presentationFor(view.game).explainResult(view, ctx);
  return { title: ctx.t("result.title", { player: ctx.seatName(r.winner) }), text: ctx.t("result.resigned", { player: ctx.seatName(r.seat) }) };
}
