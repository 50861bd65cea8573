"""Everything the engine knows of one game lives in the game's own package: no file of
nibble/ outside nibble/games/<package>/ names a game (issue 44). A fourth game then edits
its own package and one line of the registry (docs/adding-a-game.md).

A game is named by its id, its package, its English name, its ``Game`` class, the
choices of its ``variant`` option (its boards) and its package's import path, all read
from the registry. The word ``nibble`` is the project's name too (the package, the
errors, the bridge's record format), so the Nibble game's id and name are not looked for
on their own; its boards, its class and ``games.nibble`` are."""

from __future__ import annotations

import re
from pathlib import Path

from nibble.core.protocol import Game
from nibble.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "nibble"
#: the project's name, which is also one game's id and name
PROJECT = "nibble"
#: files outside the games' packages that may name games, each with why
ALLOWED = {
    "nibble/games/__init__.py": "the registry: it imports every game and names the default",
}


def package_of(game: Game) -> str:
    """The game's package under nibble/games/ (``number_one``)."""
    module = type(game).__module__.split(".")
    assert module[:2] == ["nibble", "games"], module
    return module[2]


def names_of(game: Game) -> set[str]:
    """The words that name ``game`` (lower case), the project's name left out."""
    package = package_of(game)
    words = {game.id, package, game.name, type(game).__name__, f"games.{package}",
             f"games/{package}"}
    words |= {value for o in game.options if o.name == "variant" for value, _ in o.choices}
    words |= {w.replace("-", " ") for w in words}
    return {w.lower() for w in words if w.lower() != PROJECT}


def pattern(words: set[str]) -> re.Pattern[str]:
    """Any of ``words`` as a whole word, case-insensitive."""
    alternatives = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


def shared_files() -> list[Path]:
    """Every text file of nibble/ outside the games' packages."""
    packages = {ENGINE / "games" / package_of(g) for g in GAMES.values()}
    return sorted(p for p in ENGINE.rglob("*") if p.is_file() and p.suffix in (".py", ".md")
                  and not any(p.is_relative_to(pkg) for pkg in packages))


def test_no_shared_file_names_a_game() -> None:
    games = {gid: pattern(names_of(g)) for gid, g in GAMES.items()}
    found = []
    for path in shared_files():
        name = path.relative_to(ROOT).as_posix()
        if name in ALLOWED:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{name}:{number}: {gid}: {line.strip()}"
                      for gid, words in games.items() if words.search(line)]
    assert found == [], "\n".join(found)


def test_the_check_sees_each_game_s_names() -> None:
    """The words looked for catch what a shared file would write of each game."""
    assert len(shared_files()) > 30  # the engine was read
    for gid, game in GAMES.items():
        words = pattern(names_of(game))
        assert words.search(f"from ..games.{package_of(game)}.state import X")
        assert words.search(f"class {type(game).__name__}:")
        if gid != PROJECT:
            assert words.search(f'get_game("{gid}")') and words.search(f"{game.name}'s pegs")
    nibble = pattern(names_of(GAMES[PROJECT]))
    assert nibble.search('{"variant": "hex13"}') and nibble.search("nibble/square9")
    assert not nibble.search("from nibble.core.errors import NibbleError")
    assert not nibble.search("python -m nibble ladder")
    for name, why in ALLOWED.items():
        assert (ROOT / name).is_file() and why, name
