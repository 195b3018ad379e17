/* ndcg-course.js: activates the course's views, in the built book and in a notebook.
 *
 * An ES module of the package.  The book gets it as a classic script
 * (ndcg.course.assets.book_script, via ndcg_book.assets); a notebook, bundled with a
 * view's module, as an anywidget (render, below; ndcg.course.widgets.View).  The other
 * modules register their kinds of view here.  A view is an HTML skeleton made in Python,
 * here by ndcg.course.cards (flashcards() or quiz()), with its data in a JSON island:
 *
 *   <div class="ndcg-kf ndcg-fc" data-ndcg-view="flashcards" ...>
 *     ... the first card, the buttons (hidden until activated) ...
 *     <script type="application/json" data-ndcg-data>{"cards": [...]}</script>
 *   </div>
 *
 * The cards and questions in the JSON are already HTML (maths as \( \) and
 * \[ \], typeset by the book's KaTeX; MathML in a notebook).  This script finds every view,
 * reads its data and wires its buttons; it sets data-ready="true" on a view
 * once the view responds.  It loads nothing and needs no kernel.
 *
 * Languages: in the book every text of the data is in every language ({"en": ..., "zh": ...})
 * and the view shows the page's; in a notebook the texts are plain strings and the view's
 * data-lang names their language: every view picks its texts with language and localize (below).
 * The words a view writes (its buttons' labels, its status and feedback lines) are in its data
 * ("words", made by ndcg.course.cards.words), with {placeholders} this script fills.
 */
/* A view typesets what it changes: KaTeX in the book (loaded on first use), else MathJax. */
function typeset(elements) {
  const mj = window.MathJax;
  const tex = window.ndcgKatex;
  if (tex) {
    tex.typeset(elements);
  } else if (mj?.startup?.promise && mj.typesetPromise) {
    mj.startup.promise.then(() => {
      if (mj.typesetClear) { mj.typesetClear(elements); }
      return mj.typesetPromise(elements);
    }).catch((err) => { console.log(`MathJax: ${err}`); });
  }
}

/* The one rule of the course's scripts for a text in a language: a text is a string or an object
 * keyed by language code, English always among them, shown in the view's language, else in English.
 * A view's language: its data-lang (a notebook), else the page's <html lang>, mapped to a code with
 * the languages the build hands every page (#ndcg-languages, ndcg_book/languages.py): the one whose
 * tag or code it is, else whose code is its first subtag (zh-CN); with none, that subtag. */
function languageOf(tag) {
  const island = document.getElementById("ndcg-languages"), all = island ? JSON.parse(island.textContent) : [];
  const want = (tag || "").toLowerCase(), first = want.split("-")[0], is = (s) => s.toLowerCase();
  const one = all.find((l) => is(l.tag) === want || is(l.code) === want) || all.find((l) => is(l.code) === first);
  return one ? one.code : all.length || !first ? "en" : first;
}

function language(root) {
  return languageOf((root?.getAttribute ? root.getAttribute("data-lang") : null) || document.documentElement.lang);
}

const isText = (value) => value !== null && typeof value === "object" && !Array.isArray(value) && Object.hasOwn(value, "en");

function textIn(value, lang) {
  return isText(value) ? (value[lang] ?? value.en) : value;
}

/* `value` (a view's data) with every text in its language. */
function localize(value, lang) {
  if (isText(value) || !value || typeof value !== "object") { return textIn(value, lang); }
  if (Array.isArray(value)) { return value.map((item) => localize(item, lang)); }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, localize(item, lang)]));
}

/* A message with its {placeholders} filled from values. */
function fill(message, values) {
  return String(message).replace(/\{(\w+)\}/g, (whole, name) =>
    values && Object.hasOwn(values, name) ? String(values[name]) : whole);
}

/* say(key, values): the view's word key (its data's "words") in the view's language, filled;
 * the key itself when the data has no such word.  The view's skeleton names its attributes to
 * translate with data-aria-label="<key>": they are set here too. */
function speaker(root, data) {
  const lang = language(root), words = data?.words ? data.words : {};
  function say(key, values) {
    const message = textIn(words[key], lang);
    return fill(message === undefined ? key : message, values);
  }
  root.querySelectorAll("[data-aria-label]").forEach((el) => {
    const key = el.getAttribute("data-aria-label");
    if (words[key] !== undefined) { el.setAttribute("aria-label", say(key)); }
  });
  say.lang = lang;
  say.text = (value) => textIn(value, lang);
  return say;
}

