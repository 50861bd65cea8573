// @ts-check
// App state, game-independent: the game shown (its library id and revision, record and
// view), the redo stack, the current pick, the seats (human / computer) and the computer
// level. It performs no engine calls and no storage (turns.js and session.js do).

/**
 * The app state: what createState() makes (the comments there say what each field is).
 * @typedef {object} State
 * @property {Nibble.GamesAnswer | null} games
 * @property {string | null} id
 * @property {number} rev
 * @property {string | null} stamp
 * @property {number} created
 * @property {Nibble.Record | null} record
 * @property {Nibble.View | null} view
 * @property {string[]} redo
 * @property {Nibble.Selection} sel
 * @property {string | null} early
 * @property {Nibble.Picker | null} picker
 * @property {string[]} seats "human" or "ai", by seat
 * @property {string | null} level
 * @property {string} origin
 * @property {boolean} unsaved
 * @property {{id: string, ply: number, to: Nibble.Seat} | null} sent
 * @property {string | null} linkUnsaved
 * @property {Link | null} link
 * @property {{ply: number, view: Nibble.View} | null} review
 * @property {Practice | null} practice
 * @property {PuzzleShown | null} puzzle
 * @property {boolean} thinking
 * @property {boolean} hinting
 * @property {"loading" | "ready" | "failed"} engine  the rules worker's state (html[data-engine] mirrors it)
 * @property {boolean} busy
 * @property {number} generation
 * @property {Hint | null} hint
 * @property {boolean} paused
 * @property {number} pace
 * @property {boolean} announce
 * @property {number | null} resultShown the moves of the game whose result was shown
 */
/** @typedef {{id: string, me: Nibble.Seat, names: string[]}} Link a game played by links */
/**
 * The engine's suggestion (session/hints.js, from the analysis).
 * @typedef {{move: string, seat: Nibble.Seat | null, chances: number[], exact: boolean, winner: Nibble.Seat | null}} Hint
 */
/**
 * "Learn from your mistakes" while it runs (review/retro.js).
 * @typedef {object} Practice
 * @property {number[]} items the plies of the marked moves to try again
 * @property {({mark: string | null, mover: Nibble.Seat} | null)[]} judged every move's judgement when it started
 * @property {number} index
 * @property {number} found
 * @property {"try" | "judging" | "solved" | "shown" | "done"} phase
 * @property {string} text
 * @property {string} status
 * @property {number} [misses]
 * @property {Nibble.Seat} [mover]
 */

/**
 * A puzzle on the board (puzzles/ctrl.js): the game shown stays underneath, unchanged.
 * @typedef {object} PuzzleShown
 * @property {Nibble.Puzzle} entry the puzzle (its board's file, puzzles/<board>.json)
 * @property {string} board
 * @property {"rated" | "daily" | "streak" | "replay" | "link" | "lesson" | "own" | "shared"} kind how it was chosen
 * @property {{game: string, id: string, index: number, total: number, ids: string[], accept: string[], params: {[name: string]: string}}} [lesson]
 *   a rule lesson: its game and id (texts lesson.<game>.<id>.*), its place among the game's, every answer
 * @property {string} [date] the puzzle of the day's date (YYYY-MM-DD)
 * @property {Nibble.Record} record the position on the board
 * @property {Nibble.View} view
 * @property {number} step the line's moves played so far
 * @property {"solving" | "replying" | "wrong" | "solved" | "shown"} phase
 * @property {boolean} missed a miss, a hint or the solution before it was solved (the rating counts the first try)
 * @property {{record: Nibble.Record, view: Nibble.View} | null} before the position before a wrong move (retry)
 * @property {string[]} hint cells of the solver's next move shown as a hint
 * @property {string} status what the status line says
 * @property {() => string} [words] the status line's words, said again in another language
 * @property {string} [statusLang] the language `status` is in
 * @property {{before: number, after: number} | null} rated the rating's change, once counted
 * @property {number} streak puzzles solved in a row (a streak)
 */

