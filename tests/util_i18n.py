"""The page's translation tables read as data, for the tests that check them."""

from __future__ import annotations

import json
import re
from pathlib import Path

I18N = Path(__file__).resolve().parent.parent / "web" / "i18n"
LANGS = ("en", "ko", "uk")
# one key a line: a string, or an object of plural forms
LINE = re.compile(r'^\s+"([^"]+)": ("(?:[^"\\]|\\.)*"|\{.*\}),$')


def table(lang: str) -> dict[str, str | dict]:
    """Every key of ``web/i18n/<lang>.js`` with its text (plural forms as a dict)."""
    text = (I18N / f"{lang}.js").read_text(encoding="utf-8")
    body = text[text.index("export default {") + len("export default {"):text.rindex("};")]
    out = {}
    for line in body.splitlines():
        if not line.strip() or line.strip().startswith("//"):
            continue
        m = LINE.match(line)
        assert m, (lang, line)
        out[m.group(1)] = json.loads(m.group(2))
    return out
