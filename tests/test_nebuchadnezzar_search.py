"""``hard``'s own search for Nebuchadnezzar (nibble/games/nebuchadnezzar/search.py): legal
to the end of whole games on every size, takes an annihilation and never hands one over
when it can help it, zero-sum, reproducible by nodes, on time, and what the tuned levels
play (while the judge keeps the MCTS its chances were calibrated on)."""

from __future__ import annotations

import pytest

from nibble.ai.knowledge import hands_win, knowledge_for
from nibble.ai.levels import TunedPlayer, make_player
from nibble.ai.mcts import Budget
from nibble.ai.players import MCTSPlayer
from nibble.games.nebuchadnezzar.captures import captures
from nibble.games.nebuchadnezzar.moves import SWAP
from nibble.games.nebuchadnezzar.notation import BLACK
from nibble.games.nebuchadnezzar.search import NebSearch, features
from tests.util_nebuchadnezzar import ANNIHILATE, board, new, rows_of
from tests.util_players import longest_move, random_plies, wins_against_random


def played(size: int, plies: int, seed: int):
    """A position ``plies`` random moves into a game (fewer if it ends first)."""
    return random_plies(new(size), plies, seed)


@pytest.mark.parametrize("size", [5, 8, 11])
def test_whole_games_are_legal_and_end(size: int) -> None:
    st = new(size)
    players = [NebSearch(1), NebSearch(2)]
    while st.result is None and len(st.moves) < 500:
        d = players[st.to_move].choose(st, Budget(None, 400))
        assert d.move in st.legal_moves()
        assert d.value is None or -1 <= d.value <= 1
        st.push(d.move)
    assert st.result is not None


def test_the_swap_is_weighed_at_the_start() -> None:
    """After Black's first disc the swap is a move like the others: taken over a poor
    reply, and chosen by what the position is worth to whoever then holds White."""
    st = new(8)
    st.push(st.parse_move("d4"))
    d = NebSearch(0).choose(st, Budget(None, 3000))
    assert d.move in st.legal_moves()
    assert SWAP in st.legal_moves()


def test_takes_the_annihilating_capture() -> None:
    st = board(ANNIHILATE)
    d = NebSearch(0).choose(st, Budget(None, 50))
    assert st.move_to_str(d.move) == "xc3:e4"
    assert d.value == 1.0


@pytest.mark.parametrize("seed", range(12))
def test_never_hands_over_an_annihilation_it_can_avoid(seed: int) -> None:
    """Mid-game positions of random games: the move chosen lets the other side take every
    disc of the mover at once only when every move does."""
    st = played(6 + seed % 3, 14 + 3 * seed, seed)
    if st.result is not None:
        return
    k = knowledge_for(st)
    move = NebSearch(seed).choose(st, Budget(None, 1500)).move
    if hands_win(k, st, move):
        assert all(hands_win(k, st, m) for m in st.legal_moves())


@pytest.mark.parametrize("seed", range(20))
def test_the_features_count_what_the_rules_allow(seed: int) -> None:
    """"takeable": the enemy discs inside the side to move's legal captures; "threatened":
    its own discs inside the captures the other side would have if it moved."""
    st = played(8, 10 + 3 * seed, seed)
    if st.result is not None:
        return
    me, them = (st.black, st.white) if st.color == BLACK else (st.white, st.black)
    mine, theirs = captures(st.lay, me, them), captures(st.lay, them, me)
    discs, threatened, takeable, edge = features(st.lay, me, them, mine, theirs)
    union = 0
    for m in st.legal_moves():
        if m < 0:
            union |= -m
    assert takeable == union.bit_count()
    other = board("/".join(rows_of(st)), "w" if st.color == BLACK else "b")
    union = 0
    for m in other.legal_moves():
        if m < 0:
            union |= -m
    assert threatened == union.bit_count()
    assert discs == me.bit_count() - them.bit_count()
    assert abs(edge) <= 4 * 7


def test_reproducible_by_nodes() -> None:
    st = played(8, 18, 5)
    first = [NebSearch(7).choose(st.copy(), Budget(None, 1500)) for _ in range(2)]
    assert first[0].move == first[1].move
    assert first[0].iterations == first[1].iterations == 1500
    assert first[0].extra == first[1].extra


@pytest.mark.usefixtures("cpu_clock")
@pytest.mark.parametrize("size", [5, 8, 15])
def test_keeps_its_time(size: int) -> None:
    assert longest_move(NebSearch(0), new(size), 100, 40) <= 0.1 * 1.2


def test_beats_random() -> None:
    assert wins_against_random(NebSearch, lambda: new(6), 4, 300) == 4


def test_the_tuned_levels_play_it_and_the_judge_keeps_mcts() -> None:
    """``hard`` and ``expert`` play this search; the puzzle maker's and the analysis's
    ``hard`` (the judge) keep the tuned MCTS their files and chances were made with."""
    st = played(8, 12, 3)
    for level in ("hard", "expert"):
        player = make_player(level, 1)
        assert isinstance(player, TunedPlayer)
        player.choose(st, Budget(None, 200))
        assert isinstance(player.inner, NebSearch)
        judge = make_player(level, 1, judge=True)
        judge.choose(st, Budget(None, 200))
        assert isinstance(judge.inner, MCTSPlayer)
    assert knowledge_for(st).for_judge().strong_search == "mcts"


def test_one_tuned_player_follows_the_game_it_is_asked_about() -> None:
    """The page keeps one player per level: asked about Nibble, then Nebuchadnezzar, then
    Nibble again, it plays each game's own strong search."""
    from nibble.ai.alphabeta import AlphaBetaPlayer
    from nibble.games import get_game

    nibble = get_game("nibble")
    nib = nibble.new_state(nibble.normalize_options({"seed": 1}))
    neb = played(6, 8, 2)
    player = make_player("hard", 1)
    for st, kind in ((nib, AlphaBetaPlayer), (neb, NebSearch), (nib, AlphaBetaPlayer)):
        d = player.choose(st, Budget(None, 100))
        assert d.move in st.legal_moves()
        assert isinstance(player.inner, kind)
