"""The fitted Nibble evaluation: its arithmetic, its symmetry, its weights, and that the
model the fit script optimises is the model the players use."""

from __future__ import annotations

import itertools
import random
import sys

import pytest

from nibble.ai.mcts import Budget
from nibble.games import get_game
from nibble.games.nibble.knowledge import NibbleKnowledge
from nibble.games.nibble.model import (
    CAUTION,
    JUDGE_CAUTION,
    PRESSURE,
    FittedModel,
    _tail,
    layout,
    model_for,
    open_cubes,
    sample,
)
from nibble.games.nibble.variants import VARIANTS
from nibble.games.nibble.weights import WEIGHTS
from tests.util import load_script

GAME = get_game("nibble")


def random_positions(variant: str, games: int, seed: int = 1) -> list:
    rng = random.Random(seed)
    out = []
    for g in range(games):
        s = GAME.new_state(GAME.normalize_options({"variant": variant, "seed": seed + g}))
        while s.result is None:
            out.append(s.copy())
            moves = s.legal_moves()
            s.push(moves[rng.randrange(len(moves))])
    return out


def test_tail_is_the_poisson_binomial_tail():
    rng = random.Random(3)
    for _ in range(50):
        qs = [rng.random() for _ in range(rng.randrange(0, 7))]
        for need in range(1, len(qs) + 1):
            exact = 0.0
            for hits in itertools.product((0, 1), repeat=len(qs)):
                if sum(hits) >= need:
                    p = 1.0
                    for h, q in zip(hits, qs, strict=True):
                        p *= q if h else 1 - q
                    exact += p
            assert _tail(qs, need) == pytest.approx(exact, abs=1e-12)


def test_colour_states_mirror_into_each_other():
    for v in VARIANTS.values():
        lay = layout(v)
        seen = set()
        for i in range(lay.colour_states):
            m = lay.mirror(i)
            assert m != i and lay.mirror(m) == i
            seen.add(m)
        assert seen == set(range(lay.colour_states))


@pytest.mark.parametrize("variant", sorted(WEIGHTS))
def test_weights_fit_the_layout_and_make_a_zero_sum_evaluation(variant):
    model = model_for(variant)
    assert isinstance(model, FittedModel)
    lay = model.lay
    z = WEIGHTS[variant]["colour"]
    assert all(z[i] == -z[lay.mirror(i)] for i in range(lay.colour_states))
    for s in random_positions(variant, 2)[::5]:
        a, b = model.logit(s, 0), model.logit(s, 1)
        assert a == pytest.approx(-b, abs=1e-9)
        assert -1 <= model.evaluate(s, 0) <= 1


@pytest.mark.parametrize("variant", ["square9", "hex13"])
def test_the_open_colours_kept_give_the_values_found_afresh_and_stay_bounded(
        monkeypatch, variant):
    """``logit`` keeps what it found for a set of open colours (a search meets them again):
    every value is the one a model that keeps nothing finds, bit for bit, for either seat,
    either side to move and with caution, and the table never outgrows its bound."""
    import nibble.games.nibble.model as model_module

    monkeypatch.setattr(model_module, "OPEN_LIMIT", 40)
    kept = model_for(variant)  # (a model of its own: model_for makes a new one)
    assert kept is not None
    positions = random_positions(variant, 3, seed=11)
    for s in positions + positions[::-1]:  # the second time round, from the table
        for seat in (0, 1):
            for cautious in (False, True):
                fresh = FittedModel(s.variant, WEIGHTS[variant])  # one value, nothing kept
                assert kept.logit(s, seat, cautious) == fresh.logit(s, seat, cautious)
        assert len(kept._open) <= 40


def test_players_use_the_fitted_model_and_sparring_partners_do_not():
    s = random_positions("square9", 1)[10]
    k = NibbleKnowledge()
    hand = k.hand_written()
    assert hand.model(s) is None and k.model(s) is not None
    assert k.evaluate(s, 0) == pytest.approx(k.model(s).evaluate(s, 0))
    assert hand.evaluate(s, 0) != k.evaluate(s, 0)


