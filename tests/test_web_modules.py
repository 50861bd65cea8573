"""The page's module graph: the build bundles what app.js and engine/offline.js import into
one script (scripts/bundle_page.py, docs/boot.md), so web/index.html names its two entries
only (no list of modules to keep in step, and none that names a game)."""

from __future__ import annotations

import json
import posixpath
import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
sys.path.insert(0, str(ROOT / "scripts"))
from bundle_page import bundle_page  # noqa: E402

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


def test_index_names_only_the_two_module_entries() -> None:
    index = (WEB / "index.html").read_text()
    assert not PRELOAD.findall(index) and "modulepreload" not in index
    assert re.findall(r'<script type="module" src="([^"]+)"></script>', index) == [
        "app.js", "engine/offline.js"]


def test_the_graph_is_read_from_the_imports() -> None:
    graph = module_graph()
    # a module imported only by another module (not by app.js) is found too
    assert {"games/nibble/index.js", "board/colours.js", "i18n/uk.js"} <= graph
    assert "engine/engine-worker.js" not in graph and "engine/offline.js" not in graph


def test_the_top_level_holds_only_the_page_and_its_entry() -> None:
    """web/ is laid out by job (docs/web.md, "Modules"): a new script goes into the folder
    of its job, not beside index.html."""
    top = {p.name for p in WEB.iterdir() if p.is_file()}
    assert top <= {"index.html", "app.js", "root.js", "styles.css", "icon.svg",
                   "manifest.webmanifest"}, top
    assert {p.name for p in WEB.iterdir() if p.is_dir()} <= {
        "engine", "board", "session", "ui", "review", "games", "i18n", "store", "view",
        "panels", "shell", "rooms", "puzzles"}


# the build's bundler: a subprocess (not inside Pyodide), installed by npm ci
needs_esbuild = pytest.mark.skipif(
    sys.platform == "emscripten" or not (ROOT / "node_modules" / ".bin" / "esbuild").exists(),
    reason="runs esbuild (node_modules, a subprocess)")


@needs_esbuild
def test_the_build_bundles_the_graph_into_one_script(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(WEB, site)
    bundled = bundle_page(site)
    graph = module_graph() | module_graph("engine/offline.js")
    assert set(bundled) == graph  # the bundler saw what index.html preloaded, and offline.js
    index = (site / "index.html").read_text()
    assert re.findall(r"<script[^>]*>", index) == [
        '<script src="engine/head.js">', '<script type="module" src="app.js">']
    assert index.index('<script src="engine/head.js">') < index.index("<meta name=\"color-scheme\"")
    assert "modulepreload" not in index and "every module app.js imports" not in index
    left = {p.relative_to(site).as_posix() for p in site.rglob("*.js")}
    assert not [d for d in site.rglob("*") if d.is_dir() and not any(d.iterdir())]
    # what the bundle holds is gone, but for the language tables boot-guard.js imports
    assert left == {"app.js", "engine/head.js", "engine/engine-worker.js",
                    "i18n/en.js", "i18n/ko.js", "i18n/uk.js"}, left
    script = (site / "app.js").read_text()
    assert script.startswith("// The page's modules as one script")
    # no module left to fetch, and offline.js's registration runs after the page's start
    assert not re.search(r'^\s*(import|export)\s[^;]*from\s+"', script, re.M)
    assert script.index("nibble-started") < script.index("container.register(")
    # the head's three classic scripts, in their order, each in its own try
    head = (site / "engine" / "head.js").read_text()
    names = ["engine/engine-early.js", "ui/settings-early.js", "engine/boot-guard.js"]
    at = [head.index(f"// --- {name}\ntry {{\n") for name in names]
    assert at == sorted(at) and head.count("} catch (error) {") >= 3
    for name in names:
        assert (WEB / name).read_text() in head
    # before them, the engine's worker as text, for engine-early.js to start it from
    carried = re.search(r"^window\.nibbleWorkerSource = (.*);$", head, re.M)
    assert carried and carried.start() < at[0]
    assert json.loads(carried.group(1)) == (site / "engine" / "engine-worker.js").read_text()


@needs_esbuild
def test_a_changed_index_that_the_rewrite_no_longer_fits_fails_the_build(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(WEB, site)
    index = site / "index.html"
    index.write_text(index.read_text().replace(
        '<script type="module" src="engine/offline.js"></script>', ""))
    with pytest.raises(SystemExit, match="index.html"):
        bundle_page(site)
    shutil.rmtree(site)
    shutil.copytree(WEB, site)
    index.write_text(index.read_text().replace('<script src="engine/boot-guard.js"></script>', ""))
    with pytest.raises(SystemExit, match="classic scripts"):
        bundle_page(site)
