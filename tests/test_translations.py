"""The page's translation table: every language has exactly the English keys."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

I18N = Path(__file__).resolve().parent.parent / "web" / "i18n.js"


def tables() -> dict[str, dict[str, str]]:
    text = I18N.read_text(encoding="utf-8")
    body = text[text.index("const TABLE = {"):text.index("\n};", text.index("const TABLE = {"))]
    out: dict[str, dict[str, str]] = {}
    for block in re.finditer(r"\n  (\w+): \{\n(.*?)\n  \},", body, re.S):
        pairs = re.findall(r'^\s+"([^"]+)": "((?:[^"\\]|\\.)*)",$', block.group(2), re.M)
        out[block.group(1)] = dict(pairs)
    return out


@pytest.mark.skipif(not I18N.exists(), reason="web/ is not part of this checkout")
def test_korean_and_ukrainian_have_every_english_key_and_the_same_placeholders():
    t = tables()
    assert set(t) == {"en", "ko", "uk"}
    assert len(t["en"]) > 90
    for lang in ("ko", "uk"):
        assert set(t[lang]) == set(t["en"]), lang
        for key, text in t["en"].items():
            assert set(re.findall(r"\{\w+\}", t[lang][key])) == set(
                re.findall(r"\{\w+\}", text)), (lang, key)
