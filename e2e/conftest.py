"""Fixtures for the end-to-end tests: the built site (``dist/``) served under a sub-path
by a threaded stdlib server, one Chromium for the whole session, every request the
pages make recorded so tests can check nothing leaves the page's origin."""

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
    """CHROMIUM_PATH if set; else None (Playwright's own browser) when it is installed;
    else /usr/bin/chromium (or whatever chromium is on PATH)."""
    path = os.environ.get("CHROMIUM_PATH")
    if path:
        return path
    cache = Path(
        os.environ.get("PLAYWRIGHT_BROWSERS_PATH", Path.home() / ".cache" / "ms-playwright")
    )
    if cache.is_dir() and any(cache.glob("chromium*")):
        return None
    for candidate in (
        "/usr/bin/chromium",
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
    ):
        if candidate and Path(candidate).exists():
            return candidate
    return None


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
        context.on("request", lambda request: self.requests.append(request.url))

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
def all_requests():
    """Every request URL made by any page of the session (checked at the end)."""
    return []


@pytest.fixture
def make_page(browser, site, all_requests):
    """make_page(query="", viewport=…) -> (page, recorder); a fresh context each time
    (fresh localStorage) unless `context=` is given."""
    contexts = []

    def make(query: str = "", *, context=None, wait_ready: bool = True, path: str = ""):
        if context is None:
            context = browser.new_context(viewport={"width": 1200, "height": 900})
            contexts.append(context)
            context.recorder = PageRecorder(context)
            context.on("request", lambda request: all_requests.append(request.url))
        page = context.recorder.watch(context.new_page())
        page.set_default_timeout(30_000)
        page.goto(site.url + path + query)
        if wait_ready:
            wait_engine(page)
        return page, context.recorder

    yield make
    for context in contexts:
        context.close()


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


def axe_violations(page) -> list[dict]:
    """axe-core's violations on the page as it is (the context must bypass the CSP, since
    the audit script is injected)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))")


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


@pytest.fixture(scope="session")
def shared(browser, site, all_requests):
    """One booted page reused by several tests (saves a Pyodide boot each)."""
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
