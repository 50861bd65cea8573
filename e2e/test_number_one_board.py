"""Number One's board speaks its notation (issue 43): the coordinates drawn are those of
the notation, a computer's whole turn is shown move by move, a peg that can move and a
turned peg have different marks, and the side panel says how one wins and how one is out."""

from __future__ import annotations

import base64
import json
import math

import pytest
from conftest import wait_engine, wait_idle

# the board's SVG: every hole's centre and every coordinate label, in the SVG's own units
GEOMETRY = """() => {
  const holes = [...document.querySelectorAll('svg.board [data-cell]')].map((g) => {
    const slot = g.querySelector('.slot');
    return {id: g.dataset.cell, x: +slot.getAttribute('cx'), y: +slot.getAttribute('cy')};
  });
  const labels = [...document.querySelectorAll('svg.board .coords text')].map((t) => (
    {text: t.textContent, x: +t.getAttribute('x'), y: +t.getAttribute('y')}));
  const playable = nibbleApp.state.view.board.cells.filter((c) => c.playable).map((c) => c.id);
  return {holes, labels, playable};
}"""


def notation(hole: str) -> tuple[str, int]:
    return hole[0], int(hole[1:])


def nearest_on_line(origin, direction, labels, step):
    """The label nearest to `origin` among those on the ray from it along `direction`
    (within a quarter step of the line), or None."""
    dx, dy = direction
    norm = math.hypot(dx, dy)
    ux, uy = dx / norm, dy / norm
    best = None
    for label in labels:
        px, py = label["x"] - origin[0], label["y"] - origin[1]
        along = px * ux + py * uy
        off = abs(px * uy - py * ux)
        if along > 0 and off < step / 4 and (best is None or along < best[0]):
            best = (along, label)
    return best[1] if best else None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_playable_hole_is_named_by_the_labels_of_its_file_and_row(make_page, players):
    page, recorder = make_page(f"?game=number-one&players={players}&seed=1"
                               f"&p1=human&p2=human{'&p3=human' if players > 2 else ''}"
                               f"{'&p4=human' if players > 3 else ''}")
    geo = page.evaluate(GEOMETRY)
    at = {h["id"]: (h["x"], h["y"]) for h in geo["holes"]}
    step = math.dist(at["a6"], at["b6"])
    letters = [lab for lab in geo["labels"] if lab["text"].isalpha()]
    numbers = [lab for lab in geo["labels"] if lab["text"].isdigit()]
    playable = geo["playable"]
    assert len(playable) == (91 if players == 4 else 61)
    # a label for every file and row with holes in play, and for nothing else
    files = {notation(h)[0] for h in playable}
    rows = {notation(h)[1] for h in playable}
    assert {lab["text"] for lab in letters} == files
    assert {int(lab["text"]) for lab in numbers} == rows
    assert len(numbers) == len(rows) and len(letters) == 2 * len(files)  # a file: both ends
    by_file: dict[str, list[str]] = {}
    for hole in at:
        by_file.setdefault(notation(hole)[0], []).append(hole)
    for holes in by_file.values():
        holes.sort(key=lambda h: notation(h)[1])
    for hole in playable:
        letter, row = notation(hole)
        # its row: the nearest number on the row's line, to the left, is the row's
        label = nearest_on_line(at[hole], (-1, 0), numbers, step)
        assert label and int(label["text"]) == row, (hole, label)
        # its file: from the hole, the holes of its letter run straight to the board's
        # edge one way or both (the line of a file bends at the middle row); the nearest
        # letter beyond that edge, on that line, is the hole's
        line = by_file[letter]
        i = line.index(hole)
        reached = 0
        for way in (-1, 1):
            run = [at[h] for h in (line[i::-1] if way < 0 else line[i:])]
            back = line[i - way] if 0 <= i - way < len(line) else None
            if len(run) >= 2:
                d = (run[1][0] - run[0][0], run[1][1] - run[0][1])
            elif back:  # the hole ends its file: the line goes on from its neighbour
                d = (run[0][0] - at[back][0], run[0][1] - at[back][1])
            else:
                continue
            straight = all(math.isclose(b[0] - a[0], d[0], abs_tol=0.5) and
                           math.isclose(b[1] - a[1], d[1], abs_tol=0.5)
                           for a, b in zip(run, run[1:], strict=False))
            if not straight:
                continue
            reached += 1
            label = nearest_on_line(at[hole], d, letters, step)
            assert label and label["text"] == letter, (hole, way, label)
            # one step beyond the file's last hole on this line
            end = run[-1]
            assert math.dist((label["x"], label["y"]), (end[0] + d[0], end[1] + d[1])) < 1, hole
        assert reached or len(line) == 1, hole
        if len(line) == 1:  # k6: the only hole of its file, labelled beyond it both ways
            near = [lab for lab in letters if lab["text"] == letter]
            assert all(math.dist(at[hole], (lab["x"], lab["y"])) < 1.1 * step for lab in near)
    # the labels lie outside the board, none on another
    for label in geo["labels"]:
        assert min(math.dist((label["x"], label["y"]), p) for p in at.values()) > step * 0.9
    for a in geo["labels"]:
        for b in geo["labels"]:
            if a is not b:
                assert math.dist((a["x"], a["y"]), (b["x"], b["y"])) > step * 0.9, (a, b)
    # and inside the drawing
    box = page.evaluate("() => { const b = document.querySelector('svg.board').viewBox.baseVal;"
                        " return [b.x, b.y, b.x + b.width, b.y + b.height]; }")
    for label in geo["labels"]:
        assert box[0] + 8 < label["x"] < box[2] - 8 and box[1] + 8 < label["y"] < box[3] - 8
    assert recorder.errors == []


