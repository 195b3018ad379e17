"""Code on demand (``ndcg_book/codeswitch.py``): in the built book, every page with a code cell,
and only such a page, has one "Show the code" switch, off and hidden until the page's script shows
it, in the row at the page's top, in its edition's words; the script and the rule that hide the
code are on every page. The switch at work (keyboard, touch, remembered) is tested in the browser:
``tests/browser/test_codeswitch.py``.

These tests skip until ``make book``.
"""

from __future__ import annotations

import re

import pytest

from ndcg_book.codeswitch import has_code, switch_html
from tests.book.helpers import BOOK, BUILT, ROOT, ZH, toc_files

#: Each edition's folder and the switch's words there.
EDITIONS = {"en": (BOOK, "Show the code"), "zh": (ZH, "显示代码")}
SWITCH = re.compile(r'<button type="button" class="code-switch"[^>]*>(.*?)</button>')
ROW = re.compile(r'<div class="page-switches">(.*?)</div>', re.S)


def switches(text: str) -> list[str]:
    """Every code switch of a built page, as written."""
    return [m.group(0) for m in SWITCH.finditer(text)]


def problems(text: str, words: str) -> list[str]:
    """What is wrong with a built page's code switch (an empty list: nothing)."""
    found = switches(text)
    if not has_code(text):
        return [f"{len(found)} code switch(es) on a page without code"] if found else []
    if len(found) != 1:
        return [f"{len(found)} code switches on a page with code (expected 1)"]
    out = []
    tag = found[0]
    for attribute in ('role="switch"', 'aria-checked="false"', " hidden"):
        if attribute not in tag.split(">")[0]:
            out.append(f"the switch lacks {attribute.strip()}")
    if SWITCH.match(tag).group(1) != words:
        out.append(f"the switch says {SWITCH.match(tag).group(1)!r}, not {words!r}")
    row = ROW.search(text)
    if not row or tag not in row.group(1):
        out.append("the switch is not in the row of switches at the page's top")
    return out


@BUILT
@pytest.mark.parametrize("edition", EDITIONS)
def test_every_page_with_code_and_only_such_a_page_has_the_switch(edition):
    folder, words = EDITIONS[edition]
    found, with_code = {}, 0
    for page in toc_files():
        text = (folder / f"{page}.html").read_text(encoding="utf-8")
        with_code += has_code(text)
        if wrong := problems(text, words):
            found[page] = wrong
        assert 'src="' in text and "ndcg-code.js" in text, f"{page}: the switch's script is not loaded"
    assert not found, found
    assert with_code >= 7, f"only {with_code} pages with code cells in the {edition} edition"


def test_the_check_finds_a_page_that_breaks_the_rules():
    cell = '<div class="cell_input docutils container"><pre>import ndcg</pre></div>'
    good = f'<div class="page-switches">{switch_html("en")}<nav></nav></div>{cell}'
    assert problems(good, "Show the code") == []
    assert problems(good, "显示代码") == ["the switch says 'Show the code', not '显示代码'"]
    assert problems(cell, "Show the code") == ["0 code switches on a page with code (expected 1)"]
    assert problems(switch_html("en") + "<p>prose</p>", "Show the code") == [
        "1 code switch(es) on a page without code"
    ]
    shown = good.replace(" hidden>", ">").replace('aria-checked="false"', 'aria-checked="true"')
    assert problems(shown, "Show the code") == [
        'the switch lacks aria-checked="false"',
        "the switch lacks hidden",
    ]
    outside = f'<div class="page-switches"><nav></nav></div>{switch_html("en")}{cell}'
    assert problems(outside, "Show the code") == [
        "the switch is not in the row of switches at the page's top"
    ]


def test_the_chinese_words_come_from_the_catalogue():
    assert switch_html("zh_CN").endswith(">显示代码</button>")
    assert (ROOT / "_static" / "ndcg-code.js").is_file()