function readData(root) {
  const island = root.querySelector("script[data-ndcg-data]");
  return JSON.parse(island.textContent);
}

function role(root, name) {
  return root.querySelector(`[data-role=${name}]`);
}

function enable(root) {
  root.querySelectorAll("[data-until-ready]").forEach((el) => { el.hidden = false; });
  root.querySelectorAll("button[disabled]").forEach((el) => { el.disabled = false; });
}

/* A view's "reset" control: the button asks first (Yes / Cancel, inline: no dialog box);
 * "Yes" runs clear().  Returns the actions to merge into the view's own. */
function resetActions(root, clear) {
  const ask = role(root, "confirm"), button = root.querySelector(".ndcg-reset [data-action=reset]");
  return {
    reset: () => {
      ask.hidden = false;
      ask.querySelector("[data-action=cancel-reset]").focus();
    },
    "confirm-reset": () => { ask.hidden = true; clear(); button.focus(); },
    "cancel-reset": () => { ask.hidden = true; button.focus(); }
  };
}

function isCount(value) { return typeof value === "number" && Number.isFinite(value) && value >= -1; }

/* Flashcards: the Leitner rule (the only copy of it: the notebook plays this same module).
 * Five boxes; "got it" moves the shown card up one box (at most 5), "again"
 * sends it to box 1.  A card in box b is due INTERVALS[b] steps after it was
 * shown.  The next card has the earliest due step, then the lower box, then
 * was seen longest ago, then comes first in the deck order (which shuffle
 * changes); the card just shown is never shown twice in a row.
 * The whole schedule (boxes, due steps, deck order, the card shown and the way back)
 * is saved after every step under the key "leitner" of ndcgCourse.store(root), by
 * card id, and restored when the page is opened again; "reset" clears it. */
