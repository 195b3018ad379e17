"""The built book in headless Chromium: its kernel-free flashcards and quizzes, clicked,
and every page of it loaded with no error and no request leaving the book.

The book must already be built (``make book``); CI builds it first and installs Debian's
chromium. The views are clicked on pages served from a local ``http.server`` on 127.0.0.1;
every page is opened through ``file://`` once (here or by the accessibility audit), and one page
of each folder is served too, with no kernel, and every request must stay local: the views,
the theme and KaTeX work offline. Set ``NDCG_BOOK_HTML`` to test another build (default
``_build/html``). The browser (found as described in ``tools/chromium.py``: ``CHROMIUM=``,
then ``PATH``, then the usual install paths) and the ``browser`` / ``server`` fixtures are
shared by every browser test (``tests/conftest.py``); the tests that need no browser run
without one.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import ClassVar

import pytest

from ndcg.course import cards
from ndcg.course.cards.markup import link_sources
from ndcg.course.cards.words import word
from ndcg_book import bundles, languages, maths
from tests.browser.pages import BOOK, Visit, audited_pages, book_uri
from tests.core import reference


def pages_with_views() -> list[str]:
    """Every page of the built book that holds a kernel-free flashcard deck."""
    if not BOOK.is_dir():
        return []
    return sorted(
        path.relative_to(BOOK).as_posix()
        for path in BOOK.rglob("*.html")
        if "ndcg-kf ndcg-fc" in path.read_text(encoding="utf-8", errors="replace")
        and path.relative_to(BOOK).parts[0] != "zh"  # the Chinese edition: tests/browser/test_editions.py
    )


def all_pages() -> list[str]:
    """Every HTML page of the English edition (not the theme's or Sphinx's own files under _*/; the
    Chinese edition's pages, zh/, load in tests/browser/test_editions.py)."""
    if not BOOK.is_dir():
        return []
    return sorted(
        path.relative_to(BOOK).as_posix()
        for path in BOOK.rglob("*.html")
        if not path.relative_to(BOOK).parts[0].startswith("_") and path.relative_to(BOOK).parts[0] != "zh"
    )


PAGES = pages_with_views()
ALL_PAGES = all_pages()
# Opened from file:// too (the book on a USB stick): every page. The accessibility audit
# (tests/browser/test_a11y.py) opens most of them from file:// on a first visit and fails on the
# same problems (Visit.close), so here only the others: one load of a page, several checks.
FILE_PAGES = [page for page in ALL_PAGES if page not in audited_pages()]


pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(
        not BOOK.is_dir(),
        reason=f"no built book at {BOOK}: run `make book` first (or point NDCG_BOOK_HTML at a build)",
    ),
]


def has_math(*texts: str) -> bool:
    return any("$" in text for text in texts)


def first_word(markdown: str) -> str:
    """A word of the feedback that survives rendering (no maths, no markup): a Latin word of four
    letters or more, else (a Chinese text) two Chinese characters."""
    plain = re.sub(r"\$[^$]*\$|`[^`]*`|[*_]", " ", markdown)
    return next(iter(re.findall(r"[A-Za-z]{4,}", plain) + re.findall(r"[\u4e00-\u9fff]{2}", plain)))


def page_language(visit: Visit) -> str:
    """The language of the page's edition: "zh" in the Chinese one (``<html lang="zh-CN">``)."""
    lang = visit.page.evaluate("() => document.documentElement.lang") or ""
    return "zh" if lang.lower().startswith("zh") else "en"


def said(key: str, language: str, **values) -> str:
    """What a view says, in the page's language, without the spaces a Chinese message has not."""
    return word(key, language, **values).strip()


# -- the views, clicked -----------------------------------------------------------------------


