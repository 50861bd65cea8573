// @ts-check
// Zooming the board when its cells would be too small to tap (under MIN_CELL px: the 13-
// and 15-wide boards on a phone): a toggle beside Confirm doubles the board inside a
// scrolling frame, and keeps the cell in use in view. On such a small board the
// coordinates would be smaller still (6-7 px): below MIN_COORD they are left out until
// the board is zoomed (the wrap's class "coords-small"), rather than drawn unreadable.

const MIN_CELL = 32; // CSS px
const ZOOMED_CELL = 48;
const MIN_COORD = 8; // CSS px: the coordinates' letters and numbers
const COORD_FONT = 30; // SVG units (styles.css, .coords text)

export function createZoom(wrap, button) {
  let zoomed = false;

  function widest(view) {
    return Math.max(...view.board.row_lengths);
  }

  // After each render (and a resize): offer the toggle only where cells are small. The
  // sizes are read once per frame, in the next animation frame, when the render's changes
  // are all made: read at once they forced a layout of the whole page at every render
  // (70-95 ms of a repeat visit's main thread before the board showed). Only what changed
  // is written, so the frame's layout is not undone.
  let pending = null;
  function update(view) {
    if (!view) return;
    const first = pending === null;
    pending = view;
    if (first) requestAnimationFrame(measure);
  }

  let widthSet = null;
  function measure() {
    const view = pending;
    pending = null;
    const svg = wrap.querySelector("svg");
    const cells = widest(view) + 1; // the coordinates take about one cell
    const natural = zoomed ? wrap.clientWidth / cells : (svg?.clientWidth || wrap.clientWidth) / cells;
    const hidden = natural >= MIN_CELL && !zoomed; // the toggle only where cells are small
    if (button.hidden !== hidden) button.hidden = hidden;
    const units = svg?.viewBox.baseVal?.width;
    const coordPx = svg && units ? (COORD_FONT * svg.clientWidth) / units : Infinity;
    const coordsSmall = !zoomed && coordPx < MIN_COORD;
    if (wrap.classList.contains("coords-small") !== coordsSmall) wrap.classList.toggle("coords-small", coordsSmall);
    const width = `${Math.round(cells * ZOOMED_CELL)}px`;
    if (width !== widthSet) {
      widthSet = width;
      wrap.style.setProperty("--zoomed-width", width);
    }
  }

  function toggle(focusCell) {
    zoomed = !zoomed;
    wrap.classList.toggle("zoomed", zoomed);
    button.setAttribute("aria-pressed", String(zoomed));
    if (zoomed && focusCell) reveal(focusCell);
  }

  function reveal(cell) {
    const el = wrap.querySelector(`[data-cell="${CSS.escape(cell)}"]`);
    if (!el || !zoomed) return;
    const box = el.getBoundingClientRect();
    const frame = wrap.getBoundingClientRect();
    wrap.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
    wrap.scrollTop += box.top + box.height / 2 - (frame.top + frame.height / 2);
  }

  return { update, toggle, reveal, get zoomed() { return zoomed; } };
}