function flashcards(root) {
  const data = readData(root), cards = data.cards, n = cards.length, say = speaker(root, data);
  const INTERVALS = [0, 1, 2, 4, 8, 16];
  let box, due, last, rank, history, step, current, flipped = false;
  const saved = store(root);
  const front = role(root, "front"), back = role(root, "back"), card = role(root, "card"),
      source = role(root, "source"), label = role(root, "label"), status = role(root, "status"),
      flip = role(root, "flip"), note = role(root, "note");

  function start() {
    box = []; due = []; last = []; rank = []; history = []; step = 0; current = 0;
    for (let i = 0; i < n; i++) { box.push(1); due.push(0); last.push(-1); rank.push(i); }
  }
  function save() {
    const state = { box: {}, due: {}, last: {}, rank: {}, step: step, current: cards[current].id, history: [] };
    for (let j = 0; j < n; j++) {
      const id = cards[j].id;
      state.box[id] = box[j]; state.due[id] = due[j]; state.last[id] = last[j]; state.rank[id] = rank[j];
    }
    for (let h = 0; h < history.length; h++) { state.history.push(cards[history[h]].id); }
    saved.set("leitner", state);
  }
  function restore() {
    const state = saved.get("leitner", null);
    if (!state || typeof state !== "object" || !state.box) { return false; }
    const index = {};
    for (let j = 0; j < n; j++) { index[cards[j].id] = j; }
    for (let j = 0; j < n; j++) {
      const id = cards[j].id, b = state.box[id];
      if (b === 1 || b === 2 || b === 3 || b === 4 || b === 5) { box[j] = b; }
      if (state.due && isCount(state.due[id])) { due[j] = state.due[id]; }
      if (state.last && isCount(state.last[id])) { last[j] = state.last[id]; }
      if (state.rank && isCount(state.rank[id])) { rank[j] = state.rank[id]; }
    }
    if (isCount(state.step) && state.step >= 0) { step = state.step; }
    const list = Array.isArray(state.history) ? state.history : [];
    for (let h = 0; h < list.length; h++) { if (list[h] in index) { history.push(index[list[h]]); } }
    current = state.current in index ? index[state.current] : pick(-1);
    return true;
  }

  function less(a, b) {
    const ka = [due[a], box[a], last[a], rank[a]], kb = [due[b], box[b], last[b], rank[b]];
    for (let j = 0; j < 4; j++) { if (ka[j] !== kb[j]) { return ka[j] < kb[j]; } }
    return false;
  }
  function pick(exclude) {
    let best = -1;
    for (let j = 0; j < n; j++) {
      if (j === exclude && n > 1) { continue; }
      if (best < 0 || less(j, best)) { best = j; }
    }
    return best;
  }
  function counts() {
    const c = [0, 0, 0, 0, 0, 0];
    for (let j = 0; j < n; j++) { c[box[j]]++; }
    return c.slice(1);
  }
  function show(changed) {
    const c = cards[current];
    card.setAttribute("data-card-id", c.id);
    if (changed) {
      front.innerHTML = say.text(c.front);
      back.innerHTML = say.text(c.back);
    }
    /* In the built book, ndcg_book.sources adds source_html: the card's citation markers,
       each a link into the Sources page, relative to this page. */
    if (c.source_html) { source.innerHTML = say.text(c.source_html); }
    else { source.textContent = c.source ? say("source", { source: say.text(c.source) }) : ""; }
    back.hidden = !flipped;
    source.hidden = !flipped;
    label.textContent = say(flipped ? "question-and-answer" : "question-click");
    flip.textContent = say(flipped ? "hide-answer" : "flip");
    card.setAttribute("aria-expanded", String(flipped));
    status.textContent = say("card-status", { n: current + 1, total: n, box: box[current],
      counts: counts().join(" / ") });
    if (changed || flipped) { typeset(flipped ? [front, back] : [front]); }
  }
  function advance() {
    last[current] = step;
    due[current] = step + INTERVALS[box[current]];
    history.push(current);
    step += 1;
    current = pick(current);
    flipped = false;
    save();
    show(true);
  }
  const actions = resetActions(root, () => {
    saved.clear();
    start();
    flipped = false;
    show(true);
    note.textContent = say("cards-cleared");
  });
  actions.flip = () => { flipped = !flipped; show(false); };
  actions.next = () => { advance(); };
  actions.previous = () => {
    if (history.length) { current = history.pop(); flipped = false; save(); show(true); }
  };
  actions.got = () => { box[current] = Math.min(box[current] + 1, 5); advance(); };
  actions.again = () => { box[current] = 1; advance(); };
  actions.shuffle = () => {
    let order = [], j;
    for (j = 0; j < n; j++) { order.push(j); }
    for (j = n - 1; j > 0; j--) {
      const r = Math.floor(Math.random() * (j + 1)), t = order[j];
      order[j] = order[r]; order[r] = t;
    }
    for (j = 0; j < n; j++) { rank[order[j]] = j; }
    current = pick(-1); flipped = false; save(); show(true);
  };
  root.addEventListener("click", (event) => {
    const button = event.target.closest("[data-action]");
    if (button && root.contains(button)) { actions[button.getAttribute("data-action")](); return; }
    if (event.target.closest("[data-role=card]")) { actions.flip(); }
  });
  card.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); actions.flip(); }
  });
  card.setAttribute("tabindex", "0");
  card.setAttribute("role", "button");
  start();
  if (restore()) {
    /* before the note as the skeleton wrote it (in the book: in both languages, one shown) */
    note.insertBefore(document.createTextNode(say("cards-welcome", { counts: counts().join(" / ") })),
      note.firstChild);
    show(true);
  } else {
    show(false);
  }
}

/* Quiz: every option, when chosen, shows its own feedback and is marked right or
 * wrong; the score counts the questions answered right at the first try.  A question is
 * "single" (one right option), "true-false" (two options, True and False) or
 * "multi-select": the reader ticks checkboxes and checks; right only when the ticked set is
 * the right set. A first wrong check says how many options are wrong, not which; each option's
 * verdict comes with the second check, or on request.  The answers are saved under the key "quiz"
 * of ndcgCourse.store(root), by question id, and shown again when the page is opened
 * again; "reset" clears them. */
