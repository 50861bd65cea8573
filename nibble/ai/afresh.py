"""Enter the interpreter afresh for each step of a long search (for the page's runtime).

The page runs Python in WebAssembly. Its engine first runs the interpreter's loop, one
big function, as quickly compiled code, and compiles it properly only once it has run
a while. A call already running keeps the code it started with, because WebAssembly has
no on-stack replacement. Python calls Python without leaving that loop, so a search
started before the optimised loop existed would spend its whole budget in the slow
code: in Chromium, ``hard`` searched about 20,000 nodes a second that way against 27,000
once optimised (docs/ai-experiments.md, "The page's interpreter loop").

``afresh(f, *args)`` is ``f(*args)`` called from C (``operator.call``): the interpreter
then enters the loop anew, with the best code compiled so far. The searches call each
root move (alpha-beta, the endgame solver) and each iteration (MCTS) this way. On
CPython it costs one C call a step and changes nothing else.
"""

from __future__ import annotations

from operator import call as afresh

__all__ = ["afresh"]
