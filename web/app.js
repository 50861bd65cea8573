// The page: boots the engine's workers, decides which game to show (a link, a file, the
// tab's game, the last game, or a new one), and wires the controls. The work itself is
// split by job: turns.js (the turn loop), session.js + library.js (saving, tabs, the
// games library), render.js (drawing), loading.js (the loading screen), messages.js,
// dialogs.js, share.js (links and files). Game-specific presentation comes from
// games/<id>.js, chosen by view.game.

import { BoardView } from "./board/board.js";
import { closeResultDialog, confirmDialog, openNewGameDialog, optionLabel } from "./ui/dialogs.js";
import { EngineClient } from "./engine/engine-client.js";
import { trapFocus } from "./ui/focus-trap.js";
import { LANGUAGES, language, setLanguage, t, translateDom } from "./i18n/i18n.js";
import * as library from "./store/library.js";
import { openLibraryDialog } from "./panels/library-dialog.js";
import { createLoading } from "./engine/loading.js";
import { buildPaint, rememberView, storedGames, storedView } from "./engine/paint.js";
import { wireMenu } from "./ui/menu.js";
import { dismissMessage, showMessage } from "./ui/messages.js";
import { interactive, render, seatNamer } from "./view/render.js";
import { createRules } from "./panels/rules.js";
import { createSession } from "./session/session.js";
import { initSettings } from "./ui/settings.js";
import { allowSound, initSound } from "./ui/sound.js";
import { clearLink, downloadRecord, hasLink, linkOrigin, readLink, readRecordFile } from "./session/share.js";
import { createLinkPlay, gameLinked } from "./session/link-play.js";
import { pickerFor } from "./board/pick.js";
import { createState, resigner } from "./store/state.js";
import { createToolbar } from "./ui/toolbar.js";
import { Cancelled, call, createTurns } from "./session/turns.js";
import { createZoom } from "./board/zoom.js";
import { createWalkthrough } from "./panels/walkthrough.js";
import { createAnalysis } from "./review/analysis.js";
import { createNavigation } from "./review/navigation.js";
import { createRetro } from "./review/retro.js";
import { bestOverlays, renderReview } from "./review/view.js";
import { noteFocus, restoreFocus } from "./ui/focus-keep.js";


const html = document.documentElement;
const $ = (selector) => document.querySelector(selector);

const state = createState();
const app = {
  state,
  rules: new EngineClient({ name: "rules", requestTimeoutMs: 15_000 }),
  ai: new EngineClient({ name: "ai", standby: true, beats: true }),
  // the background analysis's own worker (review/analysis.js), started once there is work
  analyst: new EngineClient({ name: "analysis", beats: true }),
  render: () => {
    const focused = noteFocus();
    render(app);
    app.navigation.update();
    renderReview(app, seatNamer(state));
    app.analysis.pump();
    app.toolbar.fit(); // the game's name and the Pause label change its widths
    app.zoom.update(state.review?.view ?? state.view);
    app.walkthrough.update();
    restoreFocus(focused, app.board);
    syncAddress();
  },
  interactive: () => interactive(state),
  closeResultDialog,
  newGameDialog: () => newGameDialog(),
  rematch: (sameBoard) => rematch(sameBoard),
  review: (ply) => app.navigation.goTo(ply, { reveal: true }), // a move of the move list
  suggested: (view) => bestOverlays(app, view),
  // the page's words and messages, for tests (the page is one bundled script: its modules
  // cannot be imported on their own, scripts/bundle_page.py)
  t,
  showMessage,
};
app.board = new BoardView($("#board"), { onActivate: (id) => app.turns.onCellActivate(id, interactive(state)) });
app.toolbar = createToolbar($(".topbar"));
app.zoom = createZoom($("#board"), $('[data-action="zoom"]'));
app.turns = createTurns(app);
app.analysis = createAnalysis(app, app.analyst);
// An answer redraws what review shows (chart, marks, summary), not the whole page, so that
// the panel under the player's focus is not rebuilt several times a second; the board
// too only when the position shown got its answer (its best move is drawn there).
app.analysis.onChange((plies) => {
  if (!state.view) return;
  if (state.review && (plies.has(state.review.ply) || plies.has(state.review.ply - 1))) app.render();
  else renderReview(app, seatNamer(state));
});
app.navigation = createNavigation(app);
app.retro = createRetro(app);
app.session = createSession(app);
app.linkPlay = createLinkPlay(app, { openRecord, sayPreviousKept });
app.walkthrough = createWalkthrough(app);
app.rulesSheet = createRules({ currentGame: () => state.view?.game, onWalkthrough: () => app.walkthrough.start() });
const loading = createLoading();

