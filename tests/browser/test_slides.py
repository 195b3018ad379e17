"""The slide decks of the built book (``_build/html/slides/`` and each edition's ``slides/``) in
headless Chromium, from file://, in every language of the course (``ndcg/course/course.toml``).

Every edition's chapter page links to its own deck (the ``{slides}`` role, relative). A deck is
opened from ``file://`` (the book on a USB stick), at 1280x720: every English deck, and a
translation's first two (their catalogues complete); its title slide and the list of decks show
the course's title (``_config.yml``, in the edition's words) and the edition's words around the
slides (``slides/ui``); each deck is stepped through to its last slide with the keyboard (→ and
Space, as a presenter does). On every slide: its words in the language's script, its maths
typeset by the book's own KaTeX (``.katex`` elements, none an error, no raw ``\\(``, ``\\[`` or
``$`` left in its text), speaker notes (reveal.js's ``getSlideNotes``) in the language, and it
fits the 1280x720 slide. No JavaScript error, no console error or warning, no failed load, and no
request outside the edition's ``slides/`` folder, its ``_static/katex/`` and its icon. reveal.js's
own words (its list of keys, its jump-to-slide box, its speaker view) are the deck's language's.
The speaker view (key S) opens from the same local files and shows the current slide's notes.
Screenshots go to ``_build/screenshots/`` (a translation's prefixed with its code:
``zh-slides-01_cg.png``).
"""

from __future__ import annotations

import re

import pytest
import yaml

from ndcg import __version__
from ndcg_book.slides.build import FAVICON, FOLDER, KATEX
from ndcg_book.slides.decks import load
from ndcg_book.slides.source import deck_sources, source_folder
from ndcg_book.slides.words import REVEAL_WORDS, page_words, reveal_words, ui
from tests.browser.pages import BOOK, Visit
from tests.languages import LANGUAGES, SOURCE, code, count_words, html_lang, in_script

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
#: The decks stepped through in each language: every English one; a translation's first two, whose
#: catalogues are complete (tests/book/test_slides_build.py).
STEPPED = [
    (language, name) for language in LANGUAGES for name in (DECKS if language == SOURCE else DECKS[:2])
]
#: The fonts a deck's headings ask for first, where a language's script needs its own. Chinese's own
#: rule: a CJK font of simplified Chinese on Linux and Windows (Noto) and on macOS (PingFang).
FONTS = {"zh": ("Noto Sans CJK SC", "PingFang SC")}


def edition(language):
    """The language's edition of the built book (its folder, "" the root); skips the test when
    the edition has no decks."""
    folder = BOOK / language.folder
    if not (folder / FOLDER).is_dir():
        pytest.skip(f"no {language.name} decks in {folder}: run `make book` first")
    return folder


def course(language) -> str:
    """The course's title as the edition's landing page says it (ndcg_book.slides.extension)."""
    return page_words(ROOT, "index", language.code)(COURSE)


def shot(language, name: str):
    """Where a screenshot of the language's decks goes (a translation's file prefixed with its code)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return str(SHOTS / (name if language == SOURCE else f"{language.code}-{name}"))


def words_of(language) -> dict[str, str]:
    """reveal.js's own words as a deck of the language shows them: ``{English: shown}``."""
    return {english: english for english in REVEAL_WORDS} | reveal_words(language.code)


class _Browser:
    """The browser, with every context Visit opens at the slides' own size, and every URL that
    context requests (from the first, before Visit opens the page)."""

    def __init__(self, browser):
        self.browser, self.requested = browser, []

    def new_context(self, **kwargs):
        context = self.browser.new_context(**{**kwargs, "viewport": SIZE})
        context.on("request", lambda request: self.requested.append(request.url))
        return context


def open_deck(browser, name: str, language=SOURCE) -> tuple[Visit, list[str]]:
    """A deck of the language's edition from file://, ready (laid out and typeset); and every URL
    it requested."""
    folder = edition(language).resolve()
    opener = _Browser(browser)
    visit = Visit(
        opener, (folder / FOLDER / name / "index.html").as_uri(), folder.as_uri() + "/", views=False
    )
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


