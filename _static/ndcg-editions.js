// The language switch of every page (ndcg_book/editions.py writes it): remember the edition the
// reader chose, and open the book's English landing page in the Chinese edition when that was the
// reader's last choice (first visit: the English one, with the switch in view). Works from
// file:// (localStorage; no request leaves the page).
(function () {
  "use strict";
  var KEY = "ndcg-course:edition";
  function store(value) {
    try { window.localStorage.setItem(KEY, value); } catch (e) { /* storage off: no memory */ }
  }
  function stored() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function start() {
    var nav = document.querySelector("nav.ndcg-editions");
    if (!nav) { return; }
    var here = nav.getAttribute("data-edition");
    var links = nav.querySelectorAll("a[data-edition]");
    for (var i = 0; i < links.length; i++) {
      links[i].addEventListener("click", function (event) {
        store(event.currentTarget.getAttribute("data-edition"));
      });
    }
    var chosen = stored();
    if (nav.getAttribute("data-landing") === "true" && here === "en" && chosen === "zh" && links.length) {
      window.location.replace(links[0].getAttribute("href"));
      return;
    }
    if (chosen !== here) { store(here); }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
