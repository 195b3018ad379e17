"""The flashcards and the quiz in the browser: progress kept across reloads, the reset
controls, the progress page, the kinds of question, and printing.

Two kinds of test:

* on a blank page (``page.set_content``) holding a view made here from a small deck written
  to a temporary file, with the package's CSS and JS added from their files (no book, no
  network): true/false and multi-select questions, clicked and typed at, at 1100 and 400
  pixels, and printed;
* on the built book (``NDCG_BOOK_HTML``, served on 127.0.0.1): flip and answer, reload, the
  state is back; reset clears it; the flashcards page counts it, and "reset all" clears it.

Screenshots go to ``_build/screenshots/`` next to the build under test.
"""

from __future__ import annotations

import json
import re
import textwrap

import pytest

import ndcg
from ndcg.course import assets, cards
from ndcg_book import practice
from tests.browser import practice_box
from tests.browser.pages import Visit
from tests.core import reference
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
SHOTS = BOOK.parent / "screenshots"
CHAPTER = "02_dcg"

book = pytest.mark.skipif(
    not (BOOK / "chapters" / f"{CHAPTER}.html").is_file(),
    reason=f"no built book at {BOOK}: run `make book` first (or point NDCG_BOOK_HTML at a build)",
)


def shoot(locator, name: str):
    SHOTS.mkdir(parents=True, exist_ok=True)
    locator.screenshot(path=str(SHOTS / f"{name}.png"))


def fits(locator) -> bool:
    """No horizontal scrollbar of its own."""
    return locator.evaluate("el => el.scrollWidth <= el.clientWidth + 1")


# -- a blank page with the views of a small deck ------------------------------------------------

DECK = """\
chapter: 09_kinds
title: Kinds of question
flashcards:
  - id: k-card-1
    front: What does DCG add up?
    back: Gains, each divided by $\\log_2(i+1)$.
  - id: k-card-2
    front: What is CG@2 of [1, 2]?
    back: "{{ cg([1, 2]) :g }}"
quiz:
  - id: k-single
    question: Which is DCG@3 of [3, 2, 1]?
    options:
      - text: "{{ cg([3, 2, 1]) :g }}"
        correct: false
        feedback: That is CG, with no discount.
        why: Adding the grades is the first idea.
      - text: "{{ dcg([3, 2, 1]) :.3f }}"
        correct: true
        feedback: Right, each grade over its discount.
  - id: k-true-false
    kind: true-false
    question: CG sees the order of the results.
    answer: false
    feedback_true: No, a sum ignores the order.
    feedback_false: Right, CG is a plain sum.
    why: A metric of a ranking sounds as if it must see the order.
  - id: k-multi
    kind: multi-select
    question: Which of these are ranking metrics?
    options:
      - text: NDCG
        correct: true
        feedback: NDCG is one, graded.
      - text: RMSE
        correct: false
        feedback: RMSE measures a regression.
        why: It is the error metric people know best.
      - text: MRR
        correct: true
        feedback: MRR is one, binary.
"""


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    path = tmp_path_factory.mktemp("deck") / "09_kinds.yaml"
    path.write_text(textwrap.dedent(DECK), encoding="utf-8")
    return cards.load_file(path)


class Blank:
    """A blank page holding ``html``, with the course's CSS and JS from the package's files."""

    def __init__(self, browser, html: str, width: int = 1100):
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.page = self.context.new_page()
        self.page.set_default_timeout(10_000)
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on(
            "console", lambda m: self.errors.append(m.text) if m.type in ("error", "warning") else None
        )
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.set_content(
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Test</title>'
            '<meta name="ndcg-course-version" content="test"></head>'
            f'<body><main style="max-width: 46em; margin: 0 auto; padding: 8px">{html}</main></body></html>'
        )
        folder = assets.folder()
        for name in assets.BOOK_CSS:
            self.page.add_style_tag(path=str(folder / name))
        for name in assets.BOOK_JS:
            self.page.add_script_tag(content=assets.book_script(name))
        self.page.wait_for_selector("[data-ndcg-view][data-ready=true]", state="attached")

    def close(self):
        self.context.close()
        assert not self.errors, self.errors
        assert not [url for url in self.requests if not url.startswith(("about:", "data:"))], self.requests


def feedback_of(root, qid):
    return root.locator(f'[data-question="{qid}"] [data-role=feedback]')


