"""The built book on a phone: at 390 px (a common phone's width in CSS pixels) no page of the
book scrolls sideways, and a step table wider than the column keeps its last columns within reach.

Every page listed in ``_toc.yml`` is opened in one 390 x 844 browser page (a touch screen), once
its fonts are loaded and its maths typeset, and:

* ``document.documentElement.scrollWidth`` is at most the viewport's width: nothing widens the
  page (a long inline path wraps, a code block or a wide table scrolls inside its own box);
* every visible step table (``table.ndcg-steps`` in a notebook output, or in a view's box: the
  explorer's, NDCG@k's) either fits its box, or its box scrolls it, its first column (the rank)
  stays in view (``position: sticky``), the box shows the scroll cue of ``ndcg-course.css`` (a
  shaded right edge with an arrow, painted behind the table, covered by a layer that scrolls with
  it), and once scrolled to its end its last two columns are inside the box;
* every figure's smallest text is at least :data:`SMALLEST_TEXT` CSS px, in light and in dark
  mode (:data:`FIGURE_TEXT`; the Chinese edition's in tests/browser/test_editions.py).

Each page is then widened to 1280 px, without a reload, and must not scroll sideways there either.
"""

from __future__ import annotations

import time

import pytest

from tests.book.helpers import toc_files
from tests.browser.pages import switch_mode
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
ROOT = browser_setup.ROOT
#: A common phone's width, and a laptop's, in CSS pixels.
PHONE, LAPTOP = 390, 1280

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(not BOOK.is_dir(), reason=f"no built book at {BOOK}: run `make book` first"),
]


def toc_pages() -> list[str]:
    """Every page of ``_toc.yml`` (companion pages included), as the HTML file of the built book,
    in the book's order."""
    return [f"{name}.html" for name in toc_files(ROOT)]


#: What a page shows of its step tables: per visible table in a notebook output or a view's box,
#: whether it overflows its box, and what the phone layout needs when it does.
STEP_TABLES = """
() => [...document.querySelectorAll('div.output > table.ndcg-steps, .ndcg-kf [data-role] > table.ndcg-steps')]
  .filter(t => t.checkVisibility())
  .map(t => {
    const box = t.parentElement, style = getComputedStyle(box);
    const heads = [...t.querySelectorAll('thead th')].map(th => th.textContent.trim());
    const first = t.querySelector('tr > :first-child');
    const overflows = box.scrollWidth > box.clientWidth + 1;
    const row = {heads: heads.join(' | '), overflows, scrolls: ['auto', 'scroll'].includes(style.overflowX),
      sticky: getComputedStyle(first).position === 'sticky',
      cue: (style.backgroundImage.match(/linear-gradient/g) || []).length === 4
        && /^local, scroll, scroll, scroll/.test(style.backgroundAttachment)};
    box.scrollLeft = box.scrollWidth;
    const right = box.getBoundingClientRect().right + 1;
    row.endInView = [...t.querySelectorAll('thead th')].slice(-2).every(th => th.getBoundingClientRect().right <= right);
    box.scrollLeft = 0;
    return row;
  })
"""


#: Every visible displayed formula whose typeset box sticks out of its block (div.math, which
#: clips it): a part the reader cannot see nor scroll to. A formula wider than the screen must
#: shrink to its block and scroll inside it (KaTeX's .katex-html scrolls).
CUT_FORMULAS = """
() => [...document.querySelectorAll('div.math')].filter(d => d.checkVisibility()).filter(d => {
  const box = d.getBoundingClientRect(), typeset = d.querySelector('.katex');
  if (!typeset) return false;
  const r = typeset.getBoundingClientRect();
  return r.left < box.left - 1 || r.right > box.right + 1;
}).map(d => (d.querySelector('annotation') || d).textContent.trim().slice(0, 60))
"""


#: Every visible icon of the theme (ndcg_book/icons.py: drawn by Font Awesome's font, cut to the
#: icons the pages use) that is not drawn: no character before it, no width, or its font not
#: loaded. A missing glyph is caught on the font itself (tests/book/test_icons.py).
UNDRAWN_ICONS = """
() => {
  const icons = [...document.querySelectorAll('i[class*="fa-"], span[class*="fa-"]')]
    .filter(e => /(^| )(fa-solid|fas)( |$)/.test(e.className) && e.checkVisibility());
  const loaded = [...document.fonts].some(f => f.family.includes('Font Awesome') && f.status === 'loaded');
  return icons.filter(e => {
    const content = getComputedStyle(e, '::before').content;
    return !loaded || !content || content === 'none' || e.getBoundingClientRect().width < 1;
  }).map(e => e.className.replace(/ +/g, ' '));
}
"""


#: The smallest text a figure may show on a phone, in CSS px.
SMALLEST_TEXT = 9

