// @ts-check
// Offline support, page side: registers the service worker (sw.js, generated at build
// time by scripts/precache.py) and offers "New version — reload" when a new build has
// been downloaded. See docs/offline.md.
//
// Hooks for automation:
//   html[data-offline="ready"]      a complete copy of the site is cached (an active worker)
//   html[data-update="available"]   a new version is waiting; [data-action="apply-update"]
//
// Rules:
//   - the first visit (no controller) is never reloaded: the worker takes the page over
//     quietly once everything is cached;
//   - a waiting version only takes over when the player accepts; then every page that
//     ran the previous version reloads, so old and new files never run together.

import { t } from "../i18n/i18n.js";
import { ROOT_URL } from "../root.js";

const root = document.documentElement;
const UPDATE_CHECK_MS = 60 * 60 * 1000;

function offer(worker) {
  if (document.getElementById("update-banner")) return;
  root.dataset.update = "available";
  const banner = document.createElement("div");
  banner.id = "update-banner";
  banner.className = "messages update-banner";
  const item = document.createElement("div");
  item.className = "message message-info";
  item.setAttribute("role", "status");
  const label = document.createElement("span");
  label.textContent = t("update.available");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "button primary small";
  button.dataset.action = "apply-update";
  button.textContent = t("update.reload");
  button.addEventListener("click", () => {
    button.disabled = true;
    accepted = true;
    worker.postMessage({ type: "skip-waiting" });
  });
  item.append(label, " ", button);
  banner.append(item);
  const messages = document.getElementById("messages");
  if (messages) messages.before(banner);
  else document.body.prepend(banner);
}

let accepted = false;

// On a first visit, the site's files are put in the offline cache by sw.js run as a
// dedicated worker, terminated once done: a service worker would keep the garbage of
// those downloads (about 45 MB) until the browser stops it, 30 s after; the service
// worker's install then finds every file cached. Any trouble here only leaves the work
// to the install, as before.
const FILL_LIMIT_MS = 120_000;

function fillCache() {
  return new Promise((resolve) => {
    let worker;
    const done = () => {
      clearTimeout(timer);
      worker?.terminate();
      resolve(undefined);
    };
    const timer = setTimeout(done, FILL_LIMIT_MS);
    try {
      worker = new Worker(new URL("sw.js", ROOT_URL).href, { name: "precache" });
    } catch {
      done();
      return;
    }
    worker.addEventListener("message", done);
    worker.addEventListener("error", done);
  });
}

async function register() {
  const container = navigator.serviceWorker;
  let current = container.controller;
  let reloading = false;
  container.addEventListener("controllerchange", () => {
    // `current` is null on the first visit (the worker claims the page: nothing to do);
    // otherwise a new version took over, here or in another tab: run it, not a mix.
    if ((current || accepted) && !reloading) {
      reloading = true;
      window.location.reload();
    }
    current = container.controller;
  });

  if (!current) await fillCache();
  const registration = await container.register(new URL("sw.js", ROOT_URL).href, { scope: ROOT_URL.href });

  const watch = (worker) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === "installed" && registration.active) offer(worker);
    };
    worker.addEventListener("statechange", check);
    check();
  };
  watch(registration.waiting);
  registration.addEventListener("updatefound", () => watch(registration.installing));

  container.ready.then(() => {
    root.dataset.offline = "ready";
  });

  const update = () => registration.update().catch(() => {});
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") update();
  });
  setInterval(update, UPDATE_CHECK_MS);
}

// Registered once the page is playable: on a first visit the worker's precache would
// otherwise download the site alongside the engine's own boot (twice where the HTTP cache
// cannot answer it) while the player waits. A page whose engine never comes up still
// registers after a while, so that what did arrive works offline.
const REGISTER_ANYWAY_MS = 60_000;

function whenPlayable() {
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => root.dataset.engine === "ready" && done());
    const timer = setTimeout(done, REGISTER_ANYWAY_MS);
    observer.observe(root, { attributes: true, attributeFilter: ["data-engine"] });
    if (root.dataset.engine === "ready") done();
  });
}

if ("serviceWorker" in navigator && window.isSecureContext) {
  whenPlayable()
    .then(register)
    .catch((error) => {
      // No service worker (private mode, file://, blocked): the site still works online.
      root.dataset.offline = "unavailable";
      console.warn("offline support unavailable:", error);
    });
} else {
  root.dataset.offline = "unavailable";
}
