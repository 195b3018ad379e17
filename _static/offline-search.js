// The book opened from file:// (a USB stick, no server). Sphinx's search lists the pages
// that match from searchindex.js, then fetch()es every listed page to show an excerpt
// under its link (searchtools.js, `SHOW_SEARCH_SUMMARY`). Browsers refuse fetch() on
// file:// URLs (each result logged a CORS console error and an uncaught "Failed to
// fetch"), so from file:// that fetch is turned off here, and the excerpts are made from
// searchtexts.js instead: the build writes it beside searchindex.js
// (ndcg_book/search.py), with the text searchtools.js would take from each page
// and where each of its sections starts and ends. On the search page this script loads it
// as a <script> (which file:// allows) and, for each result that Sphinx lists, hands the
// page's (or the section's) text to Sphinx's own Search.makeSearchSummary and highlights
// the query in it, as Sphinx does. Served over http(s), nothing changes.
// (Jupyter Book adds every .js file in _static/ to every page, after Sphinx's
// documentation_options.js, so DOCUMENTATION_OPTIONS exists here; on the search page this
// script runs before searchtools.js, so the rest waits for the document to be parsed.)
//
// Served or not, two repairs of searchtools.js's Search.htmlToText (which reads a fetched page's
// text for an excerpt): an anchor becomes a valid CSS selector (sphinx-exercise's solution ids
// hold a "/", "#chapters/00_why-solution-1", which querySelector refused with a console error),
// and the theme's clutter is left out of the text, as ndcg_book/search.py's CLUTTER does for
// searchtexts.js: the buttons above the article, the print-only title and contents, the language
// switch, and the hidden copies of a text given in several languages (those not in the edition's).
// And a repair of Search.makeSearchSummary: it cuts 240 UTF-16 code units out of the text, which
// can split a character outside the Basic Multilingual Plane (an emoji: 🎯, 🃏) in two, and the
// excerpt showed half of it as "�"; the half is left out.
// An excerpt is words: a fetched page's code (a literal block, a cell's input) and its practice block are left out, and each
// formula reads as the plain text the build put in its data-ndcg-text (ndcg_book/search.py's
// plain_maths: "2^rel_i - 1", not "\(2^{rel_i} - 1\)"), as searchtexts.js has them.
// And a query that runs Chinese into Latin letters ("理想DCG") is read as the two words the index
// holds ("理想 DCG"): the search splits a query only at spaces and punctuation.
(() => {
  const CLUTTER = [".bd-header-article", "#jb-print-docs-body", ".page-switches"];
  const CODE = ["pre", ".highlight", ".cell_input", ".ndcg-practice"]; // ndcg_book/search.py's CODE_CLASSES
  const HAN = "\\p{Script=Han}";
  const boundary = new RegExp(`(?<=${HAN})(?=[\\p{Script=Latin}\\d])|(?<=[\\p{Script=Latin}\\d])(?=${HAN})`, "gu");
  // TeX left in a page's text for KaTeX (a quiz's options), in plain text: the main rules of
  // ndcg_book/search.py's plain_maths (which writes every formula element's data-ndcg-text).
  const SYMBOLS = { sum: "Σ", cdot: "·", times: "×", le: "≤", ge: "≥", ne: "≠", in: "∈", sigma: "σ", lambda: "λ", Delta: "Δ" };
  const plainTeX = (tex) => {
    let text = tex.slice(2, -2);
    for (let i = 0; i < 4; i++) {
      text = text
        .replace(/\\(?:text|mathrm|operatorname|mathbf|mathit)\s*\{([^{}]*)\}/g, "$1")
        .replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, "($1)/($2)")
        .replace(/([_^])\{([^{}]*)\}/g, "$1($2)");
    }
    return text
      .replace(/\\(?:left|right|[bB]igg?[lr]?)\b/g, "")
      .replace(/\\([A-Za-z]+)/g, (_, name) => SYMBOLS[name] ?? name)
      .replace(/\\[,;:! ]|[{}]/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  };
  const repair = () => {
    if (typeof Search === "undefined" || typeof Search.htmlToText !== "function") return;
    const parseQuery = Search._parseQuery;
    if (typeof parseQuery === "function") {
      Search._parseQuery = (query) => parseQuery(query.replace(boundary, " "));
    }
    const htmlToText = Search.htmlToText;
    Search.htmlToText = (htmlString, anchor) => {
      const page = new DOMParser().parseFromString(htmlString, "text/html");
      for (const selector of [...CLUTTER, ...CODE]) {
        for (const element of page.querySelectorAll(selector)) element.remove();
      }
      for (const formula of page.querySelectorAll(".math[data-ndcg-text]")) {
        formula.textContent = ` ${formula.getAttribute("data-ndcg-text")} `;
      }
      // a text given in several languages: the copies its edition's rule hides, found by that rule's
      // own selector (the page's <style id="ndcg-edition-language">, ndcg_book/languages.py)
      const rule = page.getElementById("ndcg-edition-language")?.textContent ?? "";
      const hidden = rule.includes("{") ? rule.slice(0, rule.indexOf("{")).trim() : "";
      if (hidden) {
        for (const element of page.querySelectorAll(hidden)) element.remove();
      }
      const id = anchor?.startsWith("#") ? decodeURIComponent(anchor.slice(1)) : "";
      const text = htmlToText(page.documentElement.outerHTML, id ? `#${CSS.escape(id)}` : anchor);
      return text.replace(/\\\(.*?\\\)|\\\[.*?\\\]/gs, (tex) => ` ${plainTeX(tex)} `);
    };
    const makeSearchSummary = Search.makeSearchSummary;
    if (typeof makeSearchSummary !== "function") return;
    const halves = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
    Search.makeSearchSummary = (...args) => {
      const summary = makeSearchSummary(...args);
      if (summary) summary.textContent = summary.textContent.replace(halves, "");
      return summary;
    };
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", repair);
  else repair();
})();

(() => {
  if (window.location.protocol !== "file:" || typeof DOCUMENTATION_OPTIONS === "undefined") return;
  DOCUMENTATION_OPTIONS.SHOW_SEARCH_SUMMARY = false;

  const TEXTS_FILE = "searchtexts.js"; // ndcg_book.search.TEXTS_FILE
  const query = new URLSearchParams(window.location.search).get("q");
  let texts = null; // {docname: [text, {section id: [start, end]}]}, once searchtexts.js ran
  let terms = null; // [searchTerms, highlightTerms], as searchtools.js parses the query
  const done = new WeakSet();

  const queryTerms = () => {
    if (terms === null) {
      const parsed = Search._parseQuery(query);
      terms = [parsed[1], parsed[3]];
    }
    return terms;
  };

  // One result (<li>, as searchtools.js's _displayItem makes it): its page's excerpt.
  const summarise = (item) => {
    if (done.has(item)) return;
    done.add(item);
    const link = item.querySelector("a");
    // An object's result shows its description instead (searchtools.js does the same).
    if (!link || item.querySelector(":scope > span")) return;
    const href = link.getAttribute("href") || "";
    const hash = href.indexOf("#");
    const anchor = hash < 0 ? "" : href.slice(hash);
    let docName = hash < 0 ? href : href.slice(0, hash);
    const suffix = DOCUMENTATION_OPTIONS.LINK_SUFFIX || "";
    if (suffix && docName.endsWith(suffix)) docName = docName.slice(0, -suffix.length);
    const entry = texts[docName];
    if (!entry) return;
    const [text, sections] = entry;
    const span = anchor ? sections[decodeURIComponent(anchor.slice(1))] : undefined;
    const pageText = span ? text.slice(span[0], span[1]) : text;
    const [searchTerms, highlightTerms] = queryTerms();
    // makeSearchSummary reads the text through Search.htmlToText (from a fetched page's HTML):
    // give it the shipped text for this one call.
    const htmlToText = Search.htmlToText;
    let summary = null;
    Search.htmlToText = () => pageText;
    try {
      summary = Search.makeSearchSummary("", searchTerms, anchor);
    } finally {
      Search.htmlToText = htmlToText;
    }
    if (!summary) return;
    item.appendChild(summary);
    if (typeof SPHINX_HIGHLIGHT_ENABLED !== "undefined" && SPHINX_HIGHLIGHT_ENABLED && typeof _highlightText === "function") {
      for (const term of highlightTerms) _highlightText(item, term, "highlighted");
    }
  };

  const summariseAll = (results) => {
    for (const item of results.querySelectorAll("ul.search > li")) summarise(item);
  };

  const start = () => {
    const results = document.getElementById("search-results");
    if (!query || !results || typeof Search === "undefined") return;
    // Sphinx 7.4's searchtools.js: without these (another Sphinx), the results have no excerpt.
    if (typeof Search.makeSearchSummary !== "function" || typeof Search._parseQuery !== "function") return;
    const script = document.createElement("script");
    script.src = (document.documentElement.dataset.content_root || "") + TEXTS_FILE;
    script.addEventListener("load", () => {
      texts = window.ndcgSearchTexts || {};
      summariseAll(results);
    });
    document.head.appendChild(script);
    // searchtools.js adds the results one by one (a timer apart), after this has run.
    new MutationObserver(() => {
      if (texts !== null) summariseAll(results);
    }).observe(results, { childList: true, subtree: true });
  };

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
