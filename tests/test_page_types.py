"""The page's modules are type-checked (docs/development.md, "JavaScript lint"): web/ stays
plain JavaScript, typed in JSDoc against types/page.d.ts (docs/contracts.md as types), and
TypeScript's compiler reads it. Here as well as in ``make lint``, so that a change that
breaks a type fails the tests; and every module says ``// @ts-check`` on its first line, so
that an editor checks it too, with or without tsconfig.json. The controllers and views
listed in scripts/check_strict_types.mjs are checked with noImplicitAny too (docs/web.md,
"Types")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
TSC = ROOT / "node_modules" / ".bin" / "tsc"
#: noImplicitAny for the page's controllers and views (docs/web.md, "Types")
STRICT = ROOT / "scripts" / "check_strict_types.mjs"


@pytest.mark.skipif(sys.platform == "emscripten" or not TSC.exists(),
                    reason="runs tsc (node_modules, a subprocess)")
def test_the_page_type_checks() -> None:
    done = subprocess.run([str(TSC), "-p", "tsconfig.json"], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_module_asks_to_be_checked() -> None:
    modules = sorted(WEB.rglob("*.js"))
    assert len(modules) > 50  # the page's modules, found
    unchecked = [p.relative_to(WEB).as_posix() for p in modules
                 if not p.read_text(encoding="utf-8").startswith("// @ts-check\n")]
    assert not unchecked, unchecked


needs_tsc = pytest.mark.skipif(sys.platform == "emscripten" or not TSC.exists(),
                               reason="runs Node and TypeScript (node_modules, a subprocess)")


def strict(*files: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["node", str(STRICT), *files], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


@needs_tsc
def test_the_controllers_and_views_type_every_name() -> None:
    done = strict()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "files pass with noImplicitAny" in done.stdout


@needs_tsc
def test_the_strict_check_finds_an_implicit_any(tmp_path: Path) -> None:
    typed = tmp_path / "typed.js"
    typed.write_text("// @ts-check\n/** @param {number} x */\nexport const twice = (x) => 2 * x;\n")
    untyped = tmp_path / "untyped.js"
    untyped.write_text("// @ts-check\nexport const twice = (x) => 2 * x;\n")
    done = strict(str(typed), str(untyped))  # (one compiler run for both)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "untyped.js(2," in done.stdout and "TS7006" in done.stdout, done.stdout
    # only the files asked about are reported, and of them only the untyped one: tsc's own
    # run of the page has implicit anys elsewhere (tsconfig.json is not strict), and none
    # of them is said here
    assert done.stdout.count("error TS") == 1 and "typed.js(" not in done.stdout.replace(
        "untyped.js(", ""), done.stdout
