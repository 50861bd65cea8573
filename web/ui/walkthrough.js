// The first-game walkthrough for Nibble: offered once to a newcomer (and from the rules),
// a small card under the board that points at the position's first legal moves — which
// discs can be taken and why, how to take several discs of one colour, what the colour
// table means. It only highlights (a class on cells and on the colour table, applied after
// every render), never blocks play, can be closed at any time, and is remembered as done
// in localStorage (key scoped to the site's path, like library.js).
//
// Hooks: [data-walkthrough] (the card, data-step = offer | takeable | several | table |
// play), [data-action="walkthrough-start" | "walkthrough-next" | "walkthrough-close"],
// highlighted cells and the table carry the class "tour-spot".

import { h } from "./dom.js";
import { t } from "../i18n/i18n.js";
import { interactive } from "../board/render.js";
import { ROOT_PATH } from "../root.js";

const SCOPE = ROOT_PATH;
export const DONE_KEY = `nibble:${SCOPE}:walkthrough`;
const STEPS = ["takeable", "several", "table", "play"];

function isDone() {
  try {
    return window.localStorage.getItem(DONE_KEY) === "done";
  } catch {
    return true; // no storage: offer nothing rather than offer it on every visit
  }
}

function markDone() {
  try {
    window.localStorage.setItem(DONE_KEY, "done");
  } catch {
    /* storage refused: it is offered again next time, nothing worse */
  }
}

// On screen, and not under the toolbar (it stays at the top on a phone).
function onScreen(el) {
  const box = el.getBoundingClientRect();
  const bar = document.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0;
  return box.top >= Math.max(0, bar) && box.bottom <= window.innerHeight;
}

function bothFit(a, b) {
  const bar = document.querySelector(".topbar")?.getBoundingClientRect().bottom ?? 0;
  return a.getBoundingClientRect().height + b.getBoundingClientRect().height + Math.max(0, bar) + 16 <= window.innerHeight;
}

