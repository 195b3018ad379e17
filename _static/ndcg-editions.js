// The language switch of every page (ndcg_book/editions.py writes it): remember the edition the
// reader chose, and open the book's English landing page in the Chinese edition when that was the
// reader's last choice (first visit: the English one, with the switch in view). Works from
// file:// (localStorage; no request leaves the page). The switch keeps the reader's place: its
// link carries the page's #section (both editions give a section the same id), so 简体中文 on
// chapters/02_dcg.html#the-formula opens zh/chapters/02_dcg.html#the-formula.
(() => {
  const KEY = "ndcg-book:edition";
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
        link.setAttribute("href", twins[i] + window.location.hash);
      });
    };
    keepPlace();
    window.addEventListener("hashchange", keepPlace);
    for (const link of links) {
      link.addEventListener("click", () => {
        keepPlace();
        store(link.getAttribute("data-edition"));
      });
    }
    const chosen = stored();
    if (nav.getAttribute("data-landing") === "true" && here === "en" && chosen === "zh" && links.length) {
      window.location.replace(links[0].getAttribute("href"));
      return;
    }
    if (chosen !== here) {
      store(here);
    }
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
