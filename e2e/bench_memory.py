"""Memory benchmark (not a test; run by hand or with `make bench-memory`). Prints JSON.

What a page costs a phone in memory: the proportional set size (PSS, /proc/<pid>/
smaps_rollup) of every renderer process of a fresh Chromium holding one page, its Web
Workers included (they live in the renderer), summed; Linux only. Measured a few seconds
after the page is ready and idle (SETTLE_S), in alternating rounds (the order turns each
round), each page in a browser of its own:

- bare: a page whose module worker only calls loadPyodide() from the pinned npm package
  (the same as e2e/bench_page.py's bare boot): one Python heap and nothing else;
- ready: the site's front door on a first visit (the build's first game, against the
  computer), ready and left alone;
- people: the site on a game of two people (square9): the rules worker only;
- computer: the site on a game against the computer (square9, `medium`), after the
  player's move and the computer's reply, the analysis of the game's first moves on
  (a short level asks the rules worker, as does the analysis's first pass: one Python
  heap; web/engine/computer-lane.js);
- computer-hard: the same at `hard`, whose search also asks the rules worker (one heap;
  an abandoned search restores that worker from the snapshot; before 2026-11-29 it had a
  worker of its own: two heaps, a third in reserve once a search was abandoned);
- computer-expert: the same at `expert` (5 s a move), whose search asks the rules worker
  too (until 2026-11-29 it had a worker of its own: two heaps, a third in reserve once a
  search was abandoned);
- people-again: the game of people opened again in the same profile with the browser
  closed and started again in between, once the first visit stored the engine's snapshot
  and the service worker took over (a player's usual case: the snapshot restored, every
  file from the offline copy);
- bare-again: the bare page's own repeat visit (its runtime from the HTTP cache), what
  people-again is compared with in ``again_to_bare_again``;

and, for each, the ratio to bare (medians). Issue 47's targets: ready <= 1.3 x bare,
with the computer and the analysis <= 1.6 x bare.

With --against OTHER_DIST, the site's six kinds are also measured on another build (say,
the one before a change), in the same alternated rounds ("people@other", …).

With --session MOVES, one player's session instead (session_growth): games against the
computer, hints, reviews and rematches in one page, MOVES moves in all; the PSS after the
first moves and at the end, and their ratio (issue 47: at most 1.10).

Usage: python e2e/bench_memory.py [--dist dist] [--runs 3] [--settle 5] [--against DIST]
       python e2e/bench_memory.py [--dist dist] --session 200
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench_page import BARE_HTML, BARE_MOUNT, BARE_PYODIDE, BARE_WORKER, CHROMIUM_ARGS
from conftest import chromium_executable, engine_workers
from server import SiteServer

ROOT = Path(__file__).resolve().parent.parent
SETTLE_S = 5.0
MB = 1_000_000


def children() -> dict[int, list[int]]:
    """Every process's children, from /proc."""
    out: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        out.setdefault(ppid, []).append(int(entry.name))
    return out


def renderers_of(profile: str) -> list[int]:
    """The renderer processes of the Chromium whose command line names `profile`."""
    tree = children()
    roots = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if profile in cmd and "--type=" not in cmd:
                roots.append(int(entry.name))
    out, todo = [], list(roots)
    while todo:
        pid = todo.pop()
        todo.extend(tree.get(pid, []))
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if "--type=renderer" in cmd and pid not in out:  # (two roots can share a child)
            out.append(pid)
    return out


