// The job's progress page (director/job.html): poll its status until it is finished,
// then go on to the result (or offer the download). Without JavaScript the page
// refreshes itself instead (its <noscript> refresh).
(function () {
  "use strict";
  var box = document.getElementById("job");
  if (!box || box.dataset.status === "done" || box.dataset.status === "failed") return;
  var every = 1000 * (parseInt(box.dataset.poll, 10) || 2);

  function show(id, text) {
    var el = document.getElementById(id);
    if (el) el.textContent = text;
  }

  function failed(state) {
    var out = document.getElementById("job-message");
    var lines = (state.message || "").split("\n");
    out.className = "error";
    out.textContent = "";
    var p = document.createElement("p");
    var strong = document.createElement("strong");
    strong.textContent = "It failed, and nothing was changed: ";
    p.appendChild(strong);
    p.appendChild(document.createTextNode(lines[0]));
    out.appendChild(p);
    if (lines.length > 1) {
      var ul = document.createElement("ul");
      lines.slice(1).forEach(function (line) {
        var li = document.createElement("li");
        li.textContent = line;
        ul.appendChild(li);
      });
      out.appendChild(ul);
    }
  }

  function update(state) {
    show("job-label", state.label);
    show("job-time", state.finished ? "(took " + state.seconds + " s)"
                                    : "(" + state.seconds + " s so far)");
    document.getElementById("job-waiting").hidden = state.worker;
    var again = document.getElementById("job-again");
    again.textContent = state.finished ? "" : state.message;
    again.hidden = state.finished || !state.message;
    if (!state.finished) return false;
    var note = document.getElementById("job-note");
    if (note) note.hidden = true;
    if (state.status === "failed") {
      failed(state);
      return true;
    }
    show("job-message", state.message);
    if (state.result_url) {
      document.getElementById("job-link").href = state.result_url;
      document.getElementById("job-result").hidden = false;
      if (state.go_on) window.location.assign(state.result_url);
    }
    return true;
  }

  function poll() {
    fetch(box.dataset.statusUrl, {headers: {"Accept": "application/json"},
                                  credentials: "same-origin", cache: "no-store"})
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (state) { if (!update(state)) setTimeout(poll, every); })
      .catch(function () { setTimeout(poll, every * 3); });
  }
  setTimeout(poll, every);
})();
