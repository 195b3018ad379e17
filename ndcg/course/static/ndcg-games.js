/* ndcg-games.js: the course's games, playable in the book without a kernel.
 *
 * Two kinds of kernel-free view, made by ndcg.course.widgets.games (snapshot_html of the
 * live widgets), each an HTML skeleton with its data in a JSON island:
 *
 *   data-ndcg-view="reorder"      ReorderGame: drag (Pointer Events, mouse, pen or touch) by the
 *                                 handle, the ▲/▼ buttons, or the keyboard (↑/↓ pick a row,
 *                                 Alt+↑/↓ move it); every move swaps two neighbours.  Score,
 *                                 moves and status follow; the fewest moves to NDCG = 1 from a
 *                                 start are remembered (ndcgCourse.store).  With "pairs" (the
 *                                 "be the lambdas" game) every pair's |ΔNDCG@k| and λ too.
 *   data-ndcg-view="monster"      MonsterGame: the reorder game as a fight, on the same engine.
 *                                 The monster's health is IDCG@k - DCG@k of the order shown
 *                                 (NDCGMetrics.monsterHealth); every move says the damage it dealt
 *                                 or the health it gave back, and health 0 (NDCG = 1) wins.
 *   data-ndcg-view="two-systems"  TwoSystemsGame: guess, then the answer (HTML from Python).
 *
 * Every number comes from NDCGMetrics (ndcg-metrics.js); every text from the island's
 * templates, filled by fill() exactly as ndcg.course.widgets.games.fill fills them.
 */
import M from "./ndcg-metrics.js";
import course from "./ndcg-course.js";

function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole);
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) =>
    ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);
}

/* Python's html.escape, which the templates' names went through (quote=True). */
function plainText(htmlText) {
  const div = document.createElement("div");
  div.innerHTML = htmlText;
  return div.textContent;
}

/* Python's format(g, "g") for the grades a list holds (small numbers). */
function grade(g) { return String(g); }

function inversions(grades) {
  let count = 0;
  for (let i = 0; i < grades.length; i++) {
    for (let j = i + 1; j < grades.length; j++) { if (grades[i] < grades[j]) { count++; } }
  }
  return count;
}

/* -- reorder game */

