// The toolbar's "More" menu on narrow screens: the secondary controls fold into it (the
// same elements: nothing is duplicated). Opens on its button, closes on Escape, on a
// click outside or after a choice, and gives the focus back to its button.

export function wireMenu(toggle, menu) {
  const open = (on) => {
    menu.dataset.open = on ? "true" : "false";
    toggle.setAttribute("aria-expanded", String(on));
    if (on) menu.querySelector("button:not([disabled]), select")?.focus();
  };
  toggle.addEventListener("click", () => open(menu.dataset.open !== "true"));
  menu.addEventListener("click", (event) => {
    if (event.target.closest("button")) {
      open(false);
    }
  });
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
