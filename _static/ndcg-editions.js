// The language switch of every page (ndcg_book/editions.py writes it): remember the edition the
// reader chose, and open the book's English landing page in the edition the reader chose last
// (first visit: the English one, with the switch in view). Works from
// file:// (localStorage; no request leaves the page). The switch keeps the reader's place: its
// link carries the page's #section (both editions give a section the same id), so 简体中文 on
// chapters/02_dcg.html#the-formula opens zh/chapters/02_dcg.html#the-formula.
// The link also carries the choice itself (?edition=en), and the page it opens believes that over
// the storage: Chromium may hand a freshly opened file:// page the value stored before the click,
// and the English landing page would then send the reader straight back to the Chinese one. The
// page takes the query out of its address once read.
(() => {
  const KEY = "ndcg-book:edition";
  // The edition at the book's root (its folder is ""): English, the course's first language
  // (ndcg/course/course.toml) and the one every text falls back to (ndcg-course.js's textIn).
  const ROOT = "en";
  const store = (value) => {
    try {
      window.localStorage.setItem(KEY, value);
    } catch {
      // storage switched off: the book simply does not remember
    }
  };
  const stored = () => {
    try {
      return window.localStorage.getItem(KEY);
    } catch {
      return null;
    }
  };
  const start = () => {
    const nav = document.querySelector("nav.edition-switch");
    if (!nav) {
      return;
    }
    const here = nav.getAttribute("data-edition");
    const links = [...nav.querySelectorAll("a[data-edition]")];
    const twins = links.map((link) => link.getAttribute("href").split("#")[0]);
    const keepPlace = () => {
      links.forEach((link, i) => {
        const edition = encodeURIComponent(link.getAttribute("data-edition"));
        link.setAttribute("href", `${twins[i]}?edition=${edition}${window.location.hash}`);
      });
    };
    const asked = new URLSearchParams(window.location.search).get("edition");
    if (asked !== null) {
      try {
        window.history.replaceState(window.history.state, "", window.location.pathname + window.location.hash);
      } catch {
        // an address that cannot be rewritten keeps its query; the page works the same
      }
    }
    keepPlace();
    window.addEventListener("hashchange", keepPlace);
    for (const link of links) {
      link.addEventListener("click", () => {
        keepPlace();
        store(link.getAttribute("data-edition"));
      });
    }
    const known = new Set([here, ...links.map((link) => link.getAttribute("data-edition"))]);
    const chosen = known.has(asked) ? asked : stored();
    // Only the root edition's landing page moves (a reader who opens another edition's directly
    // stays there), and only to an edition its switch links to.
    const twin = links.find((link) => link.getAttribute("data-edition") === chosen);
    if (nav.getAttribute("data-landing") === "true" && here === ROOT && twin) {
      window.location.replace(twin.getAttribute("href"));
      return;
    }
    if (stored() !== here) {
      store(here);
    }
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
