/* The entry form checked on the phone before it is stored or queued: the rules engine
   (engine.mjs, a shared module worker, one for the visit: the server's own Python run by
   MicroPython) builds the record from the fields, runs the
   validator and words its errors as the server does, and they are shown at the fields,
   as the server's answer shows them. Where the engine has not loaded (an old phone, no
   WebAssembly, still starting) the form goes as it is and the server checks it.

   The form carries data-offline-check; the board's format is the JSON in #entry-table. */
(function () {
  "use strict";
  var me = document.getElementById("entry-check-script");
  var table = document.getElementById("entry-table");
  if (!me || !table || !self.Worker) { return; }
  var board = JSON.parse(table.textContent);
  var worker = null, ready = false, failed = false, waiting = {}, next = 1, onReady = [];
  var WAIT_MS = 15000;  // a form's check on a slow phone takes seconds (docs/offline.md)

  /* Resolves true once the engine is ready, false if it failed or `ms` passed first. */
  function whenReady(ms) {
    if (ready || failed || !ms) { return Promise.resolve(ready); }
    return new Promise(function (resolve) {
      onReady.push(resolve);
      setTimeout(function () { resolve(ready); }, ms);
    });
  }
  /* The engine's worker: a SharedWorker where the browser has one (one engine for the
     visit: the next page connects to the engine already started; `extendedLifetime`
     keeps it while the tab moves from page to page), else a dedicated module worker
     (started again with each page). Named by the engine's files, so a page of a new
     deploy never talks to the engine of an old one. */
  function connect() {
    var url = me.dataset.worker, name = "ft-engine " + me.dataset.engine;
    if (self.SharedWorker) {
      try {
        var shared = new SharedWorker(url, {type: "module", name: name, extendedLifetime: true});
        shared.port.start();
        return {port: shared.port, events: shared, host: "shared"};
      } catch (e) { /* below: a dedicated worker */ }
    }
    var own = new Worker(url, {type: "module", name: name});
    return {port: own, events: own, host: "dedicated"};
  }
  function startWorker() {
    var link;
    try {
      link = connect();
    } catch (e) {
      failed = true;
      document.documentElement.dataset.engine = "failed";
      return;
    }
    worker = link.port;
    document.documentElement.dataset.engineHost = link.host;
    worker.onmessage = onMessage;
    link.events.onerror = function () {
      failed = true;
      onReady.splice(0).forEach(function (f) { f(false); });
      document.documentElement.dataset.engine = "failed";
    };
    worker.postMessage({init: {micropython: me.dataset.micropython, wasm: me.dataset.wasm,
                               engine: me.dataset.engine}});
  }

  function onMessage(event) {
    var d = event.data || {};
    if (d.ready) {
      ready = true;
      onReady.splice(0).forEach(function (f) { f(true); });
      document.documentElement.dataset.engine = "ready";
      document.documentElement.dataset.engineMs = String(d.ms);
      document.documentElement.dataset.engineAt = String(Math.round(performance.now()));
      if (d.engine) {  // which start of the engine this page talks to (the bench, the tests)
        document.documentElement.dataset.engineId = d.engine.id;
        document.documentElement.dataset.engineWarm = String(d.engine.warm);
        document.documentElement.dataset.enginePages = String(d.engine.pages);
      }
    } else if (d.failed) {
      failed = true;
      onReady.splice(0).forEach(function (f) { f(false); });
      document.documentElement.dataset.engine = "failed";
    } else if (waiting[d.id]) {
      waiting[d.id](d);
      delete waiting[d.id];
    }
  }

  document.documentElement.dataset.engine = "loading";
  /* A module worker started before the service worker first claims the page keeps
     Chromium from claiming it (a shared one too: tests/browser/test_offline.py): on the
     first visit (a worker registered, not yet in control), the engine starts once it is
     (or after 5 s); afterwards, at once. */
  var sw = navigator.serviceWorker;
  if (document.getElementById("offline-page") && sw && !sw.controller) {
    var started = false;
    var go = function () { if (!started) { started = true; startWorker(); } };
    sw.addEventListener("controllerchange", go);
    setTimeout(go, 5000);  // (offline.js asks a worker that missed this page to take it)
  } else {
    startWorker();
  }

  function ask(message) {
    if (!worker) { return Promise.resolve({error: "not started"}); }
    return new Promise(function (resolve) {
      var id = next++;
      message.id = id;
      waiting[id] = resolve;
      worker.postMessage(message);
      setTimeout(function () {
        if (waiting[id]) { delete waiting[id]; resolve({error: "timeout"}); }
      }, WAIT_MS);
    });
  }

  function fieldsOf(form) {
    var out = {};
    new FormData(form).forEach(function (value, name) { out[name] = String(value); });
    return out;
  }

  /* Where the server's template shows the messages under a form key. */
  function place(form, key) {
    var m = /^s(\d+)(?:_h(\d+))?(_play|_starter)?$/.exec(key);
    if (key === "seating") { return form.querySelector("#seating"); }
    if (m) {
      var set = form.querySelector("#set-" + m[1]);
      if (!set) { return null; }
      if (m[2]) { return set.querySelector('.hand-row[data-hand="' + m[2] + '"]'); }
      if (m[3] === "_starter") { return set.querySelector("fieldset.drawn-starter") || set; }
      return set;
    }
    if (key === "outcome") { return form.querySelector("fieldset.outcome"); }
    return null;
  }

  /* The marks of an earlier check (the server's or the phone's) no longer hold. */
  function clear(form) {
    form.querySelectorAll("ul.errorlist, p.from-phone").forEach(function (n) { n.remove(); });
    document.querySelectorAll("main p.error.card[role=alert]").forEach(function (n) { n.remove(); });
    form.querySelectorAll(".field-error").forEach(function (n) { n.classList.remove("field-error"); });
    form.querySelectorAll(".invalid").forEach(function (n) {
      n.classList.remove("invalid");
      n.removeAttribute("aria-describedby");
    });
  }

  /* The inputs a key's messages are about, marked as the server's template marks them. */
  function mark(form, key) {
    form.querySelectorAll("input, textarea, select").forEach(function (input) {
      var n = input.name || "";
      if (n === key || n === key + "_a" || n === key + "_b") {
        input.classList.add("invalid");
        input.setAttribute("aria-describedby", key + "-errors");
      }
    });
  }

  function list(messages, key) {
    var ul = document.createElement("ul");
    ul.className = "errorlist from-phone";
    if (key) { ul.id = key + "-errors"; }
    messages.forEach(function (m) {
      var li = document.createElement("li");
      li.textContent = m;
      ul.appendChild(li);
    });
    return ul;
  }

  function showProblems(form, verdict) {
    clear(form);
    var general = [];
    Object.keys(verdict.problems).forEach(function (key) {
      var where = place(form, key);
      if (!where) { general = general.concat(verdict.problems[key]); return; }
      where.classList.add("field-error");
      mark(form, key);
      var legend = where.querySelector(":scope > legend");
      var ul = list(verdict.problems[key], key);
      if (where.classList.contains("hand-row") || !legend) { where.appendChild(ul); } else { legend.after(ul); }
      var details = where.closest("details");
      if (details) { details.open = true; }
      var play = where.querySelector("details.play");
      if (play && /_play$/.test(key)) { play.open = true; }
    });
    // The server's own summary line, as its answer would show it.
    var n = verdict.count;
    var summary = verdict.kind === "rules"
      ? "The rules engine refused this result: " + n + " problem" + (n === 1 ? "" : "s") + ". Nothing was stored: correct the marked fields."
      : "Something typed is missing or cannot be read: see the marked fields. Nothing was stored.";
    var p = document.createElement("p");
    p.className = "error card from-phone phone-verdict";
    p.setAttribute("role", "alert");
    p.textContent = summary + " (Checked on this phone by the rules engine.)";
    form.insertBefore(p, form.firstChild);
    if (general.length) { p.after(list(general, "general")); }
    p.scrollIntoView({block: "start"});
  }

  self.EntryCheck = {
    ready: function () { return ready; },
    ask: ask,
    /* true: send (valid, or not checkable here); false: problems shown at the fields.
       waitMs: how long to wait for an engine still starting (offline, where nobody else
       would check it before it is queued); 0 sends at once (the server checks it). */
    check: function (form, waitMs) {
      return whenReady(waitMs).then(function (up) {
        if (!up) { return {}; }
        return ask({op: "check", fields: fieldsOf(form), table: board});
      }).then(function (d) {
        var v = d.result;
        if (!v || !v.checked || v.valid) { clear(form); return true; }
        showProblems(form, v);
        return false;
      });
    },
  };
})();
