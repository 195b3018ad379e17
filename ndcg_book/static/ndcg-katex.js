// KaTeX on a page with views (ndcg_book/maths.py copies this file to _static/katex/ and links it, deferred,
// after katex.min.js and its auto-render extension): once the page is parsed, typeset the views' TeX.
document.addEventListener("DOMContentLoaded", () => window.renderMathInElement(document.body));
