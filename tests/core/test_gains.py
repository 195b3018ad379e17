"""Gains and discounts, including the original Järvelin & Kekäläinen form."""

import math
from typing import ClassVar

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ndcg
import ndcg.ltr
from ndcg import ltr
from ndcg._validation import MAX_EXPONENTIAL_GRADE
from ndcg.gains import discounts, discounts_jarvelin, gain_values
from tests.core.helpers import examples

from . import reference


def test_discounts():
    np.testing.assert_allclose(discounts(4), [1 / math.log2(i + 1) for i in range(1, 5)])
    assert discounts(0).size == 0


def test_gain_values():
    np.testing.assert_array_equal(gain_values([0, 1, 2, 3], gain="exponential"), [0, 1, 3, 7])
    np.testing.assert_array_equal(gain_values([0, 1]), gain_values([0, 1], gain="exponential"))


def test_jarvelin_discounts():
    np.testing.assert_allclose(discounts_jarvelin(4, 2), [1, 1, 1 / math.log2(3), 1 / math.log2(4)])
    np.testing.assert_allclose(discounts_jarvelin(4, 3), [1, 1, 1, 1 / math.log(4, 3)])
    np.testing.assert_allclose(discounts_jarvelin(3, 10), [1, 1, 1])
    np.testing.assert_allclose(discounts_jarvelin(3, 1.5), [1, 1 / math.log(2, 1.5), 1 / math.log(3, 1.5)])


def test_dcg_jarvelin_against_its_recursive_definition():
    rels, base = [3, 2, 3, 0, 1, 2], 2
    value = 0.0
    for i, rel in enumerate(rels, start=1):
        value += rel if i < base else rel / math.log(i, base)
    assert ndcg.dcg_jarvelin(rels, base=base) == pytest.approx(value)
    assert ndcg.dcg_jarvelin(rels, 1) == ndcg.dcg(rels, 1)
    assert ndcg.dcg_jarvelin(rels, 2) > ndcg.dcg(rels, 2)


@pytest.mark.parametrize("base", [1, 0.5, -2, math.inf, "2", True])
def test_bad_base(base):
    with pytest.raises(ValueError, match="base must be a number greater than 1"):
        ndcg.dcg_jarvelin([1, 2], base=base)


@pytest.mark.parametrize("n", [-1, 2.0, "3"])
def test_bad_n(n):
    with pytest.raises(ValueError, match="n must be a non-negative integer"):
        discounts_jarvelin(n)


# ---------------------------------------------------------------- linear gains near the float64 maximum


