"""The figures and step tables of the built book in each edition: the Chinese pages show the Chinese
figure (drawn in a CJK font) and the Chinese headers and captions, the English pages the English
figure (a file of the book) and words, in light and dark mode, at 1280 and 390 px.
Screenshots in ``_build/screenshots/zh-figure-*.png``."""

from __future__ import annotations

import re

import pytest

from tests.browser.games import SHOTS, _Browser
from tests.browser.pages import BOOK, Visit

#: Pages with matplotlib figures (a helper's and the chapter's own) and step tables.
PAGES = ("chapters/02_dcg", "chapters/06_ltr", "chapters/further/04-grades")

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(
        not (BOOK / "zh" / "chapters" / "02_dcg.html").is_file(),
        reason=f"no built book with its Chinese edition at {BOOK}: run `make book` first",
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


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("page", PAGES)
def test_the_chinese_page_shows_the_chinese_figures_and_tables(browser, server, page, width, dark):
    opened = visit(browser, server, f"zh/{page}.html", width, dark)
    try:
        p = opened.page
        figures = p.locator('picture.ndcg-figure[lang="zh-Hans"] img')
        assert figures.count() >= 1
        # the English copy is left out of the Chinese page; no PNG of the English figure either
        assert p.locator('picture.ndcg-figure[lang="en"]').count() == 0
        assert p.locator(".cell_output > img").count() == 0
        for i in range(figures.count()):
            figure = figures.nth(i)
            assert figure.evaluate("el => el.complete && el.naturalWidth > 0")
            box = figure.bounding_box()
            assert box["width"] <= width  # never wider than the screen
            assert figure.get_attribute("alt")
        headers = p.evaluate(VISIBLE_TEXT, "table.ndcg-steps th")
        assert headers and not {"rank", "grade", "running total"} & set(headers)
        mode = "dark" if dark else "light"
        name = page.rsplit("/", 1)[-1]
        SHOTS.mkdir(parents=True, exist_ok=True)
        figures.first.scroll_into_view_if_needed()
        figures.first.screenshot(path=str(SHOTS / f"zh-figure-{name}-{width}-{mode}.png"))
        table = p.locator("table.ndcg-steps").first
        table.scroll_into_view_if_needed()
        table.screenshot(path=str(SHOTS / f"zh-figure-{name}-table-{width}-{mode}.png"))
        assert not opened.errors
    finally:
        opened.close()


@pytest.mark.parametrize("page", PAGES)
def test_the_english_page_is_as_before(browser, server, page):
    opened = visit(browser, server, f"{page}.html", 1280, False)
    try:
        p = opened.page
        # the figure is the English copy, a file of the book (no inline copy); no Chinese one
        images = p.locator(".cell_output img")
        assert images.count() >= 1
        assert all(
            src.startswith("../") for src in images.evaluate_all("els => els.map(e => e.getAttribute('src'))")
        )
        assert p.locator('picture.ndcg-figure[lang="en"]').count() == images.count()
        assert p.locator('picture.ndcg-figure[lang="zh-Hans"]').count() == 0
        headers = p.evaluate(VISIBLE_TEXT, "table.ndcg-steps th")
        assert headers and not any(re.search("[\u4e00-\u9fff]", h) for h in headers)  # English alone
        name = page.rsplit("/", 1)[-1]
        SHOTS.mkdir(parents=True, exist_ok=True)
        images.first.scroll_into_view_if_needed()
        images.first.screenshot(path=str(SHOTS / f"zh-figure-{name}-english-1280-light.png"))
    finally:
        opened.close()
