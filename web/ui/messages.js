// @ts-check
// Messages to the player, game-independent.
//
// - errors (role="alert") stay until dismissed; notices (role="status") dismiss
//   themselves after a few seconds;
// - a message has a key: showing one with the same key replaces the earlier one, so the
//   same notice never piles up; at most MAX messages are shown at once;
// - `near`: an element the message belongs to (the control that caused it); the message
//   is shown in the [data-messages] slot of its section ([data-messages-for]), else next
//   to the board (#board-messages), where the eye is while playing.

import { t } from "../i18n/i18n.js";

const MAX = 3;
const NOTICE_MS = 6000;

function button(label, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "icon-button";
  b.setAttribute("aria-label", label);
  b.textContent = "×";
  b.addEventListener("click", onClick);
  return b;
}

function hostFor(near) {
  const slot = near?.closest?.("[data-messages-for]")?.querySelector?.("[data-messages]");
  return slot || document.getElementById("board-messages") || document.getElementById("messages");
}

// kind: "error" | "warning" | "info"; extra: an element shown after the text.
export function showMessage(text, kind = "error", extra = null, { key = text, near = null, sticky = kind === "error" } = {}) {
  const host = hostFor(near);
  if (!host) return null;
  for (const old of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-message]"))) {
    if (old.dataset.key === key) old.remove();
  }
  const item = document.createElement("div");
  item.className = `message message-${kind}`;
  item.setAttribute("role", kind === "error" ? "alert" : "status");
  item.dataset.message = kind;
  item.dataset.key = key;
  const span = document.createElement("span");
  span.textContent = text;
  item.append(span);
  if (extra) item.append(extra);
  item.append(button(t("action.close"), () => item.remove()));
  host.append(item);
  while (host.childElementCount > MAX) host.firstElementChild.remove();
  // next to the control that caused it, which may sit low on a phone: bring it into view
  if (near) item.scrollIntoView({ block: "nearest" });
  if (!sticky) {
    let timer = setTimeout(() => item.remove(), NOTICE_MS);
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(() => item.remove(), NOTICE_MS);
    };
    // kept while the player is reading or using it
    item.addEventListener("pointerenter", () => clearTimeout(timer));
    item.addEventListener("focusin", () => clearTimeout(timer));
    item.addEventListener("pointerleave", later);
    item.addEventListener("focusout", (event) => item.contains(/** @type {Node | null} */ (event.relatedTarget)) || later());
  }
  return item;
}

// Say something to screen readers (the polite live region [data-announce]): every move,
// the computer's included, and every result. The region is emptied first, so the same
// words said twice are announced twice.
export function announce(text) {
  const region = document.getElementById("announcer");
  if (!region || !text) return;
  region.textContent = "";
  requestAnimationFrame(() => {
    region.textContent = text;
  });
}

export function dismissMessage(key) {
  for (const old of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-message]"))) if (old.dataset.key === key) old.remove();
}

export function clearMessages() {
  for (const old of document.querySelectorAll("[data-message]")) old.remove();
}