def check_flashcards(visit: Visit):
    page = visit.page
    root = page.locator(".ndcg-fc").first
    chapter = root.get_attribute("data-chapter")
    lang = page_language(visit)
    deck = cards.load(chapter, lang)
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
    assert root.locator("[data-action=flip]").inner_text() == said("hide-answer", lang)
    visit.typeset(back, has_math(deck.flashcards[0].back))
    if deck.flashcards[0].source:  # the book shows a card's sources as citation markers, [004]
        shown_source = root.locator("[data-role=source]").inner_text()
        codes = re.findall(r"\b\d{3}\b", deck.flashcards[0].source)
        assert codes and all(f"[{code}]" in shown_source for code in codes), (shown_source, codes)
    card.click()  # clicking the card flips it back
    assert back.is_hidden()

    # got it / again / next / previous follow the Leitner rule (tests/core/reference.py's oracle)
    leitner = reference.Leitner([c.id for c in deck.flashcards])
    methods = {
        "got": leitner.got_it,
        "again": leitner.again,
        "next": leitner.next,
        "previous": leitner.previous,
    }
    pattern = ["got", "again", "got", "got", "next", "again", "got", "previous", "got", "got"]
    for step in range(40):  # long enough for the intervals to matter
        action = pattern[step % len(pattern)]
        root.locator(f"[data-action={action}]").click()
        expected = methods[action]()
        assert card.get_attribute("data-card-id") == expected, action
        status = root.locator("[data-role=status]").inner_text()
        n, total = deck.flashcards.index(by_id[expected]) + 1, len(deck.flashcards)
        assert status.startswith(
            said("card-status", lang, n=n, total=total, box=leitner.box(expected), counts="")
        ), status
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
    # the notebook's live widget, named on the "Running this notebook?" line (shown with the code)
    assert f'FlashcardDeck("{chapter}")' in root.locator("p.ndcg-live").text_content()


def check_choice(visit: Visit, box, question, choice: int, lang: str = "en"):
    """Click option ``choice`` of a single-choice or true/false question; check its feedback."""
    feedback = box.locator("[data-role=feedback]")
    option = question.options[choice]
    button = box.locator(f"button[data-option='{choice}']")
    button.click()
    assert feedback.is_visible()
    assert feedback.get_attribute("data-shown") == str(choice)
    state = "is-correct" if option.correct else "is-wrong"
    assert state in button.get_attribute("class")
    assert state in feedback.get_attribute("class")
    text = feedback.text_content()
    assert said("correct" if option.correct else "incorrect", lang) in text
    assert first_word(option.feedback) in text
    visit.typeset(feedback, has_math(option.feedback))


def check_ticks(visit: Visit, box, question, ticked: list[int], lang: str = "en", first: bool = False):
    """Tick exactly ``ticked`` of a multi-select question and check (``first``: the question's
    first check); check the verdict, and every option's feedback: at once when the answer is
    right or not the first, else only once the reader asks for it (a first wrong check says how
    many options are wrong, not which)."""
    feedback = box.locator("[data-role=feedback]")
    for index in range(len(question.options)):
        box.locator(f"input[data-option='{index}']").set_checked(index in ticked)
    box.locator("[data-action=submit]").click()
    right = question.is_right(ticked)
    assert feedback.is_visible() and feedback.get_attribute("data-shown") == ",".join(map(str, ticked))
    assert ("is-correct" if right else "is-wrong") in feedback.get_attribute("class")
    text = feedback.text_content()
    assert (word("correct", lang) + word("exactly-right", lang) if right else said("incorrect", lang)) in text
    items = feedback.locator(".ndcg-qz-fb-item")
    reveal = feedback.locator("[data-action=reveal]")
    if first and not right:
        wrong = sum((index in ticked) != option.correct for index, option in enumerate(question.options))
        assert said("wrong-one" if wrong == 1 else "wrong-many", lang, n=wrong) in text
        assert items.count() == 0 and box.locator("label.is-correct, label.is-wrong").count() == 0, text
        assert reveal.inner_text().strip() == word("show-verdicts", lang)
        reveal.click()
    assert reveal.count() == 0
    assert items.count() == len(question.options)
    for index, option in enumerate(question.options):
        good = (index in ticked) == option.correct
        item = items.nth(index)
        assert ("is-correct" if good else "is-wrong") in item.get_attribute("class")
        assert said("right-choice" if good else "wrong-choice", lang) in item.text_content()
        assert first_word(option.feedback) in item.text_content()
    visit.typeset(feedback, any(has_math(option.feedback) for option in question.options))


