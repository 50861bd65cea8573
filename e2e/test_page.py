"""End-to-end tests: a real Chromium plays Nibble on the built site served under /nibble/.

Run: ``make build`` then ``pytest e2e`` (CHROMIUM_PATH selects the browser)."""

from __future__ import annotations

import json
from urllib.parse import urlparse

import pytest
from conftest import (
    AXE,
    allow_engine_help,
    axe_violations,
    foreign_requests,
    wait_engine,
    wait_idle,
)

SELECTABLE = "[data-cell][data-selectable='true']"
CONFIRM = "[data-action='confirm']"


def move_count(page) -> int:
    return page.locator("#move-list li").count()


def take(page, cells: list[str]) -> None:
    """Pick the given cells one by one and confirm; wait for the move to land."""
    before = move_count(page)
    for cell in cells:
        page.click(f"[data-cell='{cell}']")
    page.wait_for_selector(f"{CONFIRM}:not([disabled])")
    page.click(CONFIRM)
    page.wait_for_function(f"() => document.querySelectorAll('#move-list li').length > {before}")
    wait_idle(page)


def first_selectable(page) -> str:
    return page.locator(SELECTABLE).first.get_attribute("data-cell")


def board_state(page) -> dict[str, str]:
    return page.eval_on_selector_all(
        "[data-cell]", "els => Object.fromEntries(els.map(e => [e.dataset.cell, e.dataset.empty]))"
    )


def assert_clean(recorder, site) -> None:
    assert recorder.errors == [], recorder.errors
    foreign = foreign_requests(recorder.requests, site.url)
    assert foreign == [], foreign


# --- one booted page, reused ------------------------------------------------------------


def test_keyboard_picks_and_names(shared, site):
    page, recorder = shared
    cell_id = first_selectable(page)
    cell = page.locator(f"[data-cell='{cell_id}']")
    name = cell.get_attribute("aria-label")
    assert cell_id in name and "takeable" in name
    cell.focus()
    page.keyboard.press("Enter")
    assert cell.get_attribute("data-picked") == "true"
    assert page.is_enabled(CONFIRM)
    page.keyboard.press("Escape")
    assert cell.get_attribute("data-picked") == "false"
    # arrow keys move focus across the board
    first = page.locator("[data-cell]").first
    first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("document.activeElement.dataset.cell")
    assert focused == "b2"
    assert_clean(recorder, site)


def test_new_game_dialog_shows_the_levels_measured_ratings(shared, site):
    from nibble.ai.ratings import level_ratings, stored
    from nibble.games import get_game

    measured = stored(get_game("nibble"))  # the game's ratings module's table
    assert "nibble/square9" in measured  # measured by the ladder (docs/ai.md)
    page, recorder = shared
    page.click("[data-action='new-game']")
    page.wait_for_selector("#new-game-dialog[open]")
    page.select_option("#ng-game", "nibble")
    page.select_option("#ng-variant", "square9")
    page.click("label[for='ng-seat1-ai']")
    note = page.locator("#ng-level-rating")
    assert page.get_attribute("#ng-level", "aria-describedby") == "ng-level-rating"
    for level in ("easy", "hard", "expert"):  # expert: chained from a direct match
        page.select_option("#ng-level", level)
        expected = level_ratings(level).get("nibble/square9")
        if expected is None:
            assert note.is_hidden()
        else:
            assert note.get_attribute("data-rating") == str(expected)
            assert str(expected) in note.inner_text()
    # a level rated on one board only shows nothing on the others
    for variant in ("square13", "hex13"):
        if level_ratings("expert").get(f"nibble/{variant}") is None:
            page.select_option("#ng-variant", variant)
            assert note.is_hidden()
    page.select_option("#ng-variant", "square9")
    # a board the ladder has not measured shows no rating rather than another board's
    unmeasured = [v for v in ("square9", "square13", "hex13") if f"nibble/{v}" not in measured]
    if unmeasured:
        page.select_option("#ng-variant", unmeasured[0])
        assert note.is_hidden()
    # another measured board shows its own rating, not square9's
    page.select_option("#ng-level", "hard")
    for variant in ("square13", "hex13"):
        expected = level_ratings("hard").get(f"nibble/{variant}")
        if expected is not None and expected != level_ratings("hard").get("nibble/square9"):
            page.select_option("#ng-variant", variant)
            assert note.get_attribute("data-rating") == str(expected)
    # a game without variants is keyed by its id alone
    page.select_option("#ng-game", "number-one")
    page.select_option("#ng-level", "hard")
    expected = level_ratings("hard").get("number-one")
    assert note.get_attribute("data-rating") == ("" if expected is None else str(expected))
    page.click("#new-game-dialog [data-dialog='cancel']")
    page.wait_for_selector("#new-game-dialog:not([open])", state="attached")
    assert_clean(recorder, site)


