// @ts-check
// Settings and their dialog: light, dark or the system's theme, the colour-blind palette
// with shapes, the high-contrast theme, the board's coordinates, and a sound for the
// opponent's move (sound.js).
//
// Each setting is an attribute on <html> (set before the first paint by
// settings-early.js, from the same stored choice): data-theme="system"|"light"|"dark"
// (with <meta name="color-scheme"> and the theme-color metas), data-palette="normal"|"cvd",
// data-contrast="normal"|"high", data-coords="on"|"off", data-sound="off"|"on", data-turn="off"|"on",
// data-help="off"|"on" (the engine's hint, chart and marks in a game of people). styles.css and the game
// modules read the attributes; nothing else needs telling but the board, which is
// redrawn (onChange). Stored in localStorage under nibble:<site path>:settings (scoped
// like library.js's keys), followed when another tab changes it.
//
// Hooks: [data-action="settings"] opens the dialog; its theme is a radio group of
// [data-setting="theme"] inputs (value light | dark | system); its switches are
// [data-setting="palette" | "contrast" | "coords" | "turn" | "help" | "sound"] (checkboxes with
// role="switch").

import { h } from "./dom.js";
import { t } from "../i18n/i18n.js";
import { ROOT_PATH } from "../root.js";

const html = document.documentElement;
const SCOPE = ROOT_PATH;
export const SETTINGS_KEY = `nibble:${SCOPE}:settings`;

// attribute values for a switch that is on / off
const SWITCHES = {
  palette: { on: "cvd", off: "normal" },
  contrast: { on: "high", off: "normal" },
  coords: { on: "on", off: "off" },
  sound: { on: "on", off: "off" }, // the opponent's move (sound.js)
  turn: { on: "on", off: "off" }, // a board shared by players turns to the one to move
  help: { on: "on", off: "off" }, // the engine's help during a game of people (teaching)
};

// the theme's choices, in the dialog's order ("system", the default, last)
export const THEMES = ["light", "dark", "system"];

/** @type {(name: string | null) => void} */
let onChange = () => {};

