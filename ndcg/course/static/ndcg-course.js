/* ndcg-course.js: activates the course's kernel-free views in the built book.
 *
 * Shipped with the package (ndcg/course/static/); the Sphinx extension
 * ndcg.course.sphinx_assets copies it into _build/html/_static/ and loads it on
 * every page that holds a view.  A view is an HTML skeleton made by
 * ndcg.course.cards (flashcards() or quiz()) with its data in a JSON island:
 *
 *   <div class="ndcg-kf ndcg-fc" data-ndcg-view="flashcards" ...>
 *     ... the first card, the buttons (hidden until activated) ...
 *     <script type="application/json" data-ndcg-data>{"cards": [...]}</script>
 *   </div>
 *
 * The cards and questions in the JSON are already HTML (maths as \( \) and
 * \[ \], typeset by the book's MathJax).  This script finds every view,
 * reads its data and wires its buttons; it sets data-ready="true" on a view
 * once the view responds.  It loads nothing and needs no kernel.
 */
(function () {
  "use strict";

  /* MathJax typesets the page once; a view typesets what it changes. */
  function typeset(elements) {
    var mj = window.MathJax;
    if (mj && mj.startup && mj.startup.promise && mj.typesetPromise) {
      mj.startup.promise.then(function () {
        if (mj.typesetClear) { mj.typesetClear(elements); }
        return mj.typesetPromise(elements);
      }).catch(function (err) { console.log("MathJax: " + err); });
    }
  }

  function readData(root) {
    var island = root.querySelector("script[data-ndcg-data]");
    return JSON.parse(island.textContent);
  }

  function role(root, name) {
    return root.querySelector("[data-role=" + name + "]");
  }

  function enable(root) {
    var hidden = root.querySelectorAll("[data-until-ready]");
    for (var i = 0; i < hidden.length; i++) { hidden[i].hidden = false; }
    var buttons = root.querySelectorAll("button[disabled]");
    for (var j = 0; j < buttons.length; j++) { buttons[j].disabled = false; }
  }

  /* Flashcards: the Leitner rule of ndcg.course.cards.Leitner, step for step.
   * Five boxes; "got it" moves the shown card up one box (at most 5), "again"
   * sends it to box 1.  A card in box b is due INTERVALS[b] steps after it was
   * shown.  The next card has the earliest due step, then the lower box, then
   * was seen longest ago, then comes first in the deck order (which shuffle
   * changes); the card just shown is never shown twice in a row. */
  function flashcards(root) {
    var cards = readData(root).cards, n = cards.length;
    var INTERVALS = [0, 1, 2, 4, 8, 16];
    var box = [], due = [], last = [], rank = [], history = [];
    var step = 0, current = 0, flipped = false;
    for (var i = 0; i < n; i++) { box.push(1); due.push(0); last.push(-1); rank.push(i); }
    var front = role(root, "front"), back = role(root, "back"), card = role(root, "card"),
        source = role(root, "source"), label = role(root, "label"), status = role(root, "status"),
        flip = role(root, "flip");

    function less(a, b) {
      var ka = [due[a], box[a], last[a], rank[a]], kb = [due[b], box[b], last[b], rank[b]];
      for (var j = 0; j < 4; j++) { if (ka[j] !== kb[j]) { return ka[j] < kb[j]; } }
      return false;
    }
    function pick(exclude) {
      var best = -1;
      for (var j = 0; j < n; j++) {
        if (j === exclude && n > 1) { continue; }
        if (best < 0 || less(j, best)) { best = j; }
      }
      return best;
    }
    function show(changed) {
      var c = cards[current];
      card.setAttribute("data-card-id", c.id);
      if (changed) {
        front.innerHTML = c.front;
        back.innerHTML = c.back;
      }
      source.textContent = c.source ? "Source: " + c.source : "";
      back.hidden = !flipped;
      source.hidden = !flipped;
      label.textContent = flipped ? "Question and answer" : "Question (click to flip)";
      flip.textContent = flipped ? "Hide answer" : "Flip";
      card.setAttribute("aria-expanded", String(flipped));
      var counts = [0, 0, 0, 0, 0, 0];
      for (var j = 0; j < n; j++) { counts[box[j]]++; }
      status.textContent = "Card " + (current + 1) + " of " + n + " \u00b7 in box " + box[current] +
        " \u00b7 boxes 1\u20135: " + counts.slice(1).join(" / ");
      if (changed) { typeset([front, back]); }
    }
    function advance() {
      last[current] = step;
      due[current] = step + INTERVALS[box[current]];
      history.push(current);
      step += 1;
      current = pick(current);
      flipped = false;
      show(true);
    }
    var actions = {
      flip: function () { flipped = !flipped; show(false); },
      next: function () { advance(); },
      previous: function () {
        if (history.length) { current = history.pop(); flipped = false; show(true); }
      },
      got: function () { box[current] = Math.min(box[current] + 1, 5); advance(); },
      again: function () { box[current] = 1; advance(); },
      shuffle: function () {
        var order = [], j;
        for (j = 0; j < n; j++) { order.push(j); }
        for (j = n - 1; j > 0; j--) {
          var r = Math.floor(Math.random() * (j + 1)), t = order[j];
          order[j] = order[r]; order[r] = t;
        }
        for (j = 0; j < n; j++) { rank[order[j]] = j; }
        current = pick(-1); flipped = false; show(true);
      }
    };
    root.addEventListener("click", function (event) {
      var button = event.target.closest("[data-action]");
      if (button && root.contains(button)) { actions[button.getAttribute("data-action")](); return; }
      if (event.target.closest("[data-role=card]")) { actions.flip(); }
    });
    card.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); actions.flip(); }
    });
    card.setAttribute("tabindex", "0");
    card.setAttribute("role", "button");
    show(false);
  }

  /* Quiz: every option, when chosen, shows its own feedback and is marked right or
   * wrong; the score counts the questions answered right at the first try. */
  function quiz(root) {
    var questions = readData(root).questions, total = questions.length;
    var first = {}, solved = {};
    var score = role(root, "score");

    function update() {
      var answered = 0, right = 0;
      for (var key in first) {
        if (Object.prototype.hasOwnProperty.call(first, key)) { answered++; if (first[key]) { right++; } }
      }
      score.textContent = "Answered " + answered + " of " + total + " \u00b7 right at the first try: " +
        right + (answered < total ? "" : right === total ? " \u00b7 perfect score! \ud83c\udf89" :
        " \u00b7 well done!");
    }
    function mark(correct) {
      var fragment = document.createDocumentFragment();
      var icon = document.createElement("span");
      icon.setAttribute("aria-hidden", "true");
      icon.textContent = correct ? "\u2705 " : "\u274c ";
      var said = document.createElement("span");
      said.className = "ndcg-sr";
      said.textContent = correct ? "Correct. " : "Incorrect. ";
      fragment.appendChild(icon);
      fragment.appendChild(said);
      return fragment;
    }
    root.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-option]");
      if (!button || !root.contains(button)) { return; }
      var box = button.closest("[data-question]");
      var qi = Number(box.getAttribute("data-index")), oi = Number(button.getAttribute("data-option"));
      var question = questions[qi], option = question.options[oi];
      if (!(question.id in first)) { first[question.id] = option.correct; }
      if (option.correct) { solved[question.id] = true; }
      button.classList.add(option.correct ? "is-correct" : "is-wrong");
      button.setAttribute("aria-pressed", "true");
      var feedback = role(box, "feedback");
      feedback.className = "ndcg-qz-fb " + (option.correct ? "is-correct" : "is-wrong");
      feedback.setAttribute("data-shown", String(oi));
      feedback.innerHTML = option.feedback;
      var lead = feedback.firstElementChild;
      if (lead && lead.tagName === "P") {
        lead.insertBefore(mark(option.correct), lead.firstChild);
      } else {
        var p = document.createElement("p");
        p.appendChild(mark(option.correct));
        feedback.insertBefore(p, feedback.firstChild);
      }
      if (!option.correct && !solved[question.id]) {
        var again = document.createElement("p");
        again.innerHTML = "<em>Try another option.</em>";
        feedback.appendChild(again);
      }
      feedback.hidden = false;
      typeset([feedback]);
      update();
    });
    update();
  }

  var KINDS = { flashcards: flashcards, quiz: quiz };

  /* Activate every view of the page that is not active yet (safe to call again). */
  function hydrate(scope) {
    var views = (scope || document).querySelectorAll("[data-ndcg-view]:not([data-ready])");
    for (var i = 0; i < views.length; i++) {
      var root = views[i], kind = KINDS[root.getAttribute("data-ndcg-view")];
      if (!kind) { continue; }
      try {
        kind(root);
        enable(root);
        root.setAttribute("data-ready", "true");
      } catch (err) {
        console.log("ndcg-course: could not activate a view: " + err);
      }
    }
  }

  window.ndcgCourse = { hydrate: hydrate };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { hydrate(); });
  } else {
    hydrate();
  }
})();
