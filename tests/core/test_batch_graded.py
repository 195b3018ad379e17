"""ndcg.batch_graded: DCG and NDCG of many queries from scores (dcg_score, ndcg_score, *_per_query).

The basics (one row equals the single-list functions, tie averaging, padding, the log base) against
a plain-loop reference, and the edges: top-k by partition against the full sort, chunked rows,
scikit-learn parity where k is small and ties sit at the cut-off, ``sample_weight``, integer scores
above 2**53, ``+inf`` scores and the type of every flag. Exponential gains near the grade limit and
for tiny grades are in test_gains.py, the tie groups' expected gains (``ndcg._ties``) in
test_ties.py, the one sum every DCG is computed with (``ndcg._rows``) in test_rows.py.
"""

from __future__ import annotations

import itertools
import math
import tracemalloc
from unittest import mock

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ndcg
from ndcg import batch_graded
from tests.core.batch_graded_helpers import path, problems, shapes
from tests.core.helpers import examples

from . import reference

sklearn_metrics = pytest.importorskip("sklearn.metrics")


# ------------------------------------------------------------------ partition and sort paths


@examples(300)
@given(problems(), st.sampled_from(["linear", "exponential"]), st.booleans())
def test_partition_and_sort_paths_agree(problem, gain, ignore_ties):
    grades, scores, k = problem
    results = {}
    for partition in (False, True):
        with path(partition):
            results[partition] = (
                ndcg.ndcg_per_query(grades, scores, k=k, gain=gain, ignore_ties=ignore_ties),
                ndcg.dcg_per_query(grades, scores, k=k, gain=gain, ignore_ties=ignore_ties),
            )
    for with_sort, with_partition in zip(results[False], results[True]):
        np.testing.assert_allclose(with_partition, with_sort, rtol=0, atol=1e-12)


@examples(100)
@given(problems(min_items=2), st.booleans())
def test_partition_path_keeps_the_input_order_of_ties_when_asked(problem, _):
    grades, scores, k = problem
    depth = grades.shape[1] if k is None else min(k, grades.shape[1])
    expected = np.argsort(-scores, axis=1, kind="stable")[:, :depth]
    np.testing.assert_array_equal(batch_graded._ranking_partition(scores, depth, stable=True), expected)
    np.testing.assert_array_equal(batch_graded._ranking_sort(scores, depth, stable=True), expected)


@examples(100)
@given(problems(), st.integers(8, 400), st.booleans())
def test_chunks_do_not_change_the_result(problem, chunk_bytes, partition):
    grades, scores, k = problem
    whole = ndcg.ndcg_per_query(grades, scores, k=k)
    with path(partition, chunk_bytes=chunk_bytes):
        chunked = ndcg.ndcg_per_query(grades, scores, k=k)
    np.testing.assert_allclose(chunked, whole, rtol=0, atol=1e-12)


@examples(60)
@given(problems(max_items=7), st.sampled_from(["linear", "exponential"]))
def test_ties_at_the_cut_off_match_the_literal_expectation(problem, gain):
    grades, scores, k = problem
    with path(True):
        got = ndcg.dcg_per_query(grades, scores, k=k, gain=gain)
    for row in range(grades.shape[0]):
        expected = reference.tie_averaged_dcg(grades[row], scores[row], k, gain)
        assert got[row] == pytest.approx(expected, rel=1e-12, abs=1e-12)