def check_quiz(visit: Visit, every_question: bool = True):
    root = visit.page.locator(".ndcg-qz").first
    chapter = root.get_attribute("data-chapter")
    lang = page_language(visit)
    deck = cards.load(chapter, lang)
    root.scroll_into_view_if_needed()
    visit.typeset(root, any(has_math(q.question, *(o.text for o in q.options)) for q in deck.quiz))
    questions = deck.quiz if every_question else deck.quiz[:1]
    for number, question in enumerate(questions):
        box = root.locator(f'[data-question="{question.id}"]')
        assert box.get_attribute("data-kind") == question.kind
        assert box.locator("[data-role=feedback]").is_hidden()
        last = number == len(deck.quiz) - 1  # the last one is answered right at once
        if question.kind == "multi-select":
            right = list(question.answers)
            # a first try with one right option missing (or a wrong one added), then the right set
            if len(right) > 1:
                wrong = right[1:]
            else:
                wrong = [*right, next(i for i, option in enumerate(question.options) if not option.correct)]
            for attempt, ticked in enumerate([right] if last else [wrong, right]):
                check_ticks(visit, box, question, ticked, lang, first=attempt == 0)
        else:
            wrong = next(i for i, option in enumerate(question.options) if not option.correct)
            for choice in [question.answer] if last else [wrong, question.answer]:
                check_choice(visit, box, question, choice, lang)
    score = root.locator("[data-role=score]").inner_text()
    total = len(deck.quiz)
    if every_question:
        assert said("quiz-score", lang, answered=total, total=total, right=1) in score
        # one right at the first try of several: no praise, a pointer to the feedback
        assert said("quiz-review", lang) in score and said("quiz-done", lang) not in score, score
    else:
        assert said("answered-of", lang, answered=1, total=total) in score
    # the notebook's live widget, named on the "Running this notebook?" line (shown with the code)
    assert f'Quiz("{chapter}")' in root.locator("p.ndcg-live").text_content()


def test_the_book_has_kernel_free_views():
    assert PAGES, f"no page of {BOOK} holds the kernel-free flashcards and quiz"


def check_solution_opens(visit: Visit):
    """A click on the words of the page's first solution title opens the solution and stays on
    the page (sphinx-exercise made half of the title a link to the exercise; ndcg_book.solutions)."""
    page = visit.page
    solution = page.locator("div.solution.dropdown").first
    if not solution.count():
        assert "/chapters/0" not in page.url, f"{page.url}: a chapter without a solution"
        return
    title = solution.locator(":scope > .admonition-title")
    assert title.locator("a").count() == 0, title.inner_html()
    assert "toggle-hidden" in solution.get_attribute("class")
    before = page.url
    title.scroll_into_view_if_needed()
    box = title.bounding_box()
    page.mouse.click(box["x"] + box["width"] * 0.3, box["y"] + box["height"] / 2)
    page.wait_for_function("el => !el.classList.contains('toggle-hidden')", arg=solution.element_handle())
    assert page.url == before


@pytest.mark.parametrize("page_path", PAGES or ["(none)"])
def test_flashcards_and_quiz_respond(browser, server, page_path):
    """On one visit of the page: its flashcards, then its quiz with every question answered, then
    a solution opened by its title (three checks that leave each other's state alone)."""
    if not PAGES:
        pytest.skip("no page with views (see test_the_book_has_kernel_free_views)")
    visit = Visit(browser, f"{server}/{page_path}", server)
    check_flashcards(visit)
    check_quiz(visit)
    check_solution_opens(visit)
    visit.close()


