/* ndcg-metrics.js: the course's metrics in the browser, with the conventions of the
 * Python package `ndcg` (tests/browser/test_metrics_js.py compares them on thousands of random
 * cases, to 1e-12).  Pure functions, no DOM: every kernel-free game, explorer and figure of
 * the book computes with these, so the numbers a reader sees in the browser are the
 * package's numbers.
 *
 *   grades   an array of finite, non-negative numbers, in ranked order (rank 1 first)
 *   k        a positive integer cut-off, or null for the whole list (a k beyond the list
 *            scores the whole list)
 *   gain     "linear" (the grade) or "exponential" (2^grade - 1)
 *
 * A list whose ideal DCG is 0 (nothing relevant) has NDCG 0.  Bad input throws an Error
 * whose message names the argument and what was expected.  A reader's input (parseGrades, and the
 * grades' limits) throws one with a key and values: a view explains it in its reader's language
 * with the templates of its data (explain; ndcg.course.views_text's "errors").
 *
 * An ES module: its default export is the API (the book's classic script, made from this file
 * by ndcg.course.assets, names it window.NDCGMetrics).
 */
const MAX_EXPONENTIAL_GRADE = 1023;

/* -- words: the messages of bad input (a view's words: ndcgCourse.localize, ndcg-course.js) */
function fillIn(template, values) {
  return String(template).replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole);
}

/* The templates of the messages of bad input ({key: template}, from a view's data, or given
 * once with setMessages); an error thrown for a reader's input carries its key and values. */
let messages = {};
function setMessages(table) { messages = table || {}; }

function problem(key, values) {
  const error = new Error(Object.hasOwn(messages, key) ? fillIn(messages[key], values)
                                                       : `${key} ${JSON.stringify(values)}`);
  error.key = key;
  error.values = values;
  return error;
}

/* What to tell the reader about `error`, in the words of `table` (a view's error templates). */
function explain(error, table) {
  if (error?.key && table && Object.hasOwn(table, error.key)) { return fillIn(table[error.key], error.values); }
  return error?.message ? error.message : String(error);
}

function checkGain(gain) {
  if (gain !== "linear" && gain !== "exponential") {
    throw new Error(`gain must be 'linear' or 'exponential'; got ${JSON.stringify(gain)}.`);
  }
  return gain;
}

function checkK(k) {
  if (k === null || k === undefined) { return null; }
  if (typeof k !== "number" || !Number.isFinite(k) || Math.floor(k) !== k || k < 1) {
    throw new Error(`k must be a positive whole number (or none, for the whole list); got ${k}.`);
  }
  return k;
}

function checkGrades(grades, gain, name) {
  name = name || "grades";
  if (!Array.isArray(grades)) { throw new Error(`${name} must be a list of numbers.`); }
  for (let i = 0; i < grades.length; i++) {
    const g = grades[i];
    if (typeof g !== "number" || !Number.isFinite(g)) {
      throw new Error(`${name} must be numbers; item ${i + 1} is ${JSON.stringify(g)}.`);
    }
    if (g < 0) { throw problem("negative", {name: name, item: i + 1, value: g}); }
    if (gain === "exponential" && g > MAX_EXPONENTIAL_GRADE) {
      throw problem("too_large", {name: name, max: MAX_EXPONENTIAL_GRADE, item: i + 1, value: g});
    }
  }
  return grades;
}

function checkScores(scores, n) {
  if (!Array.isArray(scores)) { throw new Error("scores must be a list of numbers."); }
  if (scores.length !== n) {
    throw new Error("scores must give one score per item: got " + scores.length + " scores for " +
                    n + " grades.");
  }
  for (let i = 0; i < scores.length; i++) {
    if (typeof scores[i] !== "number" || !Number.isFinite(scores[i])) {
      throw new Error(`scores must be finite numbers; item ${i + 1} is ${scores[i]}.`);
    }
  }
  return scores;
}

/* How many ranks are scored: k clamped to the list's length. */
function cutoff(length, k) {
  k = checkK(k);
  return k === null ? length : Math.min(k, length);
}

function gainOf(grade, gain) {
  return gain === "exponential" ? 2 ** grade - 1 : grade;
}

/* 1 / log2(rank + 1): rank 1 keeps its whole gain. */
function discount(rank) {
  return 1 / Math.log2(rank + 1);
}

