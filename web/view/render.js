// @ts-check
// Drawing the game shown: board, status line, pick bar, toolbar state, result banner,
// the game's own panel (from its presentation module) and the move list. Reads the
// state; changes nothing but the DOM.

import { explainResult, presentationFor } from "../games/index.js";
import { gameName } from "../ui/dialogs.js";
import { t } from "../i18n/i18n.js";
import { coordsShown, isOn } from "../ui/settings.js";
import { engineHelps, remoteTurn, resigner } from "../store/state.js";
import { roomOf, shownView } from "../rooms/index.js";

/** @typedef {import("../store/state.js").State} State */
/**
 * The page as render() reads it (app.js builds it).
 * @typedef {object} RenderApp
 * @property {State} state
 * @property {import("../board/board.js").BoardView} board
 * @property {(ply: number) => void} review a move of the move list chosen
 * @property {(view: Nibble.View) => object[]} [suggested] overlays of the analysis's best move (view/review.js)
 */
/** @typedef {{t: typeof t, seatName: (seat: Nibble.Seat) => string}} Words what a game's explanations are given */

const html = document.documentElement;
/** @param {string} selector @returns {any} the page's element (of the kind its use says) */
const $ = (selector) => document.querySelector(selector);

/** @param {Pick<State, "seats">} state @param {Nibble.Seat | null} seat */
export function isAi(state, seat) {
  return state.seats[seat] === "ai";
}

/** @param {Pick<State, "seats">} state */
export function hasHuman(state) {
  return state.seats.some((s) => s === "human");
}

/** @param {Pick<State, "seats" | "link">} state a library entry too @returns {(seat: Nibble.Seat) => string} */
export function seatNamer(state) {
  // a room's own position names its seats (a puzzle: "You", "Opponent")
  const own = roomOf(/** @type {State} */ (state)).seatName;
  if (own) return (seat) => own(/** @type {State} */ (state), seat);
  return (seat) => {
    // a game played by links: this side is "You", the others their names if given
    const link = state.link;
    if (link?.me != null) return seat === link.me ? t("seat.you") : link.names?.[seat] || t("seat.name", { n: seat + 1 });
    const ais = state.seats.filter((s) => s === "ai").length;
    if (isAi(state, seat)) return ais > 1 ? t("seat.name.ai", { n: seat + 1 }) : t("seat.ai");
    if (ais >= 1 && state.seats.length - ais === 1) return t("seat.you");
    return t("seat.name", { n: seat + 1 });
  };
}

// Can the player act on the board now?
// Before the engine is up, the board drawn from a stored view can be picked on already
// (paint.js); a confirmed move then waits for the engine (state.early).
/** @param {State} state */
export function interactive(state) {
  // the room says whether its position takes a move (rooms/: the game's own, a try in
  // "learn from your mistakes", none while reviewing); only the game's own can be picked
  // on before the engine is up
  const room = roomOf(state);
  const up = state.engine === "ready" || (room.live && html.dataset.painted === "early");
  return !!state.picker && !state.busy && up && room.picks(state);
}