def test_true_false_and_multi_select_by_keyboard(browser, server):
    # Chapter 4's quiz holds both kinds: a true/false statement and 004's label-source question,
    # several answers. A keyboard user answers both: Tab to a reply and press Enter; tick boxes
    # with Space, Tab to "Check my answer" and press Enter.
    page_path = "chapters/04_ndcg.html"
    if page_path not in PAGES:
        pytest.skip(f"{page_path} is not in the built book")
    visit = Visit(browser, f"{server}/{page_path}", server)
    page = visit.page
    deck = cards.load("04_ndcg")
    root = page.locator(".ndcg-qz").first
    root.scroll_into_view_if_needed()

    statement = next(q for q in deck.quiz if q.kind == "true-false")
    box = root.locator(f'[data-question="{statement.id}"]')
    buttons = box.locator("button[data-option]")
    assert [buttons.nth(i).inner_text().strip() for i in range(buttons.count())] == ["True", "False"]
    buttons.nth(0).focus()
    if statement.answer == 1:
        page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.getAttribute('data-option')")
    assert focused == str(statement.answer)
    page.keyboard.press("Enter")
    feedback = box.locator("[data-role=feedback]")
    assert feedback.is_visible() and "is-correct" in feedback.get_attribute("class")
    assert buttons.nth(statement.answer).get_attribute("aria-pressed") == "true"
    assert first_word(statement.options[statement.answer].feedback) in feedback.text_content()

    multi = next(q for q in deck.quiz if q.id == "ndcg-q-label-sources")
    assert multi.kind == "multi-select"
    box = root.locator(f'[data-question="{multi.id}"]')
    boxes = box.locator("input[data-option]")
    assert boxes.count() == len(multi.options)
    boxes.nth(0).focus()
    for index in range(len(multi.options)):
        if index:
            page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.getAttribute('data-option')") == str(index)
        if multi.options[index].correct:
            page.keyboard.press("Space")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.getAttribute('data-action')") == "submit"
    page.keyboard.press("Enter")
    feedback = box.locator("[data-role=feedback]")
    assert feedback.is_visible() and "is-correct" in feedback.get_attribute("class")
    assert "Exactly the right options." in feedback.text_content()
    assert "position bias" in feedback.text_content()
    assert [boxes.nth(i).is_checked() for i in range(boxes.count())] == [o.correct for o in multi.options]
    score = root.locator("[data-role=score]").inner_text()
    assert f"Answered 2 of {len(deck.quiz)} \u00b7 right at the first try: 2" in score
    visit.close()


def test_views_work_from_file_urls(browser):
    # The book copied to a USB stick: no server at all.
    if not PAGES:
        pytest.skip("no page with views (see test_the_book_has_kernel_free_views)")
    url = (BOOK.resolve() / PAGES[0]).as_uri()
    visit = Visit(browser, url, book_uri())
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
            found = re.findall(rf'class="ndcg-kf {kind}" id="[^"]+" data-chapter="([^"]+)"', html)
            assert found == [key], f"{key}.html: {kind} views for {found}"


def test_the_course_assets_are_on_the_pages_that_use_them():
    # ndcg_book.assets: ndcg-course.js (after ndcg-metrics.js) on exactly the pages
    # with a kernel-free view,
    # ndcg-course.css on every page with course HTML, both served by the book itself.
    assert (BOOK / "_static" / "ndcg-course.js").is_file() and (
        BOOK / "_static" / "ndcg-course.css"
    ).is_file()
    for page in ALL_PAGES:
        html = (BOOK / page).read_text(encoding="utf-8")
        scripts = re.findall(r'<script[^>]*src="[^"]*ndcg-course\.js[^"]*"', html)
        styles = [s for s in bundles.page_stylesheets(html, BOOK / page) if s == "ndcg-course.css"]
        assert len(scripts) == ("data-ndcg-view=" in html), page
        if scripts:  # the metrics first: the views compute with them
            metrics = html.find("ndcg-metrics.js")
            assert 0 <= metrics < html.find("ndcg-course.js"), page
        assert len(styles) == bool(re.search(r"""class=["'][^"']*\bndcg-""", html)), page
        # no inline copy of it (the live widgets' state that myst-nb stores in a <script> of the
        # page does hold their <style>: JupyterLab's, never rendered by the book); the one inline
        # rule is the edition's, which hides the other languages (ndcg_book/languages.py)
        rendered = re.sub(r"<script\b.*?</script>", "", html, flags=re.DOTALL)
        rendered = re.sub(rf'<style id="{languages.STYLE_ID}">[^<]*</style>', "", rendered, count=1)
        assert not re.search(r"<style[^>]*>[^<]*\.ndcg-", rendered), page


