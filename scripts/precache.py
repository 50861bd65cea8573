#!/usr/bin/env python3
"""Generate the service worker of a built site: ``dist/sw.js`` with its precache manifest.

    python scripts/precache.py [DIST]        # default: dist/

Standard library only. Lists every file of DIST (except ``sw.js`` itself and dot files
such as ``.nojekyll``), takes the sha-256 and size of each, derives the build version
from that list (the sha-256 of "path NUL sha NL" lines, first 16 hex digits) and writes
``DIST/sw.js`` from ``scripts/sw-template.js`` with the manifest inlined, plus
``DIST/precache-manifest.json`` (the same data, for tools and tests; not precached).
Files fetched only on first use (``on_demand``: the full standard library the engine's
worker falls back on, ``build.json``'s ``python.fallback``) are listed and checked like the
rest, but not downloaded at install: the service worker keeps them once asked for.
The Content-Security-Policy of ``index.html``'s meta tag is copied into ``sw.js``, which
sends it as a header with every response it serves (so it also covers the Web Worker).

Any change to any file gives a new version, hence a byte-different ``sw.js``, which is
what makes the browser install the new service worker (see docs/offline.md).
Run it last: after everything else has been written into DIST.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import sys
from pathlib import Path

TEMPLATE = Path(__file__).resolve().parent / "sw-template.js"
GENERATED = {"sw.js", "precache-manifest.json"}


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def manifest(dist: Path) -> dict:
    files: dict[str, str] = {}
    sizes: dict[str, int] = {}
    for p in sorted(dist.rglob("*")):
        rel = p.relative_to(dist).as_posix()
        if (
            not p.is_file()
            or rel in GENERATED
            or any(part.startswith(".") for part in rel.split("/"))
        ):
            continue
        files[rel] = sha256_file(p)
        sizes[rel] = p.stat().st_size
    if "index.html" not in files:
        raise SystemExit(f"precache: {dist}/index.html is missing")
    digest = hashlib.sha256()
    for rel, sha in files.items():
        digest.update(f"{rel}\0{sha}\n".encode())
    return {"version": digest.hexdigest()[:16], "files": files, "sizes": sizes,
            "on_demand": [rel for rel in on_demand(dist) if rel in files]}


def on_demand(dist: Path) -> list[str]:
    """Files the install leaves out (fetched and kept on first use): the fallback library
    of ``build.json`` (``python.fallback``), which the engine never needs unless a module
    is missing from its own ``python.zip``."""
    try:
        build = json.loads((dist / "build.json").read_text())
    except (OSError, ValueError):
        return []
    fallback = (build.get("python") or {}).get("fallback") if isinstance(build, dict) else None
    return [fallback] if isinstance(fallback, str) else []


def content_security_policy(dist: Path) -> str:
    """The policy of index.html's <meta http-equiv="Content-Security-Policy">, or ""."""
    page = (dist / "index.html").read_text()
    for tag in re.findall(r"<meta\b[^>]*>", page, flags=re.I):
        if re.search(r"http-equiv=[\"']?content-security-policy", tag, flags=re.I):
            found = re.search(r"content=\"([^\"]*)\"", tag) or re.search(r"content='([^']*)'", tag)
            if found:
                return html.unescape(found.group(1))
    return ""


def write_service_worker(dist: Path) -> dict:
    """Write ``dist/sw.js`` and ``dist/precache-manifest.json``; return the manifest."""
    dist = Path(dist)
    info = manifest(dist)
    source = TEMPLATE.read_text()
    for key, value in (
        ("__VERSION__", info["version"]),
        ("__FILES__", json.dumps(info["files"], indent=1)),
        ("__SIZES__", json.dumps(info["sizes"], indent=1)),
        ("__ON_DEMAND__", json.dumps(info["on_demand"])),
        ("__CSP__", json.dumps(content_security_policy(dist))),
    ):
        if key not in source:
            raise SystemExit(f"precache: {TEMPLATE.name} has no {key} placeholder")
        source = source.replace(key, value, 1)
    (dist / "sw.js").write_text(source)
    (dist / "precache-manifest.json").write_text(json.dumps(info, indent=1) + "\n")
    return info


def main(argv: list[str]) -> int:
    dist = Path(argv[0] if argv else "dist")
    info = write_service_worker(dist)
    later = set(info["on_demand"])
    total = sum(size for rel, size in info["sizes"].items() if rel not in later)
    print(
        f"[precache] {dist}/sw.js: version {info['version']}, "
        f"{len(info['files']) - len(later)} files, {total / 1e6:.1f} MB "
        f"(and {len(later)} on demand)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
