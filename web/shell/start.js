// @ts-check
// The page's start: boot the engine's workers, draw the game this visit opens before the
// engine is up (paint.js), then choose the game to show — a shared link, a ?game= link,
// this tab's game, the last game, or a new one — once the engine has checked it.

import { setLanguage, translateDom } from "../i18n/i18n.js";
import * as library from "../store/library.js";
import { buildPaint, buildStarts, rememberView, storedGames, storedView } from "../engine/paint.js";
import { dismissMessage, showMessage } from "../ui/messages.js";
import { hasLink, linkOrigin, readLink } from "../session/share.js";
import { gameLinked } from "../session/link-play.js";
import { pickerFor } from "../board/pick.js";
import { Cancelled, call } from "../engine/call.js";
import { t } from "../i18n/i18n.js";
import { lessonWanted, parseUrl, puzzleWanted, queryOrigin } from "./address.js";
import { storedLanguage, wireLanguage, wirePace } from "./language.js";
import { presentationFor } from "../games/index.js";
import { FORMAT } from "../session/link-codec.js";

const html = document.documentElement;

/**
 * The game drawn before the engine is up (paintEarly): a library entry (of this device,
 * or a game played by links whose link came in), the build's first game, the picture
 * a link carries, or the seeded start of a new ?game= link.
 * @typedef {object} Early
 * @property {"entry" | "link" | "build" | "picture" | "start"} kind
 * @property {object} [entry] the library entry ("entry", "link")
 * @property {Nibble.View} view
 * @property {Nibble.GamesAnswer} games
 * @property {number} [generation] the state's when it was drawn
 */

