// @ts-check
// The keyboard focus survives a render. Drawing the page again may disable the control
// that has the focus (Next at the last move), hide it (Back to the game once back) or
// replace it (the move list rebuilt for another game, a panel drawn afresh); the browser
// then drops the focus to <body> and a keyboard or screen-reader user starts again from
// the top. Before a render the page notes what has the focus; after it, the same control
// (or its replacement, found by its hook) gets it back, else its neighbour, else the board.

// Where the focus may go when the control that had it cannot keep it: Next and Last
// become unusable at the end, First and Previous at the start.
const NEIGHBOURS = {
  "review-next": ["review-prev", "review-first"],
  "review-last": ["review-prev", "review-first"],
  "review-prev": ["review-next", "review-last"],
  "review-first": ["review-next", "review-last"],
};

const usable = (el) => !!el && el.isConnected && !el.disabled && !el.closest("[hidden], [inert]") && el.getClientRects().length > 0;

// What has the focus now, and how to find it again; null when nothing on the page does,
// or when a dialog has it (dialogs give the focus back themselves).
export function noteFocus() {
  const el = /** @type {HTMLElement | SVGElement | null} */ (document.activeElement);
  if (!el || el === document.body || el.closest("dialog")) return null;
  return { el, action: el.dataset?.action ?? null, move: el.dataset?.move ?? null, ply: el.closest("#move-list") ? el.dataset?.ply ?? null : null };
}

// After a render: give the focus back (see above). `board` is the fallback.
export function restoreFocus(note, board) {
  if (!note || (usable(note.el) && document.activeElement === note.el)) return;
  if (document.activeElement && document.activeElement !== document.body && document.activeElement !== note.el) return; // moved on purpose
  if (document.querySelector("dialog[open]:modal")) return;
  const candidates = [];
  if (note.ply) candidates.push(document.querySelector(`#move-list .move[data-ply="${note.ply}"]`));
  if (note.action) {
    const move = note.move ? `[data-move="${CSS.escape(note.move)}"]` : "";
    candidates.push(document.querySelector(`[data-action="${CSS.escape(note.action)}"]${move}`));
    for (const action of NEIGHBOURS[note.action] ?? []) candidates.push(document.querySelector(`[data-action="${action}"]`));
  }
  const target = candidates.find(usable);
  if (target) target.focus({ preventScroll: true });
  else board.focus();
}
