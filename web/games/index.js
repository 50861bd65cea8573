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
