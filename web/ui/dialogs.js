// @ts-check
// Dialogs, game-independent: the new-game dialog (built from the bridge's `games`
// answer) and the result dialog. Messages are in messages.js.

import { t } from "../i18n/i18n.js";
import { h } from "./dom.js";
import { recordAgainst, resetRecord } from "../store/results.js";

export function gameName(info) {
  return t(`game.${info.id}`, {}, info.name || info.id);
}

// An option given once per seat (pegs1…pegs4) shares its words: key "option.pegs".
function optionKey(option) {
  return option.seat ? option.name.replace(/\d+$/, "") : option.name;
}

export function optionLabel(option) {
  return t(`option.${optionKey(option)}`, {}, option.label || option.name);
}

export function choiceLabel(option, choice) {
  // variants are named by id everywhere (variant.square9); other options by option.value
  const key = option.name === "variant" ? `variant.${choice.value}` : `option.${optionKey(option)}.${choice.value}`;
  return t(key, {}, choice.label || String(choice.value));
}

export function levelLabel(level) {
  return t(`level.${level.id}`, {}, level.label || level.id);
}

// --- new game ---------------------------------------------------------------------

function optionField(option, value, idPrefix) {
  const id = `${idPrefix}-${option.name}`;
  const label = optionLabel(option);
  if (option.type === "choice") {
    const select = h("select", { id, name: option.name });
    for (const choice of option.choices) {
      const o = h("option", { value: String(choice.value) }, choiceLabel(option, choice));
      if (String(choice.value) === String(value ?? option.default)) o.selected = true;
      select.append(o);
    }
    return h("div", { class: "field" }, h("label", { for: id }, label), select);
  }
  if (option.type === "bool") {
    const input = h("input", { id, name: option.name, type: "checkbox" });
    input.checked = value ?? option.default ?? false;
    return h("div", { class: "field field-check" }, input, h("label", { for: id }, label));
  }
  if (option.type === "int" && option.min != null && option.max != null && option.max - option.min <= 12 && option.default != null) {
    // a small range reads better as a list
    const select = h("select", { id, name: option.name });
    for (let n = option.min; n <= option.max; n++) {
      const o = h("option", { value: String(n) }, String(n));
      if (n === (value ?? option.default)) o.selected = true;
      select.append(o);
    }
    return h("div", { class: "field" }, h("label", { for: id }, label), select);
  }
  if (option.type === "int") {
    const input = h("input", {
      id,
      name: option.name,
      type: "number",
      inputmode: "numeric",
      step: "1",
      min: option.min ?? null,
      max: option.max ?? null,
      placeholder: option.default == null ? t(`option.${option.name}.hint`, {}, "") : String(option.default),
    });
    if (value != null && option.name !== "seed") input.value = String(value);
    // a new game's board is new unless asked: the game shown's seed, one click away
    if (option.name === "seed" && value != null) {
      const same = h("button", { type: "button", class: "button small", "data-action": "use-seed" }, t("option.seed.use", { seed: value }));
      same.addEventListener("click", () => (input.value = String(value)));
      return h("div", { class: "field" }, h("label", { for: id }, label), input, same);
    }
    return h("div", { class: "field" }, h("label", { for: id }, label), input);
  }
  const input = h("input", { id, name: option.name, type: "text" });
  if (value != null) input.value = String(value);
  return h("div", { class: "field" }, h("label", { for: id }, label), input);
}

function readOption(form, option) {
  const input = form.elements[option.name];
  if (!input) return undefined;
  if (option.type === "bool") return input.checked;
  if (option.type === "int") {
    if (input.value.trim() === "") return option.default ?? null;
    const n = Number(input.value);
    return Number.isInteger(n) ? n : option.default ?? null;
  }
  if (option.type === "choice") {
    const choice = option.choices.find((c) => String(c.value) === input.value);
    return choice ? choice.value : option.default;
  }
  return input.value;
}

// How many seats: the value of the game's players option if it has one, else its maximum.
function seatCountOf(info, form) {
  const name = info.players?.option;
  const field = name ? form.elements[name] : null;
  const n = field ? Number(field.value) : NaN;
  return Number.isInteger(n) && n >= (info.players?.min ?? 1) ? n : info.players?.max ?? 2;
}

