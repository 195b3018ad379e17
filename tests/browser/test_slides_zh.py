"""The Chinese slide decks of the built book (``_build/html/zh/slides/``) in headless Chromium,
from file://.

The Chinese edition's chapter page links to its Chinese deck (the ``{slides}`` role, relative); a
Chinese deck opens from ``file://`` with no request outside the Chinese edition's ``slides/``
folder, its KaTeX and its icon, ``<html lang="zh-CN">``, its title slide and slides in Chinese,
a Chinese font in its font stack, every slide typeset, with notes, fitting 1280x720. Screenshots:
``_build/screenshots/zh-slides-01_cg.png`` (the first slide after the title) and more of the deck.
"""

from __future__ import annotations

import re

import pytest

from ndcg import __version__
from ndcg_book.slides.build import FAVICON, FOLDER, KATEX
from ndcg_book.slides.decks import load
from ndcg_book.slides.source import deck_sources, source_folder
from ndcg_book.slides.words import reveal_words
from tests.browser.pages import BOOK, Visit
from tests.browser.test_slides import SHOTS, SIZE, SLIDE_STATE, _Browser

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(not (BOOK / "zh" / FOLDER).is_dir(), reason=f"no Chinese decks in {BOOK}/zh"),
]

ROOT = BOOK.parent.parent
ZH = BOOK / "zh"
DECKS = [path.stem for path in deck_sources(ROOT)]
HAN = re.compile(r"[\u4e00-\u9fff]")


def test_every_deck_has_a_chinese_build_and_the_chinese_chapter_links_to_it():
    for name in DECKS:
        page = (ZH / FOLDER / name / "index.html").read_text(encoding="utf-8")
        assert '<html lang="zh-CN">' in page, name
    chapter = (ZH / "chapters" / "01_cg.html").read_text(encoding="utf-8")
    links = re.findall(r'<a class="[^"]*deck-link[^"]*" href="([^"]+)"', chapter)
    assert links == ["../slides/01_cg/index.html"], links
    assert (ZH / "chapters" / links[0]).resolve() == (ZH / FOLDER / "01_cg" / "index.html").resolve()
    english = (BOOK / "chapters" / "01_cg.html").read_text(encoding="utf-8")
    assert re.findall(r'<a class="[^"]*deck-link[^"]*" href="([^"]+)"', english) == links


def open_deck(browser, name: str) -> tuple[Visit, list[str]]:
    url = (ZH.resolve() / FOLDER / name / "index.html").as_uri()
    opener = _Browser(browser)
    visit = Visit(opener, url, ZH.resolve().as_uri() + "/", views=False)
    visit.page.wait_for_selector("html[data-deck-ready=true]", state="attached")
    return visit, opener.requested


@pytest.mark.parametrize("name", ["00_why", "01_cg"])
def test_a_chinese_deck_opens_offline_in_chinese(browser, name):
    deck = load(source_folder(ROOT) / f"{name}.md", "zh")
    visit, requested = open_deck(browser, name)
    page = visit.page
    visit.settle()
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    state = page.evaluate(SLIDE_STATE)
    assert state["index"] == 0 and f"ndcg {__version__}，构建于 " in state["text"]
    assert "在书中阅读" in state["text"] and HAN.search(page.locator(".present h1").inner_text())
    fonts = page.evaluate("getComputedStyle(document.querySelector('.reveal h2, .reveal h1')).fontFamily")
    assert "Noto Sans CJK SC" in fonts and "PingFang SC" in fonts, fonts
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"zh-slides-{name}-title.png"))
    for number, slide in enumerate(deck.slides, start=1):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => Reveal.getIndices().h === {number}")
        page.wait_for_timeout(50)
        state = page.evaluate(SLIDE_STATE)
        where = f"{name}, slide {number + 1}"
        assert HAN.search(state["text"]), f"{where}: no Chinese on the slide"
        assert len(HAN.findall(state["notes"])) >= 12, f"{where}: no Chinese speaker notes"
        assert not re.search(r"\\\(|\\\[|\$", state["text"]), f"{where}: raw TeX left"
        assert (state["math"] > 0) == ("$" in slide.markdown), f"{where}: maths typeset"
        assert not state["errors"], f"{where}: KaTeX could not typeset a formula"
        assert state["height"] <= SIZE["height"] and state["width"] <= SIZE["width"], f"{where}: too big"
        if number == 1:
            page.wait_for_timeout(900)  # the slide transition
            page.screenshot(path=str(SHOTS / f"zh-slides-{name}.png"))
        if "figure:" in slide.markdown:
            page.wait_for_timeout(900)
            page.screenshot(path=str(SHOTS / f"zh-slides-{name}-figure.png"))
    page.keyboard.press("ArrowRight")  # the closing "your turn" slide, the deck's last
    page.wait_for_function(f"() => Reveal.getIndices().h === {len(deck.slides) + 1}")
    page.wait_for_timeout(50)
    state = page.evaluate(SLIDE_STATE)
    assert "轮到你了" in state["text"] and f"exercises/{name}.ipynb" in state["text"], state["text"]
    assert len(HAN.findall(state["notes"])) >= 12, f"{name}: no Chinese notes on the last slide"
    assert state["height"] <= SIZE["height"] and state["width"] <= SIZE["width"], f"{name}: too big"
    assert state["last"]
    visit.settle()
    allowed = (
        (ZH.resolve() / FOLDER).as_uri() + "/",
        (ZH.resolve() / KATEX).as_uri() + "/",
        (ZH.resolve() / FAVICON).as_uri(),
    )
    outside = sorted({url for url in requested if not url.startswith(allowed)})
    assert not outside, f"{name}: requests outside the Chinese deck's folder, KaTeX and icon: {outside}"
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


