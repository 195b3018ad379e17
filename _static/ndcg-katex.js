// KaTeX on a page with views (ndcg_book/maths.py links this file, deferred, after katex.min.js and
// its auto-render extension): once the page is parsed, typeset the TeX of the views' HTML.
document.addEventListener("DOMContentLoaded", () => window.renderMathInElement(document.body));
