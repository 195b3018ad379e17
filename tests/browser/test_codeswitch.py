"""Code on demand in Chromium, from ``file://`` (``ndcg_book/codeswitch.py``,
``_static/ndcg-code.js``): a first visitor sees no code cell and no "Running this notebook?" line;
"Show the code" shows them, by keyboard on a laptop and by a tap on a phone; the choice holds when
the page is opened again and on the other edition's pages; a link to a code cell shows the code.
"""

from __future__ import annotations

import pytest

from tests.browser.pages import Visit, book_uri, wait_until_stored
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
ZH = BOOK / "zh"

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(
        not (ZH / "index.html").is_file(),
        reason=f"no Chinese edition at {ZH}: run `make book` first (or point NDCG_BOOK_HTML at a build)",
    ),
]

#: What the page shows of its code: code cell inputs and "Running this notebook?" lines, all and
#: visible, and the switch's state.
SHOWN = """() => {
  const all = [...document.querySelectorAll('.bd-article .cell_input:not(details .cell_input), .bd-article p.ndcg-live')];
  const button = document.querySelector('button.code-switch');
  return {all: all.length, visible: all.filter(e => e.checkVisibility()).length,
          state: document.documentElement.getAttribute('data-ndcg-code'),
          checked: button && button.getAttribute('aria-checked'),
          switchVisible: !!button && button.checkVisibility()};
}"""


def uri(path) -> str:
    return path.resolve().as_uri()


def test_a_first_visitor_sees_no_code_until_the_keyboard_turns_it_on_and_it_stays_on(browser):
    visit = Visit(browser, uri(BOOK / "chapters" / "01_cg.html"), book_uri(), views=False)
    page = visit.page
    first = page.evaluate(SHOWN)
    assert first["all"] >= 10 and first["visible"] == 0, first
    assert first["state"] == "hidden" and first["checked"] == "false" and first["switchVisible"], first
    switch = page.get_by_role("switch", name="Show the code")
    switch.focus()
    page.keyboard.press("Space")
    on = page.evaluate(SHOWN)
    assert on["visible"] == on["all"] == first["all"] and on["checked"] == "true", on
    # the choice holds: the same page opened again, and a page of the other edition
    wait_until_stored(page.context, browser_setup.CODE_KEY, "shown")
    page.reload()
    assert page.evaluate(SHOWN)["visible"] == first["all"]
    page.goto(uri(ZH / "chapters" / "02_dcg.html"))
    again = page.evaluate(SHOWN)
    assert again["visible"] == again["all"] > 0 and again["checked"] == "true", again
    page.get_by_role("switch", name="显示代码").focus()
    page.keyboard.press("Enter")
    assert page.evaluate(SHOWN)["visible"] == 0
    assert not visit.errors and not visit.console and not visit.broken and not visit.foreign, (
        visit.errors,
        visit.console,
        visit.broken,
        visit.foreign,
    )
    visit.close()


def test_a_tap_on_a_phone_shows_the_code_and_a_link_into_the_code_shows_it(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(uri(ZH / "chapters" / "04_ndcg.html"))
    switch = page.get_by_role("switch", name="显示代码")
    box = switch.bounding_box()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert page.evaluate(SHOWN)["visible"] == 0
    switch.tap()
    shown = page.evaluate(SHOWN)
    assert shown["visible"] == shown["all"] > 0, shown
    switch.tap()
    assert page.evaluate(SHOWN)["visible"] == 0
    # a link to something inside a code cell (an id there) shows the code, without remembering it
    target = page.evaluate(
        "() => { const cell = document.querySelector('.bd-article .cell_input'); cell.id = 'in-the-code';"
        " return cell.id; }"
    )
    page.evaluate(f"() => {{ window.location.hash = '#{target}'; }}")
    page.wait_for_function("() => document.documentElement.getAttribute('data-ndcg-code') === 'shown'")
    assert page.evaluate("() => localStorage.getItem('ndcg-book:code')") == "hidden"
    context.close()
