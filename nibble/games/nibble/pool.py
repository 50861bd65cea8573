"""A sparring partner for Nibble (issue 46): PUCT search written apart from ``hard``, from
the rules page and the rules code only (move generation, collections, thresholds).

* **Search**: PUCT (AlphaZero-style selection, no playouts) over a tree of edges with
  the MCTS-solver's proofs: a node where the side to move has a take that wins at once
  is a proven win (found when its moves are listed, from the collections alone, without
  playing them), a node all of whose takes lose is a proven loss, and the root never
  plays a take proven lost while another is open. Expansion stops at ``MAX_NODES``
  (later leaves are valued without being kept), so memory stays bounded.
* **Moves**: every legal take up to ``ROOT_LIMIT`` / ``NODE_LIMIT`` (the rules code then
  gives representatives: singles, the largest legal sets, those less one disc); below
  the root only the ``WIDTH`` takes with the best priors are kept (winning ones always);
  a node whose kept takes all prove lost lists the rest, so no proof rests on the cut.
* **Evaluation** (for the side to move): each colour's chance of ending in the mover's
  majority, as if the discs left of it were shared by coin flips; the chance of winning
  the majority of majorities from those chances (exact Poisson-binomial tail); threats
  of an instant win for either side (cubes of the progress towards all of an open colour
  and towards the best open run of three neighbouring colours); and a tempo term, a
  share of the best take's gain, since the side to move takes first. ``W_ALL`` 8 rather
  than 4: at 4 it lost 2 of 10 games against ``hard`` by "all of a colour", at 8 none.
* **Priors**: a take's gain in that evaluation from the collections alone (the colour's
  majority chance times how often that colour decides the count, threats made or killed),
  through a softmax.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ...ai.mcts import Budget
from ...ai.players import Decision
from .state import NibbleState

MAX_NODES = 60_000  # nodes kept in the tree (each holds a few short lists)
ROOT_LIMIT = 600  # takes listed at the root before the rules code gives representatives
NODE_LIMIT = 160  # the same below the root
WIDTH = 24  # takes kept per node below the root (by prior; winning takes always)
C_PUCT = 1.6
FPU = 0.25  # an unvisited take is valued this much below the node's own estimate
PRIOR_TEMP = 0.35  # softmax temperature of the priors (logit units)
TEMPO = 0.5  # share of the best take's gain credited to the side to move
W_ALL = 8.0  # weight of the cube of progress towards all of an open colour
W_RUN = 3.0  # weight of the cube of progress towards the best open run of three
LOGIT_CLIP = 6.0
WIN = 1.0


def _binom_tails(n: int) -> list[list[float]]:
    """``tail[r][k]``: the chance of at least ``k`` heads in ``r`` fair coin flips."""
    tails = []
    for r in range(n + 1):
        probs = [math.comb(r, j) / 2.0 ** r for j in range(r + 1)]
        row = [0.0] * (n + 2)
        acc = 0.0
        for k in range(r, -1, -1):
            acc += probs[k]
            row[k] = acc
        tails.append(row)
    return tails


def _squash(x: float) -> float:
    """A value in logit units as a value in (-1, 1), never a proven +-1."""
    return max(-0.999, min(0.999, math.tanh(x / 2)))


def _add_colour(dist: list[float], p: float) -> list[float]:
    """``dist`` (chances of 0, 1, ..., cap majorities, the last "cap or more") after one
    more colour won with chance ``p``."""
    q = 1.0 - p
    out = [x * q for x in dist]
    for k in range(len(dist) - 1):
        out[k + 1] += dist[k] * p
    out[-1] += dist[-1] * p
    return out


class _Node:
    """A position in the tree: its takes (edges) with priors, visits, values, proofs."""

    __slots__ = ("moves", "priors", "n", "w", "kids", "proof", "visits", "value", "complete")

    def __init__(self) -> None:
        self.moves: list[int] = []
        self.priors: list[float] = []
        self.n: list[int] = []
        self.w: list[float] = []
        self.kids: list[_Node | None] = []
        self.proof: list[float | None] = []  # per edge, proven value for this node's mover
        self.visits = 0
        self.value = 0.0  # the static estimate for the side to move
        self.complete = True  # every legal take is listed (else only the best by prior)


class NibbleMCTS:
    """PUCT search with its own evaluation and priors for all three Nibble boards."""

    name = "pool-nibble"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.nodes = 0
        self._tails: dict[int, list[list[float]]] = {}

    def forget(self) -> None:
        """Nothing is kept between moves."""

    # -- the search ---------------------------------------------------------------------

    def choose(self, state: Any, budget: Budget) -> Decision:
        """The take to play in ``state`` within ``budget``."""
        assert isinstance(state, NibbleState)
        work = state.copy(history=False)
        self.nodes = 0
        root = _Node()
        self.nodes += 1
        win = self._expand(root, work, ROOT_LIMIT, root=True)
        if win is not None:
            return Decision(win, 1.0, 0, {"proof": "instant win"})
        if len(root.moves) == 1:
            return Decision(root.moves[0], root.value, 0)
        i = 0
        longest = 0.0  # the longest iteration so far: stop before one would overrun
        before = budget.time_left()
        while not budget.done(i):
            if budget.deadline is not None and before < longest:
                break
            self._visit(root, work, 0)
            i += 1
            after = budget.time_left()
            longest = max(longest, before - after)
            before = after
            if all(p is not None for p in root.proof) or any(p == WIN for p in root.proof):
                break
        best = self._pick(root)
        n = root.n[best]
        value = root.proof[best]
        if value is None:
            value = root.w[best] / n if n else root.value
        return Decision(root.moves[best], value, i,
                        {"visits": n, "nodes": self.nodes})

    def _pick(self, root: _Node) -> int:
        """The most visited take not proven lost (a proven win first)."""
        best, key = 0, (-2.0, -1, -2.0)
        for j in range(len(root.moves)):
            p = root.proof[j]
            if p == WIN:
                return j
            n = root.n[j]
            q = root.w[j] / n if n else -1.0
            k = (-1.0 if p == -WIN else 0.0, n, q + root.priors[j] * 1e-3)
            if k > key:
                best, key = j, k
        return best

    def _visit(self, node: _Node, state: NibbleState, depth: int) -> float:
        """One descent from ``node``; the value for its side to move."""
        moves = node.moves
        priors, ns, ws, proof = node.priors, node.n, node.w, node.proof
        sqrt_n = math.sqrt(node.visits + 1)
        fpu = node.value - FPU
        best, best_score = -1, -math.inf
        for j in range(len(moves)):
            p = proof[j]
            if p is not None:
                if p == WIN:
                    best = j
                    break
                continue
            nj = ns[j]
            q = ws[j] / nj if nj else fpu
            score = q + C_PUCT * priors[j] * sqrt_n / (1 + nj)
            if score > best_score:
                best, best_score = j, score
        if best < 0:  # every take listed is proven lost
            if node.complete or not self._widen(node, state):
                return -WIN
            return self._visit(node, state, depth)
        move = moves[best]
        mover = state.to_move
        state.push(move)
        result = state.result
        if result is not None:
            v = 0.0 if result.winner is None else (WIN if result.winner == mover else -WIN)
            proof[best] = v
        else:
            kid = node.kids[best]
            if kid is None:
                if self.nodes < MAX_NODES:
                    kid = node.kids[best] = _Node()
                    self.nodes += 1
                    won = self._expand(kid, state, NODE_LIMIT, root=False)
                    v = -WIN if won is not None else -kid.value
                else:
                    v = -self._leaf_value(state)
            else:
                v = -self._visit(kid, state, depth + 1)
            if kid is not None and (v == WIN and kid.complete and all(p == -WIN for p in kid.proof)
                                    or v == -WIN and WIN in kid.proof):
                proof[best] = v
        state.pop()
        ns[best] += 1
        ws[best] += v
        node.visits += 1
        if proof[best] == WIN:
            return WIN
        if proof[best] == -WIN and node.complete and all(p == -WIN for p in proof):
            return -WIN
        return v

    # -- moves, priors, evaluation ----------------------------------------------------------

    def _tail(self, n: int) -> list[list[float]]:
        t = self._tails.get(n)
        if t is None:
            t = self._tails[n] = _binom_tails(n)
        return t

    def _leaf_value(self, state: NibbleState) -> float:
        """The evaluation of a leaf that is not kept in the tree (no moves listed)."""
        base, _ = self._evaluate(state)
        return _squash(base)

    def _evaluate(self, state: NibbleState) -> tuple[float, Any]:
        """(the mover's value in logit units, what the priors need of it)."""
        v = state.variant
        n, maj, cap = v.colors, v.majority, v.majorities
        me = state.to_move
        mine, theirs = state.collections[me], state.collections[me ^ 1]
        left = [b.bit_count() for b in state.board.color_bits]
        tail = self._tail(n)
        chances = []
        for c in range(n):
            a, b = mine[c], theirs[c]
            if a >= maj:
                chances.append(1.0)
            elif b >= maj:
                chances.append(0.0)
            else:
                r = left[c]
                chances.append(tail[r][maj - a] if maj - a <= r else 0.0)
        # distribution of majorities won, capped at ``cap`` (prefixes and suffixes)
        dist = [1.0] + [0.0] * cap
        pre = [dist]
        for c in range(n):
            dist = _add_colour(dist, chances[c])
            pre.append(dist)
        p_win = dist[cap]
        suf = [[1.0] + [0.0] * cap] * (n + 1)
        dist = suf[n]
        for c in range(n - 1, -1, -1):
            dist = _add_colour(dist, chances[c])
            suf[c] = dist
        pivots = []
        for c in range(n):
            f, g = pre[c], suf[c + 1]
            # P(the other colours give exactly cap - 1), counts capped at cap
            pv = 0.0
            for j in range(cap):
                pv += f[j] * g[cap - 1 - j]
            pivots.append(pv)
        p = min(max(p_win, 1e-6), 1 - 1e-6)
        logit = max(-LOGIT_CLIP, min(LOGIT_CLIP, math.log(p / (1 - p))))
        slope = 1.0 / max(p * (1 - p), 0.03)  # d logit / d p, bounded
        runs_mine = self._runs(mine, theirs, state)
        runs_theirs = self._runs(theirs, mine, state)
        threat_mine = self._threats(mine, theirs, n, runs_mine)
        threat_theirs = self._threats(theirs, mine, n, runs_theirs)
        value = logit + threat_mine - threat_theirs
        return value, (chances, pivots, slope, left, runs_mine, runs_theirs)

    def _runs(self, own: list[int], other: list[int], state: NibbleState) -> list[float]:
        """Per run of three neighbouring colours, ``own``'s progress towards it (0 to 1),
        or -1 where ``other`` has shut it."""
        t = state.variant.adjacent_need
        shut = state.variant.colors - t
        inv3 = 1.0 / (3 * t)
        out = []
        for x, y, z in state.triples:
            if other[x] <= shut and other[y] <= shut and other[z] <= shut:
                out.append((min(own[x], t) + min(own[y], t) + min(own[z], t)) * inv3)
            else:
                out.append(-1.0)
        return out

    @staticmethod
    def _threats(own: list[int], other: list[int], n: int, runs: list[float]) -> float:
        """Progress of ``own`` towards an instant win that ``other`` has not shut."""
        inv = 1.0 / n
        s_all = 0.0
        for c in range(n):
            if other[c] == 0 and own[c]:
                x = own[c] * inv
                s_all += x * x * x
        best: float = max(max(runs), 0.0) if runs else 0.0
        return W_ALL * s_all + W_RUN * best * best * best

    def _wins_now(self, state: NibbleState, color: int, k: int) -> bool:
        """Does taking ``k`` discs of ``color`` win at once for the side to move?"""
        v = state.variant
        n, t = v.colors, v.adjacent_need
        mine = list(state.collections[state.to_move])
        mine[color] += k
        if mine[color] >= n:
            return True
        if mine[color] >= t:
            for tri in state.triples:
                if color in tri and all(mine[c] >= t for c in tri):
                    return True
        # decided early: majorities enough, and the opponent can no longer win at once
        return bool(state.decided_early and all(mine)
                    and sum(1 for x in mine if x >= v.majority) >= v.majorities
                    and not any(all(mine[c] <= n - t for c in tri) for tri in state.triples))

    def _gain(self, state: NibbleState, info: Any, color: int, k: int) -> float:
        """The mover's gain (logit units) from taking ``k`` discs of ``color``, from the
        collections alone."""
        chances, pivots, slope, left, runs_mine, runs_theirs = info
        v = state.variant
        n, maj, t = v.colors, v.majority, v.adjacent_need
        me = state.to_move
        mine, theirs = state.collections[me], state.collections[me ^ 1]
        a, b, r = mine[color], theirs[color], left[color]
        if a >= maj or b >= maj:
            new_p = chances[color]
        elif a + k >= maj:
            new_p = 1.0
        else:
            new_p = self._tail(n)[r - k][maj - a - k] if maj - a - k <= r - k else 0.0
        gain = slope * pivots[color] * (new_p - chances[color])
        inv = 1.0 / n
        if b == 0:  # my own "all of a colour" grows
            gain += W_ALL * (((a + k) * inv) ** 3 - (a * inv) ** 3)
        elif a == 0:  # their "all of a colour" is shut
            gain += W_ALL * (b * inv) ** 3
        # runs through this colour: mine progress, theirs may be shut
        triples = state.triples
        inv3 = 1.0 / (3 * t)
        old_m = max(max(runs_mine), 0.0)
        old_t = max(max(runs_theirs), 0.0)
        new_m = new_t = 0.0
        shut = a + k > n - t
        for i, tri in enumerate(triples):
            rm, rt = runs_mine[i], runs_theirs[i]
            if color in tri:
                if rm >= 0 and a < t:
                    rm += (min(a + k, t) - a) * inv3
                if shut:
                    rt = -1.0
            if rm > new_m:
                new_m = rm
            if rt > new_t:
                new_t = rt
        gain += W_RUN * (new_m ** 3 - old_m ** 3 - new_t ** 3 + old_t ** 3)
        return float(gain)

    def _widen(self, node: _Node, state: NibbleState) -> bool:
        """List every take of a node whose best takes all proved lost, keeping what was
        learnt about those; False if there is nothing more to list."""
        old = {mv: j for j, mv in enumerate(node.moves)}
        n, w, kids, proof = node.n, node.w, node.kids, node.proof
        visits = node.visits
        self._expand(node, state, NODE_LIMIT, root=True)
        node.visits = visits
        for j, mv in enumerate(node.moves):
            i = old.get(mv)
            if i is not None:
                node.n[j], node.w[j], node.kids[j], node.proof[j] = n[i], w[i], kids[i], proof[i]
        return len(node.moves) > len(old)

    def _expand(self, node: _Node, state: NibbleState, limit: int, root: bool) -> int | None:
        """List ``node``'s takes with priors and its static value; a take that wins at
        once if there is one (the node is then a proven win)."""
        board = state.board
        node.complete = True
        moves, _ = board.takes_limited(limit)
        base, info = self._evaluate(state)
        color_of = board.color_of
        gains: dict[tuple[int, int], float] = {}
        scored: list[tuple[float, int]] = []
        for mv in moves:
            color = color_of[(mv & -mv).bit_length() - 1]
            k = mv.bit_count()
            key = (color, k)
            g = gains.get(key)
            if g is None:
                if self._wins_now(state, color, k):
                    node.value = 1e9
                    node.moves = [mv]
                    node.priors = [1.0]
                    node.n, node.w, node.kids, node.proof = [0], [0.0], [None], [WIN]
                    return mv
                g = gains[key] = self._gain(state, info, color, k)
            scored.append((g, mv))
        if not root and len(scored) > WIDTH:
            scored.sort(key=lambda x: -x[0])
            scored = scored[:WIDTH]
            node.complete = False
        best_gain = max(g for g, _ in scored)
        node.value = _squash(base + TEMPO * max(best_gain, 0.0))
        top = best_gain
        weights = [math.exp((g - top) / PRIOR_TEMP) for g, _ in scored]
        total = sum(weights)
        node.moves = [mv for _, mv in scored]
        node.priors = [w / total for w in weights]
        m = len(scored)
        node.n = [0] * m
        node.w = [0.0] * m
        node.kids = [None] * m
        node.proof = [None] * m
        return None