def test_which_levels_read_the_fitted_evaluation():
    """medium, hard and expert play with the fitted evaluation; easy (which must lose to
    greedy: with the fitted one it beat greedy 56-44 on square9) and the sparring
    partners with the hand-written one."""
    from nibble.ai.levels import make_player

    s = random_positions("square9", 1)[10]
    for name, fitted in (("easy", False), ("alphabeta", False), ("heuristic", True),
                         ("medium", True)):
        assert (make_player(name).k(s).model(s) is not None) is fitted, name
    for name in ("hard", "expert"):
        player = make_player(name)
        assert player._for(s).k(s).model(s) is not None, name


def test_a_variant_without_weights_falls_back_to_the_hand_written_evaluation(monkeypatch):
    import nibble.games.nibble.weights as w

    s = random_positions("square9", 1)[10]
    monkeypatch.setattr(w, "WEIGHTS", {})
    k = NibbleKnowledge()
    assert k.model(s) is None
    assert k.evaluate(s, 0) == pytest.approx(k.hand_written().evaluate(s, 0))


def test_pressure_counts_every_open_colour_of_both_players():
    """The pressure adds ``PRESSURE / n³ · held³`` for *every* colour the other player holds
    none of (not only the best one, which the fitted "all" term reads), less the same for
    the other player: so parrying a second threat is worth something too."""
    assert PRESSURE["square9"] > 0
    model = model_for("square9")
    plain = model_for("square9")
    plain.pressure = 0.0
    seen = 0
    for s in random_positions("square9", 3, seed=11)[::4]:
        mine, theirs = s.collections
        cubes = open_cubes(mine, theirs)
        pairs = list(zip(mine, theirs, strict=True))
        assert cubes == sum(a ** 3 for a, b in pairs if b == 0) - sum(
            b ** 3 for a, b in pairs if a == 0)
        assert model.logit(s, 0) - plain.logit(s, 0) == pytest.approx(
            PRESSURE["square9"] / 9 ** 3 * cubes, abs=1e-9)
        seen += cubes != 0
    assert seen > 5  # the positions did have open colours to weigh
    # the opponent collects colours 0 (six discs) and 1 (five), seat 0 holds none of either:
    # taking one disc of colour 1 takes 5³ off the opponent's pressure, though colour 0
    # stays the opponent's best open colour
    assert open_cubes([0, 1, 0], [6, 5, 0]) - open_cubes([0, 0, 0], [6, 5, 0]) == 5 ** 3


def test_caution_weighs_only_the_opponents_open_colours_and_only_for_a_search(monkeypatch):
    """A cautious value for a seat subtracts ``CAUTION / n³ · held³`` for every colour the
    opponent holds and the seat holds none of (never the seat's own open colours); the
    plain evaluation, which the page shows and MCTS backs up, stays zero-sum."""
    assert all(CAUTION[variant] > 0 for variant in ("square9", "square13"))
    model = model_for("square9")
    k = NibbleKnowledge()
    seen = 0
    for s in random_positions("square9", 3, seed=21)[::3]:
        for seat in (0, 1):
            mine, theirs = s.collections[seat], s.collections[seat ^ 1]
            feared = sum(b ** 3 for a, b in zip(mine, theirs, strict=True) if a == 0)
            assert model.logit(s, seat) - model.logit(s, seat, cautious=True) == (
                pytest.approx(CAUTION["square9"] / 9 ** 3 * feared, abs=1e-9))
            assert model.logit(s, seat) == pytest.approx(-model.logit(s, seat ^ 1), abs=1e-9)
            seen += feared != 0 and sum(a for a, b in zip(mine, theirs, strict=True)
                                        if b == 0) != 0
            if s.result is None:
                assert k.search_evaluate(s, seat) == pytest.approx(
                    model.evaluate(s, seat, cautious=True))
                assert k.evaluate(s, seat) == pytest.approx(model.evaluate(s, seat))
    assert seen > 5  # both players had open colours, so "only the opponent's" was tested
    assert not k.zero_sum_search(random_positions("square9", 1)[0])
    square13 = random_positions("square13", 1)[20]
    assert not k.zero_sum_search(square13)
    monkeypatch.delitem(CAUTION, "square13")  # a board without caution: the plain value
    plain = NibbleKnowledge()
    assert plain.zero_sum_search(square13)
    assert plain.search_evaluate(square13, 0) == plain.evaluate(square13, 0)
    assert k.search_evaluate(square13, 0) < plain.search_evaluate(square13, 0)


