"""The page's modes are rooms (web/rooms/, docs/web.md "Modes as rooms"): the page is in
one room at a time, chosen from the state, and no module outside a room and its own
controller tests which mode is on — it asks the room. So a new mode (puzzles, lessons)
is a room and a controller, not another flag checked across the page."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
#: a mode's own state, and the only modules that may read it: its room and its controller
#: (store/state.js declares it)
OWN = {"practice": {"rooms/learn.js", "review/retro.js", "store/state.js"},
       "puzzle": {"rooms/puzzle.js", "puzzles/ctrl.js", "store/state.js"}}

needs_node = pytest.mark.skipif(
    sys.platform == "emscripten" or shutil.which("node") is None or not WEB.exists(),
    reason="needs Node and web/ (not inside Pyodide)")


def test_no_module_outside_a_room_tests_which_mode_is_on() -> None:
    for field, allowed in OWN.items():
        pattern = re.compile(rf"\.{field}\b")
        readers = {p.relative_to(WEB).as_posix() for p in WEB.rglob("*.js")
                   if pattern.search(p.read_text())}
        assert readers <= allowed, readers - allowed
    # the test reads what it should: the learn room does test its own state
    assert re.search(r"\.practice\b", (WEB / "rooms" / "learn.js").read_text())


def run_rooms(script: str) -> object:
    code = ("import { ROOMS, roomOf, leaveRooms } from './web/rooms/index.js';\n"
            + script)
    out = subprocess.run(["node", "--input-type=module", "-e", code], capture_output=True,
                         text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout)


@needs_node
def test_every_room_says_everything_and_play_comes_last() -> None:
    rooms = run_rooms("""
const fields = ["here", "picks", "status", "live", "changesGame", "hints", "navigates",
  "continues", "judges", "notes", "keepsPosition"];
console.log(JSON.stringify(ROOMS.map((r) => [r.id, fields.filter((f) => !(f in r))])));
""")
    assert rooms == [["puzzle", []], ["learn", []], ["review", []], ["play", []]]


@needs_node
def test_the_room_follows_the_state_and_a_new_position_leaves_it() -> None:
    got = run_rooms("""
const seen = [];
const game = { seats: ["human", "human"], view: { to_move: 0, result: null },
  record: { moves: ["a", "b"] } };
const practice = { phase: "try", status: "Mistake 1 of 2." };
const learning = { ...game, review: { ply: 1 }, practice };
const reviewing = { ...game, review: { ply: 1 } };
for (const state of [learning, reviewing, game]) {
  const room = roomOf(state);
  seen.push([room.id, room.picks(state), room.status(state) !== null, room.live]);
}
const kept = { ...reviewing };
leaveRooms(kept, { keep: true });
const left = { ...learning };
leaveRooms(left, { keep: false });
seen.push([roomOf(kept).id, roomOf(left).id, left.practice, left.review]);
console.log(JSON.stringify(seen));
""")
    assert got == [["learn", True, True, False], ["review", False, True, False],
                   ["play", True, False, True], ["review", "play", None, None]]
