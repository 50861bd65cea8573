// Picking a move made of a set of cells (view.input.kind == "set"), game-independent.
// The legal moves come from the view as notation strings joined by the separator;
// after each pick only the cells that keep the pick a subset of some legal move are
// offered, and the pick is complete when it equals a legal move exactly.

export class SetPicker {
  constructor(view) {
    const separator = view.input?.separator || "+";
    this.order = new Map(view.board.cells.map((cell, i) => [cell.id, i]));
    this.moves = (view.legal_moves || []).map((text) => ({ text, cells: new Set(text.split(separator)) }));
    this.byKey = new Map(this.moves.map((m) => [this.key([...m.cells]), m.text]));
    this.takeable = this.selectable([]);
  }

  key(ids) {
    return [...ids].sort((a, b) => (this.order.get(a) ?? 0) - (this.order.get(b) ?? 0)).join("\u0000");
  }

  // cells that can be added to `picked` (not already in it)
  selectable(picked) {
    const out = new Set();
    for (const move of this.moves) {
      if (move.cells.size <= picked.length) continue;
      if (!picked.every((id) => move.cells.has(id))) continue;
      for (const id of move.cells) out.add(id);
    }
    for (const id of picked) out.delete(id);
    return out;
  }

  // the legal move equal to `picked`, or null
  match(picked) {
    if (!picked.length) return null;
    return this.byKey.get(this.key(picked)) ?? null;
  }

  // the cells of a move in notation
  cellsOf(move, separator = "+") {
    return move.split(separator);
  }
}
