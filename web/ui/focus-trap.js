// @ts-check
// Tab stays inside a modal dialog: from its last control to its first, and Shift+Tab back.
// A native modal dialog already keeps the focus from the page behind it, but Chromium
// lets Tab pass through the document itself (<body>) once per round; a keyboard or
// screen-reader user then lands nowhere.

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

// The dialog's tab stops in order: shown ones only, and one radio button per group (the
// checked one), as the browser tabs through them.
function stops(dialog) {
  const seen = new Set();
  return [...dialog.querySelectorAll(FOCUSABLE)].filter((el) => {
    // (the content of a closed <details> has boxes but is skipped: checkVisibility knows)
    if (el.checkVisibility ? !el.checkVisibility({ visibilityProperty: true }) : !el.getClientRects().length) return false;
    if (el.type !== "radio") return true;
    if (seen.has(el.name)) return false;
    const group = [...dialog.querySelectorAll(`input[type="radio"][name="${CSS.escape(el.name)}"]`)];
    const checked = group.find((r) => r.checked) || group[0];
    if (el !== checked) return false;
    seen.add(el.name);
    return true;
  });
}

export function trapFocus() {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
    const dialogs = [...document.querySelectorAll("dialog:modal")];
    const dialog = dialogs.find((d) => d.contains(/** @type {Node} */ (event.target))) || dialogs.at(-1);
    if (!dialog) return;
    const items = stops(dialog);
    if (!items.length) return;
    const active = document.activeElement;
    const edge = event.shiftKey ? items[0] : items.at(-1);
    if (active === edge || !dialog.contains(active)) {
      event.preventDefault();
      (event.shiftKey ? items.at(-1) : items[0]).focus();
    }
  });
}