@pytest.mark.parametrize("width", [1100, 400])
def test_true_false_and_multi_select_in_the_browser(browser, deck, width):
    blank = Blank(browser, cards.quiz(deck).html(), width)
    page = blank.page
    root = page.locator(".ndcg-qz")
    score = root.locator("[data-role=score]")
    assert score.get_attribute("aria-live") == "polite"
    assert root.locator("input[data-option]:disabled").count() == 0  # activated

    # single choice: wrong, then right
    root.locator('[data-question="k-single"] button[data-option="0"]').click()
    assert "Incorrect." in feedback_of(root, "k-single").text_content()
    root.locator('[data-question="k-single"] button[data-option="1"]').click()
    assert "Correct." in feedback_of(root, "k-single").text_content()

    # true/false: two buttons, True and False; the right one at once, by keyboard
    tf = root.locator('[data-question="k-true-false"]')
    assert tf.locator("button[data-option]").all_inner_texts() == ["True", "False"]
    tf.locator('button[data-option="1"]').focus()
    page.keyboard.press("Enter")
    text = feedback_of(root, "k-true-false").text_content()
    assert "Correct." in text and "Right, CG is a plain sum." in text
    assert "is-correct" in tf.locator('button[data-option="1"]').get_attribute("class")

    # multi-select: tick A only, check: wrong; first how many options are wrong, not which
    multi = root.locator('[data-question="k-multi"]')
    boxes = multi.locator("input[type=checkbox]")
    assert boxes.count() == 3
    boxes.nth(0).check()
    submit = multi.locator("[data-action=submit]")
    submit.click()
    fb = feedback_of(root, "k-multi")
    text = fb.text_content()
    assert "Incorrect." in text and "1 option is not as they should be" in text
    assert "Change your ticks and check again." in text
    assert "NDCG is one, graded." not in text and "Right choice." not in text
    assert multi.locator("label.is-correct, label.is-wrong").count() == 0
    # every option's verdict on request, by keyboard; the focus goes to the first of them
    reveal = fb.locator("[data-action=reveal]")
    assert reveal.inner_text() == "Show each option's verdict"
    reveal.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.classList.contains('ndcg-qz-fb-item')")
    text = fb.text_content()
    assert fb.locator("[data-action=reveal]").count() == 0
    for feedback in ("NDCG is one, graded.", "RMSE measures a regression.", "MRR is one, binary."):
        assert feedback in text
    assert "C (not ticked)" in text and "Wrong choice." in text and "Right choice." in text
    assert fb.get_attribute("data-shown") == "0"
    labels = multi.locator("label.ndcg-qz-check")
    assert [("is-correct" in (c or "")) for c in labels.evaluate_all("ls => ls.map(l => l.className)")] == [
        True,
        True,
        False,
    ]
    assert "Change your ticks and check again." in text
    if width == 400:
        shoot(root, "quiz-kinds-400")
    # keyboard: Tab to the third box, Space ticks it; the changed label loses its mark
    boxes.nth(0).focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Space")
    assert boxes.nth(2).is_checked()
    assert "is-wrong" not in labels.nth(2).get_attribute("class")
    page.keyboard.press("Tab")  # to the check button
    page.keyboard.press("Enter")
    text = fb.text_content()
    assert (
        "Correct." in text
        and "Exactly the right options." in text
        and fb.get_attribute("data-shown") == "0,2"
    )
    assert "Answered 3 of 3 \u00b7 right at the first try: 1" in score.inner_text()  # k-true-false only

    assert fits(root), "the quiz scrolls sideways"
    shoot(root, f"quiz-kinds-{width}")
    blank.close()


def test_the_quiz_prints_its_questions_and_then_the_answers(browser, deck):
    blank = Blank(browser, cards.quiz(deck).html())
    page = blank.page
    root = page.locator(".ndcg-qz")
    key = root.locator("[data-role=key]")
    assert key.is_hidden()  # on screen, no answers
    root.locator('[data-question="k-single"] button[data-option="0"]').click()
    page.emulate_media(media="print")
    assert key.is_visible()
    # every option of every question prints; the controls and the feedback do not
    for question in deck.quiz:
        box = root.locator(f'[data-question="{question.id}"]')
        assert box.locator("[data-option]").count() == len(question.options)
        visible = box.locator(
            "button[data-option]" if question.kind != "multi-select" else "label.ndcg-qz-check"
        )
        assert all(visible.nth(i).is_visible() for i in range(visible.count()))
    assert root.locator("[data-role=feedback]").first.is_hidden()
    assert root.locator("[data-action=reset], [data-action=submit], .ndcg-live").first.is_hidden()
    # the answer key comes after the last question, with each answer
    after = page.evaluate(
        "() => { const qs = document.querySelectorAll('.ndcg-qz-q'); const key = document.querySelector('.ndcg-qz-key');"
        " return qs[qs.length - 1].compareDocumentPosition(key) & Node.DOCUMENT_POSITION_FOLLOWING; }"
    )
    assert after
    text = key.inner_text()
    assert "Q1: B." in text and "Q2: False." in text and "Q3: A, C." in text
    shoot(root, "quiz-print")
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and len(pdf) > 5_000
    page.emulate_media(media="screen")
    assert key.is_hidden()
    blank.close()


