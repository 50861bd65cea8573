// @ts-check
// The header on one row, whatever the language, the game's name and the screen: its
// controls give way step by step until the row fits (labels are long in Ukrainian, a
// computer-vs-computer game adds Pace and Pause), instead of breakpoints guessed for
// English. The steps, each keeping the ones before:
//
//   1  the language goes into More
//   2  Games and Settings go into More
//   3  "icons": the toolbar's buttons show their icons only (names kept for screen readers)
//   4  "untitled": the game's name is visually hidden (the title button keeps it as its name)
//   5  Pace, Pause and Puzzles go into More
//   6  Hint and Rules go into More
//
// An element marked data-fold="<step>" moves into the More menu from that step on: the
// element itself, so every hook stays unique. The header's height goes to --topbar-h on
// <html>, for the board's size (styles.css).

const STEPS = 6;
const CLASSES = { 3: "icons", 4: "untitled" };

export function createToolbar(topbar) {
  const html = document.documentElement;
  const menu = topbar.querySelector("#more-menu");
  const movable = [...topbar.querySelectorAll("[data-fold]")]; // in toolbar order
  const homes = new Map(); // element -> the comment that marks its place in the toolbar
  for (const el of movable) {
    const mark = document.createComment(` ${el.dataset.action || el.id} `);
    el.before(mark);
    homes.set(el, mark);
  }
  let applied = 0;
  let lastKey = null;
  // what the views show or hide in the header (read at every fit: a few elements)
  const controls = /** @type {HTMLElement[]} */ ([...topbar.querySelectorAll("button, [data-fold], [hidden]")]);

  function apply(step) {
    applied = step;
    topbar.classList.toggle("fold", step >= 1); // the More button is shown
    for (const [from, name] of Object.entries(CLASSES)) topbar.classList.toggle(name, step >= Number(from));
    const folded = movable.filter((el) => step >= Number(el.dataset.fold)); // in toolbar order
    const inMenu = [...menu.children];
    if (folded.length === inMenu.length && folded.every((el, i) => el === inMenu[i])) return;
    const active = /** @type {HTMLElement | SVGElement | null} */ (document.activeElement); // moving an element takes the focus from it
    for (const el of movable) homes.get(el).after(el);
    menu.append(...folded);
    if (active && active !== document.activeElement && active.isConnected) active.focus({ preventScroll: true });
  }

  const toolbar = topbar.querySelector(".toolbar");
  const overflows = () => {
    if (topbar.scrollWidth > topbar.clientWidth) return true;
    // a fraction of a pixel over is over too (scrollWidth rounds it away, and the More
    // menu, aligned to the toolbar's right, would stick out of the screen by it)
    const inner = topbar.getBoundingClientRect().right - parseFloat(getComputedStyle(topbar).paddingRight);
    return !!toolbar && toolbar.getBoundingClientRect().right > inner + 0.01;
  };
  // The header's size as the ResizeObserver last saw it (after a layout): reading it from
  // the element would force a layout of the whole page, board included, at every render.
  let width = null;
  let height = null;

  // Cheap when nothing that sets the widths changed (it runs after every render): no
  // layout is forced then.
  function fit() {
    if (width === null) return; // not laid out yet: the observer calls it once it is
    // which controls are shown belongs to the key too: a button shown or hidden (Hint once a
    // game between people ends, Pace and Pause) changes neither the text nor the width
    const shown = controls.map((el) => (el.hidden ? "0" : "1")).join("");
    const key = `${width} ${html.lang} ${shown} ${topbar.textContent.replace(/\s+/g, " ")}`;
    if (key === lastKey) return;
    lastKey = key;
    let step = 0;
    apply(0);
    while (overflows() && step < STEPS) apply(++step);
    setHeight(topbar.offsetHeight); // the steps change it before the observer sees it
  }

  function setHeight(px) {
    if (px === height) return;
    height = px;
    html.style.setProperty("--topbar-h", `${px}px`);
  }

  // Called after layout, before paint: the header folds and the board is sized in the
  // frame it is first drawn.
  new ResizeObserver(([entry]) => {
    const box = entry.borderBoxSize?.[0];
    width = Math.round(entry.contentRect.width);
    fit();
    setHeight(Math.round(box ? box.blockSize : topbar.offsetHeight));
  }).observe(topbar);
  document.fonts?.ready.then(() => {
    lastKey = null; // a web font changes every width
    fit();
  });
  return { fit, get step() { return applied; } };
}