def test_only_pages_with_views_load_a_maths_runtime_and_katex_s_files_are_the_book_s():
    # ndcg_book.maths: the maths is typeset when the book is built, so a page loads KaTeX's
    # stylesheet (and copy-tex) when it shows a formula or a view, and KaTeX's loader
    # (ndcg-katex.js) only when it holds a view (a view typesets what it changes: the loader then
    # loads katex.min.js and auto-render, which no page names itself); the TeX of the views' HTML
    # in the page (any TeX of a page with views) is typeset too; no page loads MathJax. Both editions.
    katex = BOOK / "_static" / "katex"
    assert (katex / "katex.min.css").is_file() and (katex / "katex.min.js").is_file()
    assert (katex / "contrib" / "auto-render.min.js").is_file() and (
        katex / "contrib" / "copy-tex.min.js"
    ).is_file()
    css = (katex / "katex.min.css").read_text(encoding="utf-8")
    fonts = re.findall(r"url\(([^)]+\.woff2)\)", css)
    assert fonts and not [font for font in fonts if not (katex / font).is_file()]  # the fonts, local
    assert not re.search(r"url\((?:https?:)?//", css)
    assert not (BOOK / "_static" / "mathjax").exists()
    pages = sorted(BOOK.rglob("*.html"))
    counted = {"runtime": 0, "formulas": 0}
    for path in pages:
        if path.relative_to(BOOK).parts[0] in ("slides", "_static") or "/slides/" in path.as_posix():
            continue  # the decks load KaTeX's runtime themselves (deck.html)
        html = path.read_text(encoding="utf-8")
        page = path.relative_to(BOOK).as_posix()
        scripts = re.findall(r'<script[^>]*src="([^"?]*)', html)
        styles = bundles.page_stylesheets(html, path)  # those it links, and those its bundles hold
        views = "data-ndcg-view=" in html
        shows_maths = 'class="katex"' in html
        runtime = [
            s for s in scripts if s.endswith(("katex/katex.min.js", "katex/contrib/auto-render.min.js"))
        ]
        loader = [s for s in scripts if s.endswith("katex/ndcg-katex.js")]
        assert not [s for s in scripts if "mathjax" in s.lower()], f"{page} loads MathJax"
        # nor carries MathJax's class names (MyST's tex2jax_ignore/mathjax_ignore, a view's
        # mathjax_process): nothing reads them any more
        assert not re.search(r'class="[^"]*\b(?:tex2jax|mathjax)_', html), f"{page}: a MathJax class"
        assert not runtime, f"{page} loads KaTeX's runtime with the page: {runtime}"
        assert len(loader) == views, f"{page}: KaTeX's loader {loader}, views: {views}"
        left = maths._TEX.search(maths._SKIP.sub("", html))  # what auto-render would typeset
        assert not left, f"{page}: TeX left for the browser to typeset: {left.group(0)!r}"
        assert bool([s for s in styles if s.endswith("katex/katex.min.css")]) == (views or shows_maths), page
        assert bool([s for s in scripts if s.endswith("katex/contrib/copy-tex.min.js")]) == (
            views or shows_maths
        ), page
        assert "katex-error" not in html, f"{page}: a formula KaTeX could not typeset"
        counted["runtime"] += views
        counted["formulas"] += shows_maths
    assert counted["runtime"] and counted["formulas"] > counted["runtime"]


@pytest.mark.parametrize("page_path", PAGES[:1] or ["(none)"])
def test_every_view_is_hydrated_from_its_island(browser, server, page_path):
    # ndcg-course.js activates every view of the page from its JSON island: the data it
    # parsed is the content of ndcg/course/content/<chapter>.yaml, card for card.
    if not PAGES:
        pytest.skip("no page with views (see test_the_book_has_kernel_free_views)")
    visit = Visit(browser, f"{server}/{page_path}", server)
    page = visit.page
    views = page.locator("[data-ndcg-view=flashcards], [data-ndcg-view=quiz]")
    assert views.count() == 2  # (other components' views are tested in their own files)
    page.wait_for_function(
        "() => document.querySelectorAll('[data-ndcg-view]:not([data-ready=true])').length === 0"
    )
    islands = page.evaluate(
        "() => Array.from(document.querySelectorAll('[data-ndcg-view=flashcards], [data-ndcg-view=quiz]')).map(v => "
        "[v.getAttribute('data-ndcg-view'), JSON.parse(v.querySelector('script[data-ndcg-data]').textContent)])"
    )
    for kind, data in islands:
        deck = cards.load(data["chapter"])
        if kind == "flashcards":
            assert [c["id"] for c in data["cards"]] == [c.id for c in deck.flashcards]
            # as the book shows them: every "source 00X" a link to the Sources page (ndcg_book.sources)
            sources = "../" * page_path.count("/") + "reference/sources.html"
            # in both languages: the page shows the one of its edition
            for language in ("en", "zh"):
                assert [c["back"][language] for c in data["cards"]] == [
                    link_sources(cards.to_html(c.back), sources)
                    for c in cards.load(data["chapter"], language).flashcards
                ]
        else:
            assert [q["id"] for q in data["questions"]] == [q.id for q in deck.quiz]
    # the controls are live: no disabled option, no hidden bar once hydrated
    assert page.locator(".ndcg-qz button[disabled], .ndcg-kf [data-until-ready][hidden]").count() == 0
    page.evaluate("() => window.ndcgCourse.hydrate()")  # a second call changes nothing
    page.locator(".ndcg-fc [data-action=flip]").first.click()
    assert page.locator(".ndcg-fc [data-role=back]").first.is_visible()
    visit.close()


