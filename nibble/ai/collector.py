"""What a move leaves alive is set aside from Python's cyclic garbage collector.

Why: a full collection walks every object the collector tracks, and the computer's
trees are most of them. In a three-player game the players' MCTS trees held
185,000 tracked objects (nodes, their lists of children and their arrays of moves left
to try) and a full collection took 173 ms, more than half of a 300 ms budget. It fell
inside moves: in games of three ``hard`` players at 300 ms a move, 3 to 5 moves in 118
went over budget + 20 %, the longest 458 ms (docs/ai.md, "The collector"). And where the
other players turn the collector off while they search, as two of the pool's do, the
collections all fall in ``hard``'s moves. Frozen (:func:`gc.freeze`), those objects are
never walked again: later collections see only what was made since.

The trees and tables hold no reference cycles, so reference counting frees a frozen
object as soon as nothing holds it (a tree dropped for the next move, a table cleared).
Only cyclic garbage that was alive when frozen would stay; so that nothing is kept for
good, once more than ``FROZEN_LIMIT`` objects are frozen they are all handed back to the
collector (:func:`gc.unfreeze`), whose next full collection then finds any such garbage.
"""

from __future__ import annotations

import gc

#: frozen objects before they are all handed back to the collector: above what the
#: largest tree a player keeps leaves frozen (a tree unit is at most one tracked object;
#: one full tree of ``hard``'s 450,000 units and the interpreter's own objects were
#: 418,000), so that a full tree is not handed back, and walked, every other move
FROZEN_LIMIT = 1_000_000


def after_move() -> None:
    """Set aside from the collector what a search keeps for the next move."""
    if gc.get_freeze_count() > FROZEN_LIMIT:
        gc.unfreeze()
    else:
        gc.freeze()
