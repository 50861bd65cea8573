// Service worker of the Nibble site. GENERATED into dist/sw.js by scripts/precache.py
// from scripts/sw-template.js: edit the template, not dist/sw.js. See docs/offline.md.
//
// - install: download every file of the build into a cache named after this build's
//   version, checking each against its sha-256 from the build manifest below; any
//   failure fails the install, so the previous version (if any) keeps serving. Files
//   ON_DEMAND (the engine's fallback library, never needed unless a module is missing)
//   are not downloaded then: the first request for one fetches, checks and keeps it;
// - fetch: the files of the manifest come from that cache only (cache-first, never
//   mixed with another build's files), each checked against its sha-256 every time it is
//   served (about 40 ms for the 9.6 MB wasm, docs/offline.md): a damaged entry is fetched
//   again and replaced, never served; anything else goes to the network untouched;
// - a new version waits until the page asks it to take over ({type: "skip-waiting"},
//   sent when the player accepts "New version — reload"), then deletes the older caches.
//
// Scope: the folder this script is served from, so the site works under any base path.
// Cache names carry the scope's path, so two sites on one origin never touch each other.

const VERSION = "__VERSION__";
const FILES = __FILES__; // path relative to the scope -> sha-256 (hex)
const SIZES = __SIZES__; // path -> bytes
const ON_DEMAND = new Set(__ON_DEMAND__); // paths fetched on first use, not at install
// The Content-Security-Policy of index.html's meta tag, also sent as a header with every
// response served from the cache: a meta tag does not reach the engine's Web Worker (a
// worker's policy comes from its own response), the header does. Empty: no header.
const CSP = __CSP__;

// The same script also runs as a dedicated worker that the page starts on a first visit
// (web/engine/offline.js): it fills this version's cache and is then terminated, its
// memory with it; the service worker's install then finds every file there. A service
// worker holds the garbage of its downloads until the browser stops it, 30 s idle later:
// about 45 MB of the page's renderer at ready (docs/offline.md).
const IN_SERVICE_WORKER = typeof ServiceWorkerGlobalScope !== "undefined" && self instanceof ServiceWorkerGlobalScope;
const SCOPE = IN_SERVICE_WORKER ? self.registration.scope : new URL("./", self.location.href).href; // ends with "/"
const PREFIX = `nibble-precache:${new URL(SCOPE).pathname}:`;
const CACHE = PREFIX + VERSION;
const PARALLEL = 4;
const CHECKED_HEADER = "x-nibble-checked"; // engine-worker.js: "by-caller" on files it checks

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Fetch one file and return a fresh Response whose body matches `sha`, or null.
async function fetchVerified(path, sha, cacheMode) {
  let response;
  try {
    response = await fetch(new URL(path, SCOPE).href, { cache: cacheMode, credentials: "same-origin", redirect: "follow" });
  } catch {
    return null;
  }
  if (!response.ok) return null;
  const body = await response.arrayBuffer();
  if (hex(await crypto.subtle.digest("SHA-256", body)) !== sha) return null;
  // Keep only the headers that describe the bytes we hold (the body is already decoded,
  // so a Content-Encoding or a compressed Content-Length would be wrong).
  const headers = new Headers({ "Content-Length": String(body.byteLength) });
  const type = response.headers.get("Content-Type");
  if (type) headers.set("Content-Type", type);
  if (CSP) headers.set("Content-Security-Policy", CSP);
  headers.set("X-Nibble-Build", VERSION);
  return new Response(body, { status: 200, statusText: "OK", headers });
}

async function precache() {
  const cache = await caches.open(CACHE);
  // Entries already in this version's cache were verified when they were put there
  // (an install of the same version that was cut short, e.g. the browser closed): keep them.
  const have = new Set((await cache.keys()).map((request) => request.url));
  const queue = Object.entries(FILES).filter(([path]) => !ON_DEMAND.has(path) && !have.has(new URL(path, SCOPE).href));
  // Big files first, so the long download starts at once.
  queue.sort((a, b) => (SIZES[b[0]] || 0) - (SIZES[a[0]] || 0));
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [path, sha] = item;
      // "no-cache" revalidates what the page itself just downloaded (a 304, nearly free);
      // "reload" bypasses the HTTP cache if that copy was stale.
      const response = (await fetchVerified(path, sha, "no-cache")) || (await fetchVerified(path, sha, "reload"));
      if (!response) throw new Error(`precache: ${path} is missing or does not match build ${VERSION}`);
      await cache.put(new URL(path, SCOPE).href, response);
    }
  };
  try {
    await Promise.all(Array.from({ length: PARALLEL }, worker));
  } catch (error) {
    // Never leave a half-filled cache behind: this version will not be used, and the
    // previous one (or the network, on a first visit) keeps serving the site.
    await caches.delete(CACHE);
    throw error;
  }
}

if (!IN_SERVICE_WORKER) {
  precache().then(
    () => self.postMessage({ type: "precached", version: VERSION }),
    (error) => self.postMessage({ type: "failed", error: String(error) }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      // Take over pages that have no service worker yet (the first visit). Pages that ran
      // the previous version reload themselves on "controllerchange" (web/engine/offline.js).
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "skip-waiting") self.skipWaiting();
  else if (data.type === "version" && event.ports[0]) event.ports[0].postMessage({ version: VERSION, cache: CACHE });
});

// The manifest path a request stands for, or null when it is not one of ours.
function pathFor(request) {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return null;
  let path;
  try {
    path = decodeURIComponent(url.pathname.slice(new URL(SCOPE).pathname.length));
  } catch {
    return null; // a malformed escape: not one of our files
  }
  if (path === "" || (request.mode === "navigate" && path.endsWith("/"))) path += "index.html";
  return Object.hasOwn(FILES, path) ? path : null;
}

// Does the cached response still hold the bytes of the build? Checked on every serve:
// an entry can be damaged at any time after it was stored (a disk error, an extension or
// a page script rewriting the cache), and a verdict remembered for the worker's lifetime
// would serve the damage until the browser stops the worker. A body that cannot be read
// counts as damaged.
async function intact(hit, path) {
  try {
    const body = await hit.clone().arrayBuffer();
    return hex(await crypto.subtle.digest("SHA-256", body)) === FILES[path];
  } catch {
    return false;
  }
}

async function respond(request, path) {
  const cache = await caches.open(CACHE);
  const url = new URL(path, SCOPE).href;
  const hit = await cache.match(url);
  if (hit) {
    // The engine's worker checks its two large files itself (it says so in a header) and,
    // finding one damaged, boots again with "reload": then, and only then, they are read
    // and hashed here first (13 MB that would otherwise stand between the cache and the
    // runtime's compile, for each of the page's three workers).
    if (request.headers.get(CHECKED_HEADER) === "by-caller" && request.cache !== "reload") return hit;
    // the original response object (not a copy) keeps the browser's compiled-wasm cache
    if (await intact(hit, path)) return hit;
    await cache.delete(url);
  }
  // Missing or damaged: fetch a good copy from the network and put it back.
  const fresh = await fetchVerified(path, FILES[path], "reload");
  if (fresh) {
    await cache.put(url, fresh.clone());
    return fresh;
  }
  if (hit) {
    // damaged, and no good copy to be had: an honest failure, never the damaged bytes
    return new Response("", { status: 503, statusText: "Damaged in the cache; offline" });
  }
  // a file on demand not fetched yet, offline; or a cache the browser evicted: the
  // network's answer, or its failure (the engine's worker says what it could not fetch)
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  const path = pathFor(event.request);
  if (path !== null) event.respondWith(respond(event.request, path));
});
