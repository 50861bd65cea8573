// The game shell: boots the engine worker, starts or resumes a game, renders the
// board and panels, handles picks, moves, undo/redo, review, hints and computer seats.
// Game-specific presentation comes from games/<id>.js, chosen by view.game.

import { BoardView } from "./board.js";
import { clearMessages, closeResultDialog, openNewGameDialog, showMessage, showResultDialog } from "./dialogs.js";
import { EngineClient } from "./engine-client.js";
import { presentationFor } from "./games/index.js";
import { LANGUAGES, language, setLanguage, t, translateDom } from "./i18n.js";
import { SetPicker } from "./pick.js";
import { clearLink, downloadRecord, linkFor, readLink, readRecordFile } from "./share.js";
import { StorageError, createState, keepPrevious, restore, save, takePrevious } from "./state.js";

const html = document.documentElement;
const $ = (selector) => document.querySelector(selector);

const DEFAULT_BUDGET_MS = { easy: 300, medium: 1000, hard: 2500, expert: 5000 };
const STEP_WEIGHTS = { runtime: 0.55, stdlib: 0.2, micropip: 0.1, engine: 0.15 };
const STEP_ORDER = ["runtime", "stdlib", "micropip", "engine", "ready"];

const state = createState();
const engine = new EngineClient(new URL("./engine-worker.js", import.meta.url));
const board = new BoardView($("#board"), { onActivate: (id) => onCellActivate(id) });

// The engine's refusals: a translated headline by error code, the engine's own (English)
// explanation as the detail.
class EngineError extends Error {
  constructor(error) {
    super(t(`engine.error.${error.code}`, { detail: error.message }, error.message));
    this.code = error.code;
  }
}

async function call(request) {
  const response = await engine.request(request);
  if (response && response.error) throw new EngineError(response.error);
  return response;
}

// --- loading --------------------------------------------------------------------

const loading = { step: "runtime", fraction: {} };

function onProgress({ step, done, total }) {
  const index = STEP_ORDER.indexOf(step);
  for (const s of STEP_ORDER.slice(0, Math.max(0, index))) loading.fraction[s] = 1;
  if (step in STEP_WEIGHTS) loading.fraction[step] = total > 0 ? Math.min(1, done / total) : 0;
  loading.step = step;
  let overall = 0;
  for (const [s, w] of Object.entries(STEP_WEIGHTS)) overall += w * (loading.fraction[s] || 0);
  if (step === "ready") overall = 1;
  const bar = $("#loading-bar");
  bar.style.width = `${(overall * 100).toFixed(1)}%`;
  $("#loading-progress").setAttribute("aria-valuenow", String(Math.round(overall * 100)));
  let text = t(`engine.step.${step}`);
  if ((step === "runtime" || step === "stdlib") && total > 1) text += ` — ${(done / 1e6).toFixed(1)} / ${(total / 1e6).toFixed(1)} MB`;
  $("#loading-step").textContent = text;
}

function showFatal(message) {
  html.dataset.engine = "failed";
  $("#loading").classList.add("failed");
  $("#loading-step").textContent = t("engine.fatal", { message });
  $("#loading-reload").hidden = false;
}

// --- seats ----------------------------------------------------------------------

function isAi(seat) {
  return state.seats[seat] === "ai";
}

function hasHuman() {
  return state.seats.some((s) => s === "human");
}

function seatName(seat) {
  const ais = state.seats.filter((s) => s === "ai").length;
  if (isAi(seat)) return ais > 1 ? t("seat.name.ai", { n: seat + 1 }) : t("seat.ai");
  if (ais === 1 && state.seats.length === 2) return t("seat.you");
  return t("seat.name", { n: seat + 1 });
}

function levels() {
  return state.games?.levels || [];
}

function budgetFor(levelId) {
  const level = levels().find((l) => l.id === levelId);
  return level?.budget_ms ?? DEFAULT_BUDGET_MS[levelId] ?? 1000;
}

// --- setting the position ---------------------------------------------------------

