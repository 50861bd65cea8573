// @ts-check
// Drawing puzzles (puzzles/ctrl.js is the controller): the buttons under the board that
// go with the moment (hint, solution, retry, next), and the panel: the player's rating,
// the puzzle (kind, its rating and themes once it is over), the puzzle of the day, a
// streak, and a small dashboard (rating over time, themes weakest first, puzzles failed
// to replay). A rule lesson's panel is its text and the game's lessons, those done ticked. Reads the state; changes nothing but the DOM, and draws a part again only
// when what it shows changed (a focused button stays).
//
// Hooks: html[data-puzzle-id],
// html[data-puzzle-state] (solving | solved | failed), [data-puzzle-rating] (a number),
// [data-action=puzzle-next|puzzle-hint|puzzle-solution|puzzle-daily|puzzle-streak|
// puzzle-retry|puzzle-replay], html[data-lesson] (a lesson's id), [data-lesson-list] (its
// items [data-lesson-done] when done), [data-action=lesson-open][data-lesson].

import { t } from "../i18n/i18n.js";
import { h } from "../ui/dom.js";
import { weakestThemes } from "../store/puzzle-profile.js";

const html = document.documentElement;
const SVG = "http://www.w3.org/2000/svg";
const FAILED_SHOWN = 8; // failed puzzles listed to replay

/** @param {import("../store/state.js").PuzzleShown["phase"]} phase */
const stateOf = (phase) => (phase === "solved" ? "solved" : phase === "wrong" || phase === "shown" ? "failed" : "solving");

/** @param {string} key @param {string} action @param {boolean} [primary] @param {Record<string, string>} [data] */
function button(key, action, primary = false, data = {}) {
  /** @type {Record<string, string>} */
  const attrs = { type: "button", class: `button small${primary ? " primary" : ""}`, "data-action": action };
  for (const [k, v] of Object.entries(data)) attrs[`data-${k}`] = v;
  return h("button", attrs, t(key));
}

/**
 * @typedef {{
 *   puzzles: ReturnType<typeof import("../puzzles/ctrl.js").createPuzzles>,
 *   own: ReturnType<typeof import("../puzzles/own.js").createOwnPuzzles>,
 * }} PuzzleApp
 */

/** @param {PuzzleApp} app */
export function renderPuzzle(app) {
  const puzzle = app.puzzles.current;
  const card = /** @type {HTMLElement} */ (document.getElementById("puzzle-card"));
  const panel = /** @type {HTMLElement} */ (document.getElementById("puzzle-panel"));
  if (!puzzle) {
    delete html.dataset.puzzleId;
    delete html.dataset.puzzleState;
    delete html.dataset.lesson;
    if (!card.hidden) {
      card.hidden = true;
      card.replaceChildren();
      delete card.dataset.key;
    }
    if (!panel.hidden) {
      panel.hidden = true;
      panel.replaceChildren();
      delete panel.dataset.key;
    }
    return;
  }
  html.dataset.puzzleId = puzzle.entry.id;
  html.dataset.puzzleState = stateOf(puzzle.phase);
  if (puzzle.lesson) html.dataset.lesson = puzzle.entry.id;
  else delete html.dataset.lesson;
  renderCard(card, puzzle);
  if (puzzle.lesson) renderLessonPanel(app, panel, puzzle, puzzle.lesson);
  else renderPanel(app, panel, puzzle);
}

// The buttons of the moment, beside Confirm.
/** @param {HTMLElement} card @param {import("../store/state.js").PuzzleShown} puzzle */
function renderCard(card, puzzle) {
  const key = `${puzzle.entry.id} ${puzzle.phase} ${puzzle.hint.length} ${html.lang}`;
  card.hidden = false;
  if (card.dataset.key === key) return;
  card.dataset.key = key;
  const buttons = [];
  if (puzzle.phase === "solving") {
    if (!puzzle.hint.length) buttons.push(button("puzzle.action.hint", "puzzle-hint"));
    buttons.push(button("puzzle.action.solution", "puzzle-solution"));
  } else if (puzzle.phase === "wrong") {
    buttons.push(button("puzzle.action.retry", "puzzle-retry", true), button("puzzle.action.solution", "puzzle-solution"));
    buttons.push(button(nextLabel(puzzle), "puzzle-next"));
  } else if (puzzle.phase === "solved" || puzzle.phase === "shown") {
    buttons.push(button(nextLabel(puzzle), "puzzle-next", true));
  }
  card.replaceChildren(...buttons);
}

