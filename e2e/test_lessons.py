"""Rule lessons in the page (issue 45 part 8; web/puzzles/ctrl.js plays them as puzzles of
one move, web/view/puzzle.js draws their panel), driven as a newcomer does: from the
rules sheet and from the first visit's offer, every lesson of every game played to its
end on the board (a capture by its rectangle, the swap by its button), a wrong move said
with the lesson's reason, then a hint, the solution and the next lesson; what is done is
remembered; a lesson link opens it, in the page's language, and a damaged one is said."""

from __future__ import annotations

import pytest
from conftest import AXE, axe_violations, wait_engine, wait_idle
from test_puzzles import play

from nibble.core.record import replay
from nibble.puzzles.lessons import lessons_file

LESSONS = {game: lessons_file(game)["lessons"]
           for game in ("nibble", "nebuchadnezzar", "number-one")}
PEOPLE = {
    "nibble": "?game=nibble&variant=square9&seed=3&p1=human&p2=human",
    "nebuchadnezzar": "?game=nebuchadnezzar&size=6&p1=human&p2=human",
    "number-one": "?game=number-one&players=3&p1=human&p2=human&p3=human",
}
KEY = "nibble:/nibble/:lessons"


def wait_lesson(page, lesson_id: str, state: str) -> None:
    page.wait_for_selector(
        f"html[data-mode='puzzle'][data-lesson='{lesson_id}'][data-puzzle-state='{state}']")
    wait_idle(page)


def game_shown(page) -> str:
    return page.evaluate("() => JSON.stringify(window.nibbleApp.state.record)")


@pytest.mark.parametrize("game", sorted(LESSONS))
def test_every_lesson_from_the_rules_to_the_end_and_remembered(make_page, game):
    page, recorder = make_page(PEOPLE[game])
    page.click("[data-action='walkthrough-close']")
    before = game_shown(page)
    page.click("[data-action='rules']")
    page.wait_for_selector("#rules-dialog[open] .rules-content")
    page.click("#rules-dialog [data-action='rules-lessons']")
    lessons = LESSONS[game]
    for i, lesson in enumerate(lessons):
        wait_lesson(page, lesson["id"], "solving")
        kind = page.locator("#puzzle-panel .puzzle-kind").inner_text()
        assert kind.startswith(f"Lesson {i + 1} of {len(lessons)}")
        # the status line asks what the lesson asks (its goal, its cell filled in)
        status = page.inner_text("#status-text")
        assert status and "{" not in status
        if "cell" in lesson["params"]:
            assert lesson["params"]["cell"] in status
        play(page, lesson["accept"][-1])  # any answer is right, not only the first
        wait_lesson(page, lesson["id"], "solved")
        assert page.inner_text("#status-text").startswith("Right!")
        # ticked in the list at once
        item = page.locator(f"[data-lesson-list] li:nth-child({i + 1})[data-lesson-done]")
        assert item.count() == 1
        label = page.inner_text("#puzzle-card [data-action='puzzle-next']")
        assert label == ("Next lesson" if i + 1 < len(lessons) else "Back to the game")
        page.click("#puzzle-card [data-action='puzzle-next']")
    page.wait_for_function("() => !document.documentElement.dataset.lesson")
    assert page.get_attribute("html", "data-mode") != "puzzle"
    assert game_shown(page) == before  # the game underneath, untouched
    done = page.evaluate(f"() => JSON.parse(localStorage.getItem('{KEY}')).done['{game}']")
    assert done == [x["lesson"] for x in lessons]
    # remembered: a reload, the lessons again: all ticked, the first one shown
    page.reload()
    wait_engine(page)
    page.click("[data-action='rules']")
    page.wait_for_selector("#rules-dialog[open] .rules-content")
    page.click("#rules-dialog [data-action='rules-lessons']")
    wait_lesson(page, lessons[0]["id"], "solving")
    assert page.locator("[data-lesson-list] li[data-lesson-done]").count() == len(lessons)
    assert recorder.errors == []


def a_wrong_move(lesson: dict) -> str:
    state = replay(lesson["record"])
    moves = [state.move_to_str(x) for x in state.legal_moves()]
    return next(m for m in moves if m not in lesson["accept"])