def test_storage_refused_breaks_nothing(browser, deck):
    # about:blank has no localStorage (a SecurityError): the views work, nothing is kept.
    blank = Blank(browser, cards.flashcards(deck).html() + cards.quiz(deck).html())
    root = blank.page.locator(".ndcg-fc")
    root.locator("[data-action=got]").click()
    assert "in box 1" in root.locator("[data-role=status]").inner_text()  # the next card
    root.locator("[data-action=reset]").click()
    root.locator("[data-action=confirm-reset]").click()
    assert "Progress cleared" in root.locator("[data-role=note]").inner_text()
    blank.close()


# -- the built book: progress across reloads ----------------------------------------------------


def chapter_url(server) -> str:
    return f"{server}/chapters/{CHAPTER}.html"


def stored_keys(page) -> list[str]:
    return page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('ndcg-course:')).sort()")


def status(root) -> str:
    return root.locator("[data-role=status]").inner_text()


@book
@pytest.mark.book
def test_flashcards_remember_their_boxes(browser, server):
    visit = Visit(browser, chapter_url(server), server)
    page = visit.page
    root = page.locator(".ndcg-fc").first
    card = root.locator("[data-role=card]")
    deck = cards.load(CHAPTER)
    leitner = reference.Leitner([c.id for c in deck.flashcards])
    methods = {
        "got": leitner.got_it,
        "again": leitner.again,
        "next": leitner.next,
        "previous": leitner.previous,
    }
    pattern = ["got", "got", "again", "got", "next", "got", "previous", "got"]
    for action in pattern * 2:
        root.locator(f"[data-action={action}]").click()
        assert card.get_attribute("data-card-id") == methods[action]()
    before = status(root)
    counts = " / ".join(str(n) for n in leitner.counts().values())
    assert counts in before

    # the keys: namespaced by book version, page and view
    keys = stored_keys(page)
    assert keys == [
        f"ndcg-course:{ndcg.__version__}:/chapters/{CHAPTER}.html:ndcg-cards-{CHAPTER.replace('_', '-')}:leitner"
    ]

    page.reload()
    page.wait_for_selector(".ndcg-fc[data-ready=true]", state="attached")
    assert card.get_attribute("data-card-id") == leitner.current
    assert status(root) == before
    note = root.locator("[data-role=note]").inner_text()
    assert "Welcome back" in note and counts in note and "Got it moves a card up a box" in note
    # the restored schedule goes on with the same rule, the way back included
    for action in ["got", "again", "previous", "got", "got", "next"]:
        root.locator(f"[data-action={action}]").click()
        assert card.get_attribute("data-card-id") == methods[action]()
        assert f"in box {leitner.box(leitner.current)}" in status(root)
    shoot(root, "flashcards-restored")

    # reset: asks first; cancel keeps everything
    reset = root.locator(".ndcg-reset [data-action=reset]")
    confirm = root.locator("[data-role=confirm]")
    assert confirm.is_hidden()
    reset.click()
    assert confirm.is_visible() and "Clear this deck's boxes?" in confirm.inner_text()
    shoot(root, "flashcards-reset-confirm")
    page.keyboard.press("Enter")  # the focus is on "Cancel"
    assert confirm.is_hidden() and stored_keys(page)
    reset.click()
    confirm.locator("[data-action=confirm-reset]").click()
    n = len(deck.flashcards)
    assert f"boxes 1\u20135: {n} / 0 / 0 / 0 / 0" in status(root)
    assert card.get_attribute("data-card-id") == deck.flashcards[0].id
    assert "Progress cleared" in root.locator("[data-role=note]").inner_text()
    assert stored_keys(page) == []
    page.reload()
    page.wait_for_selector(".ndcg-fc[data-ready=true]", state="attached")
    assert f"boxes 1\u20135: {n} / 0 / 0 / 0 / 0" in status(root)
    assert "Welcome back" not in root.locator("[data-role=note]").inner_text()
    visit.close()


