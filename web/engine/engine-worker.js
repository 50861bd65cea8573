// @ts-check
// Module Web Worker hosting Pyodide and the engine (nibble.api).
//
// page -> worker: {id, request}            a bridge request
//                 {type: "ping"}            are you alive? (answered at once when idle)
// worker -> page: {type: "ack", id}       a request arrived (sent before working on it)
//                 {id, response}
//                 {type: "progress", step, done, total}   while loading
//                 {type: "pong"}
//                 {type: "beat"}            a search is alive (at most every 250 ms while a
//                                           player reads its clock)
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
//
// The two large files (the runtime's WebAssembly and the engine's python.zip) are asked
// for with a header saying that this worker checks them itself: the service worker then
// serves them from its cache without reading and hashing them first (13 MB per boot,
// three workers a visit, in the way of the compile). Damaged there, they fail this boot
// as "damaged"; the client boots again at once with "reload", which the service worker
// checks and repairs (engine-client.js, sw-template.js).

/** @typedef {Nibble.WorkerMessage} WorkerMessage */
/** @typedef {Nibble.BootStep} BootStep */
/** @typedef {Nibble.FatalMessage["kind"]} FailureKind */
/** @typedef {Nibble.SnapshotFileHandle} SnapshotFileHandle */

/** @type {Partial<Nibble.WorkerConfig>} */
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
const CHECKED_HERE = new Set(["pyodide/pyodide.asm.wasm", "pyodide/python.zip"]);
const CHECKED_HEADER = "x-nibble-checked"; // "by-caller": the service worker need not hash it

/** @param {WorkerMessage} message */
function post(message) {
  self.postMessage(message);
}

/** @param {BootStep} step @param {number} done @param {number} total */
function progress(step, done, total) {
  post({ type: "progress", step, done, total });
}

class BootError extends Error {
  /** @param {FailureKind} kind @param {string} message */
  constructor(kind, message) {
    super(message);
    this.kind = kind; // "download" | "damaged" | "engine"
  }
}

let failed = false;
/** @param {FailureKind} kind @param {string} message */
function fail(kind, message) {
  if (failed) return;
  failed = true;
  post({ type: "fatal", kind, message });
}

// --- downloads: counted, verified ---------------------------------------------------

const realFetch = self.fetch.bind(self);
/** @type {{[path: string]: string}} */
let expected = {}; // path relative to ROOT -> sha-256, from build.json
let knowExpected; // resolves once build.json is read (a download may finish before it)
const expectedKnown = new Promise((resolve) => {
  knowExpected = resolve;
});
let lastPost = 0;

