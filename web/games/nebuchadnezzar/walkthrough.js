// @ts-check
// Nebuchadnezzar's first-game walkthrough (data for ../walkthrough.js): the goal, where a
// disc may go (and the points closed to it), a capture on this board and what it would
// flip, how the game is won; and the pie rule said when the swap is offered or made.

const ENEMY = { black: "white", white: "black" };

function colours({ view, t, seat }) {
  const mine = view.colors?.[seat] || (seat ? "white" : "black");
  return { mine, enemy: ENEMY[mine], color: t(`nebuchadnezzar.color.${mine}`), other: t(`nebuchadnezzar.color.${ENEMY[mine]}`) };
}

function discsOf(view, colour) {
  const code = colour === "black" ? "b" : "w";
  return view.board.cells.filter((c) => c.disc === code).map((c) => c.id);
}

// Empty points where no disc may go now: each touches exactly one enemy disc and three
// empty points (the only reason an empty point is closed), read as "empty, and not a move".
function closed(view) {
  const open = new Set((view.input?.moves || []).filter((m) => !m.show).map((m) => m.move));
  return view.board.cells.filter((c) => !c.disc && !open.has(c.id)).map((c) => c.id);
}

// The capture that flips the most discs now, or null.
function bestCapture(view) {
  return (view.input?.moves || []).filter((m) => m.show?.area).reduce((a, m) => (!a || m.show.area.length > a.show.area.length ? m : a), null);
}

export default {
  offer: ({ t }) => [t("walkthrough.nebuchadnezzar.offer.title"), t("walkthrough.offer.text")],
  steps: [
    {
      id: "goal",
      after: "capture",
      spots: (ctx) => discsOf(ctx.view, colours(ctx).enemy),
      text: (ctx) => {
        const { color, other, enemy } = colours(ctx);
        const count = discsOf(ctx.view, enemy).length;
        const text = ctx.t("walkthrough.nebuchadnezzar.goal.text", { color, other });
        return [ctx.t("walkthrough.nebuchadnezzar.goal.title"), count ? `${text} ${ctx.t("walkthrough.nebuchadnezzar.goal.count", { other, count })}` : text];
      },
    },
    {
      id: "place",
      after: "capture",
      spots: ({ view }) => closed(view),
      text: (ctx, spotted) => {
        const { t, view } = ctx;
        const { other } = colours(ctx);
        const open = (view.input?.moves || []).filter((m) => !m.show).length;
        const text = spotted.length
          ? t("walkthrough.nebuchadnezzar.place.closed", { count: open, cells: ctx.list(spotted), other })
          : t("walkthrough.nebuchadnezzar.place.open", { count: open, other });
        return [t("walkthrough.nebuchadnezzar.place.title"), text];
      },
    },
    {
      id: "capture",
      spots: ({ view }) => bestCapture(view)?.show.area || [],
      text: (ctx) => {
        const { t, view } = ctx;
        const { color, other } = colours(ctx);
        const best = bestCapture(view);
        const text = best
          ? t("walkthrough.nebuchadnezzar.capture.text", { move: best.move, count: best.show.area.length, cell: best.show.area[0], color })
          : t("walkthrough.nebuchadnezzar.capture.none", { other });
        return [t("walkthrough.nebuchadnezzar.capture.title"), text];
      },
    },
    {
      id: "win",
      panel: () => document.querySelector("#game-panel .players"),
      card: "before",
      text: (ctx) => {
        const { t, view, seat } = ctx;
        const { other } = colours(ctx);
        const discs = view.discs || [0, 0];
        return [t("walkthrough.nebuchadnezzar.win.title"), t("walkthrough.nebuchadnezzar.win.text", { other, a: discs[seat] ?? 0, b: discs[1 - seat] ?? 0 })];
      },
    },
  ],

  // The pie rule, said when it matters: the swap offered to a player here, and a swap
  // just made (by the computer or the other player: "…took over your first disc").
  notes({ view, t, seatName, live, seat }) {
    if (view.result) return [];
    const notes = [];
    if (live && (view.input?.actions || []).some((a) => a.move === "swap")) {
      const disc = discsOf(view, "black")[0] || "";
      notes.push({ key: "pie.offer", until: view.ply, text: t("walkthrough.pie.offer", { player: seatName(seat), other: seatName(1 - seat), cell: disc }) });
    }
    const last = view.last_move;
    if (last?.move === "swap") {
      const player = seatName(last.seat);
      const other = seatName(1 - last.seat);
      const yours = other === t("seat.you");
      notes.push({ key: "pie.swapped", until: view.ply, text: t(yours ? "walkthrough.pie.swapped.yours" : "walkthrough.pie.swapped", { player, other }) });
    }
    return notes;
  },
};
