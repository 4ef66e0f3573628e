/* The entry pages' service worker (docs/offline.md), served at /sw.js by
   tournament/offline/views.py, which writes its settings (self.OFFLINE) on line 1.

   - Kept files (stylesheets, scripts, Pyodide, the engine's zip): cache first, in a cache
     named by the settings' version, so a deploy replaces them all at once. Any other
     static file a page uses: network first, and kept for when the network is cut.
   - Entry pages (OFFLINE.pages): network first; a copy is kept for the signed-in user
     and served with the network cut only to that user. Every answer names its user
     (X-Offline-User); when another user, or nobody, signs in, every kept page goes.
     An answer marked no-store (the API key page) is never kept, unless it says
     X-Offline-Keep (a private page kept for its one visitor only).
   - A form posted while the network is down is kept in the queue (queue.js) and the
     browser is sent back to the page it came from, which shows it waiting. */
"use strict";
importScripts(self.OFFLINE.queue);

var KEPT = "ft-static-" + self.OFFLINE.version;
var PAGES = "ft-pages";
var HEADER = "X-Offline-User";
var USER = "/offline/__user";  // the user the kept pages belong to, as a tiny entry
var precached = new Set(self.OFFLINE.precache.map(function (u) { return new URL(u, self.location).pathname; }));

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(KEPT)
    .then(function (cache) { return cache.addAll(self.OFFLINE.precache); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf("ft-static-") === 0 && n !== KEPT; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

function isPage(url) {
  return self.OFFLINE.pages.some(function (p) { return url.pathname.indexOf(p) === 0; });
}

function keptUser() {
  return caches.open(PAGES).then(function (c) { return c.match(USER); })
    .then(function (r) { return r ? r.text() : null; });
}

/* An answer's user differs from the kept pages' user: drop them all first. */
function noteUser(response) {
  if (!response.headers.has(HEADER)) { return Promise.resolve(); }
  var tag = response.headers.get(HEADER);
  return keptUser().then(function (kept) {
    if (kept === tag) { return null; }
    return caches.delete(PAGES).then(function () { return caches.open(PAGES); })
      .then(function (c) { return c.put(USER, new Response(tag)); });
  });
}

function keepable(response) {
  var private_ = /no-store/.test(response.headers.get("Cache-Control") || "");
  return response.ok && response.type === "basic" && !response.redirected
    && !!response.headers.get(HEADER) && (!private_ || response.headers.has("X-Offline-Keep"));
}

function fromNetwork(request, keep) {
  return fetch(request).then(function (response) {
    return noteUser(response).then(function () {
      if (keep && keepable(response)) {
        var copy = response.clone();
        return caches.open(PAGES).then(function (c) { return c.put(request.url, copy); })
          .then(function () { return response; });
      }
      return response;
    });
  });
}

function keptPage(url) {
  return Promise.all([caches.open(PAGES), keptUser()]).then(function (both) {
    var cache = both[0], user = both[1];
    return cache.match(url, {ignoreVary: true}).then(function (r) {
      return r && user && r.headers.get(HEADER) === user ? r : null;
    });
  });
}

function offlineAnswer() {
  return new Response(
    "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
    "<title>Not kept on this phone</title><p>This page was not opened on this phone while " +
    "the network was up, so there is no copy of it here. Go back to the round's boards.",
    {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
}

function page(request) {
  return fromNetwork(request, true).catch(function () {
    return keptPage(request.url).then(function (r) { return r || offlineAnswer(); });
  });
}

/* A form posted to an entry page: sent as usual; if the network is down, queued. */
function post(event) {
  var copy = event.request.clone();
  return fetch(event.request).catch(function () {
    return copy.formData().then(function (form) {
      // Only a write meant to be sent again (it has its key), and never one carrying a
      // player's code: a credential does not wait on the phone. Others fail as before.
      if (!form.has("idempotency_key") || form.has("code")) { return Promise.reject(new Error("not queued")); }
      var fields = [];
      form.forEach(function (value, name) { fields.push([name, String(value)]); });
      return keptUser().then(function (user) {
        var entry = self.OfflineQueue.item(event.request.url, fields, "", user || "");
        return self.OfflineQueue.put(entry);
      });
    }).then(function () {
      return Response.redirect(event.request.referrer || event.request.url, 303);
    }, function () {
      return Response.error();
    });
  });
}

/* The boards page asks to keep every board's form of the round, so each opens offline. */
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.forget) {  // signing out: nobody's pages stay on the phone
    event.waitUntil(caches.delete(PAGES));
  }
  if (data.keep) {
    event.waitUntil(Promise.all(data.keep.map(function (u) {
      var url = new URL(u, self.location);
      if (url.origin !== self.location.origin || !isPage(url)) { return null; }
      return keptPage(url.href).then(function (have) {
        return have && !data.refresh ? null
          : fromNetwork(new Request(url.href, {credentials: "same-origin"}), true).catch(function () { return null; });
      });
    })));
  }
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.method === "POST") {
    if (request.mode === "navigate" && isPage(url)) { event.respondWith(post(event)); }
    return;
  }
  if (request.method !== "GET") { return; }
  if (precached.has(url.pathname)) {
    event.respondWith(caches.open(KEPT).then(function (c) {
      return c.match(request, {ignoreSearch: true}).then(function (r) { return r || fetch(request); });
    }));
  } else if (url.pathname.indexOf(self.OFFLINE.static) === 0) {
    // Another static file a kept page uses (a script, an image): network first, kept.
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(KEPT).then(function (c) { c.put(request, copy); });
      }
      return response;
    }, function () {
      return caches.open(KEPT).then(function (c) { return c.match(request, {ignoreSearch: true}); })
        .then(function (r) { return r || Response.error(); });
    }));
  } else if (isPage(url)) {
    event.respondWith(page(request));
  } else if (request.mode === "navigate" && url.pathname.indexOf("/accounts/") === 0) {
    // Signing in or out: the kept pages are another user's now, or nobody's.
    event.respondWith(fromNetwork(request, false));
  }
});
