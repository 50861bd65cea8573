"""Links of games (web/session/link-codec.js), run in Node: a game's link round-trips
(record, seats, game id, recipient, names, the picture of its position), old `#record=`
links are still read, damaged or inflated links are refused with a code, a picture that is
not of the link's game and position (or not a board) is dropped, and the compact link of a
60-move Nibble game is much shorter than the old one.

`python tests/test_link_codec.py` prints the lengths of links of each game, with and
without the picture."""

from __future__ import annotations

import base64
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CODEC = Path(__file__).resolve().parent.parent / "web" / "session" / "link-codec.js"

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten" or shutil.which("node") is None or not CODEC.exists(),
    reason="needs Node and web/ (not inside Pyodide)")


def run(body: str) -> object:
    """The JSON value the async `body` returns, with link-codec.js's exports in scope."""
    script = (f"import * as c from {json.dumps(CODEC.as_uri())};\n"
              f"const out = await (async () => {{ {body} }})();\n"
              f"process.stdout.write(JSON.stringify(out));\n")
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                          text=True, check=True, timeout=30)
    return json.loads(done.stdout)


GAMES = {"nibble": {"variant": "square9", "seed": 0, "decided_early": False},
         "nebuchadnezzar": {"seed": 0}, "number-one": {"seed": 0}}


def played(game: str = "nibble", moves: int = 60) -> dict:
    """The bridge's answer ({record, view}) after up to `moves` random legal moves of
    `game` (Nibble: square9, decided_early off, so that the game lasts)."""
    from nibble.api import handle

    answer = handle({"op": "new", "game": game, "options": GAMES[game]})
    rng = random.Random(0)
    while len(answer["record"]["moves"]) < moves and not answer["view"]["result"]:
        move = rng.choice(answer["view"]["legal_moves"])
        answer = handle({"op": "play", "record": answer["record"], "move": move})
    return answer


def nibble_game(moves: int = 60) -> dict:
    """A square9 Nibble record of `moves` random legal moves."""
    record = played("nibble", moves)["record"]
    assert len(record["moves"]) == moves
    return record


def picture_of(view: dict) -> dict:
    """What a picture must show: the view without what only picking needs, and without
    the position's notation (the board shows it)."""
    return {k: v for k, v in view.items() if k not in ("legal_moves", "input", "position")}


def old_link(record: dict, seats: list[str]) -> str:
    payload = json.dumps({"record": record, "seats": seats}).encode()
    return "record=" + base64.urlsafe_b64encode(payload).decode().rstrip("=")


def lengths() -> dict[str, int]:
    record = nibble_game()
    game = {"record": record, "seats": ["human", "human"], "id": "lz4k2m9q0a1b2c3d4e",
            "to": 1, "names": ["Ana", "Ben"]}
    new = run(f"return c.encodeGame({json.dumps(game)});")
    return {"moves": len(record["moves"]), "before": len(old_link(record, game["seats"])),
            "after": len(new)}


def picture_lengths() -> dict[str, dict[str, int]]:
    """Characters of a link without and with its picture, by game and number of moves."""
    out: dict[str, dict[str, int]] = {}
    for game in GAMES:
        for moves in (1, 60):
            answer = played(game, moves)
            seats = ["human"] * answer["view"]["players"]
            plain = {"record": answer["record"], "seats": seats, "id": "lz4k2m9q0a1b2c3d4e",
                     "to": 1}
            view = json.dumps(answer["view"])
            sizes = run(f"""const g = {json.dumps(plain)};
                            return [(await c.encodeGame(g)).length,
                                    (await c.encodeGame({{...g, view: {view}}})).length];""")
            key = f"{game}/{len(answer['record']['moves'])}"
            out[key] = {"without": sizes[0], "with": sizes[1]}
    return out


def test_a_game_round_trips_with_its_id_recipient_and_names() -> None:
    record = nibble_game(12)
    game = {"record": record, "seats": ["human", "ai"], "id": "abc-123", "to": 0,
            "names": ["Ana", ""]}
    back = run(f"""const v = await c.encodeGame({json.dumps(game)});
                   return [v.slice(0, 2), await c.decodeGame(v.slice(2))];""")
    assert back[0] == "g="
    assert back[1] == {**game, "record": record, "picture": None}


def test_the_compact_link_of_a_60_move_game_is_much_shorter() -> None:
    got = lengths()
    assert got["moves"] == 60
    assert got["after"] < 0.65 * got["before"], got


@pytest.mark.parametrize("game", list(GAMES))
def test_a_link_carries_the_picture_of_its_position(game: str) -> None:
    for moves in (0, 1, 25):
        answer = played(game, moves)
        seats = ["human"] * answer["view"]["players"]
        link = {"record": answer["record"], "seats": seats, "view": answer["view"]}
        back = run(f"""const v = await c.encodeGame({json.dumps(link)});
                       return (await c.decodeGame(v.slice(2))).picture;""")
        assert back == picture_of(answer["view"]), (game, moves)