function levels() {
  return state.games?.levels || [];
}

function defaultLevel() {
  return levels()[Math.min(1, levels().length - 1)]?.id ?? null;
}

// --- new games -------------------------------------------------------------------------

async function startGame({ game, options, seats, level, origin }) {
  const response = await call(app.rules, { op: "new", game, options });
  closeResultDialog();
  // the same board not started yet, kept in Games: that one again, not a copy of it
  const unstarted = origin ? null : library.unstarted(response.record, seats, level);
  if (unstarted && (unstarted.id === state.id || (await app.session.open(unstarted)))) return;
  app.session.startEntry(response.record, response.view, { seats, level, origin });
}

async function newGameDialog() {
  if (!state.games) return;
  const chosen = await openNewGameDialog({
    games: state.games.games,
    levels: levels(),
    current: { game: state.record?.game, options: state.record?.options, seats: state.seats, level: state.level },
  });
  if (!chosen) return;
  await app.turns.withBusy(() => startGame({ ...chosen, origin: "" }));
}

// The game shown again: a rematch (the seats turned by one, so that two players swap;
// a new board) or the same board (its seed, the same seats). Same game, options and level;
// a new entry of the library.
async function rematch(sameBoard) {
  const record = state.record;
  if (!record || state.busy) return;
  // in the middle of a game: ask first (the game stays in Games either way)
  if (record.moves.length && !state.view?.result) {
    const sure = await confirmDialog({
      title: t(sameBoard ? "replay.title" : "rematch.title"),
      text: t("replay.text"),
      confirmLabel: t(sameBoard ? "action.same-board" : "action.rematch"),
      action: "replay-confirm",
    });
    if (!sure || state.record !== record) return;
  }
  const options = { ...(record.options || {}) };
  if (!sameBoard) delete options.seed;
  const seats = sameBoard ? [...state.seats] : [...state.seats.slice(1), state.seats[0]];
  app.turns.cancelThinking();
  await app.turns.withBusy(() => startGame({ game: record.game, options, seats, level: state.level, origin: "" }));
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
    // named as the new-game dialog names it, in the page's language
    if (value === undefined) problems.push(t("error.url.option", { value: raw, name: optionLabel(option) }));
    else options[option.name] = value;
  }
  const count = seatCount(info, options);
  const seats = [];
  for (let seat = 0; seat < count; seat++) {
    const name = `p${seat + 1}`;
    const raw = params.get(name) ?? (seat === 0 ? "human" : "human");
    if (raw !== "human" && raw !== "ai") problems.push(t("error.url.option", { value: raw, name: t("option.seat", { n: seat + 1 }) }));
    seats.push(raw === "ai" ? "ai" : "human");
  }
  let level = params.get("level");
  if (level != null && !levels().some((l) => l.id === level)) {
    problems.push(t("error.url.level", { value: level }));
    level = null;
  }
  const known = new Set(["game", "level", ...info.options.map((o) => o.name), ...Array.from({ length: info.players?.max ?? 2 }, (_, i) => `p${i + 1}`)]);
  for (const key of keys) if (!known.has(key)) problems.push(t("error.url.unknown", { name: key }));
  if (problems.length) return { error: problems.join("; ") };
  const origin = [...keys].sort().map((k) => `${k}=${params.get(k)}`).join("&");
  return { game: info.id, options, seats, level: level ?? defaultLevel(), origin };
}

