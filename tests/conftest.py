"""Shared test set-up: hypothesis profiles for CPython and for the run inside Pyodide."""

from __future__ import annotations

import os
import sys

from hypothesis import HealthCheck, settings

settings.register_profile("cpython", max_examples=30, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
# Pyodide runs the same tests a few times slower, single-threaded, without a database.
settings.register_profile("pyodide", max_examples=8, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE",
                                     "pyodide" if sys.platform == "emscripten" else "cpython"))