def pss(pid: int) -> int:
    """PSS in bytes (smaps_rollup's Pss line is in kB)."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) * 1000
    return 0


@contextlib.contextmanager
def fresh_browser(pw, profile: str | None = None):
    """(profile, page): a Chromium of its own on a new profile folder (or on ``profile``,
    kept), closed after."""
    with contextlib.ExitStack() as stack:
        if profile is None:
            profile = stack.enter_context(
                tempfile.TemporaryDirectory(prefix="nibble-bench-memory-"))
        context = pw.chromium.launch_persistent_context(
            profile, executable_path=chromium_executable(), args=CHROMIUM_ARGS,
            viewport={"width": 1200, "height": 900})
        try:
            yield profile, context.pages[0] if context.pages else context.new_page()
        finally:
            context.close()


def measure(pw, url: str, kind: str, settle: float) -> dict:
    with tempfile.TemporaryDirectory(prefix="nibble-bench-memory-") as folder:
        if kind.endswith("-again"):
            # a repeat visit: the first one's snapshot and offline copy kept in the profile,
            # then the browser closed and opened again on it, as a player comes back (the
            # same tab navigated away and back would keep the first page's process, and
            # whatever it had not given back yet, under the second)
            with fresh_browser(pw, folder) as (_, page):
                page.goto(url)
                page.wait_for_selector("html[data-engine='ready']", timeout=180_000)
                if kind.startswith("bare"):  # its runtime in the HTTP cache, nothing else
                    time.sleep(settle)
                else:
                    page.wait_for_function(
                        "() => ['stored', 'failed'].includes(document.documentElement"
                        ".dataset.snapshot) && document.documentElement.dataset.offline"
                        " === 'ready'", timeout=180_000)
        with fresh_browser(pw, folder) as (profile, page):
            page.goto(url)
            page.wait_for_selector("html[data-engine='ready']", timeout=180_000)
            if kind.startswith("computer"):
                page.wait_for_selector("html[data-thinking='false']")
                page.click("[data-cell][data-selectable='true']")
                page.click("[data-action='confirm']:not([disabled])")
                page.wait_for_function(
                    "() => document.querySelectorAll('#move-list li').length >= 2",
                    timeout=120_000)
                page.wait_for_selector("html[data-thinking='false']")
            time.sleep(settle)
            pids = renderers_of(profile)
            total = sum(pss(pid) for pid in pids)
            workers = len(engine_workers(page))
    return {"pss_mb": round(total / MB, 1), "renderers": len(pids), "workers": workers}


SESSION_QUERY = "?game=nibble&variant=square9&seed=7&p1=human&p2=ai&level=easy"
SELECTABLE = "[data-cell][data-selectable='true']"
CONFIRM = "[data-action='confirm']:not([disabled])"


def session_growth(pw, url: str, moves: int = 200, settle: float = SETTLE_S) -> dict:
    """A player's session in one page (issue 47: it must not grow memory by more than
    10 %): games against the computer (`easy`, square9) played by clicks, a hint every
    eighth move of the player's (its move then played), each finished game reviewed for
    ten moves, then a rematch, until `moves` moves were played in all. PSS after the
    computer's first reply and at the end, each once the deep worker (booted for hints
    and the deep analysis) has been let go, as it is once idle
    (web/review/analysis.js RELEASE_MS), and then `settle` s idle: the same heaps at both
    ends, so that growth is what the session kept."""
    with fresh_browser(pw) as (profile, page):
        page.set_default_timeout(120_000)
        page.goto(url)
        page.wait_for_selector("html[data-engine='ready']", timeout=180_000)
        played, games, mine, start = 0, 1, 0, None
        while played < moves:
            page.wait_for_selector("html[data-thinking='false']")
            count = page.locator("#move-list li").count()
            if page.locator("[data-result]").count():
                played += count
                page.click("#result-dialog [data-action='result-review']")
                page.click("[data-action='review-first']")
                for _ in range(min(10, count)):
                    page.click("[data-action='review-next']")
                page.click("[data-action='rematch']")
                page.wait_for_function("() => !document.querySelector('[data-result]')")
                games += 1
                continue
            if not page.locator(SELECTABLE).count():
                page.wait_for_function(
                    "(n) => document.querySelectorAll('#move-list li').length > n"
                    " || !!document.querySelector('[data-result]')", arg=count)
                continue
            mine += 1
            if mine % 8 == 0:  # a hint: the move suggested comes picked, and is played
                page.click("[data-action='hint']")
                page.wait_for_selector(CONFIRM)
            else:
                page.click(f"{SELECTABLE} >> nth=0")
            page.click(CONFIRM)
            page.wait_for_function(
                "(n) => document.querySelectorAll('#move-list li').length > n", arg=count)
            if start is None:
                page.wait_for_function(
                    "(n) => document.querySelectorAll('#move-list li').length > n"
                    " || !!document.querySelector('[data-result]')", arg=count + 1)
                start, start_workers = quiet_pss(page, profile, settle)
        end, end_workers = quiet_pss(page, profile, settle)
    assert start is not None
    return {"start_mb": round(start / MB, 1), "end_mb": round(end / MB, 1),
            "growth": round(end / start, 3), "moves": played, "games": games,
            "hints": mine // 8, "workers": [start_workers, end_workers]}


def quiet_pss(page, profile, settle: float) -> tuple[int, int]:
    """The renderers' PSS once the computer has moved, the deep worker is let go (a minute
    at most) and `settle` s went by; and the page's workers then."""
    page.wait_for_selector("html[data-thinking='false']")
    page.wait_for_function("() => nibbleApp.ai.deep.state === 'idle'",
                           timeout=60_000)
    time.sleep(settle)
    return sum(pss(pid) for pid in renderers_of(profile)), len(engine_workers(page))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--settle", type=float, default=SETTLE_S)
    parser.add_argument("--against", help="another build to measure beside --dist")
    parser.add_argument("--session", type=int, metavar="MOVES",
                        help="instead: one session of MOVES moves (session_growth)")
    args = parser.parse_args()
    if not sys.platform.startswith("linux"):
        print(json.dumps({"error": "reads /proc: Linux only"}))
        return 1
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        if args.session:
            with SiteServer(Path(args.dist), "/nibble/") as site:
                report = session_growth(pw, site.url + SESSION_QUERY, args.session, args.settle)
        else:
            report = memory_report(pw, Path(args.dist), args.runs, args.settle, args.against)
    print(json.dumps(report, indent=1))
    return 0


