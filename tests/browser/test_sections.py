"""A page's later sections, laid out when the reader comes near them (``_static/course.css``).

A chapter's sections below the first screen carry ``content-visibility: auto``: the browser skips
their layout and paint until the reader scrolls near them, which is most of what a chapter's load
saved (benchmarks/README.md, "Page load"). What a reader must still get, on a page opened from
``file://`` with nothing forced (every other browser test forces every section: tests/conftest.py,
``browser``): the later sections are skipped at first and
drawn when reached, a link to a section lands on it, the browser's find reaches text in a skipped
section, and every view of the page, scrolled to, is ready and drawn at its full width.
"""

from __future__ import annotations

import pytest

from tests.browser.pages import BOOK, Visit, book_uri

pytestmark = [pytest.mark.book, pytest.mark.browser]

#: The chapter opened: the longest core chapter, with views in its later sections.
CHAPTER = "chapters/04_ndcg.html"

SECTIONS = "document.querySelectorAll('.bd-article > section > section')"

#: Whether the last section's first paragraph is drawn (False while its section is skipped).
LAST_DRAWN = f"""() => {{
  const sections = {SECTIONS};
  const p = sections[sections.length - 1].querySelector('p');
  return p.checkVisibility({{contentVisibilityAuto: true}});
}}"""


def open_chapter(browser, fragment: str = "") -> Visit:
    visit = Visit(
        browser, (BOOK.resolve() / CHAPTER).as_uri() + fragment, book_uri(), views=False, every_section=False
    )
    visit.settle()
    return visit


def test_later_sections_are_skipped_until_the_reader_comes_near_them(browser):
    visit = open_chapter(browser)
    page = visit.page
    styles = page.evaluate(f"() => [...{SECTIONS}].map(s => getComputedStyle(s).contentVisibility)")
    assert len(styles) > 5 and set(styles) == {"auto"}, styles
    assert page.evaluate(LAST_DRAWN) is False, "the last section is laid out before it is near the screen"
    page.evaluate(f"() => {{ const s = {SECTIONS}; s[s.length - 1].scrollIntoView(); }}")
    page.wait_for_function(LAST_DRAWN)
    # The browser's find (Ctrl+F) reaches text in a section still skipped: the first one's text,
    # now far above the screen, and back down.
    first_words = page.evaluate(f"() => {SECTIONS}[1].querySelector('p').textContent.trim().slice(0, 30)")
    assert page.evaluate("(words) => window.find(words, false, true)", first_words), first_words
    visit.close()


def test_a_link_to_a_later_section_lands_on_it(browser):
    last = browser.new_context(every_section=False)
    probe = last.new_page()
    probe.goto((BOOK.resolve() / CHAPTER).as_uri())
    section_id = probe.evaluate(f"() => {{ const s = {SECTIONS}; return s[s.length - 2].id; }}")
    last.close()
    visit = open_chapter(browser, f"#{section_id}")
    # where the heading is, once the page has settled: at the top of the screen, under the header
    # (the sections drawn around it take their real heights: _static/ndcg-sections.js puts it back)
    page = visit.page
    top = page.evaluate(f"() => document.getElementById('{section_id}').getBoundingClientRect().top")
    assert -2 <= top <= 120, top
    # A link of the page's own table of contents, to a section far from the one on screen, the
    # same: the reader lands on its heading.
    page.set_viewport_size({"width": 1400, "height": 900})  # wide enough for the page's contents
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_timeout(200)
    far = page.evaluate(f"() => {{ const s = {SECTIONS}; return s[Math.floor(s.length / 2)].id; }}")
    page.locator(f"#pst-page-toc-nav a[href='#{far}']").first.click()
    page.wait_for_timeout(1200)
    top = page.evaluate(f"() => document.getElementById('{far}').getBoundingClientRect().top")
    assert -2 <= top <= 120, (far, top)
    visit.close()


def test_every_view_scrolled_to_is_ready_and_drawn_at_its_width(browser):
    visit = open_chapter(browser)
    page = visit.page
    count = page.evaluate("() => document.querySelectorAll('[data-ndcg-view]').length")
    assert count >= 3
    problems = []
    for index in range(count):
        view = page.locator("[data-ndcg-view]").nth(index)
        view.scroll_into_view_if_needed()
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
        state = view.evaluate(
            """el => ({ready: el.dataset.ready, width: el.getBoundingClientRect().width,
                       column: el.closest('section').getBoundingClientRect().width,
                       svg: [...el.querySelectorAll('svg')].map(s => s.getBoundingClientRect().width)})"""
        )
        if state["ready"] != "true" or state["width"] < 0.5 * state["column"] or 0 in state["svg"]:
            problems.append((index, state))
    assert not problems, problems
    visit.close()
