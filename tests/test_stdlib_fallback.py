"""The page's last-resort importer (scripts/stdlib_fallback.py): a module python.zip lacks
comes from the full standard library, fetched once and checked; anything else fails at
once, without a download."""

from __future__ import annotations

import hashlib
import importlib
import io
import sys
import zipfile
from pathlib import Path

import pytest
from util import load_script

fallback = load_script("stdlib_fallback")


def library() -> bytes:
    """A tiny 'full standard library': one module and one package with a submodule."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        zf.writestr("zz_fallback_mod.py", "VALUE = 7\n")
        zf.writestr("zz_fallback_pkg/__init__.py", "")
        zf.writestr("zz_fallback_pkg/sub.py", "VALUE = 8\n")
    return buffer.getvalue()


@pytest.fixture
def finder(tmp_path: Path):
    data = library()
    calls = []

    def fetch():
        calls.append(1)
        return data

    made = fallback.StdlibFallback({"zz_fallback_mod", "zz_fallback_pkg"},
                                   hashlib.sha256(data).hexdigest(),
                                   str(tmp_path / "full.zip"), fetch)
    made.calls = calls
    sys.meta_path.append(made)
    yield made
    sys.meta_path.remove(made)
    if made.path in sys.path:
        sys.path.remove(made.path)
    for name in ("zz_fallback_mod", "zz_fallback_pkg", "zz_fallback_pkg.sub"):
        sys.modules.pop(name, None)
    sys.path_importer_cache.clear()


def test_a_missing_module_comes_from_the_full_library_fetched_once(finder) -> None:
    assert importlib.import_module("zz_fallback_mod").VALUE == 7
    assert importlib.import_module("zz_fallback_pkg.sub").VALUE == 8
    assert len(finder.calls) == 1


def test_a_name_the_library_lacks_fails_without_a_download(finder) -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("zz_no_such_module")
    assert finder.calls == []


def test_a_damaged_library_is_refused_and_not_fetched_again(finder) -> None:
    finder.sha256 = "0" * 64
    for _ in range(2):
        with pytest.raises(ModuleNotFoundError):
            importlib.import_module("zz_fallback_mod")
    assert len(finder.calls) == 1 and finder.path not in sys.path


def test_install_puts_one_finder_last() -> None:
    before = list(sys.meta_path)
    try:
        first = fallback.install(["x"], "0" * 64, "/nowhere.zip", lambda: None)
        assert sys.meta_path[-1] is first
        assert fallback.install(["y"], "1" * 64, "/nowhere.zip", lambda: None) is first
        assert sum(isinstance(f, fallback.StdlibFallback) for f in sys.meta_path) == 1
    finally:
        sys.meta_path[:] = before


def test_a_library_that_cannot_be_downloaded_is_said_by_the_bridge(finder) -> None:
    # offline: the fetch gives nothing; the import fails once with a message that says so,
    # and the bridge turns it into a refusal the page can say (reason engine.missing)
    finder.fetch = lambda: None
    with pytest.raises(ModuleNotFoundError, match="could not be downloaded") as failed:
        importlib.import_module("zz_fallback_mod")
    assert failed.value.name == "zz_fallback_mod"
    from nibble import api

    def needs_it(request):
        import zz_fallback_mod  # noqa: F401

    api.OPS["zz-needs"] = needs_it
    try:
        error = api.handle({"op": "zz-needs"})["error"]
    finally:
        del api.OPS["zz-needs"]
    assert error["code"] == "internal" and error["reason"] == "engine.missing"
    assert error["params"] == {"module": "zz_fallback_mod"}
