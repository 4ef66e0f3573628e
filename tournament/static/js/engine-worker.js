/* The rules engine on the phone: Pyodide (CPython 3.11 in WebAssembly) running the
   server's own scoring package, entry-form record package and board fit (the zip of
   tournament/offline/bundle.py), in a Web Worker so the page never waits for it.

   Messages in: {init: {pyodide: folder URL, engine: zip URL}} once, then
   {id, op: "check", fields: {...}, table: {...}} (a form, as tournament/entry/record/check.py) or
   {id, op: "validate", record: {...}} (a record, as scoring.validate).
   Messages out: {ready: true, ms} or {failed: reason}; {id, result} or {id, error}. */
"use strict";
var ready = null;

function start(init) {
  var t0 = Date.now();
  importScripts(init.pyodide + "pyodide.js");
  return loadPyodide({indexURL: init.pyodide}).then(function (py) {
    return fetch(init.engine).then(function (r) {
      if (!r.ok) { throw new Error("the engine's files answered " + r.status); }
      return r.arrayBuffer();
    }).then(function (zip) {
      py.unpackArchive(zip, "zip", {extractDir: "/engine"});
      py.runPython([
        "import sys, json",
        "sys.path.insert(0, '/engine')",
        "import scoring",
        "from tournament.entry.record import check as record_check",
        "def _check(fields, table):",
        "    return json.dumps(record_check.check(json.loads(fields), json.loads(table)))",
        "def _validate(record):",
        "    return json.dumps(scoring.validate(json.loads(record)))",
      ].join("\n"));
      var check = py.globals.get("_check");
      var validate = py.globals.get("_validate");
      self.postMessage({ready: true, ms: Date.now() - t0});
      return {check: check, validate: validate};
    });
  });
}

self.onmessage = function (event) {
  var data = event.data || {};
  if (data.init) {
    try {
      ready = start(data.init);
    } catch (e) {
      ready = Promise.reject(e);
    }
    ready.catch(function (e) { self.postMessage({failed: String(e && e.message || e)}); });
    return;
  }
  if (!ready) { self.postMessage({id: data.id, error: "not started"}); return; }
  ready.then(function (engine) {
    var t0 = performance.now();
    var out = data.op === "validate"
      ? engine.validate(JSON.stringify(data.record))
      : engine.check(JSON.stringify(data.fields), JSON.stringify(data.table));
    self.postMessage({id: data.id, result: JSON.parse(out), ms: performance.now() - t0});
  }).catch(function (e) {
    self.postMessage({id: data.id, error: String(e && e.message || e)});
  });
};
