"""A seeded start drawn without the engine (issue 47 part 3): the page draws a new
``?game=…&seed=`` link's board at first paint from what the build ships in starts.json
(scripts/build.py start_paints) and the game's web module (run here in Node): Nibble's
set-up run from the seed (web/games/nibble/setup.js), the start as built for the games
whose start the seed plays no part in (web/games/start.js). It must be the engine's own
start view, seed for seed, on every board: thousands of seeds a Nibble board, both colour
orders, the extreme seeds; every Nebuchadnezzar size and Number One's player counts."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from nibble.api import handle
from nibble.core.protocol import MAX_SEED

ROOT = Path(__file__).resolve().parent.parent
MODULES = {"nibble": ROOT / "web" / "games" / "nibble" / "setup.js",
           "nebuchadnezzar": ROOT / "web" / "games" / "start.js",
           "number-one": ROOT / "web" / "games" / "start.js"}
#: the function each game's module (web/games/<id>/index.js) names as its startView
FUNCTIONS = {"nibble": "startView", "nebuchadnezzar": "startAsBuilt",
             "number-one": "startAsBuilt"}
sys.path.insert(0, str(ROOT / "scripts"))
from build import start_paints  # noqa: E402

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten" or shutil.which("node") is None
    or not all(m.exists() for m in MODULES.values()),
    reason="needs Node and web/ (not inside Pyodide)")

#: what only playing needs: a link's picture leaves it out too (web/session/link-codec.js)
PLAY_ONLY = ("legal_moves", "input", "position")
SEEDS = [*range(2000), 2**31 - 1, 2**32, 2**32 + 1, 2**53 - 1, MAX_SEED]
FEW_SEEDS = [0, 1, 77, 2**32 + 1, MAX_SEED]

RUN = """
const draw = (await import(%s))[%s];
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { starts, cases } = JSON.parse(Buffer.concat(chunks).toString());
const views = cases.map(([board, options]) => draw(options, starts[board]));
process.stdout.write(JSON.stringify(views));
"""


def engine_view(game: str, options: dict[str, Any]) -> dict[str, Any]:
    view = handle({"op": "new", "game": game, "options": options})["view"]
    for key in PLAY_ONLY:
        view.pop(key, None)
    return view


@pytest.fixture(scope="module")
def starts() -> dict[str, Any]:
    return start_paints(handle({"op": "games"}))


def drawn(game: str, starts: dict[str, Any], cases: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    """The views the page draws for ``cases`` ((board, the link's options with defaults))."""
    script = RUN % (json.dumps(MODULES[game].as_uri()), json.dumps(FUNCTIONS[game]))
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                         text=True, check=True, timeout=300,
                         input=json.dumps({"starts": starts[game], "cases": cases}))
    views: list[Any] = json.loads(out.stdout)
    return views


def full(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options as the page fills them (every option, defaults where the link is silent)."""
    info = next(g for g in handle({"op": "games"})["games"] if g["id"] == game)
    return {o["name"]: options.get(o["name"], o["default"]) for o in info["options"]}


def check(game: str, starts: dict[str, Any], cases: list[tuple[str, dict[str, Any]]]) -> None:
    for (_, options), view in zip(cases, drawn(game, starts, cases), strict=True):
        assert view == engine_view(game, options), options


def test_every_board_of_every_game_has_its_start(starts: dict[str, Any]) -> None:
    assert set(starts["nibble"]) == {"square9", "square13", "hex13"}
    assert set(starts["nebuchadnezzar"]) == {str(n) for n in range(5, 16)}
    assert set(starts["number-one"]) == {"2", "3", "4"}


@pytest.mark.parametrize("variant", ["square9", "square13", "hex13"])
def test_every_seed_draws_the_engines_nibble_start(starts: dict[str, Any], variant: str) -> None:
    cases = [(variant, full("nibble", {"variant": variant, "seed": s})) for s in SEEDS]
    cases += [(variant, full("nibble", {"variant": variant, "seed": s, "color_order": "fixed"}))
              for s in SEEDS[:200]]
    cases += [(variant, full("nibble", {"variant": variant, "seed": s, "decided_early": False}))
              for s in SEEDS[:20]]
    check("nibble", starts, cases)


def test_every_size_and_count_draws_the_engines_start(starts: dict[str, Any]) -> None:
    check("nebuchadnezzar", starts, [(str(n), full("nebuchadnezzar", {"size": n, "seed": s}))
                                     for n in range(5, 16) for s in FEW_SEEDS])
    check("number-one", starts, [(str(n), full("number-one", {"players": n, "seed": s}))
                                 for n in (2, 3, 4) for s in FEW_SEEDS])


def test_what_it_cannot_draw_is_left_to_the_engine(starts: dict[str, Any]) -> None:
    bad = [{"seed": None}, {"seed": -1}, {"seed": 1.5}]
    nibble = [("square9", full("nibble", {"variant": "square9", **b})) for b in bad]
    nibble.append(("square9", full("nibble", {"variant": "square9", "seed": 3,
                                              "color_order": "sideways"})))
    assert drawn("nibble", starts, nibble) == [None] * len(nibble)
    one = [("3", full("number-one", {"players": 3, **b})) for b in bad]
    # another arrangement of a player's pegs than the build drew: left to the engine
    one.append(("3", full("number-one", {"players": 3, "seed": 3, "pegs2": "LSM"})))
    assert drawn("number-one", starts, one) == [None] * len(one)
