"""The built book's search page in headless Chromium, opened from ``file://`` (a USB stick).

A Chinese reader types a Chinese term: 折损 must find the IDCG chapter, titled
理想折损累计增益, where the term is part of a longer run of characters, and so on for the
book's other key terms (``ndcg_book.search`` indexes every substring of every Chinese
run). Every result shows an excerpt of its page, made from ``searchtexts.js`` since a browser
does not let a ``file://`` page fetch the others (``_static/offline-search.js``), with no error
and no request leaving the book (``tests/browser/test_views.py``'s ``Visit``). An English query still
works, stemmed as before. Screenshots of the results, at 1280 and 390 pixels, go to
``_build/screenshots/`` next to the build under test.
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest

from ndcg_book.words import words
from tests.browser.pages import Visit, book_uri
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
SHOTS = BOOK.parent / "screenshots"

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(
        not (BOOK / "search.html").is_file(),
        reason=f"no built book at {BOOK}: run `make book` first (or point NDCG_BOOK_HTML at a build)",
    ),
]

#: A query, and chapters that must be among its results (each holds the query in its text).
QUERIES = {
    # a word of its own on some pages; inside 理想折损累计增益, the IDCG chapter's title
    "折损": ["chapters/02_dcg", "chapters/03_idcg", "chapters/04_ndcg"],
    # inside 归一化折损累计增益, the NDCG chapter's title
    "归一化": ["chapters/04_ndcg"],
    # the learning-to-rank chapter's title (jieba would cut it in two)
    "排序学习": ["chapters/06_ltr"],
    # the CG chapter's title, and inside the next three chapters' titles
    "累计增益": ["chapters/01_cg", "chapters/02_dcg", "chapters/03_idcg", "chapters/04_ndcg"],
    # English, stemmed: "discounted", "discounting", "discounts"
    "discount": ["chapters/02_dcg", "chapters/03_idcg"],
}

#: Every result, as the page shows it: its page, its link text and its excerpt.
RESULTS = """() => [...document.querySelectorAll('#search-results ul.search > li')].map(li => ({
  href: li.querySelector('a').getAttribute('href'),
  title: li.querySelector('a').textContent,
  excerpt: li.querySelector('p.context') ? li.querySelector('p.context').textContent : null,
  halves: /[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]/.test(li.textContent),
}))"""

#: The search has listed every result, and each result has its excerpt.
FINISHED = """() => {
  const status = document.querySelector('#search-results .search-summary');
  if (!status || !/found \\d+ page/.test(status.textContent)) return false;
  return [...document.querySelectorAll('#search-results ul.search > li')]
    .every(li => li.querySelector('p.context'));
}"""


def docname(href: str) -> str:
    """The page a result links to: ``chapters/03_idcg.html#ideal`` -> ``chapters/03_idcg``."""
    return href.split("#", 1)[0].removesuffix(".html")


def search(browser, query: str, width: int | None = None) -> tuple[Visit, list[dict]]:
    """The search page, opened from file:// with ``query``, once every result has its excerpt."""
    url = (BOOK.resolve() / "search.html").as_uri() + "?q=" + quote(query)
    visit = Visit(browser, url, book_uri(), views=False)
    if width is not None:
        visit.page.set_viewport_size({"width": width, "height": 900})
    visit.page.wait_for_function(FINISHED)
    visit.settle()
    return visit, visit.page.evaluate(RESULTS)


@pytest.mark.parametrize("query", list(QUERIES))
def test_a_query_finds_its_chapters_with_excerpts_from_file_urls(browser, query):
    visit, results = search(browser, query)
    found = [docname(result["href"]) for result in results]
    missing = [chapter for chapter in QUERIES[query] if chapter not in found]
    assert not missing, f"{query!r} does not find {missing}; it finds {found}"
    empty = [result["href"] for result in results if not (result["excerpt"] or "").strip()]
    assert not empty, f"{query!r}: results without an excerpt: {empty}"
    # no excerpt shows half a character (an emoji cut in two by the excerpt's 240 code units)
    assert not [result["href"] for result in results if result["halves"]], query
    # nor TeX (the search page does not typeset) nor code: formulas as plain text, code left out
    raw = [
        r["excerpt"]
        for r in results
        if re.search(r"\\[(\[]|\\(?:frac|log|sum|text)\b|ndcg\.\w+\(", r["excerpt"] or "")
    ]
    assert not raw, (query, raw[:3])
    for result in results:
        if docname(result["href"]) in QUERIES[query]:
            # the excerpt is taken around the query, which is highlighted as Sphinx does it
            assert query in result["excerpt"].lower(), (query, result)
    highlighted = visit.page.locator("#search-results p.context span.highlighted")
    assert highlighted.count() >= len(QUERIES[query])
    assert {text.lower() for text in highlighted.all_text_contents()} == {query}
    visit.close()


def test_a_result_that_links_into_a_page_shows_an_excerpt_of_that_part(browser):
    # A result for a matching section title, or for a glossary term (an index entry), links
    # to it (#anchor), and its excerpt is taken from there, as searchtools.js does with a
    # fetched page: from the start of the section, or the term.
    visit, results = search(browser, "ideal ranking")
    parts = {result["href"]: result["excerpt"] for result in results if "#" in result["href"]}
    assert parts["chapters/03_idcg.html#the-ideal-ranking"].startswith("3.2. The ideal ranking"), parts
    assert parts["reference/glossary.html#term-ideal-ranking"].startswith("ideal ranking (理想排序)"), parts
    assert not [href for href, excerpt in parts.items() if excerpt.startswith("...")], parts
    visit.close()


