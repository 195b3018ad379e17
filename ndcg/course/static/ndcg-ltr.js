/* ndcg-ltr.js: chapter 6's score playground (data-ndcg-view="score-playground").
 *
 * The view is made by ndcg.course.figures_ltr.score_playground: a table of the starting
 * ranking (readable without this script) and a JSON island with the query (names, grades,
 * scores), the settings (k, gain, sigma, the axis) and the messages.  This script lets the
 * reader move one item's score (drag the handle on the axis with a mouse, a pen or a finger;
 * the slider; the box; the arrow keys on the handle) and redraws, live:
 *
 *   - NDCG@k as a function of that score: a staircase, flat between the other scores and
 *     jumping where the moving score passes one of them, with the current point marked;
 *   - RankNet's gradient and LambdaRank's lambda of every item, as arrows (up for a negative
 *     value, "move up"), each column scaled to its longest arrow, with their values.
 *
 * Every number comes from NDCGMetrics (ties keep the input order, as in the package).
 * The state (which item moves, the scores) is remembered with ndcgCourse.store.
 */
import M from "./ndcg-metrics.js";
import C from "./ndcg-course.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const key in attrs) {
    if (Object.hasOwn(attrs, key)) { node.setAttribute(key, attrs[key]); }
  }
  if (parent) { parent.appendChild(node); }
  return node;
}

function fill(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (whole, key) =>
    Object.hasOwn(values, key) ? String(values[key]) : whole);
}

/* A number typed by a reader: also full-width digits, the minus sign U+2212 and a decimal
 * comma.  Returns the number, or null when the text is not one. */
function parseNumber(text) {
  const cleaned = String(text)
    .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xFEE0))
    .replace(/[\uFF0E\uFF0C,]/g, ".").replace(/[\u2212\uFF0D]/g, "-").replace(/\uFF0B/g, "+")
    .replace(/\s+/g, "");
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) { return null; }
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : null;
}

