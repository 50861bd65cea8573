// Types for the page's modules (web/), checked by `tsc -p tsconfig.json` (docs/development.md,
// "JavaScript lint"). Not shipped: web/ is plain JavaScript, and its JSDoc names these as
// `Nibble.View`, `Nibble.Record`, … (global names, so that no module names a file for them).
//
// The data the page exchanges with the engine follows docs/contracts.md: change both
// together. Games add fields of their own to a view, a cell, a result (Nibble's
// `collections`, Nebuchadnezzar's `discs`, …): those are allowed, and read as unknown.

declare namespace Nibble {
  /** A seat: 0 for the first player. */
  export type Seat = number;

  /** A game's option values, by option name (`variant`, `seed`, `players`, …). */
  export interface Options {
    [name: string]: string | number | boolean | null;
  }

  // --- the record -------------------------------------------------------------------

  /** A game: what is played, and every move in notation (docs/contracts.md, "Record"). */
  export interface Record {
    format?: string; // "nibble-record/1"
    game: string;
    options: Options;
    setup?: string | null; // a position to start from, in the game's notation
    moves: string[];
    resigned?: Seat | null; // the game ended there: that seat resigned
  }

  // --- the view ---------------------------------------------------------------------

  export interface Cell {
    id: string; // its notation
    row: number;
    col: number;
    [field: string]: unknown; // the game's own: color, disc, peg, token, …
  }

  export interface Board {
    shape: "square" | "hex";
    style?: "tiles" | "points" | "holes";
    row_lengths: number[];
    coords?: { kind: "lines"; rows: [number, number]; cols: [number, number] };
    cells: Cell[];
    [field: string]: unknown;
  }

  /** What a pending move changes, drawn over the board (the `steps` input). */
  export interface Show {
    area?: string[];
    walls?: string[];
    path?: string[];
    landing?: "token" | "empty";
    remove?: string;
  }

  /** A legal move of the `steps` input: the cells any of which picks it, click by click. */
  export interface StepMove {
    move: string;
    steps: string[][];
    show?: Show;
    confirm?: boolean;
  }

  /** How moves are picked on the board: `set` (Nibble) or `steps` (the other games). */
  export interface Input {
    kind: "set" | "steps";
    separator?: string; // set
    moves?: StepMove[]; // steps
    actions?: { move: string; action: string }[]; // moves not made on the board (a swap)
    forced?: string | null; // the only legal move ("pass"): played for a person too
  }

  /** A move as the view tells it: who made it and the cells it touched. */
  export interface LastMove {
    move: string;
    seat: Seat;
    cells: string[];
  }

  export interface Result {
    winner: Seat | null; // null: a draw
    reason: string; // "three-adjacent", "resigned", "repetition", "last-standing", …
    seat?: Seat; // reason "resigned": the seat that did
    [field: string]: unknown; // the game's own: colors, discs, out
  }

  /** What the page renders of a position (docs/contracts.md, "View"): the generic part. A
   * link's picture and a stored view leave out `legal_moves` and `input`. */
  export interface View {
    game: string;
    variant?: string | null;
    players: number;
    to_move: Seat | null; // null once the game is over
    ply: number;
    board: Board;
    legal_moves?: string[];
    input?: Input;
    last_move: LastMove | null;
    movers?: Seat[]; // movers[i]: the seat that made move i + 1
    position?: string; // the position in the game's notation (a setup)
    result: Result | null;
    [field: string]: unknown; // the game's part
  }

  // --- the bridge: nibble.api.handle -------------------------------------------------

  export interface GameOption {
    name: string;
    type: string; // "choice", "int", "bool"
    default: string | number | boolean | null;
    choices?: { value: string; label: string }[];
    min?: number;
    max?: number;
    seat?: number; // an option of one player's (Number One's pegs1…pegs4)
    [field: string]: unknown;
  }

  /** One shipped puzzle (puzzles/<board>.json; docs/contracts.md, "Puzzles on the page"). */
  export interface Puzzle {
    id: string;
    record: Record; // the game up to the opponent's mistake: the solver is to move
    solver: Seat;
    line: string[]; // the solver's moves and the replies, ending on a solver move
    themes: string[];
    rating: number;
  }

  /** One rule lesson (lessons/<game>.json; docs/contracts.md, "Lessons"): a puzzle of one
   * move whose answers are every move of `accept`. */
  export interface Lesson {
    id: string; // "<game>-<lesson>"
    lesson: string; // the lesson's own id: its texts are lesson.<game>.<lesson>.*
    game: string;
    record: Record;
    solver: Seat;
    line: string[]; // the first answer (the solution)
    accept: string[];
    params: { [name: string]: string };
    themes: string[];
  }

