/* The theme switch. Loaded in <head> without defer, so a stored choice is applied before the page is drawn
   (no light flash on a dark page). The choice cycles system -> dark -> light and is kept in localStorage;
   "system" removes it, and then (as without JavaScript) the stylesheet follows prefers-color-scheme. */
(function () {
  "use strict";
  var KEY = "guardians-theme";
  var CHOICES = ["system", "dark", "light"];
  var root = document.documentElement;
  var stored = null;
  try { stored = window.localStorage.getItem(KEY); } catch (error) { /* storage refused: follow the system */ }
  if (stored === "dark" || stored === "light") { root.setAttribute("data-theme", stored); }

  var chosen = function () { return root.getAttribute("data-theme") || "system"; };
  var systemTheme = function () {
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  };
  var keep = function (choice) {
    try {
      if (choice === "system") { window.localStorage.removeItem(KEY); } else { window.localStorage.setItem(KEY, choice); }
    } catch (error) { /* the choice holds for this page only */ }
  };
  var label = function (button) {
    var choice = chosen();
    button.textContent = "Theme: " + (choice === "system" ? "auto" : choice);
    button.title = choice === "system" ? "Following the system's setting (" + systemTheme() + "); press for dark, then light"
      : "Press for " + (choice === "dark" ? "light" : "the system's setting");
    button.setAttribute("data-choice", choice);
  };

  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("theme-switch");
    if (!button) { return; }
    button.hidden = false;
    label(button);
    button.addEventListener("click", function () {
      var next = CHOICES[(CHOICES.indexOf(chosen()) + 1) % CHOICES.length];
      if (next === "system") { root.removeAttribute("data-theme"); } else { root.setAttribute("data-theme", next); }
      keep(next);
      label(button);
    });
    if (window.matchMedia) {
      var query = window.matchMedia("(prefers-color-scheme: dark)");
      if (query.addEventListener) { query.addEventListener("change", function () { label(button); }); }
    }
  });
}());
