/* Live pages without reloads: ask the event's revision every few seconds (a tiny JSON
   answer, 304 while nothing changed) and, only when it changed, fetch this page again
   and swap its live region. Without scripts a <noscript> refresh does the same, less
   often. The public pages and a player's page (/me/, whose region says
   data-own-address: a private page, fetched at its own address, which no cache in front
   keeps and whose fresh copy the phone's worker keeps for offline) use it. */
(function () {
  "use strict";
  var region = document.getElementById("live-region");
  if (!region || !region.dataset.revisionUrl) return;
  var every = (parseInt(region.dataset.poll, 10) || 3) * 1000;
  var soon = 500;  // the page came back older than the revision: another worker is
                   // rendering the new one (public/http_cache.py), ask again shortly
  var timer = null;

  function busy() {
    // Never swap the page under someone typing or choosing in it.
    var active = document.activeElement;
    return active && region.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName);
  }

  function pageUrl(wanted) {
    // The revision in the address: a cache in front (a CDN, nginx) keeps each revision's
    // page apart, so the one fetched is never an older copy it held. The server ignores it.
    var url = new URL(window.location.href);
    url.hash = "";
    if (!("ownAddress" in region.dataset)) url.searchParams.set("live", wanted);
    return url.toString();
  }

  function swap(wanted) {
    return fetch(pageUrl(wanted), {headers: {"X-Requested-With": "live"}, credentials: "same-origin"})
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live-region");
        if (!fresh) return every;
        region.innerHTML = fresh.innerHTML;
        region.dataset.revision = fresh.dataset.revision || "";
        if (fresh.dataset.finished) region.dataset.finished = "1";
        if (!fresh.dataset.revisionUrl) delete region.dataset.revisionUrl;
        document.dispatchEvent(new CustomEvent("live:updated"));
        return region.dataset.revision === wanted ? every : soon;
      });
  }

  function check() {
    timer = null;
    if (document.hidden) return;  // resumed on visibilitychange
    fetch(region.dataset.revisionUrl, {credentials: "same-origin", cache: "no-cache"})
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (state) {
        // Unchanged, or someone is typing in the page: look again next time.
        if (state.revision !== region.dataset.revision && !busy()) return swap(state.revision);
        return every;
      })
      .catch(function () { return every; /* offline for a moment: try again next time */ })
      .then(function (wait) {
        if (!region.dataset.finished && region.dataset.revisionUrl) timer = setTimeout(check, wait || every);
      });
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && timer === null && !region.dataset.finished) check();
  });
  timer = setTimeout(check, every);
})();
