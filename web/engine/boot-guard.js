// @ts-check
// Watches the page's own module files until app.js runs. Everything else that can fail
// during a boot is watched by app.js itself (engine-client.js, loading.js); but if one of
// the modules app.js imports does not arrive, or arrives damaged, app.js never runs and
// nothing would say so. This classic script, outside the module graph, shows the loading
// screen's failed state then: a network error on a module, a module that does not parse,
// or 20 s with no file arriving (html[data-engine="failed"], a plain reason, Try again).
// Try again downloads the page's files afresh, bypassing the HTTP cache (the service
// worker never serves a damaged entry: it checks every file as it serves it), then reloads.
//
// app.js says it is running with the "nibble-started" event on document.
(function () {
  var STALL_MS = 20000; // the same limit as a stalled engine boot (engine-client.js)
  var html = document.documentElement;
  var base = new URL("../", /** @type {HTMLScriptElement} */ (document.currentScript).src).href; // the site's root
  var started = false;
  var failed = false;
  var lastProgress = Date.now();

  // The page's language, chosen as app.js chooses it (?lang=, the stored choice, the browser's).
  function languageTable() {
    var code = "en";
    try {
      code = new URLSearchParams(location.search).get("lang") || localStorage.getItem("nibble-web/lang") || navigator.language || "en";
    } catch (e) {
      code = navigator.language || "en";
    }
    code = String(code).toLowerCase().split("-")[0];
    if (code !== "ko" && code !== "uk") code = "en";
    var load = function (lang) {
      return import(new URL("i18n/" + lang + ".js", base).href).then(function (m) {
        return m.default;
      });
    };
    return load(code).catch(function () {
      return code === "en" ? null : load("en").catch(function () { return null; });
    });
  }

  // Only when no translation table could be loaded either (they are files of the page too).
  var FALLBACK = {
    "loading.failed.title": "The game could not start",
    "loading.failed.page": "Part of the page did not arrive. Check your connection and try again.",
    "loading.failed.page-stalled": "The page stopped loading. Check your connection and try again.",
    "action.try-again": "Try again",
  };

  function show(kind, detail) {
    if (started || failed) return;
    failed = true;
    languageTable().then(function (table) {
      var say = function (key) {
        return (table && table[key]) || FALLBACK[key];
      };
      var paint = function () {
        if (started) return;
        var box = document.getElementById("loading");
        if (!box) return;
        html.dataset.engine = "failed";
        box.hidden = false;
        box.classList.remove("quick");
        box.classList.add("failed");
        document.getElementById("loading-title").textContent = say("loading.failed.title");
        document.getElementById("loading-step").textContent = say(kind === "stalled" ? "loading.failed.page-stalled" : "loading.failed.page");
        var details = document.getElementById("loading-detail");
        details.hidden = !detail;
        details.querySelector("code").textContent = detail || "";
        var retry = /** @type {HTMLButtonElement} */ (document.getElementById("loading-retry"));
        retry.textContent = say("action.try-again");
        retry.hidden = false;
        retry.disabled = false;
        retry.onclick = function () {
          retry.disabled = true;
          afresh().then(function () {
            location.reload();
          });
        };
        retry.focus();
      };
      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", paint);
      else paint();
    });
  }

  // Download the page's own files again past the HTTP cache, so that the reload gets them
  // whole (a cut-short copy may have been cached). Never fails: the reload comes anyway.
  function afresh() {
    var fetchAgain = function (path) {
      return fetch(new URL(path, base).href, { cache: "reload" })
        .then(function (r) {
          return r.arrayBuffer();
        })
        .catch(function () { return null; });
    };
    return fetch(new URL("build.json", base).href, { cache: "reload" })
      .then(function (r) {
        return r.json();
      })
      .then(function (build) {
        var own = Object.keys(build.files || {}).filter(function (path) {
          return /\.(js|css|html)$/.test(path) && path.indexOf("pyodide/") !== 0;
        });
        return Promise.all(own.map(fetchAgain));
      })
      .catch(function () { return null; });
  }

  // A script or stylesheet of the page that could not be downloaded (these events do not
  // bubble; the capture phase sees them). offline.js is optional: the game runs without it.
  window.addEventListener(
    "error",
    function (event) {
      // any element that failed to load (read as a script once its tagName says it is one)
      var target = /** @type {HTMLScriptElement} */ (event.target);
      if (target && target.tagName === "SCRIPT" && target.type === "module" && !/offline\.js$/.test(target.src)) {
        show("download", target.src.split("/").pop() + ": could not be loaded");
      } else if (event instanceof ErrorEvent && !started) {
        // a module that arrived cut short or damaged does not parse
        show("damaged", (event.filename || "").split("/").pop() + ": " + event.message);
      }
    },
    true,
  );

  // Files arriving count as progress; 20 s without one and without app.js is a stall.
  try {
    new PerformanceObserver(function () {
      lastProgress = Date.now();
    }).observe({ type: "resource", buffered: true });
  } catch (e) {
    /* no resource timing: only the errors above are watched */
  }
  var timer = setInterval(function () {
    if (started || failed) clearInterval(timer);
    else if (Date.now() - lastProgress > STALL_MS) show("stalled", "no file arrived for " + STALL_MS / 1000 + " s");
  }, 1000);

  document.addEventListener("nibble-started", function () {
    started = true;
    clearInterval(timer);
  });
})();
