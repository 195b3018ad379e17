"""Metrics of one ranked list with yes/no relevance, which NDCG is compared with: RR, MRR, P@k, R@k, AP, MAP.

They see each result as relevant or not (grade >= ``threshold``) and so
forget *how* relevant it is: a grade 4 and a grade 1 count the same. Like the
functions in :mod:`ndcg.list_graded`, they take ``rels``, the grades of one ranked
list, position 1 first.

* **RR** (reciprocal rank): ``1 / rank`` of the first relevant result; **MRR**
  is its mean over queries.
* **P@k** (precision at k): the share of the top ``k`` that is relevant.
  Order *inside* the top ``k`` does not matter.
* **R@k** (recall at k): the share of all relevant items found in the top ``k``.
* **AP** (average precision): the mean of P@i over the ranks ``i`` that hold a
  relevant item, divided by the number of relevant items for the query.
  Order matters everywhere, with a much steeper discount than DCG's.
* **MAP**: the mean of AP over queries.

``n_relevant`` (for R@k and AP) is the number of relevant judged items for
the query, retrieved or not, as trec_eval counts it; by default it is the
number of relevant items in ``rels``.
"""

from __future__ import annotations

import numbers

import numpy as np

from ._validation import check_grades, check_k, check_rankings, check_threshold


def _relevant(rels, threshold) -> np.ndarray:
    return check_grades(rels) >= check_threshold(threshold)


def _n_relevant(n_relevant, hits: np.ndarray) -> int:
    found = int(hits.sum())
    if n_relevant is None:
        return found
    if isinstance(n_relevant, bool) or not isinstance(n_relevant, numbers.Integral) or n_relevant < 0:
        raise ValueError(f"n_relevant must be a non-negative integer; got {n_relevant!r}.")
    if n_relevant < found:
        raise ValueError(
            f"n_relevant must count every relevant judged item, the {found} in rels "
            f"included; got {n_relevant}."
        )
    return int(n_relevant)


def precision_at_k(rels, k, *, threshold=1) -> float:
    """P@k: the fraction of the top ``k`` results that are relevant.

    Positions beyond the end of a short list count as not relevant (the
    system showed nothing there), so the denominator is always ``k``, as in
    trec_eval's ``P_k``.

    Examples
    --------
    >>> precision_at_k([3, 0, 2, 0, 1], k=3)
    0.6666666666666666
    >>> precision_at_k([3, 0, 2, 0, 1], k=3) == precision_at_k([0, 2, 3, 0, 1], k=3)
    True
    >>> precision_at_k([1], k=4)
    0.25
    """
    k = check_k(k)
    if k is None:
        raise ValueError("k must be a positive integer (the cut-off rank); got None.")
    return float(_relevant(rels, threshold)[:k].sum() / k)


def recall_at_k(rels, k, *, threshold=1, n_relevant=None) -> float:
    """R@k: the fraction of all relevant items that appear in the top ``k``.

    0.0 when the query has no relevant item at all.

    Examples
    --------
    >>> recall_at_k([3, 0, 2, 0, 1], k=3)
    0.6666666666666666
    >>> recall_at_k([3, 0, 2], k=3, n_relevant=4)
    0.5
    """
    k = check_k(k)
    if k is None:
        raise ValueError("k must be a positive integer (the cut-off rank); got None.")
    hits = _relevant(rels, threshold)
    total = _n_relevant(n_relevant, hits)
    return float(hits[:k].sum() / total) if total else 0.0


def average_precision(rels, *, threshold=1, n_relevant=None) -> float:
    """AP: mean of P@i at the ranks ``i`` of the relevant results.

    .. math:: \\mathrm{AP} = \\frac{1}{R} \\sum_{i:\\ rel_i \\ge t} \\mathrm{P@}i

    where ``R`` is ``n_relevant``. Relevant items that were never retrieved
    add 0 to the sum. 0.0 when the query has no relevant item.

    Examples
    --------
    >>> average_precision([1, 0, 1, 0])        # (1/1 + 2/3) / 2
    0.8333333333333333
    >>> average_precision([1, 0, 1, 0], n_relevant=4)
    0.41666666666666663
    """
    hits = _relevant(rels, threshold)
    total = _n_relevant(n_relevant, hits)
    if total == 0:
        return 0.0
    ranks = np.flatnonzero(hits) + 1
    precision_at_hits = np.arange(1, ranks.size + 1) / ranks
    return float(precision_at_hits.sum() / total)


def mean_average_precision(rankings, *, threshold=1, n_relevant=None) -> float:
    """MAP: the mean of :func:`average_precision` over several rankings.

    Parameters
    ----------
    rankings : sequence of sequences of float
        One ranked list of grades per query.
    threshold : float
        Grade from which a result counts as relevant.
    n_relevant : sequence of int, optional
        For each query, the number of relevant judged items, retrieved or not
        (as trec_eval's ``map`` counts them). By default only the relevant
        items in each list count, which hides the ones a system missed.

    Examples
    --------
    >>> mean_average_precision([[1, 0, 1, 0], [0, 1]])
    0.6666666666666666
    >>> mean_average_precision([[1, 0, 1, 0], [0, 1]], n_relevant=[2, 4])
    0.47916666666666663
    """
    threshold = check_threshold(threshold)
    rows = check_rankings(rankings)
    if n_relevant is None:
        counts = [None] * len(rows)
    else:
        try:
            counts = list(n_relevant)
        except TypeError:
            raise ValueError(
                f"n_relevant must be a sequence with one count per ranking; got {n_relevant!r}."
            ) from None
        if len(counts) != len(rows):
            raise ValueError(
                f"n_relevant must hold one count per ranking: got {len(counts)} counts for "
                f"{len(rows)} rankings."
            )
    return float(
        np.mean(
            [
                average_precision(row, threshold=threshold, n_relevant=count)
                for row, count in zip(rows, counts)
            ]
        )
    )


def rr(rels, *, threshold=1) -> float:
    """Reciprocal rank: ``1 / rank`` of the first relevant result, else 0.0.

    A result counts as relevant when its grade is at least ``threshold``.
    Only the first relevant result matters; everything after it is ignored.

    Examples
    --------
    >>> rr([0, 0, 3, 1])
    0.3333333333333333
    >>> rr([0, 1, 3], threshold=3)
    0.3333333333333333
    >>> rr([0, 0, 0])
    0.0
    """
    threshold = check_threshold(threshold)
    grades = check_grades(rels)
    hits = np.flatnonzero(grades >= threshold)
    return 1.0 / float(hits[0] + 1) if hits.size else 0.0


def mrr(rankings, *, threshold=1) -> float:
    """Mean reciprocal rank: the mean of :func:`rr` over several rankings.

    Parameters
    ----------
    rankings : sequence of sequences of float
        One list of grades per query, in ranked order; lists may differ in
        length.
    threshold : float
        Grade from which a result counts as relevant.

    Examples
    --------
    >>> mrr([[0, 1, 0], [1, 0, 0], [0, 0, 0]])
    0.5
    """
    threshold = check_threshold(threshold)
    rows = check_rankings(rankings)
    return float(np.mean([rr(row, threshold=threshold) for row in rows]))