function reorder(root) {
  const data = course.localize(course.readData(root), course.language(root)), msg = data.messages,
      words = data.words, items = data.items, n = items.length;
  const monster = data.monster ? new Monster(root, data.monster) : null;
  const k = data.k === null || data.k === undefined ? null : data.k, gain = data.gain;
  const cut = M.cutoff(n, k), whole = k === null || k >= n;
  const list = course.role(root, "list"), score = course.role(root, "score"),
      status = course.role(root, "status"), best = course.role(root, "best"),
      parLine = course.role(root, "par"), swapLine = course.role(root, "swap"),
      pairsTable = course.role(root, "pairs"), store = course.store(root);
  const rows = {};
  Array.prototype.forEach.call(list.children, (li) => { rows[li.getAttribute("data-item")] = li; });
  const state = { order: data.order.slice(), start: null, moves: data.moves };
  state.start = state.moves === 0 ? data.order.slice() : items.map((_, i) => i);
  /* the monster: its health at the start of the round, and after the last move counted */
  state.full = null;
  state.health = null;

  function word(count) { return count === 1 ? msg.move : msg.moves; }
  function grades(order) { return order.map((i) => items[i].grade); }
  function startKey() { return state.start.join(","); }
  function par() { return inversions(grades(state.start)); }
  function bests() { const b = store.get("best", {}); return b && typeof b === "object" ? b : {}; }
  function solved(value) { return Math.abs(value - 1) <= 1e-12; }

  function statusOf(value) {
    if (!solved(value)) { return { kind: "info", text: msg.keep_going }; }
    if (state.moves === 0) { return { kind: "good", text: fill(msg.already, { n: cut }) }; }
    let p = par(), parText = "";
    if (whole) { parText = state.moves === p ? msg.par_exact : fill(msg.par_other, { par: p }); }
    return { kind: "good", text: fill(msg.solved, { n: cut, moves: state.moves,
                                                     moves_word: word(state.moves), par: parText }) };
  }

  function renderPairs(g) {
    if (!pairsTable) { return; }
    const scores = g.map((_, p) => n - 1 - p);
    const pairs = M.lambdaPairs(g, scores, k, data.sigma, gain), body = pairsTable.tBodies[0];
    let html = "", top = null;
    pairs.forEach((p) => {
      const better = items[state.order[p.better]].name, worse = items[state.order[p.worse]].name;
      html += "<tr><td>" + escapeHtml(better) + " \u25b7 " + escapeHtml(worse) + "</td>" +
        "<td class=\"num\">" + fill(words.ranks, {better: p.rankBetter, worse: p.rankWorse}) + "</td>" +
        "<td class=\"num\">" + M.fmt(p.delta, 3) + "</td><td class=\"num\">" + M.fmt(p.lambda, 3) + "</td></tr>";
      if (p.rankBetter > p.rankWorse && p.delta > 1e-12 && (top === null || p.delta > top.delta)) { top = p; }
    });
    body.innerHTML = html;
    swapLine.innerHTML = top === null ? fill(msg.no_swap, { n: cut }) : fill(msg.best_swap, {
      better: escapeHtml(items[state.order[top.better]].name),
      worse: escapeHtml(items[state.order[top.worse]].name),
      rank_better: top.rankBetter, rank_worse: top.rankWorse, delta: M.fmt(top.delta, 3), n: cut
    });
  }

  function render() {
    const g = grades(state.order);
    state.order.forEach((item, position) => {
      const li = rows[item];
      if (list.children[position] !== li) { list.insertBefore(li, list.children[position]); }
      li.querySelector(".ndcg-rg-rank").textContent = `${position + 1}.`;
      li.querySelector("[data-action=up]").disabled = position === 0;
      li.querySelector("[data-action=down]").disabled = position === n - 1;
      li.setAttribute("aria-label", fill(words.rank_label, {rank: position + 1, name: items[item].name,
                                                              grade: grade(items[item].grade)}));
    });
    const values = { n: cut, ndcg: M.fmt(M.ndcg(g, k, gain), 3), dcg: M.fmt(M.dcg(g, k, gain), 3),
                   idcg: M.fmt(M.idcg(g, k, gain), 3), moves: state.moves };
    const value = M.ndcg(g, k, gain);
    score.innerHTML = (data.cg ? fill(msg.cg, { n: cut, cg: M.fmt(M.cg(g, k), 3) }) : "") +
      fill(msg.score, values);
    const s = statusOf(value);
    status.className = `ndcg-${s.kind}`;
    status.innerHTML = s.text;
    root.setAttribute("data-solved", String(solved(value)));
    const p = par();
    parLine.textContent = fill(msg.par, { par: p, par_word: word(p) });
    const b = bests()[startKey()];
    best.textContent = typeof b === "number" ? fill(msg.best, { best: b, best_word: word(b), par: p })
                                             : msg.no_best;
    renderPairs(g);
    if (monster) {
      monster.show(M.monsterHealth(g, k, gain), state.full, { n: cut, idcg: values.idcg, dcg: values.dcg });
    }
    return { value: value, status: s };
  }

  /* One move: the items at positions a and a + 1 swap places. */
  function swap(a) {
    const t = state.order[a];
    state.order[a] = state.order[a + 1];
    state.order[a + 1] = t;
    state.moves += 1;
  }

  function after(item) {
    const shown = render(), key = startKey();
    if (solved(shown.value) && state.moves > 0) {
      const b = bests();
      if (typeof b[key] !== "number" || state.moves < b[key]) {
        b[key] = state.moves;
        store.set("best", b);
        render();
      }
    }
    const moved = item === null ? null : { item: items[item].name, rank: state.order.indexOf(item) + 1 };
    const spoken = {said: moved === null ? "" : `${fill(msg.moved, moved)} `,
                    score: plainText(score.innerHTML), status: plainText(shown.status.text)};
    if (monster) {
      const health = M.monsterHealth(grades(state.order), k, gain);
      if (item === null) { state.full = health; }
      spoken.hit = monster.hit(item === null ? null : state.health - health, health, state.full, cut);
      spoken.health = monster.healthText();
      state.health = health;
      render();
    }
    course.announce(root, fill(monster ? words.spoken_monster : words.spoken, spoken));
  }

  function move(item, step) {
    const position = state.order.indexOf(item), target = position + step;
    if (target < 0 || target >= n) { return false; }
    /* the neighbour moves in the page, not the item: a focused row or button keeps its focus */
    const other = rows[state.order[target]], li = rows[item];
    list.insertBefore(other, step < 0 ? li.nextSibling : li);
    swap(Math.min(position, target));
    after(item);
    return true;
  }

  function restart(order) {
    state.order = order.slice();
    state.start = order.slice();
    state.moves = 0;
    after(null);
  }

  /* "Play again": a random start that is not already solved and, where another such order
     exists, not the start just played (its best would greet the player as if already won). */
  function shuffled() {
    const order = items.map((_, i) => i), ideal = M.idcg(grades(order), k, gain);
    let previous = state.start.join(","), fallback = null;
    for (let attempt = 0; attempt < 200; attempt++) {
      for (let j = n - 1; j > 0; j--) {
        const r = Math.floor(Math.random() * (j + 1)), t = order[j];
        order[j] = order[r]; order[r] = t;
      }
      if (ideal > 0 && solved(M.ndcg(grades(order), k, gain))) { continue; }
      if (order.join(",") !== previous) { return order; }
      fallback = order.slice();
    }
    return fallback || order;
  }

  root.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button || !root.contains(button)) { return; }
    const action = button.getAttribute("data-action");
    if (action === "reset") { restart(state.start); return; }
    if (action === "shuffle") { restart(shuffled()); return; }
    const li = button.closest("li[data-item]");
    if (!li) { return; }
    move(Number(li.getAttribute("data-item")), action === "up" ? -1 : 1);
    if (button.disabled) { /* reached an end: keep the focus in the row */
      li.querySelector(action === "up" ? "[data-action=down]" : "[data-action=up]").focus();
    }
  });

  /* Keyboard: ↑/↓ (and Home/End) pick a row, Alt+↑/↓ move it. */
  list.addEventListener("keydown", (event) => {
    const li = event.target.closest("li[data-item]");
    if (!li || event.target !== li) { return; }
    let item = Number(li.getAttribute("data-item")), position = state.order.indexOf(item), to = null;
    if (event.key === "ArrowUp" || event.key === "ArrowDown") {
      const step = event.key === "ArrowUp" ? -1 : 1;
      event.preventDefault();
      if (event.altKey) { move(item, step); li.focus(); return; }
      to = position + step;
    } else if (event.key === "Home") { to = 0; } else if (event.key === "End") { to = n - 1; }
    if (to !== null && to >= 0 && to < n) { event.preventDefault(); rows[state.order[to]].focus(); }
  });

  /* Drag by the handle: while the pointer passes half of a neighbour, the two swap (a move
   * each); the row follows the pointer.  The neighbour moves in the DOM, never the dragged
   * row, so its pointer capture holds. */
  let drag = null;
  list.addEventListener("pointerdown", (event) => {
    const handle = event.target.closest("[data-role=handle]");
    if (!handle || drag || (event.pointerType === "mouse" && event.button !== 0)) { return; }
    const li = handle.closest("li[data-item]");
    event.preventDefault();
    drag = { item: Number(li.getAttribute("data-item")), li: li, handle: handle,
             id: event.pointerId, originY: event.clientY, moved: false };
    try { handle.setPointerCapture(event.pointerId); } catch { /* synthetic pointer */ }
    li.classList.add("is-dragging");
  });
  function dragMove(event) {
    if (!drag || event.pointerId !== drag.id) { return; }
    event.preventDefault();
    let position = state.order.indexOf(drag.item), dy = event.clientY - drag.originY;
    while (true) {
      if (dy < 0 && position > 0) {
        const above = rows[state.order[position - 1]], h = above.getBoundingClientRect().height;
        if (-dy <= h / 2) { break; }
        swap(position - 1); list.insertBefore(above, drag.li.nextSibling);
        drag.originY -= h; dy += h; position -= 1; drag.moved = true; render();
      } else if (dy > 0 && position < n - 1) {
        const below = rows[state.order[position + 1]], hb = below.getBoundingClientRect().height;
        if (dy <= hb / 2) { break; }
        swap(position); list.insertBefore(below, drag.li);
        drag.originY += hb; dy -= hb; position += 1; drag.moved = true; render();
      } else { break; }
    }
    drag.li.style.transform = `translateY(${dy}px)`;
  }
  function dragEnd(event) {
    if (!drag || event.pointerId !== drag.id) { return; }
    const done = drag;
    drag = null;
    done.li.classList.remove("is-dragging");
    done.li.style.transform = "";
    if (done.moved) { after(done.item); }
  }
  list.addEventListener("pointermove", dragMove);
  list.addEventListener("pointerup", dragEnd);
  list.addEventListener("pointercancel", dragEnd);
  list.addEventListener("lostpointercapture", dragEnd);

  Array.prototype.forEach.call(list.children, (li) => {
    li.tabIndex = 0;
    const name = items[Number(li.getAttribute("data-item"))].name;
    li.querySelector(".ndcg-rg-name").textContent = name;  /* the reader's language only */
    li.querySelector("[data-action=up]").setAttribute("aria-label", fill(words.up, {name: name}));
    li.querySelector("[data-action=down]").setAttribute("aria-label", fill(words.down, {name: name}));
  });
  if (monster) { course.role(root, "healthbar").setAttribute("aria-label", words.health_label); }
  if (monster) {
    state.full = M.monsterHealth(grades(state.start), k, gain);
    state.health = M.monsterHealth(grades(state.order), k, gain);
    monster.hit(typeof data.monster.hit === "number" ? data.monster.hit : null, state.health, state.full, cut);
  }
  render();
  /* ndcg-course.js enables every disabled button once this returns: set the ends again. */
  Promise.resolve().then(render);
}

