"""The engine worker's memory snapshot leaves the zeros out (web/engine/engine-worker.js;
issue 47), run in Node: the file it stores holds only the pages that are not zero
(packSnapshot, unpackSnapshot), the restore copies only those (restorePacked, and
copyNonZero for a snapshot given whole), each gives the same bytes as a plain copy whatever
is zero where, a file whose layout does not add up is refused, a Pyodide restored from a
packed file has the snapshot's interpreter back, and the restore leaves resident about half
the memory a plain one does."""

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


NAMES = "copyNonZero, sparseRestore, packSnapshot, unpackSnapshot, restorePacked, packedImages"


def run(body: str, *, timeout: int = 60) -> object:
    """The JSON value the async `body` returns, with the worker's functions NAMES in scope."""
    script = (f"const {{{NAMES}}} = new Function("
              f"{json.dumps(worker_part() + f'; return {{{NAMES}}};')})();\n"
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


#: a Pyodide-like snapshot in JavaScript: `snapshot(random, headerBytes, pages, share)` with
#: Pyodide's magic number and header length, then `pages` pages of which about `share` are
#: not zero (some of those zero but for one byte at either end)
SNAPSHOTS = """
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const snapshot = (headerBytes, pages, share) => {
    const out = new Uint8Array(headerBytes + pages * 4096);
    for (let i = 8; i < headerBytes; i++) out[i] = Math.floor(random() * 256);
    new Uint32Array(out.buffer, 0, 2).set([1886286592, headerBytes]);
    for (let p = 0; p < pages; p++) {
      if (random() >= share) continue;
      const at = headerBytes + p * 4096, kind = Math.floor(random() * 3);
      if (kind === 0) out[at] = 1;
      else if (kind === 1) out[at + 4095] = 255;
      else for (let i = at; i < at + 4096; i++) {
        out[i] = random() < 0.5 ? 0 : Math.floor(random() * 256);
      }
    }
    return out;
  };
"""


def test_a_packed_snapshot_keeps_only_its_pages_that_are_not_zero_and_restores_the_same_bytes():
    out = run(SNAPSHOTS + """
      const bad = [];
      const zero = (bytes) => !bytes.some((v) => v);
      for (let round = 0; round < 40; round++) {
        const headerBytes = 16 * (1 + Math.floor(random() * 300));
        const pages = 1 + Math.floor(random() * 70);
        const original = snapshot(headerBytes, pages, [0, 1, random()][round % 3]);
        const file = packSnapshot(original);
        // the file: four words, the header, the map, the pages that are not zero
        let kept = 0;
        const image = original.subarray(headerBytes);
        for (let p = 0; p < pages; p++) if (!zero(image.subarray(p * 4096, (p + 1) * 4096))) kept++;
        const mapBytes = Math.ceil(pages / 32) * 4;
        if (file.length !== 16 + headerBytes + mapBytes + kept * 4096) bad.push(["size", round]);
        const given = unpackSnapshot(file);
        if (given.length !== original.length
            || given.subarray(0, headerBytes).some((v, i) => v !== original[i])
            || !zero(given.subarray(headerBytes))) bad.push(["shell", round]);
        // restored over a memory that holds bytes of its own, at Pyodide's offset 0 or further
        const offset = [0, 8, 4096][round % 3];
        const target = new Int8Array(offset + image.length + 4096);
        for (let p = 0; p < target.length; p += 4096) {
          if (random() < 0.5) target[p + Math.floor(random() * 4096)] = 5;
        }
        const plain = target.slice();
        plain.set(image, offset);
        restorePacked(target, packedImages.get(given.buffer), offset);
        if (target.some((v, i) => v !== plain[i])) bad.push(["bytes", round]);
      }
      let refused = false;
      const small = unpackSnapshot(packSnapshot(snapshot(16, 2, 1)));  // two pages
      try { restorePacked(new Int8Array(4096), packedImages.get(small.buffer)); } catch {
        refused = true;
      }
      return {bad, refused};""")
    assert out == {"bad": [], "refused": True}


def test_a_packed_file_whose_layout_does_not_add_up_is_refused():
    out = run(SNAPSHOTS + """
      const file = packSnapshot(snapshot(64, 40, 0.5));
      // a copy of the file with `change(its four words, its map)` made
      const changed = (change) => {
        const f = file.slice();
        change(new Uint32Array(f.buffer, 0, 4), new Uint32Array(f.buffer, 16 + 64, 2));
        return f;
      };
      const longer = new Uint8Array(file.length + 1);
      longer.set(file);
      const variants = {
        whole: file.slice(),
        "a page short": file.slice(0, file.length - 4096),
        "a byte more": longer,
        "another magic number": changed((words) => { words[0] ^= 1; }),
        "another version": changed((words) => { words[1] = 2; }),
        "a header not of whole words": changed((words) => { words[2] = 60; }),
        "an image not of whole pages": changed((words) => { words[3] -= 4; }),
        // 40 pages: bit 15 of the second word is page 47
        "a page past the image in the map": changed((_, map) => { map[1] |= 1 << 15; }),
        "one more page in the map": changed((_, map) => {
          let p = 0;
          while (map[p >> 5] & (1 << (p & 31))) p++;
          map[p >> 5] |= 1 << (p & 31);
        }),
        "shorter than its words": file.slice(0, 12),
      };
      const refused = {};
      for (const [name, f] of Object.entries(variants)) {
        try { unpackSnapshot(f); refused[name] = false; } catch { refused[name] = true; }
      }
      return refused;""")
    assert out.pop("whole") is False
    assert all(out.values()), out


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
      const image = snapshot.subarray(new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2)[1]);
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
  const file = packSnapshot(snapshot);
  const given = %(given)s;
  const again = await loadPyodide({ _loadSnapshot: given, createPyodideModule: watch(create) });
  const grew = rss() - before;
  return { same, kept: again.runPython("kept"),
           sum: again.runPython("sum(json.loads(kept)['taken'])"),
           grewKb: grew, bytes: snapshot.length, packed: file.length };
"""


def restore(kind: str) -> dict:
    """A Pyodide restored from a snapshot: "plain" (Pyodide's own restore), "sparse" (the
    worker's, given the whole snapshot) or "packed" (the worker's, from the stored file)."""
    create = "asm" if kind == "plain" else "sparseRestore(asm)"
    given = "unpackSnapshot(file)" if kind == "packed" else "snapshot"
    out = run(RESTORE % {"pyodide": json.dumps(PYODIDE.as_uri()), "create": create,
                         "given": given}, timeout=120)
    assert isinstance(out, dict)
    return out


@pytest.mark.skipif(not (PYODIDE / "pyodide.mjs").exists()
                    or not Path("/proc/self/status").exists(),
                    reason="needs node_modules/pyodide (npm ci) and Linux's /proc")
def test_a_restore_through_it_is_the_snapshots_interpreter_with_half_the_memory_resident():
    packed, sparse, plain = restore("packed"), restore("sparse"), restore("plain")
    for out in (packed, sparse, plain):
        assert out["same"] is True  # the memory right after the restore is the snapshot's
        assert out["kept"] == '{"taken": [3, 1, 4]}' and out["sum"] == 8
    # a plain restore makes the whole image resident (31 MB); these leave out the pages
    # that are zero (about 16 MB of it)
    for out in (packed, sparse):
        assert plain["grewKb"] - out["grewKb"] > plain["bytes"] / 1024 / 5, (out, plain)
    # and the file stored holds less than half of the snapshot
    assert packed["packed"] < packed["bytes"] / 2, packed
