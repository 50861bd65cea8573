""""Your puzzles" and the lessons done, as kept on the device (web/store/own-puzzles.js,
web/store/lesson-progress.js), run in Node: a mistake's position waits for the engine's
verdict, a puzzle comes back after a day, then a week and a month once found at the first
try (a miss: a day again), and no damaged, tampered or full storage can break either
store (nothing, or the items that are whole; a false from a save, never an exception).
The storage is a small fake ({getItem, setItem})."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
OWN = ROOT / "web" / "store" / "own-puzzles.js"
DONE = ROOT / "web" / "store" / "lesson-progress.js"

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten" or shutil.which("node") is None or not OWN.exists(),
    reason="needs Node and web/ (not inside Pyodide)")

PRELUDE = """
const out = (v) => process.stdout.write(JSON.stringify(v));
function fakeStorage(init = {}, full = false) {
  const data = new Map(Object.entries(init));
  return {
    data,
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem: (k, v) => { if (full) throw new Error("QuotaExceededError"); data.set(k, String(v)); },
  };
}
const DAY = 24 * 3600 * 1000;
const record = (moves) => ({format: "nibble-record/1", game: "nibble",
  options: {variant: "square9", seed: 3}, moves});
"""


def run(body: str) -> Any:
    script = (f"import * as O from {json.dumps(OWN.as_uri())};\n"
              f"import * as L from {json.dumps(DONE.as_uri())};\n{PRELUDE}\n{body}\n")
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_mistake_waits_for_its_verdict_then_comes_back_a_day_later() -> None:
    got = run("""
      const items = [];
      const game = (moves, solver, played) => ({record: record(moves), solver, played,
                                                origin: "game"});
      const a = O.addOwn(items, game(["a1", "i9"], 0, "b1"), 1000);
      const again = O.addOwn(items, game(["a1", "i9"], 0, "c1"), 2000);
      const b = O.addOwn(items, game(["a1"], 1, "i1"), 1000);
      const c = O.addOwn(items, game(["a9"], 1, "i1"), 1000);
      const pending = O.dueOwn(items, 1000 + 2 * DAY).length;
      O.judged(a, {puzzle: true, move: "a9", themes: ["denial", "<b>"]});
      O.judged(b, {puzzle: true, move: "i1"});   // the move the player made: no puzzle
      O.judged(c, {puzzle: false, move: null});
      out({again, pending, a, b: b.status, c: c.status,
           dueEarly: O.dueOwn(items, 1000 + DAY - 1).length,
           due: O.dueOwn(items, 1000 + DAY).map((x) => x.id),
           waiting: O.waitingOwn(items, 1000).length});""")
    assert got["again"] is None and got["pending"] == 0  # one item a position; pending never due
    a = got["a"]
    assert a["status"] == "ready" and a["line"] == ["a9"] and a["themes"] == ["denial"]
    assert a["due"] == 1000 + 24 * 3600 * 1000 and len(a["id"]) == 12
    assert got["b"] == "rejected" and got["c"] == "rejected"
    assert got["dueEarly"] == 0 and got["due"] == [a["id"]] and got["waiting"] == 1


def test_found_it_comes_back_after_a_week_then_a_month_then_it_is_learned() -> None:
    got = run("""
      const items = [];
      const p = O.addOwn(items, {record: record(["a1"]), solver: 1, line: ["i1"],
                                 origin: "review"}, 0);
      const seen = [[p.status, p.due, p.stage]];
      O.reviewed(p, true, DAY);  seen.push([p.status, p.due, p.stage]);
      O.reviewed(p, false, 8 * DAY); seen.push([p.status, p.due, p.stage]);
      O.reviewed(p, true, 9 * DAY);  seen.push([p.status, p.due, p.stage]);
      O.reviewed(p, true, 16 * DAY); seen.push([p.status, p.due, p.stage]);
      O.reviewed(p, true, 46 * DAY); seen.push([p.status, p.due, p.stage]);
      out({seen, due: O.dueOwn(items, 1000 * DAY).length});""")
    day = 24 * 3600 * 1000
    assert got["seen"] == [
        ["ready", day, 0],           # from the review: ready at once, back in a day
        ["ready", 8 * day, 1],       # found: a week
        ["ready", 9 * day, 0],       # missed: a day again
        ["ready", 16 * day, 1],
        ["ready", 46 * day, 2],      # a month
        ["learned", 46 * day, 3],    # found again: learned, never offered again
    ]
    assert got["due"] == 0


def test_damaged_tampered_or_full_storage_never_breaks_it() -> None:
    got = run("""
      const items = [];
      O.addOwn(items, {record: record(["a1"]), solver: 1, line: ["i1"], origin: "review"}, 5);
      const good = fakeStorage();
      const saved = O.saveOwn(items, good);
      const stored = JSON.parse(good.data.get(O.KEY));
      const one = stored.items[0];
      stored.items.push({...one, id: "zz"}, {...one, id: "0123456789ab", status: "ready", line: []},
        {...stored.items[0], id: "0123456789ac", record: {game: 5}}, "junk", null,
        {...one, id: "0123456789ad", due: -1}, {...one});  // (a repeat: kept once)
      const tampered = fakeStorage({[O.KEY]: JSON.stringify(stored)});
      const cases = {
        none: O.loadOwn(fakeStorage()).length,
        notJson: O.loadOwn(fakeStorage({[O.KEY]: "{"})).length,
        deep: O.loadOwn(fakeStorage({[O.KEY]: "[".repeat(5000)})).length,
        wrongVersion: O.loadOwn(fakeStorage({
          [O.KEY]: JSON.stringify({version: 9, items: stored.items})})).length,
        tampered: O.loadOwn(tampered).map((x) => x.id),
        refused: O.loadOwn({getItem() { throw new Error("denied"); }}).length,
        full: O.saveOwn(items, fakeStorage({}, true)),
        noStorage: O.saveOwn(items, null),
      };
      out({saved, cases, id: items[0].id});""")
    assert got["saved"] is True
    cases = got["cases"]
    assert cases["none"] == cases["notJson"] == cases["deep"] == cases["wrongVersion"] == 0
    assert cases["tampered"] == [got["id"]]
    assert cases["refused"] == 0 and cases["full"] is False and cases["noStorage"] is False


def test_the_store_is_bounded_and_drops_what_is_done_first() -> None:
    got = run("""
      const items = [];
      for (let i = 0; i < O.MAX_ITEMS + 30; i++) {
        const p = O.addOwn(items, {record: record(["a1", "x" + i]), solver: 0, line: ["i1"],
                                   origin: "review"}, i);
        if (i < 20) p.status = "learned";
      }
      const s = fakeStorage();
      O.saveOwn(items, s);
      const back = O.loadOwn(s);
      out({n: back.length, learned: back.filter((x) => x.status === "learned").length,
           first: back[0].record.moves[1]});""")
    assert got["n"] == 200
    assert got["learned"] == 0  # the 20 learned went first, then the 10 oldest
    assert got["first"] == "x30"


def test_lessons_done_are_kept_per_game_and_survive_bad_storage() -> None:
    got = run("""
      const s = fakeStorage();
      const marks = [L.markDone("nibble", "several", s), L.markDone("nibble", "several", s),
                     L.markDone("nibble", "denial", s), L.markDone("number-one", "token", s),
                     L.markDone("nibble", "<script>", s), L.markDone("__proto__", "x", s)];
      const done = L.loadDone(s);
      const odd = {version: 1, done: {nibble: "several", "bad key!": ["a"], ok: ["a", 5, "a"]}};
      const bad = [L.loadDone(fakeStorage({[L.KEY]: "nope"})),
                   L.loadDone(fakeStorage({[L.KEY]: JSON.stringify(odd)})),
                   L.loadDone({getItem() { throw new Error("denied"); }})];
      out({marks, done: {...done}, bad: bad.map((d) => ({...d})),
           full: L.markDone("nibble", "x", fakeStorage({}, true))});""")
    assert got["marks"] == [True, True, True, True, False, False]
    assert got["done"] == {"nibble": ["several", "denial"], "number-one": ["token"]}
    assert got["bad"] == [{}, {"ok": ["a"]}, {}]
    assert got["full"] is False


def test_a_game_keeps_its_three_costliest_mistakes_of_the_players_here() -> None:
    """A game of random moves has dozens of mistakes, each a check of up to 20 s in the
    background: only the PER_GAME costliest of this device's seats are kept, the largest
    drop first (the earlier of two equal), never a forced move, an inaccuracy or a move
    without a better one known."""
    got = run("""
      const j = (mark, drop, mover, extra = {}) => ({mark, drop, best: "a1", mover, ...extra});
      const judgements = [
        j("mistake", 0.20, 0), null, j("blunder", 0.50, 0), j("blunder", 0.90, 1),
        j("inaccuracy", 0.08, 0), j("blunder", 0.95, 0, {forced: true}),
        j("blunder", 0.99, 0, {best: null}), j("mistake", 0.25, 0), j("mistake", 0.20, 0),
        j("blunder", 0.40, 0),
      ];
      out({per: O.PER_GAME,
           zero: O.mistakesToKeep(judgements, (s) => s === 0).map((x) => x.ply),
           both: O.mistakesToKeep(judgements, () => true).map((x) => x.ply),
           none: O.mistakesToKeep(judgements, () => false).length,
           few: O.mistakesToKeep([j("mistake", 0.2, 1)], () => true).map((x) => x.ply)});
    """)
    assert got["per"] == 3
    assert got["zero"] == [3, 10, 8]
    assert got["both"] == [4, 3, 10]
    assert got["none"] == 0 and got["few"] == [1]
