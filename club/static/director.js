// The director's correction form says what it will record, as the marks are typed.
(function () {
  "use strict";
  function says(form) {
    var ns = form.elements.ns.value, ew = form.elements.ew.value;
    var will = form.querySelector(".will");
    var nsName = form.getAttribute("data-ns"), ewName = form.getAttribute("data-ew");
    if (ns === "" || ew === "") {
      will.textContent = "Type the marks of each team: this records them as the game's result.";
    } else if (ns === ew) {
      will.textContent = "A result has a winner: the two teams' marks cannot be the same.";
    } else {
      var winner = Number(ns) > Number(ew) ? nsName : ewName;
      will.textContent = "This records " + nsName + " " + ns + ", " + ewName + " " + ew +
        ": " + winner + " win, as corrected by the director.";
    }
  }
  document.addEventListener("input", function (event) {
    var form = event.target.form;
    if (form && form.classList.contains("correct")) { says(form); }
  });
})();
