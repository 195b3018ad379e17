/* ndcg-explorers.js: the ranking explorer and the interactive figures of the book, kernel-free.
 *
 * Views (made in Python, with their data in a JSON island):
 *   explorer   ndcg.course.widgets.RankingExplorer.snapshot_html(): grades, k, gain (and RR)
 *   discount   ndcg.course.figures.discount_slider(): 1/log2(i+1) and 1/i, rank by rank
 *   gains      ndcg.course.figures.gain_slider(): the linear and the exponential gain
 *   ndcg-at-k  ndcg.course.figures.ndcg_at_k(): NDCG@k for every k of a list you reorder
 *   same-rr    ndcg.course.figures.same_rr_builder(): two lists, their RR and NDCG
 *
 * Every number is computed by NDCGMetrics (ndcg-metrics.js, the package's conventions)
 * and shown with NDCGMetrics.fmt; every text comes from the view's JSON island (the Python
 * side, shared with the live widget).  Registered with ndcgCourse (ndcg-course.js).
 */
import M from "./ndcg-metrics.js";
import C from "./ndcg-course.js";

const SVG = "http://www.w3.org/2000/svg";

/* A view's data: its JSON island, each text in the view's language (ndcgCourse.localize). */
function dataOf(root) {
  return C.localize(C.readData(root), C.language(root));
}

/* The options of a <select>: the first (value "") says `custom`, the others `labels` in order. */
function labelOptions(select, custom, labels) {
  if (!select) { return; }
  Array.prototype.forEach.call(select.options, (option) => {
    option.textContent = option.value === "" ? custom : labels[Number(option.value)];
  });
}

/* A text of the JSON island with its {name} fields filled in. */
function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole);
}

function esc(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function plain(htmlText) {
  const box = document.createElement("div");
  box.innerHTML = htmlText;
  return box.textContent;
}

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) { node.className = className; }
  if (text !== undefined) { node.textContent = text; }
  return node;
}

function svgEl(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const key in attrs) {
    if (Object.hasOwn(attrs, key)) { node.setAttribute(key, attrs[key]); }
  }
  if (text !== undefined) { node.textContent = text; }
  return node;
}

/* Say `text` in the view's live region, once the reader pauses (not at every keystroke). */
function announcer(root, delay) {
  let timer = null;
  return (text) => {
    if (timer) { window.clearTimeout(timer); }
    timer = window.setTimeout(() => { C.announce(root, text); }, delay === undefined ? 600 : delay);
  };
}

function gradesText(grades) {
  return grades.map((g) => String(g)).join(", ");
}

