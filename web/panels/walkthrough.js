// @ts-check
// The first-game walkthrough, written once for every game: offered once per game to a
// newcomer (and from the rules), a small card in the side panel that points at the
// position's own moves. Each game gives its steps as data (games/<id>/walkthrough.js): the
// cells a step highlights, an element of the side panel it explains, its words, read from
// the view. It only highlights (a class on cells and on the panel, applied after every
// render), never blocks play, can be closed at any time, and is remembered as done per
// game in localStorage (keys scoped to the site's path, like library.js). A game's tour
// may also give notes: lines said under the board at the moment they explain (the pie
// rule's swap, offered or made), to everyone, tour or no tour.
//
// Hooks: [data-walkthrough] (the card, data-game, data-step = offer | the game's step
// ids), [data-action="walkthrough-start" | "walkthrough-next" | "walkthrough-close"], and
// on the offer [data-action="lessons"] (the game's rule lessons, puzzles/ctrl.js),
// highlighted cells and panel sections carry the class "tour-spot"; a note is a message
// with data-key="walkthrough.<key>" (messages.js).

import { h } from "../ui/dom.js";
import { list, t } from "../i18n/i18n.js";
import { interactive, seatNamer } from "../view/render.js";
import { dismissMessage, showMessage } from "../ui/messages.js";
import { walkthroughFor } from "../games/index.js";
import { ROOT_PATH } from "../root.js";
import { roomOf } from "../rooms/index.js";

const SCOPE = ROOT_PATH;
// the site's key; a tour whose `stored` is "" keeps it bare (the key marks had before
// more than one game had a tour)
export const DONE_KEY = `nibble:${SCOPE}:walkthrough`;
const SVG = "http://www.w3.org/2000/svg";

function doneKey(game) {
  const stored = walkthroughFor(game)?.stored ?? game;
  return stored ? `${DONE_KEY}:${stored}` : DONE_KEY;
}

function isDone(game) {
  try {
    return window.localStorage.getItem(doneKey(game)) === "done";
  } catch {
    return true; // no storage: offer nothing rather than offer it on every visit
  }
}