/** @returns {State} */
export function createState() {
  return {
    games: null, // the bridge's `games` response
    id: null, // the game's id in the library (library.js)
    rev: 0, // the library revision this tab last saved or loaded
    stamp: null, // the library write this tab last saved or loaded (library.js)
    created: 0,
    record: null,
    view: null,
    redo: [], // moves undone, last undone at the end
    sel: { pick: [], choice: 0 }, // cells clicked so far, and which of several moves is shown
    early: null, // a move confirmed on the board drawn before the engine was up (paint.js)
    picker: null, // turns clicks into moves for this view (pick.js)
    seats: ["human", "human"],
    level: null,
    origin: "", // the URL query or link that created this game, so a reload resumes it
  unsaved: false, // the last save of the game shown failed (storage full or disabled)
  sent: null, // the last move link sent: {id, ply, to} (render.js says "Sent ✓")
  linkUnsaved: null, // the fragment of a link whose game is not saved yet (kept in the address bar)
  link: null, // a game played by links: {id, me, names} (library.js, share.js)
    review: null, // {ply, view} while looking at an earlier position
    practice: null, // "learn from your mistakes" while it runs (review/retro.js)
    puzzle: null, // a puzzle on the board (puzzles/ctrl.js)
    thinking: false,
    hinting: false, // the engine looks for a hint (the board stays the player's)
    engine: "loading",
    busy: false,
    generation: 0, // bumped whenever the position changes; stale computer moves are dropped
    hint: null, // {move, seat, chances, exact, winner}: the engine's suggestion and its estimate
    paused: false, // computer-vs-computer games: stop after the move being thought about
    pace: 800, // computer-vs-computer games: at least this many ms between moves
    announce: false, // show the result dialog when the game ends (not on resume)
    resultShown: null,
  };
}

// What the library keeps of the game shown (see library.js).
/** @param {State} state */
export function entryOf(state) {
  return {
    id: state.id,
    rev: state.rev,
    stamp: state.stamp,
    created: state.created,
    record: state.record,
    redo: state.redo,
    seats: state.seats,
    level: state.level,
    origin: state.origin,
    link: state.link,
    summary: summaryOf(state),
  };
}

// A few words about the game for the library list, from the view.
/** @param {State} state */
function summaryOf(state) {
  const view = state.view;
  if (!view) return {};
  return {
    game: view.game,
    variant: view.variant ?? null,
    players: view.players ?? state.seats.length,
    ply: state.record?.moves?.length ?? 0,
    winner: view.result ? view.result.winner ?? -1 : null,
    reason: view.result?.reason ?? null,
  };
}

/** The seat a move link goes to: the player to move when that is not this side; at the
 * end, or on this side's own turn, the other player of two (null: ask).
 * @param {State} state @returns {Nibble.Seat | null} */
export function recipientOf(state) {
  const view = state.view;
  const me = state.link?.me;
  if (!view || me == null) return null;
  if (!view.result && view.to_move !== me) return view.to_move;
  return (view.players || state.seats.length) === 2 ? 1 - me : null;
}

/** The level a game is played at when none was chosen: the second easiest (a newcomer's
 * first game is neither a walkover nor a wall); null before the engine's games list.
 * @param {Nibble.GamesAnswer | null} games @returns {string | null} */
export function defaultLevel(games) {
  const levels = games?.levels || [];
  return levels[Math.min(1, levels.length - 1)]?.id ?? null;
}

/** A level's time for a move (ms), from the engine's list of levels.
 * @param {State} state @param {string} levelId */
export function budgetOf(state, levelId) {
  const level = (state.games?.levels || []).find((l) => l.id === levelId);
  return level?.budget_ms ?? 1000;
}

/** A computer's search from this long on (`hard`, `expert`) is abandoned at once when the
 * position goes away (an undo, a new game): the rules worker it asks is ended and
 * restored from the memory snapshot (about half a second, in the background:
 * engine/computer-lane.js); a shorter one (`random`, `easy`, `medium`) is let end, within
 * its budget, and its answer dropped: sooner than a restore (docs/web.md). */
export const ABANDON_FROM_MS = 1000;

/** Is the computer's search in this game long enough to abandon rather than let end?
 * @param {State} state */
export function worthAbandoning(state) {
  const budget = state.seats.includes("ai") ? budgetOf(state, state.level || defaultLevel(state.games) || "medium") : 0;
  return budget >= ABANDON_FROM_MS;
}

/** The seat that would resign now: this device's in a game by links, the one person
 * against the computer, the player to move when two share this device; null when the
 * game is over, has more than two players, or only computers play.
 * @param {State} state @returns {Nibble.Seat | null} */
export function resigner(state) {
  const view = state.view;
  if (!view || view.result || (view.players || state.seats.length) !== 2) return null;
  if (state.link?.me != null) return state.link.me;
  const people = state.seats.flatMap((s, i) => (s === "human" ? [i] : []));
  if (people.length === 1) return people[0];
  return people.length === 2 ? view.to_move : null;
}

/** May the engine help in the game shown — the hint, the live chart, the marks and the
 * accuracy? Against the computer, always; in a game of people (on this device or by
 * link) only once it is over, so that neither player is coached against the other,
 * unless `teaching` (the setting for teaching games) allows it.
 * @param {State} state @param {boolean} [teaching] */
export function engineHelps(state, teaching = false) {
  if (!state.view) return false;
  return !!state.view.result || state.seats.some((s) => s === "ai") || teaching;
}

/** Is a player on another device to move in the game shown?
 * @param {State} state @param {Nibble.View | null} [view] */
export function remoteTurn(state, view = state.view) {
  return state.link?.me != null && !!view && !view.result && view.to_move !== state.link.me;
}
