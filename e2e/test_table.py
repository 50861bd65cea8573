"""Around the game (issue 34, the parts that landed): the address bar names the game
shown, the tab's title says "Your move" while the page is in the background, and the
Number One legend's words hold in both themes."""

from __future__ import annotations

from conftest import wait_engine, wait_idle

LINK = "?game=nibble&variant=square9&seed=3&p1=human&p2=human"
SELECTABLE = "[data-cell][data-selectable='true']"


def take_first(page) -> None:
    before = page.locator("#move-list .move").count()
    page.click(f"{SELECTABLE} >> nth=0")
    page.click("[data-action='confirm']:not([disabled])")
    page.wait_for_function(f"() => document.querySelectorAll('#move-list .move').length > {before}")
    wait_idle(page)


def games_saved(page) -> int:
    return page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.includes(':game:')).length")


def test_the_address_bar_names_the_game_shown_so_a_reload_resumes_it(make_page):
    page, recorder = make_page(LINK + "&lang=en")
    take_first(page)
    page.reload()  # the link's game, resumed (not a new one)
    wait_engine(page)
    assert page.locator("#move-list .move").count() == 1
    assert "game=nibble" in page.url
    # another game: the link leaves the address bar (the language stays)
    page.click("[data-action='new-game']")
    page.click("[data-dialog='start']")
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 0")
    wait_idle(page)
    take_first(page)
    take_first(page)
    page.wait_for_function("() => !location.search.includes('game=')")
    assert "lang=en" in page.url
    saved = games_saved(page)
    page.reload()  # resumes the game shown: two moves, no game added
    wait_engine(page)
    assert page.locator("#move-list .move").count() == 2
    assert games_saved(page) == saved
    assert recorder.errors == []


# the page believes it is in the background (a tab the player left), until told otherwise
HIDE = """() => {
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => "hidden"});
  Object.defineProperty(document, "hidden", {configurable: true, get: () => true});
  document.dispatchEvent(new Event("visibilitychange"));
}"""
SHOW = """() => {
  delete document.visibilityState;
  delete document.hidden;
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def test_the_tab_title_says_your_move_while_in_the_background(make_page):
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=ai&level=hard")
    title = page.title()
    assert not title.startswith("Your move")
    page.click(f"{SELECTABLE} >> nth=0")
    page.click("[data-action='confirm']:not([disabled])")
    page.wait_for_selector("html[data-thinking='true']")
    page.evaluate(HIDE)  # the player left while the computer thinks
    assert page.title() == title  # the computer to move: nothing to say yet
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 2", timeout=60_000)
    page.wait_for_function("() => document.title.startsWith('Your move — ')")
    page.evaluate(SHOW)
    page.wait_for_function(f"() => document.title === {title!r}")
    assert recorder.errors == []


def test_the_number_one_legend_names_tokens_without_a_colour(make_page):
    """Tokens are dark in the light theme and light in the dark one: the legend says
    what a token looks like, not its colour."""
    page, _ = make_page("?game=number-one&players=2")
    text = page.text_content("#game-panel") or ""
    assert "A filled dot in a hole is a token" in text, text
    assert "black" not in text.lower(), text


def colours(page) -> list:
    return page.evaluate("() => nibbleApp.state.view.board.cells.map(c => c.color ?? null)")


def test_play_this_board_again_and_rematch(make_page):
    """The same board: its seed, the same seats; a rematch: the seats swapped (the
    computer begins) and a new board; the new-game dialog offers the board's seed."""
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=ai&level=easy")
    assert page.text_content("#game-seed") == "Board no. 3"
    assert page.get_attribute("[data-seed]", "data-seed") == "3"
    board = colours(page)
    saved = games_saved(page)
    take_first(page)
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 2", timeout=30_000)
    wait_idle(page)
    page.click("[data-action='replay-board']")
    page.click("[data-action='replay-confirm']")  # asked first: the game is not over
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 0")
    wait_idle(page)
    assert colours(page) == board
    assert page.evaluate("() => nibbleApp.state.seats") == ["human", "ai"]
    assert games_saved(page) == saved + 1  # a game of its own; the first one kept
    page.click("[data-action='rematch']")
    page.wait_for_function("() => nibbleApp.state.record.options.seed !== 3")
    assert page.evaluate("() => nibbleApp.state.seats") == ["ai", "human"]
    # the computer begins now
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 1", timeout=30_000)
    wait_idle(page)
    seed = page.evaluate("() => nibbleApp.state.record.options.seed")
    page.click("[data-action='new-game']")
    page.wait_for_selector("#new-game-dialog[open]")
    assert page.input_value("#new-game-dialog input[name='seed']") == ""
    page.click("#new-game-dialog [data-action='use-seed']")
    assert page.input_value("#new-game-dialog input[name='seed']") == str(seed)
    page.click("#new-game-dialog [data-dialog='cancel']")
    assert recorder.errors == []


