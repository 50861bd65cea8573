"""Page benchmark (not a test; run by hand or with `make bench-web`). Prints JSON.

- boot: the page's boot against a bare Pyodide boot, in alternating rounds (the order
  flips each round), each round in fresh on-disk browser profiles, served with GitHub
  Pages' caching headers (Cache-Control: max-age=600).
  - bare: a tiny page whose module worker only calls loadPyodide() from the pinned npm
    package (node_modules/pyodide/, served under /nibble/bare-pyodide/; not dist/pyodide/,
    which the build may change), ms from navigation start to the worker's "ready";
    cold (fresh profile) and warm (a second navigation in that profile: HTTP cache warm).
  - page: the site's root (no query). First visit (fresh profile): ms from navigation
    start to the first visible [data-cell] (non-zero box, not hidden, not covered by
    another element: an init script checks on every DOM change, animation frame and
    20 ms) and to html[data-engine="ready"] (playable). Then it waits for
    html[data-offline="ready"] (up to 120 s) and for html[data-snapshot] to become
    "stored" or "failed" (if it appears within 5 s; else 5 s of idle), and visits again
    in a new tab of the same profile: the repeat visit (--visits 3: a third).
  - bytes before playable (first visit): every response body the server sent for a
    request begun before the page was ready (the service worker's precache included),
    as sent, and as if every file were gzipped (-6), as GitHub Pages would send it
    (text types, .wasm and .zip gzipped, the rest as is), and brotli (-q 11; null
    without the `brotli` module).
  - medians, ratios to the bare cold boot, and the targets: first board <= 1000 ms (or
    0.25 x bare when bare > 4000 ms), first ready <= 0.8 x bare, repeat board <= 600 ms
    (or 0.08 x bare, whichever is larger), repeat ready <= 0.35 x bare, bytes before
    ready <= 5.5 MB gzipped.
- longtask: the longest main-thread task (PerformanceObserver "longtask") while the
  computer thinks and replies, over a few moves of a human-vs-computer game on square9,
  square13 and hex13, and the page's full renders per move pair (the player's move and
  the reply: window.nibbleApp.renders); target < 100 ms on every board.
- draw: a game of people on square9, square13 and hex13 played by clicks (a disc picked,
  Confirm): the CPU seconds the whole browser spends a move (every process and thread:
  drawing costs more than the engine here) and the page's main-thread task ms a move;
  no target, a figure to compare builds with (run it on each, alternately).
- cancel: ms from Undo, pressed while the expert computer thinks (5 s), until the page is
  usable again (the search abandoned); target < 100 ms. The same at hard (1.5 s). Both
  search on the rules worker: also the ms from each Undo until that worker, restored
  from the memory snapshot, is ready again (both levels' together).
- analysis: ms from the player's move to the computer's reply, with the background
  analysis (web/review/analysis.js) running and switched off, alternated (>= 3 rounds,
  medians); target: the analysis delays the reply by < 100 ms.
- links, firstpass, idle, memory: what the page costs a phone beyond its boot (a seeded
  link's board, the first analysis pass of a finished 60-move game, CPU while left
  alone, renderer memory against a bare Pyodide page): e2e/bench_phone.py.

Usage: python e2e/bench_page.py [--dist dist] [--runs 3] [--only boot,longtask,...,memory]
                                [--visits 2|3] [--level medium] [--moves 4] [--no-warmup]
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import (  # noqa: E402
    CHROMIUM_ARGS,
    ROOT,
    USABLE_AFTER,
    chromium_executable,
    tree_cpu_s,
)
from playwright.sync_api import TimeoutError as WaitTimeout  # noqa: E402
from server import SiteServer  # noqa: E402

try:  # optional: no dependency is added for it
    import brotli
except ImportError:  # pragma: no cover
    try:
        import brotlicffi as brotli
    except ImportError:
        brotli = None

SECTIONS = ("boot", "longtask", "draw", "cancel", "analysis", "links", "firstpass", "idle",
            "memory")
#: the boards the longtask section plays on (variant, seed): the largest draw the most
LONGTASK_BOARDS = (("square9", 2), ("square13", 4), ("hex13", 21))
BARE_PYODIDE = ROOT / "node_modules" / "pyodide"
BARE_MOUNT = "/bare-pyodide/"
CACHE_CONTROL = "max-age=600"  # what GitHub Pages sends
BOOT_TIMEOUT_MS = 180_000
OFFLINE_TIMEOUT_MS = 120_000
SNAPSHOT_APPEAR_S = 5.0
SNAPSHOT_TIMEOUT_MS = 60_000
VIEWPORT = {"width": 1200, "height": 900}
#: gzipped by GitHub Pages (by content type); the rest is sent as it is
PAGES_GZIP = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".webmanifest", ".txt",
              ".map", ".md", ".wasm", ".zip")
MB = 1_000_000

BARE_HTML = b"""<!doctype html><meta charset="utf-8"><title>bare</title>
<link rel="icon" href="data:,">
<script type="module">
const html = document.documentElement;
const worker = new Worker("bench-bare-worker.js", {type: "module"});
worker.onmessage = (e) => {
  if (e.data === "ready") window.__bareReady = performance.now();
  else window.__bareError = String(e.data);
  html.dataset.engine = e.data === "ready" ? "ready" : "failed";
};
worker.onerror = (e) => { window.__bareError = e.message || "worker error";
                          html.dataset.engine = "failed"; };
