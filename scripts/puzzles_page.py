#!/usr/bin/env python3
"""The shipped puzzles as the page loads them: ``dist/puzzles/<board>.json``, one per
file of ``data/puzzles/`` (``python -m nibble puzzles``, docs/puzzles.md), and
``dist/puzzles/index.json`` listing them (docs/contracts.md, "Puzzles on the page"); and
each game's rule lessons, ``dist/lessons/<game>.json`` (``nibble.puzzles.lessons``,
contracts.md "Lessons").

    python scripts/puzzles_page.py [--out dist]

Each puzzle keeps what the page plays it from: ``id``, ``record`` (the game up to the
opponent's mistake), ``solver``, ``line``, ``themes`` and ``rating``; what justified it
(``values``) stays in the repository. Puzzles are sorted by id, so that the files do not
depend on the order the maker found them in, and every line is checked: a record that
does not replay, or a line that is not legal from it, fails the build.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from nibble.core.errors import NibbleError  # noqa: E402
from nibble.core.record import replay  # noqa: E402
from nibble.games import GAMES  # noqa: E402
from nibble.puzzles.lessons import LessonError, lessons_file  # noqa: E402

DATA = ROOT / "data" / "puzzles"
FORMAT = "nibble-puzzles/1"
KEPT = ("id", "record", "solver", "line", "themes", "rating")


class PuzzleError(Exception):
    pass


def read_puzzles(path: Path) -> list[dict[str, Any]]:
    """The puzzles of one maker's file (a line cut short by a stopped run is skipped)."""
    out = []
    for text in path.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(text)
        except ValueError:
            continue
        if isinstance(entry, dict) and entry.get("format") == "nibble-puzzle/1":
            out.append(entry)
    return out


def check(puzzle: dict[str, Any]) -> None:
    """The record replays and the line is legal from its end, ending on a solver move."""
    try:
        state = replay(puzzle["record"])
        if state.is_over() or state.to_move != puzzle["solver"]:
            raise PuzzleError("the solver is not to move")
        mover = None
        for move in puzzle["line"]:
            mover = state.to_move
            state.push(state.parse_move(move))
        if mover != puzzle["solver"]:
            raise PuzzleError("the line does not end on a solver move")
    except (NibbleError, KeyError, ValueError) as e:
        raise PuzzleError(f"puzzle {puzzle.get('id')}: {e}") from e


def board_file(name: str, puzzles: list[dict[str, Any]]) -> dict[str, Any]:
    first = puzzles[0]
    options = {k: v for k, v in first["options"].items() if k != "seed"}
    return {"format": FORMAT, "board": name, "game": first["game"], "options": options,
            "puzzles": [{k: p[k] for k in KEPT} for p in sorted(puzzles, key=lambda p: p["id"])]}


def write_puzzles(out: Path, data: Path = DATA) -> list[Path]:
    """dist/puzzles/<board>.json for every maker's file, and index.json; the files."""
    folder = out / "puzzles"
    folder.mkdir(parents=True, exist_ok=True)
    index, written = [], []
    for path in sorted(data.glob("*.jsonl")):
        if path.name.endswith(".judged.jsonl"):
            continue
        puzzles = read_puzzles(path)
        if not puzzles:
            continue
        for p in puzzles:
            check(p)
        name = path.name.removesuffix(".jsonl")
        page = board_file(name, puzzles)
        dst = folder / f"{name}.json"
        dst.write_text(json.dumps(page, ensure_ascii=False, separators=(",", ":")) + "\n",
                       encoding="utf-8")
        written.append(dst)
        ratings = [p["rating"] for p in puzzles]
        index.append({"board": name, "file": f"{name}.json", "game": page["game"],
                      "options": page["options"], "count": len(puzzles),
                      "ratings": [min(ratings), max(ratings)]})
    dst = folder / "index.json"
    dst.write_text(json.dumps({"format": FORMAT, "boards": index}, separators=(",", ":")) + "\n")
    written.append(dst)
    return written


def write_lessons(out: Path) -> list[Path]:
    """dist/lessons/<game>.json for every game with lessons; the files. A lesson that
    teaches nothing (no answer, or every move one) fails the build."""
    folder = out / "lessons"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game_id in sorted(GAMES):
        try:
            page = lessons_file(game_id)
        except (LessonError, NibbleError) as e:
            raise PuzzleError(f"lessons of {game_id}: {e}") from e
        if not page["lessons"]:
            continue
        dst = folder / f"{game_id}.json"
        dst.write_text(json.dumps(page, ensure_ascii=False, separators=(",", ":")) + "\n",
                       encoding="utf-8")
        written.append(dst)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    try:
        for path in [*write_puzzles(args.out), *write_lessons(args.out)]:
            print(path)
    except PuzzleError as e:
        print(f"puzzles: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
