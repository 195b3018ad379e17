"""ndcg/course/scale.py: a mean NDCG put together from blocks (Dask, Spark) equals one machine's
``math.fsum`` mean, bit for bit; and the Python transcription of Spark's ``ndcgAt``."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import ndcg
from ndcg.course.scale import block_part, combine, exact_parts, example_queries, spark_ndcg

floats = st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False)


@given(st.lists(floats, max_size=60), st.lists(st.integers(0, 60), max_size=6))
def test_exact_parts_of_any_split_add_up_to_one_fsum(values, cuts):
    edges = sorted({0, len(values), *(min(c, len(values)) for c in cuts)})
    blocks = [values[a:b] for a, b in itertools.pairwise(edges)] or [[]]
    parts = [p for block in blocks for p in exact_parts(block)]
    assert math.fsum(parts) == math.fsum(values)
    assert math.fsum(exact_parts(values)) == math.fsum(values)


def test_fsum_of_rounded_block_sums_can_miss_the_last_bit_and_exact_parts_do_not():
    assert math.fsum([math.fsum([0.1, 0.2]), 0.3]) != math.fsum([0.1, 0.2, 0.3])
    assert combine([(exact_parts([0.1, 0.2]), 1), (exact_parts([0.3]), 0)]) == math.fsum([0.1, 0.2, 0.3])


def test_exact_parts_refuses_what_is_not_finite():
    with pytest.raises(ValueError, match="finite"):
        exact_parts([1.0, math.inf])
    with pytest.raises(ValueError, match="no queries"):
        combine([([], 0)])


@pytest.mark.parametrize("rows", [1, 3, 7, 250, 999, 1000, 5000])
def test_blocks_of_any_size_give_the_one_machine_fsum_mean(rows):
    grades, scores = example_queries(1000, 12, seed=5)
    values = ndcg.ndcg_per_query(grades, scores, k=5)
    one_machine = math.fsum(values) / len(values)
    parts = [block_part(grades[i : i + rows], scores[i : i + rows], 5) for i in range(0, 1000, rows)]
    assert combine(parts) == one_machine
    rounded = [
        block_part(grades[i : i + rows], scores[i : i + rows], 5, exact=False) for i in range(0, 1000, rows)
    ]
    assert combine(rounded) == pytest.approx(one_machine, abs=1e-15)
    assert ndcg.ndcg_score(grades, scores, k=5) == pytest.approx(one_machine, abs=1e-12)


def test_dask_blocks_give_the_one_machine_fsum_mean():
    dask = pytest.importorskip("dask")
    da = pytest.importorskip("dask.array")
    grades, scores = example_queries(3000, 10, seed=23)
    y_true, y_score = da.from_array(grades, chunks=(700, 10)), da.from_array(scores, chunks=(700, 10))
    assert y_true.numblocks[0] == 5 and y_true.chunks[0][-1] == 200  # a short last block
    tasks = [
        dask.delayed(block_part)(t, s, 10)
        for t, s in zip(y_true.to_delayed().ravel(), y_score.to_delayed().ravel(), strict=True)
    ]
    values = ndcg.ndcg_per_query(grades, scores, k=10)
    assert combine(dask.compute(*tasks)) == math.fsum(values) / len(values)
    # the mean of the block means is another number: the short block weighs as much as a long one
    means = dask.compute(
        *[
            dask.delayed(ndcg.ndcg_score)(t, s, k=10)
            for t, s in zip(y_true.to_delayed().ravel(), y_score.to_delayed().ravel(), strict=True)
        ]
    )
    assert abs(float(np.mean(means)) - math.fsum(values) / len(values)) > 1e-6


def test_example_queries_are_seeded_and_have_ties():
    a, b = example_queries(50, 10, seed=1), example_queries(50, 10, seed=1)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert any(len(set(row)) < len(row) for row in a[1])


@pytest.mark.parametrize(
    ("predicted", "labels", "relevances", "k"),
    [
        (["A", "C", "B", "E", "D"], ["A", "B", "E", "C", "D"], [3, 2, 2, 1, 0], 5),
        (["A", "C", "B", "E", "D"], ["F", "A", "B", "E", "C", "D"], [3, 3, 2, 2, 1, 0], 5),
        (["A", "C", "B"], ["A", "B", "E", "C"], [3, 2, 2, 1], 5),
        (["X", "A"], ["A"], [2.5], 1),
    ],
)
def test_spark_ndcg_with_a_sorted_ground_truth_is_the_spark_convention(predicted, labels, relevances, k):
    from ndcg.conventions import ndcg_under

    grades = [dict(zip(labels, relevances)).get(item, 0) for item in predicted]
    judged = [*relevances, *[0] * sum(item not in labels for item in predicted)]
    scores = list(range(len(predicted), 0, -1))
    assert spark_ndcg(predicted, labels, relevances, k) == pytest.approx(
        ndcg_under("spark", grades, scores, k, judged=judged), abs=1e-12
    )


def test_spark_ndcg_unsorted_ideal_binary_and_empty():
    films, grades = ["A", "B", "C", "D", "E"], [3, 2, 1, 0, 2]
    best = ["A", "B", "E", "C", "D"]
    assert spark_ndcg(best, films, grades, 5) > 1
    assert spark_ndcg(best, best, [3, 2, 2, 1, 0], 5) == 1.0
    assert spark_ndcg(["B", "A"], ["A", "B"], None, 2) == 1.0  # binary: both count 1
    assert spark_ndcg(["A"], [], None, 3) == 0.0
    assert spark_ndcg(["A"], ["A"], [0.0], 3) == 0.0