/** @param {string} path @returns {BootStep | null} */
function stepFor(path) {
  if (path.endsWith(".wasm")) return "runtime";
  if (path.endsWith("python.zip")) return "python";
  return null;
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Read a clone of the response: count bytes for the progress bar and, once complete,
// compare its sha-256 with build.json. Any failure fails the boot with its reason.
const checks = new Set(); // the checks still running (a boot that fails waits for them)

/** @param {Response} response @param {string} path @param {BootStep | null} step */
function watch(response, path, step) {
  const total = Number(response.headers.get("content-length")) || 0;
  const reader = response.clone().body.getReader();
  const chunks = [];
  let done = 0;
  const report = step ? progress : () => {};
  report(step, 0, total);
  const check = (async () => {
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
    await expectedKnown;
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
    return got === sha;
  })();
  if (step === "runtime") wasmChecked = check.then((ok) => ok === true);
  checks.add(check);
  check.finally(() => checks.delete(check));
}

/** @param {RequestInfo | URL} input @returns {URL} */
function urlOf(input) {
  // (a URL has no `url`: its text, then)
  const url = typeof input === "string" ? input : /** @type {{url?: string}} */ (input).url || String(input);
  return new URL(url, ROOT);
}

// Pyodide's fetches: the runtime and python.zip the worker asked for early, else a
// checked download.
self.fetch = async (input, init = {}) => {
  const absolute = urlOf(input);
  if (absolute.href === WASM_URL && handedOver && (await handedOver)) return new Response(new Uint8Array(0)); // not read
  if (wasmFetch && absolute.href === WASM_URL) return (await wasmFetch).copy; // compileOwn's
  if (zipEarly && absolute.href === ZIP_URL) {
    const early = zipEarly; // fetchZipEarly's, used once
    zipEarly = null;
    return early;
  }
  return checkedFetch(input, init);
};

/** @param {RequestInfo | URL} input @param {RequestInit} [init] @returns {Promise<Response>} */
async function checkedFetch(input, init = {}) {
  const absolute = urlOf(input);
  if (absolute.origin !== ROOT.origin) {
    throw new Error(`refusing to fetch from another origin: ${absolute.href}`);
  }
  let response;
  const own = absolute.href.startsWith(ROOT.href) ? absolute.href.slice(ROOT.href.length) : "";
  const options = { ...init };
  if (RETRY) options.cache = "reload";
  if (CHECKED_HERE.has(own)) options.headers = { ...(init.headers || {}), [CHECKED_HEADER]: "by-caller" };
  try {
    response = await realFetch(input, options);
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
}

// --- the runtime's WebAssembly, compiled early --------------------------------------------
//
// Pyodide compiles pyodide.asm.wasm only once it knows how much memory to give it: on a
// restore, the snapshot's size, known once the snapshot is read. So the worker fetches and
// compiles it itself, at once, alongside everything else, and gives Pyodide the compiled
// module when it asks to instantiate (Pyodide's own fetch of the file gets the same
// response). Any failure here leaves Pyodide to do it as usual.

const WASM_URL = new URL("pyodide.asm.wasm", PYODIDE_DIR).href;
/** @type {Promise<{copy: Response, response: Response}> | null} */
let wasmFetch = null; // the one download of pyodide.asm.wasm (checked)
/** @type {Promise<WebAssembly.Module> | null} */
let wasmModule = null;

// A worker after the first is handed the first one's compiled runtime (`"wasm": true` in
// its name: engine-client.js posts it right after starting the worker): no download,
// check or compile of the 9.6 MB WebAssembly here, and the compiled code is one copy in
// memory for every worker of the page. If it does not come, the worker compiles its own.
const HANDOVER_MS = 2_000;
/** @type {Promise<WebAssembly.Module | null> | null} */
const handedOver = CONFIG.wasm
  ? new Promise((resolve) => {
      /** @param {MessageEvent} event */
      const take = (event) => {
        if (event.data?.type !== "wasm") return;
        self.removeEventListener("message", take);
        resolve(event.data.module instanceof WebAssembly.Module ? event.data.module : null);
      };
      self.addEventListener("message", take);
      setTimeout(() => resolve(null), HANDOVER_MS);
    })
  : null;
/** @type {Promise<boolean> | null} */
let wasmChecked = null; // the download's sha-256 check (watch()): true once it matched

function compileEarly() {
  if (!handedOver) {
    compileOwn();
    return;
  }
  wasmModule = handedOver.then((module) => {
    if (module) {
      mark("wasm handed over");
      return module;
    }
    compileOwn();
    return /** @type {Promise<WebAssembly.Module>} */ (wasmModule);
  });
}

function compileOwn() {
  const fetched = checkedFetch(WASM_URL);
  // The original response is compiled (a clone would not reach Chromium's cache of
  // compiled code); Pyodide gets a copy, in case it must compile after all.
  wasmFetch = fetched.then((response) => ({ copy: response.clone(), response }));
  wasmFetch.catch(() => {});
  wasmModule = wasmFetch.then(({ response }) => WebAssembly.compileStreaming(response));
  wasmModule.then(() => mark("wasm compiled"), () => {}); // a failure: Pyodide compiles
}

// The runtime this worker compiled and checked, for the page to hand to its next workers.
async function shareWasm() {
  if (handedOver || !wasmModule || !wasmChecked) return;
  const [module, checked] = await Promise.all([wasmModule.catch(() => null), wasmChecked]);
  if (module && checked && !failed) post({ type: "wasm", module });
}

const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  let module = null;
  try {
    module = wasmModule ? await wasmModule : null;
  } catch {
    module = null;
  }
  if (!module) return instantiateStreaming(source, imports);
  Promise.resolve(source)
    .then((response) => response.body?.cancel())
    .catch(() => {});
  const instance = await WebAssembly.instantiate(module, imports);
  mark("instantiated");
  return { module, instance };
};

// On a restore, python.zip is asked for as soon as the snapshot is found: Pyodide would
// ask only once its scripts and build.json are in, and its restore then waited for the zip.
const ZIP_URL = new URL("pyodide/python.zip", ROOT).href;
/** @type {Promise<Response> | null} */
let zipEarly = null; // handed to Pyodide's own fetch of python.zip

function fetchZipEarly() {
  zipEarly = checkedFetch(ZIP_URL);
  zipEarly.catch(() => {}); // reported by Pyodide's fetch of it
}

// --- boot -----------------------------------------------------------------------------

let handleJson = null;
const BEAT_S = 0.25;
const FALLBACK_ZIP = "/lib/python_stdlib_full.zip";

// Run once in every fresh interpreter (before a snapshot is made of it): what the page
// needs imported. python.zip holds only the modules the engine was seen to import
// (scripts/python_zip.py); should a module be missing all the same, stdlib_fallback
// (scripts/stdlib_fallback.py, installed below at every boot) fetches Pyodide's full
// standard library.
const SETUP = "import stdlib_fallback, nibble.api, nibble.ai.api, nibble.ai.clock, random";

// A file fetched synchronously (an import cannot wait): a worker may.
function fetchSync(url) {
  try {
    const xhr = new XMLHttpRequest();
    xhr.open("GET", url, false);
    xhr.responseType = "arraybuffer";
    xhr.send(null);
    return xhr.status === 200 ? new Uint8Array(xhr.response) : null;
  } catch {
    return null;
  }
}

// --- a restore that leaves the zeros out -------------------------------------------------
//
// A restore writes the snapshot over the interpreter's new WebAssembly memory in one copy
// (Pyodide's restoreSnapshot: HEAP8.set), which makes every page of that memory resident,
// the half that holds only zeros too: about 16 of its 31 MB, memory the interpreter had
// not used when the snapshot was made (issue 47: 30 MB resident after a restore against
// 11 MB after a boot). A page that is zero in the snapshot and still zero in the new
// memory needs no copy; reading it does not make it resident (the kernel's zero page).
// Every other page is copied: what the runtime wrote before the restore (its data
// segments) is overwritten as before. The result is the same bytes.

const PAGE_WORDS = 1024; // 4 KiB, the size of a page of memory

/** Whether words[from, to) are all zero.
 * @param {Uint32Array} words @param {number} from @param {number} to */
function zeros(words, from, to) {
  for (let i = from; i < to; i++) if (words[i] !== 0) return false;
  return true;
}

/**
 * What `target.set(source, offset)` does, leaving alone the pages that are zero in both.
 * @param {Int8Array | Uint8Array} target @param {Uint8Array} source @param {number} [offset]
 */
function copyNonZero(target, source, offset = 0) {
  const start = target.byteOffset + offset;
  if (!(source instanceof Uint8Array) || source.byteOffset % 4 || start % 4
      || offset + source.length > target.length) {
    Int8Array.prototype.set.call(target, source, offset); // (throws as set does)
    return;
  }
  const count = source.length >> 2;
  const from = new Uint32Array(source.buffer, source.byteOffset, count);
  const to = new Uint32Array(target.buffer, start, count);
  for (let i = 0; i < count; i += PAGE_WORDS) {
    const end = Math.min(i + PAGE_WORDS, count);
    if (!zeros(from, i, end) || !zeros(to, i, end)) to.set(from.subarray(i, end), i);
  }
  for (let i = count * 4; i < source.length; i++) target[offset + i] = source[i];
}

// --- the snapshot as stored: its pages that are not zero -----------------------------
//
// Pyodide's snapshot is a header (its magic number, the JSON of its JavaScript state, the
// runtime's build id), then an image of the whole WebAssembly memory: 31 MB, about 60 % of
// it pages of zeros. The file keeps the header and only the other pages, after a map of
// which they are: 12 MB to read, check and copy at every boot instead of 31 (about 0.05
// CPU-s less a boot in the tests' Chromium, docs/boot.md; 19 MB less on the device). Its
// layout, little-endian 32-bit words:
//
//   PACKED_MAGIC, PACKED_VERSION, h = the header's bytes (a multiple of 16), m = the
//   image's bytes (a multiple of a page); Pyodide's h header bytes; the map, one bit a
//   page of the image (ceil(m / 4096 / 32) words, bit p & 31 of word p >> 5); then each
//   page whose bit is set, in order.
//
// An unpacked snapshot is a Uint8Array of Pyodide's own length (its allocation costs
// nothing until written) holding only the header: loadPyodide sizes the memory by it and
// reads the header from it; the image is written from the packed pages (restorePacked).

const PACKED_MAGIC = 0x4b50424e; // "NBPK"
const PACKED_VERSION = 1;
const PAGE_BYTES = PAGE_WORDS * 4;
const PACKED_HEAD = 16; // the four words before Pyodide's header

/** @typedef {{imageBytes: number, map: Uint32Array, pages: Uint32Array}} Packed */
/** Whether page `p` is kept in a packed file (its bit in the map).
 * @param {Uint32Array} map @param {number} p */
const isKept = (map, p) => (map[p >> 5] >>> (p & 31)) & 1;
/** @type {WeakMap<ArrayBufferLike, Packed>} the image of each unpacked snapshot, by its buffer */
const packedImages = new WeakMap();

/** Pyodide's snapshot, packed for storage (the layout above).
 * @param {Uint8Array} snapshot @returns {Uint8Array<ArrayBuffer>} */
function packSnapshot(snapshot) {
  const head = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 2);
  const headerBytes = head[1];
  const imageBytes = snapshot.length - headerBytes;
  if (snapshot.byteOffset % 4 || headerBytes % 16 || imageBytes <= 0 || imageBytes % PAGE_BYTES) {
    throw new Error("not a snapshot this worker can pack");
  }
  const count = imageBytes / PAGE_BYTES;
  const image = new Uint32Array(snapshot.buffer, snapshot.byteOffset + headerBytes, imageBytes / 4);
  const map = new Uint32Array(Math.ceil(count / 32));
  let kept = 0;
  for (let p = 0; p < count; p++) {
    if (!zeros(image, p * PAGE_WORDS, (p + 1) * PAGE_WORDS)) {
      map[p >> 5] |= 1 << (p & 31);
      kept++;
    }
  }
  const pagesAt = PACKED_HEAD + headerBytes + map.byteLength;
  const out = new Uint8Array(pagesAt + kept * PAGE_BYTES);
  new Uint32Array(out.buffer, 0, 4).set([PACKED_MAGIC, PACKED_VERSION, headerBytes, imageBytes]);
  out.set(snapshot.subarray(0, headerBytes), PACKED_HEAD);
  out.set(new Uint8Array(map.buffer), PACKED_HEAD + headerBytes);
  const pages = new Uint32Array(out.buffer, pagesAt, kept * PAGE_WORDS);
  for (let p = 0, k = 0; p < count; p++) {
    if (isKept(map, p)) pages.set(image.subarray(p * PAGE_WORDS, (p + 1) * PAGE_WORDS), k++ * PAGE_WORDS);
  }
  return out;
}

