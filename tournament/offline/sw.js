/* The entry pages' service worker (docs/offline.md), served at /sw.js by
   tournament/offline/views.py, which writes its settings (self.OFFLINE) on line 1.

   - Kept files (stylesheets, scripts, MicroPython, the engine's files): cache first, in a cache
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

function escaped(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/* A kept page's title, read from its copy ("Pub League Open · round 1 · boards"). */
function titleOf(response) {
  return response.clone().text().then(function (html) {
    var m = /<title>([^<]*)<\/title>/i.exec(html);
    var text = m ? m[1].replace(/&middot;/g, "·").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&") : "";
    return text.replace(/\s*·\s*Fives and Threes tournaments\s*$/, "").trim();
  });
}

/* The kept pages that lead back (every one but a board's form), with their titles. */
function wayBack(user) {
  if (!user) { return Promise.resolve([]); }
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (r) {
        var path = new URL(r.url).pathname;
        return path !== USER && !/\/(match|board)\/\d+\/$/.test(path);
      }).map(function (r) {
        return cache.match(r).then(function (res) {
          if (!res || res.headers.get(HEADER) !== user) { return null; }
          return titleOf(res).then(function (title) {
            return {url: r.url, title: title || new URL(r.url).pathname};
          });
        });
      }));
    });
  }).then(function (found) {
    var seen = {};  // the event's page and its round's page share a title: one link
    return found.filter(function (f) { return f && !seen[f.title] && (seen[f.title] = true); });
  });
}

/* A page not kept, opened with the network cut: not a dead end. It says what waits on
   the phone (sent from this page too when the network returns: the queue's script runs
   here, as on every page, in its send-only mode) and links to the pages the phone keeps. */
function offlineAnswer(request) {
  var headers = {"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store"};
  if (request.mode !== "navigate") {
    return Promise.resolve(new Response("Not kept on this phone.", {status: 503, headers: headers}));
  }
  return keptUser().then(function (user) {
    var queued = self.OfflineQueue.all().catch(function () { return []; });
    return Promise.all([queued, wayBack(user)]).then(function (both) {
      var waiting = both[0].filter(function (i) { return i.state === "waiting" && i.user === (user || ""); });
      var links = both[1];
      var html = "<!doctype html><html lang=en><head><meta charset=utf-8>" +
        "<meta name=viewport content='width=device-width, initial-scale=1'>" +
        "<title>Not kept on this phone</title>" +
        "<link rel=stylesheet href='" + escaped(self.OFFLINE.stylesheet) + "'></head><body>" +
        "<main id=main class=offline-fallback><h1>Not kept on this phone</h1>" +
        "<p>This page was not opened on this phone while the network was up, so there is " +
        "no copy of it here.</p>";
      if (waiting.length) {
        html += "<p class=card data-offline-waiting-note><strong>" + (waiting.length === 1 ? "Your result is"
          : "Your " + waiting.length + " results are") + " saved on this phone</strong> and " +
          "will be sent when the network returns, from this page or any other.</p>";
      }
      if (links.length) {
        html += "<p>Go back to a page this phone keeps:</p><ul class=offline-back>" +
          links.map(function (l) {
            return "<li><a href='" + escaped(l.url) + "'>" + escaped(l.title) + "</a></li>";
          }).join("") + "</ul>";
      }
      html += "</main><script src='" + escaped(self.OFFLINE.queue) + "' defer></script>" +
        "<script src='" + escaped(self.OFFLINE.sender) + "' defer id=offline-script data-token='" +
        escaped(self.OFFLINE.token) + "'></script></body></html>";
      return new Response(html, {status: 503, headers: headers});
    });
  });
}

function page(request) {
  return fromNetwork(request, true).catch(function () {
    return keptPage(request.url).then(function (r) { return r || offlineAnswer(request); });
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
  if (data.claim) {  // a page that opened as this worker became active (entry-check.js)
    event.waitUntil(self.clients.claim());
  }
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

/* Signing out, from any page (a public page too, or a kept one): the kept pages go before
   the sign-out is sent, so none outlives it, even one whose sign-out fails offline. */
function signOut(request) {
  return caches.delete(PAGES).then(function () { return fetch(request); });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.method === "POST" && self.OFFLINE.signout.indexOf(url.pathname) >= 0) {
    event.respondWith(signOut(request));
    return;
  }
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
