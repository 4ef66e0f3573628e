/* Other arbiters enter results too: every few seconds, read the round's board states
   (a small JSON) and update the tiles in place. Without JavaScript the page reloads. */
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
})();
