"""Shared test set-up: hypothesis profiles for CPython and for the run inside Pyodide, and
the ``lab`` marker: tests of the lab tools (matches, ladders, the SPRT, the pool's
players, the puzzle maker, the build's script that writes the page's puzzle files), which
run on CPython only; the page never loads those modules
(they are not in its python.zip: tests/test_in_pyodide.py checks so), so the run inside
Pyodide (tests/test_in_pyodide.py) skips them."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from nibble.ai import clock

settings.register_profile("cpython", max_examples=30, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
# Pyodide runs the same tests a few times slower, single-threaded, without a database.
settings.register_profile("pyodide", max_examples=8, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE",
                                     "pyodide" if sys.platform == "emscripten" else "cpython"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "lab: a test of a lab tool the page never loads; "
                            "skipped inside Pyodide")


#: the longest tests (15-50 s each on the 2-core machine: the suite inside Pyodide, a whole
#: game analysed at the second pass, a sample of puzzles re-ranked), first: on two processes
#: (``make test-py``) they then start at once instead of ending the run alone. (xdist hands
#: each process a quarter of its share at once unless ``--maxschedchunk 1``, which make
#: test-py passes: else one process got every long test and the other waited 47 s at the end)
LONGEST = ("test_in_pyodide.py::test_engine_suite_passes_in_pyodide",
           "test_analysis_truth.py::test_hard_against_itself_is_marked_at_most_once_a_side",
           "test_shipped_puzzles.py::test_a_sample_is_unique_by_another_search",
           "test_shipped_puzzles.py::test_every_position_small_enough_is_proved",
           "test_analysis_truth.py::test_a_position_is_worth_what_the_search_before_it_said")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    def rank(item: pytest.Item) -> int:
        name = item.nodeid.split("/")[-1]
        return next((i for i, key in enumerate(LONGEST) if name.startswith(key)), len(LONGEST))

    items.sort(key=rank)  # stable: the rest keep their order
    if sys.platform == "emscripten":
        skip = pytest.mark.skip(reason="a lab tool: the page never loads it (CPython runs it)")
        for item in items:
            if item.get_closest_marker("lab"):
                item.add_marker(skip)


@pytest.fixture
def cpu_clock() -> Iterator[None]:
    """Budgets on this process's CPU time: the machine may be busy with other work."""
    clock.use("cpu")
    try:
        yield
    finally:
        clock.use("wall")