</script>"""

BARE_WORKER = b"""
try {
  const indexURL = new URL("bare-pyodide/", self.location.href).href;
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  await loadPyodide({ indexURL });
  self.postMessage("ready");
} catch (error) {
  self.postMessage(`failed: ${error?.message || error}`);
}
"""

#: init script of every page visit: when the first [data-cell] is in the layout (box),
#: visible (box, not hidden, its centre not covered by another element; sampled five
#: cells spread over the board), when
#: html[data-engine] becomes "ready" (or "failed"), html[data-offline] and
#: html[data-snapshot] change; all in performance.now() ms since navigation start.
PROBE = r"""
(() => {
  if (window.top !== window || window.__bench) return;
  const b = window.__bench = {box: null, board: null, ready: null, failed: null,
                              offline: null, offlineState: null,
                              snapshot: null, snapshotState: null, snapshotDone: null};
  const shown = (el) => !el.checkVisibility
    || el.checkVisibility({opacityProperty: true, visibilityProperty: true});
  function boardState() {
    const cells = document.querySelectorAll("[data-cell]");
    if (!cells.length) return 0;
    const n = cells.length;
    const picks = n <= 5 ? [...cells]
      : [0, 0.25, 0.5, 0.75, 1].map((f) => cells[Math.round(f * (n - 1))]);
    let state = 0;
    for (const cell of picks) {
      const r = cell.getBoundingClientRect();
      if (r.width <= 0 || r.height <= 0) continue;
      state = 1;
      if (!shown(cell)) continue;
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      // pointer-events: none on the board makes the hit land on an ancestor: fine
      if (!top || top === cell || cell.contains(top) || top.contains(cell)
          || top.closest?.("[data-cell]") || !shown(top)) return 2;
      // else something covers it (a loading overlay)
    }
    return state;
  }
  let timer = null;
  // the board is looked at in animation frames (just before a paint) and every 20 ms;
  // html's attributes whenever they change (cheap; exact)
  function check(board) {
    const now = performance.now();
    const html = document.documentElement;
    if (!html) return;
    const engine = html.dataset.engine;
    if (b.ready === null && engine === "ready") b.ready = now;
    if (b.failed === null && engine === "failed") b.failed = now;
    const offline = html.dataset.offline ?? null;
    if (offline !== b.offlineState) { b.offlineState = offline; b.offline = now; }
    const snapshot = html.dataset.snapshot ?? null;
    if (snapshot !== null && b.snapshot === null) b.snapshot = now;
    if (snapshot !== b.snapshotState) {
      b.snapshotState = snapshot;
      if (snapshot === "stored" || snapshot === "failed") b.snapshotDone = now;
    }
    if (board === true && b.board === null && document.body) {
      const state = boardState();
      if (state >= 1 && b.box === null) b.box = now;
      if (state === 2) b.board = now;
    }
    if (b.board !== null && b.ready !== null && timer !== null) {
      clearInterval(timer);  // only the attributes are watched from now on
      timer = null;
    }
  }
  const frame = () => { check(true); if (timer !== null) requestAnimationFrame(frame); };
  new MutationObserver(() => check(false)).observe(document, {
    attributes: true, subtree: true,
    attributeFilter: ["data-engine", "data-offline", "data-snapshot"]});
  timer = setInterval(() => check(true), 20);
  requestAnimationFrame(frame);
})();
"""

LONGTASK_SETUP = """() => {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__longtasks.push({start: e.startTime, duration: e.duration});
    }
  }).observe({type: "longtask", buffered: false});
  // also the largest gap between ticks of a 10 ms timer (catches tasks < 50 ms too)
  window.__gaps = [];
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    window.__gaps.push({start: last, duration: now - last - 10});
    last = now;
  }, 10);
}"""




# --- boot ------------------------------------------------------------------------------


class Sizes:
    """gzip -6 and brotli sizes of files, computed once each."""

    def __init__(self):
        self.cache: dict[Path, dict] = {}

    def of(self, path: Path) -> dict:
        if path not in self.cache:
            data = path.read_bytes()
            gz = len(gzip.compress(data, compresslevel=6, mtime=0))
            br = len(brotli.compress(data, quality=11)) if brotli else None
            self.cache[path] = {"raw": len(data), "gzip": gz, "brotli": br,
                                "gzip_pages": gz if path.name.endswith(PAGES_GZIP)
                                else len(data)}
        return self.cache[path]


def launch(pw, profile: str):
    # A real on-disk profile, as a visitor has: an incognito context keeps its HTTP cache
    # in memory, does not store large entries (the 9.6 MB .wasm) nor compiled wasm.
    context = pw.chromium.launch_persistent_context(
        profile, executable_path=chromium_executable(), args=CHROMIUM_ARGS,
        viewport=VIEWPORT)
    for page in context.pages:
        page.close()
    return context


def epoch_ms(page, at: float) -> float:
    """The wall-clock time (ms since the epoch, as time.time() * 1000) of the page's
    performance.now() value ``at`` (Date.now() rather than performance.timeOrigin: the
    server's clock is the wall clock)."""
    return page.evaluate("(at) => Date.now() - (performance.now() - at)", at)


def served(site, since: int, until_ms: float | None, sizes: Sizes) -> dict:
    """What the server sent from request ``since`` on, for requests begun before
    ``until_ms`` (wall clock; None: all): bytes as sent, as if gzipped, per file (times
    sent, of which with the service worker's script as referrer (its precache, which may
    serve the page too), ms after the first request it was first asked for)."""
    raw = gz = pages = 0
    br: int | None = 0
    files: dict[str, dict] = {}
    statuses: dict[str, int] = {}
    in_flight = 0
    records = list(site.requests[since:])
    first = records[0]["start"] if records else 0.0
    for record in records:
        if until_ms is not None and record["start"] * 1000 > until_ms:
            continue
        status = str(record["status"])
        statuses[status] = statuses.get(status, 0) + 1
        if until_ms is not None and (record["end"] is None or record["end"] * 1000 > until_ms):
            in_flight += 1
        raw += record["bytes"]
        if not record["bytes"]:
            continue
        path = record["path"].split("?", 1)[0]
        file = site.file_for(path)
        size = sizes.of(file) if file else {"raw": record["bytes"], "gzip": record["bytes"],
                                            "brotli": record["bytes"],
                                            "gzip_pages": record["bytes"]}
        # a partial body (a broken connection) counts in proportion
        share = min(1.0, record["bytes"] / size["raw"]) if size["raw"] else 1.0
        gz += round(size["gzip"] * share)
        pages += round(size["gzip_pages"] * share)
        br = None if br is None or size["brotli"] is None else br + round(size["brotli"] * share)
        row = files.setdefault(path, {
            "path": path, "sent": 0, "by_sw": 0, "raw": size["raw"], "gzip": size["gzip"],
            "brotli": size["brotli"], "at_ms": round((record["start"] - first) * 1000)})
        row["sent"] += 1
        row["by_sw"] += (record.get("referer") or "").split("?")[0].endswith("/sw.js")
    return {
        "raw": raw,
        "gzip": gz,
        "brotli": br,
        "as_sent_raw": raw,
        "gzip_all": gz,
        "gzip_pages": pages,
        "requests": sum(statuses.values()),
        "statuses": statuses,
        "in_flight_at_ready": in_flight,
        "files": sorted(files.values(), key=lambda r: (-r["raw"] * r["sent"], r["path"])),
    }


def bare_round(pw, site, warm: bool, sizes: Sizes) -> dict:
    url = site.url + "bench-bare.html"
    out = {}
    with tempfile.TemporaryDirectory(prefix="nibble-bench-bare-") as tmp:
        context = launch(pw, tmp)
        try:
            for key in ("cold", "warm") if warm else ("cold",):
                since = len(site.requests)
                page = context.new_page()
                page.goto(url, wait_until="commit")
                page.wait_for_selector("html[data-engine]", state="attached",
                                       timeout=BOOT_TIMEOUT_MS)
                result = page.evaluate("[window.__bareReady ?? null, window.__bareError ?? null]")
                if result[0] is None:
                    raise RuntimeError(f"bare Pyodide failed to boot: {result[1]}")
                out[f"{key}_ms"] = round(result[0])
                sent = served(site, since, None, sizes)
                out[f"{key}_bytes_raw"] = sent["raw"]
                out[f"{key}_requests"] = sent["requests"]
                page.close()
        finally:
            context.close()
    return out


def visit(context, site, sizes: Sizes, path: str = "") -> tuple[object, dict]:
    """One navigation to the site's root (or ``path`` under it) in a new tab: ms to the
    first visible board and to ready, and what the server sent until ready."""
    since = len(site.requests)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
    page.on("console", lambda msg: errors.append(f"console.error: {msg.text}")
            if msg.type == "error" else None)
    start = time.monotonic()
    page.goto(site.url + path, wait_until="commit")
    page.wait_for_function(
        "() => window.__bench && (window.__bench.ready !== null"
        " || window.__bench.failed !== null)", timeout=BOOT_TIMEOUT_MS, polling=100)
    wall = time.monotonic() - start
    probe = page.evaluate("window.__bench")
    if probe["ready"] is None:
        raise RuntimeError(f"the page failed to boot: {errors[:3]}")
    ready_at = epoch_ms(page, probe["ready"])
    if probe["board"] is None:  # ready but not a visible cell yet: wait a little
        with contextlib.suppress(WaitTimeout):  # recorded as null
            page.wait_for_function("() => window.__bench.board !== null", timeout=10_000,
                                   polling=50)
        probe = page.evaluate("window.__bench")
    sent = served(site, since, ready_at, sizes)
    # where the rules worker's boot went (ms after it started; engine-worker.js marks)
    marks = page.evaluate("window.nibbleApp?.rules?.bootMarks ?? null")
    # and the page's own (app.js, engine-client.js): ms after navigation
    page_marks = page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('mark')"
        ".filter(m => m.name.startsWith('nibble:'))"
        ".map(m => [m.name.slice(7), Math.round(m.startTime)]))")
    result = {
        "worker_marks": marks,
        "page_marks": page_marks,
        "board_ms": None if probe["board"] is None else round(probe["board"]),
        "ready_ms": round(probe["ready"]),
        "box_ms": None if probe["box"] is None else round(probe["box"]),
        "wall_s": round(wall, 2),
        "bytes_before_ready": sent,
        "errors": errors[:5],
    }
    return page, result


