// @ts-check
// Number One presentation: holes with tokens or sunk, pegs of up to four players in
// distinct colours and three sizes (turned pegs marked), the players' panel (who is
// in, the order the others went out, which pegs still have to move) and the result.
// Everything shown comes from the view; no rules are computed here.

import { inkFor } from "../../board/colours.js";
import { h } from "../../ui/dom.js";
import { legend } from "../../board/legend.js";
import marks from "./marks.js";
import walkthrough from "./walkthrough.js";
import en from "./i18n/en.js";
import ko from "./i18n/ko.js";
import uk from "./i18n/uk.js";
import { startAsBuilt } from "../start.js";

// Okabe–Ito colours, told apart under the common colour-vision deficiencies; every peg
// also carries its player's number, so colour is never the only cue.
export const SEAT_COLORS = ["#d55e00", "#0072b2", "#009e73", "#cc79a7"];
const SEAT_INK = SEAT_COLORS.map(inkFor);
// The colour-blind mode (html[data-palette="cvd"]): the four Okabe–Ito colours furthest
// apart under deuteranopia and protanopia (scripts/palette_check.py), and a shape per
// seat for the whole peg (web/board/shapes.js BODIES; the seat dots take the same shapes in
// styles.css), so that colour is never needed.
export const SEAT_COLORS_CVD = ["#d55e00", "#0072b2", "#f0e442", "#56b4e9"];
const SEAT_INK_CVD = SEAT_COLORS_CVD.map(inkFor);
export const SEAT_SHAPES = ["circle", "square", "diamond", "plus"];
const colorBlind = () => document.documentElement.dataset.palette === "cvd";
const SIZE_R = { S: 0.5, M: 0.72, L: 0.94 };
const SIZES = ["S", "M", "L"];

function pegName(t, size) {
  return t(`number-one.peg.${size}`);
}

// Each seat starts around a corner of the hexagon (the rules' corners 0…5, clockwise from
// the top-left one; nibble/games/number_one/board.py CORNERS_USED), by player count.
const CORNERS = { 2: [0, 3], 3: [0, 2, 4], 4: [0, 1, 3, 4] };

function seatDot(seat) {
  return h("span", { class: `seat-dot seat-${seat}` });
}

// The last turn's moves (view.last_turn; a view without it: the last move alone).
function turnOf(view) {
  if (Array.isArray(view.last_turn) && view.last_turn.length) return view.last_turn;
  return view.last_move ? [view.last_move] : [];
}

// A turn made elsewhere (a computer's, or a friend's by link) is shown move by move once
// this device's player is to move: each path drawn and named after the one before, STEP_MS
// apart (all at once with reduced motion, in review, or for a game resumed).
const STEP_MS = 400;
// (key: the game and position shown; at: when the step was taken; seen: the turns shown
// already, which a look at an earlier move and back does not replay)
const replay = { key: null, step: 0, count: 0, timer: null, at: 0, seen: new Set() };
const reducedMotion = () => !!globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
const madeElsewhere = (state, seat) => state.seats?.[seat] === "ai" || (state.link?.me != null && seat !== state.link.me);

// How many of the last turn's moves are shown now (rendering starts the replay).
function turnShown(view, ctx) {
  const turn = turnOf(view);
  const state = ctx?.state;
  if (!state || turn.length < 2) return turn.length;
  const key = `${state.id} ${view.ply} ${turn.length}`;
  if (replay.key === key) return replay.step;
  clearTimeout(replay.timer);
  replay.key = key;
  replay.count = turn.length;
  const seat = turn[0].seat;
  const live = !replay.seen.has(key) && state.announce && ctx.live && state.view === view && view.to_move !== seat &&
    madeElsewhere(state, seat) && !madeElsewhere(state, view.to_move);
  replay.step = live && !reducedMotion() && ctx.rerender ? 1 : turn.length;
  if (live) replay.seen.add(key);
  if (replay.seen.size > 64) replay.seen.delete(replay.seen.values().next().value);
  replay.at = replay.step < turn.length ? performance.now() : 0;
  const next = () => {
    if (replay.key !== key) return;
    replay.step++;
    replay.at = performance.now();
    if (replay.step < replay.count) replay.timer = setTimeout(next, STEP_MS);
    ctx.rerender();
  };
  if (replay.step < replay.count) replay.timer = setTimeout(next, STEP_MS);
  return replay.step;
}

