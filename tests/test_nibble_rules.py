"""Every rule of rules/nibble.md, on hand-built positions."""

from __future__ import annotations

import pytest

from nibble.core.errors import BadSetup, GameOver, IllegalMove
from nibble.core.rng import SeededRng
from nibble.games.nibble import rules
from nibble.games.nibble.setup import random_colors
from nibble.games.nibble.variants import VARIANTS
from tests.util import GAME, from_rows, names, new

# -- set-up --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_setup_has_n_of_each_colour_and_no_alike_neighbours(variant):
    v = VARIANTS[variant]
    for seed in range(20):
        colors = random_colors(v, SeededRng(seed))
        assert sorted(colors) == sorted(list(range(v.colors)) * v.colors)
        for i, c in enumerate(colors):
            assert all(colors[j] != c for j in v.grid.neighbours(i))


def test_same_seed_same_setup_and_different_seeds_differ():
    assert new("hex13", 5).setup() == new("hex13", 5).setup()
    assert new("hex13", 5).setup() != new("hex13", 6).setup()


# The same seed must give the same board on every Python, CPython and Pyodide alike
# (this file also runs inside Pyodide): these digests pin the generator.
PINNED = {"square9": "d2ed6d557f123fa3", "square13": "5b893d748bf56ad1",
          "hex13": "9512ed04b745c625"}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_setup_for_seed_is_pinned(variant):
    import hashlib

    digest = hashlib.sha256(new(variant, 2024).setup().encode()).hexdigest()[:16]
    assert digest == PINNED[variant]



def test_colour_table_fixed_and_random():
    assert new(color_order="fixed").table == list(range(9))
    tables = {tuple(new(seed=s).table) for s in range(10)}
    assert len(tables) > 1
    assert all(sorted(t) == list(range(9)) for t in tables)


def test_first_player_moves_first():
    assert new().to_move == 0


# -- which discs may be taken --------------------------------------------------------------

# b2 (colour 3) has its west and east sides exposed, north and south covered: opposite
# sides, so it may not be taken, although removing it would not split the group.
OPPOSITE = [".121", ".3.2", ".121"]


def test_two_opposite_exposed_sides_do_not_count():
    s = from_rows("square9", OPPOSITE)
    assert "b2" not in {c for m in names(s) for c in m.split("+")}
    with pytest.raises(IllegalMove, match="needs 2 adjacent exposed sides"):
        s.check_move(s.parse_move("b2"))


def test_two_adjacent_exposed_sides_suffice():
    s = from_rows("square9", OPPOSITE)
    assert {"b1", "b3", "d1", "d3"} <= names(s)


def test_hex_needs_three_consecutive_exposed_sides():
    # c1 and b1: only NE and NW exposed (two); a1: NE, NW, W exposed (three).
    s = from_rows("hex13", ["1231", "45645"])
    taken = {c for m in names(s) for c in m.split("+")}
    assert "a1" in taken and "a2" in taken
    assert "b1" not in taken and "c1" not in taken
    with pytest.raises(IllegalMove, match="needs 3 adjacent exposed sides"):
        s.check_move(s.parse_move("c1"))


def test_hex_three_exposed_sides_that_alternate_do_not_count():
    # c3 is exposed E, NW and SW, covered NE, W and SE: three sides, none adjacent.
    s = from_rows("hex13", ["", "..1", ".23", "...1"])
    taken = {c for m in names(s) for c in m.split("+")}
    assert "c3" not in taken
    assert {"c2", "b3", "d4"} <= taken
    with pytest.raises(IllegalMove, match="3 adjacent exposed sides"):
        s.check_move(s.parse_move("c3"))


def test_a_disc_that_splits_the_group_may_not_be_taken():
    s = from_rows("square9", ["123", ".4.", ".5."])
    # a1 and c1 hang off b1; b1 is covered below and sideways; b2 would split b3 off
    assert "b2" not in names(s)
    assert {"a1", "c1", "b3"} <= names(s)


def test_two_discs_that_split_the_group_only_together():
    # a ring of eight around an empty centre: a1 and c3 are both colour 1; each may be
    # taken alone, but not both, which would cut the ring in two.
    s = from_rows("square9", ["123", "4.5", "671"])
    legal = names(s)
    assert {"a1", "c3", "c1", "a3"} <= legal
    assert "a1+c3" not in legal
    with pytest.raises(IllegalMove, match="split the remaining discs"):
        s.check_move(s.parse_move("a1+c3"))


