"""The players' clock carries a heartbeat: the page's worker hears from a long search
through it (web/engine/engine-worker.js), so a dead worker is told from a busy one."""

from __future__ import annotations

import time

from nibble.ai import clock
from nibble.api import handle


def new_record() -> dict:
    options = {"variant": "square9", "seed": 5}
    return handle({"op": "new", "game": "nibble", "options": options})["record"]


def test_a_search_beats_at_the_rate_asked_for_while_it_runs():
    beats: list[float] = []
    clock.heartbeat(lambda: beats.append(time.perf_counter()), 0.05)
    try:
        t0 = time.perf_counter()
        answer = handle({"op": "ai", "record": new_record(), "level": "medium",
                         "budget_ms": 600, "seed": 1})
        took = time.perf_counter() - t0
    finally:
        clock.heartbeat(None)
    assert "move" in answer, answer
    assert len(beats) >= took / 0.05 * 0.5  # all along the search, not only at its start
    gaps = [b - a for a, b in zip(beats, beats[1:], strict=False)]
    assert min(gaps) >= 0.045  # rate-limited (the hook reads its own time, a little later)
    assert clock.now is clock.CLOCKS["wall"]  # no hook: the plain clock again


def test_a_hook_that_fails_never_fails_the_search():
    def broken():
        raise RuntimeError("the page went away")

    clock.heartbeat(broken, 0.01)
    try:
        answer = handle({"op": "ai", "record": new_record(), "level": "easy",
                         "budget_ms": 100, "seed": 1})
    finally:
        clock.heartbeat(None)
    assert "move" in answer, answer


def test_the_cpu_clock_keeps_its_heartbeat():
    beats: list[int] = []
    clock.heartbeat(lambda: beats.append(1), 0.0)
    try:
        clock.use("cpu")
        clock.now()
        assert beats
    finally:
        clock.use("wall")
        clock.heartbeat(None)
    assert clock.now is time.perf_counter
