// The loading screen: one bar that only moves forward, in plain words, and a failed
// state with the reason and a Retry button when the engine cannot start.
//
// Hooks: html[data-engine="loading" | "ready" | "failed"]; [data-action="retry"].

import { t } from "./i18n.js";

const html = document.documentElement;
const $ = (selector) => document.querySelector(selector);

// Share of the bar per step: the downloads (by bytes) are most of the wait.
const WEIGHTS = { runtime: 0.55, stdlib: 0.2, micropip: 0.1, engine: 0.15 };
const ORDER = ["runtime", "stdlib", "micropip", "engine", "ready"];

export function createLoading() {
  // A repeat visit (a service worker serves everything from the cache) boots in a couple
  // of seconds: show nothing but a short spinner, and only if it takes a moment.
  if (navigator.serviceWorker?.controller) $("#loading").classList.add("quick");
  const fraction = {};
  const bytes = {};
  let shown = 0;

  function onProgress({ step, done, total }) {
    const index = ORDER.indexOf(step);
    for (const s of ORDER.slice(0, Math.max(0, index))) fraction[s] = 1;
    if (step in WEIGHTS) fraction[step] = Math.max(fraction[step] || 0, total > 0 ? Math.min(1, done / total) : 0);
    if ((step === "runtime" || step === "stdlib") && total > 1) bytes[step] = { done, total };
    let overall = 0;
    for (const [s, w] of Object.entries(WEIGHTS)) overall += w * (fraction[s] || 0);
    if (step === "ready") overall = 1;
    shown = Math.max(shown, overall); // never backwards
    $("#loading-bar").style.width = `${(shown * 100).toFixed(1)}%`;
    $("#loading-progress").setAttribute("aria-valuenow", String(Math.round(shown * 100)));
    const got = Object.values(bytes).reduce((a, b) => a + b.done, 0);
    const all = Object.values(bytes).reduce((a, b) => a + b.total, 0);
    $("#loading-step").textContent = all > 0 && step !== "ready" && step !== "engine" && step !== "micropip"
      ? t("loading.bytes", { done: (got / 1e6).toFixed(1), total: (all / 1e6).toFixed(1) })
      : t(`loading.step.${step}`);
  }

  function showFailed({ kind, message }, onRetry) {
    html.dataset.engine = "failed";
    const box = $("#loading");
    box.hidden = false;
    box.classList.remove("quick");
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
      showLoading();
      onRetry();
    };
    retry.focus();
  }

  // back from the failed state to loading (a retry, or a slow boot that went on)
  function showLoading() {
    const box = $("#loading");
    if (!box.classList.contains("failed")) return;
    box.classList.remove("failed");
    html.dataset.engine = "loading";
    $("#loading-title").textContent = t("engine.loading");
    $("#loading-step").textContent = t("loading.step.runtime");
    $("#loading-detail").hidden = true;
    $("#loading-retry").hidden = true;
  }

  function hide() {
    $("#loading").hidden = true;
  }

  return { onProgress, showFailed, showLoading, hide };
}
