"""Offline benchmark (not a test; run by hand). Prints JSON.

- sizes: every file of dist/, per file (per_file) and in total: raw, gzip -6, brotli
  (quality 11; null when the `brotli` module is not installed), and as a static host
  would send it: text types (html, css, js, mjs, json, svg, webmanifest) gzipped at
  level 6, everything else (.wasm, .zip, .whl, .png) as it is; a second total also
  gzips the .wasm, for a host that compresses application/wasm too.
- first / repeat visit in one browser profile (a fresh on-disk profile per run): bytes
  and requests that reached the server (bodies actually sent, 304s counted apart),
  responses the service worker answered, resource-timing transferSize, and the time
  from navigation to html[data-engine="ready"]. The repeat visit is a new navigation
  in the same profile after the service worker took over (target: zero bytes from the
  server).
  repeat_3rd is the visit after that (the steady state: Chromium keeps compiled wasm for
  a Cache Storage response only from then on).
- http_cache_only(_3rd): the same visits with service workers blocked (the browser's
  HTTP cache and revalidation only), for comparison.

Usage: python e2e/bench_offline.py [--dist dist] [--runs 2]
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import CHROMIUM_ARGS, ROOT, chromium_executable  # noqa: E402
from server import SiteServer  # noqa: E402

try:  # optional: no dependency is added for it
    import brotli
except ImportError:
    try:
        import brotlicffi as brotli
    except ImportError:
        brotli = None

TEXT = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".webmanifest", ".txt", ".map")
URL_QUERY = "?game=nibble&variant=square9&seed=5&p1=human&p2=human"

# Count the bytes of every response body the server sends, and its 304s.
SENT = {"bytes": 0, "200": 0, "304": 0}
_copyfile = http.server.SimpleHTTPRequestHandler.copyfile
_send_response = http.server.SimpleHTTPRequestHandler.send_response


def _counting_copyfile(self, source, outputfile):
    start = source.tell()
    _copyfile(self, source, outputfile)
    SENT["bytes"] += source.tell() - start


def _counting_send_response(self, code, message=None):
    key = str(int(code))
    SENT[key] = SENT.get(key, 0) + 1
    _send_response(self, code, message)


http.server.SimpleHTTPRequestHandler.copyfile = _counting_copyfile
http.server.SimpleHTTPRequestHandler.send_response = _counting_send_response

READY_PROBE = """
new MutationObserver(() => {
  if (document.documentElement?.dataset.engine === "ready" && !window.__readyAt)
    window.__readyAt = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-engine"]});
"""


def sizes(dist: Path) -> dict:
    """Every file of dist/: raw, gzip -6, brotli (quality 11; null without the `brotli`
    module) and as a static host sends it; per file and in total."""
    rows = []
    for p in sorted(dist.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(dist).as_posix()
        data = p.read_bytes()
        gz = len(gzip.compress(data, compresslevel=6, mtime=0))
        br = len(brotli.compress(data, quality=11)) if brotli else None
        text = rel.endswith(TEXT)
        rows.append({"file": rel, "raw": len(data), "gzip": gz, "brotli": br,
                     "served": gz if text else len(data)})
    total_raw = sum(r["raw"] for r in rows)
    served = sum(r["served"] for r in rows)
    wasm_gz = sum(r["gzip"] - r["raw"] for r in rows if r["file"].endswith(".wasm"))
    big = sorted(rows, key=lambda r: -r["raw"])[:6]
    return {
        "files": len(rows),
        "raw_bytes": total_raw,
        "gzip_bytes": sum(r["gzip"] for r in rows),
        "brotli_bytes": None if brotli is None else sum(r["brotli"] for r in rows),
        "served_bytes_text_gzip": served,
        "served_bytes_text_and_wasm_gzip": served + wasm_gz,
        "largest": big,
        "per_file": rows,
    }


def visit(context, url: str, site) -> dict:
    SENT.update({"bytes": 0, "200": 0, "304": 0})
    seen = len(site.log)
    responses = []
    context.on("response", lambda r: responses.append(r))
    page = context.new_page()
    page.set_default_timeout(180_000)
    t0 = time.monotonic()
    page.goto(url)
    page.wait_for_selector("html[data-engine='ready']", state="attached")
    wall = time.monotonic() - t0
    ready_ms = page.evaluate("window.__readyAt || performance.now()")
    transfer = page.evaluate(
        "[...performance.getEntriesByType('navigation'),"
        " ...performance.getEntriesByType('resource')]"
        ".reduce((s, e) => s + (e.transferSize || 0), 0)"
    )
    result = {
        "ready_ms": round(ready_ms),
        "wall_s": round(wall, 2),
        "server_requests": len(site.log) - seen,
        "server_paths": sorted(set(site.log[seen:]))[:40],
        "server_body_bytes": SENT["bytes"],
        "server_200": SENT["200"],
        "server_304": SENT["304"],
        "from_service_worker": sum(1 for r in responses if r.from_service_worker),
        "page_transfer_size": transfer,
    }
    return page, result


def persistent(pw, profile: str, **kwargs):
    # A real profile, as a visitor has: an incognito context keeps its HTTP cache in
    # memory and does not store large entries such as the 9.6 MB .wasm, nor wasm code.
    context = pw.chromium.launch_persistent_context(
        profile, executable_path=chromium_executable(), args=CHROMIUM_ARGS, **kwargs
    )
    context.add_init_script(READY_PROBE)
    for page in context.pages:
        page.close()
    return context


def run_once(pw, site, url: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="nibble-bench-") as tmp:
        return _run_once(pw, site, url, tmp)


def _run_once(pw, site, url: str, tmp: str) -> dict:
    context = persistent(pw, f"{tmp}/sw")
    seen = len(site.log)
    page, first = visit(context, url, site)
    at_ready = len(site.log)
    page.wait_for_selector("html[data-offline='ready']", state="attached")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    # the install's own requests are part of the first visit's cost: the whole first-visit
    # transfer, before playable and after it (the precache)
    first["server_body_bytes_incl_precache"] = SENT["bytes"]
    first["server_body_bytes_after_ready"] = SENT["bytes"] - first["server_body_bytes"]
    first["server_304_incl_precache"] = SENT["304"]
    first["server_paths_after_ready"] = sorted(
        set(site.log[at_ready:]) - set(site.log[seen:at_ready]))
    page.close()
    page, repeat = visit(context, url, site)
    page.close()
    # Chromium keeps compiled WebAssembly for a response from Cache Storage only once the
    # module has been loaded from there: the third visit is the steady state.
    page, repeat_3rd = visit(context, url, site)
    context.close()

    plain = persistent(pw, f"{tmp}/plain", service_workers="block")
    page, _ = visit(plain, url, site)
    page.close()
    page, http_only = visit(plain, url, site)
    page.close()
    page, http_only_3rd = visit(plain, url, site)
    plain.close()
    return {
        "first": first,
        "repeat": repeat,
        "repeat_3rd": repeat_3rd,
        "http_cache_only": http_only,
        "http_cache_only_3rd": http_only_3rd,
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    if not (args.dist / "sw.js").is_file():
        sys.exit(f"{args.dist}/sw.js missing: run `make build` first")
    from playwright.sync_api import sync_playwright

    out = {"sizes": sizes(args.dist), "runs": []}
    with SiteServer(args.dist, "/nibble/") as site, sync_playwright() as pw:
        for _ in range(args.runs):
            out["runs"].append(run_once(pw, site, site.url + URL_QUERY))
    runs = out["runs"]
    out["summary"] = {
        key: {
            "ready_ms_median": statistics.median(r[key]["ready_ms"] for r in runs),
            "server_body_bytes_max": max(r[key]["server_body_bytes"] for r in runs),
            "server_requests_max": max(r[key]["server_requests"] for r in runs),
        }
        for key in ("first", "repeat", "repeat_3rd", "http_cache_only", "http_cache_only_3rd")
    }
    out["summary"]["first"]["server_body_bytes_incl_precache_max"] = max(
        r["first"]["server_body_bytes_incl_precache"] for r in runs
    )
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
