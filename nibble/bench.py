"""Engine speed: random playouts and legal-move listing, per Nibble variant and per
Number One player count.

A Nibble playout starts from a fresh random set-up (``decided_early`` off) and, at every ply,
lists all legal takes and plays one drawn uniformly, until the board is empty. Figures
are for one process on one core.
"""

from __future__ import annotations

import platform
import random
import sys
import time

from .games import get_game

VARIANT_IDS = ("square9", "square13", "hex13")


def bench_variant(variant: str, seconds: float = 3.0, seed: int = 1) -> dict:
    game = get_game("nibble")
    rng = random.Random(seed)
    playouts = plies = 0
    positions = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or playouts < 3:
        options = game.normalize_options({"variant": variant, "seed": seed + playouts,
                                          "decided_early": False})
        state = game.new_state(options)
        board = state.board
        while board.occ:
            moves = board.takes()
            if len(positions) < 4000 and rng.random() < 0.25:
                positions.append(board.copy())
            state.advance(moves[rng.randrange(len(moves))])
            plies += 1
        playouts += 1
    elapsed = time.perf_counter() - start
    t0 = time.perf_counter()
    listed = 0
    for b in positions:
        listed += len(b.takes())
    listing = time.perf_counter() - t0
    return {
        "playouts_per_s": round(playouts / elapsed, 1),
        "legal_moves_us": round(listing / len(positions) * 1e6, 2),
        "plies_per_playout": round(plies / playouts, 1),
        "legal_moves_per_position": round(listed / len(positions), 1),
        "playouts": playouts,
        "seconds": round(elapsed, 2),
    }


NUMBER_ONE_IDS = {"number-one-2": 2, "number-one-3": 3, "number-one-4": 4}


def bench_number_one(players: int, seconds: float = 3.0, seed: int = 1) -> dict:
    """Number One from the start position: at every ply list the legal moves (one peg's
    move each) and play one drawn uniformly, until one player is left."""
    game = get_game("number-one")
    start_state = game.new_state(game.normalize_options({"players": players}))
    rng = random.Random(seed)
    playouts = plies = 0
    positions = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or playouts < 3:
        state = start_state.copy(history=False)
        while state.result is None:
            moves = state.legal_moves()
            if len(positions) < 4000 and rng.random() < 0.25:
                positions.append(state.copy(history=False))
            state.advance(moves[rng.randrange(len(moves))])
            plies += 1
        playouts += 1
    elapsed = time.perf_counter() - start
    t0 = time.perf_counter()
    listed = sum(len(s.legal_moves()) for s in positions)
    listing = time.perf_counter() - t0
    return {
        "playouts_per_s": round(playouts / elapsed, 1),
        "legal_moves_us": round(listing / len(positions) * 1e6, 2),
        "plies_per_playout": round(plies / playouts, 1),
        "legal_moves_per_position": round(listed / len(positions), 1),
        "playouts": playouts,
        "seconds": round(elapsed, 2),
    }


def run(seconds: float = 3.0, variants=(*VARIANT_IDS, *NUMBER_ONE_IDS)) -> dict:
    out: dict = {v: bench_number_one(NUMBER_ONE_IDS[v], seconds) if v in NUMBER_ONE_IDS
                 else bench_variant(v, seconds) for v in variants}
    out["python"] = f"{platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})"
    return out
