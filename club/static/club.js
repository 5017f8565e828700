// A table's phone: every tap is an entry, numbered, kept in this phone's storage until the
// server has stored it, and sent in order; off the Wi-Fi the entries wait and go when it is
// back. The screen is what the server answers: no rule of 42 is written here.
(function () {
  "use strict";
  var root = document.getElementById("table");
  if (!root) { return; }
  var token = root.getAttribute("data-token");
  var KEY = "t42-entries-" + token;
  var sending = false;

  function waiting() {
    try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { return []; }
  }
  function keep(entries) { localStorage.setItem(KEY, JSON.stringify(entries)); }
  function state() { return document.getElementById("state"); }
  // This phone's own id, made once and kept: each entry says which phone sent it, so that
  // the director sees when two phones wrote one game.
  function device() {
    var id = localStorage.getItem("t42-device");
    if (!id) {
      var bytes = new Uint8Array(8);
      crypto.getRandomValues(bytes);
      id = Array.from(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
      localStorage.setItem("t42-device", id);
    }
    return id;
  }

  function showQueue(offline) {
    var q = waiting(), line = document.getElementById("queue");
    line.hidden = q.length === 0;
    line.textContent = q.length === 0 ? "" : (offline ? "No connection: " : "Sending: ") +
      q.length + (q.length === 1 ? " entry waits" : " entries wait") +
      (offline ? " on this phone and will be sent when the Wi-Fi is back." : "…");
    document.body.setAttribute("data-waiting", String(q.length));
  }

  function add(entry) {
    // What the server takes: printable text, 60 characters at most (so no entry is refused
    // for its form, which would leave a gap in the numbers).
    entry = entry.replace(/[\u0000-\u001f\u007f]/g, " ").trim().slice(0, 60);
    if (!entry) { return; }
    var s = state(), game = Number(s.getAttribute("data-game"));
    var q = waiting(), number = Number(s.getAttribute("data-stored"));
    q.forEach(function (e) { if (e.game === game && e.number > number) { number = e.number; } });
    q.push({ game: game, number: number + 1, entry: entry });
    keep(q);
    showQueue(false);
    flush();
  }

  function flush() {
    if (sending) { return; }
    var q = waiting();
    if (q.length === 0) { showQueue(false); return; }
    sending = true;
    var e = q[0];
    fetch("/t/" + token + "/entries", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: e.game, number: e.number, entry: e.entry, device: device() }),
      credentials: "same-origin"
    }).then(function (response) {
      if (response.status === 429 || response.status >= 500) { throw new Error("later"); }
      return response.json().then(function (answer) { return [response.ok, answer]; });
    }).then(function (got) {
      var rest = waiting().filter(function (x) {
        return !(x.game === e.game && x.number === e.number);
      });
      keep(rest);
      if (got[0] && got[1].html) { state().outerHTML = got[1].html; }
      sending = false;
      showQueue(false);
      if (!got[0]) {  // refused (a link or a game not this table's): say so
        var line = document.getElementById("queue");
        line.hidden = false;
        line.textContent = "Not recorded: " + (got[1].refused || "refused");
        return;  // the next entries go at the next try, leaving the words on screen a while
      }
      flush();
    }).catch(function () {
      sending = false;
      showQueue(true);
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-entry]");
    if (!button || !root.contains(button)) { return; }
    event.preventDefault();
    // A domino tapped is on the table: hidden at once, even before the server answers.
    if (button.hasAttribute("data-tile")) { button.style.visibility = "hidden"; }
    add(button.getAttribute("data-entry"));
  });
  document.addEventListener("submit", function (event) {
    var form = event.target.closest("form[data-entry-form]");
    if (!form) { return; }
    event.preventDefault();
    var data = new FormData(form);
    add(form.getAttribute("data-entry-form").replace(/\{(\w+)\}/g, function (_, name) {
      return String(data.get(name) || "").trim();
    }));
  });
  window.addEventListener("online", flush);
  setInterval(flush, 2000);
  flush();
})();