/** The snapshot loadPyodide is given for a packed file: see above. Throws on a file whose
 * layout does not add up (its checksum matched: written by another version of this code).
 * @param {Uint8Array<ArrayBuffer>} file @returns {Uint8Array<ArrayBuffer>} */
function unpackSnapshot(file) {
  const damaged = () => new Error("the stored snapshot is not one this worker can read");
  if (file.byteOffset % 4 || file.length < PACKED_HEAD) throw damaged();
  const [magic, version, headerBytes, imageBytes] = new Uint32Array(file.buffer, file.byteOffset, 4);
  if (magic !== PACKED_MAGIC || version !== PACKED_VERSION || headerBytes % 16 || !imageBytes || imageBytes % PAGE_BYTES) throw damaged();
  const count = imageBytes / PAGE_BYTES;
  const mapAt = PACKED_HEAD + headerBytes;
  const pagesAt = mapAt + Math.ceil(count / 32) * 4;
  if (pagesAt > file.length) throw damaged();
  const map = new Uint32Array(file.buffer, file.byteOffset + mapAt, Math.ceil(count / 32));
  if (count % 32 && map[map.length - 1] >>> (count % 32)) throw damaged(); // a page past the image
  let kept = 0;
  for (let p = 0; p < count; p++) kept += isKept(map, p);
  if (file.length !== pagesAt + kept * PAGE_BYTES) throw damaged();
  const snapshot = new Uint8Array(headerBytes + imageBytes);
  snapshot.set(file.subarray(PACKED_HEAD, PACKED_HEAD + headerBytes));
  const pages = new Uint32Array(file.buffer, file.byteOffset + pagesAt, kept * PAGE_WORDS);
  packedImages.set(snapshot.buffer, { imageBytes, map, pages });
  return snapshot;
}

