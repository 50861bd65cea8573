"""Every rule of Number One (docs/rules/number-one.md), on hand-built positions."""

from __future__ import annotations

import pytest

from nibble.core.errors import BadNotation, BadOption, BadSetup, GameOver, IllegalMove
from tests.util_number_one import GAME, around, names, new, position_text, state

# -- the start -------------------------------------------------------------------------------

# (edge hole before the corner, corner, edge hole after), clockwise, per seat
START = {
    2: [("b3", "b2", "c2"), ("g9", "f10", "e10")],
    3: [("b3", "b2", "c2"), ("i5", "j6", "i7"), ("c10", "b10", "b9")],
    4: [("a2", "a1", "b1"), ("e1", "f1", "g2"), ("g10", "f11", "e11"), ("b11", "a11", "a10")],
}


def pegs_of(s) -> list[dict[str, str]]:
    return [{p["size"]: p["hole"] for p in seat} for seat in s.view()["pegs"]]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_holes_and_tokens(players):
    s = new(players)
    assert pegs_of(s) == [{"M": b, "S": c, "L": a} for b, c, a in START[players]]
    view = s.view()
    playable = [c for c in view["board"]["cells"] if c["playable"]]
    assert len(view["board"]["cells"]) == 91
    assert len(playable) == (91 if players == 4 else 61)
    start = {h for seat in START[players] for h in seat}
    assert {c["id"] for c in playable if not c["token"]} == start
    assert view["tokens"] == len(playable) - 3 * players
    assert s.to_move == 0 and s.moved == 0 and s.out == []
    assert all(not p["turned"] for seat in view["pegs"] for p in seat)


def test_outer_ring_is_out_of_play_with_two_or_three_players():
    cells = {c["id"]: c for c in new(3).view()["board"]["cells"]}
    assert not cells["a1"]["playable"] and not cells["k6"]["playable"]
    assert not cells["a1"]["token"]
    assert cells["b2"]["playable"] and cells["f6"]["token"]
    assert all(c["playable"] for c in new(4).view()["board"]["cells"])


def test_start_position_notation():
    assert new(3).position() == (
        "one3:------/-..ooo-/-.ooooo-/-ooooooo-/-ooooooo.-/-oooooooo.-/-ooooooo.-/"
        "-ooooooo-/-.ooooo-/-..ooo-/------ Sb2,Mb3,Lc2/Sj6,Mi5,Li7/Sb10,Mc10,Lb9 1: -")


@pytest.mark.parametrize("arrangement", ["MSL", "LSM", "SML", "SLM", "MLS", "LMS"])
def test_each_arrangement_puts_the_pegs_on_before_corner_after(arrangement):
    s = new(4, pegs2=arrangement)
    before, corner, after = START[4][1]
    assert pegs_of(s)[1] == dict(zip(arrangement, (before, corner, after), strict=True))
    assert pegs_of(s)[0] == {"M": "a2", "S": "a1", "L": "b1"}  # the others keep MSL


def test_options_of_seats_beyond_the_players_are_ignored_but_checked():
    assert new(2, pegs4="LMS").position() == new(2).position()
    with pytest.raises(BadOption):
        GAME.normalize_options({"players": 2, "pegs4": "SSS"})
    with pytest.raises(BadOption):
        GAME.normalize_options({"players": 5})


def test_the_seed_does_not_change_the_start():
    assert new(3, seed=1).position() == new(3, seed=2).position()


# -- paths -----------------------------------------------------------------------------------

OTHERS = ["Sj6", "Sb10"]  # two far-away small pegs for seats 2 and 3


def test_small_peg_steps_once_in_each_of_six_directions():
    s = state(3, ["Sf6", *OTHERS])
    assert names(s) == {"S-f6-g6", "S-f6-e6", "S-f6-f5", "S-f6-e5", "S-f6-f7", "S-f6-e7"}


def test_medium_peg_two_steps_straight_or_bent_once_by_60_degrees():
    s = state(3, ["Sb2,Mf6", *OTHERS], turn="1:S")
    moves = names(s)
    assert len(moves) == len(s.legal_moves()) == 18  # each path once
    straight = {m for m in moves if m.count("-") == 2}
    assert straight == {"M-f6-h6", "M-f6-d6", "M-f6-f4", "M-f6-d4", "M-f6-f8", "M-f6-d8"}
    # two different paths to g5 are two different moves
    assert {"M-f6-g6-g5", "M-f6-f5-g5"} <= moves
    assert "M-f6-e5-f5" not in moves  # north-west then east turns by 120°


