"""Every rule of Nebuchadnezzar, on hand-built positions (docs/rules/nebuchadnezzar.md)."""

from __future__ import annotations

import random
import re

import pytest

from nibble.core.errors import BadNotation, BadSetup, GameOver, IllegalMove
from nibble.core.protocol import Result
from nibble.games.nebuchadnezzar.layout import layout
from tests.reference_nebuchadnezzar import RefGame
from tests.util_nebuchadnezzar import GAME, board, captures, names, new, rows_of, setup


def refusal(state, text: str) -> IllegalMove:
    """The refusal of the move ``text``, checked to be consistent with the legal moves."""
    move = state.parse_move(text)
    assert move not in state.legal_moves()
    with pytest.raises(IllegalMove) as info:
        state.check_move(move)
    err = info.value
    assert err.reason and err.reason.startswith("nebuchadnezzar.")
    return err


def same_as_reference(state) -> None:
    ref = RefGame(rows_of(state), state.position().split()[1])
    assert names(state) == ref.legal_moves()


# -- the start -----------------------------------------------------------------------------


def test_a_new_game_is_an_empty_board_with_black_to_move():
    s = new(8)
    assert s.position() == "neb8:" + "/".join(["........"] * 8) + " b"
    assert s.setup() == s.position()
    assert s.to_move == 0 and s.color == 0
    assert s.discs() == [0, 0] and s.result is None
    assert len(names(s)) == 64  # every point is free, no capture, no swap


def test_size_option_range_and_default():
    opts = {o["name"]: o for o in GAME.describe()["options"]}
    assert opts["size"] == {"name": "size", "type": "int", "default": 8, "label": "Board size",
                            "min": 5, "max": 15}
    assert GAME.new_state(GAME.normalize_options({})).lay.size == 8
    for size in (5, 15):
        assert new(size).position().startswith(f"neb{size}:")


# -- placement -----------------------------------------------------------------------------


def test_inner_point_next_to_exactly_one_enemy_and_three_empty_is_refused():
    s = board("""
        .....
        .....
        ..w..
        .....
        .....""")
    legal = set(names(s))
    assert not {"c2", "b3", "d3", "c4"} & legal
    assert {"b2", "d2", "c1", "a3"} <= legal
    err = refusal(s, "c2")
    assert str(err) == ("c2 cannot be placed: it touches exactly one white disc and three empty "
                        "points.")
    assert (err.reason, err.params) == ("nebuchadnezzar.place-restricted",
                                        {"cell": "c2", "enemy": "white"})


def test_edge_points_are_never_restricted():
    s = board("""
        ..w..
        .....
        w....
        .....
        .....""")
    legal = set(names(s))
    assert {"b1", "d1", "a2", "a4"} <= legal  # edge points: one white neighbour, rest empty
    assert "c2" not in legal and "b3" not in legal  # inner points next to the same discs


def test_restriction_needs_exactly_one_enemy_and_no_disc_of_mine():
    s = board("""
        .....
        .wb..
        ..w..
        .w...
        .....""")
    legal = set(names(s))
    assert "c3" not in legal  # occupied
    assert "b3" in legal  # two white neighbours (b2, b4)
    assert "d2" in legal  # my own disc c2 beside it, no white one
    assert "d3" not in legal  # one white (c3), three empty
    err = refusal(s, "b2")
    assert (err.reason, err.params) == ("nebuchadnezzar.occupied",
                                        {"cell": "b2", "disc": "white"})
    assert str(err) == "b2 is not empty: it holds a white disc."
    # one white, one of mine and two empty points: not "three empty", so allowed
    s = board("""
        .....
        .w...
        ..b..
        .....
        .....""")
    legal = set(names(s))
    assert {"c2", "b3"} <= legal  # each touches b2 (white), c3 (mine) and two empty points
    assert {"a2", "b1"} <= legal  # edge points
    same_as_reference(s)


# -- captures: walls -----------------------------------------------------------------------


def test_four_walls_of_my_colour():
    s = board("""
        .....
        ..b..
        .bwb.
        ..b..
        .....""")
    assert captures(s) == ["xc3:c3"]
    s.play("xc3:c3")
    assert s.position() == setup("...../..b../.bbb./..b../.....", "w")


