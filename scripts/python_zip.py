"""Make the page's Python library: the standard library the engine uses, and the engine, as
bytecode compiled by the pinned Pyodide's own CPython, in one zip (docs/boot.md, "The
page's Python").

    node scripts/pyodide_run.mjs scripts/python_zip.py --out build/python.zip

It must run inside Pyodide (``scripts/build.py`` runs it so): bytecode is only valid for
the interpreter that wrote it, and which modules Pyodide's start-up imports is only known
there. What goes in is derived, never listed by hand:

1. every module Pyodide's start-up imported (``encodings``, ``_pyodide``, ``pyodide``,
   ...), recorded by the runner before it imports anything;
2. every module imported while the engine's bridge plays each game: ``games``, ``new``,
   ``view``, ``play``, ``load``, every computer level at every player count, and the
   bridge's refusals (``workload``);
3. what the page's worker imports besides the engine (``EXTRA``), and the worker's own
   Python: ``stdlib_fallback`` (scripts/stdlib_fallback.py), packed at the zip's top.

Modules compiled with ``optimize=2`` (no docstrings, no asserts) for the standard library,
whose behaviour does not depend on either, and ``optimize=0`` for the engine. Entries are
stored uncompressed: the server's gzip or brotli compresses the whole file better than zip
compresses each entry, and a stored entry is read without inflating it. Each ``.pyc`` is
"unchecked hash-based" (PEP 552): Python never looks for a source to compare it with.

A module this zip lacks is still importable in the page: the worker falls back to the full
``python_stdlib.zip`` (web/engine/engine-worker.js), and ``tests/test_in_pyodide.py`` checks that
the engine's whole test suite, run inside Pyodide booted from this zip, needs no such
fallback (docs/boot.md).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import io
import json
import marshal
import sys
import zipfile
from pathlib import Path

STDLIB_ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
# Imported by the page's worker itself (web/engine/engine-worker.js), not by the engine.
EXTRA = ("pyodide.ffi", "random", "os")
# The worker's own Python, from scripts/ (its imports are traced like the engine's).
WORKER_MODULES = ("stdlib_fallback",)
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


# What the page's worker imports of the engine (web/engine/engine-worker.js); the rest it imports
# while answering, and the workload below makes it do so.
# nibble.ai.analysis: the analysis worker's ``analyse`` op, which the workload does not ask
PAGE_MODULES = ("nibble.api", "nibble.ai.api", "nibble.ai.clock", "nibble.ai.analysis")


def workload() -> None:
    """Play every game through the bridge, as the page does, so that whatever the engine
    imports lazily is imported now."""
    from nibble.api import handle, handle_json
    from nibble.games import get_game
    from nibble.puzzles.themes import themes_for

    games = handle({"op": "games"})
    assert "error" not in games, games
    handle_json('{"op": "games"}')
    handle_json("{not json")
    handle_json("[" * 5000)
    handle({"op": "nope"})
    for info in games["games"]:
        # every player count: a level may play another search for another count (Number
        # One's hard: its own search with two players, the tuned MCTS with more)
        seats = info["players"]
        for n in range(seats["min"], seats["max"] + 1):
            options = {seats["option"]: n} if "option" in seats else {}
            start = handle({"op": "new", "game": info["id"], "options": options})["record"]
            for level in games["levels"]:
                handle({"op": "ai", "record": start, "level": level["id"], "budget_ms": 60})
        new = handle({"op": "new", "game": info["id"], "options": {}})
        record, view = new["record"], new["view"]
        handle({"op": "view", "record": record})
        handle({"op": "play", "record": record, "move": "zz99"})
        handle({"op": "ai", "record": record, "level": "nope"})
        for _ in range(200):
            if view.get("result"):
                break
            answer = handle({"op": "ai", "record": record, "level": "random"})
            played = handle({"op": "play", "record": record, "move": answer["move"]})
            record, view = played["record"], played["view"]
        # "Your puzzles": the judgement of a position (web/puzzles/own.js), and the game's
        # themes it names a puzzle by (imported by name, so asked for here)
        handle({"op": "judge", "record": {**record, "moves": record["moves"][:2]},
                "iterations": 5, "budget_ms": 2000})
        themes_for(get_game(info["id"]))
        tampered = dict(record, moves=[*record["moves"][:1], "zz99"])
        handle({"op": "load", "record": tampered})
        handle({"op": "load", "record": record})


def stdlib_entries(names: list[str]) -> dict[str, str]:
    """Zip entry of each imported module that came from the standard library zip:
    {entry name (``json/decoder.py``): module name}. Frozen modules (the import system,
    ``os``, ``codecs``, ...) are part of the runtime and need no entry."""
    entries = {}
    for name in names:
        module = sys.modules.get(name)
        path = getattr(module, "__file__", None) or ""
        origin = getattr(getattr(module, "__spec__", None), "origin", None)
        if origin != "frozen" and path.startswith(STDLIB_ZIP + "/"):
            entries[path[len(STDLIB_ZIP) + 1 :]] = name
    return entries


def pyc(source: bytes, filename: str, optimize: int) -> bytes:
    """An unchecked hash-based .pyc (PEP 552 flags 0b01) of ``source``."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    source_hash = importlib.util.source_hash(source)
    header = importlib.util.MAGIC_NUMBER + (0b01).to_bytes(4, "little") + source_hash
    return header + marshal.dumps(code)