def memory_report(pw, dist: Path, runs: int, settle: float = SETTLE_S,
                  against: str | None = None) -> dict:
    """The alternated rounds and their medians (``make bench-memory``; bench_page.py's
    ``memory`` section)."""
    extra = {"/bench-bare.html": ("text/html", BARE_HTML),
             "/bench-bare-worker.js": ("text/javascript", BARE_WORKER)}
    kinds = {
        "bare": "bench-bare.html",
        "bare-again": "bench-bare.html",
        "ready": "",
        "people": "?game=nibble&variant=square9&seed=7&p1=human&p2=human",
        "computer": "?game=nibble&variant=square9&seed=7&p1=human&p2=ai&level=medium",
        "computer-hard": "?game=nibble&variant=square9&seed=7&p1=human&p2=ai&level=hard",
        "computer-expert": "?game=nibble&variant=square9&seed=7&p1=human&p2=ai&level=expert",
        "people-again": "?game=nibble&variant=square9&seed=7&p1=human&p2=human",
    }
    rounds: list[dict] = []
    with contextlib.ExitStack() as stack:
        site = stack.enter_context(SiteServer(dist, "/nibble/", extra=extra,
                                              mounts={BARE_MOUNT: BARE_PYODIDE}))
        urls = {kind: site.url + query for kind, query in kinds.items()}
        if against:
            other = stack.enter_context(SiteServer(Path(against), "/nibble/"))
            urls |= {f"{kind}@other": other.url + kinds[kind]
                     for kind in ("ready", "people", "people-again", "computer",
                                  "computer-hard", "computer-expert")}
        for r in range(runs):
            order = list(urls) if r % 2 == 0 else list(reversed(urls))
            rounds.append({kind: measure(pw, urls[kind], kind.split("@")[0], settle)
                           for kind in order})
    median = {kind: statistics.median(r[kind]["pss_mb"] for r in rounds) for kind in urls}
    return {
        "what": "PSS of the renderer processes (workers included), MB, after "
                f"{settle} s idle; medians of {runs} alternated rounds",
        "median_mb": median,
        "ratio_to_bare": {k: round(v / median["bare"], 2) for k, v in median.items()},
        "targets": {"ready": 1.3, "people": 1.3, "people-again": 1.3, "computer": 1.6,
                    "computer-hard": 1.6, "computer-expert": 1.6},
        # a repeat visit against a repeat visit of the bare page: both restore the
        # runtime's compiled code from the browser's cache, which a first visit compiles
        "again_to_bare_again": {k: round(v / median["bare-again"], 2)
                                for k, v in median.items() if k.split("@")[0].endswith("-again")},
        "against": against,
        "rounds": rounds,
        "load": [round(x, 2) for x in os.getloadavg()],
    }


if __name__ == "__main__":
    sys.exit(main())