  /** A board's puzzles file. */
  export interface PuzzleFile {
    format: "nibble-puzzles/1";
    board: string;
    game: string;
    options: { [name: string]: unknown };
    puzzles: Puzzle[];
  }

  /** puzzles/index.json: the boards that have puzzles. */
  export interface PuzzleIndex {
    format: "nibble-puzzles/1";
    boards: { board: string; file: string; game: string; options: { [name: string]: unknown }; count: number; ratings: [number, number] }[];
  }

  export interface GameInfo {
    id: string;
    name: string;
    players: { min: number; max: number; option?: string };
    options: GameOption[];
    [field: string]: unknown;
  }

  export interface Level {
    id: string;
    label: string;
    budget_ms: number;
    ratings: { [board: string]: number };
  }

  export interface Range {
    min: number;
    max: number;
  }

  export type BridgeRequest =
    | { op: "games" }
    | { op: "new"; game: string; options?: Options }
    | { op: "play"; record: Record; move: string }
    | { op: "load"; record: Record }
    | { op: "resign"; record: Record; seat: Seat }
    | { op: "view"; record: Record; ply?: number | null }
    | { op: "ai"; record: Record; level: string; seed: number; budget_ms: number; iterations?: number; reuse?: boolean }
    | { op: "analyse"; record: Record; ply?: number | null; budget_ms?: number; iterations?: number; seed?: number }
    | { op: "judge"; record: Record; ply?: number | null; budget_ms?: number; iterations?: number; seed?: number };

  /** A refusal. `reason` and `params` let the page say it in the player's language. */
  export interface BridgeError {
    code: string; // bad-request, unknown-game, illegal-move, …; the client's engine-unavailable, engine-crashed
    message: string;
    reason?: string; // e.g. "nebuchadnezzar.place-restricted"
    params?: { [name: string]: unknown };
  }

  // Every answer has `error` and `cancelled` (undefined but in a refusal and in the
  // client's answer to a cancelled request), so that the page can ask any answer for them.
  interface Answered {
    error?: undefined;
    cancelled?: undefined;
  }

  export interface ErrorAnswer {
    error: BridgeError;
    cancelled?: undefined;
  }

  export interface GamesAnswer extends Answered {
    games: GameInfo[];
    levels: Level[];
    limits?: {
      budget_ms: Range;
      iterations: Range;
      // first_pass, second_pass: the page's analysis passes, a fixed search per game id
      analyse: {
        budget_ms: Range & { default: number };
        first_pass?: { iterations: { [game: string]: number } };
        second_pass?: { iterations: { [game: string]: number } };
      };
    };
  }

  /** new, play, load, resign, view. */
  export interface PositionAnswer extends Answered {
    record: Record;
    view: View;
  }

  export interface AiAnswer extends Answered {
    move: string;
    stats: { iterations: number; value: number; level: string; ms: number; [field: string]: unknown };
  }

  /** How the position after `ply` moves stands (docs/contracts.md, `analyse`). */
  export interface AnalysisAnswer extends Answered {
    ply: number;
    to_move: Seat | null;
    chances: number[]; // each seat's winning chances, 0 to 1
    best: string | null;
    exact: boolean;
    winner: Seat | null;
    forced: boolean;
    played: { move: string; chances: number[] } | null; // the record's next move, as valued
    iterations: number;
    ms: number;
    level: string;
  }

  /** Is the position a puzzle for its side to move (docs/contracts.md, `judge`). */
  export interface JudgeAnswer extends Answered {
    ply: number;
    to_move: Seat;
    puzzle: boolean;
    why: "ok" | "forced" | "gap" | "check" | "time";
    move: string | null; // the one good move
    gap: number | null;
    checked_gap: number | null;
    exact: boolean;
    themes: string[];
    ms: number;
  }

  export interface BridgeAnswers {
    games: GamesAnswer;
    new: PositionAnswer;
    play: PositionAnswer;
    load: PositionAnswer;
    resign: PositionAnswer;
    view: PositionAnswer;
    ai: AiAnswer;
    analyse: AnalysisAnswer;
    judge: JudgeAnswer;
  }

  /** The bridge's answer to `R`: the op's, or a refusal. */
  export type BridgeAnswer<R extends BridgeRequest = BridgeRequest> = BridgeAnswers[R["op"]] | ErrorAnswer;