def test_square9_whole_game_by_clicks(make_page, site):
    # a page of its own: the finished game's analysis and its checks of "Your puzzles" go
    # on in the background, and stop with the page at the test's end
    page, recorder = make_page("?game=nibble&variant=square9&seed=7&p1=human&p2=human")
    assert page.locator("[data-cell]").count() == 81
    for _ in range(81):
        if page.locator("[data-result]").count():
            break
        take(page, [first_selectable(page)])
    result = page.locator("[data-result]")
    assert result.count() == 1
    assert result.get_attribute("data-winner") in ("0", "1")
    assert page.locator("#result-dialog[open]").count() == 1
    assert page.locator(SELECTABLE).count() == 0
    page.keyboard.press("Escape")  # close the result dialog
    assert_clean(recorder, site)


# --- fresh pages ----------------------------------------------------------------------------


def test_hex13_multi_disc_take(make_page, site):
    page, recorder = make_page("?game=nibble&variant=hex13&seed=7&p1=human&p2=human")
    assert page.locator("[data-cell]").count() == 169
    assert page.locator("svg[data-shape='hex']").count() == 1
    for _ in range(60):
        for cell in page.eval_on_selector_all(SELECTABLE, "els => els.map(e => e.dataset.cell)"):
            page.click(f"[data-cell='{cell}']")
            color = page.get_attribute(f"[data-cell='{cell}']", "data-color")
            others = page.eval_on_selector_all(
                SELECTABLE, "els => els.map(e => [e.dataset.cell, e.dataset.color])"
            )
            # only discs of the picked colour stay on offer
            assert all(c == color for _, c in others), others
            if others:
                second = others[0][0]
                page.click(f"[data-cell='{second}']")
                assert page.get_attribute(f"[data-cell='{second}']", "data-picked") == "true"
                # clicking a picked cell unpicks it, clicking again picks it
                page.click(f"[data-cell='{second}']")
                assert page.get_attribute(f"[data-cell='{second}']", "data-picked") == "false"
                take(page, [second])
                last = page.locator("#move-list li .move-text").last.inner_text()
                assert "+" in last and set(last.split("+")) == {cell, second}
                assert page.get_attribute(f"[data-cell='{cell}']", "data-empty") == "true"
                assert page.get_attribute(f"[data-cell='{second}']", "data-empty") == "true"
                assert page.get_attribute(f"[data-cell='{cell}']", "data-marked") == "true"
                assert_clean(recorder, site)
                return
            page.click("[data-action='clear']")
        take(page, [first_selectable(page)])
    raise AssertionError("no multi-disc take found in 60 moves")


def test_undo_redo_and_reload_resumes(make_page, site):
    page, recorder = make_page("?game=nibble&variant=square9&seed=11&p1=human&p2=human")
    played = []
    for _ in range(3):
        cell = first_selectable(page)
        played.append(cell)
        take(page, [cell])
    assert move_count(page) == 3
    after_three = board_state(page)
    page.click("[data-action='undo']")
    page.wait_for_function("() => document.querySelectorAll('#move-list li').length === 2")
    wait_idle(page)
    assert page.get_attribute(f"[data-cell='{played[2]}']", "data-empty") == "false"
    page.click("[data-action='undo']")
    page.wait_for_function("() => document.querySelectorAll('#move-list li').length === 1")
    wait_idle(page)
    page.click("[data-action='redo']")
    page.wait_for_function("() => document.querySelectorAll('#move-list li').length === 2")
    wait_idle(page)
    assert page.is_enabled("[data-action='redo']")
    before_reload = board_state(page)

    page.reload()
    wait_engine(page)
    assert move_count(page) == 2
    assert board_state(page) == before_reload
    assert page.is_enabled("[data-action='redo']")
    page.click("[data-action='redo']")
    page.wait_for_function("() => document.querySelectorAll('#move-list li').length === 3")
    wait_idle(page)
    assert board_state(page) == after_three
    assert_clean(recorder, site)


