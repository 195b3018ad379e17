"""The figures: they draw what they say, and refuse bad input."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest

import ndcg
from ndcg.course import plots
from ndcg.course.compare import compare_metrics, metric_suite


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def test_discount_curves():
    ax = plots.discount_curves(6, jarvelin_bases=(2, 3))
    lines = ax.get_lines()
    assert len(lines) == 4
    np.testing.assert_allclose(lines[0].get_ydata(), ndcg.discounts(6))


def test_contributions_bars_and_title():
    ax = plots.contributions([3, 2, 1, 0, 2], items=list("ABCDE"))
    heights = [patch.get_height() for patch in ax.patches]
    np.testing.assert_allclose(heights[5:], np.array([3, 2, 1, 0, 2]) * ndcg.discounts(5))
    assert ax.get_title() == f"DCG@5 = {ndcg.dcg([3, 2, 1, 0, 2]):.3f}"


def test_ndcg_at_k_lines():
    ax = plots.ndcg_at_k({"movies": [3, 2, 1, 0, 2]}, max_k=5)
    np.testing.assert_allclose(
        ax.get_lines()[0].get_ydata(), [ndcg.ndcg([3, 2, 1, 0, 2], k) for k in range(1, 6)]
    )


def test_side_by_side_and_disagreement():
    fig = plots.side_by_side({"X": [0, 1, 2, 3], "Y": [3, 2, 1, 0]})
    assert [ax.get_title().split(":")[0] for ax in fig.axes] == ["X", "Y"]
    ax = plots.disagreement(compare_metrics(metric_suite(k=5), pairs=50, n_items=5))
    assert len(ax.get_yticklabels()) == 6


@pytest.mark.parametrize(
    "call",
    [
        lambda: plots.ndcg_at_k({}),
        lambda: plots.side_by_side([1, 2]),
        lambda: plots.contributions([1, -1]),
        lambda: plots.discount_curves(0),
    ],
)
def test_bad_input(call):
    with pytest.raises(ValueError):
        call()
