"""The clock the computer players read their deadlines from.

Wall-clock time (``time.perf_counter``) is what a player at the board waits for, so it
is the default and the only clock the bridge uses. On a machine shared with other work,
wall-clock budgets give a player less thinking the busier the machine is, and matches
between players then measure the machine's load as much as the players. ``match`` and
``ladder`` can therefore switch to this process's CPU time (``--clock cpu``): each player
gets the same amount of computing whatever else runs. Only measurement tools switch it.

Every player reads this clock while it searches, so it is also where a host can hear
that a search is alive: ``heartbeat(hook)`` makes reading the clock call ``hook()`` at
most every ``every_s`` seconds of wall-clock time. The page's worker sets one that posts a
message, so the page can tell a long search from a dead worker without the engine
knowing anything about JavaScript.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable

#: searches read the clock once every this many nodes: in the browser a read is a call out
#: to JavaScript (with the page's heartbeat, a Python call as well), and this many nodes
#: take about a millisecond there, well inside any budget's slack
EVERY_NODES = 32

#: seconds on the clock in use (read as ``clock.now()``, never bound at import time)
now: Callable[[], float] = time.perf_counter

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}

_base: Callable[[], float] = time.perf_counter  # the clock chosen with use()
_hook: Callable[[], object] | None = None
_every = 0.25
_due = 0.0  # wall-clock time of the next call to _hook


def use(name: str) -> None:
    """Read deadlines from ``name`` ("wall" or "cpu") from now on, in this process."""
    global _base
    _base = CLOCKS[name]
    _install()


def heartbeat(hook: Callable[[], object] | None, every_s: float = 0.25) -> None:
    """Call ``hook()`` (``None``: nothing) at most every ``every_s`` seconds of wall-clock
    time while players read the clock. A hook that raises is ignored: a search never
    fails because its listener did."""
    global _hook, _every, _due
    _hook, _every, _due = hook, every_s, 0.0
    _install()


def _install() -> None:
    global now
    if _hook is None:
        now = _base
        return
    base, hook = _base, _hook
    wall = base is time.perf_counter

    def beating() -> float:
        global _due
        t = base()
        at = t if wall else time.perf_counter()
        if at >= _due:
            _due = at + _every
            with contextlib.suppress(Exception):  # the listener's failure is not the search's
                hook()
        return t

    now = beating