/* The pieces of DCG@k, rank by rank (what the step tables show). */
function steps(grades, k, gain) {
  gain = checkGain(gain || "linear");
  checkGrades(grades, gain);
  let n = cutoff(grades.length, k), rows = [], total = 0;
  for (let i = 0; i < n; i++) {
    const g = gainOf(grades[i], gain), d = discount(i + 1), c = g * d;
    total += c;
    rows.push({rank: i + 1, grade: grades[i], gain: g, log2: Math.log2(i + 2), discount: d,
               contribution: c, total: total});
  }
  return rows;
}

function cg(grades, k) {
  checkGrades(grades, "linear");
  let n = cutoff(grades.length, k), total = 0;
  for (let i = 0; i < n; i++) { total += grades[i]; }
  return total;
}

function dcg(grades, k, gain) {
  gain = checkGain(gain || "linear");
  checkGrades(grades, gain);
  let n = cutoff(grades.length, k), total = 0;
  for (let i = 0; i < n; i++) { total += gainOf(grades[i], gain) * discount(i + 1); }
  return total;
}

/* The best possible order: every grade of `ideal` (default: the list's own), best first. */
function idealOrder(grades) {
  return grades.slice().sort((a, b) => b - a);
}

function idcg(grades, k, gain, ideal) {
  gain = checkGain(gain || "linear");
  checkGrades(grades, gain);
  const pool = ideal === undefined || ideal === null ? grades : checkGrades(ideal, gain, "ideal");
  return dcg(idealOrder(pool), k, gain);
}

function ndcg(grades, k, gain, ideal) {
  const best = idcg(grades, k, gain, ideal);
  return best > 0 ? dcg(grades, k, gain) / best : 0;
}

/* The DCG monster's health (ndcg.course.widgets.games.monster_health): IDCG@k - DCG@k of the
   order, exactly 0 when the order is ideal (a gap within HEALTH_TOLERANCE of IDCG is rounding). */
const HEALTH_TOLERANCE = 1e-12;
function monsterHealth(grades, k, gain) {
  const best = idcg(grades, k, gain), gap = best - dcg(grades, k, gain);
  return gap <= HEALTH_TOLERANCE * Math.max(1, best) ? 0 : gap;
}

/* A scripted series of moves (each a position a: the items at a and a + 1 swap), and what each
   did to the monster: {position, health, damage}, damage = health before - health after
   (ndcg.course.widgets.games.monster_hits). */
function monsterHits(grades, moves, k, gain) {
  gain = checkGain(gain || "linear");
  let order = checkGrades(grades, gain).slice(), health = monsterHealth(order, k, gain), hits = [];
  if (!Array.isArray(moves)) { throw new Error(`moves must be a sequence of positions; got ${moves}.`); }
  moves.forEach((position) => {
    if (typeof position !== "number" || !Number.isInteger(position) || position < 0 ||
        position >= order.length - 1) {
      throw new Error("every move must be a position from 0 (the top) to " + (order.length - 2) +
                      ": the items at it and below it swap; got " + position + ".");
    }
    const t = order[position];
    order[position] = order[position + 1];
    order[position + 1] = t;
    const after = monsterHealth(order, k, gain);
    hits.push({ position: position, health: after, damage: health - after });
    health = after;
  });
  return hits;
}

/* Reciprocal rank: 1 / rank of the first item graded at least `threshold`, else 0. */
function rr(grades, threshold) {
  threshold = threshold === undefined ? 1 : threshold;
  checkGrades(grades, "linear");
  for (let i = 0; i < grades.length; i++) {
    if (grades[i] >= threshold) { return 1 / (i + 1); }
  }
  return 0;
}

/* The order of the items by score, best first; tied scores keep their input order. */
function rankByScores(scores) {
  const order = [];
  for (let i = 0; i < scores.length; i++) { order.push(i); }
  order.sort((a, b) => scores[b] - scores[a] || a - b);
  return order;
}

/* The grades in the order the scores rank them. */
function ranked(grades, scores) {
  return rankByScores(scores).map((i) => grades[i]);
}

function sigmoid(x) {
  return x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x));
}

