// @ts-check
// The engine's refusals in the player's language. A refusal carries a `reason` key and
// `params` (docs/contracts.md); the page says it with `reason.<key>` from its tables,
// translating the params that are words (colours, sides, pegs, directions) and a nested
// refusal (a bad move inside a record). Without a translation, English pages show the
// engine's own message and other pages only the translated headline of the error code,
// so no English sentence ever appears on a Korean or Ukrainian page.

import { has, language, list, t } from "./i18n.js";

// params that are words, by the game whose reasons use them: param -> key prefix (each
// game's own, registered by games/index.js)
/** @type {{[game: string]: {[param: string]: string}}} */
const WORDS = {};

/** @param {string} game @param {{[param: string]: string}} table */
export function registerWords(game, table) {
  WORDS[game] = table;
}

function words(reason, params) {
  const table = WORDS[reason.split(".")[0]] || {};
  const out = { ...params };
  for (const [name, prefix] of Object.entries(table)) {
    const value = params[name];
    if (Array.isArray(value)) out[name] = value.length ? list(value.map((v) => t(prefix + v))) : t("none");
    else if (typeof value === "string") out[name] = t(prefix + value, {}, value);
  }
  if (params.cause && typeof params.cause === "object") out.cause = sentence(params.cause) || t(`engine.error.${params.cause.code}`, {}, "");
  return out;
}

// The refusal's own sentence in the page's language, or null.
export function sentence(error) {
  if (error?.reason && has(`reason.${error.reason}`)) return t(`reason.${error.reason}`, words(error.reason, error.params || {}));
  return language() === "en" && error?.message ? error.message : null;
}

// Everything to tell the player: the sentence when there is one (it says why), else the
// translated headline of the error code.
export function explain(error) {
  return sentence(error) || t(`engine.error.${error?.code}`, {}, t("engine.error.internal"));
}
