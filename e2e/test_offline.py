"""End-to-end tests of the offline support (service worker, web app manifest, CSP).

After one visit the site works with the network gone; a new build is offered and applied
without ever mixing files of two builds; a broken precache never breaks the site; the
page is installable. Run: ``make build`` then ``pytest e2e/test_offline.py``."""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from conftest import (
    BOOT_TIMEOUT_MS,
    CHROMIUM_ARGS,
    DIST,
    PREFIX,
    ROOT,
    PageRecorder,
    chromium_executable,
    foreign_requests,
    wait_engine,
    wait_idle,
)
from server import SiteServer

sys.path.insert(0, str(ROOT / "scripts"))
import precache  # noqa: E402

SELECTABLE = "[data-cell][data-selectable='true']"
CONFIRM = "[data-action='confirm']"
GAME_VS_AI = "?game=nibble&variant=square9&seed=5&p1=human&p2=ai&level=easy"
GAME_HOT_SEAT = "?game=nibble&variant=square9&seed=3&p1=human&p2=human"

pytestmark = pytest.mark.skipif(
    not (DIST / "sw.js").is_file(), reason=f"{DIST}/sw.js missing: build with `make build`"
)


@pytest.fixture
def site_copy():
    """A private copy of dist/ served under the same sub-path, free to be changed."""
    with tempfile.TemporaryDirectory(prefix="nibble-offline-") as tmp:
        root = Path(tmp) / "dist"
        shutil.copytree(DIST, root)
        with SiteServer(root, PREFIX) as server:
            server.root_dir = root
            yield server


@pytest.fixture
def context(browser):
    # Requests are checked in each test against its own server (site_copy listens on
    # another port than the session's site, so they do not go into all_requests).
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    ctx.recorder = PageRecorder(ctx)
    yield ctx
    ctx.close()


def open_page(ctx, url):
    page = ctx.recorder.watch(ctx.new_page())
    page.set_default_timeout(30_000)
    page.goto(url)
    wait_engine(page)
    return page


def wait_offline_ready(page):
    """The service worker is active (every file cached) and controls this page."""
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function(
        "() => navigator.serviceWorker.controller !== null", timeout=BOOT_TIMEOUT_MS
    )


PRECACHES = "async () => (await caches.keys()).filter(k => k.startsWith('nibble-precache:'))"


def cache_names(page) -> list[str]:
    """The service worker's caches (the engine's snapshot is the workers' own, in the origin
    private file system, and outlives a version)."""
    return page.evaluate(PRECACHES)


def sw_version(page) -> str:
    return page.evaluate(
        """() => new Promise((resolve) => {
             const channel = new MessageChannel();
             channel.port1.onmessage = (event) => resolve(event.data.version);
             navigator.serviceWorker.controller.postMessage({type: "version"}, [channel.port2]);
           })"""
    )


def take_first(page) -> None:
    before = page.locator("#move-list li").count()
    page.click(f"{SELECTABLE} >> nth=0")
    page.wait_for_selector(f"{CONFIRM}:not([disabled])")
    page.click(CONFIRM)
    page.wait_for_function(f"() => document.querySelectorAll('#move-list li').length > {before}")


def foreign(urls, server) -> list[str]:
    return foreign_requests(urls, server.url)


def test_offline_after_one_visit_plays_against_the_computer(context, site):
    page = open_page(context, site.url + GAME_VS_AI)
    page.evaluate("window.__firstVisit = true")
    wait_offline_ready(page)
    # the first visit is taken over quietly: no reload
    assert page.evaluate("window.__firstVisit === true")
    assert cache_names(page) == [f"nibble-precache:{PREFIX}:{sw_version(page)}"]

    context.set_offline(True)
    seen = len(site.log)
    page.reload()
    wait_engine(page)
    take_first(page)  # a whole move: ours, then the computer's reply
    page.wait_for_function(
        "() => document.querySelectorAll('#move-list li').length === 2", timeout=60_000
    )
    wait_idle(page)
    assert page.locator(SELECTABLE).count() > 0
    # the puzzles too, never opened before (the install kept them), the day's included
    page.click("[data-action='puzzles']")
    page.wait_for_selector("html[data-mode='puzzle'][data-puzzle-state='solving']")
    page.click("[data-action='puzzle-daily']")
    page.wait_for_function("() => window.nibbleApp.puzzles.current?.kind === 'daily'")
    # nothing reached the server while offline (the browser's own update check of sw.js
    # is not subject to the page's network emulation; it is allowed to try)
    assert [p for p in site.log[seen:] if p != f"{PREFIX}sw.js"] == []
    assert context.recorder.errors == [], context.recorder.errors
    assert foreign(context.recorder.requests, site) == []
    # responses from the cache carry the page's policy as a header, so the engine's
    # worker (which a meta tag does not reach) runs under it too, and boots under it
    policy = page.get_attribute("meta[http-equiv='Content-Security-Policy']", "content")
    header = page.evaluate(
        "fetch('engine/engine-worker.js').then(r => r.headers.get('content-security-policy'))"
    )
    assert header == policy
    # really offline: what the cache does not hold cannot be fetched
    assert (
        page.evaluate("fetch('not-cached.txt').then(() => 'online', () => 'offline')") == "offline"
    )
    context.set_offline(False)


