/* "Find your board" as you type. It reads the boards already on the page (and the list of
   who is not paired, whose links carry why in data-away) for an answer at once. When the
   boards are on several pages, or nobody here matches, it asks the server too: the same
   GET as the form (which works without scripts and searches every board of the round),
   taking the answer from the page sent back.

   Names are compared folded (tournament/text/folding.py): the server puts each name's folded
   key in a data-find attribute, and the page carries the folding table of its names
   ("fold-table": folding.fold_table, what the server's fold makes of each character
   beyond ASCII in them). This script folds only what was typed, character by character
   with that table and, for ASCII, the server's own rule (lower-case; keep a-z, 0-9 and
   spaces): the same fold as the server's. A query holding a character the table lacks
   (a letter in no name here) is left to the server. No table of letters lives here. */
(function () {
  "use strict";
  function text(node) { return node ? node.textContent.replace(/\s+/g, " ").trim() : ""; }

  function numberOf(link) {
    var m = /\/player\/(\d+)\/?$/.exec(link.getAttribute("href") || "");
    return m ? m[1] : "";
  }

  // What was typed, folded as the server folds names; null when only the server can.
  function fold(typed) {
    var node = document.getElementById("fold-table");
    var table = node ? JSON.parse(node.textContent) : {};
    var out = "";
    var chars = Array.from(typed);
    for (var i = 0; i < chars.length; i++) {
      var c = chars[i];
      if (c < "\x80") out += c;
      else if (Object.prototype.hasOwnProperty.call(table, c)) out += table[c];
      else return null;
    }
    // Python's \s (folding.py) also counts \x1c-\x1f as spaces.
    return out.toLowerCase().replace(/[^a-z0-9\s\x1c-\x1f]/g, "")
      .split(/[\s\x1c-\x1f]+/).filter(function (w) { return w; }).join(" ");
  }

  function side(link) {
    var cell = link.closest("td");
    var members = cell ? Array.prototype.map.call(
      cell.querySelectorAll(".members [data-find]"),
      function (span) { return {name: text(span), key: span.dataset.find}; }) : [];
    return {name: text(link), number: numberOf(link), key: link.dataset.find || "",
            members: members};
  }

  // Whether `who` matches the folded words, and the partner they name (a pair is answered
  // once, the partner searched for first): {member: name or ""}, or null.
  function match(who, typed, words) {
    if (/^[0-9]+$/.test(typed)) return who.number === typed ? {member: ""} : null;
    function within(key) { return words.every(function (w) { return key.indexOf(w) !== -1; }); }
    var hay = [who.key].concat(who.members.map(function (m) { return m.key; }), who.number);
    if (!words.length || !within(hay.join(" "))) return null;
    var partner = who.members.filter(function (m) { return within(m.key); })[0];
    return {member: partner ? partner.name : ""};
  }

  // Everyone on this page: [{who, find, answer}], `answer` a function of the <p> to fill.
  function people(drawn) {
    var out = [];
    document.querySelectorAll("table.pairings tbody tr").forEach(function (row) {
      var links = row.querySelectorAll("a[href*='/player/']");
      if (!links.length) return;
      var board = text(row.querySelector("td"));
      var a = side(links[0]), b = links[1] ? side(links[1]) : null;
      var starts = drawn ? "the draw at the table decides who starts." : a.name + " starts set 1.";
      [[a, b], [b, a]].forEach(function (pair) {
        var me = pair[0], other = pair[1];
        if (!me) return;
        out.push({who: me, answer: function (p, member) {
          p.appendChild(document.createTextNode(
            (member ? member + " (" + me.name + ")" : me.name) + ", no.\u00a0" + me.number + ": "));
          if (!other) {
            p.appendChild(document.createTextNode("the bye this round (board " + board + ")."));
            return;
          }
          p.appendChild(document.createTextNode("board "));
          var link = document.createElement("a");
          link.href = "#" + row.id;
          link.textContent = board;
          var strong = document.createElement("strong");
          strong.appendChild(link);
          p.appendChild(strong);
          p.appendChild(document.createTextNode(" against " + other.name + " (" + other.number + "); " + starts));
        }});
      });
    });
    document.querySelectorAll("ul.not-paired a[data-away]").forEach(function (link) {
      var me = side(link);
      out.push({who: me, answer: function (p) {
        p.textContent = me.name + ", no.\u00a0" + me.number + ": " + link.dataset.away + ".";
      }});
    });
    return out;
  }

  function wire() {
    var form = document.getElementById("find");
    var input = document.getElementById("find-input");
    var out = document.getElementById("find-answer");
    if (!form || !input || !out || input.dataset.wired) return;
    input.dataset.wired = "1";
    var timer = null, asked = 0;

    function fromServer(typed, mine) {
      var url = window.location.pathname + "?find=" + encodeURIComponent(typed);
      fetch(url, {credentials: "same-origin"})
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
        .then(function (html) {
          if (mine !== asked) return;  // typed on since: a later answer is coming
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("find-answer");
          if (!fresh) return;
          out.textContent = "";
          Array.prototype.forEach.call(fresh.childNodes, function (node) {
            out.appendChild(document.importNode(node, true));
          });
        })
        .catch(function () { /* offline: the Find button still works */ });
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () {
        var typed = input.value.trim().slice(0, 60);
        var mine = ++asked;
        out.textContent = "";
        if (!typed) return;
        var folded = fold(typed);
        if (folded === null) { fromServer(typed, mine); return; }
        var words = folded ? folded.split(" ") : [];
        var found = [];
        people(!!form.dataset.drawn).forEach(function (p) {
          var hit = match(p.who, typed, words);
          if (hit) found.push({person: p, member: hit.member});
        });
        found.slice(0, 20).forEach(function (f) {
          var line = document.createElement("p");
          line.className = "answer";
          f.person.answer(line, f.member);
          out.appendChild(line);
        });
        // Boards on other pages may hold the same name: the server answers for them all.
        if (!found.length || form.dataset.paged) fromServer(typed, mine);
      }, 200);
    });
  }

  wire();
  document.addEventListener("live:updated", wire);
})();
