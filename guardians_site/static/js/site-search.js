// Completions for the header's search box. The box is a plain GET form and works without this
// script; here it only fills the box's datalist with rule numbers, ruling ids, card names and terms.
(function () {
  "use strict";
  var box = document.getElementById("site-search-q");
  if (!box || !window.fetch) { return; }
  var list = document.getElementById(box.getAttribute("list"));
  if (!list) { return; }
  var timer = null, asked = "", controller = null;
  box.addEventListener("input", function () {
    window.clearTimeout(timer);
    timer = window.setTimeout(function () {
      var text = box.value.trim();
      if (!text || text === asked) { return; }
      asked = text;
      if (controller && controller.abort) { controller.abort(); }
      controller = window.AbortController ? new AbortController() : null;
      fetch(box.getAttribute("data-suggest") + "?q=" + encodeURIComponent(text),
            {headers: {"Accept": "application/json"}, signal: controller ? controller.signal : undefined})
        .then(function (response) { return response.ok ? response.json() : {results: []}; })
        .then(function (body) {
          list.textContent = "";
          body.results.forEach(function (item) {
            var option = document.createElement("option");
            option.value = item.value;
            option.label = item.label;
            list.appendChild(option);
          });
        })
        .catch(function () { /* Suggestions are a convenience; the search works without them. */ });
    }, 120);
  });
})();
