"""The page's translation tables: every language has exactly the English keys, with the
same placeholders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

I18N = Path(__file__).resolve().parent.parent / "web" / "i18n"
LANGS = ("en", "ko", "uk")


def table(lang: str) -> dict[str, str]:
    text = (I18N / f"{lang}.js").read_text(encoding="utf-8")
    body = text[text.index("export default {"):]
    return dict(re.findall(r'^\s+"([^"]+)": "((?:[^"\\]|\\.)*)",$', body, re.M))


@pytest.mark.skipif(not I18N.exists(), reason="web/ is not part of this checkout")
def test_korean_and_ukrainian_have_every_english_key_and_the_same_placeholders():
    t = {lang: table(lang) for lang in LANGS}
    assert len(t["en"]) > 120
    for lang in ("ko", "uk"):
        assert set(t[lang]) == set(t["en"]), (lang, set(t[lang]) ^ set(t["en"]))
        for key, text in t["en"].items():
            assert set(re.findall(r"\{\w+\}", t[lang][key])) == set(
                re.findall(r"\{\w+\}", text)), (lang, key)


@pytest.mark.skipif(not I18N.exists(), reason="web/ is not part of this checkout")
def test_every_line_of_a_table_is_a_key():
    for lang in LANGS:
        text = (I18N / f"{lang}.js").read_text(encoding="utf-8")
        body = text[text.index("export default {") + len("export default {"):text.rindex("};")]
        for line in body.splitlines():
            assert not line.strip() or re.match(r'^\s+"[^"]+": "(?:[^"\\]|\\.)*",$', line), (
                lang, line)