def test_a_rematch_confirmed_after_the_computer_answered_starts(make_page):
    """The computer's move that lands while "Start a rematch?" is open does not drop the
    rematch the player then confirms (it did: the game had changed under the question)."""
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=ai&level=hard")
    first = page.evaluate("() => nibbleApp.state.id")
    page.click(f"{SELECTABLE} >> nth=0")
    page.click("[data-action='confirm']:not([disabled])")
    page.click("[data-action='rematch']")  # while the computer thinks (1.5 s)
    page.wait_for_selector("[data-action='replay-confirm']")
    assert page.evaluate("() => nibbleApp.state.record.moves.length") == 1
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 2", timeout=30_000)
    page.click("[data-action='replay-confirm']")
    page.wait_for_function("(id) => nibbleApp.state.id !== id", arg=first)
    assert page.evaluate("() => nibbleApp.state.seats") == ["ai", "human"]
    assert recorder.errors == []


def test_the_result_dialog_offers_a_rematch(make_page):
    from test_review import link, random_game, try_move

    full = random_game("nibble", {"variant": "square9", "seed": 5}, seed=11)
    before_end = {**full, "moves": full["moves"][:-1]}
    page, recorder = make_page(link(before_end, ["human", "human"]))
    try_move(page, full["moves"][-1])
    page.wait_for_selector("#result-dialog[open]")
    buttons = page.eval_on_selector_all("#result-dialog button",
                                        "els => els.map(e => e.dataset.action)")
    assert set(buttons) == {"result-review", "result-rematch", "result-replay-board",
                            "result-new-game"}
    assert page.evaluate("() => document.activeElement.dataset.action") == "result-rematch"
    page.click("[data-action='result-replay-board']")
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 0")
    assert page.evaluate("() => nibbleApp.state.record.options.seed") == full["options"]["seed"]
    assert recorder.errors == []


def test_the_thirteen_colour_table_names_its_players(make_page):
    """13 colours leave the rows room for a dot only: the names are said under the table."""
    page, recorder = make_page("?game=nibble&variant=hex13&seed=4&p1=human&p2=ai&level=easy")
    key = page.locator("[data-seat-key]")
    assert key.is_visible()
    assert key.inner_text().split() == ["You", "Computer"]
    assert recorder.errors == []


def library_ids(page) -> list[str]:
    return page.eval_on_selector_all("#library-dialog [data-library-entry]",
                                     "els => els.map(e => e.dataset.gameId)")


def test_games_says_each_game_and_a_delete_can_be_undone(make_page, tmp_path):
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=ai&level=easy")
    take_first(page)
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 2", timeout=30_000)
    wait_idle(page)
    page.click("[data-action='new-game']")
    page.click("[data-dialog='start']")
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 0")
    wait_idle(page)
    page.click("[data-action='library']")
    page.wait_for_selector("#library-dialog[open]")
    assert len(library_ids(page)) == 2
    first = page.locator("[data-library-entry]").nth(1)  # the older game: newest first
    words = first.inner_text()
    assert "9 × 9 square" in words and "Board no. 3" in words
    assert "Against the computer (Easy)" in words
    assert "move 2" in words
    gone = first.get_attribute("data-game-id")
    # delete: at once, with Undo in Games
    first.locator("[data-action='library-delete']").click()
    assert gone not in library_ids(page)
    assert games_saved(page) == 1
    page.click("#library-dialog [data-action='library-undo']")
    page.wait_for_function(
        f"() => document.querySelector(\"[data-library-entry][data-game-id='{gone}']\")")
    assert games_saved(page) == 2
    # deleted, then Games closed: the Undo follows on the page
    page.locator(f"[data-library-entry][data-game-id='{gone}'] "
                 "[data-action='library-delete']").click()
    page.keyboard.press("Escape")
    page.click("[data-message] [data-action='library-undo']")
    page.wait_for_function("() => Object.keys(localStorage).filter("
                           "k => k.includes(':game:')).length === 2")
    # Save all, then Open all in a fresh profile: the same two games; again: nothing added
    page.click("[data-action='library']")
    with page.expect_download() as download:
        page.click("[data-action='library-save-all']")
    path = tmp_path / "games.json"
    download.value.save_as(path)
    other, other_recorder = make_page()
    other.click("[data-action='library']")
    for added in ("Games added: 2.", "Games added: 0."):
        with other.expect_file_chooser() as chooser:
            other.click("[data-action='library-open-all']")
        chooser.value.set_files(str(path))
        other.wait_for_selector(f"#library-dialog .library-notice:has-text('{added}')")
    assert len(library_ids(other)) == 3  # its own new game and the two opened
    assert recorder.errors == [] and other_recorder.errors == []


