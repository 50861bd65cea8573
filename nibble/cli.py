"""``python -m nibble``: play in the terminal, inspect records and positions, benchmark,
match and rate computer players.

Every command goes through the same bridge as the browser, so what works here works
there.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .api import handle
from .bench import cases, run
from .core.errors import NibbleError
from .core.record import FORMAT, replay, to_record
from .games import DEFAULT_GAME, GAMES
from .option_flags import add_option_flags, game_of, options_from_args

if TYPE_CHECKING:
    from collections.abc import Callable

    from .core.protocol import State


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def _load_state(source: str) -> State[Any]:
    """A state from a record file, record JSON, a start position or a position of any
    game (each game is asked in turn whether the text is one of its positions)."""
    text = source
    path = Path(source)
    if len(source) < 4096 and path.is_file():
        text = path.read_text(encoding="utf-8")
    text = text.strip()
    if text.startswith("{"):
        try:
            record = json.loads(text)
        except ValueError as e:
            raise NibbleError(f"not valid JSON: {e}") from None
        if isinstance(record, dict) and isinstance(record.get("record"), dict):
            record = record["record"]  # the page's game file: the record with its seats
        return replay(record)
    first: NibbleError | None = None
    for game_id, game in GAMES.items():
        record = {"format": FORMAT, "game": game_id, "options": {},
                  "setup": game.typed_setup(text), "moves": []}
        try:
            return replay(record)
        except NibbleError as e:
            first = first or e
    raise first or NibbleError("not a position of any game")


def _describe(state: State[Any]) -> str:
    lines = [state.render_text()]
    r = state.result
    if r is None:
        lines.append(f"player {state.to_move + 1} to move; {len(state.legal_moves())} legal moves")
    else:
        who = "a draw" if r.winner is None else f"player {r.winner + 1} wins"
        why = " ".join(f"{v}" for v in r.details.values())
        lines.append(f"game over: {who} ({r.reason} {why})")
    return "\n".join(lines)


def cmd_play(argv: list[str]) -> int:
    """Hot-seat play of any game; its options are flags named after them."""
    p = argparse.ArgumentParser(prog="python -m nibble play",
                                description="Play a game in the terminal (hot-seat).")
    p.add_argument("--game", default=DEFAULT_GAME, help=f"game ({', '.join(GAMES)})")
    add_option_flags(p, game_of(argv))
    args = p.parse_args(argv)
    answer = handle({"op": "new", "game": args.game, "options": options_from_args(args)})
    if "error" in answer:
        return _fail(answer["error"]["message"])
    record = answer["record"]
    example = replay(record).legal_moves_str()[0]
    print(f"seed {record['options'].get('seed')}. Type a move (like {example}), 'moves', "
          "'undo', 'record' or 'quit'.")
    while True:
        state = replay(record)
        print(_describe(state))
        if state.is_over():
            print(json.dumps(record))
            return 0
        try:
            line = input(f"player {state.to_move + 1}> ").strip()
        except EOFError:
            print()
            return 0
        if line in ("quit", "exit"):
            return 0
        if line == "moves":
            print(" ".join(state.legal_moves_str()))
        elif line == "undo":
            record = {**record, "moves": record["moves"][:-1]}
        elif line == "record":
            print(json.dumps(record))
        elif line:
            answer = handle({"op": "play", "record": record, "move": line})
            if "error" in answer:
                print(f"! {answer['error']['message']}")
            else:
                record = answer["record"]


def cmd_show(args: argparse.Namespace) -> int:
    try:
        state = _load_state(args.source)
    except NibbleError as e:
        return _fail(str(e))
    print(_describe(state))
    print(f"position: {state.position()}")
    if args.json:
        print(json.dumps(to_record(state)))
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    try:
        state = _load_state(args.source)
    except NibbleError as e:
        return _fail(str(e))
    for m in state.legal_moves_str():
        print(m)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    figures = run(args.seconds, args.variants or None)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for v, f in figures.items():
            print(f"{v}: {f}")
    return 0


def cmd_match(argv: list[str]) -> int:
    from .ai.lab.match import main as match_main

    return match_main(argv)


def cmd_ladder(argv: list[str]) -> int:
    from .ai.lab.ladder import main as ladder_main

    return ladder_main(argv)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m nibble", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)

    sub.add_parser("play", help="play a game in the terminal, hot-seat (see play --help)",
                   add_help=False)
    for name, func, text in (("show", cmd_show, "draw a record or position"),
                             ("moves", cmd_moves, "list the legal moves of a record or position")):
        c = sub.add_parser(name, help=text)
        c.add_argument("source", help="a record file, record JSON, a start position or a position")
        if name == "show":
            c.add_argument("--json", action="store_true", help="also print the record")
        c.set_defaults(func=func)

    bench = sub.add_parser("bench", help="measure playouts per second and move listing")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--seconds", type=float, default=3.0, help="per case")
    bench.add_argument("--variants", nargs="*", choices=list(cases()),
                       help="each game's cases: its boards, sizes or player counts "
                            "(default: all)")
    bench.set_defaults(func=cmd_bench)

    sub.add_parser("match", help="computer players against each other (see match --help)",
                   add_help=False)
    sub.add_parser("ladder", help="a round robin of computer players rated by Elo "
                   "(see ladder --help)", add_help=False)
    sub.add_parser("puzzles", help="make puzzles from the engine's own games "
                   "(see puzzles --help)", add_help=False)
    sub.add_parser("sprt", help="a sequential test of a player against a pool of opponents "
                   "(see sprt --help)", add_help=False)
    return p


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["match"]:
        return cmd_match(argv[1:])
    if argv[:1] == ["ladder"]:
        return cmd_ladder(argv[1:])
    if argv[:1] == ["sprt"]:
        from .ai.lab.sprt import main as sprt_main
        return sprt_main(argv[1:])
    if argv[:1] == ["puzzles"]:
        from .puzzles.runner import main as make_puzzles  # the maker's imports, only here
        return make_puzzles(argv[1:])
    if argv[:1] == ["play"]:
        return cmd_play(argv[1:])
    args = build_parser().parse_args(argv)
    command: Callable[[argparse.Namespace], int] = args.func  # set by each sub-parser
    return command(args)



