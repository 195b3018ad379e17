"""The vectorised core of :mod:`ndcg.batch_binary`: RR, the hits in the top ``k`` and AP of every row.

Each function takes one block of rows, ``relevant`` (the items whose grade reaches the threshold)
and ``score``, and returns one value per row, with ties ordered by the rule ``ties`` names
(``"average"``, ``"first"`` or ``"last"``; :mod:`ndcg.batch_binary`'s "Ties"), vectorised over
the rows:

* :func:`_rr_rows`: RR@k without sorting, from the best relevant score of each row
  (:func:`_best_relevant`), and :func:`_expected_rr` for a tie group in random order;
* :func:`_hits_rows`: the relevant items in the top ``k``, from one partition
  (:func:`_top_k_threshold`), which P@k and R@k divide;
* :func:`_ap_rows`: AP@k by a full sort (:func:`_ap_sum_sorted`) or from each row's top ``k``
  (:func:`_ap_sum_top`), with :func:`_precision_terms` and :func:`_tie_averaged_terms`;
* :func:`_row_max` and :func:`_row_count`: the reductions along short rows they share.

Private to :mod:`ndcg.batch_binary`, which checks the input and cuts it into blocks.
"""

from __future__ import annotations

import numpy as np

from ._rows import _ranking_partition, argsort_descending_stable
from .batch_graded import _use_partition

#: Rows this short are reduced column by column (NumPy's reductions along a
#: short last axis are several times slower than a few whole-column passes).
SHORT_ROW = 64

#: Added to a score: 0 keeps a relevant item's score, -inf hides the others.
_HIDE = np.array([-np.inf, 0.0])


def _row_max(x: np.ndarray) -> np.ndarray:
    """The largest value of every row (NaN propagates); rows must not be empty."""
    if x.shape[1] > SHORT_ROW:
        return x.max(axis=1)
    out = x[:, 0].copy()
    for j in range(1, x.shape[1]):
        np.maximum(out, x[:, j], out=out)
    return out


def _row_count(mask: np.ndarray) -> np.ndarray:
    """The number of true values in every row."""
    if mask.shape[1] == 0:
        return np.zeros(mask.shape[0], dtype=np.intp)
    if mask.shape[1] > SHORT_ROW:
        return np.count_nonzero(mask, axis=1)
    out = mask[:, 0].astype(np.intp)
    for j in range(1, mask.shape[1]):
        np.add(out, mask[:, j], out=out)
    return out


def _best_relevant(relevant: np.ndarray, score: np.ndarray) -> np.ndarray:
    """The highest score of a relevant item in every row, as a column (any value where there is none)."""
    if score.dtype.kind == "f":
        with np.errstate(invalid="ignore"):  # +inf - inf: NaN, handled below
            best = _row_max(score + _HIDE.take(relevant.view(np.uint8)))
        odd = np.flatnonzero(np.isnan(best))  # a +inf score of an item that is not relevant
        if odd.size:
            best[odd] = np.where(relevant[odd], score[odd], -np.inf).max(axis=1)
        return best[:, None]
    low = score.min(axis=1, keepdims=True)
    return np.where(relevant, score, low).max(axis=1, keepdims=True)


def _rr_rows(relevant: np.ndarray, score: np.ndarray, k: int | None, ties: str) -> np.ndarray:
    """RR@k of every row, without sorting.

    The first relevant item has the highest score among the relevant items,
    ``best``; the items scored above ``best`` are all ranked before it, and the
    tie rule places it among the items scored exactly ``best``.
    """
    n_queries, n_items = score.shape
    out = np.zeros(n_queries)
    if n_items == 0:
        return out
    found = _row_count(relevant) > 0
    best = _best_relevant(relevant, score)
    above = _row_count(score > best)
    at = score == best
    hit = at & relevant
    if ties == "first":
        first = np.argmax(hit, axis=1)
        before = _row_count(at & (np.arange(n_items) < first[:, None]))
        rank = above + before + 1
    elif ties == "last":
        last = n_items - 1 - np.argmax(hit[:, ::-1], axis=1)
        before = _row_count(at & (np.arange(n_items) > last[:, None]))
        rank = above + before + 1
    else:
        size = _row_count(at)
        rel = _row_count(hit)
        rank = above + 1  # exact where every tied item is relevant
        mixed = found & (rel < size)
        if k is not None:
            mixed &= above < k
        found = found & (rel == size)
        mixed = np.flatnonzero(mixed)
        if mixed.size:
            out[mixed] = _expected_rr(above[mixed], size[mixed], rel[mixed], k)
    keep = found if k is None else found & (rank <= k)
    out[keep] = 1.0 / rank[keep]
    return out


