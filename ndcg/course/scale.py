"""NDCG over more queries than one machine holds: a mean put together from blocks.

A cluster (Dask, Spark) scores each block of queries where it lies and sends back
a little per block; the driver puts the mean together. Two things can go wrong:
a plain mean of the blocks' means is wrong when the blocks differ in size, and
float sums done in another order give other last bits. This module holds the
block's part and the combination, in plain Python and NumPy (no Dask, no Spark):

* :func:`block_part`: a block's NDCG sum (``math.fsum``) and its number of queries;
* :func:`exact_parts`: a block's sum as a few floats whose exact total is the exact
  sum of the block's values (Shewchuk's partials, the ones inside ``math.fsum``);
* :func:`combine`: the mean from every block's parts and count, equal bit for bit
  to ``math.fsum(all values) / n`` on one machine, however the queries were split;
* :func:`example_queries`: seeded queries to split (grades 0-3, noisy scores with ties);
* :func:`spark_ndcg`: Spark MLlib's ``RankingMetrics.ndcgAt`` for one query, line by line
  in Python, to read why it gives what it gives (``experiments/spark.py`` runs the real one).

>>> import math
>>> values = [0.1, 0.2, 0.3]
>>> math.fsum(values)                                  # the sum, rounded once
0.6
>>> math.fsum([math.fsum(values[:2]), values[2]])      # two blocks, rounded twice
0.6000000000000001
>>> combine([(exact_parts(values[:2]), 2), (exact_parts(values[2:]), 1)]) * 3
0.6
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from ..batch_graded import ndcg_per_query

__all__ = ["block_part", "combine", "exact_parts", "example_queries", "spark_ndcg"]


def exact_parts(values) -> list[float]:
    """Floats whose exact sum is the exact sum of ``values`` (no rounding lost).

    Shewchuk's algorithm, the one ``math.fsum`` runs: each new value is added
    to the partial sums so far, keeping every rounding error as a partial of
    its own. ``math.fsum(exact_parts(v)) == math.fsum(v)`` always, and the
    parts of several blocks put together give the exact sum of them all.

    >>> exact_parts([1.0, 2.0**-60])
    [8.673617379884035e-19, 1.0]
    >>> exact_parts([])
    []
    """
    partials: list[float] = []
    for x in np.asarray(values, dtype=float).ravel().tolist():
        if not math.isfinite(x):
            raise ValueError(f"values must be finite; got {x}.")
        kept = 0
        for y in partials:
            if abs(x) < abs(y):
                x, y = y, x
            high = x + y
            low = y - (high - x)
            if low:
                partials[kept] = low
                kept += 1
            x = high
        partials[kept:] = [x]
    return partials


def block_part(y_true, y_score, k=None, *, gain="linear", exact=True):
    """One block's share of the mean NDCG@k: ``(sum, count)``.

    ``sum`` is :func:`exact_parts` of the block's per-query NDCG (``exact=True``),
    or their ``math.fsum`` (``exact=False``, one float, rounded once).

    >>> block_part([[3, 2, 0], [0, 1, 0]], [[3, 2, 1], [3, 2, 1]], exact=False)
    (1.6309297535714575, 2)
    """
    values = ndcg_per_query(y_true, y_score, k=k, gain=gain)
    total = exact_parts(values) if exact else math.fsum(values)
    return total, len(values)


def combine(parts: Iterable) -> float:
    """The mean from every block's ``(sum, count)``: ``math.fsum`` of the sums over the total count.

    Each ``sum`` is a float or a list of floats (:func:`exact_parts`). With
    exact parts the result is ``math.fsum(all values) / n``, bit for bit.

    >>> combine([(1.5, 2), ([0.25, 0.5], 2)])
    0.5625
    """
    sums, count = [], 0
    for total, n in parts:
        if isinstance(total, (int, float, np.floating)):
            sums.append(float(total))
        else:
            sums.extend(float(x) for x in total)
        count += int(n)
    if count == 0:
        raise ValueError("there are no queries to average: every block is empty.")
    return math.fsum(sums) / count


def example_queries(n_queries: int, n_items: int = 10, *, seed: int = 23):
    """Seeded queries: grades 0 to 3, and scores (grade plus noise, to one decimal, so ties occur).

    >>> grades, scores = example_queries(2, 4, seed=0)
    >>> grades.shape, scores.shape, sorted(set(grades.ravel()) - {0.0, 1.0, 2.0, 3.0})
    ((2, 4), (2, 4), [])
    """
    rng = np.random.default_rng(seed)
    grades = rng.integers(0, 4, size=(n_queries, n_items)).astype(float)
    scores = np.round(grades + rng.normal(0.0, 1.5, size=(n_queries, n_items)), 1)
    return grades, scores


def spark_ndcg(predicted, labels, relevances=None, k: int = 10) -> float:
    """NDCG@k of one query as Spark MLlib's ``RankingMetrics.ndcgAt`` computes it (Spark 4.3.0).

    ``predicted``: the ranked item ids; ``labels``: the ground-truth ids, in the
    order given; ``relevances``: their relevances (graded form), or ``None``
    (binary: every label counts 1, what PySpark's ``RankingMetrics`` passes on).
    A transcription of ``RankingMetrics.scala``: the ideal DCG sums the labels
    in the order given, not sorted; gain ``2**rel - 1``; discount ``1 / ln(i + 2)``.

    >>> round(spark_ndcg(["A", "B"], ["B", "A"], [1.0, 3.0], k=2), 4)   # ideal unsorted: above 1
    1.4089
    >>> spark_ndcg(["A", "B"], [], k=2), spark_ndcg(["A", "B"], ["A"], k=2)
    (0.0, 1.0)
    """
    binary = relevances is None or len(relevances) == 0
    label_set = set(labels)
    if not label_set:
        return 0.0  # "Empty ground truth set, check input data"
    rel = {} if binary else dict(zip(labels, relevances))
    n = min(max(len(predicted), len(label_set)), k)
    dcg = max_dcg = 0.0
    for i in range(n):
        if binary:
            gain = 1.0 / math.log(i + 2)
            if i < len(predicted) and predicted[i] in label_set:
                dcg += gain
            if i < len(label_set):
                max_dcg += gain
        else:
            if i < len(predicted):
                dcg += (2.0 ** rel.get(predicted[i], 0.0) - 1) / math.log(i + 2)
            if i < len(label_set):
                max_dcg += (2.0 ** rel.get(labels[i], 0.0) - 1) / math.log(i + 2)
    return 0.0 if max_dcg == 0.0 else dcg / max_dcg