# every ~30 ms and at every change: the paths of the last turn drawn, the status line, and
# whether this device's player is to move
WATCH = """() => {
  window.turnLog = [];
  const look = () => {
    const app = window.nibbleApp;
    const view = app?.state?.view;
    if (!view) return;
    const paths = [...document.querySelectorAll('svg.board polyline.ov-path.tone-last')]
      .map((p) => p.dataset.name);
    const status = document.getElementById('status-text')?.textContent || '';
    const entry = {t: performance.now(), paths, status, ply: view.ply,
                   human: app.state.seats[view.to_move] === 'human'};
    const last = window.turnLog[window.turnLog.length - 1];
    if (!last || JSON.stringify([last.paths, last.status, last.human, last.ply]) !==
        JSON.stringify([paths, status, entry.human, entry.ply])) window.turnLog.push(entry);
  };
  new MutationObserver(look).observe(document,
    {subtree: true, childList: true, characterData: true, attributes: true});
  setInterval(look, 30);
}"""

COMPUTER_FIRST = "?game=number-one&players=2&seed=1&p1=ai&p2=human&level=easy"


def computer_turn(new_context, site, reduced: bool):
    context = new_context(viewport={"width": 1200, "height": 900},
                                  reduced_motion="reduce" if reduced else "no-preference")
    # watched from the page's first moment: the computer moves as soon as the engine is up
    context.add_init_script(f"({WATCH})()")
    page = context.new_page()
    page.goto(site.url + COMPUTER_FIRST)
    wait_engine(page)
    # the computer's three moves, then this player's turn shown
    page.wait_for_function("() => nibbleApp.state.view.ply >= 3 && !nibbleApp.state.thinking",
                           timeout=60_000)
    wait_idle(page)
    page.wait_for_timeout(1600)
    view = page.evaluate("() => nibbleApp.state.view")
    log = page.evaluate("() => window.turnLog")
    context.close()
    return view, log


def said(move: dict) -> str:
    """How the status line names a move's holes (English): "from b2 to c3", "on b2"."""
    cells = move["cells"]
    return f"on {cells[0]}" if move["move"].endswith("x") else f"from {cells[0]} to {cells[-1]}"


@pytest.mark.timed  # 400 ms a step
def test_a_computer_turn_of_three_moves_is_shown_move_by_move(new_context, site):
    view, log = computer_turn(new_context, site, reduced=False)
    turn = view["last_turn"]
    assert view["ply"] == 3 and [m["seat"] for m in turn] == [0, 0, 0]
    names = [m["move"] for m in turn]
    # once it is this player's move: one path, then two, then three, in the turn's order
    mine = [e for e in log if e["human"] and e["ply"] == 3]
    steps = []
    for e in mine:
        if not steps or e["paths"] != steps[-1]["paths"]:
            steps.append(e)
    drawn = [s["paths"] for s in steps]
    assert drawn == [names[:1], names[:2], names[:3]], drawn
    # each move named on the status line as its path is drawn, after the ones before
    for k, s in enumerate(steps):
        for i, move in enumerate(turn):
            assert (said(move) in s["status"]) == (i <= k), (k, said(move), s["status"])
    gaps = [b["t"] - a["t"] for a, b in zip(steps, steps[1:], strict=False)]
    assert all(300 < g < 1200 for g in gaps), gaps  # 400 ms a step, on a loaded machine


