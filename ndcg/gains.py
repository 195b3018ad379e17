"""Gains and discounts: the two ingredients of every DCG.

DCG adds up, rank by rank, a *gain* (how much a result is worth) times a
*discount* (how much attention its position gets):

.. math::

    \\mathrm{DCG@k} = \\sum_{i=1}^{k} \\mathrm{gain}(rel_i) \\cdot \\frac{1}{\\log_2(i + 1)}

Two gains are in common use:

* ``"linear"``: the grade itself, ``rel`` (Järvelin & Kekäläinen, 2000);
* ``"exponential"``: ``2**rel - 1`` (Burges et al., 2005), which rewards a
  highly relevant result much more than a fairly relevant one.

For grades 0 and 1 the two agree, since ``2**0 - 1 = 0`` and ``2**1 - 1 = 1``.
"""

from __future__ import annotations

import numbers

import numpy as np

from ._validation import check_gain, check_grades, check_k


def gain_values(rels, gain: str = "linear") -> np.ndarray:
    """Return the gain of each grade in ``rels``.

    Parameters
    ----------
    rels : sequence of float
        Relevance grades, non-negative.
    gain : {"linear", "exponential"}
        ``"linear"`` returns the grades; ``"exponential"`` returns
        ``2**rel - 1``.

    Returns
    -------
    numpy.ndarray
        One gain per grade, as floats.

    Examples
    --------
    >>> gain_values([3, 2, 1, 0])
    array([3., 2., 1., 0.])
    >>> gain_values([3, 2, 1, 0], gain="exponential")
    array([7., 3., 1., 0.])
    """
    gain = check_gain(gain)
    return _gain(check_grades(rels, gain=gain), gain)


#: Grades above this make a list's exponential gains large enough that their
#: sum could overflow (``2**1023 * 3`` does), so such a list's gains are
#: computed scaled by ``2**-shift``. NDCG, a ratio, is unchanged by the scale;
#: ``2**960`` times any realistic number of items stays far below the float64
#: maximum (about ``2**1024``), and every list with grades up to 960 is
#: computed exactly as before.
SCALE_FROM_GRADE = 960

#: A list whose best grade is above this (about ``1e289``) could sum its linear gains beyond the
#: float64 maximum (three grades of ``1e308`` do, and their NDCG was ``inf / inf``, NaN): its
#: grades are scaled down by a power of two first, which is exact, bringing the best into [1, 2).
#: ``2**960`` times any realistic number of items stays far below the maximum, so every list
#: with grades up to it is computed exactly as before.
LARGE_LINEAR_GRADE = 2.0**960

#: A list whose best grade is below this (``2**-960``) has gains so small
#: that the products and sums of a DCG would fall among the subnormal
#: numbers and lose their precision (four grades of ``5e-324`` gave an NDCG of
#: 1.5); its grades are scaled up by a power of two first, which is exact.
TINY_GRADE = 2.0**-960


#: Below this many items per row, :func:`_shift` checks the whole array before taking each row's
#: largest grade (the measurement: benchmarks/README.md, "The scale check").
WHOLE_ARRAY_CHECK_BELOW = 100


def _gain(grades: np.ndarray, gain: str) -> np.ndarray:
    """Gain of already-checked grades (any shape).

    The exponential gain ``2**g - 1`` is computed as ``expm1(g * ln 2)`` for
    ``g < 1``, where ``2**g - 1`` would lose every digit (``2**1e-20 - 1`` is
    0 in float64, the true gain about ``6.9e-21``), and as ``2**g - 1``
    elsewhere, exact for whole grades.
    """
    if gain != "exponential":
        return grades
    values = np.exp2(grades) - 1.0
    small = grades < 1.0
    if np.any(small):
        if np.ndim(values) == 0:
            return np.expm1(grades * np.log(2.0))
        values[small] = np.expm1(grades[small] * np.log(2.0))
    return values


