// App state, game-independent: the record and its view, the redo stack, the current
// pick, the seats (human / computer) and the computer level, and persistence in
// localStorage. It performs no engine calls; the controller (app.js) does.

const STORAGE_KEY = "nibble-web/session/v1";

export class StorageError extends Error {}

export function createState() {
  return {
    games: null, // the bridge's `games` response
    record: null,
    view: null,
    redo: [], // moves undone, last undone at the end
    pick: [], // cell ids picked so far
    picker: null, // SetPicker for view
    seats: ["human", "human"],
    level: null,
    origin: "", // the URL query that created this game, so a reload resumes it
    review: null, // {ply, view} while looking at an earlier position
    thinking: false,
    generation: 0, // bumped whenever the position changes; stale computer moves are dropped
    hint: null, // {move, value}: the engine's suggestion and its estimate for the side to move
    paused: false, // computer-vs-computer games: stop after the move being thought about
    pace: 800, // computer-vs-computer games: at least this many ms between moves
  };
}

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

export function save(state) {
  const store = storage();
  if (!store || !state.record) return;
  const data = {
    version: 1,
    record: state.record,
    redo: state.redo,
    seats: state.seats,
    level: state.level,
    origin: state.origin,
  };
  try {
    store.setItem(STORAGE_KEY, JSON.stringify(data));
  } catch {
    /* quota exceeded or storage disabled: the game simply is not saved */
  }
}

// Returns the saved session, null when there is none, or throws StorageError when
// what is stored cannot be used.
export function restore(key = STORAGE_KEY) {
  const store = storage();
  if (!store) return null;
  let text;
  try {
    text = store.getItem(key);
  } catch {
    return null;
  }
  if (text == null) return null;
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new StorageError("not JSON");
  }
  const ok =
    data &&
    typeof data === "object" &&
    data.version === 1 &&
    data.record &&
    typeof data.record === "object" &&
    typeof data.record.game === "string" &&
    Array.isArray(data.record.moves) &&
    Array.isArray(data.seats) &&
    data.seats.every((s) => s === "human" || s === "ai") &&
    Array.isArray(data.redo ?? []) &&
    (data.redo ?? []).every((m) => typeof m === "string");
  if (!ok) throw new StorageError("unexpected shape");
  return {
    record: data.record,
    redo: data.redo ?? [],
    seats: data.seats,
    level: typeof data.level === "string" ? data.level : null,
    origin: typeof data.origin === "string" ? data.origin : "",
  };
}

export function clearSaved() {
  const store = storage();
  try {
    if (store) store.removeItem(STORAGE_KEY);
  } catch {
    /* ignore */
  }
}

// The game a shared link or file replaced, kept so the player can go back to it.
const PREVIOUS_KEY = `${STORAGE_KEY}/previous`;

export function keepPrevious() {
  const store = storage();
  try {
    const current = store?.getItem(STORAGE_KEY);
    if (current != null) store.setItem(PREVIOUS_KEY, current);
    return current != null;
  } catch {
    return false;
  }
}

export function takePrevious() {
  try {
    const previous = restore(PREVIOUS_KEY);
    storage()?.removeItem(PREVIOUS_KEY);
    return previous;
  } catch {
    return null;
  }
}