// How many seats a game has with these options (a game may take its count from an option).
export function seatCount(info, options) {
  const option = info.players?.option;
  const fromOption = option ? options[option] ?? info.options.find((o) => o.name === option)?.default : null;
  return Number.isInteger(fromOption) ? fromOption : info.players?.max ?? 2;
}

// --- games that travel: links and files ---------------------------------------------------

// Open a record from a link or a file as a new game of the library. The engine
// re-validates every move; if it refuses, nothing changes. The game shown before stays in
// the library, and a button goes back to it.
async function openRecord({ record, seats, id = null, to = null, names = null }, origin = "", said = "share.opened") {
  const response = await call(app.rules, { op: "load", record });
  const count = response.view.players || 2;
  const valid = Array.isArray(seats) && seats.length === count ? seats : Array(count).fill("human");
  const link = id ? library.linkOf({ id, me: to, names }, count) : null;
  closeResultDialog();
  const previous = app.session.startEntry(response.record, response.view, { seats: valid, level: state.level || defaultLevel(), origin, link });
  if (previous) sayPreviousKept(previous, said);
  else if (said !== "share.opened") showMessage(t(said), "info", null, { key: "share.opened", sticky: true });
}

// A link or a file took the place of a game: say where that game is, with a way back.
function sayPreviousKept(previousId, key) {
  const back = document.createElement("button");
  back.type = "button";
  back.className = "button small";
  back.dataset.action = "restore-previous";
  back.dataset.gameId = previousId;
  back.textContent = t("action.restore-previous");
  showMessage(t(key), "info", back, { key: "share.opened", sticky: true });
}

// An engine message quoted inside a sentence of ours ("…: {message}. Your game is
// unchanged."): without its own full stop, so the sentence does not get two.
function quoted(message) {
  return String(message).replace(/[.。]\s*$/, "");
}

async function openPrevious(button) {
  const entry = library.load(button?.dataset.gameId || "");
  dismissMessage("share.opened");
  if (entry) await app.turns.withBusy(() => app.session.open(entry));
}

// Open what a link or a file brought ({record, seats} or {error}); a refusal is reported
// under `errorKey` and leaves the game in progress alone.
// "opened" or "refused".
async function openShared(opened, errorKey, origin = "") {
  if (opened.error) {
    showMessage(t(errorKey, { message: quoted(t(`share.error.${opened.error}`)) }));
    return "refused";
  }
  try {
    if (opened.id) return await app.linkPlay.open(opened, origin);
    await openRecord(opened, origin);
    return "opened";
  } catch (error) {
    if (!(error instanceof Cancelled)) showMessage(t(errorKey, { message: quoted(error.message) }));
    return "refused";
  }
}

// A game link in the fragment: at start-up, or pasted into the address bar later. The
// link leaves the address bar only once its game is saved (or refused): a reload while
// the engine replays it, or after the storage refused to keep it, must open it again, not
// lose the moves it brought. (A link still there once its game is saved is cleared then:
// session.js.)
async function openLink() {
  if (!hasLink()) return;
  const hash = window.location.hash;
  let kept = false;
  try {
    const shared = await readLink(hash);
    const origin = linkOrigin(hash);
    // a link of a game played by links finds its game by the game's id (link-play.js);
    // an older link by its own name and moves, saved before a reload
    const moves = JSON.stringify(shared?.record?.moves);
    const open = !shared?.id && state.origin === origin && JSON.stringify(state.record?.moves) === moves;
    if (shared && !open) kept = (await openShared(shared, "error.link", origin)) === "opened" && state.unsaved;
  } finally {
    if (kept) state.linkUnsaved = hash;
    else if (window.location.hash === hash) clearLink(); // a reload then resumes the tab's game
  }
}

// A new game from the position reviewed: the same game, options and seats, the record's
// moves up to there; kept as a new entry of the library, the game reviewed untouched.
async function continueHere() {
  if (!state.review || state.busy) return;
  const ply = state.review.ply;
  await app.turns.withBusy(async () => {
    const { record, view } = await app.turns.positionAfter(state.record.moves.slice(0, ply));
    app.retro.stop();
    app.session.startEntry(record, view, { seats: [...state.seats], level: state.level, origin: "" });
    showMessage(t("review.continued", { ply }), "info", null, { key: "continued" });
  });
}

