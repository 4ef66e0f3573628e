/* BNDCC hand sheets: a void hand is dealt again, and who downs the re-deal follows the
   void's rule (the "redeal-rules" data, from scoring's rules): the seat after the offender
   ("next_seat") or the same seat again ("same_seat"). As a void is chosen, each later row's
   "… downs" is worked out again, as the server does when the form comes back
   (entry/record/read.py, shown_starters). It relabels a moment after each change, once
   entry_form.js (which knows no voids) has relabelled the rows its way. */
(function () {
  "use strict";
  var rules = document.getElementById("redeal-rules");
  var words = document.getElementById("seat-words");
  if (!rules || !words) return;
  rules = JSON.parse(rules.textContent);

  function seats() { return JSON.parse(words.textContent); }

  function firstSeat(set, names) {
    var checked = set.querySelector("fieldset.drawn-starter input:checked");
    if (checked) return parseInt(checked.value, 10);
    var shown = set.querySelector(".set-starter");
    return shown ? names.indexOf(shown.textContent) : -1;
  }

  function relabel(set) {
    var names = seats();
    // The form's script renames seats as the pairs' seating changes: read its labels.
    var labels = set.querySelectorAll("fieldset.drawn-starter .seat-words");
    if (labels.length === names.length) {
      names = Array.prototype.map.call(labels, function (l) { return l.textContent; });
    }
    var seat = firstSeat(set, names);
    if (seat < 0) return;
    var n = names.length;
    set.querySelectorAll(".hand-row").forEach(function (row) {
      row.querySelector(".starter").textContent = names[seat] + " downs";
      var rule = row.querySelector("select[name$='_void']");
      var by = row.querySelector("select[name$='_void_seat']");
      var redeal = rule && by && by.value !== "" ? rules[rule.value] : undefined;
      if (redeal === "next_seat") {
        seat = (parseInt(by.value, 10) + 1) % n;
      } else if (redeal !== "same_seat") {
        seat = (seat + 1) % n;
      }
    });
  }

  function later(set) { setTimeout(function () { relabel(set); }, 0); }

  document.querySelectorAll(".set-block").forEach(function (set) {
    set.addEventListener("change", function () { later(set); });
    var add = set.querySelector("button.add-hand");
    if (add) add.addEventListener("click", function () { later(set); });
  });
  document.querySelectorAll("fieldset.seat-choice").forEach(function (box) {
    box.addEventListener("change", function () {
      document.querySelectorAll(".set-block").forEach(later);
    });
  });
})();
