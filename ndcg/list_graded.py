"""Metrics of one ranked list with graded relevance: CG, DCG, IDCG, NDCG.

Every function here takes ``rels``: the relevance grades of the results *in
the order the system ranked them*, position 1 first, exactly as the worked
examples of the course write them (``[3, 2, 3, 0, 1]``). To score many queries
at once from model scores, see :mod:`ndcg.batch_graded`; for yes/no relevance
(RR, P@k, AP), :mod:`ndcg.list_binary`.

Conventions, chosen to match scikit-learn and trec_eval:

* ``k=None`` scores the whole list; a ``k`` longer than the list is clamped.
* The discount of position ``i`` is ``1 / log2(i + 1)``.
* The ideal ranking sorts the grades of ``ideal`` (by default ``rels``) from
  best to worst. Pass ``ideal`` with the grades of *every* judged item for the
  query when the system did not retrieve them all, as trec_eval does.
* NDCG is 0.0 when the ideal DCG is 0 (no relevant item at all), and an
  empty list scores 0.0.
"""

from __future__ import annotations

import numpy as np

from ._rows import position_sum
from ._validation import check_gain, check_grades, check_ideal
from .gains import (
    _gain_scaled,
    _overflow,
    _scaled_gain,
    _shift,
    _unscale,
    cutoff,
    discounts,
    discounts_jarvelin,
)


def cg(rels, k=None) -> float:
    """Cumulative gain: the sum of the top-``k`` grades, order ignored.

    .. math:: \\mathrm{CG@k} = \\sum_{i=1}^{k} rel_i

    CG cannot tell a good ranking from a bad one: ``[3, 2, 1]`` and
    ``[1, 2, 3]`` score the same. That flaw is what DCG fixes.

    Parameters
    ----------
    rels : sequence of float
        Grades in ranked order, position 1 first. Non-negative and finite.
    k : int, optional
        Cut-off rank; ``None`` (the default) sums the whole list.

    Returns
    -------
    float

    Examples
    --------
    >>> cg([3, 2, 0, 1], k=2)
    5.0
    >>> cg([3, 2, 0, 1])
    6.0
    >>> cg([1, 2, 3]) == cg([3, 2, 1])
    True
    """
    grades = check_grades(rels)
    with np.errstate(over="ignore"):
        total = float(grades[: cutoff(grades.size, k)].sum())
    if total == np.inf:
        raise _overflow("CG", "grades")
    return total


def dcg(rels, k=None, *, gain="linear") -> float:
    """Discounted cumulative gain of a ranked list.

    .. math::

        \\mathrm{DCG@k} = \\sum_{i=1}^{k} \\frac{\\mathrm{gain}(rel_i)}{\\log_2(i + 1)}

    Parameters
    ----------
    rels : sequence of float
        Grades in ranked order, position 1 first. Non-negative and finite.
    k : int, optional
        Cut-off rank; ``None`` scores the whole list, and a ``k`` longer than
        the list is clamped.
    gain : {"linear", "exponential"}
        ``"linear"`` uses the grade; ``"exponential"`` uses ``2**rel - 1``.

    Returns
    -------
    float

    Examples
    --------
    The discount table's example: ``3/1 + 2/1.585 + 3/2 + 0/2.322``.

    >>> round(dcg([3, 2, 3, 0]), 4)
    5.7619
    >>> round(dcg([3, 2, 3, 0], gain="exponential"), 4)
    12.3928
    >>> dcg([3, 2, 3, 0], k=1)
    3.0
    """
    gain = check_gain(gain)
    grades = check_grades(rels, gain=gain)
    return _dcg(grades, cutoff(grades.size, k), gain)


def _dcg(grades: np.ndarray, n: int, gain: str) -> float:
    """DCG of the first ``n`` of already-checked grades (raises if it overflows float64)."""
    gains, shift = _scaled_gain(np.ascontiguousarray(grades[:n]), gain)  # exp2 of a reversed view differs
    return float(_unscale(position_sum(gains, discounts(n)), shift))


def _ndcg(grades: np.ndarray, judged: np.ndarray, k, gain: str) -> float:
    """DCG over ideal DCG, both scaled alike (``judged``: the ideal's grades, in any order).

    The scale is set by the best grade (:func:`ndcg.gains._shift`), so
    exponential gains of grades near the limit sum without overflow, tiny
    grades keep their precision, and the ratio is exact. Both DCGs are the
    same sum (:func:`ndcg._rows.position_sum`), so a list in the ideal order
    scores exactly 1; a list a rounding error away from it (two grades a
    few ulps apart, swapped) may round to a DCG above the ideal, and its
    NDCG, below 1 by less than that error, is then 1.

    The ideal's gains are the list's own gains sorted (when ``judged`` is the
    list), not gains computed again from sorted grades: NumPy's ``exp2`` can
    differ in the last bit between a contiguous and a reversed array (it did
    on an AVX-512 machine, making ``ndcg([1.877...], gain="exponential")``
    0.9999999999999999).
    """
    shift = _shift(judged, gain)
    ranked = _gain_scaled(grades, gain, shift)
    pool = ranked if judged is grades else _gain_scaled(judged, gain, shift)
    depth = cutoff(pool.size, k)
    ideal_dcg = float(position_sum(np.sort(pool)[::-1][:depth], discounts(depth)))
    if ideal_dcg == 0.0:
        return 0.0
    n = cutoff(grades.size, k)
    return min(1.0, float(position_sum(ranked[:n], discounts(n))) / ideal_dcg)


