"""How a move is held in memory: one int, cheap to make, compare and play.

* ``PASS`` (0) and ``SWAP`` (1);
* a placement: the index of the point's bit (at least the stride + 1, so above both);
* a capture: minus the rectangle's mask (negative); its corners are the mask's lowest
  and highest bits, so nothing else needs storing.
"""

from __future__ import annotations

PASS = 0
SWAP = 1
