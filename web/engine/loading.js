// @ts-check
// The loading screen: one bar that only moves forward, in plain words ("Getting the game
// ready — 6.1 of 12.4 MB"), and a failed state with the reason and a Retry button when
// the engine cannot start.
//
// The bar follows the bytes: the totals come from build.json (`boot_bytes`, written by
// the build) before the first byte arrives, so neither the total nor the bar jumps when
// the runtime, fetched alongside the Python library, starts to report. The runtime
// starting, which has no byte count, fills the rest.
//
// Hooks: html[data-engine="loading" | "ready" | "failed"]; [data-action="retry"].

import { decimal, t } from "../i18n/i18n.js";

const html = document.documentElement;
const $ = (selector) => document.querySelector(selector);

const DOWNLOADS = ["runtime", "python"]; // the worker's steps
const SHARE = { bytes: 0.8, started: 0.2 };
// The worker reports downloads in bytes and the other steps in steps (1 of 1, 2 of 3):
// a count this large is bytes.
const isBytes = ({ done, total }) => total >= 1024 || done >= 1024;
// The runtime starting (compiling, unpacking) reports nothing for a while; on a busy
// machine that may pass the worker's 20 s stall limit without anything being wrong.
const STARTING_GRACE_MS = 60_000;

// "6.1" in English and Korean, "6,1" in Ukrainian
const megabytes = (bytes) => decimal(bytes / 1e6, 1);

/** @param {{onStatus?: (status: "loading" | "failed") => void}} [options] told of each change of html[data-engine] made here */
export function createLoading({ onStatus } = {}) {
  // A repeat visit (a service worker serves everything from the cache) boots in a couple
  // of seconds: show nothing but a short spinner, and only if it takes a moment.
  const quick = !!navigator.serviceWorker?.controller;
  if (quick) $("#loading").classList.add("quick");
  let totals = null; // step -> bytes, from build.json
  // Figures wait for build.json's totals (or for its failure): the worker starts before
  // this module (engine-early.js), and a total read off the files in flight would grow.
  let counting = quick;
  const seen = {}; // step -> the largest total reported, if build.json cannot be read
  const got = {}; // step -> {base, last}: bytes of the files finished, and of the current one
  const phase = { started: 0 };
  let ready = false;
  let shown = 0;
  let grace = null;

  if (!quick) {
    fetch(new URL("build.json", document.baseURI), { cache: "no-cache" })
      .then((response) => (response.ok ? response.json() : null))
      .then((build) => {
        totals = build?.boot_bytes || null;
      })
      .catch(() => {}) // the totals then come from the downloads themselves
      .finally(() => {
        counting = true;
        draw();
      });
  }

  function arrived(step) {
    const g = got[step];
    return g ? g.base + g.last : 0;
  }

  function total(step) {
    return totals?.[step] ?? seen[step] ?? 0;
  }

  // Both large downloads are in: what follows is the runtime starting and installing.
  function downloaded() {
    return DOWNLOADS.every((s) => total(s) > 0 && arrived(s) >= total(s));
  }

  function onProgress(message) {
    const { step, done, total: of } = message;
    if (step === "ready") ready = true;
    else if (DOWNLOADS.includes(step) && isBytes(message)) {
      const g = (got[step] ??= { base: 0, last: 0 });
      if (done < g.last) g.base += g.last; // the next file of the same step
      g.last = done;
      seen[step] = Math.max(seen[step] || 0, g.base + of);
    } else if (step === "started") phase.started = 1; // the runtime has started
    draw();
  }

  function draw() {
    if ($("#loading").classList.contains("failed")) return; // the reason stays until a retry
    const bytesTotal = DOWNLOADS.reduce((sum, s) => sum + total(s), 0);
    const bytesIn = DOWNLOADS.reduce((sum, s) => sum + Math.min(arrived(s), total(s) || arrived(s)), 0);
    let overall = counting && bytesTotal ? SHARE.bytes * (bytesIn / bytesTotal) : 0;
    overall += SHARE.started * phase.started;
    if (ready) overall = 1;
    shown = Math.max(shown, Math.min(1, overall)); // never backwards
    let text;
    if (ready) text = t("loading.step.ready");
    else if (phase.started) text = t("loading.step.engine");
    else if (downloaded()) text = t("loading.step.starting");
    else if (bytesTotal && counting) text = t("loading.bytes", { done: megabytes(bytesIn), total: megabytes(bytesTotal) });
    else text = t("loading.step.runtime");
    $("#loading-bar").style.width = `${(shown * 100).toFixed(1)}%`;
    const bar = $("#loading-progress");
    bar.setAttribute("aria-valuenow", String(Math.round(shown * 100)));
    bar.setAttribute("aria-valuetext", text);
    $("#loading-step").textContent = text;
  }

  // The worker made no progress for a while. Still downloading: say so, with Try again.
  // Starting (everything downloaded): a busy machine is slow, not stuck; wait longer.
  function onStalled(detail, onRetry) {
    if (!downloaded() || ready) {
      showFailed(detail, onRetry);
      return;
    }
    clearTimeout(grace);
    grace = setTimeout(() => showFailed(detail, onRetry), STARTING_GRACE_MS);
  }

  function showFailed({ kind, message }, onRetry) {
    clearTimeout(grace);
    html.dataset.engine = "failed";
    onStatus?.("failed");
    const box = $("#loading");
    box.hidden = false;
    box.classList.remove("quick", "slim");
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-modal", "true");
    box.classList.add("failed");
    $("#loading-title").textContent = t("loading.failed.title");
    $("#loading-step").textContent = t(`loading.failed.${kind}`, {}, t("loading.failed.engine"));
    const detail = $("#loading-detail");
    detail.hidden = !message;
    detail.querySelector("code").textContent = message || "";
    const retry = $("#loading-retry");
    retry.hidden = false;
    retry.disabled = false;
    retry.onclick = () => {
      retry.disabled = true;
      // a fresh worker downloads afresh: count again (the bar stays where it is until
      // the new count passes it)
      for (const step of Object.keys(got)) delete got[step];
      for (const step of Object.keys(phase)) phase[step] = 0;
      showLoading();
      onRetry();
    };
    retry.focus();
  }

  // back from the failed state to loading (a retry, or a slow boot that went on)
  function showLoading() {
    clearTimeout(grace);
    const box = $("#loading");
    if (!box.classList.contains("failed")) return;
    box.classList.remove("failed");
    html.dataset.engine = "loading";
    onStatus?.("loading");
    $("#loading-title").textContent = t("engine.loading");
    $("#loading-detail").hidden = true;
    $("#loading-retry").hidden = true;
    draw();
  }

  function hide() {
    clearTimeout(grace);
    $("#loading").hidden = true;
  }

  // The board is on screen already (paint.js): no card over it, a thin bar along the top
  // of the page, and not a modal dialog. A failure shows the card again (showFailed).
  function slim() {
    const box = $("#loading");
    if (box.classList.contains("failed")) return;
    box.classList.add("slim");
    box.classList.remove("quick");
    box.removeAttribute("role");
    box.removeAttribute("aria-modal");
  }

  return { onProgress, onStalled, showFailed, showLoading, hide, slim };
}