def test_a_wrong_move_is_said_with_the_lessons_reason_then_hint_solution_and_next(make_page):
    page, recorder = make_page(PEOPLE["nibble"])
    # the first visit's offer leads to the lessons as well, and counts as seen
    page.click("[data-walkthrough] [data-action='lessons']")
    first, second = LESSONS["nibble"][:2]
    wait_lesson(page, first["id"], "solving")
    assert page.locator("[data-walkthrough]").count() == 0
    assert page.evaluate("() => localStorage.getItem('nibble:/nibble/:walkthrough')") == "done"
    wrong = a_wrong_move(first)
    play(page, wrong)
    wait_lesson(page, first["id"], "failed")
    status = page.inner_text("#status-text")
    assert status.startswith(f"Not this one: {wrong}.") and "pick all three" in status
    assert page.inner_text("#puzzle-card [data-action='puzzle-next']") == "Next lesson"
    page.click("[data-action='puzzle-retry']")
    wait_lesson(page, first["id"], "solving")
    page.click("[data-action='puzzle-hint']")
    cells = page.evaluate("(m) => window.nibbleApp.state.picker.forMove(m).pick", first["line"][0])
    assert page.evaluate("() => window.nibbleApp.puzzles.current.hint")[0] in cells
    page.click("[data-action='puzzle-solution']")
    page.wait_for_selector("html[data-puzzle-state='failed']")
    wait_idle(page)
    # the solution is played, and the lesson is not ticked (it was shown, not found)
    played = page.evaluate("() => window.nibbleApp.puzzles.current.record.moves")
    assert played == first["record"]["moves"] + first["line"]
    assert page.locator("[data-lesson-list] li[data-lesson-done]").count() == 0
    page.click("#puzzle-card [data-action='puzzle-next']")
    wait_lesson(page, second["id"], "solving")
    # a lesson of the list opens from the panel
    page.click(f"[data-action='lesson-open'][data-lesson='{first['lesson']}']")
    wait_lesson(page, first["id"], "solving")
    current = "[data-action='lesson-open'][aria-current='step']"
    assert page.get_attribute(current, "data-lesson") == first["lesson"]
    assert recorder.errors == []


def test_a_lesson_link_opens_in_the_pages_language_and_a_damaged_one_is_said(make_page):
    swap = next(x for x in LESSONS["nebuchadnezzar"] if x["lesson"] == "swap")
    page, recorder = make_page(f"?lesson={swap['id']}&lang=uk")
    wait_lesson(page, swap["id"], "solving")
    assert "Обмінятися кольорами" in page.inner_text("#status-text")
    assert page.locator("#puzzle-panel h2").inner_text().lower().startswith("уроки:")
    # the address keeps the lesson (a reload opens it again)
    assert f"lesson={swap['id']}" in page.url
    play(page, "swap")
    wait_lesson(page, swap["id"], "solved")
    assert page.inner_text("#status-text").startswith("Правильно!")
    page.click("#review-back")  # "Back to the game"
    page.wait_for_function("() => document.documentElement.dataset.mode !== 'puzzle'")
    assert "lesson=" not in page.url
    # a lesson that is not there, and one that cannot be an id: said, the game as it was
    for query, said in (("?lesson=nibble-nope", "There is no lesson “nibble-nope” here."),
                        ("?lesson=%3Cb%3E", "There is no lesson")):
        page, recorder = make_page(query)
        page.wait_for_selector("[data-message='error']")
        assert said in page.inner_text("[data-message='error']")
        assert page.get_attribute("html", "data-mode") != "puzzle"
        assert recorder.errors == []


def test_axe_finds_nothing_in_a_lesson(new_context, site):
    """A lesson with a done one in its list, light and dark, and on a phone, before and
    after a wrong move."""
    if not AXE.exists():
        pytest.skip("node_modules/axe-core is missing (run `npm ci`)")
    lesson = LESSONS["number-one"][1]
    for viewport, scheme in (({"width": 1200, "height": 900}, "light"),
                             ({"width": 1200, "height": 900}, "dark"),
                             ({"width": 360, "height": 740}, "light")):
        context = new_context(bypass_csp=True, viewport=viewport, color_scheme=scheme)
        try:
            page = context.new_page()
            page.goto(site.url + "build.json")  # the origin, for its storage: no page load
            done = {"version": 1, "done": {"number-one": ["token"]}}
            page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify(v))", [KEY, done])
            page.goto(site.url + f"?lesson={lesson['id']}")
            wait_lesson(page, lesson["id"], "solving")
            assert page.locator("[data-lesson-list] li[data-lesson-done]").count() == 1
            assert axe_violations(page) == [], (viewport, scheme, "solving")
            play(page, a_wrong_move(lesson))
            wait_lesson(page, lesson["id"], "failed")
            assert axe_violations(page) == [], (viewport, scheme, "failed")
        finally:
            context.close()
