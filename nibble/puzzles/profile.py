"""How the puzzle maker plays a game's games: a :class:`Profile` per game, given by the
game's knowledge (``Knowledge.puzzle_profile``; the default otherwise). Apart from the
maker (:mod:`.mine`) so that a game's knowledge can name its profile without importing
the maker."""

from __future__ import annotations

from dataclasses import dataclass

#: pairs of levels that play the maker's games (a weaker side makes more mistakes)
PAIRS = (("easy", "medium"), ("medium", "hard"), ("easy", "hard"), ("medium", "medium"),
         ("hard", "medium"), ("hard", "easy"))
#: pairs of equal strength, for a game where the weaker level of a pair is simply lost
#: after a few moves (few of its positions are starts): they keep a game open
EQUAL_PAIRS = (("easy", "easy"), ("medium", "medium"))
#: random moves at most at the start of a game, so that games differ
OPENING = 4


@dataclass(frozen=True)
class Profile:
    """How a game's maker games are played (the default: the games the first shipped
    files were made from).

    ``pairs``: the pairs of levels, one drawn a game (seat ``s`` plays ``pair[s % 2]``);
    ``opening``: random moves at most at the start. ``blunder``: the chance that a turn
    whose start the judge values as balanced (no seat's chances above ``judge.BEFORE``)
    begins with a blunder, after the opening: a legal move drawn at random (the rest of
    the turn, if it has more moves, is the level's). ``decided``: a game stops at the
    first turn's start, after the opening, where a seat's chances are at or above it
    (its later positions, won, would only be judged ``already-winning``). A profile with
    either plays and values a game in one pass, asking the judge at every turn's start
    (the looks are kept and not asked again); without, a game does not depend on the
    judge at all."""

    pairs: tuple[tuple[str, str], ...] = PAIRS
    opening: int = OPENING
    blunder: float = 0.0
    decided: float | None = None
