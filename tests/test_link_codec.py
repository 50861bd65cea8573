"""Links of games (web/session/link-codec.js), run in Node: a game's link round-trips
(record, seats, game id, recipient, names), old `#record=` links are still read, damaged
or inflated links are refused with a code, and the compact link of a 60-move Nibble game
is much shorter than the old one.

`python tests/test_link_codec.py` prints the lengths of that game's links."""

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


def nibble_game(moves: int = 60) -> dict:
    """A square9 Nibble record of `moves` random legal moves (decided_early off, so that
    the game lasts)."""
    from nibble.api import handle

    answer = handle({"op": "new", "game": "nibble",
                     "options": {"variant": "square9", "seed": 0, "decided_early": False}})
    rng = random.Random(0)
    while len(answer["record"]["moves"]) < moves:
        assert not answer["view"]["result"]
        move = rng.choice(answer["view"]["legal_moves"])
        answer = handle({"op": "play", "record": answer["record"], "move": move})
    return answer["record"]


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


def test_a_game_round_trips_with_its_id_recipient_and_names() -> None:
    record = nibble_game(12)
    game = {"record": record, "seats": ["human", "ai"], "id": "abc-123", "to": 0,
            "names": ["Ana", ""]}
    back = run(f"""const v = await c.encodeGame({json.dumps(game)});
                   return [v.slice(0, 2), await c.decodeGame(v.slice(2))];""")
    assert back[0] == "g="
    assert back[1] == {**game, "record": record}


def test_the_compact_link_of_a_60_move_game_is_much_shorter() -> None:
    got = lengths()
    assert got["moves"] == 60
    assert got["after"] < 0.65 * got["before"], got


def test_old_links_are_still_read() -> None:
    record = nibble_game(3)
    value = old_link(record, ["human", "ai"]).split("=", 1)[1]
    back = run(f"return c.decodeRecordLink({json.dumps(value)});")
    assert back == {"record": record, "seats": ["human", "ai"], "id": None, "to": None,
                    "names": None}


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
    print(json.dumps(lengths()))
