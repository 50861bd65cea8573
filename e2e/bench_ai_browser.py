"""Search speed in the page's browser against CPython (not a test; `make bench-ai-browser`).

The page runs the engine in Pyodide inside Chromium's Web Worker, not under Node; this
benchmark loads the built Pyodide runtime and engine wheel from ``dist/`` into a module
worker of a bare page (no app around it), runs ``nibble.ai.lab.bench`` there, and alternates
with the same benchmark on this CPython (``scripts/bench_pyodide_ratio.py`` does it with
Node). Prints the same JSON: per variant ``hard``'s nodes and ``medium``'s iterations a
second in each runtime and their ratio to CPython (``--node``: Pyodide under Node too, in
the same alternation, so the two hosts of Pyodide are compared under the same load).

Usage: python e2e/bench_ai_browser.py [--dist dist] [--rounds 2] [--seconds 2] [--node]
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "scripts"))

from bench_pyodide_ratio import bench_cpython, bench_node, compare  # noqa: E402
from conftest import CHROMIUM_ARGS, ROOT, chromium_executable  # noqa: E402
from server import SiteServer  # noqa: E402

PAGE = b"""<!doctype html><meta charset="utf-8"><title>search speed</title>
<link rel="icon" href="data:,">
<script type="module">
const worker = new Worker("bench-worker.js", {type: "module"});
worker.onmessage = (e) => { window.benchResult = e.data; };
worker.postMessage(Number(new URLSearchParams(location.search).get("seconds")));
</script>"""

WORKER = b"""
self.onmessage = async (event) => {
  try {
    const here = (path) => new URL(path, self.location.href).href;
    const { loadPyodide } = await import(here("pyodide/pyodide.mjs"));
    const pyodide = await loadPyodide({ indexURL: here("pyodide/") });
    const engine = await (await fetch(here("engine-src.zip"))).arrayBuffer();
    pyodide.unpackArchive(engine, "zip");
    pyodide.globals.set("SECONDS", event.data);
    const out = pyodide.runPython(
      "import json\\nfrom nibble.ai.lab.bench import run\\njson.dumps(run(seconds=SECONDS))");
    self.postMessage({ ok: true, out });
  } catch (error) {
    self.postMessage({ ok: false, error: String(error) });
  }
};
"""


def engine_sources() -> bytes:
    """The engine package's sources as a zip, in memory."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for path in sorted((ROOT / "nibble").rglob("*.py")):
            zf.write(path, path.relative_to(ROOT).as_posix())
    return buffer.getvalue()


def bench_chromium(dist: Path, timeout_s: float = 600.0):
    """A function of ``seconds`` that runs the benchmark in a fresh Chromium each call."""
    from playwright.sync_api import sync_playwright

    extra = {"/bench.html": ("text/html", PAGE),
             "/bench-worker.js": ("text/javascript", WORKER),
             # the whole engine as sources (the site's python.zip holds only what the page
             # imports, and nibble.ai.lab.bench is not among it)
             "/engine-src.zip": ("application/zip", engine_sources())}

    def bench(seconds: float) -> dict:
        with SiteServer(dist, "/nibble/", extra) as server, sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_executable(),
                                        args=CHROMIUM_ARGS)
            try:
                page = browser.new_page()
                page.goto(f"{server.url}bench.html?seconds={seconds}")
                end = time.monotonic() + timeout_s
                while (result := page.evaluate("() => window.benchResult || null")) is None:
                    if time.monotonic() > end:
                        raise TimeoutError("the benchmark did not finish in the browser")
                    time.sleep(0.5)
            finally:
                browser.close()
        if not result["ok"]:
            raise RuntimeError(result["error"])
        return json.loads(result["out"])

    return bench


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dist", default="dist", help="the built site (make build)")
    p.add_argument("--rounds", type=int, default=2, help="runs in each runtime, alternating")
    p.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    p.add_argument("--node", action="store_true", help="also Pyodide under Node")
    args = p.parse_args(argv)
    runtimes = {"cpython": bench_cpython, "chromium": bench_chromium(Path(args.dist))}
    if args.node:
        runtimes["node"] = bench_node
    print(json.dumps(compare(runtimes, args.rounds, args.seconds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
