/* Entry pages that survive the venue's wifi (docs/offline.md). Every page loads this
   script (base.html); an entry page opts in with {% offline_head %}, which adds its
   settings (#offline-page: the worker, whose page it is); a form opts in with
   data-offline (and a label, data-offline-label, and where to go once it is queued,
   data-offline-back); a link to a page a store can lead back to, data-offline-back.

   On any other page (a public page, the worker's own "not kept" page) it runs in
   send-only mode: writes waiting on the phone are sent, and listed, from there too when
   the network returns, for the user the server says is signed in (/offline/token/,
   asked only while a write waits); it registers no worker and keeps nothing.

   - Registers the service worker (/sw.js), which keeps the pages and files.
   - A form sent with the network cut is kept on the phone (queue.js) with its own
     Idempotency-Key, and shown: "Saved on this phone, not sent yet: 2 waiting".
   - Waiting writes are sent when the connection returns, every 20 s while any wait, and
     by "Send now", each with a fresh CSRF token and only for the user who typed it; the
     answer is shown: stored, refused with the reason, or "someone else changed this
     board" with both versions. A network error or a 5xx keeps the write waiting: the
     same key makes a resend harmless (the server answers the first answer again). */
(function () {
  "use strict";
  var me = document.getElementById("offline-script");
  if (!me || !self.OfflineQueue || self.OfflineSend) { return; }
  var Q = self.OfflineQueue;
  var settings = document.getElementById("offline-page");
  var entry = settings ? JSON.parse(settings.textContent) : null;
  var sendOnly = !entry;
  // Whose writes this page lists and sends; in send-only mode learnt from the token.
  var user = entry ? entry.user || "" : null;
  var RETRY_MS = 20000;
  var ENGINE_WAIT_MS = 20000;  // offline, a form waits this long for the engine to start
  var sending = false;

  if (entry && "serviceWorker" in navigator) {
    navigator.serviceWorker.register(entry.worker, {scope: "/"}).catch(function () {
      /* no worker (not a secure origin, an old phone): pages need the network to open */
    });
    /* A worker that became active while this page was loading (installed by the page
       before it, as the official signed in and tapped on) claimed the pages it had then,
       not this one, and would never take it: it is asked to, so this page is kept and
       its engine starts (entry-check.js waits for the worker to take the page) now, not
       after a 5 s wait or on the next page. */
    navigator.serviceWorker.ready.then(function (reg) {
      if (!navigator.serviceWorker.controller && reg.active) { reg.active.postMessage({claim: true}); }
    });
  }

  function keep(urls, refresh) {
    if (sendOnly || !("serviceWorker" in navigator)) { return; }
    navigator.serviceWorker.ready.then(function (reg) {
      if (reg.active) { reg.active.postMessage({keep: urls, refresh: !!refresh}); }
    });
  }

  // ------------------------------------------------------------ the list on the page

  var box = document.createElement("section");
  box.id = "offline-queue";
  box.className = "offline-queue no-print";
  box.setAttribute("aria-live", "polite");
  box.hidden = true;
  var main = document.getElementById("main") || document.body;
  main.insertBefore(box, main.firstChild);

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function describe(item) {
    var li = el("li", {"class": "queued " + item.state, "data-key": item.key});
    li.appendChild(el("strong", {}, (item.label || "A result") + ": "));
    var a = item.answer || {};
    if (item.state === "waiting") {
      li.appendChild(document.createTextNode(item.summary + " — not sent yet" +
        (a.note ? " (" + a.note + ")" : "") + "."));
    } else if (item.state === "stored") {
      li.appendChild(document.createTextNode(a.message || "stored."));
    } else if (item.state === "refused") {
      li.appendChild(document.createTextNode("refused: " + (a.reason || "the server refused it") + " "));
      li.appendChild(el("a", {href: item.url}, "Open the board"));
    } else if (item.state === "conflict") {
      li.appendChild(document.createTextNode("someone else changed this board. "));
      li.appendChild(el("span", {"class": "yours"}, "Yours: " + item.summary + ". "));
      li.appendChild(el("span", {"class": "theirs"}, "Stored now: " + (a.theirs || "?") + " "));
      li.appendChild(el("a", {href: item.url}, "Open the board to choose"));
    }
    return li;
  }

  function show() {
    return Q.all().then(function (items) {
      items = items.filter(function (i) { return i.user === user; });
      box.textContent = "";
      box.hidden = items.length === 0;
      var waiting = items.filter(function (i) { return i.state === "waiting"; });
      document.documentElement.dataset.offlineWaiting = String(waiting.length);
      document.querySelectorAll("[data-offline-waiting-note]").forEach(function (n) {
        n.hidden = !waiting.length;  // "your result is saved on this phone", until sent
      });
      markTiles(waiting);
      if (!items.length) { return items; }
      box.className = "offline-queue no-print card" + (waiting.length ? " waiting" : "");
      var head = el("p", {"class": "queue-count"});
      head.textContent = waiting.length
        ? "Saved on this phone, not sent yet: " + waiting.length + " waiting."
        : "Everything saved on this phone has been sent.";
      if (!navigator.onLine) { head.textContent += " No network now: it is sent when the connection returns."; }
      box.appendChild(head);
      var list = el("ul", {"class": "queue-list"});
      items.forEach(function (i) { list.appendChild(describe(i)); });
      box.appendChild(list);
      if (waiting.length) {
        var now = el("button", {type: "button", "class": "primary"}, "Send now");
        now.addEventListener("click", function () { send(true); });
        box.appendChild(now);
      }
      if (items.length > waiting.length) {
        var clear = el("button", {type: "button"}, "Clear the answered ones");
        clear.addEventListener("click", function () {
          Promise.all(items.filter(function (i) { return i.state !== "waiting"; })
            .map(function (i) { return Q.remove(i.key); })).then(show);
        });
        box.appendChild(clear);
      }
      return items;
    });
  }

  /* On the round's boards, a board with a write waiting on this phone says so. */
  function markTiles(waiting) {
    var urls = waiting.map(function (i) { return new URL(i.url, location.href).pathname; });
    document.querySelectorAll("a.board[href]").forEach(function (tile) {
      var mark = tile.querySelector(".on-phone");
      var here = urls.indexOf(new URL(tile.href).pathname) >= 0;
      if (here && !mark) {
        tile.appendChild(el("span", {"class": "badge on-phone"}, "Saved on this phone"));
      } else if (!here && mark) {
        mark.remove();
      }
    });
  }

  // ------------------------------------------------------------ sending

  function texts(doc, selector) {
    return Array.prototype.map.call(doc.querySelectorAll(selector), function (n) {
      return n.textContent.replace(/\s+/g, " ").trim();
    }).filter(function (t) { return t; });
  }

  /* The server's answer to one write, read from the page it sent back. */
  function answer(item, response, html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var path = new URL(response.url).pathname;
    if (path.indexOf("/accounts/login/") === 0) {
      return {state: "waiting", answer: {note: "signed out: sign in again to send it"}};
    }
    if (response.status >= 500) {
      return {state: "waiting", answer: {note: "the server could not take it (" + response.status + "); it is tried again"}};
    }
    if (response.ok && response.redirected) {
      var said = texts(doc, ".messages li");
      return {state: "stored", answer: {message: said[0] || "stored."}};
    }
    if (response.status === 409) {
      return {state: "conflict", answer: {
        reason: texts(doc, ".conflict .error").join(" "),
        theirs: texts(doc, ".stored-result p strong").join(" ") || texts(doc, ".stored-result").join(" ")}};
    }
    var reasons = texts(doc, "main [role=alert]").concat(texts(doc, "main .errorlist li"));
    return {state: "refused", answer: {reason: reasons.join(" ") || ("answer " + response.status)}};
  }

  function sendOne(item, token) {
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.set("csrfmiddlewaretoken", token);
    body.set("idempotency_key", item.key);
    return fetch(item.url, {
      method: "POST", body: body, credentials: "same-origin", redirect: "follow",
      headers: {"Idempotency-Key": item.key, "X-CSRFToken": token},
    }).then(function (response) {
      return response.text().then(function (html) {
        var got = answer(item, response, html);
        item.state = got.state;
        item.answer = got.answer;
        return Q.put(item).then(function () { return got.state !== "waiting"; });
      });
    });
  }

  function sendAll() {
    return Q.all().then(function (items) {
      var waiting = items.filter(function (i) {
        return i.state === "waiting" && (sendOnly || i.user === user);
      });
      if (!waiting.length) { return; }
      return fetch(me.dataset.token, {credentials: "same-origin", cache: "no-store"})
        .then(function (r) { return r.json(); })
        .then(function (t) {
          if (sendOnly) { user = t.user; }  // whoever is signed in sends their own
          if (t.user !== user) { return; }  // signed out or another user: keep them
          var mine = waiting.filter(function (i) { return i.user === user; });
          return mine.reduce(function (chain, item) {
            // One at a time, in the order typed; a failed one stops the round (offline).
            return chain.then(function (go) { return go === false ? false : sendOne(item, t.csrf); });
          }, Promise.resolve(true));
        });
    }).catch(function () { /* the network is still down: they stay waiting */ });
  }

  function send(asked) {
    if (sending || (!asked && !navigator.onLine)) { return Promise.resolve(); }
    sending = true;
    var work = function () { return sendAll(); };
    // Two open tabs never send the same write at once (same key, but one answer each).
    var run = navigator.locks ? navigator.locks.request("fives-and-threes-offline-send", work) : work();
    return run.then(function () { sending = false; return show(); },
                    function () { sending = false; return show(); });
  }

  // ------------------------------------------------------------ forms

  function queue(form) {
    var fields = [];
    new FormData(form).forEach(function (value, name) { fields.push([name, String(value)]); });
    // getAttribute: the entry form's field named "action" hides the form's .action.
    var target = new URL(form.getAttribute("action") || "", location.href).href;
    var item = Q.item(target, fields, form.dataset.offlineLabel || document.title, user);
    return Q.put(item).then(function () {
      if (form.dataset.offlineBack) { location.href = form.dataset.offlineBack; } else { show(); }
    });
  }

  /* The page's forms to queue, each once (a live page, /me/, redraws its forms). */
  function bind() {
    if (sendOnly) { return; }
    document.querySelectorAll("form[data-offline]:not([data-offline-bound])").forEach(bindForm);
  }

  function bindForm(form) {
    form.setAttribute("data-offline-bound", "");
    // A new key for each view of the form (a kept copy of the page would otherwise bring
    // back the key of its first drawing); the same key goes with every resend of it.
    var field = form.querySelector("input[name=idempotency_key]");
    if (!field) {
      field = el("input", {type: "hidden", name: "idempotency_key"});
      form.appendChild(field);
    }
    field.value = Q.newKey();
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var check = self.EntryCheck && form.matches("[data-offline-check]")
        ? self.EntryCheck.check(form, navigator.onLine ? 0 : ENGINE_WAIT_MS) : Promise.resolve(true);
      check.then(function (ok) {
        if (!ok) { return; }
        if (!navigator.onLine) { return queue(form); }
        // Online: a plain post; if the network fails on the way, the service worker
        // keeps it in the queue instead of the browser's error page.
        form.submit();
      });
    });
  }

  // Signing out (an official, or a player's "sign out of this phone": data-offline-forget).
  document.querySelectorAll("form[action$='/accounts/logout/'], form[data-offline-forget]").forEach(function (form) {
    form.addEventListener("submit", function () {
      if (navigator.serviceWorker && navigator.serviceWorker.controller) {
        navigator.serviceWorker.controller.postMessage({forget: true});
      }
    });
  });

  // The round's boards page keeps every board's form; a form and a link marked
  // data-offline-back keep the page they lead back to (the round's boards, from the
  // event's page or a board), so every page a store can lead to opens offline.
  function keepLinks(refresh) {
    var urls = refresh ? [] : [location.href];  // redrawn: live.js fetched the page itself
    document.querySelectorAll("[data-offline-keep] a[href], a[data-offline-back][href]").forEach(function (a) { urls.push(a.href); });
    document.querySelectorAll("form[data-offline-back]").forEach(function (f) { urls.push(new URL(f.dataset.offlineBack, location.href).href); });
    keep(urls, refresh);
  }

  bind();
  keepLinks(false);
  // A live page redrew its part (live.js): its new forms queue too, and its new links
  // (round 3's board on a player's page) are kept, fresh, for offline.
  document.addEventListener("live:updated", function () { bind(); keepLinks(true); show(); });

  window.addEventListener("online", function () { send(false); });
  window.addEventListener("offline", show);
  setInterval(function () { send(false); }, RETRY_MS);
  show().then(function () { send(false); });
  self.OfflineSend = send;  // for the tests and the console
})();