@book
@pytest.mark.book
def test_quiz_answers_survive_a_reload_and_reset(browser, server):
    visit = Visit(browser, chapter_url(server), server)
    page = visit.page
    root = page.locator(".ndcg-qz").first
    deck = cards.load(CHAPTER)
    q1, q2 = deck.quiz[0], deck.quiz[1]
    wrong = next(i for i, o in enumerate(q1.options) if not o.correct)
    root.locator(f'[data-question="{q1.id}"] button[data-option="{wrong}"]').click()
    root.locator(f'[data-question="{q1.id}"] button[data-option="{q1.answer}"]').click()
    root.locator(f'[data-question="{q2.id}"] button[data-option="{q2.answer}"]').click()
    score = root.locator("[data-role=score]")
    expected = f"Answered 2 of {len(deck.quiz)} \u00b7 right at the first try: 1"
    assert expected in score.inner_text()
    page.reload()
    page.wait_for_selector(".ndcg-qz[data-ready=true]", state="attached")
    assert expected in score.inner_text() and "Welcome back" in score.inner_text()
    fb1, fb2 = feedback_of(root, q1.id), feedback_of(root, q2.id)
    assert (
        fb1.is_visible()
        and fb1.get_attribute("data-shown") == str(q1.answer)
        and "Correct." in fb1.text_content()
    )
    assert fb2.is_visible() and "Correct." in fb2.text_content()
    for option, state in ((wrong, "is-wrong"), (q1.answer, "is-correct")):
        button = root.locator(f'[data-question="{q1.id}"] button[data-option="{option}"]')
        assert state in button.get_attribute("class") and button.get_attribute("aria-pressed") == "true"
    assert feedback_of(root, deck.quiz[2].id).is_hidden()
    shoot(root.locator(f'[data-question="{q1.id}"]'), "quiz-restored")

    root.locator(".ndcg-reset [data-action=reset]").click()
    root.locator("[data-action=confirm-reset]").click()
    assert f"Answered 0 of {len(deck.quiz)}" in score.inner_text() and "cleared" in score.inner_text()
    assert fb1.is_hidden() and root.locator(".is-correct, .is-wrong").count() == 0
    assert not [k for k in stored_keys(page) if k.endswith(":quiz")]
    page.reload()
    page.wait_for_selector(".ndcg-qz[data-ready=true]", state="attached")
    assert f"Answered 0 of {len(deck.quiz)}" in score.inner_text() and fb1.is_hidden()
    visit.close()