// Give the game up (after asking): the record keeps who resigned, and the other wins.
async function resign() {
  const seat = resigner(state);
  if (seat == null || state.busy) return;
  const name = seatNamer(state);
  const sure = await confirmDialog({
    title: t("resign.title"),
    // "You give the game up" / "Player 1 gives the game up": the verb follows the subject
    text: t("resign.text", { player: name(seat), winner: name(1 - seat) }),
    confirmLabel: t("action.resign"),
    action: "resign-confirm",
  });
  if (!sure || resigner(state) !== seat) return; // the game moved on meanwhile
  await app.turns.withBusy(async () => {
    const response = await call(app.rules, { op: "resign", record: state.record, seat });
    app.turns.cancelThinking();
    app.session.humanMoved();
    state.announce = true;
    app.turns.setPosition(response.record, response.view);
  });
}

async function importFile(file) {
  await openShared(await readRecordFile(file), "error.file");
}

function showLibrary() {
  openLibraryDialog({
    games: state.games?.games || [],
    levels: levels(),
    currentId: state.id,
    onOpen: (entry) => app.turns.withBusy(() => app.session.open(entry)),
    onImport: () => $("#import-file").click(),
  });
}

// --- language and pace ------------------------------------------------------------------

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
    app.toolbar.fit();
    if (state.view) app.render();
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

// --- boot -----------------------------------------------------------------------------

// Boot the rules worker (the page waits for it, showing the failed state with Try again
// while a boot fails or stalls). The computer's worker starts once the first game is on
// screen (boot()), so that two runtimes compiling at once do not slow the first paint.
async function bootEngines() {
  app.rules.onProgress = loading.onProgress;
  // html[data-snapshot]: "stored" once a booted interpreter is kept for the next visit;
  // html[data-boot]: how the rules worker started ("snapshot" or "boot")
  app.rules.onSnapshot = app.ai.onSnapshot = ({ state }) => {
    if (html.dataset.snapshot !== "stored") html.dataset.snapshot = state;
  };
  app.rules.onState = (status, detail) => {
    if (status === "failed") loading.showFailed(detail, () => app.rules.retry());
    else if (status === "stalled") loading.onStalled(detail, () => app.rules.retry());
    else if (status === "booting") loading.showLoading();
  };
  app.rules.start();
  await app.rules.ready;
  html.dataset.boot = app.rules.bootedFrom;
  app.rules.onState = app.ai.onState = engineState;
}

// A worker that died and restarts: say so; if it cannot come back, show the failed state.
// What was in flight is sent again by the client itself, so the computer goes on thinking;
// a computer's turn is scheduled again only if nothing is in flight for it.
function engineState(status, detail) {
  if (status === "restarting") {
    showMessage(t("engine.restarting"), "warning", null, { key: "engine.restarting" });
  } else if (status === "ready") {
    dismissMessage("engine.restarting");
    dismissMessage("error.ai"); // what failed for want of a worker is asked again below
    app.render();
    if (!app.ai.busy) app.turns.scheduleComputer();
  } else if (status === "failed" || status === "stalled") {
    loading.showFailed(detail || { kind: "crashed" }, () => {
      app.rules.retry();
      app.ai.retry();
      app.rules.ready.then(() => {
        html.dataset.engine = "ready";
        loading.hide();
        app.render();
      });
    });
  }
}

