"""The site's own static server (``scripts/serve.py``) for the e2e tests and benchmarks,
plus what tests need on top: every request path recorded, and extra in-memory pages
(the benchmark's bare Pyodide page).

For the benchmarks, optionally: more folders mounted under sub-paths (``mounts``), a
``Cache-Control`` of one's choosing instead of serve.py's ``no-cache`` (``cache_control``,
e.g. GitHub Pages' ``max-age=600``), and ``server.requests``: per request, its path,
status, body bytes sent, wall-clock start and end (``time.time()``), and its Referer and
Sec-Fetch-Dest headers (a service worker's fetches have its script as referrer)."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import serve  # noqa: E402  (same MIME types, sub-path handling and caching headers)


class _Handler(serve.Handler):
    quiet = True
    log: list[str]
    extra: dict[str, tuple[str, bytes]]
    mounts: dict[str, str] = {}
    cache_control: str | None = None
    requests: list[dict]
    _record: dict | None = None

    def _strip_base(self) -> bool:
        self.log.append(self.path)
        return super()._strip_base()

    def _begin(self) -> None:
        # one record per request (a keep-alive connection reuses this handler)
        self._record = {"path": self.path, "status": None, "bytes": 0,
                        "start": time.time(), "end": None,
                        "referer": self.headers.get("Referer"),
                        "dest": self.headers.get("Sec-Fetch-Dest")}
        self.requests.append(self._record)

    def _end(self) -> None:
        if self._record is not None:
            self._record["end"] = time.time()
            self._record = None

    def send_response(self, code, message=None) -> None:
        if self._record is not None and self._record["status"] is None:
            self._record["status"] = int(code)
        super().send_response(code, message)

    def copyfile(self, source, outputfile) -> None:
        start = source.tell()
        try:
            super().copyfile(source, outputfile)
        except (ConnectionResetError, BrokenPipeError):
            pass  # the page went away mid-download (a test closed it): nothing to report
        finally:
            if self._record is not None:
                self._record["bytes"] += source.tell() - start

    def end_headers(self) -> None:
        if self.cache_control is None:
            super().end_headers()
            return
        self.send_header("Cache-Control", self.cache_control)
        http.server.SimpleHTTPRequestHandler.end_headers(self)

    def translate_path(self, path: str) -> str:
        # path is already relative to the prefix ("/bare-pyodide/pyodide.mjs")
        for mount, directory in self.mounts.items():
            if path.startswith(mount):
                saved = self.directory
                self.directory = directory
                try:
                    return super().translate_path("/" + path[len(mount):])
                finally:
                    self.directory = saved
        return super().translate_path(path)

    def do_HEAD(self) -> None:  # noqa: N802
        self._begin()
        try:
            super().do_HEAD()
        finally:
            self._end()

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        self._begin()
        try:
            self._get()
        finally:
            self._end()

    def _get(self) -> None:
        if not self._strip_base():
            return
        if self._record is not None:
            self._record["path"] = self.path
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
        if self._record is not None:
            self._record["bytes"] += len(data)


class SiteServer:
    """``with SiteServer(dist, "/nibble/") as server: server.url`` → http://127.0.0.1:port/nibble/"""

    def __init__(self, root: Path | str, prefix: str = "/nibble/", extra: dict | None = None,
                 mounts: dict | None = None, cache_control: str | None = None):
        """``extra`` maps paths under the prefix ("/bare.html") to (content type, bytes)
        served in addition to the folder (used by the benchmark's bare Pyodide page).
        ``mounts`` maps sub-paths under the prefix ("/bare-pyodide/") to other folders
        served there. ``cache_control``: the Cache-Control header of every response
        (default: serve.py's "no-cache")."""
        self.root = Path(root).resolve()
        self.prefix = serve.normalise_base(prefix)
        self.log: list[str] = []
        self.requests: list[dict] = []
        self.mounts = {"/" + k.strip("/") + "/": Path(v).resolve()
                       for k, v in (mounts or {}).items()}
        self._handler = handler = type("Handler", (_Handler,), {
            "base": self.prefix, "log": self.log, "extra": dict(extra or {}),
            "mounts": {k: str(v) for k, v in self.mounts.items()},
            "cache_control": cache_control, "requests": self.requests})
        self.httpd = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(handler, directory=str(self.root)))
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}"
        self.url = self.origin + self.prefix
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def serve_extra(self, path: str, content_type: str, data: bytes) -> None:
        """Serve ``data`` at ``path`` under the prefix from now on (as ``extra``)."""
        self._handler.extra[path] = (content_type, data)

    def file_for(self, path: str) -> Path | None:
        """The file on disk a request path (relative to the prefix, as in ``requests``)
        was served from (a folder's index.html for a folder); None for the in-memory pages and
        paths outside."""
        path = urllib.parse.unquote(path.split("?", 1)[0].split("#", 1)[0])
        root = self.root
        for mount, directory in self.mounts.items():
            if path.startswith(mount):
                root, path = directory, path[len(mount):]
                break
        candidate = (root / path.lstrip("/")).resolve()
        if path.endswith("/"):
            candidate = candidate / "index.html"  # what the folder's URL serves
        if not candidate.is_relative_to(root) or not candidate.is_file():
            return None
        return candidate

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