def check_slide(state: dict, source_has_math: bool, name: str, language=SOURCE):
    where = f"{name} ({language.code}), slide {state['index'] + 1}"
    assert count_words(state["notes"], language) >= 12, f"{where}: no speaker notes in the language"
    assert in_script(state["text"], language), f"{where}: no {language.name} on the slide"
    assert not re.search(r"\\\(|\\\[|\$", state["text"]), f"{where}: raw TeX left: {state['text'][:200]!r}"
    assert (state["math"] > 0) == source_has_math, f"{where}: maths in the source, typeset on the slide"
    assert not state["errors"], f"{where}: KaTeX could not typeset a formula"
    assert state["height"] <= SIZE["height"], f"{where}: {state['height']} px do not fit the slide"
    assert state["width"] <= SIZE["width"], f"{where}: {state['width']} px wide do not fit the slide"


@pytest.mark.parametrize("language", LANGUAGES, ids=code)
def test_every_numbered_chapter_has_a_built_deck_and_its_chapter_links_to_it(language):
    folder = edition(language)
    chapters = {path.stem for path in (ROOT / "chapters").glob("[0-9][0-9]_*.md")}
    assert "06_ltr" in chapters and chapters <= set(DECKS), sorted(chapters - set(DECKS))
    for name in DECKS:
        page = (folder / FOLDER / name / "index.html").read_text(encoding="utf-8")
        assert f'<html lang="{html_lang(language)}">' in page, name
    assert (folder / FOLDER / "index.html").is_file()
    # the edition's chapter page links to the edition's deck, with the same relative link
    chapter = (folder / "chapters" / "01_cg.html").read_text(encoding="utf-8")
    links = re.findall(r'<a class="[^"]*deck-link[^"]*" href="([^"]+)"', chapter)
    assert links == ["../slides/01_cg/index.html"], links
    assert (folder / "chapters" / links[0]).resolve() == (folder / FOLDER / "01_cg" / "index.html").resolve()


@pytest.mark.parametrize(
    ("language", "name"), STEPPED, ids=[f"{language.code}-{name}" for language, name in STEPPED]
)
def test_each_deck_steps_through_with_maths_notes_and_nothing_remote(browser, language, name):
    deck = load(source_folder(ROOT) / f"{name}.md", language.code)
    visit, requested = open_deck(browser, name, language)
    page = visit.page
    visit.settle()
    assert page.evaluate("document.documentElement.lang") == html_lang(language)
    state = page.evaluate(SLIDE_STATE)
    edition_words = ui("title-edition", language.code, version=__version__, date="")
    assert state["index"] == 0 and edition_words in state["text"], state["text"]
    link_words = re.search(r">([^<]+)</a>", ui("title-chapter", language.code, number=0, href="")).group(1)
    assert link_words in state["text"] and in_script(page.locator(".present h1").inner_text(), language)
    assert page.locator(".present .deck-course").inner_text() == course(language), (
        f"{name}: the course's title"
    )
    assert "not set" not in state["text"]
    check_slide(state, False, name, language)
    fonts = page.evaluate("getComputedStyle(document.querySelector('.reveal h2, .reveal h1')).fontFamily")
    assert all(font in fonts for font in FONTS.get(language.code, ())), fonts
    page.screenshot(path=shot(language, f"slides-{name}-title.png"))
    shot_math = True
    for number, slide in enumerate(deck.slides, start=1):
        page.keyboard.press("ArrowRight" if number % 2 else "Space")
        page.wait_for_function(f"() => Reveal.getIndices().h === {number}")
        page.wait_for_timeout(50)
        state = page.evaluate(SLIDE_STATE)
        check_slide(state, "$" in slide.markdown, name, language)
        if shot_math and state["math"] and language == SOURCE:
            page.wait_for_timeout(900)  # the slide transition
            page.screenshot(path=shot(language, f"slides-{name}-maths.png"))
            shot_math = False
        # a translation's reviewer sees its first slide and its figures
        if language != SOURCE and (number == 1 or "figure:" in slide.markdown):
            page.wait_for_timeout(900)  # the slide transition
            page.screenshot(path=shot(language, f"slides-{name}{'' if number == 1 else '-figure'}.png"))
    # then the closing "your turn" slide (ndcg_book.slides), the deck's last
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"() => Reveal.getIndices().h === {len(deck.slides) + 1}")
    page.wait_for_timeout(50)
    state = page.evaluate(SLIDE_STATE)
    check_slide(state, False, name, language)
    assert ui("turn-title", language.code) in state["text"], state["text"]
    assert f"exercises/{name}.ipynb" in state["text"], state["text"]
    assert state["last"], f'{name}: the last slide is not the "your turn" slide'
    page.keyboard.press("ArrowRight")  # past the end: nothing happens
    page.wait_for_timeout(100)
    assert page.evaluate("Reveal.getIndices().h") == len(deck.slides) + 1
    visit.settle()
    folder = edition(language).resolve()
    allowed = ((folder / FOLDER).as_uri() + "/", (folder / KATEX).as_uri() + "/", (folder / FAVICON).as_uri())
    outside = sorted({url for url in requested if not url.startswith(allowed)})
    assert not outside, f"{name}: requests outside the deck's folder, the edition's KaTeX and icon: {outside}"
    assert any(f"{KATEX}/katex.min.js" in url for url in requested)
    visit.close()


