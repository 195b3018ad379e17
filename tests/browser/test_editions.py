"""The two editions in headless Chromium, from ``file://``: the language switch both ways, the
reader's choice remembered by the book's landing page, and the Chinese chapters on a laptop and a
phone, light and dark (screenshots in ``_build/screenshots/zh-*.png``, next to the build under test).
"""

from __future__ import annotations

import re

import pytest

from tests.book.helpers import toc_files
from tests.browser.pages import Visit, audited_pages, book_uri, wait_until_stored
from tests.browser.test_phone import FIGURE_TEXT, PHONE, small_figure_text
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
ZH = BOOK / "zh"
SHOTS = BOOK.parent / "screenshots"
HAN = re.compile("[\u4e00-\u9fff]")
CHAPTERS = [page for page in toc_files() if page.startswith("chapters/0")]

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(
        not (ZH / "index.html").is_file(),
        reason=f"no Chinese edition at {ZH}: run `make book` first (or point NDCG_BOOK_HTML at a build)",
    ),
]


def uri(path) -> str:
    return path.resolve().as_uri()


def test_the_switch_leads_to_the_same_page_in_the_other_edition_and_back(browser):
    visit = Visit(browser, uri(BOOK / "chapters" / "02_dcg.html"), book_uri(), views=False)
    page = visit.page
    assert page.evaluate("document.documentElement.lang") == "en"
    # the reader is at a section (a link of the page's own table of contents): the switch keeps it
    section = page.evaluate("document.querySelectorAll('main section section[id]')[2].id")
    english_title = page.locator(f"[id='{section}'] > h2").first.inner_text()
    page.evaluate(f"window.location.hash = '#{section}'")
    page.get_by_role("link", name="简体中文").click()
    page.wait_for_url(f"**/zh/chapters/02_dcg.html#{section}")
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    assert "折损累计增益" in page.locator("h1").first.inner_text()
    chinese_title = page.locator(f"[id='{section}'] > h2").first.inner_text()  # the same section, in Chinese
    assert chinese_title != english_title and HAN.search(chinese_title), (english_title, chinese_title)
    page.get_by_role("link", name="English").click()
    page.wait_for_url(f"**/html/chapters/02_dcg.html#{section}")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert not visit.errors and not visit.foreign and not visit.broken, (
        visit.errors,
        visit.foreign,
        visit.broken,
    )
    visit.close()


def test_the_switch_works_with_the_keyboard(browser):
    visit = Visit(browser, uri(ZH / "chapters" / "01_cg.html"), book_uri(), views=False)
    link = visit.page.get_by_role("link", name="English")
    link.focus()
    visit.page.keyboard.press("Enter")
    visit.page.wait_for_url("**/html/chapters/01_cg.html")
    visit.close()


def _wait_until_stored(page, edition: str) -> None:
    """Wait until the switch's choice has reached the browser's storage (pages.wait_until_stored)."""
    wait_until_stored(page.context, "ndcg-book:edition", edition)


def test_a_page_records_its_edition_and_takes_the_switch_query_out_of_its_address(browser):
    # Every page writes its own edition as the reader's choice (the edition read last is the one
    # the landing page opens next time), so a lost write of the switch's click is made up for.
    visit = Visit(browser, uri(ZH / "index.html") + "?edition=zh", book_uri(), views=False)
    _wait_until_stored(visit.page, "zh")
    assert visit.page.url.endswith("/zh/index.html")
    visit.close()


def test_the_landing_page_opens_in_the_edition_chosen_last(browser):
    # A first visitor lands on the English edition, with the switch in view.
    visit = Visit(browser, uri(BOOK / "index.html"), book_uri(), views=False)
    page = visit.page
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.get_by_role("link", name="简体中文").is_visible()
    # Choosing Chinese is remembered: the book's landing page now opens the Chinese edition ...
    page.get_by_role("link", name="简体中文").click()
    page.wait_for_url("**/zh/index.html")
    _wait_until_stored(page, "zh")
    page.goto(uri(BOOK / "index.html"))
    page.wait_for_url("**/zh/index.html")
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    # ... until the reader chooses English again.
    page.get_by_role("link", name="English").click()
    page.wait_for_url("**/html/index.html")
    _wait_until_stored(page, "en")
    page.goto(uri(BOOK / "index.html"))
    page.wait_for_timeout(300)
    assert page.url.endswith("/html/index.html") and page.evaluate("document.documentElement.lang") == "en"
    assert not visit.errors and not visit.foreign, (visit.errors, visit.foreign)
    visit.close()


