/* ndcg-practice.js: the exercise notebook's exercises, answered in a chapter's page.
 *
 * A port of ndcg.course.checks.NumberCheck.check (the verdicts, the ladder of help, the list
 * marks, the reading of typed numbers), fed by the JSON island the book build writes from the
 * checks themselves (ndcg_book/practice.py): expected values, tolerances, names, hints and the
 * checker's words, in the page's language.  tests/browser/test_practice.py holds its verdicts
 * equal to the Python checker's on every exercise.  Progress (misses, attempts, solved, the
 * last answer) is remembered like the quizzes': localStorage, key
 * "ndcg-course:<book version>:<page path>:practice-<chapter>:practice".  The block opens when
 * the address names it (#practice-<chapter>, the link of a deck's "your turn" slide).  No libraries.
 */
(() => {
  /* typed_numbers.typed: full-width forms, the ideographic comma and space, U+2212 made ASCII. */
  const TYPED = {
    "\uff0c": ",", "\u3001": ",", "\uff1b": ";", "\uff0e": ".", "\u3000": " ", "\u2212": "-",
    "\uff08": "(", "\uff09": ")", "\uff3b": "[", "\uff3d": "]", "\uff05": "%", "\uff0f": "/"
  };
  function typed(text) {
    return String(text).replace(/[\uff0c\u3001\uff1b\uff0e\u3000\u2212\uff08\uff09\uff3b\uff3d\uff05\uff0f\uff10-\uff19]/g,
      (c) => TYPED[c] ?? String(c.charCodeAt(0) - 0xff10));
  }

  /* Python's str.strip() (Unicode white space) and str.strip(chars). */
  const SPACE = "[\\s\\u001c-\\u001f\\u0085]";
  const strip = (s) => s.replace(new RegExp(`^${SPACE}+|${SPACE}+$`, "gu"), "");
  const stripChars = (s, chars) => {
    let a = 0, b = s.length;
    while (a < b && chars.includes(s[a])) { a++; }
    while (b > a && chars.includes(s[b - 1])) { b--; }
    return s.slice(a, b);
  };

  /* typed_numbers.list_items: split at commas, semicolons and white space, brackets dropped. */
  function listItems(text) {
    return stripChars(strip(typed(text)), "[]()").split(new RegExp(`(?:${SPACE}|[,;])+`, "u")).filter((p) => p);
  }

  /* Python's float(text) and Fraction(text) (underscores between digits allowed). */
  const DIGITS = "\\d+(?:_\\d+)*";
  const FLOAT = new RegExp(`^[+-]?(?:(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?|inf(?:inity)?|nan)$`, "i");
  const FRACTION = new RegExp(`^([+-]?)(?=\\d|\\.\\d)(\\d*|${DIGITS})(?:/(${DIGITS})|(?:\\.(\\d*|${DIGITS}))?(?:e([+-]?${DIGITS}))?)$`, "i");
  function pyFloat(text) {
    const t = strip(text);
    if (!FLOAT.test(t)) { return null; }
    const s = t.replace(/_/g, "").toLowerCase();
    if (/^[+-]?inf/.test(s)) { return s[0] === "-" ? -Infinity : Infinity; }
    if (/^[+-]?nan$/.test(s)) { return NaN; }
    return Number(s);
  }
  function pyFraction(text) {
    const m = FRACTION.exec(text);
    if (!m) { return null; }
    if (m[3] === undefined) { return pyFloat(text); }  /* a decimal: float() already said no */
    const num = Number(m[2].replace(/_/g, "")), den = Number(m[3].replace(/_/g, ""));
    if (den === 0) { return null; }
    return (m[1] === "-" ? -1 : 1) * (num / den);
  }

  /* typed_numbers._parse_number: "0.9", "0,9", "1/3", "90%" (full-width forms too) -> number; else null. */
  function parseNumber(text) {
    text = strip(typed(text));
    let scale = 1;
    if (text.endsWith("%")) { text = strip(text.slice(0, -1)); scale = 0.01; }
    if (/^[+-]?\d+,\d+$/.test(text)) { text = text.replace(",", "."); }
    const value = pyFloat(text);
    if (value !== null) { return value * scale; }
    const fraction = pyFraction(text.replace(/ /g, ""));
    return fraction === null ? null : fraction * scale;
  }

  /* Python's f"{x:.6g}" and typed_numbers._format_number: six significant digits, rounded half to even
   * on the exact value (toExponential(20) shows it far enough to see a tie). */
  function g6(x) {
    if (Number.isNaN(x)) { return "nan"; }
    if (!Number.isFinite(x)) { return x > 0 ? "inf" : "-inf"; }
    if (x === 0) { return Object.is(x, -0) ? "-0" : "0"; }
    const [mantissa, exp] = Math.abs(x).toExponential(20).split("e");
    const digits = mantissa.replace(".", ""), tail = digits.slice(6);
    let head = digits.slice(0, 6), e = Number(exp);
    if (tail[0] > "5" || (tail[0] === "5" && (/[1-9]/.test(tail.slice(1)) || Number(head[5]) % 2 === 1))) {
      head = String(Number(head) + 1);
      if (head.length > 6) { head = head.slice(0, 6); e += 1; }
    }
    const trim = (s) => (s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s);
    const sign = x < 0 ? "-" : "";
    if (e < -4 || e >= 6) {
      return `${sign}${trim(`${head[0]}.${head.slice(1)}`)}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
    }
    const fixed = e >= 0 ? `${head.slice(0, e + 1)}.${head.slice(e + 1)}` : `0.${"0".repeat(-e - 1)}${head}`;
    return sign + trim(fixed);
  }
  function formatNumber(value) {
    if (Array.isArray(value)) { return `[${value.map(formatNumber).join(", ")}]`; }
    return Number.isInteger(value) && Math.abs(value) < 1e15 ? String(value === 0 ? 0 : value) : g6(value);
  }

  /* Python's repr() of a str. */
  function repr(text) {
    const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
    let out = "";
    for (const c of text) {
      const code = c.codePointAt(0);
      if (c === "\\" || c === quote) { out += `\\${c}`; }
      else if (c === "\n") { out += "\\n"; }
      else if (c === "\r") { out += "\\r"; }
      else if (c === "\t") { out += "\\t"; }
      else if (c !== " " && /[\p{C}\p{Z}]/u.test(c)) {
        const hex = code.toString(16);
        out += code < 0x100 ? `\\x${hex.padStart(2, "0")}` : code < 0x10000 ? `\\u${hex.padStart(4, "0")}` : `\\U${hex.padStart(8, "0")}`;
      } else { out += c; }
    }
    return quote + out + quote;
  }

  /* typed_numbers._close, for one pair of numbers. */
  function near(g, e, rel, abs) {
    if (g === e || (Number.isNaN(g) && Number.isNaN(e))) { return true; }
    const tolerance = Math.max(rel * Math.max(Math.abs(g), Math.abs(e)), abs);
    return Number.isFinite(g) && Number.isFinite(e) && Math.abs(g - e) <= tolerance;
  }

  /* A space between two Chinese characters (check_words._CJK_SPACE): dropped where the checker
   * drops it (in Chinese: the island's drop_cjk_spaces, written from check_words' own rule). */
  const CJK_SPACE = /(?<=[\u3000-\u9fff\uff00-\uffef]) (?=[\u3000-\u9fff\uff00-\uffef“])/g;

  /* A NumberCheck of the page: data is one exercise of the JSON island, words and dropCjkSpaces
   * the island's.  The words are already in the page's language: no language is named here. */
  class Check {
    constructor(data, words, dropCjkSpaces) {
      Object.assign(this, { data: data, words: words, dropCjkSpaces: Boolean(dropCjkSpaces), attempts: 0, misses: 0 });
    }

    say(key, values) {
      let text = this.words[key];
      if (values) { text = text.replace(/\{(\w+)\}/g, (_m, name) => String(values[name])); }
      return this.dropCjkSpaces ? text.replace(CJK_SPACE, "") : text;
    }

    entries(numbers) {
      if (numbers.length === 1) { return this.say("entry", { number: numbers[0] }); }
      return this.say("entries", {
        numbers: numbers.slice(0, -1).join(this.say("list separator")), last: numbers[numbers.length - 1]
      });
    }

    near(g, e) { return near(g, e, this.data.rel_tol, this.data.abs_tol); }

    /* { status, message } for a typed answer (NumberCheck.check of the text). */
    check(answer) {
      const d = this.data;
      if (["", "..."].includes(strip(answer))) { return { status: "not yet", message: this.say("not yet") }; }
      const [value, problem] = this.read(answer);
      if (problem) { return { status: "incorrect", message: `❓ ${problem}` }; }
      const shown = formatNumber(value);
      const right = d.list ? value.every((g, i) => this.near(g, d.expected[i])) : this.near(value, d.expected);
      if (right) {
        const name = d.name.charAt(0).toUpperCase() + d.name.slice(1);
        let text = this.say("correct number", { name: name, value: d.shown });
        this.attempts++;
        if (this.misses) {
          text += this.misses === 1 ? this.say("after one miss") : this.say("after misses", { count: this.misses });
        }
        return { status: "correct", message: text };
      }
      const name = d.name;
      if (d.list) {
        const places = [];
        value.forEach((g, i) => { if (this.near(g, d.expected[i])) { places.push(String(i + 1)); } });
        const n = d.expected.length, count = places.length;
        const first = count > 0 && count < n
          ? this.say("list first which", { shown: shown, name: name, right: count, total: n, entries: this.entries(places) })
          : this.say("list first", { shown: shown, name: name, right: count, total: n });
        const later = this.say("list later", { shown: shown, name: name, marks: this.marks(value) });
        return this.wrong(first, later, d.hint2 ?? this.say("list closer"));
      }
      const verdict = Number.isNaN(value)
        ? this.say("nan", { name: name })
        : this.say(value > d.expected ? "too high" : "too low", { shown: shown, name: name });
      return this.wrong(verdict, verdict, d.hint2 ?? this.say("scalar closer"));
    }

    /* _Check._wrong: one more miss, one rung up the ladder. */
    wrong(first, later, closer) {
      this.attempts++;
      this.misses++;
      if (this.misses === 1) {
        const help = this.data.hint ? this.say("hint", { text: this.data.hint }) : this.say("hint default");
        return { status: "incorrect", message: `${first}\n${help}` };
      }
      if (this.misses === 2) { return { status: "incorrect", message: `${later}\n${this.say("closer", { text: closer })}` }; }
      const explanation = this.data.explanation ?? this.say("the answer is", { value: this.data.shown });
      return { status: "incorrect", message: `${later}\n${this.say("explanation", { text: explanation })}` };
    }

    /* NumberCheck.marks: swapped pairs, entries in the wrong order, entries off. */
    marks(got) {
      const expected = this.data.expected, n = expected.length;
      const wrong = [];
      for (let i = 0; i < n; i++) { if (!this.near(got[i], expected[i])) { wrong.push(i); } }
      const parts = [], used = new Set();
      for (const i of wrong) {
        for (const j of wrong) {
          const free = j > i && !used.has(i) && !used.has(j);
          if (free && this.near(got[i], expected[j]) && this.near(got[j], expected[i])) {
            used.add(i); used.add(j);
            parts.push(this.say("swapped", { first: i + 1, second: j + 1 }));
          }
        }
      }
      let rest = wrong.filter((i) => !used.has(i));
      if (rest.length >= 2 && this.wrongOrder(rest, got, expected)) {
        parts.push(this.say("wrong order", { entries: this.entries(rest.map((i) => String(i + 1))) }));
        rest = [];
      }
      for (const i of rest) {
        parts.push(this.say("off", { number: i + 1, typed: formatNumber(got[i]), value: this.data.entries[i] }));
      }
      return this.say("marks", { right: n - wrong.length, total: n, parts: parts.join(this.say("parts separator")) });
    }

    wrongOrder(places, got, expected) {
      const free = places.slice();
      for (const i of places) {
        const match = free.find((j) => j !== i && this.near(got[i], expected[j]));
        if (match === undefined) { return false; }
        free.splice(free.indexOf(match), 1);
      }
      return true;
    }

    /* NumberCheck._read of a typed answer: [value, null] or [null, what is wrong]. */
    read(answer) {
      if (!this.data.list) {
        const number = parseNumber(answer);
        return number === null ? [null, this.say("unreadable number", { answer: repr(answer) })] : [number, null];
      }
      const values = listItems(answer).map(parseNumber);
      if (values.includes(null)) { return [null, this.say("unreadable list", { answer: repr(answer) })]; }
      const n = this.data.expected.length;
      if (values.length !== n) { return [null, this.say("list length", { count: n, length: values.length })]; }
      return [values, null];
    }
  }

  /* What the reader did, remembered across reloads (ndcg-course.js's store(): same key scheme). */
  function memory(block) {
    const meta = document.querySelector('meta[name="ndcg-course-version"]');
    const key = `ndcg-course:${meta ? meta.getAttribute("content") : "0"}:${window.location.pathname}:${block.id}:practice`;
    let storage = null;
    try { storage = window.localStorage; } catch { storage = null; }
    return {
      get: () => {
        try { return JSON.parse(storage?.getItem(key) ?? "{}") || {}; } catch { return {}; }
      },
      set: (value) => {
        try { storage?.setItem(key, JSON.stringify(value)); } catch { /* full or refused */ }
      }
    };
  }

  /* The feedback as paragraphs, the verdict line first (textContent only: no HTML from answers). */
  function show(box, feedback) {
    const out = box.querySelector(".ndcg-practice-feedback");
    out.replaceChildren();
    out.className = `ndcg-practice-feedback ndcg-practice-${feedback.status.replace(" ", "-")}`;
    for (const line of feedback.message.split("\n\n").join("\n").split("\n")) {
      const p = document.createElement(/^ {4}/.test(line) ? "pre" : "p");
      p.textContent = line;
      out.appendChild(p);
    }
  }

  function activate(block) {
    const island = block.querySelector("script.ndcg-practice-data");
    if (!island) { return; }
    const data = JSON.parse(island.textContent), memo = memory(block), saved = memo.get();
    for (const box of block.querySelectorAll("form.ndcg-practice-box")) {
      const id = box.getAttribute("data-exercise"), exercise = data.exercises[id];
      const check = new Check(exercise, data.words, data.drop_cjk_spaces);
      const input = box.querySelector("input"), button = box.querySelector("button");
      const count = box.querySelector(".ndcg-practice-attempts");
      const state = saved[id] || {};
      check.attempts = state.attempts || 0;
      check.misses = state.misses || 0;
      const counted = () => {
        count.textContent = check.attempts ? check.say("box attempts", { count: check.attempts }) : "";
      };
      if (state.feedback) {
        input.value = state.answer || "";
        show(box, state.feedback);
      }
      counted();
      button.disabled = false;
      box.addEventListener("submit", (event) => {
        event.preventDefault();
        const text = input.value, trimmed = strip(text);
        const feedback = trimmed === "" || trimmed === "..."
          ? { status: "not yet", message: check.say("box empty answer") }
          : check.check(text);
        show(box, feedback);
        counted();
        const all = memo.get();
        all[id] = { attempts: check.attempts, misses: check.misses, answer: text, feedback: feedback,
          solved: feedback.status === "correct" || Boolean(all[id]?.solved) };
        memo.set(all);
      });
    }
  }

  window.ndcgPractice = { Check: Check, parseNumber: parseNumber, listItems: listItems, formatNumber: formatNumber, repr: repr };
  /* Reached by its id (a "your turn" slide links chapter.html#practice-<chapter>): the block opens. */
  const opened = () => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const block = id ? document.getElementById(id) : null;
    if (block?.matches("details[data-ndcg-practice]")) { block.open = true; }
  };
  const start = () => {
    document.querySelectorAll("details[data-ndcg-practice]").forEach(activate);
    opened();
    window.addEventListener("hashchange", opened);
  };
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