def test_hex13_players_have_no_caution_and_the_judge_keeps_its_own():
    """On hex13 ``hard`` searches zero-sum (caution lost to the pool's player, docs/ai.md),
    while the analysis's judge and the puzzle maker's players keep the caution their
    chances were calibrated and their files made with (``JUDGE_CAUTION``)."""
    from nibble.ai.levels import make_player

    assert CAUTION["hex13"] == 0 and all(JUDGE_CAUTION[v] > 0 for v in JUDGE_CAUTION)
    k = NibbleKnowledge()
    judge = k.for_judge()
    assert judge.for_judge() is judge and k.for_judge() is judge
    model = model_for("hex13")
    positions = [s for s in random_positions("hex13", 2, seed=5)[10::10] if s.result is None]
    assert positions
    feared_somewhere = False
    for s in positions:
        assert k.zero_sum_search(s) and not judge.zero_sum_search(s)
        for seat in (0, 1):
            assert k.search_evaluate(s, seat) == pytest.approx(model.evaluate(s, seat))
            assert judge.search_evaluate(s, seat) == pytest.approx(
                model.evaluate(s, seat, cautious=True, judge=True))
            feared_somewhere |= judge.search_evaluate(s, seat) < k.search_evaluate(s, seat)
    assert feared_somewhere  # the judge's caution did weigh something
    square9 = random_positions("square9", 1)[0]  # where both have caution, the same one
    assert k.search_evaluate(square9, 0) == judge.search_evaluate(square9, 0)
    state = positions[0]
    player = make_player("hard", 1)
    player.choose(state.copy(), Budget(None, 50))
    assert player.inner is not None and player.inner.knowledge is None  # the players' own
    maker = make_player("hard", 1, judge=True)
    maker.choose(state.copy(), Budget(None, 50))
    assert maker.inner is not None and maker.inner.knowledge is judge_of(state)


def judge_of(state):
    from nibble.ai.knowledge import knowledge_for

    return knowledge_for(state).for_judge()


@pytest.mark.skipif(sys.platform == "emscripten", reason="the fit script is a CPython tool")
@pytest.mark.parametrize("variant", sorted(WEIGHTS))
def test_the_fit_script_optimises_the_model_the_players_use(variant):
    """The numpy model in scripts/fit_nibble.py, given the shipped weights, gives the same
    log-odds as model.FittedModel on the same positions."""
    pytest.importorskip("numpy")
    pytest.importorskip("scipy")
    import numpy as np

    fit = load_script("fit_nibble")
    lay = layout(VARIANTS[variant])
    model = fit.Model(lay, PRESSURE.get(variant, 0.0))
    w = WEIGHTS[variant]
    theta = model.theta_of(w)  # the weights in use, read back as the fit's parameters
    assert model.weights(theta) == w
    runtime = model_for(variant)
    states = random_positions(variant, 2, seed=7)[::3]
    for s in states:
        smp = sample(s, lay)
        d = {"c": np.array([smp.colours]), "all": np.array([smp.all_best]),
             "run": np.array([smp.run_need]), "tm": np.array([1 - smp.to_move]),
             "press": np.array([open_cubes(*s.collections)]), "y": np.array([1.0])}
        # the loss for a win is softplus(-x): recover x
        loss = model.loss(theta, d, 0.0, grad=False)
        x = -np.log(np.expm1(loss))
        assert x == pytest.approx(runtime.logit(s, 0), abs=1e-6)
