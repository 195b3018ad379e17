"""Every chapter and companion page fits a phone: at most :data:`MAX_HEIGHT` px tall at 390 px (about
40 screens of 844 px), and no code on its first screen.

Each chapter's core page (``chapters/NN_name.html``) and each companion page
(``chapters/further/NN-topic.html``, the chapters' ``sections:`` in ``_toc.yml``) of the built book
is opened from ``file://`` in Chromium at 390 x 844 (a touch screen), with "Show the code" on
(``ndcg_book/codeswitch.py``: a first visitor sees no code at all), once its fonts are loaded,
its maths typeset and its views ready, and:

* its height (``document.documentElement.scrollHeight``) is at most :data:`MAX_HEIGHT`;
* no code is visible in its first 844 px: no code cell's input (``.cell_input``) and no code
  block outside a cell's output. A cell tagged ``hide-input`` folds its input away (not visible);
  ``remove-input`` leaves it out.

The page is then widened to a laptop's 1280 x 800, without a reload, and its first screen must show
no code there either. The same check runs on two small pages written here, one that keeps the rules
and one that breaks them, so the test is seen to fail.
"""

from __future__ import annotations

import pytest

from tests.book.helpers import toc_files
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
ROOT = browser_setup.ROOT
#: A phone's screen and a laptop's, in CSS pixels.
PHONE, LAPTOP = (390, 844), (1280, 800)
#: The tallest a page may be at the phone's width: 40 screens of 844 px, about 34,000 px.
MAX_HEIGHT = 34_000

#: The code a reader sees in the first ``height`` px of the page: each visible code cell input,
#: and each visible code block that is no cell's output, whose top lies above ``height``.
SHOWN_CODE = """
height => {
  window.scrollTo(0, 0);
  const code = [...document.querySelectorAll('.cell_input, div[class*="highlight-"]')]
    .filter(e => !e.closest('.cell_output, .output'))
    .filter(e => !(e.matches('div[class*="highlight-"]') && e.closest('.cell_input')));
  return code.filter(e => e.checkVisibility())
    .map(e => ({top: Math.round(e.getBoundingClientRect().top + window.scrollY),
                text: e.textContent.trim().slice(0, 60)}))
    .filter(c => c.top < height);
}
"""


def chapter_pages() -> list[str]:
    """Every chapter and companion page of ``_toc.yml``, as files of the built book."""
    return [f"{name}.html" for name in toc_files(ROOT) if name.startswith("chapters/")]


def open_ready(page, url: str) -> None:
    page.goto(url)
    page.evaluate(
        "() => document.fonts.ready.then(() => true)"
    )  # KaTeX's too: the maths was typeset at build time
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-ndcg-view]')].every(v => v.dataset.ready === 'true')"
    )


#: Two frames: the layout after a change of the window's size, settled (a phone's text is sized to
#: the window, after one frame).
TWO_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"


def page_problems(page, url: str, name: str) -> tuple[list[str], int]:
    """The page at ``url`` on a phone and on a laptop: what breaks the rules, and its phone height."""
    page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
    open_ready(page, url)
    problems = []
    height = page.evaluate("() => document.documentElement.scrollHeight")
    if height > MAX_HEIGHT:
        problems.append(
            f"{name}: {height} px tall at {PHONE[0]} px ({height / PHONE[1]:.0f} screens), more than {MAX_HEIGHT}"
        )
    for width, screen in (PHONE, LAPTOP):
        page.set_viewport_size({"width": width, "height": screen})
        page.evaluate(TWO_FRAMES)
        shown = page.evaluate(SHOWN_CODE, screen)
        if shown:
            problems.append(f"{name}: code in the first {screen} px at {width} px: {shown}")
    return problems, height


@pytest.fixture(scope="module")
def phone(browser):
    context = browser.new_context(
        viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True
    )
    # The rules hold for a reader who turned "Show the code" on: the page at its tallest, and no
    # code on its first screen even then (a first visitor sees none at all).
    browser_setup.show_code(context)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


@pytest.mark.book
@pytest.mark.skipif(not BOOK.is_dir(), reason=f"no built book at {BOOK}: run `make book` first")
@pytest.mark.parametrize("path", chapter_pages())
def test_every_chapter_page_fits_a_phone_and_opens_without_code(phone, path):
    problems, height = page_problems(phone, (BOOK / path).resolve().as_uri(), path)
    print(f"\n{path}: {height} px at {PHONE[0]} px ({height / PHONE[1]:.1f} screens of {PHONE[1]} px)")
    assert not problems, "\n".join(problems)


# -- the check itself, on two small pages --------------------------------------------------------


def small_page(folder, name: str, top: str, height: int) -> str:
    """A page with ``top`` first, then prose ``height`` px tall; its file:// URL."""
    path = folder / name
    path.write_text(
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title>'
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
        f'<body style="margin:0"><h1>Title</h1><p>One promise.</p>{top}'
        f'<div style="height:{height}px">prose</div>'
        '<div class="cell"><div class="cell_input"><pre>import ndcg</pre></div></div></body></html>',
        encoding="utf-8",
    )
    return path.as_uri()


CELL = '<div class="cell"><div class="cell_input"><pre>import numpy as np</pre></div></div>'
HIDDEN = (
    '<div class="cell tag_hide-input"><details class="hide above-input"><summary>Show code</summary>'
    '<div class="cell_input"><pre>x = 1</pre></div></details>'
    '<div class="cell_output"><div class="output text_plain highlight-myst-ansi"><pre>1</pre></div></div></div>'
)


def test_a_page_that_keeps_the_rules_passes(phone, tmp_path):
    url = small_page(tmp_path, "good.html", "<p>Which list is better?</p>" + HIDDEN, 2_000)
    assert page_problems(phone, url, "good") == (
        [],
        phone.evaluate("() => document.documentElement.scrollHeight"),
    )


def test_code_on_the_first_screen_fails(phone, tmp_path):
    problems, _ = page_problems(phone, small_page(tmp_path, "code.html", CELL, 2_000), "code")
    assert [p.split(":")[1] for p in problems] == [
        " code in the first 844 px at 390 px",
        " code in the first 800 px at 1280 px",
    ]
    fenced = '<div class="highlight-python notranslate"><pre>import ndcg</pre></div>'
    problems, _ = page_problems(phone, small_page(tmp_path, "fenced.html", fenced, 2_000), "fenced")
    assert len(problems) == 2


def test_code_below_the_first_screen_passes(phone, tmp_path):
    # 900 px of prose above the cell: below the first screen of a phone and of a laptop
    url = small_page(tmp_path, "late.html", f'<div style="height:900px"></div>{CELL}', 100)
    assert page_problems(phone, url, "late")[0] == []


def test_a_page_taller_than_the_limit_fails(phone, tmp_path):
    problems, height = page_problems(phone, small_page(tmp_path, "tall.html", "", MAX_HEIGHT), "tall")
    assert height > MAX_HEIGHT and problems == [
        f"tall: {height} px tall at 390 px ({height / 844:.0f} screens), more than {MAX_HEIGHT}"
    ]