function setPosition(record, view) {
  state.record = record;
  state.view = view;
  state.pick = [];
  state.hint = null;
  state.review = null;
  state.picker = view.input?.kind === "set" ? new SetPicker(view) : null;
  state.generation++;
  setThinking(false);
  save(state);
  render();
  if (view.result && state.resultShown !== record.moves.length) {
    state.resultShown = record.moves.length;
    const ui = presentationFor(view.game);
    const explained = ui.explainResult(view, { t, seatName });
    if (explained && state.announce) showResultDialog({ ...explained, onNewGame: () => newGameDialog() });
  }
  if (!view.result) state.resultShown = null;
  scheduleComputer();
}

function setThinking(on) {
  state.thinking = on;
  html.dataset.thinking = on ? "true" : "false";
}

async function startGame({ game, options, seats, level, origin }) {
  const response = await call({ op: "new", game, options });
  state.seats = seats;
  state.level = level;
  state.origin = origin ?? "";
  state.redo = [];
  state.resultShown = null;
  closeResultDialog();
  setPosition(response.record, response.view);
}

// --- moves ------------------------------------------------------------------------

async function withBusy(fn) {
  state.busy = true;
  render();
  try {
    return await fn();
  } catch (error) {
    showMessage(error instanceof EngineError ? t("error.engine", { message: error.message }) : String(error?.message || error));
    return null;
  } finally {
    state.busy = false;
    render();
  }
}

async function playMove(move) {
  const response = await call({ op: "play", record: state.record, move });
  if (state.redo.length && state.redo[state.redo.length - 1] === move) state.redo.pop();
  else state.redo = [];
  state.announce = true;
  setPosition(response.record, response.view);
}

function confirmPick() {
  if (!state.picker || state.busy || state.thinking) return;
  const move = state.picker.match(state.pick);
  if (!move) return;
  withBusy(() => playMove(move));
}

function clearPick() {
  state.pick = [];
  state.hint = null;
  render();
}

function onCellActivate(id) {
  if (!interactive()) return;
  const index = state.pick.indexOf(id);
  if (index >= 0) {
    state.pick.splice(index, 1);
  } else {
    const selectable = state.pick.length ? state.picker.selectable(state.pick) : state.picker.takeable;
    if (!selectable.has(id)) return;
    state.pick.push(id);
  }
  state.hint = null;
  render();
}

async function undo() {
  if (!state.record || !state.record.moves.length) return;
  await withBusy(async () => {
    state.generation++; // drop any computer move being computed
    setThinking(false);
    const moves = [...state.record.moves];
    const undone = [];
    let response;
    do {
      undone.push(moves.pop());
      response = await call({ op: "load", record: { ...state.record, moves } });
    } while (moves.length && hasHuman() && isAi(response.view.to_move));
    state.redo.push(...undone);
    state.announce = false;
    closeResultDialog();
    setPosition(response.record, response.view);
  });
}

async function redo() {
  if (!state.redo.length) return;
  await withBusy(async () => {
    state.generation++;
    setThinking(false);
    let record = state.record;
    let response;
    do {
      const move = state.redo.pop();
      response = await call({ op: "play", record, move });
      record = response.record;
    } while (state.redo.length && hasHuman() && isAi(response.view.to_move) && !response.view.result);
    state.announce = true;
    setPosition(response.record, response.view);
  });
}

function randomSeed() {
  return Math.floor(Math.random() * 2 ** 31);
}