def test_a_wall_of_the_enemy_colour_counts_for_the_enemy():
    # c3's top wall (c2) is white: one point for white, three for black; the taller
    # rectangles c2:c3 and c1:c3 have an empty point (b2, b1) in their left walls
    s = board("""
        ..w..
        ..w..
        .bwb.
        ..b..
        .....""")
    assert captures(s) == ["xc3:c3"]
    tie = board("""
        .....
        ..w..
        .bwb.
        ..w..
        .....""")
    err = refusal(tie, "xc3:c3")
    assert err.reason == "nebuchadnezzar.perimeter"
    assert err.params == {"move": "xc3:c3", "mine": 2, "theirs": 2, "neutral": 0,
                          "color": "black", "enemy": "white"}
    assert str(err) == ("xc3:c3 cannot be captured: on its perimeter you (black) own 2 points "
                        "and white owns 2; you need more than white.")


def test_an_edge_wall_takes_the_colour_of_the_opposite_wall():
    mine = board("""
        .....
        b....
        wb...
        b....
        .....""")
    assert captures(mine) == ["xa3:a3"]  # left edge copies b3 (black): 4 to 0
    theirs = board("""
        .....
        b....
        ww...
        b....
        .....""")
    err = refusal(theirs, "xa3:a3")  # left edge copies b3 (white): 2 to 2
    assert (err.params["mine"], err.params["theirs"]) == (2, 2)


def test_a_corner_has_two_edge_walls():
    s = board("""
        wb...
        b....
        .....
        .....
        .....""", "b")
    assert captures(s) == ["xa1:a1"]
    s.play("xa1:a1")
    assert s.result == Result(0, "annihilation", {"discs": [3, 0]})


def test_two_opposite_edges_are_neutral():
    column = board("""
        .bwb.
        .bwb.
        .bwb.
        .bwb.
        .bwb.""")
    assert captures(column) == ["xc1:c5"]  # top and bottom count for nobody: 10 to 0
    band = board("""
        .....
        bbbbb
        wwwww
        wwwww
        bbbbb""")
    assert captures(band) == ["xa3:e4"]
    err = refusal(band, "xa3:e3")  # top black, bottom white, both sides neutral
    assert err.params == {"move": "xa3:e3", "mine": 5, "theirs": 5, "neutral": 2,
                          "color": "black", "enemy": "white"}
    assert "2 points on neutral edges count for nobody" in str(err)


def test_the_whole_board_is_never_capturable():
    s = board("wwwww/wwwww/wwwww/wwwww/wwwww")
    assert names(s) == ["pass"]


def test_walls_with_an_empty_point_or_two_colours_are_refused_by_side():
    s = board("""
        .....
        ..b..
        .bww.
        ..bw.
        .....""")
    err = refusal(s, "xc3:d3")
    assert err.reason == "nebuchadnezzar.wall-empty"
    assert err.params == {"move": "xc3:d3", "side": "top", "wall": "c2–d2", "cell": "d2"}
    assert str(err) == "xc3:d3 cannot be captured: its top wall (c2–d2) has an empty point at d2."
    err = refusal(s, "xd3:d4")
    assert err.reason == "nebuchadnezzar.wall-empty" and err.params["side"] == "top"
    mixed = board("""
        .....
        .bb..
        .bwb.
        .wwb.
        .bb..""")
    err = refusal(mixed, "xc3:c4")
    assert err.reason == "nebuchadnezzar.wall-mixed"
    assert err.params == {"move": "xc3:c4", "side": "left", "wall": "b3–b4",
                          "black": "b3", "white": "b4"}
    assert "its left wall (b3–b4) holds both colours" in str(err)


def test_a_rectangle_must_be_all_enemy_discs():
    s = board("""
        .....
        .bbb.
        .bwb.
        .b.b.
        .bbb.""")
    err = refusal(s, "xc3:c4")
    assert (err.reason, err.params) == ("nebuchadnezzar.capture-empty",
                                        {"move": "xc3:c4", "cell": "c4", "enemy": "white"})
    err = refusal(s, "xb2:c3")
    assert (err.reason, err.params) == ("nebuchadnezzar.capture-own",
                                        {"move": "xb2:c3", "cell": "b2", "color": "black",
                                         "enemy": "white"})
    assert str(err).startswith("xb2:c3 cannot be captured: b2 holds your own black disc")


# -- captures: maximality ------------------------------------------------------------------


