"""Screenshots of the three games for the README: docs/img/nibble.png,
docs/img/nebuchadnezzar.png and docs/img/number-one.png.

Builds nothing: it serves the built site (``dist/``, ``make build``) with the site's own
server (scripts/serve.py, in a thread) and drives the test Chromium (``build/chromium-path``
or ``$CHROMIUM_PATH``, as e2e/conftest.py does) with Playwright. Each game is a record made
here with the engine (a fixed seed, a few moves chosen by ``medium`` at a fixed iteration
count, so the same sources give the same position) and opened as a shared link
(``#record=``), you against the computer, at your turn; a disc, capture or peg is picked
so the board shows what a move looks like. 1280 × 800, light theme.

    .venv/bin/python scripts/screenshots.py [--dist dist] [--out docs/img] [--only nibble]

Re-run it (``make screenshots``) when the page's look changes, and commit the PNGs.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from serve import start_server  # noqa: E402

from nibble.api import handle  # noqa: E402

VIEWPORT = {"width": 1280, "height": 800}
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
BOOT_TIMEOUT_MS = 120_000

#: file name -> (game, options, plies played before the picture, the level that plays
#: them, seats). `medium` at a fixed iteration count and `easy` with a budget it never
#: reaches (it judges every move once) choose the same moves on every run.
SHOTS = {
    "nibble": ("nibble", {"variant": "square9", "seed": 7}, 8, "medium", ["human", "ai"]),
    "nebuchadnezzar": ("nebuchadnezzar", {"size": 9, "seed": 3}, 30, "easy", ["human", "ai"]),
    "number-one": ("number-one", {"players": 3, "seed": 5}, 12, "medium",
                   ["human", "ai", "ai"]),
}


def chromium_path() -> str | None:
    path = os.environ.get("CHROMIUM_PATH")
    if path:
        return path
    stored = ROOT / "build" / "chromium-path"
    if stored.is_file() and stored.read_text().strip():
        return stored.read_text().strip()
    return None  # Playwright's own browser


def make_record(game: str, options: dict, plies: int, level: str) -> dict:
    """A record of at least `plies` moves from a fresh game, ending with the first seat
    (the human's) to move, each move chosen by `level` so that the same sources give the
    same record."""
    answer = handle({"op": "new", "game": game, "options": options})
    record, view = answer["record"], answer["view"]
    for ply in range(plies + 40):
        if view.get("result") or (ply >= plies and view["to_move"] == 0):
            break
        request = {"op": "ai", "record": record, "level": level, "seed": ply, "reuse": False}
        request.update({"iterations": 60} if level == "medium" else {"budget_ms": 20_000})
        move = handle(request)["move"]
        answer = handle({"op": "play", "record": record, "move": move})
        record, view = answer["record"], answer["view"]
    if view.get("result") or view["to_move"] != 0:
        raise RuntimeError(f"{game}: no position with the first seat to move")
    return record


def share_fragment(record: dict, seats: list[str]) -> str:
    payload = json.dumps({"record": record, "seats": seats}, separators=(",", ":"))
    return "#record=" + base64.urlsafe_b64encode(payload.encode()).decode().rstrip("=")


def wait_until(page, script: str, timeout_s: float = 60.0) -> None:
    """Poll `script` (a function expression evaluated in the page) until it is true. The
    page's CSP forbids eval, so no string predicate goes to wait_for_function."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(script):
        if time.monotonic() > deadline:
            raise TimeoutError(f"still false after {timeout_s} s: {script}")
        page.wait_for_timeout(100)


IDLE = ("() => document.documentElement.dataset.thinking === 'false'"
        " && document.documentElement.dataset.hinting !== 'true'"
        " && !!window.nibbleApp && !window.nibbleApp.state.busy")


def pick_something(page) -> None:
    """Pick one selectable cell, so the board shows a move being made: a disc of a take
    (Nibble), a disc of a capture (Nebuchadnezzar), a peg and its holes (Number One)."""
    cells = page.eval_on_selector_all(
        "[data-cell][data-selectable='true']",
        "els => els.map(e => [e.dataset.cell, e.dataset.empty])")
    if not cells:
        return
    discs = [c for c, empty in cells if empty == "false"]
    page.click(f"[data-cell='{(discs or [c for c, _ in cells])[0]}']")
    page.wait_for_timeout(300)


def shoot(browser, url: str, out: Path) -> None:
    context = browser.new_context(viewport=VIEWPORT, color_scheme="light",
                                  reduced_motion="reduce")
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url)
        page.wait_for_selector("html[data-engine='ready']", timeout=BOOT_TIMEOUT_MS)
        wait_until(page, IDLE)
        # the human's turn: something on the board can be picked
        page.wait_for_selector("[data-cell][data-selectable='true']", state="attached")
        if page.locator("[data-action='walkthrough-close']").count():
            page.click("[data-action='walkthrough-close']")
        pick_something(page)
        page.mouse.move(0, 0)  # no hover highlight
        page.wait_for_timeout(500)
        page.screenshot(path=str(out), animations="disabled", caret="hide")
        if errors:
            raise RuntimeError(f"{out.name}: page errors: {errors}")
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument("--only", action="append", choices=sorted(SHOTS))
    args = parser.parse_args(argv)
    if not (args.dist / "index.html").is_file():
        print(f"screenshots: no built site in {args.dist}: run `make build` first",
              file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    server, url = start_server(args.dist, base="/")
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(),
                                                 args=CHROMIUM_ARGS)
            try:
                for name, (game, options, plies, level, seats) in SHOTS.items():
                    if args.only and name not in args.only:
                        continue
                    record = make_record(game, options, plies, level)
                    out = args.out / f"{name}.png"
                    shoot(browser, url + share_fragment(record, seats), out)
                    print(f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: "
                          f"{len(record['moves'])} moves, {out.stat().st_size:,} bytes")
            finally:
                browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
