// @ts-check
// The games library dialog (Games): every game kept on this device, newest first. Each
// entry says the game and board, who it is against (the computer's level, a friend by
// link, players on this device), its state and date, with Open, Save file and Delete; a
// delete can be undone for a few seconds. Open file, Save all and Open all (the whole
// library as one file) live here too, and a filter once there are many games. Games that
// can no longer be opened are listed with the reason, and can still be saved as a file.
//
// Hooks: [data-action="library"] opens it; each entry is [data-library-entry] with
// data-game-id, holding [data-action="library-open" | "library-export" |
// "library-delete"]; [data-action="library-undo"] after a delete;
// [data-action="library-import" | "library-save-all" | "library-open-all"],
// input[type=search][name="library-filter"].

import { gameName, levelLabel, showModal } from "../ui/dialogs.js";
import { language, t } from "../i18n/i18n.js";
import * as library from "../store/library.js";
import { downloadRecord, downloadText } from "../session/share.js";
import { showMessage } from "../ui/messages.js";
import { h } from "../ui/dom.js";
import { seatNamer } from "../view/render.js";

const UNDO_MS = 10_000;
const FILTER_FROM = 20; // games before a filter is offered

function opponentOf(entry, levels) {
  const link = entry.link;
  if (link?.me != null) {
    const others = entry.seats.map((_, s) => s).filter((s) => s !== link.me).map(seatNamer(entry));
    return t("library.by-link", { players: others.join(", ") });
  }
  const ais = entry.seats.filter((s) => s === "ai").length;
  const level = levels.find((l) => l.id === entry.level);
  const levelName = level ? levelLabel(level) : entry.level || "";
  if (ais === entry.seats.length) return t("library.computers", { level: levelName });
  if (ais) return t("library.vs-computer", { level: levelName });
  return t("library.same-device", { count: entry.seats.length });
}

// An entry's words, or those of a game that cannot be opened when its fields defeat the
// description (library.js checks every field; this is the last guard of the dialog).
function describeSafely(entry, games, levels, currentId) {
  try {
    return describe(entry, games, levels, currentId);
  } catch (error) {
    console.warn(`library: entry ${entry.id} cannot be described`, error);
    entry.broken = { code: "internal", message: String(error?.message || error) };
    return { title: t("library.unknown-game"), who: "", status: t("library.cannot-open"), current: entry.id === currentId };
  }
}

export function describe(entry, games, levels, currentId) {
  const s = entry.summary || {};
  const info = games.find((g) => g.id === (s.game || entry.record?.game));
  const title = info ? gameName(info) : entry.record?.game || t("library.unknown-game");
  const variant = s.variant ? t(`variant.${s.variant}`, {}, s.variant) : "";
  const seed = entry.record?.options?.seed;
  const board = seed == null ? "" : t("game.seed", { seed });
  let status;
  if (entry.damaged || entry.broken) status = t("library.cannot-open");
  else if (s.winner != null) status = s.winner === -1 ? t("library.status.draw") : t("library.status.won-by", { player: seatNamer(entry)(s.winner) });
  else {
    const count = s.ply ?? entry.record?.moves?.length ?? 0;
    status = count ? t("library.status.playing", { count }) : t("library.status.new");
  }
  const when = entry.updated ? new Date(entry.updated).toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" }) : "";
  const who = entry.damaged ? "" : opponentOf(entry, levels);
  return { title: [title, variant].filter(Boolean).join(" · "), who: [who, board].filter(Boolean).join(" · "), status: [status, when].filter(Boolean).join(" · "), current: entry.id === currentId };
}

// What Open all did, in full: what was added, and each reason a game was not.
/** @param {library.ImportCounts} counts */
export function importReport({ added, present, unreadable, unfit }) {
  const parts = [t("library.imported", { added })];
  if (present) parts.push(t("library.imported.present", { count: present }));
  if (unreadable) parts.push(t("library.imported.unreadable", { count: unreadable }));
  if (unfit) parts.push(t("library.imported.unfit", { count: unfit }));
  return parts.join(" ");
}

