#!/usr/bin/env node
// Run the engine's pytest suite inside real Pyodide (Python 3.14 compiled to WebAssembly),
// the same runtime the web page uses.
//
//   node tests/pyodide/run_pytest.mjs --wheels build/pyodide-wheels [--repo .] [-- PYTEST ARGS]
//
// - boots Pyodide from node_modules/pyodide (npm `pyodide`, pinned by package-lock.json);
// - mounts the repository read-through at /repo with NODEFS, so the tests see the same tree
//   as on CPython; nothing is written back into it (no bytecode, no .pytest_cache, and
//   /repo/.hypothesis, Hypothesis' example database, is an in-memory overlay);
// - unpacks the pure-Python wheels found in --wheels (pytest, hypothesis and their
//   dependencies, see tests/pyodide/requirements.txt) into site-packages;
// - runs pytest.main(args) with /repo as the working directory and exits with its code.
//
// - with --stdlib ZIP (the site's pyodide/python.zip: the page's Python, bytecode, only the
//   standard modules the engine was seen to import), Pyodide boots from that zip as the
//   page does, the full standard library comes after it on sys.path (pytest needs it),
//   and the run fails if code of an engine module in ZIP imported anything from the full
//   library: the page would have had to fetch it (scripts/python_zip.py).
//
// Default pytest args: tests -p no:cacheprovider --ignore=tests/test_in_pyodide.py
// (anything after `--` is appended). The CPython test tests/test_in_pyodide.py drives this.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const dashdash = args.indexOf("--");
const own = dashdash >= 0 ? args.slice(0, dashdash) : args;
const extra = dashdash >= 0 ? args.slice(dashdash + 1) : [];

function option(name, fallback) {
  const i = own.indexOf(name);
  return i >= 0 && i + 1 < own.length ? own[i + 1] : fallback;
}

const repo = path.resolve(option("--repo", path.join(here, "..", "..")));
const wheelsDir = path.resolve(option("--wheels", path.join(repo, "build", "pyodide-wheels")));
const pyodideDir = path.resolve(
  option("--pyodide", process.env.PYODIDE_DIR || path.join(repo, "node_modules", "pyodide")),
);

function fail(message) {
  process.stderr.write(`run_pytest.mjs: ${message}\n`);
  process.exit(3);
}

if (!fs.existsSync(path.join(pyodideDir, "pyodide.mjs"))) {
  fail(`no Pyodide at ${pyodideDir}: run \`npm ci\``);
}
const wheels = fs.existsSync(wheelsDir)
  ? fs.readdirSync(wheelsDir).filter((f) => f.endsWith(".whl")).sort()
  : [];
if (!wheels.some((w) => w.startsWith("pytest-"))) {
  fail(`no pytest wheel in ${wheelsDir} (see tests/pyodide/requirements.txt)`);
}

const t0 = performance.now();
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const write = (stream) => ({
  write: (buffer) => {
    stream.write(buffer);
    return buffer.length;
  },
});
const stdlib = option("--stdlib", null);
const lockInfo = JSON.parse(fs.readFileSync(path.join(pyodideDir, "pyodide-lock.json"))).info;
const pyodide = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  ...(stdlib ? { stdLibURL: path.resolve(stdlib), lockFileContents: { info: lockInfo, packages: {} } } : {}),
  stdout: undefined,
  stderr: undefined,
  // tests/conftest.py picks the Hypothesis profile for Pyodide (sys.platform == "emscripten").
  env: {
    HOME: "/home/pyodide",
    PYTHONDONTWRITEBYTECODE: "1",
    ...Object.fromEntries(
      ["CI", "HYPOTHESIS_PROFILE"].filter((k) => k in process.env).map((k) => [k, process.env[k]]),
    ),
  },
});
pyodide.setStdout(write(process.stdout));
pyodide.setStderr(write(process.stderr));
const tBoot = performance.now();

pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
// Hypothesis keeps its example database in ./.hypothesis: overlay it with an in-memory folder
// so the Pyodide run neither writes into nor reads the CPython run's database.
fs.mkdirSync(path.join(repo, ".hypothesis"), { recursive: true });
pyodide.FS.mount(pyodide.FS.filesystems.MEMFS, {}, "/repo/.hypothesis");
if (stdlib) {
  pyodide.FS.writeFile("/lib/python_stdlib_full.zip", fs.readFileSync(path.join(pyodideDir, "python_stdlib.zip")));
}
globalThis.nibbleStdlibAudit = !!stdlib;
pyodide.FS.mkdirTree("/tmp/wheels");
for (const w of wheels) {
  pyodide.FS.writeFile(`/tmp/wheels/${w}`, fs.readFileSync(path.join(wheelsDir, w)));
}

