#!/usr/bin/env python3
"""Find (or install) a Chromium that Playwright can drive, and record its path.

    python scripts/find_chromium.py [--install] [--check] [--output build/chromium-path]

Order of preference:
1. ``$CHROMIUM_PATH`` if it is set and executable;
2. Playwright's own bundled Chromium (``~/.cache/ms-playwright``), if it was downloaded;
3. Chromium's headless shell on PATH (``chromium-headless-shell``): the same engine
   without the browser's own interface, which is what Playwright runs headless by
   default. The full browser starts a renderer of its own interface (the address bar's
   popup, chrome://omnibox-popup.top-chrome) for every page: about 1 CPU-second a page
   load (2.5 against 1.5 s measured on 2026-11-28), which the e2e suite paid at every test;
4. with ``--install`` and when running as root with apt-get: ``apt-get install
   chromium-headless-shell`` (Debian's package, a few MB beside ``chromium``);
5. a system browser: ``chromium``, ``chromium-browser``, ``google-chrome``... on PATH;
6. with ``--install``: ``apt-get install chromium``.

The chosen executable's absolute path is written to ``--output`` (default
``build/chromium-path``) and printed. The e2e tests read ``$CHROMIUM_PATH`` first, then that
file (``make test`` exports ``CHROMIUM_PATH`` from it). ``--check`` also launches the browser
once through Playwright to prove that it works.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SYSTEM_NAMES = ("chromium", "chromium-browser", "google-chrome-stable", "google-chrome", "chrome")
SHELL_NAMES = ("chromium-headless-shell", "chrome-headless-shell")


def executable(path: str | os.PathLike | None) -> str | None:
    if path and os.path.isfile(path) and os.access(path, os.X_OK):
        return os.path.abspath(path)
    return None


def playwright_bundled() -> str | None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    try:
        with sync_playwright() as p:
            return executable(p.chromium.executable_path)
    except Exception:  # the driver itself may be unusable; fall back to the system
        return None


def system_browser(names: tuple[str, ...] = SYSTEM_NAMES) -> str | None:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


def apt_install(package: str, names: tuple[str, ...]) -> str | None:
    """``apt-get install package`` (root only); the browser it gave, or None if it failed."""
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        return None
    print(f"find_chromium: installing Debian's {package} with apt-get", file=sys.stderr)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in (["apt-get", "update", "-qq"],
                ["apt-get", "install", "-y", "-qq", "--no-install-recommends", package]):
        if subprocess.run(cmd, env=env).returncode != 0:
            return None
    return system_browser(names)


def check(path: str) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path)
        try:
            page = browser.new_page()
            page.set_content("<p id=ok>ok</p>")
            assert page.inner_text("#ok") == "ok"
            print(f"find_chromium: Playwright drives {path} (version {browser.version})")
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Find a Chromium for Playwright.")
    parser.add_argument("--install", action="store_true", help="apt-get install if none found")
    parser.add_argument("--check", action="store_true", help="launch it once with Playwright")
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "chromium-path")
    args = parser.parse_args(argv)

    path = (
        executable(os.environ.get("CHROMIUM_PATH"))
        or playwright_bundled()
        or system_browser(SHELL_NAMES)
        or (apt_install("chromium-headless-shell", SHELL_NAMES) if args.install else None)
        or system_browser()
        or (apt_install("chromium", SYSTEM_NAMES) if args.install else None)
    )
    if not path:
        print(
            "find_chromium: no Chromium found. Install one (Debian/Ubuntu: "
            "`sudo apt-get install chromium`) or set CHROMIUM_PATH.",
            file=sys.stderr,
        )
        return 1
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(path + "\n")
    print(path)
    if args.check:
        check(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
