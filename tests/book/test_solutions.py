"""ndcg_book.solutions: a solution's whole title opens it, and a dropdown's hint speaks the
edition's language. sphinx-exercise links "Exercise 1.1" in "Solution to Exercise 1.1" back to
the exercise; in a dropdown solution that half of the title
jumped away instead of opening it. Checked on a small Sphinx project built here (with and
without the part) and on every solution of both built editions. The click itself is tested in
tests/browser/test_views.py (``check_solution_opens``). And no id is given twice on a page:
sphinx-exercise named every exercise's and solution's body ``exercise-content`` /
``solution-content``."""

from __future__ import annotations

import re

import pytest

from tests.book import small_sphinx

pytestmark = pytest.mark.book

PAGE = """Page
====

.. exercise:: Add the grades
   :label: ex-add

   Add 3, 2 and 1.

.. solution:: ex-add
   :class: dropdown

   Six.
"""

#: A solution's title as the HTML writer writes it.
TITLE = re.compile(r'<div class="solution[^"]*"[^>]*>\s*<p class="admonition-title">(.*?)</p>', re.S)


def titles(html: str) -> list[str]:
    return TITLE.findall(html)


#: Two exercises with their solutions: sphinx-exercise gives both bodies of each kind one id.
TWO = (
    PAGE
    + """
.. exercise:: Add more grades
   :label: ex-more

   Add 3 and 3.

.. solution:: ex-more

   Six again.
"""
)


def built_html(tmp_path, with_part: bool, page: str = PAGE) -> str:
    src = tmp_path / "src"
    src.mkdir(parents=True)
    conf = 'extensions = ["sphinx_exercise"]\nhtml_theme = "basic"\n'
    if with_part:
        conf += small_sphinx.parts_setup("solutions")
    (src / "conf.py").write_text(conf, encoding="utf-8")
    (src / "index.rst").write_text(page, encoding="utf-8")
    html, warnings = small_sphinx.build(src, tmp_path / "out")
    assert not warnings, warnings
    return (html / "index.html").read_text(encoding="utf-8")


def ids_twice(html: str) -> list[str]:
    """The ids a page gives more than one element."""
    ids = re.findall(r'\sid="([^"]+)"', html)
    return sorted({i for i in ids if ids.count(i) > 1})


def test_each_exercise_and_solution_body_has_an_id_of_its_own(tmp_path):
    assert ids_twice(built_html(tmp_path / "a", False, TWO)) == ["exercise-content", "solution-content"]
    after = built_html(tmp_path / "b", True, TWO)
    assert ids_twice(after) == []
    for own in ("ex-add-content", "ex-more-content"):
        assert f'id="{own}"' in after


def test_no_page_of_the_built_book_gives_an_id_twice(book_html):
    for page in sorted(book_html.rglob("*.html")):
        if "_static" in page.parts or "slides" in page.parts:
            continue
        twice = ids_twice(page.read_text(encoding="utf-8", errors="replace"))
        assert not twice, f"{page.relative_to(book_html)}: {twice}"


def built_title(tmp_path, with_part: bool) -> str:
    (title,) = titles(built_html(tmp_path, with_part))
    return title


def test_the_title_keeps_its_words_and_loses_the_link(tmp_path):
    before = built_title(tmp_path / "a", with_part=False)
    after = built_title(tmp_path / "b", with_part=True)
    assert "<a " in before and 'href="#ex-add"' in before  # what sphinx-exercise writes
    assert "<a " not in after
    text = lambda title: re.sub(r"<[^>]+>", "", title).split()  # noqa: E731
    assert text(after) == text(before) == ["Solution", "to", "Exercise", "1", "(Add", "the", "grades)"]


def test_no_solution_title_of_the_built_book_is_a_link(book_html):
    seen = 0
    for page in sorted(book_html.rglob("*.html")):
        if "_static" in page.parts:
            continue
        for title in titles(page.read_text(encoding="utf-8", errors="replace")):
            seen += 1
            assert "<a " not in title, f"{page.relative_to(book_html)}: {title}"
            assert re.search(r"\d", title), f"{page.relative_to(book_html)}: no exercise number in {title}"
    assert seen >= 20, f"only {seen} solutions in the built book"


def test_the_dropdown_hints_speak_the_edition_s_language(book_html):
    from ndcg_book.words import words

    for folder, language in ((book_html, "en"), (book_html / "zh", "zh_CN")):
        page = (folder / "chapters" / "01_cg.html").read_text(encoding="utf-8")
        text = words(language)
        assert f"let toggleHintShow = '{text('toggle-show')}';" in page, language
        assert f"let toggleHintHide = '{text('toggle-hide')}';" in page, language
    assert words("zh_CN")("toggle-show") == "点击展开" and words("en")("toggle-show") == "Click to show"
