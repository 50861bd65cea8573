"""The fitted Nibble evaluation: its arithmetic, its symmetry, its weights, and that the
model the fit script optimises is the model the players use."""

from __future__ import annotations

import importlib.util
import itertools
import random
import sys
from pathlib import Path

import pytest

from nibble.ai.nibble_knowledge import NibbleKnowledge
from nibble.ai.nibble_model import (
    FittedModel,
    _tail,
    layout,
    model_for,
    sample,
)
from nibble.ai.nibble_weights import WEIGHTS
from nibble.games import get_game
from nibble.games.nibble.variants import VARIANTS

GAME = get_game("nibble")
ROOT = Path(__file__).resolve().parent.parent


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


def test_players_use_the_fitted_model_and_sparring_partners_do_not():
    s = random_positions("square9", 1)[10]
    k = NibbleKnowledge()
    hand = k.hand_written()
    assert hand.model(s) is None and k.model(s) is not None
    assert k.evaluate(s, 0) == pytest.approx(k.model(s).evaluate(s, 0))
    assert hand.evaluate(s, 0) != k.evaluate(s, 0)


def test_a_variant_without_weights_falls_back_to_the_hand_written_evaluation(monkeypatch):
    import nibble.ai.nibble_weights as w

    s = random_positions("square9", 1)[10]
    monkeypatch.setattr(w, "WEIGHTS", {})
    k = NibbleKnowledge()
    assert k.model(s) is None
    assert k.evaluate(s, 0) == pytest.approx(k.hand_written().evaluate(s, 0))


@pytest.mark.skipif(sys.platform == "emscripten", reason="the fit script is a CPython tool")
@pytest.mark.parametrize("variant", sorted(WEIGHTS))
def test_the_fit_script_optimises_the_model_the_players_use(variant):
    """The numpy model in scripts/fit_nibble.py, given the shipped weights, gives the same
    log-odds as nibble_model.FittedModel on the same positions."""
    pytest.importorskip("numpy")
    pytest.importorskip("scipy")
    import numpy as np

    spec = importlib.util.spec_from_file_location("fit_nibble", ROOT / "scripts" / "fit_nibble.py")
    fit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fit)
    lay = layout(VARIANTS[variant])
    model = fit.Model(lay)
    w = WEIGHTS[variant]
    theta = np.zeros(model.size)
    for i, v in enumerate(w["colour"]):
        theta[model.param_of[i]] = model.sign[i] * v
    theta[model.nz] = w["beta"]
    theta[model.nz + 1:model.nz + 1 + model.na] = w["all"]
    theta[model.nz + 1 + model.na:model.nz + 1 + model.na + model.nr] = w["run"]
    theta[-2], theta[-1] = w["tempo"], w["margin"]
    runtime = model_for(variant)
    states = random_positions(variant, 2, seed=7)[::3]
    for s in states:
        smp = sample(s, lay)
        d = {"c": np.array([smp.colours]), "all": np.array([smp.all_best]),
             "run": np.array([smp.run_need]), "tm": np.array([1 - smp.to_move]),
             "y": np.array([1.0])}
        # the loss for a win is softplus(-x): recover x
        loss = model.loss(theta, d, 0.0, grad=False)
        x = -np.log(np.expm1(loss))
        assert x == pytest.approx(runtime.logit(s, 0), abs=1e-6)