def _rows_of_every_kind(rng, n_items=400, depth=10):
    """Long rows of the three kinds :func:`ndcg.batch_graded._dcg_threshold` tells apart.

    ``filled``: the best score is shared by more than ``depth`` items;
    ``exact``: continuous scores, no tie at the cut-off; ``crossing``: a few
    distinct best scores, then a tie group that reaches past the cut-off;
    ``padded``: ``-inf`` padding reaching into the top ``depth``.
    """
    filled = rng.integers(0, 3, size=n_items).astype(float)
    filled[rng.choice(n_items, size=3 * depth, replace=False)] = 5.0
    exact = rng.normal(size=n_items)
    crossing = np.zeros(n_items)
    crossing[: depth // 2] = np.arange(depth // 2) + 10.0
    crossing[depth // 2 : 3 * depth] = 7.0
    padded = np.full(n_items, -np.inf)
    padded[: depth // 2] = rng.normal(size=depth // 2)
    return {"filled": filled, "exact": exact, "crossing": crossing, "padded": padded}


@pytest.mark.parametrize("first", ["filled", "exact", "crossing", "padded"])
@pytest.mark.parametrize("ignore_ties", [False, True])
def test_long_rows_of_every_kind_agree_with_the_full_sort(first, ignore_ties):
    """Whichever kind of row comes first (the probe's guess), every row gets the full sort's value."""
    rng = np.random.default_rng(15)
    kinds = _rows_of_every_kind(rng)
    order = [first] + [kind for kind in kinds if kind != first]
    scores = np.array([kinds[kind] for kind in order for _ in range(3)])
    rng.shuffle(scores[batch_graded._PROBE_ROWS :])  # the probe sees only the first kind
    grades = rng.integers(0, 5, size=scores.shape).astype(float)
    assert batch_graded._use_partition(scores.shape[1], 10) and batch_graded._use_threshold(
        scores.shape[1], 10
    )
    for gain in ("linear", "exponential"):
        got = ndcg.ndcg_per_query(grades, scores, k=10, gain=gain, ignore_ties=ignore_ties)
        with path(False):
            expected = ndcg.ndcg_per_query(grades, scores, k=10, gain=gain, ignore_ties=ignore_ties)
        np.testing.assert_allclose(got, expected, rtol=0, atol=1e-12)
    if not ignore_ties:
        for row in (0, scores.shape[0] - 1):
            assert ndcg.dcg_per_query(grades[row : row + 1], scores[row : row + 1], k=10)[0] == pytest.approx(
                _sklearn_dcg(grades[row], scores[row], 10), rel=1e-12
            )


def _sklearn_dcg(grades, scores, k):
    finite = np.where(np.isfinite(scores), scores, np.finfo(float).min)  # scikit-learn refuses -inf
    return sklearn_metrics.dcg_score([grades], [finite], k=k)


def test_the_shape_rule_picks_the_partition_only_for_long_lists():
    assert batch_graded._use_partition(10_000, 10)
    assert batch_graded._use_partition(1_000, 10)
    assert not batch_graded._use_partition(20, 10)
    assert not batch_graded._use_partition(256, 10)
    assert batch_graded._use_partition(320, 10)
    assert not batch_graded._use_partition(1_000, 900)
    assert (
        batch_graded._use_threshold(100, 10)
        and batch_graded._use_threshold(20, 4)
        and batch_graded._use_threshold(1_000, 200)
    )
    assert (
        not batch_graded._use_threshold(19, 1)
        and not batch_graded._use_threshold(20, 10)
        and not batch_graded._use_threshold(100, 21)
    )


# ------------------------------------------------------------------ scikit-learn parity


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("n_items, k", [(200, 3), (60, 10), (500, 1), (12, 5)])
@pytest.mark.parametrize("levels", [2, 3, 5, None])
def test_matches_scikit_learn_with_many_items_and_ties_at_the_cut_off(seed, n_items, k, levels):
    rng = np.random.default_rng(seed)
    grades = rng.choice(5, size=(8, n_items), p=[0.5, 0.25, 0.13, 0.08, 0.04]).astype(float)
    if levels is None:
        scores = rng.normal(size=grades.shape)
    else:
        scores = rng.integers(0, levels, size=grades.shape).astype(float)
    weight = rng.uniform(0, 3, size=grades.shape[0])
    # scikit-learn's ignore_ties=True breaks ties in the order of an unstable
    # argsort, reversed: only without ties is there one answer to agree on.
    for ignore_ties in (False, True) if levels is None else (False,):
        for sample_weight in (None, weight):
            ours = ndcg.ndcg_score(grades, scores, k=k, ignore_ties=ignore_ties, sample_weight=sample_weight)
            theirs = sklearn_metrics.ndcg_score(
                grades, scores, k=k, ignore_ties=ignore_ties, sample_weight=sample_weight
            )
            assert ours == pytest.approx(theirs, rel=1e-12, abs=1e-12)
            ours = ndcg.dcg_score(grades, scores, k=k, ignore_ties=ignore_ties, sample_weight=sample_weight)
            theirs = sklearn_metrics.dcg_score(
                grades, scores, k=k, ignore_ties=ignore_ties, sample_weight=sample_weight
            )
            assert ours == pytest.approx(theirs, rel=1e-12, abs=1e-12)


def test_integer_scores_above_2_to_the_53_are_ranked_exactly():
    big = 2**53
    scores = np.array([[big, big + 1, big + 2]], dtype=np.int64)
    grades = [[0, 1, 2]]
    assert float(np.float64(big)) == float(np.float64(big + 1))  # a float cast would tie them
    assert ndcg.ndcg_score(grades, scores) == 1.0
    assert ndcg.ndcg_score(grades, scores) == sklearn_metrics.ndcg_score(grades, scores)
    reversed_scores = scores[:, ::-1].copy()
    assert ndcg.ndcg_score(grades, reversed_scores) == pytest.approx(
        sklearn_metrics.ndcg_score(grades, reversed_scores), rel=1e-12
    )


@pytest.mark.parametrize("partition", [False, True])
def test_extreme_integer_scores_with_input_order_ties(partition):
    low, high = np.iinfo(np.int64).min, np.iinfo(np.int64).max
    scores = np.array([[low, high, low, high - 1, low] + [0] * 60])
    grades = np.zeros(scores.shape)
    grades[0, :5] = [1, 3, 2, 0, 4]
    with path(partition):
        got = ndcg.dcg_per_query(grades, scores, k=4, ignore_ties=True)
    # ranked: high (3), high - 1 (0), then the zeros (grade 0)
    assert got[0] == pytest.approx(reference.dcg([3, 0, 0, 0]))


@examples(100)
@given(problems(min_items=2), st.sampled_from([2**53, 2**62]))
def test_large_integer_scores_rank_like_their_order(problem, offset):
    grades, scores, k = problem
    as_int = scores.astype(np.int64) + offset
    np.testing.assert_allclose(
        ndcg.ndcg_per_query(grades, as_int, k=k), ndcg.ndcg_per_query(grades, scores, k=k), atol=1e-12
    )


# ------------------------------------------------------------------ a perfect ranking scores exactly 1


def test_the_issue_21_example_scores_exactly_1():
    # The DCG was summed one way (tie groups, reduceat) and the ideal DCG another (a matrix product).
    assert ndcg.ndcg_score([[2, 2, 1, 0]], [[2, 2, 1, 0]]) == 1.0
    rng = np.random.default_rng(21)
    grades = rng.integers(0, 4, size=(2000, 12)).astype(float)
    grades[:, 0] = 1  # every row has a relevant item
    assert np.all(ndcg.ndcg_per_query(grades, grades) == 1.0)  # about a quarter were 1.0000000000000002


grade_rows = st.sampled_from(["levels", "floats", "tenths"])


@st.composite
def graded_rows(draw, max_items=40):
    """Rows of grades with at least one relevant item: few levels, any floats, or multiples of 0.1."""
    n_rows, n_items = draw(shapes(1, max_items))
    kind = draw(grade_rows)
    if kind == "levels":
        elements = st.integers(0, 4).map(float)
    elif kind == "tenths":
        elements = st.integers(0, 30).map(lambda x: x / 10)
    else:
        elements = st.floats(0, 1e6, allow_subnormal=False)
    grades = draw(hnp.arrays(float, (n_rows, n_items), elements=elements))
    grades[:, 0] = np.maximum(grades[:, 0], 0.5)
    return grades


@examples(300)
@given(
    graded_rows(),
    st.none() | st.integers(1, 45),
    st.sampled_from(["linear", "exponential"]),
    st.booleans(),
    st.booleans(),
    st.sampled_from(["grades", "distinct"]),
)
def test_rows_scored_by_their_own_grades_score_exactly_1(grades, k, gain, ignore_ties, partition, scores):
    # Scores that order the items as their grades do (tied like them, or without ties): the ideal
    # order, whose DCG must be its ideal DCG to the last bit, on every path.
    if gain == "exponential":
        grades = np.minimum(grades, 30.0)
    if scores == "grades":
        score = grades
    else:  # distinct scores in an order of decreasing grade
        order = np.argsort(-grades, axis=1, kind="stable")
        score = np.empty_like(grades)
        np.put_along_axis(score, order, -np.arange(grades.shape[1], dtype=float)[None, :], axis=1)
    with path(partition):
        values = ndcg.ndcg_per_query(grades, score, k=k, gain=gain, ignore_ties=ignore_ties)
    assert values.tolist() == [1.0] * grades.shape[0]
    assert ndcg.ndcg_score(grades, score, k=k, gain=gain, ignore_ties=ignore_ties) == 1.0


@examples(300)
@given(
    graded_rows(max_items=12),
    st.none() | st.integers(1, 14),
    st.sampled_from(["linear", "exponential"]),
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_ndcg_never_exceeds_1_even_a_rounding_error_from_the_ideal(grades, k, gain, ignore_ties, random):
    # Nudge some grades by an ulp, then score by the unnudged order: rankings a rounding error
    # away from the ideal, whose DCG can round above the ideal DCG.
    if gain == "exponential":
        grades = np.minimum(grades, 30.0)
    nudged = grades.copy()
    for i, j in np.ndindex(grades.shape):
        if random.random() < 0.5:
            nudged[i, j] = np.nextafter(grades[i, j], np.inf)
    values = ndcg.ndcg_per_query(nudged, grades, k=k, gain=gain, ignore_ties=ignore_ties)
    assert np.all(values <= 1.0)
    assert np.all(values >= 1 - 1e-12)


# ------------------------------------------------------------------ the ideal DCG from sorted grades


@pytest.mark.parametrize(
    "grades, whole",
    [
        ([[3.0, 0.0, 4.0], [1.0, 1.0, 0.0]], True),
        ([[3.0, -0.0, 2.0**31 - 1]], True),
        ([[3.0, 0.5, 4.0]], False),  # fractional
        ([[3.0, 2.0**31, 0.0]], False),  # whole, but no int32: sorted as float64, the same values
        ([[3.0, np.nan, 1.0]], False),  # NaN sorts last, where the check finds it
        ([[np.inf, 2.0, -np.inf]], False),
    ],
)
def test_grades_are_sorted_as_int32_where_they_are_whole_and_fit(grades, whole):
    grades = np.array(grades)
    ranked, found_whole = batch_graded._sorted_grades(grades)
    assert found_whole is whole
    assert ranked.dtype == (np.int32 if whole else np.float64)
    np.testing.assert_array_equal(ranked.astype(float), np.sort(grades, axis=1))


@pytest.mark.parametrize("k", [1, 3, 7, None])
def test_the_ideal_dcg_from_sorted_grades_is_the_ideal_dcg_of_the_gains_bit_for_bit(k):
    # _per_query takes the ideal DCG of linear gains from the grades it sorted first; it must be
    # _ideal_dcg_rows's to the last bit (a ranking in the ideal order keeps an NDCG of exactly 1),
    # also for rows whose gains are scaled (grades near the float64 limit, tiny ones).
    rng = np.random.default_rng(8)
    grades = rng.choice([0.0, 1.0, 2.5, 3.0, 1e-3, 7.0], size=(60, 7))
    grades[5] *= 1e300
    grades[6] = grades[6] * 1e-300 + 1e-310
    grades[7] = 0.0
    gains, shift = batch_graded._scaled_gain(grades, "linear")
    assert np.any(shift != 0)
    depth = 7 if k is None else k
    expected = batch_graded._ideal_dcg_rows(gains, k)
    got = batch_graded._ideal_dcg_sorted(np.sort(grades, axis=1), shift, depth)
    assert got.tolist() == expected.tolist()
    whole = rng.integers(0, 5, size=(60, 7)).astype(float)  # sorted as int32
    ranked, is_whole = batch_graded._sorted_grades(whole)
    assert is_whole
    expected = batch_graded._ideal_dcg_rows(whole, k)
    assert batch_graded._ideal_dcg_sorted(ranked, 0, depth).tolist() == expected.tolist()


# ------------------------------------------------------------------ input checks


def test_plus_infinity_is_refused_and_minus_infinity_is_padding():
    with pytest.raises(ValueError, match=r"y_score must not contain \+inf"):
        ndcg.ndcg_score([[1, 0]], [[np.inf, 0.0]])
    assert ndcg.ndcg_score([[1, 0, 0]], [[1.0, 0.0, -np.inf]]) == 1.0


@pytest.mark.parametrize("flag", ["yes", "False", None, 1, 0, 1.0, [True]])
@pytest.mark.parametrize(
    "function", [ndcg.ndcg_score, ndcg.dcg_score, ndcg.ndcg_per_query, ndcg.dcg_per_query]
)
def test_ignore_ties_must_be_a_bool(function, flag):
    with pytest.raises(ValueError, match="ignore_ties must be True or False"):
        function([[1, 0]], [[1, 0]], ignore_ties=flag)


def test_numpy_bools_are_accepted_as_flags():
    assert ndcg.ndcg_score([[1, 0]], [[1, 1]], ignore_ties=np.True_) == 1.0


@pytest.mark.parametrize(
    "weight, message",
    [
        ([1.0], "one weight per query"),
        ([[1.0, 1.0]], "one weight per query"),
        ([1.0, -1.0], "non-negative"),
        ([1.0, np.nan], "finite"),
        ([0.0, 0.0], "positive sum"),
        (["a", "b"], "sample_weight must hold numbers"),
    ],
)
def test_bad_sample_weights_are_refused(weight, message):
    with pytest.raises(ValueError, match=message):
        ndcg.ndcg_score([[1, 0], [0, 1]], [[1, 0], [1, 0]], sample_weight=weight)


def test_sample_weight_is_a_weighted_mean():
    grades, scores = [[1, 0], [0, 1], [1, 1]], [[1, 0], [1, 0], [0, 1]]
    per_query = ndcg.ndcg_per_query(grades, scores)
    assert ndcg.ndcg_score(grades, scores, sample_weight=[2, 1, 0]) == pytest.approx(
        (2 * per_query[0] + per_query[1]) / 3
    )


# ------------------------------------------------------------------ memory


def test_extra_memory_stays_below_the_input_size():
    rng = np.random.default_rng(0)
    grades = rng.integers(0, 5, size=(40_000, 20)).astype(float)
    scores = rng.normal(size=grades.shape)
    input_bytes = grades.nbytes + scores.nbytes
    tracemalloc.start()
    try:
        ndcg.ndcg_score(grades, scores, k=10)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < input_bytes


def test_subnormal_grades_keep_their_ratios():
    # found by the property test above: four tied grades of 5e-324 gave NDCG 1.5
    assert ndcg.ndcg_per_query(np.full((2, 4), 5e-324), np.full((2, 4), -np.inf)).tolist() == [1.0, 1.0]
    assert ndcg.ndcg([5e-324] * 4) == 1.0
    for gain in ("linear", "exponential"):
        # grades 1 : 2 in the wrong order, whatever their scale
        assert ndcg.ndcg([5e-324, 1e-323], gain=gain) == pytest.approx(ndcg.ndcg([1, 2]), rel=1e-12)
        assert ndcg.ndcg_score([[5e-324, 1e-323, 0]], [[3, 2, 1]], gain=gain) == pytest.approx(
            ndcg.ndcg([1, 2, 0]), rel=1e-12
        )


def test_a_nan_score_is_reported_with_its_row():
    scores = np.zeros((5, 3))
    scores[3, 1] = np.nan
    with pytest.raises(ValueError, match="found 1 NaN value.*row 3"):
        ndcg.ndcg_score(np.ones((5, 3)), scores)
    with (
        mock.patch.object(batch_graded, "CHUNK_BYTES", 24),
        pytest.raises(ValueError, match="row 3"),
    ):  # a row a chunk
        ndcg.ndcg_score(np.ones((5, 3)), scores)


# -- the basics: one row, ties, padding, the log base (was tests/core/test_batch_graded.py) --------------------


def test_one_row_equals_the_single_list_functions():
    grades = [3, 2, 1, 0, 2]
    scores = [5, 4, 3, 2, 1]  # ranks the items in the order given
    for k in (None, 1, 3, 5, 9):
        assert ndcg.dcg_score([grades], [scores], k=k) == pytest.approx(ndcg.dcg(grades, k))
        assert ndcg.ndcg_score([grades], [scores], k=k) == pytest.approx(ndcg.ndcg(grades, k))
        for gain in ("linear", "exponential"):
            assert ndcg.ndcg_score([grades], [scores], k=k, gain=gain) == pytest.approx(
                ndcg.ndcg(grades, k, gain=gain)
            )


def test_mean_over_queries_counts_empty_queries_as_zero():
    y_true = [[1, 0, 0], [0, 0, 0]]
    y_score = [[3, 2, 1], [3, 2, 1]]
    np.testing.assert_array_equal(ndcg.ndcg_per_query(y_true, y_score), [1.0, 0.0])
    assert ndcg.ndcg_score(y_true, y_score) == 0.5


def test_a_tie_shares_the_average_gain():
    # Two items tied at the top, grades 1 and 0: each gets gain 0.5 at ranks 1 and 2.
    expected = 0.5 * (1 + 1 / np.log2(3))
    assert ndcg.dcg_score([[1, 0]], [[7, 7]]) == pytest.approx(expected)
    assert ndcg.dcg_score([[0, 1]], [[7, 7]]) == pytest.approx(expected)


def test_ignore_ties_breaks_ties_by_input_order():
    assert ndcg.dcg_score([[1, 0]], [[7, 7]], ignore_ties=True) == 1.0
    assert ndcg.dcg_score([[0, 1]], [[7, 7]], ignore_ties=True) == pytest.approx(1 / np.log2(3))
    # Also when the tie straddles the cut-off k.
    assert ndcg.dcg_score([[0, 2, 1, 3]], [[9, 5, 5, 5]], k=2, ignore_ties=True) == pytest.approx(
        reference.dcg([0, 2])
    )


def _all_small_cases():
    """Every grade pattern and score pattern with ties, on four items."""
    for grades in itertools.product([0, 1, 3], repeat=4):
        for scores in [(1, 1, 1, 1), (2, 1, 1, 0), (1, 1, 0, 0), (3, 2, 2, 2), (2, 2, 2, 1), (4, 3, 2, 1)]:
            yield list(grades), list(scores)


@pytest.mark.parametrize("k", [None, 1, 2, 3, 4, 6])
@pytest.mark.parametrize("gain", ["linear", "exponential"])
def test_tie_averaging_equals_the_mean_over_all_tie_orders(k, gain):
    cases = list(_all_small_cases())
    y_true = np.array([grades for grades, _ in cases], dtype=float)
    y_score = np.array([scores for _, scores in cases], dtype=float)
    got = ndcg.dcg_per_query(y_true, y_score, k=k, gain=gain)
    expected = [reference.tie_averaged_dcg(g, s, k, gain) for g, s in cases]
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("k", [None, 1, 3, 10, 40])
def test_random_ties_against_the_reference(k):
    rng = np.random.default_rng(7)
    y_true = rng.integers(0, 5, size=(60, 8)).astype(float)
    y_score = rng.integers(0, 3, size=(60, 8)).astype(float)
    got = ndcg.ndcg_per_query(y_true, y_score, k=k)
    ideal = [reference.dcg(sorted(row, reverse=True), k) for row in y_true]
    actual = [reference.tie_averaged_dcg(row, s, k) for row, s in zip(y_true, y_score)]
    expected = [a / i if i else 0.0 for a, i in zip(actual, ideal)]
    # The reference averages thousands of orders, so allow for its rounding.
    np.testing.assert_allclose(got, expected, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("k", [None, 2, 5])
def test_continuous_scores_match_sorting(k):
    rng = np.random.default_rng(3)
    y_true = rng.integers(0, 4, size=(200, 8)).astype(float)
    y_score = rng.normal(size=(200, 8))
    for ignore_ties in (False, True):
        got = ndcg.ndcg_per_query(y_true, y_score, k=k, ignore_ties=ignore_ties)
        ranked = [row[np.argsort(-s)] for row, s in zip(y_true, y_score)]
        np.testing.assert_allclose(got, [reference.ndcg(list(r), k) for r in ranked], rtol=1e-12)


def test_padding_with_minus_infinity():
    # Queries of different lengths: pad with grade 0 and score -inf.
    padded = ndcg.ndcg_per_query([[2, 1, 0], [1, 0, 0]], [[0.1, 0.9, 0.5], [0.3, -np.inf, -np.inf]])
    assert padded[0] == pytest.approx(ndcg.ndcg([1, 0, 2]))
    assert padded[1] == 1.0


def test_signed_zero_scores_are_tied():
    assert ndcg.dcg_score([[1, 0]], [[0.0, -0.0]]) == ndcg.dcg_score([[1, 0]], [[1.0, 1.0]])


def test_zero_items():
    np.testing.assert_array_equal(ndcg.ndcg_per_query(np.zeros((3, 0)), np.zeros((3, 0))), [0, 0, 0])


def test_inputs_are_not_modified():
    y_true = np.array([[3.0, 1.0, 2.0]])
    y_score = np.array([[0.1, 0.3, 0.2]])
    ndcg.ndcg_score(y_true, y_score, k=2)
    np.testing.assert_array_equal(y_true, [[3, 1, 2]])
    np.testing.assert_array_equal(y_score, [[0.1, 0.3, 0.2]])


def test_integer_inputs():
    assert ndcg.ndcg_score([[3, 2, 1]], [[3, 2, 1]]) == 1.0


# ---------------------------------------------------------------- log_base (scikit-learn's dcg_score argument)

Y_TRUE = [[3, 2, 0, 1, 2], [0, 1, 0, 2, 0], [1, 0, 0, 0, 0]]
Y_SCORE = [[0.9, 0.5, 0.5, 0.1, 0.3], [0.3, 0.2, 0.8, 0.1, 0.2], [1, 1, 1, 1, 1]]


@pytest.mark.parametrize("log_base", [2, 10, np.e, 1.5, 1000, np.int64(3)])
@pytest.mark.parametrize("k", [None, 1, 3])
@pytest.mark.parametrize("ignore_ties", [False, True])
def test_log_base_is_scikit_learns(log_base, k, ignore_ties):
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    kwargs = {"k": k, "log_base": log_base, "ignore_ties": ignore_ties}
    # scikit-learn's order of tied items is not defined when it ignores ties: scores without ties then
    scores = np.argsort(np.argsort(Y_SCORE, axis=1), axis=1) if ignore_ties else Y_SCORE
    ours = ndcg.dcg_score(Y_TRUE, scores, sample_weight=[1, 2, 3], **kwargs)
    theirs = sklearn_metrics.dcg_score(Y_TRUE, scores, sample_weight=[1, 2, 3], **kwargs)
    assert ours == pytest.approx(theirs, rel=1e-12)
    if not ignore_ties:  # scikit-learn orders tied items in no defined order when ignoring ties
        per_query = ndcg.dcg_per_query(Y_TRUE, Y_SCORE, k=k, log_base=log_base)
        np.testing.assert_allclose(
            per_query,
            [sklearn_metrics.dcg_score([t], [s], **kwargs) for t, s in zip(Y_TRUE, Y_SCORE)],
            rtol=1e-12,
        )


def test_log_base_is_the_discount_1_over_log_base_of_rank_plus_1():
    rels = [3, 2, 0, 1]
    by_hand = sum(r / math.log(i + 2, 10) for i, r in enumerate(rels))
    assert ndcg.dcg_score([rels], [[4, 3, 2, 1]], log_base=10) == pytest.approx(by_hand, rel=1e-14)
    assert ndcg.dcg_score([rels], [[4, 3, 2, 1]], log_base=2) == ndcg.dcg_score([rels], [[4, 3, 2, 1]])


def test_ndcg_does_not_depend_on_the_log_base():
    dcg = {b: ndcg.dcg_per_query(Y_TRUE, Y_SCORE, log_base=b) for b in (2, 10)}
    ideal = {b: ndcg.dcg_per_query(Y_TRUE, Y_TRUE, log_base=b) for b in (2, 10)}
    np.testing.assert_allclose(dcg[10] / ideal[10], dcg[2] / ideal[2], rtol=1e-14)
    np.testing.assert_allclose(dcg[2] / ideal[2], ndcg.ndcg_per_query(Y_TRUE, Y_SCORE), rtol=1e-14)


@pytest.mark.parametrize("log_base", [1, 0.5, 0, -2, math.inf, math.nan, "10", True, None])
def test_a_log_base_of_1_or_less_is_refused(log_base):
    with pytest.raises(ValueError, match="log_base must be a number above 1"):
        ndcg.dcg_score(Y_TRUE, Y_SCORE, log_base=log_base)
    with pytest.raises(ValueError, match="log_base must be a number above 1"):
        ndcg.dcg_per_query(Y_TRUE, Y_SCORE, log_base=log_base)


def test_the_empty_input_choice_is_documented():
    # An (n, 0) input scores 0.0 where scikit-learn refuses it: a choice the Notes must state.
    assert ndcg.ndcg_score(np.zeros((2, 0)), np.zeros((2, 0))) == 0.0
    for function in (ndcg.ndcg_score, ndcg.dcg_score):
        assert "(n_queries, 0)" in function.__doc__
    assert "(n_queries, 0)" in ndcg.batch_binary.__doc__
