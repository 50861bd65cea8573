"""The page's scripts as two files: ``dist/app.js`` and ``dist/engine/head.js`` (docs/boot.md,
"One script").

In web/ the page is about fifty small modules, which a browser fetches one request each:
on a first visit over HTTP/1.1 (six connections) the module graph took 0.7-1 s to arrive
before anything could be drawn. The build bundles ``app.js`` and ``engine/offline.js`` (the
two module scripts of index.html, evaluated in that order, as the page did) with esbuild
(pinned in package-lock.json) into ``app.js``, unminified so that an error a player reports
still names the function, and drops what it replaced:

* index.html's ``offline.js`` script tag (checked: a changed index.html that the rewrite
  no longer fits fails the build), and any ``<link rel="modulepreload">`` (web/ has none:
  unbuilt, its modules arrive level by level, which only development sees);
* every bundled module file, except the language tables (``i18n/<lang>.js``), which the
  classic ``engine/boot-guard.js`` imports on its own to say in the player's language that
  the page could not start.

Modules name the site's files from ``root.js`` (its own URL's folder): the bundle sits at
the root as root.js does, so those URLs do not change.

The three classic scripts of ``<head>`` (the engine's early start, the display settings,
the boot guard) each held the parser up for a request of its own; they become one,
``engine/head.js``, where the first of them was, each part in its own ``try`` so that one
failing does not stop the others (as separate scripts they could not), and each still
finding the site's root as ``../`` of ``document.currentScript`` (all three are one folder
deep, as head.js is). Before them, head.js carries the text of ``engine/engine-worker.js``
(``window.nibbleWorkerSource``), from which engine-early.js starts the rules worker at once
instead of asking for the file first (the file stays, for a retry and for web/ unbuilt):
a repeat visit was playable 16-185 ms sooner in four alternated runs of 4-6 rounds.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENTRIES = ("app.js", "engine/offline.js")  # index.html's module scripts, in order
KEEP = re.compile(r"^i18n/[a-z]{2}\.js$")  # the language tables boot-guard.js imports
PRELOADS = re.compile(r'\n[ \t]*<!-- every module app\.js imports[^>]*-->'
                      r'|\n[ \t]*<link rel="modulepreload" href="[^"]+">')
BANNER_HEAD = ("// The classic scripts of index.html's <head>, joined by scripts/bundle_page.py "
               "(web/ has them apart).\n")
BANNER = ("// The page's modules as one script, built from web/ by scripts/bundle_page.py "
          "(web/ has them with their comments).")
OFFLINE_TAG = '\n  <script type="module" src="engine/offline.js"></script>'
HEAD_SCRIPTS = ("engine/engine-early.js", "ui/settings-early.js", "engine/boot-guard.js")
HEAD = "engine/head.js"
WORKER = "engine/engine-worker.js"


def esbuild() -> Path:
    tool = ROOT / "node_modules" / ".bin" / "esbuild"
    if not tool.exists():
        raise SystemExit("build: node_modules/.bin/esbuild is missing: run `npm ci`")
    return tool


def bundle_page(site: Path, web: Path = ROOT / "web") -> list[str]:
    """Bundle web/'s module graph into ``site/app.js`` and rewrite ``site/index.html``;
    returns the module files (relative to web/) the bundle holds."""
    meta = site.parent / f"{site.name}-bundle-meta.json"
    entry = "".join(f'import "./{name}";\n' for name in ENTRIES)
    subprocess.run(
        [str(esbuild()), "--bundle", "--format=esm", "--charset=utf8", "--log-level=warning",
         "--legal-comments=none", "--sourcefile=page.js", f"--banner:js={BANNER}",
         f"--metafile={meta}", f"--outfile={site / 'app.js'}", "--allow-overwrite"],
        input=entry, text=True, check=True, cwd=web,
    )
    modules = sorted(name for name in json.loads(meta.read_text())["inputs"] if name != "page.js")
    meta.unlink()
    missing = set(ENTRIES) - set(modules)
    if missing:
        raise SystemExit(f"build: the bundle lacks {sorted(missing)}")
    for name in modules:
        if name != "app.js" and not KEEP.match(name):
            _drop(site, name)
    _rewrite_index(site / "index.html")
    _merge_head(site, web)
    return modules


def _drop(site: Path, name: str) -> None:
    """Delete a file the bundle holds, and its folders once empty."""
    path = site / name
    path.unlink()
    folder = path.parent
    while folder != site and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


def _merge_head(site: Path, web: Path) -> None:
    """index.html's classic scripts as one, ``engine/head.js``, in their order."""
    index = site / "index.html"
    html = index.read_text(encoding="utf-8")
    tags = [f'<script src="{name}"></script>' for name in HEAD_SCRIPTS]
    where = [html.find(tag) if html.count(tag) == 1 else -1 for tag in tags]
    if min(where) < 0 or where != sorted(where):
        raise SystemExit("build: index.html no longer has the classic scripts head.js joins")
    parts = [BANNER_HEAD, _worker_source(site)]
    for name in HEAD_SCRIPTS:
        source = (web / name).read_text(encoding="utf-8")
        parts.append(f"// --- {name}\ntry {{\n{source}\n}} catch (error) {{\n"
                     f"  console.error({json.dumps(name + ':')}, error);\n}}\n")
        _drop(site, name)
    (site / HEAD).write_text("\n".join(parts), encoding="utf-8")
    html = html.replace(tags[0], f'<script src="{HEAD}"></script>', 1)
    for tag in tags[1:]:
        html = re.sub(r"\n[ \t]*" + re.escape(tag), "", html, count=1)
    index.write_text(html, encoding="utf-8")


def _worker_source(site: Path) -> str:
    """The engine's worker script as text, for engine-early.js (ASCII: JSON escapes the rest)."""
    source = (site / WORKER).read_text(encoding="utf-8")
    return (f"// --- {WORKER}, as text: engine-early.js starts the rules worker from it\n"
            f"window.nibbleWorkerSource = {json.dumps(source)};\n")


def _rewrite_index(index: Path) -> None:
    html = index.read_text(encoding="utf-8")
    lean = PRELOADS.sub("", html)
    if OFFLINE_TAG not in lean or 'modulepreload' in lean:
        raise SystemExit("build: index.html no longer has the module scripts the bundle replaces")
    index.write_text(lean.replace(OFFLINE_TAG, "", 1), encoding="utf-8")