def idcg(rels, k=None, *, gain="linear", ideal=None) -> float:
    """Ideal DCG: the DCG of the best possible ordering.

    The ideal ranking sorts the grades of ``ideal`` from best to worst. By
    default ``ideal`` is ``rels`` itself (the scikit-learn convention). When
    the query has judged items that the system did not retrieve, pass all of
    their grades as ``ideal`` (the trec_eval convention): the best possible
    ranking may use items the system missed.

    Parameters
    ----------
    rels : sequence of float
        Grades in ranked order (only checked when ``ideal`` is given).
    k : int, optional
        Cut-off rank; ``None`` scores the whole ideal list.
    gain : {"linear", "exponential"}
    ideal : sequence of float, optional
        Grades of every judged item for the query, in any order. It must
        include the grades in ``rels`` (otherwise NDCG could exceed 1).

    Returns
    -------
    float

    Examples
    --------
    >>> round(idcg([3, 2, 1, 0, 2]), 4)
    5.6925
    >>> idcg([1, 0, 0], ideal=[0, 1, 1, 1]) == dcg([1, 1, 1])
    True
    """
    gain = check_gain(gain)
    grades = check_grades(rels, gain=gain)
    best = np.sort(check_ideal(ideal, grades, gain=gain))[::-1]
    return _dcg(best, cutoff(best.size, k), gain)


def ndcg(rels, k=None, *, gain="linear", ideal=None) -> float:
    """Normalised DCG: DCG divided by the ideal DCG, between 0 and 1.

    .. math:: \\mathrm{NDCG@k} = \\frac{\\mathrm{DCG@k}}{\\mathrm{IDCG@k}}

    1.0 means the list is in the best possible order (for its top ``k``).
    When no item is relevant the ideal DCG is 0 and NDCG is defined as 0.0,
    as scikit-learn and trec_eval do.

    Parameters
    ----------
    rels : sequence of float
        Grades in ranked order, position 1 first. Non-negative and finite.
    k : int, optional
        Cut-off rank. ``None`` scores the whole list and normalises by the
        DCG of the whole ideal list (trec_eval's ``ndcg``); an integer gives
        NDCG@k (trec_eval's ``ndcg_cut_k``).
    gain : {"linear", "exponential"}
    ideal : sequence of float, optional
        Grades of every judged item for the query, in any order; defaults to
        ``rels``. See :func:`idcg`.

    Returns
    -------
    float

    Examples
    --------
    The running movie example, ``[3, 2, 1, 0, 2]``:

    >>> round(ndcg([3, 2, 1, 0, 2], k=5), 4)
    0.9725
    >>> round(ndcg([3, 2, 1, 0, 2], k=3), 4)
    0.905

    A perfect order scores 1; no relevant item scores 0:

    >>> ndcg([3, 2, 2, 1, 0])
    1.0
    >>> ndcg([0, 0, 0])
    0.0
    """
    gain = check_gain(gain)
    grades = check_grades(rels, gain=gain)
    return _ndcg(grades, check_ideal(ideal, grades, gain=gain), k, gain)


def dcg_jarvelin(rels, k=None, *, base=2.0) -> float:
    """DCG as first defined by Järvelin & Kekäläinen (SIGIR 2000), with log base ``b``.

    .. math::

        \\mathrm{DCG}[i] =
        \\begin{cases}
        \\mathrm{CG}[i] & i < b \\\\
        \\mathrm{DCG}[i-1] + rel_i / \\log_b i & i \\ge b
        \\end{cases}

    The gain is the grade itself. With ``base=2`` ranks 1 and 2 are both
    undiscounted, so this is *not* the ``1 / log2(i + 1)`` DCG used by
    :func:`dcg`, scikit-learn and trec_eval; the two agree only on the first
    rank.

    Parameters
    ----------
    rels : sequence of float
        Grades in ranked order, position 1 first.
    k : int, optional
        Cut-off rank; ``None`` scores the whole list.
    base : float
        The logarithm's base ``b > 1``: the rank from which discounting starts.

    Examples
    --------
    >>> round(dcg_jarvelin([3, 2, 3, 0, 1]), 4)
    7.3235
    >>> round(dcg([3, 2, 3, 0, 1]), 4)
    6.1487
    """
    grades = check_grades(rels)
    n = cutoff(grades.size, k)
    with np.errstate(over="ignore"):
        total = float(grades[:n] @ discounts_jarvelin(n, base))
    if total == np.inf:
        raise _overflow("DCG")
    return total
