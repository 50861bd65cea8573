"""The rules pages (docs/rules/, scripts/rules_pages.py): every game in every language
builds, every diagram is a position the engine accepts with marks that tell the truth,
the translations draw the same diagrams, nothing in the output is markup, and every
translation key the page's modules use exists."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import rules_pages  # noqa: E402
from rules_pages import GAMES, LANGS, RulesError, build_all, build_page  # noqa: E402

from nibble.api import handle  # noqa: E402
from tests.util_i18n import table  # noqa: E402

# a build-time tool: it runs on CPython, where the site is built
pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="build-time tool")


@pytest.fixture(scope="module")
def pages():
    return build_all()


def diagrams(blocks):
    for block in blocks:
        if block["type"] == "diagram":
            yield block
        elif block["type"] == "list":
            for item in block["items"]:
                yield from diagrams(item)


def headings(blocks):
    return [b for b in blocks if b["type"] == "heading"]


def test_every_game_in_every_language_has_a_page(pages):
    assert set(pages) == {(lang, game) for lang in LANGS for game in GAMES}
    for (lang, game), page in pages.items():
        assert page["format"] == "nibble-rules/1" and page["lang"] == lang
        assert page["game"] == game and page["title"]
        ids = {h["id"] for h in headings(page["blocks"])}
        assert {"marks", "exact"} <= ids, (lang, game)
        # the friendly part comes first, the exact rules last
        order = [h["id"] for h in headings(page["blocks"]) if h["level"] == 2]
        assert order[-1] == "exact" and order[-2] == "marks", (lang, game, order)
        assert len(list(diagrams(page["blocks"]))) >= 4, (lang, game)


def test_every_diagram_is_a_position_the_engine_accepts(pages):
    for (lang, game), page in pages.items():
        if lang != "en":
            continue  # the same records as the English ones (next test)
        for d in diagrams(page["blocks"]):
            answer = handle({"op": "load", "record": d["record"]})
            assert "error" not in answer, (game, d["id"], answer)
            assert answer["view"]["board"] == d["view"]["board"], (game, d["id"])
            assert d["view"]["game"] == game
            cells = {c["id"] for c in d["view"]["board"]["cells"]}
            marks = d["marks"]
            for key in ("selectable", "picked", "crossed"):
                assert set(marks[key]) <= cells, (game, d["id"], key)
            for overlay in marks["overlays"]:
                assert set(overlay["cells"]) <= cells, (game, d["id"])
            assert not set(marks["selectable"]) & set(marks["crossed"])
            # a ring is a cell some legal move picks; a cross is not
            legal = answer["view"]["legal_moves"]
            if answer["view"]["input"]["kind"] == "set" and not marks["picked"]:
                takeable = {c for m in legal for c in m.split("+")}
                assert set(marks["selectable"]) <= takeable, (game, d["id"])
                assert not set(marks["crossed"]) & takeable, (game, d["id"])
            assert d["caption"], (game, d["id"])


def test_translations_draw_the_same_diagrams(pages):
    for game in GAMES:
        english = {d["id"]: d for d in diagrams(pages[("en", game)]["blocks"])}
        for lang in LANGS[1:]:
            other = {d["id"]: d for d in diagrams(pages[(lang, game)]["blocks"])}
            assert list(other) == list(english), (lang, game)
            for key, d in other.items():
                e = english[key]
                assert (d["record"], d["marks"], d["view"]) == (e["record"], e["marks"], e["view"])
                assert d["caption"] != e["caption"], (lang, game, key)  # translated


def test_the_output_is_data_not_markup(pages):
    for page in pages.values():
        text = json.dumps(page, ensure_ascii=False)
        assert "<script" not in text.lower() and "<!--" not in text
    runs = rules_pages.inline("a <b>x</b> **bold** *it* `co*de*` [site](https://example.org)"
                              " [repo](../nibble.md) \\*star\\*")
    assert runs == ["a <b>x</b> ", ["strong", ["bold"]], " ", ["em", ["it"]], " ",
                    ["code", "co*de*"], " ", ["a", "https://example.org", ["site"]], " repo *star*"]


PAGE = """# Title

Intro.

```diagram
id: d
options: variant=square9 seed=0
{extra}
caption: A caption.
```

<!-- id: marks -->
## Marks