#: Every visible figure of the page (an image in a notebook's output): the image it shows (a
#: <picture>'s phone copy or its figure as drawn), the size of that image's smallest text in its
#: own pixels (``data-text-px``, written by ndcg.course.figure_languages when it was drawn), its
#: natural width, the width it is shown at (its content box: the theme's light card in dark mode
#: has padding), and so the size of its smallest text on the screen (``css``: null when unknown).
FIGURE_TEXT = """
() => [...document.querySelectorAll('main .cell_output img')].filter(i => i.checkVisibility()).map(i => {
  const pic = i.closest('picture');
  const url = e => new URL(e.getAttribute(e.tagName === 'IMG' ? 'src' : 'srcset'), document.baseURI).href;
  const chosen = pic ? [...pic.querySelectorAll('source'), i].find(e => url(e) === i.currentSrc) : i;
  const s = getComputedStyle(i);
  const shown = i.getBoundingClientRect().width - ['paddingLeft', 'paddingRight', 'borderLeftWidth',
    'borderRightWidth'].reduce((sum, k) => sum + parseFloat(s[k]), 0);
  const px = chosen && chosen.dataset.textPx ? parseFloat(chosen.dataset.textPx) : null;
  return {image: i.currentSrc.split('/').pop().slice(0, 40), alt: i.alt.slice(0, 60), natural: i.naturalWidth,
    shown: Math.round(shown), textPx: px, css: px === null ? null : Math.round(100 * px * shown / i.naturalWidth) / 100};
})
"""


def small_figure_text(page, where: str) -> list[str]:
    """Every figure of ``page`` whose smallest text is under :data:`SMALLEST_TEXT` CSS px, or unknown."""
    return [
        f"{where}: a figure's smallest text is {f['css']} CSS px (less than {SMALLEST_TEXT}, or unknown): {f}"
        for f in page.evaluate(FIGURE_TEXT)
        if f["css"] is None or f["css"] < SMALLEST_TEXT
    ]


def open_ready(page, url: str) -> None:
    page.goto(url)
    page.evaluate(
        "() => document.fonts.ready.then(() => true)"
    )  # KaTeX's too: the maths was typeset at build time


def sideways(page, path: str, width: int) -> list[str]:
    """``path`` scrolls sideways at ``width``: what sticks out (outside the boxes that scroll)."""
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    if scroll <= width:
        return []
    wide = page.evaluate(
        "w => [...document.body.querySelectorAll('*')].filter(e => e.getBoundingClientRect().right > w + 1"
        " && !e.closest('pre, .highlight, [class*=scroll], .output, mjx-container'))"
        ".map(e => e.tagName.toLowerCase() + '.' + e.className + ': ' + e.textContent.trim().slice(0, 50)).slice(0, 3)",
        width,
    )
    return [f"{path}: scrolls sideways at {width} px (scrollWidth {scroll}): {wide}"]


def check_every_page(browser, server) -> tuple[list[str], int, int, float]:
    """Every page at 390 px (the page, its step tables, its figures in light and dark mode), then
    the same page widened to 1280 px (no reload: the layout follows the viewport)."""
    context = browser.new_context(viewport={"width": PHONE, "height": 844}, has_touch=True, is_mobile=True)
    browser_setup.show_code(context)  # every code block must fit too, for a reader who shows them
    page = context.new_page()
    page.set_default_timeout(20_000)
    problems, tables, figures, start = [], 0, 0, time.monotonic()
    for path in toc_pages():
        page.set_viewport_size({"width": PHONE, "height": 844})
        open_ready(page, f"{server}/{path}")
        problems += sideways(page, path, PHONE)
        problems += [f"{path}: a formula cut at {PHONE} px: {tex}" for tex in page.evaluate(CUT_FORMULAS)]
        problems += [
            f"{path}: an icon not drawn at {PHONE} px: {icon}" for icon in page.evaluate(UNDRAWN_ICONS)
        ]
        for row in page.evaluate(STEP_TABLES):
            tables += 1
            if row["overflows"] and not (
                row["scrolls"] and row["sticky"] and row["cue"] and row["endInView"]
            ):
                problems.append(f"{path}: a step table ({row['heads']}) at {PHONE} px: {row}")
        problems += small_figure_text(page, f"{path} at {PHONE} px")
        if page.evaluate(FIGURE_TEXT):  # the figures again in dark mode (no reload), then light
            figures += 1
            switch_mode(page, "dark")
            problems += small_figure_text(page, f"{path} at {PHONE} px, dark")
            switch_mode(page, "light")
        page.set_viewport_size({"width": LAPTOP, "height": 844})
        problems += sideways(page, path, LAPTOP)
    context.close()
    return problems, tables, figures, time.monotonic() - start


def test_every_page_of_the_toc_is_built():
    missing = [path for path in toc_pages() if not (BOOK / path).is_file()]
    assert not missing and "instructors/index.html" in toc_pages()


def test_no_page_scrolls_sideways_tables_show_their_end_and_figures_read(browser, server):
    problems, tables, figures, seconds = check_every_page(browser, server)
    print(
        f"\n{len(toc_pages())} pages at {PHONE} and {LAPTOP} px, {tables} step tables, "
        f"{figures} pages with figures: {seconds:.1f} s"
    )
    assert tables >= 10, "the chapters' step tables were not found"
    assert figures >= 10, "the chapters' figures were not found"
    assert not problems, "\n".join(problems)