/** @param {RenderApp} app */
export function render(app) {
  const { state, board } = app;
  const view = shownView(state);
  if (!view) return;
  html.dataset.ply = String(view.ply ?? state.record?.moves?.length ?? 0);
  html.dataset.game = view.game;
  html.dataset.mode = roomOf(state).id; // play, review, learn, puzzle
  html.dataset.over = state.view?.result ? "true" : "false"; // the game, not the position shown
  const info = state.games?.games?.find((g) => g.id === view.game);
  const name = info ? gameName(info) : view.game;
  updateTitle(state, name);
  const title = $("#game-title");
  if (title.textContent !== name) title.textContent = name;
  $('[data-action="choose-game"]').setAttribute("aria-label", t("action.choose-game", { game: name }));
  const ui = presentationFor(view.game);
  const seatName = seatNamer(state);
  // live: the game's own position, played on (rooms/): a move made elsewhere is replayed there
  const ctx = { t, seatName, state, live: roomOf(state).live, rerender: () => render(app) };
  // how seats are drawn: black and white stones (the default) or colours (styles.css)
  html.dataset.seatStyle = ui.seatStyle || "stones";
  // each seat's colour (the game decides: they may follow a swap of colours)
  const colors = ui.seatColors?.(view) || [];
  for (let i = 0; i < 4; i++) {
    if (colors[i]) html.style.setProperty(`--seat${i}`, colors[i]);
    else html.style.removeProperty(`--seat${i}`);
  }
  const room = roomOf(state);
  const live = interactive(state);
  const sel = state.sel;
  const picker = state.picker;
  const selectable = live ? picker.selectable(sel) : new Set();
  const pending = live ? picker.pending(sel) : null;
  const picked = new Set(live || state.early ? sel.pick : []); // a move confirmed early stays shown
  const marked = new Set(view.last_move?.cells || []);
  const selectableWord = t(`cell.selectable.${view.game}`, {}, t("cell.takeable"));

  board.render(view.board, {
    /** @param {Nibble.Cell} cell */
    paint: (cell) => ui.paint(cell, view),
    /** @param {Nibble.Cell} cell @param {{picked?: boolean, selectable?: boolean, marked?: boolean}} flags */
    label: (cell, flags) => {
      const parts = [ui.describeCell(cell, view, ctx)];
      if (flags.picked) parts.push(t("cell.picked"));
      else if (flags.selectable) parts.push(selectableWord);
      if (flags.marked) parts.push(t("cell.last"));
      return parts.join(", ");
    },
    selectable,
    picked,
    marked,
    targets: live ? targetsOf(picker, sel) : null,
    // while reviewing, the better move (app.suggested: view/review.js)
    overlays: [...(ui.overlays?.(view, ctx) || []), ...overlaysOf(pending), ...(app.suggested?.(view) ?? []), ...(room.overlays?.(state) ?? [])],
    interactive: live,
    ariaLabel: t("board.label"),
    coords: coordsShown(),
    turn: turnTowards(state, view, ui),
  });

  // status line
  const status = $("#status");
  let text;
  if (room.status(state) != null) text = room.status(state); // reviewing, learning: the room's words
  else if (view.result) text = view.result.winner == null ? t("status.draw") : t("status.wins", { player: seatName(view.result.winner) });
  else if (state.early) text = t("status.early");
  else if (state.thinking) text = t("status.thinking", { player: seatName(view.to_move) });
  else if (live && view.input?.forced) text = t(`forced.${view.input.forced}`, { player: seatName(view.to_move) });
  else if (state.hinting && live) text = t("status.hint.thinking");
  else if (live && state.hint) text = hintText(state, view, seatName);
  else if (live && sel.pick.length) text = ui.pickStatus(view, sel, pending, ctx) || t("status.picked", { count: sel.pick.length });
  else if (isAi(state, view.to_move)) text = t("status.to-move", { player: seatName(view.to_move) });
  else if (remoteTurn(state, view)) text = t("link.waiting", { player: seatName(view.to_move) });
  else {
    const prompt = ui.prompt ? ui.prompt(view, ctx) : t("status.your-move", { player: seatName(view.to_move) });
    // what the computer just played, in words, before the player's prompt
    const last = view.last_move;
    const told = last && (isAi(state, last.seat) || byLink(state, last.seat)) && ui.describeMove ? ui.describeMove(view, ctx) : "";
    text = told ? t("status.after-move", { move: told, prompt }) : prompt;
  }
  $("#status-text").textContent = text;
  status.dataset.seat = view.result ? (view.result.winner ?? "") : String(view.to_move);
  $("#review-back").hidden = !room.back; // out of review, learning, a puzzle
  renderLinkTurn(state, view);

  // pick bar: confirm, clear, and the moves that are not made on the board (a swap)
  const confirm = $('[data-action="confirm"]');
  confirm.disabled = !pending;
  confirm.textContent = (pending && ui.confirmLabel?.(pending, ctx)) || t(`action.confirm.${view.game}`, {}, t("action.confirm"));
  $('[data-action="clear"]').disabled = !(live && sel.pick.length);
  $("#pick-count").textContent = live && sel.pick.length > 1 && view.input?.kind === "set" ? t("status.picked", { count: sel.pick.length }) : pending && pending.count > 1 ? t("status.choice", { index: pending.index + 1, count: pending.count }) : "";
  renderActions(view, live);

  renderControls(state);
  const current = state.view;
  const moves = state.record?.moves || [];
  $("#watch").hidden = hasHuman(state) || !!current?.result;
  const pause = $('[data-action="pause"]');
  pause.setAttribute("aria-pressed", String(state.paused));
  pause.querySelector("span").textContent = t(state.paused ? "action.resume" : "action.pause");

  renderResult(current, ctx);
  // the board's number (its seed): the same board again is one click away (app.js)
  const seed = state.record?.options?.seed;
  const seedText = seed == null ? "" : t("game.seed", { seed });
  const seedLine = $("#game-seed");
  if (seedLine.textContent !== seedText) seedLine.textContent = seedText;
  seedLine.dataset.seed = seed == null ? "" : String(seed);
  $('[data-action="replay-board"]').disabled = seed == null || state.busy;
  $('[data-action="rematch"]').disabled = !state.record || state.busy;
  const resign = $('[data-action="resign"]');
  resign.hidden = resigner(state) == null || !room.live;
  resign.disabled = state.busy || state.thinking || state.engine !== "ready";
  ui.renderPanel($("#game-panel"), view, ctx);
  renderMoves(app, moves, view);
}

