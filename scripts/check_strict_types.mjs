// Types strict where it pays: the page's controllers and views are checked with
// noImplicitAny on (every parameter typed), the rest of web/ as tsconfig.json says
// (`strict: false`). The program is the whole page (tsconfig.json's files, so that the
// types of types/page.d.ts and of every imported module are known); only the files listed
// here are reported, since tsc's command line would report every file it reads.
//
//   node scripts/check_strict_types.mjs          the files of STRICT
//   node scripts/check_strict_types.mjs FILE…    these files instead (added to the program)
//
// Exit status 1 when a file has a diagnostic (printed as tsc prints them), 2 on bad use.
// `make lint` and tests/test_page_types.py run it.

import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// Files, and folders (every .js file in them), checked strictly.
export const STRICT = [
  "web/engine/call.js",
  "web/session/turns.js",
  "web/session/position.js",
  "web/session/position-cache.js",
  "web/session/moves.js",
  "web/session/busy.js",
  "web/session/computer.js",
  "web/session/hints.js",
  "web/session/forced.js",
  "web/session/history.js",
  "web/review/judgements.js",
  "web/rooms/",
  "web/view/",
  "web/puzzles/",
  "web/store/glicko.js",
  "web/store/puzzle-profile.js",
  "web/store/lesson-progress.js",
  "web/store/own-puzzles.js",
];

/** @param {string[]} entries paths relative to the repository, a folder ending in "/" */
function expand(entries) {
  return entries.flatMap((entry) => {
    const full = path.join(ROOT, entry);
    if (!entry.endsWith("/")) return [full];
    return readdirSync(full).filter((name) => name.endsWith(".js")).sort().map((name) => path.join(full, name));
  });
}

/** @param {readonly ts.Diagnostic[]} diagnostics */
function format(diagnostics) {
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => ROOT,
    getNewLine: () => "\n",
  });
}

/**
 * The diagnostics of `files` (absolute paths) with noImplicitAny on.
 * @param {string[]} files
 */
export function strictDiagnostics(files) {
  const configPath = path.join(ROOT, "tsconfig.json");
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error) return [read.error];
  const config = ts.parseJsonConfigFileContent(read.config, ts.sys, ROOT, undefined, configPath);
  const options = { ...config.options, noImplicitAny: true };
  const roots = [...new Set([...config.fileNames.map((name) => path.resolve(name)), ...files])];
  const program = ts.createProgram({ rootNames: roots, options });
  return files.flatMap((file) => {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`not in the program: ${file}`);
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const given = process.argv.slice(2);
  const files = given.length ? given.map((name) => path.resolve(name)) : expand(STRICT);
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length) {
    console.error(`check_strict_types: no such file: ${missing.join(", ")}`);
    process.exit(2);
  }
  const diagnostics = strictDiagnostics(files);
  if (diagnostics.length) {
    process.stdout.write(format(diagnostics));
    console.error(`check_strict_types: ${diagnostics.length} error(s) with noImplicitAny in ${files.length} files`);
    process.exit(1);
  }
  console.log(`check_strict_types: ${files.length} files pass with noImplicitAny`);
}
