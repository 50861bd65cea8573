// @ts-check
// The language and pace pickers: ?lang= wins, then the player's last choice, then the
// browser's; the pace of a game of computers.

import { LANGUAGES, language, setLanguage, t, translateDom } from "../i18n/i18n.js";

const $ = (selector) => document.querySelector(selector);

const LANGUAGE_KEY = "nibble-web/lang";

export function storedLanguage() {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

// The language picker: ?lang= wins, then the player's last choice, then the browser's.
export function wireLanguage(app) {
  const select = $("#language");
  for (const [code, name] of Object.entries(LANGUAGES)) select.append(new Option(name, code));
  select.value = language();
  select.addEventListener("change", () => {
    setLanguage(select.value);
    try {
      localStorage.setItem(LANGUAGE_KEY, language());
    } catch {
      /* a private window may refuse storage; the choice still holds for this visit */
    }
    translateDom();
    translatePace();
    app.toolbar.fit();
    if (app.state.view) app.render();
  });
}

const PACES = { fast: 0, normal: 800, slow: 2000 };

export function wirePace(state) {
  const select = $("#pace");
  for (const [id, ms] of Object.entries(PACES)) select.append(new Option(t(`watch.pace.${id}`), String(ms)));
  select.value = String(state.pace);
  select.addEventListener("change", () => {
    state.pace = Number(select.value);
  });
}

function translatePace() {
  for (const option of $("#pace").options) {
    const id = Object.keys(PACES).find((k) => String(PACES[k]) === option.value);
    option.textContent = t(`watch.pace.${id}`);
  }
}

