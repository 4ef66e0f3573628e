/* The card's QR code carries the player's key after '#', which browsers never send to a
   server: post it as the page's code form would (#code-form), and take it out of the
   address bar at once (tournament/players/session.py). */
(function () {
  "use strict";
  var key = decodeURIComponent(location.hash.slice(1));
  var form = document.getElementById("code-form");
  if (!key || !form) { return; }
  history.replaceState(null, "", location.pathname + location.search);
  form.elements.code.value = key;
  form.submit();
})();
