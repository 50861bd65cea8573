// Zooming the board when its cells would be too small to tap (under MIN_CELL px: the 13-
// and 15-wide boards on a phone): a toggle beside Confirm doubles the board inside a
// scrolling frame, and keeps the cell in use in view.

const MIN_CELL = 32; // CSS px
const ZOOMED_CELL = 48;

export function createZoom(wrap, button) {
  let zoomed = false;

  function widest(view) {
    return Math.max(...view.board.row_lengths);
  }

  // after each render: offer the toggle only where cells are small
  function update(view) {
    if (!view) return;
    const svg = wrap.querySelector("svg");
    const cells = widest(view) + 1; // the coordinates take about one cell
    const natural = zoomed ? wrap.clientWidth / cells : (svg?.clientWidth || wrap.clientWidth) / cells;
    const small = natural < MIN_CELL;
    button.hidden = !small && !zoomed;
    wrap.style.setProperty("--zoomed-width", `${Math.round(cells * ZOOMED_CELL)}px`);
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