def test_large_peg_three_steps_bending_after_the_first_or_second():
    s = state(3, ["Sb2,Mb3,Lf6", *OTHERS], turn="1:SM")
    moves = names(s)
    assert len(moves) == len(s.legal_moves()) == 30
    assert "L-f6-i6" in moves
    assert {"L-f6-g6-g4", "L-f6-h6-h5"} <= moves  # bend after step 1, after step 2
    assert len({m.split("-")[-1] for m in moves}) == 18


def test_the_rules_examples():
    s = state(3, ["Sb2,Mb3,Lc4", *OTHERS], empty=("f5",), turn="1:SM")
    assert "L-c4-d5-f5*" in names(s)
    s = state(3, ["Sb2,Mc4", *OTHERS], turn="1:S")
    assert "M-c4-e4" in names(s)


def test_pegs_are_never_jumped_and_block_paths_and_landings():
    s = state(3, ["Sb2,Mb3,Lc4", "Se4", "Sb10"], turn="1:SM")
    moves = names(s)
    assert "L-c4-f4" not in moves  # e4 holds a peg on the way
    assert not any(m.endswith("-e4") for m in moves)
    assert "L-c4-d5-f5" in moves  # going around it


def test_paths_stay_on_holes_in_play():
    s = state(3, ["Sb2", *OTHERS])
    assert names(s) == {"S-b2-c2", "S-b2-b3", "S-b2-c3"}
    s4 = state(4, ["Sb2", "Sj6", "Sb10", "Sf1"])
    assert {"S-b2-a1", "S-b2-b1", "S-b2-a2"} <= names(s4)


def test_passing_over_empty_holes_leaves_them_as_they_are():
    s = state(3, ["Sb2,Mb3,Lc4", *OTHERS], empty=("d4", "e4"), turn="1:SM")
    tokens = s.tokens
    s.play("L-c4-f4")
    cells = {c["id"]: c for c in s.view()["board"]["cells"]}
    assert not cells["d4"]["token"] and not cells["e4"]["token"]
    assert not cells["f4"]["token"] and cells["f4"]["peg"]["size"] == "L"
    assert s.view()["tokens"] == tokens.bit_count() - 1


# -- landings --------------------------------------------------------------------------------


def test_landing_on_a_token_sinks_it_and_the_peg_stays_upright():
    s = state(3, ["Sf6", *OTHERS])
    before = s.view()["tokens"]
    s.play("S-f6-g6")
    assert s.view()["tokens"] == before - 1
    assert s.view()["pegs"][0] == [{"size": "S", "hole": "g6", "turned": False}]


def test_an_upright_peg_may_land_on_an_empty_hole_and_is_turned():
    s = state(3, ["Sf6", *OTHERS], empty=("g6",))
    assert "S-f6-g6*" in names(s) and "S-f6-g6" not in names(s)
    before = s.view()["tokens"]
    s.play("S-f6-g6*")
    assert s.view()["tokens"] == before
    assert s.view()["pegs"][0] == [{"size": "S", "hole": "g6", "turned": True}]


def test_an_upright_peg_lands_on_empty_holes_when_it_has_no_token_landing():
    s = state(3, ["Sb2,Mf6", *OTHERS], empty=around("f6", 2), turn="1:S")
    moves = names(s)
    assert len(moves) == 18 and all(m.endswith("*") for m in moves)


def test_a_turned_peg_has_only_token_landings():
    s = state(3, ["Sf6*", *OTHERS], empty=("g6", "e6"))
    assert names(s) == {"S-f6-f5", "S-f6-e5", "S-f6-f7", "S-f6-e7"}


def test_a_turned_peg_without_a_token_landing_must_leave():
    s = state(3, ["Sb2,Mf6*", *OTHERS], empty=around("f6", 2), turn="1:S")
    assert s.legal_moves_str() == ["M-f6x"]
    s.play("M-f6x")
    assert s.view()["pegs"][0] == [{"size": "S", "hole": "b2", "turned": False}]
    assert s.out == [] and s.to_move == 1  # its removal was its move; the player is still in


def test_a_peg_blocked_in_must_leave():
    s = state(3, ["Sb2,Mb3,Lc2", "Sc3", "Sb10"])
    moves = names(s)
    assert "S-b2x" in moves
    assert not any(m.startswith("S-") and m != "S-b2x" for m in moves)
    assert not any(m.endswith("x") for m in moves if not m.startswith("S-"))


# -- dropping out, turns and the end ------------------------------------------------------------


