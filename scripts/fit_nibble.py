"""Fit the Nibble evaluation (nibble/games/nibble/model.py) to the outcomes of self-play games.

    python scripts/selfplay_nibble.py --variant square9 --games 3000 --out build/fit/square9.jsonl
    python scripts/fit_nibble.py build/fit/square9.jsonl --write

Replays every game (scripts/selfplay_nibble.py writes them), reads each position the way
the model does (:func:`nibble.games.nibble.model.sample`, seat 0's side) and labels it with
the game's winner. The model's parameters are fitted by maximum likelihood (L-BFGS, a
small L2 penalty): a colour-state table constrained so that one player's chance of a
colour is one minus the other's, the weight of the majority-of-majorities log-odds, the
instant-win terms and the tempo. The pressure of open colours is not fitted: its weight
(``model.PRESSURE``, set by hand) enters the log-odds as a fixed term, so
that the fitted terms are calibrated around it. One game in five is held out; the script
prints its log loss next to a coin's and next to the hand-written evaluation's (with its
scale fitted on the same games, so the comparison is fair). ``--write`` stores the
variant's weights in nibble/games/nibble/weights.py (other variants' weights are kept).

Needs numpy and scipy (development tools: ``pip install numpy scipy``; the engine and
the page never need them).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
from scipy.optimize import minimize  # noqa: E402

from nibble.games import get_game  # noqa: E402
from nibble.games.nibble.knowledge import NibbleKnowledge  # noqa: E402
from nibble.games.nibble.model import (  # noqa: E402
    FREE_BUCKETS,
    LOGIT_CLIP,
    PRESSURE,
    Layout,
    layout,
    open_cubes,
    sample,
)
from nibble.games.nibble.variants import VARIANTS  # noqa: E402
from nibble.games.nibble.weights import WEIGHTS  # noqa: E402

WEIGHTS_FILE = ROOT / "nibble" / "games" / "nibble" / "weights.py"


def read_games(paths: list[str], variant: str) -> list[dict]:
    games = []
    for path in paths:
        for line in Path(path).read_text().splitlines():
            if line.strip():
                g = json.loads(line)
                if g["variant"] == variant and g["winner"] is not None:
                    games.append(g)
    return games


def positions(games: list[dict], skip: int) -> dict[str, np.ndarray]:
    """Every position of every game after the first ``skip`` plies, as the model's input."""
    game = get_game("nibble")
    hand = NibbleKnowledge()
    rows: dict[str, list] = {k: [] for k in ("c", "all", "run", "tm", "y", "g", "hand",
                                              "press")}
    lay = None
    for gi, g in enumerate(games):
        state = game.from_setup(g["setup"], {"variant": g["variant"]})
        lay = lay or layout(state.variant)
        y = 1.0 if g["winner"] == 0 else 0.0
        for ply, text in enumerate(g["moves"]):
            if ply >= skip:
                s = sample(state, lay)
                rows["c"].append(s.colours)
                rows["all"].append(s.all_best)
                rows["run"].append(s.run_need)
                rows["tm"].append(1 - s.to_move)  # 1: seat 0 to move
                rows["y"].append(y)
                rows["g"].append(gi)
                rows["hand"].append(hand.raw(state, 0))
                rows["press"].append(open_cubes(*state.collections))
            state.push(state.parse_move(text))
    return {k: np.asarray(v) for k, v in rows.items()}


