"""What the page checks of anything from outside (web/store/untrusted.js), run in Node:
a structure of any depth is measured without recursion, a record's fields are typed, a
name is shown as plain text; a deeply nested link is refused by the link codec with a
code (issue 42: a 146-character link stopped the engine); and a sentence whose player is
"You" takes its own form ("You win")."""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parent.parent / "web"
UNTRUSTED = WEB / "store" / "untrusted.js"

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten" or shutil.which("node") is None or not UNTRUSTED.exists(),
    reason="needs Node and web/ (not inside Pyodide)")


def run(body: str) -> object:
    """The JSON value the async `body` returns, with untrusted.js as `u`, the link codec
    as `c` and i18n.js as `i` in scope (a stand-in `document` for the language)."""
    script = (
        "globalThis.document = {documentElement: {}};\n"
        f"const u = await import({json.dumps((WEB / 'store' / 'untrusted.js').as_uri())});\n"
        f"const c = await import({json.dumps((WEB / 'session' / 'link-codec.js').as_uri())});\n"
        f"const i = await import({json.dumps((WEB / 'i18n' / 'i18n.js').as_uri())});\n"
        f"const out = await (async () => {{ {body} }})();\n"
        "process.stdout.write(JSON.stringify(out));\n")
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                          text=True, check=True, timeout=30)
    return json.loads(done.stdout)


def deep_link(depth: int) -> str:
    """Issue 42's link: a record whose options nest `depth` arrays deep."""
    text = ('{"v":2,"s":"hh","r":{"game":"nibble","options":{"x":' + "[" * depth
            + "]" * depth + '},"moves":""}}')
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode()) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def test_the_146_character_link_is_refused_as_damaged() -> None:
    link = deep_link(3000)
    assert len("#g=" + link) < 160
    assert run(f"return c.decodeGame({json.dumps(link)});") == {"error": "link-damaged"}
    # a link of ordinary depth still opens
    assert run(f"return (await c.decodeGame({json.dumps(deep_link(2))})).record.game;") == "nibble"


@pytest.mark.parametrize("depth", [25, 3000, 1_000_000])
def test_any_depth_is_measured_without_recursion(depth: int) -> None:
    body = (f"let v = 1; for (let k = 0; k < {depth}; k++) v = k % 2 ? [v] : {{a: v}};"
            " return [u.shapeProblem(v), u.shapeProblem([[1]])];")
    assert run(body) == ["deep", None]


def test_size_is_bounded_by_values_and_text() -> None:
    body = ("return [u.shapeProblem(new Array(300000).fill(0)),"
            " u.shapeProblem('x'.repeat(5000000)),"
            " u.shapeProblem({moves: new Array(10000).fill('a1')})];")
    assert run(body) == ["large", "large", None]


RECORD = {"format": "nibble-record/1", "game": "nibble",
          "options": {"variant": "square9", "seed": 7}, "setup": None, "moves": ["a1", "i9"]}


@pytest.mark.parametrize(("change", "field"), [
    ({}, None),
    ({"resigned": 1}, None),
    ({"game": 5}, "game"),
    ({"options": [1]}, "options"),
    ({"options": {"x": {"y": 1}}}, "options"),
    ({"options": {"x": [[[[[1]]]]]}}, "size"),
    ({"setup": 3}, "setup"),
    ({"moves": "a1 i9"}, "moves"),
    ({"moves": ["a1", 2]}, "moves"),
    ({"moves": ["a1"] * 10_001}, "moves"),
    ({"resigned": "x"}, "resigned"),
    ({"format": {"v": 1}}, "format"),
])
def test_a_record_is_checked_field_by_field(change: dict, field: str | None) -> None:
    record = {**RECORD, **change}
    assert run(f"return u.recordProblem({json.dumps(record)});") == field


def test_names_are_shown_as_plain_text() -> None:
    names = ["\u202eBen\u0000\nx", "Ana\u2066\u200f", "  spaced   out  ", 7, "é" * 60,
             "한국어 이름"]
    out = run(f"return {json.dumps(names)}.map(u.plainName);")
    assert out == ["Ben x", "Ana", "spaced out", "", "é" * 40, "한국어 이름"]


def test_the_link_codec_cleans_names_on_the_way_in() -> None:
    game = {"record": RECORD, "seats": ["human", "human"], "id": "abc123",
            "to": 1, "names": ["\u202eEvil\u0000", "Ben\nBen"]}
    body = (f"const v = (await c.encodeGame({json.dumps(game)})).slice(2);"
            " return (await c.decodeGame(v)).names;")
    assert run(body) == ["Evil", "Ben Ben"]


def test_a_sentence_about_you_takes_its_own_form() -> None:
    body = ("const out = {};"
            " for (const lang of ['en', 'uk', 'ko']) { i.setLanguage(lang);"
            " const you = i.t('seat.you');"
            " out[lang] = [i.t('result.title', {player: you}), i.t('status.wins', {player: you}),"
            " i.t('result.title', {player: 'Ben'})]; }"
            " return out;")
    out = run(body)
    assert out["en"] == ["You win", "You win", "Ben wins"]
    assert out["uk"][0] == "Ви перемогли" and out["uk"][2] == "Перемога: Ben"
    assert out["ko"][0] == "내 승리" and out["ko"][2] == "Ben 승리"


def test_a_fallback_that_is_not_text_is_still_said() -> None:
    # issue 42: a number reached t() as fallback text and broke the Games dialog for good
    assert run("return [i.t('variant.5', {}, 5), i.t('variant.x', {}, null)];") == ["5", "null"]
