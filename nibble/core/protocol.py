"""The interface every game implements, so the bridge, AI, CLI and tests exist once.

Modelled on python-chess (``push``/``pop``/``legal_moves``, text notation in and out)
and OpenSpiel (``is_terminal``, ``returns``). A *move* is whatever compact value a game
finds fast (a bitmask, say); notation is only produced at the edges.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from .errors import BadOption, GameOver
from .text import quote

M = TypeVar("M")

MAX_SEED = 2**53 - 1  # the largest integer JavaScript holds exactly
#: seeds picked for a new game stay below this: a board number a person can say and type
#: ("board no. 48213"); any seed up to MAX_SEED is still read
NEW_SEEDS = 1_000_000


@dataclass(frozen=True)
class Option:
    """One option of a game, described well enough to build a form from it."""

    name: str
    type: str  # "choice", "int" or "bool"
    default: Any
    label: str
    choices: tuple[tuple[str, str], ...] = ()  # (value, English label)
    min: int | None = None
    max: int | None = None
    seat: int | None = None  # an option of one seat (1-based), shown with that seat

    def describe(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name, "type": self.type, "default": self.default,
                             "label": self.label}
        if self.seat is not None:
            d["seat"] = self.seat
        if self.choices:
            d["choices"] = [{"value": v, "label": lab} for v, lab in self.choices]
        if self.min is not None:
            d["min"] = self.min
        if self.max is not None:
            d["max"] = self.max
        return d

    def check(self, value: Any) -> Any:
        """The value if it is valid for this option, else ``BadOption`` saying why."""
        if self.type == "bool":
            if not isinstance(value, bool):
                raise BadOption(f"Option '{self.name}' must be true or false.", "option.bool",
                                name=self.name)
        elif self.type == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise BadOption(f"Option '{self.name}' must be a whole number.", "option.int",
                                name=self.name, min=self.min, max=self.max)
            if (self.min is not None and value < self.min) or (
                self.max is not None and value > self.max
            ):
                raise BadOption(
                    f"Option '{self.name}' must be between {self.min} and {self.max}.",
                    "option.int", name=self.name, min=self.min, max=self.max)
        elif self.type == "choice":
            allowed = [v for v, _ in self.choices]
            if isinstance(value, list | dict) or value not in allowed:
                raise BadOption(
                    f"Option '{self.name}' must be one of {', '.join(map(str, allowed))}.",
                    "option.choice", name=self.name, allowed=allowed)
        return value


@dataclass(frozen=True)
class Result:
    """How a game ended. ``winner`` is a seat index, or ``None`` for a draw."""

    winner: int | None
    reason: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, **self.details}


class Game(ABC):
    """A kind of game: its options, and how to start a state from them or from a set-up."""

    id: str
    name: str
    min_players: int = 2
    max_players: int = 2
    #: the option that sets the number of players, when it can vary (the page's seats follow it)
    players_option: str | None = None
    #: "module:Class" of the game's knowledge for the computer players (nibble.ai.knowledge),
    #: imported only when a computer first plays it; None: the players use the protocol only
    knowledge: str | None = None
    #: "module:Class" of the game's puzzle themes (nibble.puzzles.themes), imported only by
    #: the puzzle maker; None: its puzzles get no themes
    themes: str | None = None
    #: "module:NAME" of the game's rule lessons (nibble.puzzles.lessons), imported only by
    #: the build; None: it has none
    lessons: str | None = None
    #: the module whose ``RATINGS`` holds the levels' ratings on this game (nibble.ai.ratings;
    #: written by ``ladder --write-ratings``, shown by the new-game dialog); None: none kept
    ratings: str | None = None
    #: "module:Class" of the game's sparring partner (nibble.ai.pool), the player
    #: ``pool-<id>``, imported when first asked for; None: it has none
    pool: str | None = None
    #: "module:NAME" of the game's engine-speed cases (nibble.bench), imported only by
    #: ``python -m nibble bench``; None: it has none
    bench: str | None = None
    #: the page's first and second analysis passes on this game: a fixed search each
    #: (alpha-beta nodes or MCTS iterations; nibble.ai.api says why); None: the page's own
    first_pass_iterations: int | None = None
    second_pass_iterations: int | None = None
    options: tuple[Option, ...] = ()

    def describe(self) -> dict[str, Any]:
        players: dict[str, Any] = {"min": self.min_players, "max": self.max_players}
        if self.players_option:
            players["option"] = self.players_option
        return {
            "id": self.id,
            "name": self.name,
            "players": players,
            "options": [o.describe() for o in self.options],
        }

    def normalize_options(self, options: dict[str, Any] | None, *,
                          fill_seed: int | None = None) -> dict[str, Any]:
        """Validated options with defaults filled in; a missing or null seed becomes
        ``fill_seed``. ``null`` is refused for every option whose default is not null."""
        options = dict(options or {})
        known = {o.name: o for o in self.options}
        unknown = sorted((k for k in options if k not in known), key=str)
        if unknown:
            raise BadOption(f"{self.name} has no option {quote(unknown[0])}.",
                            "option.unknown", game=self.id, name=quote(unknown[0]))
        out = {}
        for name, opt in known.items():
            value = options.get(name, opt.default)
            if value is None and name == "seed":
                value = fill_seed
            if value is None and opt.default is not None:
                raise BadOption(f"Option '{name}' cannot be null.", "option.null", name=name)
            if value is not None:
                value = opt.check(value)
            out[name] = value
        return out

    def start_paint(self, options: dict[str, Any]) -> dict[str, Any] | None:
        """What the page needs, besides a start view of the same board, to draw the start of
        a seeded game before the engine is up (the build ships it in starts.json; the
        game's web module draws from it, and tests check the two agree seed for seed). None:
        the page waits for the engine."""
        return None

    def options_from_setup(self, setup: object) -> dict[str, Any]:
        """Options a set-up settles by itself (say, its number of players), used where a
        record leaves them out; ``{}`` if it settles none or cannot be read."""
        return {}

    def typed_setup(self, text: str) -> str:
        """The set-up a person means by ``text`` typed on the command line (``show``,
        ``moves``), where the game lets a shorter form stand for it; default: the text."""
        return text

    @abstractmethod
    def new_state(self, options: dict[str, Any]) -> State[Any]:
        """The start position for normalised ``options`` (seeded if the game is random)."""

    @abstractmethod
    def from_setup(self, setup: str, options: dict[str, Any]) -> State[Any]:
        """A state starting from ``setup`` (a start position in notation); ``BadSetup`` if
        it is not a legal position of this game."""


class Played(Protocol):
    """What a game's view and refusals read of any state: the turn, the result, the moves
    so far and the legal ones. A game package extends it with what it reads of its own
    state (``contract.py``), so that those modules need not import the state class."""

    @property
    def to_move(self) -> int: ...

    @property
    def result(self) -> Result | None: ...

    @property
    def moves(self) -> list[int]: ...

    def legal_moves(self) -> list[int]: ...


class State(ABC, Generic[M]):
    """A position plus everything needed to continue, undo and explain it."""

    game: Game
    options: dict[str, Any]

    # -- whose turn, and is it over --------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> int: ...

    @property
    @abstractmethod
    def result(self) -> Result | None: ...

    @property
    def num_players(self) -> int:
        """Seats in this game (a game whose player count is an option overrides this)."""
        return self.game.min_players

    def is_over(self) -> bool:
        return self.result is not None

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the others, 0 for all in a draw or while running."""
        r = self.result
        if r is None or r.winner is None:
            return [0.0] * self.num_players
        return [1.0 if s == r.winner else -1.0 for s in range(self.num_players)]

    # -- moves -------------------------------------------------------------------

    @abstractmethod
    def legal_moves(self) -> list[M]:
        """Every legal move, in a fixed order (so seeded players are reproducible)."""

    @abstractmethod
    def push(self, move: M) -> None:
        """Play ``move``, which must be legal (use :meth:`play` for untrusted input)."""

    @abstractmethod
    def pop(self) -> M:
        """Take back the last move and return it."""

    @abstractmethod
    def copy(self) -> State[M]: ...

    @abstractmethod
    def move_to_str(self, move: M) -> str: ...

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """The move written ``text``; ``BadNotation`` if it cannot be read."""

    @abstractmethod
    def check_move(self, move: M) -> None:
        """``IllegalMove`` with a reason a player understands, if ``move`` is not legal."""

    def play(self, text: str) -> M:
        """Read, check and play a move given in notation."""
        if self.is_over():
            raise GameOver("The game is over; no more moves can be played.")
        move = self.parse_move(text)
        self.check_move(move)
        self.push(move)
        return move

    def legal_moves_str(self) -> list[str]:
        return [self.move_to_str(m) for m in self.legal_moves()]

    @property
    @abstractmethod
    def moves(self) -> list[M]:
        """The moves played since the start position."""

    # -- notation and display ----------------------------------------------------

    @abstractmethod
    def setup(self) -> str:
        """The start position in notation (a record's ``setup``)."""

    @abstractmethod
    def position(self) -> str:
        """The current position in notation."""

    def canonical_key(self) -> str:
        """One text for this position and every position the board's symmetry makes of
        it (the puzzle maker never keeps two); by default the position's notation."""
        return self.position()

    @abstractmethod
    def view(self) -> dict[str, Any]:
        """Everything the page renders (see docs/contracts.md)."""

    @abstractmethod
    def render_text(self) -> str:
        """The board drawn as text for the terminal."""

