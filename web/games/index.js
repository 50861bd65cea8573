// Game presentation modules, chosen by view.game. The shell (app.js) knows nothing
// game-specific beyond what the view says; each game's look lives in its module.

import generic from "./generic.js";
import nibble from "./nibble.js";

const MODULES = { nibble };

export function presentationFor(gameId) {
  return MODULES[gameId] || generic;
}
