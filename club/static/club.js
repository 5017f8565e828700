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
    // Sent as typed: what an entry may hold is the server's to say (it takes away what a
    // keyboard adds; text the rules refuse is kept under its number and said; what cannot
    // be an entry at all is refused, and the entries after it are set aside, below).
    if (entry === "") { return; }
    var s = state(), game = Number(s.getAttribute("data-game"));
    var q = waiting(), number = Number(s.getAttribute("data-stored"));
    q.forEach(function (e) { if (e.game === game && e.number > number) { number = e.number; } });
    q.push({ game: game, number: number + 1, entry: entry });
    keep(q);
    showQueue(false);
    flush();
  }

  // Entries taken off the queue because one before them was not recorded: they were numbered
  // after it, so sent they would wait behind a hole for good. They are shown to the players
  // (kept in this phone's storage until the players choose), never dropped unseen.
  var ASIDE = "t42-aside-" + token;
  function setAside() {
    try { return JSON.parse(localStorage.getItem(ASIDE) || "[]"); } catch (e) { return []; }
  }
  function putAside(game, from, why) {
    var q = waiting(), out = q.filter(function (x) { return x.game === game && x.number >= from; });
    keep(q.filter(function (x) { return !(x.game === game && x.number >= from); }));
    var aside = setAside();
    aside.push({ game: game, why: why, entries: out.map(function (x) { return x.entry; }) });
    localStorage.setItem(ASIDE, JSON.stringify(aside));
    showAside();
  }
  function showAside() {
    var box = document.getElementById("aside"), aside = setAside();
    if (!box) {
      box = document.createElement("div");
      box.id = "aside";
      box.className = "queue";
      document.getElementById("queue").after(box);
    }
    box.hidden = aside.length === 0;
    box.textContent = "";
    aside.forEach(function (a) {
      var p = document.createElement("p");
      p.textContent = a.why + (a.entries.length === 0 ? "" :
        " Not sent from this phone: " + a.entries.map(function (e) {
          return "\u201c" + e + "\u201d"; }).join(", ") + ".");
      box.appendChild(p);
    });
    var again = document.createElement("button");
    again.id = "aside-again";
    again.textContent = "Enter them again";
    again.hidden = !aside.some(function (a) { return a.entries.length > 0; });
    again.addEventListener("click", function () {
      var game = Number(state().getAttribute("data-game")), list = setAside();
      localStorage.setItem(ASIDE, "[]");
      list.forEach(function (a) { if (a.game === game) { a.entries.forEach(add); } });
      showAside();
    });
    var drop = document.createElement("button");
    drop.id = "aside-drop";
    drop.textContent = again.hidden ? "OK" : "Leave them out";
    drop.addEventListener("click", function () {
      localStorage.setItem(ASIDE, "[]");
      showAside();
    });
    box.appendChild(again);
    box.appendChild(drop);
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
      var ok = got[0], answer = got[1];
      if (ok) {
        keep(waiting().filter(function (x) { return !(x.game === e.game && x.number === e.number); }));
      } else if (answer.conflict) {
        // Another phone at the table recorded this number first: this phone catches up
        // with what is recorded (the screen in the answer) and shows what it had not sent.
        putAside(e.game, e.number, answer.conflict);
      } else {  // refused (a link or a game not this table's)
        putAside(e.game, e.number, "Not recorded: \u201c" + e.entry + "\u201d: " +
                 (answer.refused || "refused") + ".");
      }
      if (answer.html) { state().outerHTML = answer.html; }
      sending = false;
      showQueue(false);
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
      return String(data.get(name) || "");
    }));
  });
  window.addEventListener("online", flush);
  showAside();
  setInterval(flush, 2000);
  flush();
})();
