#!/usr/bin/env python3
"""Assemble the deployable static site in ``dist/`` (see docs/contracts.md, "Built site").

    python scripts/build.py [--out dist]

Standard library only; run it with the project's virtualenv python (``make build``), which
has the pinned setuptools/wheel needed to build the engine wheel without network access.

What goes in:

* ``web/``                      copied as it is (the page, the worker, CSS, ...);
* ``dist/pyodide/``             the Pyodide core runtime from ``node_modules/pyodide``
                                (npm package ``pyodide``, pinned by package-lock.json);
* ``dist/wheels/micropip-…``    the micropip wheel from PyPI, same version as the micropip
                                entry of Pyodide's lock file, checked against a pinned sha256
                                and cached in ``build/wheels-cache/``;
* ``dist/wheels/nibble-…``      the engine, built as a wheel from this repository;
* ``dist/rules/<lang>/<game>.json``  the rules pages of docs/rules/ with their diagrams,
                                each position computed by the engine (scripts/rules_pages.py);
* ``dist/build.json``           versions, wheel URLs, the bytes the engine's boot downloads
                                (``boot_bytes``, the loading bar's totals), a per-file
                                sha256 list and a content hash of everything else (``build``).

The result is reproducible: the same sources give byte-identical files and the same
``build`` hash (wheel timestamps come from SOURCE_DATE_EPOCH). Nothing is fetched at run
time: every URL in the site is relative, so it works under any base path.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from icons import write_icons  # noqa: E402  (offline support, docs/offline.md)
from precache import sha256_file, write_service_worker  # noqa: E402
from rules_pages import write_rules  # noqa: E402  (the rules pages, docs/web.md)

ROOT = Path(__file__).resolve().parent.parent

PYODIDE_VERSION = "314.0.7"
# The files the Pyodide core needs to boot (checked by booting from a folder holding only
# these). Pyodide 314 ships its Emscripten module as pyodide.asm.mjs (not .asm.js). Its
# pyodide.js refuses to run in a classic worker ("Classic web workers are not supported"),
# so it is not shipped: the engine worker must be a module worker importing pyodide.mjs.
PYODIDE_CORE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# micropip: the version Pyodide 314.0.7's lock file names, as published on PyPI. (Pyodide's
# own copy of the wheel has a different hash, so its lock entry cannot be used offline.)
MICROPIP_VERSION = "0.11.1"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

# Extra pure-Python wheels the worker must install before the engine. micropip 0.11 vendors
# `packaging`, and the engine has no dependencies, so none are needed today.
EXTRA_WHEELS: tuple[tuple[str, str], ...] = ()  # (requirement "name==version", sha256)

# Fixed timestamp for everything that goes into the engine wheel (1980-01-01, the zip epoch).
SOURCE_DATE_EPOCH = "315532800"

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
    lock = json.loads((src / "pyodide-lock.json").read_text())
    return lock


def fetch_wheel(requirement: str, sha256: str, cache: Path) -> Path:
    """Return the cached wheel for ``name==version``, downloading it from PyPI once."""
    name, version = requirement.split("==")
    filename_prefix = f"{name.replace('-', '_')}-{version}-"
    cache.mkdir(parents=True, exist_ok=True)

    def cached() -> Path | None:
        for p in sorted(cache.glob("*.whl")):
            if p.name.lower().startswith(filename_prefix.lower()) and sha256_file(p) == sha256:
                return p
        return None

    found = cached()
    if found:
        return found
    log(f"downloading {requirement} from PyPI into {cache.relative_to(ROOT)}")
    cmd = [
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
        "--only-binary=:all:", "--python-version", "3.14", "--implementation", "py",
        "--platform", "any", "--dest", str(cache), requirement,
    ]  # fmt: skip
    subprocess.run(cmd, check=True)
    found = cached()
    if not found:
        got = [f"{p.name} {sha256_file(p)}" for p in cache.glob(f"{filename_prefix}*")]
        sys.exit(f"build: {requirement}: no wheel with sha256 {sha256} in {cache} (got {got})")
    return found


def copy_micropip(out: Path, lock: dict) -> Path:
    locked = lock["packages"]["micropip"]["version"]
    if locked != MICROPIP_VERSION:
        log(
            f"warning: pyodide-lock.json names micropip {locked} but the build pins "
            f"{MICROPIP_VERSION}; update MICROPIP_VERSION/MICROPIP_SHA256 in scripts/build.py"
        )
    wheel = fetch_wheel(
        f"micropip=={MICROPIP_VERSION}", MICROPIP_SHA256, ROOT / "build" / "wheels-cache"
    )
    dst = out / "wheels" / wheel.name
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(wheel, dst)
    return dst


def copy_extra_wheels(out: Path) -> list[Path]:
    result = []
    for requirement, sha256 in EXTRA_WHEELS:
        wheel = fetch_wheel(requirement, sha256, ROOT / "build" / "wheels-cache")
        dst = out / "wheels" / wheel.name
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(wheel, dst)
        result.append(dst)
    return result


def have_offline_wheel_tooling() -> bool:
    try:
        import setuptools  # noqa: F401
        import wheel  # noqa: F401
    except ImportError:
        return False
    major = int(setuptools.__version__.split(".")[0])
    return major >= 68


def build_engine_wheel(out: Path) -> Path:
    """Build the engine wheel from a clean copy of the sources (no stale build/lib)."""
    with tempfile.TemporaryDirectory(prefix="nibble-wheel-") as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE", "LICENSE.md", "LICENSE.txt"):
            if (ROOT / name).is_file():
                shutil.copyfile(ROOT / name, src / name)
        if not (src / "README.md").exists():
            # pyproject.toml names README.md as the long description; keep the build going.
            (src / "README.md").write_text("Nibble\n")
        if not (ROOT / "nibble").is_dir():
            sys.exit("build: the engine package nibble/ does not exist")
        shutil.copytree(ROOT / "nibble", src / "nibble", ignore=ignore_junk)
        wheel_dir = Path(tmp) / "wheel"
        env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONDONTWRITEBYTECODE="1")
        cmd = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheel_dir)]
        if have_offline_wheel_tooling():
            cmd.append("--no-build-isolation")
        else:
            log("setuptools>=68/wheel not importable here: building with isolation (needs PyPI)")
        cmd.append(str(src))
        subprocess.run(cmd, check=True, env=env, cwd=tmp)
        wheels = list(wheel_dir.glob("nibble-*-py3-none-any.whl"))
        if len(wheels) != 1:
            sys.exit(f"build: expected one pure-Python nibble wheel, got {wheels}")
        dst = out / "wheels" / wheels[0].name
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(wheels[0], dst)
        return dst


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
    write_rules(staging)  # before the file table: precached and hashed like the rest
    lock = copy_pyodide(staging)
    micropip = copy_micropip(staging, lock)
    extras = copy_extra_wheels(staging)
    engine = build_engine_wheel(staging)
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
        "python": lock["info"]["python"],
        "micropip_wheel": micropip.relative_to(staging).as_posix(),
        "engine_wheel": engine.relative_to(staging).as_posix(),
        "extra_wheels": [p.relative_to(staging).as_posix() for p in extras],
        # what the engine's boot downloads, by the steps its worker reports (engine-worker.js
        # stepFor): the loading bar's totals, known before the first byte arrives
        "boot_bytes": {
            "runtime": (staging / "pyodide" / "pyodide.asm.wasm").stat().st_size,
            "stdlib": (staging / "pyodide" / "python_stdlib.zip").stat().st_size,
            "micropip": micropip.stat().st_size,
            "engine": sum(p.stat().st_size for p in (engine, *extras)),
        },
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
        f"{size / 1e6:.1f} MB, engine {info['engine_wheel']}, {time.monotonic() - t0:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
