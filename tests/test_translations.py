"""The page's translation tables: every language has exactly the English keys, with the
same placeholders, and the Korean and Ukrainian tables leave no English behind."""

from __future__ import annotations

import re

import pytest

from tests.util_i18n import I18N, LANGS, table

# Latin words that may stand in any language: notation, URL values, units (the games'
# names are translated, so none of them is allowed), the Esc key
ALLOWED = {"human", "ai", "esc", "mb", "sml", "msl", "lms", "mls", "lsm", "slm"}

pytestmark = pytest.mark.skipif(not I18N.exists(), reason="web/ is not part of this checkout")


def forms(value: str | dict) -> list[str]:
    return list(value.values()) if isinstance(value, dict) else [value]


def placeholders(value: str | dict) -> set[str]:
    return {p for form in forms(value) for p in re.findall(r"\{\w+\}", form)}


def test_korean_and_ukrainian_have_every_english_key_and_the_same_placeholders():
    t = {lang: table(lang) for lang in LANGS}
    assert len(t["en"]) > 250
    for lang in ("ko", "uk"):
        assert set(t[lang]) == set(t["en"]), (lang, set(t[lang]) ^ set(t["en"]))
        for key, text in t["en"].items():
            assert placeholders(t[lang][key]) == placeholders(text), (lang, key)


def test_plural_forms_are_the_languages_own():
    # CLDR: English one/other, Korean other only, Ukrainian one/few/many/other
    allowed = {"en": {"one", "other"}, "ko": {"other"}, "uk": {"one", "few", "many", "other"}}
    for lang in LANGS:
        for key, value in table(lang).items():
            if isinstance(value, dict):
                assert set(value) <= allowed[lang] and "other" in value, (lang, key)


@pytest.mark.parametrize("lang", ["ko", "uk"])
def test_no_english_is_left_in_the_other_languages(lang):
    for key, value in table(lang).items():
        for form in forms(value):
            text = re.sub(r"\{\w+\}", "", form)
            text = re.sub(r"“[^”]*”|«[^»]*»", "", text) if key.startswith("error.url") else text
            words = {w.lower() for w in re.findall(r"[A-Za-z]{2,}", text)}
            assert words <= ALLOWED, (lang, key, form, words - ALLOWED)


def test_korean_needs_no_particle_hedges():
    for key, value in table("ko").items():
        for form in forms(value):
            assert not re.search(r"\((은|는|이|가|을|를|와|과)\)", form), (key, form)


def test_each_game_brings_its_own_words_and_the_shared_tables_name_no_game():
    """A game's words live in its folder (web/games/<id>/i18n/<lang>.js, issue 44): each
    game has every language with the same keys, a key is in one table only, and the shared
    tables name no game in a key (nor, in English, in a text: the site's own name aside)."""
    from tests.util_i18n import GAMES, game_tables, read

    ids = sorted(p.name for p in GAMES.iterdir() if (p / "index.js").exists())
    names = {"nibble": "Nibble", "nebuchadnezzar": "Nebuchadnezzar", "number-one": "Number One"}
    assert set(names) <= set(ids)
    by_lang = {lang: game_tables(lang) for lang in LANGS}
    for lang in LANGS:
        assert sorted(by_lang[lang]) == ids, lang
        shared = read(I18N / f"{lang}.js")
        seen = set(shared)
        for game, words in by_lang[lang].items():
            assert set(words) == set(by_lang["en"][game]), (lang, game)
            assert not seen & set(words), (lang, game, sorted(seen & set(words)))
            seen |= set(words)
            assert f"game.{game}" in words, (lang, game)
        for key, value in shared.items():
            assert not {part for part in key.split(".")} & set(ids), (lang, key)
            if lang == "en" and key != "app.title":
                for form in forms(value):
                    assert not [n for n in names.values() if n in form], (key, form)