function letters(i) {
  let name = "", n = i + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

function gradeText(values) {
  const whole = values.every((g) => Math.floor(g) === g);
  return (g) => M.fmt(g, whole ? 0 : 3);
}

/* A line chart in SVG: x from x0 to x1 (whole numbers), y from 0 to 1, labelled axes, one
 * polyline with markers per series; `mark` (optional) draws a dashed line at that x. */
function lineChart(opts) {
  const W = 360, H = 210, L = 46, R = 12, T = 12, B = 42;
  const svg = svgEl("svg", {viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": opts.label,
                          "class": "ndcg-fig-svg"});
  const x0 = opts.x0, x1 = opts.x1;
  function sx(x) { return L + (x1 === x0 ? 0.5 : (x - x0) / (x1 - x0)) * (W - L - R); }
  function sy(y) { return T + (1 - y) * (H - T - B); }
  svg.appendChild(svgEl("line", {x1: L, y1: sy(0), x2: W - R, y2: sy(0), "class": "ndcg-fig-axis"}));
  svg.appendChild(svgEl("line", {x1: L, y1: sy(0), x2: L, y2: T, "class": "ndcg-fig-axis"}));
  [0, 0.25, 0.5, 0.75, 1].forEach((y) => {
    svg.appendChild(svgEl("line", {x1: L, y1: sy(y), x2: W - R, y2: sy(y), "class": "ndcg-fig-grid"}));
    svg.appendChild(svgEl("text", {x: L - 5, y: sy(y) + 4, "text-anchor": "end", "class": "ndcg-fig-tick"},
                          M.fmt(y, 2)));
  });
  opts.xticks.forEach((x) => {
    svg.appendChild(svgEl("text", {x: sx(x), y: sy(0) + 15, "text-anchor": "middle", "class": "ndcg-fig-tick"},
                          String(x)));
  });
  svg.appendChild(svgEl("text", {x: (L + W - R) / 2, y: H - 6, "text-anchor": "middle",
                                 "class": "ndcg-fig-label"}, opts.xlabel));
  svg.appendChild(svgEl("text", {x: 12, y: (T + sy(0)) / 2, "text-anchor": "middle", "class": "ndcg-fig-label",
                                 transform: `rotate(-90 12 ${(T + sy(0)) / 2})`}, opts.ylabel));
  if (opts.mark !== undefined) {
    svg.appendChild(svgEl("line", {x1: sx(opts.mark), y1: T, x2: sx(opts.mark), y2: sy(0),
                                   "class": "ndcg-fig-mark", "data-role": "mark"}));
  }
  opts.series.forEach((s) => {
    const points = s.values.map((y, i) => `${sx(x0 + i)},${sy(y)}`).join(" ");
    svg.appendChild(svgEl("polyline", {points: points, "class": `ndcg-fig-line ${s.css}`}));
    s.values.forEach((y, i) => {
      let x = sx(x0 + i), yy = sy(y), big = opts.mark === x0 + i, r = big ? 5.5 : 3.2, shape;
      if (s.marker === "triangle") {
        shape = svgEl("polygon", {points: x + "," + (yy - r) + " " + (x - r) + "," + (yy + r * 0.8) + " " +
                                          (x + r) + "," + (yy + r * 0.8)});
      } else if (s.marker === "square") {
        shape = svgEl("rect", {x: x - r * 0.85, y: yy - r * 0.85, width: r * 1.7, height: r * 1.7});
      } else {
        shape = svgEl("circle", {cx: x, cy: yy, r: r});
      }
      shape.setAttribute("class", `ndcg-fig-dot ${s.css}${big ? " is-marked" : ""}`);
      svg.appendChild(shape);
    });
  });
  svg.toX = (clientX) => {
    const box = svg.getBoundingClientRect();
    const x = (clientX - box.left) / box.width * W;
    return x0 + Math.round((x - L) / (W - L - R) * (x1 - x0));
  };
  return svg;
}

/* -- the ranking explorer */

function explorer(root) {
  const d = dataOf(root), t = d.texts, store = C.store(root), say = announcer(root);
  const input = C.role(root, "grades"), kIn = C.role(root, "k"), kOut = C.role(root, "k-out"),
      picker = C.role(root, "example"), numbers = C.role(root, "numbers"), table = C.role(root, "table"),
      chart = C.role(root, "chart"), error = C.role(root, "error");
  const radios = root.querySelectorAll("input[type=radio]");
  C.role(root, "static").hidden = true;
  input.placeholder = t.placeholder;
  input.title = t.grades_help;
  labelOptions(picker, t.custom, d.examples.map((e) => e.label));
  /* The cut-off the reader chose: null for "the whole list" (k follows the list's length),
   * else a number (k = that number, or the list's length if the list is shorter). */
  let lastN = Math.max(1, M.parseGrades(d.grades).length), wanted = d.k >= lastN ? null : d.k;

  function gain() {
    for (let i = 0; i < radios.length; i++) { if (radios[i].checked) { return radios[i].value; } }
    return "linear";
  }
  function setState(text, k, g) {
    input.value = text;
    try { lastN = Math.max(1, M.parseGrades(text).length); } catch { lastN = Number(kIn.max); }
    kIn.max = String(lastN);
    kIn.value = String(Math.min(Math.max(1, k), lastN));
    wanted = Number(kIn.value) >= lastN ? null : Number(kIn.value);
    for (let i = 0; i < radios.length; i++) { radios[i].checked = radios[i].value === g; }
  }
  function syncPicker() {
    if (!picker) { return; }
    let value = "";
    d.examples.forEach((e, i) => { if (gradesText(e.grades) === input.value.trim()) { value = String(i); } });
    picker.value = value;
  }
  function showError(message) {
    error.textContent = `\u26a0\ufe0f ${message}`;
    error.hidden = false;
    numbers.innerHTML = "";
    table.innerHTML = "";
    chart.innerHTML = "";
    root.setAttribute("data-valid", "false");
  }
  function steps(values, k, g) {
    const rows = M.steps(values, k, g), shown = gradeText(values);
    const tableEl = el("table", "ndcg-steps");
    const total = rows.length ? rows[rows.length - 1].total : 0;
    tableEl.appendChild(el("caption", "", fill(t.caption, {n: rows.length, dcg: M.fmt(total, 3), gain: t[g]})));
    const head = el("thead"), tr = el("tr");
    d.columns.forEach((c) => { tr.appendChild(el("th", "", c)); });
    head.appendChild(tr);
    tableEl.appendChild(head);
    const body = el("tbody");
    rows.forEach((r) => {
      const row = el("tr");
      [[String(r.rank), "num"], [letters(r.rank - 1), ""], [shown(r.grade), "num"], [M.fmt(r.gain, 3), "num"],
       [M.fmt(r.log2, 3), "num"], [M.fmt(r.discount, 3), "num"], [M.fmt(r.contribution, 3), "num"],
       [M.fmt(r.total, 3), "num"]].forEach((cell) => { row.appendChild(el("td", cell[1], cell[0])); });
      body.appendChild(row);
    });
    tableEl.appendChild(body);
    return {table: tableEl, rows: rows, total: total};
  }
  function bars(rows, dcgValue) {
    const box = el("div", "ndcg-ex-bars");
    const caption = el("p", "ndcg-muted ndcg-ex-bars-caption",
                     fill(t.chart, {n: rows.length, dcg: M.fmt(dcgValue, 3)}));
    box.appendChild(caption);
    let top = 0;
    rows.forEach((r) => { top = Math.max(top, r.gain); });
    rows.forEach((r) => {
      const line = el("div", "ndcg-ex-bar-row");
      line.appendChild(el("span", "ndcg-ex-bar-label", `${r.rank} \u00b7 ${letters(r.rank - 1)}`));
      const track = el("span", "ndcg-ex-bar-track");
      const g = el("span", "ndcg-ex-bar-gain"), c = el("span", "ndcg-ex-bar-kept");
      g.style.width = `${top > 0 ? 100 * r.gain / top : 0}%`;
      c.style.width = `${top > 0 ? 100 * r.contribution / top : 0}%`;
      track.appendChild(g);
      track.appendChild(c);
      line.appendChild(track);
      line.appendChild(el("span", "ndcg-ex-bar-value",
                          `${M.fmt(r.gain, 3)} \u2192 ${M.fmt(r.contribution, 3)}`));
      box.appendChild(line);
    });
    return box;
  }
  function update(save) {
    let g = gain(), values;
    try {
      values = M.parseGrades(input.value);
      M.steps(values, null, g); // the grades must also suit the gain (2^g - 1 stays finite)
    } catch (err) {
      showError(M.explain(err, d.errors));
      if (save) { store.set("state", {grades: input.value, k: Number(kIn.value), gain: g}); }
      return;
    }
    const n = Math.max(1, values.length);
    kIn.max = String(n);
    kIn.value = String(wanted === null ? n : Math.min(wanted, n));
    lastN = n;
    const k = Number(kIn.value);
    kOut.textContent = String(k);
    error.hidden = true;
    error.textContent = "";
    root.setAttribute("data-valid", "true");
    const shown = Math.min(k, values.length);
    let line = fill(t.numbers, {n: shown, cg: M.fmt(M.cg(values, k), 3), dcg: M.fmt(M.dcg(values, k, g), 3),
                                idcg: M.fmt(M.idcg(values, k, g), 3), ndcg: M.fmt(M.ndcg(values, k, g), 3)});
    let spoken = `NDCG@${shown} = ${M.fmt(M.ndcg(values, k, g), 3)}`;
    if (d.showRr) {
      let rr = M.rr(values, d.threshold), first = 0;
      for (let i = 0; i < values.length; i++) { if (values[i] >= d.threshold) { first = i + 1; break; } }
      const where = fill(first ? t.rr_at : t.rr_none, {threshold: d.threshold, rank: first});
      line += ` \u00b7 ${fill(t.rr, {rr: M.fmt(rr, 3)})} <span class="ndcg-muted">(${esc(where)})</span>`;
      spoken += `, RR = ${M.fmt(rr, 3)}`;
    }
    numbers.innerHTML = line;
    const built = steps(values, k, g);
    table.innerHTML = "";
    table.appendChild(built.table);
    chart.innerHTML = "";
    chart.appendChild(bars(built.rows, built.total));
    say(spoken);
    if (save) { store.set("state", {grades: input.value, k: k, gain: g}); }
  }

  const saved = store.get("state", null);
  if (saved && typeof saved.grades === "string" && typeof saved.k === "number" &&
      (saved.gain === "linear" || saved.gain === "exponential")) {
    setState(saved.grades, saved.k, saved.gain);
  }
  input.addEventListener("input", () => { syncPicker(); update(true); });
  kIn.addEventListener("input", () => {
    wanted = Number(kIn.value) >= lastN ? null : Number(kIn.value);
    update(true);
  });
  for (let r = 0; r < radios.length; r++) { radios[r].addEventListener("change", () => { update(true); }); }
  if (picker) {
    picker.addEventListener("change", () => {
      if (picker.value === "") { return; }
      const e = d.examples[Number(picker.value)];
      input.value = gradesText(e.grades);
      update(true);
    });
  }
  root.querySelector("[data-action=reset]").addEventListener("click", () => {
    store.clear();
    setState(d.grades, d.k, d.gain);
    syncPicker();
    update(false);
  });
  syncPicker();
  update(false);
}

/* -- chapter 2: the discount and the gains */

function slider(root, draw) {
  const input = C.role(root, "slider"), out = C.role(root, "value"), say = announcer(root, 300);
  C.role(root, "static").hidden = true;
  function update() {
    out.textContent = input.value;
    say(plain(draw(Number(input.value))));
  }
  input.addEventListener("input", update);
  draw(Number(input.value));
  return input;
}

function discount(root) {
  const d = dataOf(root), t = d.texts, readout = C.role(root, "readout"), chart = C.role(root, "chart");
  const ranks = [];
  for (let i = 1; i <= d.ranks; i++) { ranks.push(i); }
  const logs = ranks.map((i) => M.discount(i));
  /* 1/i: the reciprocal rank of a list whose first relevant result is at rank i */
  const recips = ranks.map((i) => { const g = new Array(i).fill(0); g[i - 1] = 1; return M.rr(g, 1); });
  let input;
  function draw(rank) {
    const text = fill(t.readout, {rank: rank, rank1: rank + 1, log: M.fmt(logs[rank - 1], 3),
                                recip: M.fmt(recips[rank - 1], 3)});
    readout.innerHTML = text;
    const svg = lineChart({
      x0: 1, x1: d.ranks, xticks: [1, 5, 10, 15, 20].filter((x) => x <= d.ranks),
      xlabel: t.x, ylabel: t.y, mark: rank, label: fill(t.chart, {n: d.ranks, rank: rank}),
      series: [{values: logs, css: "ndcg-fig-a", marker: "circle"},
               {values: recips, css: "ndcg-fig-b", marker: "triangle"}]
    });
    chart.innerHTML = "";
    chart.appendChild(svg);
    const legend = el("p", "ndcg-fig-legend");
    legend.appendChild(el("span", "ndcg-fig-key ndcg-fig-a", `\u25cf ${t.legend_log}`));
    legend.appendChild(el("span", "ndcg-fig-key ndcg-fig-b", `\u25b2 ${t.legend_recip}`));
    chart.appendChild(legend);
    return text;
  }
  input = C.role(root, "slider");
  slider(root, draw);
  pointer(chart, (x) => {
    x = Math.max(1, Math.min(d.ranks, x));
    if (String(x) !== input.value) {
      input.value = String(x);
      input.dispatchEvent(new Event("input", {bubbles: true}));
    }
  });
}

/* Pointer Events on a chart's box (it outlives the SVG redrawn inside it): press and drag
 * to pick the x under the pointer. */
function pointer(box, pick) {
  let dragging = false;
  function at(event) {
    const svg = box.querySelector("svg");
    if (svg?.toX) { pick(svg.toX(event.clientX)); }
  }
  box.classList.add("ndcg-fig-drag");
  box.addEventListener("pointerdown", (event) => {
    if (!event.target.closest("svg")) { return; }
    try { box.setPointerCapture(event.pointerId); } catch { /* no capture: still works */ }
    dragging = true;
    at(event);
    event.preventDefault();
  });
  box.addEventListener("pointermove", (event) => { if (dragging) { at(event); } });
  function stop() { dragging = false; }
  box.addEventListener("pointerup", stop);
  box.addEventListener("pointercancel", stop);
}

function gains(root) {
  const d = dataOf(root), t = d.texts, readout = C.role(root, "readout"), chart = C.role(root, "chart");
  const top = M.gain(d.grades, "exponential");
  function draw(grade) {
    const lin = M.gain(grade, "linear"), exp = M.gain(grade, "exponential");
    const text = fill(t.readout, {grade: grade, linear: M.fmt(lin, 0), exponential: M.fmt(exp, 0)});
    readout.innerHTML = text;
    chart.innerHTML = "";
    const box = el("div", "ndcg-ex-bars");
    box.setAttribute("role", "img");
    box.setAttribute("aria-label", fill(t.chart, {grade: grade, linear: M.fmt(lin, 0), exponential: M.fmt(exp, 0)}));
    [[t.linear, lin, "ndcg-fig-a"], [t.exponential, exp, "ndcg-fig-b"]].forEach((b) => {
      const line = el("div", "ndcg-ex-bar-row");
      line.appendChild(el("span", "ndcg-ex-bar-label", b[0]));
      const track = el("span", "ndcg-ex-bar-track"), bar = el("span", `ndcg-fig-bar ${b[2]}`);
      bar.style.width = `${top > 0 ? 100 * b[1] / top : 0}%`;
      track.appendChild(bar);
      line.appendChild(track);
      line.appendChild(el("span", "ndcg-ex-bar-value", M.fmt(b[1], 0)));
      box.appendChild(line);
    });
    chart.appendChild(box);
    return text;
  }
  slider(root, draw);
}

/* -- chapter 4: NDCG@k for a list you reorder */

function ndcgAtK(root) {
  const d = dataOf(root), t = d.texts, store = C.store(root), say = announcer(root, 100);
  const list = C.role(root, "list"), chart = C.role(root, "chart"), tableBox = C.role(root, "table");
  const n = d.grades.length, start = [];
  Array.prototype.forEach.call(list.children, (li) => {
    const item = d.items[Number(li.getAttribute("data-index"))];
    li.querySelector("[data-action=up]").setAttribute("aria-label", fill(t.up, {item: item}));
    li.querySelector("[data-action=down]").setAttribute("aria-label", fill(t.down, {item: item}));
  });
  for (let i = 0; i < n; i++) { start.push(i); }
  let order = start.slice(), saved = store.get("order", null);
  if (Array.isArray(saved) && saved.length === n && saved.slice().sort((a, b) => a - b)
      .every((v, j) => v === j)) { order = saved; }
  const items = Array.prototype.slice.call(list.children);

  function curve(idx) {
    const g = idx.map((j) => d.grades[j]), out = [];
    for (let k = 1; k <= n; k++) { out.push(M.ndcg(g, k, "linear")); }
    return out;
  }
  const original = curve(start);
  function draw() {
    order.forEach((j, rank) => {
      const li = items[j];
      list.appendChild(li);
      li.querySelector("[data-action=up]").setAttribute("aria-disabled", String(rank === 0));
      li.querySelector("[data-action=down]").setAttribute("aria-disabled", String(rank === n - 1));
    });
    const yours = curve(order), ticks = [];
    for (let k = 1; k <= n; k++) { ticks.push(k); }
    chart.innerHTML = "";
    chart.appendChild(lineChart({
      x0: 1, x1: n, xticks: ticks, xlabel: t.x, ylabel: t.y,
      label: fill(t.chart, {n: n, yours: yours.map((v) => M.fmt(v, 3)).join(", "),
                            original: original.map((v) => M.fmt(v, 3)).join(", ")}),
      series: [{values: original, css: "ndcg-fig-b ndcg-fig-dashed", marker: "square"},
               {values: yours, css: "ndcg-fig-a", marker: "circle"}]
    }));
    const legend = el("p", "ndcg-fig-legend");
    legend.appendChild(el("span", "ndcg-fig-key ndcg-fig-a", `\u25cf \u2014 ${t.yours}`));
    legend.appendChild(el("span", "ndcg-fig-key ndcg-fig-b", `\u25a0 - - ${t.original}`));
    chart.appendChild(legend);
    const body = tableBox.querySelector("tbody");
    body.innerHTML = "";
    yours.forEach((v, j) => {
      const row = el("tr");
      row.appendChild(el("td", "num", String(j + 1)));
      row.appendChild(el("td", "num", M.fmt(v, 3)));
      row.appendChild(el("td", "num", M.fmt(original[j], 3)));
      body.appendChild(row);
    });
    return yours;
  }
  function move(j, step) {
    const rank = order.indexOf(j), to = rank + step;
    if (to < 0 || to >= n) { return; }
    order[rank] = order[to];
    order[to] = j;
    const yours = draw();
    store.set("order", order);
    say(fill(t.moved, {item: d.items[j], rank: to + 1, n: n, ndcg: M.fmt(yours[n - 1], 3)}));
  }
  list.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-action]");
    if (!button) { return; }
    const j = Number(button.closest("li").getAttribute("data-index"));
    move(j, button.getAttribute("data-action") === "up" ? -1 : 1);
    button.focus();
  });
  root.querySelector("[data-action=reset]").addEventListener("click", () => {
    order = start.slice();
    store.clear();
    const yours = draw();
    say(`NDCG@${n} = ${M.fmt(yours[n - 1], 3)}`);
  });
  root.querySelector("[data-action=best]").addEventListener("click", () => {
    order = start.slice().sort((a, b) => d.grades[b] - d.grades[a] || a - b);
    store.set("order", order);
    const yours = draw();
    say(`NDCG@${n} = ${M.fmt(yours[n - 1], 3)}`);
  });
  draw();
}

