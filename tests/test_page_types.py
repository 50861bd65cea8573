"""The page's modules are type-checked (docs/development.md, "JavaScript lint"): web/ stays
plain JavaScript, typed in JSDoc against types/page.d.ts (docs/contracts.md as types), and
TypeScript's compiler reads it. Here as well as in ``make lint``, so that a change that
breaks a type fails the tests; and every module says ``// @ts-check`` on its first line, so
that an editor checks it too, with or without tsconfig.json."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
TSC = ROOT / "node_modules" / ".bin" / "tsc"


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