def test_losing_the_small_peg_takes_the_others_and_the_player_is_out():
    s = state(3, ["Sb2,Mb3,Lc2", "Sc3", "Sb10"])
    s.play("S-b2x")
    view = s.view()
    assert view["pegs"][0] == [] and view["out"] == [0]
    cells = {c["id"]: c for c in view["board"]["cells"]}
    assert all(cells[h]["peg"] is None for h in ("b2", "b3", "c2"))
    assert s.to_move == 1 and s.result is None
    assert s.position().endswith(" 2: 1")


def test_players_who_are_out_are_skipped():
    s = state(3, ["-", "Sf6", "Sd8"], out="1", turn="2:")
    s.play(s.legal_moves_str()[0])
    assert s.to_move == 2
    s.play(s.legal_moves_str()[0])
    assert s.to_move == 1


def test_the_last_player_standing_wins_and_the_result_lists_the_order_out():
    s = state(3, ["Sb2,Mb3,Lc2", "-", "Sc3"], out="2")
    s.play("S-b2x")
    assert s.is_over()
    assert s.result.to_json() == {"winner": 2, "reason": "last-standing", "out": [1, 0]}
    assert s.returns() == [-1.0, -1.0, 1.0]
    assert s.legal_moves() == [] and s.view()["to_move_pegs"] == []
    with pytest.raises(GameOver):
        s.play("S-c3-d3")
    s.pop()
    assert s.result is None and s.out == [1]


def test_the_turn_passes_only_when_every_peg_has_moved():
    s = new(3)
    s.play("S-b2-c3")
    assert s.to_move == 0 and s.view()["to_move_pegs"] == ["M", "L"]
    assert not any(m.startswith("S-") for m in s.legal_moves_str())
    s.play(next(m for m in s.legal_moves_str() if m.startswith("L-")))
    assert s.to_move == 0 and s.view()["to_move_pegs"] == ["M"]
    s.play(s.legal_moves_str()[0])
    assert s.to_move == 1 and s.view()["to_move_pegs"] == ["S", "M", "L"]
    assert s.position().split()[2] == "2:"


def test_a_player_with_fewer_pegs_has_a_shorter_turn():
    s = state(3, ["Sf6,Ld4", "Sj6", "Sb10"])
    s.play("S-f6-g6")
    assert s.to_move == 0
    s.play(next(m for m in s.legal_moves_str()))
    assert s.to_move == 1


def test_a_finished_position_loads_as_finished():
    s = state(3, ["-", "-", "Sc3"], out="2,1", turn="3:")
    assert s.result.to_json() == {"winner": 2, "reason": "last-standing", "out": [1, 0]}


# -- refusals --------------------------------------------------------------------------------

BASE = (3, ["Sd3,Mg5,Lc4", "Se4,Mh7*", "Sc8"], ("f5",), "1:")
TURNED = (3, ["Sd3,Mg5*,Lc4", "Se4", "Sc8"], ("e5",), "1:")


def refusal(setup, move: str) -> IllegalMove:
    s = state(*setup)
    with pytest.raises(IllegalMove) as info:
        s.check_move(s.parse_move(move))
    assert move not in names(s)
    return info.value


@pytest.mark.parametrize("setup, move, reason, message, params", [
    (BASE, "L-c4-f4", "blocked", "L-c4-f4 cannot be played: e4 holds a peg.", {"hole": "e4"}),
    (BASE, "L-c4-e4", "steps", "the large peg moves exactly 3 steps", {"peg": "L", "steps": 3}),
    (BASE, "S-d3-c3-c4", "steps", "the small peg moves exactly 1 step", {"steps": 1}),
    (BASE, "L-c4-d5-f5", "needs-star", "f5 has no token", {"starred": "L-c4-d5-f5*"}),
    (BASE, "S-d3-e3*", "has-token", "e3 has a token", {"plain": "S-d3-e3"}),
    (BASE, "S-d3x", "can-still-move", "S-d3x cannot be played: this peg can still move", {}),
    (BASE, "S-e4-f4", "not-your-peg", "is player 2's and it is player 1's turn",
     {"seat": 1, "to_move": 0}),
    (BASE, "M-c4-e4", "wrong-peg", "the peg on c4 is the large peg", {"peg": "L"}),
    (BASE, "M-f6-h6", "no-peg", "there is no peg on f6", {"hole": "f6"}),
    (BASE, "L-c4-d4-d6", "bend-60", "it turns by 120°", {"hole": "d4", "angle": 120}),
    (BASE, "L-c4-e4-d4", "bend-60", "it turns by 180°", {"angle": 180}),
    (BASE, "M-g5-h5-i5", "not-a-bend", "does not change direction at h5",
     {"plain": "M-g5-i5"}),
    (BASE, "M-g5-i4", "not-straight", "g5 to i4 is not a straight line", {"from": "g5"}),
    (BASE, "M-g5-g5", "same-hole", "names g5 twice", {}),
    (BASE, "S-d3-d2", None, None, None),  # legal: checked below
    (TURNED, "M-g5-e5", "turned", "e5 has no token and this peg is already turned", {}),
    (TURNED, "M-g5-e5*", "turned", "e5 has no token and this peg is already turned", {}),
])
def test_refusals_say_why(setup, move, reason, message, params):
    if reason is None:
        s = state(*setup)
        s.check_move(s.parse_move(move))
        assert move in names(s)
        return
    err = refusal(setup, move)
    assert err.reason == f"number-one.{reason}"
    assert message in str(err)
    assert err.params["move"] == move
    assert params.items() <= err.params.items()


