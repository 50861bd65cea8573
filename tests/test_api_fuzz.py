"""The bridge under junk: whatever a request holds, the answer is a record and view or a
readable refusal — never ``internal``, never a trace, always valid UTF-8 JSON."""

from __future__ import annotations

import json
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from nibble.api import handle, handle_json

CODES = {"bad-request", "unknown-game", "bad-option", "bad-record", "bad-setup",
         "bad-notation", "illegal-move", "game-over"}
EXAMPLES = 40 if sys.platform == "emscripten" else 300

JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True),
    st.text(max_size=12), st.just("\ud800"), st.just("x" * 5000),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(),
                                                         max_size=2))


def _record(game: str, options: dict) -> dict:
    answer = handle({"op": "new", "game": game, "options": options})
    record = answer["record"]
    record["moves"] = answer["view"]["legal_moves"][:1]
    return record


#: a short game of each kind, and the option names each knows (plus one it does not)
RECORDS = {
    "nibble": _record("nibble", {"seed": 3}),
    "nebuchadnezzar": _record("nebuchadnezzar", {"size": 5, "seed": 3}),
    "number-one": _record("number-one", {"players": 3, "seed": 3}),
}
RECORD = RECORDS["nibble"]
RECORD_FIELDS = ("format", "game", "options", "setup", "moves")
OPTIONS = {
    "nibble": ("variant", "seed", "color_order", "decided_early", "bogus"),
    "nebuchadnezzar": ("size", "seed", "bogus"),
    "number-one": ("players", "seed", "pegs1", "pegs2", "pegs4", "bogus"),
}
ALL_OPTIONS = sorted({name for names in OPTIONS.values() for name in names})
#: moves in every game's notation, so that each game also meets the others' moves
MOVES = ("a1", "a1+c1", "e5", "d4", "xc3:d4", "xa1:a1", "pass", "swap", "M-c4-e4",
         "L-c4-d5-f5*", "S-c4x", "S-b2-c2")
#: positions in every game's notation, and broken ones
SETUPS = ("neb5:...../..b../.bwb./..b../..... b", "neb5:...../..... w", "one3:junk",
          RECORDS["number-one"]["setup"] or "", "square9:1/2/3 123456789")


@st.composite
def records(draw):
    game = draw(st.sampled_from(sorted(RECORDS)))
    record = json.loads(json.dumps(RECORDS[game]))
    for field in draw(st.lists(st.sampled_from(RECORD_FIELDS), max_size=2, unique=True)):
        record[field] = draw(st.one_of(JUNK, st.sampled_from(SETUPS),
                                       st.sampled_from(sorted(RECORDS))))
    if draw(st.booleans()) and isinstance(record.get("options"), dict):
        record["options"][draw(st.sampled_from(OPTIONS[game]))] = draw(
            st.one_of(JUNK, st.integers(0, 20),
                      st.sampled_from(["MSL", "LSM", "square13", "hex13"])))
    if draw(st.booleans()) and isinstance(record.get("moves"), list):
        move = draw(st.one_of(st.sampled_from(MOVES), st.text(max_size=8), JUNK))
        record["moves"] = [*record["moves"], move]
    return draw(st.one_of(st.just(record), JUNK))


@st.composite
def requests(draw):
    op = draw(st.one_of(st.sampled_from(["games", "new", "play", "load", "view", "ai"]), JUNK))
    request: dict = {"op": op}
    if draw(st.booleans()):
        request["record"] = draw(records())
    if draw(st.booleans()):
        request["game"] = draw(st.one_of(st.sampled_from([*RECORDS, "chess"]), JUNK))
    if draw(st.booleans()):
        request["options"] = draw(st.one_of(
            st.dictionaries(st.sampled_from(ALL_OPTIONS),
                            st.one_of(JUNK, st.integers(0, 20), st.sampled_from(["MSL", "hex13"])),
                            max_size=3), JUNK))
    for name, values in (
        ("move", st.one_of(st.sampled_from(MOVES), st.text(max_size=10), JUNK)),
        ("ply", JUNK),
        ("level", st.one_of(st.sampled_from(["easy", "random", "hard"]), JUNK)),
        ("seed", JUNK),
        # valid budgets stay small so that the fuzzing stays quick
        ("budget_ms", st.one_of(st.sampled_from([1, 5, 20_001, 10**9]), JUNK)),
        ("iterations", st.one_of(st.sampled_from([1, 3, 200_001, 10**7]), JUNK)),
        ("reuse", JUNK),
    ):
        if draw(st.booleans()):
            request[name] = draw(values)
    if request.get("op") == "ai" and "budget_ms" not in request:
        request["budget_ms"] = 5
    return request


