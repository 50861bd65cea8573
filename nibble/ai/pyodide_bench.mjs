// Run nibble.ai.bench inside Pyodide under Node, to compare with CPython.
// Usage (from the repository root, after `npm ci`):
//   node nibble/ai/pyodide_bench.mjs [seconds]
// Prints the same JSON as `python -m nibble.ai.bench --json`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..", "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const seconds = Number(process.argv[2] ?? "2");

const pyodide = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
const pkg = join(root, "nibble");
function copy(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const target = "/home/pyodide/" + relative(root, path);
    if (statSync(path).isDirectory()) {
      if (name === "__pycache__") continue;
      pyodide.FS.mkdirTree(target);
      copy(path);
    } else if (name.endsWith(".py")) {
      pyodide.FS.writeFile(target, readFileSync(path));
    }
  }
}
pyodide.FS.mkdirTree("/home/pyodide/nibble");
copy(pkg);
const out = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/home/pyodide")
from nibble.ai.bench import run
json.dumps(run(${seconds}))
`);
console.log(out);
