/* The rules engine on the phone (docs/offline.md): MicroPython's WebAssembly port running
   the server's own scoring package, entry-form record package and board fit (the JSON of
   tournament/offline/bundle.py), in a worker so the page never waits for it.
   tests/offline/test_phone_engine.py imports startEngine from this file in node and
   holds its reports to the server's.

   Once per visit: entry-check.js starts this module as a SharedWorker (named by the
   engine's files, with `extendedLifetime`, so it outlives the page that started it while
   the next page opens): every page of the visit, board after board, talks to the one
   engine already started. Where a browser has no SharedWorker it is a dedicated module
   worker, started again with each page, as before.

   Messages in (a dedicated worker's own, or each page's port of a shared one):
   {init: {micropython: URL of micropython.mjs, wasm: its .wasm, engine: URL of the
   engine's JSON}} first (a shared worker starts the engine on the first page's and
   answers later pages' from the engine it has), then
   {id, op: "check", fields: {...}, table: {...}} (a form, as tournament/entry/record/check.py) or
   {id, op: "validate", record: {...}} (a record, as scoring.validate).
   Messages out: {ready: true, ms, engine: {id, started, pages, warm}} or {failed: reason};
   {id, result, ms} or {id, error}. `ms` is the engine's own start; `engine.id` names this
   start (the same on every page that shares it), `pages` how many pages it has served,
   `warm` whether it was already running when this page asked. */

// MicroPython's frames live on its own stack: the validator's deepest call chain (and the
// phone's regular expressions) need more than the default 2,048 words.
var PYSTACK = 64 * 1024;
var HEAP = 8 * 1024 * 1024;

function dirname(path) {
  return path.slice(0, path.lastIndexOf("/"));
}

/* A compiled module's bytes, from the base64 text the engine's JSON carries them in. */
function bytes(base64) {
  var text = atob(base64), out = new Uint8Array(text.length);
  for (var i = 0; i < text.length; i++) { out[i] = text.charCodeAt(i); }
  return out;
}

/* MicroPython's WebAssembly port (1.27.0) is built with Emscripten's assertions on: each
   call the interpreter makes through Emscripten's setjmp emulation (nearly every step of a
   Python function: an attribute, a call, an operator) looks its target up in the wasm
   table and then looks it up again to assert that its JavaScript mirror of the table is
   up to date (`wasmTable.get`), about a third of a check's CPU time in node. The table's
   entries do not move under it, so `WebAssembly.Table.prototype.get` answers from a memo
   per table, dropped on `set` and `grow`: the same functions, without the second lookup's
   cost (docs/offline.md). Installed once, in the engine's realm (its worker). */
var MEMO = Symbol("ft-engine table memo"), MEMOISED = Symbol.for("ft-engine table memoised");

export function memoTableGet(Table) {
  var proto = Table && Table.prototype;
  if (!proto || proto[MEMOISED]) { return false; }
  var get = proto.get, set = proto.set, grow = proto.grow;
  proto.get = function (index) {
    var memo = this[MEMO] || (this[MEMO] = []);
    var f = memo[index];
    if (f === undefined) { f = get.call(this, index); memo[index] = f; }
    return f;
  };
  proto.set = function () {
    this[MEMO] = null;
    return set.apply(this, arguments);
  };
  proto.grow = function () {
    this[MEMO] = null;
    return grow.apply(this, arguments);
  };
  proto[MEMOISED] = true;
  return true;
}

/* Starts MicroPython and imports the engine from `files` ({path: source}, or {path.mpy:
   base64 of MicroPython's bytecode}, tournament/offline/bundle.py); the answer's
   validate(text) and check(fieldsText, tableText) take and give JSON text. */
export async function startEngine(micropython, wasm, files) {
  if (typeof WebAssembly !== "undefined") { memoTableGet(WebAssembly.Table); }
  var mod = await import(micropython);
  var mp = await mod.loadMicroPython({url: wasm, pystack: PYSTACK, heapsize: HEAP,
                                      stdout: function () {}, stderr: function () {}});
  Object.keys(files).forEach(function (path) {
    mp.FS.mkdirTree("/engine/" + dirname(path));
    mp.FS.writeFile("/engine/" + path, /\.mpy$/.test(path) ? bytes(files[path]) : files[path]);
  });
  mp.runPython("import sys\nsys.path.insert(0, '/engine')\nsys.path.insert(0, '/engine/phone')");
  var boot = mp.pyimport("boot");
  return {
    validate: function (record) { return boot.validate(record); },
    check: function (fields, table) { return boot.check(fields, table); },
  };
}

var engineId = Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 10);
var ready = null, startedMs = 0, pages = 0;

function start(init) {
  var t0 = Date.now();
  return fetch(init.engine).then(function (r) {
    if (!r.ok) { throw new Error("the engine's files answered " + r.status); }
    return r.json();
  }).then(function (bundle) {
    return startEngine(init.micropython, init.wasm, bundle.files);
  }).then(function (engine) {
    startedMs = Date.now() - t0;
    return engine;
  });
}

/* One page's conversation (`port`: the worker itself, or a shared worker's port). */
function serve(port) {
  port.onmessage = function (event) {
    var data = event.data || {};
    if (data.init) {
      var warm = ready !== null;
      if (!ready) { ready = start(data.init); }
      pages += 1;
      ready.then(function () {
        port.postMessage({ready: true, ms: startedMs,
                          engine: {id: engineId, pages: pages, warm: warm}});
      }, function (e) {
        ready = null;  // the next page tries again
        port.postMessage({failed: String(e && e.message || e)});
      });
      return;
    }
    if (!ready) { port.postMessage({id: data.id, error: "not started"}); return; }
    ready.then(function (engine) {
      var t0 = performance.now();
      var out = data.op === "validate"
        ? engine.validate(JSON.stringify(data.record))
        : engine.check(JSON.stringify(data.fields), JSON.stringify(data.table));
      port.postMessage({id: data.id, result: JSON.parse(out), ms: performance.now() - t0});
    }).catch(function (e) {
      port.postMessage({id: data.id, error: String(e && e.message || e)});
    });
  };
}

if (typeof SharedWorkerGlobalScope !== "undefined" && self instanceof SharedWorkerGlobalScope) {
  self.onconnect = function (event) {
    var port = event.ports[0];
    serve(port);
    port.start();
  };
} else if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
  serve(self);
}
