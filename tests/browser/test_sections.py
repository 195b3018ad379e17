"""A chapter's sections drawn when the reader comes near them, as a reader's browser does it.

``_static/course.css`` gives each section of a chapter ``content-visibility: auto``: the browser
styles and lays out a section only when it comes near the screen, which halves a chapter's load
(``benchmarks/bench_page_load.py``). The other browser tests draw every section at once
(tests/conftest.py, ``EverySectionDrawn``); this one opens the book as a reader's browser does
(``browser.lazy``), from ``file://``, in both editions, and checks what the reader meets:

* at first, a section far below the screen is not drawn (the rule is in force);
* scrolled to, it shows its text and its views work;
* a link to a heading far down the page lands on that heading;
* printed (the print media), every section is drawn: the PDF and the reader's Print hold them all.
"""

from __future__ import annotations

import pytest

from tests.browser.pages import BOOK

#: A chapter with sections far below its first screen, and a heading and a view near its end.
CHAPTER = "chapters/02_dcg.html"
#: The text a reader's browser shows of an element (empty for one in a section not drawn).
SHOWN_TEXT = "el => el.innerText.trim().length"

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(
        not (BOOK / CHAPTER).is_file(), reason=f"no built book at {BOOK}: run `make book` first"
    ),
]


@pytest.fixture(scope="module")
def reader(browser):
    """A page of the browser as a reader has it (sections drawn near the screen only)."""
    context = browser.lazy.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


def last_section(page):
    return page.locator(".bd-article > section > section").last


@pytest.mark.parametrize("edition", ["", "zh/"], ids=["en", "zh"])
def test_a_section_far_below_is_drawn_when_the_reader_scrolls_to_it(reader, edition):
    reader.goto((BOOK / edition / CHAPTER).resolve().as_uri())
    reader.wait_for_selector(".ndcg-kf[data-ready=true]", state="attached")
    section = last_section(reader)
    assert reader.evaluate("() => scrollY") == 0
    assert section.evaluate(SHOWN_TEXT) == 0, "the last section is drawn before the reader comes near it"
    section.scroll_into_view_if_needed()
    reader.wait_for_function("el => el.innerText.trim().length > 0", arg=section.element_handle())
    assert section.evaluate("el => el.getBoundingClientRect().height") > 100
    # a view in a section drawn late works: the chapter's flashcards turn over
    card = reader.locator(".ndcg-fc").first
    card.scroll_into_view_if_needed()
    front, back = card.locator("[data-role=front]"), card.locator("[data-role=back]")
    assert front.inner_text().strip() and back.is_hidden()
    card.locator("[data-action=flip]").click()
    assert back.is_visible() and back.inner_text().strip()


def test_a_link_to_a_heading_far_down_lands_on_it(reader):
    reader.goto((BOOK / CHAPTER).resolve().as_uri())
    heading = reader.evaluate(
        "() => [...document.querySelectorAll('.bd-article > section > section')].at(-1).id"
    )
    reader.goto((BOOK / CHAPTER).resolve().as_uri() + f"#{heading}")
    reader.evaluate("() => document.fonts.ready.then(() => true)")
    top = reader.evaluate("id => document.getElementById(id).getBoundingClientRect().top", heading)
    assert -1 < top < 200, f"#{heading} is {top:.0f} px from the top of the screen, not at it"


def test_printed_every_section_is_drawn(reader):
    reader.goto((BOOK / CHAPTER).resolve().as_uri())
    reader.emulate_media(media="print")
    try:
        undrawn = reader.evaluate(
            "() => [...document.querySelectorAll('.bd-article > section > section')]"
            ".filter(s => !s.innerText.trim()).map(s => s.id)"
        )
    finally:
        reader.emulate_media(media="screen")
    assert not undrawn, f"sections not drawn on paper: {undrawn}"