// What Next says: the next puzzle, a new streak after a miss, the next lesson, or back to
// the game after the last lesson.
/** @param {import("../store/state.js").PuzzleShown} puzzle */
function nextLabel(puzzle) {
  const lesson = puzzle.lesson;
  if (lesson) return lesson.index + 1 < lesson.total ? "lesson.action.next" : "lesson.action.finish";
  return puzzle.kind === "streak" && puzzle.phase === "shown" ? "puzzle.action.new-streak" : "puzzle.action.next";
}

/**
 * @param {PuzzleApp} app
 * @param {HTMLElement} panel @param {import("../store/state.js").PuzzleShown} puzzle
 */
function renderPanel(app, panel, puzzle) {
  const profile = app.puzzles.profile;
  const rating = Math.round(profile.rating.rating);
  const over = puzzle.phase === "solved" || puzzle.phase === "shown" || puzzle.phase === "wrong";
  const failed = app.puzzles.failed();
  const { due, waiting } = app.own.counts(); // one read of the store a render
  const key = [puzzle.entry.id, over, rating, puzzle.streak, puzzle.kind, failed.length, profile.history.length, app.puzzles.difficulty, due, waiting, html.lang].join(" ");
  panel.hidden = false;
  if (panel.dataset.key === key) return;
  panel.dataset.key = key;

  const kind = puzzle.kind === "daily" ? t("puzzle.kind.daily", { date: longDate(puzzle.date) }) :
    puzzle.kind === "streak" ? t("puzzle.kind.streak", { n: puzzle.streak, best: profile.streakBest }) :
    puzzle.kind === "replay" ? t("puzzle.kind.replay") : puzzle.kind === "own" ? t("puzzle.kind.own") :
    puzzle.kind === "shared" ? t("puzzle.kind.shared") : t("puzzle.kind.rated");
  const themeNames = puzzle.entry.themes.map((x) => t(`puzzle.theme.${x}`, {}, x)).join(", ") || "—";
  const unrated = puzzle.kind === "own" || puzzle.kind === "shared"; // not of the shipped set: no rating
  const about = !over ? h("p", { class: "help" }, t(unrated ? "puzzle.about.hidden.own" : "puzzle.about.hidden")) :
    h("p", { class: "help", "data-puzzle-about": "" }, unrated ? t("puzzle.about.own", { themes: themeNames }) : t("puzzle.about", { rating: puzzle.entry.rating, themes: themeNames }));
  const difficulty = h("select", { id: "puzzle-difficulty", class: "language", "aria-label": t("puzzle.difficulty") },
    ...["easier", "normal", "harder"].map((level) => {
      const option = h("option", { value: level }, t(`puzzle.difficulty.${level}`));
      option.selected = level === app.puzzles.difficulty;
      return option;
    }));
  difficulty.addEventListener("change", () => {
    app.puzzles.setDifficulty(/** @type {any} */ (difficulty).value);
  });

  const themes = weakestThemes(profile).slice(0, 6);
  const parts = [
    h("h2", { id: "puzzle-title" }, t("puzzle.title")),
    h("p", { class: "puzzle-rating" }, t("puzzle.rating"), " ", h("strong", { "data-puzzle-rating": String(rating) }, String(rating))),
    h("p", { class: "puzzle-kind" }, kind),
    about,
    h("div", { class: "puzzle-choices" },
      button("puzzle.action.daily", "puzzle-daily"),
      button("puzzle.action.streak", "puzzle-streak"),
      button("puzzle.action.rated", "puzzle-rated"),
      // this puzzle's own link (the room's: ?puzzle=<id>, or a personal one whole in the fragment)
      button("puzzle.action.share", "share"),
      h("label", { class: "pace" }, h("span", {}, t("puzzle.difficulty")), difficulty)),
    profile.history.length > 1 ? h("figure", { class: "puzzle-history" }, sparkline(profile.history), h("figcaption", { class: "visually-hidden" }, t("puzzle.history", { from: profile.history[0][1], to: rating }))) : null,
    themes.length ? h("section", { class: "puzzle-themes" }, h("h3", {}, t("puzzle.themes")),
      h("ul", {}, ...themes.map((x) => h("li", {}, t("puzzle.theme.line", { theme: t(`puzzle.theme.${x.theme}`, {}, x.theme), solved: x.solved, failed: x.failed }))))) : null,
    // the player's own mistakes, spaced out (puzzles/own.js)
    h("section", { class: "puzzle-own", "data-own-puzzles": "", "data-own-due": String(due) }, h("h3", {}, t("own.title")),
      h("p", {}, due + waiting ? t("own.count", { due, waiting }) : t("own.empty")),
      due ? h("p", {}, button("own.action.practise", "puzzle-own")) : null),
    failed.length ? h("section", { class: "puzzle-failed" }, h("h3", {}, t("puzzle.failed")),
      h("p", {}, ...failed.slice(0, FAILED_SHOWN).map((id) => button("puzzle.action.replay", "puzzle-replay", false, { replay: id })))) : null,
  ];
  panel.replaceChildren(...parts.filter((part) => part != null));
  // each replay button names its puzzle (they share a label)
  panel.querySelectorAll("[data-action=puzzle-replay]").forEach((b, i) => b.setAttribute("aria-label", `${t("puzzle.action.replay")} ${i + 1}`));
}

