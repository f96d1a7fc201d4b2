// The review page's behaviour, on top of links and forms that work without it:
// - choosing a verdict item highlights the transcript turns it cites and scrolls to them
//   (the "Turn 3, 4" link goes to the right transcript window without JavaScript);
// - keys: j/k move between items, a/d press the item's first/second verdict button,
//   n/p follow the next/previous conversation links, ? opens the list of keys.
// Every key maps to a link or a button already on the page, so a mouse does the same.
(function () {
  "use strict";

  var current = null; // the chosen verdict item (an <li data-verdict>)
  var advanceAfterSwap = false; // a/d by keyboard move on to the next item once saved
  var jumpBack = null;

  function verdicts() {
    return Array.prototype.slice.call(document.querySelectorAll("[data-verdict]"));
  }

  function turnsOf(item) {
    var text = item.getAttribute("data-turns") || "";
    return text.split(" ").filter(Boolean);
  }

  function clearHighlight() {
    document.querySelectorAll(".turn.is-cited").forEach(function (turn) {
      turn.classList.remove("is-cited");
    });
  }

  function isStacked() {
    // One column (a phone): the transcript is below the verdicts, not beside them.
    var pane = document.querySelector(".transcript-pane");
    var summary = document.querySelector(".summary-pane");
    return pane && summary && pane.offsetTop > summary.offsetTop + 10;
  }

  // Highlight the turns an item cites; true when they are all on this transcript window.
  function highlight(item, scroll) {
    clearHighlight();
    var found = [];
    turnsOf(item).forEach(function (index) {
      var turn = document.getElementById("turn-" + index);
      if (turn) {
        turn.classList.add("is-cited");
        found.push(turn);
      }
    });
    if (scroll && found.length) {
      found[0].scrollIntoView({ block: "center" });
      if (isStacked() && jumpBack) {
        jumpBack.hidden = false;
      }
    }
    return found.length === turnsOf(item).length;
  }

  function choose(item, options) {
    options = options || {};
    if (current && current !== item) {
      current.classList.remove("is-current");
      current.removeAttribute("aria-current");
    }
    current = item;
    item.classList.add("is-current");
    item.setAttribute("aria-current", "true");
    if (options.focus !== false) {
      item.focus({ preventScroll: true });
      if (options.scrollItem) {
        item.scrollIntoView({ block: "nearest" });
      }
    }
    return highlight(item, options.scrollTurns !== false && !isStacked());
  }

  function move(step) {
    var items = verdicts();
    if (!items.length) {
      return;
    }
    var at = current ? items.indexOf(document.getElementById(current.id)) : -1;
    var next = items[Math.min(items.length - 1, Math.max(0, at + step))];
    if (at === -1) {
      next = step > 0 ? items[0] : items[items.length - 1];
    }
    choose(next, { scrollItem: true });
  }

  function press(key) {
    if (!current) {
      move(1);
    }
    var item = current && document.getElementById(current.id);
    if (!item) {
      return;
    }
    var button = item.querySelector('button[data-key="' + key + '"]');
    if (button) {
      advanceAfterSwap = true;
      button.click();
    }
  }

  function follow(key) {
    var link = document.querySelector('a[data-key="' + key + '"]');
    if (link) {
      window.location.assign(link.href);
    }
  }

  function toggleShortcuts() {
    var dialog = document.getElementById("shortcuts");
    if (!dialog) {
      return;
    }
    if (dialog.open) {
      dialog.close();
    } else {
      dialog.showModal();
    }
  }

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) {
      return;
    }
    var dialog = document.getElementById("shortcuts");
    if (dialog && dialog.open && event.key !== "?") {
      return; // the dialog handles Esc itself
    }
    switch (event.key) {
      case "j":
        move(1);
        break;
      case "k":
        move(-1);
        break;
      case "a":
      case "d":
        press(event.key);
        break;
      case "n":
      case "p":
        follow(event.key);
        break;
      case "?":
        toggleShortcuts();
        break;
      default:
        return;
    }
    event.preventDefault();
  });

  // A click on an item (not on its buttons or comment) chooses it; a click on its turn link
  // highlights in place when the turns are on this window, else the link goes to theirs.
  document.addEventListener("click", function (event) {
    var opener = event.target.closest("[data-shortcuts-open]");
    if (opener) {
      toggleShortcuts();
      return;
    }
    if (event.target.closest(".jump-back")) {
      if (current) {
        current.scrollIntoView({ block: "center" });
        current.focus({ preventScroll: true });
      }
      jumpBack.hidden = true;
      return;
    }
    var item = event.target.closest("[data-verdict]");
    if (!item || event.target.closest("form")) {
      return;
    }
    var link = event.target.closest(".turn-link");
    var allHere = choose(item, { scrollTurns: false, focus: !link });
    if (link) {
      if (!allHere) {
        return; // the link opens the transcript window with these turns
      }
      event.preventDefault();
      highlight(item, true);
      if (isStacked() && jumpBack) {
        jumpBack.hidden = false;
      }
    } else {
      highlight(item, true);
    }
  });

  // HTMX put a saved item back: keep it chosen, and after a/d move on to the next one.
  document.addEventListener("htmx:afterSettle", function (event) {
    var item = event.detail.elt;
    if (!item || !item.matches || !item.matches("[data-verdict]")) {
      return;
    }
    if (current && current.id === item.id) {
      choose(item, { scrollTurns: false });
      if (advanceAfterSwap) {
        advanceAfterSwap = false;
        move(1);
      }
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    jumpBack = document.querySelector(".jump-back");
    var run = document.getElementById("run-picker");
    if (run && run.form) {
      // Switching runs needs no extra click with JavaScript.
      run.addEventListener("change", function () {
        run.form.submit();
      });
    }
    // Arriving on a cited turn (#turn-12): show it highlighted.
    var hash = window.location.hash;
    if (hash && hash.indexOf("#turn-") === 0) {
      var turn = document.getElementById(hash.slice(1));
      if (turn) {
        turn.classList.add("is-cited");
      }
    }
  });
})();
