/* The rules engine on the phone (docs/offline.md): MicroPython's WebAssembly port running
   the server's own scoring package, entry-form record package and board fit (the JSON of
   tournament/offline/bundle.py), in a module Web Worker so the page never waits for it.
   tests/offline/test_phone_engine.py imports startEngine from this file in node and
   holds its reports to the server's.

   Worker messages in: {init: {micropython: URL of micropython.mjs, wasm: its .wasm,
   engine: URL of the engine's JSON}} once, then
   {id, op: "check", fields: {...}, table: {...}} (a form, as tournament/entry/record/check.py) or
   {id, op: "validate", record: {...}} (a record, as scoring.validate).
   Messages out: {ready: true, ms} or {failed: reason}; {id, result} or {id, error}. */

// MicroPython's frames live on its own stack: the validator's deepest call chain (and the
// phone's regular expressions) need more than the default 2,048 words.
var PYSTACK = 64 * 1024;
var HEAP = 8 * 1024 * 1024;

function dirname(path) {
  return path.slice(0, path.lastIndexOf("/"));
}

/* Starts MicroPython and imports the engine from `files` ({path: source}); the answer's
   validate(text) and check(fieldsText, tableText) take and give JSON text. */
export async function startEngine(micropython, wasm, files) {
  var mod = await import(micropython);
  var mp = await mod.loadMicroPython({url: wasm, pystack: PYSTACK, heapsize: HEAP,
                                      stdout: function () {}, stderr: function () {}});
  Object.keys(files).forEach(function (path) {
    mp.FS.mkdirTree("/engine/" + dirname(path));
    mp.FS.writeFile("/engine/" + path, files[path]);
  });
  mp.runPython("import sys\nsys.path.insert(0, '/engine')\nsys.path.insert(0, '/engine/phone')");
  var boot = mp.pyimport("boot");
  return {
    validate: function (record) { return boot.validate(record); },
    check: function (fields, table) { return boot.check(fields, table); },
  };
}

function start(init) {
  var t0 = Date.now();
  return fetch(init.engine).then(function (r) {
    if (!r.ok) { throw new Error("the engine's files answered " + r.status); }
    return r.json();
  }).then(function (bundle) {
    return startEngine(init.micropython, init.wasm, bundle.files);
  }).then(function (engine) {
    self.postMessage({ready: true, ms: Date.now() - t0});
    return engine;
  });
}

if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
  var ready = null;
  self.onmessage = function (event) {
    var data = event.data || {};
    if (data.init) {
      ready = start(data.init);
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
}
