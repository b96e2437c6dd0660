// Suggestions while typing, for every search box that names a datalist (list="...") and the API that fills it
// (data-autocomplete="/api/..."): the header's box and the card list's name box. The boxes are plain forms and
// work without this script; the browser's own datalist gives them their keyboard use and combobox role.
//
// The datalist says what it holds and when asking is worth it:
//   data-min-length   shortest text asked about (default 1);
//   data-skip         a pattern: text it matches is not asked about (the card query language's operators);
//   data-value-field  the answer's field that goes in the box (default "value"); data-label-field likewise.
(function () {
  "use strict";
  var PAUSE_MS = 150;

  function attach(box) {
    var list = document.getElementById(box.getAttribute("list"));
    if (!list || !window.fetch) { return; }
    var minLength = parseInt(list.getAttribute("data-min-length") || "1", 10);
    var skip = list.hasAttribute("data-skip") ? new RegExp(list.getAttribute("data-skip")) : null;
    var valueField = list.getAttribute("data-value-field") || "value";
    var labelField = list.getAttribute("data-label-field") || "label";
    var timer = null;
    var asked = "";      // the text of the latest question, answered or not
    var latest = 0;      // that question's number: an answer to any other is late and is dropped
    var controller = null;

    function forgetQuestion() {
      latest += 1;
      if (controller) { controller.abort(); }  // saves the request; the number check drops an answer already read
      controller = null;
    }

    function show(items) {
      list.textContent = "";
      items.forEach(function (item) {
        var option = document.createElement("option");
        option.value = item[valueField];
        if (item[labelField]) { option.label = item[labelField]; }
        list.appendChild(option);
      });
    }

    function ask(text) {
      forgetQuestion();
      var question = latest;
      asked = text;
      controller = window.AbortController ? new AbortController() : null;
      fetch(box.getAttribute("data-autocomplete") + "?q=" + encodeURIComponent(text),
            {headers: {"Accept": "application/json"}, signal: controller ? controller.signal : undefined})
        .then(function (response) { return response.ok ? response.json() : {results: []}; })
        .then(function (body) {
          if (question !== latest) { return; }  // the box has changed since: these names are for older text
          controller = null;
          show(body.results || []);
        })
        .catch(function () { /* Suggestions are a convenience; the search works without them. */ });
    }

    box.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(function () {
        var text = box.value.trim();
        if (text === asked) { return; }
        if (text.length < minLength || (skip && skip.test(text))) {
          // Nothing to suggest for this text: neither the older text's names nor an answer still on its way.
          forgetQuestion();
          asked = text;
          show([]);
          return;
        }
        ask(text);
      }, PAUSE_MS);
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("input[list][data-autocomplete]"), attach);
})();
