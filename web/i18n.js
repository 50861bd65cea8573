// Translations: ONE table. Every word the page shows comes from here, including the
// names of games, variants, options and levels (looked up by id; the bridge's English
// labels are only a fallback). To add a language, add a block with the same keys
// (e.g. `ko: {...}`, `uk: {...}`); missing keys fall back to English.
//
// Placeholders: {name} is replaced by params.name.

const TABLE = {
  en: {
    "app.title": "Nibble",
    "app.tagline": "Take discs. Collect colours. Outwit.",

    "engine.loading": "Loading the game engine…",
    "engine.step.runtime": "Downloading the Python runtime",
    "engine.step.stdlib": "Loading the Python standard library",
    "engine.step.micropip": "Preparing the package installer",
    "engine.step.engine": "Installing the game engine",
    "engine.step.ready": "Ready",
    "engine.fatal": "The game engine could not start: {message}",
    "engine.reload": "Reload the page",

    "update.available": "New version available.",
    "update.reload": "Reload",

    "action.new-game": "New game",
    "action.undo": "Undo",
    "action.redo": "Redo",
    "action.hint": "Hint",
    "action.confirm": "Take",
    "action.clear": "Clear",
    "action.start": "Start",
    "action.cancel": "Cancel",
    "action.close": "Close",
    "action.back-to-game": "Back to the game",
    "action.review": "Look at the board",

    "game.nibble": "Nibble",
    "game.nebuchadnezzar": "Nebuchadnezzar",
    "game.number_one": "Number One",

    "variant.square9": "9 × 9 square",
    "variant.square13": "13 × 13 square",
    "variant.hex13": "Hexagon (13 colours)",

    "option.game": "Game",
    "option.variant": "Board",
    "option.seed": "Seed",
    "option.seed.hint": "Leave empty for a random board",
    "option.color_order": "Colour table order",
    "option.color_order.random": "Random",
    "option.color_order.fixed": "1, 2, 3, …",
    "option.color_order.natural": "1, 2, 3, …",
    "option.decided_early": "End the game once it is decided",
    "option.seat": "Player {n}",
    "option.level": "Computer strength",

    "seat.human": "Human",
    "seat.ai": "Computer",
    "seat.name": "Player {n}",
    "seat.name.ai": "Computer {n}",
    "seat.you": "You",

    "level.easy": "Easy",
    "level.medium": "Medium",
    "level.hard": "Hard",
    "level.expert": "Expert",

    "status.to-move": "{player} to move",
    "status.your-move": "{player}: pick discs of one colour",
    "status.thinking": "{player} is thinking…",
    "status.wins": "{player} wins",
    "status.draw": "Draw",
    "status.review": "Reviewing move {ply} of {total}",
    "status.picked": "{count} picked",
    "status.pick-more": "Pick more discs of colour {color} or take them",
    "status.pick-incomplete": "Pick more discs to make a legal take",

    "board.label": "Game board",
    "cell.empty": "{cell}, empty",
    "cell.disc": "{cell}, colour {color}",
    "cell.takeable": "takeable",
    "cell.picked": "picked",
    "cell.last": "just taken",

    "panel.colors": "Colour table",
    "panel.colors.help": "Colours next to each other in this row are adjacent.",
    "panel.collections": "Collections",
    "panel.progress": "Progress",
    "panel.moves": "Moves",
    "panel.moves.none": "No moves yet.",
    "panel.on-board": "On the board",
    "panel.on-board.short": "Left",

    "progress.all": "All of one colour",
    "progress.all.detail": "{count} of {need} in colour {color}",
    "progress.adjacent": "Three adjacent colours",
    "progress.adjacent.detail": "{counts} of {need} in colours {colors}",
    "progress.majorities": "Majority of majorities",
    "progress.majorities.detail": "majority in {count} of {need} colours",
    "progress.blocked": "no longer possible",

    "warning.no-instant-win": "{player} can no longer win instantly.",
    "warning.holds-majority": "{player} holds the majority of majorities.",

    "result.title": "{player} wins",
    "result.draw": "It is a draw",
    "result.reason.all-of-colour": "{player} holds all discs of colour {colors}.",
    "result.reason.three-adjacent": "{player} holds at least {need} discs in each of the adjacent colours {colors}.",
    "result.reason.majority-of-majorities": "The board is empty and {player} holds the majority in colours {colors}.",
    "result.reason.decided": "{player} holds the majority in colours {colors} and the opponent can no longer win instantly.",
    "result.reason.other": "{player} wins ({reason}).",

    "newgame.title": "New game",
    "newgame.players": "Players",

    "error.title": "Something went wrong",
    "error.storage": "The saved game could not be read, so a fresh game was started.",
    "error.url": "The link could not be opened: {message}",
    "error.url.game": "unknown game “{value}”",
    "error.url.option": "“{value}” is not a valid value for {name}",
    "error.url.seat": "{name} must be “human” or “ai”, not “{value}”",
    "error.url.level": "unknown computer strength “{value}”",
    "error.engine": "The engine answered: {message}",
    "error.ai": "The computer could not move: {message}",

    "and": "and",
    "list.sep": ", ",
  },
  // ko: { ... }, uk: { ... }  — same keys.
};

let lang = "en";

export function setLanguage(code) {
  const short = String(code || "").toLowerCase().split("-")[0];
  lang = TABLE[short] ? short : "en";
  document.documentElement.lang = lang;
  return lang;
}

export function language() {
  return lang;
}

export function has(key) {
  return key in TABLE[lang] || key in TABLE.en;
}

export function t(key, params = {}, fallback) {
  let text = TABLE[lang][key] ?? TABLE.en[key];
  if (text === undefined) {
    if (fallback !== undefined) text = fallback;
    else {
      console.warn(`i18n: missing key ${key}`);
      text = key;
    }
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

// Fill every element marked data-i18n="key" (text) or data-i18n-aria="key" (aria-label)
// or data-i18n-title="key".
export function translateDom(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
}

export function list(items) {
  const parts = items.map(String);
  if (parts.length <= 1) return parts.join("");
  return parts.slice(0, -1).join(t("list.sep")) + " " + t("and") + " " + parts[parts.length - 1];
}
