"""The maker's files, appended to and read back on a restart: one JSON line a puzzle
(``<board>.jsonl``), and a side file (``<board>.judged.jsonl``) with every position
judged as a puzzle start, accepted or rejected and why, and every game finished."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


class Store:
    def __init__(self, folder: Path, board: str) -> None:
        self.puzzles = folder / f"{board}.jsonl"
        self.side = folder / f"{board}.judged.jsonl"
        self.judged: set[str] = set()  # ids of the positions judged (record.puzzle_id)
        self.games: set[str] = set()  # "seed:index" of games finished
        self.count = 0  # puzzles in the file
        if self.side.exists():
            for entry in _lines(self.side):
                if "key" in entry:
                    self.judged.add(entry["key"])
                elif "game" in entry:
                    self.games.add(entry["game"])
        if self.puzzles.exists():
            self.count = len(_lines(self.puzzles))

    def judge(self, key: str, verdict: str, why: str, **more: Any) -> bool:
        """Note the verdict on the position ``key``; False (and nothing noted) if it was
        judged before: a second puzzle of one position is never kept."""
        if key in self.judged:
            return False
        self.judged.add(key)
        _append(self.side, {"key": key, "verdict": verdict, "why": why, **more})
        return True

    def add(self, puzzle: dict[str, Any]) -> None:
        _append(self.puzzles, puzzle)
        self.count += 1

    def finish_game(self, tag: str) -> None:
        self.games.add(tag)
        _append(self.side, {"game": tag})


def _append(path: Path, entry: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    cut = path.exists() and path.stat().st_size and not path.read_bytes().endswith(b"\n")
    with path.open("a", encoding="utf-8") as f:
        if cut:  # a line a stopped run left unfinished stays on its own (and is skipped)
            f.write("\n")
        f.write(json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n")


def _lines(path: Path) -> list[dict[str, Any]]:
    """The JSON lines of ``path``; a line cut short by a stopped run is skipped."""
    out: list[dict[str, Any]] = []
    for text in path.read_text(encoding="utf-8").splitlines():
        try:
            entry = json.loads(text)
        except ValueError:
            continue
        if isinstance(entry, dict):
            out.append(entry)
    return out
