// Module Web Worker hosting Pyodide and the engine (nibble.api).
//
// page -> worker: {id, request}
// worker -> page: {id, response}
//                 {type: "progress", step, done, total}   while loading
//                 {type: "fatal", message}                if loading fails
//
// Every URL is relative to this script, which sits at the site root, so the site
// works from any base path. Nothing is fetched from another origin.

const ROOT = new URL("./", self.location.href);
const PYODIDE_DIR = new URL("pyodide/", ROOT).href;

function post(message) {
  self.postMessage(message);
}

function progress(step, done, total) {
  post({ type: "progress", step, done, total });
}

// --- real download progress -------------------------------------------------
// Wrap fetch so the big downloads (the wasm runtime and the standard library)
// report bytes received. The original Response is handed back untouched (its URL
// keeps the browser's compiled-wasm cache working); a clone's body is read only
// to count bytes.
const realFetch = self.fetch.bind(self);
let lastPost = 0;

function stepFor(url) {
  if (url.endsWith(".wasm")) return "runtime";
  if (url.endsWith("python_stdlib.zip")) return "stdlib";
  if (url.includes("micropip")) return "micropip";
  if (url.includes("/wheels/")) return "engine";
  return null;
}

self.fetch = async (input, init) => {
  const url = typeof input === "string" ? input : input.url || String(input);
  const absolute = new URL(url, ROOT);
  if (absolute.origin !== ROOT.origin) {
    throw new Error(`refusing to fetch from another origin: ${absolute.href}`);
  }
  const response = await realFetch(input, init);
  const step = stepFor(absolute.pathname);
  if (step && response.ok && response.body) {
    const total = Number(response.headers.get("content-length")) || 0;
    const reader = response.clone().body.getReader();
    let done = 0;
    progress(step, 0, total);
    (async () => {
      try {
        for (;;) {
          const chunk = await reader.read();
          if (chunk.done) break;
          done += chunk.value.byteLength;
          const now = performance.now();
          if (now - lastPost > 50) {
            lastPost = now;
            progress(step, done, Math.max(total, done));
          }
        }
        progress(step, done, Math.max(total, done));
      } catch {
        /* counting is best effort */
      }
    })();
  }
  return response;
};

// --- boot ---------------------------------------------------------------------

let handleJson = null;

async function boot() {
  progress("runtime", 0, 0);
  const buildResponse = await realFetch(new URL("build.json", ROOT), { cache: "no-cache" });
  if (!buildResponse.ok) throw new Error(`build.json: HTTP ${buildResponse.status}`);
  const build = await buildResponse.json();

  const { loadPyodide } = await import(new URL("pyodide.mjs", PYODIDE_DIR).href);
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
  progress("engine", total, total);
  progress("ready", 1, 1);
  return build;
}

const ready = boot().catch((error) => {
  const message = error && error.message ? error.message : String(error);
  post({ type: "fatal", message });
  throw error;
});
ready.catch(() => {}); // reported above as a fatal message

self.onmessage = async (event) => {
  const { id, request } = event.data || {};
  let response;
  try {
    await ready;
    response = JSON.parse(handleJson(JSON.stringify(request)));
  } catch (error) {
    response = { error: { code: "internal", message: error && error.message ? error.message : String(error) } };
  }
  post({ id, response });
};
