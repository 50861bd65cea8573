"""The clock the computer players read their deadlines from.

Wall-clock time (``time.perf_counter``) is what a player at the board waits for, so it
is the default and the only clock the bridge uses. On a machine shared with other work,
wall-clock budgets give a player less thinking the busier the machine is, and matches
between players then measure the machine's load as much as the players. ``match`` and
``ladder`` can therefore switch to this process's CPU time (``--clock cpu``): each player
gets the same amount of computing whatever else runs. Only measurement tools switch it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

#: seconds on the clock in use (read as ``clock.now()``, never bound at import time)
now: Callable[[], float] = time.perf_counter

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def use(name: str) -> None:
    """Read deadlines from ``name`` ("wall" or "cpu") from now on, in this process."""
    global now
    now = CLOCKS[name]
