"""The site's own static server (``scripts/serve.py``) for the e2e tests and benchmarks,
plus what tests need on top: every request path recorded, and extra in-memory pages
(the benchmark's bare Pyodide page)."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import serve  # noqa: E402  (same MIME types, sub-path handling and caching headers)


class _Handler(serve.Handler):
    quiet = True
    log: list[str]
    extra: dict[str, tuple[str, bytes]]

    def _strip_base(self) -> bool:
        self.log.append(self.path)
        return super()._strip_base()

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        if not self._strip_base():
            return
        body = self.extra.get(self.path.split("?", 1)[0])
        if body is None:
            http.server.SimpleHTTPRequestHandler.do_GET(self)
            return
        content_type, data = body
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class SiteServer:
    """``with SiteServer(dist, "/nibble/") as server: server.url`` → http://127.0.0.1:port/nibble/"""

    def __init__(self, root: Path | str, prefix: str = "/nibble/", extra: dict | None = None):
        """``extra`` maps paths under the prefix ("/bare.html") to (content type, bytes)
        served in addition to the folder (used by the benchmark's bare Pyodide page)."""
        self.root = Path(root).resolve()
        self.prefix = serve.normalise_base(prefix)
        self.log: list[str] = []
        handler = type("Handler", (_Handler,), {"base": self.prefix, "log": self.log,
                                                "extra": dict(extra or {})})
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(handler, directory=str(self.root)))
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.url = self.origin + self.prefix
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