def test_the_excerpts_do_not_fetch_the_pages(browser):
    # From file:// no page is fetched for an excerpt (the browser would refuse it): the search
    # page loads its index and the excerpts' texts, as scripts, and nothing else of the book's pages.
    url = (BOOK.resolve() / "search.html").as_uri() + "?q=" + quote("折损")
    visit = Visit(browser, url, book_uri(), views=False)
    requested: list[str] = []
    visit.page.on("request", lambda request: requested.append(request.url))
    visit.page.reload()
    visit.page.wait_for_function(FINISHED)
    visit.settle()
    pages = [url for url in requested if url.split("?")[0].endswith(".html") and "search.html" not in url]
    assert not pages, f"the search page fetched {pages}"
    assert any(url.endswith("/searchtexts.js") for url in requested)
    visit.close()


@pytest.mark.parametrize("width", [1280, 390])
def test_the_results_fit_the_screen(browser, width):
    visit, results = search(browser, "折损", width=width)
    assert results
    page = visit.page
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"), (
        f"the results page scrolls sideways at {width} px"
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"search-zhesun-{width}.png"))
    visit.close()


def test_no_excerpt_begins_with_the_theme_s_buttons_or_print_only_contents(browser):
    # The theme puts its download buttons (".ipynb .md .pdf") and a print-only copy of the
    # title and contents at the top of [role=main]; an excerpt leaves both out.
    visit, results = search(browser, "折损")
    labels = {words(language)("download-source") for language in ("en", "zh_CN")}
    cluttered = [
        r["href"]
        for r in results
        if any(label in r["excerpt"] for label in labels) or r["excerpt"].startswith(".ipynb")
    ]
    assert not cluttered, f"excerpts with the theme's buttons: {cluttered}"
    visit.close()


def test_served_search_shows_excerpts_for_exercise_solutions_without_a_console_error(browser, server):
    # Served, searchtools.js fetches each result's page and looks its anchor up with
    # querySelector: sphinx-exercise's solution ids hold a "/" ("#chapters/00_why-solution-1"),
    # which was no valid selector (a console error per result, and no excerpt of that part).
    visit = Visit(browser, f"{server}/search.html?q=" + quote("solution to exercise"), server, views=False)
    visit.page.wait_for_function(FINISHED, timeout=30_000)
    visit.settle()
    results = visit.page.evaluate(RESULTS)
    solutions = [r for r in results if "-solution-" in r["href"]]
    assert solutions, [r["href"] for r in results]
    assert all((r["excerpt"] or "").strip() for r in solutions), solutions
    assert not [r["href"] for r in results if "(page source)" in (r["excerpt"] or "")]
    assert not visit.errors and not visit.console, (visit.errors, visit.console)
    visit.close()


def test_a_chapter_loads_no_search_index_and_its_search_box_finds_the_chapters(browser):
    # The index (megabytes) is the search page's alone (ndcg_book/templates/layout.html): a
    # chapter opened from file:// loads none of Sphinx's search files; its search (Ctrl+K, a
    # query, Enter) opens the search page, which loads them and lists the results with excerpts.
    index_files = ("/searchindex.js", "/searchtools.js", "/language_data.js")
    visit = Visit(browser, (BOOK.resolve() / "chapters" / "02_dcg.html").as_uri(), book_uri())
    visit.settle()
    files = [url.split("?")[0] for url in visit.requested]
    assert any(name.endswith("/_static/ndcg-course.js") for name in files), files
    assert not [name for name in files if name.endswith(index_files)], files
    visit.page.keyboard.press("Control+k")
    box = visit.page.locator("#pst-search-dialog input[name=q]")
    box.wait_for(state="visible")
    box.fill("discount")
    with visit.page.expect_navigation():
        box.press("Enter")
    visit.page.wait_for_function(FINISHED)
    visit.settle()
    assert visit.page.url.split("?")[0].endswith("/search.html")
    files = [url.split("?")[0] for url in visit.requested[len(files) :]]
    assert [name for name in files if name.endswith("/searchindex.js")], files
    found = {docname(result["href"]) for result in visit.page.evaluate(RESULTS)}
    assert set(QUERIES["discount"]) <= found, found
    visit.close()


def test_an_excerpt_never_shows_half_a_character(browser):
    # Sphinx cuts an excerpt at 240 UTF-16 code units from 120 before the query; an emoji is two
    # of them. Here the cut falls inside the second 🎯 after the query and 111 letters: the excerpt
    # keeps every whole character before it, and no half (_static/offline-search.js).
    visit = Visit(browser, (BOOK.resolve() / "search.html").as_uri(), book_uri(), views=False)
    visit.settle()
    excerpt = visit.page.evaluate(
        r"""() => { const text = 'x'.repeat(200) + 'query ' + 'y'.repeat(111) + '\u{1F3AF}\u{1F3AF}!';
        const html = `<html><body><div role="main">${text}</div></body></html>`;
        const summary = Search.makeSearchSummary(html, new Set(['query']), '');
        return [summary.textContent, [...summary.textContent].map(c => c.codePointAt(0))]; }"""
    )
    visit.close()
    text, code_points = excerpt
    assert text.startswith("...") and text.endswith("...") and "x" * 120 + "query " in text
    assert not [point for point in code_points if 0xD800 <= point <= 0xDFFF], text
    assert text.removesuffix("...").endswith("y" * 111 + "\U0001f3af")
