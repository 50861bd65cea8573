"""What every test folder shares: a test that hangs fails instead of holding the run.

The longest test under tests/ takes under a minute and the longest under e2e/ about 40 s
(2-core machine). One still going after its folder's limit waits for something that will
not come: pytest-timeout interrupts it (SIGALRM, in the test's own thread), so that it
fails with the line it was waiting on, and its process goes on with the next test (a
Playwright call cut short leaves the browser usable). ``make test`` then reaches its
result instead of CI's limit.

Should the interruption not take (a call that never returns to Python), a minute later
every thread's stack is written to the run's stderr and the process ends: xdist reports
the test failed and starts another process. That is the last resort only: with
``--dist loadfile`` xdist then runs the rest of that file again, the hung test included.

Inside Pyodide (tests/pyodide/run_pytest.mjs) neither pytest-timeout nor threads exist:
nothing here applies there.
"""

from __future__ import annotations

import faulthandler
import os
import threading
from collections.abc import Generator
from pathlib import Path

import pytest

#: seconds a test of each folder may take before it counts as hung; ``make test`` raises the
#: limit of tests/ for the tests it runs at idle priority beside the e2e step (they get the
#: processor only when the browser tests leave it: docs/development.md)
LIMITS_S = {"tests": int(os.environ.get("NIBBLE_TESTS_LIMIT_S", "600")), "e2e": 300}
#: seconds after the limit before the last resort
LAST_RESORT_S = 60

_stderr: int | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _stderr
    if config.pluginmanager.hasplugin("timeout") and _stderr is None:
        _stderr = os.dup(2)  # (the run's stderr: a test's own fd 2 is captured)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.pluginmanager.hasplugin("timeout"):
        return
    root = Path(__file__).parent
    for item in items:
        folder = item.path.relative_to(root).parts[0] if item.path.is_relative_to(root) else ""
        if folder in LIMITS_S and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(LIMITS_S[folder], method="signal"))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item,
                            nextitem: pytest.Item | None) -> Generator[None, None, None]:
    marker = item.get_closest_marker("timeout")
    if _stderr is None or marker is None or not marker.args:
        yield
        return
    timer = threading.Timer(float(marker.args[0]) + LAST_RESORT_S, _last_resort,
                            args=(item.nodeid,))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def _last_resort(nodeid: str) -> None:
    assert _stderr is not None
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    os.write(_stderr, f"\n{worker} {nodeid} hangs past its limit; its threads:\n".encode())
    faulthandler.dump_traceback(file=_stderr, all_threads=True)
    os._exit(1)