# -- every page, clean -------------------------------------------------------------------------


@pytest.mark.parametrize("page_path", FILE_PAGES or ["(none)"])
def test_every_page_loads_cleanly_from_file_urls(browser, page_path):
    # No JavaScript error, no console error or warning, no failed load and no request that
    # leaves the book, on a first visit (empty localStorage) to a page of the book copied to a
    # USB stick (file://, no server at all). file:// is the stricter of the two ways to read the
    # book (no fetch(), no path from the root of a site), and every page is opened from it once:
    # here, or by the accessibility audit (the pages of audited_pages()).
    if not FILE_PAGES:
        pytest.skip(f"no page of {BOOK} outside the audit")
    visit = Visit(browser, (BOOK.resolve() / page_path).as_uri(), book_uri(), views=False)
    visit.settle()
    visit.close()


def served_pages() -> list[str]:
    """The pages the served book is loaded by: the first page of every top folder of the English
    edition (a chapter, a deck, the instructors' pages...), the landing page and the search page. A web host serves the same files as the USB stick; one page of
    each kind shows it serves them whole."""
    first: dict[str, str] = {}
    for page in ALL_PAGES:
        first.setdefault(page.partition("/")[0] if "/" in page else "", page)
    return sorted({*first.values(), *(page for page in ("index.html", "search.html") if page in ALL_PAGES)})


SERVED_PAGES = served_pages()


@pytest.mark.parametrize("page_path", SERVED_PAGES or ["(none)"])
def test_the_served_book_loads_cleanly(browser, server, page_path):
    # The same checks as above, on pages served over HTTP (a local http.server, as `make serve`
    # and a web host serve the book).
    if not SERVED_PAGES:
        pytest.skip(f"no HTML page in {BOOK}")
    visit = Visit(browser, f"{server}/{page_path}", f"{server}/", views=False)
    visit.settle()
    visit.close()


def test_the_served_pages_are_one_of_each_folder():
    def top(page: str) -> str:
        return page.partition("/")[0] if "/" in page else ""

    assert {top(page) for page in SERVED_PAGES} == {top(page) for page in ALL_PAGES}
    assert "index.html" in SERVED_PAGES and "chapters/00_why.html" in SERVED_PAGES


def test_every_page_is_opened_from_file_urls_here_or_by_the_audit():
    audited = audited_pages()
    assert "index.html" in audited and any(page.startswith("chapters/") for page in audited)
    assert set(ALL_PAGES) <= set(FILE_PAGES) | audited


def first_chapter() -> str:
    return next(page for page in ALL_PAGES if page.startswith("chapters/"))