@book
@pytest.mark.book
@pytest.mark.parametrize("mode", ["light", "dark"])
def test_the_flashcards_page_counts_the_progress(browser, server, mode):
    visit = Visit(browser, chapter_url(server), server)
    page = visit.page
    browser_setup.reload_in_mode(page, mode)
    page.wait_for_selector(".ndcg-fc[data-ready=true]", state="attached")
    deck = cards.load(CHAPTER)
    root = page.locator(".ndcg-fc").first
    leitner = reference.Leitner([c.id for c in deck.flashcards])
    for action, step in [("got", leitner.got_it), ("got", leitner.got_it), ("again", leitner.again)] * 3:
        root.locator(f"[data-action={action}]").click()
        step()
    quiz = page.locator(".ndcg-qz").first
    q = deck.quiz[0]
    quiz.locator(f'[data-question="{q.id}"] button[data-option="{q.answer}"]').click()
    # and one exercise of the chapter's practice block, solved in the page (ndcg-practice.js)
    key, check = next(
        (k, c) for k, c in practice.checks(CHAPTER).items() if practice.exercise_data(c)["kind"] == "number"
    )
    # reached by its id, as a "your turn" slide links it (chapter.html#practice-02_dcg), the block opens
    page.evaluate(f"() => {{ window.location.hash = '#practice-{CHAPTER}'; }}")
    page.wait_for_function(f"() => document.querySelector(\"details[data-ndcg-practice='{CHAPTER}']\").open")
    box = page.locator(f"form.ndcg-practice-box[data-exercise='{key}']").first
    page.wait_for_function(
        "key => !document.querySelector(`form.ndcg-practice-box[data-exercise='${key}'] button`).disabled",
        arg=key,
    )
    box.locator("input").fill(practice_box.answers(check)[-1])
    box.locator("input").press("Enter")
    assert box.locator(".ndcg-practice-feedback").inner_text().startswith("\N{WHITE HEAVY CHECK MARK}")

    page.goto(f"{server}/learners/flashcards.html")
    view = page.locator("[data-ndcg-view=progress]")
    page.wait_for_selector("[data-ndcg-view=progress][data-ready=true]", state="attached")
    row = view.locator(f'tr[data-chapter="{CHAPTER}"]')
    counts = leitner.counts()
    assert [row.locator(f"[data-box='{b}']").inner_text() for b in range(1, 6)] == [
        str(counts[b]) for b in range(1, 6)
    ]
    assert row.locator("[data-role=answered]").inner_text() == f"1 of {len(deck.quiz)}"
    assert row.locator("[data-role=right]").inner_text() == "1"
    assert row.locator("[data-role=practice]").inner_text() == "1"
    other = view.locator('tr[data-chapter="01_cg"]')
    assert other.locator("[data-role=practice]").inner_text() == "0"
    assert other.locator("[data-box='1']").inner_text() == str(len(cards.load("01_cg").flashcards))
    moved = sum(n for b, n in counts.items() if b > 1)
    total = sum(len(d.flashcards) for d in cards.load_all())
    assert (
        f"{moved} of {total} cards are above box 1; 1 quiz question answered. "
        "1 exercise solved in a chapter's page." in view.inner_text()
    )
    assert "moves a card up one box" in view.inner_text() and "kept in this browser" in view.inner_text()
    # the link leads to the chapter
    assert row.locator("a").get_attribute("href") == f"../chapters/{CHAPTER}.html"
    page.set_viewport_size({"width": 400, "height": 900})
    assert fits(view) and fits(view.locator(".ndcg-scroll")), "the progress view scrolls sideways"
    shoot(view, f"progress-{mode}-400")
    page.set_viewport_size({"width": 1100, "height": 900})
    shoot(view, f"progress-{mode}")

    # reset all, after a confirmation
    view.locator(".ndcg-reset [data-action=reset]").click()
    view.locator("[data-action=confirm-reset]").click()
    assert row.locator("[data-box='1']").inner_text() == str(len(deck.flashcards))
    assert row.locator("[data-role=answered]").inner_text() == f"0 of {len(deck.quiz)}"
    assert row.locator("[data-role=practice]").inner_text() == "0"
    assert "All progress cleared." in view.inner_text()
    assert not [k for k in stored_keys(page) if k.endswith((":leitner", ":quiz", ":practice"))]
    page.goto(chapter_url(server))
    page.wait_for_selector(".ndcg-fc[data-ready=true]", state="attached")
    n = len(deck.flashcards)
    assert f"boxes 1\u20135: {n} / 0 / 0 / 0 / 0" in status(page.locator(".ndcg-fc").first)
    visit.close()


