// Keeps the learner's progress in this browser (no account): a lesson answered right is marked done, and the
// lesson list shows which are. Everything works without this script; it only remembers.
(function () {
  "use strict";
  var KEY = "guardians-learn-done";
  function load() {
    try { return JSON.parse(window.localStorage.getItem(KEY) || "{}") || {}; } catch (e) { return {}; }
  }
  function save(done) {
    try { window.localStorage.setItem(KEY, JSON.stringify(done)); } catch (e) { /* private mode: nothing kept */ }
  }
  var done = load();
  var form = document.querySelector("[data-lesson-form]");
  if (form && form.querySelector('.learn-verdict[data-correct="1"]')) {
    done[form.getAttribute("data-lesson-form")] = true;
    save(done);
  }
  var items = document.querySelectorAll("[data-lesson]");
  var count = 0;
  items.forEach(function (item) {
    if (done[item.getAttribute("data-lesson")]) {
      count += 1;
      var mark = item.querySelector(".learn-done");
      if (mark) { mark.hidden = false; }
    }
  });
  var progress = document.querySelector("[data-progress]");
  if (progress && items.length) {
    progress.querySelector("[data-progress-count]").textContent = String(count);
    progress.hidden = false;
  }
})();