export function createStart(app, commands, loading) {
  const { state } = app;
  const { startGame, openLink, sayPreviousKept, defaultLevel } = commands;

  // --- boot -----------------------------------------------------------------------------

  // Boot the rules worker (the page waits for it, showing the failed state with Try again
  // while a boot fails or stalls). It also answers the computer's moves and the analysis's
  // first pass (engine/computer-lane.js): a game holds one Python heap.
  async function bootEngines() {
    app.rules.onProgress = loading.onProgress;
    // html[data-snapshot]: "stored" once a booted interpreter is kept for the next visit;
    // html[data-boot]: how the rules worker started ("snapshot" or "boot")
    app.rules.onSnapshot = ({ state }) => {
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
    app.rules.onState = engineState;
  }

  // A worker that died and restarts: say so; if it cannot come back, show the failed state.
  // What was in flight is sent again by the client itself, so the computer goes on thinking;
  // a computer's turn is scheduled again only if nothing is in flight for it (the analysis
  // on the same worker asks again by itself).
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
        app.rules.ready.then(() => {
          state.engine = html.dataset.engine = "ready";
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
    // the same ?game= link opened again (another tab, another day): its game, not a copy
    if (!current && fromUrl && !hasLink()) current = library.byOrigin(fromUrl.origin);
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

  // Draw the game this visit will open from what was stored (a repeat visit) or what the
  // build made (a first visit), before any engine is up. Null when that game cannot be
  // known without the engine (a link without a picture, a new ?game= link without a seed
  // or whose start the build did not draw): the loading card then. A new seeded ?game=
  // link: its start (paintStart). A link of a game played by links that this device has
  // (the friend's move coming in): that game as kept, not clickable, until the engine
  // brings the link's moves; any other link: the picture it carries (paintPicture).
  /** @returns {Promise<Early | null>} */
  async function paintEarly() {
    const origin = queryOrigin();
    library.migrateLegacy();
    const shared = hasLink() ? await readLink().catch(() => null) : null;
    const linked = shared ? gameLinked(shared) : null;
    const tab = library.load(library.tabGame() || "");
    if (hasLink() && !linked) return paintPicture(shared, tab);
    const last = origin ? null : library.load(library.lastGame() || "");
    const entry = linked || [tab, last].find((e) => e && !e.damaged && !e.broken && (e.origin || "") === origin) || (hasLink() ? null : library.byOrigin(origin));
    /** @type {Early | null} */
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
      if (!paint || state.engine !== "loading") return null;
      early = { kind: "build", view: paint.view, games: paint.games };
      state.games = paint.games; // (defaultLevel reads it)
      Object.assign(state, { seats: ["human", "ai"], level: defaultLevel(), origin: "", record: paint.record });
    } else if (origin && !hasLink()) return paintStart();
    else return null;
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
  /** @returns {Promise<Early | null>} */
  async function paintPicture(shared, tab) {
    const picture = shared?.picture;
    // a reload that raced the saving of this link's game resumes that game (openLink)
    if (!picture || (tab && tab.origin === linkOrigin())) return null;
    const games = storedGames() || (await buildPaint())?.games;
    if (!games?.games?.some((g) => g.id === picture.game) || state.engine !== "loading") return null;
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

  // A new ?game= link with a seed, of a game whose module draws its start (games/<id>/:
  // startView) from the start of the same board the build shipped (starts.json): drawn
  // as it is and not clickable, until the engine starts the link's game (chooseGame),
  // whose view is the same (tests/test_start_paint.py). Null otherwise.
  /** @returns {Promise<Early | null>} */
  async function paintStart() {
    const [stored, starts] = [storedGames(), buildStarts()];
    const games = stored || (await buildPaint())?.games;
    if (!games || state.engine !== "loading") return null;
    const wanted = parseUrl(games);
    const info = games.games.find((g) => g.id === wanted?.game);
    const draw = info && presentationFor(info.id).startView;
    if (!wanted || wanted.error || !info || !draw || !info.options.length) return null;
    /** @type {Record<string, unknown>} */
    const options = Object.fromEntries(info.options.map((o) => [o.name, wanted.options[o.name] ?? o.default]));
    const start = (await starts)?.[info.id]?.[String(options[info.options[0].name])];
    let view;
    try {
      view = start ? draw(options, start) : null;
    } catch {
      view = null; // drawn by the engine, as before
    }
    if (!view || state.engine !== "loading") return null;
    state.games = games; // (defaultLevel reads it)
    Object.assign(state, {
      view, record: { format: FORMAT, game: info.id, options, moves: [] }, seats: wanted.seats,
      level: wanted.level, origin: "", redo: [], picker: null, link: null, resultShown: null,
    });
    try {
      app.render();
    } catch {
      Object.assign(state, { games: null, view: null, record: null });
      return null;
    }
    html.dataset.painted = "early";
    loading.slim();
    return { kind: "start", view, games, generation: state.generation };
  }

  // The engine is up: the game drawn early is the game opened, once the engine has checked
  // its record. Same view: nothing moves on screen (a pick in progress stays); another view
  // (a new build draws differently): the engine's. False when it cannot be opened so.
  /** @param {Early} early */
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
    wireLanguage(app);
    wirePace(state);
    html.dataset.thinking = "false";
    const puzzle = puzzleWanted();
    const lesson = lessonWanted();
    const booting = bootEngines();
    const early = await paintEarly();
    performance.mark("nibble:painted"); // (benchmarks: e2e/bench_page.py reads the marks)
    await booting;
    // a link that arrived while the engine started (a fragment changed in place) wins
    const confirmed = early && early.kind !== "start" && !hasLink() && (await confirmEarly(early));
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
    state.engine = html.dataset.engine = "ready";
    app.render();
    performance.mark("nibble:ready");
    app.own.work(); // "Your puzzles" left to check by an earlier visit (when the deep worker is up)
    // a ?puzzle= link: the puzzle on top of the game chosen above (read before the first
    // render with the engine up, which keeps the address in step with what is shown)
    if (puzzle === "") showMessage(t("error.url", { message: t("puzzle.error.unknown", { id: new URLSearchParams(window.location.search).get("puzzle") ?? "" }) }));
    else if (puzzle === "own") app.puzzles.open("shared", { hash: window.location.hash });
    else if (puzzle) app.puzzles.open("link", { id: puzzle });
    else if (lesson === "") showMessage(t("error.url", { message: t("lesson.error.unknown", { id: new URLSearchParams(window.location.search).get("lesson") ?? "" }) }));
    else if (lesson) app.puzzles.openLesson({ id: lesson });
    if (state.early) app.turns.playEarly();
    else if (early) app.turns.playForced(); // a pass the game drawn early was waiting for
    app.turns.scheduleComputer();
  }

  return { boot };
}
