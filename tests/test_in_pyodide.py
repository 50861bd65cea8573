"""Run this test suite once more inside real Pyodide (the browser's runtime), under Node,
booted from the page's own Python library (pyodide/python.zip: the standard modules the
engine was seen to import, as bytecode): the run fails if an engine module the page loads
imports anything that library lacks (tests/pyodide/run_pytest.mjs, --stdlib).

tests/pyodide/run_pytest.mjs boots Pyodide from node_modules/pyodide, mounts the repository,
installs pure-Python wheels of pytest and hypothesis (tests/pyodide/requirements.txt, fetched
once into build/pyodide-wheels/) and runs pytest on tests/ there, this file excluded.

Tests that cannot run in Pyodide (they start processes, use threads or sockets) must skip
themselves there: ``@pytest.mark.skipif(sys.platform == "emscripten", reason=...)``.

Environment: NIBBLE_PYODIDE_TIMEOUT (seconds, default 2400) bounds the whole run;
NIBBLE_PYODIDE_ARGS adds pytest options for the run inside Pyodide (e.g. "-k api -x").
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nibble.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide" / "run_pytest.mjs"
REQUIREMENTS = ROOT / "tests" / "pyodide" / "requirements.txt"
WHEELS = ROOT / "build" / "pyodide-wheels"
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten", reason="already running inside Pyodide"
)


def pinned_wheels() -> list[str]:
    """Requirement names from tests/pyodide/requirements.txt, e.g. ``pytest==9.2.0``."""
    reqs = []
    for line in REQUIREMENTS.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            reqs.append(line.split()[0])
    return reqs


def wheels_present() -> bool:
    names = {p.name.lower() for p in WHEELS.glob("*.whl")}
    for req in pinned_wheels():
        name, version = req.split("==")
        prefix = f"{name.replace('-', '_')}-{version}-".lower()
        if not any(n.startswith(prefix) for n in names):
            return False
    return True


def fetch_wheels() -> None:
    if wheels_present():
        return
    WHEELS.mkdir(parents=True, exist_ok=True)
    cmd = [
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
        "--only-binary=:all:", "--python-version", "3.14", "--implementation", "py",
        "--platform", "any", "--require-hashes", "-r", str(REQUIREMENTS), "-d", str(WHEELS),
    ]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0 and wheels_present(), (
        f"could not fetch the Pyodide test wheels into {WHEELS}:\n{proc.stdout}\n{proc.stderr}"
    )


def page_python_zip(node: str) -> Path:
    """The page's Python library (scripts/python_zip.py): the built site's when it is there
    and newer than every engine source, else one made now (7-10 s)."""
    built = ROOT / "dist" / "pyodide" / "python.zip"
    newest = max(p.stat().st_mtime for p in (ROOT / "nibble").rglob("*.py"))
    if built.is_file() and built.stat().st_mtime >= newest:
        return built
    made = Path("build") / "python-test.zip"
    subprocess.run([node, "scripts/pyodide_run.mjs", "scripts/python_zip.py", "--out", str(made)],
                   cwd=ROOT, check=True, capture_output=True, timeout=600)
    return ROOT / made


def test_engine_suite_passes_in_pyodide() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: cannot run the suite in Pyodide")
    if not PYODIDE.is_file():
        pytest.skip("node_modules/pyodide is missing: run `npm ci` (make test does)")
    fetch_wheels()
    timeout = float(os.environ.get("NIBBLE_PYODIDE_TIMEOUT", "2400"))
    cmd = [node, str(RUNNER), "--repo", str(ROOT), "--wheels", str(WHEELS),
           "--stdlib", str(page_python_zip(node)), "--", "-ra"]
    cmd += shlex.split(os.environ.get("NIBBLE_PYODIDE_ARGS", ""))
    started = time.monotonic()
    try:
        proc = subprocess.run(
            cmd, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
            stdin=subprocess.DEVNULL,
        )  # fmt: skip
    except subprocess.TimeoutExpired as e:
        out = (
            (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else e.stdout
        )
        pytest.fail(f"the Pyodide run took more than {timeout:.0f} s:\n{out or ''}")
    output = f"$ {' '.join(cmd)}\n{proc.stdout}\n{proc.stderr}"
    took = time.monotonic() - started
    # Shown by `pytest -s`, and with the failure below.
    print(output)
    print(f"Pyodide run: {took:.1f} s")
    if proc.returncode == 5:
        pytest.skip("no engine tests were collected in Pyodide (exit code 5)")
    assert proc.returncode == 0, f"the test suite failed inside Pyodide:\n{output}"


#: what the tests marked ``lab`` exercise (skipped inside Pyodide, tests/conftest.py): the
#: lab, the puzzle maker and every game's sparring partner (``Game.pool``)
LAB_PATHS = ("nibble/ai/lab/", "nibble/puzzles/mine", "nibble/puzzles/runner",
             "nibble/puzzles/store",
             *(g.pool.partition(":")[0].replace(".", "/") for g in GAMES.values() if g.pool))


def test_the_page_never_loads_what_only_the_lab_tests_cover() -> None:
    """The lab's tests may skip the Pyodide run because the page's Python has none of it."""
    node = shutil.which("node")
    if node is None or not PYODIDE.is_file():
        pytest.skip("needs node and node_modules/pyodide to know the page's Python")
    import zipfile

    names = zipfile.ZipFile(page_python_zip(node)).namelist()
    assert any(n.startswith("nibble/puzzles/judge") for n in names)  # the listing is read
    assert [n for n in names if n.startswith(LAB_PATHS)] == []


def test_the_page_has_every_search_a_level_plays() -> None:
    """A game's own search is imported by name when a level first plays it, and may be
    played for some player counts only: the page's Python must hold it all the same."""
    node = shutil.which("node")
    if node is None or not PYODIDE.is_file():
        pytest.skip("needs node and node_modules/pyodide to know the page's Python")
    import zipfile

    from nibble.ai.knowledge import knowledge_for

    names = set(zipfile.ZipFile(page_python_zip(node)).namelist())
    searched = set()
    for game in GAMES.values():
        for n in range(game.min_players, game.max_players + 1):
            options = {game.players_option: n} if game.players_option else {}
            state = game.new_state(game.normalize_options({**options, "seed": 1}))
            k = knowledge_for(state)
            if k.strong_search_for(state) == "own" and k.own_search:
                searched.add(k.own_search.partition(":")[0].replace(".", "/") + ".pyc")
    assert len(searched) >= 2  # Nebuchadnezzar's and Number One's (two players)
    assert sorted(searched - names) == []