function quiz(root) {
  const data = readData(root), questions = data.questions, total = questions.length;
  const say = speaker(root, data);
  let answers = {};
  const saved = store(root);
  const score = role(root, "score");
  const LETTERS = "ABCDEFGHIJ";

  function results() {
    let answered = 0, right = 0;
    for (let i = 0; i < total; i++) {
      const a = answers[questions[i].id];
      if (a) { answered++; if (a.first) { right++; } }
    }
    return { answered: answered, right: right };
  }
  // the summary's last words: praise from 70 % right at the first try, else the feedback
  function closing(right, all) {
    if (right === all) { return "quiz-perfect"; }
    return right * 10 >= all * 7 ? "quiz-done" : "quiz-review";
  }
  function update(prefix) {
    const r = results();
    score.textContent = (prefix || "") + say("quiz-score", { answered: r.answered, total: total, right: r.right }) +
      (r.answered < total ? "" : say(closing(r.right, total)));
  }
  function save() {
    const r = results();
    saved.set("quiz", { answers: answers, answered: r.answered, right: r.right, total: total });
  }
  function mark(correct, yes, no) {
    const fragment = document.createDocumentFragment();
    const icon = document.createElement("span");
    icon.setAttribute("aria-hidden", "true");
    icon.textContent = correct ? "\u2705 " : "\u274c ";
    const said = document.createElement("span");
    said.className = "ndcg-sr";
    said.textContent = correct ? say(yes || "correct") : say(no || "incorrect");
    fragment.appendChild(icon);
    fragment.appendChild(said);
    return fragment;
  }
  /* Put nodes at the start of an HTML fragment's first paragraph (or in a new one). */
  function lead(container, nodes) {
    const first = container.firstElementChild;
    if (first && first.tagName === "P") {
      first.insertBefore(nodes, first.firstChild);
    } else {
      const p = document.createElement("p");
      p.appendChild(nodes);
      container.insertBefore(p, container.firstChild);
    }
  }
  function boxOf(qi) { return root.querySelector(`[data-question][data-index='${qi}']`); }
  function tryAgain(feedback, text) {
    const again = document.createElement("p");
    const em = document.createElement("em");
    em.textContent = text;
    again.appendChild(em);
    feedback.appendChild(again);
  }

  function showChoice(qi, oi) {
    const question = questions[qi], option = question.options[oi], box = boxOf(qi);
    const button = box.querySelector(`button[data-option='${oi}']`);
    button.classList.add(option.correct ? "is-correct" : "is-wrong");
    button.setAttribute("aria-pressed", "true");
    const feedback = role(box, "feedback");
    feedback.className = `ndcg-qz-fb ${option.correct ? "is-correct" : "is-wrong"}`;
    feedback.setAttribute("data-shown", String(oi));
    feedback.innerHTML = say.text(option.feedback);
    lead(feedback, mark(option.correct));
    if (!option.correct && !answers[question.id].solved) { tryAgain(feedback, say("try-another")); }
    feedback.hidden = false;
    typeset([feedback]);
  }
  function showTicks(qi, ticked) {
    const question = questions[qi], box = boxOf(qi), feedback = role(box, "feedback"), a = answers[question.id];
    const inputs = box.querySelectorAll("input[data-option]");
    const wrong = question.options.filter((o, oi) => ticked.includes(oi) !== o.correct).length;
    const all = !wrong || a.tries.length > 1 || a.revealed;  // every option's verdict
    feedback.innerHTML = "";
    for (let oi = 0; oi < question.options.length; oi++) {
      const option = question.options[oi], tick = ticked.indexOf(oi) >= 0, good = tick === option.correct;
      inputs[oi].checked = tick;
      const labelBox = inputs[oi].closest("label");
      labelBox.classList.remove("is-correct", "is-wrong");
      if (!all) { continue; }
      labelBox.classList.add(good ? "is-correct" : "is-wrong");
      const item = document.createElement("div");
      item.className = `ndcg-qz-fb-item ${good ? "is-correct" : "is-wrong"}`;
      item.innerHTML = say.text(option.feedback);
      const head = document.createDocumentFragment();
      head.appendChild(mark(good, "right-choice", "wrong-choice"));
      const letter = document.createElement("strong");
      letter.textContent = say(tick ? "ticked" : "not-ticked", { letter: LETTERS[oi] });
      head.appendChild(letter);
      lead(item, head);
      feedback.appendChild(item);
    }
    const right = wrong === 0;
    const verdict = document.createElement("p");
    verdict.className = "ndcg-qz-verdict";
    verdict.appendChild(mark(right, "correct", "incorrect"));
    verdict.appendChild(document.createTextNode(right ? say("exactly-right") :
      say(wrong === 1 ? "wrong-one" : "wrong-many", { n: wrong })));
    feedback.insertBefore(verdict, feedback.firstChild);
    if (!right) { tryAgain(feedback, say("change-ticks")); }
    if (!all) {
      const p = document.createElement("p");
      p.innerHTML = '<button type="button" data-action="reveal"></button>';
      p.firstChild.textContent = say("show-verdicts");
      feedback.appendChild(p);
    }
    feedback.className = `ndcg-qz-fb ${right ? "is-correct" : "is-wrong"}`;
    feedback.setAttribute("data-shown", ticked.join(","));
    feedback.hidden = false;
    typeset([feedback]);
  }

  function choose(qi, oi) {
    const question = questions[qi], option = question.options[oi];
    let a = answers[question.id];
    if (!a) { a = answers[question.id] = { first: option.correct, tries: [], solved: false }; }
    a.tries.push(oi);
    if (option.correct) { a.solved = true; }
    showChoice(qi, oi);
    save();
    update();
  }
  function submit(qi) {
    const question = questions[qi], box = boxOf(qi), ticked = [];
    const inputs = box.querySelectorAll("input[data-option]");
    for (let oi = 0; oi < inputs.length; oi++) { if (inputs[oi].checked) { ticked.push(oi); } }
    let right = true;
    for (let oi = 0; oi < question.options.length; oi++) {
      if ((ticked.indexOf(oi) >= 0) !== question.options[oi].correct) { right = false; }
    }
    let a = answers[question.id];
    if (!a) { a = answers[question.id] = { first: right, tries: [], solved: false }; }
    a.tries.push(ticked);
    if (right) { a.solved = true; }
    showTicks(qi, ticked);
    save();
    update();
  }
  function reveal(qi) {
    const a = answers[questions[qi].id];
    a.revealed = true;
    showTicks(qi, a.tries[a.tries.length - 1]);
    save();
    const first = boxOf(qi).querySelector(".ndcg-qz-fb-item");  // where a screen reader goes on
    first.tabIndex = -1;
    first.focus();
  }
  function clearAll() {
    answers = {};
    saved.clear();
    const all = (selector, change) => { root.querySelectorAll(selector).forEach(change); };
    all(".is-correct, .is-wrong", (el) => { el.classList.remove("is-correct", "is-wrong"); });
    all("button[data-option]", (el) => { el.setAttribute("aria-pressed", "false"); });
    all("input[data-option]", (el) => { el.checked = false; });
    all("[data-role=feedback]", (el) => { el.hidden = true; el.innerHTML = ""; el.removeAttribute("data-shown"); });
    update(say("quiz-cleared"));
  }
  function restore() {
    const state = saved.get("quiz", null);
    if (!state || typeof state !== "object" || !state.answers) { return; }
    for (let qi = 0; qi < total; qi++) {
      const question = questions[qi], a = state.answers[question.id], n = question.options.length;
      if (!a || !Array.isArray(a.tries) || !a.tries.length) { continue; }
      let multi = question.kind === "multi-select", ok = true;
      for (let t = 0; t < a.tries.length; t++) {
        const attempt = a.tries[t];
        if (multi) {
          if (!Array.isArray(attempt)) { ok = false; break; }
          for (let k = 0; k < attempt.length; k++) {
            if (!(attempt[k] >= 0 && attempt[k] < n)) { ok = false; }
          }
        } else if (!(attempt >= 0 && attempt < n)) { ok = false; break; }
      }
      if (!ok) { continue; }
      answers[question.id] = { first: a.first === true, tries: a.tries, solved: a.solved === true,
        revealed: a.revealed === true };
      if (multi) {
        showTicks(qi, a.tries[a.tries.length - 1]);
      } else {
        for (let t = 0; t < a.tries.length; t++) { showChoice(qi, a.tries[t]); }
      }
    }
  }

  const actions = resetActions(root, clearAll);
  root.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !root.contains(button)) { return; }
    const box = button.closest("[data-question]");
    if (button.hasAttribute("data-option") && box) {
      choose(Number(box.getAttribute("data-index")), Number(button.getAttribute("data-option")));
    } else if (button.getAttribute("data-action") === "submit" && box) {
      submit(Number(box.getAttribute("data-index")));
    } else if (button.getAttribute("data-action") === "reveal" && box) {
      reveal(Number(box.getAttribute("data-index")));
    } else if (actions[button.getAttribute("data-action")]) {
      actions[button.getAttribute("data-action")]();
    }
  });
  root.addEventListener("change", (event) => {
    const label = event.target.closest("label.ndcg-qz-check");
    if (label) { label.classList.remove("is-correct", "is-wrong"); }
  });
  root.querySelectorAll("input[data-option]").forEach((el) => { el.disabled = false; });
  restore();
  const r = results();
  update(r.answered ? say("quiz-welcome") : "");
}

