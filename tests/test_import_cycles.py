"""Imports flow one way: no module of nibble/ imports, directly or through others, a module
that imports it back. Imports under ``if TYPE_CHECKING:`` and inside functions count too:
a cycle hidden from the interpreter is still a knot for a reader (docs/development.md)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_names(root: Path, package: str) -> dict[str, Path]:
    """``{"nibble.games.nibble.state": path, ...}`` for every module of ``package``."""
    names = {}
    for path in (root / package).rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names[".".join(parts)] = path
    return names


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    """Which modules of ``package`` each of its modules imports. ``from . import x`` where
    ``x`` is a submodule is an edge to that submodule only, not to the package."""
    modules = module_names(root, package)
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                graph[name].update(a.name for a in node.names if a.name in modules)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[: len(here.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                subs = [f"{target}.{a.name}" for a in node.names]
                if all(sub in modules for sub in subs):
                    graph[name].update(subs)
                elif target in modules:
                    graph[name].add(target)
                    graph[name].update(sub for sub in subs if sub in modules)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for other in edges:
                if other not in index:
                    index[other] = low[other] = len(index)
                    stack.append(other)
                    on_stack.add(other)
                    work.append((other, iter(sorted(graph[other]))))
                    break
                if other in on_stack:
                    low[node] = min(low[node], index[other])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_the_engine_has_no_import_cycle() -> None:
    graph = import_graph(ROOT, "nibble")
    assert len(graph) > 50  # the whole engine was read
    assert cycles(graph) == []


def test_a_cycle_is_found_even_behind_type_checking(tmp_path: Path) -> None:
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from .game import Game\n")
    (pkg / "game.py").write_text("from .state import State\nclass Game: ...\n")
    (pkg / "state.py").write_text(
        "from typing import TYPE_CHECKING\nfrom . import view\n"
        "if TYPE_CHECKING:\n    from .game import Game\n")
    (pkg / "view.py").write_text("def build(state):\n    from .state import State\n")
    assert cycles(import_graph(tmp_path, "toy")) == [["toy.game", "toy.state", "toy.view"]]
    (pkg / "view.py").write_text("def build(state): ...\n")
    (pkg / "state.py").write_text("from . import view\n")
    assert cycles(import_graph(tmp_path, "toy")) == []