export function openLibraryDialog({ games, levels = [], currentId, onOpen, onImport }) {
  const dialog = /** @type {HTMLDialogElement} */ (document.getElementById("library-dialog"));
  const list = h("ul", { class: "library-list" });
  const notices = h("div", { class: "library-notices", "aria-live": "polite" });
  const filter = h("input", { type: "search", name: "library-filter", class: "library-filter", "aria-label": t("library.filter"), placeholder: t("library.filter") });
  let undo = null; // {id, text, title, timer}: the last delete, while it can be undone

  const fill = () => {
    const entries = library.list();
    const words = filter.value.trim().toLocaleLowerCase();
    filter.hidden = entries.length <= FILTER_FROM && !words;
    list.replaceChildren();
    if (!entries.length) list.append(h("li", { class: "help" }, t("library.empty")));
    for (const entry of entries) {
      const d = describeSafely(entry, games, levels, currentId);
      if (words && ![d.title, d.who, d.status].join(" ").toLocaleLowerCase().includes(words)) continue;
      const canOpen = !entry.damaged && !entry.broken && !d.current;
      const exportIt = () => (entry.damaged ? downloadText(entry.raw, `game-${entry.id}.txt`) : downloadRecord(entry.record, entry.seats, entry.level));
      list.append(
        h(
          "li",
          { class: `library-row${d.current ? " current" : ""}`, "data-library-entry": "", "data-game-id": entry.id },
          h("div", { class: "library-text" },
            h("strong", {}, d.title, d.current ? ` — ${t("library.this-game")}` : ""),
            d.who ? h("span", {}, d.who) : null,
            h("span", { class: "help" }, d.status),
            entry.broken ? h("span", { class: "help" }, entry.broken.message) : null),
          h("div", { class: "library-actions" },
            canOpen ? h("button", { type: "button", class: "button small", "data-action": "library-open", onclick: () => { dialog.close(); onOpen(entry); } }, t("action.open")) : null,
            h("button", { type: "button", class: "button small", "data-action": "library-export", onclick: exportIt }, t("action.export")),
            d.current ? null : h("button", { type: "button", class: "button small", "data-action": "library-delete", "aria-label": `${t("action.delete")}: ${d.title}`, onclick: () => remove(entry, [d.title, d.who].filter(Boolean).join(", ")) }, t("action.delete")))
        )
      );
    }
  };

  const say = (text, extra = null) => notices.replaceChildren(h("p", { class: "library-notice", role: "status" }, h("span", {}, text), extra));

  // Delete at once, with Undo for a few seconds (here, or on the page once Games closes).
  function remove(entry, title) {
    const text = library.rawOf(entry.id);
    library.remove(entry.id);
    if (undo) clearTimeout(undo.timer);
    undo = { id: entry.id, text, title, timer: setTimeout(() => { undo = null; notices.replaceChildren(); }, UNDO_MS) };
    say(t("library.deleted", { game: title }), undoButton());
    fill();
    list.focus();
  }

  function undoButton(onDone = null) {
    const pending = undo;
    return h("button", {
      type: "button", class: "button small", "data-action": "library-undo",
      onclick: () => {
        if (pending && library.restore(pending.id, pending.text)) {
          clearTimeout(pending.timer);
          if (undo === pending) undo = null;
          notices.replaceChildren();
          if (dialog.open) fill();
          onDone?.();
          showMessage(t("library.restored", { game: pending.title }), "info", null, { key: "library.undo" });
        }
      },
    }, t("action.undo-delete"));
  }

  dialog.addEventListener("close", () => {
    // a delete still undoable when Games closes: the Undo follows to the page
    if (undo) showMessage(t("library.deleted", { game: undo.title }), "info", undoButton(), { key: "library.undo" });
    undo = null;
  }, { once: true });

  const saveAll = () => {
    const name = `nibble-games-${new Date().toISOString().slice(0, 10)}.json`;
    downloadText(JSON.stringify(library.exportAll(), null, 1) + "\n", name, "application/json");
  };
  const fileInput = h("input", { type: "file", accept: ".json,application/json", hidden: true, name: "library-file" });
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    fileInput.value = "";
    if (!file) return;
    let result;
    try {
      result = file.size > 20_000_000 ? { error: "file-size" } : library.importAll(JSON.parse(await file.text()));
    } catch {
      result = { error: "not-library" };
    }
    if (result.error) say(t(`library.import.${result.error}`));
    else say(importReport(/** @type {library.ImportCounts} */ (result)));
    fill();
  });
  filter.addEventListener("input", fill);

  const tools = h("div", { class: "library-tools" },
    h("button", { type: "button", class: "button small", "data-action": "library-import", onclick: () => { dialog.close(); onImport(); } }, t("action.import")),
    h("button", { type: "button", class: "button small", "data-action": "library-save-all", onclick: saveAll }, t("action.save-all")),
    h("button", { type: "button", class: "button small", "data-action": "library-open-all", onclick: () => fileInput.click() }, t("action.open-all")),
    fileInput);
  list.tabIndex = -1; // the focus after a delete (the button it was on is gone)
  fill();
  const close = h("button", { type: "button", class: "button", onclick: () => dialog.close() }, t("action.close"));
  dialog.setAttribute("aria-labelledby", "library-title");
  dialog.replaceChildren(h("div", { class: "library-dialog" }, h("h2", { id: "library-title" }, t("library.title")), h("p", { class: "help" }, t("library.help")), tools, filter, notices, list, h("div", { class: "dialog-buttons" }, close)));
  if (!dialog.open) showModal(dialog);
  close.focus();
}
