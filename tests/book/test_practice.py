"""The exercises answered in the page (``ndcg_book/practice.py``), in the built book.

Every chapter page of both editions has, in its Practise section, one collapsed block holding
every exercise of the chapter's exercise notebook: an answer box (a labelled input, a button, an
``aria-live`` feedback) for each exercise whose check is a NumberCheck, a link to the notebook
for each function exercise, and the checks' data as JSON, which must equal a fresh computation
from the exercise notebooks (so nothing in it is typed, and nothing is stale). The statements'
maths is typeset (no raw ``$``), and the Chinese edition's statements and help texts are the
Chinese notebooks' and catalogues', with no English sentence left. The checker itself is held
equal to Python's in ``tests/browser/test_practice.py``; its work in a real page in
``tests/browser/test_a11y.py``.

These tests skip until ``make book``.
"""

from __future__ import annotations

import html
import json
import re

import pytest

from ndcg.course.manifest import chapter_stems
from ndcg_book import bundles, practice
from tests.book.helpers import BOOK, BUILT, ZH

CHAPTERS = chapter_stems()  # every chapter (ndcg/course/course.toml)
EDITIONS = {"en": BOOK, "zh": ZH}
DETAILS = re.compile(r'<details class="ndcg-practice-details"[^>]*>.*?</details>', re.S)
ISLAND = re.compile(r'<script type="application/json" class="ndcg-practice-data">(.*?)</script>', re.S)
HAN = re.compile(r"[\u4e00-\u9fff]")


def block(edition: str, chapter: str) -> tuple[str, str]:
    """A built chapter page and its practice block (the one ``<details>``)."""
    text = (EDITIONS[edition] / "chapters" / f"{chapter}.html").read_text(encoding="utf-8")
    found = DETAILS.findall(text)
    assert len(found) == 1, f"{edition} {chapter}: {len(found)} practice blocks"
    return text, found[0]


def visible(fragment: str) -> str:
    """The text a reader sees in a fragment: no JSON island, no TeX annotations, no tags."""
    fragment = ISLAND.sub("", fragment)
    fragment = re.sub(r"<annotation[^>]*>.*?</annotation>", "", fragment, flags=re.S)
    fragment = re.sub(r"<code[^>]*>.*?</code>", "", fragment, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", fragment))


@BUILT
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_each_chapter_page_has_the_collapsed_block_in_its_practise_section(edition, chapter):
    page, found = block(edition, chapter)
    opening = found.split(">", 1)[0]
    assert f'data-ndcg-practice="{chapter}"' in opening and " open" not in opening  # collapsed
    practise = re.search(r'<section id="practise[^"]*"', page)
    assert practise and practise.start() < page.index(found), "the block is not in the Practise section"
    path = EDITIONS[edition] / "chapters" / f"{chapter}.html"
    assert "practice/ndcg-practice.js" in page
    assert "practice/ndcg-practice.css" in bundles.page_stylesheets(page, path)


@BUILT
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_blocks_data_are_the_checks_computed_afresh(edition, chapter):
    _, found = block(edition, chapter)
    island = json.loads(ISLAND.search(found).group(1).replace("<\\/", "</"))
    fresh = json.loads(json.dumps(practice.page_data(chapter, edition)))
    assert island == fresh


@BUILT
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_exercise_has_a_labelled_box_or_a_link_to_the_notebook(edition, chapter):
    _, found = block(edition, chapter)
    data = practice.page_data(chapter, edition)
    for key, exercise in data["exercises"].items():
        ident = f"practice-{chapter}-{key}"
        part = re.search(
            rf'<div class="[^"]*ndcg-practice-exercise[^"]*" id="{ident}">(.*?)(?=<div class="[^"]*ndcg-practice-exercise|<script)',
            found,
            re.S,
        )
        assert part, f"{chapter} {key}: no exercise"
        body = part.group(1)
        if exercise["kind"] == "number":
            assert (
                f'<label for="{ident}-answer">' in body and f'<input type="text" id="{ident}-answer"' in body
            )
            assert 'aria-live="polite"' in body and '<button type="submit"' in body
        else:
            assert "<input" not in body
            assert re.search(rf'<a class="[^"]*download[^"]*"[^>]* href="[^"]*/{chapter}\.ipynb"', body), (
                f"{key}: no link"
            )


@BUILT
@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_statements_maths_is_typeset(edition, chapter):
    _, found = block(edition, chapter)
    assert "$" not in visible(found), "raw TeX in the practice block"
    sources = "".join(body for _, body in practice.statements(chapter, edition).values())
    if "$" in sources:
        assert 'class="katex"' in found


@BUILT
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_chinese_block_has_no_english_sentence(chapter):
    _, found = block("zh", chapter)
    seen = visible(found)
    for key, (title, body) in practice.statements(chapter, "en").items():
        for line in [title, *body.splitlines()]:
            words = re.findall(r"[A-Za-z]{3,}", re.sub(r"`[^`]*`|\$[^$]*\$", "", line))
            if len(words) >= 4:
                assert line[:40] not in seen, f"{chapter} {key}: English left: {line[:60]!r}"
    english, chinese = practice.page_data(chapter, "en"), practice.page_data(chapter, "zh")
    for key, exercise in chinese["exercises"].items():
        assert HAN.search(practice.statements(chapter, "zh")[key][0]), f"{key}: an English title"
        for field in ("name", "hint", "hint2", "explanation"):
            if exercise.get(field) and re.search(
                r"[A-Za-z]{3,} [A-Za-z]{3,} [A-Za-z]{3,}", english["exercises"][key][field]
            ):
                assert exercise[field] != english["exercises"][key][field], f"{key}: its {field} is English"
    assert all(HAN.search(text) for key, text in chinese["words"].items() if "separator" not in key)
