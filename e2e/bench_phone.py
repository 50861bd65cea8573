"""What the page costs a phone beyond its boot (issue 47): sections of e2e/bench_page.py
(`make bench-web`), each a function returning a JSON-able dict with its target.

- links: a seeded `?game=` link's board on screen, first visit (a fresh on-disk profile)
  and repeat visit (the same profile, once the offline copy and the snapshot are kept);
  targets 1,000 and 600 ms.
- firstpass: a finished 60-move Nibble game opened as a link (a game of people: the
  analysis waits for no one): ms from the engine ready to every position answered by the
  analysis's first pass; target 5,000 ms.
- idle: the CPU time of the page's renderer processes (its workers included) over 30 s
  of a ready page left alone after its first pass: the page must not work while nobody
  plays; reported in seconds, target < 0.5 s.
- memory: bench_memory.py's alternated rounds (renderer PSS against a bare Pyodide page).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from bench_page import BOOT_TIMEOUT_MS, PROBE, launch, settle, visit
from test_review import link, random_game  # (the review tests' finished games and links)

LINK = "?game=nibble&variant=square13&seed=424242&p1=human&p2=ai"
IDLE_S = 30.0
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def link_boards(pw, site, sizes, runs: int) -> dict:
    """A seeded link, first and repeat visit, in ``runs`` fresh profiles (medians)."""
    rounds = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="nibble-bench-link-") as tmp:
            context = launch(pw, tmp)
            context.add_init_script(PROBE)
            try:
                page, first = visit(context, site, sizes, LINK)
                settle(page)
                page.close()
                page, repeat = visit(context, site, sizes, LINK)
                page.close()
            finally:
                context.close()
        rounds.append({"first_board_ms": first["board_ms"], "repeat_board_ms": repeat["board_ms"],
                       "first_ready_ms": first["ready_ms"], "repeat_ready_ms": repeat["ready_ms"]})
    med = {key: _median([r[key] for r in rounds]) for key in rounds[0]}
    return {"link": LINK, "rounds": rounds, "median": med,
            "targets_ms": {"first_board": 1000, "repeat_board": 600},
            "met": _under(med["first_board_ms"], 1000) and _under(med["repeat_board_ms"], 600)}


def finished_game(moves: int = 60, seed: int = 3) -> dict:
    """A finished Nibble game of random moves on square9 with about ``moves`` moves (the
    first seed from ``seed`` on whose game ends within 5 moves of it)."""
    for s in range(seed, seed + 200):
        record = random_game("nibble", {"variant": "square9", "seed": s}, seed=s)
        if abs(len(record["moves"]) - moves) <= 5:
            return record
    raise RuntimeError("no finished game of that length")


def _open_record(context, site, record: dict):
    page = context.new_page()
    page.goto(site.url + link(record, ["human", "human"]))
    page.wait_for_selector("html[data-engine='ready']", state="attached",
                           timeout=BOOT_TIMEOUT_MS)
    return page


FIRST_PASS_DONE = """() => { const all = window.nibbleApp.analysis.answers();
  return all.length > 0 && all.every((a) => a !== undefined); }"""


def first_pass(browser, site, runs: int) -> dict:
    """ms from ready to the first pass over a finished 60-move game, ``runs`` times."""
    record = finished_game()
    times = []
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        try:
            page = _open_record(context, site, record)
            start = page.evaluate("performance.now()")
            page.wait_for_function(FIRST_PASS_DONE, timeout=300_000, polling=100)
            times.append(round(page.evaluate("performance.now()") - start))
        finally:
            context.close()
    med = statistics.median(times)
    return {"moves": len(record["moves"]), "positions": len(record["moves"]) + 1,
            "first_pass_ms": times, "median_ms": med, "target_ms": 5000,
            "met": med <= 5000}


def _cpu_s(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / CLOCK_TICKS


def idle_cpu(pw, site) -> dict:
    """CPU seconds of the renderer processes over IDLE_S of a ready page left alone."""
    from bench_memory import renderers_of

    record = finished_game()
    with tempfile.TemporaryDirectory(prefix="nibble-bench-idle-") as tmp:
        context = launch(pw, tmp)
        try:
            page = _open_record(context, site, record)
            page.wait_for_function(FIRST_PASS_DONE, timeout=300_000, polling=100)
            # the second pass starts once the player has left the page alone for 4 s: it is
            # work the player asked for (a finished game's review); idle means after it
            page.wait_for_function(
                "() => window.nibbleApp.analysis.answers().every((a) => a.exact"
                " || a.budget >= 1200)", timeout=600_000, polling=500)
            page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'",
                                   timeout=120_000, polling=500)
            time.sleep(2.0)
            pids = renderers_of(tmp)
            before = _cpu_s(pids)
            time.sleep(IDLE_S)
            used = _cpu_s(pids) - before
        finally:
            context.close()
    return {"seconds": IDLE_S, "renderer_cpu_s": round(used, 3), "target_cpu_s": 0.5,
            "met": used < 0.5}


def memory(pw, dist: Path, runs: int) -> dict:
    from bench_memory import memory_report

    return memory_report(pw, dist, runs)


def _median(values: list) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _under(value: float | None, limit: float) -> bool:
    return value is not None and value <= limit
