"""The termbase and the translation memory of the Chinese edition (``ndcg_book/catalogues/termbase.py``).

One English phrase, one Chinese form, wherever the Chinese reader meets it: the pages' catalogues,
the package's (cards, quizzes, views, checks, slides, figures, comments, the exercise notebooks'
words) and the Chinese notebooks generated from them. ``locales/zh_CN/termbase.yaml`` lists the
terms, phrases and item names with their one form and the source that spells it so; the sources
themselves are never read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ndcg_book.catalogues import termbase
from ndcg_book.catalogues.termbase import Entry, Message
from tests.book.helpers import ROOT


@pytest.fixture(scope="module")
def loaded():
    entries, memory = termbase.load(ROOT)
    return entries, memory, list(termbase.messages(ROOT))


def test_each_term_and_phrase_of_the_termbase_is_said_in_its_one_chinese_form(loaded):
    entries, _, found = loaded
    problems = [*termbase.term_problems(entries, found), *termbase.anywhere_problems(entries, found, ROOT)]
    assert not problems, f"{len(problems)} message(s) off the termbase:\n" + "\n".join(problems[:60])


def test_the_same_english_has_one_chinese_translation_in_every_catalogue(loaded):
    _, memory, found = loaded
    problems = list(termbase.memory_problems(found, memory))
    assert not problems, f"{len(problems)} English message(s) translated two ways:\n" + "\n".join(problems)


def test_an_item_departs_from_its_sources_spelling_only_with_a_reason_beside_it(loaded):
    entries, _, _ = loaded
    items = [e for e in entries if e.section == "items"]
    assert {e.source for e in items} >= {"003", "004"}
    assert not list(termbase.item_problems(entries))


def test_the_termbase_holds_every_glossary_term_in_the_glossarys_chinese(loaded):
    entries, _, _ = loaded
    assert not list(termbase.glossary_problems(entries, ROOT))


def test_every_recorded_exception_of_the_memory_is_still_needed(loaded):
    """A reason recorded for an English message translated two ways goes when the two forms do."""
    _, memory, found = loaded
    forms: dict[str, set[str]] = {}
    for m in found:
        if m.chinese != m.english:
            forms.setdefault(m.english, set()).add(m.chinese)
    assert not [english for english in memory if len(forms.get(english, ())) < 2]


# -- the checks catch what they are for (planted defects) ---------------------------------------------

FUNNY = Entry(
    "items", "funny fails", "搞笑翻车合集", avoid=("搞笑失败合集",), source="004", spelling="搞笑翻车合集"
)
TUTOR = Entry("terms", "tutor", "导师", avoid=("老师",), source="004")


def test_a_message_that_says_a_term_another_way_is_found():
    found = [
        Message("cards/02_dcg.po", "B, funny fails (2)", "B，搞笑失败合集（2）"),
        Message("chapters/06_ltr.po", "The tutor gives two reasons", "老师给出两个理由"),
        Message("chapters/06_ltr.po", "The tutor gives two reasons", "导师给出两个理由"),
        # the English in code or maths is not the English of the prose
        Message("x.po", "call `funny_fails()`", "调用 `funny_fails()`"),
    ]
    problems = list(termbase.term_problems([FUNNY, TUTOR], found))
    assert len(problems) == 4, problems  # each of the first two: not the form, and a refused form
    assert all("x.po" not in p for p in problems)


def test_a_refused_form_is_found_in_a_chinese_notebook_whatever_its_english(tmp_path: Path):
    notebook = tmp_path / "exercises" / "zh" / "01_cg.ipynb"
    notebook.parent.mkdir(parents=True)
    notebook.write_text('{"cells": [{"cell_type": "markdown", "source": ["系统 X：搞笑失败合集"]}]}', "utf-8")
    anywhere = Entry(**{**FUNNY.__dict__, "anywhere": True})
    (problem,) = termbase.anywhere_problems([anywhere], [], tmp_path)
    assert "exercises/zh/01_cg.ipynb" in problem and "搞笑失败合集" in problem


def test_an_english_message_translated_two_ways_is_found_unless_a_reason_is_recorded():
    found = [
        Message("chapters/02_dcg.po", "🤔 Before you read on", "🤔 往下读之前"),
        Message("chapters/05_mrr.po", "🤔 Before you read on", "🤔 先别急着往下读"),
    ]
    (problem,) = termbase.memory_problems(found, {})
    assert "2 translations" in problem
    assert not list(termbase.memory_problems(found, {"🤔 Before you read on": "a reason"}))


def test_an_item_that_departs_from_its_sources_spelling_needs_a_reason():
    drifted = Entry("items", "funny fails", "搞笑失误合集", source="004", spelling="搞笑翻车合集")
    (problem,) = termbase.item_problems([drifted])
    assert "搞笑翻车合集" in problem
    assert not list(termbase.item_problems([Entry(**{**drifted.__dict__, "reason": "why"})]))
    # the spaces the typography sets between Chinese and digits are no departure
    spaced = Entry("items", "Chengdu 3-day trip", "成都 3 天游", source="003", spelling="成都3天游")
    assert not list(termbase.item_problems([spaced]))
