"""The kernel-free flashcards and quizzes, clicked in headless Chromium in the built book.

The book must already be built (``make book``); CI builds it first and installs Debian's
chromium. The pages are served from a local ``http.server`` on 127.0.0.1 (and one page is
also opened through ``file://``), with no kernel, and every request must stay local: the
views and MathJax work offline. Set ``NDCG_BOOK_HTML`` to test another build (default
``_build/html``).
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import threading
from pathlib import Path

import pytest

from ndcg import cards

ROOT = Path(__file__).resolve().parent.parent
BOOK = Path(os.environ.get("NDCG_BOOK_HTML", "_build/html"))
BOOK = BOOK if BOOK.is_absolute() else ROOT / BOOK
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
# Errors of the book's theme, not of our views (sphinx-book-theme declares this twice).
THEME_ERRORS = ("THEBE_JS_URL",)


def pages_with_views() -> list[str]:
    """Every page of the built book that holds a kernel-free flashcard deck."""
    if not BOOK.is_dir():
        return []
    return sorted(
        path.relative_to(BOOK).as_posix()
        for path in BOOK.rglob("*.html")
        if "ndcg-kf ndcg-fc" in path.read_text(encoding="utf-8", errors="replace")
    )


PAGES = pages_with_views()


def skip_reason() -> str | None:
    if not BOOK.is_dir():
        return f"no built book at {BOOK}: run `make book` first (or point NDCG_BOOK_HTML at a build)"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM}: install Debian's chromium package"
    return None


pytestmark = pytest.mark.skipif(skip_reason() is not None, reason=skip_reason() or "")


# -- fixtures -------------------------------------------------------------------------------


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep pytest's output clean
        pass


@pytest.fixture(scope="module")
def server():
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(BOOK)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()
    thread.join(timeout=5)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Visit:
    """One page in a fresh browser context, with its errors and non-local requests."""

    def __init__(self, browser, url: str, local: str):
        self.context = browser.new_context(viewport={"width": 1100, "height": 900})
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.page.on("pageerror", self._error)
        self.page.on("request", lambda r: None if r.url.startswith((local, "data:", "blob:", "about:"))
                     else self.foreign.append(r.url))
        self.page.goto(url)
        self.page.wait_for_selector(".ndcg-kf[data-ready=true]", state="attached")
        has_mathjax = self.page.evaluate("() => !!document.querySelector('script[src*=mathjax]')")
        if has_mathjax:
            self.page.wait_for_function("() => window.MathJax && MathJax.startup && MathJax.startup.promise")
            self.page.evaluate("() => MathJax.startup.promise.then(() => true)")
        self.has_mathjax = has_mathjax

    def _error(self, error):
        if not any(known in str(error) for known in THEME_ERRORS):
            self.errors.append(str(error))

    def typeset(self, locator, text_with_math: bool):
        """Wait until MathJax has typeset every \\( \\) / \\[ \\] inside ``locator``."""
        if not text_with_math:
            return
        assert self.has_mathjax, "the page has maths in its cards but does not load MathJax"
        self.page.wait_for_function(
            "el => !/\\\\[(\\[]/.test(el.textContent) && el.querySelector('mjx-container')",
            arg=locator.element_handle())

    def close(self):
        assert not self.errors, f"JavaScript errors: {self.errors}"
        assert not self.foreign, f"requests that leave the book: {self.foreign}"
        self.context.close()


def has_math(*texts: str) -> bool:
    return any("$" in text for text in texts)


def first_word(markdown: str) -> str:
    """A word of the feedback that survives rendering (no maths, no markup)."""
    plain = re.sub(r"\$[^$]*\$|`[^`]*`|[*_]", " ", markdown)
    return next(word for word in re.findall(r"[A-Za-z]{4,}", plain))


# -- the views, clicked -----------------------------------------------------------------------


def check_flashcards(visit: Visit):
    page = visit.page
    root = page.locator(".ndcg-fc").first
    chapter = root.get_attribute("data-chapter")
    deck = cards.load(chapter)
    by_id = {card.id: card for card in deck.flashcards}
    card, front, back = (root.locator(f"[data-role={role}]") for role in ("card", "front", "back"))
    root.scroll_into_view_if_needed()

    # the first card, front only
    assert card.get_attribute("data-card-id") == deck.flashcards[0].id
    assert front.is_visible() and back.is_hidden() and front.inner_text().strip()
    visit.typeset(front, has_math(deck.flashcards[0].front))

    # flip: the answer and its source appear
    root.locator("[data-action=flip]").click()
    assert back.is_visible() and back.inner_text().strip()
    assert root.locator("[data-action=flip]").inner_text() == "Hide answer"
    visit.typeset(back, has_math(deck.flashcards[0].back))
    if deck.flashcards[0].source:
        assert deck.flashcards[0].source in root.locator("[data-role=source]").inner_text()
    card.click()                                   # clicking the card flips it back
    assert back.is_hidden()

    # got it / again / next / previous follow the same Leitner rule as ndcg.cards.Leitner
    leitner = cards.Leitner([c.id for c in deck.flashcards])
    methods = {"got": leitner.got_it, "again": leitner.again, "next": leitner.next,
               "previous": leitner.previous}
    pattern = ["got", "again", "got", "got", "next", "again", "got", "previous", "got", "got"]
    for step in range(40):                         # long enough for the intervals to matter
        action = pattern[step % len(pattern)]
        root.locator(f"[data-action={action}]").click()
        expected = methods[action]()
        assert card.get_attribute("data-card-id") == expected, action
        assert f"in box {leitner.box(expected)}" in root.locator("[data-role=status]").inner_text()
        assert back.is_hidden()
    counts = " / ".join(str(n) for n in leitner.counts().values())
    assert counts in root.locator("[data-role=status]").inner_text()

    # the new card's maths is typeset too, front and back
    root.locator("[data-action=flip]").click()
    shown = by_id[card.get_attribute("data-card-id")]
    visit.typeset(front, has_math(shown.front))
    visit.typeset(back, has_math(shown.back))

    # shuffle and the keyboard still work
    root.locator("[data-action=shuffle]").click()
    assert card.get_attribute("data-card-id") in by_id
    card.focus()
    page.keyboard.press("Enter")
    assert back.is_visible()
    assert f'FlashcardDeck("{chapter}")' in root.inner_text()


def check_quiz(visit: Visit, every_question: bool = True):
    root = visit.page.locator(".ndcg-qz").first
    chapter = root.get_attribute("data-chapter")
    deck = cards.load(chapter)
    root.scroll_into_view_if_needed()
    visit.typeset(root, any(has_math(q.question, *(o.text for o in q.options)) for q in deck.quiz))
    questions = deck.quiz if every_question else deck.quiz[:1]
    for number, question in enumerate(questions):
        box = root.locator(f'[data-question="{question.id}"]')
        feedback = box.locator("[data-role=feedback]")
        assert feedback.is_hidden()
        right = question.answer
        wrong = next(i for i, option in enumerate(question.options) if not option.correct)
        last = number == len(deck.quiz) - 1
        choices = [right] if last else [wrong, right]   # the last one is answered right at once
        for choice in choices:
            option = question.options[choice]
            button = box.locator(f"button[data-option='{choice}']")
            button.click()
            assert feedback.is_visible()
            assert feedback.get_attribute("data-shown") == str(choice)
            state = "is-correct" if option.correct else "is-wrong"
            assert state in button.get_attribute("class")
            assert state in feedback.get_attribute("class")
            text = feedback.text_content()
            assert ("Correct." if option.correct else "Incorrect.") in text
            assert first_word(option.feedback) in text
            visit.typeset(feedback, has_math(option.feedback))
    score = root.locator("[data-role=score]").inner_text()
    if every_question:
        assert f"Answered {len(deck.quiz)} of {len(deck.quiz)}" in score
        assert "right at the first try: 1" in score
    else:
        assert f"Answered 1 of {len(deck.quiz)}" in score
    assert f'Quiz("{chapter}")' in root.inner_text()


def test_the_book_has_kernel_free_views():
    assert PAGES, f"no page of {BOOK} holds the kernel-free flashcards and quiz"


@pytest.mark.parametrize("page_path", PAGES or ["(none)"])
def test_flashcards_respond(browser, server, page_path):
    if not PAGES:
        pytest.skip("no page with views (see test_the_book_has_kernel_free_views)")
    visit = Visit(browser, f"{server}/{page_path}", server)
    check_flashcards(visit)
    visit.close()


@pytest.mark.parametrize("page_path", PAGES or ["(none)"])
def test_quiz_responds(browser, server, page_path):
    if not PAGES:
        pytest.skip("no page with views (see test_the_book_has_kernel_free_views)")
    visit = Visit(browser, f"{server}/{page_path}", server)
    check_quiz(visit)
    visit.close()


def test_views_work_from_file_urls(browser):
    # The book copied to a USB stick: no server at all.
    if not PAGES:
        pytest.skip("no page with views (see test_the_book_has_kernel_free_views)")
    url = (BOOK / PAGES[0]).as_uri()
    visit = Visit(browser, url, "file://")
    check_flashcards(visit)
    check_quiz(visit, every_question=False)
    visit.close()


def test_every_chapter_notebook_page_shows_its_views():
    # Every chapter built from a notebook shows its own flashcards and its own quiz, once.
    chapters = [key for key in cards.chapters() if (BOOK / "_sources" / "chapters" / f"{key}.ipynb").exists()]
    assert chapters, "no chapter notebook in the built book"
    for key in chapters:
        html = (BOOK / "chapters" / f"{key}.html").read_text(encoding="utf-8")
        for kind in ("ndcg-fc", "ndcg-qz"):
            found = re.findall(rf'class="ndcg-kf {kind} mathjax_process" id="[^"]+" data-chapter="([^"]+)"', html)
            assert found == [key], f"{key}.html: {kind} views for {found}"