def check_answer(answer: object) -> None:
    assert isinstance(answer, dict)
    json.dumps(answer, ensure_ascii=False).encode("utf-8")  # no lone surrogates
    if "error" in answer:
        assert set(answer) == {"error"}, answer
        error = answer["error"]
        assert error["code"] in CODES, error
        assert isinstance(error["message"], str) and error["message"]
        assert "trace" not in error and "File \"" not in error["message"], error
        assert len(error["message"]) < 600, error
    else:
        assert set(answer) & {"record", "move", "games"}, answer


@settings(max_examples=EXAMPLES)
@given(requests())
def test_every_request_gets_a_record_or_a_readable_refusal(request):
    check_answer(handle(request))


@settings(max_examples=EXAMPLES)
@given(st.one_of(st.text(max_size=40), requests().map(json.dumps)))
def test_json_text_in_gives_utf8_json_out(text):
    out = handle_json(text)
    out.encode("utf-8")
    check_answer(json.loads(out))


def test_known_pitfalls_are_refusals_not_internal_errors():
    record = RECORD
    cases = [
        {"op": ["new"]},
        {"op": {"a": 1}},
        {"op": "ai", "record": record, "level": ["hard"]},
        {"op": "ai", "record": record, "budget_ms": None},
        {"op": "ai", "record": record, "seed": None},
        {"op": "ai", "record": record, "iterations": 10_000_000},
        {"op": "ai", "record": record, "budget_ms": 60_000},
        {"op": "new", "game": "nibble", "options": {"variant": None}},
        {"op": "new", "game": "nibble", "options": {"decided_early": None}},
        {"op": "new", "game": "nibble", "options": None},
        {"op": "load", "record": {**record, "options": {"variant": None}}},
        {"op": "load", "record": {**record, "moves": None}},
        {"op": "play", "record": record, "move": "\ud800" * 3},
        {"op": "play", "record": record, "move": "a" * 100_000},
        {"op": "new", "game": "\udfff"},
        {"op": "new", "game": "nebuchadnezzar", "options": {"size": None}},
        {"op": "new", "game": "nebuchadnezzar", "options": {"size": "8"}},
        {"op": "new", "game": "number-one", "options": {"players": None}},
        {"op": "new", "game": "number-one", "options": {"players": 3, "pegs1": ["MSL"]}},
        {"op": "load", "record": {**RECORDS["nebuchadnezzar"], "setup": ["neb5"]}},
        {"op": "load", "record": {**RECORDS["number-one"], "options": {"players": 9}}},
        {"op": "play", "record": RECORDS["nebuchadnezzar"], "move": "xz99:a1"},
        {"op": "play", "record": RECORDS["number-one"], "move": "M-a1-" + "b" * 1000},
        {"op": "ai", "record": RECORDS["number-one"], "level": None},
        {"op": "view", "record": RECORDS["nebuchadnezzar"], "ply": "1"},
    ]
    for request in cases:
        answer = handle(request)
        check_answer(answer)
        assert "error" in answer, request
    long = handle({"op": "play", "record": record, "move": "q" * 100_000})
    assert len(long["error"]["message"]) < 200
    assert "\ufffd" in handle({"op": "new", "game": "\udfff"})["error"]["message"]


def test_a_null_seed_still_means_pick_one():
    answer = handle({"op": "new", "game": "nibble", "options": {"seed": None}})
    assert isinstance(answer["record"]["options"]["seed"], int)
