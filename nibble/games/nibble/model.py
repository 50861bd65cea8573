"""A Nibble evaluation fitted to the outcomes of self-play games (scripts/fit_nibble.py).

Why this shape: the usual way to win is the majority of majorities, a count over
colours, so the model reasons per colour and then counts.

* **Per colour** the chance that a player ends up with its majority is read from a
  fitted table indexed by the player's discs of it, the opponent's (both below the
  majority; a colour already won is certain), how many of its discs can be taken right
  now (0, 1, 2, 3 or more) and whether the player is to move. One table serves both
  players: the chance for one is one minus the chance for the other, seen from the other
  side (the fit is constrained that way).
* **Counting**: the chance of holding majorities in enough colours is the exact tail of
  a Poisson-binomial distribution over the colours still open (a short dynamic program).
* **Instant wins**: the opponent's collection decides which instant wins stay open; the
  best open "all of a colour" (by the discs held of it) and the best open run of three
  adjacent colours (by the discs still needed) each add a fitted term for each player,
  again depending on who is to move; and the side to move gets a fitted tempo term.

The chance of the majority of majorities treats colours as independent, which they are
not (a move spent on one colour is not spent on another), so the expected margin of
majorities, ``sum(2q - 1)``, enters too, and the fit weighs the two. The value is
``beta * logit(P(majority of majorities)) + margin * E[majorities, mine less theirs] +
threats + tempo + pressure``, squashed to
[-1, 1] by ``tanh(x / 2)`` (= 2·sigmoid(x) − 1: a calibrated win chance, scaled). The
weights per variant live in :mod:`.weights`, written by the fit script; without
weights for a variant the model is not offered (the hand-written evaluation is used).

**Pressure** is the one term not fitted: ``PRESSURE[variant] · Σ (held / n)³`` over every
colour the opponent holds none of, less the same for the opponent. Why: the fitted
terms predict outcomes well, but self-play games cannot teach the cost of an "all of a
colour" threat left alone, because in them every threat was parried; and the fitted
"all" term reads the *best* open colour only, so parrying a second threat gained nothing.
The search then let an opponent that pursues such threats collect a colour (22 of the
23 losses of ``hard`` to ``alphabeta`` in one match). A term over *every* open colour
makes each parry count. Its weight is set by hand, with the fit calibrating the other
terms around it: 1 and 2 predict held-out games best of 0, 1, 2, 4 and 8 (about
equally), and matches did not tell 0 to 4 apart (docs/ai.md).

**Caution** is for searching only: :meth:`FittedModel.logit` with ``cautious=True`` weighs
the opponent's open colours ``CAUTION[variant]`` more (``Σ (held / n)³`` over every colour
the searching side holds none of), so the value is no longer zero-sum: a searcher fears a
threat more than it likes its own. Why: even with the pressure, ``hard`` left such threats
alone and lost 16 of 100 games on square9 by "all of a colour"; a stronger *symmetric*
pressure did not help (its own threats grew as attractive as the opponent's grew
feared). With caution 3 it lost none of 200 that way and scored 171–29 where it had
scored 158–42 on the same boards; on square13 (no pressure) 88–12 where it had scored
77–23 on the same boards, on hex13 (no pressure) 86–14 where it had scored 77–23 on
other boards (docs/ai.md); against the pool's independent player it lost on hex13 (1–9
where ``hard`` without it won 6–4 on the same boards), so hex13 has none now, and the
judge keeps its own (``JUDGE_CAUTION``). It is not fitted (the fit assumes a
zero-sum value) and never enters :meth:`FittedModel.evaluate`'s plain value, which MCTS
backs up (the ``ai`` op's ``stats.value`` for ``hard`` is its search's, so cautious).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .state import NibbleState
from .variants import VARIANTS, Variant

if TYPE_CHECKING:
    from .rules import Triples

FREE_BUCKETS = 4  # takeable discs of a colour now: 0, 1, 2, 3 or more
LOGIT_CLIP = 7.0  # P(majority of majorities) is kept within sigmoid(±7)
#: open-colour states whose chances :meth:`FittedModel.logit` keeps (emptied when full)
OPEN_LIMIT = 10_000  # (about 4 MB at most)
#: weight of the pressure of open colours per variant (set by hand, not fitted: docs/ai.md)
PRESSURE: dict[str, float] = {"square9": 1.0}
#: extra weight a searcher gives the opponent's open colours per variant (set by matches:
#: on hex13 none, since against the pool's independent player caution lost what it won
#: against ``alphabeta``; docs/ai.md, "Caution")
CAUTION: dict[str, float] = {"square9": 3.0, "square13": 3.0, "hex13": 0.0}
#: the caution of the analysis's judge, the puzzle maker's games and the puzzles'
#: ratings: the one their chances were calibrated and their files were made with, kept
#: when a player's changes (``judge=True``)
JUDGE_CAUTION: dict[str, float] = {"square9": 3.0, "square13": 3.0, "hex13": 3.0}


@dataclass(frozen=True)
class Layout:
    """Sizes and index arithmetic of one variant's parameters (shared with the fit)."""

    n: int  # colours
    maj: int  # discs of a colour that make a majority
    majs: int  # majorities that win
    t: int  # discs per colour of an adjacent run

    @property
    def colour_states(self) -> int:
        """Open colour states: (mine, theirs) below the majority × free bucket × to move."""
        return self.maj * self.maj * FREE_BUCKETS * 2

    @property
    def all_states(self) -> int:
        """Best open all-of-a-colour by discs held (0..n-1), or none (n); × to move."""
        return (self.n + 1) * 2

    @property
    def run_states(self) -> int:
        """Best open run by discs still needed (0..3t), or none (3t + 1); × to move."""
        return (3 * self.t + 2) * 2

    def colour_index(self, mine: int, theirs: int, free: int, to_move: int) -> int:
        return ((mine * self.maj + theirs) * FREE_BUCKETS + min(free, FREE_BUCKETS - 1)) * 2 \
            + to_move

    def mirror(self, index: int) -> int:
        """The same colour state seen by the other player."""
        to_move = index & 1
        rest = index >> 1
        free = rest % FREE_BUCKETS
        pair = rest // FREE_BUCKETS
        mine, theirs = divmod(pair, self.maj)
        return self.colour_index(theirs, mine, free, 1 - to_move)