def add(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, ZIP_DATE)
    info.compress_type = zipfile.ZIP_STORED
    info.external_attr = 0o644 << 16
    zf.writestr(info, data)


def build(repo: Path) -> tuple[bytes, dict]:
    import js  # the runner's record of what Pyodide's start-up imported

    startup = json.loads(js.nibbleStartupModules)
    # Forget what the runner and this script imported, so that what the engine needs is
    # imported again below and seen; the start-up's modules (the import system among
    # them) stay.
    for name in [n for n in sys.modules if n not in set(startup)]:
        if name != __name__:
            del sys.modules[name]
    for name in (*PAGE_MODULES, *EXTRA, *WORKER_MODULES):
        importlib.import_module(name)
    workload()
    wanted = stdlib_entries(sorted(sys.modules))
    engine = sorted(n for n in sys.modules if n == "nibble" or n.startswith("nibble."))
    source = zipfile.ZipFile(STDLIB_ZIP)
    buffer = io.BytesIO()
    listing = {"stdlib": [], "engine": [], "startup": sorted(startup)}
    with zipfile.ZipFile(buffer, "w") as zf:
        for entry in sorted(wanted):
            data = pyc(source.read(entry), f"{STDLIB_ZIP}/{entry}", optimize=2)
            add(zf, entry[:-3] + ".pyc", data)
            listing["stdlib"].append(wanted[entry])
        for name in engine:
            path = Path(sys.modules[name].__file__)
            entry = path.relative_to(repo).as_posix()
            data = pyc(path.read_bytes(), f"{STDLIB_ZIP}/{entry}", optimize=0)
            add(zf, entry[:-3] + ".pyc", data)
            listing["engine"].append(name)
        for name in WORKER_MODULES:
            path = Path(sys.modules[name].__file__)
            add(zf, f"{name}.pyc", pyc(path.read_bytes(), f"{STDLIB_ZIP}/{name}.py", optimize=0))
    return buffer.getvalue(), listing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="the zip to write")
    parser.add_argument("--listing", type=Path, help="a JSON list of what went in")
    args = parser.parse_args()
    if sys.platform != "emscripten":
        sys.exit("python_zip.py: run it inside Pyodide (node scripts/pyodide_run.mjs ...)")
    data, listing = build(Path.cwd())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    if args.listing:
        args.listing.write_text(json.dumps(listing, indent=1) + "\n")
    print(
        f"python_zip: {len(listing['stdlib'])} standard modules and "
        f"{len(listing['engine'])} engine files, {len(data):,} bytes"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
