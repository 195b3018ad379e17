// Code on demand (ndcg_book/codeswitch.py writes the switch): a book page hides its code cells and
// the "Running this notebook?" lines until the reader turns "Show the code" on; the choice holds
// for every page of both editions (localStorage: it works from file://, no request leaves the
// page). Jupyter Book loads this file in every page's <head>, before the page is drawn: the
// attribute set here (data-ndcg-code on <html>) is what _static/course.css hides on, so a page
// never shows its code and then takes it away. Without JavaScript there is no attribute, the
// switch stays hidden and the code stays shown. A link to something inside the code (#id) shows it.
(() => {
  const KEY = "ndcg-book:code";
  const root = document.documentElement;
  const stored = () => {
    try {
      return window.localStorage.getItem(KEY);
    } catch {
      return null;
    }
  };
  const shown = () => root.getAttribute("data-ndcg-code") === "shown";
  const set = (on, remember) => {
    root.setAttribute("data-ndcg-code", on ? "shown" : "hidden");
    for (const button of document.querySelectorAll("button.code-switch")) {
      button.setAttribute("aria-checked", String(on));
    }
    if (remember) {
      try {
        window.localStorage.setItem(KEY, on ? "shown" : "hidden");
      } catch {
        // storage switched off: the choice holds on this page only
      }
    }
  };
  root.setAttribute("data-ndcg-code", stored() === "shown" ? "shown" : "hidden");
  const inCode = () => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    return target !== null && target.closest(".cell_input, p.ndcg-live") !== null;
  };
  const start = () => {
    const buttons = [...document.querySelectorAll("button.code-switch")];
    for (const button of buttons) {
      button.hidden = false;
      button.addEventListener("click", () => set(!shown(), true));
    }
    set(shown() || inCode(), false);
    window.addEventListener("hashchange", () => {
      if (inCode()) {
        set(true, false);
      }
    });
    // another tab of the book changed the choice: follow it
    window.addEventListener("storage", (event) => {
      if (event.key === KEY) {
        set(event.newValue === "shown", false);
      }
    });
  };
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
