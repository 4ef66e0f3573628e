/* Other arbiters enter results too: every few seconds, read the round's board states
   (a small JSON) and update the tiles in place, in the order the server lists them (at
   time, when the round's clock has run out, the unfinished boards first: clock.js says
   "clock:time" and the list asks at once). Without JavaScript the page reloads. */
(function () {
  var list = document.getElementById("boards");
  if (!list || !list.dataset.states) { return; }
  var every = parseInt(list.dataset.every, 10) * 1000;
  function update(states) {
    states.boards.forEach(function (b) {
      var tile = list.querySelector('a.board[data-id="' + b.id + '"]');
      if (!tile) { return; }
      tile.className = "board state-" + b.status;
      var badge = tile.querySelector(".badge");
      badge.className = "badge " + b.status;
      badge.textContent = b.label;
      tile.querySelector(".score").textContent = b.score;
      tile.querySelector(".who").textContent = b.who;
      tile.querySelector(".words").textContent = b.words;  // a dispute's reason
    });
    // The server's order (byes, not listed, go last as they are done).
    var items = Array.prototype.slice.call(list.children);
    var place = {};
    states.boards.forEach(function (b, i) { place[b.id] = i; });
    items.sort(function (a, b) {
      var pa = a.dataset.id in place ? place[a.dataset.id] : 1e6 + (+a.dataset.board || 0);
      var pb = b.dataset.id in place ? place[b.dataset.id] : 1e6 + (+b.dataset.board || 0);
      return pa - pb;
    });
    items.forEach(function (li) { list.appendChild(li); });
    if (states.at_time) list.dataset.atTime = "1";
    var note = document.getElementById("at-time-note");
    if (note) note.hidden = !states.at_time;
  }
  function poll() {
    if (document.hidden) { return; }
    fetch(list.dataset.states, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (states) { if (states) { update(states); } })
      .catch(function () { /* offline for a moment: the next poll tries again */ });
  }
  setInterval(poll, every);
  document.addEventListener("visibilitychange", poll);
  document.addEventListener("clock:time", function () { setTimeout(poll, 1500); });
})();