def precache_fetches(server) -> tuple[list[str], list[str]]:
    """The files fetched by sw.js run as the page's dedicated worker, and by the service
    worker, each in the order the server saw them."""
    by_worker: list[str] = []
    by_service: list[str] = []
    into = None
    for r in list(server.requests):
        path = r["path"].split("?")[0]
        if path.endswith("/sw.js"):
            into = by_worker if r["dest"] == "worker" else by_service
        elif (r["referer"] or "").split("?")[0].endswith("/sw.js") and into is not None:
            into.append(path.lstrip("/"))  # the server's paths are under its base
    return by_worker, by_service


def test_a_first_visit_fills_the_cache_from_a_worker_that_then_ends(context, site_copy):
    server = site_copy
    manifest = json.loads((server.root_dir / "precache-manifest.json").read_text())
    wanted = sorted(set(manifest["files"]) - set(manifest["on_demand"]))
    page = open_page(context, server.url + GAME_HOT_SEAT)
    wait_offline_ready(page)
    # the page's dedicated worker fetched every file once, and ended; the service
    # worker's install found them all cached and fetched nothing (the garbage of the
    # downloads went with the worker: docs/offline.md)
    by_worker, by_service = precache_fetches(server)
    assert sorted(set(by_worker)) == wanted and len(by_worker) == len(wanted)
    assert by_service == []
    assert [w.url for w in page.workers if w.url.endswith("/sw.js")] == []
    stored = page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).length",
        f"nibble-precache:{PREFIX}:{sw_version(page)}")
    assert stored == len(wanted)
    assert context.recorder.errors == [], context.recorder.errors


def test_a_cache_the_worker_could_not_fill_is_filled_by_the_install(context, site_copy):
    server = site_copy
    manifest = json.loads((server.root_dir / "precache-manifest.json").read_text())
    wanted = sorted(set(manifest["files"]) - set(manifest["on_demand"]))

    asked: list[str] = []

    def no_dedicated_worker(route) -> None:
        # the first request for sw.js is the page's worker's (the registration waits for
        # it to end); Sec-Fetch-Dest is not among the headers a route sees
        asked.append(route.request.url)
        if len(asked) == 1:
            route.abort()
        else:
            route.continue_()

    context.route("**/sw.js", no_dedicated_worker)
    page = open_page(context, server.url + GAME_HOT_SEAT)
    wait_offline_ready(page)
    by_worker, by_service = precache_fetches(server)
    assert len(asked) >= 2 and by_worker == []
    assert sorted(set(by_service)) == wanted
    assert page.locator("[data-cell]").count() == 81
    errors = [e for e in context.recorder.errors if "sw.js" not in e]
    assert errors == [], errors


def test_the_fallback_library_is_fetched_on_first_use_only(context, site):
    """The install leaves out the files on demand (the engine's fallback library, which it
    never needs unless a module is missing): not downloaded on a first visit, fetched,
    checked and kept the first time something asks for it; before that, offline, asking
    for it fails (the worker then says what it could not load)."""
    manifest = json.loads((DIST / "precache-manifest.json").read_text())
    later = manifest["on_demand"]
    assert later == [json.loads((DIST / "build.json").read_text())["python"]["fallback"]]
    seen = len(site.log)
    page = open_page(context, site.url + GAME_HOT_SEAT)
    wait_offline_ready(page)
    assert not any(path.endswith(later[0]) for path in site.log[seen:])
    cached = page.evaluate("async () => (await (await caches.open((await caches.keys())"
                           ".find(k => k.startsWith('nibble-precache:')))).keys()).map(r => r.url)")
    assert sorted(url.removeprefix(site.url) for url in cached) == sorted(
        set(manifest["files"]) - set(later))
    fetch = (f"fetch('{later[0]}').then(r => r.ok ? r.arrayBuffer().then(b => b.byteLength)"
             " : r.status, () => 'failed')")
    context.set_offline(True)
    assert page.evaluate(fetch) == "failed"
    context.set_offline(False)
    assert page.evaluate(fetch) == manifest["sizes"][later[0]]
    context.set_offline(True)
    assert page.evaluate(fetch) == manifest["sizes"][later[0]]  # kept
    context.set_offline(False)


