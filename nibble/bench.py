"""Engine speed: random playouts and legal-move listing, per Nibble variant and per
Nebuchadnezzar board size.

A playout lists all legal moves at every ply and plays one drawn uniformly, until the
game ends: for Nibble from a fresh random set-up (``decided_early`` off) until the board
is empty, for Nebuchadnezzar from the empty board. ``legal_moves_us`` is the mean time to
list all legal moves of positions sampled from those games. Figures are for one process
on one core.
"""

from __future__ import annotations

import platform
import random
import sys
import time

from .games import get_game

NIBBLE_IDS = ("square9", "square13", "hex13")
NEBUCHADNEZZAR_SIZES = {"nebuchadnezzar-8": 8, "nebuchadnezzar-15": 15}
VARIANT_IDS = (*NIBBLE_IDS, *NEBUCHADNEZZAR_SIZES)

SAMPLES = 4000  # positions kept for timing the listing of legal moves


def _figures(playouts: int, plies: int, elapsed: float, listing: float, listed: int,
             positions: int) -> dict:
    return {
        "playouts_per_s": round(playouts / elapsed, 1),
        "legal_moves_us": round(listing / positions * 1e6, 2),
        "plies_per_playout": round(plies / playouts, 1),
        "legal_moves_per_position": round(listed / positions, 1),
        "playouts": playouts,
        "seconds": round(elapsed, 2),
    }


def bench_variant(variant: str, seconds: float = 3.0, seed: int = 1) -> dict:
    if variant in NEBUCHADNEZZAR_SIZES:
        return bench_nebuchadnezzar(NEBUCHADNEZZAR_SIZES[variant], seconds, seed)
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
            if len(positions) < SAMPLES and rng.random() < 0.25:
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
    return _figures(playouts, plies, elapsed, listing, listed, len(positions))


def nebuchadnezzar_positions(size: int, count: int, seed: int = 1, rate: float = 0.05) -> list:
    """``count`` running positions sampled (each ply with probability ``rate``, so from
    several games and every stage of them) from uniform random games on an empty board."""
    game = get_game("nebuchadnezzar")
    rng = random.Random(seed)
    start = game.new_state(game.normalize_options({"size": size}))
    out: list = []
    while len(out) < count:
        state = start.copy(history=False)
        while state.result is None and len(out) < count:
            moves = state.generate()
            if rng.random() < rate:
                out.append(state.copy(history=False))
            state.advance(moves[rng.randrange(len(moves))])
    return out


def bench_nebuchadnezzar(size: int, seconds: float = 3.0, seed: int = 1) -> dict:
    game = get_game("nebuchadnezzar")
    rng = random.Random(seed)
    empty = game.new_state(game.normalize_options({"size": size}))
    playouts = plies = 0
    positions = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or playouts < 3:
        state = empty.copy(history=False)
        while state.result is None:
            moves = state.generate()
            if len(positions) < SAMPLES and rng.random() < 0.25:
                positions.append(state.copy(history=False))
            state.advance(moves[rng.randrange(len(moves))])
            plies += 1
        playouts += 1
    elapsed = time.perf_counter() - start
    t0 = time.perf_counter()
    listed = 0
    for s in positions:
        listed += len(s.generate())
    listing = time.perf_counter() - t0
    return _figures(playouts, plies, elapsed, listing, listed, len(positions))


def run(seconds: float = 3.0, variants=VARIANT_IDS) -> dict:
    out: dict = {v: bench_variant(v, seconds) for v in variants}
    out["python"] = f"{platform.python_implementation()} {sys.version.split()[0]} ({sys.platform})"
    return out
