"""Number One, by Colovini, De Rosa, De Toffoli and Randolph: move each of your three pegs
one, two or three holes, sinking a token where it lands; the last small peg standing wins."""

from .game import NumberOneGame
from .state import NumberOneState

__all__ = ["NumberOneGame", "NumberOneState"]