def test_refusal_of_a_hole_out_of_play():
    err = refusal((3, ["Sb2", *OTHERS], (), "1:"), "S-b2-a1")
    assert err.reason == "number-one.not-in-play"
    assert "a1 is not in play with 3 players" in str(err)


def test_refusal_of_a_peg_that_has_moved():
    s = state(*BASE)
    s.play("S-d3-e3")
    with pytest.raises(IllegalMove, match="it is not this peg's turn: it has already moved") as e:
        s.play("S-e3-f3")
    assert e.value.reason == "number-one.already-moved"


def test_a_path_bends_at_most_once():
    with pytest.raises(IllegalMove, match="bends at most once") as e:
        state(*BASE).parse_move("L-c4-d4-d5-e5")
    assert e.value.reason == "number-one.bend-once"


# -- notation --------------------------------------------------------------------------------


def test_move_notation_round_trips_and_is_forgiving_about_case_and_spaces():
    s = new(4)
    for m in s.legal_moves():
        assert s.parse_move(s.move_to_str(m)) == m
    assert s.parse_move(" m-A2-C2 ") == s.parse_move("M-a2-c2")
    assert s.move_to_str(s.parse_move("l-c4-d5-f5*")) == "L-c4-d5-f5*"
    assert s.move_to_str(s.parse_move("S-c4X")) == "S-c4x"


@pytest.mark.parametrize("text", ["", "  ", "X-c4-e4", "M-c4", "M", "M-z9-e4", "M-c4-e4x",
                                  "Mc4-e4", "M-c4-l1"])
def test_unreadable_moves(text):
    with pytest.raises(BadNotation):
        new().parse_move(text)


def test_positions_round_trip_through_the_notation():
    s = new(4)
    for _ in range(40):
        again = GAME.from_setup(s.position(), GAME.normalize_options({"players": 4}))
        assert again.position() == s.position()
        assert again.legal_moves() == s.legal_moves()
        s.push(s.legal_moves()[-1])
    assert s.setup() == new(4).position()


def test_players_come_from_the_setup_and_must_match_the_option():
    text = new(2).position()
    with pytest.raises(BadSetup, match="2-player position but the options say 3 players"):
        GAME.from_setup(text, GAME.normalize_options({}))
    assert GAME.options_from_setup(text) == {"players": 2}


def _bad(text: str, match: str):
    with pytest.raises(BadSetup, match=match):
        GAME.from_setup(text, {})


START3 = new(3).position()
ROWS3, PEGS3, TURN3, OUT3 = START3.split()