def layout(variant: Variant) -> Layout:
    return Layout(variant.colors, variant.majority, variant.majorities, variant.adjacent_need)


@dataclass
class Sample:
    """What the model reads of a position, from seat 0's side (the fit's input)."""

    colours: list[int]  # per colour: a colour state index, or -1 won by seat 0, -2 by seat 1
    all_best: tuple[int, int]  # per seat: best open all-of-a-colour (discs held), n if none
    run_need: tuple[int, int]  # per seat: fewest discs an open run still needs, 3t + 1 if none
    to_move: int  # the seat to move


def sample(state: NibbleState, lay: Layout | None = None) -> Sample:
    """The model's view of ``state`` from seat 0's side."""
    lay = lay or layout(state.variant)
    c0, c1 = state.collections
    to_move = state.to_move
    tm0 = 1 if to_move == 0 else 0
    maj = lay.maj
    colours = []
    for col, free in enumerate(state.board.candidate_counts()):
        a, b = c0[col], c1[col]
        if a >= maj:
            colours.append(-1)
        elif b >= maj:
            colours.append(-2)
        else:
            colours.append(lay.colour_index(a, b, free, tm0))
    return Sample(colours, (_all_best(lay, c0, c1), _all_best(lay, c1, c0)),
                  (_run_need(lay, c0, c1, state.triples), _run_need(lay, c1, c0, state.triples)),
                  to_move)


def _all_best(lay: Layout, mine: list[int], theirs: list[int]) -> int:
    best = lay.n
    for a, b in zip(mine, theirs, strict=True):
        if not b and (best == lay.n or a > best):
            best = a
    return best


def _run_need(lay: Layout, mine: list[int], theirs: list[int], triples: Triples) -> int:
    t, open_max = lay.t, lay.n - lay.t
    best = 3 * t + 1
    for x, y, z in triples:
        if theirs[x] <= open_max and theirs[y] <= open_max and theirs[z] <= open_max:
            need = 3 * t - min(mine[x], t) - min(mine[y], t) - min(mine[z], t)
            if need < best:
                best = need
    return best


