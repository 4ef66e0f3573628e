/* Create an event / settings: offer only the match formats the chosen ruleset allows
   (targets and sets to win, from the form's "match-formats" data). The server checks the
   same when the form is sent, for a browser without scripts. */
(function () {
  "use strict";
  var data = document.getElementById("match-formats");
  var ruleset = document.getElementById("id_ruleset");
  if (!data || !ruleset) return;
  var formats = JSON.parse(data.textContent);
  var selects = {targets: document.getElementById("id_match_target"),
                 sets: document.getElementById("id_sets_to_win")};

  function offer() {
    var allowed = formats[ruleset.value];
    if (!allowed) return;
    Object.keys(selects).forEach(function (key) {
      var select = selects[key];
      if (!select) return;
      var values = allowed[key].map(String);
      Array.prototype.forEach.call(select.options, function (option) {
        var ok = values.indexOf(option.value) >= 0;
        option.hidden = !ok;
        option.disabled = !ok;
      });
      if (values.indexOf(select.value) < 0) select.value = values[0];
    });
  }
  ruleset.addEventListener("change", offer);
  offer();
})();
