// @ts-check
// Puzzles: a position after an opponent's mistake where one move only is good (made by
// `python -m nibble puzzles`, docs/puzzles.md). The player finds the solver's moves of
// the puzzle's line, the page plays the replies; a wrong move is said and shown, and can
// be taken back (retry); a hint shows a cell of the move, the solution plays the line.
// The first try of each puzzle moves the player's rating (store/puzzle-profile.js).
// Kinds: rated (near the player's rating), the puzzle of the day (by the date), a
// streak (rising ratings until the first miss), a failed one replayed, a link's, one of
// the player's own mistakes ("Your puzzles", puzzles/own.js: unrated, spaced out by how
// often it is found), a personal puzzle from a link (its position in the fragment,
// unrated), and a rule lesson (a puzzle of one move with several answers and words of
// its own, unrated; the game's lessons follow each other, those done are remembered).
//
// The puzzle is a room of its own (rooms/puzzle.js): the game shown stays underneath,
// untouched, and "Back to the game" returns to it.
//
// Hooks: html[data-mode="puzzle"], html[data-puzzle-id], html[data-puzzle-state]
// (solving | solved | failed), [data-puzzle-rating] (view/puzzle.js).

import { t } from "../i18n/i18n.js";
import { pickerFor, EMPTY } from "../board/pick.js";
import { Cancelled, call } from "../engine/call.js";
import { announce, showMessage } from "../ui/messages.js";
import { leaveRooms } from "../rooms/index.js";
import { GAME_IDS, presentationFor } from "../games/index.js";
import { boardFor, dailyPuzzle, findPuzzle, lessonsOf, puzzleFile, puzzleIndex, puzzleNear, streakLadder, today } from "./files.js";
import { failedIds, loadProfile, noteSolved, noteStreak, recordFirstTry, saveProfile } from "../store/puzzle-profile.js";
import { loadDone, markDone } from "../store/lesson-progress.js";
import { clearLink } from "../session/share.js";
import { ownFromLink, ownLink } from "./own.js";

const REPLY_MS = 600; // the opponent's reply follows the player's move after this long
const UNRATED = new Set(["streak", "lesson", "own", "shared"]); // a streak is its own score; the rest are not the shipped set
const DIFFICULTY = { easier: -300, normal: 0, harder: 300 };

/** @typedef {import("../store/state.js").PuzzleShown} PuzzleShown */

