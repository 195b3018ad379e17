"""Shared settings for the test suite."""

from __future__ import annotations

import functools
import http.server
import threading
from pathlib import Path

import pytest
from hypothesis import settings

from ndcg_book.pdf.browser import launch
from tools import chromium as browser_setup

# Property tests draw the same examples on every run (reproducible CI), and
# never fail on timing: speed is measured in benchmarks/, not in tests. `make test` draws the
# full ``course`` profile; `make test-fast` passes ``--hypothesis-profile=fast``: a quarter of the
# examples (tests/core/helpers.py scales a test's own ``max_examples`` the same way).
settings.register_profile("course", derandomize=True, deadline=None, max_examples=200)
settings.register_profile("fast", settings.get_profile("course"), max_examples=50)
settings.load_profile("course")


# -- the caller's environment ----------------------------------------------------------------

#: Settings a caller may export that change what the course's tools do: NumPy's kernels
#: (``nbval --older-kernels``), OpenBLAS's, the browser (tools/chromium.py) and the workers of
#: ``make test``. No test may depend on them: each test starts without them, and sets what it needs.
CALLER_SETTINGS = ("NPY_DISABLE_CPU_FEATURES", "OPENBLAS_CORETYPE", "CHROMIUM", "NDCG_TEST_WORKERS")


@pytest.fixture(autouse=True)
def _without_the_caller_s_settings(request, monkeypatch):
    """Clear :data:`CALLER_SETTINGS` for every test; a browser test keeps ``CHROMIUM``, the
    caller's choice of browser (the ``chromium_executable`` fixture reads it)."""
    for name in CALLER_SETTINGS:
        if name == "CHROMIUM" and "chromium_executable" in request.fixturenames:
            continue
        monkeypatch.delenv(name, raising=False)


#: The fixtures that start Chromium: a test that takes one (in any folder) is a browser test.
BROWSER_FIXTURES = {"browser", "chromium_executable"}


#: The layers, one folder of tests/ each (its conftest.py says what it holds); each test is marked
#: with its folder's name (``-m ltr`` selects learning to rank's; pyproject.toml lists the marks).
LAYERS = ("core", "ltr", "course", "book", "browser", "tools", "experiments", "scaffold")
TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items):
    """Mark every test with its layer (its folder of tests/), and ``browser`` every test that starts
    Chromium, wherever it is: `make test-fast` leaves those out."""
    for item in items:
        path = Path(item.path).resolve()
        if TESTS in path.parents and path.relative_to(TESTS).parts[0] in LAYERS:
            item.add_marker(getattr(pytest.mark, path.relative_to(TESTS).parts[0]))
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)


# -- the browser tests' setup (see tools/chromium.py and ndcg_book/pdf/browser.py) ----------


@pytest.fixture(scope="session")
def chromium_executable() -> str:
    """The Chromium-family browser to test with, a headless shell where the machine has one
    (``tools/chromium.py``: ``HEADLESS_SHELLS``); skips the test when the machine has none."""
    try:
        path = browser_setup.find_chromium(headless_shell=True)
    except browser_setup.BadChromiumSetting as error:
        pytest.fail(str(error), pytrace=False)
    if path is None:
        pytest.skip(browser_setup.missing_message())
    return path


@pytest.fixture(scope="module")
def browser(chromium_executable):
    """That browser, headless, started through Playwright (which downloads none).

    Its pages have every section laid out, as once a reader has scrolled through them: a page's
    later sections are otherwise drawn only when they come near the screen (``content-visibility:
    auto``, ``_static/course.css``), and a test that reads text, positions or sizes there, or drags
    in a view the scroll brings in, would see placeholders move. ``new_context(every_section=False)``
    (and ``Visit(every_section=False)``) opens pages as they first load:
    tests/browser/test_sections.py checks what a reader gets then.
    """
    sync_api = pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")
    with sync_api.sync_playwright() as playwright:
        chromium = launch(playwright, chromium_executable)
        new_context, new_page = chromium.new_context, chromium.new_page

        def context_with_every_section(*args, every_section: bool = True, **kwargs):
            context = new_context(*args, **kwargs)
            if every_section:
                browser_setup.render_every_section(context)
            return context

        def page_with_every_section(*args, **kwargs):
            page = new_page(*args, **kwargs)
            browser_setup.render_every_section(page.context)
            return page

        chromium.new_context, chromium.new_page = context_with_every_section, page_with_every_section
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def metrics_page(browser):
    """A blank page of that browser holding only ndcg-metrics.js, the book's numbers (nothing loaded
    from anywhere): the JS-equals-Python tests of the metrics and of the monster's health run in it."""
    from ndcg.course import assets, views_text

    context = browser.new_context()
    page = context.new_page()
    page.set_content("<!doctype html><html><body></body></html>")
    page.add_script_tag(content=assets.book_script("ndcg-metrics.js"))
    # the messages of bad input, in English: a view hands them over from its data (views_text)
    page.evaluate("table => NDCGMetrics.setMessages(table)", views_text.table("errors"))
    yield page
    context.close()


@pytest.fixture(scope="session")
def book_html():
    """The built book under test (``NDCG_BOOK_HTML``, default ``_build/html``)."""
    book = browser_setup.book_html()
    if not book.is_dir():
        pytest.skip(f"no built book at {book}: run `make book` first (or point NDCG_BOOK_HTML at a build)")
    return book


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep pytest's output clean
        pass


@pytest.fixture(scope="module")
def server(book_html):
    """The built book served by a local ``http.server`` on 127.0.0.1; yields its base URL."""
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(book_html))
    )
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join(timeout=5)