def settle(page) -> dict:
    """After a visit: wait for the offline copy (data-offline="ready", up to 120 s), then
    for the snapshot (data-snapshot "stored" or "failed", if it appears within 5 s; else
    5 s of idle)."""
    out = {}
    start = time.monotonic()
    with contextlib.suppress(WaitTimeout):  # recorded
        page.wait_for_function(
            "() => document.documentElement.dataset.offline === 'ready'"
            " || document.documentElement.dataset.offline === 'unavailable'",
            timeout=OFFLINE_TIMEOUT_MS, polling=200)
    probe = page.evaluate("window.__bench")
    out["offline"] = probe["offlineState"]
    out["offline_ms"] = round(probe["offline"]) if probe["offlineState"] == "ready" else None
    out["offline_waited_s"] = round(time.monotonic() - start, 1)
    deadline = time.monotonic() + SNAPSHOT_APPEAR_S
    while time.monotonic() < deadline:
        if page.evaluate("document.documentElement.dataset.snapshot !== undefined"):
            with contextlib.suppress(WaitTimeout):  # recorded
                page.wait_for_function(
                    "() => ['stored', 'failed'].includes("
                    "document.documentElement.dataset.snapshot)",
                    timeout=SNAPSHOT_TIMEOUT_MS, polling=200)
            break
        time.sleep(0.2)
    probe = page.evaluate("window.__bench")
    out["snapshot"] = probe["snapshotState"]
    out["snapshot_ms"] = None if probe["snapshotDone"] is None else round(probe["snapshotDone"])
    return out


