"""Evaluation statistics: is one ranker better than another, or did the test queries say so by luck?

Two rankers scored on the same queries give *paired* per-query differences
``d[s][q]`` (query ``q`` of repetition, or seed, ``s``). :func:`paired_bootstrap`
estimates their mean with a percentile bootstrap interval over (seed, query):
the queries of every seed are resampled with replacement, 10,000 times by
default, and the interval holds the middle 95 % of the resampled effects.
Several claims at once are adjusted with Holm's step-down procedure
(:func:`holm`): with ``m`` claims, the most convincing one is tested at level
``alpha / m``, the next at ``alpha / (m - 1)``, and so on; the first that fails
stops the others.

A bootstrap p-value is a share of random resamples, so it moves with the
resampling seed: its Monte Carlo standard error is about ``sqrt(2 p / B)``
with ``B`` resamples. A verdict whose p-value sits closer to its cut-off
than a few such errors is a coin toss. :func:`holm_bootstrap` therefore
draws more resamples until every verdict stays the same with each p-value
moved :data:`MARGIN` standard errors up or down, and calls a claim "too close
to call" when :data:`MAX_RESAMPLES` resamples are not enough.

Chapter 6's races (:mod:`ndcg.ltr.races`) judge their learners with these.

>>> holm([0.01, 0.04, 0.03])
([True, False, False], [0.03, 0.06, 0.06])

References
----------
B. Efron and R. J. Tibshirani, *An Introduction to the Bootstrap*, Chapman &
Hall, 1993 (the percentile interval; the Monte Carlo error of a bootstrap
quantity, chapter 19).
S. Holm, "A simple sequentially rejective multiple test procedure",
Scandinavian Journal of Statistics 6(2), 1979.
M. D. Smucker, J. Allan and B. Carterette, "A comparison of statistical
significance tests for information retrieval evaluation", CIKM 2007.
"""

from __future__ import annotations

import math
import numbers
from typing import NamedTuple

import numpy as np

from ._validation import check_int, check_seed

__all__ = [
    "GROWTH",
    "MARGIN",
    "MAX_RESAMPLES",
    "VERDICTS",
    "HolmTest",
    "Interval",
    "holm",
    "holm_bootstrap",
    "paired_bootstrap",
]

#: How many Monte Carlo standard errors must lie between a p-value and its cut-off before
#: :func:`holm_bootstrap` states a verdict.
MARGIN = 3.0
#: The most resamples :func:`holm_bootstrap` draws; a verdict still unclear then is "too close to call".
MAX_RESAMPLES = 640_000
#: Each round of :func:`holm_bootstrap` draws this many times the resamples of the round before.
GROWTH = 4
#: The verdicts of :func:`holm_bootstrap`.
VERDICTS = ("holds", "fails", "too close to call")


class Interval(NamedTuple):
    """A paired-bootstrap estimate: the mean difference, its interval, its p-value, and their Monte Carlo errors.

    ``p_error``, ``low_error`` and ``high_error`` are the Monte Carlo standard
    errors of ``p_value``, ``low`` and ``high``: how far they typically move
    with another resampling seed. They are NaN, and ``resamples`` is 0, for an
    interval made by hand.
    """

    mean: float
    low: float
    high: float
    confidence: float
    p_value: float
    p_error: float = math.nan
    low_error: float = math.nan
    high_error: float = math.nan
    resamples: int = 0


class HolmTest(NamedTuple):
    """One claim judged by :func:`holm_bootstrap`.

    ``interval`` is the claim's paired-bootstrap interval at its Holm level
    ``1 - cutoff``; ``p_value`` and ``p_error`` its directed p-value and that
    p-value's Monte Carlo standard error; ``cutoff`` the bar of its Holm step,
    ``alpha / (m - i)`` for the ``i``-th smallest p-value (from 0);
    ``p_holm`` its Holm-adjusted p-value; ``verdict`` one of
    :data:`VERDICTS`.
    """

    interval: Interval
    p_value: float
    p_error: float
    cutoff: float
    p_holm: float
    verdict: str


def _check_diffs(diffs, name="diffs"):
    if isinstance(diffs, np.ndarray) and diffs.ndim == 1:
        diffs = [diffs]
    out = []
    for i, d in enumerate(diffs):
        d = np.asarray(d, dtype=float)
        if d.ndim != 1 or d.size < 2:
            raise ValueError(
                f"{name}[{i}] must be a 1-D array of at least 2 per-query differences; got shape {d.shape}."
            )
        if not np.all(np.isfinite(d)):
            raise ValueError(f"{name}[{i}] must hold finite numbers; found NaN or infinity.")
        out.append(d)
    if not out:
        raise ValueError(f"{name} must hold at least one seed's per-query differences; got none.")
    return out


def _check_confidence(confidence, name="confidence"):
    if isinstance(confidence, bool) or not isinstance(confidence, numbers.Real) or not 0 < confidence < 1:
        raise ValueError(f"{name} must be a number strictly between 0 and 1; got {confidence!r}.")
    return float(confidence)