def test_with_reduced_motion_the_whole_turn_is_shown_at_once(new_context, site):
    view, log = computer_turn(new_context, site, reduced=True)
    names = [m["move"] for m in view["last_turn"]]
    mine = [e for e in log if e["human"] and e["ply"] == 3]
    assert mine and all(e["paths"] == names for e in mine), [e["paths"] for e in mine]
    for move in view["last_turn"]:
        assert said(move) in mine[0]["status"]


# Player 1 to move with all three pegs, the medium one turned; Player 2's large one too
TURNED = {"format": "nibble-record/1", "game": "number-one", "options": {},
          "setup": "one3:------/-..ooo-/-.ooooo-/-ooooooo-/-ooooooo.-/-oooooooo.-/-ooooooo.-/"
                   "-ooooooo-/-.ooooo-/-..ooo-/------ Sb2,Mb3*,Lc2/Sj6,Mi5,Li7*/Sb10,Mc10,Lb9 1: -",
          "moves": []}


def test_a_peg_that_can_move_and_a_turned_peg_have_different_marks(make_page):
    payload = json.dumps({"record": TURNED, "seats": ["human", "ai", "ai"]}).encode()
    page, recorder = make_page("#record=" + base64.urlsafe_b64encode(payload).decode().rstrip("="))
    look = """(id) => { const g = document.querySelector(`[data-cell='${id}']`);
      const s = (sel, prop) => getComputedStyle(g.querySelector(sel))[prop];
      return {selectable: g.dataset.selectable,
              ring: s('.mark', 'display') !== 'none' && s('.mark', 'stroke') !== 'none'
                ? s('.mark', 'strokeDasharray') : null,
              bar: s('.turned', 'display') !== 'none', outline: s('.disc', 'strokeDasharray')}; }"""
    upright, turned, theirs, other = (page.evaluate(look, c) for c in ("b2", "b3", "i7", "i5"))
    # can move: a dashed ring around the peg; turned: a bar under its number, no dashes
    assert upright["selectable"] == turned["selectable"] == "true"
    assert upright["ring"] not in (None, "none") and not upright["bar"]
    assert turned["bar"] and turned["outline"] in ("none", "")
    assert turned["ring"] == upright["ring"]  # a turned peg that can move wears both
    # another player's pegs: no ring; the turned one has its bar only
    assert theirs["selectable"] == "false" and theirs["ring"] is None and theirs["bar"]
    assert theirs["outline"] in ("none", "")
    assert other["ring"] is None and not other["bar"]
    # the panel's chips and the legend say the same
    assert page.locator(".player-row[data-seat='0'] .peg-chip.size-M.turned").count() == 1
    swatches = page.evaluate("""() => [
      ...document.querySelectorAll('.legend[data-legend="number-one"] li')]
      .map((li) => ({text: li.textContent, bar: !!li.querySelector('.turned'),
                     dashed: getComputedStyle(li.querySelector('.mark')).strokeDasharray}))""")
    can, bar = swatches[0], next(s for s in swatches if s["bar"])
    assert can["dashed"] not in ("", "none") and not can["bar"]
    assert bar["text"] == "turned peg" and bar is not can
    assert recorder.errors == []


@pytest.mark.parametrize("lang, win, out", [
    ("en", "last player still in wins", "small peg leaves the board"),
    ("ko", "마지막까지 남은 플레이어가 이깁니다", "작은 말이 판에서 나가면"),
    ("uk", "Виграє останній гравець", "малий кілок залишає дошку"),
])
def test_the_panel_says_how_one_wins_and_how_one_is_out(make_page, lang, win, out):
    page, recorder = make_page(
        f"?game=number-one&players=3&seed=1&p1=human&p2=ai&p3=ai&lang={lang}")
    goal = page.locator("#game-panel [data-goal]")
    assert goal.count() == 1
    text = goal.text_content()
    assert win in text and out in text
    # two lines, above the players
    assert goal.locator("span").count() == 2
    assert page.evaluate("() => { const g = document.querySelector('#game-panel [data-goal]');"
                         " return g.compareDocumentPosition(document.querySelector('.player-row'))"
                         " & Node.DOCUMENT_POSITION_FOLLOWING; }")
    assert recorder.errors == []