def _whole(values: np.ndarray) -> bool:
    """Whether every value is a whole number (checked, finite input)."""
    return bool(np.array_equal(np.trunc(values), values))


def _shift(grades: np.ndarray, gain: str, *, whole: bool = False, best=None) -> np.ndarray | int:
    """Binary exponent by which each row's (last axis') gains are scaled down.

    0 for every row whose best grade lies between :data:`TINY_GRADE` and
    :data:`SCALE_FROM_GRADE` (exponential gain) or :data:`LARGE_LINEAR_GRADE`
    (linear gain), or is 0, which is every realistic row. A row with
    exponential gain and a best grade above ``SCALE_FROM_GRADE`` gets the
    whole number of binary orders by which it exceeds it; a row whose best
    grade is above ``LARGE_LINEAR_GRADE`` (linear gain) or below
    ``TINY_GRADE`` gets the shift that brings that grade to between 1 and 2.
    ``whole`` says the grades are known to be whole numbers (:func:`_whole`):
    then none lies between 0 and 1, so none is tiny. ``best``: each row's
    largest grade, where the caller has it already (rows it has sorted); then
    no pass over ``grades`` is made.
    """
    if grades.size == 0:
        return 0
    exponential = gain == "exponential"
    limit = SCALE_FROM_GRADE if exponential else LARGE_LINEAR_GRADE
    if best is None:
        # Short rows: the whole array first. No row needs a shift when its largest grade is within
        # the limit and no grade lies between 0 and TINY_GRADE, which is nearly every array; those
        # passes over the whole array cost a fraction of a maximum per row along a short last axis
        # (a third at 20 items). From WHOLE_ARRAY_CHECK_BELOW items the maximum per row is as cheap.
        short = grades.ndim > 1 and grades.shape[-1] < WHOLE_ARRAY_CHECK_BELOW
        if short and grades.max() <= limit and (whole or not ((grades > 0) & (grades < TINY_GRADE)).any()):
            return 0
        best = grades.max(axis=-1)
    best = np.atleast_1d(best)
    big = best > limit
    tiny = (best > 0) & (best < TINY_GRADE)
    if not (big.any() or tiny.any()):
        return 0
    shift = np.zeros(best.shape, dtype=np.int32)
    if exponential:
        shift[big] = np.floor(best[big] - SCALE_FROM_GRADE)
        tiny_or_linear = tiny
    else:
        tiny_or_linear = tiny | big
    shift[tiny_or_linear] = np.frexp(best[tiny_or_linear])[1] - 1  # best = m * 2**e with 0.5 <= m < 1
    return shift.reshape(np.shape(grades)[:-1])


def _gain_scaled(grades: np.ndarray, gain: str, shift) -> np.ndarray:
    """Gains of ``grades`` times ``2**-shift``, one shift per row (last axis), from :func:`_shift`.

    A positive shift gives ``2**(g - shift) - 2**-shift`` for the
    exponential gain (grades near its limit) and ``g * 2**-shift`` for the
    linear gain (grades near the float64 maximum); a negative one (tiny
    grades) gives the grade times ``2**-shift``, times ``ln 2`` for the
    exponential gain (below ``2**-960``, ``2**g - 1 = g ln 2`` to the last bit).
    """
    if np.all(np.equal(shift, 0)):
        return _gain(grades, gain)
    exponent = np.asarray(shift, dtype=np.int32)
    if np.ndim(grades) > 1:
        exponent = exponent[..., None]
    exponent = np.broadcast_to(exponent, np.shape(grades))
    values = np.array(_gain(grades, gain), dtype=float, copy=True)
    up = exponent < 0
    if np.any(up):
        raised = np.ldexp(grades[up], -exponent[up])
        values[up] = raised * np.log(2.0) if gain == "exponential" else raised
    down = exponent > 0
    if np.any(down):
        if gain == "exponential":
            power = exponent[down].astype(float)
            values[down] = np.exp2(grades[down] - power) - np.exp2(-power)
        else:
            values[down] = np.ldexp(grades[down], -exponent[down])
    return values


