// KaTeX's runtime on demand, on a page with views (ndcg_book/maths.py copies this file to _static/katex/
// and links it, deferred, before the course's scripts). The views' maths in the page was typeset when
// the book was built; a view that shows maths from its data as the reader plays (a flashcard's answer,
// a quiz's feedback) hands those elements to ndcgKatex.typeset (ndcg-course.js's typeset), which loads
// katex.min.js and its auto-render extension from this file's folder the first time an element holds
// TeX between \( \) or \[ \], and then typesets them. A page whose reader never opens such maths
// loads no maths script but this one.
(() => {
  const folder = document.currentScript.src.replace(/[?#].*$/, "").replace(/[^/]*$/, "");
  const TEX = /\\\(|\\\[/;
  let loading = null;
  function add(name) {
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = folder + name;
      script.onload = resolve;
      script.onerror = () => reject(new Error(`cannot load ${name}`));
      document.head.appendChild(script);
    });
  }
  function load() {
    if (!loading) { loading = add("katex.min.js").then(() => add("contrib/auto-render.min.js")); }
    return loading;
  }
  let work = Promise.resolve(true);
  function typeset(elements) {
    const todo = [...elements].filter((el) => el && TEX.test(el.textContent));
    if (!todo.length) { return Promise.resolve(false); }
    const job = load().then(() => {
      for (const el of todo) { window.renderMathInElement(el); }
      return true;
    });
    work = Promise.all([work, job]).then(() => true);
    return job;
  }
  // settled(): a promise of every typesetting asked for so far, done (the printing waits for it)
  window.ndcgKatex = { load: load, typeset: typeset, settled: () => work };
})();