def test_reveals_keys_help_and_jump_box_speak_the_decks_language(browser):
    """``?`` opens reveal.js's list of keys and ``G`` its jump-to-slide box: in Chinese in a Chinese
    deck (deck.js, ``ndcg_book.slides.words.REVEAL_WORDS``), in reveal.js's English in an English one."""
    chinese = reveal_words("zh")
    for folder, language in ((ZH, "zh"), (BOOK, "en")):
        url = (folder.resolve() / FOLDER / "01_cg" / "index.html").as_uri()
        visit = Visit(_Browser(browser), url, folder.resolve().as_uri() + "/", views=False)
        page = visit.page
        page.wait_for_selector("html[data-deck-ready=true]", state="attached")
        page.keyboard.press("Shift+?")
        page.wait_for_selector(".r-overlay-help td")
        shown = page.evaluate(REVEAL_CHROME)
        page.keyboard.press("Escape")
        page.wait_for_selector(".r-overlay-help", state="detached")
        page.keyboard.press("g")
        page.wait_for_selector(".jump-to-slide-input")
        shown["jump"] = page.evaluate(REVEAL_CHROME)["jump"]
        if language == "zh":
            page.keyboard.press("Escape")
            page.keyboard.press("Shift+?")
            page.wait_for_selector(".r-overlay-help td")
            page.wait_for_timeout(600)  # the overlay fades in (a CSS animation of 0.3 s)
            page.screenshot(path=str(SHOTS / "zh-slides-keys.png"))
            assert shown["title"] == chinese["Keyboard Shortcuts"]
            assert shown["headers"] == [chinese["KEY"], chinese["ACTION"]]
            assert shown["jump"] == chinese["Jump to slide"]
            assert chinese["Speaker notes view"] in shown["actions"] and len(shown["actions"]) >= 10
            english = [action for action in shown["actions"] if not HAN.search(action)]
            assert english == [], f"reveal.js's words left in English: {english}"
        else:
            assert shown["title"] == "Keyboard Shortcuts" and shown["headers"] == ["KEY", "ACTION"]
            assert "Speaker notes view" in shown["actions"] and shown["jump"] == "Jump to slide"
        visit.settle()
        visit.close()


def test_the_speaker_view_of_a_chinese_deck_speaks_chinese(browser):
    """``S`` opens the notes plugin's speaker view: its labels, its layouts and its window's title
    in Chinese, ``lang="zh-CN"``, the notes in Chinese; no English word of reveal.js left."""
    chinese = reveal_words("zh")
    visit, _ = open_deck(browser, "02_dcg")
    page = visit.page
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => Reveal.getIndices().h === 1")
    with page.expect_popup() as popup_info:
        page.keyboard.press("s")
    speaker = popup_info.value
    speaker.locator(".speaker-controls-notes .value").wait_for()
    speaker.wait_for_function(
        "word => document.querySelector('.speaker-layout-label').textContent.includes(word)",
        arg=chinese["Layout"],
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
    assert shown["lang"] == "zh-CN" and shown["title"] == chinese["reveal.js - Speaker View"]
    english = [label for label in shown["labels"] if label and not HAN.search(label)]
    assert not english, f"the speaker view's words left in English: {english}"
    for word in ("Upcoming", "Notes only", "Click to Reset"):
        assert any(chinese[word] in label for label in shown["labels"]), word
    assert len(HAN.findall(shown["notes"])) >= 12
    speaker.set_viewport_size({"width": 1100, "height": 700})
    speaker.screenshot(path=str(SHOTS / "zh-slides-speaker-view.png"))
    speaker.close()
    visit.close()


def test_the_chinese_list_of_decks_links_every_deck(browser):
    url = (ZH.resolve() / FOLDER / "index.html").as_uri()
    visit = Visit(_Browser(browser), url, ZH.resolve().as_uri() + "/", views=False)
    links = visit.page.eval_on_selector_all("ol a", "els => els.map(a => a.getAttribute('href'))")
    assert links == [f"{name}/index.html" for name in DECKS]
    assert visit.page.locator("h1").inner_text() == "幻灯片"
    assert all(HAN.search(title) for title in visit.page.locator("ol a").all_inner_texts())
    visit.page.screenshot(path=str(SHOTS / "zh-slides-index.png"))
    visit.settle()
    visit.close()