def _expected_rr(above: np.ndarray, size: np.ndarray, rel: np.ndarray, k: int | None) -> np.ndarray:
    """E[1 / rank] of the first relevant item of a tie group in random order.

    The group fills ranks ``above + 1 .. above + size`` and holds ``rel``
    relevant items. The first of them comes after ``j`` others with
    probability ``S(j) * rel / (size - j)``, where
    ``S(j) = prod_{i < j} (size - rel - i) / (size - i)`` is the chance that
    the first ``j`` items of the group are all not relevant. The terms are
    added in order of ``j``, one vector operation per ``j``, so each row's
    sum does not depend on the other rows (nor on the blocks).
    """
    width = int((size - rel).max()) + 1
    if k is not None:
        width = min(width, k - int(above.min()))
    size, rel, above = size.astype(float), rel.astype(float), above.astype(float)
    expected = np.zeros(size.shape)
    survive = np.ones(size.shape)
    for j in range(width):
        term = survive * rel / np.maximum(size - j, 1.0) / (above + 1.0 + j)
        if k is not None:
            term[above + 1 + j > k] = 0.0
        expected += term
        survive *= np.clip(size - rel - j, 0.0, None) / np.maximum(size - j, 1.0)
    return expected


def _top_k_threshold(score: np.ndarray, k: int) -> np.ndarray:
    """The ``k``-th largest score of every row, as a column."""
    n_items = score.shape[1]
    return np.partition(score, n_items - k, axis=1)[:, n_items - k, None]


def _hits_rows(relevant: np.ndarray, score: np.ndarray, k: int, ties: str) -> np.ndarray:
    """The number of relevant items in the top ``k`` of every row (expected, for ties averaged).

    Every item scored above the ``k``-th largest score ``t`` is in the top
    ``k``; the items scored ``t`` share the ``slots`` places left, by the tie
    rule. Found with one partition, without sorting.
    """
    n_items = score.shape[1]
    if k >= n_items:
        return _row_count(relevant).astype(float)
    t = _top_k_threshold(score, k)
    higher = score > t
    above = _row_count(higher)
    hits = _row_count(higher & relevant).astype(float)
    at = score == t
    slots = k - above  # between 1 and the size of the group at t
    if ties == "average":
        return hits + _row_count(at & relevant) * slots / _row_count(at)
    order = at[:, ::-1] if ties == "last" else at
    taken = np.cumsum(order, axis=1) <= slots[:, None]
    if ties == "last":
        taken = taken[:, ::-1]
    return hits + _row_count(at & taken & relevant)


def _ranking(score: np.ndarray, ties: str) -> np.ndarray:
    """Columns of every row from the highest score to the lowest, ties ordered by ``ties``.

    ``"average"`` leaves the order of tied items to NumPy's fastest sort
    (the caller averages over tie groups); ``"first"`` puts earlier columns
    first and ``"last"`` later ones, with stable sorts (no negation, so any
    dtype works).
    """
    if ties == "average":
        return np.argsort(score, axis=1)[:, ::-1]
    if ties == "last":
        return np.argsort(score, axis=1, kind="stable")[:, ::-1]
    return argsort_descending_stable(score)


def _ap_rows(
    relevant: np.ndarray, score: np.ndarray, k: int | None, ties: str, n_relevant: np.ndarray
) -> np.ndarray:
    """AP@k of every row; ``n_relevant`` is each row's denominator.

    Long rows with a small ``k`` (:func:`ndcg.batch_graded._use_partition`'s rule)
    rank only their top ``k`` (:func:`_ap_sum_top`); the others are sorted whole.
    """
    n_queries, n_items = score.shape
    out = np.zeros(n_queries)
    if n_items == 0:
        return out
    depth = n_items if k is None else min(k, n_items)
    if depth < n_items and _use_partition(n_items, depth):
        total = _ap_sum_top(relevant, score, depth, ties)
    else:
        total = _ap_sum_sorted(relevant, score, depth, ties)
    np.divide(total, n_relevant, out=out, where=n_relevant > 0)
    return out


def _ap_sum_sorted(relevant: np.ndarray, score: np.ndarray, depth: int, ties: str) -> np.ndarray:
    """The sum of P@p over the relevant positions ``p <= depth`` of every row, by a full sort."""
    n_queries, n_items = score.shape
    columns = _ranking(score, ties)
    flat = columns + (np.arange(n_queries) * n_items)[:, None]
    ranked = relevant.ravel()[flat]
    positions = np.arange(1.0, n_items + 1.0)
    if ties == "average":
        ranked_score = score.ravel()[flat]
        starts = np.ones((n_queries, n_items), dtype=bool)
        np.not_equal(ranked_score[:, 1:], ranked_score[:, :-1], out=starts[:, 1:])
        if not starts.all():
            return _tie_averaged_terms(ranked, starts, positions)[:, :depth].sum(axis=1)
    return _precision_terms(ranked[:, :depth]).sum(axis=1)


