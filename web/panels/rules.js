// @ts-check
// The Rules sheet: the rules of the game shown, in the page's language, with small
// diagrams drawn by the board renderer. The pages are built from docs/rules/ by
// scripts/rules_pages.py into rules/<lang>/<game>.json: JSON blocks and inline runs (no
// HTML: everything goes in with textContent), each diagram with the engine's view of its
// position and its marks computed when the site was built, so no engine call is needed.
//
// On a wide screen, a non-modal sheet at the side: the page makes room for it (<html
// data-sheet="side">, styles.css), so the board and Confirm stay on screen and usable while
// the player reads. Where the sheet would cover the page (below BESIDE), a modal dialog
// that keeps the focus inside. Escape (from anywhere, once nothing nearer takes it) or the
// close button closes it and puts the focus back where it was.
//
// Hooks: [data-action="rules"] opens it (toolbar); #rules-dialog[open] with
// data-game and data-lang; figures [data-diagram="<id>"]; [data-rules-game="<id>"]
// switches game; [data-action="walkthrough"] starts the walkthrough of the game shown on
// the board (in its rules, for each game that has one).

import { BoardView } from "../board/board.js";
import { h } from "../ui/dom.js";
import { GAME_IDS, presentationFor, walkthroughFor } from "../games/index.js";
import { language, t } from "../i18n/i18n.js";
import { ROOT_URL } from "../root.js";

const GAMES = GAME_IDS;
const SVG = "http://www.w3.org/2000/svg";
const pages = new Map(); // "<lang>/<game>" -> Promise of the page
// wide enough for the sheet (480 px) beside a board of about 600 px
const BESIDE = window.matchMedia("(min-width: 1100px)");

function fetchPage(lang, game) {
  const key = `${lang}/${game}`;
  if (!pages.has(key)) {
    const url = new URL(`rules/${lang}/${game}.json`, ROOT_URL);
    const promise = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json();
    });
    promise.catch(() => pages.delete(key)); // try again next time
    pages.set(key, promise);
  }
  return pages.get(key);
}

// --- inline runs and blocks ---------------------------------------------------------------

function inline(runs) {
  return runs.map((node) => {
    if (typeof node === "string") return node;
    const [kind] = node;
    if (kind === "code") return h("code", {}, node[1]);
    if (kind === "a") return h("a", { href: node[1], target: "_blank", rel: "noopener noreferrer" }, inline(node[2]));
    return h(kind === "strong" ? "strong" : "em", {}, inline(node[1]));
  });
}

function blocksTo(parent, blocks, game) {
  let host = parent;
  for (const block of blocks) {
    switch (block.type) {
      case "heading": {
        // a page's h1 is the sheet's title, so its ## are h3 here
        const tag = `h${Math.min(6, block.level + 1)}`;
        const heading = h(tag, { "data-section": block.id }, inline(block.content));
        if (block.id === "exact") {
          // the binding rules: folded, after the friendly part
          const details = h("details", { class: "rules-exact", "data-section-body": "exact" }, h("summary", {}, heading));
          parent.append(details);
          host = details;
        } else host.append(heading);
        break;
      }
      case "paragraph":
        host.append(h("p", {}, inline(block.content)));
        break;
      case "list": {
        const list = h(block.ordered ? "ol" : "ul", { start: block.ordered && block.start !== 1 ? String(block.start) : null });
        for (const item of block.items) {
          const li = h("li");
          if (item.length === 1 && item[0].type === "paragraph") li.append(...inline(item[0].content));
          else blocksTo(li, item, game);
          list.append(li);
        }
        host.append(list);
        break;
      }
      case "table":
        host.append(
          h("div", { class: "table-scroll", tabindex: "0" },
            h("table", { class: "rules-table" },
              h("thead", {}, h("tr", {}, block.head.map((cell) => h("th", { scope: "col" }, inline(cell))))),
              h("tbody", {}, block.rows.map((row) => h("tr", {}, row.map((cell) => h("td", {}, inline(cell)))))))),
        );
        break;
      case "code":
        host.append(h("pre", { class: "rules-code", tabindex: "0" }, h("code", {}, block.text)));
        break;
      case "diagram":
        host.append(diagram(block));
        break;
      default:
        break;
    }
  }
}

// --- diagrams ------------------------------------------------------------------------------

