"""Issue 15: the batch core at the edges.

Top-k by partition against the full sort, chunked rows, scikit-learn parity
where k is small and ties sit at the cut-off, ``sample_weight``, exponential
gains near the grade limit and for tiny grades, integer scores above 2**53,
``+inf`` scores and the type of every flag.
"""

from __future__ import annotations

import math
import tracemalloc
from contextlib import contextmanager
from unittest import mock

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ndcg
from ndcg import batch_graded, ltr
from ndcg._validation import MAX_EXPONENTIAL_GRADE

from . import reference

sklearn_metrics = pytest.importorskip("sklearn.metrics")


@contextmanager
def path(partition: bool, chunk_bytes: int | None = None):
    """Force the partition path (or the full sort), and optionally a chunk size."""
    patches = [
        mock.patch.object(batch_graded, "_use_partition", lambda n_items, depth: partition),
        mock.patch.object(
            batch_graded, "_use_threshold", lambda n_items, depth: partition and depth < n_items
        ),
    ]
    if chunk_bytes is not None:
        patches.append(mock.patch.object(batch_graded, "CHUNK_BYTES", chunk_bytes))
    for patch in patches:
        patch.start()
    try:
        yield
    finally:
        for patch in patches:
            patch.stop()


def shapes(min_items=1, max_items=40, max_rows=6):
    return st.tuples(st.integers(1, max_rows), st.integers(min_items, max_items))


@st.composite
def problems(draw, min_items=1, max_items=40, levels=None):
    """Grades 0-4 and scores with few distinct values (heavy ties), or continuous ones."""
    n_rows, n_items = draw(shapes(min_items, max_items))
    grades = draw(hnp.arrays(np.int64, (n_rows, n_items), elements=st.integers(0, 4)))
    n_levels = draw(st.sampled_from([1, 2, 3, 5, 1000])) if levels is None else levels
    scores = draw(hnp.arrays(np.int64, (n_rows, n_items), elements=st.integers(0, n_levels - 1)))
    k = draw(st.none() | st.integers(1, n_items + 2))
    return grades.astype(float), scores.astype(float), k


# ------------------------------------------------------------------ partition and sort paths


@settings(max_examples=300, deadline=None)
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


@settings(max_examples=100, deadline=None)
@given(problems(min_items=2), st.booleans())
def test_partition_path_keeps_the_input_order_of_ties_when_asked(problem, _):
    grades, scores, k = problem
    depth = grades.shape[1] if k is None else min(k, grades.shape[1])
    expected = np.argsort(-scores, axis=1, kind="stable")[:, :depth]
    np.testing.assert_array_equal(batch_graded._ranking_partition(scores, depth, stable=True), expected)
    np.testing.assert_array_equal(batch_graded._ranking_sort(scores, depth, stable=True), expected)


@settings(max_examples=100, deadline=None)
@given(problems(), st.integers(8, 400), st.booleans())
def test_chunks_do_not_change_the_result(problem, chunk_bytes, partition):
    grades, scores, k = problem
    whole = ndcg.ndcg_per_query(grades, scores, k=k)
    with path(partition, chunk_bytes=chunk_bytes):
        chunked = ndcg.ndcg_per_query(grades, scores, k=k)
    np.testing.assert_allclose(chunked, whole, rtol=0, atol=1e-12)


@settings(max_examples=60, deadline=None)
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


@settings(max_examples=100, deadline=None)
@given(problems(min_items=2), st.sampled_from([2**53, 2**62]))
def test_large_integer_scores_rank_like_their_order(problem, offset):
    grades, scores, k = problem
    as_int = scores.astype(np.int64) + offset
    np.testing.assert_allclose(
        ndcg.ndcg_per_query(grades, as_int, k=k), ndcg.ndcg_per_query(grades, scores, k=k), atol=1e-12
    )


# ------------------------------------------------------------------ exponential gain


def test_exponential_gains_near_the_grade_limit_do_not_overflow():
    assert ndcg.ndcg([1023, 1023, 1023], gain="exponential") == 1.0
    assert ndcg.ndcg_score([[1023, 1023, 1023]], [[3, 2, 1]], gain="exponential") == 1.0
    with pytest.raises(ValueError, match="exceeds the largest float64"):
        ndcg.dcg_score([[1023, 1023, 1023]], [[3, 2, 1]], gain="exponential")
    with pytest.raises(ValueError, match="exceeds the largest float64"):
        ndcg.dcg([1023, 1023, 1023], gain="exponential")


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(1000, MAX_EXPONENTIAL_GRADE), min_size=1, max_size=12),
    st.none() | st.integers(1, 12),
    st.randoms(use_true_random=False),
)
def test_ndcg_with_grades_near_the_limit_is_the_ratio_of_the_scaled_gains(rels, k, random):
    # 2**g - 1 = 2**1023 * (2**(g - 1023) - 2**-1023): the ratio is that of 2**(g - 1023), to 1e-300.
    expected = reference.ndcg([2.0 ** (g - MAX_EXPONENTIAL_GRADE) for g in rels], k)
    assert ndcg.ndcg(rels, k, gain="exponential") == pytest.approx(expected, rel=1e-12)
    scores = random.sample(range(1000), len(rels))  # distinct: no ties
    order = sorted(range(len(rels)), key=lambda i: -scores[i])
    got = ndcg.ndcg_score([rels], [scores], k=k, gain="exponential")
    assert got == pytest.approx(ndcg.ndcg([rels[i] for i in order], k, gain="exponential"), rel=1e-12)


