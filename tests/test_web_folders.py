"""web/'s folders stand on each other (docs/web.md, "Modules"): the graph of imports between
folders has no cycle, and every import goes down the floors written in docs/web.md. The
page's twin of tests/test_import_cycles.py; ``root.js`` (the site's root URL) may be
imported by every folder, and the top level's ``app.js`` imports from every floor. A type
named in a JSDoc comment is no import: the browser never loads it."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
#: static imports, re-exports and dynamic ``import("…")`` with a relative path
SPEC = re.compile(r'''(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}/[^"']+)["']''', re.M)
#: the floors, lowest first: a folder imports only from floors below its own
FLOORS = ["i18n", "store", "rooms", "ui", "board", "games", "engine", "view", "session", "review",
          "puzzles", "panels", "shell"]
#: what may be imported from anywhere
EVERYONE = {"root.js"}


def folder_of(path: str) -> str:
    """The top folder of a module under web/ (``"."`` for the top level)."""
    return path.split("/", 1)[0] if "/" in path else "."


def in_comment(text: str, at: int) -> bool:
    """Whether ``text[at]`` is inside a comment: a JSDoc type
    (``@type {import("../review/x.js").T}``) is read by the type checker and never loaded,
    so it may name a module of any floor (a view is given the controllers it reads)."""
    line = text[text.rfind("\n", 0, at) + 1:at]
    return "//" in line or text.rfind("/*", 0, at) > text.rfind("*/", 0, at)


def import_edges(*, types: bool = False) -> list[tuple[str, str]]:
    """(importer, imported) for every relative import of every module under web/; with
    ``types``, the modules named in comments (JSDoc types) instead."""
    edges = []
    for file in sorted(WEB.rglob("*.js")):
        name = file.relative_to(WEB).as_posix()
        text = file.read_text()
        for match in SPEC.finditer(text):
            if in_comment(text, match.start()) == types:
                edges.append((name, posixpath.normpath(
                    posixpath.join(posixpath.dirname(name), match.group(1)))))
    return edges


def folder_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for a, b in import_edges():
        fa, fb = folder_of(a), folder_of(b)
        if fa != fb and b not in EVERYONE:
            graph.setdefault(fa, set()).add(fb)
    return graph


def test_the_edges_are_read_from_the_imports() -> None:
    edges = set(import_edges())
    assert ("app.js", "view/render.js") in edges
    assert ("board/legend.js", "ui/dom.js") in edges
    assert ("engine/paint.js", "root.js") in edges
    # a JSDoc type names a module without importing it
    types = set(import_edges(types=True))
    assert ("view/review.js", "review/navigation.js") in types
    assert ("view/review.js", "review/navigation.js") not in edges
    assert ("view/review.js", "view/chart.js") in edges


def test_the_folders_have_no_cycle() -> None:
    graph = folder_graph()
    seen: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(node: str, path: list[str]) -> None:
        seen[node] = 1
        for nxt in sorted(graph.get(node, ())):
            assert seen.get(nxt) != 1, f"folder cycle: {' -> '.join([*path, node, nxt])}"
            if nxt not in seen:
                visit(nxt, [*path, node])
        seen[node] = 2

    for node in sorted(graph):
        if node not in seen:
            visit(node, [])


def test_every_import_goes_down_the_floors() -> None:
    folders = {folder_of(p.relative_to(WEB).as_posix()) for p in WEB.rglob("*.js")}
    assert folders == {*FLOORS, "."}, "a new folder needs its floor in FLOORS and docs/web.md"
    up = []
    for a, b in import_edges():
        fa, fb = folder_of(a), folder_of(b)
        if fa in (fb, ".") or b in EVERYONE:
            continue
        if fb == "." or FLOORS.index(fb) > FLOORS.index(fa):
            up.append(f"{a} -> {b}")
    assert not up, up


def test_the_floors_are_written_in_the_docs() -> None:
    docs = (ROOT / "docs" / "web.md").read_text()
    line = next(x for x in docs.splitlines() if x.startswith("Floors, lowest first:"))
    assert re.findall(r"`([a-z0-9]+)/`", line) == FLOORS


#: a game named by id or by name (the word "nibble" is also the site's, so only the other
#: games are looked for; Nibble's own words and rules live in games/nibble/ all the same)
GAME_NAMES = re.compile(r"nebuchadnezzar|number[- _]?one", re.I)
OWN_FOLDERS = {("games", "nebuchadnezzar"), ("games", "number-one")}


def test_only_the_registry_names_a_game_outside_its_folder():
    """Everything the page knows of one game is in web/games/<id>/ (issue 44): the shell,
    its styles and index.html say what a game needs in the game's own terms (a board
    style, a seat style, a panel part), and games/index.js is the one line per game."""
    naming = sorted(
        path.relative_to(WEB).as_posix() for path in WEB.rglob("*")
        if path.is_file() and path.suffix in {".js", ".css", ".html", ".json", ".webmanifest"}
        and path.relative_to(WEB).parts[:2] not in OWN_FOLDERS
        and GAME_NAMES.search(path.read_text(encoding="utf-8")))
    assert naming == ["games/index.js"], naming