const KINDS = { flashcards: flashcards, quiz: quiz };

/* Activate every view of the page that is not active yet (safe to call again). */
function hydrate(scope) {
  for (const root of (scope || document).querySelectorAll("[data-ndcg-view]:not([data-ready])")) {
    const kind = KINDS[root.getAttribute("data-ndcg-view")];
    if (!kind) { continue; }
    try {
      kind(root);
      enable(root);
      root.setAttribute("data-ready", "true");
    } catch (err) {
      console.log(`ndcg-course: could not activate a view: ${err}`);
    }
  }
}

/* Another script of the course (games, explorers, figures) adds a kind of view: its
 * activate(root) reads the view's JSON island (ndcgCourse.readData) and wires it. */
function register(kind, activate) {
  KINDS[kind] = activate;
  if (document.readyState !== "loading") { hydrate(); }
}

/* What a reader did, remembered across reloads: one namespace per book version, page and
 * view (every page opened from a file shares one origin, so the page is part of the key).
 * Storage may be refused (private windows, some pages opened from files): then nothing is
 * remembered, and nothing breaks. */
function store(root) {
  const meta = document.querySelector('meta[name="ndcg-course-version"]');
  const version = meta ? meta.getAttribute("content") : "0";
  const views = document.querySelectorAll("[data-ndcg-view]");
  const index = Array.prototype.indexOf.call(views, root);
  const prefix = "ndcg-course:" + version + ":" + window.location.pathname + ":" +
    (root.id || `${root.getAttribute("data-ndcg-view")}-${index}`) + ":";
  function storage() {
    try { return window.localStorage; } catch { return null; }
  }
  return {
    prefix: prefix,
    get: (key, fallback) => {
      let s = storage(), text = null;
      try { text = s ? s.getItem(prefix + key) : null; } catch { text = null; }
      if (text === null) { return fallback; }
      try { return JSON.parse(text); } catch { return fallback; }
    },
    set: (key, value) => {
      const s = storage();
      try { if (s) { s.setItem(prefix + key, JSON.stringify(value)); } } catch { /* full or refused */ }
    },
    clear: () => {
      const s = storage();
      if (!s) { return; }
      try {
        for (let i = s.length - 1; i >= 0; i--) {
          const key = s.key(i);
          if (key && key.indexOf(prefix) === 0) { s.removeItem(key); }
        }
      } catch { /* refused */ }
    }
  };
}