// One move in words, without the player: "small peg from b2 to c3".
function moveWords(move, t) {
  const peg = pegName(t, move.move[0]);
  if (move.move.endsWith("x")) return t("number-one.move.removed", { peg, hole: move.cells[0] });
  const key = move.move.endsWith("*") ? "number-one.move.turned" : "number-one.move.moved";
  return t(key, { peg, from: move.cells[0], to: move.cells[move.cells.length - 1] });
}

export default {
  // the first-game walkthrough, as data (panels/walkthrough.js)
  walkthrough,
  // this game's words in each language (added to the page's tables: i18n/i18n.js addWords)
  translations: { en, ko, uk },
  // the engine's refusals' params that are words: param -> key prefix (i18n/reasons.js)
  words: { peg: "number-one.peg." },
  id: "number-one",
  // its start drawn before the engine is up (shell/start.js, paintStart): the seed plays no part
  startView: startAsBuilt,

  paint(cell) {
    if (!cell.playable) return { under: "void" };
    const under = cell.token ? "token" : "hole";
    if (!cell.peg) return { under };
    const { seat, size, turned } = cell.peg;
    const cvd = colorBlind();
    const piece = { fill: (cvd ? SEAT_COLORS_CVD : SEAT_COLORS)[seat % 4], ink: (cvd ? SEAT_INK_CVD : SEAT_INK)[seat % 4], label: String(seat + 1), r: SIZE_R[size], turned, tone: turned ? "turned" : "" };
    if (cvd) piece.body = SEAT_SHAPES[seat % 4];
    return { under, piece };
  },

  // the direction of the seat's start corner from the board's centre (render.js turns a
  // shared board so that it is at the bottom): corner k at -120° + 60°·k, y pointing down
  seatHome(view, seat) {
    const corner = CORNERS[view.players]?.[seat];
    return corner == null ? null : -120 + 60 * corner;
  },

  seatColors(view) {
    return (colorBlind() ? SEAT_COLORS_CVD : SEAT_COLORS).slice(0, view.players);
  },

  // the seats are colours, not black and white: their dots are never inverted in the dark
  // theme, and the colour-blind palette draws each in its own shape (styles.css)
  seatStyle: "colours",

  describeCell(cell, view, { t, seatName }) {
    if (!cell.playable) return t("number-one.cell.off", { cell: cell.id });
    const hole = t(cell.token ? "number-one.cell.token" : "number-one.cell.sunk", { cell: cell.id });
    if (!cell.peg) return hole;
    // the number drawn on the peg is part of its name (what is seen is what is heard)
    const { seat, size, turned } = cell.peg;
    const peg = t(turned ? "number-one.cell.peg-turned" : "number-one.cell.peg", { player: seatName(seat), peg: pegName(t, size), n: seat + 1 });
    return `${hole}, ${peg}`;
  },

  // the last move (said to screen readers as each move arrives); on the status line (a ctx
  // with the state) the last turn's moves shown so far, in order
  describeMove(view, ctx) {
    const { t, seatName } = ctx;
    let last = view.last_move;
    if (!last) return "";
    if (ctx.state) {
      const turn = turnOf(view).slice(0, turnShown(view, ctx));
      if (turn.length > 1) return t("number-one.announce.turn", { player: seatName(turn[0].seat), moves: turn.map((m) => moveWords(m, t)).join("; ") });
      last = turn[0] || last;
    }
    const player = seatName(last.seat);
    const size = last.move[0];
    const peg = pegName(t, size);
    if (last.move.endsWith("x")) return t("number-one.announce.removed", { player, peg, hole: last.cells[0] });
    const key = last.move.endsWith("*") ? "number-one.announce.turned" : "number-one.announce.moved";
    return t(key, { player, peg, from: last.cells[0], to: last.cells[last.cells.length - 1] });
  },

  // a move of the notation in words (the puzzles' messages): "S-e8-f8*" is the small peg
  // from e8 to f8, an empty hole, where it is turned
  nameMove(move, { t }) {
    const parts = /^([SML])-(.+?)([x*]?)$/.exec(move);
    return parts ? moveWords({ move, cells: parts[2].split("-") }, t) : null;
  },

  // the move a click would make, to ask the engine why it is not allowed
  probeMove(view, sel, id) {
    const cells = view.board.cells;
    const cell = cells.find((c) => c.id === id);
    if (!cell) return null;
    if (!sel.pick.length) return `${cell.peg?.size ?? "S"}-${id}x`;
    const from = cells.find((c) => c.id === sel.pick[0]);
    if (!from?.peg || from.id === id) return null;
    return `${from.peg.size}-${from.id}-${id}${cell.token ? "" : "*"}`;
  },

  prompt(view, { t, seatName }) {
    const pegs = (view.to_move_pegs || []).map((s) => pegName(t, s)).join(", ");
    return t("number-one.status.move", { player: seatName(view.to_move), pegs });
  },

  pickStatus(view, sel, pending, { t }) {
    const peg = view.board.cells.find((c) => c.id === sel.pick[0])?.peg;
    if (!peg) return null;
    const name = pegName(t, peg.size);
    if (pending?.show?.remove) return t("number-one.status.remove", { peg: name });
    if (pending && pending.count > 1) return t("number-one.status.paths", { count: pending.count });
    return t("number-one.status.where", { peg: name });
  },

  confirmLabel(pending, { t }) {
    return pending.show?.remove ? t("number-one.action.remove") : t("action.confirm.number-one");
  },

  // the last turn's paths (and pegs that left the board), faintly, as far as shown; the
  // newest of a turn being shown arrives with a short motion
  overlays(view, ctx) {
    const turn = turnOf(view);
    const shown = turnShown(view, ctx);
    if (ctx?.state?.sel?.pick?.length) return [];
    // (the step's own render, not any render after it)
    const stepping = !!ctx?.state && replay.at > 0 && performance.now() - replay.at < STEP_MS / 2;
    return turn.slice(0, shown).flatMap((m, i) => {
      const fresh = stepping && i === shown - 1;
      if (m.move.endsWith("x")) return [{ kind: "remove", cells: m.cells, tone: "last", name: m.move, fresh }];
      return m.cells.length < 2 ? [] : [{ kind: "path", cells: m.cells, tone: "last", name: m.move, fresh }];
    });
  },

  renderPanel(container, view, { t, seatName }) {
    const out = view.out || [];
    const list = h("ol", { class: "players" });
    for (let seat = 0; seat < view.players; seat++) {
      const pegs = (view.pegs?.[seat] || []);
      const gone = out.indexOf(seat);
      const moving = !view.result && view.to_move === seat;
      const chips = SIZES.map((size) => {
        const peg = pegs.find((p) => p.size === size);
        const todo = moving && (view.to_move_pegs || []).includes(size);
        const label = peg ? `${pegName(t, size)}${peg.turned ? ` (${t("number-one.turned")})` : ""}${todo ? ` — ${t("number-one.to-move")}` : ""}` : `${pegName(t, size)}: ${t("number-one.gone")}`;
        return h("span", { class: `peg-chip size-${size}${peg ? "" : " gone"}${peg?.turned ? " turned" : ""}${todo ? " todo" : ""}`, title: label, "aria-label": label }, size);
      });
      const status = gone >= 0 ? t("number-one.out", { n: gone + 1 }) : view.result?.winner === seat ? t("number-one.winner") : moving ? t("number-one.moving") : t("number-one.in");
      list.append(
        h("li", { class: `player-row seat-${seat}${moving ? " to-move" : ""}${gone >= 0 ? " out" : ""}`, "data-seat": seat },
          seatDot(seat),
          h("span", { class: "seat-name" }, seatName(seat)),
          h("span", { class: "pegs" }, chips),
          h("span", { class: "help player-status" }, status)),
      );
    }
    container.replaceChildren(
      h("section", { class: "panel-section", "aria-labelledby": "players-title" },
        h("h2", { id: "players-title" }, t("number-one.players")),
        h("p", { class: "help goal-lines", "data-goal": "" }, h("span", {}, t("number-one.goal.win")), " ", h("span", {}, t("number-one.goal.out"))),
        list,
        h("p", { class: "help" }, t("number-one.tokens", { count: view.tokens ?? 0 })),
        h("p", { class: "help" }, t("number-one.legend")),
        legend("number-one", t, marks())),
    );
  },

  explainResult(view, { t, seatName }) {
    const r = view.result;
    if (!r) return null;
    const player = seatName(r.winner);
    const order = (r.out || []).map((s) => seatName(s)).join(", ");
    return { title: t("result.title", { player }), text: t("number-one.result", { player, order }) };
  },
};
