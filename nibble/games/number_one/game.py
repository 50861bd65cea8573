"""Number One as a game: its options, the start position, and starting from a set-up."""

from __future__ import annotations

from typing import Any

from ...core.errors import BadSetup
from ...core.protocol import MAX_SEED, Game, Option
from .board import playable_mask, start_holes
from .moves import SIZES
from .position import NONE, Position, parse_position, players_of
from .state import NumberOneState

#: arrangements of a player's pegs on (edge hole before the corner, corner, edge hole after)
ARRANGEMENTS = ("MSL", "LSM", "SML", "SLM", "MLS", "LMS")
ARRANGEMENT_LABELS = {
    "MSL": "Small on the corner, medium before it, large after it",
    "LSM": "Small on the corner, large before it, medium after it",
    "SML": "Medium on the corner, small before it, large after it",
    "SLM": "Large on the corner, small before it, medium after it",
    "MLS": "Large on the corner, medium before it, small after it",
    "LMS": "Medium on the corner, large before it, small after it",
}


class NumberOneGame(Game):
    id = "number-one"
    name = "Number One"
    knowledge = "nibble.games.number_one.knowledge:NumberOneKnowledge"
    themes = "nibble.games.number_one.themes:NumberOneThemes"
    lessons = "nibble.games.number_one.lessons:LESSONS"
    ratings = "nibble.games.number_one.ratings"
    pool = "nibble.games.number_one.pool:OneParanoid"
    bench = "nibble.games.number_one.bench:CASES"
    # MCTS iterations: the first pass is the budget the analysis's leans were fitted at
    first_pass_iterations = 2_000
    second_pass_iterations = 10_000
    min_players = 2
    max_players = 4
    players_option = "players"
    options = (
        Option("players", "int", 3, "Players", min=2, max=4),
        Option("seed", "int", None, "Seed", min=0, max=MAX_SEED),
        *(Option(f"pegs{k}", "choice", "MSL", f"Pegs of player {k}",
                 choices=tuple((a, ARRANGEMENT_LABELS[a]) for a in ARRANGEMENTS), seat=k)
          for k in range(1, 5)),
    )

    def new_state(self, options: dict[str, Any]) -> NumberOneState:
        """Every hole in play holds a token except the start holes, where the pegs stand as
        each player's ``pegsK`` option arranges them. The seed plays no part."""
        players = options["players"]
        pegs = [NONE] * (3 * players)
        for seat in range(players):
            arrangement = options.get(f"pegs{seat + 1}") or "MSL"
            for hole, letter in zip(start_holes(players, seat), arrangement, strict=True):
                pegs[seat * 3 + SIZES.index(letter)] = hole
        tokens = playable_mask(players)
        for b in pegs:
            tokens &= ~(1 << b)
        return NumberOneState(self, options, Position(players, tokens, pegs, 0, 0, 0, []))

    def start_paint(self, options: dict[str, Any]) -> dict[str, Any] | None:
        """Nothing more: the start is the same whatever the seed (the pegs' arrangements
        are options: the page draws only the start of the options the build drew)."""
        return {}

    def options_from_setup(self, setup: object) -> dict[str, Any]:
        players = players_of(setup)
        return {} if players is None else {"players": players}

    def from_setup(self, setup: str, options: dict[str, Any]) -> NumberOneState:
        pos = parse_position(setup)
        wanted = options.get("players")
        if wanted not in (None, pos.players):
            raise BadSetup(f"The set-up is a {pos.players}-player position but the options "
                           f"say {wanted} players.")
        return NumberOneState(self, {**options, "players": pos.players}, pos)