def test_new_build_is_offered_and_applied(context, site_copy):
    server, root = site_copy, site_copy.root_dir
    page = open_page(context, server.url + GAME_HOT_SEAT)
    wait_offline_ready(page)
    v1 = sw_version(page)
    take_first(page)  # a game in progress survives the update

    # the next build: one file changed, the manifest regenerated
    index = root / "index.html"
    index.write_text(index.read_text().replace("<html ", '<html data-test-build="2" ', 1))
    v2 = precache.write_service_worker(root)["version"]
    assert v2 != v1

    page.reload()  # the navigation makes the browser check sw.js and find the new one
    wait_engine(page)
    page.wait_for_selector(
        "html[data-update='available']", state="attached", timeout=BOOT_TIMEOUT_MS
    )
    banner = page.locator("#update-banner")
    assert banner.is_visible()
    # still the old build until the player accepts; both caches exist meanwhile
    assert page.evaluate("document.documentElement.dataset.testBuild") is None
    assert sw_version(page) == v1

    with page.expect_navigation(timeout=BOOT_TIMEOUT_MS):
        page.click("[data-action='apply-update']")
    wait_engine(page)
    assert page.evaluate("document.documentElement.dataset.testBuild") == "2"
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    assert sw_version(page) == v2
    page.wait_for_function(f"async () => (await ({PRECACHES})()).length === 1")
    assert cache_names(page) == [f"nibble-precache:{PREFIX}:{v2}"]
    assert page.locator("#move-list li").count() == 1  # the game is still there
    assert page.locator("#update-banner").count() == 0
    assert context.recorder.errors == [], context.recorder.errors
    assert foreign(context.recorder.requests, server) == []


def test_broken_precache_never_breaks_the_site(context, site_copy):
    server, root = site_copy, site_copy.root_dir
    # a file that does not match the manifest (a half-finished deploy, a proxy rewriting it)
    css = root / "styles.css"
    css.write_text(css.read_text() + "\n/* changed after the manifest was written */\n")
    page = open_page(context, server.url + GAME_HOT_SEAT)
    # the install fails: no active worker, no cache left behind, the page works online
    page.wait_for_function(
        """async () => {
             const r = await navigator.serviceWorker.getRegistration();
             return !r || (!r.installing && !r.waiting && !r.active);
           }""",
        timeout=BOOT_TIMEOUT_MS,
    )
    page.wait_for_function(f"async () => (await ({PRECACHES})()).length === 0")
    assert page.evaluate("navigator.serviceWorker.controller") is None
    page.reload()
    wait_engine(page)
    assert page.locator("[data-cell]").count() == 81
    errors = [e for e in context.recorder.errors if "sw.js" not in e and "precache" not in e]
    assert errors == [], errors


def test_installable_with_manifest_and_icons(browser, site, tmp_path):
    # installability is never reported for incognito contexts: use a real profile
    ctx = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=chromium_executable(), args=CHROMIUM_ARGS
    )
    if True:
        try:
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            page.goto(site.url)
            page.wait_for_selector(
                "html[data-offline='ready']", state="attached", timeout=BOOT_TIMEOUT_MS
            )
            cdp = ctx.new_cdp_session(page)
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["url"] == site.url + "manifest.webmanifest"
            assert manifest.get("errors", []) == []
            data = json.loads(manifest["data"])
            assert (
                data["start_url"] == "./"
                and data["scope"] == "./"
                and data["display"] == "standalone"
            )
            for icon in data["icons"]:
                response = page.request.get(site.url + icon["src"])
                assert response.ok, icon
        finally:
            ctx.close()


def test_content_security_policy_is_tight(site, make_page):
    page, recorder = make_page(GAME_HOT_SEAT)
    policy = page.get_attribute("meta[http-equiv='Content-Security-Policy']", "content")
    directives = {d.split()[0]: d.split()[1:] for d in (p.strip() for p in policy.split(";")) if d}
    assert directives["default-src"] == ["'self'"]
    assert set(directives["script-src"]) == {"'self'", "'wasm-unsafe-eval'"}
    for directive, sources in directives.items():
        assert "'unsafe-inline'" not in sources and "'unsafe-eval'" not in sources, directive
        assert not any(s.startswith(("http:", "https:", "*")) for s in sources), directive
    # no inline script or style element in the page
    assert page.evaluate("[...document.scripts].every(s => s.src)")
    assert page.locator("style").count() == 0
    # a CSP violation would be logged as a console error
    assert recorder.errors == [], recorder.errors