#: What reveal.js's help overlay and jump-to-slide box show: title, headers, actions, placeholder.
REVEAL_CHROME = """() => {
  const help = document.querySelector('.r-overlay-help');
  const jump = document.querySelector('.jump-to-slide-input');
  return {
    title: help && help.querySelector('.title').textContent.trim(),
    headers: help ? [...help.querySelectorAll('th')].map((th) => th.textContent.trim()) : [],
    actions: help ? [...help.querySelectorAll('td:last-child')].map((td) => td.textContent.trim()) : [],
    jump: jump && jump.placeholder,
  };
}"""


@pytest.mark.parametrize("language", LANGUAGES, ids=code)
def test_reveals_keys_help_and_jump_box_speak_the_decks_language(browser, language):
    """``?`` opens reveal.js's list of keys and ``G`` its jump-to-slide box: in the deck's language
    (deck.js, ``ndcg_book.slides.words.REVEAL_WORDS``), reveal.js's own English in an English deck."""
    words = words_of(language)
    visit, _ = open_deck(browser, "01_cg", language)
    page = visit.page
    page.keyboard.press("Shift+?")
    page.wait_for_selector(".r-overlay-help td")
    shown = page.evaluate(REVEAL_CHROME)
    page.keyboard.press("Escape")
    page.wait_for_selector(".r-overlay-help", state="detached")
    page.keyboard.press("g")
    page.wait_for_selector(".jump-to-slide-input")
    shown["jump"] = page.evaluate(REVEAL_CHROME)["jump"]
    if language != SOURCE:  # a translation's reviewer sees the list of keys
        page.keyboard.press("Escape")
        page.keyboard.press("Shift+?")
        page.wait_for_selector(".r-overlay-help td")
        page.wait_for_timeout(600)  # the overlay fades in (a CSS animation of 0.3 s)
        page.screenshot(path=shot(language, "slides-keys.png"))
    assert shown["title"] == words["Keyboard Shortcuts"]
    assert shown["headers"] == [words["KEY"], words["ACTION"]]
    assert shown["jump"] == words["Jump to slide"]
    assert words["Speaker notes view"] in shown["actions"] and len(shown["actions"]) >= 10
    english = [action for action in shown["actions"] if not in_script(action, language)]
    assert english == [], f"reveal.js's words left in English: {english}"
    if language == SOURCE:  # reveal.js's own words, spelled out
        assert shown["title"] == "Keyboard Shortcuts" and shown["headers"] == ["KEY", "ACTION"]
        assert "Speaker notes view" in shown["actions"] and shown["jump"] == "Jump to slide"
    visit.settle()
    visit.close()