def test_a_capturable_rectangle_inside_a_larger_one_is_not_a_capture():
    s = board("""
        .....
        ..b..
        .bwb.
        .bwb.
        ..b..""")
    assert captures(s) == ["xc3:c4"]
    err = refusal(s, "xc3:c3")  # top black, bottom white, sides black: 3 to 1, but inside c3:c4
    assert (err.reason, err.params) == ("nebuchadnezzar.not-maximal",
                                        {"move": "xc3:c3", "larger": "xc3:c4"})
    assert str(err) == ("xc3:c3 cannot be captured: it lies inside a larger rectangle that can be "
                        "captured, xc3:c4, so it is not maximal.")


def test_the_larger_rectangle_named_is_a_capture_two_rows_larger():
    # c2 (black above, white below) and c2:c3 are capturable, but only c2:c4 is maximal
    s = board("""
        ..b..
        .bwb.
        .bwb.
        .bwb.
        ..b..""")
    assert captures(s) == ["xc2:c4"]
    assert refusal(s, "xc2:c2").params["larger"] == "xc2:c4"
    assert refusal(s, "xc2:c3").params["larger"] == "xc2:c4"
    same_as_reference(s)


def test_two_overlapping_maximal_rectangles_are_both_captures():
    s = board("""
        ...bb
        ..bww
        ..bww
        ...b.
        .....""")
    # the 2 x 2 block is not capturable (e4 is empty); its top row and its left column are,
    # and neither contains the other
    assert captures(s) == ["xd2:e2", "xd2:d3"]  # by top-left, then bottom-right corner
    same_as_reference(s)
    view = s.view()
    moves = {m["move"]: m for m in view["input"]["moves"] if m["move"].startswith("x")}
    assert moves["xd2:e2"]["show"] == {"area": ["d2", "e2"],
                                       "walls": ["d1", "e1", "c2", "d3", "e3"]}
    assert moves["xd2:d3"]["steps"] == [["d2", "d3"]]


# -- forced pass, blocked, annihilation ------------------------------------------------------


FULL_BLACK_BUT_ONE = """
    bbbbb
    bbbbb
    bbwbb
    bbbbb
    bbbbb"""


def test_a_player_without_a_legal_move_must_pass_and_only_then():
    s = board(FULL_BLACK_BUT_ONE, "w")
    assert names(s) == ["pass"]
    assert s.view()["input"]["forced"] == "pass"
    s.play("pass")
    assert s.passes == 1 and s.result is None
    assert "pass" not in names(s)
    err = refusal(s, "pass")
    assert (err.reason, err.params) == ("nebuchadnezzar.pass-not-allowed",
                                        {"placements": 0, "captures": 1})
    assert str(err) == "You cannot pass while you have a legal move (1 capture)."
    assert s.view()["input"]["forced"] is None


def test_annihilation_ends_the_game_at_once():
    s = board(FULL_BLACK_BUT_ONE, "w")
    s.play("pass")
    s.play("xc3:c3")
    assert s.result == Result(0, "annihilation", {"discs": [25, 0]})
    assert s.legal_moves() == []
    with pytest.raises(GameOver):
        s.play("pass")
    assert s.view()["result"] == {"winner": 0, "reason": "annihilation", "discs": [25, 0]}


def test_white_can_annihilate_too():
    s = board("""
        .....
        ..w..
        .wbw.
        ..w..
        .....""", "w")
    s.play("xc3:c3")
    assert s.result == Result(1, "annihilation", {"discs": [0, 5]})


def test_both_players_passing_in_a_row_ends_the_game_and_more_discs_win():
    s = board("bbbbb/bbbbb/bbbbb/bbbbb/bbbbb", "w")
    s.play("pass")
    assert s.result is None and names(s) == ["pass"]
    s.play("pass")
    assert s.result == Result(0, "blocked", {"discs": [25, 0]})
    assert s.view()["passes"] == 2


def test_a_pass_between_two_moves_does_not_block():
    s = board(FULL_BLACK_BUT_ONE, "w")
    s.play("pass")
    s.pop()
    s.play("pass")
    assert s.passes == 1 and s.result is None


# -- repetition and draws -------------------------------------------------------------------

# No sequence of legal captures that repeats a position has been found (docs/engine.md), so
# these tests tell the state that the position reached next has occurred twice already.

DRAWN = """
    w...w
    ..b..
    .bwbw
    ..b..
    w...w"""  # black to move: 4 black, 6 white; capturing c3 leaves 5 and 5


def _reach_for_the_third_time(state, move: str) -> None:
    state.play(move)
    key = (state.black, state.white, state.color)
    state.pop()
    state.reps[key] = 2
    state.play(move)


