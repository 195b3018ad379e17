"""Evaluation statistics: is one ranker better than another, or did the test queries say so by luck?

Two rankers scored on the same queries give *paired* per-query differences
``d[s][q]`` (query ``q`` of repetition, or seed, ``s``). :func:`paired_bootstrap`
estimates their mean with a percentile bootstrap interval over (seed, query):
the queries of every seed are resampled with replacement, 10,000 times, and the
interval holds the middle 95 % of the resampled effects. Several claims at once
are adjusted with Holm's step-down procedure (:func:`holm`): with ``m`` claims,
the most convincing one is tested at level ``alpha / m``, the next at ``alpha /
(m - 1)``, and so on; the first that fails stops the others.

Chapter 6's races (:mod:`ndcg.ltr.races`) judge their learners with these.

>>> holm([0.01, 0.04, 0.03])
([True, False, False], [0.03, 0.06, 0.06])

References
----------
B. Efron and R. J. Tibshirani, *An Introduction to the Bootstrap*, Chapman &
Hall, 1993 (the percentile interval).
S. Holm, "A simple sequentially rejective multiple test procedure",
Scandinavian Journal of Statistics 6(2), 1979.
M. D. Smucker, J. Allan and B. Carterette, "A comparison of statistical
significance tests for information retrieval evaluation", CIKM 2007.
"""

from __future__ import annotations

import numbers
from typing import NamedTuple

import numpy as np

from ._validation import check_int, check_seed

__all__ = ["Interval", "holm", "paired_bootstrap"]


class Interval(NamedTuple):
    """A paired-bootstrap estimate: the mean difference, its interval, its p-value."""

    mean: float
    low: float
    high: float
    confidence: float
    p_value: float


def _check_diffs(diffs):
    if isinstance(diffs, np.ndarray) and diffs.ndim == 1:
        diffs = [diffs]
    out = []
    for i, d in enumerate(diffs):
        d = np.asarray(d, dtype=float)
        if d.ndim != 1 or d.size < 2:
            raise ValueError(
                f"diffs[{i}] must be a 1-D array of at least 2 per-query differences; got shape {d.shape}."
            )
        if not np.all(np.isfinite(d)):
            raise ValueError(f"diffs[{i}] must hold finite numbers; found NaN or infinity.")
        out.append(d)
    if not out:
        raise ValueError("diffs must hold at least one seed's per-query differences; got none.")
    return out


def paired_bootstrap(diffs, *, confidence=0.95, resamples=10_000, seed=0):
    """Mean paired difference over seeds, with a percentile bootstrap interval.

    Parameters
    ----------
    diffs : sequence of 1-D arrays
        One array per seed: the per-query differences between two learners on
        that seed's test queries (a single 1-D array is one seed).
    confidence : float, default 0.95
        The interval's level, strictly between 0 and 1.
    resamples : int, default 10,000
        Bootstrap resamples. Each resamples every seed's queries with
        replacement (the seeds themselves are kept: each is a complete,
        independent repetition of the experiment).
    seed : int, default 0
        Seed of the resampling.

    Returns
    -------
    Interval
        ``mean``: the mean over seeds of each seed's mean difference;
        ``low``, ``high``: the ``(1 - confidence) / 2`` and ``(1 + confidence)
        / 2`` quantiles of the resampled means; ``p_value``: two-sided,
        twice the smaller share of resampled means on either side of 0
        (at most 1), so that ``p_value < 1 - confidence`` exactly when the
        interval excludes 0 (up to ties at the quantiles).

    Examples
    --------
    >>> rng = np.random.default_rng(1)
    >>> diffs = [rng.normal(0.05, 0.1, size=60) for _ in range(5)]
    >>> result = paired_bootstrap(diffs)
    >>> bool(result.low > 0), round(result.mean, 3)
    (True, 0.04)
    >>> bool(paired_bootstrap([[0.1, -0.1, 0.0, 0.05]]).low < 0)
    True
    """
    diffs = _check_diffs(diffs)
    if isinstance(confidence, bool) or not isinstance(confidence, numbers.Real) or not 0 < confidence < 1:
        raise ValueError(f"confidence must be a number strictly between 0 and 1; got {confidence!r}.")
    resamples = check_int(resamples, "resamples", 100)
    rng = np.random.default_rng(check_seed(seed))
    total = np.zeros(resamples)
    for d in diffs:
        step = max(1, 2_000_000 // d.size)  # bounded memory for large test sets
        for start in range(0, resamples, step):
            count = min(step, resamples - start)
            index = rng.integers(0, d.size, size=(count, d.size))
            total[start : start + count] += d[index].mean(axis=1)
    boot = total / len(diffs)
    alpha = 1 - confidence
    low, high = np.quantile(boot, [alpha / 2, 1 - alpha / 2])
    p_value = min(1.0, 2 * min(np.mean(boot <= 0), np.mean(boot >= 0)))
    mean = float(np.mean([d.mean() for d in diffs]))
    return Interval(mean, float(low), float(high), float(confidence), float(p_value))


def holm(p_values, alpha=0.05):
    """Holm's step-down procedure: which hypotheses are rejected, and the adjusted p-values.

    Parameters
    ----------
    p_values : sequence of float in [0, 1]
    alpha : float, default 0.05
        The family-wise error rate.

    Returns
    -------
    rejected : list of bool
    adjusted : list of float
        Holm-adjusted p-values (``rejected[i]`` is ``adjusted[i] < alpha``;
        equal to 0.05 is not rejected).

    Examples
    --------
    >>> holm([0.01, 0.04, 0.03])
    ([True, False, False], [0.03, 0.06, 0.06])
    """
    p = [float(x) for x in p_values]
    if not p or not all(0 <= x <= 1 for x in p):
        raise ValueError(f"p_values must be at least one number in [0, 1]; got {p_values!r}.")
    if isinstance(alpha, bool) or not isinstance(alpha, numbers.Real) or not 0 < alpha < 1:
        raise ValueError(f"alpha must be a number strictly between 0 and 1; got {alpha!r}.")
    m = len(p)
    order = sorted(range(m), key=lambda i: p[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p[i]))
        adjusted[i] = round(running, 12)
    return [a < alpha for a in adjusted], adjusted