/**
 * Writes a packed image where Pyodide copies the snapshot's (HEAP8.set(image, offset)):
 * its pages, and zeros where the target is not zero already (a page that is zero in both
 * is left alone, as copyNonZero does). The same bytes as the plain copy.
 * @param {Int8Array | Uint8Array} target @param {Packed} packed @param {number} [offset]
 */
function restorePacked(target, { imageBytes, map, pages }, offset = 0) {
  const start = target.byteOffset + offset;
  if (start % 4 || offset + imageBytes > target.length) throw new RangeError("the snapshot does not fit the memory");
  const to = new Uint32Array(target.buffer, start, imageBytes / 4);
  for (let p = 0, k = 0; p < imageBytes / PAGE_BYTES; p++) {
    const at = p * PAGE_WORDS;
    if (isKept(map, p)) to.set(pages.subarray(k * PAGE_WORDS, ++k * PAGE_WORDS), at);
    else if (!zeros(to, at, at + PAGE_WORDS)) to.fill(0, at, at + PAGE_WORDS);
  }
}

/** Pyodide's module factory, with the restore's one copy made by restorePacked (a packed
 * snapshot's) or copyNonZero.
 * @param {(settings: any) => Promise<any>} create @returns {(settings: any) => Promise<any>} */
function sparseRestore(create) {
  return async (settings) => {
    const module = await create(settings);
    const api = module.API;
    const restore = api?.restoreSnapshot;
    if (typeof restore !== "function" || !module.HEAP8) return module; // (another Pyodide)
    api.restoreSnapshot = (/** @type {Uint8Array} */ bytes) => {
      const heap = module.HEAP8;
      // an own `set` on this one array, for the one call restoreSnapshot makes
      const packed = packedImages.get(bytes.buffer);
      heap.set = (/** @type {Uint8Array} */ source, /** @type {number} */ offset) =>
        packed && source.buffer === bytes.buffer ? restorePacked(heap, packed, offset) : copyNonZero(heap, source, offset);
      try {
        return restore.call(api, bytes);
      } finally {
        delete heap.set;
      }
    };
    return module;
  };
}

