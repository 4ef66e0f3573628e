/* Standings "after round": choosing a round goes to that table's own address
   (?after_round=N, or the plain address for the latest), so it can be shared and the
   back button returns. Without scripts the form's "Show" button does the same. */
(function () {
  "use strict";
  var select = document.getElementById("after-round");
  if (!select) return;
  var show = select.form.querySelector("button[type=submit]");
  if (show) show.remove();  // choosing is enough (the stylesheet would override "hidden")
  select.addEventListener("change", function () {
    var url = new URL(window.location.href);
    url.search = "";
    if (select.value) url.searchParams.set("after_round", select.value);
    window.location.assign(url.toString());
  });
})();