// Which game to show: a shared link, then a ?game= link (a reload of it resumes its game),
// then this tab's game, then the game played last, then a new one. `linked`: the game a
// link continues, drawn early (it stays on screen while the link's moves are played).
async function chooseGame(linked = null, pictured = false) {
  library.migrateLegacy();
  if (pictured && hasLink()) {
    // the link's picture is on screen: its game, with no other game drawn before it (the
    // game in progress is named as the one the link's game leaves kept); if the link is
    // refused, the game in progress as below
    const picture = state.view;
    const kept = [library.tabGame(), library.lastGame()].map((id) => library.load(id || "")).find((e) => e && !e.damaged && !e.broken);
    state.id = kept?.id ?? null;
    await openLink();
    if (state.view !== picture) return;
    Object.assign(state, { id: null, record: null, link: null });
  }
  const wanted = parseUrl(state.games);
  if (wanted?.error) showMessage(t("error.url", { message: wanted.error }));
  const fromUrl = wanted && !wanted.error ? wanted : null;
  const tab = library.load(library.tabGame() || "");
  const last = library.load(library.lastGame() || "");

  // the game in progress first, so that a refused link leaves it shown
  let current = linked || tab || (fromUrl ? null : last);
  if (current && fromUrl && current.origin !== fromUrl.origin) current = null;
  const resumed = current ? await app.session.open(current) : false;
  if (hasLink()) {
    await openLink();
    if (state.record) return;
  }
  if (resumed) return;
  if (fromUrl) {
    try {
      await startGame(fromUrl);
      // the game this tab (or the last tab) showed is still in the library: say so
      const previous = tab || last;
      if (previous && !previous.damaged && !previous.broken) sayPreviousKept(previous.id, "library.previous-kept");
      return;
    } catch (error) {
      showMessage(t("error.url", { message: error.message }));
    }
  }
  if (!current && last && last !== tab && !fromUrl && (await app.session.open(last))) return;
  const game = state.games.games[0];
  await startGame({ game: game.id, options: {}, seats: ["human", "ai"], level: defaultLevel(), origin: "" });
}

// --- the board before the engine (paint.js) ------------------------------------------------

// The query a ?game= link carries, as parseUrl() writes a game's origin.
function queryOrigin() {
  const params = new URLSearchParams(window.location.search);
  const keys = [...params.keys()].filter((k) => !RESERVED.has(k));
  return keys.sort().map((k) => `${k}=${params.get(k)}`).join("&");
}

// The address bar names the game shown: a ?game= link stays while its game is shown (a
// reload resumes it: chooseGame), and goes once another game is (a game of the library,
// a new one), so that a reload resumes the game shown instead of starting the link's game
// afresh. The page's language stays in it.
function syncAddress() {
  if (html.dataset.engine !== "ready" || !state.record) return;
  const origin = queryOrigin();
  if (!origin || state.origin === origin) return;
  const url = new URL(window.location.href);
  for (const key of [...url.searchParams.keys()]) if (!RESERVED.has(key)) url.searchParams.delete(key);
  history.replaceState(history.state, "", url.href);
}

// Draw the game this visit will open from what was stored (a repeat visit) or what the
// build made (a first visit), before any engine is up. Null when that game cannot be
// known without the engine (a link without a picture, a new ?game= link): the loading
// card then. A link of a game played by links that this device has (the friend's move
// coming in): that game as kept, not clickable, until the engine brings the link's moves;
// any other link: the picture it carries (paintPicture).
async function paintEarly() {
  const origin = queryOrigin();
  library.migrateLegacy();
  const shared = hasLink() ? await readLink().catch(() => null) : null;
  const linked = shared ? gameLinked(shared) : null;
  const tab = library.load(library.tabGame() || "");
  if (hasLink() && !linked) return paintPicture(shared, tab);
  const last = origin ? null : library.load(library.lastGame() || "");
  const entry = linked || [tab, last].find((e) => e && !e.damaged && !e.broken && (e.origin || "") === origin);
  let early = null;
  if (entry) {
    const kept = storedView(entry);
    if (!kept) return null;
    early = { kind: linked ? "link" : "entry", entry, view: kept.view, games: kept.games };
    Object.assign(state, {
      id: entry.id, rev: entry.rev, stamp: entry.stamp, created: entry.created, seats: entry.seats,
      level: entry.level, origin: entry.origin, link: entry.link, redo: entry.redo, record: entry.record,
    });
  } else if (!origin && !tab && !last) {
    const paint = await buildPaint();
    if (!paint || html.dataset.engine !== "loading") return null;
    early = { kind: "build", view: paint.view, games: paint.games };
    state.games = paint.games; // (defaultLevel reads it)
    Object.assign(state, { seats: ["human", "ai"], level: defaultLevel(), origin: "", record: paint.record });
  } else return null;
  state.games = early.games;
  state.view = early.view;
  state.picker = early.kind === "link" ? null : pickerFor(early.view); // a link's moves are coming
  state.resultShown = early.view.result ? state.record.moves.length : null;
  early.generation = state.generation;
  html.dataset.painted = "early";
  loading.slim();
  app.render();
  return early;
}

