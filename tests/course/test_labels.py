"""ndcg.course.labels: the figures' and tables' words in Chinese, the step tables in both
languages, and the store that finds every label of the chapters (ndcg_book/catalogues/i18n_stores/figures.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ndcg.course import i18n, labels
from ndcg.course.tables import StepTable, steps
from ndcg_book.catalogues.i18n_stores import figures as store

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def language(monkeypatch):
    """Set the language the cells show their words in, for one test."""

    def choose(code):
        monkeypatch.setattr(i18n, "_chosen", None)
        monkeypatch.setenv(i18n.ENVIRONMENT, code)

    return choose


def test_exact_labels_and_templates():
    table = {
        "gain": "增益",
        "linear": "线性",
        "{gain} gain": "{gain}增益",
        "DCG@{n} = {total} ({gain} gain)": "DCG@{n} = {total}（{gain}增益）",
        "{name}: DCG@{n} = {dcg}": "{name}：DCG@{n} = {dcg}",
        "system A": "系统 A",
    }
    chinese = labels.Labels(table)
    assert chinese("gain") == "增益"
    assert chinese("linear gain") == "线性增益"
    # the numbers stay the computed ones; a placeholder's words are translated in turn
    assert chinese("DCG@3 = 4.762 (linear gain)") == "DCG@3 = 4.762（线性增益）"
    assert chinese("system A: DCG@4 = 3.262") == "系统 A：DCG@4 = 3.262"
    assert chinese("2\nsystem A") == "2\n系统 A"
    assert chinese("1\nsystem\nA") == "1\n系统 A"  # a name wrapped onto short lines
    assert chinese("not a label") == "not a label"


def test_a_name_twice_stands_for_the_same_text_twice():
    chinese = labels.Labels({"{a} and {a}": "{a} 与 {a}", "{a} and {b}": "{a} 和 {b}"})
    assert chinese("x and x") == "x 与 x"
    assert chinese("x and y") == "x 和 y"


def test_html_text_in_each_language(language):
    language("en")
    assert labels.html_text("grade") == "grade"
    language("zh")
    assert labels.html_text("grade") == "等级"
    language("both")
    both = labels.html_text("grade")
    assert 'lang="en">grade<' in both and 'lang="zh-Hans">等级<' in both
    assert labels.html_text("NDCG@5") == "NDCG@5"  # nothing to translate: one copy


def test_a_step_table_in_english_is_as_before(language):
    language("en")
    html = steps([3, 2, 1])._repr_html_()
    assert "ndcg-lang" not in html
    assert "<th>running total</th>" in html and "<caption>DCG@3 = 4.762 (linear gain)</caption>" in html


def test_a_step_table_in_both_languages(language):
    language("both")
    html = steps([3, 2, 1], items=["film A", "film B", "film C"])._repr_html_()
    for english, chinese in [
        ("running total", "累计和"),
        ("DCG@3 = 4.762 (linear gain)", "DCG@3 = 4.762（线性增益）"),
        ("film A", "电影 A"),
    ]:
        assert f'<span class="ndcg-lang" lang="en">{english}</span>' in html
        assert f'<span class="ndcg-lang" lang="zh-Hans">{chinese}</span>' in html
    assert '<td class="num">4.762</td>' in html  # the numbers once, as they are


def test_a_step_table_in_chinese_alone(language):
    language("zh")
    table = StepTable(
        ("rank", "verdict"),
        [(1, "yes"), (2, "no")],
        caption="Every worked NDCG example: printed vs computed.",
    )
    html = table._repr_html_()
    assert "ndcg-lang" not in html and "running" not in html
    assert "<th>排名</th><th>结论</th>" in html and "<td>是</td>" in html and "<td>否</td>" in html
    assert str(table).splitlines()[0].split() == ["rank", "verdict"]  # plain text stays English


def test_the_store_reads_labels_and_f_string_templates():
    source = (
        "columns = ('rank', 'grade')\n"
        "rows = [(1, 'yes' if ok else 'no')]\n"
        "StepTable(columns, rows, caption=f'DCG@{n} = {fmt(total, \".3f\")} ({gain} gain)')\n"
        "ax.set_xlabel('rank $i$'); ax.plot(x, y, 'o-', color='C0', label=f'base {base:g}')\n"
        "ax.legend(loc='upper center'); keep('glue_key', 3)\n"
        "def draw(ax, values, title):\n    ax.set_title(title)\n"
        "draw(ax, v, 'RankNet: gradient of the pair loss')\n"
    )
    found = list(store.labels_in(source))
    for label in (
        "rank",
        "grade",
        "yes",
        "no",
        "DCG@{n} = {total} ({gain} gain)",
        "rank $i$",
        "base {base}",
        "RankNet: gradient of the pair loss",
    ):
        assert label in found
    for not_shown in ("o-", "C0", "upper center", "glue_key", ".3f"):
        assert not_shown not in found
    assert store.template(ast.parse("f'{name}: {fmt(x)} {name}'").body[0].value) == "{name}: {x} {name}"


def test_every_label_of_the_chapters_has_its_chinese():
    """The catalogue check's view of this store: every label the chapters and the helpers show is
    in ``figures.po``, translated (``python -m ndcg_book translations check`` lists the problems)."""
    catalogue = i18n.read_po(i18n.LOCALES / f"{labels.DOMAIN}.po")
    translated = {english for (_, english) in catalogue}
    missing = [label for label in store.labels(ROOT) if label not in translated]
    assert not missing, (
        f"labels without Chinese in figures.po (run python3 tools/run.py translations, translate): {missing}"
    )
    # the chapters' own labels are found: a step table's headers, a figure's title
    assert {"grade of system A's page", "Same grade, fewer clicks further down", "running total"} <= set(
        store.labels(ROOT)
    )


def test_the_store_takes_the_races_names_and_hyphenated_words_but_not_ids():
    """Chapter 6's companion pages show a race's name (``cutoff-tiered``) in their tables' race
    column, a ``p-value`` header and a paper's ``Table 2``: words, though the first two look like
    an id; a document's id (``scu-news``) stays out. Each then reads in Chinese."""
    from ndcg.ltr import races

    found = set(store.labels(ROOT))
    assert set(races.RACES) | {"p-value", "Table 2"} <= found
    assert not {"scu-news", "panda-eats"} & found  # documents' ids the pages' code names
    for english in (*races.RACES, "p-value", "Table 2"):
        assert labels.chinese(english) != english, english
    assert labels.chinese("37% to 63%") == "37% 到 63%"  # a range of weight shares (further/06-query-offsets)


def test_the_boosting_list_in_each_language(language):
    from ndcg.course.tables import boosting_parameter_list

    language("en")
    english = boosting_parameter_list()
    assert (
        english.startswith("- **objective**: LightGBM `objective='lambdarank'`")
        and "ndcg-lang" not in english
    )
    language("zh")
    chinese = boosting_parameter_list()
    assert (
        chinese.startswith("- **目标函数**：LightGBM `objective='lambdarank'`；XGBoost")
        and "ndcg-lang" not in chinese
    )
    language("both")
    both = boosting_parameter_list()
    assert both == (
        f'<div class="ndcg-lang" lang="en">\n\n{english}\n\n</div>\n\n'
        f'<div class="ndcg-lang" lang="zh-Hans">\n\n{chinese}\n\n</div>'
    )
