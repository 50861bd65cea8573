// ESLint (flat config, pinned in package.json): `make lint`, and `make test` next to ruff.
// See docs/development.md, "JavaScript lint". No formatting rules: the files keep their
// own layout.
import js from "@eslint/js";
import globals from "globals";

// Rules careful teams add to the recommended set, for every file.
const common = {
  // a real mistake, not a style: == and != only against null (x == null: null or undefined)
  eqeqeq: ["error", "smart"],
  // an unused name is noise or a bug; a leading _ says "unused on purpose". Arguments
  // before a used one are kept (a game module's hooks share one signature), and so is an
  // unused `catch (e)` (the ES5-style <head> scripts have no `catch {}`).
  "no-unused-vars": [
    "error",
    { args: "after-used", argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
  ],
  // a classic script's top-level names would be the window's: wrap them in a function
  "no-implicit-globals": "error",
  "no-new-func": "error", // the page's CSP forbids eval, and new Function is eval
  "no-eval": "error",
  "no-implied-eval": "error",
  "no-throw-literal": "error",
  "no-self-compare": "error",
  "no-template-curly-in-string": "error",
  "no-unmodified-loop-condition": "error",
  "no-unreachable-loop": "error",
  "no-constructor-return": "error",
  "no-useless-return": "error",
  "no-useless-concat": "error",
  "no-use-before-define": ["error", { functions: false, classes: false, variables: false }],
  "array-callback-return": "error",
  "prefer-promise-reject-errors": "error",
  radix: "error",
};

// Globals of the window that a typo or a missing declaration reaches by accident
// (`event`, `name`, `status`, …): write window.name, self.name when meant.
const confusingGlobals = {
  "no-restricted-globals": ["error", ...["event", "name", "status", "length", "top", "parent", "opener", "origin",
    "close", "closed", "open", "blur", "focus", "find", "print", "stop", "scroll", "screen", "external", "frames"]],
};

// Modules and the service worker are modern code: let and const only.
const modern = {
  "no-var": "error",
  "prefer-const": ["error", { destructuring: "all" }],
  "object-shorthand": ["error", "properties"],
};

export default [
  { ignores: ["node_modules/", "dist/", "build/", ".venv/", "**/__pycache__/"] },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { ecmaVersion: "latest" },
    rules: common,
  },

  // Everything the page loads: modules unless said otherwise below.
  {
    files: ["web/**/*.js"],
    languageOptions: { sourceType: "module" },
    rules: { ...modern, ...confusingGlobals },
  },

  // The page's modules (web/app.js and everything it imports, web/engine/offline.js) run
  // in the window.
  {
    files: ["web/**/*.js"],
    ignores: ["web/engine/engine-worker.js"],
    languageOptions: { globals: { ...globals.browser } },
  },

  // The three classic scripts of index.html's <head>: they run in the window before the
  // module graph, ES5 style (var, function expressions), each wrapped in one function.
  {
    files: ["web/engine/engine-early.js", "web/engine/boot-guard.js", "web/ui/settings-early.js"],
    languageOptions: { sourceType: "script" },
    rules: { "no-var": "off", "prefer-const": "off", "object-shorthand": "off" },
  },

  // The engine's module worker: a dedicated worker's globals, not the window's.
  {
    files: ["web/engine/engine-worker.js"],
    languageOptions: {
      globals: { ...globals.worker, importScripts: "off" }, // a module worker has none
    },
  },

  // The service worker's template: a classic worker script; scripts/precache.py replaces
  // the placeholders with JSON literals.
  {
    files: ["scripts/sw-template.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.serviceworker, __FILES__: "readonly", __SIZES__: "readonly", __CSP__: "readonly", __ON_DEMAND__: "readonly" },
    },
    // its top-level names are the service worker's own global scope, shared with no page
    rules: { ...modern, "no-implicit-globals": "off" },
  },

  // Node scripts (scripts/, tests/pyodide/), and this file.
  {
    files: ["**/*.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
    rules: modern,
  },
];