def test_lambdarank_gradients_near_the_grade_limit_are_those_of_the_scaled_gains():
    scores = [1.0, 2.0, 3.0, 0.5]
    near_limit = ltr.lambdarank_gradients([1023, 1022, 1020, 1021], scores)
    assert np.abs(near_limit).max() > 0
    # 2**g - 1 for g = 1020..1023 is 2**1020 * (1, 2, 4, 8) up to 2**-1020: linear gains 8, 4, 1, 2.
    linear = ltr.lambdarank_gradients([8, 4, 1, 2], scores, gain="linear")
    np.testing.assert_allclose(near_limit, linear, rtol=1e-12)


@settings(max_examples=300, deadline=None)
@given(st.floats(0, MAX_EXPONENTIAL_GRADE, allow_subnormal=True))
def test_exponential_gain_is_accurate_over_the_whole_range(grade):
    got = float(ndcg.gain_values([grade], "exponential")[0])
    assert got == pytest.approx(reference.gain_of(grade, "exponential"), rel=1e-15, abs=0)
    if grade < 1:
        assert got == pytest.approx(math.expm1(grade * math.log(2.0)), rel=1e-15, abs=0)
    if grade == int(grade) and grade >= 1:
        assert got == 2.0**grade - 1.0  # whole grades exactly


def test_tiny_grades_keep_their_gain():
    assert ndcg.gain_values([1e-20], "exponential")[0] == pytest.approx(1e-20 * math.log(2.0), rel=1e-15)
    assert ndcg.ndcg([1e-20], gain="exponential") == 1.0
    assert ndcg.ndcg_score([[1e-20, 0.0]], [[0.0, 1.0]], gain="exponential") == pytest.approx(
        ndcg.ndcg_score([[1e-20, 0.0]], [[0.0, 1.0]], gain="linear"), rel=1e-12
    )


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 5).flatmap(
        lambda n: st.tuples(
            hnp.arrays(float, (3, n), elements=st.floats(0, MAX_EXPONENTIAL_GRADE)),
            hnp.arrays(float, (3, n), elements=st.floats(-1e300, 1e300) | st.just(-np.inf)),
        )
    ),
    st.none() | st.integers(1, 6),
    st.sampled_from(["linear", "exponential"]),
)
def test_ndcg_is_finite_and_between_0_and_1_over_the_documented_range(problem, k, gain):
    grades, scores = problem
    values = ndcg.ndcg_per_query(grades, scores, k=k, gain=gain)
    assert np.all(np.isfinite(values))
    assert np.all((values >= 0) & (values <= 1))


# ------------------------------------------------------------------ a perfect ranking scores exactly 1


def test_the_issue_21_example_scores_exactly_1():
    # The DCG was summed one way (tie groups, reduceat) and the ideal DCG another (a matrix product).
    assert ndcg.ndcg_score([[2, 2, 1, 0]], [[2, 2, 1, 0]]) == 1.0
    rng = np.random.default_rng(21)
    grades = rng.integers(0, 4, size=(2000, 12)).astype(float)
    grades[:, 0] = 1  # every row has a relevant item
    assert np.all(ndcg.ndcg_per_query(grades, grades) == 1.0)  # about a quarter were 1.0000000000000002


@pytest.mark.parametrize("width", [1, 2, 7, 64, 65, 300])
def test_position_sum_gives_a_row_the_same_sum_in_any_matrix(width):
    # The property the exact 1 rests on: a row's sum depends on its values only, not on the
    # number of rows, its place in the matrix, the memory layout or a reversed view.
    from ndcg._rows import position_sum

    rng = np.random.default_rng(width)
    rows = rng.random((9, width)) * 10.0 ** rng.integers(-3, 4, size=(9, 1))
    weights = ndcg.discounts(width)
    whole = position_sum(rows, weights)
    np.testing.assert_allclose(whole, rows @ weights, rtol=1e-13)
    for i in range(rows.shape[0]):
        assert position_sum(rows[i], weights) == whole[i]
        assert position_sum(rows[i : i + 1], weights)[0] == whole[i]
    assert position_sum(rows[::-1], weights).tolist() == whole[::-1].tolist()
    assert position_sum(np.asfortranarray(rows), weights).tolist() == whole.tolist()
    reversed_view = np.ascontiguousarray(rows[:, ::-1])[:, ::-1]  # the same values, columns stored backwards
    assert position_sum(reversed_view, weights).tolist() == whole.tolist()


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


@settings(max_examples=300, deadline=None)
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


@settings(max_examples=300, deadline=None)
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
