"""A small threaded static server for the built site, used by the e2e tests and the
page benchmark. Serves a folder (``dist/``) under a URL prefix such as ``/nibble/``,
with ``.wasm`` as ``application/wasm``, and records every request path it answers."""

from __future__ import annotations

import functools
import http.server
import mimetypes
import socketserver
import threading
from pathlib import Path

mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("application/json", ".json")
mimetypes.add_type("image/svg+xml", ".svg")


class _Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"
    log: list[str]

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".json": "application/json",
        ".svg": "image/svg+xml",
        ".whl": "application/zip",
        ".zip": "application/zip",
    }

    def log_message(self, format, *args):  # noqa: A002 - keep the test output quiet
        pass

    def _strip(self) -> bool:
        self.log.append(self.path)
        path = self.path.split("?", 1)[0]
        if path == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return False
        if not path.startswith(self.prefix):
            self.send_error(404, "outside the site prefix")
            return False
        self.path = "/" + self.path[len(self.prefix) :]
        return True

    extra: dict = {}

    def do_GET(self):  # noqa: N802
        if self._strip():
            body = self.extra.get(self.path.split("?", 1)[0])
            if body is None:
                super().do_GET()
                return
            content_type, data = body
            self.send_response(200)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    def do_HEAD(self):  # noqa: N802
        if self._strip():
            super().do_HEAD()

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


class SiteServer:
    """``with SiteServer(dist, "/nibble/") as server: server.url`` → http://127.0.0.1:port/nibble/"""

    def __init__(self, root: Path | str, prefix: str = "/nibble/", extra: dict | None = None):
        """``extra`` maps paths under the prefix ("/bare.html") to (content type, bytes)
        served in addition to the folder (used by the benchmark's bare Pyodide page)."""
        self.root = Path(root).resolve()
        if not prefix.startswith("/"):
            prefix = "/" + prefix
        if not prefix.endswith("/"):
            prefix += "/"
        self.prefix = prefix
        self.log: list[str] = []
        handler = type(
            "Handler", (_Handler,), {"prefix": prefix, "log": self.log, "extra": dict(extra or {})}
        )
        self.httpd = _Server(("127.0.0.1", 0), functools.partial(handler, directory=str(self.root)))
        self.port = self.httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.url = self.origin + prefix
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def start(self) -> SiteServer:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


if __name__ == "__main__":  # pragma: no cover - manual use
    import sys
    import time

    root = sys.argv[1] if len(sys.argv) > 1 else "dist"
    prefix = sys.argv[2] if len(sys.argv) > 2 else "/nibble/"
    with SiteServer(root, prefix) as s:
        print(s.url, flush=True)
        while True:
            time.sleep(3600)