def test_a_filter_appears_once_games_are_many(make_page):
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=ai&level=easy")
    page.click("[data-action='library']")
    assert page.is_hidden("input[name='library-filter']")
    page.keyboard.press("Escape")
    # 24 more games: copies of this one, on other boards, one of them against a friend
    page.evaluate("""() => {
      const key = Object.keys(localStorage).find(k => k.includes(':game:'));
      const entry = JSON.parse(localStorage.getItem(key));
      for (let i = 0; i < 24; i++) {
        const copy = structuredClone(entry);
        copy.record.options.seed = 100 + i;
        if (i === 7) { copy.seats = ['human', 'human'];
                       copy.link = {id: 'x1', me: 0, names: ['Ana', 'Zoltan']}; }
        localStorage.setItem(key.replace(/[^:]+$/, 'copy' + i), JSON.stringify(copy));
      }
    }""")
    page.click("[data-action='library']")
    page.fill("input[name='library-filter']", "zoltan")
    rows = page.locator("[data-library-entry]")
    assert rows.count() == 1
    assert "Against Zoltan, by link" in rows.first.inner_text()
    page.fill("input[name='library-filter']", "board no. 10")  # 100 … 109
    assert rows.count() == 10
    assert recorder.errors == []


def test_resign_asks_then_ends_the_game_for_good(make_page):
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=ai&level=easy")
    take_first(page)
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 2", timeout=30_000)
    wait_idle(page)
    # asked first: Cancel (the focused choice) changes nothing
    page.click("[data-action='resign']")
    page.wait_for_selector("#confirm-dialog[open]")
    assert page.evaluate("() => document.activeElement.dataset.dialog") == "cancel"
    page.keyboard.press("Enter")
    page.wait_for_selector("#confirm-dialog", state="hidden")
    assert page.evaluate("() => nibbleApp.state.view.result") is None
    page.click("[data-action='resign']")
    page.click("[data-action='resign-confirm']")
    page.wait_for_selector("#result-dialog[open]")
    assert "You resigned." in page.text_content("#result-dialog")
    page.click("[data-action='result-review']")
    assert page.get_attribute("[data-result]", "data-winner") == "1"
    assert page.is_hidden("[data-action='resign']")
    assert page.is_disabled("[data-action='undo']")  # a resignation is final
    saved = page.evaluate("""() => JSON.parse(localStorage.getItem(Object.keys(localStorage)
        .find(k => k.endsWith(':game:' + nibbleApp.state.id))))""")
    assert saved["record"]["resigned"] == 0 and saved["summary"]["winner"] == 1
    page.reload()  # kept as the game's result
    wait_engine(page)
    assert page.get_attribute("[data-result]", "data-winner") == "1"
    # the moves before it are reviewed as they were
    page.click("[data-action='review-prev']")
    page.wait_for_function("() => document.documentElement.dataset.ply === '1'")
    assert page.locator("[data-result]:visible").count() == 0 or \
        page.evaluate("() => nibbleApp.state.review.view.result") is None
    assert recorder.errors == []


def resign_now(page) -> None:
    page.click("[data-action='resign']")
    page.click("[data-action='resign-confirm']")
    page.wait_for_selector("#result-dialog[open]")


