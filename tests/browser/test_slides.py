"""The slide decks of the built book (``_build/html/slides/``) in headless Chromium, from file://.

Every deck is opened from ``file://`` (the book on a USB stick), at 1280x720; its title slide
and the list of decks show the course's title (``_config.yml``); each deck is stepped
through to its last slide with the keyboard (→ and Space, as a presenter does). On every slide:
its maths is typeset by the book's own KaTeX (``.katex`` elements, none an error, no raw ``\\(``,
``\\[`` or ``$`` left in its text), it has speaker notes (reveal.js's ``getSlideNotes``), and it
fits the 1280x720 slide. No JavaScript error, no console error or warning, no failed load, and no
request outside the deck's ``slides/`` folder, the book's ``_static/katex/`` and its icon. The speaker
view (key S) opens from the same local files and shows the current slide's notes. Screenshots
of each deck's title slide and first slide with maths go to ``_build/screenshots/``.
"""

from __future__ import annotations

import re

import pytest
import yaml

from ndcg import __version__
from ndcg_book.slides.build import FAVICON, FOLDER, KATEX
from ndcg_book.slides.decks import load
from ndcg_book.slides.source import deck_sources, source_folder
from tests.browser.pages import BOOK, Visit, book_uri

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(not BOOK.is_dir(), reason=f"no built book at {BOOK}: run `make book` first"),
]

ROOT = BOOK.parent.parent
#: The course's title, typed once: _config.yml's title (the title slides and the list of decks show it).
COURSE = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["title"]
DECKS = [path.stem for path in deck_sources(ROOT)]
SHOTS = BOOK.parent / "screenshots"
SIZE = {"width": 1280, "height": 720}


class _Browser:
    """The browser, with every context Visit opens at the slides' own size, and every URL that
    context requests (from the first, before Visit opens the page)."""

    def __init__(self, browser):
        self.browser, self.requested = browser, []

    def new_context(self, **kwargs):
        context = self.browser.new_context(**{**kwargs, "viewport": SIZE})
        context.on("request", lambda request: self.requested.append(request.url))
        return context


def open_deck(browser, name: str) -> tuple[Visit, list[str]]:
    """A deck from file://, ready (laid out and typeset); and every URL it requested."""
    url = (BOOK.resolve() / FOLDER / name / "index.html").as_uri()
    opener = _Browser(browser)
    visit = Visit(opener, url, book_uri(), views=False)
    visit.page.wait_for_selector("html[data-deck-ready=true]", state="attached")
    return visit, opener.requested


SLIDE_STATE = """() => {
  const slide = Reveal.getCurrentSlide();
  const copy = slide.cloneNode(true);
  copy.querySelectorAll('aside.notes, .katex, script').forEach(el => el.remove());
  const box = slide.getBoundingClientRect();
  return {
    index: Reveal.getIndices().h,
    math: slide.querySelectorAll(':scope > :not(aside) .katex').length,
    errors: slide.querySelectorAll('.katex-error').length,
    text: copy.textContent,
    notes: (Reveal.getSlideNotes() || '').replace(/<[^>]+>/g, ' ').trim(),
    height: slide.scrollHeight,
    width: slide.scrollWidth,
    last: Reveal.isLastSlide(),
  };
}"""


def check_slide(state: dict, source_has_math: bool, name: str):
    where = f"{name}, slide {state['index'] + 1}"
    assert len(state["notes"].split()) >= 12, f"{where}: no speaker notes"
    assert not re.search(r"\\\(|\\\[|\$", state["text"]), f"{where}: raw TeX left: {state['text'][:200]!r}"
    assert (state["math"] > 0) == source_has_math, f"{where}: maths in the source, typeset on the slide"
    assert not state["errors"], f"{where}: KaTeX could not typeset a formula"
    assert state["height"] <= SIZE["height"], f"{where}: {state['height']} px do not fit the slide"
    assert state["width"] <= SIZE["width"], f"{where}: {state['width']} px wide do not fit the slide"


def test_every_numbered_chapter_has_a_built_deck():
    chapters = {path.stem for path in (ROOT / "chapters").glob("[0-9][0-9]_*.md")}
    assert "06_ltr" in chapters and chapters <= set(DECKS), sorted(chapters - set(DECKS))
    for name in DECKS:
        assert (BOOK / FOLDER / name / "index.html").is_file(), name
    assert (BOOK / FOLDER / "index.html").is_file()


