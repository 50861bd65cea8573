// @ts-check
// "Play by link": who gets the link (the seat the friend plays), which seat this side
// plays when there are more than two, and the players' names (optional, editable every
// time). The link itself is made by session/link-play.js.
//
// Hooks: #share-dialog; [name="to"] radios, [name="me"] radios (3+ players), inputs
// [name="name<seat>"], [data-action="share-send"], [data-dialog="cancel"].

import { t } from "../i18n/i18n.js";
import { showModal } from "./dialogs.js";
import { h } from "./dom.js";

const MAX_NAME = 40;

function seatChoice(name, seat, label, checked) {
  const id = `share-${name}-${seat}`;
  const input = h("input", { type: "radio", name, id, value: String(seat) });
  input.checked = checked;
  return h("div", { class: "field field-check" }, input, h("label", { for: id }, label));
}

export function openShareDialog({ count, to, me, names, seatName, onSend }) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("share-dialog"));
  const form = h("form", { method: "dialog", class: "share-dialog" });
  const label = (seat) => {
    const name = names?.[seat];
    return name ? `${seatName(seat)} (${name})` : seatName(seat);
  };
  const seats = Array.from({ length: count }, (_, s) => s);
  const toBox = h("fieldset", {}, h("legend", {}, t("share.to")), ...seats.map((s) => seatChoice("to", s, label(s), s === to)));
  const meBox = count > 2 ? h("fieldset", {}, h("legend", {}, t("share.me")), ...seats.map((s) => seatChoice("me", s, label(s), s === me))) : null;
  const namesBox = h(
    "fieldset",
    { class: "share-names" },
    h("legend", {}, t("share.names")),
    ...seats.map((s) =>
      h("div", { class: "field" }, h("label", { for: `share-name-${s}` }, seatName(s)), h("input", { type: "text", id: `share-name-${s}`, name: `name${s}`, maxlength: String(MAX_NAME), autocomplete: "off", value: names?.[s] || "" }))
    )
  );
  const problem = h("p", { class: "form-error", role: "alert", hidden: true });
  const cancel = h("button", { type: "button", class: "button", "data-dialog": "cancel", onclick: () => dialog.close() }, t("action.cancel"));
  const sendButton = h("button", { type: "submit", class: "button primary", "data-action": "share-send" }, t("action.send-link"));
  form.append(...[h("h2", { id: "share-title" }, t("share.title")), h("p", { class: "help" }, t("share.help")), toBox, meBox, namesBox, problem, h("div", { class: "dialog-buttons" }, cancel, sendButton)].filter(Boolean));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosenTo = Number(form.elements.to.value);
    const chosenMe = count > 2 ? Number(form.elements.me?.value) : 1 - chosenTo;
    if (!Number.isInteger(chosenMe) || chosenMe === chosenTo || form.elements.me?.value === "") {
      problem.textContent = t("share.me-needed");
      problem.hidden = false;
      return;
    }
    const chosenNames = seats.map((s) => form.elements[`name${s}`].value.trim().slice(0, MAX_NAME));
    dialog.close();
    onSend({ to: chosenTo, me: chosenMe, names: chosenNames });
  });
  dialog.setAttribute("aria-labelledby", "share-title");
  dialog.replaceChildren(form);
  if (!dialog.open) showModal(dialog);
  sendButton.focus();
}
