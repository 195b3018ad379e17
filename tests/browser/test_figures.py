"""The figures and step tables of the built book in every edition: a page shows its edition's
figure (``picture.ndcg-figure`` with its language's tag; a translation's drawn in its own font, the
English one a file of the book) and its edition's headers and captions, and no other language's.
A translation's pages are opened in light and dark mode, at 1280 and 390 px; the English ones at
1280 px, light. Screenshots in ``_build/screenshots/`` (``zh-figure-*.png``: a translation's,
prefixed with its code)."""

from __future__ import annotations

import pytest

from ndcg.course import views_text
from tests.browser.games import SHOTS, _Browser
from tests.browser.pages import BOOK, Visit
from tests.languages import LANGUAGES, SCRIPTS, SOURCE

#: Pages with matplotlib figures (a helper's and the chapter's own) and step tables.
PAGES = ("chapters/02_dcg", "chapters/06_ltr", "chapters/further/04-grades")
#: Each page in each edition: a translation's in light and dark mode at 1280 and 390 px (its
#: figures are drawn for the page), the English one at 1280 px in light mode.
VIEWS = [
    (language, page, width, dark)
    for language in LANGUAGES
    for page in PAGES
    for width in ((1280,) if language == SOURCE else (1280, 390))
    for dark in ((False,) if language == SOURCE else (False, True))
]

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(
        not all((BOOK / language.folder / "chapters" / "02_dcg.html").is_file() for language in LANGUAGES),
        reason=f"no built book with every edition at {BOOK}: run `make book` first",
    ),
]

VISIBLE_TEXT = """(selector) => [...document.querySelectorAll(selector)]
    .filter(el => el.offsetParent !== null).map(el => el.innerText)"""


def visit(browser, server, path, width, dark):
    opened = Visit(
        _Browser(browser, dark=dark, viewport={"width": width, "height": 900}),
        f"{server}/{path}",
        server,
        views=False,
    )
    opened.page.wait_for_load_state("load")
    return opened


def view_id(language, page, width, dark) -> str:
    return f"{language.code}-{page}-{width}-{'dark' if dark else 'light'}"


@pytest.mark.parametrize(("language", "page", "width", "dark"), VIEWS, ids=[view_id(*view) for view in VIEWS])
def test_a_page_shows_its_editions_figures_and_tables(browser, server, language, page, width, dark):
    path = "/".join(part for part in (language.folder, f"{page}.html") if part)
    others = [other for other in LANGUAGES if other != language]
    opened = visit(browser, server, path, width, dark)
    try:
        p = opened.page
        figures = p.locator(f'picture.ndcg-figure[lang="{language.tag}"] img')
        assert figures.count() >= 1
        # every other language's copy is left out of the page
        for other in others:
            assert p.locator(f'picture.ndcg-figure[lang="{other.tag}"]').count() == 0, other.tag
        images = p.locator(".cell_output img")
        if language == SOURCE:
            # the figure is the English copy, a file of the book (no inline copy)
            assert images.count() >= 1
            sources = images.evaluate_all("els => els.map(e => e.getAttribute('src'))")
            assert all(src.startswith("../") for src in sources), sources
            assert p.locator(f'picture.ndcg-figure[lang="{language.tag}"]').count() == images.count()
        else:  # no PNG of the English figure either
            assert p.locator(".cell_output > img").count() == 0
            for i in range(figures.count()):
                figure = figures.nth(i)
                assert figure.evaluate("el => el.complete && el.naturalWidth > 0")
                box = figure.bounding_box()
                assert box["width"] <= width  # never wider than the screen
                assert figure.get_attribute("alt")
        # the step tables' headers in the edition's words, none in another language's
        headers = p.evaluate(VISIBLE_TEXT, "table.ndcg-steps th")
        assert headers
        columns = views_text.table("explorer", language.code)["columns"]
        for other in others:  # the step table's columns in another language (those it translates)
            theirs = views_text.table("explorer", other.code)["columns"]
            foreign = {word for word, own in zip(theirs, columns) if word != own}
            assert foreign and not foreign & set(headers), other.code
            if other.code in SCRIPTS:  # a character of its script in no header
                assert not any(SCRIPTS[other.code].search(header) for header in headers), other.code
        if language != SOURCE:  # the English column words, spelled out
            assert not {"rank", "grade", "running total"} & set(headers)
        mode = "dark" if dark else "light"
        name = page.rsplit("/", 1)[-1]
        prefix = "" if language == SOURCE else f"{language.code}-"
        SHOTS.mkdir(parents=True, exist_ok=True)
        first = figures.first if language != SOURCE else images.first
        first.scroll_into_view_if_needed()
        first.screenshot(path=str(SHOTS / f"{prefix}figure-{name}-{width}-{mode}.png"))
        if language != SOURCE:
            table = p.locator("table.ndcg-steps").first
            table.scroll_into_view_if_needed()
            table.screenshot(path=str(SHOTS / f"{prefix}figure-{name}-table-{width}-{mode}.png"))
            assert not opened.errors
    finally:
        opened.close()
