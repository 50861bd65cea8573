// @ts-check
// Number One's first-game walkthrough (data for ../walkthrough.js): the goal, this turn's
// pegs and how far each goes, the reach of the peg picked (or of the largest still to
// move) on this board, and how a player is out.

const SIZES = ["S", "M", "L"];

function pegsOf(view, seat) {
  return view.pegs?.[seat] || [];
}

// The peg the reach step is about: the one picked on the board, else the largest of the
// player's pegs still to move this turn.
function focusPeg({ view, state, seat }) {
  const pegs = pegsOf(view, seat);
  const picked = state.sel?.pick?.[0];
  const chosen = pegs.find((p) => p.hole === picked);
  if (chosen) return chosen;
  const todo = view.to_move_pegs || [];
  for (const size of [...SIZES].reverse()) {
    const peg = pegs.find((p) => p.size === size && todo.includes(size));
    if (peg) return peg;
  }
  return null;
}

// The holes a peg can land on now, each once, with its landing ("token" or "empty"); and
// whether it must leave the board instead.
function reach(view, hole) {
  const landings = new Map();
  let leaves = false;
  for (const m of view.input?.moves || []) {
    if (!m.steps?.[0]?.includes(hole)) continue;
    if (m.show?.remove) leaves = true;
    else if (m.steps.length > 1) landings.set(m.steps[m.steps.length - 1][0], m.show?.landing || "token");
  }
  return { landings, leaves };
}

export default {
  offer: ({ t }) => [t("walkthrough.number-one.offer.title"), t("walkthrough.offer.text")],
  steps: [
    {
      id: "goal",
      after: "reach",
      spots: ({ view, seat }) => pegsOf(view, seat).map((p) => p.hole),
      text: ({ t, view }) => [t("walkthrough.number-one.goal.title"), t("walkthrough.number-one.goal.text", { count: view.players })],
    },
    {
      id: "pegs",
      after: "reach",
      spots: ({ state }) => [...(state.picker?.start || [])],
      text: ({ t, view, seat, list }) => {
        const todo = view.to_move_pegs || [];
        const pegs = pegsOf(view, seat).filter((p) => todo.includes(p.size));
        pegs.sort((a, b) => SIZES.indexOf(a.size) - SIZES.indexOf(b.size));
        const each = pegs.map((p) => t(`walkthrough.number-one.steps.${p.size}`, { hole: p.hole }));
        return [t("walkthrough.number-one.pegs.title"), t("walkthrough.number-one.pegs.text", { pegs: list(each) })];
      },
    },
    {
      id: "reach",
      spots: (ctx) => {
        const peg = focusPeg(ctx);
        return peg ? [...reach(ctx.view, peg.hole).landings.keys()] : [];
      },
      text: (ctx) => {
        const { t, view } = ctx;
        const peg = focusPeg(ctx);
        const title = t("walkthrough.number-one.reach.title");
        if (!peg) return [title, t("walkthrough.number-one.reach.none")];
        const name = t(`number-one.peg.${peg.size}`);
        const { landings, leaves } = reach(view, peg.hole);
        if (!landings.size) return [title, t(leaves ? "walkthrough.number-one.reach.leaves" : "walkthrough.number-one.reach.none", { peg: name, hole: peg.hole })];
        const kinds = [...landings.values()];
        const tokens = kinds.filter((k) => k === "token").length;
        const params = { peg: name, hole: peg.hole, count: landings.size, tokens, empty: landings.size - tokens };
        const key = peg.turned ? "walkthrough.number-one.reach.turned" : tokens === landings.size ? "walkthrough.number-one.reach.tokens" : "walkthrough.number-one.reach.text";
        return [title, t(key, params)];
      },
    },
    {
      id: "out",
      spots: ({ view, seat }) => pegsOf(view, seat).filter((p) => p.size === "S").map((p) => p.hole),
      panel: () => document.querySelector("#game-panel .players"),
      card: "before",
      text: ({ t, view, seat }) => {
        const small = pegsOf(view, seat).find((p) => p.size === "S");
        return [t("walkthrough.number-one.out.title"), t("walkthrough.number-one.out.text", { hole: small?.hole ?? "", count: view.tokens ?? 0 })];
      },
    },
  ],
};
