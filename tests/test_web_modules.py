"""The page's module graph: index.html preloads every module app.js imports, so that the
browser fetches them at once instead of discovering them level by level (docs/boot.md)."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

WEB = Path(__file__).resolve().parent.parent / "web"
IMPORT = re.compile(r'^\s*(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"', re.M)
PRELOAD = re.compile(r'<link rel="modulepreload" href="([^"]+)">')


def module_graph(entry: str = "app.js") -> set[str]:
    """Every module reachable from ``entry`` by static imports (paths relative to web/)."""
    seen: set[str] = set()
    todo = [entry]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for spec in IMPORT.findall((WEB / name).read_text()):
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(name), spec)))
    return seen


def test_index_preloads_exactly_the_module_graph() -> None:
    preloaded = PRELOAD.findall((WEB / "index.html").read_text())
    assert len(preloaded) == len(set(preloaded)), "a module is preloaded twice"
    graph = module_graph()
    assert set(preloaded) == graph, {
        "missing": sorted(graph - set(preloaded)), "not imported": sorted(set(preloaded) - graph)}


def test_the_graph_is_read_from_the_imports() -> None:
    graph = module_graph()
    # a module imported only by another module (not by app.js) is found too
    assert {"games/nibble.js", "board/colours.js", "i18n/uk.js"} <= graph
    assert "engine/engine-worker.js" not in graph and "engine/offline.js" not in graph


def test_the_top_level_holds_only_the_page_and_its_entry() -> None:
    """web/ is laid out by job (docs/web.md, "Modules"): a new script goes into the folder
    of its job, not beside index.html."""
    top = {p.name for p in WEB.iterdir() if p.is_file()}
    assert top <= {"index.html", "app.js", "styles.css", "icon.svg", "manifest.webmanifest"}, top
    assert {p.name for p in WEB.iterdir() if p.is_dir()} <= {
        "engine", "board", "session", "ui", "review", "games", "i18n"}