def _scaled_gain(
    grades: np.ndarray, gain: str, *, whole: bool = False, best=None
) -> tuple[np.ndarray, np.ndarray | int]:
    """``(gains * 2**-shift, shift)``: gains that sum without overflow or underflow, and the scale.

    ``shift`` is 0 (the gains are :func:`_gain`'s, bit for bit) unless a
    row's best grade is above :data:`SCALE_FROM_GRADE` (exponential gain) or
    :data:`LARGE_LINEAR_GRADE` (linear gain), or below :data:`TINY_GRADE`. A DCG computed from the gains is the true DCG
    times ``2**-shift`` (:func:`_unscale` undoes it); an NDCG is the true NDCG.
    ``whole`` and ``best``: as in :func:`_shift`.
    """
    shift = _shift(grades, gain, whole=whole, best=best)
    return _gain_scaled(grades, gain, shift), shift


def _unscale(dcg_values, shift, what: str = "DCG"):
    """Undo :func:`_scaled_gain`'s scale on DCG values; raise if the true value overflows."""
    if np.all(np.equal(shift, 0)):
        return dcg_values
    with np.errstate(over="ignore"):
        values = np.ldexp(dcg_values, np.asarray(shift, dtype=np.int32))
    if not np.all(np.isfinite(values)):
        raise _overflow(what)
    return values


def _overflow(
    what: str, terms: str = "gains (grades near 1.8e308, or exponential gains of grades near 1023)"
):
    """The error for a sum of gains beyond the float64 range (NDCG has none: it is a ratio)."""
    return ValueError(
        f"the {what} exceeds the largest float64 (about 1.8e308): the {terms} add up beyond it. "
        "NDCG, which divides the scale out, is computed exactly; use ndcg or ndcg_score, or smaller grades."
    )


def discounts(n: int) -> np.ndarray:
    """Return the discounts ``1 / log2(i + 1)`` of ranks ``i = 1, ..., n``.

    The first rank keeps its whole gain (``1 / log2(2) = 1``); every later rank
    keeps less, and less slowly the further down it is.

    Examples
    --------
    >>> discounts(5).round(3)
    array([1.   , 0.631, 0.5  , 0.431, 0.387])
    """
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 0:
        raise ValueError(f"n must be a non-negative integer (how many ranks); got {n!r}.")
    return 1.0 / np.log2(np.arange(2, int(n) + 2, dtype=float))


def cutoff(length: int, k: int | None) -> int:
    """Return how many ranks are scored: ``k`` clamped to the list's length."""
    k = check_k(k)
    return length if k is None else min(k, length)


def discounts_jarvelin(n: int, base: float = 2.0) -> np.ndarray:
    """Discounts of the original DCG of Järvelin & Kekäläinen (SIGIR 2000; also TOIS 2002).

    Ranks before ``base`` are not discounted at all; rank ``i >= base`` is
    divided by ``log_base(i)``. With ``base=2`` the first *two* ranks keep
    their whole gain, unlike the modern ``1 / log2(i + 1)``, which discounts
    rank 2 already. A larger base models a more patient user.

    Examples
    --------
    >>> discounts_jarvelin(4).round(3)
    array([1.   , 1.   , 0.631, 0.5  ])
    >>> discounts_jarvelin(4, base=3).round(3)
    array([1.   , 1.   , 1.   , 0.792])
    """
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 0:
        raise ValueError(f"n must be a non-negative integer (how many ranks); got {n!r}.")
    if isinstance(base, bool) or not isinstance(base, numbers.Real) or not np.isfinite(base) or base <= 1:
        raise ValueError(f"base must be a number greater than 1 (the logarithm's base); got {base!r}.")
    ranks = np.arange(1, int(n) + 1, dtype=float)
    weights = np.ones(int(n))
    late = ranks >= base
    weights[late] = np.log(base) / np.log(ranks[late])
    return weights
