/* The course's slide decks (slides/NN_name.md, built into the book by ndcg_book.slides).
 *
 * Loaded before MathJax and reveal.js. It gives MathJax its options (MathJax reads
 * window.MathJax when it loads: the book's own copy, _static/mathjax/tex-chtml.js, never a
 * CDN), then starts reveal.js with its speaker-notes plugin once the page is parsed. When both
 * have finished (the slides laid out, every formula typeset), reveal.js lays the slides out
 * again for the typeset formulas' real sizes, and the page is marked data-deck-ready="true"
 * (the browser tests wait for it).
 */
window.MathJax = {
  tex: { inlineMath: [['\\(', '\\)']], displayMath: [['\\[', '\\]']] },
  // the speaker view shows a slide's notes as HTML it cannot typeset: the notes hold no maths
  options: { ignoreHtmlClass: 'notes' },
  startup: { typeset: true },
};

document.addEventListener('DOMContentLoaded', function () {
  var shown = Reveal.initialize({
    width: 1280,
    height: 720,
    margin: 0.05,
    hash: true,
    slideNumber: 'c/t',
    transition: 'slide',
    plugins: [RevealNotes],
  });
  var mathjax = window.MathJax && window.MathJax.startup && window.MathJax.startup.promise;
  Promise.all([shown, mathjax || Promise.resolve()]).then(function () {
    Reveal.layout();
    document.documentElement.setAttribute('data-deck-ready', 'true');
  });
});
