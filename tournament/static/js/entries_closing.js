/* The event page's "Entries are open until HH:MM" box (templates/public/event.html). The
   page is kept whole by the event's revision (public/http_cache.py), and closing time
   changes no revision: a copy drawn while entries were open may be served after they
   closed. So the box carries its closing time (data-closes-at), and at that moment, or
   at once when the page opens later, this swaps it for the "Entries are closed" box the
   page holds hidden. Timed by the device's clock; the form itself refuses a late entry
   whatever a page shows (the server's time). Asked again when live.js swaps the region. */
(function () {
  "use strict";
  var timer = null;
  var LONGEST = 2147483647;  // setTimeout's limit (24.8 days): a later close is not waited for

  function check() {
    var open = document.getElementById("entries-open");
    var closed = document.getElementById("entries-closed");
    if (!open || !open.dataset.closesAt) return;
    var closes = Date.parse(open.dataset.closesAt);
    if (isNaN(closes)) return;
    var wait = closes - Date.now();
    if (wait <= 0) {
      open.hidden = true;
      if (closed) closed.hidden = false;
      // A draft's "Entries are open; the first round has not been published yet."
      Array.prototype.forEach.call(document.querySelectorAll(".entries-state"),
                                   function (el) { el.textContent = "closed"; });
      return;
    }
    if (timer) clearTimeout(timer);
    if (wait < LONGEST) timer = setTimeout(check, wait + 250);
  }

  check();
  document.addEventListener("live:updated", check);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) check(); });
})();