// The tab's title: the game's name, or "Your move — Nibble" while the page is in the
// background and a human seat is to move in a game where the other side moves by itself
// (a computer seat): the player in another tab sees that the computer has answered.
/** @param {State} state @param {string} name */
export function updateTitle(state, name) {
  const view = state.view;
  const waiting = document.visibilityState === "hidden" && !!view && !view.result && roomOf(state).live &&
    !isAi(state, view.to_move) && state.seats.some((s) => s === "ai") && state.engine === "ready";
  const title = t(waiting ? "page.title.your-move" : "page.title", { game: name });
  if (document.title !== title) document.title = title;
}

// What the pending move changes, drawn over the board.
/** @param {Nibble.PendingMove | null} pending */
function overlaysOf(pending) {
  const show = pending?.show;
  if (!show) return [];
  const out = [];
  if (show.area) out.push({ kind: "area", cells: show.area });
  if (show.walls) out.push({ kind: "walls", cells: show.walls });
  if (show.path) out.push({ kind: "path", cells: show.path, tone: show.landing });
  if (show.remove) out.push({ kind: "remove", cells: [show.remove] });
  return out;
}

// Cells the next click may pick by landing there, with what landing means
// (`show.landing`), so that the board can mark them differently. Only a move's last click
// is its landing: an earlier one (the peg to move) keeps the plain "can pick" ring.
/** @param {Nibble.Picker} picker @param {Nibble.Selection} sel */
function targetsOf(picker, sel) {
  const out = new Map();
  if (!picker.matching) return out;
  const at = sel.pick.length;
  for (const m of picker.matching(sel.pick)) {
    if (m.steps.length === at + 1 && m.show?.landing) for (const id of m.steps[at]) out.set(id, m.show.landing);
  }
  return out;
}

// Buttons for the legal moves that are not made on the board (a swap of colours).
/** @param {Nibble.View} view @param {boolean} live */
function renderActions(view, live) {
  const host = $("#move-actions");
  const actions = live ? view.input?.actions || [] : [];
  const key = actions.map((a) => a.move).join(" ");
  if (host.dataset.key === key) return;
  host.dataset.key = key;
  host.replaceChildren(
    ...actions.map((a) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "button";
      b.dataset.action = a.action;
      b.dataset.move = a.move;
      b.textContent = t(`action.${a.action}`, {}, a.move);
      return b;
    }),
  );
}