def test_several_discs_of_one_colour_in_one_take():
    s = from_rows("square9", ["121", "234", "121"])
    legal = names(s)
    assert {"a1", "c1", "a3", "c3", "a1+c1", "a1+c1+a3+c3"} <= legal
    with pytest.raises(IllegalMove, match="one colour"):
        s.check_move(s.parse_move("a1+b1"))


def test_any_subset_of_a_legal_take_is_legal():
    s = new("square9", 11)
    for _ in range(20):
        moves = s.legal_moves()
        legal = set(moves)
        for m in moves:
            sub = m
            while sub:
                sub &= sub - 1
                if sub:
                    assert sub in legal
        s.push(max(moves, key=int.bit_count))
        if s.is_over():
            break


def test_the_last_disc_may_be_taken_and_ends_the_game():
    s = from_rows("square9", ["", "", "....5"])
    assert names(s) == {"e3"}
    s.collections = [[5, 5, 5, 5, 4, 4, 4, 4, 4], [4, 4, 4, 4, 4, 5, 5, 5, 5]]
    s.play("e3")
    assert s.board.occ == 0
    assert s.result.reason == "majority-of-majorities"
    assert s.result.winner == 0  # colour 5 went to player 1: majorities in 1-5


def test_empty_cell_and_bad_notation_are_refused():
    s = new()
    with pytest.raises(IllegalMove, match="no exposed side"):
        s.check_move(s.parse_move("e5"))
    s.play("a1")
    with pytest.raises(IllegalMove, match="a1 is empty"):
        s.check_move(s.parse_move("a1"))
    for text in ("", "z1", "a10", "a1+a1", "a1+", "11"):
        with pytest.raises(ValueError):
            s.parse_move(text)


def test_a_legal_move_always_exists_until_the_board_is_empty():
    for variant in VARIANTS:
        s = new(variant, 3, decided_early=False)
        import random

        rng = random.Random(0)
        while s.board.occ:
            moves = s.board.takes()
            assert moves
            s.advance(rng.choice(moves))


# -- winning ------------------------------------------------------------------------------

V9 = VARIANTS["square9"]


def test_all_of_one_colour_wins_at_once():
    s = from_rows("square9", ["123"], decided_early=False)
    s.collections[0][0] = 8
    s.play("a1")
    assert (s.result.winner, s.result.reason) == (0, "all-of-colour")
    assert s.result.details["colors"] == [1]


def test_three_adjacent_colours_win_at_once():
    s = from_rows("square9", ["123"], table="123456789", decided_early=False)
    s.collections[0][:3] = [6, 7, 7]
    s.play("a1")
    assert (s.result.winner, s.result.reason, s.result.details["colors"]) == (
        0, "three-adjacent", [1, 2, 3])


def test_three_adjacent_follows_the_colour_table_order():
    s = from_rows("square9", ["123"], table="317245689", decided_early=False)
    s.collections[0][0], s.collections[0][2], s.collections[0][6] = 6, 7, 7  # 1, 3, 7
    s.play("a1")
    assert s.result is not None and s.result.details["colors"] == [3, 1, 7]


def test_the_colour_table_is_linear_not_cyclic():
    # colours 8, 9 and 1 would be adjacent on a cyclic table 1..9; they are not.
    s = from_rows("square9", ["123"], table="123456789", decided_early=False)
    s.collections[0][7], s.collections[0][8], s.collections[0][0] = 7, 7, 6
    s.play("a1")
    assert s.result is None
    assert rules.adjacent_triples(list(range(9)))[-1] == (6, 7, 8)


def test_only_the_mover_wins_instantly():
    s = from_rows("square9", ["123"], decided_early=False)
    s.collections[1][:3] = [7, 7, 7]  # player 2 would qualify, but player 1 moves
    s.play("a1")
    assert s.result is None


def test_majority_of_majorities_when_the_board_empties():
    s = from_rows("square9", ["", "", "....5"], decided_early=False)
    s.collections = [[4, 4, 4, 4, 4, 5, 5, 5, 5], [5, 5, 5, 5, 4, 4, 4, 4, 4]]
    s.play("e3")  # player 1 takes the ninth 5: majorities in 5, 6, 7, 8, 9
    assert (s.result.winner, s.result.reason) == (0, "majority-of-majorities")
    assert s.result.details["colors"] == [5, 6, 7, 8, 9]


