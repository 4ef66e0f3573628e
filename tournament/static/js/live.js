/* Live pages without reloads: ask the event's revision every few seconds (a tiny JSON
   answer) and, only when it changed, fetch this page again and swap its live region.
   Without scripts a <noscript> refresh does the same, less often. */
(function () {
  "use strict";
  var region = document.getElementById("live-region");
  if (!region || !region.dataset.revisionUrl) return;
  var every = (parseInt(region.dataset.poll, 10) || 25) * 1000;
  var timer = null;

  function busy() {
    // Never swap the page under someone typing or choosing in it.
    var active = document.activeElement;
    return active && region.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName);
  }

  function swap() {
    return fetch(window.location.href, {headers: {"X-Requested-With": "live"}, credentials: "same-origin"})
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("live-region");
        if (!fresh) return;
        region.innerHTML = fresh.innerHTML;
        region.dataset.revision = fresh.dataset.revision || "";
        if (fresh.dataset.finished) region.dataset.finished = "1";
        if (!fresh.dataset.revisionUrl) delete region.dataset.revisionUrl;
        document.dispatchEvent(new CustomEvent("live:updated"));
      });
  }

  function check() {
    timer = null;
    if (document.hidden) return;  // resumed on visibilitychange
    fetch(region.dataset.revisionUrl, {credentials: "same-origin", cache: "no-cache"})
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (state) {
        // Unchanged, or someone is typing in the page: look again next time.
        if (state.revision !== region.dataset.revision && !busy()) return swap();
      })
      .catch(function () { /* offline for a moment: try again next time */ })
      .then(function () {
        if (!region.dataset.finished && region.dataset.revisionUrl) timer = setTimeout(check, every);
      });
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && timer === null && !region.dataset.finished) check();
  });
  timer = setTimeout(check, every);
})();