/* The DCG monster's part of the page: its health bar and text, and what the last move did.
   The texts are the island's templates, filled as ndcg.course.widgets.games.monster_says fills them. */
function Monster(root, spec) {
  this.msg = spec.messages;
  this.tolerance = spec.tolerance;
  this.bar = course.role(root, "healthbar");
  this.health = course.role(root, "health");
  this.line = course.role(root, "hit");
  this.root = root;
}
Monster.prototype.show = function (health, full, values) {
  this.bar.max = Math.max(full, health, 1e-9);
  this.bar.value = health;
  this.health.innerHTML = fill(this.msg.health, { health: M.fmt(health, 3), full: M.fmt(full, 3),
                                                   n: values.n, idcg: values.idcg, dcg: values.dcg });
  this.root.setAttribute("data-won", String(health === 0));
};
Monster.prototype.healthText = function () { return plainText(this.health.innerHTML); };
/* What a move did (damage > 0 hurts, < 0 heals; null: the round starts); returns it as plain text. */
Monster.prototype.hit = function (damage, health, full, n) {
  let msg = this.msg, kind, text;
  if (damage === null) {
    kind = health === 0 ? "good" : "info";
    text = health === 0 ? msg.ideal : fill(msg.start, { health: M.fmt(health, 3) });
  } else {
    if (Math.abs(damage) <= this.tolerance * Math.max(1, full)) {
      kind = "info"; text = fill(msg.nothing, { n: n });
    } else if (damage > 0) {
      kind = "info"; text = fill(msg.damage, { damage: M.fmt(damage, 3) });
    } else {
      kind = "error"; text = fill(msg.heal, { heal: M.fmt(-damage, 3) });
    }
    if (health === 0) { kind = "good"; text += ` ${fill(msg.won, { n: n })}`; }
  }
  this.line.className = `ndcg-${kind} ndcg-mg-hit`;
  this.line.innerHTML = text;
  return plainText(text);
};

