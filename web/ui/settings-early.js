// @ts-check
// The display settings, applied before the first paint (a classic script in <head>, so
// that a dark, colour-blind or high-contrast page never flashes the default look first):
// html[data-theme="system"|"light"|"dark"] (and <meta name="color-scheme"> and the
// theme-color metas, for the browser's own parts), html[data-palette="normal"|"cvd"],
// html[data-contrast="normal"|"high"], html[data-coords="on"|"off"]. settings.js changes and stores them; both read the
// same localStorage key, scoped to the site's path like library.js's keys.
// Without a stored choice, the contrast follows the system's "more contrast" setting.
(function () {
  var html = document.documentElement;
  var stored = {};
  try {
    var scope = new URL("../", /** @type {HTMLScriptElement} */ (document.currentScript).src).pathname; // the site's root
    stored = JSON.parse(window.localStorage.getItem("nibble:" + scope + ":settings") || "{}") || {};
  } catch (e) {
    stored = {}; // storage disabled or damaged: the defaults
  }
  var more = false;
  try {
    more = window.matchMedia("(prefers-contrast: more)").matches;
  } catch (e) {
    more = false;
  }
  var theme = stored.theme === "light" || stored.theme === "dark" ? stored.theme : "system";
  html.dataset.theme = theme;
  var scheme = document.querySelector('meta[name="color-scheme"]');
  if (scheme) scheme.setAttribute("content", theme === "system" ? "light dark" : theme);
  var metas = /** @type {NodeListOf<HTMLMetaElement>} */ (document.querySelectorAll('meta[name="theme-color"]'));
  for (var i = 0; i < metas.length; i++) {
    var media = metas[i].media; // the system's choice, kept for settings.js
    metas[i].setAttribute("data-media", media);
    if (theme !== "system") metas[i].media = (media.indexOf("dark") >= 0 ? "dark" : "light") === theme ? "all" : "not all";
  }
  html.dataset.palette = stored.palette === "cvd" ? "cvd" : "normal";
  html.dataset.contrast = stored.contrast === "high" || (stored.contrast == null && more) ? "high" : "normal";
  html.dataset.coords = stored.coords === false ? "off" : "on";
})();
