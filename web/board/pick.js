// @ts-check
// Picking a move on the board, game-independent: the view says how moves are picked
// (`view.input.kind`, docs/contracts.md) and a picker turns clicks into a move.
//
// Every picker works on a selection `sel = {pick: [cell ids], choice: n}` and offers:
//   start              cells selectable before any click
//   selectable(sel)    cells a click may add now
//   click(sel, id)     the next selection, or null if that click means nothing here;
//                      {sel, play} when the move is complete and needs no confirming
//   pending(sel)       {move, show, count, index} that Confirm would play, or null
//   forMove(move)      the selection that picks `move` (a hint)

export function pickerFor(view) {
  const kind = view.input?.kind;
  if (kind === "set") return new SetPicker(view);
  if (kind === "steps") return new StepPicker(view);
  return null;
}

export const EMPTY = Object.freeze({ pick: [], choice: 0 });

// A move made of a set of cells (a take of several discs): cells are picked one by one, only
// cells that keep the pick a subset of some legal move are offered, and the move is
// complete when the pick equals a legal move exactly. Always confirmed.
export class SetPicker {
  constructor(view) {
    this.separator = view.input?.separator || "+";
    this.order = new Map(view.board.cells.map((cell, i) => [cell.id, i]));
    this.moves = (view.legal_moves || []).map((text) => ({ text, cells: new Set(text.split(this.separator)) }));
    this.byKey = new Map(this.moves.map((m) => [this.key([...m.cells]), m.text]));
    this.start = this.selectable(EMPTY);
  }

  key(ids) {
    return [...ids].sort((a, b) => (this.order.get(a) ?? 0) - (this.order.get(b) ?? 0)).join("\u0000");
  }

  selectable({ pick }) {
    const out = new Set();
    for (const move of this.moves) {
      if (move.cells.size <= pick.length) continue;
      if (!pick.every((id) => move.cells.has(id))) continue;
      for (const id of move.cells) out.add(id);
    }
    for (const id of pick) out.delete(id);
    return out;
  }

  click(sel, id) {
    if (sel.pick.includes(id)) return { sel: { pick: sel.pick.filter((x) => x !== id), choice: 0 } };
    if (!this.selectable(sel).has(id)) return null;
    return { sel: { pick: [...sel.pick, id], choice: 0 } };
  }

  pending({ pick }) {
    if (!pick.length) return null;
    const move = this.byKey.get(this.key(pick));
    return move ? { move, show: null, count: 1, index: 0 } : null;
  }

  forMove(move) {
    return { pick: move.split(this.separator), choice: 0 };
  }
}

// Moves picked by a sequence of clicks (docs/contracts.md, "the steps input"): each legal
// move lists, per click, the cells that pick it. A move complete after the clicks is
// played at once when it is the only one and does not ask to be confirmed; when several
// are (two paths to one hole, two rectangles holding one disc), the first is shown,
// clicking its cells again cycles, and Confirm plays the one shown.
export class StepPicker {
  constructor(view) {
    this.moves = (view.input?.moves || []).map((m) => ({ ...m, steps: m.steps.map((cells) => new Set(cells)) }));
    this.start = this.selectable(EMPTY);
  }

  // the moves whose first clicks are `pick`
  matching(pick) {
    return this.moves.filter((m) => m.steps.length >= pick.length && pick.every((id, i) => m.steps[i].has(id)));
  }

  complete(pick) {
    return this.matching(pick).filter((m) => m.steps.length === pick.length);
  }

  selectable({ pick }) {
    const out = new Set();
    for (const m of this.matching(pick)) {
      const next = m.steps[pick.length];
      if (next) for (const id of next) out.add(id);
    }
    return out;
  }

  click(sel, id) {
    const { pick } = sel;
    const shown = this.pending(sel);
    // a click on the move shown: cycle among the complete moves holding that cell
    if (shown && pick.length && shown.entry.steps[pick.length - 1].has(id)) {
      const options = this.complete([...pick.slice(0, -1), id]);
      if (options.length > 1) {
        const at = options.indexOf(shown.entry);
        return { sel: { pick: [...pick.slice(0, -1), id], choice: (at + 1) % options.length } };
      }
      if (pick[pick.length - 1] === id) return { sel: { pick: pick.slice(0, -1), choice: 0 } };
    }
    // a click on the cell picked first, alone: take it back
    if (pick.length === 1 && pick[0] === id) return { sel: { pick: [], choice: 0 } };
    for (const base of [pick, []]) {
      if (!this.selectable({ pick: base }).has(id)) continue;
      const next = [...base, id];
      const done = this.complete(next);
      const more = this.matching(next).some((m) => m.steps.length > next.length);
      if (done.length === 1 && !more && !done[0].confirm) return { sel: EMPTY, play: done[0].move };
      return { sel: { pick: next, choice: 0 } };
    }
    return null;
  }

  pending({ pick, choice }) {
    if (!pick.length) return null;
    const options = this.complete(pick);
    if (!options.length) return null;
    const entry = options[choice % options.length];
    return { move: entry.move, show: entry.show || null, count: options.length, index: choice % options.length, entry };
  }

  forMove(move) {
    const entry = this.moves.find((m) => m.move === move);
    if (!entry) return EMPTY;
    const pick = entry.steps.map((cells) => cells.values().next().value);
    const options = this.complete(pick);
    return { pick, choice: Math.max(0, options.indexOf(entry)) };
  }
}