// Ask the engine's computer player for a move (in the worker, so the page stays live).
// {move, value}: the move and the engine's estimate in [-1, 1] for the side to move.
async function askEngine(level) {
  const response = await call({ op: "ai", record: state.record, level, seed: randomSeed(), budget_ms: budgetFor(level) });
  if (typeof response.move !== "string") throw new EngineError({ code: "internal", message: "no move" });
  return { move: response.move, value: response.stats?.value ?? null };
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function scheduleComputer() {
  const view = state.view;
  if (!view || view.result || !isAi(view.to_move) || state.thinking || state.paused) return;
  const generation = state.generation;
  const started = performance.now();
  setThinking(true);
  render();
  (async () => {
    try {
      const { move } = await askEngine(state.level || levels()[0]?.id || "medium");
      if (generation !== state.generation) return;
      if (!move) throw new Error("no legal move");
      if (!hasHuman()) {
        // watching a computer-vs-computer game: keep to the chosen pace, and stop if paused
        await delay(state.pace - (performance.now() - started));
        if (generation !== state.generation) return;
        if (state.paused) {
          setThinking(false);
          render();
          return;
        }
      }
      const response = await call({ op: "play", record: state.record, move });
      if (generation !== state.generation) return;
      state.redo = [];
      state.announce = true;
      setPosition(response.record, response.view);
    } catch (error) {
      if (generation !== state.generation) return;
      setThinking(false);
      render();
      showMessage(t("error.ai", { message: error?.message || String(error) }));
    }
  })();
}

async function hint() {
  if (!interactive()) return;
  const generation = state.generation;
  await withBusy(async () => {
    const suggestion = await askEngine(state.level || "medium");
    if (generation !== state.generation || !suggestion.move) return;
    state.pick = suggestion.move.split(state.view.input?.separator || "+");
    state.hint = suggestion;
  });
}

// The status line's hint: the suggested move and the engine's estimate as a percentage.
function hintText(view) {
  const { move, value } = state.hint;
  if (value == null) return t("status.hint.move", { move });
  const percent = Math.round(((value + 1) / 2) * 100);
  return t("status.hint", { move, percent, player: seatName(view.to_move) });
}

function togglePause() {
  state.paused = !state.paused;
  render();
  if (!state.paused) scheduleComputer();
}

async function review(ply) {
  if (!state.record) return;
  if (ply >= state.record.moves.length) {
    state.review = null;
    render();
    return;
  }
  const response = await call({ op: "view", record: state.record, ply }).catch((error) => {
    showMessage(t("error.engine", { message: error.message }));
    return null;
  });
  if (!response) return;
  state.review = { ply, view: response.view };
  render();
}

// --- rendering ----------------------------------------------------------------------

function interactive() {
  const view = state.view;
  return !!(
    view &&
    state.picker &&
    !state.review &&
    !view.result &&
    !state.busy &&
    !state.thinking &&
    !isAi(view.to_move) &&
    html.dataset.engine === "ready"
  );
}

function render() {
  const view = state.review?.view ?? state.view;
  if (!view) return;
  const ui = presentationFor(view.game);
  const ctx = { t, seatName };
  const live = interactive();
  const picked = new Set(state.pick);
  const selectable = live ? (state.pick.length ? state.picker.selectable(state.pick) : state.picker.takeable) : new Set();
  const marked = new Set(view.last_move?.cells || []);
  const complete = live && state.picker.match(state.pick);

  board.render(view.board, {
    paint: (cell) => ui.paint(cell, view),
    label: (cell, flags) => {
      const parts = [cell.color == null ? t("cell.empty", { cell: cell.id }) : ui.describeCell(cell, view, ctx)];
      if (flags.picked) parts.push(t("cell.picked"));
      else if (flags.selectable) parts.push(t("cell.takeable"));
      if (flags.marked) parts.push(t("cell.last"));
      return parts.join(", ");
    },
    selectable,
    picked: live ? picked : new Set(),
    marked,
    interactive: live,
    ariaLabel: t("board.label"),
  });

  // status line
  const status = $("#status");
  let text;
  if (state.review) text = t("status.review", { ply: state.review.ply, total: state.record.moves.length });
  else if (view.result) text = view.result.winner == null ? t("status.draw") : t("status.wins", { player: seatName(view.result.winner) });
  else if (state.thinking) text = t("status.thinking", { player: seatName(view.to_move) });
  else if (live && state.hint) text = hintText(view);
  else if (live && state.pick.length) {
    const cells = state.pick.map((id) => view.board.cells.find((c) => c.id === id));
    text = ui.pickStatus(view, cells, !!complete, ctx) || t("status.picked", { count: state.pick.length });
  } else if (isAi(view.to_move)) text = t("status.to-move", { player: seatName(view.to_move) });
  else text = t("status.your-move", { player: seatName(view.to_move) });
  $("#status-text").textContent = text;
  status.dataset.seat = view.result ? (view.result.winner ?? "") : String(view.to_move);
  status.classList.toggle("thinking", state.thinking && !state.review);
  $("#review-back").hidden = !state.review;

  // pick bar
  const confirm = $('[data-action="confirm"]');
  confirm.disabled = !complete;
  $('[data-action="clear"]').disabled = !(live && state.pick.length);
  $("#pick-count").textContent = live && state.pick.length ? t("status.picked", { count: state.pick.length }) : "";

  // toolbar
  const current = state.view;
  const moves = state.record?.moves || [];
  $('[data-action="undo"]').disabled = !moves.length || state.busy;
  $('[data-action="redo"]').disabled = !state.redo.length || state.busy;
  $('[data-action="hint"]').disabled = !live;
  $("#watch").hidden = hasHuman() || !!current?.result;
  const pause = $('[data-action="pause"]');
  pause.setAttribute("aria-pressed", String(state.paused));
  pause.querySelector("span").textContent = t(state.paused ? "action.resume" : "action.pause");

  // result banner (the one [data-result] element)
  const slot = $("#result-slot");
  if (current.result) {
    const explained = presentationFor(current.game).explainResult(current, ctx);
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
  } else slot.replaceChildren();

  ui.renderPanel($("#game-panel"), view, ctx);
  renderMoves(moves, view);
}

function renderMoves(moves, view) {
  const list = $("#move-list");
  const shownPly = state.review ? state.review.ply : moves.length;
  if (list.childElementCount === moves.length && list.dataset.shown === String(shownPly) && list.dataset.key === moves.join(" ")) return;
  list.dataset.shown = String(shownPly);
  list.dataset.key = moves.join(" ");
  list.replaceChildren();
  const players = view.players || 2;
  moves.forEach((move, i) => {
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "move";
    button.dataset.ply = String(i + 1);
    if (i + 1 === shownPly) button.setAttribute("aria-current", "step");
    const dot = document.createElement("span");
    dot.className = `seat-dot seat-${i % players}`;
    const num = document.createElement("span");
    num.className = "move-num";
    num.textContent = `${i + 1}.`;
    const text = document.createElement("span");
    text.className = "move-text";
    text.textContent = move;
    button.append(num, dot, text);
    button.addEventListener("click", () => review(i + 1));
    li.append(button);
    list.append(li);
  });
  $("#moves-empty").hidden = moves.length > 0;
  const currentButton = list.querySelector('[aria-current="step"]');
  if (currentButton) {
    // scroll the list only (scrollIntoView would scroll the whole page on a phone)
    const item = currentButton.parentElement;
    if (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = item.offsetTop - list.clientHeight / 2;
    }
  }
}

// --- new game -----------------------------------------------------------------------

async function newGameDialog() {
  if (!state.games) return;
  const chosen = await openNewGameDialog({
    games: state.games.games,
    levels: levels(),
    current: { game: state.record?.game, options: state.record?.options, seats: state.seats, level: state.level },
  });
  if (!chosen) return;
  await withBusy(() => startGame({ ...chosen, origin: "" }));
}

// --- URL parameters -------------------------------------------------------------------

const RESERVED = new Set(["lang"]);

// Returns null when the URL names no game, else {game, options, seats, level, origin}
// or {error}.
function parseUrl(games) {
  const params = new URLSearchParams(window.location.search);
  const keys = [...params.keys()].filter((k) => !RESERVED.has(k));
  if (!keys.length) return null;
  const problems = [];
  const gameId = params.get("game") ?? games.games[0]?.id;
  const info = games.games.find((g) => g.id === gameId);
  if (!info) return { error: t("error.url.game", { value: gameId }) };
  const options = {};
  for (const option of info.options) {
    if (!params.has(option.name)) continue;
    const raw = params.get(option.name);
    let value;
    if (option.type === "choice") {
      const choice = option.choices.find((c) => String(c.value) === raw);
      value = choice ? choice.value : undefined;
    } else if (option.type === "int") {
      const n = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
      value = Number.isSafeInteger(n) && (option.min == null || n >= option.min) && (option.max == null || n <= option.max) ? n : undefined;
    } else if (option.type === "bool") {
      value = { true: true, 1: true, yes: true, false: false, 0: false, no: false }[raw.toLowerCase()];
    } else value = raw;
    if (value === undefined) problems.push(t("error.url.option", { value: raw, name: option.name }));
    else options[option.name] = value;
  }
  const count = info.players?.max ?? 2;
  const seats = [];
  for (let seat = 0; seat < count; seat++) {
    const name = `p${seat + 1}`;
    const raw = params.get(name) ?? "human";
    if (raw !== "human" && raw !== "ai") problems.push(t("error.url.seat", { name, value: raw }));
    seats.push(raw === "ai" ? "ai" : "human");
  }
  let level = params.get("level");
  if (level != null && !levels().some((l) => l.id === level)) {
    problems.push(t("error.url.level", { value: level }));
    level = null;
  }
  const known = new Set(["game", "level", ...info.options.map((o) => o.name), ...seats.map((_, i) => `p${i + 1}`)]);
  for (const key of keys) if (!known.has(key)) problems.push(t("error.url.option", { value: params.get(key), name: key }));
  if (problems.length) return { error: problems.join("; ") };
  const origin = [...keys].sort().map((k) => `${k}=${params.get(k)}`).join("&");
  return { game: info.id, options, seats, level: level ?? levels()[Math.min(1, levels().length - 1)]?.id ?? null, origin };
}

// --- games that travel: links and files ---------------------------------------------------

// Open a record from a link or a file. The engine re-validates every move; if it refuses,
// the game in progress is untouched. If it accepts, the replaced game is kept for "back".
async function openRecord({ record, seats }) {
  const response = await call({ op: "load", record });
  let kept = false;
  if (state.record) {
    save(state);
    kept = keepPrevious();
  }
  state.seats = seats || ["human", "human"];
  state.level = state.level || levels()[Math.min(1, levels().length - 1)]?.id || null;
  state.origin = "";
  state.redo = [];
  state.resultShown = response.view.result ? response.record.moves.length : null;
  state.announce = false;
  state.paused = false;
  closeResultDialog();
  setPosition(response.record, response.view);
  if (kept) {
    const back = document.createElement("button");
    back.type = "button";
    back.className = "button small";
    back.dataset.action = "restore-previous";
    back.textContent = t("action.restore-previous");
    showMessage(t("share.opened"), "info", back);
  }
}

async function restorePrevious(button) {
  const previous = takePrevious();
  button?.closest("[data-message]")?.remove();
  if (!previous) return;
  await withBusy(() => resume(previous));
}

// Open what a link or a file brought ({record, seats} or {error}); a refusal is reported
// under `errorKey` and leaves the game in progress alone.
async function openShared(opened, errorKey) {
  if (opened.error) {
    showMessage(t(errorKey, { message: t(`share.error.${opened.error}`) }));
    return;
  }
  try {
    await openRecord(opened);
  } catch (error) {
    showMessage(t(errorKey, { message: error.message }));
  }
}

// A game link in the fragment: at start-up, or pasted into the address bar later.
async function openLink() {
  const shared = readLink();
  if (!shared) return;
  clearLink(); // opened once; a reload then resumes the saved game
  await openShared(shared, "error.link");
}

async function share() {
  const link = linkFor(state.record, state.seats);
  const field = document.createElement("input");
  field.readOnly = true;
  field.value = link;
  field.className = "share-link";
  field.dataset.shareLink = "";
  field.setAttribute("aria-label", t("share.link"));
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    /* no clipboard here (permissions, insecure context): the field lets the player copy */
  }
  showMessage(t(copied ? "share.copied" : "share.copy-this"), "info", field);
  field.select();
}