// One diagram: the board of its position, drawn read-only with the page's own renderer
// and presentation module, its marks (rings, picks, overlays, crosses) as the build
// computed them; optionally a part of the game's side panel (d.panel, e.g. the colour
// table: the presentation's panelPart); its caption.
export function diagram(d) {
  const captionId = `rules-figure-${d.id}`;
  const figure = h("figure", { class: "rules-diagram", "data-diagram": d.id });
  const view = d.view;
  const ui = presentationFor(view.game);
  const seatName = (seat) => t("seat.name", { n: seat + 1 });
  if (d.board) {
    const holder = h("div", { class: "rules-board" });
    figure.append(holder);
    const board = new BoardView(holder);
    const marks = d.marks;
    board.render(view.board, {
      paint: (cell) => ui.paint(cell, view),
      label: () => "",
      selectable: new Set(),
      picked: new Set(marks.picked),
      marked: new Set(view.last_move?.cells || []),
      overlays: marks.overlays,
      interactive: false,
      coords: true,
    });
    // rings as the page draws them on a player's turn
    for (const id of marks.selectable) {
      const entry = board.cells.get(id);
      if (!entry) continue;
      entry.g.dataset.selectable = "true";
      if (marks.targets[id]) entry.g.dataset.target = marks.targets[id];
    }
    const svg = board.svg;
    for (const id of marks.crossed) {
      const entry = board.cells.get(id);
      if (!entry) continue;
      // a "no" sign: on an empty cell, over it; on a piece, at its upper right, so that
      // the piece stays readable
      const g = document.createElementNS(SVG, "g");
      g.setAttribute("class", "rules-no");
      const onPiece = entry.g.dataset.empty === "false";
      const [x, y, r] = onPiece ? [entry.x + 30, entry.y - 30, 17] : [entry.x, entry.y, 20];
      const circle = document.createElementNS(SVG, "circle");
      circle.setAttribute("cx", x);
      circle.setAttribute("cy", y);
      circle.setAttribute("r", String(r));
      const line = document.createElementNS(SVG, "path");
      const d2 = r * Math.SQRT1_2;
      line.setAttribute("d", `M${x - d2} ${y - d2} L${x + d2} ${y + d2}`);
      g.append(circle, line);
      svg.append(g);
    }
    // a picture, not a control: one image named by its caption, nothing focusable inside
    svg.setAttribute("role", "img");
    svg.removeAttribute("aria-label");
    svg.setAttribute("aria-labelledby", captionId);
    for (const [id, entry] of board.cells) {
      const g = entry.g;
      for (const name of ["role", "tabindex", "aria-label", "aria-pressed"]) g.removeAttribute(name);
      delete g.dataset.cell; // [data-cell] stays the game's board only
      g.dataset.diagramCell = id;
    }
  }
  if (d.panel) figure.append(panelPart(ui, d.panel, view, seatName));
  figure.append(h("figcaption", { id: captionId }, inline(d.caption)));
  return figure;
}

// The part of the side panel a diagram names, exactly as the side panel draws it, for the
// diagram's position (an empty box if the game has no such part).
function panelPart(ui, name, view, seatName) {
  const out = h("div", { class: "table-scroll rules-panel", tabindex: "0" });
  const part = ui.panelPart?.(name, view, { t, seatName, state: { sel: { pick: [] } }, rerender: () => {} });
  if (!part) return out;
  for (const el of part.querySelectorAll("[id]")) el.removeAttribute("id");
  out.append(part);
  return out;
}

// --- the sheet -------------------------------------------------------------------------------

