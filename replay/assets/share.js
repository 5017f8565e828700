"use strict";
// A shared game: the page's address names one with #g=<share code> (docs/sharing.md, Share
// codes). The code is "<version>.<payload>": version 1's payload is the game's JSON document,
// raw DEFLATE, base64url. The script opens it here, in the browser, and shows the record as
// written: tags, deal, auction, trump, every trick as its leader and plays, ending, score
// lines and comments. It knows no rule (no winner is worked out: the record says who led).
// Nothing from the code reaches the page but as text (textContent) or a tile's name checked
// against the 28 tiles.
(function () {
  const match = /^#g=([0-9]+)\.([A-Za-z0-9_-]*)$/.exec(location.hash);
  const asked = /^#g=/.test(location.hash);
  if (!asked) { return; }
  document.body.setAttribute("data-shared", "opening");
  const SVG = "http://www.w3.org/2000/svg";
  const TILE = /^[0-6]-[0-6]$/;
  const box = document.getElementById("shared");
  function el(id) { return document.getElementById(id); }
  function add(parent, tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    if (cls) { node.className = cls; }
    parent.appendChild(node);
    return node;
  }
  function face(name) {
    if (!TILE.test(name)) { return document.createTextNode(String(name) + " "); }
    const svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("class", "t");
    svg.setAttribute("data-tile", name);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", name);
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", "#tile-" + name);
    svg.appendChild(use);
    return svg;
  }
  function hideReplay() {
    ["controls", "replay"].forEach(function (id) { const n = el(id); if (n) { n.hidden = true; } });
    box.hidden = false;
  }
  function fail(words) {
    hideReplay();
    document.body.setAttribute("data-shared", "failed");
    el("heading").textContent = "This link's shared game cannot be opened";
    add(box, "p", words, "share-error");
  }
  function comments(of, where, list) {
    if (!of || !of.comments) { return; }
    ["before", "after"].forEach(function (side) {
      (of.comments[side] || []).forEach(function (c) {
        add(list, "li", where + ": " + c.text);
      });
    });
  }
  function bidWords(bid) {
    if (bid === "pass") { return "pass"; }
    return String(bid);
  }
  function trumpWords(trump) {
    const parts = [];
    if (trump.contract) { parts.push(trump.contract); }
    parts.push(trump.suit);
    if (trump.doubles) { parts.push("doubles " + trump.doubles); }
    return (trump.seat ? trump.seat + " names " : "") + parts.join(" ");
  }
  function scoreWords(kind, line) {
    return kind + " NS " + line.NS + " EW " + line.EW;
  }
  function showHand(hand, notes) {
    const part = add(box, "section", null, "shared-hand");
    part.setAttribute("data-hand", String(hand.number));
    add(part, "h2", "hand " + hand.number + " · dealer " + hand.dealer);
    const where = "hand " + hand.number;
    comments(hand, where, notes);
    const facts = add(part, "dl");
    if (hand.deal) {
      add(facts, "dt", "deal");
      const deal = add(facts, "dd", null, "deal");
      hand.deal.forEach(function (holding) {
        const row = add(deal, "div", null, "holding");
        row.setAttribute("data-seat", holding.seat);
        add(row, "span", holding.seat, "seat-name");
        holding.tiles.forEach(function (t) { row.appendChild(face(t)); });
        comments(holding, where + ", " + holding.seat + "'s tiles", notes);
      });
    }
    if (hand.auction) {
      add(facts, "dt", "auction");
      const calls = hand.auction.calls.map(function (call) {
        comments(call, where + ", " + call.seat + "'s bid", notes);
        return call.seat + " " + bidWords(call.bid);
      });
      add(facts, "dd", calls.join(" · "), "auction");
      comments(hand.auction, where + ", the auction", notes);
    }
    if (hand.trump) {
      add(facts, "dt", "trump");
      add(facts, "dd", trumpWords(hand.trump), "trump");
      comments(hand.trump, where + ", trump", notes);
    }
    if (hand.tricks) {
      add(facts, "dt", "tricks");
      const list = add(facts, "dd", null, "tricks");
      hand.tricks.forEach(function (trick) {
        const row = add(list, "div", null, "trick");
        row.setAttribute("data-trick", String(trick.number));
        add(row, "span", trick.number + " · " + trick.leader + " leads ", "lead");
        trick.plays.forEach(function (play) {
          const tile = typeof play === "string" ? play : play.tile;
          row.appendChild(face(tile));
          if (typeof play !== "string") { comments(play, where + ", trick " + trick.number, notes); }
        });
        comments(trick, where + ", trick " + trick.number, notes);
      });
    }
    if (hand.ending) {
      add(facts, "dt", "ending");
      add(facts, "dd", hand.ending.kind + (hand.ending.seat ? " " + hand.ending.seat : ""));
      comments(hand.ending, where + ", the ending", notes);
    }
    ["points", "marks", "total"].forEach(function (kind) {
      if (!hand[kind]) { return; }
      add(facts, "dt", kind);
      add(facts, "dd", scoreWords(kind, hand[kind]), "score-" + kind);
      comments(hand[kind], where + ", " + kind, notes);
    });
  }
  function show(game) {
    hideReplay();
    const tags = {};
    const tagList = add(box, "dl", null, "shared-tags");
    const notes = document.createElement("ul");
    notes.className = "shared-comments";
    (game.tags || []).forEach(function (tag) {
      tags[tag.name] = tag.value;
      comments(tag, "the " + tag.name + " tag", notes);
      if (tag.value === "?") { return; }
      add(tagList, "dt", tag.name);
      add(tagList, "dd", tag.value);
    });
    const heading = ["Event", "Site", "Date"].map(function (n) { return tags[n]; })
      .filter(function (v) { return v && v !== "?"; }).join(" · ");
    el("heading").textContent = heading || "a shared game";
    document.title = (heading || "a shared game") + " · t42";
    el("where").textContent = "";
    el("what").textContent = "shared with t42 · " + (game.hands || []).length + " hand" +
      ((game.hands || []).length === 1 ? "" : "s");
    (game.hands || []).forEach(function (hand) { showHand(hand, notes); });
    if (notes.firstChild) { add(box, "h2", "comments"); box.appendChild(notes); }
    document.body.setAttribute("data-shared", "shown");
  }
  if (!match) {
    fail("A share code is a version number, a dot, then letters, digits, - and _ only.");
    return;
  }
  if (match[1] !== "1") {
    fail("This is a share code of version " + match[1] + "; this page reads version 1.");
    return;
  }
  if (typeof DecompressionStream === "undefined") {
    fail("This browser cannot open share codes (it has no DecompressionStream).");
    return;
  }
  let bytes;
  try {
    let b64 = match[2].replace(/-/g, "+").replace(/_/g, "/");
    while (b64.length % 4) { b64 += "="; }
    const binary = atob(b64);
    bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) { bytes[i] = binary.charCodeAt(i); }
  } catch (e) {
    fail("This share code is damaged: its letters do not open to a record.");
    return;
  }
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  new Response(stream).text().then(function (text) {
    const game = JSON.parse(text);
    if (!game || game.format !== "t42-game" || !Array.isArray(game.hands)) {
      throw new Error("not a game");
    }
    show(game);
  }).catch(function () {
    fail("This share code is damaged: it does not open to a t42 game (was it copied whole?).");
  });
  window.addEventListener("hashchange", function () { location.reload(); });
}());
