// Module Web Worker hosting Pyodide and the engine (nibble.api).
//
// page -> worker: {id, request}            a bridge request
//                 {type: "ping"}            are you alive? (answered at once when idle)
// worker -> page: {type: "ack", id}       a request arrived (sent before working on it)
//                 {id, response}
//                 {type: "progress", step, done, total}   while loading
//                 {type: "pong"}
//                 {type: "beat"}            the computer's search is alive (role "ai": at most
//                                           every 250 ms while a player reads its clock)
//                 {type: "fatal", kind, message}           loading failed, or the runtime died
//
// The page starts this script from a blob: URL, so that the worker runs under the page's
// own Content-Security-Policy even on a first visit (a worker's policy comes from its
// script's response headers, which a static host cannot set; a blob: worker inherits
// the page's). The site's root URL and the attempt number come in the worker's name.
//
// Every file the engine needs is checked against its sha-256 from build.json as it
// arrives: a damaged or cut-short download fails the boot at once with a plain reason
// (kind "damaged" or "download") instead of hanging. A retry ("reload" in the name)
// bypasses the HTTP cache. Nothing is fetched from another origin.

const CONFIG = (() => {
  try {
    return JSON.parse(self.name || "{}");
  } catch {
    return {};
  }
})();
const ROOT = new URL(CONFIG.root || "./", self.location.href);
const PYODIDE_DIR = new URL("pyodide/", ROOT).href;
const RETRY = CONFIG.reload === true; // a retry after a failed boot: past the HTTP cache

function post(message) {
  self.postMessage(message);
}

function progress(step, done, total) {
  post({ type: "progress", step, done, total });
}

class BootError extends Error {
  constructor(kind, message) {
    super(message);
    this.kind = kind; // "download" | "damaged" | "engine"
  }
}

let failed = false;
function fail(kind, message) {
  if (failed) return;
  failed = true;
  post({ type: "fatal", kind, message });
}

// --- downloads: counted, verified ---------------------------------------------------

const realFetch = self.fetch.bind(self);
let expected = {}; // path relative to ROOT -> sha-256, from build.json
let lastPost = 0;

function stepFor(path) {
  if (path.endsWith(".wasm")) return "runtime";
  if (path.endsWith("python_stdlib.zip")) return "stdlib";
  if (path.includes("micropip")) return "micropip";
  if (path.includes("wheels/")) return "engine";
  return null;
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Read a clone of the response: count bytes for the progress bar and, once complete,
// compare its sha-256 with build.json. Any failure fails the boot with its reason.
function watch(response, path, step) {
  const total = Number(response.headers.get("content-length")) || 0;
  const reader = response.clone().body.getReader();
  const chunks = [];
  let done = 0;
  const report = step ? progress : () => {};
  report(step, 0, total);
  (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        chunks.push(chunk.value);
        done += chunk.value.byteLength;
        const now = performance.now();
        if (now - lastPost > 50) {
          lastPost = now;
          report(step, done, Math.max(total, done));
        }
      }
    } catch (error) {
      fail("download", `${path}: the download was interrupted (${error?.message || error})`);
      return;
    }
    report(step, done, Math.max(total, done));
    const sha = expected[path];
    if (!sha) return;
    const body = new Uint8Array(done);
    let at = 0;
    for (const c of chunks) {
      body.set(c, at);
      at += c.byteLength;
    }
    const got = hex(await crypto.subtle.digest("SHA-256", body));
    if (got !== sha) fail("damaged", `${path}: the file arrived damaged (${done} bytes, checksum mismatch)`);
  })();
}

self.fetch = async (input, init = {}) => {
  const url = typeof input === "string" ? input : input.url || String(input);
  const absolute = new URL(url, ROOT);
  if (absolute.origin !== ROOT.origin) {
    throw new Error(`refusing to fetch from another origin: ${absolute.href}`);
  }
  let response;
  try {
    response = await realFetch(input, RETRY ? { ...init, cache: "reload" } : init);
  } catch (error) {
    fail("download", `${absolute.pathname}: ${error?.message || error}`);
    throw error;
  }
  const path = absolute.href.startsWith(ROOT.href) ? absolute.href.slice(ROOT.href.length) : absolute.pathname;
  if (!response.ok) {
    fail("download", `${path}: HTTP ${response.status}`);
    return response;
  }
  const step = stepFor(path);
  if ((step || expected[path]) && response.body) watch(response, path, step);
  return response;
};

// --- boot -----------------------------------------------------------------------------

let handleJson = null;
const BEAT_S = 0.25;

async function boot() {
  progress("runtime", 0, 0);
  let build;
  try {
    const response = await realFetch(new URL("build.json", ROOT), { cache: "no-cache" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    build = await response.json();
  } catch (error) {
    throw new BootError("download", `build.json: ${error?.message || error}`);
  }
  expected = build.files || {};

  let loadPyodide;
  try {
    ({ loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE_DIR).href));
  } catch (error) {
    throw new BootError("download", `pyodide.mjs: ${error?.message || error}`);
  }
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_DIR,
    packageBaseUrl: PYODIDE_DIR,
    fullStdLib: false,
    stdout: () => {},
    stderr: (line) => console.warn("[pyodide]", line),
  });
  progress("stdlib", 1, 1);

  progress("micropip", 0, 2);
  const micropipUrl = new URL(build.micropip_wheel, ROOT).href;
  await pyodide.loadPackage(micropipUrl, { messageCallback: () => {}, errorCallback: (m) => console.warn(m) });
  progress("micropip", 1, 2);
  const micropip = pyodide.pyimport("micropip");
  progress("micropip", 2, 2);

  const wheels = [build.engine_wheel, ...(build.extra_wheels || [])].map((w) => new URL(w, ROOT).href);
  const total = wheels.length + 1;
  progress("engine", 0, total);
  for (let i = 0; i < wheels.length; i++) {
    await micropip.install.callKwargs(wheels[i], { deps: false });
    progress("engine", i + 1, total);
  }
  micropip.destroy();
  // JSON text in and out; the engine refuses absurdly nested input before parsing it
  handleJson = pyodide.pyimport("nibble.api").handle_json;
  if (CONFIG.role === "ai") {
    // While a player searches it reads the clock; the page hears a beat through it and
    // so tells a long search from a dead worker (engine-client.js).
    pyodide.pyimport("nibble.ai.clock").heartbeat(() => post({ type: "beat" }), BEAT_S);
  }
  progress("engine", total, total);
  if (failed) return; // a download was damaged after all: do not claim to be ready
  progress("ready", 1, 1);
}

const ready = boot().catch((error) => {
  fail(error?.kind || "engine", error?.message || String(error));
  throw error;
});
ready.catch(() => {}); // reported above as a fatal message

self.onmessage = async (event) => {
  const data = event.data || {};
  if (data.type === "ping") {
    post({ type: "pong" });
    return;
  }
  const { id, request } = data;
  post({ type: "ack", id }); // alive and started on it (the page's watchdog waits for this)
  let response;
  try {
    await ready;
    response = JSON.parse(handleJson(JSON.stringify(request)));
  } catch (error) {
    // The bridge never raises, so this is the runtime itself failing (out of memory,
    // a fatal Pyodide error): say so, and let the page start a fresh worker.
    fail("crashed", error?.message || String(error));
    response = { error: { code: "internal", message: error?.message || String(error) } };
  }
  post({ id, response });
};