def test_computer_replies(make_page, site):
    page, recorder = make_page("?game=nibble&variant=square9&seed=5&p1=human&p2=ai&level=easy")
    take(page, [first_selectable(page)])
    page.wait_for_function(
        "() => document.querySelectorAll('#move-list li').length === 2", timeout=60_000
    )
    wait_idle(page)
    assert page.locator(SELECTABLE).count() > 0  # the human's turn again
    # undo in a game against the computer goes back to the human's turn
    page.click("[data-action='undo']")
    page.wait_for_function("() => document.querySelectorAll('#move-list li').length === 0")
    wait_idle(page)
    assert page.locator(SELECTABLE).count() > 0
    assert_clean(recorder, site)


def test_hint_suggests_a_move_with_the_engines_estimate(make_page, site):
    page, recorder = make_page("?game=nibble&variant=square9&seed=8&p1=human&p2=human")
    allow_engine_help(page)  # a hint in a game of people: for teaching
    page.click("[data-action='hint']")
    page.wait_for_function("() => /Suggested: .+ %/.test("
                           "document.querySelector('#status-text').textContent)")
    assert page.locator("[data-cell][data-picked='true']").count() >= 1
    assert page.locator(f"{CONFIRM}:not([disabled])").count() == 1  # the hint is a legal take
    assert_clean(recorder, site)


def test_computer_against_computer_can_be_watched_paused_and_resumed(make_page, site):
    # (not wait_idle: in a computer-vs-computer game the page is idle only once it is over)
    page, recorder = make_page("?game=nibble&variant=square9&seed=9&p1=ai&p2=ai&level=easy",
                               wait_ready=False)
    page.wait_for_selector("html[data-engine='ready']", timeout=120_000)
    assert page.locator("#watch").is_visible()
    page.select_option("#pace", label="Fast")
    page.wait_for_function("() => document.querySelectorAll('#move-list li').length >= 2",
                           timeout=60_000)
    page.click("[data-action='pause']")
    assert page.get_attribute("[data-action='pause']", "aria-pressed") == "true"
    page.wait_for_function("() => document.documentElement.dataset.thinking === 'false'")
    paused_at = move_count(page)
    page.wait_for_timeout(1500)  # a paused game does not move on
    assert move_count(page) == paused_at
    page.click("[data-action='pause']")
    page.wait_for_function(
        f"() => document.querySelectorAll('#move-list li').length > {paused_at}", timeout=60_000)
    assert_clean(recorder, site)


def moves_played(page) -> list[str]:
    return page.evaluate("() => window.nibbleApp.state.record.moves")


def test_share_link_opens_the_game_elsewhere_and_keeps_the_previous_one(make_page, site,
                                                                         new_context):
    page, recorder = make_page("?game=nibble&variant=hex13&seed=12&p1=human&p2=human")
    take(page, [first_selectable(page)])
    page.click("[data-action='share']")  # two people: who gets the link (link play)
    page.click("[data-action='share-send']")
    link = page.input_value("[data-share-link]")
    assert "#g=" in link and link.startswith(site.url)
    shared = moves_played(page)

    # a friend opens the link: the same game, at the same move
    friend, friend_recorder = make_page(None)
    friend.goto(link)
    wait_engine(friend)
    assert moves_played(friend) == shared
    assert "#g=" not in friend.url  # a reload resumes the saved game, not the link

    # someone with a game in progress opens it: the old game can be restored
    other, other_recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=human")
    take(other, [first_selectable(other)])
    mine = moves_played(other)
    other.goto(link)
    wait_engine(other)
    assert moves_played(other) == shared
    other.click("[data-action='restore-previous']")
    other.wait_for_function(f"() => window.nibbleApp.state.record.moves[0] === '{mine[0]}'")
    for rec in (recorder, friend_recorder, other_recorder):
        assert_clean(rec, site)


