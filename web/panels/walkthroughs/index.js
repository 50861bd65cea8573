// Each game's first-game walkthrough, as data for the one shell (../walkthrough.js).
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

import nebuchadnezzar from "./nebuchadnezzar.js";
import nibble from "./nibble.js";
import numberOne from "./number-one.js";

const TOURS = { nibble, nebuchadnezzar, "number-one": numberOne };

export function walkthroughFor(game) {
  return TOURS[game] || null;
}
