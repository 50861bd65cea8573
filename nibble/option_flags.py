"""Command-line flags for a game's options, read from the game itself.

The terminal commands (``play``, ``match``) are written once for every game: each option
a game declares becomes a flag named after it (``--variant <choice>``, ``--size 9``,
``--players 3``, ``--no-decided-early`` for a flag on by default), so a new game needs
no change here.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from typing import Any

from .core.protocol import Game
from .games import DEFAULT_GAME, GAMES


def flag(name: str) -> str:
    """``decided_early`` → ``--decided-early``."""
    return "--" + name.replace("_", "-")


def game_of(argv: list[str], default: str = DEFAULT_GAME) -> Game | None:
    """The game named by ``--game`` in ``argv`` (None for an unknown name; the full parse
    reports it), so that its option flags can be added before parsing."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--game", default=default)
    known, _ = pre.parse_known_args(argv)
    return GAMES.get(known.game)


def add_option_flags(p: argparse.ArgumentParser, game: Game | None,
                     skip: Iterable[str] = ()) -> None:
    """One flag per option of ``game``, except those in ``skip`` and those whose flag the
    parser already has; values land in ``opt_<name>`` (None when not given)."""
    if game is None:
        return
    taken = set(p._option_string_actions)
    skipped = set(skip)
    for opt in game.options:
        name = flag(opt.name)
        if opt.name in skipped or name in taken or "--no-" + name[2:] in taken:
            continue
        kw: dict[str, Any] = {"default": None, "dest": f"opt_{opt.name}",
                              "help": f"{game.name} option: {opt.label}"}
        if opt.type == "bool":
            kw["action"] = argparse.BooleanOptionalAction
        elif opt.type == "int":
            kw["type"] = int
            kw["metavar"] = opt.name.upper()
        elif opt.choices:
            kw["choices"] = [v for v, _ in opt.choices]
        p.add_argument(name, **kw)


def options_from_args(args: argparse.Namespace) -> dict[str, Any]:
    """The options given as flags (the game fills in the rest)."""
    return {key[4:]: value for key, value in vars(args).items()
            if key.startswith("opt_") and value is not None}