  /** What engine-client.js answers for a request it abandoned (cancel()). */
  export interface CancelledAnswer {
    cancelled: true;
    error?: undefined;
  }

  // --- the board's pick (web/board/pick.js) -------------------------------------------

  /** Cells clicked so far, and which of several complete moves is shown. */
  export interface Selection {
    pick: string[];
    choice: number;
  }

  /** The move Confirm would play, and how many complete moves the pick has. */
  export interface PendingMove {
    move: string;
    show: Show | null;
    count: number;
    index: number;
  }

  /** Turns clicks into moves for one view (pick.js's SetPicker and StepPicker). */
  export interface Picker {
    start: Set<string>;
    selectable(sel: Selection): Set<string>;
    click(sel: Selection, id: string): { sel: Selection; play?: string } | null;
    pending(sel: Selection): PendingMove | null;
    forMove(move: string): Selection;
    matching?(pick: string[]): { move: string; steps: Set<string>[]; show?: Show }[]; // steps only
  }

  // --- worker messages (docs/contracts.md, "Worker messages") -------------------------

  /** The worker's `name`, as JSON. */
  export interface WorkerConfig {
    root: string;
    attempt: number;
    role: string; // the client's name: "rules" or "ai"
    reload: boolean;
    snapshot?: false;
    wasm?: boolean; // the runtime comes compiled, as the first message (WasmMessage)
  }

  /** The runtime's WebAssembly compiled and checked by one worker, for the next ones. */
  export interface WasmMessage {
    type: "wasm";
    module: WebAssembly.Module;
  }

  /** page → worker */
  export type PageMessage = { id: number; request: BridgeRequest } | { type: "ping" } | WasmMessage;

  export type BootStep = "runtime" | "python" | "started" | "ready";

  export interface ProgressMessage {
    type: "progress";
    step: BootStep;
    done: number;
    total: number;
    how?: "snapshot" | "boot"; // with "ready"
    marks?: { [step: string]: number }; // with "ready": ms after the worker started
  }

  export interface FatalMessage {
    type: "fatal";
    kind: "download" | "damaged" | "engine" | "crashed";
    message: string;
  }

  export interface SnapshotMessage {
    type: "snapshot";
    state: "stored" | "failed";
    bytes?: number;
  }

  export interface AnswerMessage {
    type?: void; // none (void, not undefined: the other messages' `type` then tells them apart)
    id: number;
    response: BridgeAnswer;
  }

  /** worker → page */
  export type WorkerMessage =
    | { type: "ack"; id: number }
    | { type: "pong" }
    | { type: "beat" }
    | ProgressMessage
    | SnapshotMessage
    | FatalMessage
    | WasmMessage
    | AnswerMessage;

  /** The rules worker engine-early.js starts before the modules, for engine-client.js. */
  export interface EarlyWorker {
    worker: Worker | null;
    url: string | null; // its blob: URL
    messages: WorkerMessage[]; // what it posted before engine-client.js took it over
    failed: boolean;
    claimed: boolean;
  }

  // The memory snapshot's file handles (engine-worker.js): a dedicated worker's synchronous
  // access, and Chromium's move() and remove(), which the DOM's types leave out.
  export interface SyncAccessHandle {
    getSize(): number;
    read(buffer: Uint8Array, options?: { at?: number }): number;
    write(buffer: Uint8Array, options?: { at?: number }): number;
    truncate(size: number): void;
    flush(): void;
    close(): void;
  }

  export interface SnapshotFileHandle extends FileSystemFileHandle {
    createSyncAccessHandle(options?: { mode?: "read-only" | "readwrite" | "readwrite-unsafe" }): Promise<SyncAccessHandle>;
    move(name: string): Promise<void>;
    remove?(): Promise<void>;
  }
}

// --- globals ------------------------------------------------------------------------

interface Window {
  /** The page's parts (app.js), for debugging and automation (e2e/ reads more of it). */
  nibbleApp?: { state: import("../web/store/state.js").State };
  /** engine-early.js's rules worker. */
  nibbleEarlyWorker?: Nibble.EarlyWorker;
  /** engine-worker.js's text, inlined by the build in engine/head.js (scripts/bundle_page.py). */
  nibbleWorkerSource?: string | null;
  /** first-paint.json, asked for by engine-early.js on a first visit, for paint.js. */
  nibbleFirstPaint?: Promise<Response> | null;
}