// A link of a game this device has never seen: the picture of its position that the link
// carries (link-codec.js, checked there), drawn as it is and not clickable, until the engine
// opens the link's game (chooseGame). A picture the renderer cannot draw is dropped: the
// loading card then, as for a link without one.
async function paintPicture(shared, tab) {
  const picture = shared?.picture;
  // a reload that raced the saving of this link's game resumes that game (openLink)
  if (!picture || (tab && tab.origin === linkOrigin())) return null;
  const games = storedGames() || (await buildPaint())?.games;
  if (!games?.games?.some((g) => g.id === picture.game) || html.dataset.engine !== "loading") return null;
  const count = picture.players;
  state.games = games; // (defaultLevel reads it)
  Object.assign(state, {
    view: picture, record: shared.record, seats: shared.seats || Array(count).fill("human"),
    level: defaultLevel(), origin: "", redo: [], picker: null,
    link: shared.id ? library.linkOf({ id: shared.id, me: shared.to, names: shared.names }, count) : null,
    resultShown: picture.result ? shared.record.moves.length : null,
  });
  try {
    app.render();
  } catch {
    Object.assign(state, { games: null, view: null, record: null, link: null });
    return null;
  }
  html.dataset.painted = "early";
  loading.slim();
  return { kind: "picture", view: picture, games, generation: state.generation };
}

// The engine is up: the game drawn early is the game opened, once the engine has checked
// its record. Same view: nothing moves on screen (a pick in progress stays); another view
// (a new build draws differently): the engine's. False when it cannot be opened so.
async function confirmEarly(early) {
  let response;
  try {
    response = await call(app.rules, { op: "load", record: state.record });
  } catch (error) {
    if (error instanceof Cancelled) return true;
    return false; // chooseGame() opens what can be opened, and says what could not
  }
  if (early.generation !== state.generation) return true; // the player went elsewhere meanwhile
  const same = JSON.stringify(response.view) === JSON.stringify(state.view);
  if (early.kind === "build") {
    state.id = library.newId();
    library.setTabGame(state.id);
    if (same) {
      app.session.persist();
      rememberView(state.id, state.record, state.view, state.games);
    }
  } else library.setTabGame(state.id);
  if (!same) {
    const move = state.early; // confirmed on the board drawn early: still played (or refused)
    app.turns.setPosition(response.record, response.view, { save: early.kind === "build" });
    state.early = move;
  }
  return true;
}

async function boot() {
  performance.mark("nibble:modules"); // every module fetched and run (benchmarks)
  setLanguage(new URLSearchParams(window.location.search).get("lang") || storedLanguage() || navigator.language);
  translateDom();
  wireLanguage();
  wirePace();
  html.dataset.thinking = "false";
  const booting = bootEngines();
  const early = await paintEarly();
  performance.mark("nibble:painted"); // (benchmarks: e2e/bench_page.py reads the marks)
  await booting;
  try {
    // a link that arrived while the engine started (a fragment changed in place) wins
    const confirmed = early && !hasLink() && (await confirmEarly(early));
    performance.mark("nibble:confirmed");
    const games = call(app.rules, { op: "games" });
    if (!confirmed) {
      state.games = await games;
      await chooseGame(early?.kind === "link" ? early.entry : null, early?.kind === "picture");
    } else {
      // the stored answer drew the game; the engine's own comes a moment later
      games.then((answer) => (state.games = answer)).catch(() => {});
    }
    loading.hide();
    delete html.dataset.painted;
    html.dataset.engine = "ready";
    app.render();
    performance.mark("nibble:ready");
    if (state.early) app.turns.playEarly();
    else if (early) app.turns.playForced(); // a pass the game drawn early was waiting for
  } finally {
    app.ai.start(); // requests made before its boot ends wait for it
  }
  app.turns.scheduleComputer();
}

