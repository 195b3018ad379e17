"""The book's maths in Chromium, from ``file://``: typeset when the book was built (KaTeX, through
sphinxcontrib-katex; ``ndcg_book.maths``), so a page without views runs no maths script at all,
and its formulas show in KaTeX's own fonts, loaded from the book. A formula copied gives its TeX
(KaTeX's copy-tex), and its MathML is what a screen reader gets (the drawing is aria-hidden).
"""

from __future__ import annotations

import pytest

from tests.browser.pages import BOOK, Visit, book_uri

#: A page with formulas and no view, in each edition: the glossary.
PAGES = ["reference/glossary.html", "zh/reference/glossary.html"]

STATE = r"""() => ({
  formulas: document.querySelectorAll('main .math').length,
  typeset: document.querySelectorAll('main .math .katex .katex-mathml math').length,
  hidden: [...document.querySelectorAll('main .katex-html')].every(el => el.getAttribute('aria-hidden') === 'true'),
  errors: document.querySelectorAll('.katex-error').length,
  runtime: typeof window.katex !== 'undefined' || typeof window.renderMathInElement !== 'undefined'
    || typeof window.MathJax !== 'undefined',
  scripts: [...document.scripts].map(s => s.src).filter(src => /_static\/katex\/|mathjax/i.test(src)),
  font: document.fonts.check('16px KaTeX_Main') && document.fonts.check('italic 16px KaTeX_Math'),
})"""

#: A copy of the page's first formula, as copy-tex hands it to the clipboard (plain text).
COPIED = """() => {
  const formula = document.querySelector('main .math .katex');
  const range = document.createRange();
  range.selectNode(formula);
  const selection = window.getSelection();
  selection.removeAllRanges();
  selection.addRange(range);
  const data = new DataTransfer();
  document.dispatchEvent(new ClipboardEvent('copy', {clipboardData: data, bubbles: true, cancelable: true}));
  return [data.getData('text/plain'), formula.querySelector('annotation').textContent];
}"""


@pytest.mark.parametrize("page_path", PAGES)
def test_a_page_without_views_runs_no_maths_script_and_shows_katex_fonts(browser, page_path):
    if not (BOOK / page_path).is_file():
        pytest.skip(f"no {page_path} in {BOOK}: run `make book` first")
    visit = Visit(browser, (BOOK.resolve() / page_path).as_uri(), book_uri(), views=False)
    visit.settle()
    state = visit.page.evaluate(STATE)
    assert state["formulas"] > 0 and state["typeset"] >= state["formulas"], state
    assert state["hidden"] and not state["errors"], state
    assert not state["runtime"], f"{page_path} runs a maths script"
    assert [src for src in state["scripts"] if not src.split("?")[0].endswith("copy-tex.min.js")] == [], (
        state["scripts"]
    )
    assert state["font"], "KaTeX's fonts are not loaded"
    fonts = [url for url in visit.requested if "/fonts/KaTeX_" in url]
    edition = "zh/" if page_path.startswith("zh/") else ""  # each edition has its own _static/
    assert fonts and all(url.startswith(f"{book_uri()}{edition}_static/katex/fonts/") for url in fonts), fonts
    copied, tex = visit.page.evaluate(COPIED)
    assert copied == f"${tex}$", (copied, tex)
    visit.close()  # no error, no failed load, no request leaving the book