@pytest.mark.parametrize("language", LANGUAGES, ids=code)
def test_the_speaker_view_opens_offline_follows_the_deck_and_speaks_its_language(browser, language):
    """``S`` opens the notes plugin's speaker view, from the same local files: the current and the
    upcoming slide, the notes of the current one; its labels, its layouts and its window's title in
    the deck's language, ``<html lang>`` its locale. Chapter 2's deck: maths on its slides, none in
    its notes."""
    words = words_of(language)
    visit, requested = open_deck(browser, "02_dcg", language)
    page = visit.page
    deck = load(source_folder(ROOT) / "02_dcg.md", language.code)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => Reveal.getIndices().h === 1")
    with page.expect_popup() as popup_info:
        page.keyboard.press("s")
    speaker = popup_info.value
    errors: list[str] = []
    speaker.on("pageerror", lambda error: errors.append(str(error)))
    notes = speaker.locator(".speaker-controls-notes .value")

    def first_words(markdown: str) -> str:  # of its first line: a Chinese line has no spaces
        return " ".join(re.sub(r"[*_`]", "", markdown).strip().splitlines()[0].split()[:6])

    notes.wait_for()
    speaker.wait_for_function(
        "word => document.querySelector('.speaker-layout-label').textContent.includes(word)",
        arg=words["Layout"],
    )
    shown = speaker.evaluate(
        """() => ({
          lang: document.documentElement.lang,
          title: document.title,
          labels: [...document.querySelectorAll('.label, .speaker-layout-label, option')]
            .map((e) => e.textContent.replace(/\\s+/g, ' ').trim()),
          notes: document.querySelector('.speaker-controls-notes .value').innerText,
        })"""
    )
    assert shown["lang"] == html_lang(language) and shown["title"] == words["reveal.js - Speaker View"]
    english = [label for label in shown["labels"] if label and not in_script(label, language)]
    assert not english, f"the speaker view's words left in English: {english}"
    for word in ("Upcoming", "Notes only", "Click to Reset"):
        assert any(words[word] in label for label in shown["labels"]), word
    assert count_words(shown["notes"], language) >= 12
    if language != SOURCE:  # a translation's reviewer sees its speaker view
        speaker.set_viewport_size({"width": 1100, "height": 700})
        speaker.screenshot(path=shot(language, "slides-speaker-view.png"))
    for slide in deck.slides[:2]:
        if slide is not deck.slides[0]:
            page.keyboard.press("ArrowRight")
        speaker.wait_for_function(
            "expected => document.querySelector('.speaker-controls-notes .value').innerText.includes(expected)",
            arg=first_words(slide.notes),
        )
    # the current and the upcoming slide are the deck itself, from the same file, in two frames
    frames = speaker.evaluate("() => Array.from(document.querySelectorAll('iframe')).map(f => f.src)")
    assert len(frames) == 2 and all(src.startswith(visit.url.split("#")[0] + "?receiver") for src in frames)
    assert not errors
    local = edition(language).resolve().as_uri() + "/"
    outside = sorted({url for url in requested if not url.startswith(local)})
    assert not outside, outside
    speaker.close()
    visit.close()


@pytest.mark.parametrize("language", LANGUAGES, ids=code)
def test_the_list_of_decks_links_every_deck(browser, language):
    folder = edition(language).resolve()
    url = (folder / FOLDER / "index.html").as_uri()
    visit = Visit(_Browser(browser), url, folder.as_uri() + "/", views=False)
    links = visit.page.eval_on_selector_all("ol a", "els => els.map(a => a.getAttribute('href'))")
    assert links == [f"{name}/index.html" for name in DECKS]
    assert visit.page.locator("h1").inner_text() == ui("list-heading", language.code)
    assert all(in_script(title, language) for title in visit.page.locator("ol a").all_inner_texts())
    title = course(language)
    assert title in visit.page.title() and title in visit.page.locator("main").inner_text()
    assert "not set" not in visit.page.locator("body").inner_text()
    visit.page.screenshot(path=shot(language, "slides-index.png"))
    visit.settle()
    visit.close()