class FittedModel:
    """The fitted evaluation of one variant, ready to use (tables precomputed)."""

    def __init__(self, variant: Variant, weights: dict[str, Any]) -> None:
        self.lay = lay = layout(variant)
        z = weights["colour"]  # one value per colour state (already mirrored by the fit)
        self.q = [1.0 / (1.0 + math.exp(-x)) for x in z]
        #: (colours still needed, each open colour's state) -> (the log-odds of winning
        #: enough of them, the sum of their chances): a search meets the same few states
        #: again and again, and the sum over them was a fifth of the evaluation
        self._open: dict[tuple[int, ...], tuple[float, float]] = {}
        self.beta: float = weights["beta"]
        self.margin: float = weights.get("margin", 0.0)
        self.all: list[float] = weights["all"]
        self.run: list[float] = weights["run"]
        self.tempo: float = weights["tempo"]
        self.pressure = PRESSURE.get(variant.id, 0.0) / lay.n ** 3
        self.caution = CAUTION.get(variant.id, 0.0) / lay.n ** 3
        self.judge_caution = JUDGE_CAUTION.get(variant.id, 0.0) / lay.n ** 3
        if len(z) != lay.colour_states or len(self.all) != lay.all_states or len(
                self.run) != lay.run_states:
            raise ValueError(f"weights do not fit the layout of {variant.id}")

    def logit(self, state: NibbleState, seat: int, cautious: bool = False,
              judge: bool = False) -> float:
        """Log-odds that ``seat`` wins (written for speed: it runs at every leaf); with
        ``cautious``, as a searcher for ``seat`` should weigh it (the opponent's open colours
        count ``caution`` more, or ``judge_caution`` with ``judge``: not zero-sum)."""
        lay = self.lay
        mine, theirs = state.collections[seat], state.collections[seat ^ 1]
        tm = 1 if state.to_move == seat else 0
        maj = lay.maj
        top = FREE_BUCKETS - 1
        won = lost = 0
        open_q = []  # each open colour's state: an index of ``q``
        all_me = all_them = -1  # open all-of-a-colour: most discs held
        cubes = 0  # pressure: held³ summed over open colours, mine less theirs
        feared = 0  # caution: held³ summed over the opponent's open colours
        col = -1
        for free in state.board.candidate_counts():
            col += 1
            a, b = mine[col], theirs[col]
            if not b:
                cubes += a * a * a
                if a > all_me:
                    all_me = a
            if not a:
                cube = b * b * b
                cubes -= cube
                feared += cube
                if b > all_them:
                    all_them = b
            if a >= maj:
                won += 1
            elif b >= maj:
                lost += 1
            else:
                open_q.append(((a * maj + b) * FREE_BUCKETS + (free if free < top else top))
                              * 2 + tm)
        need = lay.majs - won
        key = (need, *open_q)
        seen = self._open.get(key)
        if seen is None:
            qs = [self.q[i] for i in open_q]
            if need <= 0:
                x = LOGIT_CLIP
            elif need > len(qs):
                x = -LOGIT_CLIP
            else:
                x = _logit(_tail(qs, need))
            seen = (x, sum(qs))
            if len(self._open) >= OPEN_LIMIT:
                self._open.clear()
            self._open[key] = seen
        x = self.beta * seen[0] + self.margin * (won - lost + 2.0 * seen[1] - len(open_q))
        n = lay.n
        x += self.all[(n if all_me < 0 else all_me) * 2 + tm]
        x -= self.all[(n if all_them < 0 else all_them) * 2 + 1 - tm]
        run_me, run_them = _run_needs(lay, mine, theirs, state.triples)
        x += self.run[run_me * 2 + tm] - self.run[run_them * 2 + 1 - tm]
        x += self.pressure * cubes + (self.tempo if tm else -self.tempo)
        if not cautious:
            return x
        return x - (self.judge_caution if judge else self.caution) * feared

    def evaluate(self, state: NibbleState, seat: int, cautious: bool = False,
                 judge: bool = False) -> float:
        """In [-1, 1]: 2·P(win) − 1 (``cautious``, ``judge``: as :meth:`logit` says)."""
        return math.tanh(0.5 * self.logit(state, seat, cautious, judge))


def open_cubes(mine: list[int], theirs: list[int]) -> int:
    """The pressure's sum for ``mine``: held³ over the colours ``theirs`` holds none of,
    less the same for ``theirs`` (what :meth:`FittedModel.logit` adds up in its loop)."""
    return sum(a * a * a if not b else -b * b * b if not a else 0
               for a, b in zip(mine, theirs, strict=True))


def _run_needs(lay: Layout, mine: list[int], theirs: list[int], triples: Triples
               ) -> tuple[int, int]:
    """:func:`_run_need` for both players in one pass."""
    t, open_max = lay.t, lay.n - lay.t
    best_me = best_them = none = 3 * t + 1
    for x, y, z in triples:
        mx, my, mz, tx, ty, tz = mine[x], mine[y], mine[z], theirs[x], theirs[y], theirs[z]
        if tx <= open_max and ty <= open_max and tz <= open_max:
            need = 3 * t - (mx if mx < t else t) - (my if my < t else t) - (mz if mz < t else t)
            if need < best_me:
                best_me = need
        if mx <= open_max and my <= open_max and mz <= open_max:
            need = 3 * t - (tx if tx < t else t) - (ty if ty < t else t) - (tz if tz < t else t)
            if need < best_them:
                best_them = need
    return best_me if best_me < none else none, best_them if best_them < none else none


def _tail(qs: list[float], need: int) -> float:
    """P(at least ``need`` of independent events with chances ``qs``)."""
    # dist[k] = P(exactly k so far), capped at ``need`` (k >= need all count the same)
    dist = [1.0] + [0.0] * need
    inner = range(need - 1, 0, -1)
    for q in qs:
        p = 1.0 - q
        dist[need] += dist[need - 1] * q
        for k in inner:
            dist[k] = dist[k] * p + dist[k - 1] * q
        dist[0] *= p
    return dist[need]


def _logit(p: float) -> float:
    lo = 1.0 / (1.0 + math.exp(LOGIT_CLIP))
    if p <= lo:
        return -LOGIT_CLIP
    if p >= 1.0 - lo:
        return LOGIT_CLIP
    return math.log(p / (1.0 - p))


def model_for(variant_id: str) -> FittedModel | None:
    """The fitted model of a variant, or None if no weights were fitted for it."""
    try:
        from .weights import WEIGHTS
    except ImportError:  # nothing fitted yet
        return None
    w = WEIGHTS.get(variant_id)
    return None if w is None else FittedModel(VARIANTS[variant_id], w)
