// @ts-check
// Starts the rules worker before the page's module graph: a classic script in <head>, so
// Python boots while app.js (the page's modules, bundled) is still arriving. engine-client.js
// adopts this worker on its first start (messages it posted meanwhile are kept in order
// and replayed); if it failed, or came too late, the client starts its own as before.
//
// The worker runs from a blob: URL for the same reason as every engine worker (it then
// inherits the page's Content-Security-Policy: engine-worker.js).
(function () {
  var root = new URL("../", /** @type {HTMLScriptElement} */ (document.currentScript).src).href; // the site's root
  // A first visit (no game played on this device yet, no link): the game the build drew
  // for it is fetched now too, for paint.js; a game link (#g=) on a device with nothing
  // stored for paint.js: for the labels it holds, to draw the link's picture with.
  try {
    var scope = new URL(root).pathname;
    var link = !!location.hash;
    new URLSearchParams(location.search).forEach(function (value, key) {
      if (key !== "lang") link = true; // a ?game= link: its own game, not the build's
    });
    var first = !link && !localStorage.getItem("nibble:" + scope + ":last"); // library.js's key
    var pictured = /(^#|&)g=/.test(location.hash) && !localStorage.getItem("nibble:" + scope + ":paint");
    if (first || pictured) {
      window.nibbleFirstPaint = fetch(new URL("first-paint.json", root).href);
    }
  } catch (e) {
    /* no storage: paint.js fetches it itself if it needs it */
  }
  var early = { worker: null, url: null, messages: [], failed: false, claimed: false };
  window.nibbleEarlyWorker = early;
  // The built page carries the worker's text in engine/head.js (scripts/bundle_page.py):
  // no request stands before the worker; web/ unbuilt asks for the file.
  var inlined = window.nibbleWorkerSource;
  window.nibbleWorkerSource = null;
  var source =
    typeof inlined === "string"
      ? Promise.resolve(inlined)
      : fetch(new URL("engine/engine-worker.js", root).href).then(function (response) {
          if (!response.ok) throw new Error("HTTP " + response.status);
          return response.text();
        });
  source
    .then(function (text) {
      if (early.claimed) return; // the page's own client started one meanwhile
      early.url = URL.createObjectURL(new Blob([text], { type: "text/javascript" }));
      var name = JSON.stringify({ root: root, attempt: 1, role: "rules", reload: false });
      early.worker = new Worker(early.url, { type: "module", name: name });
      early.worker.onmessage = function (event) {
        early.messages.push(event.data);
      };
      early.worker.onerror = function (event) {
        event.preventDefault();
        early.failed = true;
      };
    })
    .catch(function () {
      early.failed = true; // engine-client.js starts (and reports on) its own
    });
})();