def test_your_record_against_a_level_counts_each_game_once(make_page):
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=ai&level=easy")
    resign_now(page)
    page.reload()  # the finished game again: not counted twice
    wait_engine(page)
    page.click("[data-action='new-game']")
    record = page.locator("#new-game-dialog [data-your-record]")
    assert record.get_attribute("data-lost") == "1" and record.get_attribute("data-won") == "0"
    assert "You: 0 won, 1 lost" in record.inner_text()
    # another level, another board: nothing yet
    page.select_option("#ng-level", "hard")
    assert record.get_attribute("data-lost") == "0"
    page.select_option("#ng-level", "easy")
    page.select_option("#new-game-dialog select[name='variant']", "hex13")
    assert record.get_attribute("data-lost") == "0"
    page.select_option("#new-game-dialog select[name='variant']", "square9")
    page.click("[data-dialog='cancel']")
    # four more: a performance rating (the level's rating, 400 below for all lost)
    for _ in range(4):
        page.click("[data-action='rematch']")
        page.wait_for_function("() => !nibbleApp.state.view.result")
        wait_idle(page)
        if page.is_visible("#result-dialog[open]"):
            page.click("[data-action='result-review']")
        resign_now(page)
        page.click("[data-action='result-review']")
    page.click("[data-action='new-game']")
    assert record.get_attribute("data-lost") == "5"
    rating = int(page.get_attribute("#ng-level-rating", "data-rating"))
    assert f"performance {rating - 400}" in record.inner_text()
    # reset (asked first): forgotten
    page.click("[data-action='record-reset']")
    page.click("[data-action='record-reset-confirm']")
    page.wait_for_selector("#new-game-dialog [data-your-record][data-lost='0']")  # once asked
    assert "not played this level" in record.inner_text()
    assert recorder.errors == []


def test_the_opponents_move_sounds_only_once_switched_on(make_page):
    page, recorder = make_page("?game=nibble&variant=square9&seed=3&p1=human&p2=ai&level=easy")
    take_first(page)
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 2", timeout=30_000)
    wait_idle(page)
    assert page.get_attribute("html", "data-sound") == "off"  # off by default
    assert page.get_attribute("html", "data-sounds") is None
    page.click("[data-action='settings']")
    page.click("label[for='setting-sound']")
    page.keyboard.press("Escape")
    take_first(page)
    page.wait_for_function("() => nibbleApp.state.record.moves.length === 4", timeout=30_000)
    wait_idle(page)
    assert page.get_attribute("html", "data-sounds") == "1"  # the computer's, not the player's
    # kept for the next visit
    page.reload()
    wait_engine(page)
    assert page.get_attribute("html", "data-sound") == "on"
    assert recorder.errors == []


def test_a_shared_board_turns_to_the_player_to_move_when_asked(make_page):
    page, recorder = make_page(LINK)  # two people on this device
    page.emulate_media(reduced_motion="reduce")  # no turning motion: boxes measured at once
    take_first(page)
    assert page.get_attribute("#board svg", "data-turn") is None  # off by default
    page.click("[data-action='settings']")
    page.click("label[for='setting-turn']")
    page.keyboard.press("Escape")
    page.wait_for_selector("#board svg[data-turn='180']")  # Player 2 to move: upside down
    a1 = page.locator("[data-cell='a1']").bounding_box()
    i9 = page.locator("[data-cell='i9']").bounding_box()
    assert a1["y"] > i9["y"] and a1["x"] > i9["x"]  # a1 (top left) at the bottom right now
    # the labels stay upright (each cell turns back), clicks and the keyboard still work:
    # the arrow keys go where they point on screen
    assert page.evaluate("""() => getComputedStyle(document.querySelector("[data-cell='e5']"))
        .transform""") != "none"
    page.locator("[data-cell='e5']").focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.cell") == "d5"
    take_first(page)
    page.wait_for_selector("#board svg[data-turn='0']")  # back to Player 1
    # a game against the computer never turns
    page.goto(page.url.split("?")[0] + "?game=nibble&variant=square9&seed=3&p1=ai&p2=human")
    wait_engine(page)
    assert page.get_attribute("#board svg", "data-turn") in (None, "0")
    # Number One: a player's side is their start corner (Player 1: the top-left one)
    page.goto(page.url.split("?")[0] + "?game=number-one&players=2&seed=4&p1=human&p2=human")
    wait_engine(page)
    page.wait_for_selector("#board svg[data-turn='210']")
    assert recorder.errors == []