def page_round(pw, site, visits: int, sizes: Sizes) -> dict:
    out: dict = {}
    with tempfile.TemporaryDirectory(prefix="nibble-bench-page-") as tmp:
        context = launch(pw, tmp)
        context.add_init_script(PROBE)
        try:
            since = len(site.requests)
            names = ("first", "repeat", "third")[:visits]
            for i, name in enumerate(names):
                page, out[name] = visit(context, site, sizes)
                if i == 0:
                    out["first"].update(settle(page))
                    after = served(site, since, None, sizes)
                    out["first"]["bytes_until_settled_raw"] = after["raw"]
                    out["first"]["requests_until_settled"] = after["requests"]
                elif i < len(names) - 1:
                    out[name].update(settle(page))
                page.close()
        finally:
            context.close()
    for name in out:
        if name != "first":  # the repeat visits' bytes in short
            sent = out[name].pop("bytes_before_ready")
            out[name]["bytes_before_ready_raw"] = sent["raw"]
            out[name]["requests_before_ready"] = sent["requests"]
    return out


def median(values) -> float | None:
    values = [v for v in values if v is not None]
    return round(statistics.median(values)) if values else None


def boot_benchmark(pw, site, runs: int, visits: int, warmup: bool) -> dict:
    load_start = os.getloadavg()
    sizes = Sizes()
    if warmup:  # the OS file cache and Chromium's first start, not measured
        bare_round(pw, site, False, sizes)
    rounds = []
    for i in range(runs):
        order = ("bare", "page") if i % 2 == 0 else ("page", "bare")
        entry: dict = {"order": list(order)}
        for which in order:
            if which == "bare":
                entry["bare"] = bare_round(pw, site, True, sizes)
            else:
                entry["page"] = page_round(pw, site, visits, sizes)
        rounds.append(entry)
        print(f"bench_page: boot round {i + 1}/{runs}: bare {entry['bare']['cold_ms']} ms,"
              f" page first ready {entry['page']['first']['ready_ms']} ms, repeat ready"
              f" {entry['page'].get('repeat', {}).get('ready_ms')} ms", file=sys.stderr)

    def med(which: str, key: str):
        return median(r["page"].get(which, {}).get(key) for r in rounds)

    bare = median(r["bare"]["cold_ms"] for r in rounds)
    m = {
        "bare_cold_ms": bare,
        "bare_warm_ms": median(r["bare"].get("warm_ms") for r in rounds),
        "first_board_ms": med("first", "board_ms"),
        "first_ready_ms": med("first", "ready_ms"),
        "repeat_board_ms": med("repeat", "board_ms"),
        "repeat_ready_ms": med("repeat", "ready_ms"),
    }
    if visits >= 3:
        m["third_board_ms"] = med("third", "board_ms")
        m["third_ready_ms"] = med("third", "ready_ms")

    def ratio(value):
        return None if value is None or not bare else round(value / bare, 3)

    ratios = {f"{key[:-3]}/bare": ratio(m[key]) for key in
              ("first_ready_ms", "repeat_ready_ms", "first_board_ms", "repeat_board_ms")}
    ratios["bare_warm/bare"] = ratio(m["bare_warm_ms"])
    # bytes: the medians of the totals; the files of the round with the median gzip total
    # (each with how many times it was sent: the page's and the service worker's fetches)
    sent = [r["page"]["first"]["bytes_before_ready"] for r in rounds]
    by_gzip = sorted(sent, key=lambda s: s["gzip"])
    middle = by_gzip[(len(by_gzip) - 1) // 2]
    bytes_before_ready = {
        key: median(s[key] for s in sent)
        for key in ("raw", "gzip", "brotli", "gzip_pages")
    }
    bytes_before_ready["files_round"] = sent.index(middle) + 1
    bytes_before_ready["files"] = middle["files"]
    for totals in sent:  # the rounds keep their totals; the files are above
        totals["files"] = len(totals["files"])

    def target(value, limit, rule):
        met = None if value is None or limit is None else value <= limit
        return {"value": value, "limit": limit, "rule": rule, "met": met}

    b = bare or 0
    targets = {
        "first_board_ms": target(m["first_board_ms"], max(1000, 0.25 * b) if b > 4000 else 1000,
                                 "<= 1000 ms, or <= 0.25 x bare when bare > 4000 ms"),
        "first_ready_ms": target(m["first_ready_ms"], round(0.8 * b) if b else None,
                                 "<= 0.8 x bare"),
        "repeat_board_ms": target(m["repeat_board_ms"], max(600, round(0.08 * b)),
                                  "<= 600 ms, or <= 0.08 x bare if larger"),
        "repeat_ready_ms": target(m["repeat_ready_ms"], round(0.35 * b) if b else None,
                                  "<= 0.35 x bare"),
        "bytes_before_ready_gzip": target(bytes_before_ready["gzip"], 5.5 * MB,
                                          "<= 5.5 MB (10^6) gzipped"),
    }
    for t in targets.values():
        if isinstance(t["limit"], float):
            t["limit"] = round(t["limit"])
    return {
        **m,
        "ratios": ratios,
        "bytes_before_ready": bytes_before_ready,
        "targets": targets,
        "all_met": all(t["met"] for t in targets.values()),
        "load": {"start": [round(x, 2) for x in load_start],
                 "end": [round(x, 2) for x in os.getloadavg()]},
        "settings": {"runs": runs, "visits": visits, "cache_control": CACHE_CONTROL,
                     "bare": "node_modules/pyodide " + pyodide_version(),
                     "brotli": "quality 11" if brotli else None,
                     "gzip_pages": "gzip -6 for " + " ".join(PAGES_GZIP) + "; others as is"},
        "rounds": rounds,
    }


def pyodide_version() -> str:
    try:
        return json.loads((BARE_PYODIDE / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return "?"


#: times every full render of the page (app.render, looked up at each call)
RENDER_TIMES = """() => {
  const app = window.nibbleApp;
  const render = app.render;
  window.__renderTimes = [];
  app.render = (...args) => {
    const t0 = performance.now();
    const out = render(...args);
    window.__renderTimes.push(performance.now() - t0);
    return out;
  };
}"""


def longest_task_while_thinking(browser, url: str, moves: int) -> dict:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-engine='ready']", timeout=180_000)
    page.wait_for_selector("html[data-thinking='false']")
    page.evaluate(LONGTASK_SETUP)
    page.evaluate(RENDER_TIMES)
    windows = []
    renders = []  # full renders of the page per move pair (the player's and the reply)
    for _ in range(moves):
        if page.locator("[data-result]").count():
            break
        before = page.locator("#move-list li").count()
        # (null: a build from before the counter)
        drawn = page.evaluate("window.nibbleApp.renders ?? null")
        page.click("[data-cell][data-selectable='true']")
        page.click("[data-action='confirm']:not([disabled])")
        page.wait_for_function(
            f"() => document.querySelectorAll('#move-list li').length > {before}"
        )
        start = page.evaluate("performance.now()")
        page.wait_for_function(
            f"() => document.querySelectorAll('#move-list li').length > {before + 1}"
            " || document.querySelector('[data-result]')",
            timeout=120_000,
        )
        page.wait_for_selector("html[data-thinking='false']")
        windows.append((start, page.evaluate("performance.now()")))
        after = page.evaluate("window.nibbleApp.renders ?? null")
        renders.append(None if drawn is None else after - drawn)
    tasks = page.evaluate("window.__longtasks")
    gaps = page.evaluate("window.__gaps")
    render_ms = page.evaluate("window.__renderTimes")
    context.close()
    during = [t["duration"] for t in tasks if any(a - 50 <= t["start"] <= b for a, b in windows)]
    gap = max(
        (g["duration"] for g in gaps if any(a <= g["start"] <= b for a, b in windows)), default=0.0
    )
    return {
        "replies": len(windows),
        "think_ms": [round(b - a) for a, b in windows],
        "longest_task_ms": round(max(during), 1) if during else 0.0,
        "longtasks": len(during),
        "renders_per_move_pair": renders,
        # how long one full render of the page takes (app.render: board, panels, lists)
        "render_ms": {"median": round(statistics.median(render_ms), 1) if render_ms else None,
                      "max": round(max(render_ms), 1) if render_ms else None,
                      "total": round(sum(render_ms), 1)},
        "note": "longtask entries are main-thread tasks of 50 ms or more; 0 means none",
        "max_timer_delay_ms": round(gap, 1),
    }


def draw_cost(browser, url: str, moves: int) -> dict:
    """A game of people played by clicks (a disc picked, Confirm): the CPU seconds the whole
    browser spends a move (drawing the pick, the move and what follows, on every thread and
    process) and the page's main-thread task time a move (Performance.getMetrics)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900},
                                  service_workers="block")
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-engine='ready']", timeout=180_000)
    page.wait_for_selector("html[data-thinking='false']")
    time.sleep(1.0)  # the boot's last frames
    session = context.new_cdp_session(page)
    session.send("Performance.enable")

    def task_s() -> float:
        metrics = session.send("Performance.getMetrics")["metrics"]
        return next(m["value"] for m in metrics if m["name"] == "TaskDuration")

    cpu, main, played = tree_cpu_s(browser_only=True), task_s(), 0
    for _ in range(moves):
        if page.locator("[data-result]").count():
            break
        before = page.locator("#move-list li").count()
        page.click("[data-cell][data-selectable='true']")
        page.click("[data-action='confirm']:not([disabled])")
        page.wait_for_function(
            f"() => document.querySelectorAll('#move-list li').length > {before}")
        played += 1
    time.sleep(0.8)  # the last move's frames
    used, main = tree_cpu_s(browser_only=True) - cpu, task_s() - main
    context.close()
    return {"moves": played, "cpu_s_per_move": round(used / max(played, 1), 3),
            "main_thread_ms_per_move": round(1000 * main / max(played, 1), 1)}


#: ms until the rules worker is a new one, ready (after an Undo that abandoned a search on it)
RESTORED_AFTER = """(old) => new Promise((resolve) => {
  const t0 = performance.now();
  const poll = () => nibbleApp.rules.state === "ready" && nibbleApp.rules.worker !== old
    ? resolve(performance.now() - t0) : setTimeout(poll, 5);
  poll();
})"""


def cancel_times(browser, url: str, runs: int, restored: list[float] | None = None
                 ) -> list[float]:
    """Undo while the computer thinks (the level in ``url``), ``runs`` times; with
    ``restored``, also the ms until the rules worker is back (appended to it): a level
    whose search asks the rules worker, once the memory snapshot is stored."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-engine='ready']", timeout=180_000)
    page.wait_for_selector("html[data-thinking='false']")
    if restored is not None:  # (a first visit: its rules worker stores the snapshot)
        page.wait_for_function("() => nibbleApp.rules.snapshotKept", timeout=180_000)
    out = []
    for _ in range(runs):
        page.click("[data-cell][data-selectable='true']")
        page.click("[data-action='confirm']:not([disabled])")
        page.wait_for_selector("html[data-thinking='true']")
        time.sleep(0.3)  # well into the search
        old = page.evaluate_handle("() => nibbleApp.rules.worker")
        out.append(round(page.evaluate(USABLE_AFTER, "[data-action='undo']"), 1))
        if restored is not None:
            restored.append(round(page.evaluate(RESTORED_AFTER, old), 1))
        page.wait_for_selector("html[data-thinking='false']")
    context.close()
    return out




def reply_times(browser, url: str, moves: int, analysis: bool) -> list[float]:
    """ms from the player's move on the board to the computer's reply on the board, with
    the background analysis running (or switched off), over ``moves`` moves."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-engine='ready']", timeout=180_000)
    page.wait_for_selector("html[data-thinking='false']")
    page.evaluate("(on) => window.nibbleApp.analysis.setEnabled(on)", analysis)
    out = []
    for _ in range(moves):
        if page.locator("[data-result]").count():
            break
        time.sleep(1.0)  # the analysis gets going on the position (when it runs)
        before = page.locator("#move-list li").count()
        page.click("[data-cell][data-selectable='true']")
        page.click("[data-action='confirm']:not([disabled])")
        page.wait_for_function(
            f"() => document.querySelectorAll('#move-list li').length > {before}")
        start = page.evaluate("performance.now()")
        page.wait_for_function(
            f"() => document.querySelectorAll('#move-list li').length > {before + 1}"
            " || document.querySelector('[data-result]')", timeout=120_000)
        out.append(round(page.evaluate("performance.now()") - start, 1))
    context.close()
    return out


def analysis_delay(browser, url: str, rounds: int, moves: int) -> dict:
    """The computer's replies with the background analysis on and off, alternated."""
    on, off = [], []
    for i in range(rounds):
        for analysis in ((True, False) if i % 2 == 0 else (False, True)):
            (on if analysis else off).extend(reply_times(browser, url, moves, analysis))
    delay = statistics.median(on) - statistics.median(off)
    return {"reply_ms_with_analysis": on, "reply_ms_without": off,
            "median_with_ms": statistics.median(on), "median_without_ms": statistics.median(off),
            "delay_ms": round(delay, 1), "target_delay_ms": 100, "rounds": rounds}


# --- main ------------------------------------------------------------------------------


def sections(text: str) -> list[str]:
    chosen = [s.strip() for s in text.split(",") if s.strip()]
    unknown = [s for s in chosen if s not in SECTIONS]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(
            f"unknown section {', '.join(unknown) or '(none)'}; choose from {', '.join(SECTIONS)}")
    return chosen


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dist", default=str(ROOT / "dist"))
    parser.add_argument("--runs", type=int, default=3, help="boot rounds (and cancels, >= 3)")
    parser.add_argument("--only", type=sections, default=list(SECTIONS),
                        help="comma-separated sections to run: " + ",".join(SECTIONS)
                             + " (default all)")
    parser.add_argument("--visits", type=int, choices=(2, 3), default=2,
                        help="page visits per boot round: first, repeat (, third)")
    parser.add_argument("--no-warmup", dest="warmup", action="store_false",
                        help="skip the unmeasured bare boot before the boot rounds")
    parser.add_argument("--level", default="medium")
    parser.add_argument("--moves", type=int, default=4)
    args = parser.parse_args()
    dist = Path(args.dist)
    if not (dist / "index.html").is_file():
        sys.exit(f"{dist}/index.html missing: run `make build` first")
    if "boot" in args.only and not (BARE_PYODIDE / "pyodide.mjs").is_file():
        sys.exit(f"{BARE_PYODIDE} missing: run `make node_modules` (npm ci) first")

    import bench_phone  # (it imports this module's helpers)
    from playwright.sync_api import sync_playwright

    report: dict = {"load": {"start": [round(x, 2) for x in os.getloadavg()]}}
    ok = []
    with sync_playwright() as pw:
        if "boot" in args.only:
            extra = {
                "/bench-bare.html": ("text/html", BARE_HTML),
                "/bench-bare-worker.js": ("text/javascript", BARE_WORKER),
            }
            with SiteServer(dist, "/nibble/", extra=extra, mounts={BARE_MOUNT: BARE_PYODIDE},
                            cache_control=CACHE_CONTROL) as site:
                report["boot"] = boot_benchmark(pw, site, args.runs, args.visits, args.warmup)
            ok.append(report["boot"]["all_met"])
        if {"longtask", "draw", "cancel", "analysis", "firstpass"} & set(args.only):
            with SiteServer(dist, "/nibble/") as site:
                browser = pw.chromium.launch(executable_path=chromium_executable(),
                                             args=CHROMIUM_ARGS)
                if "longtask" in args.only:
                    boards = {}
                    for variant, seed in LONGTASK_BOARDS:
                        think = longest_task_while_thinking(
                            browser,
                            site.url + f"?game=nibble&variant={variant}&seed={seed}"
                            f"&p1=human&p2=ai&level={args.level}",
                            args.moves,
                        )
                        boards[variant] = think
                        ok.append(think["longest_task_ms"] < 100)
                    report["computer_thinking"] = {
                        "boards": boards, "level": args.level, "target_longest_task_ms": 100,
                        "longest_task_ms": max(b["longest_task_ms"] for b in boards.values())}
                if "draw" in args.only:
                    draw: dict = {}
                    for _ in range(max(1, args.runs)):  # the boards in turn, each round
                        for variant, seed in LONGTASK_BOARDS:
                            draw.setdefault(variant, []).append(draw_cost(
                                browser, site.url + f"?game=nibble&variant={variant}"
                                f"&seed={seed}&p1=human&p2=human", max(args.moves, 10)))
                    report["draw"] = {
                        variant: {"cpu_s_per_move":
                                      statistics.median(r["cpu_s_per_move"] for r in rs),
                                  "main_thread_ms_per_move":
                                      statistics.median(r["main_thread_ms_per_move"] for r in rs),
                                  "rounds": rs}
                        for variant, rs in draw.items()}
                if "cancel" in args.only:
                    restored: list[float] = []
                    cancels = cancel_times(
                        browser,
                        site.url + "?game=nibble&variant=square13&seed=4&p1=human&p2=ai"
                        "&level=expert",
                        max(3, args.runs), restored,
                    )
                    hard = cancel_times(
                        browser,
                        site.url + "?game=nibble&variant=square13&seed=4&p1=human&p2=ai"
                        "&level=hard",
                        max(3, args.runs), restored,
                    )
                    report["cancel"] = {"undo_while_expert_thinks_ms": cancels,
                                        "median_ms": statistics.median(cancels),
                                        "undo_while_hard_thinks_ms": hard,
                                        "hard_median_ms": statistics.median(hard),
                                        "rules_worker_restored_ms": restored,
                                        "restored_median_ms": statistics.median(restored),
                                        "target_ms": 100}
                    ok.append(max(statistics.median(cancels), statistics.median(hard)) < 100)
                if "analysis" in args.only:
                    report["analysis"] = analysis_delay(
                        browser,
                        site.url + "?game=nibble&variant=square9&seed=2&p1=human&p2=ai"
                        f"&level={args.level}",
                        max(3, args.runs), args.moves)
                    ok.append(report["analysis"]["delay_ms"] < 100)
                if "firstpass" in args.only:
                    report["first_pass"] = bench_phone.first_pass(browser, site, max(3, args.runs))
                    ok.append(report["first_pass"]["met"])
                browser.close()
        if "links" in args.only:
            with SiteServer(dist, "/nibble/", cache_control=CACHE_CONTROL) as site:
                report["links"] = bench_phone.link_boards(pw, site, Sizes(), args.runs)
            ok.append(report["links"]["met"])
        if "idle" in args.only:
            with SiteServer(dist, "/nibble/", cache_control=CACHE_CONTROL) as site:
                report["idle"] = bench_phone.idle_cpu(pw, site)
            ok.append(report["idle"]["met"])
        if "memory" in args.only:
            report["memory"] = bench_phone.memory(pw, dist, args.runs)
            ratios = report["memory"]["ratio_to_bare"]
            ok.append(all(ratios[k] <= t for k, t in report["memory"]["targets"].items()))
    report["load"]["end"] = [round(x, 2) for x in os.getloadavg()]
    report["ok"] = all(ok)
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