/* -- chapter 5: same RR, different NDCG */

function sameRr(root) {
  const d = dataOf(root), t = d.texts, store = C.store(root), say = announcer(root);
  const inputs = {a: C.role(root, "grades-a"), b: C.role(root, "grades-b")},
      scores = {a: C.role(root, "scores-a"), b: C.role(root, "scores-b")},
      verdict = C.role(root, "verdict"), error = C.role(root, "error"), picker = C.role(root, "pair");
  labelOptions(picker, t.custom, d.pairs.map((p) => p.label));
  const statics = root.querySelectorAll("[data-role=static]");
  for (let s = 0; s < statics.length; s++) { statics[s].hidden = true; }
  const saved = store.get("lists", null);
  if (saved && typeof saved.a === "string" && typeof saved.b === "string") {
    inputs.a.value = saved.a;
    inputs.b.value = saved.b;
  }
  function syncPicker() {
    let value = "";
    d.pairs.forEach((p, i) => {
      if (gradesText(p.a) === inputs.a.value.trim() && gradesText(p.b) === inputs.b.value.trim()) { value = String(i); }
    });
    picker.value = value;
  }
  function update(save) {
    const values = {}, problems = [];
    ["a", "b"].forEach((side) => {
      try {
        values[side] = M.parseGrades(inputs[side].value);
        const rr = M.rr(values[side], d.threshold), score = M.ndcg(values[side], null, "linear");
        values[side] = {rr: rr, ndcg: score};
        scores[side].innerHTML = t.rr + " = <b>" + M.fmt(rr, 3) + "</b> \u00b7 " + t.ndcg + " = <b>" +
          M.fmt(score, 3) + "</b>";
        inputs[side].setAttribute("aria-invalid", "false");
      } catch (err) {
        values[side] = null;
        scores[side].innerHTML = "";
        inputs[side].setAttribute("aria-invalid", "true");
        problems.push(fill(t.error, {name: side.toUpperCase(), message: M.explain(err, d.errors)}));
      }
    });
    if (save) { store.set("lists", {a: inputs.a.value, b: inputs.b.value}); }
    if (problems.length) {
      error.textContent = `\u26a0\ufe0f ${problems.join(" ")}`;
      error.hidden = false;
      verdict.hidden = true;
      root.setAttribute("data-valid", "false");
      return;
    }
    error.hidden = true;
    error.textContent = "";
    verdict.hidden = false;
    root.setAttribute("data-valid", "true");
    const sameRr = Math.abs(values.a.rr - values.b.rr) <= 1e-12,
        sameNdcg = Math.abs(values.a.ndcg - values.b.ndcg) <= 1e-12;
    const key = sameRr ? (sameNdcg ? "same_both" : "same_rr") : (sameNdcg ? "same_ndcg" : "differ_both");
    verdict.setAttribute("data-verdict", key);
    verdict.textContent = fill(t[key], {threshold: d.threshold});
    say("A: RR " + M.fmt(values.a.rr, 3) + ", NDCG " + M.fmt(values.a.ndcg, 3) + ". B: RR " +
        M.fmt(values.b.rr, 3) + ", NDCG " + M.fmt(values.b.ndcg, 3) + ". " + verdict.textContent);
  }
  inputs.a.addEventListener("input", () => { syncPicker(); update(true); });
  inputs.b.addEventListener("input", () => { syncPicker(); update(true); });
  picker.addEventListener("change", () => {
    if (picker.value === "") { return; }
    const p = d.pairs[Number(picker.value)];
    inputs.a.value = gradesText(p.a);
    inputs.b.value = gradesText(p.b);
    update(true);
  });
  syncPicker();
  update(false);
}

C.register("explorer", explorer);
C.register("discount", discount);
C.register("gains", gains);
C.register("ndcg-at-k", ndcgAtK);
C.register("same-rr", sameRr);