def test_the_third_occurrence_of_a_position_ends_the_game_as_a_draw_on_equal_discs():
    s = board(DRAWN)
    _reach_for_the_third_time(s, "xc3:c3")
    assert s.result == Result(None, "repetition", {"discs": [5, 5]})
    assert s.view()["repetitions"] == 3
    assert s.returns() == [0.0, 0.0]
    s.pop()
    assert s.result is None and s.repetitions() == 1


def test_repetition_with_more_discs_wins():
    s = board(DRAWN.replace("w...w\n    ..b..", "b...w\n    ..b.."))
    _reach_for_the_third_time(s, "xc3:c3")
    assert s.result == Result(0, "repetition", {"discs": [6, 4]})


def test_the_view_names_the_moves_that_would_repeat_a_position_for_the_third_time():
    s = board(DRAWN)
    assert s.view()["repeating"] == []  # nothing has occurred twice
    s.play("xc3:c3")
    key = (s.black, s.white, s.color)
    s.pop()
    s.reps[key] = 2
    before = (s.position(), list(s.moves), names(s), dict(s.reps))
    view = s.view()
    assert view["repeating"] == ["xc3:c3"] and view["repetitions"] == 1
    assert (s.position(), list(s.moves), names(s), dict(s.reps)) == before  # taken back
    # a swap repeats the board and the colour to move, a second time only: no warning
    s = new(5)
    s.play("c3")
    s.play("swap")
    view = s.view()
    assert view["repetitions"] == 2 and view["repeating"] == []
    s.play("a1")  # a placement: no earlier position can come back
    assert s.view()["repeating"] == []


def test_repetitions_count_from_the_set_up_and_a_placement_starts_afresh():
    s = board(DRAWN)
    assert s.repetitions() == 1 and len(s.reps) == 1
    s.play("a3")
    assert s.repetitions() == 1 and len(s.reps) == 1  # earlier positions had fewer discs
    s.pop()
    assert s.reps == {(s.black, s.white, s.color): 1}


# -- the pie rule ---------------------------------------------------------------------------


def test_swap_is_offered_to_white_only_after_black_s_first_disc():
    s = new(5)
    assert "swap" not in names(s)
    assert refusal(s, "swap").reason == "nebuchadnezzar.swap-not-white"
    s.play("c3")
    assert names(s)[-1] == "swap"
    assert s.view()["input"]["actions"] == [{"move": "swap", "action": "swap"}]
    s.play("a1")  # White declines by placing
    assert "swap" not in names(s)
    s.play("e5")
    err = refusal(s, "swap")
    assert (err.reason, err.params) == ("nebuchadnezzar.swap-board", {"black": 2, "white": 1})
    assert s.view()["input"]["actions"] == []
    # two black discs and White to move (a set-up): not Black's first disc, so no swap
    two = board("...../.b.../...../...b./.....", "w")
    assert "swap" not in names(two)
    err = refusal(two, "swap")
    assert (err.reason, err.params) == ("nebuchadnezzar.swap-board", {"black": 2, "white": 0})


def test_after_a_swap_seat_1_owns_the_black_disc_and_seat_0_moves_as_white():
    s = new(5)
    s.play("c3")
    s.play("swap")
    assert s.swapped and s.to_move == 0 and s.color == 1  # White to move, played by seat 0
    assert s.discs() == [0, 1]
    view = s.view()
    assert view["colors"] == ["white", "black"] and view["swapped"] is True
    assert view["discs"] == [0, 1] and view["to_move"] == 0
    assert view["last_move"] == {"move": "swap", "seat": 1, "cells": []}
    assert view["repetitions"] == 2  # the same board with White to move, a second time
    assert "swap" not in names(s)
    err = refusal(s, "swap")
    assert err.reason == "nebuchadnezzar.swap-again"
    s.play("e5")  # seat 0 places a white disc
    assert s.discs() == [1, 1] and s.to_move == 1 and s.color == 0
    s.play("a1")  # seat 1 places a black one
    assert s.discs() == [1, 2] and s.to_move == 0 and s.position().endswith(" w")


def test_swap_from_a_set_up_with_one_black_disc_and_white_to_move():
    assert names(board("...../...../..b../...../.....", "w"))[-1] == "swap"
    assert "swap" not in names(board("...../...../..w../...../.....", "w"))
    assert "swap" not in names(board("...../...../..b../...../.....", "b"))


# -- records, set-ups, notation -------------------------------------------------------------