// Resolves with {game, options, seats, level} or null when cancelled.
export function openNewGameDialog({ games, levels, current }) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("new-game-dialog"));
  return new Promise((resolve) => {
    let gameId = current?.game && games.some((g) => g.id === current.game) ? current.game : games[0].id;
    const form = h("form", { method: "dialog", class: "new-game-form" });
    const optionsBox = h("div", { class: "options" });
    const seatsBox = h("fieldset", { class: "seats" }, h("legend", {}, t("newgame.players")));
    const levelSelect = h("select", { id: "ng-level", name: "level" });
    for (const level of levels) {
      const o = h("option", { value: level.id }, levelLabel(level));
      if (level.id === (current?.level ?? levels[Math.min(1, levels.length - 1)]?.id)) o.selected = true;
      levelSelect.append(o);
    }
    const ratingNote = h("p", { id: "ng-level-rating", class: "field-note", "data-rating": "" });
    levelSelect.setAttribute("aria-describedby", "ng-level-rating");
    const yourRecord = h("p", { id: "ng-your-record", class: "field-note your-record", "data-your-record": "" });
    const levelField = h("div", { class: "field field-level" }, h("label", { for: "ng-level" }, t("option.level")), levelSelect, ratingNote, yourRecord);

    // The chosen level's measured strength where it was measured: the game, or the game
    // and its variant (ratings are keyed "nibble/square9"; docs/ai.md).
    function showRating() {
      const level = levels.find((l) => l.id === levelSelect.value);
      const variant = form.elements.variant?.value;
      const ratings = level?.ratings || {};
      const rating = ratings[variant ? `${gameId}/${variant}` : gameId];
      ratingNote.hidden = rating == null;
      ratingNote.dataset.rating = rating ?? "";
      ratingNote.textContent = rating == null ? "" : t("newgame.rating", { rating });
      showRecord(level, variant, rating);
    }

    // Your results against this level on this game and board (store/results.js).
    function showRecord(level, variant, rating) {
      if (!level) return yourRecord.replaceChildren();
      const r = recordAgainst(gameId, variant, level.id, rating);
      Object.assign(yourRecord.dataset, { won: r.won, lost: r.lost, drawn: r.drawn });
      if (!r.games) return yourRecord.replaceChildren(t("newgame.record.none"));
      const words = [t("newgame.record", { won: r.won, lost: r.lost }), r.drawn ? t("newgame.record.drawn", { count: r.drawn }) : ""];
      if (r.performance != null) words.push(t("newgame.record.performance", { rating: r.performance }));
      const reset = h("button", {
        type: "button", class: "button small", "data-action": "record-reset",
        onclick: async () => {
          const sure = await confirmDialog({ title: t("newgame.record.reset-title"), text: t("newgame.record.reset-text", { level: levelLabel(level) }), confirmLabel: t("action.reset"), action: "record-reset-confirm" });
          if (sure) resetRecord(gameId, variant, level.id);
          showRating();
        },
      }, t("action.reset"));
      yourRecord.replaceChildren(words.filter(Boolean).join(" · "), " ", reset);
    }
    levelSelect.addEventListener("change", showRating);

    // seats: as many as the game has (or as its players option says), each human or
    // computer, with the options that belong to that seat
    function fillSeats() {
      const info = games.find((g) => g.id === gameId);
      const sameGame = current?.game === gameId;
      const count = seatCountOf(info, form);
      const kept = [...seatsBox.querySelectorAll(".seat-choice")].map((group) => group.querySelector("input:checked")?.value);
      seatsBox.replaceChildren(h("legend", {}, t("newgame.players")));
      for (let seat = 0; seat < count; seat++) {
        const value = kept[seat] ?? current?.seats?.[seat] ?? (seat === 0 ? "human" : "ai");
        const labelId = `ng-seat${seat}-label`;
        const group = h("div", { class: "seat-choice", role: "radiogroup", "aria-labelledby": labelId }, h("span", { class: "seat-label", id: labelId }, h("span", { class: `seat-dot seat-${seat}` }), t("option.seat", { n: seat + 1 })));
        for (const kind of ["human", "ai"]) {
          const id = `ng-seat${seat}-${kind}`;
          const input = h("input", { type: "radio", name: `seat${seat}`, id, value: kind });
          input.checked = value === kind;
          group.append(h("span", { class: "segment" }, input, h("label", { for: id }, t(`seat.${kind}`))));
        }
        for (const option of info.options.filter((o) => o.seat === seat + 1)) {
          group.append(optionField(option, sameGame ? current.options?.[option.name] : undefined, "ng"));
        }
        seatsBox.append(group);
      }
      const anyAi = [...seatsBox.querySelectorAll("input:checked")].some((i) => i.value === "ai");
      levelField.hidden = !anyAi;
    }

    function fill() {
      const info = games.find((g) => g.id === gameId);
      const sameGame = current?.game === gameId;
      optionsBox.replaceChildren(...info.options.filter((o) => !o.seat).map((o) => optionField(o, sameGame ? current.options?.[o.name] : undefined, "ng")));
      seatsBox.replaceChildren();
      fillSeats();
      showRating();
    }
    optionsBox.addEventListener("change", (event) => {
      const info = games.find((g) => g.id === gameId);
      showRating();
      if (event.target.name === info.players?.option) fillSeats();
    });
    seatsBox.addEventListener("change", () => {
      const anyAi = [...seatsBox.querySelectorAll("input:checked")].some((i) => i.value === "ai");
      levelField.hidden = !anyAi;
    });

    const gameField =
      games.length > 1
        ? h(
            "div",
            { class: "field" },
            h("label", { for: "ng-game" }, t("option.game")),
            h("select", { id: "ng-game", name: "game", onchange: (e) => ((gameId = e.target.value), fill()) }, ...games.map((g) => h("option", { value: g.id, selected: g.id === gameId }, gameName(g))))
          )
        : null;

    const cancel = h("button", { type: "button", class: "button", "data-dialog": "cancel" }, t("action.cancel"));
    const start = h("button", { type: "submit", class: "button primary", "data-dialog": "start", value: "start" }, t("action.start"));
    dialog.setAttribute("aria-labelledby", "newgame-title");
    form.append(...[h("h2", { id: "newgame-title" }, t("newgame.title")), gameField, optionsBox, seatsBox, levelField, h("div", { class: "dialog-buttons" }, cancel, start)].filter(Boolean));
    fill();
    dialog.replaceChildren(form);

    let settled = false;
    const finish = (value) => {
      if (settled) return;
      settled = true;
      if (dialog.open) dialog.close();
      resolve(value);
    };
    cancel.addEventListener("click", () => finish(null));
    dialog.addEventListener("close", () => finish(null), { once: true });
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const info = games.find((g) => g.id === gameId);
      const options = {};
      for (const option of info.options) {
        const value = readOption(form, option);
        if (value !== undefined && value !== null) options[option.name] = value;
      }
      const seats = [];
      for (let seat = 0; seat < seatCountOf(info, form); seat++) seats.push(form.elements[`seat${seat}`]?.value || "human");
      finish({ game: gameId, options, seats, level: levelSelect.value || null });
    });
    showModal(dialog);
    // at its top, the game choice first (not scrolled down to Start on a phone)
    form.querySelector("#ng-game")?.focus({ preventScroll: true });
    dialog.scrollTop = 0;
  });
}