@pytest.mark.parametrize("text, match", [
    (42, "written as text"),
    ("one3:", "four parts"),
    (START3.replace("one3", "one5"), "starts with one2:, one3: or one4:"),
    (START3.replace("------/", "", 1), "11 rows"),
    (START3.replace("-..ooo-", "-..oooo-", 1), "Row 2 has 7 holes"),
    (START3.replace("-..ooo-", "-..oxo-", 1), "'x' in row 2 is not a hole"),
    (START3.replace("------", "-----o", 1), "f1 is not in play with 3 players"),
    (START3.replace("-..ooo-", "-..o-o-", 1), "e2 is in play with 3 players"),
    (f"{ROWS3} Sb2,Mb3,Lc2/Sj6,Mi5,Li7 {TURN3} {OUT3}", "lists 2 players"),
    (START3.replace("Sb2", "Xb2"), "'Xb2' .* is not a peg"),
    (START3.replace("Sb2", "Sz2"), "Player 1's peg 'Sz2'"),
    (START3.replace("Mb3", "Sb3"), "Player 1 has two small pegs"),
    (START3.replace("Sj6", "Sd4"), "stands on a token"),
    (START3.replace("Sj6", "Sc2"), "shares its hole with player 1's large peg"),
    (START3.replace("Sj6,", ""), "Player 2 has pegs but no small peg"),
    (START3.replace(" 1: ", " 4: "), "The turn is the player to move"),
    (START3.replace(" 1: ", " 1 "), "The turn is the player to move"),
    (START3.replace(" 1: ", " 1:Q "), "'Q' in the turn is not a peg letter"),
    (START3.replace(" 1: ", " 1:SS "), "names the small peg twice"),
    (START3.replace(" 1: ", " 1:SML "), "would already have passed"),
    (START3.replace(" -", " 2"), "listed as out but has pegs"),
    (START3.replace(" -", " 7"), "'7' in the players out is not a player"),
])
def test_bad_setups_are_refused_with_a_reason(text, match):
    _bad(text, match)


def test_bad_setups_about_players_out():
    bare = position_text(3, ["Sb2", "-", "Sb10"], out="2")
    assert GAME.from_setup(bare, {}).out == [1]
    _bad(position_text(3, ["Sb2", "-", "Sb10"]), "Player 2 has no pegs left")
    _bad(position_text(3, ["Sb2", "-", "Sb10"], out="2,2"), "listed as out twice")
    _bad(position_text(3, ["Sb2", "-", "Sb10"], out="2", turn="2:"), "is to move but is out")
    _bad(position_text(3, ["Sb2", "-", "Sb10"], out="2", turn="1:M"), "not on the board")
    _bad(position_text(3, ["Sa1", "Sj6", "Sb10"]), "not in play")


# -- view and text -----------------------------------------------------------------------------


def test_view_lists_each_move_with_its_steps_and_what_to_show():
    s = state(3, ["Sb2,Mb3,Lc4", "Sc3", "Sb10"], empty=("f5",), turn="1:M")
    entries = {e["move"]: e for e in s.view()["input"]["moves"]}
    assert entries["L-c4-d5-f5*"] == {
        "move": "L-c4-d5-f5*", "steps": [["c4"], ["f5"]],
        "show": {"path": ["c4", "d5", "e5", "f5"], "landing": "empty"}}
    assert entries["L-c4-f4"]["show"] == {"path": ["c4", "d4", "e4", "f4"], "landing": "token"}
    s2 = state(3, ["Sb2,Mb3,Lc2", "Sc3", "Sb10"], turn="1:ML")
    assert s2.view()["input"]["moves"] == [
        {"move": "S-b2x", "steps": [["b2"]], "show": {"remove": "b2"}, "confirm": True}]


def test_view_shape():
    s = new(3)
    s.play("L-c2-f2")
    v = s.view()
    assert {"game", "variant", "players", "to_move", "ply", "board", "legal_moves", "input",
            "last_move", "result", "pegs", "to_move_pegs", "out", "tokens"} <= set(v)
    assert v["game"] == "number-one" and v["players"] == 3 and v["ply"] == 1
    assert v["board"]["shape"] == "hex" and v["board"]["style"] == "holes"
    assert v["board"]["row_lengths"] == [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]
    assert v["last_move"] == {"move": "L-c2-f2", "seat": 0, "cells": ["c2", "d2", "e2", "f2"]}
    assert v["input"]["kind"] == "steps" and v["input"]["forced"] is None
    assert v["legal_moves"] == [e["move"] for e in v["input"]["moves"]]
    cell = next(c for c in v["board"]["cells"] if c["id"] == "f2")
    assert cell == {"id": "f2", "row": 1, "col": 5, "playable": True, "token": False,
                    "peg": {"seat": 0, "size": "L", "turned": False}}
    assert v["tokens"] == 51 and v["out"] == [] and v["result"] is None


def test_render_text_draws_pegs_tokens_and_players():
    s = state(3, ["Sf6*", "-", "Sb10"], empty=("g6",), out="2")
    text = s.render_text()
    assert "1s" in text and "3S" in text
    assert "player 2: out" in text and "player 1: small f6 (turned)" in text
    assert "already moved" not in text
    s2 = state(3, ["Sf6,Md4", "-", "Sb10"], out="2", turn="1:S")
    assert "player 1 has already moved this turn: S" in s2.render_text()