@pytest.mark.parametrize("origin", ["http", "file"])
def test_theme_switch_and_search_work(browser, server, origin):
    # The fixes in _config.yml leave the theme working: the light/dark switch cycles the
    # mode (and keeps it across pages), and the search finds pages, from http and file://.
    base, local = (server, f"{server}/") if origin == "http" else (book_uri().rstrip("/"), book_uri())
    visit = Visit(browser, f"{base}/{first_chapter()}", local, views=False)
    page = visit.page
    dataset = "() => [document.documentElement.dataset.mode, document.documentElement.dataset.theme]"
    assert page.evaluate(dataset) == ["auto", "light"]  # a first visit, light system theme
    switch = page.locator(".theme-switch-button:visible").first
    switch.click()
    assert page.evaluate(dataset) == ["dark", "dark"]
    switch.click()
    assert page.evaluate(dataset) == ["light", "light"]
    switch.click()
    assert page.evaluate(dataset) == ["auto", "light"]
    switch.click()
    page.goto(f"{base}/index.html")
    assert page.evaluate(dataset) == ["dark", "dark"]  # remembered on the next page

    # Ctrl+K opens the search field; Enter lists the pages that hold the word.
    page.keyboard.press("Control+k")
    field = page.locator("input[name=q]:visible").first
    field.fill("discounted")
    field.press("Enter")
    page.wait_for_url(re.compile(r"search\.html\?q=discounted"))
    results = page.locator("#search-results ul.search li")
    results.first.wait_for()
    assert results.count() >= 2
    assert any(
        "chapters/" in (link or "")
        for link in results.locator("a").evaluate_all("links => links.map(a => a.getAttribute('href'))")
    )
    visit.settle()
    # Each result shows an excerpt of its page: served, from the page itself; from file://,
    # where the browser may not fetch() the pages, from the texts the build ships beside the
    # index (searchtexts.js, _static/offline-search.js), with no error.
    assert page.locator("#search-results ul.search li p.context").count() >= 1
    visit.close()


# -- no remote asset in any built file (static, no browser) ------------------------------------


class _RemoteAssets(HTMLParser):
    """The remote URLs that a page's scripts, stylesheets and embedded media would load."""

    REMOTE = re.compile(r"^\s*(?:https?:)?//", re.IGNORECASE)
    URL = re.compile(r"(?:https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}[^\s\"'`<>)]*", re.IGNORECASE)
    # Loading attributes: <script src>, <link href>, <img src>, <iframe src>, ...
    LOADS: ClassVar[dict[str, str]] = {
        "script": "src",
        "link": "href",
        "img": "src",
        "iframe": "src",
        "source": "src",
        "video": "src",
        "audio": "src",
        "embed": "src",
        "object": "data",
        "track": "src",
    }

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script":
            self._in_script = True
        url = attrs.get(self.LOADS.get(tag, ""))
        if url and self.REMOTE.match(url):
            self.found.append(f"<{tag} {self.LOADS[tag]}={url}>")
        if tag in ("img", "source") and attrs.get("srcset") and self.REMOTE.search(attrs["srcset"]):
            self.found.append(f"<{tag} srcset={attrs['srcset']}>")

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.found.extend(f"<script>...{url}...</script>" for url in self.URL.findall(data))


def remote_assets(html: str) -> list[str]:
    parser = _RemoteAssets()
    parser.feed(html)
    parser.close()
    return parser.found


def test_remote_asset_finder_finds_them():
    assert remote_assets('<script src="https://unpkg.com/thebe@0.8.2/lib/index.js"></script>')
    assert remote_assets('<link rel="stylesheet" href="//cdn.example.org/x.css">')
    assert remote_assets('<script>const THEBE_JS_URL = "https://unpkg.com/thebe@0.8.2/lib/index.js"</script>')
    assert remote_assets('<iframe src="http://example.org/"></iframe>')
    assert not remote_assets(
        '<script src="_static/katex/katex.min.js"></script>'
        '<link href="_static/course.css" rel="stylesheet">'
        '<a href="https://example.org/">a link is not loaded</a>'
        "<script>var x = 1; // a comment, not a URL</script>"
    )


def test_no_built_page_loads_anything_remote():
    # Every HTML file of the build, the theme's and Sphinx's included: no remote script,
    # stylesheet or embedded media, and no http(s) URL in an inline script.
    files = sorted(BOOK.rglob("*.html"))
    assert files, f"no HTML file in {BOOK}"
    offenders = {
        path.relative_to(BOOK).as_posix(): found
        for path in files
        if (found := remote_assets(path.read_text(encoding="utf-8", errors="replace")))
    }
    assert not offenders, f"remote assets in the built book: {offenders}"
    assert not [path for path in files if "unpkg.com" in path.read_text(encoding="utf-8", errors="replace")]