function pyodideOptions(build, createPyodideModule) {
  return {
    indexURL: PYODIDE_DIR,
    packageBaseUrl: PYODIDE_DIR,
    stdLibURL: new URL(build.python.zip, ROOT).href,
    createPyodideModule: sparseRestore(createPyodideModule),
    // No package is ever loaded: an empty lock file, and no request for the real one.
    lockFileContents: { info: build.python.lock_info, packages: {} },
    stdout: () => {},
    stderr: (line) => console.warn("[pyodide]", line),
  };
}

// --- the memory snapshot: a booted interpreter, kept for the next boot ------------------
//
// A boot without a snapshot makes one once the engine is imported (before it answers
// anything) and keeps it for this build, with its sha-256. The next boot of the same build
// restores it instead of starting Python: the interpreter comes back with every module
// imported. Nothing is trusted blindly: another build's snapshot, a wrong checksum, a
// failed restore or a restored engine that does not answer means a normal boot (the bad
// snapshot is deleted), said to no one but the console.
//
// It is kept in the origin private file system: a folder per site path holding one file,
// "<build id>-<sha-256>.bin", written as ".part" and renamed once whole (a worker never
// reads half a snapshot). Workers read it with a read-only synchronous handle (several at
// once), or as a File where that is refused. Cache Storage, where it was kept before, gave
// the same 31.5 MB 100-300 ms later in a boot, its reads queued behind the runtime's own
// (docs/boot.md); an old build's entry there is deleted when a snapshot is stored.