@pytest.mark.parametrize(("width", "mode"), [(1280, "light"), (1280, "dark"), (390, "light"), (390, "dark")])
def test_the_chinese_chapters_fit_the_screen_their_figures_read_and_are_saved(browser, width, mode):
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=mode)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    figures, small = 0, []
    for chapter in CHAPTERS:
        page.goto(uri(ZH / f"{chapter}.html"))
        page.wait_for_load_state("load")
        assert page.evaluate("document.documentElement.lang") == "zh-CN"
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"), (
            f"{chapter} scrolls sideways at {width} px"
        )
        if width == PHONE:  # every figure's words at 9 CSS px or more (tests/browser/test_phone.py)
            figures += len(page.evaluate(FIGURE_TEXT))
            small += small_figure_text(page, f"zh/{chapter} at {width} px, {mode}")
        name = chapter.removeprefix("chapters/")
        page.screenshot(path=str(SHOTS / f"zh-{name}-{width}-{mode}.png"))
    assert not errors, errors
    assert not small, "\n".join(small)
    assert width != PHONE or figures >= 10, f"the chapters' figures were not found ({figures})"
    context.close()


#: A Chinese query on the Chinese edition's search page, and chapters it must find: each term
#: stands inside longer compounds on some of them (折损 in 理想折损累计增益).
ZH_QUERIES = {
    "折损": ["chapters/02_dcg", "chapters/03_idcg", "chapters/04_ndcg"],
    "归一化": ["chapters/04_ndcg"],
    "排序学习": ["chapters/06_ltr"],
    "累计增益": ["chapters/01_cg", "chapters/02_dcg", "chapters/03_idcg", "chapters/04_ndcg"],
}

RESULTS_READY = """() => {
  const items = [...document.querySelectorAll('#search-results ul.search > li')];
  return items.length > 0 && items.every(li => li.querySelector('p.context'));
}"""


@pytest.mark.parametrize("query", list(ZH_QUERIES))
def test_the_chinese_search_finds_its_chapters_from_file_urls(browser, query):
    from urllib.parse import quote

    visit = Visit(browser, uri(ZH / "search.html") + "?q=" + quote(query), book_uri(), views=False)
    visit.page.wait_for_function(RESULTS_READY)
    visit.settle()
    hrefs = visit.page.eval_on_selector_all(
        "#search-results ul.search > li > a", "links => links.map(a => a.getAttribute('href'))"
    )
    found = {href.split("#", 1)[0].removesuffix(".html") for href in hrefs}
    missing = [page for page in ZH_QUERIES[query] if page not in found]
    assert not missing, f"{query!r} does not find {missing}; it finds {sorted(found)}"
    excerpts = visit.page.locator("#search-results p.context").all_inner_texts()
    assert any(query in text for text in excerpts), excerpts[:3]
    # excerpts in words: no TeX, no code (ndcg_book/search.py)
    assert not [t for t in excerpts if re.search(r"\\[(\[]|\\(?:frac|log|sum|text)\b|ndcg\.\w+\(", t)], (
        excerpts
    )
    # Chinese run into Latin letters is looked up as the two words the index holds
    parsed = "q => [...Search._parseQuery(q)[1]].sort().join(' ')"
    assert visit.page.evaluate(f"({parsed})('理想DCG')") == visit.page.evaluate(f"({parsed})('理想 DCG')")
    assert not visit.errors and not visit.foreign, (visit.errors, visit.foreign)
    visit.close()


def test_every_chinese_page_loads_cleanly_from_file_urls(browser):
    # The English pages are loaded one by one in tests/browser/test_views.py; the Chinese ones here,
    # in one tab: no script error, no failed load, nothing requested outside the book. The Chinese
    # pages the accessibility audit opens from file:// (its core chapters) have their clean first
    # load checked there (tests/browser/pages.py, audited_pages).
    audited = audited_pages()
    local = book_uri()
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"{page.url}: {error}"))
    page.on(
        "requestfailed",
        lambda r: None if r.failure == "net::ERR_ABORTED" else problems.append(f"{r.url}: {r.failure}"),
    )
    page.on(
        "request",
        lambda r: (
            None
            if r.url.startswith((local, "data:", "blob:", "about:"))
            else problems.append(f"remote: {r.url}")
        ),
    )
    opened = 0
    for name in toc_files():
        if f"zh/{name}.html" in audited:
            continue
        page.goto(uri(ZH / f"{name}.html"))
        page.wait_for_load_state("load")
        opened += 1
    assert opened and not problems, (opened, problems[:10])
    context.close()
