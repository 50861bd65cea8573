"""The engine worker's restore of a memory snapshot leaves the zeros out
(web/engine/engine-worker.js, copyNonZero and sparseRestore; issue 47), run in Node: the
copy gives the same bytes as a plain one whatever is zero where, a Pyodide restored
through it has the snapshot's interpreter back, and the restore leaves resident about
half the memory a plain one does."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKER = ROOT / "web" / "engine" / "engine-worker.js"
PYODIDE = ROOT / "node_modules" / "pyodide"

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten" or shutil.which("node") is None or not WORKER.exists(),
    reason="needs Node and web/ (not inside Pyodide)")


def worker_part() -> str:
    """The worker's restore functions, as script text (the worker itself boots on load)."""
    text = WORKER.read_text()
    start = text.index("// --- a restore that leaves the zeros out")
    return text[start:text.index("function pyodideOptions", start)]


def run(body: str, *, timeout: int = 60) -> object:
    """The JSON value the async `body` returns, with copyNonZero and sparseRestore in scope."""
    script = (f"const {{copyNonZero, sparseRestore}} = new Function("
              f"{json.dumps(worker_part() + '; return {copyNonZero, sparseRestore};')})();\n"
              f"const out = await (async () => {{ {body} }})();\n"
              f"process.stdout.write(JSON.stringify(out));\n")
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                          text=True, check=True, timeout=timeout, cwd=ROOT)
    return json.loads(done.stdout)


def test_the_copy_gives_the_bytes_a_plain_copy_gives():
    # pages zero or not in the source and in the target, in every combination, a tail
    # that is not a whole word, an offset, and unaligned views (copied plainly)
    out = run("""
      let seed = 7;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      const fill = (a, share) => { for (let p = 0; p < a.length; p += 4096)
        if (random() < share) for (let i = p; i < Math.min(p + 4096, a.length); i++)
          a[i] = random() < 0.5 ? 0 : 1 + Math.floor(random() * 255); };
      const bad = [];
      for (let round = 0; round < 60; round++) {
        const size = 4096 * (1 + Math.floor(random() * 20)) + Math.floor(random() * 9);
        const buffer = new ArrayBuffer(size + 64);
        const at = [0, 1, 4, 16][round % 4];
        const source = new Uint8Array(buffer, at, size);
        fill(source, random());
        const offset = [0, 4, 3][round % 3];
        const target = new Int8Array(size + offset + 16);
        fill(target, random());
        const plain = target.slice();
        plain.set(source, offset);
        copyNonZero(target, source, offset);
        if (target.some((v, i) => v !== plain[i])) bad.push(round);
      }
      let refused = false;
      try { copyNonZero(new Int8Array(8), new Uint8Array(16)); } catch { refused = true; }
      return {bad, refused};""")
    assert out == {"bad": [], "refused": True}


RESTORE = """
  const { loadPyodide } = await import(%(pyodide)s + "/pyodide.mjs");
  const asm = (await import(%(pyodide)s + "/pyodide.asm.mjs")).default;
  const first = await loadPyodide({ _makeSnapshot: true, createPyodideModule: asm });
  first.runPython("import json, random; kept = json.dumps({'taken': [3, 1, 4]})");
  const snapshot = first.makeMemorySnapshot();
  let same = null;
  const watch = (create) => async (settings) => {
    const module = await create(settings);
    const restore = module.API.restoreSnapshot;
    module.API.restoreSnapshot = (bytes) => {
      const out = restore.call(module.API, bytes);
      const image = bytes.subarray(new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1]);
      same = module.HEAP8.length >= image.length
        && new Uint8Array(module.HEAP8.buffer, 0, image.length).every((v, i) => v === image[i]);
      return out;
    };
    return module;
  };
  const { readFileSync } = await import("node:fs");
  const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]);
  const create = %(create)s;
  const before = rss();
  const again = await loadPyodide({ _loadSnapshot: snapshot, createPyodideModule: watch(create) });
  const grew = rss() - before;
  return { same, kept: again.runPython("kept"),
           sum: again.runPython("sum(json.loads(kept)['taken'])"),
           grewKb: grew, bytes: snapshot.length };
"""


def restore(sparse: bool) -> dict:
    create = "sparseRestore(asm)" if sparse else "asm"
    out = run(RESTORE % {"pyodide": json.dumps(PYODIDE.as_uri()), "create": create},
              timeout=120)
    assert isinstance(out, dict)
    return out


@pytest.mark.skipif(not (PYODIDE / "pyodide.mjs").exists()
                    or not Path("/proc/self/status").exists(),
                    reason="needs node_modules/pyodide (npm ci) and Linux's /proc")
def test_a_restore_through_it_is_the_snapshots_interpreter_with_half_the_memory_resident():
    sparse, plain = restore(True), restore(False)
    for out in (sparse, plain):
        assert out["same"] is True  # the memory right after the restore is the snapshot's
        assert out["kept"] == '{"taken": [3, 1, 4]}' and out["sum"] == 8
    # a plain restore makes the whole image resident (31 MB); this one leaves out the
    # pages that are zero (about 16 MB of it)
    assert plain["grewKb"] - sparse["grewKb"] > plain["bytes"] / 1024 / 5, (sparse, plain)