/* RankNet's gradient of the summed pair loss, one value per item (ndcg.ltr.ranknet_loss). */
function ranknetGradients(grades, scores, sigma) {
  sigma = sigma === undefined ? 1 : sigma;
  checkGrades(grades, "linear");
  checkScores(scores, grades.length);
  const n = grades.length, grad = new Array(n).fill(0);
  for (let j = 0; j < n; j++) {
    let fromAbove = 0, fromBelow = 0;
    for (let i = 0; i < n; i++) {
      if (grades[i] > grades[j]) { fromAbove += sigma * sigmoid(-sigma * (scores[i] - scores[j])); }
      if (grades[j] > grades[i]) { fromBelow += sigma * sigmoid(-sigma * (scores[j] - scores[i])); }
    }
    grad[j] = fromAbove - fromBelow;
  }
  return grad;
}

/* |ΔNDCG@k| of swapping two items, and the pair's lambda, for every pair i better than j
 * (ndcg.ltr.lambdarank_gradients): items ranked by score (ties in input order), gains
 * 2^grade - 1 by default, discounts 0 beyond k, divided by IDCG@k. */
function lambdaPairs(grades, scores, k, sigma, gain) {
  sigma = sigma === undefined ? 1 : sigma;
  gain = checkGain(gain || "exponential");
  checkGrades(grades, gain);
  checkScores(scores, grades.length);
  const n = grades.length, cut = cutoff(n, k), order = rankByScores(scores), rank = new Array(n);
  for (let r = 0; r < n; r++) { rank[order[r]] = r + 1; }
  const best = idcg(grades, k, gain), pairs = [];
  if (!(best > 0)) { return pairs; }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (grades[i] > grades[j]) {
        const di = rank[i] <= cut ? discount(rank[i]) : 0, dj = rank[j] <= cut ? discount(rank[j]) : 0;
        const delta = Math.abs((gainOf(grades[i], gain) - gainOf(grades[j], gain)) * (di - dj)) / best;
        const rho = -sigma * sigmoid(-sigma * (scores[i] - scores[j]));
        pairs.push({better: i, worse: j, rankBetter: rank[i], rankWorse: rank[j],
                    ranknet: rho, delta: delta, lambda: rho * delta});
      }
    }
  }
  return pairs;
}

/* The lambdas: one force per item; negative means "move up". */
function lambdas(grades, scores, k, sigma, gain) {
  const out = new Array(grades.length).fill(0), pairs = lambdaPairs(grades, scores, k, sigma, gain);
  for (let p = 0; p < pairs.length; p++) {
    out[pairs[p].better] += pairs[p].lambda;
    out[pairs[p].worse] -= pairs[p].lambda;
  }
  return out;
}

/* Parse what a reader typed as a list of grades: commas, semicolons, spaces (also the
 * full-width ，、； and the ideographic space), brackets dropped.  Throws a message that
 * says what is wrong, never returns NaN. */
function parseGrades(text, name) {
  name = name || "grades";
  const cleaned = String(text).replace(/[\uFF0C\u3001\uFF1B\u3000]/g, ",")
    .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xFEE0))
    .replace(/\uFF0E/g, ".").replace(/\u2212/g, "-").trim().replace(/^[[(]|[\])]$/g, "");
  const pieces = cleaned.split(/[\s,;]+/).filter((p) => p.length > 0);
  if (pieces.length === 0) { throw problem("empty", {name: name}); }
  return pieces.map((piece, i) => {
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(piece)) { throw problem("not_number", {name: name, piece: piece, item: i + 1}); }
    const value = Number(piece);
    if (value < 0) { throw problem("negative", {name: name, item: i + 1, value: value}); }
    return value;
  });
}

/* A number as the book shows it: fixed decimals, never "-0.000", never "NaN". */
function fmt(value, digits) {
  digits = digits === undefined ? 3 : digits;
  if (typeof value !== "number" || !Number.isFinite(value)) { return "—"; }
  const text = value.toFixed(digits);
  return /^-0\.?0*$/.test(text) ? text.slice(1) : text;
}

const api = {
  MAX_EXPONENTIAL_GRADE: MAX_EXPONENTIAL_GRADE,
  cutoff: cutoff, gain: gainOf, discount: discount, steps: steps, cg: cg, dcg: dcg,
  idealOrder: idealOrder, idcg: idcg, ndcg: ndcg, rr: rr, rankByScores: rankByScores,
  ranked: ranked, ranknetGradients: ranknetGradients, lambdaPairs: lambdaPairs, lambdas: lambdas,
  parseGrades: parseGrades, fmt: fmt, HEALTH_TOLERANCE: HEALTH_TOLERANCE, monsterHealth: monsterHealth,
  monsterHits: monsterHits, setMessages: setMessages,
  explain: explain
};
export default api;