@book
@pytest.mark.book
def test_the_pages_moved_by_reader_keep_no_progress_of_their_own(browser):
    # A stored key is "ndcg-course:<version>:<page path>:<view id>:<name>" (ndcg-course.js,
    # store()), so progress is keyed by the page's path. The pages that moved into learners/,
    # instructors/ and reference/ hold no view that stores anything: the flashcards page's one
    # view, "progress", only reads the chapters' keys, and the chapters did not move. So no
    # key names a moved page, and nothing has to be migrated: shown here on the built pages ...
    from ndcg_book.redirects import MOVED

    script = assets.read(assets.JS)
    assert "store: store" in script and 'window.location.pathname + ":"' in script
    for new in MOVED.values():
        kinds = set(
            re.findall(r'data-ndcg-view="([\w-]+)"', (BOOK / f"{new}.html").read_text(encoding="utf-8"))
        )
        assert kinds <= {"progress"}, f"{new} holds a view that keeps progress under its path: {kinds}"
    chapters = (BOOK / "chapters" / f"{CHAPTER}.html").read_text(encoding="utf-8")
    assert set(re.findall(r'data-ndcg-view="([\w-]+)"', chapters)) & {"flashcards", "quiz"}

    # ... and in the browser, from file:// (a USB stick): progress stored by the book before the
    # move, under the chapter's key, shows on the moved flashcards page and is left as it was.
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    deck = cards.load(CHAPTER)
    boxes = {card.id: 1 for card in deck.flashcards}
    boxes[deck.flashcards[0].id], boxes[deck.flashcards[1].id] = 3, 2
    question = deck.quiz[0]
    view = CHAPTER.replace("_", "-")
    items = {
        f"ndcg-course:{ndcg.__version__}:{{path}}:ndcg-cards-{view}:leitner": {"box": boxes},
        f"ndcg-course:{ndcg.__version__}:{{path}}:ndcg-quiz-{view}:quiz": {
            "answers": {question.id: {"tries": [question.answer], "first": True}}
        },
    }
    # Seeded by each page this test opens, before the page's own scripts run: keys that one page
    # writes may not have reached the browser's storage when the next page (a reload, another
    # page of the book) reads them, so no page here depends on another's writes.
    context.add_init_script(
        "(([chapter, items]) => { const chapterPage = new URL(`../chapters/${chapter}.html`, location.href);"
        " const here = location.pathname;"
        " if (!here.endsWith('/learners/flashcards.html') && !here.endsWith(`/chapters/${chapter}.html`)) return;"
        " const path = here.endsWith('/learners/flashcards.html') ? chapterPage.pathname : here;"
        " localStorage.clear();"
        " for (const [k, v] of Object.entries(items))"
        " localStorage.setItem(k.replace('{path}', path), JSON.stringify(v)); })"
        f"({json.dumps([CHAPTER, items])})"
    )
    page = context.new_page()
    page.goto((BOOK / "learners" / "flashcards.html").resolve().as_uri())
    path = page.evaluate(
        "(chapter) => new URL(`../chapters/${chapter}.html`, location.href).pathname", CHAPTER
    )
    seeded = {key.replace("{path}", path): value for key, value in items.items()}
    page.wait_for_selector("[data-ndcg-view=progress][data-ready=true]", state="attached")
    row = page.locator(f'tr[data-chapter="{CHAPTER}"]')
    n = len(deck.flashcards)
    assert [row.locator(f"[data-box='{b}']").inner_text() for b in range(1, 6)] == [
        str(n - 2),
        "1",
        "1",
        "0",
        "0",
    ]
    assert row.locator("[data-role=answered]").inner_text() == f"1 of {len(deck.quiz)}"
    assert row.locator("[data-role=right]").inner_text() == "1"
    assert stored_keys(page) == sorted(seeded)
    shoot(page.locator("[data-ndcg-view=progress]"), "progress-moved-page-file")
    # the chapter, opened again, finds its deck where the reader left it (the same keys)
    page.goto((BOOK / "chapters" / f"{CHAPTER}.html").resolve().as_uri())
    page.wait_for_selector(".ndcg-fc[data-ready=true]", state="attached")
    assert "Welcome back" in page.locator(".ndcg-fc").first.locator("[data-role=note]").inner_text()
    context.close()


@book
@pytest.mark.book
@pytest.mark.parametrize("mode", ["light", "dark"])
def test_screenshots_of_the_chapter_views(browser, server, mode):
    visit = Visit(browser, chapter_url(server), server)
    page = visit.page
    browser_setup.reload_in_mode(page, mode)
    page.wait_for_selector(".ndcg-fc[data-ready=true]", state="attached")
    visit.settle()
    fc, qz = page.locator(".ndcg-fc").first, page.locator(".ndcg-qz").first
    q = cards.load(CHAPTER).quiz[0]
    qz.locator(f'[data-question="{q.id}"] button[data-option="{q.answer}"]').click()
    fc.locator("[data-action=flip]").click()
    for width in (1100, 400):
        page.set_viewport_size({"width": width, "height": 900})
        suffix = "" if width == 1100 else "-400"
        assert fits(fc) and fits(qz)
        shoot(fc, f"flashcards-{mode}{suffix}")
        shoot(qz.locator(f'[data-question="{q.id}"]'), f"quiz-{mode}{suffix}")
        table = page.locator("table.ndcg-steps").first
        if table.count():
            shoot(table, f"steps-{mode}{suffix}")
    visit.close()


def test_reset_actions_confirm_first():
    # the one reset pattern of every view: the button, then Yes / Cancel (no dialog box)
    script = assets.read(assets.JS) + assets.read("ndcg-study.js")
    assert "window.confirm" not in script and "confirm(" not in re.sub(r"[\w-]*confirm[\w-]*\(", "", script)
    assert script.count('"confirm-reset"') >= 2 and 'register("progress", progress)' in script