def _precision_terms(ranked: np.ndarray) -> np.ndarray:
    """P@p at every relevant position ``p`` of rows of relevance in ranked order, 0 elsewhere."""
    positions = np.arange(1.0, ranked.shape[1] + 1.0)
    return np.where(ranked, np.cumsum(ranked, axis=1) / positions, 0.0)


def _ap_sum_top(relevant: np.ndarray, score: np.ndarray, depth: int, ties: str) -> np.ndarray:
    """:func:`_ap_sum_sorted` from each row's top ``depth`` only, found by a partition.

    With ``"first"`` or ``"last"`` the top ``depth`` items are fixed, and only
    they are sorted. With ``"average"`` the tie group at the ``depth``-th
    score ``t`` may reach past the cut-off: the groups above ``t`` lie wholly
    in the top and are averaged as usual; the ``slots = depth - a`` positions
    ``a + j`` after the ``a`` items above ``t`` take the formula of
    :func:`_tie_averaged_terms` with the whole row's group at ``t`` (``n``
    items, ``r`` relevant, ``c`` relevant items above it).
    """
    n_queries, n_items = score.shape
    if ties == "last":  # input order reversed: the first of the reversed row
        return _ap_sum_top(relevant[:, ::-1], score[:, ::-1], depth, "first")
    columns = _ranking_partition(score, depth, stable=ties == "first")
    flat = columns + (np.arange(n_queries) * n_items)[:, None]
    ranked = relevant.ravel()[flat]
    if ties == "first":
        return _precision_terms(ranked).sum(axis=1)
    ranked_score = score.ravel()[flat]
    t = ranked_score[:, -1:]
    above = ranked_score > t  # the first a positions of each row
    a = _row_count(above)
    starts = np.ones(ranked.shape, dtype=bool)
    np.not_equal(ranked_score[:, 1:], ranked_score[:, :-1], out=starts[:, 1:])
    positions = np.arange(1.0, depth + 1.0)
    inside = np.where(above, _tie_averaged_terms(ranked, starts, positions), 0.0).sum(axis=1)
    at = score == t
    n = _row_count(at).astype(float)
    r = _row_count(at & relevant).astype(float)
    c = _row_count(ranked & above).astype(float)
    j = np.arange(1.0, depth + 1.0) - a[:, None]  # 1 .. slots at the boundary positions
    spread = (r - 1) / np.maximum(n - 1, 1)
    boundary = (r / n)[:, None] * (c[:, None] + 1.0 + (j - 1.0) * spread[:, None]) / positions
    return inside + np.where(above, 0.0, boundary).sum(axis=1)


def _tie_averaged_terms(ranked: np.ndarray, starts: np.ndarray, positions: np.ndarray) -> np.ndarray:
    """Expected P@p at every position ``p`` that holds a relevant item, ties in random order.

    ``ranked`` is each row's relevance sorted by score (tie order arbitrary),
    ``starts`` marks where each run of equal scores begins, ``positions`` is
    ``1, 2, ...`` as floats. A position ``p = a + j`` of a group (``a`` items
    above it, ``n`` in it, ``r`` relevant, ``c`` relevant above it) holds
    ``r / n * (c + 1 + (j - 1) * (r - 1) / (n - 1)) / p``: the chance that
    it holds a relevant item, times the expected precision at ``p`` if it
    does. AP's sum is these terms summed down to the cut-off.
    """
    n_queries, n_items = ranked.shape
    first = np.flatnonzero(starts)
    size = np.diff(first, append=ranked.size)
    rel = np.add.reduceat(ranked.ravel().astype(np.int64), first)
    above_rel = np.cumsum(ranked, axis=1).ravel()[first] - ranked.ravel()[first]
    offset = np.arange(ranked.size) - np.repeat(first, size)  # j - 1
    size_p = np.repeat(size, size).astype(float)
    rel_p = np.repeat(rel, size).astype(float)
    spread = np.repeat((rel - 1) / np.maximum(size - 1, 1), size)
    term = rel_p / size_p * (np.repeat(above_rel, size) + 1.0 + offset * spread)
    return term.reshape(n_queries, n_items) / positions
