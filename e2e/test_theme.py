"""Light, dark or the system's theme (issue 43): the choice in Settings
(`[data-setting="theme"]`, light | dark | system, system by default), put on
`html[data-theme]` before the first paint with `<meta name="color-scheme">`; the page dark
exactly when the choice is dark, or system on a dark system, with one dark palette for both
ways (the custom properties compared in the browser, also in high contrast); the seat dots
keeping their meaning in both themes (the filled dot is Black / the first player); disabled
buttons that look disabled (fainter, no hover, `cursor: not-allowed`); and axe-core's
contrast rules in every choice on every system scheme (docs/web.md, "Colour and
contrast"). With them, issue 43's other rough edges of a first game: Nibble's panel (the
"On the board" row no seat, progress in words, no "0 / 0" before the first move) and the
result dialog's ★ only for a win on this device."""

from __future__ import annotations

import re
import struct
import zlib

import pytest
from conftest import wait_engine, wait_idle
from links import pack, played
from test_colours import (
    AXE,
    FIRST_PAINT_PROBE,
    SETTINGS_KEY,
    close_settings,
    note_contrast,
    note_settings_contrast,
    open_settings,
)
from test_page import assert_clean
from test_table import take_first

HOTSEAT = "?game=nibble&variant=square9&seed=5&p1=human&p2=human"
NEBUCHADNEZZAR = "?game=nebuchadnezzar&size=6&p1=human&p2=human"
# a progress line of three adjacent colours, in words
IN_WORDS = r"\d+, \d+ and \d+ of \d+ in colours \d+, \d+ and \d+"

# every custom property a theme sets on <html> (styles.css: the light palette, the dark one
# and high contrast)
PALETTE = [
    "--bg", "--surface", "--surface-2", "--text", "--muted", "--line", "--board", "--slot",
    "--slot-empty", "--ink", "--accent", "--mark-inaccuracy", "--mark-mistake",
    "--mark-blunder", "--accent-ink", "--focus", "--warn-bg", "--warn-line", "--error-bg",
    "--error-line", "--good", "--shadow", "--seat0", "--seat1", "--grid", "--hole",
    "--hole-rim", "--token", "--disc-rim", "--dot-filter", "--dot-rim", "--focus-halo",
    "--remove-hc",
]

LOOK = """(names) => {
  const html = getComputedStyle(document.documentElement);
  const out = Object.fromEntries(names.map((n) => [n, html.getPropertyValue(n).trim()]));
  out.background = getComputedStyle(document.body).backgroundColor;
  out.colorScheme = html.colorScheme;
  return out;
}"""


def choose_theme(page, theme: str):
    open_settings(page)
    page.click(f"#settings-dialog label[for='setting-theme-{theme}']")
    assert page.get_attribute("html", "data-theme") == theme
    close_settings(page)


def set_contrast(page, value: str):
    page.evaluate("(c) => { document.documentElement.dataset.contrast = c; }", value)


def look(page) -> dict:
    return page.evaluate(LOOK, PALETTE)


# --- pixels ------------------------------------------------------------------------------


