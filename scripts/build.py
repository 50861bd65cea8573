#!/usr/bin/env python3
"""Assemble the deployable static site in ``dist/`` (see docs/contracts.md, "Built site").

    python scripts/build.py [--out dist]

Standard library only, plus Node to run the pinned Pyodide (``make build`` runs it with the
project's virtualenv python, whose editable install of the engine writes first-paint.json).

What goes in:

* ``web/``                      copied (the page, the worker, CSS, ...), with the page's
                                modules bundled into ``app.js`` (scripts/bundle_page.py);
* ``dist/pyodide/``             the Pyodide core runtime from ``node_modules/pyodide``
                                (npm package ``pyodide``, pinned by package-lock.json), its
                                full ``python_stdlib.zip`` kept only as a fallback;
* ``dist/pyodide/python.zip``   the page's Python: the standard library modules the engine
                                uses and the engine itself, as bytecode compiled by that
                                runtime (scripts/python_zip.py, run inside it);
* ``dist/starts.json``          each board's start, from which a new seeded ``?game=`` link
                                is drawn before the engine is up (start_paints);
* ``dist/first-paint.json``     the game a first visit opens, drawn before the engine is up;
* ``dist/rules/<lang>/<game>.json``  the rules pages of docs/rules/ with their diagrams,
                                each position computed by the engine (scripts/rules_pages.py);
* ``dist/puzzles/<board>.json``  the puzzles of data/puzzles/, and index.json listing them
                                (scripts/puzzles_page.py);
* ``dist/lessons/<game>.json``  each game's rule lessons (scripts/puzzles_page.py);
* ``dist/build.json``           versions, what the worker boots from (``python``), the bytes
                                the engine's boot downloads (``boot_bytes``, the loading
                                bar's totals), a per-file sha256 list and a content hash of
                                everything else (``build``).

The result is reproducible: the same sources give byte-identical files and the same
``build`` hash. Nothing is fetched at run
time: every URL in the site is relative, so it works under any base path.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bundle_page import bundle_page  # noqa: E402  (one script for the page, docs/boot.md)
from icons import write_icons  # noqa: E402  (offline support, docs/offline.md)
from precache import sha256_file, write_service_worker  # noqa: E402
from puzzles_page import write_lessons, write_puzzles  # noqa: E402  (the shipped puzzles, docs/puzzles.md)
from rules_pages import write_rules  # noqa: E402  (the rules pages, docs/web.md)

ROOT = Path(__file__).resolve().parent.parent

PYODIDE_VERSION = "314.0.7"
# The files the Pyodide core needs to boot (checked by booting from a folder holding only
# these). Pyodide 314 ships its Emscripten module as pyodide.asm.mjs (not .asm.js). Its
# pyodide.js refuses to run in a classic worker ("Classic web workers are not supported"),
# so it is not shipped: the engine worker must be a module worker importing pyodide.mjs.
# The worker passes the lock file's `info` as lockFileContents (no package is ever
# loaded), so pyodide-lock.json itself is not shipped.
PYODIDE_CORE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)

SKIP_NAMES = {"__pycache__", ".DS_Store", "Thumbs.db", "node_modules", ".pytest_cache"}


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def ignore_junk(_dir: str, names: list[str]) -> list[str]:
    return [n for n in names if n in SKIP_NAMES or n.endswith((".pyc", ".pyo", "~"))]


def copy_web(out: Path) -> None:
    web = ROOT / "web"
    if not web.is_dir():
        log("warning: web/ does not exist yet; the site will have no page")
        return
    shutil.copytree(web, out, ignore=ignore_junk, dirs_exist_ok=True)


def pyodide_dir() -> Path:
    d = ROOT / "node_modules" / "pyodide"
    pkg = d / "package.json"
    if not pkg.is_file():
        sys.exit("build: node_modules/pyodide is missing: run `npm ci` (or `make node_modules`)")
    version = json.loads(pkg.read_text())["version"]
    if version != PYODIDE_VERSION:
        sys.exit(
            f"build: node_modules/pyodide is {version}, expected {PYODIDE_VERSION}: run `npm ci`"
        )
    return d


def copy_pyodide(out: Path) -> dict:
    src = pyodide_dir()
    dst = out / "pyodide"
    dst.mkdir(parents=True)
    for name in PYODIDE_CORE_FILES:
        shutil.copyfile(src / name, dst / name)
    return json.loads((src / "pyodide-lock.json").read_text())


def write_python_zip(out: Path) -> dict:
    """``pyodide/python.zip``, made inside the pinned Pyodide (scripts/python_zip.py)."""
    node = shutil.which("node")
    if node is None:
        sys.exit("build: node is needed to compile the page's Python library")
    # Inside Pyodide the repository is the working directory: paths relative to it.
    zip_path = (out / "pyodide" / "python.zip").relative_to(ROOT)
    listing = Path("build") / "python-zip.json"
    cmd = [node, "scripts/pyodide_run.mjs", "scripts/python_zip.py",
           "--out", zip_path.as_posix(), "--listing", listing.as_posix()]
    subprocess.run(cmd, check=True, cwd=ROOT)
    return json.loads((ROOT / listing).read_text())


def fallback_names(zip_path: Path) -> list[str]:
    """Top-level module names of the full standard library (what the worker's fallback
    importer may fetch it for; anything else fails at once, as it would anyway)."""
    with zipfile.ZipFile(zip_path) as zf:
        names = {n.split("/", 1)[0].removesuffix(".py") for n in zf.namelist()}
    return sorted(n for n in names if n.isidentifier())


def start_paints(games: dict) -> dict:
    """``starts.json``: for each game that can draw a seeded start without the engine
    (``Game.start_paint``), per value of its first option (the board), the options of seed 0
    with the others at their defaults, the start view of those options without what only
    playing needs, and the game's own data. The page draws a new ``?game=…&seed=`` link's
    board from it at first paint (web/shell/start.js, paintStart)."""
    from nibble.api import handle
    from nibble.games import get_game

    starts: dict = {}
    for info in games["games"]:
        game = get_game(info["id"])
        first = game.options[0]
        if first.type == "choice":
            values: list = [c[0] for c in first.choices]
        elif first.type == "int" and first.min is not None and first.max is not None:
            values = list(range(int(first.min), int(first.max) + 1))
        else:
            values = [first.default]
        for value in values:
            options = game.normalize_options({first.name: value, "seed": 0})
            extra = game.start_paint(options)
            if extra is None:
                continue
            view = handle({"op": "new", "game": info["id"], "options": options})["view"]
            for key in ("legal_moves", "input", "position"):  # (link-codec.js PLAY_ONLY)
                view.pop(key, None)
            starts.setdefault(info["id"], {})[str(value)] = {
                "options": {k: v for k, v in options.items() if k != "seed"},
                "view": view, **extra}
    return starts


def write_starts(out: Path) -> dict:
    """``starts.json`` (start_paints), fetched only for a new seeded ``?game=`` link."""
    from nibble.api import handle

    starts = start_paints(handle({"op": "games"}))
    (out / "starts.json").write_text(json.dumps(starts, separators=(",", ":")) + "\n")
    return starts


def write_first_paint(out: Path) -> dict:
    """``first-paint.json``: the game a first visit opens (the first game, default options,
    you against the computer), with its view, so the page draws it before the engine is up."""
    sys.path.insert(0, str(ROOT))
    from nibble.api import handle

    games = handle({"op": "games"})
    first = games["games"][0]["id"]
    # A board that changes with the engine's sources, the same on every build of them.
    seed = int(hashlib.sha256(first.encode()).hexdigest()[:6], 16) % 1_000_000
    new = handle({"op": "new", "game": first, "options": {"seed": seed}})
    paint = {"games": games, "record": new["record"], "view": new["view"]}
    (out / "first-paint.json").write_text(json.dumps(paint, separators=(",", ":")) + "\n")
    return paint


def file_table(out: Path) -> dict[str, str]:
    files = {}
    for p in sorted(out.rglob("*")):
        if p.is_file():
            rel = p.relative_to(out).as_posix()
            if rel != "build.json":
                files[rel] = sha256_file(p)
    return files


def build(out: Path) -> dict:
    out = out.resolve()
    staging = ROOT / "build" / "dist-staging"
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)

    copy_web(staging)
    bundle_page(staging)
    write_rules(staging)  # before the file table: precached and hashed like the rest
    write_puzzles(staging)  # likewise: loaded on the first puzzle, offline after the visit
    write_lessons(staging)  # likewise: loaded on the first lesson
    lock = copy_pyodide(staging)
    listing = write_python_zip(staging)
    write_first_paint(staging)
    write_starts(staging)  # a new seeded ?game= link's start, drawn before the engine
    # GitHub Pages: serve the folder as it is (no Jekyll processing).
    (staging / ".nojekyll").write_bytes(b"")
    write_icons(staging)  # icons/*.png for the web app manifest

    files = file_table(staging)
    digest = hashlib.sha256()
    for rel, h in files.items():
        digest.update(f"{rel}\0{h}\n".encode())
    info = {
        "build": digest.hexdigest()[:16],
        "pyodide": PYODIDE_VERSION,
        "python_version": lock["info"]["python"],
        # what the worker boots from (engine-worker.js)
        "python": {
            "zip": "pyodide/python.zip",
            "modules": {"stdlib": len(listing["stdlib"]), "engine": len(listing["engine"])},
            "fallback": "pyodide/python_stdlib.zip",
            "fallback_names": fallback_names(staging / "pyodide" / "python_stdlib.zip"),
            "lock_info": lock["info"],
        },
        # what the engine's boot downloads, by the steps its worker reports (engine-worker.js
        # stepFor): the loading bar's totals, known before the first byte arrives
        "boot_bytes": {
            "runtime": (staging / "pyodide" / "pyodide.asm.wasm").stat().st_size,
            "python": (staging / "pyodide" / "python.zip").stat().st_size,
        },
        # the shipped puzzles (puzzles/index.json lists the same, for the page)
        "puzzles": [f"puzzles/{p.name}" for p in sorted((staging / "puzzles").glob("*.json"))
                    if p.name != "index.json"],
        # each game's rule lessons (contracts.md, "Lessons")
        "lessons": [f"lessons/{p.name}" for p in sorted((staging / "lessons").glob("*.json"))],
        "files": files,
    }
    (staging / "build.json").write_text(json.dumps(info, indent=1, sort_keys=False) + "\n")
    # last: the service worker precaches every file written above, build.json included
    info["service_worker"] = write_service_worker(staging)["version"]

    if out.exists():
        shutil.rmtree(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(staging), str(out))
    return info


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="output folder (dist/)")
    args = parser.parse_args(argv)
    t0 = time.monotonic()
    info = build(args.out)
    size = sum((args.out / rel).stat().st_size for rel in info["files"])
    log(
        f"{args.out} ready: build {info['build']}, {len(info['files'])} files, "
        f"{size / 1e6:.1f} MB, python.zip {info['boot_bytes']['python'] / 1e6:.2f} MB "
        f"({info['python']['modules']['stdlib']} standard modules), {time.monotonic() - t0:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