def _decided_counts():
    # player 1: majorities in colours 1-5, at least one of every colour, and in every
    # run of three table colours at least one colour with more than n - t = 2 discs.
    return [[5, 5, 5, 5, 5, 1, 3, 1, 1], [0, 0, 0, 0, 0, 0, 0, 0, 0]]


def test_decided_early_ends_the_game():
    s = from_rows("square9", ["", "", "....9", "....1"], table="123456789")
    s.collections = _decided_counts()
    s.collections[0][8] = 0  # player 1 lacks colour 9 until this move
    s.play("e3")
    assert (s.result.winner, s.result.reason) == (0, "decided")
    assert s.result.details["colors"] == [1, 2, 3, 4, 5]


def test_decided_early_needs_one_disc_of_every_colour():
    s = from_rows("square9", ["", "", "....8", "....1"], table="123456789")
    s.collections = _decided_counts()
    s.collections[0][8] = 0  # colour 9 still open to player 2 (all nine of it)
    s.play("e3")
    assert s.result is None


def test_decided_early_boundary_on_three_adjacent():
    # 6, 7, 8 of the table: player 1 holds 1, 2, 1 there, all at most n - t = 2, so player
    # 2 could still take 7 of each: not decided. One more disc of colour 7 decides it.
    s = from_rows("square9", ["", "", "....7", "....1"], table="123456789")
    s.collections = _decided_counts()
    s.collections[0][6] = 1
    assert rules.decided_early(s.collections[0], 0, s.triples, V9) is None
    s.play("e3")  # takes a 7: player 1 now holds 2 of colour 7 — still <= 2
    assert s.result is None
    s.collections[0][6] = 3
    assert rules.decided_early(s.collections[0], 0, s.triples, V9).winner == 0


def test_decided_early_off_plays_on():
    s = from_rows("square9", ["", "", "....9", "....1"], table="123456789", decided_early=False)
    s.collections = _decided_counts()
    s.collections[0][8] = 0
    s.play("e3")
    assert s.result is None


def test_no_moves_after_the_end():
    s = from_rows("square9", ["123"], decided_early=False)
    s.collections[0][0] = 8
    s.play("a1")
    assert s.legal_moves() == []
    with pytest.raises(GameOver):
        s.play("c1")


# -- undo and notation -----------------------------------------------------------------------


def test_undo_restores_everything():
    s = new("hex13", 4)
    before = (s.position(), s.to_move, [list(c) for c in s.collections], s.legal_moves())
    m = s.legal_moves()[-1]
    s.push(m)
    assert s.pop() == m
    assert (s.position(), s.to_move, s.collections, s.legal_moves()) == before


def test_position_and_setup_notation():
    s = from_rows("square9", ["12", "21"], table="381927456")
    assert s.setup() == ("square9:12......./21......./" + "/".join(["........."] * 7)
                         + " 381927456")
    s.play("a1")
    assert s.position().startswith("square9:.2......./21.......")
    assert s.move_to_str(s.parse_move("b2+a1")) == "a1+b2"


@pytest.mark.parametrize("setup, message", [
    ("square9:12 123456789", "9 rows"),
    ("nope:1/2 12", "Unknown variant"),
    ("square9:12", "colour table"),
    ("square9:" + "/".join(["11......."] + ["........."] * 8) + " 123456789", "side by side"),
    ("square9:" + "/".join(["1.2......"] + ["........."] * 8) + " 123456789", "connected"),
    ("square9:" + "/".join(["........."] * 9) + " 123456789", "no discs"),
    ("square9:" + "/".join(["12......."] + ["........."] * 8) + " 12345678", "colour table"),
    ("square9:" + "/".join(["1x......."] + ["........."] * 8) + " 123456789", "neither"),
    ("square9:" + "/".join(["1212121212"] + ["........."] * 8) + " 123456789", "9 cells"),
])
def test_bad_setups_are_refused(setup, message):
    with pytest.raises(BadSetup, match=message):
        GAME.from_setup(setup, GAME.normalize_options({}))


def test_a_finished_game_shows_no_warning():
    # player 2 holds the majority of majorities, player 1 then wins by taking all of colour 1
    s = from_rows("square9", ["1"], decided_early=False)
    view = s.view()
    assert view["result"] is None
    s.collections[1] = [0, 5, 5, 5, 5, 5, 0, 0, 0]
    assert any(w["key"] == "holds-majority" for w in s.view()["warnings"])
    s.collections[0][0] = 8
    s.push(s.legal_moves()[0])
    assert s.result is not None and s.result.reason == "all-of-colour"
    assert s.view()["warnings"] == []