export function createWalkthrough(app) {
  const { state } = app;
  let step = null; // null (nothing shown), "offer", or one of STEPS
  let stepPly = 0; // the ply when the step began
  let card = null;
  let focusNext = false;

  function view() {
    return state.review ? null : state.view;
  }

  function offerable() {
    const v = view();
    return !!v && v.game === "nibble" && !v.result && interactive(state);
  }

  // The cells a step points at, from the view (the page knows no rules).
  function spots(v) {
    if (!v || v.game !== "nibble" || !interactive(state)) return [];
    if (step === "takeable") return [...(state.picker?.start || [])];
    if (step === "several") {
      const moves = (v.legal_moves || []).filter((m) => m.includes("+"));
      const best = moves.reduce((a, m) => (!a || m.split("+").length > a.split("+").length ? m : a), null);
      return best ? best.split("+") : [];
    }
    return [];
  }

  function text(v, spotted) {
    const th = v?.thresholds || {};
    switch (step) {
      case "offer":
        return [t("walkthrough.offer.title"), t("walkthrough.offer.text")];
      case "takeable":
        return [t("walkthrough.takeable.title"), t(v?.board?.shape === "hex" ? "walkthrough.takeable.hex" : "walkthrough.takeable.square")];
      case "several":
        return [t("walkthrough.several.title"), spotted.length ? t("walkthrough.several.text", { cells: spotted.join(", ") }) : t("walkthrough.several.none")];
      case "table":
        return [t("walkthrough.table.title"), t("walkthrough.table.text", { all: th.all ?? 9, adjacent: th.adjacent ?? 7, majority: th.majority ?? 5, majorities: th.majorities ?? 5 })];
      default:
        return [t("walkthrough.play.title"), t("walkthrough.play.text")];
    }
  }

  function go(next) {
    step = next;
    stepPly = state.view?.ply ?? 0;
    focusNext = true;
    update();
  }

  function close() {
    markDone();
    const hadFocus = card?.contains(document.activeElement);
    step = null;
    update();
    if (hadFocus) app.board.focus();
  }

  function start() {
    markDone(); // seen once is enough to stop offering it
    go(STEPS[0]);
  }

  function buttons() {
    if (step === "offer") {
      return [
        h("button", { type: "button", class: "button small", "data-action": "walkthrough-close", onclick: close }, t("walkthrough.no")),
        h("button", { type: "button", class: "button small primary", "data-action": "walkthrough-start", onclick: start }, t("walkthrough.start")),
      ];
    }
    const index = STEPS.indexOf(step);
    const last = index === STEPS.length - 1;
    return [
      h("span", { class: "walkthrough-count" }, t("walkthrough.step", { n: index + 1, total: STEPS.length })),
      h("button", { type: "button", class: "button small", "data-action": "walkthrough-close", onclick: close }, t(last ? "walkthrough.done" : "walkthrough.stop")),
      last ? null : h("button", { type: "button", class: "button small primary", "data-action": "walkthrough-next", onclick: () => go(STEPS[index + 1]) }, t("walkthrough.next")),
    ];
  }

  // After every render: offer it, follow the game, draw the card and the highlights.
  function update() {
    const v = view();
    if (step === null && !isDone() && offerable()) {
      step = "offer";
      stepPly = v.ply;
    }
    if (step === "offer" && v && v.ply !== stepPly) {
      // ignored and played on: offered once is enough
      markDone();
      step = null;
    }
    // a take made during the first two steps: on to the colour table, where it went
    if ((step === "takeable" || step === "several") && v && v.ply > stepPly) {
      step = "table";
      stepPly = v.ply;
    }
    if (step !== null && state.view?.game !== "nibble") step = null;

    for (const el of document.querySelectorAll(".tour-spot")) el.classList.remove("tour-spot");
    if (step === null) {
      card?.remove();
      card = null;
      return;
    }
    const spotted = spots(v);
    for (const id of spotted) document.querySelector(`#board [data-cell="${CSS.escape(id)}"]`)?.classList.add("tour-spot");
    let tableSpot = null;
    if (step === "table") {
      const table = document.querySelector("#game-panel .color-table");
      tableSpot = table?.closest(".panel-section") || table;
      tableSpot?.classList.add("tour-spot");
    }

    const [title, body] = text(v, spotted);
    const key = `${step}|${title}|${body}`;
    if (!card) {
      card = h("section", { class: "walkthrough", "aria-labelledby": "walkthrough-title", "aria-live": "polite" });
      card.addEventListener("keydown", (event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          close();
        }
      });
    }
    // at the top of the side panel (in view beside the board on a wide screen, right under
    // it on a narrow one), except at the colour table's step: right after the table, so
    // that the card never pushes what it explains off a phone's screen
    const panel = document.querySelector(".panel") || document.querySelector("main") || document.body;
    if (tableSpot) {
      if (card.previousElementSibling !== tableSpot) tableSpot.after(card);
    } else if (panel.firstElementChild !== card) panel.prepend(card);
    card.dataset.walkthrough = "";
    card.dataset.step = step;
    if (card.dataset.key !== key) {
      card.dataset.key = key;
      card.replaceChildren(
        h("h2", { id: "walkthrough-title" }, title),
        h("p", {}, body),
        h("div", { class: "walkthrough-buttons" }, buttons()),
      );
    }
    const arrived = card.dataset.shown !== step;
    card.dataset.shown = step;
    if (focusNext) {
      focusNext = false;
      card.querySelector('[data-action="walkthrough-next"], [data-action="walkthrough-close"]')?.focus({ preventScroll: !!tableSpot });
    }
    // the table's step, new: the table and the card on screen (a phone scrolls to them)
    // (only where both fit: a landscape phone keeps its layout, the table beside the board)
    if (tableSpot && arrived && !(onScreen(tableSpot) && onScreen(card)) && bothFit(tableSpot, card)) tableSpot.scrollIntoView({ block: "start" });
  }

  return { update, start, close, step: () => step };
}