function markDone(game) {
  try {
    window.localStorage.setItem(doneKey(game), "done");
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

// A highlighted cell: tiles are outlined by the page's style (.cell.tour-spot .slot);
// points and holes, whose slot sits under the piece, get a ring around the whole cell.
function ring(board, id) {
  const entry = board.cells?.get(id);
  if (!entry || board.svg?.dataset.style === "tiles") return;
  const r = (board.discR || 42) + 9;
  /** @type {[string, number, string][]} */
  const rings = [["tour-ring tour-ring-halo", 11, "var(--surface)"], ["tour-ring", 6, "var(--accent)"]];
  for (const [cls, width, colour] of rings) {
    const circle = document.createElementNS(SVG, "circle");
    circle.setAttribute("class", cls);
    circle.setAttribute("cx", entry.x);
    circle.setAttribute("cy", entry.y);
    circle.setAttribute("r", r);
    circle.setAttribute("aria-hidden", "true");
    // through the CSSOM, as the page's CSP requires (and the theme's colours follow)
    circle.style.fill = "none";
    circle.style.stroke = colour;
    circle.style.strokeWidth = String(width);
    circle.style.pointerEvents = "none";
    entry.g.append(circle);
  }
}

export function createWalkthrough(app) {
  const { state } = app;
  let game = null; // the game whose tour is shown
  let step = null; // null (nothing shown), "offer", or one of the tour's step ids
  let stepPly = 0; // the ply when the step began
  let card = null;
  let focusNext = false;
  const noted = new Map(); // note key -> the `until` and the words it was said with

  function view() {
    return state.review ? null : state.view;
  }

  function tour() {
    return walkthroughFor(game);
  }

  function stepOf(id) {
    return tour()?.steps.find((s) => s.id === id) || null;
  }

  function context(v) {
    const live = interactive(state);
    return { view: v, state, t, list, seatName: seatNamer(state), live, seat: v?.to_move ?? 0 };
  }

  function go(next) {
    step = next;
    stepPly = state.view?.ply ?? 0;
    focusNext = true;
    update();
  }

  function close() {
    if (game) markDone(game);
    const hadFocus = card?.contains(document.activeElement);
    step = null;
    update();
    if (hadFocus) app.board.focus();
  }

  // The tour of the game shown, from its first step (the Rules sheet, or the offer).
  function start() {
    const shown = state.view?.game;
    if (!walkthroughFor(shown)) return;
    game = shown;
    markDone(game); // seen once is enough to stop offering it
    go(tour().steps[0].id);
  }

  function buttons() {
    if (step === "offer") {
      return [
        h("button", { type: "button", class: "button small", "data-action": "walkthrough-close", onclick: close }, t("walkthrough.no")),
        // the game's rule lessons instead (the page's action table opens them)
        h("button", { type: "button", class: "button small", "data-action": "lessons", "data-game": game, onclick: close }, t("lesson.action.open")),
        h("button", { type: "button", class: "button small primary", "data-action": "walkthrough-start", onclick: start }, t("walkthrough.start")),
      ];
    }
    const steps = tour().steps;
    const index = steps.findIndex((s) => s.id === step);
    const last = index === steps.length - 1;
    return [
      h("span", { class: "walkthrough-count" }, t("walkthrough.step", { n: index + 1, total: steps.length })),
      h("button", { type: "button", class: "button small", "data-action": "walkthrough-close", onclick: close }, t(last ? "walkthrough.done" : "walkthrough.stop")),
      last ? null : h("button", { type: "button", class: "button small primary", "data-action": "walkthrough-next", onclick: () => go(steps[index + 1].id) }, t("walkthrough.next")),
    ];
  }

  // The game's notes for the position shown: said once each (a dismissed one stays
  // dismissed), taken away when the position no longer calls for them.
  function notes(v) {
    const wanted = new Map();
    const given = v && roomOf(state).notes ? walkthroughFor(v.game)?.notes?.(context(v)) || [] : [];
    for (const note of given) wanted.set(note.key, note);
    for (const [key] of noted) {
      if (!wanted.has(key)) {
        dismissMessage(`walkthrough.${key}`);
        noted.delete(key);
      }
    }
    for (const [key, note] of wanted) {
      const said = `${note.until}|${note.text}`; // said again in another language
      if (noted.get(key) === said) continue;
      noted.set(key, said);
      showMessage(note.text, note.kind || "info", null, { key: `walkthrough.${key}`, sticky: true });
    }
  }

  // After every render: offer it, follow the game, draw the card and the highlights.
  function update() {
    const v = view();
    if (state.view) notes(state.review ? null : state.view);
    if (step !== null && state.view?.game !== game) step = null; // another game shown
    if (step === null && v && !v.result && walkthroughFor(v.game) && !isDone(v.game) && interactive(state)) {
      game = v.game;
      step = "offer";
      stepPly = v.ply;
    }
    if (step === "offer" && v && v.ply !== stepPly) {
      // ignored and played on: offered once is enough
      markDone(game);
      step = null;
    }
    // a move made during a step that says where it leads (a take leads on to the colour table)
    const after = step && step !== "offer" ? stepOf(step)?.after : null;
    if (after && v && v.ply > stepPly) {
      step = after;
      stepPly = v.ply;
    }

    // (board cells are SVG, the side panel's parts HTML)
    for (const el of /** @type {NodeListOf<HTMLElement | SVGElement>} */ (document.querySelectorAll(".tour-spot"))) {
      el.classList.remove("tour-spot");
      for (const name of ["outline", "outline-offset", "scroll-margin-top"]) el.style.removeProperty(name);
    }
    for (const el of document.querySelectorAll("#board .tour-ring")) el.remove();
    // a room with a position of its own on the board (a puzzle): the tour of the game steps
    // aside, and comes back with the game
    if (step === null || roomOf(state).shows?.(state)) {
      card?.remove();
      card = null;
      return;
    }
    const ctx = context(v);
    const current = step === "offer" ? null : stepOf(step);
    const spotted = current?.spots && v && ctx.live ? current.spots(ctx) : [];
    for (const id of spotted) {
      document.querySelector(`#board [data-cell="${CSS.escape(id)}"]`)?.classList.add("tour-spot");
      ring(app.board, id);
    }
    const panelSpot = current?.panel ? current.panel(ctx) : null;
    if (panelSpot) {
      // outlined whatever part it is (the page's style knows only its sections), and
      // scrolled to below the toolbar, which stays at the top
      panelSpot.classList.add("tour-spot");
      panelSpot.style.outline = "3px solid var(--accent)";
      panelSpot.style.outlineOffset = "2px";
      panelSpot.style.scrollMarginTop = "calc(var(--topbar-h, 60px) + 8px)";
    }

    if (!card) {
      card = h("section", { class: "walkthrough", "aria-labelledby": "walkthrough-title", "aria-live": "polite" });
      card.style.scrollMarginTop = "calc(var(--topbar-h, 60px) + 8px)"; // scrolled to below the toolbar
      card.addEventListener("keydown", (event) => {
        if (event.key === "Escape") {
          event.stopPropagation();
          close();
        }
      });
    }
    // at the top of the side panel (in view beside the board on a wide screen, right under
    // it on a narrow one), except at a step that explains part of the panel: right after
    // that part, so that the card never pushes what it explains off a phone's screen, or
    // (card: "before", for a part at the top of a long section) right before its section
    const panel = document.querySelector(".panel") || document.querySelector("main") || document.body;
    const before = panelSpot && current.card === "before" ? panelSpot.closest(".panel-section") || panelSpot : null;
    if (before) {
      if (card.nextElementSibling !== before) before.before(card);
    } else if (panelSpot) {
      if (card.previousElementSibling !== panelSpot) panelSpot.after(card);
    } else if (panel.firstElementChild !== card) panel.prepend(card);
    card.dataset.walkthrough = "";
    card.dataset.game = game;
    card.dataset.step = step;
    // while nobody here can play (the computer thinks), the words stay those of the
    // player's own position; a step just begun says what it can
    const arrived = card.dataset.shown !== step;
    if (v && (ctx.live || arrived || step === "offer")) {
      const [title, body] = step === "offer" ? tour().offer(ctx) : current.text(ctx, spotted);
      const key = `${step}|${title}|${body}`;
      if (card.dataset.key !== key) {
        card.dataset.key = key;
        card.replaceChildren(
          h("h2", { id: "walkthrough-title" }, title),
          h("p", {}, body),
          h("div", { class: "walkthrough-buttons" }, buttons()),
        );
      }
    }
    card.dataset.shown = step;
    if (focusNext) {
      focusNext = false;
      card.querySelector('[data-action="walkthrough-next"], [data-action="walkthrough-close"]')?.focus({ preventScroll: true });
      // a step about the board: the card's bottom brought up to the screen's (a phone keeps
      // the board above it in view, as far as both fit), not the card scrolled to the top
      if (!panelSpot && !onScreen(card)) card.scrollIntoView({ block: "nearest" });
    }
    // a step about part of the panel, new: that part and the card on screen (a phone
    // scrolls to them; only where both fit: a landscape phone keeps its layout, the panel
    // beside the board)
    if (panelSpot && arrived && !(onScreen(panelSpot) && onScreen(card)) && bothFit(panelSpot, card)) (before ? card : panelSpot).scrollIntoView({ block: "start" });
  }

  return { update, start, close, step: () => step, game: () => (step === null ? null : game) };
}