function activate(root) {
  const data = C.localize(C.readData(root), C.language(root)), msg = data.messages;
  const names = data.names, grades = data.grades, n = names.length;
  const k = data.k, gain = data.gain, sigma = data.sigma;
  const low = data.axis[0], high = data.axis[1];
  const SCALE = 10 ** data.decimals.score, SD = data.decimals.score, VD = data.decimals.value;
  const memory = C.store(root);

  const figure = C.role(root, "figure"), slider = C.role(root, "slider"), box = C.role(root, "box"),
      error = C.role(root, "error"), ndcgOut = C.role(root, "ndcg"), orderOut = C.role(root, "order"),
      tieOut = C.role(root, "tie"), sliderLabel = C.role(root, "slider-label"),
      tbody = C.role(root, "forces").querySelector("tbody");
  root.querySelector(".ndcg-ltr-picker").setAttribute("aria-label", msg.picker);
  const rows = [];
  for (let r = 0; r < n; r++) { rows.push(tbody.querySelector(`tr[data-doc="${r}"]`)); }

  function snap(x) {
    const v = Math.round(Math.min(high, Math.max(low, x)) * SCALE) / SCALE;
    return v === 0 ? 0 : v;  /* never -0 */
  }
  function validState(state) {
    if (!state || !Array.isArray(state.scores) || state.scores.length !== n) { return false; }
    if (typeof state.moving !== "number" || state.moving < 0 || state.moving >= n ||
        Math.floor(state.moving) !== state.moving) { return false; }
    for (let i = 0; i < n; i++) {
      const s = state.scores[i];
      if (typeof s !== "number" || !Number.isFinite(s) || s < low || s > high) { return false; }
    }
    return true;
  }

  const saved = memory.get("state", null);
  let scores = validState(saved) ? saved.scores.slice() : data.scores.slice();
  let moving = validState(saved) ? saved.moving : data.moving;
  let shownNdcg = null;

  function ndcgAt(s) { return M.ndcg(M.ranked(grades, s), k, gain); }
  function withMoving(x) { const s = scores.slice(); s[moving] = x; return s; }

  /* -- the figure: the staircase (one SVG) above the score axis (another SVG: the track,
   * touch-action none, so a finger drags the score there and scrolls the page elsewhere) -- */
  let parts = null, width = 0, yMin = 0;
  const PAD_L = 46, PAD_R = 16, TOP = 26, PLOT_H = 140, PLOT_HEIGHT = 176, AXIS_Y = 26, TRACK_HEIGHT = 64;

  function xOf(s) { return PAD_L + (s - low) / (high - low) * (width - PAD_L - PAD_R); }
  function scoreOf(x) { return low + (x - PAD_L) / (width - PAD_L - PAD_R) * (high - low); }

  /* the drawing's width: the figure's, inside the frame's border */
  function drawnWidth() { return Math.max(260, Math.round(figure.clientWidth || 600) - 2); }

  function build() {
    width = drawnWidth();
    figure.textContent = "";
    const frame = document.createElement("div");
    frame.className = "ndcg-ltr-frame";
    figure.appendChild(frame);
    const plot = svg("svg", {width: width, height: PLOT_HEIGHT, viewBox: `0 0 ${width} ${PLOT_HEIGHT}`,
                           "class": "ndcg-ltr-svg ndcg-ltr-plot", role: "img"}, frame);
    const track = svg("svg", {width: width, height: TRACK_HEIGHT, viewBox: `0 0 ${width} ${TRACK_HEIGHT}`,
                            "class": "ndcg-ltr-svg ndcg-ltr-track", role: "group",
                            "aria-label": fill(msg.axis, {name: names[moving], grade: grades[moving]})},
                    frame);
    /* the staircase of the moving item: one level between two neighbouring other scores */
    const others = [];
    for (let i = 0; i < n; i++) {
      if (i !== moving && scores[i] > low && scores[i] < high && others.indexOf(scores[i]) < 0) {
        others.push(scores[i]);
      }
    }
    others.sort((a, b) => a - b);
    let edges = [low].concat(others, [high]), levels = [], lo = 1;
    for (let e = 0; e + 1 < edges.length; e++) {
      const v = ndcgAt(withMoving((edges[e] + edges[e + 1]) / 2));
      levels.push(v);
      lo = Math.min(lo, v);
    }
    const ties = others.map((b) => ndcgAt(withMoving(b)));
    for (let t = 0; t < ties.length; t++) { lo = Math.min(lo, ties[t]); }
    yMin = Math.max(0, Math.floor((lo - 0.03) * 10) / 10);
    const yMax = 1;
    const yOf = (value) => TOP + (yMax - value) / (yMax - yMin) * PLOT_H;

    /* grid and NDCG ticks */
    const tickStep = yMax - yMin > 0.5 ? 0.2 : 0.1;
    for (let ti = 0; yMax - ti * tickStep >= yMin - 1e-9; ti++) {
      const y = yMax - ti * tickStep, yy = yOf(y);
      svg("line", {x1: PAD_L, x2: width - PAD_R, y1: yy, y2: yy, "class": "ndcg-ltr-grid"}, plot);
      svg("text", {x: PAD_L - 6, y: yy + 4, "class": "ndcg-ltr-tick", "text-anchor": "end"}, plot)
        .textContent = M.fmt(y, 1);
    }
    svg("text", {x: 4, y: 13, "class": "ndcg-ltr-tick ndcg-ltr-ylabel"}, plot).textContent = msg.ndcg;
    /* where the moving score passes another one: a dotted guide down to the other's marker */
    for (let o = 0; o < others.length; o++) {
      const gx = xOf(others[o]);
      svg("line", {x1: gx, x2: gx, y1: TOP, y2: PLOT_HEIGHT, "class": "ndcg-ltr-guide"}, plot);
      svg("line", {x1: gx, x2: gx, y1: 0, y2: AXIS_Y, "class": "ndcg-ltr-guide"}, track);
    }
    const stairs = svg("g", {"class": "ndcg-ltr-stairs"}, plot);
    let d = "";
    for (let s = 0; s < levels.length; s++) {
      const x0 = xOf(edges[s]), x1 = xOf(edges[s + 1]), ly = yOf(levels[s]);
      d += `M${x0.toFixed(1)} ${ly.toFixed(1)}H${x1.toFixed(1)}`;
      if (s + 1 < levels.length) {
        svg("line", {x1: x1, x2: x1, y1: ly, y2: yOf(levels[s + 1]), "class": "ndcg-ltr-jump"}, stairs);
        svg("circle", {cx: x1, cy: yOf(ties[s]), r: 3, "class": "ndcg-ltr-tiedot"}, stairs);
      }
    }
    svg("path", {d: d, "class": "ndcg-ltr-step"}, stairs);
    plot.setAttribute("aria-label", fill(msg.staircase, {
      name: names[moving], low: M.fmt(low, 0), high: M.fmt(high, 0),
      levels: levels.map((lv) => M.fmt(lv, VD)).join(", ")}));
    const point = svg("circle", {r: 6, "class": "ndcg-ltr-point"}, plot);
    const pointLabel = svg("text", {"class": "ndcg-ltr-pointlabel"}, plot);

    /* the score axis, the others' markers, the band and the handle */
    svg("line", {x1: PAD_L, x2: width - PAD_R, y1: AXIS_Y, y2: AXIS_Y, "class": "ndcg-ltr-axis"}, track);
    const every = (width - PAD_L - PAD_R) / (high - low) < 28 ? 2 : 1;
    for (let tick = Math.ceil(low); tick <= high; tick += 1) {
      const tx = xOf(tick);
      svg("line", {x1: tx, x2: tx, y1: AXIS_Y - 4, y2: AXIS_Y + 4, "class": "ndcg-ltr-axis"}, track);
      if ((tick - Math.ceil(low)) % every === 0) {
        svg("text", {x: tx, y: AXIS_Y + 32, "class": "ndcg-ltr-tick", "text-anchor": "middle"}, track)
          .textContent = M.fmt(tick, 0).replace("-", "\u2212");
      }
    }
    const byScore = {};
    for (let j = 0; j < n; j++) {
      if (j === moving) { continue; }
      const key = String(scores[j]);
      byScore[key] = byScore[key] || [];
      byScore[key].push(names[j]);
    }
    for (const sk in byScore) {
      if (!Object.hasOwn(byScore, sk)) { continue; }
      const mx = xOf(Number(sk)), g = svg("g", {"class": "ndcg-ltr-other"}, track);
      svg("circle", {cx: mx, cy: AXIS_Y, r: 10}, g);
      svg("text", {x: mx, y: AXIS_Y + 4, "text-anchor": "middle"}, g).textContent = byScore[sk].join("");
    }
    /* the band over the axis takes a press anywhere on it; the handle sits on top */
    const band = svg("rect", {x: 0, y: 0, width: width, height: TRACK_HEIGHT, "class": "ndcg-ltr-band"}, track);
    const handle = svg("g", {"class": "ndcg-ltr-handle", tabindex: "0", role: "slider",
                           "aria-valuemin": String(low), "aria-valuemax": String(high),
                           "aria-label": fill(msg.handle, {name: names[moving]}), "data-role": "handle"},
                     track);
    svg("circle", {r: 24, "class": "ndcg-ltr-hit"}, handle);
    svg("circle", {r: 14, "class": "ndcg-ltr-knob"}, handle);
    svg("text", {y: 5, "text-anchor": "middle"}, handle).textContent = names[moving];
    const note = document.createElement("p");
    note.className = "ndcg-ltr-axisnote";
    note.textContent = fill(msg.axis, {name: names[moving], grade: grades[moving]});
    figure.appendChild(note);
    parts = {svg: track, point: point, pointLabel: pointLabel, handle: handle, band: band};
    wireDrag(track, handle, band);
    handle.addEventListener("keydown", onKey);
  }

  /* -- pointer: drag the handle, or press anywhere on the axis band */
  let dragging = null;
  function scoreAt(event) {
    const box_ = parts.svg.getBoundingClientRect();
    return snap(scoreOf((event.clientX - box_.left) * width / box_.width));
  }
  function wireDrag(surface, handle, band) {
    function start(event) {
      if (event.button !== undefined && event.button > 0) { return; }
      event.preventDefault();
      dragging = event.pointerId;
      try { surface.setPointerCapture(event.pointerId); } catch { /* not capturable */ }
      handle.focus({preventScroll: true});
      handle.classList.add("is-dragging");
      if (event.currentTarget === band) { setScore(scoreAt(event)); }
    }
    handle.addEventListener("pointerdown", start);
    band.addEventListener("pointerdown", start);
    surface.addEventListener("pointermove", (event) => {
      if (dragging === event.pointerId) { event.preventDefault(); setScore(scoreAt(event)); }
    });
    function end(event) {
      if (dragging !== event.pointerId) { return; }
      dragging = null;
      handle.classList.remove("is-dragging");
      try { surface.releasePointerCapture(event.pointerId); } catch { /* released */ }
    }
    surface.addEventListener("pointerup", end);
    surface.addEventListener("pointercancel", end);
  }

  function onKey(event) {
    let step = event.shiftKey ? 1 / SCALE : 0.1, now = scores[moving], next = null;
    switch (event.key) {
      case "ArrowRight": case "ArrowUp": next = now + step; break;
      case "ArrowLeft": case "ArrowDown": next = now - step; break;
      case "PageUp": next = now + 1; break;
      case "PageDown": next = now - 1; break;
      case "Home": next = low; break;
      case "End": next = high; break;
      default: return;
    }
    event.preventDefault();
    setScore(snap(next));
  }

  /* -- the forces: one arrow per item and column */
  function arrow(cell, value, largest) {
    const text = M.fmt(value, VD), zero = Number(text) === 0;
    const dir = cell.querySelector(".ndcg-ltr-dir"), out = cell.querySelector(".ndcg-ltr-value");
    dir.textContent = "";
    const pic = svg("svg", {width: 18, height: 40, viewBox: "0 0 18 40", "aria-hidden": "true",
                          "class": `ndcg-ltr-arrow ${zero ? "is-none" : value < 0 ? "is-up" : "is-down"}`}, dir);
    if (!zero) {
      const length = 4 + 14 * Math.abs(value) / largest, sign = value < 0 ? -1 : 1;
      const tip = 20 + sign * length, head = tip - sign * 6;
      svg("line", {x1: 9, x2: 9, y1: 20, y2: head, "class": "ndcg-ltr-shaft"}, pic);
      svg("path", {d: `M3 ${head}L15 ${head}L9 ${tip}Z`, "class": "ndcg-ltr-head"}, pic);
    } else {
      svg("line", {x1: 4, x2: 14, y1: 20, y2: 20, "class": "ndcg-ltr-shaft"}, pic);
    }
    const said = document.createElement("span");
    said.className = "ndcg-sr";
    said.textContent = zero ? `${msg.none} ` : `${value < 0 ? msg.up : msg.down} `;
    dir.appendChild(said);
    out.textContent = text;
    out.setAttribute("data-value", String(value));
  }

  function largest(values) {
    let m = 0;
    for (let i = 0; i < values.length; i++) { m = Math.max(m, Math.abs(values[i])); }
    return m > 0 ? m : 1;
  }

  /* -- redraw everything that depends on the scores */
  function render(announceJump) {
    const order = M.rankByScores(scores), now = ndcgAt(scores);
    const ranknet = M.ranknetGradients(grades, scores, sigma), lambdas = M.lambdas(grades, scores, k, sigma, gain);
    const orderText = order.map((i) => names[i]).join(", ");
    const nowText = M.fmt(now, VD);
    if (announceJump && shownNdcg !== null && nowText !== shownNdcg) {
      C.announce(root, fill(msg.jump, {old: shownNdcg, "new": nowText, order: orderText}));
      ndcgOut.classList.remove("is-jump");
      void ndcgOut.offsetWidth;  /* restart the highlight */
      ndcgOut.classList.add("is-jump");
    }
    shownNdcg = nowText;
    ndcgOut.textContent = nowText;
    ndcgOut.setAttribute("data-value", String(now));
    orderOut.textContent = fill(msg.order, {order: orderText});
    root.setAttribute("data-scores", scores.join(","));

    /* a tie of the moving item with another: the input order decides */
    let tie = "";
    for (let i = 0; i < n; i++) {
      if (i !== moving && scores[i] === scores[moving]) {
        const first = Math.min(i, moving), second = Math.max(i, moving);
        tie = fill(msg.tie, {first: names[first], second: names[second], score: M.fmt(scores[i], SD)});
        break;
      }
    }
    tieOut.textContent = tie;
    tieOut.hidden = !tie;

    /* the table: rows in the order of the ranking */
    const bigR = largest(ranknet), bigL = largest(lambdas);
    for (let rank = 0; rank < n; rank++) {
      const doc = order[rank], row = rows[doc];
      tbody.appendChild(row);
      row.classList.toggle("is-moving", doc === moving);
      C.role(row, "rank").textContent = String(rank + 1);
      const scoreCell = C.role(row, "score");
      scoreCell.textContent = M.fmt(scores[doc], SD);
      scoreCell.setAttribute("data-value", String(scores[doc]));
      arrow(C.role(row, "ranknet"), ranknet[doc], bigR);
      arrow(C.role(row, "lambda"), lambdas[doc], bigL);
    }

    /* the figure */
    if (parts) {
      const hx = xOf(scores[moving]);
      parts.handle.setAttribute("transform", `translate(${hx.toFixed(1)} ${AXIS_Y})`);
      parts.handle.setAttribute("aria-valuenow", String(scores[moving]));
      parts.handle.setAttribute("aria-valuetext", `${M.fmt(scores[moving], SD)}; ${msg.ndcg} ${nowText}`);
      /* the point sits on the staircase: its height from the same evaluation as the text */
      const py = TOP + (1 - now) / (1 - yMin) * PLOT_H;
      parts.point.setAttribute("cx", hx.toFixed(1));
      parts.point.setAttribute("cy", py.toFixed(1));
      const right = hx < width - 70;
      parts.pointLabel.setAttribute("x", (hx + (right ? 9 : -9)).toFixed(1));
      parts.pointLabel.setAttribute("y", (py - 9).toFixed(1));
      parts.pointLabel.setAttribute("text-anchor", right ? "start" : "end");
      parts.pointLabel.textContent = nowText;
    }
    slider.value = String(scores[moving]);
    if (document.activeElement !== box) { box.value = M.fmt(scores[moving], SD); }
  }

  function setScore(value, fromBox) {
    if (value === scores[moving]) { return; }
    scores[moving] = value;
    memory.set("state", {moving: moving, scores: scores});
    if (!fromBox) { clearError(); box.value = M.fmt(value, SD); }
    render(true);
  }

  /* -- the picker, the slider, the box, reset */
  const pickers = root.querySelectorAll(".ndcg-ltr-picker button[data-doc]");
  function pick(i) {
    moving = i;
    for (let p = 0; p < pickers.length; p++) {
      pickers[p].setAttribute("aria-pressed", String(Number(pickers[p].getAttribute("data-doc")) === i));
    }
    const label = fill(msg.slider, {name: names[i]});
    sliderLabel.textContent = label;
    box.setAttribute("aria-label", label);
    memory.set("state", {moving: moving, scores: scores});
    clearError();
    box.value = M.fmt(scores[moving], SD);
    rebuild();
  }
  for (let p = 0; p < pickers.length; p++) {
    pickers[p].addEventListener("click", (event) => {
      pick(Number(event.currentTarget.getAttribute("data-doc")));
    });
  }

  slider.addEventListener("input", () => {
    const value = Number(slider.value);
    if (Number.isFinite(value)) { setScore(snap(value)); }
  });

  function clearError() {
    error.textContent = "";
    error.hidden = true;
    box.removeAttribute("aria-invalid");
  }
  function showError(text) {
    error.textContent = `\u26a0\ufe0f ${text}`;
    error.hidden = false;
    box.setAttribute("aria-invalid", "true");
  }
  function readBox() {
    const text = box.value.trim(), value = parseNumber(text);
    if (!text) { showError(fill(msg.empty, {name: names[moving]})); return; }
    if (value === null) { showError(fill(msg.not_number, {text: text})); return; }
    if (value < low || value > high) {
      showError(fill(msg.out_of_range, {low: M.fmt(low, 0), high: M.fmt(high, 0), text: text}));
      return;
    }
    clearError();
    const snapped = snap(value);
    box.value = M.fmt(snapped, SD);
    setScore(snapped, true);
  }
  box.addEventListener("change", readBox);
  box.addEventListener("keydown", (event) => {
    if (event.key === "Enter") { event.preventDefault(); readBox(); }
  });
  error.id = `${root.id}-error`;
  box.setAttribute("aria-describedby", error.id);

  root.querySelector("[data-action=reset]").addEventListener("click", () => {
    scores = data.scores.slice();
    memory.clear();
    clearError();
    pick(data.moving);
    C.announce(root, fill(msg.reset_done, {"new": M.fmt(ndcgAt(scores), VD)}));
  });

  function rebuild() {
    build();
    render(false);
  }

  /* -- size: the figure is drawn at its real width, so its text keeps its size */
  figure.hidden = false;
  let pending = false;
  function resize() {
    if (pending) { return; }
    pending = true;
    window.requestAnimationFrame(() => {
      pending = false;
      if (drawnWidth() !== width) { rebuild(); }  /* a new height alone keeps the drawing (and a drag) */
    });
  }
  if (window.ResizeObserver) { new window.ResizeObserver(resize).observe(figure); }
  window.addEventListener("resize", resize);

  pick(moving);
}

C.register("score-playground", activate);