@pytest.mark.parametrize("name", DECKS)
def test_each_deck_steps_through_with_maths_notes_and_nothing_remote(browser, name):
    deck = load(source_folder(ROOT) / f"{name}.md")
    visit, requested = open_deck(browser, name)
    page = visit.page
    visit.settle()
    state = page.evaluate(SLIDE_STATE)
    assert state["index"] == 0 and f"ndcg {__version__}, built " in state["text"]
    assert page.locator(".present .deck-course").inner_text() == COURSE, f"{name}: the course's title"
    assert "not set" not in state["text"]
    check_slide(state, False, name)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"slides-{name}-title.png"))
    shot_math = True
    for number, slide in enumerate(deck.slides, start=1):
        page.keyboard.press("ArrowRight" if number % 2 else "Space")
        page.wait_for_function(f"() => Reveal.getIndices().h === {number}")
        page.wait_for_timeout(50)
        state = page.evaluate(SLIDE_STATE)
        check_slide(state, "$" in slide.markdown, name)
        if shot_math and state["math"]:
            page.wait_for_timeout(900)  # the slide transition
            page.screenshot(path=str(SHOTS / f"slides-{name}-maths.png"))
            shot_math = False
    # then the closing "your turn" slide (ndcg_book.slides), the deck's last
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => Reveal.getIndices().h === {len(deck.slides) + 1}")
    page.wait_for_timeout(50)
    state = page.evaluate(SLIDE_STATE)
    check_slide(state, False, name)
    assert f"exercises/{name}.ipynb" in state["text"], state["text"]
    assert state["last"], f'{name}: the last slide is not the "your turn" slide'
    page.keyboard.press("ArrowRight")  # past the end: nothing happens
    page.wait_for_timeout(100)
    assert page.evaluate("Reveal.getIndices().h") == len(deck.slides) + 1
    visit.settle()
    allowed = (
        (BOOK.resolve() / FOLDER).as_uri() + "/",
        (BOOK.resolve() / KATEX).as_uri() + "/",
        (BOOK.resolve() / FAVICON).as_uri(),
    )
    outside = sorted({url for url in requested if not url.startswith(allowed)})
    assert not outside, f"{name}: requests outside the deck's folder, the book's KaTeX and icon: {outside}"
    assert any(f"{KATEX}/katex.min.js" in url for url in requested)
    visit.close()


def test_the_speaker_view_opens_offline_and_follows_the_deck(browser):
    # chapter 2's deck: maths on its slides, none in its notes
    visit, requested = open_deck(browser, "02_dcg")
    page = visit.page
    deck = load(source_folder(ROOT) / "02_dcg.md")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => Reveal.getIndices().h === 1")
    with page.expect_popup() as popup_info:
        page.keyboard.press("s")
    speaker = popup_info.value
    errors: list[str] = []
    speaker.on("pageerror", lambda error: errors.append(str(error)))
    notes = speaker.locator(".speaker-controls-notes .value")

    def first_words(markdown: str) -> str:
        return " ".join(re.sub(r"[*_`]", "", markdown).split()[:6])

    notes.wait_for()
    speaker.wait_for_function(
        "expected => document.querySelector('.speaker-controls-notes .value').innerText.includes(expected)",
        arg=first_words(deck.slides[0].notes),
    )
    page.keyboard.press("ArrowRight")
    speaker.wait_for_function(
        "expected => document.querySelector('.speaker-controls-notes .value').innerText.includes(expected)",
        arg=first_words(deck.slides[1].notes),
    )
    # the current and the upcoming slide are the deck itself, from the same file, in two frames
    frames = speaker.evaluate("() => Array.from(document.querySelectorAll('iframe')).map(f => f.src)")
    assert len(frames) == 2 and all(src.startswith(visit.url.split("#")[0] + "?receiver") for src in frames)
    assert not errors
    outside = sorted({url for url in requested if not url.startswith(book_uri())})
    assert not outside, outside
    speaker.close()
    visit.close()


def test_the_list_of_decks_links_every_deck(browser):
    url = (BOOK.resolve() / FOLDER / "index.html").as_uri()
    visit = Visit(_Browser(browser), url, book_uri(), views=False)
    links = visit.page.eval_on_selector_all("ol a", "els => els.map(a => a.getAttribute('href'))")
    assert links == [f"{name}/index.html" for name in DECKS]
    assert COURSE in visit.page.title() and COURSE in visit.page.locator("main").inner_text()
    assert "not set" not in visit.page.locator("body").inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    visit.page.screenshot(path=str(SHOTS / "slides-index.png"))
    visit.settle()
    visit.close()
