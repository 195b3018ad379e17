/* ndcg-study.js: the reader's progress, chapter by chapter (the flashcards page).
 *
 * The view is made by ndcg.course.cards.progress(): a table with one row per chapter
 * (a link to the chapter's page, five Leitner boxes, the quiz questions answered and right
 * at the first try, the exercises solved in the page) and a JSON island with every chapter's
 * card and question ids.
 * The chapters' flashcards and quiz (ndcg-course.js) save what the reader did with
 * ndcgCourse.store(root): keys "ndcg-course:<book version>:<page path>:<view id>:leitner"
 * and "...:quiz"; the book's practice block (ndcg_book/static/ndcg-practice.js) saves its
 * answers under "...:practice-<chapter>:practice", one entry per exercise, "solved" once it was
 * right.  This view reads, for every chapter, the keys of this book version under
 * the chapter page's path (resolved from the row's relative link), counts them into the
 * table, and clears them all on "reset all" (after a confirmation step).  The words it writes
 * come with its data, in the page's language (ndcgCourse.speaker).
 */
import course from "./ndcg-course.js";

function storage() {
  try { return window.localStorage; } catch { return null; }
}

/* Every stored value whose key starts with prefix and ends with ":" + name. */
function stored(prefix, name) {
  const s = storage(), found = [];
  if (!s) { return found; }
  try {
    for (let i = 0; i < s.length; i++) {
      const key = s.key(i);
      if (key && key.indexOf(prefix) === 0 && key.slice(-name.length - 1) === `:${name}`) {
        try { found.push(JSON.parse(s.getItem(key))); } catch { /* not ours */ }
      }
    }
  } catch { /* refused */ }
  return found;
}

function progress(root) {
  const data = course.readData(root), say = course.speaker(root, data);
  const meta = document.querySelector('meta[name="ndcg-course-version"]');
  const version = meta ? meta.getAttribute("content") : "0";
  const status = course.role(root, "status");
  const rows = [];
  for (let i = 0; i < data.chapters.length; i++) {
    const chapter = data.chapters[i];
    const row = root.querySelector(`tr[data-chapter='${chapter.chapter}']`);
    const link = row.querySelector("a[data-role=link]");
    const path = new URL(link.getAttribute("href"), window.location.href).pathname;
    rows.push({ chapter: chapter, row: row, prefix: `ndcg-course:${version}:${path}:` });
  }

  function count() {
    let cards = 0, moved = 0, answered = 0, solved = 0;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i], boxes = [0, 0, 0, 0, 0, 0], box = {}, quiz = {};
      const decks = stored(r.prefix, "leitner"), quizzes = stored(r.prefix, "quiz");
      const practised = stored(r.prefix, "practice"), doneInPage = new Set();
      for (let p = 0; p < practised.length; p++) {
        const exercises = practised[p];
        for (const id in exercises) {
          if (Object.hasOwn(exercises, id) && exercises[id]?.solved === true) { doneInPage.add(id); }
        }
      }
      for (let d = 0; d < decks.length; d++) {
        const state = decks[d]?.box;
        for (const id in state) {
          if (Object.hasOwn(state, id)) { box[id] = Math.max(box[id] || 1, state[id]); }
        }
      }
      for (let q = 0; q < quizzes.length; q++) {
        const given = quizzes[q]?.answers;
        for (const qid in given) {
          if (Object.hasOwn(given, qid)) { quiz[qid] = given[qid]; }
        }
      }
      const ids = r.chapter.cards;
      for (let c = 0; c < ids.length; c++) {
        let b = box[ids[c]];
        b = b === 2 || b === 3 || b === 4 || b === 5 ? b : 1;
        boxes[b]++;
        if (b > 1) { moved++; }
      }
      cards += ids.length;
      let done = 0, right = 0, qids = r.chapter.questions;
      for (let k = 0; k < qids.length; k++) {
        const a = quiz[qids[k]];
        if (a?.tries?.length) { done++; if (a.first === true) { right++; } }
      }
      answered += done;
      for (let n = 1; n <= 5; n++) {
        r.row.querySelector(`[data-box='${n}']`).textContent = String(boxes[n]);
      }
      r.row.querySelector("[data-role=answered]").textContent = say("n-of-total", { n: done, total: qids.length });
      r.row.querySelector("[data-role=right]").textContent = String(right);
      r.row.querySelector("[data-role=practice]").textContent = String(doneInPage.size);
      solved += doneInPage.size;
    }
    return { cards: cards, moved: moved, answered: answered, solved: solved };
  }
  function summary(prefix) {
    const t = count();
    status.textContent = (prefix || "") + (t.moved || t.answered || t.solved ?
      say(t.moved === 1 ? "moved-one" : "moved-many", { moved: t.moved, cards: t.cards }) +
      say(t.answered === 1 ? "answered-one" : "answered-many", { answered: t.answered }) +
      (t.solved ? say(t.solved === 1 ? "solved-one" : "solved-many", { solved: t.solved }) : "") :
      say("nothing-stored"));
  }

  const ask = course.role(root, "confirm"), reset = root.querySelector(".ndcg-reset [data-action=reset]");
  const actions = {
    reset: () => { ask.hidden = false; ask.querySelector("[data-action=cancel-reset]").focus(); },
    "cancel-reset": () => { ask.hidden = true; reset.focus(); },
    "confirm-reset": () => {
      ask.hidden = true;
      const s = storage();
      if (s) {
        try {
          for (let i = s.length - 1; i >= 0; i--) {
            const key = s.key(i);
            for (let j = 0; j < rows.length; j++) {
              if (key && key.indexOf(rows[j].prefix) === 0) { s.removeItem(key); break; }
            }
          }
        } catch { /* refused */ }
      }
      summary(say("all-cleared"));
      reset.focus();
    }
  };
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (button && root.contains(button) && actions[button.getAttribute("data-action")]) {
      actions[button.getAttribute("data-action")]();
    }
  });
  /* Another tab may study while this one is open. */
  window.addEventListener("storage", () => { summary(); });
  summary();
}

course.register("progress", progress);
