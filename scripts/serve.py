#!/usr/bin/env python3
"""Serve the built site (``dist/``) on localhost, like a static host would.

    python scripts/serve.py [--dir dist] [--host 127.0.0.1] [--port 8000] [--base /nibble/]

Standard library only. ``--base`` serves the folder under a sub-path (as GitHub Pages does
for ``https://user.github.io/repo/``), which checks that every URL in the site is relative.
``--port 0`` picks a free port. Responses carry ``Cache-Control: no-cache`` so a rebuilt
site is picked up on reload (the browser revalidates; the service worker does its own
caching), and the right MIME types for .wasm, .mjs, .whl and .webmanifest.

For tests: ``start_server(directory, base=..., port=0)`` runs the same server in a daemon
thread and returns ``(server, url)``; call ``server.shutdown()`` when done.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import sys
import threading
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".md": "text/markdown",
    ".txt": "text/plain",
}


def normalise_base(base: str) -> str:
    base = "/" + base.strip("/") + "/"
    return "/" if base == "//" else base


class Handler(http.server.SimpleHTTPRequestHandler):
    base = "/"
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    quiet = False
    protocol_version = "HTTP/1.1"

    def handle(self) -> None:
        # a browser may drop a kept-alive connection (a tab or a test's page closed): not
        # an error worth a traceback
        with contextlib.suppress(ConnectionResetError, BrokenPipeError):
            super().handle()

    def _strip_base(self) -> bool:
        """Rewrite self.path from under ``base`` to the folder root; False if outside it."""
        if self.base == "/":
            return True
        parts = urllib.parse.urlsplit(self.path)
        if parts.path == self.base.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.base + (f"?{parts.query}" if parts.query else ""))
            self.send_header("Content-Length", "0")
            self.end_headers()
            return False
        if not parts.path.startswith(self.base):
            self.send_error(404, f"Not under {self.base}")
            return False
        self.path = "/" + self.path[len(self.base) :]
        return True

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        if self._strip_base():
            super().do_GET()

    def do_HEAD(self) -> None:  # noqa: N802
        if self._strip_base():
            super().do_HEAD()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002
        if not self.quiet:
            super().log_message(format, *args)


def make_server(
    directory: Path, host: str = "127.0.0.1", port: int = 8000, base: str = "/", quiet: bool = False
) -> tuple[http.server.ThreadingHTTPServer, str]:
    directory = Path(directory).resolve()
    if not directory.is_dir():
        raise FileNotFoundError(f"{directory} does not exist: run `make build` first")
    base = normalise_base(base)
    handler = type("NibbleHandler", (Handler,), {"base": base, "quiet": quiet})
    server = http.server.ThreadingHTTPServer(
        (host, port), functools.partial(handler, directory=str(directory))
    )
    server.daemon_threads = True
    shown_host = f"[{host}]" if ":" in host else host
    url = f"http://{shown_host}:{server.server_address[1]}{base}"
    return server, url


def start_server(
    directory: Path = ROOT / "dist", base: str = "/", host: str = "127.0.0.1", port: int = 0
) -> tuple[http.server.ThreadingHTTPServer, str]:
    server, url = make_server(directory, host=host, port=port, base=base, quiet=True)
    threading.Thread(target=server.serve_forever, name="serve-dist", daemon=True).start()
    return server, url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the built site on localhost.")
    parser.add_argument("--dir", type=Path, default=ROOT / "dist", help="folder to serve")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--base", default="/", help="sub-path to serve under, e.g. /nibble/")
    parser.add_argument("--quiet", action="store_true", help="no request log")
    args = parser.parse_args(argv)
    if not args.dir.is_dir():
        print(f"serve: {args.dir} does not exist: run `make build` first", file=sys.stderr)
        return 1
    server, url = make_server(args.dir, args.host, args.port, args.base, args.quiet)
    print(f"Serving {args.dir} at {url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