// Open a dialog and give the focus back to where it was when it closes (the dialog itself
// keeps the focus inside while open: showModal makes the rest of the page inert).
/** @param {HTMLDialogElement} dialog */
export function showModal(dialog) {
  const before = /** @type {HTMLElement | SVGElement | null} */ (document.activeElement);
  dialog.addEventListener("close", () => {
    if (before && before.isConnected && typeof before.focus === "function") before.focus();
  }, { once: true });
  dialog.showModal();
}

// --- asking before something that cannot be taken back ------------------------------

// True once the player confirms, false on Cancel or Escape. The safe choice has the focus.
export function confirmDialog({ title, text, confirmLabel, action }) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("confirm-dialog"));
  return new Promise((resolve) => {
    let answer = false;
    const cancel = h("button", { type: "button", class: "button", "data-dialog": "cancel", onclick: () => dialog.close() }, t("action.cancel"));
    const ok = h("button", { type: "button", class: "button danger", "data-action": action, onclick: () => { answer = true; dialog.close(); } }, confirmLabel);
    dialog.addEventListener("close", () => resolve(answer), { once: true });
    dialog.setAttribute("aria-labelledby", "confirm-title");
    dialog.replaceChildren(h("div", { class: "result-dialog confirm-dialog" }, h("h2", { id: "confirm-title" }, title), h("p", {}, text), h("div", { class: "dialog-buttons" }, cancel, ok)));
    showModal(dialog);
    cancel.focus();
  });
}

// --- result -------------------------------------------------------------------------

// The trophy is for a win of this device's player: the person against the computer, this
// side of a game by links, or any player of a game between people sharing this device —
// never beside a loss of "You", a draw, or a game the computer won against itself.
// `trophy` may be given; else it is read from the game shown (the app's state).
function trophyEarned() {
  const state = window.nibbleApp?.state;
  const winner = state?.view?.result?.winner;
  if (winner == null || state.seats?.[winner] !== "human") return false;
  return state.link?.me == null || state.link.me === winner;
}

// The end of a game: what happened, and what next — look at it again, a rematch (seats
// swapped, a new board), the same board again, or another game. `onSend`: a game by link
// whose last move (or resignation) the friend does not have yet: sending it comes first.
export function showResultDialog({ title, text, extra, onNewGame, onRematch, onSameBoard, onSend = null, trophy = trophyEarned() }) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("result-dialog"));
  const button = (key, action, then, primary = false) => {
    const b = h("button", { type: "button", class: `button${primary ? " primary" : ""}`, "data-action": action }, t(key));
    b.addEventListener("click", () => {
      dialog.close();
      then?.();
    });
    return b;
  };
  const close = button("action.review", "result-review");
  const rematch = button("action.rematch", "result-rematch", onRematch, !onSend);
  const sameBoard = button("action.same-board", "result-replay-board", onSameBoard);
  const again = button("action.new-game", "result-new-game", onNewGame);
  const send = onSend ? button("action.send-move", "result-send", onSend, true) : null;
  dialog.setAttribute("aria-labelledby", "result-title");
  dialog.replaceChildren(
    h("div", { class: "result-dialog" }, trophy ? h("div", { class: "trophy", "aria-hidden": "true" }, "★") : "", h("h2", { id: "result-title" }, title), h("p", {}, text), extra || "", h("div", { class: "dialog-buttons" }, close, sameBoard, again, rematch, send || ""))
  );
  if (!dialog.open) showModal(dialog);
  (send || rematch).focus();
}

export function closeResultDialog() {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("result-dialog"));
  if (dialog?.open) dialog.close();
}
