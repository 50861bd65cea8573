// The games library dialog: every game kept on this device, newest first, with Open,
// Save file and Delete. Games that can no longer be opened are listed too, with the
// reason, and can still be saved as a file.
//
// Hooks: [data-action="library"] opens it; each row is [data-game-id] with
// [data-action="open-game"], [data-action="export-game"], [data-action="delete-game"].

import { gameName, showModal } from "./dialogs.js";
import { language, t } from "../i18n/i18n.js";
import * as library from "../session/library.js";
import { downloadRecord, downloadText } from "../session/share.js";
import { h } from "./dom.js";

function describe(entry, games, currentId) {
  const s = entry.summary || {};
  const info = games.find((g) => g.id === (s.game || entry.record?.game));
  const title = info ? gameName(info) : entry.record?.game || t("library.unknown-game");
  const variant = s.variant ? t(`variant.${s.variant}`, {}, s.variant) : "";
  let status;
  if (entry.damaged || entry.broken) status = t("library.cannot-open");
  else if (s.winner != null) status = s.winner === -1 ? t("library.status.draw") : t("library.status.won", { n: s.winner + 1 });
  else status = t("library.status.playing", { count: s.ply ?? entry.record?.moves?.length ?? 0 });
  const when = entry.updated ? new Date(entry.updated).toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" }) : "";
  return { title: [title, variant].filter(Boolean).join(" · "), status, when, current: entry.id === currentId };
}

export function openLibraryDialog({ games, currentId, onOpen, onDelete }) {
  const dialog = document.getElementById("library-dialog");
  const list = h("ul", { class: "library-list" });
  const fill = () => {
    list.replaceChildren();
    const entries = library.list();
    if (!entries.length) list.append(h("li", { class: "help" }, t("library.empty")));
    for (const entry of entries) {
      const d = describe(entry, games, currentId);
      const canOpen = !entry.damaged && !entry.broken && !d.current;
      const exportIt = () => (entry.damaged ? downloadText(entry.raw, `game-${entry.id}.txt`) : downloadRecord(entry.record));
      const row = h(
        "li",
        { class: `library-row${d.current ? " current" : ""}`, "data-game-id": entry.id },
        h("div", { class: "library-text" },
          h("strong", {}, d.title, d.current ? ` — ${t("library.this-game")}` : ""),
          h("span", { class: "help" }, [d.status, d.when].filter(Boolean).join(" · ")),
          entry.broken ? h("span", { class: "help" }, entry.broken.message) : null),
        h("div", { class: "library-actions" },
          canOpen ? h("button", { type: "button", class: "button small", "data-action": "open-game", onclick: () => { dialog.close(); onOpen(entry); } }, t("action.open")) : null,
          h("button", { type: "button", class: "button small", "data-action": "export-game", onclick: exportIt }, t("action.export")),
          d.current ? null : h("button", { type: "button", class: "button small", "data-action": "delete-game", "aria-label": `${t("action.delete")}: ${d.title}`, onclick: () => { onDelete(entry); fill(); } }, t("action.delete"))),
      );
      list.append(row);
    }
  };
  fill();
  const close = h("button", { type: "button", class: "button", onclick: () => dialog.close() }, t("action.close"));
  dialog.setAttribute("aria-labelledby", "library-title");
  dialog.replaceChildren(h("div", { class: "library-dialog" }, h("h2", { id: "library-title" }, t("library.title")), h("p", { class: "help" }, t("library.help")), list, h("div", { class: "dialog-buttons" }, close)));
  if (!dialog.open) showModal(dialog);
  close.focus();
}
