// @ts-check
// The toolbar's "More" menu: what does not fit in the header folds into it (toolbar.js;
// the same elements: nothing is duplicated). Opens on its button, closes on Escape, on a
// click outside or after a choice, and gives the focus back to its button.

export function wireMenu(toggle, menu) {
  const open = (on) => {
    menu.dataset.open = on ? "true" : "false";
    toggle.setAttribute("aria-expanded", String(on));
    if (on) menu.querySelector("button:not([disabled]), select")?.focus();
  };
  let chosen = null; // the menu's button that opened a dialog, hidden once the menu closes
  toggle.addEventListener("click", () => open(menu.dataset.open !== "true"));
  menu.addEventListener("click", (event) => {
    if (event.target.closest("button")) {
      chosen = event.target.closest("button");
      open(false);
    }
  });
  // A dialog opened from the menu gives the focus back to that button on closing, which is
  // out of sight by then: the focus would drop to <body>. Its menu button takes it instead.
  document.addEventListener("close", (event) => {
    if (/** @type {Element} */ (event.target).tagName !== "DIALOG") return;
    const active = document.activeElement; // (may still be inside the closed dialog)
    const lost = !active || active === document.body || !active.checkVisibility?.();
    if (lost && chosen && menu.contains(chosen)) toggle.focus();
    chosen = null;
  }, true);
  menu.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      event.preventDefault();
      open(false);
      toggle.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (menu.dataset.open === "true" && !menu.contains(event.target) && !toggle.contains(event.target)) open(false);
  });
}