def png_pixels(data: bytes) -> tuple[int, int, list[list[tuple[int, int, int]]]]:
    """(width, height, rows of RGB) of an 8-bit RGB or RGBA PNG (Chromium's screenshots)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = previous[x]
            c = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + 3]) for x in range(0, stride, channels)])
        previous = line
    return width, height, rows


def luminance(rgb) -> float:
    def channel(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def centre_and_around(page, selector: str):
    """The colour at the centre of an element, and just outside it (what it lies on)."""
    # (read in one go: the panel may be drawn again meanwhile, in the same place)
    box = page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, height: r.height}; }""", selector)
    assert box["width"] > 0, selector
    shot = page.screenshot(clip={"x": box["x"] - 3, "y": box["y"] - 3,
                                 "width": box["width"] + 6, "height": box["height"] + 6})
    width, height, rows = png_pixels(shot)
    return rows[height // 2][width // 2], rows[0][0]


# --- the choice ----------------------------------------------------------------------------


def test_the_theme_is_chosen_in_settings_and_painted_at_once(make_page, site):
    page, recorder = make_page(HOTSEAT)
    assert page.get_attribute("html", "data-theme") == "system"  # the default
    assert page.get_attribute("meta[name='color-scheme']", "content") == "light dark"
    open_settings(page)
    radios = page.locator("#settings-dialog [data-setting='theme']")
    assert radios.evaluate_all("els => els.map(e => [e.type, e.value])") == [
        ["radio", "light"], ["radio", "dark"], ["radio", "system"]]
    assert page.is_checked("#setting-theme-system")
    group = page.locator("#settings-dialog [role='radiogroup']:has([data-setting='theme'])")
    assert group.get_attribute("aria-labelledby") and "Theme" in group.inner_text()
    # the focus starts on the theme's choice, and the arrow keys move it (radio buttons)
    assert page.evaluate("() => document.activeElement.id") == "setting-theme-system"
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.get_attribute("meta[name='color-scheme']", "content") == "dark"
    close_settings(page)
    stored = page.evaluate(f"() => JSON.parse(localStorage.getItem({SETTINGS_KEY!r}))")
    assert stored["theme"] == "dark"
    # the next visit is dark before <body> exists: nothing flashes light first
    page.add_init_script(FIRST_PAINT_PROBE.replace(
        "palette: h.dataset.palette", "theme: h.dataset.theme, palette: h.dataset.palette"))
    page.reload()
    wait_engine(page)
    first = page.evaluate("() => window.__atFirstPaint")
    assert first["theme"] == "dark" and first["app"] == "undefined", first
    assert page.evaluate("() => getComputedStyle(document.documentElement).colorScheme") == "dark"
    # light, even on a dark system; another tab's choice is followed
    page.emulate_media(color_scheme="dark")
    choose_theme(page, "light")
    assert page.get_attribute("meta[name='color-scheme']", "content") == "light"
    chosen = page.locator("meta[name='theme-color'][media='all']")
    assert chosen.get_attribute("content") == "#f6f4ef"
    other = page.context.new_page()
    other.goto(site.url + HOTSEAT)
    wait_engine(other)
    assert other.get_attribute("html", "data-theme") == "light"
    choose_theme(other, "system")
    page.wait_for_function("() => document.documentElement.dataset.theme === 'system'")
    assert page.get_attribute("meta[name='color-scheme']", "content") == "light dark"
    assert page.locator("meta[name='theme-color'][media='all']").count() == 0
    other.close()
    assert_clean(recorder, site)


@pytest.mark.parametrize("contrast_setting", ["normal", "high"])
def test_dark_exactly_when_chosen_or_when_the_system_is_dark(make_page, contrast_setting):
    """The page's custom properties, body colour and color-scheme for each choice on each
    system scheme equal those of the system's own light or dark: one dark palette, worn the
    same way whether chosen or followed, and a choice of light that outweighs a dark system."""
    page, recorder = make_page(HOTSEAT)
    page.emulate_media(reduced_motion="reduce")
    page.evaluate("(c) => { document.documentElement.dataset.contrast = c; }", contrast_setting)
    reference = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        reference[scheme] = look(page)
    assert reference["light"]["background"] != reference["dark"]["background"]
    assert reference["light"]["colorScheme"] == reference["dark"]["colorScheme"] == "light dark"
    for theme in ("light", "dark", "system"):
        choose_theme(page, theme)
        page.evaluate("(c) => { document.documentElement.dataset.contrast = c; }", contrast_setting)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            now = look(page)
            expected = dict(reference[scheme if theme == "system" else theme])
            expected["colorScheme"] = "light dark" if theme == "system" else theme
            differ = {k: (now[k], expected[k]) for k in expected if now[k] != expected[k]}
            assert differ == {}, (theme, scheme, differ)
    assert recorder.errors == []


# --- what the themes draw -----------------------------------------------------------------


@pytest.mark.parametrize("query", [HOTSEAT, NEBUCHADNEZZAR], ids=["nibble", "nebuchadnezzar"])
def test_the_filled_seat_dot_is_the_first_player_in_both_themes(make_page, query):
    """As the ● and ○ of a game record: the first player's (Black's) dot is filled with the
    ink of the theme, the second's a ring whose inside is about the colour it lies on — in
    light, and in dark whether chosen or the system's (it used to swap in dark)."""
    page, recorder = make_page(query)
    page.emulate_media(reduced_motion="reduce")
    ways = [("light", "light"), ("dark", "light"), ("system", "dark"), ("light", "dark")]
    for theme, scheme in ways:
        choose_theme(page, theme)
        page.emulate_media(color_scheme=scheme)
        page.evaluate("() => nibbleApp.render()")
        # in view, in one go (the panel may be drawn again between two steps of a locator)
        page.evaluate("(sels) => sels.forEach(s => document.querySelector(s)"
                      ".scrollIntoView({block: 'nearest'}))",
                      ["#game-panel .seat-dot.seat-0", "#game-panel .seat-dot.seat-1",
                       ".status-dot"])
        filled, around0 = centre_and_around(page, "#game-panel .seat-dot.seat-0")
        ring, around1 = centre_and_around(page, "#game-panel .seat-dot.seat-1")
        status, around_status = centre_and_around(page, ".status-dot")  # seat 0 to move
        where = (theme, scheme, filled, around0, ring, around1)
        assert contrast(filled, around0) >= 3, where
        assert contrast(ring, around1) < 1.6, where
        assert contrast(status, around_status) >= 3, (where, status, around_status)
    assert recorder.errors == []


def test_disabled_buttons_look_disabled(make_page):
    """Fainter, no hover, `cursor: not-allowed`, in light and dark (and dashed in high
    contrast); an enabled button keeps its pointer and its hover."""
    page, recorder = make_page(HOTSEAT)
    page.emulate_media(reduced_motion="reduce")
    style = """(sel) => { const s = getComputedStyle(document.querySelector(sel));
        return {cursor: s.cursor, opacity: Number(s.opacity), border: s.borderColor,
                style: s.borderTopStyle}; }"""
    for theme in ("light", "dark"):
        choose_theme(page, theme)
        for contrast_setting in ("normal", "high"):
            set_contrast(page, contrast_setting)
            page.mouse.move(0, 0)
            for selector in ("[data-action='undo']", "[data-action='confirm']",
                             "[data-action='review-first']"):
                assert page.is_disabled(selector), selector
                before = page.evaluate(style, selector)
                assert before["cursor"] == "not-allowed", (theme, selector, before)
                if contrast_setting == "normal":
                    assert before["opacity"] <= 0.5, (theme, selector, before)
                else:
                    assert before["style"] == "dashed", (theme, selector, before)
                page.hover(selector, force=True)
                assert page.evaluate(style, selector) == before, (theme, contrast_setting, selector)
                page.mouse.move(0, 0)
            enabled = "[data-action='rules']"
            if page.is_visible(enabled):
                before = page.evaluate(style, enabled)
                assert before["cursor"] == "pointer" and before["opacity"] == 1
                page.hover(enabled)
                after = page.evaluate(style, enabled)
                assert after["border"] != before["border"] or contrast_setting == "high"
                page.mouse.move(0, 0)
    page.evaluate("() => { document.documentElement.dataset.contrast = 'normal'; }")
    assert recorder.errors == []


def test_no_contrast_violation_in_any_choice_on_any_system(new_context, site):
    """axe-core's colour-contrast rule for each theme choice (light, dark, system) on a light
    and on a dark system, normal and high contrast (and the enhanced 7:1 rule there), on a
    game in progress and with the settings dialog open (disabled controls are exempt, as
    axe-core exempts them)."""
    if not AXE.exists():
        pytest.skip("node_modules/axe-core is missing (run `npm ci`)")
    context = new_context(bypass_csp=True, viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.goto(site.url + "?game=nibble&variant=square9&seed=5&p1=human&p2=ai&level=easy")
        wait_engine(page)
        page.emulate_media(reduced_motion="reduce")
        take_first(page)
        wait_idle(page)
        found = {}
        for theme in ("light", "dark", "system"):
            choose_theme(page, theme)
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
                for contrast_setting in ("normal", "high"):
                    page.evaluate("(c) => { document.documentElement.dataset.contrast = c;"
                                  " nibbleApp.render(); }", contrast_setting)
                    note_contrast(page, found, f"{theme}/{scheme}/{contrast_setting}",
                                  contrast_setting == "high")
                note_settings_contrast(page, found, f"{theme}/{scheme}/settings dialog")
        assert found == {}, found
    finally:
        context.close()


# --- Nibble's panel and the result dialog (issue 43's other rough edges) ------------------


def test_nibble_panel_in_words_with_the_board_row_apart(make_page):
    """Before the first move no "0 / 0" (the step counter keeps its place, unseen) and no
    pick counter; the colour table's "On the board" row is no seat (no dot, a dashed rule
    above it, quieter; on a phone a small board rather than a ring); the progress lines in
    words ("0, 0 and 0 of 7 in colours 6, 7 and 9")."""
    page, recorder = make_page("?game=nibble&variant=square9&seed=5&p1=human&p2=ai&level=easy")
    assert page.is_hidden("#review-ply") and page.text_content("#pick-count") == ""
    assert page.locator("#review-ply").bounding_box()["width"] > 0  # its place is kept
    board_row = "#game-panel .color-table tr.board-row"
    assert page.locator(f"{board_row} .seat-dot").count() == 0
    assert page.locator("#game-panel .color-table tr.seat-row .seat-dot").count() == 2
    head = """(sel) => { const s = getComputedStyle(document.querySelector(sel));
        return [s.fontStyle, s.borderTopStyle]; }"""
    assert page.evaluate(head, f"{board_row} th") == ["italic", "dashed"]
    assert page.evaluate(head, "#game-panel .color-table tr.seat-row th") == ["normal", "none"]
    # (each line after its colour chips)
    details = [t.strip().splitlines()[-1] for t in
               page.locator("#game-panel .condition-detail").all_inner_texts()]
    assert len(details) == 6
    for text in details:
        assert "/" not in text and "–" not in text, text
    adjacent = [t for t in details if "colours" in t and "majority" not in t]
    assert len(adjacent) == 2
    for text in adjacent:
        assert re.fullmatch(IN_WORDS, text.strip()), text
    assert any(re.fullmatch(r"\d+ of \d+ in colour \d+", t.strip()) for t in details), details
    # after the first moves the step counter is back
    take_first(page)
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 2")
    wait_idle(page)
    assert page.is_visible("#review-ply") and page.text_content("#review-ply") == "2 / 2"
    # a phone: the row's head is a small board, not a ring like the seats' dots
    page.set_viewport_size({"width": 360, "height": 740})
    mark = page.evaluate("""(sel) => {
        const s = getComputedStyle(document.querySelector(sel), '::before');
        return [s.content, s.borderRadius, s.backgroundImage.includes('gradient')]; }""",
                         f"{board_row} th")
    assert mark[0] in ('""', "none", "normal") or "◯" not in mark[0], mark
    assert mark[1] != "50%" and mark[2], mark
    assert recorder.errors == []


def resign(page):
    page.click("[data-action='resign']")
    page.click("[data-action='resign-confirm']")
    page.wait_for_selector("#result-dialog[open]")


def winning_game() -> tuple[dict, str, int]:
    """A finished random Nibble game whose winner made the last move: the record without
    that move, the move, and the winner's seat."""
    for seed in range(40):
        answer = played("nibble", {"variant": "square9", "seed": 3}, 400, seed=seed)
        view = answer["view"]
        winner = view["result"]["winner"]
        if winner is not None and view["last_move"]["seat"] == winner:
            record = dict(answer["record"])
            last = record["moves"][-1]
            record["moves"] = record["moves"][:-1]
            return record, last, winner
    raise AssertionError("no such game in 40 seeds")


def test_the_trophy_is_for_a_win_here_never_beside_a_loss_of_you(make_page):
    """★ in the result dialog for this device's player's win (against the computer) and in
    a game between players sharing the device; none beside "Computer wins"."""
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=ai&level=easy")
    resign(page)
    assert "Computer wins" in page.text_content("#result-title")
    assert page.locator("#result-dialog .trophy").count() == 0
    page.click("[data-action='result-review']")

    people, _ = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=human")
    resign(people)
    assert "Player 2 wins" in people.text_content("#result-title")
    assert people.locator("#result-dialog .trophy").count() == 1

    # you win against the computer: the last move is yours to play
    record, last, winner = winning_game()
    seats = "".join("h" if seat == winner else "a" for seat in range(2))
    link = "#g=" + pack({"v": 2, "s": seats,
                         "r": {k: v for k, v in record.items() if k != "format"}})
    page.goto(page.url.split("#")[0].split("?")[0] + link)
    page.wait_for_function(f"() => nibbleApp.state.record?.moves.length === {len(record['moves'])}")
    wait_idle(page)
    for cell in last.split("+"):
        page.click(f"[data-cell='{cell}']")
    page.click("[data-action='confirm']:not([disabled])")
    page.wait_for_selector("#result-dialog[open]")
    assert page.text_content("#result-title").startswith("You win")
    assert page.locator("#result-dialog .trophy").count() == 1
    assert recorder.errors == []