def _quietly(call):
    """Call with every floating-point warning an error: a RuntimeWarning is no answer."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with np.errstate(all="raise"):
            return call()


@pytest.mark.parametrize(
    "rels, k",
    [
        ([1e308] * 3 + [0], None),
        ([1e308, 0, 1e308, 1e308], None),
        ([1e308, 0, 1e308, 1e308], 2),
        ([1.7e308, 9e307, 0], None),
    ],
)
def test_linear_ndcg_of_grades_near_the_float64_maximum_is_the_ndcg_of_the_scaled_grades(rels, k):
    # NDCG is scale-free: dividing every grade by 2**1000 (exact) cannot change it. It was NaN.
    scaled = [r * 2.0**-1000 for r in rels]
    expected = ndcg.ndcg(scaled, k)
    assert _quietly(lambda: ndcg.ndcg(rels, k)) == expected
    assert math.isfinite(expected)
    for scores in (rels, np.arange(len(rels), dtype=float)):  # the ideal order, then the list reversed
        got = _quietly(lambda scores=scores: ndcg.ndcg_score([rels], [scores], k=k))
        assert got == ndcg.ndcg_score([scaled], [scores], k=k)
        assert 0.0 < got <= 1.0


def test_linear_ndcg_of_huge_grades_is_exactly_1_when_perfect():
    assert _quietly(lambda: ndcg.ndcg([1e308] * 3 + [0])) == 1.0


@pytest.mark.parametrize(
    "call, what",
    [
        (lambda: ndcg.cg([1e308] * 3), "CG"),
        (lambda: ndcg.dcg([1e308] * 3), "DCG"),
        (lambda: ndcg.idcg([1e308] * 3), "DCG"),
        (lambda: ndcg.dcg_jarvelin([1e308] * 3), "DCG"),
        (lambda: ndcg.dcg_score([[1e308] * 3], [[3, 2, 1]]), "DCG of a query"),
    ],
)
def test_a_sum_of_linear_gains_beyond_float64_raises(call, what):
    # No inf and no NaN: the true value is not a float64, so the function says so.
    with pytest.raises(ValueError, match=f"the {what} exceeds the largest float64"):
        _quietly(call)


def test_lambdarank_gradients_with_huge_linear_grades_are_those_of_the_scaled_grades():
    rels = np.array([1e308, 0, 1e308, 1e308])  # an ideal DCG of about 2.1e308
    scores = [0.1, 0.2, 0.3, 0.4]
    got = _quietly(lambda: ndcg.ltr.lambdarank_gradients(rels, scores, gain="linear"))
    np.testing.assert_allclose(
        got, ndcg.ltr.lambdarank_gradients(rels / 1e300, scores, gain="linear"), rtol=1e-12
    )
    assert np.all(np.isfinite(got)) and np.any(got != 0)


# ---------------------------------------------------------------- the scale of each row (_shift)


class _MaxSpy(np.ndarray):
    """An array that records the ``axis`` of every ``max`` taken of it."""

    axes: ClassVar[list] = []

    def max(self, *args, **kwargs):
        _MaxSpy.axes.append(kwargs.get("axis", args[0] if args else None))
        return super().max(*args, **kwargs)


@pytest.mark.parametrize("gain", ["linear", "exponential"])
def test_shift_on_short_rows_is_0_without_a_maximum_per_row_when_the_whole_array_needs_none(gain):
    from ndcg import gains

    grades = np.array([[4.0, 0.0, 2.5], [0.0, 0.0, 0.0], [960.0, 2.0**-900, 3.0]])
    assert not gains._whole(grades) and gains._whole(np.array([[4.0, 0.0], [960.0, 2.0**60]]))
    _MaxSpy.axes = []
    assert gains._shift(grades.view(_MaxSpy), gain) == 0
    assert _MaxSpy.axes == [None]  # one maximum, of the whole array
    grades[1, 1] = 2.0**-1000  # a grade below TINY_GRADE: now each row's best is looked at
    _MaxSpy.axes = []
    np.testing.assert_array_equal(gains._shift(grades.view(_MaxSpy), gain), [0, -1000, 0])
    assert _MaxSpy.axes == [None, -1]
    # Whole grades have none between 0 and 1: with the caller's word for it, one maximum only.
    grades[1, 1] = 0.0
    _MaxSpy.axes = []
    assert gains._shift(grades.view(_MaxSpy), gain, whole=True) == 0
    assert _MaxSpy.axes == [None]
    # Long rows: the maximum per row at once, as cheap as the whole array's.
    long_rows = np.zeros((2, gains.WHOLE_ARRAY_CHECK_BELOW))
    long_rows[0, 5] = 3.0
    _MaxSpy.axes = []
    assert np.all(gains._shift(long_rows.view(_MaxSpy), gain) == 0)
    assert _MaxSpy.axes == [-1]


@pytest.mark.parametrize("gain", ["linear", "exponential"])
def test_shift_finds_the_one_row_that_needs_it_whatever_the_largest_grade(gain):
    from ndcg import gains

    # A tiny row beside ordinary ones: the array's maximum is ordinary, its smallest positive
    # grade is not, so each row's best grade is looked at.
    grades = np.array([[4.0, 0.0], [2.0**-1000, 0.0], [0.0, 0.0]])
    np.testing.assert_array_equal(gains._shift(grades, gain), [0, -1000, 0])
    # A row of grades above the limit beside ordinary ones.
    big = 1000.0 if gain == "exponential" else 2.0**1000
    grades = np.array([[4.0, 0.0], [big, 1.0]])
    expected = 40 if gain == "exponential" else 1000
    np.testing.assert_array_equal(gains._shift(grades, gain), [0, expected])


# ------------------------------------------------------------------ exponential gain


def test_exponential_gains_near_the_grade_limit_do_not_overflow():
    assert ndcg.ndcg([1023, 1023, 1023], gain="exponential") == 1.0
    assert ndcg.ndcg_score([[1023, 1023, 1023]], [[3, 2, 1]], gain="exponential") == 1.0
    with pytest.raises(ValueError, match="exceeds the largest float64"):
        ndcg.dcg_score([[1023, 1023, 1023]], [[3, 2, 1]], gain="exponential")
    with pytest.raises(ValueError, match="exceeds the largest float64"):
        ndcg.dcg([1023, 1023, 1023], gain="exponential")


@examples(200)
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


@examples(300)
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


@examples(200)
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