/** @param {any} app */
export function createPuzzles(app) {
  const { state } = app;
  let profile = loadProfile();
  /** @type {"easier" | "normal" | "harder"} */
  let difficulty = "normal";
  /** @type {{ladder: Nibble.Puzzle[], index: number, board: string} | null} */
  let streak = null;
  let opening = 0; // bumped by every open(): an older open's answer is dropped

  // A move in the game's notation, with the game's words for it where it has some (Number
  // One's "S-d9x": the small peg on d9 leaves the board), as the game's status line says it.
  /** @param {PuzzleShown} puzzle @param {string} move */
  function named(puzzle, move) {
    const words = move ? presentationFor(puzzle.view.game).nameMove?.(move, { t }) : null;
    return words ? `${move} (${words})` : move;
  }

  // what the status line says, and said for screen readers (the status line is no live
  // region); its words are kept, to be said again if the player changes the language
  /** @param {PuzzleShown} puzzle @param {() => string} words */
  function say(puzzle, words) {
    puzzle.words = words;
    puzzle.status = words();
    puzzle.statusLang = document.documentElement.lang;
    announce(puzzle.status);
  }

  // A change of the player's record: read again first (another tab may have counted a
  // puzzle meanwhile), changed, saved; a storage that refuses it is said.
  /** @param {(profile: ReturnType<typeof loadProfile>) => void} change */
  function update(change) {
    profile = loadProfile();
    change(profile);
    if (!saveProfile(profile)) showMessage(t("puzzle.error.save"), "warning", null, { key: "puzzle.save" });
  }

  /**
   * @param {Nibble.Puzzle} entry @param {string} board @param {PuzzleShown["kind"]} kind @param {number} ticket
   * @param {PuzzleShown["lesson"]} [lesson]
   */
  async function show(entry, board, kind, ticket, lesson) {
    const { record, view } = await call(app.rules, { op: "load", record: entry.record });
    if (ticket !== opening) return;
    if (view.result || view.to_move !== entry.solver) throw new Error(t("puzzle.error.damaged"));
    app.turns.cancelThinking();
    app.closeResultDialog();
    leaveRooms(state, { keep: false }); // out of review, of learning, of the last puzzle
    /** @type {PuzzleShown} */
    const puzzle = {
      entry, board, kind, record, view, step: 0, phase: "solving", missed: false, before: null,
      hint: [], status: "", rated: null, streak: streak ? streak.index : 0,
    };
    if (kind === "daily") puzzle.date = today();
    if (lesson) puzzle.lesson = lesson;
    if (kind !== "shared") dropOwnLink();
    state.puzzle = puzzle;
    state.picker = pickerFor(view);
    state.sel = EMPTY;
    say(puzzle, () => lesson ? lessonText(lesson, "goal") : t("puzzle.find", { move: named(puzzle, view.last_move?.move ?? "") }));
    app.render();
    app.board.focus();
  }

  // A personal puzzle's link stays in the address bar only while its puzzle is shown: a
  // reload then shows the game (or the puzzle shown), not the link's puzzle again.
  function dropOwnLink() {
    if (/(^#|&)own=/.test(window.location.hash)) clearLink();
  }

  // Open a puzzle: `kind` says how it is chosen; `id` a given one (a link, a replay).
  /** @param {PuzzleShown["kind"]} kind @param {{id?: string, hash?: string}} [how] */
  async function open(kind, how = {}) {
    const ticket = ++opening;
    await app.turns.withBusy(async () => {
      try {
        if (kind === "own" || kind === "shared") return await openOwn(kind, how.hash ?? "", ticket);
        const index = await puzzleIndex();
        if (how.id) {
          const found = await findPuzzle(how.id);
          if (!found) {
            showMessage(t("puzzle.error.unknown", { id: how.id }), "error", null, { key: "puzzle.load" });
            return;
          }
          if (kind !== "streak") streak = null;
          return await show(found.puzzle, found.board, kind, ticket);
        }
        // the board of the puzzle shown if it is a shipped one, else the board that goes
        // with the position shown (a lesson's, a personal puzzle's, the game's)
        const shipped = index.boards.some((b) => b.board === state.puzzle?.board);
        const board = (shipped ? state.puzzle?.board : null) ?? boardFor(index, state.puzzle?.record ?? state.record);
        if (!board) throw new Error(t("puzzle.error.none"));
        const file = await puzzleFile(board);
        if (!file.puzzles.length) throw new Error(t("puzzle.error.none"));
        let entry;
        if (kind === "daily") {
          streak = null;
          entry = dailyPuzzle(file, today());
        } else if (kind === "streak") {
          if (!streak || streak.board !== board) streak = { ladder: streakLadder(file, Date.now()), index: 0, board };
          entry = streak.ladder[streak.index % streak.ladder.length];
        } else {
          streak = null;
          entry = puzzleNear(file, profile.rating.rating, (id) => id in profile.results, DIFFICULTY[difficulty]);
        }
        await show(entry, board, kind, ticket);
      } catch (error) {
        if (error instanceof Cancelled || ticket !== opening) return;
        // no file (offline before the first puzzle, a damaged download), an unknown id: said,
        // the game stays as it was
        showMessage(t("puzzle.error.load", { reason: error?.message || String(error) }), "error", null, { key: "puzzle.load" });
      }
    });
  }

  // One of the player's own puzzles (the most overdue), or a personal puzzle from a
  // link's fragment (#own=<base64url of {record, solver, line}>).
  /** @param {"own" | "shared"} kind @param {string} hash @param {number} ticket */
  async function openOwn(kind, hash, ticket) {
    /** @type {Nibble.Puzzle | null} */
    let entry = null;
    if (kind === "own") {
      const item = app.own.due()[0];
      if (!item) {
        showMessage(t("own.none-due", { n: app.own.counts().waiting }), "info", null, { key: "puzzle.load" });
        return;
      }
      entry = { id: item.id, record: item.record, solver: item.solver, line: item.line, themes: item.themes, rating: 0 };
    } else {
      entry = ownFromLink(hash);
      if (!entry) {
        showMessage(t("own.error.link"), "error", null, { key: "puzzle.load" });
        return;
      }
    }
    streak = null;
    await show(entry, `own-${entry.record.game}`, kind, ticket);
  }

  // A lesson of `game` (the lesson `id`, else the first not done yet, else the first), or
  // by its full id alone ("<game>-<lesson>": a link, a reload); without a game, of the
  // lesson shown (its list), else of the game shown.
  /** @param {{game?: string, id?: string}} how */
  async function openLesson({ game, id }) {
    const ticket = ++opening;
    await app.turns.withBusy(async () => {
      try {
        const owner = game ?? GAME_IDS.find((g) => id?.startsWith(`${g}-`)) ?? state.puzzle?.lesson?.game ?? state.view?.game;
        const lessons = owner ? await lessonsOf(owner) : [];
        if (!owner || !lessons.length) {
          showMessage(t(id ? "lesson.error.unknown" : "lesson.error.none", { id: id ?? "" }), "error", null, { key: "puzzle.load" });
          return;
        }
        const done = loadDone()[owner] ?? [];
        const index = id ? lessons.findIndex((l) => l.id === id || l.lesson === id) : Math.max(0, lessons.findIndex((l) => !done.includes(l.lesson)));
        if (index < 0) {
          showMessage(t("lesson.error.unknown", { id: id ?? "" }), "error", null, { key: "puzzle.load" });
          return;
        }
        const l = lessons[index];
        streak = null;
        /** @type {Nibble.Puzzle} */
        const entry = { id: l.id, record: l.record, solver: l.solver, line: l.line, themes: [], rating: 0 };
        const lesson = { game: owner, id: l.lesson, index, total: lessons.length, ids: lessons.map((x) => x.lesson), accept: l.accept, params: l.params ?? {} };
        await show(entry, `lessons-${owner}`, "lesson", ticket, lesson);
      } catch (error) {
        if (error instanceof Cancelled || ticket !== opening) return;
        showMessage(t("lesson.error.load", { reason: error?.message || String(error) }), "error", null, { key: "puzzle.load" });
      }
    });
  }

  // A lesson's own words: lesson.<game>.<id>.<part>, filled with its params.
  /** @param {NonNullable<PuzzleShown["lesson"]>} lesson @param {string} part */
  function lessonText(lesson, part) {
    return t(`lesson.${lesson.game}.${lesson.id}.${part}`, lesson.params);
  }

  // The first try counts: solved without a miss, a hint or the solution, or not.
  /** @param {PuzzleShown} puzzle @param {boolean} solved */
  function rate(puzzle, solved) {
    if (puzzle.kind === "own") return app.own.reviewed(puzzle.entry.id, solved); // it comes back sooner or later
    if (UNRATED.has(puzzle.kind) || puzzle.rated) return;
    update((profile) => {
      const result = recordFirstTry(profile, puzzle.entry, solved);
      if (result.counted) puzzle.rated = { before: result.before, after: result.after };
      if (solved && puzzle.kind === "replay") noteSolved(profile, puzzle.entry.id);
    });
  }

  // A miss (a wrong move, a hint, the solution): the first try is lost, a streak ends.
  /** @param {PuzzleShown} puzzle */
  function miss(puzzle) {
    if (puzzle.missed) return;
    puzzle.missed = true;
    rate(puzzle, false);
    if (puzzle.kind === "streak" && streak) {
      const n = streak.index;
      puzzle.streak = n;
      update((profile) => noteStreak(profile, n));
      streak = null; // the next one starts a new streak
    }
  }

  /** @param {PuzzleShown} puzzle */
  function solved(puzzle) {
    puzzle.phase = "solved";
    puzzle.hint = [];
    if (!puzzle.missed) rate(puzzle, true);
    else if (puzzle.kind === "replay" || puzzle.entry.id in profile.results) {
      update((profile) => noteSolved(profile, puzzle.entry.id));
    }
    if (puzzle.kind === "streak" && streak && !puzzle.missed) {
      const n = ++streak.index;
      puzzle.streak = n;
      update((profile) => noteStreak(profile, n));
    }
    if (puzzle.lesson) {
      if (!markDone(puzzle.lesson.game, puzzle.lesson.id)) showMessage(t("puzzle.error.save"), "warning", null, { key: "puzzle.save" });
      say(puzzle, () => t("lesson.solved", { text: lessonText(puzzle.lesson, "done") }));
      return;
    }
    const change = puzzle.rated ? puzzle.rated.after - puzzle.rated.before : null;
    const { kind, missed, streak: n, rated } = puzzle;
    say(puzzle, () => (kind === "streak" ? t("puzzle.solved.streak", { n }) :
      kind === "own" && !missed ? t("own.solved") :
      change != null ? t("puzzle.solved.rated", { change: change >= 0 ? `+${change}` : String(change), rating: rated.after }) : t("puzzle.solved")));
  }

  // Play `move` on the puzzle's board (the engine checks it), with the board's arrival
  // for a move the page makes.
  /** @param {PuzzleShown} puzzle @param {string} move @param {boolean} theirs */
  async function play(puzzle, move, theirs) {
    const answer = await call(app.rules, { op: "play", record: puzzle.record, move });
    if (state.puzzle !== puzzle) return false;
    puzzle.record = answer.record;
    puzzle.view = answer.view;
    state.picker = pickerFor(answer.view);
    state.sel = EMPTY;
    app.render();
    if (theirs) app.board.arrive();
    return true;
  }

  // The opponent's replies (and nothing else) after a right move, a moment apart.
  /** @param {PuzzleShown} puzzle */
  async function replies(puzzle) {
    while (puzzle.step < puzzle.entry.line.length && puzzle.view.to_move !== puzzle.entry.solver) {
      puzzle.phase = "replying";
      app.render();
      await new Promise((resolve) => setTimeout(resolve, REPLY_MS));
      if (state.puzzle !== puzzle) return;
      const reply = puzzle.entry.line[puzzle.step];
      if (!(await play(puzzle, reply, true))) return;
      puzzle.step++;
    }
    puzzle.phase = "solving";
    say(puzzle, () => t("puzzle.continue", { move: named(puzzle, puzzle.view.last_move?.move ?? "") }));
  }

  // Does `move` from `record` reach `position`? Another path of a piece to the same place
  // (two paths of a peg to one hole) is the line's move in effect: the same position, not
  // a mistake.
  /** @param {Nibble.Record} record @param {string} move @param {unknown} position */
  async function sameAs(record, move, position) {
    if (typeof position !== "string") return false;
    try {
      const answer = await call(app.rules, { op: "play", record, move });
      return answer.view.position === position;
    } catch (error) {
      if (error instanceof Cancelled) throw error;
      return false; // (a line that does not play there: the player's move is not it)
    }
  }

  // A move the player made on the puzzle's board.
  /** @param {string} move */
  async function attempt(move) {
    const puzzle = state.puzzle;
    if (!puzzle || puzzle.phase !== "solving") return;
    const expected = puzzle.entry.line[puzzle.step];
    const before = { record: puzzle.record, view: puzzle.view };
    puzzle.phase = "replying"; // nothing else is taken meanwhile
    puzzle.hint = [];
    try {
      if (!(await play(puzzle, move, false))) return;
      const played = puzzle.record.moves[puzzle.record.moves.length - 1];
      // another move that wins the game at once is as good as the line's (lichess: mate);
      // a lesson asks for one way of doing it (its answers are all of them)
      const wins = !puzzle.lesson && puzzle.view.result?.winner === puzzle.entry.solver;
      const right = played === expected || wins || puzzle.lesson?.accept.includes(played)
        || (!puzzle.lesson && await sameAs(before.record, expected, puzzle.view.position));
      if (state.puzzle !== puzzle) return;
      if (right) {
        puzzle.step++;
        const done = wins || puzzle.step >= puzzle.entry.line.length;
        if (done) solved(puzzle);
        else {
          say(puzzle, () => t("puzzle.right", { move: named(puzzle, played) }));
          await replies(puzzle);
        }
      } else {
        puzzle.phase = "wrong";
        puzzle.before = before;
        const first = !puzzle.missed;
        miss(puzzle);
        if (puzzle.lesson) say(puzzle, () => t("lesson.wrong", { move: named(puzzle, played), why: lessonText(puzzle.lesson, "wrong") }));
        else if (puzzle.kind === "streak" && first) say(puzzle, () => t("puzzle.wrong.streak", { move: named(puzzle, played), n: puzzle.streak, best: profile.streakBest }));
        else say(puzzle, () => t("puzzle.wrong", { move: named(puzzle, played) }));
      }
    } catch (error) {
      if (state.puzzle !== puzzle) return;
      puzzle.phase = "solving";
      if (!(error instanceof Cancelled)) say(puzzle, () => error?.message || String(error));
    }
    app.render();
  }

  // Back to the position before the wrong move: the player tries again (it no longer
  // counts for the rating).
  function retry() {
    const puzzle = state.puzzle;
    if (!puzzle?.before) return;
    puzzle.record = puzzle.before.record;
    puzzle.view = puzzle.before.view;
    puzzle.before = null;
    puzzle.phase = "solving";
    state.picker = pickerFor(puzzle.view);
    state.sel = EMPTY;
    say(puzzle, () => t("puzzle.retry"));
    app.render();
    app.board.focus();
  }

  // A cell of the solver's next move (a hint costs the first try, as a miss).
  function hint() {
    const puzzle = state.puzzle;
    if (!puzzle || puzzle.phase !== "solving") return;
    const cells = state.picker?.forMove(puzzle.entry.line[puzzle.step])?.pick ?? [];
    if (!cells.length) return;
    miss(puzzle);
    puzzle.hint = [cells[0]];
    say(puzzle, () => t("puzzle.hint", { cell: cells[0] }));
    app.render();
  }

  // The rest of the line, played a moment apart.
  async function solution() {
    const puzzle = state.puzzle;
    if (!puzzle || !["solving", "wrong"].includes(puzzle.phase)) return;
    if (puzzle.before) retry();
    miss(puzzle);
    puzzle.phase = "replying"; // nothing is taken while the line is played
    puzzle.hint = [];
    /** @type {string[]} */
    const moves = [];
    while (puzzle.step < puzzle.entry.line.length) {
      const move = puzzle.entry.line[puzzle.step];
      if (!(await play(puzzle, move, true))) return;
      moves.push(move);
      puzzle.step++;
      if (puzzle.step < puzzle.entry.line.length) await new Promise((resolve) => setTimeout(resolve, REPLY_MS));
      if (state.puzzle !== puzzle) return;
    }
    puzzle.phase = "shown";
    say(puzzle, () => {
      const names = moves.map((m) => named(puzzle, m));
      // moves in words hold commas of their own
      return t("puzzle.shown", { moves: names.join(names.some((n, i) => n !== moves[i]) ? "; " : ", ") });
    });
    app.render();
  }

  // The next puzzle of the same kind (a streak goes on, or starts again after a miss; the
  // next lesson, and after the last one back to the game).
  function next() {
    const lesson = state.puzzle?.lesson;
    if (lesson) {
      if (lesson.index + 1 < lesson.total) return openLesson({ game: lesson.game, id: lesson.ids[lesson.index + 1] });
      stop();
      return Promise.resolve();
    }
    const kind = state.puzzle?.kind ?? "rated";
    return open(["daily", "replay", "link", "shared"].includes(kind) ? "rated" : kind);
  }

  function stop() {
    if (!state.puzzle) return;
    dropOwnLink();
    opening++;
    state.puzzle = null;
    streak = null;
    state.sel = EMPTY;
    state.picker = state.view ? pickerFor(state.view) : null;
    app.render();
    app.board.focus();
    app.turns.scheduleComputer(); // a computer to move in the game goes on (stopped at open)
  }

  // Share: a link that opens this puzzle (?puzzle=<id>) or lesson (?lesson=<id>), on any device.
  function share() {
    const puzzle = state.puzzle;
    if (!puzzle) return;
    const url = new URL(window.location.href);
    url.search = "";
    url.hash = "";
    if (puzzle.kind === "own" || puzzle.kind === "shared") ownLink(url, puzzle.entry);
    else url.searchParams.set(puzzle.lesson ? "lesson" : "puzzle", puzzle.entry.id);
    app.linkPlay.offer(url.href, t("puzzle.copied"));
  }

  return {
    open,
    openLesson,
    attempt,
    retry,
    hint,
    solution,
    next,
    stop,
    share,
    /** @param {"easier" | "normal" | "harder"} level */
    setDifficulty(level) {
      if (level in DIFFICULTY) difficulty = level;
    },
    get difficulty() {
      return difficulty;
    },
    // the puzzle shown (null: none), read by the view (view/puzzle.js)
    get current() {
      return state.puzzle;
    },
    // the player's puzzle record, read by the view
    get profile() {
      return profile;
    },
    failed: () => failedIds(profile),
    // the lessons of `game` done on this device, read by the view
    /** @param {string} game */
    lessonsDone: (game) => loadDone()[game] ?? [],
  };
}
