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


def _gain(grades: np.ndarray, gain: str) -> np.ndarray:
    """Gain of already-checked grades (any shape)."""
    if gain == "exponential":
        return np.exp2(grades) - 1.0
    return grades


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
