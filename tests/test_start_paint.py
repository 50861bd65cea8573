"""A seeded start drawn without the engine (issue 47 part 3): the page draws a new
``?game=…&seed=`` link's board at first paint from what the build ships in
first-paint.json (scripts/build.py start_paints) and the game's web module
(web/games/nibble/setup.js, run here in Node). It must be the engine's own start view,
seed for seed, on every board: thousands of seeds each, both colour orders, and the
extreme seeds."""

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
from nibble.games import get_game

ROOT = Path(__file__).resolve().parent.parent
SETUP = ROOT / "web" / "games" / "nibble" / "setup.js"
sys.path.insert(0, str(ROOT / "scripts"))
from build import start_paints  # noqa: E402

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten" or shutil.which("node") is None or not SETUP.exists(),
    reason="needs Node and web/ (not inside Pyodide)")

#: what only playing needs: a link's picture leaves it out too (web/session/link-codec.js)
PLAY_ONLY = ("legal_moves", "input")
SEEDS = [*range(2000), 2**31 - 1, 2**32, 2**32 + 1, 2**53 - 1, MAX_SEED]

RUN = """
import { startView } from %s;
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { starts, cases } = JSON.parse(Buffer.concat(chunks).toString());
const views = cases.map(([board, options]) => startView(options, starts[board]));
process.stdout.write(JSON.stringify(views));
"""


def engine_view(options: dict[str, Any]) -> dict[str, Any]:
    view = handle({"op": "new", "game": "nibble", "options": options})["view"]
    for key in PLAY_ONLY:
        view.pop(key)
    return view


def drawn(starts: dict[str, Any], cases: list[tuple[str, dict[str, Any]]]) -> list[Any]:
    script = RUN % json.dumps(SETUP.as_uri())
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                         text=True, check=True, timeout=300,
                         input=json.dumps({"starts": starts, "cases": cases}))
    views: list[Any] = json.loads(out.stdout)
    return views


@pytest.fixture(scope="module")
def starts() -> dict[str, Any]:
    paints = start_paints(handle({"op": "games"}))
    assert set(paints) == {"nibble"}  # the games whose start the page can draw
    return dict(paints["nibble"])


@pytest.mark.parametrize("variant", ["square9", "square13", "hex13"])
def test_every_seed_draws_the_engines_start(starts: dict[str, Any], variant: str) -> None:
    cases = [(variant, {"variant": variant, "seed": seed}) for seed in SEEDS]
    cases += [(variant, {"variant": variant, "seed": seed, "color_order": "fixed"})
              for seed in SEEDS[:200]]
    for (_, options), view in zip(cases, drawn(starts, cases), strict=True):
        assert view == engine_view(options), options


def test_what_it_cannot_draw_is_left_to_the_engine(starts: dict[str, Any]) -> None:
    cases = [("square9", {"variant": "square9"}), ("square9", {"variant": "square9", "seed": -1}),
             ("square9", {"variant": "square9", "seed": 1.5}),
             ("square9", {"variant": "square9", "seed": 3, "color_order": "sideways"})]
    assert drawn(starts, cases) == [None] * len(cases)


def test_only_games_that_say_so_are_drawn_early() -> None:
    assert get_game("nibble").start_paint(get_game("nibble").normalize_options({}))
    for game_id in ("nebuchadnezzar", "number-one"):
        game = get_game(game_id)
        assert game.start_paint(game.normalize_options({}, fill_seed=1)) is None