function stored() {
  try {
    const value = JSON.parse(window.localStorage.getItem(SETTINGS_KEY) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

function store(values) {
  try {
    window.localStorage.setItem(SETTINGS_KEY, JSON.stringify(values));
  } catch {
    /* storage refused (private window): the choice holds for this visit */
  }
}

function systemMoreContrast() {
  try {
    return window.matchMedia("(prefers-contrast: more)").matches;
  } catch {
    return false;
  }
}

// The theme on <html>, and on the metas that colour the browser's own parts (form
// controls, scroll bars, a phone's address bar): as settings-early.js does.
function applyTheme(value) {
  const theme = THEMES.includes(value) ? value : "system";
  html.dataset.theme = theme;
  document.querySelector('meta[name="color-scheme"]')?.setAttribute("content", theme === "system" ? "light dark" : theme);
  for (const meta of /** @type {NodeListOf<HTMLMetaElement>} */ (document.querySelectorAll('meta[name="theme-color"]'))) {
    if (meta.dataset.media == null) meta.dataset.media = meta.media; // the system's choice
    const scheme = meta.dataset.media.includes("dark") ? "dark" : "light";
    meta.media = theme === "system" ? meta.dataset.media : theme === scheme ? "all" : "not all";
  }
}

export function setTheme(value) {
  applyTheme(value);
  const values = stored();
  values.theme = html.dataset.theme;
  store(values);
  onChange("theme");
}

// The attributes from what is stored (as settings-early.js does).
function apply(values) {
  applyTheme(values.theme);
  html.dataset.palette = values.palette === "cvd" ? "cvd" : "normal";
  html.dataset.contrast = values.contrast === "high" || (values.contrast == null && systemMoreContrast()) ? "high" : "normal";
  html.dataset.coords = values.coords === false ? "off" : "on";
  html.dataset.sound = values.sound === "on" ? "on" : "off";
  html.dataset.turn = values.turn === "on" ? "on" : "off";
  html.dataset.help = values.help === "on" ? "on" : "off";
}

export function isOn(name) {
  return html.dataset[name] === SWITCHES[name].on;
}

// Are the board's coordinates shown? (board.render's `coords`)
export function coordsShown() {
  return html.dataset.coords !== "off";
}

export function setSetting(name, on) {
  html.dataset[name] = on ? SWITCHES[name].on : SWITCHES[name].off;
  const values = stored();
  if (name === "coords") values.coords = !!on;
  else values[name] = html.dataset[name];
  store(values);
  onChange(name);
}

// Light, dark, or as the system says: three radio buttons in a row.
function themeField() {
  const radios = THEMES.map((value) => {
    const id = `setting-theme-${value}`;
    const input = h("input", { id, type: "radio", name: "setting-theme", value, "data-setting": "theme", onchange: () => setTheme(value) });
    input.checked = html.dataset.theme === value;
    return h("span", { class: "segment" }, input, h("label", { for: id }, t(`settings.theme.${value}`)));
  });
  return h(
    "div",
    { class: "setting" },
    h("div", { class: "theme-choice", role: "radiogroup", "aria-labelledby": "setting-theme-label", "aria-describedby": "setting-theme-help" },
      h("span", { class: "theme-label", id: "setting-theme-label" }, t("settings.theme")), ...radios),
    h("p", { class: "help", id: "setting-theme-help" }, t("settings.theme.help")),
  );
}

function switchField(name) {
  const id = `setting-${name}`;
  const input = h("input", {
    id,
    type: "checkbox",
    role: "switch",
    "data-setting": name,
    "aria-describedby": `${id}-help`,
    onchange: (event) => setSetting(name, event.target.checked),
  });
  input.checked = isOn(name);
  return h(
    "div",
    { class: "setting" },
    h("div", { class: "field field-check" }, input, h("label", { for: id }, t(`settings.${name}`))),
    h("p", { class: "help", id: `${id}-help` }, t(`settings.${name}.help`)),
  );
}

export function openSettingsDialog() {
  let dialog = /** @type {HTMLDialogElement} */ (document.getElementById("settings-dialog"));
  if (!dialog) {
    dialog = h("dialog", { id: "settings-dialog", class: "dialog", "aria-labelledby": "settings-title" });
    document.body.append(dialog);
  }
  const close = h("button", { type: "button", class: "button", "data-action": "close-settings", onclick: () => dialog.close() }, t("action.close"));
  dialog.replaceChildren(
    h("div", { class: "settings-dialog" },
      h("h2", { id: "settings-title" }, t("settings.title")),
      themeField(),
      switchField("palette"),
      switchField("contrast"),
      switchField("coords"),
      switchField("turn"),
      switchField("help"),
      switchField("sound"),
      h("div", { class: "dialog-buttons" }, close)),
  );
  if (!dialog.open) dialog.showModal();
  /** @type {HTMLInputElement} */ (dialog.querySelector('[data-setting="theme"]:checked') || dialog.querySelector("[data-setting]")).focus();
}

// Wire the toolbar button and other tabs' changes; `change(name)` redraws the page.
/** @param {{change?: (name: string | null) => void}} [options] */
export function initSettings({ change } = {}) {
  onChange = change || (() => {});
  apply(stored());
  document.addEventListener("click", (event) => {
    if (/** @type {Element} */ (event.target).closest('[data-action="settings"]')) openSettingsDialog();
  });
  window.addEventListener("storage", (event) => {
    if (event.key !== SETTINGS_KEY) return;
    apply(stored());
    for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("#settings-dialog [data-setting]"))) {
      input.checked = input.dataset.setting === "theme" ? input.value === html.dataset.theme : isOn(input.dataset.setting);
    }
    onChange(null);
  });
}