// --- wiring -----------------------------------------------------------------------------

function wire() {
  wireMenu($('[data-action="more"]'), $("#more-menu"));
  trapFocus();
  window.addEventListener("resize", () => app.zoom.update(state.review?.view ?? state.view));
  // the tab's title says "Your move" only while the page is in the background (render.js)
  document.addEventListener("visibilitychange", () => state.view && app.render());
  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (!target || target.disabled) return;
    const turns = app.turns;
    // a move made from a button: the focus goes back to the board at once, not to <body>
    // while the button is disabled during the move
    const fromButton = document.activeElement === target && (target.dataset.action === "confirm" || target.closest("#move-actions"));
    if (fromButton && app.interactive()) app.board.focus();
    switch (target.dataset.action) {
      case "confirm":
        turns.confirmPick();
        break;
      case "clear":
        turns.clearPick();
        break;
      case "undo":
        turns.undo();
        break;
      case "redo":
        turns.redo();
        break;
      case "new-game":
      case "choose-game":
        newGameDialog();
        break;
      case "hint":
        turns.hint();
        break;
      case "review-first":
      case "review-prev":
      case "review-next":
      case "review-last":
        app.navigation[target.dataset.action.slice("review-".length)]();
        break;
      case "continue-here":
        continueHere();
        break;
      case "learn":
        app.retro.start();
        break;
      case "learn-next":
      case "learn-skip":
        app.retro.next();
        break;
      case "learn-stop":
        app.retro.stop();
        break;
      case "pause":
        turns.togglePause();
        break;
      case "share":
        app.linkPlay.share();
        break;
      case "send-move":
        app.linkPlay.sendMove();
        break;
      case "rematch":
        rematch(false);
        break;
      case "resign":
        resign();
        break;
      case "replay-board":
        rematch(true);
        break;
      case "export":
        downloadRecord(state.record);
        break;
      case "import":
        $("#import-file").click();
        break;
      case "library":
        showLibrary();
        break;
      case "rules":
        app.rulesSheet.open();
        break;
      case "rules-marks":
        app.rulesSheet.open({ section: "marks" });
        break;
      case "restore-previous":
        openPrevious(target);
        break;
      case "back":
        if (app.retro.active()) app.retro.stop();
        else app.navigation.last();
        break;
      case "zoom":
        app.zoom.toggle(app.board.focusId);
        app.render();
        break;
      default:
        if (target.dataset.move && target.closest("#move-actions")) turns.playAction(target.dataset.move);
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("dialog, input, select, textarea")) return;
    if (event.key === "Escape") {
      if (state.hinting) app.turns.cancelHint();
      else if (app.retro.active() && state.sel.pick.length) app.turns.clearPick(); // a try's pick first
      else if (app.retro.active()) app.retro.stop();
      else if (state.review) {
        state.review = null;
        app.render();
      } else if (state.sel.pick.length) app.turns.clearPick();
      else return;
      event.preventDefault(); // used: the rules sheet stays open (rules.js)
    }
  });
  window.addEventListener("hashchange", () => {
    if (html.dataset.engine === "ready") app.turns.withBusy(openLink);
  });
  $("#import-file").addEventListener("change", (event) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) importFile(file);
  });
}

wire();
initSettings({
  change: (name) => {
    if (name === "sound") allowSound(); // the switch's click is the gesture browsers ask for
    if (state.view) app.render();
  },
});
initSound();
boot().catch((error) => {
  loading.showFailed({ kind: "engine", message: error?.message || String(error) }, () => window.location.reload());
});

// Every module of the page arrived and app.js ran to its end: boot-guard.js stops
// watching. (At the end, not the top: an app.js cut short may still parse, and must not
// say it started before it fails.)
document.dispatchEvent(new Event("nibble-started"));

// for debugging and automation
window.nibbleApp = app;
Object.defineProperty(app, "engine", { get: () => app.rules }); // the name earlier versions used