const SNAPSHOT_FOLDER = "nibble-snapshot";
const SNAPSHOT_NAME = /^([0-9a-f]+)-([0-9a-f]{64})\.bin$/;
const OLD_SNAPSHOT_CACHE = `nibble-snapshot:${ROOT.pathname}`;
const CAN_STORE =
  !!self.navigator?.storage?.getDirectory &&
  typeof FileSystemFileHandle === "function" &&
  "createSyncAccessHandle" in FileSystemFileHandle.prototype &&
  "move" in FileSystemFileHandle.prototype;

async function snapshotFolder(create) {
  const root = await navigator.storage.getDirectory();
  const top = await root.getDirectoryHandle(SNAPSHOT_FOLDER, { create });
  return top.getDirectoryHandle(encodeURIComponent(ROOT.pathname), { create });
}

// A read that fails says nothing of the snapshot (another worker may hold the file a
// moment): it is not deleted for that, unlike a snapshot that is damaged.
class UnreadSnapshot extends Error {}

/** @param {SnapshotFileHandle} handle @returns {Promise<Uint8Array<ArrayBuffer>>} */
async function readSnapshot(handle) {
  try {
    const access = await handle.createSyncAccessHandle({ mode: "read-only" });
    try {
      const bytes = new Uint8Array(access.getSize());
      if (access.read(bytes, { at: 0 }) === bytes.length) return bytes;
    } finally {
      access.close();
    }
  } catch {
    /* no synchronous handle here, or not now: read it as a File */
  }
  try {
    return new Uint8Array(await (await handle.getFile()).arrayBuffer());
  } catch (error) {
    throw new UnreadSnapshot(`cannot read the stored snapshot: ${error?.message || error}`);
  }
}

// The stored snapshot, looked for at once: before build.json is read (the folder holds
// one build's snapshot; storeSnapshot deletes the others), so that reading and checking
// its 30 MB go on while the runtime compiles. Resolves to null, or {name, build, bytes}:
// `build` is the build that stored it (compared once build.json is read), `bytes`
// resolves once they are read and their sha-256 matches, and rejects otherwise.
async function findSnapshot() {
  if (!navigator.storage?.getDirectory || RETRY || CONFIG.snapshot === false) return null;
  try {
    const folder = await snapshotFolder(false);
    const names = [];
    for await (const name of folder.keys()) if (SNAPSHOT_NAME.test(name)) names.push(name);
    if (names.length !== 1) return null; // none (or two: the old one is being deleted)
    const [name] = names;
    const [, build, sha] = SNAPSHOT_NAME.exec(name);
    const handle = /** @type {SnapshotFileHandle} */ (await folder.getFileHandle(name));
    // wrapped: an async function returning a bare promise would wait for it
    const bytes = (async () => {
      const body = await readSnapshot(handle);
      const got = hex(await crypto.subtle.digest("SHA-256", body));
      if (got !== sha) throw new Error("the stored snapshot is damaged");
      mark("snapshot read");
      return unpackSnapshot(body);
    })();
    bytes.catch(() => {}); // seen through loadPyodide, below
    return { name, build, bytes };
  } catch (error) {
    if (error?.name !== "NotFoundError") console.warn("engine: cannot look for a stored snapshot:", error);
    return null;
  }
}

