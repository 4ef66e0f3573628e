/* The round clock on every page that shows one (templates/_round_clock.html): it counts
   down from remaining_s as the server gave it, timed by the browser's monotonic clock
   (performance.now), never by the device's time of day, which may be wrong.

   Where the page may come from a cache (the public pages, the hall display) the element
   names data-url: the clock is asked afresh (the API's read: remaining_s at server_time)
   when the page opens, whenever the live region is swapped (live.js: a change to the
   event, a clock action among them, reaches the page within its poll), and every minute;
   an official's page and a player's own pages every data-every seconds (a player's
   asks its own clock read, which the card's cookie opens in a hidden event too). At
   five minutes left the clock turns amber (clock-warning), at
   time red (clock-time), and a "clock:time" event tells the page. */
(function () {
  "use strict";
  var clocks = [];
  var RESYNC = 60000;

  function shown(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }

  function setState(el, state, remaining) {
    el._waiting = false;
    el.dataset.state = state;
    el.dataset.remaining = String(remaining);
    el._deadline = performance.now() + remaining * 1000;
    el._timeSaid = state === "ended";
    paint(el);
  }

  function left(el) {
    var state = el.dataset.state;
    if (state === "running") return Math.max(0, Math.ceil((el._deadline - performance.now()) / 1000));
    return parseInt(el.dataset.remaining, 10) || 0;
  }

  function paint(el) {
    if (el._waiting) return;  // a cached page's running clock: its time left is asked first
    var state = el.dataset.state;
    var secs = left(el);
    if (state === "running" && secs === 0) state = "ended";
    var ended = state === "ended";
    el.classList.toggle("clock-time", ended);
    el.classList.toggle("clock-warning", !ended && state !== "idle" && secs <= 300);
    ["idle", "running", "paused", "ended"].forEach(function (s) {
      el.classList.toggle("state-" + s, s === state);
    });
    var time = el.querySelector(".clock-time-left");
    var words = el.querySelector(".clock-words");
    if (time) time.textContent = state === "idle" ? "–:––" : shown(secs);
    if (words) words.textContent = {idle: "clock not started", running: "left",
                                    paused: "paused", ended: "time"}[state];
    if (ended && !el._timeSaid) {
      el._timeSaid = true;
      document.dispatchEvent(new CustomEvent("clock:time", {detail: {clock: el}}));
    }
  }

  function sync(el) {
    if (!el.dataset.url) return;
    var asked = performance.now();
    fetch(el.dataset.url, {credentials: "same-origin", cache: "no-store",
                           headers: {"Accept": "application/json"}})
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (c) {
        // Half the round trip has passed since the server's answer was made.
        var late = (performance.now() - asked) / 2000;
        var remaining = c.state === "running" ? Math.max(0, c.remaining_s - late) : c.remaining_s;
        setState(el, c.state, remaining);
      })
      .catch(function () { /* offline for a moment: keep counting, ask again later */ });
  }

  function scan() {
    clocks = Array.prototype.slice.call(document.querySelectorAll(".round-clock"));
    clocks.forEach(function (el) {
      if (el._deadline === undefined) {
        if (el.dataset.remaining === undefined) {
          el._deadline = null;  // "until 10:45" stays until the server says what is left
          el._waiting = true;
        } else {
          setState(el, el.dataset.state, parseInt(el.dataset.remaining, 10) || 0);
        }
        sync(el);
        var every = parseInt(el.dataset.every, 10);
        if (every) {
          var timer = setInterval(function () {
            // A live page swapped its region: this clock is gone, a new one asks instead.
            if (!el.isConnected) { clearInterval(timer); return; }
            if (!document.hidden) sync(el);
          }, every * 1000);
        }
      }
    });
  }

  scan();
  document.addEventListener("live:updated", scan);
  setInterval(function () { clocks.forEach(paint); }, 250);
  setInterval(function () { if (!document.hidden) clocks.forEach(sync); }, RESYNC);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) clocks.forEach(sync);
  });
})();