async function importFile(file) {
  await openShared(await readRecordFile(file), "error.file");
}

// --- boot -----------------------------------------------------------------------------

async function resume(saved) {
  const response = await call({ op: "load", record: saved.record });
  state.seats = saved.seats;
  state.level = saved.level;
  state.origin = saved.origin;
  state.redo = saved.redo;
  state.resultShown = response.view.result ? response.record.moves.length : null;
  state.announce = false;
  setPosition(response.record, response.view);
}

const LANGUAGE_KEY = "nibble-web/lang";

function storedLanguage() {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

// The language picker: ?lang= wins, then the player's last choice, then the browser's.
function wireLanguage() {
  const select = $("#language");
  for (const [code, name] of Object.entries(LANGUAGES)) select.append(new Option(name, code));
  select.value = language();
  select.addEventListener("change", () => {
    setLanguage(select.value);
    try {
      localStorage.setItem(LANGUAGE_KEY, language());
    } catch {
      /* a private window may refuse storage; the choice still holds for this visit */
    }
    translateDom();
    translatePace();
    if (state.view) render();
  });
}

const PACES = { fast: 0, normal: 800, slow: 2000 };

function wirePace() {
  const select = $("#pace");
  for (const [id, ms] of Object.entries(PACES)) select.append(new Option(t(`watch.pace.${id}`), String(ms)));
  select.value = String(state.pace);
  select.addEventListener("change", () => {
    state.pace = Number(select.value);
  });
}

function translatePace() {
  for (const option of $("#pace").options) {
    const id = Object.keys(PACES).find((k) => String(PACES[k]) === option.value);
    option.textContent = t(`watch.pace.${id}`);
  }
}

async function boot() {
  setLanguage(new URLSearchParams(window.location.search).get("lang") || storedLanguage() || navigator.language);
  translateDom();
  wireLanguage();
  wirePace();
  html.dataset.thinking = "false";
  engine.onProgress = onProgress;
  try {
    await engine.ready;
  } catch (error) {
    showFatal(error.message);
    return;
  }
  try {
    state.games = await call({ op: "games" });
  } catch (error) {
    showFatal(error.message);
    return;
  }

  let saved = null;
  try {
    saved = restore();
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    showMessage(t("error.storage"), "warning");
  }

  const wanted = parseUrl(state.games);
  if (wanted?.error) showMessage(t("error.url", { message: wanted.error }));
  const fromUrl = wanted && !wanted.error ? wanted : null;

  let started = false;
  if (readLink()) {
    // the game in progress first, so that it is kept (and survives a refused link)
    if (saved) {
      try {
        await resume(saved);
      } catch {
        /* an unreadable save is replaced by the shared game */
      }
    }
    await openLink();
    started = !!state.record;
  }
  if (!started && saved && (!fromUrl || saved.origin === fromUrl.origin)) {
    try {
      await resume(saved);
      started = true;
    } catch {
      showMessage(t("error.storage"), "warning");
    }
  }
  if (!started && fromUrl) {
    try {
      await startGame(fromUrl);
      started = true;
    } catch (error) {
      showMessage(t("error.url", { message: error.message }));
    }
  }
  if (!started) {
    const game = state.games.games[0];
    await startGame({ game: game.id, options: {}, seats: ["human", "ai"], level: levels()[Math.min(1, levels().length - 1)]?.id ?? null, origin: "" });
  }
  $("#loading").hidden = true;
  html.dataset.engine = "ready";
  render();
  scheduleComputer();
}

// --- wiring -----------------------------------------------------------------------------

function wire() {
  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || target.disabled) return;
    switch (target.dataset.action) {
      case "confirm":
        confirmPick();
        break;
      case "clear":
        clearPick();
        break;
      case "undo":
        undo();
        break;
      case "redo":
        redo();
        break;
      case "new-game":
        newGameDialog();
        break;
      case "hint":
        hint();
        break;
      case "pause":
        togglePause();
        break;
      case "share":
        share();
        break;
      case "export":
        downloadRecord(state.record);
        break;
      case "import":
        $("#import-file").click();
        break;
      case "restore-previous":
        restorePrevious(target);
        break;
      case "back":
        state.review = null;
        render();
        break;
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("dialog, input, select, textarea")) return;
    if (event.key === "Escape") {
      if (state.review) {
        state.review = null;
        render();
      } else if (state.pick.length) clearPick();
    }
  });
  $("#loading-reload").addEventListener("click", () => window.location.reload());
  window.addEventListener("hashchange", () => {
    if (html.dataset.engine === "ready") withBusy(openLink);
  });
  $("#import-file").addEventListener("change", (event) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) importFile(file);
  });
}

wire();
boot().catch((error) => {
  showFatal(error?.message || String(error));
});

// for debugging and automation
window.nibbleApp = { state, engine };
