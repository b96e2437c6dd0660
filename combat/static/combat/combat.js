/* Combat simulator: a little JavaScript on top of pages that work without it.
   - Step-through: previous/next/jump links load the next step in place; arrow keys step.
   - Set-up form: add creatures by name with autocomplete; the stats and the stacking meter
     follow the creature list as it changes. */
(function () {
  "use strict";
  document.documentElement.classList.add("has-js");

  var STACKING_LIMIT = 30;

  /* ---- Step-through ---- */
  var stepper = document.getElementById("stepper");
  if (stepper) {
    var loading = false;
    /* The stepper is redrawn after each step; the control that was used gets the focus back, so
       Enter on "Next" can be pressed again (and "Previous" takes over when "Next" is gone). */
    var focusKeyOf = function (element) {
      if (!element || !stepper.contains(element)) { return null; }
      var rel = element.getAttribute("rel");
      if (rel) { return { rel: rel }; }
      if (element.closest(".chapters")) { return { chapter: element.textContent.trim() }; }
      return { id: element.id || null };
    };
    var restoreFocus = function (key) {
      if (!key) { return; }
      var target = null;
      if (key.rel) {
        target = stepper.querySelector('.step-nav a[rel="' + key.rel + '"]') ||
          stepper.querySelector('.step-nav a[rel="' + (key.rel === "next" ? "prev" : "next") + '"]');
      } else if (key.chapter) {
        target = Array.prototype.find.call(stepper.querySelectorAll(".chapters a"), function (link) {
          return link.textContent.trim() === key.chapter;
        });
      } else if (key.id) {
        target = document.getElementById(key.id);
      }
      if (!target) {
        target = document.getElementById("step-count");
        if (target) { target.setAttribute("tabindex", "-1"); }
      }
      if (target) { target.focus(); }
    };
    var show = function (url, push) {
      if (loading) { return; }
      loading = true;
      fetch(url, { headers: { "Accept": "text/html" } })
        .then(function (response) { return response.text(); })
        .then(function (html) {
          var page = new DOMParser().parseFromString(html, "text/html");
          var fresh = page.getElementById("stepper");
          if (!fresh) { window.location.assign(url); return; }
          var focusKey = focusKeyOf(document.activeElement);
          stepper.innerHTML = fresh.innerHTML;
          stepper.dataset.step = fresh.dataset.step;
          document.title = page.title;
          if (push) { history.pushState({ step: fresh.dataset.step }, "", url); }
          restoreFocus(focusKey);
        })
        .catch(function () { window.location.assign(url); })
        .then(function () { loading = false; });
    };
    stepper.addEventListener("click", function (event) {
      var link = event.target.closest("a[data-step-link]");
      if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey || event.button !== 0) { return; }
      event.preventDefault();
      show(link.href, true);
    });
    document.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey) { return; }
      var target = event.target;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
      var rel = { ArrowRight: "next", ArrowLeft: "prev" }[event.key];
      if (!rel) { return; }
      var link = stepper.querySelector('.step-nav a[rel="' + rel + '"]');
      if (link) {
        event.preventDefault();
        show(link.href, true);
      }
    });
    window.addEventListener("popstate", function () { show(window.location.href, false); });
    /* A swipe across the step or its picture steps too, as on a phone's photo viewer: leftwards is Next.
       Only a clearly sideways stroke counts, so scrolling the page or the chapters' row never steps. */
    var swipeStart = null;
    stepper.addEventListener("touchstart", function (event) {
      var touch = event.changedTouches[0];
      var area = event.target.closest && event.target.closest(".current-step, .combat-picture");
      swipeStart = area && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    }, { passive: true });
    stepper.addEventListener("touchend", function (event) {
      if (!swipeStart) { return; }
      var touch = event.changedTouches[0];
      var dx = touch.clientX - swipeStart.x;
      var dy = touch.clientY - swipeStart.y;
      swipeStart = null;
      if (Math.abs(dx) < 60 || Math.abs(dy) > Math.abs(dx) / 2) { return; }
      var link = stepper.querySelector('.step-nav a[rel="' + (dx < 0 ? "next" : "prev") + '"]');
      if (link) { show(link.href, true); }
    }, { passive: true });
  }

  /* ---- Duel step-through: its steps are whole pages; the arrow keys follow its links, as on a combat's ---- */
  var duelNav = document.querySelector(".stepper-nav");
  if (!stepper && duelNav) {
    document.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey) { return; }
      var target = event.target;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) { return; }
      var rel = { ArrowRight: "next", ArrowLeft: "prev" }[event.key];
      var link = rel ? duelNav.querySelector('a[rel="' + rel + '"]') : null;
      if (link) {
        event.preventDefault();
        window.location.assign(link.href);
      }
    });
    /* A sideways swipe across the current step or its picture follows the same links (leftwards: Next). */
    var duelLayout = document.querySelector(".duel-step-layout");
    var duelSwipe = null;
    if (duelLayout) {
      duelLayout.addEventListener("touchstart", function (event) {
        var touch = event.changedTouches[0];
        duelSwipe = event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
      }, { passive: true });
      duelLayout.addEventListener("touchend", function (event) {
        if (!duelSwipe) { return; }
        var touch = event.changedTouches[0];
        var dx = touch.clientX - duelSwipe.x;
        var dy = touch.clientY - duelSwipe.y;
        duelSwipe = null;
        if (Math.abs(dx) < 60 || Math.abs(dy) > Math.abs(dx) / 2) { return; }
        var swiped = duelNav.querySelector('a[rel="' + (dx < 0 ? "next" : "prev") + '"]');
        if (swiped) { window.location.assign(swiped.href); }
      }, { passive: true });
    }
  }

  /* ---- Copy buttons (notation, step links) ---- */
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-copy]");
    if (!button) { return; }
    var field = document.getElementById(button.dataset.copy);
    var status = button.parentNode.querySelector(".copy-status");
    if (!field) { return; }
    var done = function (message) { if (status) { status.textContent = message; } };
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(field.value).then(function () { done("Copied."); }, function () {
        field.select(); done("Selected: press Ctrl+C to copy.");
      });
    } else {
      field.select();
      done("Selected: press Ctrl+C to copy.");
    }
  });

  /* ---- Duel form: the round actions' builder, drawn by the server from the whole form ---- */
  var duelForm = document.getElementById("duel-form");
  var duelRounds = document.getElementById("duel-rounds");
  if (duelForm && duelRounds && window.fetch) {
    var roundsUrl = duelRounds.dataset.roundsUrl;
    var roundsRequest = 0;
    /* The address follows the form, so a reload or a bookmark brings back the duel built so far. */
    var keepDuelInAddress = function () {
      if (!window.history || !history.replaceState) { return; }
      var kept = new URLSearchParams();
      new URLSearchParams(new FormData(duelForm)).forEach(function (value, name) {
        if (value && name !== "act" && name !== "refresh" && !/^[ps]-add-/.test(name)) { kept.append(name, value); }
      });
      kept.set("refresh", "1");
      history.replaceState(history.state, "", duelForm.action + "?" + kept.toString());
    };
    /* What a button did, said to a screen reader: the list it changed is redrawn out of its sight. */
    var listed = function (act) {
      return document.querySelectorAll("#round-" + (act || "").charAt(0) + "-list .action-label");
    };
    var announce = function (act, before) {
      var status = document.getElementById("rounds-status");
      var found = act ? /^([ps])-(?:(add|add-chosen)|(clear)|[0-9]+-(up|down|remove))$/.exec(act) : null;
      if (!status || !found) { return; }
      var labels = listed(act);
      var text = found[2] ? (labels.length > before ? "Added: " + labels[labels.length - 1].textContent + "." : "Nothing added: that action is no longer offered.")
        : found[3] ? "Every action of the round removed."
        : found[4] === "remove" ? "Action removed." : "Action moved.";
      status.textContent = text;
    };
    var redrawRounds = function (extra, focusIds) {
      var data = new URLSearchParams(new FormData(duelForm));
      data.delete("act");
      data.delete("refresh");
      if (extra) { Object.keys(extra).forEach(function (name) { data.set(name, extra[name]); }); }
      var ticket = ++roundsRequest;
      var before = listed(extra && extra.act).length;
      var active = document.activeElement;
      var wanted = focusIds || (active && duelRounds.contains(active) && active.id ? [active.id] : []);
      var open = Array.prototype.map.call(duelRounds.querySelectorAll("details[open]"), function (node) {
        return node.closest("fieldset").id;
      });
      fetch(roundsUrl + "?" + data.toString(), { headers: { "Accept": "text/html" } })
        .then(function (response) { return response.text(); })
        .then(function (html) {
          if (ticket !== roundsRequest) { return; }
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("duel-rounds");
          if (!fresh) { return; }
          duelRounds.innerHTML = fresh.innerHTML;
          open.forEach(function (id) {
            var details = document.querySelector("#" + id + " details");
            if (details) { details.open = true; }
          });
          var target = null;
          wanted.some(function (id) { target = document.getElementById(id); return target; });
          if (!target) { target = duelRounds.querySelector("select, button"); }
          if (target && target !== document.activeElement) { target.focus(); }
          keepDuelInAddress();
          announce(extra && extra.act, before);
        })
        .catch(function () { /* The buttons still submit the form, which redraws the lists. */ });
    };
    duelForm.addEventListener("click", function (event) {
      var button = event.target.closest("button.duel-edit");
      if (!button) { return; }
      event.preventDefault();
      redrawRounds({ act: button.value }, (button.dataset.focus || button.id).split(" "));
    });
    var duelTimer = null;
    duelForm.addEventListener("change", function (event) {
      if (!event.target.name) { return; }
      if (event.target.matches("select.duel-pick")) { redrawRounds(null, [event.target.id]); return; }
      clearTimeout(duelTimer);
      duelTimer = setTimeout(function () { redrawRounds(); }, 200);
    });
  }

  /* ---- Set-up form ---- */
  var form = document.getElementById("setup-form");
  if (!form || !window.fetch) { return; }

  /* The match-up board is drawn by the server from the whole form: redrawn after every change, so
     the rows, the legal picks and the notation always agree with what the form will submit. */
  var board = document.getElementById("matchup-board");
  var boardUrl = form.dataset.boardUrl;
  var boardRequest = 0;
  /* focusIds: the controls that should have the focus after the redraw, the first one still drawn wins
     (a creature or an action moved to the end of its list keeps only its other arrow). */
  var redrawBoard = function (extra, focusIds) {
    if (!board || !boardUrl) { return; }
    var data = new URLSearchParams(new FormData(form));
    data.delete("move");
    data.delete("act");
    if (extra) { Object.keys(extra).forEach(function (name) { data.set(name, extra[name]); }); }
    var ticket = ++boardRequest;
    var active = document.activeElement;
    var wanted = focusIds || (active && board.contains(active) && active.id ? [active.id] : []);
    fetch(boardUrl + "?" + data.toString(), { headers: { "Accept": "text/html" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        if (ticket !== boardRequest) { return; }
        var page = new DOMParser().parseFromString(html, "text/html");
        var freshBoard = page.getElementById("matchup-board");
        var freshNotation = page.getElementById("notation-live");
        var open = Array.prototype.map.call(board.querySelectorAll("details[open][id]"), function (node) { return node.id; });
        if (freshBoard) { board.innerHTML = freshBoard.innerHTML; }
        open.forEach(function (id) { var node = document.getElementById(id); if (node) { node.open = true; } });
        var notation = document.getElementById("notation-live");
        if (freshNotation && notation) { notation.innerHTML = freshNotation.innerHTML; }
        var target = null;
        wanted.some(function (id) { target = document.getElementById(id); return target; });
        if (target && target !== document.activeElement) { target.focus(); }
        keepInAddress();
      })
      .catch(function () { /* The "Update the match-ups" button still works. */ });
  };
  /* The address follows the form (as the form's "Update the match-ups" button would send it), so a reload, or
     a bookmark, brings back everything built so far: browsers keep nothing of a form on reload. */
  var keepInAddress = function () {
    if (!window.history || !history.replaceState) { return; }
    var kept = new URLSearchParams();
    new URLSearchParams(new FormData(form)).forEach(function (value, name) {
      if (value && name !== "move" && name !== "act" && name !== "refresh") { kept.append(name, value); }
    });
    kept.set("refresh", "1");
    history.replaceState(history.state, "", form.action + "?" + kept.toString());
  };
  var timer = null;
  var redrawSoon = function () {
    clearTimeout(timer);
    timer = setTimeout(function () { redrawBoard(); }, 350);
  };
  form.addEventListener("change", function (event) {
    if (!event.target.name) { return; }
    if (event.target.matches("select, input[type=checkbox]")) { redrawBoard(); } else { redrawSoon(); }
  });
  form.addEventListener("input", function (event) {
    if (!event.target.name) { return; }
    // A text box on the board is read when it is left: a redraw while typing would move the caret.
    if (board && board.contains(event.target) && event.target.type === "text") { return; }
    if (event.target.matches("textarea, input[type=text], input[type=number], input:not([type])")) { redrawSoon(); }
  });
  /* One way to change a side's play order, used by the arrow buttons and by dragging: the creature at
     place `from` goes to place `to`, and the focus goes to the first of `focusIds` still drawn. */
  var reorder = function (letter, from, to, focusIds) {
    redrawBoard({ move: letter + "-" + from + "-to-" + to }, focusIds);
  };
  var otherArrow = function (id) {
    return id.replace(/-(up|down)$/, function (m, way) { return way === "up" ? "-down" : "-up"; });
  };
  form.addEventListener("click", function (event) {
    var button = event.target.closest("button.move, button.action-edit");
    if (!button) { return; }
    event.preventDefault();
    if (button.name === "act") {
      var focus = (button.dataset.focus || button.id).split(" ");
      redrawBoard({ act: button.value }, focus);
      return;
    }
    var step = /^([ad])-([0-9]+)-(up|down)$/.exec(button.value);
    if (!step) { return; }
    var from = Number(step[2]);
    reorder(step[1], from, step[3] === "up" ? from - 1 : from + 1, [button.id, otherArrow(button.id)]);
  });
  form.addEventListener("creatures-changed", function () { redrawBoard(); });

  /* Dragging a creature onto another of its side puts it in that place of the order. */
  var dragged = null;
  var dropTarget = function (event) {
    var over = event.target.closest ? event.target.closest("[data-position]") : null;
    return dragged && over && over !== dragged && over.dataset.letter === dragged.dataset.letter ? over : null;
  };
  var clearDrop = function () {
    form.querySelectorAll(".drop-target").forEach(function (node) { node.classList.remove("drop-target"); });
  };
  form.addEventListener("dragstart", function (event) {
    var item = event.target.closest ? event.target.closest("[data-position]") : null;
    if (!item) { return; }
    dragged = item;
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", item.textContent.trim());
  });
  form.addEventListener("dragover", function (event) {
    var over = dropTarget(event);
    if (!over) { return; }
    event.preventDefault();
    clearDrop();
    over.classList.add("drop-target");
  });
  form.addEventListener("drop", function (event) {
    var over = dropTarget(event);
    if (!over) { return; }
    event.preventDefault();
    clearDrop();
    reorder(dragged.dataset.letter, dragged.dataset.position, over.dataset.position);
    dragged = null;
  });
  form.addEventListener("dragend", function () { dragged = null; clearDrop(); });
  var creatures = null;
  var byKey = {};

  var key = function (text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/'/g, "").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  };
  var find = function (text) { return byKey[key(text.split("#")[0])] || null; };
  var el = function (tag, text, className) {
    var node = document.createElement(tag);
    if (text !== undefined && text !== null) { node.textContent = text; }
    if (className) { node.className = className; }
    return node;
  };
  var ICONS = { babes: ["\u2665", "Babes"], gold: ["\u25cf", "Gold"], beer: ["\u25ae", "Beer"] };

  var linesOf = function (textarea) {
    return textarea.value.split("\n").map(function (line) { return line.trim(); }).filter(Boolean);
  };

  var renderStats = function (side) {
    var textarea = document.getElementById("id_" + side + "-creatures");
    var box = form.querySelector('[data-stats-for="' + side + '"]');
    if (!textarea || !box || !creatures) { return; }
    var body = box.querySelector("tbody");
    body.textContent = "";
    var total = 0;
    var lines = linesOf(textarea);
    lines.forEach(function (line, index) {
      var creature = find(line);
      var row = el("tr");
      if (!creature) {
        row.className = "unknown";
        row.appendChild(el("th", line)).scope = "row";
        var cell = el("td", "No creature by this name", "field-error");
        cell.colSpan = 5;
        row.appendChild(cell);
      } else {
        total += creature.stacking;
        var name = el("th");
        name.scope = "row";
        if (creature.made_up) {
          // A made-up creature has no card page.
          name.appendChild(document.createTextNode(creature.name + " "));
          name.appendChild(el("small", "(made-up)"));
        } else {
          var link = el("a", creature.name);
          link.href = "/cards/" + creature.slug + "/";
          name.appendChild(link);
        }
        row.appendChild(name);
        row.appendChild(el("td", String(creature.vitality), "num"));
        row.appendChild(el("td", String(creature.stacking), "num"));
        var border = el("td");
        var swatch = el("span", null, "swatch swatch-" + creature.border);
        swatch.setAttribute("aria-hidden", "true");
        border.appendChild(swatch);
        border.appendChild(document.createTextNode(creature.border));
        row.appendChild(border);
        var bribery = el("td");
        if (!creature.bribery.length) { bribery.appendChild(el("span", "no bribery icon", "muted")); }
        creature.bribery.forEach(function (icon) {
          var symbol = el("span", ICONS[icon][0], "bribe bribe-" + icon);
          symbol.setAttribute("role", "img");
          symbol.setAttribute("aria-label", "Bribeable with " + ICONS[icon][1]);
          symbol.title = "Bribeable with " + ICONS[icon][1];
          bribery.appendChild(symbol);
          bribery.appendChild(document.createTextNode(" "));
        });
        row.appendChild(bribery);
        var notes = [];
        if (creature.flying) { notes.push("flying"); }
        if (creature.ranged) { notes.push("ranged " + creature.ranged); }
        if (creature.command) { notes.push("command"); }
        var noteCell = el("td");
        if (creature.ocb) {
          /* "OCB" is linked to the glossary, as the server draws it: a newcomer cannot guess the letters. */
          var ocbUrl = box.dataset.ocbUrl;
          noteCell.appendChild(ocbUrl ? el("a", "OCB", "term") : document.createTextNode("OCB"));
          if (ocbUrl) { noteCell.lastChild.href = ocbUrl; }
          noteCell.appendChild(document.createTextNode(" +" + creature.ocb + " vs " + creature.ocb_against + (notes.length ? " " : "")));
        }
        noteCell.appendChild(document.createTextNode(notes.join(" ")));
        row.appendChild(noteCell);
      }
      var actions = el("td");
      var remove = el("button", "Remove", "remove");
      remove.type = "button";
      remove.setAttribute("aria-label", "Remove " + (creature ? creature.name : line));
      remove.addEventListener("click", function () {
        var kept = linesOf(textarea);
        kept.splice(index, 1);
        textarea.value = kept.join("\n");
        renderStats(side);
        form.dispatchEvent(new Event("creatures-changed"));
      });
      actions.appendChild(remove);
      row.appendChild(actions);
      body.appendChild(row);
    });
    if (!lines.length) {
      var empty = el("td", "No creature yet.", "muted");
      empty.colSpan = 7;
      body.appendChild(el("tr")).appendChild(empty);
    }
    var head = box.querySelector("thead tr");
    if (head && head.children.length < 7) {
      // A header with words, read as the column's name; shown only to screen readers, as the buttons say it.
      var removeHead = head.appendChild(el("th", null, "remove-column"));
      removeHead.scope = "col";
      removeHead.appendChild(el("span", "Remove", "visually-hidden"));
    }
    var meter = box.querySelector("meter");
    meter.value = total;
    meter.textContent = String(total);
    var stacking = box.querySelector(".stacking");
    stacking.classList.toggle("over-limit", total > STACKING_LIMIT);
    var text = stacking.querySelector(".stacking-text");
    text.textContent = "";
    text.appendChild(el("strong", String(total)));
    text.appendChild(document.createTextNode(" of " + STACKING_LIMIT + " points" + (total > STACKING_LIMIT ? ": over the limit" : "")));
  };

  /* The names closest to what was typed (at most three, by edit distance on the simplified names), so a
     misspelt name is answered with the one meant rather than only "no such card". */
  var distance = function (a, b) {
    var previous = [], current, i, j;
    for (j = 0; j <= b.length; j++) { previous.push(j); }
    for (i = 1; i <= a.length; i++) {
      current = [i];
      for (j = 1; j <= b.length; j++) {
        current.push(Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
      }
      previous = current;
    }
    return previous[b.length];
  };
  var nearest = function (text, names) {
    var typed = key(text);
    if (!typed) { return []; }
    var limit = Math.max(2, Math.floor(typed.length / 3));
    return names
      .map(function (name) { return { name: name, cost: distance(typed, key(name)) }; })
      .filter(function (item) { return item.cost <= limit; })
      .sort(function (x, y) { return x.cost - y.cost || (x.name < y.name ? -1 : 1); })
      .slice(0, 3)
      .map(function (item) { return item.name; });
  };

  /* A name box with an Add button above a list textarea: a known name is appended as a line, an unknown
     one is named in a message. Serves the shield's creatures and the storage hand alike. */
  var addNamePicker = function (textarea, picker) {
    var wrap = el("div", null, "add-creature");
    var label = el("label", picker.label, "visually-hidden");
    label.htmlFor = picker.id;
    var input = el("input");
    input.id = picker.id;
    input.setAttribute("list", picker.list);
    input.setAttribute("autocomplete", "off");
    input.placeholder = picker.placeholder;
    var button = el("button", "Add");
    button.type = "button";
    var message = el("p", "", "add-creature-message");
    message.setAttribute("aria-live", "polite");
    var add = function () {
      if (!input.value.trim()) { return; }
      var name = picker.nameOf(input.value);
      if (!name) {
        var near = nearest(input.value, picker.names());
        message.textContent = "No " + picker.kind + " called \u201c" + input.value.trim() + "\u201d." +
          (near.length ? " Did you mean " + near.join(" or ") + "?" : " Check the spelling, or pick a name from the list as you type.");
        return;
      }
      message.textContent = "";
      var lines = linesOf(textarea);
      lines.push(name);
      textarea.value = lines.join("\n");
      input.value = "";
      picker.added();
      form.dispatchEvent(new Event("creatures-changed"));
      input.focus();
    };
    button.addEventListener("click", add);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") { event.preventDefault(); add(); }
    });
    wrap.appendChild(label);
    wrap.appendChild(input);
    wrap.appendChild(button);
    textarea.parentNode.insertBefore(wrap, textarea);
    textarea.parentNode.insertBefore(message, textarea);
  };

  var addControls = function (fieldset) {
    var side = fieldset.dataset.side;
    var textarea = document.getElementById("id_" + side + "-creatures");
    if (!textarea) { return; }
    addNamePicker(textarea, {
      id: "add-" + side,
      list: "creature-names",
      label: "Add a creature by name",
      placeholder: "Add a creature by name",
      kind: "creature",
      nameOf: function (text) { var creature = find(text); return creature && creature.name; },
      names: function () { return creatures.map(function (creature) { return creature.name; }); },
      added: function () { renderStats(side); },
    });
    textarea.addEventListener("input", function () { renderStats(side); });
  };

  /* The storage hand takes spells, hand items and bribery cards by name, like the shield takes creatures. */
  var addHandControls = function (fieldset) {
    var side = fieldset.dataset.side;
    var textarea = document.getElementById("id_" + side + "-hand");
    var list = document.getElementById("hand-card-names");
    if (!textarea || !list) { return; }
    var names = {};
    list.querySelectorAll("option").forEach(function (option) { names[key(option.value)] = option.value; });
    addNamePicker(textarea, {
      id: "add-hand-" + side,
      list: "hand-card-names",
      label: "Add a card to the hand by name",
      placeholder: "Add a spell, item or bribery card",
      kind: "spell, hand item or bribery card",
      nameOf: function (text) { return names[key(text)]; },
      names: function () { return Object.keys(names).map(function (simple) { return names[simple]; }); },
      added: function () {},
    });
  };
  form.querySelectorAll("fieldset[data-side]").forEach(addHandControls);

  fetch("/combat/creatures.json")
    .then(function (response) { return response.json(); })
    .then(function (data) {
      creatures = data.creatures;
      var madeUp = document.getElementById("made-up-creatures");
      if (madeUp) { creatures = creatures.concat(JSON.parse(madeUp.textContent)); }
      var list = el("datalist");
      list.id = "creature-names";
      creatures.forEach(function (creature) {
        byKey[key(creature.name)] = creature;
        byKey[creature.slug] = creature;
        var option = el("option");
        option.value = creature.name;
        list.appendChild(option);
      });
      form.appendChild(list);
      form.querySelectorAll("fieldset[data-side]").forEach(function (fieldset) {
        addControls(fieldset);
        renderStats(fieldset.dataset.side);
      });
    })
    .catch(function () { /* The form still works as typed text. */ });
})();
