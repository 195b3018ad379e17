/* The course's slide decks (instructors/slides/NN_name.md, built into the book by ndcg_book.slides).
 *
 * Loaded after KaTeX and its auto-render extension (the book's own copy, _static/katex/, never
 * a CDN) and before reveal.js. Once the page is parsed, it typesets the slides' maths (\( \) and
 * \[ \]) with KaTeX, then starts reveal.js with its speaker-notes plugin. When reveal.js has laid
 * the slides out, it lays them out again for the typeset formulas' real sizes once KaTeX's fonts
 * are loaded, and the page is marked data-deck-ready="true" (the browser tests wait for it).
 */
/* Every formula of the slides, typeset with KaTeX; the speaker notes hold no maths. */
function typesetSlides(root) {
  renderMathInElement(root, {
    delimiters: [
      { left: '\\(', right: '\\)', display: false },
      { left: '\\[', right: '\\]', display: true },
    ],
    ignoredClasses: ['notes'],
    throwOnError: false,
  });
}

/* Each text node under `root` that is one of reveal.js's English words, or two of them as
 * "Layout: Default" (the speaker view's layout label), in the deck's language. */
function putWords(root, words) {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue;
    const english = text.trim();
    const pair = english.match(/^(.+?): (.+)$/);
    if (Object.hasOwn(words, english)) {
      node.nodeValue = text.replace(english, words[english]);
    } else if (pair && Object.hasOwn(words, pair[1]) && Object.hasOwn(words, pair[2])) {
      node.nodeValue = text.replace(english, `${words[pair[1]]}：${words[pair[2]]}`);
    }
  }
}

/* The notes plugin writes its speaker view (S) into a window it opens, in English, and fills it
 * in as the deck moves on: the window gets the deck's language and keeps its words. */
function showSpeakerViewWords(words, lang) {
  const open = window.open;
  window.open = function (...args) {
    const view = open.apply(this, args);
    if (view && args[1] === 'reveal.js - Notes') {
      // the plugin writes the page into the window right after it opens
      setTimeout(() => {
        const page = view.document.documentElement;
        page.lang = lang;
        putWords(page, words);
        new MutationObserver(() => putWords(page, words)).observe(page, {
          childList: true,
          subtree: true,
          characterData: true,
        });
      }, 0);
    }
    return view;
  };
}

/* reveal.js writes its help overlay (?) and its jump-to-slide box (G) in English; a deck in
 * another language hands this script their words in its JSON island #deck-words (English: none).
 * reveal.js adds both to its root when they open, filled in the same task, so an observer of
 * the root's children puts the words in place before the reader sees them. */
function showRevealWords(root, words) {
  const say = (node) => {
    const english = node.textContent.trim();
    if (Object.hasOwn(words, english)) node.textContent = words[english];
  };
  const translate = () => {
    root.querySelectorAll('.r-overlay-help .title, .r-overlay-help th, .r-overlay-help td:last-child').forEach(say);
    root.querySelectorAll('.jump-to-slide-input').forEach((input) => {
      if (Object.hasOwn(words, input.placeholder)) input.placeholder = words[input.placeholder];
    });
  };
  new MutationObserver(translate).observe(root, { childList: true });
}

document.addEventListener('DOMContentLoaded', () => {
  var island = document.getElementById('deck-words');
  var words = island ? JSON.parse(island.textContent) : {};
  if (Object.keys(words).length) {
    showRevealWords(document.querySelector('.reveal'), words);
    showSpeakerViewWords(words, document.documentElement.lang);
  }
  typesetSlides(document.querySelector('.reveal .slides'));
  var shown = Reveal.initialize({
    width: 1280,
    height: 720,
    margin: 0.05,
    hash: true,
    slideNumber: 'c/t',
    transition: 'slide',
    plugins: [RevealNotes],
  });
  Promise.all([shown, document.fonts.ready]).then(() => {
    Reveal.layout();
    document.documentElement.setAttribute('data-deck-ready', 'true');
  });
});
