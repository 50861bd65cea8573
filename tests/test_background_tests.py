"""``make test`` runs the tests of ``BACKGROUND_TESTS`` at idle priority beside the e2e
steps (Makefile, docs/development.md): they may wait minutes for the processor, so they
must not read a clock, and every one of them must still run somewhere."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAKEFILE = ROOT / "Makefile"

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="reads the Makefile")

#: what a test that depends on elapsed time would call (searches bounded by time, the
#: clock itself, the fixture that switches the budgets to CPU time)
CLOCK = re.compile(r"\btime\.(time|monotonic|perf_counter|process_time|sleep)\b"
                   r"|\bbudget_ms\b|\bdeadline\s*=\s*(?!None)|\bcpu_clock\b|\bclock\.use\b")


def background_tests() -> list[Path]:
    match = re.search(r"^BACKGROUND_TESTS \?=(.*)$", MAKEFILE.read_text(), re.M)
    assert match, "the Makefile names no BACKGROUND_TESTS"
    return [ROOT / name for name in match.group(1).split()]


def test_the_background_tests_exist_and_read_no_clock() -> None:
    paths = background_tests()
    assert paths
    for path in paths:
        assert path.is_file() and path.parent.name == "tests", path
        found = CLOCK.search(path.read_text())
        assert found is None, f"{path.name} reads a clock ({found.group(0)!r}): it would " \
            "fail when it waits for the processor at idle priority"


def test_make_test_runs_every_test_of_tests_once() -> None:
    """The first step ignores exactly the background files, which the second runs."""
    text = MAKEFILE.read_text()
    assert 'TEST_PY_ARGS="$(addprefix --ignore=,$(BACKGROUND_TESTS))"' in text
    assert "$(call run_pytest,$(BACKGROUND_TESTS)," in text
    assert "$(IDLE) $(MAKE) --no-print-directory test-py-background" in text


def test_the_clock_pattern_catches_a_clock() -> None:
    assert CLOCK.search("t0 = time.monotonic()")
    assert CLOCK.search("search = EngineSearch(300, deadline=time_left)")
    assert CLOCK.search("def test_x(cpu_clock):")
    assert not CLOCK.search("EngineSearch(300, seed=7, deadline=None)")