def test_a_picture_leaves_out_the_cells_names_where_the_board_says_them() -> None:
    view = played("number-one", 3)["view"]
    picture = run(f"return c.pictureOf({json.dumps(view)});")
    assert "cells" not in picture["board"] and "legal_moves" not in picture
    assert set(picture["board"]["columns"]) == set(view["board"]["cells"][0]) - {"id", "row", "col"}
    # cells named otherwise keep their names (and come back as they were)
    renamed = json.loads(json.dumps(view))
    for cell in renamed["board"]["cells"]:
        cell["id"] = f"x{cell['row']}-{cell['col']}"
    picture = run(f"return c.pictureOf({json.dumps(renamed)});")
    assert {"id", "row", "col"} <= set(picture["board"]["columns"])
    record = {"game": "number-one", "moves": ["m"] * view["ply"]}
    back = run(f"return c.pictureFrom({json.dumps(picture)}, {json.dumps(record)}, null);")
    assert back == picture_of(renamed)


# what a tampered picture may claim; each is dropped (the link itself still opens)
TAMPERED = {
    "another game": "p.game = 'nebuchadnezzar'",
    "another position": "p.ply += 1",
    "other seats": "p.players = 3",
    "a seat to move that is not one": "p.to_move = 7",
    "moves to pick from": "p.legal_moves = ['a1']",
    "a position's notation": "p.position = 'square9:…'",
    "no board": "p.board = 'x'",
    "rows that are not a board's": "p.board.row_lengths = [9, -1]",
    "too many cells": "p.board.row_lengths = Array(200).fill(26)",
    "columns of other lengths": "p.board.columns.color = p.board.columns.color.slice(1)",
    "a cell twice": "p.board.columns.id = Array(81).fill('a1'); "
                    "p.board.columns.row = Array(81).fill(0); "
                    "p.board.columns.col = Array(81).fill(0)",
    "a cell off the board": "p.board.columns.id = p.board.columns.color.map((_, i) => 'c' + i); "
                            "p.board.columns.row = Array(81).fill(12); "
                            "p.board.columns.col = Array(81).fill(0)",
}


@pytest.mark.parametrize("change", list(TAMPERED))
def test_a_picture_that_is_not_of_the_links_position_is_dropped(change: str) -> None:
    answer = played("nibble", 4)
    link = {"record": answer["record"], "seats": ["human", "human"], "view": answer["view"]}
    got = run(f"""const g = {json.dumps(link)};
                  const p = c.pictureOf(g.view);
                  {TAMPERED[change]};
                  const ok = c.pictureFrom(c.pictureOf(g.view), g.record, g.seats) !== null;
                  return [ok, c.pictureFrom(p, g.record, g.seats)];""")
    assert got == [True, None], change


def test_a_picture_makes_a_link_about_twice_as_long_at_most_three_times() -> None:
    for key, size in picture_lengths().items():
        assert size["with"] < 3 * size["without"] and size["with"] < 1600, (key, size)


def test_old_links_are_still_read() -> None:
    record = nibble_game(3)
    value = old_link(record, ["human", "ai"]).split("=", 1)[1]
    back = run(f"return c.decodeRecordLink({json.dumps(value)});")
    assert back == {"record": record, "seats": ["human", "ai"], "level": None, "id": None,
                    "to": None, "names": None, "picture": None}


@pytest.mark.parametrize("value,code", [
    ("%%%", "link-damaged"),          # not base64url
    ("AAAA", "link-damaged"),         # not deflate
    ("", "link-damaged"),
])
def test_damaged_links_are_refused_with_a_code(value: str, code: str) -> None:
    assert run(f"return c.decodeGame({json.dumps(value)});") == {"error": code}


def test_a_link_that_inflates_without_end_is_refused() -> None:
    # 5 MB of spaces deflate to a few kB: more than any record may be
    got = run("""const bomb = new TextEncoder().encode(" ".repeat(5_000_000));
                 const packed = new Uint8Array(await new Response(new Blob([bomb]).stream()
                   .pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
                 return c.decodeGame(c.toBase64Url(packed));""")
    assert got == {"error": "link-size"}


def test_a_payload_that_is_not_a_game_is_refused() -> None:
    got = run("""const packed = new Uint8Array(await new Response(new Blob(
                   [new TextEncoder().encode(JSON.stringify({v: 2, r: [1, 2]}))]).stream()
                   .pipeThrough(new CompressionStream("deflate-raw"))).arrayBuffer());
                 return c.decodeGame(c.toBase64Url(packed));""")
    assert got == {"error": "no-record"}


def test_a_bad_recipient_or_id_is_dropped_not_trusted() -> None:
    record = nibble_game(2)
    game = {"record": record, "seats": ["human", "human"], "id": "ok", "to": 1}
    got = run(f"""const g = {json.dumps(game)};
                  const v = await c.encodeGame({{...g, to: 5, id: "bad id with spaces"}});
                  return c.decodeGame(v.slice(2));""")
    assert got["to"] is None and got["id"] is None and got["record"] == record


if __name__ == "__main__":
    print(json.dumps({"nibble/60, old and new": lengths(), "pictures": picture_lengths()},
                     indent=1))