/**
 * A lesson's panel: where it stands among the game's lessons, its text, and the list of
 * them (each opens it; those done are ticked).
 * @param {{puzzles: ReturnType<typeof import("../puzzles/ctrl.js").createPuzzles>}} app
 * @param {HTMLElement} panel @param {import("../store/state.js").PuzzleShown} puzzle
 * @param {NonNullable<import("../store/state.js").PuzzleShown["lesson"]>} lesson
 */
function renderLessonPanel(app, panel, puzzle, lesson) {
  const done = app.puzzles.lessonsDone(lesson.game);
  const key = ["lesson", puzzle.entry.id, done.join(","), html.lang].join(" ");
  panel.hidden = false;
  if (panel.dataset.key === key) return;
  panel.dataset.key = key;
  /** @param {string} id @param {string} part */
  const text = (id, part) => t(`lesson.${lesson.game}.${id}.${part}`, id === lesson.id ? lesson.params : {});
  const items = lesson.ids.map((id, i) => {
    const finished = done.includes(id);
    /** @type {Record<string, string>} */
    const attrs = { type: "button", class: "button small lesson-item", "data-action": "lesson-open", "data-lesson": id };
    if (id === lesson.id) attrs["aria-current"] = "step";
    return h("li", finished ? { "data-lesson-done": "" } : {},
      h("button", attrs,
        h("span", { class: "lesson-mark", "aria-hidden": "true" }, finished ? "✓" : String(i + 1)),
        " ", text(id, "title"),
        finished ? h("span", { class: "visually-hidden" }, ` (${t("lesson.done")})`) : null));
  });
  panel.replaceChildren(
    h("h2", { id: "puzzle-title" }, t("lesson.heading", { game: t(`game.${lesson.game}`) })),
    h("p", { class: "puzzle-kind" }, t("lesson.count", { n: lesson.index + 1, total: lesson.total, title: text(lesson.id, "title") })),
    h("p", { class: "lesson-text" }, text(lesson.id, "text")),
    h("ol", { class: "lesson-list", "data-lesson-list": "", "aria-label": t("lesson.list") }, ...items),
    h("div", { class: "puzzle-choices" }, button("lesson.action.puzzles", "puzzles"), button("puzzle.action.share", "share")),
  );
}

/** @param {string | undefined} date YYYY-MM-DD */
function longDate(date) {
  if (!date) return "";
  const [y, m, d] = date.split("-").map(Number);
  try {
    return new Date(y, m - 1, d).toLocaleDateString(html.lang || undefined, { year: "numeric", month: "long", day: "numeric" });
  } catch {
    return date;
  }
}

// The rating over time: a line, scaled to its own range.
/** @param {[number, number][]} history */
function sparkline(history) {
  const w = 240;
  const hgt = 48;
  const values = history.map(([, r]) => r);
  const lo = Math.min(...values) - 10;
  const hi = Math.max(...values) + 10;
  const points = values.map((v, i) => `${((i / (values.length - 1)) * w).toFixed(1)},${(hgt - ((v - lo) / (hi - lo)) * hgt).toFixed(1)}`);
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${hgt}`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "puzzle-sparkline");
  const line = document.createElementNS(SVG, "polyline");
  line.setAttribute("points", points.join(" "));
  svg.append(line);
  return svg;
}
