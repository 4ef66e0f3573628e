/* Progressive enhancement: add hand rows beyond the fixed ones (without it, the fixed
   rows still work), and keep the "starts"/"downs" labels in step with the choices. This
   is the one script that works out who starts each hand on the page: play passes to the
   next seat, except after a void hand, where it asks void_downer.js (loaded on BNDCC
   hand sheets only) who downs the re-deal. The server recomputes every starter (voids
   included) when the form comes back. */
(function () {
  var seats = JSON.parse(document.getElementById("seat-words").textContent);
  var n = seats.length;
  function downerAfter(row, seat) {
    var hooks = window.fivesAndThrees || {};
    var after = hooks.downerAfterVoid ? hooks.downerAfterVoid(row, seat, n) : undefined;
    return after === undefined ? (seat + 1) % n : after;
  }
  function relabel(set) {
    var checked = set.querySelector("fieldset.drawn-starter input:checked");
    var first = checked ? parseInt(checked.value, 10) : null;
    if (first === null) {
      var shown = set.querySelector(".set-starter").textContent;
      first = seats.indexOf(shown);
      if (first < 0) { return; }
    }
    set.querySelector(".set-starter").textContent = seats[first];
    var seat = first;
    set.querySelectorAll(".hand-row").forEach(function (row) {
      row.querySelector(".starter").textContent = seats[seat] + " downs";
      seat = downerAfter(row, seat);
    });
  }
  document.querySelectorAll("button.add-hand").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var list = button.parentNode.querySelector(".hand-list");
      var rows = list.querySelectorAll(".hand-row");
      var last = rows[rows.length - 1];
      var k = rows.length + 1;
      var row = last.cloneNode(true);
      row.dataset.hand = k;
      row.classList.remove("field-error");
      row.querySelectorAll("ul.errorlist").forEach(function (ul) { ul.remove(); });
      row.querySelectorAll("input, textarea, select").forEach(function (input) {
        input.name = input.name.replace(/_h\d+_/, "_h" + k + "_");
        var label = input.getAttribute("aria-label");
        if (label) { input.setAttribute("aria-label", label.replace(/hand \d+/, "hand " + k)); }
        input.value = "";
        input.classList.remove("invalid");
        input.removeAttribute("aria-describedby");
      });
      row.querySelector(".hand-no").textContent = k;
      row.querySelector(".sr").textContent = row.querySelector(".sr").textContent.replace(/hand \d+/, "hand " + k);
      var previous = seats.indexOf(last.querySelector(".starter").textContent.replace(/ downs$/, ""));
      row.querySelector(".starter").textContent = previous < 0 ? "" : seats[(previous + 1) % n] + " downs";
      row.querySelector("details.play").open = false;
      list.appendChild(row);
      relabel(button.closest(".set-block"));
      row.querySelector("input").focus();
    });
  });
  /* A drawn starter, or (BNDCC) a void's rule or offender, changes the later rows. */
  document.querySelectorAll(".set-block").forEach(function (set) {
    set.addEventListener("change", function () { relabel(set); });
  });
  /* Pairs: who sits where changes the names of seats A1..B2 everywhere on the form. */
  var members = document.querySelectorAll("fieldset.seat-choice");
  members.forEach(function (box) {
    box.addEventListener("change", function (event) {
      var side = parseInt(box.dataset.side, 10);
      var label = event.target.parentNode.textContent.trim();
      var names = label.split(/ at [AB][12],? ?/).filter(function (x) { return x; });
      if (names.length !== 2) { return; }
      seats[side] = seats[side].replace(/^.* \(/, names[0] + " (");
      seats[side + 2] = seats[side + 2].replace(/^.* \(/, names[1] + " (");
      document.querySelectorAll(".seat-words").forEach(function (span) {
        span.textContent = seats[parseInt(span.dataset.seat, 10)];
      });
      document.querySelectorAll(".set-block").forEach(relabel);
    });
  });
})();
