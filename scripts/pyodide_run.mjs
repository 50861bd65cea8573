#!/usr/bin/env node
// Run a Python script or module of this repository inside real Pyodide (the browser's
// runtime) under Node, so benchmarks compare CPython and Pyodide with the same code.
//
//   node scripts/pyodide_run.mjs scripts/bench_budget.py --json
//   node scripts/pyodide_run.mjs -m nibble.ai.lab.bench --json
//
// The repository is mounted read-through at /repo (the working directory); stdout and
// stderr pass through; the exit code is the script's. Python can read the size of the
// WebAssembly heap with `import js; js.nibbleHeapBytes()`.

import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..");
const args = process.argv.slice(2);
if (!args.length) {
  process.stderr.write("usage: node scripts/pyodide_run.mjs SCRIPT.py [ARGS] | -m MODULE [ARGS]\n");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(path.join(repo, "node_modules", "pyodide", "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.join(repo, "node_modules", "pyodide") + path.sep, env: { PYTHONDONTWRITEBYTECODE: "1" } });
const write = (stream) => ({ write: (buffer) => (stream.write(buffer), buffer.length) });
pyodide.setStdout(write(process.stdout));
pyodide.setStderr(write(process.stderr));
globalThis.nibbleHeapBytes = () => pyodide._module.HEAP8.buffer.byteLength;
// What Pyodide's own start-up imported, before this runner imports anything (a JSON list;
// scripts/python_zip.py keeps these in the page's Python library).
globalThis.nibbleStartupModules = pyodide.runPython("import sys, json; json.dumps(sorted(sys.modules))");
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.globals.set("ARGS", pyodide.toPy(args));
const code = await pyodide.runPythonAsync(`
import os, runpy, sys
sys.dont_write_bytecode = True
os.chdir("/repo")
sys.path[:0] = ["/repo", "/repo/tests"]
args = list(ARGS)
status = 0
try:
    if args[0] == "-m":
        sys.argv = [args[1], *args[2:]]
        runpy.run_module(args[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = args
        sys.path.insert(0, os.path.dirname(os.path.abspath(args[0])))
        runpy.run_path(args[0], run_name="__main__")
except SystemExit as e:
    status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
status
`);
process.exit(code);
