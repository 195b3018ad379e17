"""The Chinese catalogues' typography (``ndcg_book/catalogues/typography.py``): autocorrect-py, pinned, with the
house rules it lacks, over every translation a Chinese reader meets; the markup is left alone.

The fix is ``python -m ndcg_book typography --fix``; ``make lint`` runs the check.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ndcg_book.catalogues import i18n, i18n_checks, typography
from tests.book.helpers import ROOT


def test_every_chinese_catalogue_passes_autocorrect_and_the_house_rules():
    found = list(typography.findings(ROOT))
    assert not found, (
        f"{len(found)} translation(s) to correct (python -m ndcg_book typography --fix):\n"
        + "\n".join(str(f) for f in found[:40])
    )


@pytest.mark.parametrize(
    ("text", "corrected"),
    [
        # autocorrect: a space between Chinese and Latin letters or digits, full-width punctuation
        ("用Python算出3个值,然后停下", "用 Python 算出 3 个值，然后停下"),
        # the house rules: no space before %, full-width parentheses around Chinese, 、 in a list
        ("约 95 %的人", "约 95% 的人"),
        ("结果 (等级 3) 排在前面", "结果（等级 3）排在前面"),
        ("资料有：例题，代码，应用，工具，以及常见问题。", "资料有：例题、代码、应用、工具，以及常见问题。"),
    ],
)
def test_the_typography_corrects_what_a_chinese_publisher_would(text, corrected):
    assert typography.corrected(text) == corrected


@pytest.mark.parametrize(
    "text",
    [
        "第 $k$ 位的 {glue:text}`dcg_x:.3f` 和 `ndcg.dcg` 的结果",
        "见{term}`排序学习 <learning to rank>`一节",
        "前两名等级是 3 和 2：2 个中有 2 个相关",  # a colon after a number, not a ratio
        "成都攻略 [4, 未标注, 2, 0] 的 NDCG",  # a list of values keeps its commas
        "每个 |ΔNDCG@4| 都等于 |增益之差| x |折损之差|",  # absolute values, not a table
        "| 相关性 | 差值 | 95% 置信区间 |",
        "log2(排名 + 1) 和 Σ(相关性分数 / log₂(排名位置))",  # a formula's parentheses
        "等级从不为负，所以每多一个结果，加上的都是零或更多。",  # clauses, not a list
    ],
)
def test_the_typography_leaves_markup_formulas_and_clauses_alone(text):
    assert typography.corrected(text) == text


def test_a_correction_never_changes_the_markup_the_translation_check_compares():
    text = "第$k$位和{glue:text}`x:.2f`个"
    assert i18n_checks.markup(typography.corrected(text)) == i18n_checks.markup(text)
    assert typography.corrected(text) == "第 $k$ 位和 {glue:text}`x:.2f` 个"


def test_the_fix_rewrites_only_the_translations_it_corrects_one_line_each(tmp_path: Path):
    from babel.messages.catalog import Catalog

    catalogue = Catalog(locale=i18n.LANGUAGE)
    catalogue.add("Use Python", "用Python")
    catalogue.add("Already right", "已经是 Python 的样子")
    catalogue.add("`code`", "`code`")
    path = i18n.catalogue_dir(tmp_path) / "chapters" / "x.po"
    i18n.write(path, catalogue)
    before = path.read_text(encoding="utf-8").splitlines()
    assert [str(f.new) for f in typography.findings(tmp_path)] == ["用 Python"]
    assert typography.fix(tmp_path) == 1
    after = path.read_text(encoding="utf-8").splitlines()
    assert [(b, a) for b, a in zip(before, after, strict=True) if b != a] == [
        ('msgstr "用Python"', 'msgstr "用 Python"')
    ]
    assert not list(typography.findings(tmp_path))