/** @param {{build: string}} build @param {Uint8Array<ArrayBuffer>} snapshot */
async function storeSnapshot(build, snapshot) {
  /** @type {SnapshotFileHandle | null} */
  let part = null;
  try {
    const bytes = packSnapshot(snapshot);
    const sha = hex(await crypto.subtle.digest("SHA-256", bytes));
    const folder = await snapshotFolder(true);
    const name = `${build.build}-${sha}.bin`;
    const others = [];
    for await (const entry of folder.keys()) if (entry !== name) others.push(entry);
    for (const entry of others) await folder.removeEntry(entry).catch(() => {}); // other builds'
    part = /** @type {SnapshotFileHandle} */ (await folder.getFileHandle(`${build.build}-${sha}.part`, { create: true }));
    const access = await part.createSyncAccessHandle();
    try {
      access.truncate(0);
      if (access.write(bytes, { at: 0 }) !== bytes.length) throw new Error("the disk is full");
      access.flush();
    } finally {
      access.close();
    }
    await part.move(name);
    part = null;
    post({ type: "snapshot", state: "stored", bytes: bytes.length });
  } catch (error) {
    console.warn("engine: cannot store the snapshot:", error);
    post({ type: "snapshot", state: "failed" });
    if (part) await part.remove?.().catch(() => {});
  }
  self.caches?.delete(OLD_SNAPSHOT_CACHE).catch(() => {}); // where earlier builds kept it
}

async function forgetSnapshot(name) {
  try {
    await (await snapshotFolder(false)).removeEntry(name);
  } catch {
    /* nothing stored, or no file system */
  }
}

// The engine must answer after a restore, and be unpredictable again: the snapshot holds
// the random generator's state of the boot that made it.
function wakeUp(pyodide) {
  pyodide.runPython("import random; random.seed()");
  const games = JSON.parse(pyodide.pyimport("nibble.api").handle_json('{"op": "games"}'));
  if (!Array.isArray(games?.games) || !games.games.length) throw new Error("the restored engine does not answer");
}

// Where a boot's time goes (ms since the worker started), sent with "ready": benchmarks
// read it (app.rules.bootMarks).
/** @type {{[step: string]: number}} */
const marks = {};
const mark = (name) => {
  marks[name] = Math.round(performance.now());
};