export function createRules({ currentGame, onWalkthrough, onLessons }) {
  let dialog = null;
  let opener = null;

  // The same control drawn again meanwhile (a render rebuilds the side panel, its legend
  // included, e.g. when the engine comes up while the sheet is open).
  function redrawn(element) {
    const action = element?.dataset?.action;
    if (!action) return null;
    const legend = element.closest("[data-legend]")?.dataset.legend;
    const selector = `[data-action="${action}"]`;
    return document.querySelector(legend ? `[data-legend="${legend}"] ${selector}` : selector);
  }
  let shown = null; // {game, lang}
  let generation = 0;

  function ensureDialog() {
    if (dialog) return dialog;
    dialog = h("dialog", { id: "rules-dialog", class: "rules-sheet", "aria-labelledby": "rules-title" });
    dialog.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        close();
      }
    });
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      close();
    });
    document.body.append(dialog);
    return dialog;
  }

  // beside the page, or modal over it; again when the window crosses the width
  function place() {
    const beside = BESIDE.matches;
    if (dialog.open && dialog.matches(":modal") !== beside) return;
    const active = /** @type {HTMLElement | SVGElement | null} */ (document.activeElement);
    if (dialog.open) dialog.close();
    if (beside) dialog.show();
    else dialog.showModal();
    document.documentElement.dataset.sheet = beside ? "side" : "over";
    if (active && dialog.contains(active)) active.focus({ preventScroll: true });
  }
  BESIDE.addEventListener("change", () => dialog?.open && place());

  /** @param {string} game @param {{section?: string, focus?: boolean}} [options] */
  async function fill(game, { section, focus } = {}) {
    const lang = language();
    const mine = ++generation;
    shown = { game, lang };
    dialog.dataset.game = game;
    dialog.dataset.lang = lang;
    const title = h("h2", { id: "rules-title", tabindex: "-1" }, t("rules.title", { game: t(`game.${game}`) }));
    const closeButton = h("button", { type: "button", class: "icon-button rules-close", "data-action": "rules-close", "aria-label": t("rules.close"), onclick: close }, "×");
    const switcher = h("nav", { class: "rules-games", "aria-label": t("rules.other-games") },
      GAMES.map((id) => h("button", {
        type: "button",
        class: "button small",
        "data-rules-game": id,
        "aria-current": id === game ? "page" : null,
        onclick: () => {
          fill(id, { focus: false });
          dialog.querySelector(`[data-rules-game="${id}"]`)?.focus();
        },
      }, t(`game.${id}`))));
    const body = h("div", { class: "rules-body", tabindex: "0", role: "region", "aria-labelledby": "rules-title" }, h("p", { class: "help" }, t("rules.loading")));
    dialog.replaceChildren(h("div", { class: "rules-head" }, title, closeButton), switcher, body);
    if (focus !== false) closeButton.focus();
    let page;
    try {
      page = await fetchPage(lang, game);
    } catch (error) {
      if (mine === generation) body.replaceChildren(h("p", { role: "alert" }, t("rules.error", { message: error.message })));
      return;
    }
    if (mine !== generation || !dialog.open) return;
    title.textContent = page.title;
    const content = [];
    const holder = h("div", { class: "rules-content", lang });
    const tour = [];
    if (onWalkthrough && currentGame() === game && walkthroughFor(game)) {
      tour.push(h("button", { type: "button", class: "button small", "data-action": "walkthrough", onclick: () => { close({ restore: false }); onWalkthrough(); } }, t("rules.walkthrough")));
    }
    // the rule lessons of the game whose rules these are, played on the board
    if (onLessons) {
      tour.push(h("button", { type: "button", class: "button small", "data-action": "rules-lessons", "data-game": game, onclick: () => { close({ restore: false }); onLessons(game); } }, t("rules.lessons")));
    }
    if (tour.length) content.push(h("p", { class: "rules-tour" }, ...tour));
    blocksTo(holder, page.blocks, game);
    body.replaceChildren(...content, holder);
    body.scrollTop = 0;
    if (section) {
      const target = holder.querySelector(`[data-section="${section}"]`);
      if (target) {
        target.closest("details")?.setAttribute("open", "");
        target.scrollIntoView({ block: "start" });
      }
    }
  }

  /** @param {{game?: string, section?: string}} [options] */
  function open({ game, section } = {}) {
    ensureDialog();
    const wanted = game || currentGame() || GAMES[0];
    if (!dialog.open) {
      const active = document.activeElement;
      opener = active && active !== document.body ? active : null;
      place();
    }
    return fill(wanted, { section });
  }

  function close({ restore = true } = {}) {
    if (!dialog?.open) return;
    generation++;
    dialog.close();
    dialog.replaceChildren(); // its diagrams leave the page with it
    delete document.documentElement.dataset.sheet;
    shown = null;
    const back = (opener?.isConnected ? opener : redrawn(opener)) || document.querySelector('[data-action="rules"]');
    opener = null;
    if (restore) {
      back?.focus();
      // an opener folded into the closed More menu cannot take it: its menu button can
      if (document.activeElement !== back) /** @type {HTMLElement | null} */ (document.querySelector('[data-action="more"]'))?.focus();
    }
  }

  // Escape beside the page closes it too, unless something nearer used it (a pick to
  // clear, a menu, another dialog): those listeners run first and prevent the default
  window.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented || !dialog?.open || dialog.contains(event.target)) return;
    if (document.querySelector("dialog[open]:modal")) return;
    close({ restore: false }); // the focus stays where the player is
  });

  // the language changed while the sheet is open: show the same game in the new one
  document.addEventListener("change", (event) => {
    if (/** @type {Element | null} */ (event.target)?.id === "language" && dialog?.open && shown && shown.lang !== language()) fill(shown.game, { focus: false });
  });

  return { open, close, isOpen: () => !!dialog?.open };
}
