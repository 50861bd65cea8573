"""The instant page (docs/boot.md): a board before the engine, a move confirmed early
played once, a link's picture drawn on a device that never saw its game (and dropped when
it is not the link's), and the memory snapshot restored, or quietly not when it is damaged."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from conftest import PREFIX, wait_engine, wait_idle

SELECTABLE = "[data-cell][data-selectable='true']"
CONFIRM = "[data-action='confirm']"

# when the first cell was on screen and when the engine was ready (performance.now())
RECORD_TIMES = """
(() => {
  const times = (window.__times = {});
  const check = () => {
    const cell = document.querySelector("[data-cell]");
    const now = performance.now();
    if (!times.board && cell && cell.getBoundingClientRect().width > 0) times.board = now;
    if (!times.ready && document.documentElement?.dataset.engine === "ready") times.ready = now;
    if (!times.ready) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();
"""


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script(RECORD_TIMES)
    errors: list[str] = []
    context.errors = errors
    yield context
    context.close()


def open_page(context, site):
    page = context.new_page()
    page.on("pageerror", lambda exc: context.errors.append(str(exc)))
    page.on("console", lambda m: m.type == "error" and context.errors.append(m.text))
    page.set_default_timeout(30_000)
    page.goto(site.url)
    return page


def html_data(page, name: str):
    return page.evaluate(f"document.documentElement.dataset.{name} ?? null")


def test_a_first_visit_draws_the_board_at_once_and_plays_a_move_confirmed_early(context, site):
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")  # a slow line: the engine is seconds away, the board is not
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 20, "downloadThroughput": 2_000_000,
        "uploadThroughput": 1_000_000})  # fmt: skip
    page.on("pageerror", lambda exc: context.errors.append(str(exc)))
    page.goto(site.url)
    page.wait_for_selector(SELECTABLE)
    assert html_data(page, "engine") == "loading"
    assert html_data(page, "painted") == "early"
    # no card over the board: a thin bar, not a modal dialog
    assert page.evaluate("document.getElementById('loading').classList.contains('slim')")
    assert page.get_attribute("#loading", "role") is None
    cell = page.locator(SELECTABLE).first.get_attribute("data-cell")
    page.click(f"[data-cell='{cell}']")
    page.wait_for_selector(f"{CONFIRM}:not([disabled])")
    page.click(CONFIRM)
    early = page.evaluate("window.nibbleApp.state.early")
    assert early and cell in early
    assert html_data(page, "engine") == "loading"  # still: the move waits for the engine
    assert page.inner_text("#status-text") == "Playing your move in a moment…"
    assert page.get_attribute(f"[data-cell='{cell}']", "data-picked") == "true"  # still shown
    wait_engine(page)
    page.wait_for_function("() => window.nibbleApp.state.record.moves.length >= 1")
    wait_idle(page)
    moves = page.evaluate("window.nibbleApp.state.record.moves")
    assert moves[0] == early and len(moves) <= 2, moves  # played once, then the computer
    assert page.evaluate("window.nibbleApp.state.early") is None
    times = page.evaluate("window.__times")
    assert times["board"] < times["ready"], times
    # the game drawn early is the game kept: one entry in the library, with the move
    stored = page.evaluate(
        "Object.keys(localStorage).filter(k => k.includes(':game:'))"
        ".map(k => JSON.parse(localStorage.getItem(k)).record.moves)")
    assert stored == [moves], stored
    assert context.errors == []


# The snapshot's file in the origin private file system (engine-worker.js): damaged so
# that its checksum no longer matches ("flip"), or replaced by a well-formed file whose
# contents are not an interpreter, under its right checksum ("garbage": the restore fails).
DAMAGE = """async ([site, how]) => {
  const root = await navigator.storage.getDirectory();
  const top = await root.getDirectoryHandle("nibble-snapshot");
  const folder = await top.getDirectoryHandle(encodeURIComponent(site));
  const names = [];
  for await (const name of folder.keys()) names.push(name);
  const [name] = names.filter((n) => n.endsWith(".bin"));
  const file = await (await folder.getFileHandle(name)).getFile();
  const bytes = new Uint8Array(await file.arrayBuffer());
  let target = name;
  if (how === "flip") bytes[bytes.length >> 1] ^= 0xff;
  else {
    bytes.fill(7, 0, 4096);
    const sha = await crypto.subtle.digest("SHA-256", bytes);
    const hex = Array.from(new Uint8Array(sha), b => b.toString(16).padStart(2, "0")).join("");
    target = name.split("-")[0] + "-" + hex + ".bin";
  }
  // a worker booting meanwhile (the deep worker) may hold the file a moment
  for (let attempt = 0; ; attempt++) {
    try {
      if (target !== name) {
        await folder.removeEntry(name).catch((e) => { if (e.name !== "NotFoundError") throw e; });
      }
      const writable = await (await folder.getFileHandle(target, {create: true})).createWritable();
      await writable.write(bytes);
      await writable.close();
      return target;
    } catch (error) {
      if (error.name !== "NoModificationAllowedError" || attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}"""

# where builds before the file system kept the snapshot (deleted once one is stored)
OLD_CACHE = """async (name) => {
  if (name) await (await caches.open(name)).put("snapshot/old.bin", new Response("old"));
  return (await caches.keys()).filter((k) => k.startsWith("nibble-snapshot:"));
}"""


def play_one(page) -> None:
    before = page.evaluate("window.nibbleApp.state.record.moves.length")
    page.click(f"[data-cell='{page.locator(SELECTABLE).first.get_attribute('data-cell')}']")
    page.click(CONFIRM)
    page.wait_for_function(f"() => window.nibbleApp.state.record.moves.length > {before}")
    wait_idle(page)


def test_a_repeat_visit_restores_the_snapshot_and_boots_without_a_damaged_one(context, site):
    page = open_page(context, site)
    wait_engine(page)
    assert html_data(page, "boot") == "boot"
    page.wait_for_selector("html[data-snapshot='stored']", timeout=60_000)
    page.close()

    page = open_page(context, site)
    wait_engine(page)
    assert html_data(page, "boot") == "snapshot"
    times = page.evaluate("window.__times")
    assert times["board"] <= times["ready"], times  # the stored view, drawn before
    play_one(page)  # the restored engine plays, and the computer answers
    assert page.evaluate(OLD_CACHE, f"nibble-snapshot:{PREFIX}") == [f"nibble-snapshot:{PREFIX}"]
    for how in ("flip", "garbage"):
        assert page.evaluate(DAMAGE, [PREFIX, how]).endswith(".bin")
        page.close()
        page = open_page(context, site)
        wait_engine(page)
        assert html_data(page, "boot") == "boot", how  # a normal boot, and no word of it
        assert page.locator("[data-message]").count() == 0
        play_one(page)
        page.wait_for_selector("html[data-snapshot='stored']", timeout=60_000)
        assert page.evaluate(OLD_CACHE, None) == []
    assert not [e for e in context.errors if "snapshot" not in e], context.errors


# What the page drew before the engine, read in the frame it drew it (a quick engine may
# replace it before a test could look): null if it drew nothing early.
LOOK_EARLY = """(() => {
  window.__early = null;
  const look = () => {
    const app = window.nibbleApp;
    const drawn = app?.state.view && document.querySelector("[data-cell]");
    // (no <html> yet in the first frames of a document an init script watches)
    if (document.documentElement?.dataset.painted === "early" && drawn) {
      window.__early = {
        ply: app.state.view.ply, moves: app.state.record.moves,
        colors: app.state.view.board.cells.map((cell) => cell.color),
        view: JSON.parse(JSON.stringify(app.state.view)),
        engine: document.documentElement.dataset.engine,
        selectable: document.querySelectorAll("[data-cell][data-selectable='true']").length,
        slim: document.getElementById("loading").classList.contains("slim"),
      };
    } else if (document.documentElement?.dataset.engine !== "ready") requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})();"""



def test_a_stored_view_that_no_longer_matches_gives_way_to_the_engines(context, site):
    """A new build may draw a position differently: the board drawn early from the old
    view is replaced by the engine's once it is up, without a word."""
    page = open_page(context, site)
    wait_engine(page)
    first = page.evaluate("window.nibbleApp.state.view.board.cells[0].color")
    key = page.evaluate("Object.keys(localStorage).find(k => k.endsWith(':paint'))")
    page.evaluate("""([key, color]) => {
      const stored = JSON.parse(localStorage.getItem(key));
      for (const id of stored.order) stored.views[id].view.board.cells[0].color = color;
      localStorage.setItem(key, JSON.stringify(stored));
    }""", [key, first % 9 + 1])
    page.close()
    context.add_init_script(LOOK_EARLY)  # the colour drawn early
    page = open_page(context, site)
    wait_engine(page)
    assert page.evaluate("window.__early.colors[0]") == first % 9 + 1
    assert page.evaluate("window.nibbleApp.state.view.board.cells[0].color") == first
    assert page.locator("[data-message]").count() == 0
    assert context.errors == []


def sent_link(browser, site) -> tuple[str, list[str]]:
    """Ana plays the first move of a game of people and sends it: (the link, its moves)."""
    ana = browser.new_context(viewport={"width": 1200, "height": 900})
    try:
        page = ana.new_page()
        page.set_default_timeout(30_000)
        page.goto(site.url + "?game=nibble&variant=square9&seed=3&p1=human&p2=human")
        wait_engine(page)
        play_one(page)
        page.click("[data-action='share']")
        page.click("[data-action='share-send']")
        moves = page.evaluate("window.nibbleApp.state.record.moves")
        return page.input_value("[data-share-link]"), moves
    finally:
        ana.close()


def payload(link: str) -> dict:
    """What a `#g=` link carries (link-codec.js's format)."""
    value = link.split("#g=")[1]
    packed = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    return json.loads(zlib.decompress(packed, -15))


def retouched(link: str, change) -> str:
    """The link with its picture changed by `change(picture)`."""
    base = link.split("#g=")[0]
    carried = payload(link)
    change(carried["p"])
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(json.dumps(carried).encode()) + packer.flush()
    return f"{base}#g={base64.urlsafe_b64encode(packed).decode().rstrip('=')}"


def open_link_fresh(browser, link: str) -> dict:
    """Open `link` on a device that has never seen the page: {early: what it drew early,
    moves: the moves of the game it opened, color: its last cell's, errors}."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script(LOOK_EARLY)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.set_default_timeout(30_000)
        page.goto(link)
        wait_engine(page)
        page.wait_for_function("() => !location.hash")
        assert html_data(page, "painted") is None
        stored = page.evaluate("Object.keys(localStorage).filter(k => k.includes(':game:'))"
                               ".map(k => JSON.parse(localStorage.getItem(k)).record.moves)")
        moves = page.evaluate("window.nibbleApp.state.record.moves")
        assert stored == [moves], stored  # one game: the link's
        color = page.evaluate("window.nibbleApp.state.view.board.cells.at(-1).color")
        early = page.evaluate("window.__early")
        return {"early": early, "moves": moves, "color": color, "errors": errors}
    finally:
        context.close()


def test_a_link_never_seen_here_draws_its_picture_before_the_engine(browser, site):
    link, moves = sent_link(browser, site)
    opened = open_link_fresh(browser, link)
    # the link's position at once, as a picture: not to be played on until the engine is up
    early = opened["early"]
    assert early is not None
    assert early["ply"] == 1 and early["moves"] == moves and early["slim"], early
    assert early["selectable"] == 0
    assert opened["moves"] == moves and opened["errors"] == []


def test_a_picture_not_of_the_links_position_is_dropped_or_replaced(browser, site):
    link, moves = sent_link(browser, site)

    def another_ply(p):
        p["ply"] += 1

    def undrawable(p):
        p["color_table"] = 5  # well formed as a board, but not a view the renderer can draw

    def recoloured(p):
        p["board"]["columns"]["color"][-1] = p["board"]["columns"]["color"][-1] % 9 + 1

    for change in (another_ply, undrawable):  # not drawn: the engine's progress, then the game
        opened = open_link_fresh(browser, retouched(link, change))
        assert opened["early"] is None, change.__name__
        assert opened["moves"] == moves and opened["errors"] == [], opened
    # well formed and of the link's position, but not what the engine shows: drawn, then
    # the engine's view replaces it
    color = payload(link)["p"]["board"]["columns"]["color"][-1]
    opened = open_link_fresh(browser, retouched(link, recoloured))
    assert opened["early"]["colors"][-1] == color % 9 + 1
    assert opened["color"] == color and opened["moves"] == moves and opened["errors"] == []



@pytest.mark.parametrize("query", [
    "?game=nibble&variant=hex13&seed=424242&p1=human&p2=ai",
    "?game=nibble&variant=square13&seed=9007199254740991&color_order=fixed&p1=human&p2=human",
    "?game=nebuchadnezzar&size=9&seed=5&p1=human&p2=human",
    "?game=number-one&players=2&seed=3&p1=human&p2=ai",
])
def test_a_new_seeded_link_draws_its_start_before_the_engine(browser, site, query):
    """A first visit by a new ?game= link with a seed: its board at first paint (drawn from
    the seed in the page), not clickable until the engine is up, then the engine's own
    game of that seed with the very same view."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.add_init_script(LOOK_EARLY)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.goto(site.url + query)
        wait_engine(page)
        start = page.evaluate("window.__early")
        assert start is not None and start["engine"] != "ready"
        assert start["selectable"] == 0 and start["slim"]
        view = page.evaluate("window.nibbleApp.state.view")
        for key in ("legal_moves", "input", "position"):  # (what a start drawn leaves out)
            view.pop(key)
        assert view == start["view"]
        assert page.evaluate("window.nibbleApp.state.record.moves") == []
        assert html_data(page, "painted") is None
        assert errors == []
    finally:
        context.close()


def test_the_tests_warm_profiles_restore_the_snapshot_visited_or_given(new_context, profiles,
                                                                        site):
    """The other tests' profiles (conftest.py, ``Profiles``): the first of a test process
    visits the site for the engine's snapshot, every later one is given its files. Both
    kinds must boot from the snapshot, or every test quietly boots Python from scratch.
    Two sets of options no other test asks for: the second is a profile given the files."""
    for locale in ("en-GB", "en-AU"):
        context = new_context(locale=locale)
        page = context.new_page()
        page.goto(site.url + "?game=nibble&variant=square9&seed=3&p1=human&p2=human")
        wait_engine(page)
        assert html_data(page, "boot") == "snapshot", locale
        page.close()
    assert profiles.snapshot, "the first profile's snapshot was not taken"
    assert all(name.endswith(".bin") for _, name, _ in profiles.snapshot), profiles.snapshot