// Settings' "turn the board": in a game of people sharing this device (no computer, not
// by link), the board turns so that the player to move has their side at the bottom. A
// seat's side is the game's to say (`seatHome`: its direction from the board's centre, in
// degrees, y pointing down); two players without sides sit at the bottom and the top.
/** @param {State} state @param {Nibble.View | null} view @param {{seatHome?: (view: Nibble.View, seat: Nibble.Seat) => number | null}} ui */
export function turnTowards(state, view, ui) {
  if (html.dataset.turn !== "on" || !view || view.result || state.link?.me != null) return 0;
  if (state.seats.length < 2 || state.seats.some((s) => s !== "human")) return 0;
  const seat = view.to_move;
  const home = ui.seatHome ? ui.seatHome(view, seat) : (view.players || state.seats.length) === 2 ? (seat === 0 ? 90 : -90) : null;
  return home == null ? 0 : 90 - home;
}

// A move made on the other device of a game played by links.
/** @param {State} state @param {Nibble.Seat} seat */
function byLink(state, seat) {
  return state.link?.me != null && seat !== state.link.me;
}

// A game played by links: after this side's move (the game-ending one too), the link for
// the other player, beside the status line ("Waiting for Ben's move").
/** @param {State} state @param {Nibble.View} view */
function renderLinkTurn(state, view) {
  const send = $("#link-turn");
  const me = state.link?.me;
  const ended = !!view.result && (view.result.reason === "resigned" ? view.result.seat === me : view.last_move?.seat === me);
  send.hidden = !(me != null && roomOf(state).live && (remoteTurn(state, view) || ended));
  send.disabled = state.busy;
  // once sent (the share sheet or the clipboard took it), it says so; a press sends again
  const sent = state.sent?.id === state.id && state.sent.ply === (state.record?.moves.length ?? -1);
  const label = sent ? t("share.sent", { player: seatNamer(state)(state.sent.to) }) : t("action.send-move");
  if (send.textContent !== label) send.textContent = label;
  send.classList.toggle("primary", !sent);
  send.dataset.sent = String(sent);
}

// The toolbar's enabled states alone (cheap: while a request is under way).
/** @param {State} state */
export function renderControls(state) {
  const moves = state.record?.moves || [];
  const up = state.engine === "ready"; // before: only the board and Confirm
  // the room says what may change the game (rooms/: while learning from mistakes, nothing)
  // a game played by links takes back this side's own move only (the other's came by link)
  const theirs = state.link?.me != null && state.view?.last_move && state.view.last_move.seat !== state.link.me;
  const resigned = state.view?.result?.reason === "resigned"; // final, as on lichess
  const room = roomOf(state);
  $('[data-action="undo"]').disabled = !moves.length || state.busy || !up || !room.changesGame || theirs || resigned;
  $('[data-action="redo"]').disabled = !state.redo.length || state.busy || !up || !room.changesGame;
  // while a hint is searched its button stops it
  const hint = $('[data-action="hint"]');
  hint.disabled = !(interactive(state) || state.hinting) || !up || !room.hints;
  // a game of people: no coaching until it is over (unless the teaching setting says so)
  hint.hidden = !engineHelps(state, isOn("help"));
  hint.setAttribute("aria-pressed", String(!!state.hinting));
  hint.title = t(state.hinting ? "action.hint-stop" : "action.hint");
  $("#status").classList.toggle("thinking", (state.thinking || state.hinting) && !state.review);
  if (state.busy) {
    $('[data-action="confirm"]').disabled = true;
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#move-actions button"))) b.disabled = true;
  }
}

