/* "Find your board" as you type: the same answers as the form (which works without
   scripts), read from the A-Z list already on the page, so nothing is fetched. */
(function () {
  "use strict";
  function text(cell) { return cell ? cell.textContent.replace(/\s+/g, " ").trim() : ""; }

  function starts(who) {
    return who.indexOf("the draw") === 0 ? "the draw at the table decides who starts." : who + " starts set 1.";
  }

  function answer(row) {
    var cells = row.querySelectorAll("td");
    var name = text(cells[0]), board = text(cells[1]), opponent = text(cells[3]);
    var p = document.createElement("p");
    p.className = "answer";
    p.textContent = row.dataset.away
      ? name + ": " + row.dataset.away + "."
      : opponent === "bye"
      ? name + ": the bye this round (board " + board + ")."
      : name + ": board " + board + " against " + opponent + "; " + starts(text(cells[4]));
    return p;
  }

  function matches(row, typed) {
    if (/^\d+$/.test(typed)) return row.dataset.number === typed;
    var words = typed.toLowerCase().split(/\s+/);
    var hay = row.dataset.find || "";
    return words.every(function (w) { return hay.indexOf(w) !== -1; });
  }

  function wire() {
    var input = document.getElementById("find-input");
    var out = document.getElementById("find-answer");
    if (!input || !out || input.dataset.wired) return;
    input.dataset.wired = "1";
    var timer = null;
    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var typed = input.value.trim().slice(0, 60);
        out.textContent = "";
        if (!typed) return;
        var rows = Array.prototype.filter.call(
          document.querySelectorAll("table.alpha tbody tr[data-find]"),
          function (row) { return matches(row, typed); });
        if (!rows.length) {
          var none = document.createElement("p");
          none.className = "answer";
          none.textContent = "Nobody in this round matches \u201c" + typed + "\u201d. Check the spelling, or try the pairing number.";
          out.appendChild(none);
        }
        rows.slice(0, 20).forEach(function (row) { out.appendChild(answer(row)); });
      }, 150);
    });
  }

  wire();
  document.addEventListener("live:updated", wire);
})();
