/* The roll call without reloads: a tap posts its form in the background (with a fresh
   Idempotency-Key, so a resend ticks once) and redraws that name and the count; every few
   seconds the page reads who the other desks ticked. Without scripts each tap is a plain
   form post and the page comes back at that name. An untick shows an Undo beside the name
   (one at a time: the latest untick's), which ticks the name again. */
(function () {
  "use strict";
  var list = document.getElementById("rollcall");
  var count = document.getElementById("rollcall-count");
  if (!list || !count || !window.fetch) { return; }
  var every = parseInt(list.dataset.every, 10) * 1000;

  function newKey() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2);
  }

  function showCount(here, expected) {
    count.dataset.here = here;
    count.dataset.expected = expected;
    count.innerHTML = "";
    var strong = document.createElement("strong");
    strong.textContent = here;
    count.appendChild(strong);
    count.appendChild(document.createTextNode(" of " + expected));
  }

  function showRow(form, checkedIn) {
    var button = form.querySelector("button");
    button.classList.toggle("here", checkedIn);
    button.setAttribute("aria-pressed", checkedIn ? "true" : "false");
    button.querySelector(".rollcall-mark").textContent = checkedIn ? "\u2713" : "";
    button.querySelector(".rollcall-state").textContent = checkedIn ? "Here" : "Not yet";
    form.querySelector('input[name="checked_in"]').value = checkedIn ? "0" : "1";
  }

  function say(form, text) {
    var note = form.querySelector(".rollcall-error");
    if (!note) {
      note = document.createElement("p");
      note.className = "error rollcall-error";
      note.setAttribute("role", "alert");
      form.appendChild(note);
    }
    note.textContent = text;
  }

  function dropUndo(except) {
    list.querySelectorAll("form.rollcall-undo").forEach(function (undo) {
      if (undo !== except) { undo.remove(); }
    });
  }

  function offerUndo(row) {
    var tick = row.querySelector("form.rollcall-tick");
    var undo = tick.cloneNode(true);
    undo.className = "rollcall-tick rollcall-undo";
    undo.querySelector('input[name="checked_in"]').value = "1";
    undo.querySelectorAll("button, .rollcall-error").forEach(function (n) { n.remove(); });
    var said = document.createElement("span");
    said.setAttribute("role", "status");
    said.textContent = row.dataset.name + " unticked.";
    var button = document.createElement("button");
    button.type = "submit";
    button.className = "rollcall-undo-button";
    button.textContent = "Undo";
    undo.appendChild(said);
    undo.appendChild(button);
    dropUndo(null);
    row.appendChild(undo);
  }

  list.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList.contains("rollcall-tick")) { return; }
    event.preventDefault();
    var row = form.closest("li");
    var tick = row.querySelector("form.rollcall-tick:not(.rollcall-undo)");
    var button = form.querySelector("button");
    button.disabled = true;
    fetch(form.action, {
      method: "POST", body: new FormData(form), credentials: "same-origin",
      headers: {"Accept": "application/json", "Idempotency-Key": newKey()}
    }).then(function (response) {
      return response.json().then(function (body) { return {ok: response.ok, body: body}; });
    }).then(function (answer) {
      var old = row.querySelector(".rollcall-error");
      if (old) { old.remove(); }
      if (!answer.ok) { say(tick, answer.body.detail || "Not stored: reload the page."); return; }
      showRow(tick, answer.body.checked_in);
      showCount(answer.body.here, answer.body.expected);
      if (answer.body.checked_in) {
        dropUndo(null);
        if (form !== tick) { tick.querySelector("button").focus(); }
      } else {
        offerUndo(row);
      }
    }).catch(function () {
      say(tick, "Not sent: check the connection, then tap again.");
    }).then(function () { button.disabled = false; });
  });

  function poll() {
    if (document.hidden) { return; }
    fetch(list.dataset.states, {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (now) {
        if (!now) { return; }
        if (String(now.round) !== list.dataset.round) { window.location.reload(); return; }
        var here = {};
        now.checked_in.forEach(function (n) { here[n] = true; });
        list.querySelectorAll("form.rollcall-tick:not(.rollcall-undo)").forEach(function (form) {
          var player = form.querySelector('input[name="player"]').value;
          showRow(form, !!here[player]);
          if (here[player]) {  // another desk ticked him again: nothing to undo here
            var undo = form.closest("li").querySelector("form.rollcall-undo");
            if (undo) { undo.remove(); }
          }
        });
        showCount(now.here, now.expected);
      })
      .catch(function () { /* offline for a moment: the next poll tries again */ });
  }
  setInterval(poll, every);
  document.addEventListener("visibilitychange", poll);
})();
