"""``ndcg_book/catalogues/i18n_checks.py``: what a translation must keep of its English, checked on small catalogues:
a missing translation, markup, numbers, the block Sphinx reads it as, and the glossary's
key terms.
"""

from __future__ import annotations

import pytest

from ndcg_book.catalogues import i18n_checks
from ndcg_book.folders import ROOT
from tests.book.helpers import catalogue, found


def test_a_complete_current_catalogue_has_no_problem():
    made = catalogue(
        ("CG@2 = {glue:text}`cg_ex_cg2:.0f`", "CG@2 = {glue:text}`cg_ex_cg2:.0f`"),
        ("The definition", "定义"),
    )
    assert found(made) == []


def test_a_planted_missing_translation_is_found():
    made = catalogue(("The definition", "定义"), ("Learning goals", ""))
    assert found(made) == ["chapters/01_cg: 'Learning goals': not translated"]


def test_a_translation_sphinx_would_read_as_another_block_is_found():
    # "## 1. Get the course": a heading whose Chinese, parsed again by Sphinx, is a list; Sphinx
    # then shows the English heading. Escaped, it is text.
    made = catalogue(("1. Get the course", "1. 获取课程"), ("2. Run the check", "2\\. 运行检查"))
    (problem,) = found(made)
    assert problem.startswith(
        "chapters/01_cg: '1. Get the course': Sphinx reads the translation as ordered_list"
    )
    assert list(i18n_checks.problems_in("slides/01_cg", made, reparsed=False)) == []


@pytest.mark.parametrize(
    ("english", "chinese", "what"),
    [
        ("It is {glue:text}`a:.3f`.", "它是 {glue:text}`a:.2f`。", "markup differs"),
        ("See {doc}`/chapters/02_dcg`.", "见下一章。", "markup differs"),
        ("Call `ndcg_score(y)` now.", "现在调用 `ndcg(y)`。", "markup differs"),
        ("So $k = 3$ here.", "所以这里 $k = 4$。", "markup differs"),
        ("Rank 3 keeps 0.5 of it.", "第 3 位保留它的 0.6。", "numbers differ"),
        ("Rank 3 keeps half.", "第 3 位保留一半，共 5 个。", "numbers differ"),
    ],
)
def test_a_translation_that_changes_markup_or_numbers_is_found(english, chinese, what):
    (problem,) = found(catalogue((english, chinese)))
    assert what in problem


def test_a_reference_s_own_words_and_glue_of_words_may_change():
    made = catalogue(
        ("See {ref}`the ideal <ideal-ranking>`.", "见{ref}`理想排序 <ideal-ranking>`。"),
        ("These seeds {glue:md}`verdict`.", "这些种子{glue:md}`verdict.zh`。"),
        ("The 7th result, in Chengdu 3-day trip", "第 7 个结果，在成都3天游"),
    )
    assert found(made) == []


def test_a_key_term_must_be_rendered_by_its_one_chinese_term():
    terms = [i18n_checks.Term("query", "查询"), i18n_checks.Term("ideal ranking", "理想排序")]
    made = catalogue(
        ("Two queries, one ideal ranking.", "两个查询，一个理想排序。"),
        ("One query.", "一个问题。"),
        ("`query` is a keyword here.", "这里的 `query` 是关键字。"),
    )
    assert found(made, terms) == [
        "chapters/01_cg: 'One query.': says 'query' but not '查询' (the glossary's term)"
    ]


def test_the_glossary_gives_the_terms_and_leaves_names_as_they_are():
    terms = {t.english: t.chinese for t in i18n_checks.glossary_terms(ROOT)}
    assert terms["relevance grade"] == "相关性等级"
    assert terms["learning to rank"] == "排序学习"
    assert "qrels" not in terms and "CG" not in terms
