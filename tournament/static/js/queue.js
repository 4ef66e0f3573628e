/* The phone's queue of writes not sent yet, in IndexedDB (so it outlives a reload, a
   closed tab and the service worker's restarts). Shared by the pages (offline.js) and
   the service worker (sw.js), which both add to it; only pages send (offline.js).

   An item: {key: its Idempotency-Key, url, fields: [[name, value], ...], label, summary,
   user (whose session typed it), created, state: "waiting" | "stored" | "refused" |
   "conflict", answer: {...} once the server answered}. */
(function (scope) {
  "use strict";
  var DB = "fives-and-threes-offline";
  var STORE = "queue";

  function open() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open(DB, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, {keyPath: "key"});
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  function run(mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode);
        var result = work(tx.objectStore(STORE));
        tx.oncomplete = function () { db.close(); resolve(result && result.result); };
        tx.onerror = function () { db.close(); reject(tx.error); };
        tx.onabort = function () { db.close(); reject(tx.error); };
      });
    });
  }

  function newKey() {
    // 128 random bits as hex: within the spec's 1-64 visible ASCII characters.
    var bytes = new Uint8Array(16);
    scope.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) {
      return (b < 16 ? "0" : "") + b.toString(16);
    }).join("");
  }

  /* What was typed, in a line: the set scores, for the list and for a conflict. */
  function summarise(fields) {
    var values = {};
    fields.forEach(function (pair) { values[pair[0]] = pair[1]; });
    if (values.action === "confirm") { return "confirm version " + values.version; }
    var outcome = values.outcome || "";
    if (outcome && outcome !== "played") { return outcome.replace(/_/g, " "); }
    var sets = [];
    for (var s = 1; values["s" + s + "_a"] !== undefined; s++) {
      var a = String(values["s" + s + "_a"]).trim();
      var b = String(values["s" + s + "_b"] || "").trim();
      if (a || b) { sets.push((a || "?") + "–" + (b || "?")); }
    }
    return sets.length ? "sets " + sets.join(", ") : "(no set scores typed)";
  }

  function item(url, fields, label, user) {
    var key = "";
    fields = fields.filter(function (pair) {
      if (pair[0] === "idempotency_key") { key = pair[1]; return false; }
      return pair[0] !== "csrfmiddlewaretoken";  // a fresh token is fetched to send
    });
    return {key: key || newKey(), url: url, fields: fields, label: label,
            summary: summarise(fields), user: user, created: Date.now(),
            state: "waiting", answer: null};
  }

  scope.OfflineQueue = {
    newKey: newKey,
    item: item,
    put: function (entry) { return run("readwrite", function (s) { return s.put(entry); }); },
    remove: function (key) { return run("readwrite", function (s) { return s.delete(key); }); },
    all: function () {
      return run("readonly", function (s) { return s.getAll(); }).then(function (items) {
        return (items || []).sort(function (a, b) { return a.created - b.created; });
      });
    },
  };
})(self);
