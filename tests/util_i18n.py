"""The page's translation tables read as data, for the tests that check them: the shared
table of each language (``web/i18n/<lang>.js``) and each game's own words
(``web/games/<id>/i18n/<lang>.js``), which the page adds to it as it starts."""

from __future__ import annotations

import json
import re
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
I18N = WEB / "i18n"
GAMES = WEB / "games"
LANGS = ("en", "ko", "uk")
# one key a line: a string, or an object of plural forms
LINE = re.compile(r'^\s+"([^"]+)": ("(?:[^"\\]|\\.)*"|\{.*\}),$')


def read(path: Path) -> dict[str, str | dict]:
    """Every key of one table file with its text (plural forms as a dict)."""
    text = path.read_text(encoding="utf-8")
    body = text[text.index("export default {") + len("export default {"):text.rindex("};")]
    out = {}
    for line in body.splitlines():
        if not line.strip() or line.strip().startswith("//"):
            continue
        m = LINE.match(line)
        assert m, (path, line)
        assert m.group(1) not in out, (path, m.group(1))
        out[m.group(1)] = json.loads(m.group(2))
    return out


def game_tables(lang: str) -> dict[str, dict[str, str | dict]]:
    """Each game's own words in ``lang``, by game id (its folder under web/games/)."""
    return {path.parent.parent.name: read(path) for path in sorted(GAMES.glob(f"*/i18n/{lang}.js"))}


def table(lang: str) -> dict[str, str | dict]:
    """Every key the page has in ``lang``: the shared table and every game's words (a key
    is in one of them only: the test of translations checks it)."""
    out = read(I18N / f"{lang}.js")
    for words in game_tables(lang).values():
        out.update(words)
    return out