async function boot() {
  mark("start");
  progress("runtime", 0, 0);
  compileEarly(); // checked against build.json once that is read
  const found = findSnapshot(); // read and checked while everything else goes on
  found.then((snapshot) => snapshot && fetchZipEarly());
  // Pyodide's two scripts, parsed while everything else arrives (Pyodide would import its
  // Emscripten module only once configured: it is handed over, as createPyodideModule)
  const scripts = ["pyodide.mjs", "pyodide.asm.mjs"].map((name) => import(new URL(name, PYODIDE_DIR).href));
  for (const script of scripts) script.catch(() => {}); // reported below
  let build;
  try {
    const response = await realFetch(new URL("build.json", ROOT), { cache: "no-cache" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    build = await response.json();
  } catch (error) {
    throw new BootError("download", `build.json: ${error?.message || error}`);
  }
  expected = build.files || {};
  knowExpected();
  mark("build.json");

  const [pyodideMjs, asmMjs] = await Promise.all(
    scripts.map((script, i) =>
      script.catch((error) => {
        throw new BootError("download", `${["pyodide.mjs", "pyodide.asm.mjs"][i]}: ${error?.message || error}`);
      }),
    ),
  );
  const { loadPyodide } = pyodideMjs;
  const createPyodideModule = asmMjs.default;
  mark("pyodide.mjs");
  let snapshot = await found;
  if (snapshot && snapshot.build !== build.build) {
    // another build's (the runtime or the engine changed): it cannot be restored here
    forgetSnapshot(snapshot.name);
    snapshot = null;
  }
  let pyodide = null;
  let restored = false;
  if (snapshot) {
    try {
      pyodide = await loadPyodide({ ...pyodideOptions(build, createPyodideModule), _loadSnapshot: snapshot.bytes });
      mark("restored");
      wakeUp(pyodide);
      restored = true;
    } catch (error) {
      console.warn("engine: the snapshot did not restore; booting without it:", error);
      pyodide = null;
      if (!(error instanceof UnreadSnapshot)) await forgetSnapshot(snapshot.name);
    }
  }
  let made = null;
  if (!pyodide) {
    // Only the rules worker makes one (the first to boot; the deep worker restores it
    // once it is there), so two workers never write it at once.
    const make = CAN_STORE && CONFIG.snapshot !== false && CONFIG.role === "rules";
    pyodide = await loadPyodide({ ...pyodideOptions(build, createPyodideModule), _makeSnapshot: make });
    mark("loaded");
    progress("started", 1, 1);
    pyodide.runPython(SETUP);
    mark("imported");
    if (make) {
      try {
        made = pyodide.makeMemorySnapshot();
      } catch (error) {
        console.warn("engine: cannot make a snapshot:", error);
      }
    }
  }
  const fallback = build.python.fallback;
  // its bytes, or undefined (None in Python)
  const fetchFallback = () => fetchSync(new URL(fallback, ROOT).href) ?? undefined;
  pyodide.pyimport("stdlib_fallback").install(build.python.fallback_names, build.files[fallback], FALLBACK_ZIP, fetchFallback);
  // JSON text in and out; the engine refuses absurdly nested input before parsing it
  handleJson = pyodide.pyimport("nibble.api").handle_json;
  // While a player searches (the computer's, the analysis's) it reads the clock; the page
  // hears a beat through it and so tells a long search from a dead worker
  // (engine-client.js). (Set after the snapshot is made: it holds no JavaScript.)
  pyodide.pyimport("nibble.ai.clock").heartbeat(() => post({ type: "beat" }), BEAT_S);
  await shareWasm(); // before "ready", so the page has it for its next worker (checked long since)
  if (failed) return; // a download was damaged after all: do not claim to be ready
  mark("ready");
  post({ type: "progress", step: "ready", done: 1, total: 1, how: restored ? "snapshot" : "boot", marks });
  if (made) storeSnapshot(build, made); // after ready: the page does not wait for it
}

const ready = boot().catch(async (error) => {
  // a damaged file makes the runtime fail too, often before its check ends: the check's
  // verdict ("damaged": the page boots again past the caches) comes first if it can
  await Promise.race([Promise.allSettled([...checks]), new Promise((resolve) => setTimeout(resolve, 3_000))]);
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
  if (data.type === "wasm") return; // the runtime handed over (handedOver)
  const { id, request } = data;
  post({ type: "ack", id }); // alive and started on it (the page's watchdog waits for this)
  let text;
  try {
    text = JSON.stringify(request);
  } catch {
    // not the runtime failing: a request that is not JSON data (engine-client.js refuses
    // most before they are posted); refused as the bridge refuses text it cannot read
    post({ id, response: { error: { code: "bad-request", message: "The request is not valid JSON.", reason: "request.json", params: {} } } });
    return;
  }
  let response;
  try {
    await ready;
    response = JSON.parse(handleJson(text));
  } catch (error) {
    // The bridge never raises, so this is the runtime itself failing (out of memory,
    // a fatal Pyodide error): say so, and let the page start a fresh worker.
    fail("crashed", error?.message || String(error));
    response = { error: { code: "internal", message: error?.message || String(error) } };
  }
  post({ id, response });
};
