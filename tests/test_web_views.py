"""The page's views (web/view/, docs/web.md "Modules") are functions of the state that write
the DOM and decide nothing: no module of web/view/ writes the page state. A view may be
given controllers and call them (a move of the move list asks the navigation to go there);
what it may not do is change the state itself."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VIEWS = ROOT / "web" / "view"
#: a write to the state or to one of its fields, however deep: ``state.x = …``, ``+=`` and
#: the other assignments, ``++`` and ``--`` either side, ``delete``, the mutating methods
#: of an array, Object.assign; ``app.state.x`` and a destructured ``state`` alike
FIELD = r"\bstate(?:\.\w+|\[[^\]]*\]|\?\.\w+)+"
WRITES = [
    re.compile(FIELD + r"\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?!=)"),
    re.compile(FIELD + r"\s*(?:\+\+|--)"),
    re.compile(r"(?:\+\+|--)\s*" + FIELD),
    re.compile(r"\bdelete\s+" + FIELD),
    re.compile(FIELD + r"\.(?:push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin)\("),
    re.compile(r"Object\.assign\(\s*(?:app\.)?state\b"),
]


def state_writes(text: str) -> list[str]:
    """The lines of ``text`` that write the state."""
    return [line.strip() for line in text.splitlines()
            if any(pattern.search(line) for pattern in WRITES)]


def test_the_views_write_no_state() -> None:
    views = sorted(VIEWS.glob("*.js"))
    assert {"render.js", "review.js", "chart.js"} <= {p.name for p in views}
    written = {p.name: state_writes(p.read_text(encoding="utf-8")) for p in views}
    assert not any(written.values()), {name: lines for name, lines in written.items() if lines}


def test_the_check_sees_every_kind_of_write() -> None:
    writes = ["state.review = null;", "app.state.sel = EMPTY;", "state.generation++;",
              "++state.generation;", "state.redo.push(move);", "state.pace += 100;",
              "state.hint ??= null;", "delete state.link.names;", "Object.assign(state, x);",
              "state.sel.pick[0] = id;", "state['busy'] = true;"]
    reads = ["const x = state.review?.view ?? state.view;", "if (state.busy === true) {",
             "state.view !== view", "state.seats.filter((s) => s === 'ai')",
             "const moves = [...state.record.moves];", "a <= state.pace"]
    assert [w for w in writes if not state_writes(w)] == []
    assert [r for r in reads if state_writes(r)] == []
