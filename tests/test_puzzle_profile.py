"""The puzzle rating and record (web/store/glicko.js, web/store/puzzle-profile.js), run in
Node: Glicko-2 as Glickman's worked example computes it, the first try of a puzzle counted
once, and a record in localStorage that no damaged, tampered or full storage can break
(a fresh or repaired profile, a false from saveProfile, never an exception), with every
part capped. The storage is a small fake ({getItem, setItem, removeItem})."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
GLICKO = ROOT / "web" / "store" / "glicko.js"
PROFILE = ROOT / "web" / "store" / "puzzle-profile.js"

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten" or shutil.which("node") is None
    or not GLICKO.exists() or not PROFILE.exists(),
    reason="needs Node and web/ (not inside Pyodide)")

PRELUDE = """
const out = (v) => process.stdout.write(JSON.stringify(v));
function fakeStorage(init = {}) {
  const data = new Map(Object.entries(init));
  return {
    data,
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem: (k, v) => { data.set(k, String(v)); },
    removeItem: (k) => { data.delete(k); },
  };
}
const KEY = P.KEY;
"""


def run(body: str) -> Any:
    """Run ``body`` in Node with G (glicko.js) and P (puzzle-profile.js) imported; it calls
    out(value) once, and the value comes back."""
    script = (f"import * as G from {json.dumps(GLICKO.as_uri())};\n"
              f"import * as P from {json.dumps(PROFILE.as_uri())};\n{PRELUDE}\n{body}\n")
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


FRESH = {"rating": {"rating": 1500, "rd": 350, "vol": 0.06}, "history": [], "results": {},
         "themes": {}, "streakBest": 0}


# --- Glicko-2 ---------------------------------------------------------------------------

def test_glickmans_worked_example() -> None:
    got = run("""out(G.update({rating: 1500, rd: 200, vol: 0.06}, [
      {rating: 1400, rd: 30, score: 1}, {rating: 1550, rd: 100, score: 0},
      {rating: 1700, rd: 300, score: 0}], 0.5));""")
    # the paper rounds its intermediate values: 1464.06 there, 1464.05 unrounded
    assert got["rating"] == pytest.approx(1464.06, abs=0.02)
    assert got["rd"] == pytest.approx(151.52, abs=0.01)
    assert got["vol"] == pytest.approx(0.05999, abs=1e-5)


def test_a_win_raises_a_loss_lowers() -> None:
    got = run("""
      const me = {rating: 1600, rd: 120, vol: 0.06};
      const before = JSON.stringify(me);
      const win = G.update(me, [{rating: 1600, rd: G.PUZZLE_RD, score: 1}]);
      const loss = G.update(me, [{rating: 1600, rd: G.PUZZLE_RD, score: 0}]);
      const draw = G.update(me, [{rating: 1600, rd: G.PUZZLE_RD, score: 0.5}]);
      out({win, loss, draw, same: JSON.stringify(me) === before, fresh: win !== me});""")
    assert got["win"]["rating"] > 1600 > got["loss"]["rating"]
    assert got["win"]["rating"] - 1600 == pytest.approx(1600 - got["loss"]["rating"])
    assert got["draw"]["rating"] == pytest.approx(1600)
    assert got["win"]["rd"] < 120 and got["loss"]["rd"] < 120
    assert got["same"] and got["fresh"]


def test_an_empty_period_only_widens_rd() -> None:
    got = run("""out({
      mid: G.update({rating: 1700, rd: 200, vol: 0.06}, []),
      start: G.update(G.START, []),
      start_frozen: Object.isFrozen(G.START)});""")
    assert got["mid"]["rating"] == 1700 and got["mid"]["vol"] == 0.06
    assert got["mid"]["rd"] == pytest.approx(math.hypot(200, 0.06 * 173.7178))
    assert got["start"] == {"rating": 1500, "rd": 350, "vol": 0.06}  # never above 350
    assert got["start_frozen"]


def test_rd_stays_within_45_and_350() -> None:
    got = run("""
      let me = {...G.START};
      let least = Infinity;
      for (let i = 0; i < 300; i++) {
        me = G.update(me, [{rating: me.rating, rd: G.PUZZLE_RD, score: i % 2}]);
        least = Math.min(least, me.rd);
      }
      // a sure player, many games in one period: the paper's rd would fall below 45
      const games = Array.from({length: 40}, (_, i) => ({rating: 1500, rd: 30, score: i % 2}));
      const sure = G.update({rating: 1500, rd: 50, vol: 0.001}, games);
      const wide = G.update({rating: 1500, rd: 349, vol: 0.5}, []);
      out({least, sure: sure.rd, wide: wide.rd});""")
    assert 45 <= got["least"] < 80  # one puzzle a period settles near 60
    assert got["sure"] == 45
    assert got["wide"] == 350


# --- the profile ------------------------------------------------------------------------

def test_a_fresh_profile_and_a_round_trip() -> None:
    got = run("""
      const store = fakeStorage();
      const fresh = P.loadProfile(store);
      const p = P.loadProfile(store);
      P.recordFirstTry(p, {id: "a1", rating: 1400, themes: ["denial", "endgame"]}, true, 1000);
      P.recordFirstTry(p, {id: "b2", rating: 1800, themes: ["endgame"]}, false, 2000);
      P.noteStreak(p, 3);
      const saved = P.saveProfile(p, store);
      out({fresh, saved, p, back: P.loadProfile(store), none: P.loadProfile(),
           noneSaved: P.saveProfile(p), nullSaved: P.saveProfile(p, null)});""")
    assert got["fresh"] == FRESH
    assert got["none"] == FRESH  # Node has no localStorage: a fresh profile, nothing thrown
    assert got["saved"] is True and got["noneSaved"] is False and got["nullSaved"] is False
    assert got["back"] == got["p"]
    assert got["p"]["themes"] == {"denial": [1, 0], "endgame": [1, 1]}
    assert got["p"]["results"] == {"a1": {"first": "solved", "at": 1000},
                                   "b2": {"first": "failed", "at": 2000}}
    assert got["p"]["streakBest"] == 3


def test_the_first_try_counts_once() -> None:
    got = run("""
      const p = P.loadProfile(fakeStorage());
      const first = P.recordFirstTry(p, {id: "x", rating: 1500, themes: ["denial"]}, true, 5);
      const after = JSON.stringify(p);
      const again = P.recordFirstTry(p, {id: "x", rating: 1500, themes: ["denial"]}, false, 6);
      const againWon = P.recordFirstTry(p, {id: "x", rating: 1500, themes: ["denial"]}, true, 7);
      out({first, again, againWon, unchanged: JSON.stringify(p) === after, p});""")
    first = got["first"]
    assert first["counted"] is True and first["before"] == 1500 and first["after"] > 1500
    assert isinstance(first["after"], int)
    for later in (got["again"], got["againWon"]):
        assert later == {"counted": False, "before": first["after"], "after": first["after"]}
    assert got["unchanged"]
    assert got["p"]["history"] == [[5, first["after"]]]
    assert got["p"]["themes"] == {"denial": [1, 0]}


def test_a_loss_lowers_the_profiles_rating() -> None:
    got = run("""
      const p = P.loadProfile(fakeStorage());
      out(P.recordFirstTry(p, {id: "x", rating: 1500, themes: []}, false, 5));""")
    assert got["counted"] and got["after"] < got["before"] == 1500


def test_a_puzzle_without_a_usable_id_or_rating_is_not_counted() -> None:
    got = run("""
      const p = P.loadProfile(fakeStorage());
      out([
        P.recordFirstTry(p, {id: "", rating: 1500, themes: []}, true),
        P.recordFirstTry(p, {id: "y".repeat(65), rating: 1500, themes: []}, true),
        P.recordFirstTry(p, {id: 7, rating: 1500, themes: []}, true),
        P.recordFirstTry(p, {id: "z", rating: NaN, themes: []}, true),
        P.recordFirstTry(p, {id: "z", rating: 99999, themes: []}, true),
        p]);""")
    *answers, profile = got
    assert all(a == {"counted": False, "before": 1500, "after": 1500} for a in answers)
    assert profile == FRESH


DAMAGED = {
    "not JSON": '"{version: 1, rating"',
    "JSON null": '"null"',
    "a number": '"42"',
    "an array": '"[1, 2, 3]"',
    "another version": 'JSON.stringify({version: 2, streakBest: 5})',
    "no version": 'JSON.stringify({rating: {rating: 1700, rd: 60, vol: 0.06}})',
    "wrong types everywhere": 'JSON.stringify({version: 1, rating: "high", history: {},'
                              ' results: [], themes: "all", streakBest: "7"})',
    "a huge string": '"x".repeat(3_000_000)',
    "huge valid JSON": 'JSON.stringify({version: 1, history: Array(400_000).fill([1, 1500])})',
    "nested deep": '\'{"version": 1, "results": \' + "[".repeat(50_000)'
                   ' + "]".repeat(50_000) + "}"',
    "too many values": 'JSON.stringify({version: 1, results: Object.fromEntries('
                       'Array.from({length: 9000},'
                       ' (_, i) => ["p" + i, {first: "failed", at: i}]))})',
    "a NaN rating (not JSON)":
        '\'{"version": 1, "rating": {"rating": NaN, "rd": 50, "vol": 0.06}}\'',
    "an infinite rating":
        '\'{"version": 1, "rating": {"rating": 1e999, "rd": 50, "vol": 0.06}}\'',
}


@pytest.mark.parametrize("value", DAMAGED.values(), ids=DAMAGED.keys())
def test_damaged_storage_gives_a_fresh_profile(value: str) -> None:
    got = run(f"""
      const store = fakeStorage({{[KEY]: {value}}});
      const p = P.loadProfile(store);
      const puzzle = {{id: "q", rating: 1500, themes: ["t"]}};
      const counted = P.recordFirstTry(p, puzzle, true, 9).counted;
      out({{p: P.loadProfile(store), counted, saved: P.saveProfile(p, store)}});""")
    assert got["p"] == FRESH
    assert got["counted"] and got["saved"]


def test_damaged_parts_are_repaired_and_the_rest_kept() -> None:
    got = run("""
      const good = {first: "failed", at: 10};
      const stored = {version: 1,
        rating: {rating: 1600, rd: 500, vol: 0.06},            // rd beyond 350: reset
        history: [[1, 1500], [2, "x"], [3], [4, -5], [5, 1510], [6, 1e9]],
        results: {ok: good, bad1: {first: "won", at: 1}, bad2: {first: "failed"},
                  bad3: {first: "solved", at: 1, solved: "yes"}, ["w".repeat(65)]: good,
                  bad4: [1], later: {first: "failed", at: 11, solved: true, extra: 1}},
        themes: {denial: [2, 1], neg: [-1, 0], frac: [1.5, 0], ["t".repeat(41)]: [1, 1],
                 short: [1], endgame: [0, 3]},
        streakBest: -4};
      const p = P.loadProfile(fakeStorage({[KEY]: JSON.stringify(stored)}));
      const nan = P.loadProfile(fakeStorage({[KEY]:
        '{"version": 1, "rating": {"rating": 1600, "rd": 60, "vol": 0}, "streakBest": 4}'}));
      out({p, nan});""")
    p = got["p"]
    assert p["rating"] == FRESH["rating"]
    assert p["history"] == [[1, 1500], [5, 1510]]
    assert p["results"] == {"ok": {"first": "failed", "at": 10},
                            "later": {"first": "failed", "at": 11, "solved": True}}
    assert p["themes"] == {"denial": [2, 1], "endgame": [0, 3]}
    assert p["streakBest"] == 0
    assert got["nan"]["rating"] == FRESH["rating"] and got["nan"]["streakBest"] == 4


def test_a_storage_that_refuses() -> None:
    got = run("""
      const p = P.loadProfile(fakeStorage());
      const full = {getItem: () => null, setItem: () => {
        throw new DOMException("full", "QuotaExceededError"); }, removeItem: () => {}};
      const broken = {getItem: () => { throw new Error("denied"); },
                      setItem: () => { throw new Error("denied"); }, removeItem: () => {}};
      const blocked = {};
      Object.defineProperty(globalThis, "localStorage", {configurable: true,
        get() { throw new DOMException("sandboxed", "SecurityError"); }});
      out({full: P.saveProfile(p, full), broken: P.saveProfile(p, broken),
           read: P.loadProfile(broken), blocked: P.saveProfile(p, blocked),
           blockedRead: P.loadProfile(blocked), sandboxed: P.saveProfile(p),
           sandboxedRead: P.loadProfile()});""")
    assert got["full"] is False and got["broken"] is False and got["blocked"] is False
    assert got["sandboxed"] is False
    assert got["read"] == got["blockedRead"] == got["sandboxedRead"] == FRESH


def test_ids_like_object_members_are_only_ids() -> None:
    got = run("""
      const stored = '{"version": 1, "results": {"__proto__": {"first": "failed", "at": 3}}}';
      const p = P.loadProfile(fakeStorage({[KEY]: stored}));
      const counted = ["toString", "constructor", "hasOwnProperty"].map(
        (id) => P.recordFirstTry(p, {id, rating: 1500, themes: ["__proto__", "toString"]},
                                 false, 4).counted);
      const store = fakeStorage();
      P.saveProfile(p, store);
      const back = P.loadProfile(store);
      out({failed: P.failedIds(back), counted, themes: P.weakestThemes(back),
           polluted: ({}).first !== undefined});""")
    assert got["counted"] == [True, True, True]
    ids = ["__proto__", "toString", "constructor", "hasOwnProperty"]
    assert sorted(got["failed"]) == sorted(ids)
    assert got["themes"] == [{"theme": "__proto__", "solved": 0, "failed": 3},
                             {"theme": "toString", "solved": 0, "failed": 3}]
    assert not got["polluted"]


def test_the_caps_hold() -> None:
    got = run("""
      const store = fakeStorage();
      const p = P.loadProfile(store);
      const themes = Array.from({length: 70}, (_, i) => "theme" + i);
      for (let i = 0; i < 600; i++)
        P.recordFirstTry(p, {id: "p" + i, rating: 1500,
                             themes: i === 0 ? [...themes, "x".repeat(41)] : []},
                         i % 2 === 0, 1000 + i);
      const small = {history: p.history.length, first: p.history[0][0],
                     results: Object.keys(p.results).length,
                     themes: Object.keys(p.themes).length, long: "x".repeat(41) in p.themes};
      // the largest profile we write: 5000 results of the longest ids, all parts full
      for (let i = 600; i < 5010; i++)
        P.recordFirstTry(p, {id: String(i).padStart(64, "0"), rating: 1500, themes: []},
                         false, 1000 + i);
      for (const id of Object.keys(p.results)) P.noteSolved(p, id);
      const results = Object.keys(p.results).length;
      const oldestKept = Math.min(...Object.values(p.results).map((r) => r.at));
      const saved = P.saveProfile(p, store);
      const back = P.loadProfile(store);
      out({small, results, oldestKept, saved, size: store.data.get(KEY).length,
           same: JSON.stringify(back) === JSON.stringify(p)});""")
    assert got["small"] == {"history": 500, "first": 1100, "results": 600, "themes": 64,
                            "long": False}
    assert got["results"] == 5000
    assert got["oldestKept"] == 1010  # the 10 oldest tries forgotten
    assert got["saved"] and got["same"]  # what is written at the caps reads back whole
    assert got["size"] < 1_000_000


def test_a_long_stored_history_is_cut_to_the_newest_500() -> None:
    got = run("""
      const history = Array.from({length: 600}, (_, i) => [i, 1500 + (i % 7)]);
      const p = P.loadProfile(fakeStorage({[KEY]: JSON.stringify({version: 1, history})}));
      out([p.history.length, p.history[0][0], p.history.at(-1)[0]]);""")
    assert got == [500, 100, 599]


def test_failed_ids_leave_when_solved_later() -> None:
    got = run("""
      const p = P.loadProfile(fakeStorage());
      P.recordFirstTry(p, {id: "a", rating: 1500, themes: []}, false, 1);
      P.recordFirstTry(p, {id: "b", rating: 1500, themes: []}, false, 3);
      P.recordFirstTry(p, {id: "c", rating: 1500, themes: []}, false, 2);
      P.recordFirstTry(p, {id: "d", rating: 1500, themes: []}, true, 4);
      const before = P.failedIds(p);
      const rating = JSON.stringify(p.rating);
      const marked = ["c", "c", "d", "zz"].map((id) => P.noteSolved(p, id));
      out({before, after: P.failedIds(p), marked, c: p.results.c, d: p.results.d,
           ratingKept: JSON.stringify(p.rating) === rating});""")
    assert got["before"] == ["b", "c", "a"]
    assert got["after"] == ["b", "a"]
    assert got["marked"] == [True, False, False, False]
    assert got["c"] == {"first": "failed", "at": 2, "solved": True}
    assert got["d"] == {"first": "solved", "at": 4}
    assert got["ratingKept"]


def test_weakest_themes_order() -> None:
    got = run("""
      const p = P.loadProfile(fakeStorage());
      p.themes = {e: [1, 1], a: [1, 1], b: [2, 2], c: [0, 1], d: [3, 0]};
      out(P.weakestThemes(p));""")
    # share of failures 1 (c), then 1/2 with the most failures first (b), then by name
    assert [t["theme"] for t in got] == ["c", "b", "a", "e", "d"]
    assert got[1] == {"theme": "b", "solved": 2, "failed": 2}


def test_the_best_streak() -> None:
    got = run("""
      const p = P.loadProfile(fakeStorage());
      out([P.noteStreak(p, 3), P.noteStreak(p, 2), P.noteStreak(p, 5), P.noteStreak(p, NaN),
           P.noteStreak(p, -1), P.noteStreak(p, 2.5), p.streakBest]);""")
    assert got == [3, 3, 5, 5, 5, 5, 5]