def _effects(claims, resamples, seed):
    """The resampled effects of claims measured on the same queries: an array (resamples, claims).

    Seed by seed, in order, one index matrix of ``resamples`` rows (drawn in
    chunks of bounded memory) serves every claim: a claim's column is what
    :func:`paired_bootstrap` draws for it alone with the same ``seed``.
    """
    rng = np.random.default_rng(seed)
    total = np.zeros((len(claims), resamples))
    for s in range(len(claims[0])):
        columns = [claim[s] for claim in claims]
        n = columns[0].size
        step = max(1, 2_000_000 // n)  # bounded memory for large test sets
        for start in range(0, resamples, step):
            count = min(step, resamples - start)
            index = rng.integers(0, n, size=(count, n))
            for row, d in zip(total, columns):
                row[start : start + count] += d[index].mean(axis=1)
    return total / len(claims[0])


def _summary(boot, mean, confidence):
    """The :class:`Interval` of resampled effects ``boot``, with the Monte Carlo errors of its numbers."""
    resamples = boot.size
    tail = (1 - confidence) / 2
    # A quantile's Monte Carlo error, read off the resamples themselves: the order statistics one
    # binomial standard error of rank on either side of it span about two standard errors.
    rank = math.sqrt(tail * (1 - tail) / resamples)
    levels = [tail, 1 - tail, max(0.0, tail - rank), tail + rank, 1 - tail - rank, min(1.0, 1 - tail + rank)]
    low, high, low_a, low_b, high_a, high_b = np.quantile(boot, levels)
    below, above = np.mean(boot <= 0), np.mean(boot >= 0)
    p_value = min(1.0, 2 * min(below, above))
    # p is twice a share of B resamples: its binomial standard error, with a share of 0 counted
    # as 1 resample (no resample beyond 0 does not make the p-value exact).
    share = max(min(below, above), 1 / resamples)
    p_error = min(1.0, 2 * math.sqrt(share * (1 - share) / resamples))
    return Interval(
        float(mean),
        float(low),
        float(high),
        float(confidence),
        float(p_value),
        float(p_error),
        float(low_b - low_a) / 2,
        float(high_b - high_a) / 2,
        int(resamples),
    )


def paired_bootstrap(diffs, *, confidence=0.95, resamples=10_000, seed=0):
    """Mean paired difference over seeds, with a percentile bootstrap interval and its Monte Carlo errors.

    Parameters
    ----------
    diffs : sequence of 1-D arrays
        One array per seed: the per-query differences between two learners on
        that seed's test queries (a single 1-D array is one seed).
    confidence : float, default 0.95
        The interval's level, strictly between 0 and 1.
    resamples : int, default 10,000
        Bootstrap resamples, at least 100. Each resamples every seed's queries
        with replacement (the seeds themselves are kept: each is a complete,
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
        ``p_error``: the Monte Carlo standard error of ``p_value``, twice the
        binomial ``sqrt(s (1 - s) / resamples)`` of that share ``s`` (a share
        of 0 counts as one resample); ``low_error``, ``high_error``: those of
        the bounds, half the gap between the order statistics one binomial
        standard error of rank below and above each; ``resamples``.

    Examples
    --------
    >>> rng = np.random.default_rng(1)
    >>> diffs = [rng.normal(0.05, 0.1, size=60) for _ in range(5)]
    >>> result = paired_bootstrap(diffs)
    >>> bool(result.low > 0), round(result.mean, 3)
    (True, 0.04)
    >>> bool(paired_bootstrap([[0.1, -0.1, 0.0, 0.05]]).low < 0)
    True

    The errors shrink as ``1 / sqrt(resamples)``:

    >>> few = paired_bootstrap(diffs, resamples=1_000)
    >>> many = paired_bootstrap(diffs, resamples=100_000)
    >>> bool(many.low_error < few.low_error / 5)
    True
    """
    diffs = _check_diffs(diffs)
    confidence = _check_confidence(confidence)
    resamples = check_int(resamples, "resamples", 100)
    (boot,) = _effects([diffs], resamples, check_seed(seed))
    return _summary(boot, np.mean([d.mean() for d in diffs]), confidence)


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


def holm_bootstrap(
    claims, *, alpha=0.05, margin=MARGIN, resamples=10_000, max_resamples=MAX_RESAMPLES, seed=0
):
    """Several claims "the mean difference is above 0", judged together by Holm, with verdicts the seed cannot flip.

    Each claim is a paired bootstrap (:func:`paired_bootstrap`) of its
    per-query differences, with the same ``seed``, so claims measured on the
    same queries share their resamples. Its directed p-value is the two-sided
    one when the mean difference is above 0, and 1 otherwise (a claim against
    its sign fails). Holm's step-down (:func:`holm`) then gives the ``i``-th
    smallest p-value (from 0) the cut-off ``alpha / (m - i)``.

    A p-value is a share of random resamples, so it carries a Monte Carlo
    error ``p_error`` (:class:`Interval`). A verdict is stated only when
    Holm's step-down gives it both with every p-value moved ``margin``
    standard errors up and with every p-value moved ``margin`` errors down.
    Until every verdict is stated, the resamples are drawn again,
    :data:`GROWTH` times as many each round (from the same ``seed``, so that
    the result is :func:`paired_bootstrap` with the final number of
    resamples), up to ``max_resamples``; a claim still unclear then is
    ``"too close to call"``, and so is every claim whose verdict hangs on it.

    Parameters
    ----------
    claims : sequence of sequences of 1-D arrays
        For each claim, the per-query differences of every seed, as
        :func:`paired_bootstrap` takes them.
    alpha : float, default 0.05
        The family-wise error rate, strictly between 0 and 1.
    margin : float, default :data:`MARGIN` (3)
        Monte Carlo standard errors between a p-value and its cut-off, at
        least 0 (0 states every verdict at the first ``resamples``).
    resamples : int, default 10,000
        Resamples of the first round, at least 100.
    max_resamples : int, default :data:`MAX_RESAMPLES` (640,000)
        The most resamples of a round, at least ``resamples``.
    seed : int, default 0
        Seed of the resampling.

    Returns
    -------
    list of HolmTest
        In the order of ``claims``. Each ``interval`` holds the resamples
        drawn in the last round (``interval.resamples``), the same for every claim.

    Raises
    ------
    ValueError
        If a claim is not a list of per-query differences, or an argument is
        out of range.

    Examples
    --------
    >>> rng = np.random.default_rng(4)
    >>> base = [rng.normal(0.0, 0.1, size=60) for _ in range(5)]
    >>> clear = [d + 0.05 for d in base]           # far above 0
    >>> none = [d - d.mean() for d in base]        # exactly 0 on average
    >>> tests = holm_bootstrap([clear, none])
    >>> [t.verdict for t in tests], [t.cutoff for t in tests], tests[0].interval.resamples
    (['holds', 'fails'], [0.025, 0.05], 10000)

    A claim right at its cut-off cannot be stated, however many resamples
    are drawn:

    >>> edge = [d - d.mean() + 0.0112 for d in base]
    >>> (test,) = holm_bootstrap([edge], max_resamples=40_000)
    >>> test.verdict, test.interval.resamples, round(test.p_value, 3), round(test.p_error, 4)
    ('too close to call', 40000, 0.05, 0.0016)
    """
    if isinstance(claims, (np.ndarray, str, bytes)) or not hasattr(claims, "__iter__"):
        raise ValueError(
            "claims must be a list with, for each claim, its per-query differences per seed; "
            f"got {type(claims).__name__}."
        )
    claims = [_check_diffs(claim, f"claims[{i}]") for i, claim in enumerate(claims)]
    if not claims:
        raise ValueError("claims must hold at least one claim's per-query differences; got none.")
    if isinstance(alpha, bool) or not isinstance(alpha, numbers.Real) or not 0 < alpha < 1:
        raise ValueError(f"alpha must be a number strictly between 0 and 1; got {alpha!r}.")
    alpha = float(alpha)
    if isinstance(margin, bool) or not isinstance(margin, numbers.Real) or not 0 <= margin < math.inf:
        raise ValueError(
            f"margin must be a finite number >= 0 (Monte Carlo standard errors); got {margin!r}."
        )
    resamples = check_int(resamples, "resamples", 100)
    max_resamples = check_int(max_resamples, "max_resamples", resamples)
    seed = check_seed(seed)
    # Claims on the same queries (the same number of queries per seed) share one draw.
    groups = {}
    for i, claim in enumerate(claims):
        groups.setdefault(tuple(d.size for d in claim), []).append(i)
    means = [float(np.mean([d.mean() for d in claim])) for claim in claims]
    m = len(claims)
    while True:
        boots = [None] * m
        for members in groups.values():
            for i, boot in zip(members, _effects([claims[i] for i in members], resamples, seed)):
                boots[i] = boot
        plain = [_summary(boot, mean, 1 - alpha) for boot, mean in zip(boots, means)]
        p = [t.p_value if t.mean > 0 else 1.0 for t in plain]
        error = [t.p_error if t.mean > 0 else 0.0 for t in plain]
        surely, _ = holm([min(1.0, x + margin * e) for x, e in zip(p, error)], alpha)
        maybe, _ = holm([max(0.0, x - margin * e) for x, e in zip(p, error)], alpha)
        stated = all(sure or not possible for sure, possible in zip(surely, maybe))
        if stated or resamples >= max_resamples:
            break
        resamples = min(max_resamples, GROWTH * resamples)
    _, adjusted = holm(p, alpha)
    order = sorted(range(m), key=lambda i: p[i])
    tests = [None] * m
    for rank, i in enumerate(order):
        cutoff = alpha / (m - rank)
        verdict = "holds" if surely[i] else "fails" if not maybe[i] else "too close to call"
        interval = _summary(boots[i], means[i], 1 - cutoff)
        tests[i] = HolmTest(interval, p[i], error[i], cutoff, adjusted[i], verdict)
    return tests
