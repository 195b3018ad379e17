"""Comparing ranking metrics: when do they disagree about which list is better?

Two metrics *disagree* on a pair of rankings when one says "A is better" and
the other says "B is better". A tie on either side is not a disagreement, but
it is counted too, because a metric that often cannot tell two lists apart
(MRR, P@k) hides differences that another (NDCG) sees.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .._validation import check_k
from ..list_binary import average_precision, precision_at_k, rr
from ..list_graded import ndcg


def metric_suite(k: int = 10, *, threshold=1) -> dict[str, Callable]:
    """The metrics the course compares, each a function of one ranked list.

    Returns a dict name -> function(rels) -> float: NDCG@k, RR, AP, P@k.
    Binary metrics count a grade >= ``threshold`` as relevant.

    Examples
    --------
    >>> suite = metric_suite(k=3)
    >>> sorted(suite)
    ['AP', 'NDCG@3', 'P@3', 'RR']
    >>> round(suite["NDCG@3"]([0, 2, 1]), 3)
    0.67
    """
    k = check_k(k)
    return {
        f"NDCG@{k}": lambda rels: ndcg(rels, k),
        "RR": lambda rels: rr(rels, threshold=threshold),
        "AP": lambda rels: average_precision(rels, threshold=threshold),
        f"P@{k}": lambda rels: precision_at_k(rels, k, threshold=threshold),
    }


@dataclass(frozen=True)
class Agreement:
    """How two metrics judged the same pairs of rankings."""

    first: str
    second: str
    pairs: int
    disagree: int  # one prefers A, the other B
    only_first_sees_a_difference: int  # the second calls it a tie
    only_second_sees_a_difference: int

    @property
    def disagreement_rate(self) -> float:
        return self.disagree / self.pairs


def random_rankings(n: int, n_items: int, *, max_grade: int = 4, seed: int = 0) -> np.ndarray:
    """``n`` random graded lists of length ``n_items``, grades skewed towards 0.

    Each grade ``g`` is drawn with probability proportional to ``2**-g``, the
    way real judgments are mostly "not relevant".

    Examples
    --------
    >>> lists = random_rankings(1000, 10, seed=1)
    >>> lists.shape, int(lists.min()), int(lists.max())
    ((1000, 10), 0, 4)
    >>> bool((lists == 0).mean() > (lists == 1).mean() > (lists == 4).mean())
    True
    """
    weights = 0.5 ** np.arange(max_grade + 1)
    rng = np.random.default_rng(seed)
    return rng.choice(max_grade + 1, size=(n, n_items), p=weights / weights.sum())


def compare_metrics(
    metrics: dict[str, Callable],
    pairs: int = 2000,
    n_items: int = 10,
    *,
    max_grade: int = 4,
    seed: int = 0,
    atol: float = 1e-12,
) -> list[Agreement]:
    """Score random pairs of rankings with every metric and compare each two.

    Parameters
    ----------
    metrics : dict of name -> function(rels) -> float
        For example :func:`metric_suite`.
    pairs : int
        How many random pairs (A, B) to draw.
    n_items, max_grade, seed
        Passed to :func:`random_rankings`.
    atol : float
        Scores closer than this count as a tie.

    Returns
    -------
    list of Agreement, one per pair of metrics.

    Examples
    --------
    >>> result = compare_metrics(metric_suite(k=5), pairs=200, n_items=5)
    >>> [(a.first, a.second) for a in result][:2]
    [('NDCG@5', 'RR'), ('NDCG@5', 'AP')]
    """
    lists = random_rankings(2 * pairs, n_items, max_grade=max_grade, seed=seed)
    signs = {}
    for name, metric in metrics.items():
        scores = np.array([metric(rels) for rels in lists]).reshape(pairs, 2)
        difference = scores[:, 0] - scores[:, 1]
        signs[name] = np.where(np.abs(difference) <= atol, 0, np.sign(difference))
    names = list(metrics)
    result = []
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            a, b = signs[first], signs[second]
            result.append(
                Agreement(
                    first,
                    second,
                    pairs,
                    disagree=int(np.sum(a * b < 0)),
                    only_first_sees_a_difference=int(np.sum((a != 0) & (b == 0))),
                    only_second_sees_a_difference=int(np.sum((a == 0) & (b != 0))),
                )
            )
    return result