def test_the_same_game_link_opened_again_resumes_its_game(make_page):
    """A ?game= link opened again in another tab resumes the game it started (drawn at
    first paint), instead of starting a copy of it."""
    url = "?game=nibble&variant=square9&seed=424&p1=human&p2=human"
    page, recorder = make_page(url)
    take(page, [first_selectable(page)])
    mine = moves_played(page)
    again, again_recorder = make_page(url, context=page.context)
    assert moves_played(again) == mine
    origins = again.evaluate("() => Object.keys(localStorage).filter((k) => k.includes(':game:'))"
                             ".map((k) => JSON.parse(localStorage.getItem(k)).origin)")
    assert len([o for o in origins if o and "seed=424" in o]) == 1, origins
    assert recorder.errors == [] and again_recorder.errors == []


def test_damaged_or_tampered_links_leave_the_game_alone(make_page, site):
    import base64

    page, recorder = make_page("?game=nibble&variant=square9&seed=4&p1=human&p2=human")
    take(page, [first_selectable(page)])
    mine = moves_played(page)
    record = page.evaluate("() => window.nibbleApp.state.record")
    tampered = {"record": {**record, "moves": [*record["moves"], "e5"]}}
    payload = base64.urlsafe_b64encode(json.dumps(tampered).encode()).decode().rstrip("=")
    for fragment, words in (("#record=%%%not-base64", "damaged"),
                            (f"#record={payload}", "Move 2 (e5)")):
        page.goto(site.url + fragment)
        wait_engine(page)
        page.wait_for_selector(f"[data-message='error']:has-text('{words}')")
        assert moves_played(page) == mine
    assert recorder.errors == []


def test_save_and_open_a_game_file(make_page, site, tmp_path):
    page, recorder = make_page("?game=nibble&variant=square13&seed=6&p1=human&p2=human")
    take(page, [first_selectable(page)])
    saved = moves_played(page)
    with page.expect_download() as download:
        page.click("[data-action='export']")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    file = json.loads(path.read_text())
    assert file["format"] == "nibble-game/1" and file["seats"] == ["human", "human"]
    assert "level" not in file  # nobody's level in a game of people
    record = file["record"]
    assert record["format"] == "nibble-record/1" and record["moves"] == saved

    page.click("[data-action='undo']")
    page.wait_for_function("() => window.nibbleApp.state.record.moves.length === 0")
    page.set_input_files("#import-file", str(path))
    page.wait_for_function("() => window.nibbleApp.state.record.moves.length === 1")
    assert moves_played(page) == saved

    # a bare record (the engine's own format) opens too
    bare = tmp_path / "record.json"
    bare.write_text(json.dumps(record))
    page.click("[data-action='undo']")
    page.wait_for_function("() => window.nibbleApp.state.record.moves.length === 0")
    page.set_input_files("#import-file", str(bare))
    page.wait_for_function("() => window.nibbleApp.state.record.moves.length === 1")

    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "nibble-record/1", "game": "nibble", "setup": "square9:1')
    page.set_input_files("#import-file", str(broken))
    page.wait_for_selector("[data-message='error']")
    assert moves_played(page) == saved
    assert_clean(recorder, site)


def test_a_game_against_the_computer_saved_to_a_file_opens_as_one(make_page, site, tmp_path):
    """Its file keeps the seats and the level: it opened as a game of two people at one
    device (the computer never moved), and at the level the page had."""
    page, recorder = make_page("?game=nibble&variant=square9&seed=6&p1=human&p2=ai&level=easy")
    take(page, [first_selectable(page)])
    page.wait_for_function("() => window.nibbleApp.state.record.moves.length === 2")
    wait_idle(page)
    with page.expect_download() as download:
        page.click("[data-action='export']")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    file = json.loads(path.read_text())
    assert file["seats"] == ["human", "ai"] and file["level"] == "easy"
    other, other_recorder = make_page("?game=nibble&variant=square9&seed=7&p1=human&p2=human")
    other.set_input_files("#import-file", str(path))
    other.wait_for_function("() => window.nibbleApp.state.record.moves.length === 2")
    state = other.evaluate("() => ({seats: nibbleApp.state.seats, level: nibbleApp.state.level})")
    assert state == {"seats": ["human", "ai"], "level": "easy"}
    # and the computer answers the next move
    take(other, [first_selectable(other)])
    other.wait_for_function("() => window.nibbleApp.state.record.moves.length === 4")
    assert_clean(recorder, site)
    assert_clean(other_recorder, site)


