"""web/styles.css animates no board part that every cell has: a transition or animation on
every disc (or slot, or label) made Chromium composite each animated disc as a layer of
its own, and a move cost the browser twice the CPU to draw (docs/web.md, "Benchmark",
draw). An animation of a few cells (the last move's discs, a hint) is fine: its selector
picks those cells by an attribute or a class of their own."""

from __future__ import annotations

import re
from pathlib import Path

STYLES = Path(__file__).resolve().parent.parent / "web" / "styles.css"
#: the parts every cell of a board draws
PARTS = ("disc", "slot", "disc-label", "mark")
ANIMATING = re.compile(r"(?:^|;)\s*(transition|animation)(?:-[a-z-]+)?\s*:\s*([^;]+)")


def rules(css: str) -> list[tuple[str, str, str]]:
    """Every (enclosing at-rule, selector list, declarations) of a stylesheet, comments
    left out (one level of at-rule nesting, as styles.css has)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    out: list[tuple[str, str, str]] = []
    stack: list[str] = []
    start = 0
    for i, ch in enumerate(css):
        if ch == "{":
            stack.append(css[start:i].strip())
            start = i + 1
        elif ch == "}":
            body = css[start:i]
            head = stack.pop() if stack else ""
            if not head.startswith("@"):
                out.append((stack[-1] if stack else "", head, body))
            start = i + 1
    return out


def animates_every_cell(selector: str) -> bool:
    """Does this selector reach a part of every cell: its last compound is one of PARTS and
    the cell's compound (if named) picks no cells of its own (no attribute, class or
    pseudo-class), nor does anything before it but the board and its root."""
    compounds = selector.split()
    last = compounds[-1]
    if not any(re.fullmatch(rf"\.{p}(?:::?[a-z-]+)?", last) for p in PARTS):
        return False
    for compound in compounds[:-1]:
        if compound.startswith(".cell") and compound != ".cell":
            return False  # .cell[data-marked="true"], .cell.tour-spot: some cells only
        if not re.fullmatch(r"(?:html|\.board(?:-[a-z]+)?|\.board-root|\.cell|\.board-points"
                            r"|\.board-holes|\.board-hex)", compound):
            return False  # a state of the board (.board.arrive, .board.picking) or a mode
    return True


def test_no_part_of_every_cell_is_animated() -> None:
    found = []
    for media, selectors, body in rules(STYLES.read_text()):
        if "prefers-reduced-motion: reduce" in media:
            continue
        animated = [m.group(0).strip(" ;") for m in ANIMATING.finditer(body)
                    if m.group(2).strip() not in ("none", "none !important")]
        if not animated:
            continue
        for selector in selectors.split(","):
            if animates_every_cell(selector.strip()):
                found.append((selector.strip(), animated))
    assert found == [], found


def test_the_check_sees_an_animated_disc() -> None:
    """The check would have caught the fade it stands for, and lets a few cells animate."""
    css = (".cell .slot { fill: red; transition: fill 0.15s; }\n"
           "@media (prefers-reduced-motion: no-preference) {\n"
           "  .board.arrive .cell[data-marked=\"true\"] .disc { animation: arrive 0.5s; }\n"
           "  .cell .disc { stroke: red; transition: opacity 0.15s; } }\n")
    hits = [s for media, sels, body in rules(css) if ANIMATING.search(body)
            for s in sels.split(",") if animates_every_cell(s.strip())]
    assert hits == [".cell .slot", ".cell .disc"]
