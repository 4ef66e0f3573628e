/* The card's QR code carries the key after '#', which browsers never send to a server:
   post it as the form would, and take it out of the address bar at once. Needs a form
   #code-form with a 'code' field on the page. */
(function () {
  "use strict";
  var key = decodeURIComponent(location.hash.slice(1));
  if (!key) { return; }
  history.replaceState(null, "", location.pathname + location.search);
  var form = document.getElementById("code-form");
  form.elements.code.value = key;
  form.submit();
})();
