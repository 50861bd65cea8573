"""Fixtures for the end-to-end tests: the built site (``dist/``) served under a sub-path
by a threaded stdlib server, one Chromium for the whole session, every request the
pages make recorded so tests can check nothing leaves the page's origin.

Browser profiles: a test's context is warm (``Profiles``): its origin private file
system holds the engine's memory snapshot, so the test's engine workers restore it
instead of booting Python cold, and everything else of the origin (storage, caches, the
service worker) is cleared, as on a first visit. The first profile of a test process
visits the site once to get the snapshot; every later one is given that snapshot's files
instead (a visit boots Python from scratch: 2.5-3 CPU-s). A test about first visits asks
for a profile that never saw the site: ``@pytest.mark.first_visit`` or
``make_page(fresh=True)``. ``NIBBLE_E2E_WARM=0`` gives every test a new profile.

Service workers: a warm profile blocks them (``service_workers="block"``), since the
precache that follows every first visit (the whole site fetched, hashed and stored again)
cost about 0.45 of a page's 1.6 CPU seconds, and the tests of the page's behaviour do not
depend on it (the page says nothing when it cannot register one: a browser may refuse, as
in private modes). A test of the offline copy or of what the service worker serves asks
for it with ``@pytest.mark.service_worker``; a first visit's profile always has it."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from server import SiteServer

ROOT = Path(__file__).resolve().parent.parent
DIST = Path(os.environ.get("NIBBLE_DIST", ROOT / "dist"))
PREFIX = "/nibble/"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BOOT_TIMEOUT_MS = 120_000


def chromium_executable() -> str | None:
    """CHROMIUM_PATH if set; else the one `make chromium` chose (build/chromium-path); else
    None (Playwright's own browser) when it is installed; else Chromium's headless shell or
    /usr/bin/chromium (or whatever chromium is on PATH)."""
    path = os.environ.get("CHROMIUM_PATH")
    if path:
        return path
    chosen = ROOT / "build" / "chromium-path"
    chosen_path = chosen.read_text().strip() if chosen.is_file() else ""
    if chosen_path and Path(chosen_path).is_file():
        return chosen_path
    cache = Path(
        os.environ.get("PLAYWRIGHT_BROWSERS_PATH", Path.home() / ".cache" / "ms-playwright")
    )
    if cache.is_dir() and any(cache.glob("chromium*")):
        return None
    for candidate in (
        shutil.which("chromium-headless-shell"),
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if candidate and Path(candidate).exists():
            return candidate
    return None


#: how often ``wait_for_function`` evaluates its predicate when the test does not say:
#: Playwright's default polls on every animation frame, and a frame asked for costs the
#: renderer about a millisecond of CPU (a 5 s wait: 0.23-0.34 CPU-s by animation frames,
#: 0.03-0.07 every 33 ms), taken from the engine's workers the tests wait for
POLL_MS = 33


def _poll_by_interval() -> None:
    try:
        from playwright.sync_api import Frame, Page
    except ImportError:  # (the tests skip themselves without Playwright)
        return
    for cls in (Page, Frame):
        original = cls.wait_for_function
        if getattr(original, "_nibble_poll", False):
            continue

        def wait(self, expression, *, arg=None, timeout=None, polling=None, _original=original):
            return _original(self, expression, arg=arg, timeout=timeout,
                             polling=POLL_MS if polling is None else polling)

        wait._nibble_poll = True  # type: ignore[attr-defined]
        cls.wait_for_function = wait  # type: ignore[method-assign]


def pytest_configure(config) -> None:
    _poll_by_interval()
    config.addinivalue_line(
        "markers", "first_visit: the test's browser profiles never saw the site (no memory "
        "snapshot of the engine in them)")
    config.addinivalue_line(
        "markers", "service_worker: the test's warm browser profiles let the page register its "
        "service worker (they block it otherwise: the module's docstring)")
    config.addinivalue_line(
        "markers", "timed: the test bounds how long something takes; `make test-e2e` runs "
        "these alone, after the others (which run in parallel)")


#: the files that take longest, first: on several processes (``make test-e2e``, a file to
#: a process at a time) they then end together instead of one process finishing alone
SLOWEST_FILES = ["test_review.py", "test_reliability.py", "test_everyone.py",
                 "test_untrusted.py", "test_page.py", "test_table.py", "test_theme.py"]


def pytest_collection_modifyitems(config, items) -> None:
    rank = {name: i for i, name in enumerate(SLOWEST_FILES)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: a file's order stays


def tree_cpu_s(browser_only: bool = False) -> float:
    """CPU seconds of this process and every process under it (the Playwright driver, its
    Chromium and the renderers that ended: reaped ones count in their parent's cutime);
    ``browser_only``: Chromium's processes alone, neither this one nor the driver (node)."""
    ticks, children = 0, {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    head, tail = f.read().rsplit(")", 1)
            except OSError:
                continue
            fields = tail.split()
            children.setdefault(int(fields[1]), []).append((int(entry), head, fields))
    todo = [os.getpid()]
    if not browser_only:
        with open(f"/proc/{os.getpid()}/stat") as f:
            own = f.read().rsplit(")", 1)[1].split()
        ticks += sum(int(x) for x in own[11:15])
    while todo:
        for pid, head, fields in children.get(todo.pop(), []):
            if not (browser_only and head.endswith("(node")):
                ticks += sum(int(x) for x in fields[11:15])
            todo.append(pid)
    return ticks / os.sysconf("SC_CLK_TCK")


@pytest.fixture(autouse=True)
def _cpu_meter(request):
    """NIBBLE_E2E_CPU=FILE: each test's CPU seconds (this process's tree: the test, the
    server, the browser), wall time, start (epoch s), page loads (requests for app.js)
    and xdist worker appended to FILE as JSON lines, for docs/development.md's "where
    the e2e time goes" (Linux)."""
    out = os.environ.get("NIBBLE_E2E_CPU")
    if not out:
        yield
        return
    import json
    import time

    served = request.getfixturevalue("site").requests
    first = len(served)
    cpu, wall, start = tree_cpu_s(), time.monotonic(), time.time()
    yield
    loads = sum(r["path"].split("?")[0].endswith("/app.js") for r in served[first:])
    with open(out, "a") as f:
        f.write(json.dumps({"test": request.node.nodeid, "cpu": round(tree_cpu_s() - cpu, 2),
                            "wall": round(time.monotonic() - wall, 2), "start": round(start, 2),
                            "loads": loads,
                            "worker": os.environ.get("PYTEST_XDIST_WORKER", "")}) + "\n")


@pytest.fixture(scope="session")
def site():
    if not (DIST / "index.html").is_file() or not (DIST / "build.json").is_file():
        pytest.skip(f"no built site in {DIST} (run `make build` first)")
    with SiteServer(DIST, PREFIX) as server:
        yield server


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_executable(), args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


class PageRecorder:
    """Console errors, page errors and every request URL of one browser context."""

    def __init__(self, context):
        self.requests: list[str] = []
        self.errors: list[str] = []
        # the requests of the page's own code: not those of sw.js run as the worker that
        # fills the offline copy on a first visit (web/engine/offline.js)
        self.own: list[str] = []
        context.on("request", self._seen)

    def _seen(self, request) -> None:
        self.requests.append(request.url)
        if not (request.headers.get("referer") or "").split("?")[0].endswith("/sw.js"):
            self.own.append(request.url)

    def watch(self, page):
        page.on(
            "console",
            lambda msg: (
                self.errors.append(f"console.{msg.type}: {msg.text}")
                if msg.type == "error"
                else None
            ),
        )
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        return page


@pytest.fixture(scope="session")
def all_requests(site):
    """Every request URL made by any page of the session: checked when the session ends
    (an error of the last test that used it), whatever order the tests ran in."""
    urls: list[str] = []
    yield urls
    foreign = foreign_requests(urls, site.url)
    assert foreign == [], f"requests that left the site's origin: {foreign}"


#: a profile is warmed by one visit to this link (a game of people: no computer's worker)
WARM_QUERY = "?game=nibble&variant=square9&seed=7&p1=human&p2=human"
#: what a profile handed back loses: all of the origin but its private file system
CLEARED = ("cookies,local_storage,indexeddb,cache_storage,service_workers,websql,"
           "shared_storage,storage_buckets")
DEFAULT_VIEWPORT = {"width": 1200, "height": 900}
#: ms a profile's clear may take: it takes a few, but once it never ended (the warm-up of a
#: profile, its page just closed, in a make test of 2026-11-29: the test waited its 300 s)
CLEAR_LIMIT_MS = 20_000


#: the page's engine has stored its snapshot (or could not)
SNAPSHOT_SETTLED = "() => ['stored', 'failed'].includes(document.documentElement.dataset.snapshot)"
#: the folder of the origin private file system where the engine keeps its memory snapshot
#: (web/engine/engine-worker.js, SNAPSHOT_FOLDER)
SNAPSHOT_FOLDER = "nibble-snapshot"
#: every file under that folder, as [sub-folder, name, base64 of its bytes]
TAKE_SNAPSHOT = """async (top) => {
  const root = await navigator.storage.getDirectory();
  const out = [];
  for await (const [folder, dir] of (await root.getDirectoryHandle(top)).entries()) {
    for await (const [name, file] of dir.entries()) {
      const bytes = new Uint8Array(await (await file.getFile()).arrayBuffer());
      let text = "";
      for (let i = 0; i < bytes.length; i += 0x8000) {
        text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
      }
      out.push([folder, name, btoa(text)]);
    }
  }
  return out;
}"""
#: the files TAKE_SNAPSHOT took, written back from the paths the site serves them at
GIVE_SNAPSHOT = """async ([top, files]) => {
  const root = await navigator.storage.getDirectory();
  const base = await root.getDirectoryHandle(top, {create: true});
  for (const [folder, name, path] of files) {
    const response = await fetch(new URL(path, location.href));
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const dir = await base.getDirectoryHandle(folder, {create: true});
    const writable = await (await dir.getFileHandle(name, {create: true})).createWritable();
    await writable.write(await response.arrayBuffer());
    await writable.close();
  }
}"""


def _note_init_scripts() -> None:
    """Mark every context that gets an init script (``page.context.add_init_script`` too),
    since no clear removes one: such a context is closed, not reused."""
    from playwright.sync_api import BrowserContext

    if getattr(BrowserContext, "_nibble_noted", False):
        return
    add = BrowserContext.add_init_script

    def add_init_script(self, *args, **kwargs):
        self._impl_obj._nibble_init_script = True
        return add(self, *args, **kwargs)

    BrowserContext.add_init_script = add_init_script  # type: ignore[method-assign]
    BrowserContext._nibble_noted = True  # type: ignore[attr-defined]


class Profile:
    """A pooled context, used as a new one: its pages get the viewport and media asked
    for, listeners and routes a test adds go with it, and ``close()`` hands it back."""

    def __init__(self, pool: Profiles, context, key: str, viewport: dict, media: dict,
                 blocked: bool):
        self._pool, self._context, self._key = pool, context, key
        self._blocked = blocked  # (its service worker: its sw.js is _no_precache's)
        self._viewport, self._media = viewport, media
        self._listeners: list[tuple[str, object]] = []
        self._closed = False

    def __getattr__(self, name: str):
        return getattr(self._context, name)

    def new_page(self):
        page = self._context.new_page()
        if self._viewport != DEFAULT_VIEWPORT:
            page.set_viewport_size(self._viewport)
        if self._media:
            page.emulate_media(**self._media)
        return page

    def on(self, event: str, handler) -> None:
        self._listeners.append((event, handler))
        self._context.on(event, handler)

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._pool.give_back(self)


def _no_precache(route) -> None:
    """sw.js asked for in a profile whose service worker is blocked: the page's dedicated
    worker that fills the offline copy (web/engine/offline.js) answers at once, as it does
    when it fails. Else every page of every test downloaded, hashed and stored the whole
    site for a service worker that is never registered (Playwright's block stubs
    ``register``; a browser that has no service workers has no worker to fill for either),
    and the next clear deleted it again. A clear soon after a page closed in the middle of
    that fill once never ended (CLEAR_LIMIT_MS)."""
    route.fulfill(status=200, content_type="text/javascript",
                  body='self.postMessage({type: "failed", reason: "blocked by the tests"});')


class Profiles:
    """Browser contexts that have seen the site once (see the module's docstring), pooled
    by the options that cannot change after a context is made."""

    def __init__(self, browser, site, all_requests: list[str]):
        self.browser, self.site, self.all_requests = browser, site, all_requests
        self.free: dict[str, list] = {}
        self.warm = os.environ.get("NIBBLE_E2E_WARM", "1") != "0"
        #: the first warmed profile's snapshot files, [folder, file name, served path]:
        #: given to every later profile (None: not taken yet; []: there was none)
        self.snapshot: list[list[str]] | None = None
        _note_init_scripts()

    def new(self, *, fresh: bool = False, viewport: dict | None = None, color_scheme=None,
            reduced_motion=None, **options):
        """A context as ``browser.new_context(viewport=…, **options)`` makes it; warm
        unless ``fresh``."""
        viewport = viewport or DEFAULT_VIEWPORT
        media = {k: v for k, v in (("color_scheme", color_scheme),
                                   ("reduced_motion", reduced_motion)) if v}
        if fresh or not self.warm:
            context = self.browser.new_context(viewport=viewport, **media, **options)
            context.on("request", lambda request: self.all_requests.append(request.url))
            return context
        key = repr(sorted(options.items()))
        pool = self.free.setdefault(key, [])
        blocked = options.get("service_workers") == "block"
        context = pool.pop() if pool else self._warmed(options, blocked)
        return Profile(self, context, key, viewport, media, blocked)

    def _warmed(self, options: dict, blocked: bool):
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        for attempt in (1, 2):  # a clear that does not end costs a context, not the test
            context = self.browser.new_context(viewport=DEFAULT_VIEWPORT, **options)
            context.on("request", lambda request: self.all_requests.append(request.url))
            if blocked:
                context.route("**/sw.js", _no_precache)
            if not (self.snapshot and self._give_snapshot(context)):
                page = context.new_page()
                page.goto(self.site.url + WARM_QUERY)
                page.wait_for_function(SNAPSHOT_SETTLED, timeout=BOOT_TIMEOUT_MS)
                if self.snapshot is None:
                    self.snapshot = self._take_snapshot(page)
                page.close()
            try:
                self._clear(context)
                return context
            except PlaywrightTimeout:
                context.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _take_snapshot(self, page) -> list[list[str]]:
        """The snapshot files the page's engine stored in its profile, served by the site
        from now on at paths of their own (for ``_give_snapshot``)."""
        import base64

        if page.evaluate("document.documentElement.dataset.snapshot") != "stored":
            return []  # (the page could not store one: every profile visits)
        files = page.evaluate(TAKE_SNAPSHOT, SNAPSHOT_FOLDER)
        out = []
        for i, (folder, name, data) in enumerate(files):
            path = f"/__e2e/snapshot-{i}.bin"
            self.site.serve_extra(path, "application/octet-stream", base64.b64decode(data))
            out.append([folder, name, path.lstrip("/")])
        return out

    def _give_snapshot(self, context) -> bool:
        """Write the first profile's snapshot into this one's private file system, where
        the page's engine stores its own: the same files a visit would leave, without the
        visit's boot of Python from scratch (2.5-3.9 CPU-s, the gift 0.5-0.6): the
        profiles made for other options, and in place of those closed after an init
        script. False if that failed (the profile then visits)."""
        page = context.new_page()
        try:
            page.goto(self.site.url + "build.json")  # the origin, without the page's code
            page.evaluate(GIVE_SNAPSHOT, [SNAPSHOT_FOLDER, self.snapshot])
            return True
        except Exception:  # noqa: BLE001 (the visit below makes the profile instead)
            return False
        finally:
            page.close()

    def _clear(self, context) -> None:
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Storage.clearDataForOrigin",
                     {"origin": self.site.url.split(PREFIX)[0], "storageTypes": CLEARED},
                     timeout=CLEAR_LIMIT_MS)
        session.detach()
        page.close()

    def give_back(self, profile: Profile) -> None:
        context = profile._context
        try:
            for page in context.pages:
                page.close()
            for event, handler in profile._listeners:
                context.remove_listener(event, handler)
            if getattr(context._impl_obj, "_nibble_init_script", False):
                context.close()
                return
            context.unroute_all(behavior="ignoreErrors")
            if profile._blocked:
                context.route("**/sw.js", _no_precache)
            context.clear_permissions()
            context.set_offline(False)
            self._clear(context)
        except Exception:  # a context a test broke (or whose clear did not end): not kept
            context.close()
            return
        self.free.setdefault(profile._key, []).append(context)

    def close(self) -> None:
        for pool in self.free.values():
            for context in pool:
                context.close()
        self.free.clear()


@pytest.fixture(scope="session")
def profiles(browser, site, all_requests):
    pool = Profiles(browser, site, all_requests)
    yield pool
    pool.close()


@pytest.fixture
def new_context(request, profiles):
    """new_context(viewport=…, **options): a context for this test, as
    ``browser.new_context`` makes one (warm unless the test is marked ``first_visit`` or
    passes ``fresh=True``); closed (handed back) after the test."""
    made = []
    first_visit = request.node.get_closest_marker("first_visit") is not None
    workers = "allow" if request.node.get_closest_marker("service_worker") else "block"

    def new(*, fresh: bool = False, **options):
        fresh = fresh or first_visit
        if not fresh:
            options.setdefault("service_workers", workers)
        context = profiles.new(fresh=fresh, **options)
        made.append(context)
        return context

    yield new
    for context in made:
        context.close()


@pytest.fixture
def make_page(new_context, site):
    """make_page(query="", …) -> (page, recorder); a context of its own each time (a
    profile with nothing of the site's but, unless ``fresh``, the engine's snapshot)
    unless `context=` is given. ``query=None``: the page is left blank, for a test that
    prepares it (an init script, a route) before its first visit: a visit to the site
    first would be a page load thrown away, and would store a game of its own that the
    test's link then says it kept."""

    def make(query: str | None = "", *, context=None, wait_ready: bool = True,
             path: str = "", fresh: bool = False):
        if context is None:
            context = new_context(fresh=fresh)
            context.recorder = PageRecorder(context)
            # (a test may go on with page.context: the pooled context behind the profile)
            getattr(context, "_context", context).recorder = context.recorder
        page = context.recorder.watch(context.new_page())
        page.set_default_timeout(30_000)
        if query is None:
            return page, context.recorder
        page.goto(site.url + path + query)
        if wait_ready:
            wait_engine(page)
        return page, context.recorder

    return make


def foreign_requests(urls, site_url: str) -> list[str]:
    """The URLs that leave the site's origin. A blob: URL belongs to the origin inside it
    (the page starts its engine workers from blob: URLs of its own)."""
    from urllib.parse import urlparse

    host = urlparse(site_url).netloc
    out = set()
    for url in urls:
        inner = url[len("blob:"):] if url.startswith("blob:") else url
        parsed = urlparse(inner)
        if parsed.scheme in ("http", "https", "ws", "wss") and parsed.netloc != host:
            out.add(url)
    return sorted(out)


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def shipped_puzzles(board: str) -> list[dict]:
    """The puzzles of ``board`` (e.g. "nibble-square9") as the built site ships them
    (dist/puzzles/<board>.json, each with its game added), or [] when it ships none:
    what the page shows, even while a maker appends to data/puzzles/."""
    path = DIST / "puzzles" / f"{board}.json"
    if not path.is_file():
        return []
    import json

    shipped = json.loads(path.read_text())
    return [{**p, "game": shipped["game"]} for p in shipped["puzzles"]]


def axe_violations(page) -> list[dict]:
    """axe-core's violations on the page as it is (the context must bypass the CSP, since
    the audit script is injected)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))")


def engine_workers(page) -> list:
    """The page's Web Workers that hold a Python heap: not sw.js run as the short-lived
    worker that fills the offline copy on a first visit (web/engine/offline.js)."""
    return [w for w in page.workers if not w.url.split("?")[0].endswith("/sw.js")]


def wait_engine(page):
    page.wait_for_selector("html[data-engine='ready']", timeout=BOOT_TIMEOUT_MS)
    wait_idle(page)


def wait_idle(page):
    """Wait until no computer is thinking and the page is not busy with a request."""
    page.wait_for_function(
        "() => document.documentElement.dataset.thinking === 'false'"
        " && document.documentElement.dataset.hinting !== 'true'"
        " && window.nibbleApp && !window.nibbleApp.state.busy",
        timeout=60_000,
    )


@pytest.fixture(scope="module")
def shared(browser, site, all_requests):
    """One booted page reused by several tests of a file (saves a Pyodide boot each);
    closed with the file, so that what its last game left running in the background (the
    analysis, the checks of "Your puzzles") does not take the processor from later files."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.recorder = PageRecorder(context)
    context.on("request", lambda request: all_requests.append(request.url))
    page = context.recorder.watch(context.new_page())
    page.set_default_timeout(30_000)
    page.goto(site.url + "?game=nibble&variant=square9&seed=7&p1=human&p2=human")
    wait_engine(page)
    yield page, context.recorder
    context.close()


#: ms from clicking `selector` until no computer thinks (no move, no hint) and the page
#: is not busy (the reliability test and e2e/bench_page.py measure cancellation with it)
USABLE_AFTER = """(selector) => new Promise((resolve) => {
  // ms from clicking `selector` until no computer thinks and the page is not busy
  const html = document.documentElement;
  const t0 = performance.now();
  const check = () => {
    const idle = html.dataset.thinking === "false" && html.dataset.hinting !== "true";
    if (idle && !nibbleApp.state.busy) {
      watch.disconnect();
      resolve(performance.now() - t0);
    }
  };
  const watch = new MutationObserver(check);
  watch.observe(document.body, {attributes: true, childList: true, subtree: true});
  watch.observe(html, {attributes: true});
  document.querySelector(selector).click();
})"""


def allow_engine_help(page) -> None:
    """Settings: the engine's help in games between people (hint, chart, marks before the
    end of the game), as a teacher turns it on."""
    page.click("[data-action='settings']")
    page.check("#settings-dialog [data-setting='help']")
    page.click("[data-action='close-settings']")