def test_accessibility_audit_finds_nothing(new_context, site):
    """axe-core (npm, pinned) on the board, a pick in progress and the new-game dialog.
    The audit script is injected, so this one context bypasses the page's CSP."""
    if not AXE.exists():
        pytest.skip("node_modules/axe-core is missing (run `npm ci`)")
    context = new_context(bypass_csp=True, viewport={"width": 1200, "height": 900})
    try:
        page = context.new_page()
        page.goto(site.url + "?game=nibble&variant=hex13&seed=2&p1=human&p2=human")
        wait_engine(page)
        assert axe_violations(page) == []
        page.click(f"[data-cell='{first_selectable(page)}']")
        assert axe_violations(page) == []
        page.click("[data-action='new-game']")
        page.wait_for_selector("dialog[open]")
        assert axe_violations(page) == []
    finally:
        context.close()


def test_corrupt_storage_starts_fresh(make_page, site):
    page, recorder = make_page()
    page.evaluate(
        "() => { for (const k of Object.keys(localStorage)) localStorage.setItem(k, '{not json');"
        " localStorage.setItem('nibble-web/session/v1', '{\"version\": 1, \"record\": 5}'); }"
    )
    page.reload()
    wait_engine(page)
    assert page.locator("[data-message]").count() >= 1
    assert page.locator("[data-cell]").count() > 0
    assert_clean(recorder, site)


def test_bad_url_parameters_give_a_message(make_page, site):
    page, recorder = make_page("?game=nibble&variant=nope&p2=robot&level=godlike")
    message = page.locator("[data-message]").first.inner_text()
    assert "nope" in message and "robot" in message
    assert page.locator("[data-cell]").count() > 0
    assert_clean(recorder, site)


def test_served_from_a_sub_path(make_page, site):
    page, recorder = make_page("?game=nibble&variant=square13&seed=3&p1=human&p2=human")
    assert urlparse(page.url).path == "/nibble/"
    assert page.locator("[data-cell]").count() == 169
    # blob: URLs are the page's own objects (its engine workers), not requests to a server
    paths = {urlparse(url).path for url in recorder.requests if not url.startswith("blob:")}
    assert all(path.startswith("/nibble/") for path in paths), paths
    assert "/nibble/pyodide/pyodide.asm.wasm" in paths
    build = json.loads(page.evaluate("fetch('build.json').then(r => r.text())"))
    assert f"/nibble/{build['python']['zip']}" in paths
    assert site.log and all(p.startswith("/nibble/") for p in site.log), site.log
    assert_clean(recorder, site)


def test_no_request_left_the_origin(all_requests, site):
    """Runs last: every request of every page of the session went to the site itself."""
    if not all_requests:
        import pytest

        pytest.skip("no page was opened in this session")
    foreign = foreign_requests(all_requests, site.url)
    assert foreign == [], foreign


#: timers the page sets over `ms` of being left alone (an init script's counter would also
#: count the boot's; this one starts now)
TIMERS_WHILE_IDLE = """(ms) => new Promise((resolve) => {
  const original = window.setTimeout;
  let set = 0;
  window.setTimeout = (fn, delay, ...args) => { set++; return original(fn, delay, ...args); };
  original(() => { window.setTimeout = original; resolve(set); }, ms);
})"""


def test_a_page_left_alone_sleeps(make_page):
    """A game of people waiting for its first move, the analysis waiting for the game's end
    (it helps only once it is over): left alone, the page wakes for the engine's heartbeat
    (every 4 s) and little else. Waiting, the analysis polled every 400 ms: 0.5 s of CPU
    every 30 s idle, against 0.5 s issue 47 allows (e2e/bench_phone.py measures it)."""
    page, recorder = make_page("?game=nibble&variant=square9&seed=7&p1=human&p2=human")
    wait_idle(page)
    page.wait_for_timeout(500)
    set_while_idle = page.evaluate(TIMERS_WHILE_IDLE, 6000)
    assert set_while_idle <= 6, set_while_idle
    assert recorder.errors == []
