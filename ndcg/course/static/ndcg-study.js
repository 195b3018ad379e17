/* ndcg-study.js: the reader's progress, chapter by chapter (the flashcards page).
 *
 * The view is made by ndcg.course.cards.progress(): a table with one row per chapter
 * (a link to the chapter's page, five Leitner boxes, the quiz questions answered and right
 * at the first try) and a JSON island with every chapter's card and question ids.
 * The chapters' flashcards and quiz (ndcg-course.js) save what the reader did with
 * ndcgCourse.store(root): keys "ndcg-course:<book version>:<page path>:<view id>:leitner"
 * and "...:quiz".  This view reads, for every chapter, the keys of this book version under
 * the chapter page's path (resolved from the row's relative link), counts them into the
 * table, and clears them all on "reset all" (after a confirmation step).
 */
import course from "./ndcg-course.js";

function storage() {
  try { return window.localStorage; } catch (err) { return null; }
}

/* Every stored value whose key starts with prefix and ends with ":" + name. */
function stored(prefix, name) {
  var s = storage(), found = [];
  if (!s) { return found; }
  try {
    for (var i = 0; i < s.length; i++) {
      var key = s.key(i);
      if (key && key.indexOf(prefix) === 0 && key.slice(-name.length - 1) === ":" + name) {
        try { found.push(JSON.parse(s.getItem(key))); } catch (err) { /* not ours */ }
      }
    }
  } catch (err) { /* refused */ }
  return found;
}

function progress(root) {
  var data = course.readData(root);
  var meta = document.querySelector('meta[name="ndcg-course-version"]');
  var version = meta ? meta.getAttribute("content") : "0";
  var status = course.role(root, "status");
  var rows = [];
  for (var i = 0; i < data.chapters.length; i++) {
    var chapter = data.chapters[i];
    var row = root.querySelector("tr[data-chapter='" + chapter.chapter + "']");
    var link = row.querySelector("a[data-role=link]");
    var path = new URL(link.getAttribute("href"), window.location.href).pathname;
    rows.push({ chapter: chapter, row: row, prefix: "ndcg-course:" + version + ":" + path + ":" });
  }

  function count() {
    var cards = 0, moved = 0, answered = 0;
    for (var i = 0; i < rows.length; i++) {
      var r = rows[i], boxes = [0, 0, 0, 0, 0, 0], box = {}, quiz = {};
      var decks = stored(r.prefix, "leitner"), quizzes = stored(r.prefix, "quiz");
      for (var d = 0; d < decks.length; d++) {
        var state = decks[d] && decks[d].box;
        for (var id in state) {
          if (Object.prototype.hasOwnProperty.call(state, id)) { box[id] = Math.max(box[id] || 1, state[id]); }
        }
      }
      for (var q = 0; q < quizzes.length; q++) {
        var given = quizzes[q] && quizzes[q].answers;
        for (var qid in given) {
          if (Object.prototype.hasOwnProperty.call(given, qid)) { quiz[qid] = given[qid]; }
        }
      }
      var ids = r.chapter.cards;
      for (var c = 0; c < ids.length; c++) {
        var b = box[ids[c]];
        b = b === 2 || b === 3 || b === 4 || b === 5 ? b : 1;
        boxes[b]++;
        if (b > 1) { moved++; }
      }
      cards += ids.length;
      var done = 0, right = 0, qids = r.chapter.questions;
      for (var k = 0; k < qids.length; k++) {
        var a = quiz[qids[k]];
        if (a && a.tries && a.tries.length) { done++; if (a.first === true) { right++; } }
      }
      answered += done;
      for (var n = 1; n <= 5; n++) {
        r.row.querySelector("[data-box='" + n + "']").textContent = String(boxes[n]);
      }
      r.row.querySelector("[data-role=answered]").textContent = done + " of " + qids.length;
      r.row.querySelector("[data-role=right]").textContent = String(right);
    }
    return { cards: cards, moved: moved, answered: answered };
  }
  function summary(prefix) {
    var t = count();
    status.textContent = (prefix || "") + (t.moved || t.answered ?
      t.moved + " of " + t.cards + (t.moved === 1 ? " card is" : " cards are") + " above box 1; " +
      t.answered + (t.answered === 1 ? " quiz question" : " quiz questions") + " answered." :
      "Nothing stored yet in this browser: every card starts in box 1.");
  }

  var ask = course.role(root, "confirm"), reset = root.querySelector(".ndcg-reset [data-action=reset]");
  var actions = {
    reset: function () { ask.hidden = false; ask.querySelector("[data-action=cancel-reset]").focus(); },
    "cancel-reset": function () { ask.hidden = true; reset.focus(); },
    "confirm-reset": function () {
      ask.hidden = true;
      var s = storage();
      if (s) {
        try {
          for (var i = s.length - 1; i >= 0; i--) {
            var key = s.key(i);
            for (var j = 0; j < rows.length; j++) {
              if (key && key.indexOf(rows[j].prefix) === 0) { s.removeItem(key); break; }
            }
          }
        } catch (err) { /* refused */ }
      }
      summary("All progress cleared. ");
      reset.focus();
    }
  };
  root.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-action]");
    if (button && root.contains(button) && actions[button.getAttribute("data-action")]) {
      actions[button.getAttribute("data-action")]();
    }
  });
  /* Another tab may study while this one is open. */
  window.addEventListener("storage", function () { summary(); });
  summary();
}

course.register("progress", progress);
