/* The hall display (templates/public/hall.html): one page at a time, each for data-seconds,
   through every event's pages in turn (a festival cycles through its events). Every few
   seconds it asks each event's revision (revision.json: cached, 304 while nothing
   changed); when one changed it fetches the display again and swaps it in place, keeping
   its place in the cycle. When the network drops it keeps showing what it has, counting
   the clock down, and says since when; it catches up when the network is back. */
(function () {
  "use strict";
  var hall = document.getElementById("hall");
  if (!hall) return;
  var POLL = 3000;
  var seconds = parseInt(hall.dataset.seconds, 10) || 15;
  var index = 0;
  var lastGood = null;  // the server's time (its Date header) of the last answer

  function pages() {
    var out = [];
    hall.querySelectorAll(".hall-event").forEach(function (section) {
      section.querySelectorAll(".hall-page").forEach(function (page) {
        out.push({section: section, page: page});
      });
    });
    return out;
  }

  function show() {
    var all = pages();
    if (!all.length) return;
    index = index % all.length;
    var current = all[index];
    hall.querySelectorAll(".hall-event").forEach(function (s) { s.hidden = s !== current.section; });
    all.forEach(function (p) { p.page.hidden = p !== current; });
    var position = document.getElementById("hall-position");
    if (position) position.textContent = all.length > 1 ? "Page " + (index + 1) + " of " + all.length : "";
    note();
  }

  function hhmm(date) {
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    return pad(date.getHours()) + ":" + pad(date.getMinutes()) + ":" + pad(date.getSeconds());
  }

  var lost = false;
  function note() {
    var el = document.getElementById("hall-updated");
    if (!el) return;
    el.classList.toggle("lost", lost);
    if (lost) {
      el.textContent = el.dataset.connectionLost + " " + (lastGood ? hhmm(lastGood) : "its opening");
    } else {
      el.textContent = lastGood ? "Updated " + hhmm(lastGood) : "Up to date";
    }
  }

  function served(response) {
    var said = response.headers.get("Date");
    lastGood = said ? new Date(said) : new Date();
  }

  function swap() {
    return fetch(window.location.href, {cache: "no-store", credentials: "same-origin"})
      .then(function (r) { if (!r.ok) throw new Error(r.status); served(r); return r.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("hall");
        if (!fresh) return;
        hall.innerHTML = fresh.innerHTML;
        document.dispatchEvent(new CustomEvent("live:updated"));
        show();
      });
  }

  function check() {
    var sections = Array.prototype.slice.call(hall.querySelectorAll(".hall-event"));
    Promise.all(sections.map(function (s) {
      return fetch(s.dataset.revisionUrl, {cache: "no-cache", credentials: "same-origin"})
        .then(function (r) { if (!r.ok) throw new Error(r.status); served(r); return r.json(); })
        .then(function (state) { return state.revision !== s.dataset.revision; });
    }))
      .then(function (changed) {
        lost = false;
        return changed.indexOf(true) >= 0 ? swap() : null;
      })
      .catch(function () { lost = true; })
      .then(function () { note(); setTimeout(check, POLL); });
  }

  show();
  setInterval(function () { index += 1; show(); }, seconds * 1000);
  setTimeout(check, POLL);
})();
