
"use strict";
(function () {
  // A shared game (#g=…) is shown by the share script instead (share.js).
  if (/^#g=/.test(location.hash)) { return; }
  const data = JSON.parse(document.getElementById("t42-data").textContent);
  // Each hand's first step is whole, the others hold only what they change: a step is put
  // back together by merging the changes from its hand's first step on (as page.shown_step).
  const changes = data.steps;
  const handAt = [];
  data.hands.forEach(function (hand, h) {
    const end = h + 1 < data.hands.length ? data.hands[h + 1].start : changes.length;
    for (let i = hand.start; i < end; i++) { handAt.push(h); }
  });
  function plain(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }
  function merged(whole, change) {
    const out = Object.assign({}, whole);
    Object.keys(change).forEach(function (key) {
      const value = change[key];
      out[key] = plain(value) && plain(out[key]) ? merged(out[key], value) : value;
    });
    return out;
  }
  const steps = {
    length: changes.length,
    at: function (i) {
      let whole = {};
      for (let k = data.hands[handAt[i]].start; k <= i; k++) { whole = merged(whole, changes[k]); }
      return whole;
    }
  };
  // Each variation (and, with what-if, each other tile tried) is a line of steps of its
  // own, by game and path: its first step (whole, or what it changes of its base), then
  // each step's changes, as a hand's.
  const lines = data.lines || {};
  function lineOf(game, path) {
    const of = lines[String(game)];
    return of && Object.prototype.hasOwnProperty.call(of, path) ? of[path] : null;
  }
  // A line of the main line starts from the main line's step before it (``base``).
  function lineStep(entry, i) {
    let whole = entry.base === null ? {} : steps.at(entry.base);
    for (let k = 0; k <= i; k++) { whole = merged(whole, entry.steps[k]); }
    return whole;
  }
  const SVG = "http://www.w3.org/2000/svg";
  let at = 0;
  // Where the reader is: the main line (path "") or a line of data.lines.
  let here = {path: "", entry: null, at: 0};

  function el(id) { return document.getElementById(id); }
  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }
  function add(parent, tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = text; }
    if (cls) { node.className = cls; }
    parent.appendChild(node);
    return node;
  }
  function face(name, across) {
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", across ? "t across" : "t");
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", "#tile-" + name + (across && name !== "back" ? "-across" : ""));
    svg.appendChild(use);
    if (name !== "back") {
      svg.setAttribute("data-tile", name);
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", name);
    }
    return svg;
  }

  function showSeat(step, seat) {
    const box = el("seat-" + seat);
    const name = box.querySelector(".name");
    const tiles = box.querySelector(".tiles");
    clear(name); clear(tiles);
    const old = box.querySelector(".played");
    if (old) { box.removeChild(old); }
    const player = data.players[String(step.game)][seat];
    name.appendChild(document.createTextNode(player + " (" + seat + ")"));
    const roles = [];
    if (step.dealer === seat) { roles.push("dealer"); }
    if (step.declarer === seat) { roles.push("declarer"); }
    if (roles.length) { add(name, "span", roles.join(" · "), "role"); }
    box.classList.toggle("acts", step.actor === seat);
    const held = step.seats[seat];
    if (held.held === null) {
      for (let i = 0; i < held.unknown; i++) { tiles.appendChild(face("back", false)); }
      if (held.played.length) {
        const line = add(box, "div", "played ", "played");
        held.played.forEach(function (t) { line.appendChild(face(t, false)); });
      }
    } else {
      const tries = {};
      if (step.actor === seat && step.kind === "play") {
        step.what_if.forEach(function (w) { tries[w.tile] = w; });
      }
      held.held.forEach(function (t) {
        const tile = face(t, false);
        if (Object.prototype.hasOwnProperty.call(tries, t)) {
          const w = tries[t];
          tile.classList.add("can-try");
          tile.setAttribute("role", "button");
          tile.setAttribute("tabindex", "0");
          tile.setAttribute("aria-label", "what if " + seat + " had played " + t);
          tile.addEventListener("click", function () { into(w, step.game); });
          tile.addEventListener("keydown", function (e) {
            if (e.key === "Enter") { e.stopPropagation(); into(w, step.game); }
          });
        }
        tiles.appendChild(tile);
      });
    }
    if (!tiles.firstChild) { add(tiles, "span", "no tiles left", "played"); }
  }

  function showCentre(step) {
    ["N", "E", "S", "W"].forEach(function (seat) {
      const slot = el("play-" + seat);
      clear(slot);
      slot.className = "slot";
    });
    const caption = el("trick-caption");
    const trick = step.trick;
    if (trick === null) {
      const last = {};
      step.auction.forEach(function (call) { last[call[0]] = call[1]; });
      Object.keys(last).forEach(function (seat) {
        add(el("play-" + seat), "div", seat + " " + last[seat]);
      });
      caption.textContent = step.auction.length ? "auction" : "";
      if (step.kind === "score" || step.kind === "end") { caption.textContent = "hand over"; }
      return;
    }
    trick.plays.forEach(function (play) {
      const seat = play[0], tile = play[1], renege = play[2];
      const slot = el("play-" + seat);
      slot.appendChild(face(tile, seat === "W" || seat === "E"));
      let words = seat + " " + tile + (seat === trick.leader ? " led" : "");
      if (renege) { words += " ✗ renege"; slot.classList.add("renege"); }
      if (seat === trick.winner) { slot.classList.add("won"); }
      add(slot, "div", words);
    });
    caption.textContent = trick.caption;
  }

  function showNotes(step) {
    const findings = el("findings");
    clear(findings);
    step.findings.forEach(function (f) {
      const item = add(findings, "li", f.severity + " " + f.code + ": " + f.message);
      if (f.evidence) { add(item, "span", f.evidence, "evidence"); }
    });
    step.turns.forEach(function (t) {
      add(findings, "li", "audit: " + t.message, t.flips ? "turn flips" : "turn");
    });
    const comments = el("comments");
    clear(comments);
    step.comments.forEach(function (c) { add(comments, "li", c); });
    el("glyph").hidden = !step.glyph;
    el("glyph").textContent = step.glyph ? "glyph " + step.glyph : "";
    const branches = el("branch-list");
    clear(branches);
    el("branches").hidden = !step.branches.length;
    el("enter").disabled = !step.branches.length;
    step.branches.forEach(function (b) {
      const button = add(add(branches, "li"), "button", "variation: " + b.words, "branch");
      button.addEventListener("click", function () { into(b, step.game); });
    });
  }

  function showWhatIf(step, hand) {
    const box = el("what-if");
    const list = el("what-if-list");
    clear(list);
    const note = hand.what_if;
    box.hidden = here.entry !== null || step.kind !== "play" ||
      (!step.what_if.length && !note);
    if (box.hidden) { return; }
    el("what-if-heading").textContent = "what if " + step.actor + " had played another tile";
    el("what-if-note").textContent = step.what_if.length ?
      "pick a tile (or click it in " + step.actor + "'s hand): the hand is then finished " +
      "by best play, every tile seen" : note;
    step.what_if.forEach(function (w) {
      const button = add(add(list, "li"), "button", w.tile + " — " + w.words, "try");
      button.setAttribute("data-tile", w.tile);
      button.addEventListener("click", function () { into(w, step.game); });
    });
  }

  function showAudit(hand) {
    const box = el("audit");
    const audit = hand.audit;
    box.hidden = audit === null;
    if (audit === null) { return; }
    el("verdict").textContent = audit.verdict;
    const turns = el("turns");
    clear(turns);
    if (!audit.turns.length) { add(turns, "li", "no play changed the perfect-play outcome"); }
    audit.turns.forEach(function (t) {
      add(turns, "li", t.message, t.flips ? "turn flips" : "turn");
    });
  }

  function fillTricks(hand) {
    const select = el("trick-select");
    clear(select);
    add(select, "option", "—").value = "";
    Object.keys(hand.tricks).forEach(function (n) { add(select, "option", n).value = n; });
  }

  // Step ``index`` of the main line (``path`` "") or of the line ``path``.
  function show(index, path) {
    const entry = path ? lineOf(here.game, path) : null;
    const count = entry ? entry.steps.length : steps.length;
    const i = Math.max(0, Math.min(index, count - 1));
    here = {path: entry ? path : "", entry: entry, at: i, game: here.game};
    if (!entry) { at = i; }
    const step = entry ? lineStep(entry, i) : steps.at(i);
    here.game = step.game;
    const h = entry ? data.hands.findIndex(function (hand) {
      return hand.game === step.game && hand.hand === step.hand;
    }) : handAt[i];
    const hand = data.hands[h];
    const games = Object.keys(data.players).length;
    el("where").textContent = (games > 1 ? "game " + step.game + " · " : "") + "hand " + step.hand +
      " · step " + step.index + "/" + step.of;
    el("what").textContent = step.text + (step.won ? " · " + step.won : "");
    const heading = data.headings[String(step.game)];
    if (heading) { el("heading").textContent = heading; }
    ["N", "E", "S", "W"].forEach(function (seat) { showSeat(step, seat); });
    showCentre(step);
    el("auction").textContent = step.auction_words;
    el("contract").textContent = step.contract;
    el("score").textContent = step.score;
    el("marks").textContent = step.marks.words;
    const strokes = el("strokes");
    clear(strokes);
    Object.keys(step.marks.strokes).forEach(function (team) {
      const picture = step.marks.strokes[team];
      const row = add(strokes, "div", null, "team-strokes");
      add(row, "span", team, "team");
      const svg = document.createElementNS(SVG, "svg");
      svg.setAttribute("class", "strokes");
      svg.setAttribute("viewBox", "0 0 " + picture.width + " " + picture.height);
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", picture.label);
      picture.lines.forEach(function (l) {
        const line = document.createElementNS(SVG, "line");
        ["x1", "y1", "x2", "y2"].forEach(function (name, k) { line.setAttribute(name, l[k]); });
        line.setAttribute("class", l[4] ? "stroke" : "stroke to-come");
        svg.appendChild(line);
      });
      row.appendChild(svg);
    });
    showNotes(step);
    showWhatIf(step, hand);
    showAudit(hand);
    if (entry) { el("audit").hidden = true; }  // the audit is the main line's
    el("line").hidden = !entry;
    el("leave").hidden = !entry;
    el("line-name").textContent = entry ? entry.name : "";
    el("line-words").textContent = entry && entry.words ? "— " + entry.words : "";
    const handSelect = el("hand-select");
    if (handSelect.value !== String(h)) { handSelect.value = String(h); }
    fillTricks(entry || hand);
    const trickSelect = el("trick-select");
    trickSelect.value = step.kind === "trick" && step.trick ? String(step.trick.number) : "";
    document.body.setAttribute("data-step", String(i));
    document.body.setAttribute("data-line", here.path);
    const link = "#" + (games > 1 ? "game=" + step.game + "&" : "") + "hand=" + step.hand +
      "&step=" + step.index + (entry ? "&line=" + here.path : "");
    if (location.hash !== link) {
      try { history.replaceState(null, "", link); } catch (e) { location.replace(link); }
    }
  }

  // The step a link names (#hand=3&step=12, #game=2&hand=3&step=12, and in a line
  // &line=/hands/2/tricks/3/plays/1/variations/0), or the first when it names none.
  function linked() {
    const start = {at: 0, path: ""};
    const asked = Object.create(null);
    location.hash.replace(/^#/, "").split("&").forEach(function (part) {
      const k = part.indexOf("=");
      if (k > 0) { asked[part.slice(0, k)] = part.slice(k + 1); }
    });
    const game = Number(asked.game), number = Number(asked.hand), stepNumber = Number(asked.step);
    const h = data.hands.findIndex(function (hand) {
      return hand.hand === number && (!asked.game || hand.game === game);
    });
    if (h < 0) { return start; }
    const hand = data.hands[h];
    if (asked.line !== undefined) {
      let path = "";
      try { path = decodeURIComponent(asked.line); } catch (e) { return start; }
      const entry = lineOf(hand.game, path);
      if (!entry || entry.hand !== hand.hand) { return start; }
      const i = stepNumber - entry.first;
      if (!(i >= 0 && i < entry.steps.length)) { return start; }
      here.game = hand.game;
      return {at: i, path: path};
    }
    const end = h + 1 < data.hands.length ? data.hands[h + 1].start : changes.length;
    const step = stepNumber > 0 ? stepNumber : 1;
    return {at: Math.min(hand.start + step - 1, end - 1), path: ""};
  }
  function go(spot) { show(spot.at, spot.path); }

  function current() { return here.entry ? lineStep(here.entry, here.at) : steps.at(at); }
  function move(name) { show(current().moves[name], here.path); }
  // Into a line: a variation written here, or another tile tried (what if).
  function into(branch, game) { here.game = game; show(branch.at, branch.line); }
  function enterFirst() {
    const step = current();
    if (step.branches.length) { into(step.branches[0], step.game); }
  }
  function leave() {
    const entry = here.entry;
    if (!entry) { return; }
    show(entry.back, entry.parent);
  }

  data.hands.forEach(function (hand, i) {
    const games = Object.keys(data.players).length;
    const label = (games > 1 ? "game " + hand.game + " · " : "") + "hand " + hand.hand;
    add(el("hand-select"), "option", label).value = String(i);
  });
  el("hand-select").addEventListener("change", function (e) {
    const hand = data.hands[Number(e.target.value)];
    fillTricks(hand);
    show(hand.start);
  });
  el("trick-select").addEventListener("change", function (e) {
    const of = here.entry || data.hands[handAt[at]];
    if (Object.prototype.hasOwnProperty.call(of.tricks, e.target.value)) {
      show(of.tricks[e.target.value], here.path);
    }
  });
  el("enter").addEventListener("click", enterFirst);
  el("leave").addEventListener("click", leave);
  ["first", "previous_hand", "previous_trick", "previous_play", "next_play", "next_trick",
   "next_hand", "last"].forEach(function (name) {
    el(name).addEventListener("click", function () { move(name); });
  });
  const KEYS = {
    ArrowRight: "next_play", ArrowLeft: "previous_play", ArrowDown: "next_trick",
    ArrowUp: "previous_trick", PageDown: "next_hand", PageUp: "previous_hand",
    Home: "first", End: "last"
  };
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "SELECT") { return; }
    if (KEYS[e.key]) { e.preventDefault(); move(KEYS[e.key]); return; }
    if (e.key === "v") { enterFirst(); return; }
    if (e.key === "b" || e.key === "Escape") { leave(); return; }
    if (/^[1-7]$/.test(e.key)) {
      const of = here.entry || data.hands[handAt[at]];
      if (Object.prototype.hasOwnProperty.call(of.tricks, e.key)) {
        show(of.tricks[e.key], here.path);
      }
    }
  });
  fillTricks(data.hands[0] || {tricks: {}});
  el("hand-select").value = "0";
  window.addEventListener("hashchange", function () {
    if (/^#g=/.test(location.hash)) { location.reload(); return; }
    go(linked());
  });
  go(linked());
}());