<!-- id: exact -->
## Exact
"""


def test_marks_that_say_something_untrue_stop_the_build():
    ok = build_page("en", "nibble", text=PAGE.format(extra="offer: a1\nno: e5"))
    d = next(diagrams(ok["blocks"]))
    assert d["marks"]["selectable"] == ["a1"] and d["marks"]["crossed"] == ["e5"]
    for extra, words in [
        ("offer: e5", "ring on e5"),          # e5 cannot be taken at the start
        ("no: a1", "cross on a1"),            # a1 can
        ("pick: e5", "e5 cannot be picked"),
        ("moves: e5", "refuses"),             # an illegal move
        ("legal: e5", "not a legal move"),
        ("illegal: a1", "is a legal move"),
        ("offer: z9", "not a cell"),
        ("colour: 3", "unknown diagram field"),
    ]:
        with pytest.raises(RulesError, match=words):
            build_page("en", "nibble", text=PAGE.format(extra=extra))
    bad_setup = "setup: square9 123456789\n  11......./" + "\n  .........\n" * 8
    with pytest.raises(RulesError, match="refuses"):
        build_page("en", "nibble", text=PAGE.format(extra=bad_setup))


def test_a_landing_mark_only_where_the_click_lands():
    # as the page draws it (web/view/render.js targetsOf): the pegs that can move keep the
    # plain ring; once one is picked, its holes are marked token or empty
    page = PAGE.replace("variant=square9 seed=0", "players=3")
    built = build_page("en", "number-one", text=page.format(extra="offer: all"))
    pegs = next(diagrams(built["blocks"]))
    assert pegs["marks"]["selectable"] == ["b2", "c2", "b3"]
    assert pegs["marks"]["targets"] == {}
    holes = next(diagrams(build_page("en", "number-one",
                                     text=page.format(extra="pick: c2\noffer: all"))["blocks"]))
    assert holes["marks"]["selectable"] and "c2" not in holes["marks"]["selectable"]
    assert set(holes["marks"]["targets"]) == set(holes["marks"]["selectable"])
    assert set(holes["marks"]["targets"].values()) <= {"token", "empty"}


def test_a_translation_may_only_change_captions():
    english = build_page("en", "nibble", text=PAGE.format(extra="offer: all"))
    same = PAGE.format(extra="offer: all").replace("A caption.", "Une légende.")
    build_page("ko", "nibble", english["_specs"], text=same)
    with pytest.raises(RulesError, match="differs from the English one in offer"):
        build_page("ko", "nibble", english["_specs"], text=PAGE.format(extra="offer: a1"))
    with pytest.raises(RulesError, match="missing: d"):
        build_page("ko", "nibble", english["_specs"], text=PAGE.replace(
            PAGE[PAGE.index("```diagram"):PAGE.index("<!--")], ""))


def test_every_page_needs_its_sections():
    with pytest.raises(RulesError, match="marks"):
        build_page("en", "nibble", text=PAGE.format(extra="").replace("<!-- id: marks -->\n", ""))


# --- translation keys --------------------------------------------------------------------

WEB = ROOT / "web"


@pytest.mark.skipif(not WEB.exists(), reason="web/ is not part of this checkout")
def test_every_key_the_new_modules_use_exists():
    """Literal keys of t("…") in the rules sheet, the legends and the walkthrough (and in
    the game modules, which call the legends), in every table."""
    modules = ["panels/rules.js", "board/legend.js", "panels/walkthrough.js",
               *(f"games/{g}/{part}.js" for g in ("nibble", "nebuchadnezzar", "number-one")
                 for part in ("index", "marks", "walkthrough"))]
    used = set()
    for name in modules:
        source = (WEB / name).read_text(encoding="utf-8")
        used |= set(re.findall(r'\bt\(\s*"([^"]+)"', source))
        # keys named in data tables: "legend.….…" and "walkthrough.…" strings
        used |= set(re.findall(r'"((?:legend|walkthrough|rules)\.[\w.-]+)"', source))
    assert len(used) > 40
    for lang in LANGS:
        missing = sorted(used - set(table(lang)))
        assert not missing, (lang, missing)


DIST = ROOT / "dist"


@pytest.mark.skipif(not (DIST / "precache-manifest.json").is_file(), reason="no built site")
def test_the_built_site_precaches_every_rules_page():
    """Offline, the rules are there too: the service worker lists every file of dist/."""
    files = json.loads((DIST / "precache-manifest.json").read_text())["files"]
    for lang in LANGS:
        for game in GAMES:
            assert f"rules/{lang}/{game}.json" in files, (lang, game)


# Latin words a Korean or Ukrainian page may hold: game names, the authors' names as they
# spell them (after the transliteration), and notation (cells such as c3 or c3-d4)
LATIN_ALLOWED = {"nibble", "nebuchadnezzar", "number", "one", "corey", "clark", "jared",
                 "mccomb"}
NOTATION = re.compile(r"^x?[a-o]\d{1,2}$", re.I)


def prose(runs):
    """The text of inline runs, leaving out code spans (identifiers and notation)."""
    for node in runs:
        if isinstance(node, str):
            yield node
        elif node[0] in ("strong", "em"):
            yield from prose(node[1])
        elif node[0] == "a":
            yield from prose(node[2])


def texts(blocks):
    for block in blocks:
        kind = block["type"]
        if kind in ("heading", "paragraph"):
            yield from prose(block["content"])
        elif kind == "list":
            for item in block["items"]:
                yield from texts(item)
        elif kind == "table":
            for row in [block["head"], *block["rows"]]:
                for cell in row:
                    yield from prose(cell)
        elif kind == "diagram":
            yield from prose(block["caption"])


def test_korean_and_ukrainian_pages_have_no_english_in_their_prose(pages):
    """The Korean and Ukrainian Nibble pages said "7 (square9)" and "at most n − t" in
    prose: a newcomer reads words, not identifiers."""
    for (lang, game), page in pages.items():
        if lang == "en":
            continue
        found = set()
        for text in texts(page["blocks"]):
            for word in re.findall(r"[A-Za-z][A-Za-z0-9]*", text):
                if len(word) > 1 and not NOTATION.match(word) and word.lower() not in LATIN_ALLOWED:
                    found.add(word)
        assert not found, (lang, game, sorted(found))
