// Name suggestions for search boxes: fills the datalist a box names from the autocomplete API.
// The boxes work without this script; it only adds suggestions while typing.
(function () {
  "use strict";
  var boxes = document.querySelectorAll("input[data-autocomplete][list]");
  Array.prototype.forEach.call(boxes, function (box) {
    var list = document.getElementById(box.getAttribute("list"));
    if (!list || !window.fetch) { return; }
    var timer = null, lastAsked = "";
    box.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(function () {
        var text = box.value.trim();
        // A precise query (keywords, several terms) gets no name suggestions.
        if (text.length < 2 || text === lastAsked || /[:=<>()"]/.test(text)) { return; }
        lastAsked = text;
        fetch(box.getAttribute("data-autocomplete") + "?q=" + encodeURIComponent(text), {headers: {"Accept": "application/json"}})
          .then(function (response) { return response.ok ? response.json() : {results: []}; })
          .then(function (body) {
            // An answer to an earlier text that arrives late must not replace the suggestions for the newer one.
            if (text !== lastAsked) { return; }
            list.textContent = "";
            body.results.forEach(function (card) {
              var option = document.createElement("option");
              option.value = card.name;
              list.appendChild(option);
            });
          })
          .catch(function () { /* Suggestions are a convenience; the search works without them. */ });
      }, 150);
    });
  });
})();