const pytestArgs = ["tests", "-p", "no:cacheprovider", "--ignore=tests/test_in_pyodide.py", ...extra];
pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(pytestArgs));
// The test being run, kept on the JS side so that a fatal error (which kills the Python
// interpreter, e.g. a JavaScript stack overflow in deep C recursion) can still name it.
globalThis.nibbleCurrentTest = null;
function fatal(e) {
  const where = globalThis.nibbleCurrentTest ?? "(before or after the tests)";
  const stack = String(e?.stack ?? e).split("\n").slice(0, 6).join("\n");
  process.stderr.write(
    `\n[pyodide] FATAL: ${e?.name ?? "Error"}: ${e?.message ?? e}\n` +
      `[pyodide] while running: ${where}\n${stack}\n`,
  );
  process.exit(4);
}
process.on("uncaughtException", fatal);
process.on("unhandledRejection", fatal);
let code;
try {
  code = await pyodide.runPythonAsync(`
import sys
import js

if js.nibbleStdlibAudit:  # what python.zip lacks (pytest needs much of it) comes from here
    sys.path.append("/lib/python_stdlib_full.zip")


class FullStdlibAudit:
    """Finds modules in the full standard library (behind python.zip on sys.path) and
    notes those imported on behalf of an engine module that python.zip holds."""

    FULL = "/lib/python_stdlib_full.zip"
    PAGE = "/lib/python%d%d.zip" % sys.version_info[:2]  # python.zip, where Pyodide put it

    def __init__(self):
        from importlib.machinery import PathFinder

        self.finder = PathFinder
        self.page = None  # the engine sources whose bytecode python.zip holds (read lazily)
        self.found = []

    def page_sources(self):
        if self.page is None:
            self.page = set()  # while zipfile itself is imported
            import zipfile

            with zipfile.ZipFile(self.PAGE) as page:
                names = page.namelist()
            self.page = {"/repo/" + n[:-1] for n in names if n.startswith("nibble/")}
        return self.page

    def find_spec(self, name, path=None, target=None):
        spec = self.finder.find_spec(name, path, target)
        if spec is None and path:  # a submodule of a package python.zip has (encodings.*)
            beside = [self.FULL + p[p.index(".zip") + 4:] for p in path if ".zip/" in p]
            spec = self.finder.find_spec(name, beside, target) if beside else None
        if spec is not None and (spec.origin or "").startswith(self.FULL):
            frame = sys._getframe(1)
            while frame is not None:
                if frame.f_code.co_filename in self.page_sources():
                    self.found.append((name, frame.f_code.co_filename, frame.f_lineno))
                    break
                frame = frame.f_back
        return spec


audit = None
if js.nibbleStdlibAudit:
    audit = FullStdlibAudit()
    sys.meta_path.insert(sys.meta_path.index(audit.finder), audit)
    print("[pyodide] booted from python.zip; the full standard library behind it", flush=True)


import os, sysconfig, zipfile

sys.dont_write_bytecode = True
site = sysconfig.get_paths()["purelib"]
for name in sorted(os.listdir("/tmp/wheels")):
    with zipfile.ZipFile(os.path.join("/tmp/wheels", name)) as z:
        z.extractall(site)
import importlib
importlib.invalidate_caches()

os.chdir("/repo")
sys.path.insert(0, "/repo")


import pytest


class TrackCurrentTest:
    def pytest_runtest_logstart(self, nodeid, location):
        js.nibbleCurrentTest = nodeid


print(f"[pyodide] Python {sys.version.split()[0]} on {sys.platform}, pytest {pytest.__version__}", flush=True)
status = int(pytest.main(list(PYTEST_ARGS), plugins=[TrackCurrentTest()]))
if audit and audit.found:
    print("[pyodide] the engine imported modules python.zip lacks:", flush=True)
    for name, filename, line in sorted(set(audit.found)):
        print(f"[pyodide]   {name} (from {filename}:{line})", flush=True)
    status = status or 6
status
`);
} catch (e) {
  fatal(e);
}
const tEnd = performance.now();
process.stderr.write(
  `[pyodide] boot ${((tBoot - t0) / 1000).toFixed(1)} s, ` +
    `tests ${((tEnd - tBoot) / 1000).toFixed(1)} s, pytest exit code ${code}\n`,
);
process.exit(code);