/* Say something to screen readers (and show it) in a view's live region. */
function announce(root, text) {
  const live = root.querySelector("[aria-live]");
  if (live) { live.textContent = text; }
}

/* The anywidget model of a view shown in a notebook (null in the book). */
function modelOf(root) {
  const host = root.closest(".ndcg-anywidget");
  return host?.ndcgModel ? host.ndcgModel : null;
}

const api = {
  hydrate: hydrate, register: register, store: store, announce: announce,
  readData: readData, role: role, typeset: typeset, modelOf: modelOf, start: start,
  language: language, languageOf: languageOf, textIn: textIn, localize: localize, fill: fill, speaker: speaker
};
export default api;

/* The book: activate every view of the page once the page is parsed (ndcg-boot.js calls it). */
export function start() {
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => { hydrate(); });
  } else {
    hydrate();
  }
}

/* A notebook (anywidget's contract): the widget's model holds the view's HTML skeleton and its
 * JSON island, the same as the book's (ndcg.course.widgets.View); render it into el and
 * activate it with the view kinds this module has registered. */
export function render({ model, el }) {
  function draw() {
    el.innerHTML = model.get("html");
    el.classList.add("ndcg-anywidget");
    el.ndcgModel = model;
    hydrate(el);
  }
  draw();
  model.on("change:html", draw);
  return () => { model.off("change:html", draw); };
}