/* -- two-systems game */

function twoSystems(root) {
  const data = course.localize(course.readData(root), course.language(root)), words = data.words;
  const verdict = course.role(root, "verdict"), answer = course.role(root, "answer"),
      fallback = course.role(root, "fallback"), again = root.querySelector("[data-action=again]");
  const guesses = root.querySelectorAll("button[data-guess]");
  answer.innerHTML = data.answer;
  /* On a phone a step table may scroll inside its box: let the keyboard reach and scroll it. */
  Array.prototype.forEach.call(answer.querySelectorAll(".ndcg-side"), (side) => {
    const name = side.querySelector("b");
    side.tabIndex = 0;
    side.setAttribute("role", "region");
    side.setAttribute("aria-label", fill(words.step_table, {name: name ? name.textContent : ""}));
  });
  if (fallback) { fallback.hidden = true; }

  function show(guessed) {
    const revealed = guessed !== null;
    Array.prototype.forEach.call(guesses, (button) => {
      const chosen = button.getAttribute("data-guess") === guessed;
      button.disabled = revealed;
      button.setAttribute("aria-pressed", String(chosen));
      button.classList.toggle("is-correct", chosen && data.verdicts[guessed].right);
      button.classList.toggle("is-wrong", chosen && !data.verdicts[guessed].right);
    });
    again.hidden = !revealed;
    verdict.hidden = !revealed;
    answer.hidden = !revealed;
    root.setAttribute("data-guessed", revealed ? guessed : "");
    if (!revealed) { verdict.innerHTML = ""; return; }
    const v = data.verdicts[guessed];
    verdict.className = `ndcg-ts-verdict ${v.right ? "ndcg-good" : "ndcg-error"}`;
    verdict.innerHTML = v.text;
    course.typeset([answer]);
  }

  root.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !root.contains(button)) { return; }
    if (button.hasAttribute("data-guess")) {
      const guessed = button.getAttribute("data-guess");
      show(guessed);
      course.announce(root, `${plainText(data.verdicts[guessed].text)} ${plainText(data.answer.split("</p>")[0])}`);
      again.focus();
    } else if (button === again) {
      show(null);
      course.announce(root, words.hidden);
      guesses[0].focus();
    }
  });
  Promise.resolve().then(() => { show(data.guessed || null); });
}

course.register("reorder", reorder);
course.register("monster", reorder);
course.register("two-systems", twoSystems);
