"""The step-by-step table every chapter uses."""

import numpy as np
import pytest

import ndcg
from ndcg.course.tables import COLUMNS, default_items, steps


def test_columns_and_running_total_equal_dcg():
    table = steps([3, 2, 3, 0, 1])
    assert table.columns == COLUMNS
    assert table.column("running total")[-1] == pytest.approx(ndcg.dcg([3, 2, 3, 0, 1]))
    assert table.column("rank") == [1, 2, 3, 4, 5]
    np.testing.assert_allclose(table.column("discount"), ndcg.discounts(5))


def test_k_and_exponential_gain():
    table = steps([3, 2, 3, 0, 1], k=3, gain="exponential")
    assert len(table.rows) == 3
    assert table.column("gain") == [7.0, 3.0, 7.0]
    assert table.column("running total")[-1] == pytest.approx(
        ndcg.dcg([3, 2, 3, 0, 1], 3, gain="exponential")
    )
    assert "DCG@3" in table.caption


def test_renderings():
    table = steps([2, 1], items=["<b>", "x"])
    html = table._repr_html_()
    assert html.startswith('<table class="ndcg-steps">') and "&lt;b&gt;" in html
    markdown = table.to_markdown()
    assert markdown.splitlines()[0] == "| " + " | ".join(COLUMNS) + " |"
    assert "1.262" in str(steps([0, 2]))  # 2 / log2(3), shown to three decimals


def test_grades_shown_as_given():
    assert steps([3, 2]).column("grade") == [3, 2]
    assert steps([0.5, 2]).column("grade") == [0.5, 2.0]


def test_default_item_names():
    assert default_items(3) == ["A", "B", "C"]
    assert default_items(28)[-2:] == ["AA", "AB"]


def test_bad_input():
    with pytest.raises(ValueError, match="items must name every item"):
        steps([1, 2], items=["only one"])
    with pytest.raises(ValueError, match="rels"):
        steps([1, -2])
    with pytest.raises(ValueError, match="gain must be one of"):
        steps([1], gain="log")


def test_empty_list():
    table = steps([])
    assert table.rows == [] and "DCG@0 = 0.000" in table.caption


def test_a_cg_table_has_only_cg_s_columns_and_its_running_total_is_cg():
    import ndcg
    from ndcg.course.tables import CG_COLUMNS, cg_steps

    grades = [3, 2, 0, 1, 2]
    table = cg_steps(grades, k=4)
    assert table.columns == CG_COLUMNS and "discount" not in table.columns
    assert table.column("running total") == [ndcg.cg(grades, k=i) for i in range(1, 5)]
    assert table.caption == "CG@4 = 6"