// The status line's hint: the suggested move and the engine's estimate as a percentage.
/** @param {State} state @param {Nibble.View} view @param {(seat: Nibble.Seat) => string} seatName */
function hintText(state, view, seatName) {
  const { move, seat, chances, exact, winner } = state.hint;
  if (!chances || seat == null) return t("status.hint.move", { move });
  // (a sentence about "You" takes its own form: i18n.js)
  if (exact && winner === seat) return t("status.hint.wins", { move, player: seatName(seat) });
  if (exact && winner != null) return t("status.hint.loses", { move, player: seatName(seat) });
  if (exact) return t("status.hint.move", { move }); // a forced draw
  return t("status.hint", { move, percent: Math.round(chances[seat] * 100), player: seatName(seat) });
}

// The result banner (the one [data-result] element).
/** @param {Nibble.View | null} current @param {Words} ctx */
function renderResult(current, ctx) {
  const slot = $("#result-slot");
  if (!current?.result) {
    slot.replaceChildren();
    return;
  }
  const explained = explainResult(current, ctx);
  const banner = document.createElement("div");
  banner.className = "result-banner";
  banner.setAttribute("data-result", current.result.reason || "");
  banner.dataset.winner = current.result.winner == null ? "" : String(current.result.winner);
  const title = document.createElement("strong");
  title.textContent = explained?.title || "";
  const p = document.createElement("p");
  p.textContent = explained?.text || "";
  banner.append(title, p);
  if (explained?.extra) banner.append(explained.extra);
  slot.replaceChildren(banner);
}

// The move list: one button per move (a click reviews it). Built again only for another
// game or a move taken back; a move added is appended and the position shown only moves
// aria-current, so that a focused move keeps the focus (and its mark, view/review.js).
/** @param {{state: State, review: (ply: number) => void}} app @param {string[]} moves @param {Nibble.View} view */
function renderMoves(app, moves, view) {
  const { state } = app;
  const list = $("#move-list");
  const shownPly = state.review ? state.review.ply : moves.length;
  const key = `${state.id} ${moves.join(" ")}`;
  const old = list.dataset.key ?? "";
  if (key !== old) {
    // the game's moves (in any position shown): who made each, when turns are not one
    // move each (a reviewed position's view knows only the moves before it)
    const seats = state.view?.movers || view.movers || null;
    const players = view.players || 2;
    // (a key of no moves ends with the space before them)
    const appended = old !== "" && key.startsWith(old.endsWith(" ") ? old : `${old} `) && list.childElementCount <= moves.length;
    if (!appended) list.replaceChildren();
    for (let i = list.childElementCount; i < moves.length; i++) list.append(moveItem(app, moves[i], i, seats ? seats[i] : i % players));
    list.dataset.key = key;
  }
  if (list.dataset.shown !== String(shownPly)) {
    list.dataset.shown = String(shownPly);
    list.querySelector('[aria-current="step"]')?.removeAttribute("aria-current");
    const currentButton = list.querySelector(`.move[data-ply="${shownPly}"]`);
    if (currentButton) {
      currentButton.setAttribute("aria-current", "step");
      // scroll the list only (scrollIntoView would scroll the whole page on a phone)
      const item = currentButton.parentElement;
      if (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = item.offsetTop - list.clientHeight / 2;
      }
    }
  }
  $("#moves-empty").hidden = moves.length > 0;
}

/** @param {{review: (ply: number) => void}} app @param {string} move @param {number} i @param {Nibble.Seat} seat */
function moveItem(app, move, i, seat) {
  const li = document.createElement("li");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "move";
  button.dataset.ply = String(i + 1);
  const dot = document.createElement("span");
  dot.className = `seat-dot seat-${seat}`;
  const num = document.createElement("span");
  num.className = "move-num";
  num.textContent = `${i + 1}.`;
  const text = document.createElement("span");
  text.className = "move-text";
  text.textContent = move;
  button.append(num, dot, text);
  button.addEventListener("click", () => app.review(i + 1));
  li.append(button);
  return li;
}
