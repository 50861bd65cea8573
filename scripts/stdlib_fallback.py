"""The page's last-resort importer: a module ``python.zip`` lacks comes from Pyodide's full
standard library, fetched once (docs/boot.md, "The page's Python").

``scripts/python_zip.py`` packs this module into ``python.zip`` (it is imported while the
zip's contents are traced, so what it imports is in the zip too: an importer must never
need itself), and the engine's worker installs it last on ``sys.meta_path`` with a
function that fetches the full library synchronously (a worker may).
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Iterable
from importlib.machinery import ModuleSpec, PathFinder
from typing import Any


class StdlibFallback:
    """Finds a module of the full standard library once every other finder has failed.

    Only for top-level names the full library has (``names``): any other failed import
    (``try: import _winapi``) fails at once, without a download. The library arrives
    through ``fetch`` (its bytes, or None), is checked against ``sha256`` and written to
    ``path``; a failed or damaged download is tried once only, and the import then fails
    with a ``ModuleNotFoundError`` that says so (the bridge tells the player: offline)."""

    def __init__(self, names: set[str], sha256: str, path: str,
                 fetch: Callable[[], Any]) -> None:
        self.names, self.sha256, self.path, self.fetch = names, sha256, path, fetch
        self.failed = False

    def find_spec(self, name: str, path=None, target=None) -> ModuleSpec | None:
        if name.partition(".")[0] not in self.names:
            return None
        if self.failed or not self._have():
            raise ModuleNotFoundError(
                f"No module named {name!r} here, and the full standard library could not "
                "be downloaded", name=name)
        if path is not None:  # a submodule of a package python.zip has: look beside it too
            path = [*path, *(self.path + p[p.index(".zip") + 4:] for p in path if ".zip/" in p)]
        return PathFinder.find_spec(name, path, target)

    def _have(self) -> bool:
        if self.path in sys.path:
            return True
        data = self.fetch()
        if data is not None and not isinstance(data, bytes):
            data = data.to_bytes()  # the worker's Uint8Array, as Pyodide hands it over
        data = data or b""
        if hashlib.sha256(data).hexdigest() != self.sha256:
            self.failed = True
            print(f"{self.path}: missing or damaged", file=sys.stderr)
            return False
        with open(self.path, "wb") as f:
            f.write(data)
        sys.path.append(self.path)
        sys.path_importer_cache.clear()
        return True


def install(names: Iterable[str], sha256: str, path: str,
            fetch: Callable[[], Any]) -> StdlibFallback:
    """Put the fallback last on ``sys.meta_path`` (once: a restored snapshot may have it)."""
    for finder in sys.meta_path:
        if isinstance(finder, StdlibFallback):
            return finder
    finder = StdlibFallback(set(names), sha256, path, fetch)
    sys.meta_path.append(finder)
    return finder