class Model:
    """The model of nibble/games/nibble/model.py in numpy, with its gradient."""

    def __init__(self, lay: Layout, pressure: float = 0.0) -> None:
        self.lay = lay
        self.pressure = pressure / lay.n ** 3  # fixed, as model.FittedModel does
        s = lay.colour_states
        canon = {}
        self.param_of = np.zeros(s, dtype=np.int64)
        self.sign = np.zeros(s)
        for i in range(s):
            m = lay.mirror(i)
            c = min(i, m)
            if c not in canon:
                canon[c] = len(canon)
            self.param_of[i] = canon[c]
            self.sign[i] = 1.0 if i == c else -1.0
        self.nz = len(canon)
        self.na, self.nr = lay.all_states, lay.run_states
        self.size = self.nz + 1 + self.na + self.nr + 2

    def split(self, theta: np.ndarray):
        nz, na, nr = self.nz, self.na, self.nr
        z = theta[:nz]
        beta = theta[nz]
        a = theta[nz + 1:nz + 1 + na]
        r = theta[nz + 1 + na:nz + 1 + na + nr]
        tempo, margin = theta[-2], theta[-1]
        return z, beta, a, r, tempo, margin

    def start(self) -> np.ndarray:
        theta = np.zeros(self.size)
        lay = self.lay
        for i in range(lay.colour_states):  # a colour is likelier the more discs one holds
            mine, theirs = divmod((i >> 1) // FREE_BUCKETS, lay.maj)
            theta[self.param_of[i]] = self.sign[i] * 0.4 * (mine - theirs)
        theta[self.nz] = 0.5
        theta[-1] = 0.3
        return theta

    def theta_of(self, w: dict) -> np.ndarray:
        """The parameters of written weights (:meth:`weights` undone)."""
        theta = np.zeros(self.size)
        z, _, a_tab, r_tab, _, _ = self.split(theta)  # views into theta
        z[self.param_of] = self.sign * np.asarray(w["colour"])
        a_tab[:], r_tab[:] = w["all"], w["run"]
        theta[self.nz], theta[-2], theta[-1] = w["beta"], w["tempo"], w["margin"]
        return theta

    def loss(self, theta: np.ndarray, d: dict[str, np.ndarray], l2: float,
             grad: bool = True):
        z_par, beta, a_tab, r_tab, tempo, margin = self.split(theta)
        zfull = self.sign * z_par[self.param_of]
        c = d["c"]
        n_samples, n = c.shape
        open_ = c >= 0
        q = np.where(open_, 1.0 / (1.0 + np.exp(-zfull[np.where(open_, c, 0)])),
                     np.where(c == -1, 1.0, 0.0))
        need = self.lay.majs
        # prefix[k]: distribution of majorities among colours < k; suffix[k]: colours >= k
        prefix = [np.zeros((n_samples, n + 1))]
        prefix[0][:, 0] = 1.0
        for k in range(n):
            prev = prefix[-1]
            nxt = prev * (1 - q[:, k:k + 1])
            nxt[:, 1:] += prev[:, :-1] * q[:, k:k + 1]
            prefix.append(nxt)
        p = prefix[n][:, need:].sum(axis=1)
        lo = 1.0 / (1.0 + math.exp(LOGIT_CLIP))
        pc = np.clip(p, lo, 1 - lo)
        logit = np.log(pc / (1 - pc))
        tm0 = d["tm"]
        tm1 = 1 - tm0
        ia0 = d["all"][:, 0] * 2 + tm0
        ia1 = d["all"][:, 1] * 2 + tm1
        ir0 = d["run"][:, 0] * 2 + tm0
        ir1 = d["run"][:, 1] * 2 + tm1
        sgn = 2.0 * tm0 - 1.0
        expected = (2.0 * q - 1.0).sum(axis=1)  # majorities expected, mine less theirs
        x = (beta * logit + margin * expected + a_tab[ia0] - a_tab[ia1] + r_tab[ir0]
             - r_tab[ir1] + tempo * sgn + self.pressure * d["press"])
        y = d["y"]
        value = float(np.mean(np.logaddexp(0, x) - y * x)) + l2 * float(
            z_par @ z_par + a_tab @ a_tab + r_tab @ r_tab)
        if not grad:
            return value
        g = (1.0 / (1.0 + np.exp(-x)) - y) / n_samples
        gt = np.zeros_like(theta)
        gt[self.nz] = g @ logit
        gt[-2] = g @ sgn
        gt[-1] = g @ expected
        ga = np.zeros(self.na)
        np.add.at(ga, ia0, g)
        np.add.at(ga, ia1, -g)
        gr = np.zeros(self.nr)
        np.add.at(gr, ir0, g)
        np.add.at(gr, ir1, -g)
        gt[self.nz + 1:self.nz + 1 + self.na] = ga + 2 * l2 * a_tab
        gt[self.nz + 1 + self.na:self.nz + 1 + self.na + self.nr] = gr + 2 * l2 * r_tab
        # d logit / d q_k = P(exactly need-1 among the other colours) / (p (1 - p))
        inside = (p > lo) & (p < 1 - lo)
        gl = g * beta * np.where(inside, 1.0 / (pc * (1 - pc)), 0.0)
        suffix = np.zeros((n_samples, n + 1))
        suffix[:, 0] = 1.0
        gz = np.zeros(self.lay.colour_states)
        for k in range(n - 1, -1, -1):
            # others = prefix[k] (colours < k) convolved with suffix (colours > k)
            exact = np.zeros(n_samples)
            for j in range(need):
                exact += prefix[k][:, j] * suffix[:, need - 1 - j]
            col = c[:, k]
            m = col >= 0
            dq = (gl * exact + 2.0 * margin * g) * q[:, k] * (1 - q[:, k])
            np.add.at(gz, col[m], dq[m])
            nxt = suffix * (1 - q[:, k:k + 1])
            nxt[:, 1:] += suffix[:, :-1] * q[:, k:k + 1]
            suffix = nxt
        gzp = np.zeros(self.nz)
        np.add.at(gzp, self.param_of, self.sign * gz)
        gt[:self.nz] = gzp + 2 * l2 * z_par
        return value, gt

    def weights(self, theta: np.ndarray) -> dict:
        z_par, beta, a_tab, r_tab, tempo, margin = self.split(theta)
        zfull = self.sign * z_par[self.param_of]
        return {"colour": [round(float(v), 4) for v in zfull], "beta": round(float(beta), 4),
                "margin": round(float(margin), 4),
                "all": [round(float(v), 4) for v in a_tab],
                "run": [round(float(v), 4) for v in r_tab], "tempo": round(float(tempo), 4)}


def subset(d: dict[str, np.ndarray], mask: np.ndarray) -> dict[str, np.ndarray]:
    return {k: v[mask] for k, v in d.items()}


def hand_loss(train: dict, test: dict) -> float:
    """Held-out log loss of sigmoid(s · raw + b) for the hand-written evaluation, with s
    and b fitted on the training positions."""
    def f(w, d):
        x = w[0] * d["hand"] + w[1] * (2.0 * d["tm"] - 1.0)
        return float(np.mean(np.logaddexp(0, x) - d["y"] * x))

    w = minimize(lambda w: f(w, train), np.array([1.0, 0.0]), method="Nelder-Mead").x
    return f(w, test)


def write_weights(variant: str, weights: dict, note: str) -> None:
    existing: dict = {}
    if WEIGHTS_FILE.exists():
        scope: dict = {}
        exec(compile(WEIGHTS_FILE.read_text(), str(WEIGHTS_FILE), "exec"), scope)
        existing = scope.get("WEIGHTS", {})
        notes = scope.get("NOTES", {})
    else:
        notes = {}
    existing[variant] = weights
    notes[variant] = note
    lines = ['"""Weights of the fitted Nibble evaluation (nibble/games/nibble/model.py), '
             'per variant.',
             "", "Written by scripts/fit_nibble.py; do not edit by hand.", '"""', "",
             "NOTES = {"]
    for v in sorted(notes):
        parts = textwrap.wrap(notes[v], 76, drop_whitespace=False)
        lines.append(f"    {v!r}: (")
        lines += [f"        {part!r}" for part in parts]
        lines.append("    ),")
    lines += ["}", "", "WEIGHTS = {"]
    for v in sorted(existing):
        w = existing[v]
        lines.append(f"    {v!r}: {{")
        for key in ("beta", "margin", "tempo"):
            lines.append(f"        {key!r}: {w[key]!r},")
        for key in ("colour", "all", "run"):
            lines.append(f"        {key!r}: [")
            vals = [repr(x) for x in w[key]]
            for i in range(0, len(vals), 8):
                lines.append("            " + ", ".join(vals[i:i + 8]) + ",")
            lines.append("        ],")
        lines.append("    },")
    lines.append("}")
    WEIGHTS_FILE.write_text("\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="+", help="JSON-lines files from selfplay_nibble.py")
    p.add_argument("--variant", default="square9", choices=sorted(VARIANTS))
    p.add_argument("--skip", type=int, default=2, help="plies skipped at the start of a game")
    p.add_argument("--l2", type=float, default=1e-6,
                   help="L2 penalty of the tables (1e-4 shrank them: held-out loss 0.6206 "
                        "against 0.6091 at 1e-6 on 805 square13 games)")
    p.add_argument("--write", action="store_true", help="store the weights")
    args = p.parse_args(argv)
    t0 = time.perf_counter()
    games = read_games(args.games, args.variant)
    if not games:
        print(f"no {args.variant} games in {args.games}", file=sys.stderr)
        return 2
    d = positions(games, args.skip)
    held = d["g"] % 5 == 0
    train, test = subset(d, ~held), subset(d, held)
    model = Model(layout(VARIANTS[args.variant]), PRESSURE.get(args.variant, 0.0))
    res = minimize(model.loss, model.start(), args=(train, args.l2), jac=True,
                   method="L-BFGS-B", options={"maxiter": 2000})
    fitted = model.loss(res.x, test, 0.0, grad=False)
    start = model.loss(model.start(), test, 0.0, grad=False)
    hand = hand_loss(train, test)
    shipped = WEIGHTS.get(args.variant)
    if shipped is not None:  # how the weights in use read these games
        was = model.loss(model.theta_of(shipped), test, 0.0, grad=False)
        print(f"held-out log loss of the weights in use: {was:.4f}", file=sys.stderr)
    coin = math.log(2)
    note = (f"{len(games)} games, {len(train['y'])} positions fitted, {len(test['y'])} held "
            f"out, L2 {args.l2:g}; held-out log loss {fitted:.4f} (hand-written evaluation "
            f"{hand:.4f}, coin {coin:.4f})")
    print(f"{note}; start {start:.4f}; {res.nit} iterations, {time.perf_counter() - t0:.0f} s",
          file=sys.stderr)
    w = model.weights(res.x)
    print(json.dumps({k: w[k] for k in ("beta", "margin", "tempo")}))
    if args.write:
        write_weights(args.variant, w, note)
        print(f"wrote {WEIGHTS_FILE.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