def test_a_set_up_with_white_to_move_gives_seat_1_the_move():
    s = board("...../.b.../...../...w./.....", "w")
    assert s.to_move == 1 and s.color == 1
    assert s.setup() == "neb5:...../.b.../...../...w./..... w"
    s.play("c3")
    assert s.to_move == 0 and s.position() == "neb5:...../.b.../..w../...w./..... b"
    assert s.view()["last_move"] == {"move": "c3", "seat": 1, "cells": ["c3"]}


@pytest.mark.parametrize("text, message", [
    ("neb4:..../..../..../.... b", "size must be 5 to 15"),
    ("neb16:" + "/".join(["." * 16] * 16) + " b", "size must be 5 to 15"),
    ("neb5:...../...../...../..... b", "has 5 rows; this position has 4"),
    ("neb5:...../...../...../...../...... b", "Row 5 has 6 points"),
    ("neb5:...../...x./...../...../..... b", "'x' in row 2 is not a point"),
    ("neb5:...../...../...../...../.....", "a space, then b or w"),
    ("neb5:...../...../...../...../..... x", "must be b or w"),
    ("nibble5:...../...../...../...../..... b", "starts with neb and the board size"),
    ("neb:...../...../...../...../..... b", "starts with neb and the board size"),
])
def test_bad_set_ups_are_refused_with_a_reason(text, message):
    with pytest.raises(BadSetup, match=re.escape(message)):
        GAME.from_setup(text, GAME.normalize_options({}))


def test_set_up_size_must_match_a_size_option_if_one_is_given():
    text = setup("...../...../...../...../.....")
    assert GAME.from_setup(text, GAME.normalize_options({})).options["size"] == 5
    assert GAME.from_setup(text, GAME.normalize_options({"size": 5})).lay.size == 5
    with pytest.raises(BadSetup, match="5 × 5 board but the options say size 8"):
        GAME.from_setup(text, GAME.normalize_options({"size": 8}))


def test_notation_round_trips():
    s = board(FULL_BLACK_BUT_ONE, "b")
    for text in ["pass", "swap", "a1", "e5", "c3", "xa1:e5", "xc3:c3", "xb2:d4"]:
        assert s.move_to_str(s.parse_move(text)) == text
    assert s.move_to_str(s.parse_move(" XB2:D4 ")) == "xb2:d4"
    for m in names(board(FULL_BLACK_BUT_ONE.replace("b", "."), "b")):
        assert s.move_to_str(s.parse_move(m)) == m


@pytest.mark.parametrize("text, message", [
    ("xd4:b2", "first corner must be the top-left one: xb2:d4"),
    ("xd2:b4", "first corner must be the top-left one: xb2:d4"),
    ("xc3", "top-left and the bottom-right corner"),
    ("f1", "not on the board"),
    ("a6", "not on the board"),
    ("3c", "not a cell name"),
    ("", "a point (d4), a capture (xc3:e5), pass or swap"),
])
def test_unreadable_moves_are_refused(text, message):
    with pytest.raises(BadNotation, match=re.escape(message)):
        new(5).parse_move(text)


def test_render_text_draws_the_board_and_the_seats():
    s = new(5)
    s.play("c3")
    s.play("swap")
    text = s.render_text()
    assert "    a b c d e" in text
    assert "  3 . . b . ." in text
    assert "player 1 (white): 0 discs" in text and "player 2 (black): 1 disc" in text


def test_captures_found_before_are_the_same_and_their_table_stays_bounded(monkeypatch):
    """``captures`` keeps what it found (a search asks again): the answer is the same as
    finding it afresh, a caller may change its list, and the table never outgrows its
    bound."""
    from nibble.games.nebuchadnezzar import captures as found

    monkeypatch.setattr(found, "FOUND_MAX", 50)
    monkeypatch.setattr(found, "_FOUND", {})
    rng = random.Random(3)
    lay = layout(7)
    for _ in range(400):
        black = white = 0
        for point in range(7 * 7):
            bit = 1 << lay.grid.bit_at(point // 7, point % 7)
            r = rng.random()
            black |= bit if r < 0.4 else 0
            white |= bit if 0.4 <= r < 0.8 else 0
        first = found.captures(lay, black, white)
        assert first == found._find(lay, black, white)
        first.append(-1)  # the caller's own list
        assert found.captures(lay, black, white) == found._find(lay, black, white)
        assert len(found._FOUND) <= 50
