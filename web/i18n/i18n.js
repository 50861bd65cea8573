// @ts-check
// Translations: every word the page shows comes from one table per language
// (i18n/en.js, i18n/ko.js, i18n/uk.js, the same keys in each), to which each game adds its
// own words (games/<id>/i18n/<lang>.js: its name, variants, options, cells, reasons,
// walkthrough and lessons; addWords), looked up by id (the bridge's English labels are
// only a fallback). Missing keys fall back to English.
//
// Placeholders: {name} is replaced by params.name.

import en from "./en.js";
import ko from "./ko.js";
import uk from "./uk.js";

const TABLE = { en, ko, uk };

// Each language by its own name, for the picker.
export const LANGUAGES = { en: "English", ko: "한국어", uk: "Українська" };

let lang = "en";

/** A game's words, one table per language, added to the page's (games/index.js calls it
 * for each game as the page starts, before anything is said).
 * @param {Record<string, Record<string, string | Record<string, string>>>} tables */
export function addWords(tables) {
  for (const [code, words] of Object.entries(tables)) if (TABLE[code]) Object.assign(TABLE[code], words);
}

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
  return key in TABLE[lang];
}

// A value is a string, or (ICU-style plurals) an object of CLDR plural categories —
// {"one": …, "few": …, "many": …, "other": …} — chosen by Intl.PluralRules for
// params.count in the page's language.
//
// A sentence whose {player} is this device's own player ("You") takes the key's `.you`
// form where the language has one, for the verb's sake ("You win", not "You wins").
export function t(key, params = {}, fallback) {
  if (params.player !== undefined && params.player === TABLE[lang]["seat.you"] && `${key}.you` in TABLE[lang]) key = `${key}.you`;
  let text = TABLE[lang][key] ?? TABLE.en[key];
  if (text === undefined) {
    if (fallback !== undefined) text = fallback;
    else {
      console.warn(`i18n: missing key ${key}`);
      text = key;
    }
  }
  if (typeof text === "object" && text !== null) text = text[plural(params.count)] ?? text.other;
  return String(text).replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

const rules = {};
function plural(count) {
  const n = Number(count);
  if (!Number.isFinite(n)) return "other";
  rules[lang] ??= new Intl.PluralRules(lang);
  return rules[lang].select(n);
}

// Fill every element marked data-i18n="key" (text) or data-i18n-aria="key" (aria-label)
// or data-i18n-title="key".
/** @param {ParentNode} [root] */
export function translateDom(root = document) {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n]"))) el.textContent = t(el.dataset.i18n);
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-aria]"))) el.setAttribute("aria-label", t(el.dataset.i18nAria));
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[data-i18n-title]"))) el.title = t(el.dataset.i18nTitle);
}

// A number with `digits` decimals in the page's language ("6.1"; "6,1" in Ukrainian).
// Not Intl.NumberFormat: making the first one took 40-50 ms of a repeat visit's main
// thread (its locale data), for the loading bar's figures.
export function decimal(value, digits) {
  return Number(value).toFixed(digits).replace(".", t("number.decimal"));
}

// "a, b and c" in the page's language.
export function list(items) {
  return new Intl.ListFormat(lang, { type: "conjunction" }).format(items.map(String));
}
