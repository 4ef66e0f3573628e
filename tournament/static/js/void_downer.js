/* BNDCC hand sheets: a void hand is dealt again, and who downs the re-deal follows the
   void's rule (the "redeal-rules" data, from scoring's rules): the seat after the offender
   ("next_seat") or the same seat again ("same_seat"), as the server does when the form
   comes back (entry/record/read.py, shown_starters). This script only answers that one
   question, for entry_form.js, which computes and labels every hand's starter: given a
   hand row and the seat that downed it, the seat that downs the next hand, or undefined
   when the row is not a void (then play passes to the next seat). */
(function () {
  "use strict";
  var rules = document.getElementById("redeal-rules");
  if (!rules) return;
  rules = JSON.parse(rules.textContent);

  window.fivesAndThrees = window.fivesAndThrees || {};
  window.fivesAndThrees.downerAfterVoid = function (row, seat, n) {
    var rule = row.querySelector("select[name$='_void']");
    var by = row.querySelector("select[name$='_void_seat']");
    var redeal = rule && by && by.value !== "" ? rules[rule.value] : undefined;
    if (redeal === "next_seat") return (parseInt(by.value, 10) + 1) % n;
    if (redeal === "same_seat") return seat;
    return undefined;
  };
})();
