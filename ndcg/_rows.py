"""What the metrics share: blocks of rows, a stable sort, each row's top items, and the one sum every DCG is computed with."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

#: How many rows of a chunk the batch metrics look at to guess its fastest path.
_PROBE_ROWS = 4


def row_blocks(n_queries: int, n_items: int, chunk_bytes: int) -> Iterator[slice]:
    """Consecutive blocks of rows, each about ``chunk_bytes`` of one float64 matrix (at least one row).

    >>> list(row_blocks(5, 100, 1600))
    [slice(0, 2, None), slice(2, 4, None), slice(4, 6, None)]
    """
    step = max(1, chunk_bytes // (8 * max(n_items, 1)))
    return (slice(start, start + step) for start in range(0, n_queries, step))


def argsort_descending_stable(values: np.ndarray) -> np.ndarray:
    """Columns of each row from largest to smallest value, ties in column order.

    A stable ascending sort of the reversed row, read backwards: no negation,
    so the smallest integer and ``-inf`` are handled like any other value.

    >>> argsort_descending_stable(np.array([[1, 3, 3, 2]]))
    array([[1, 2, 3, 0]])
    """
    n = values.shape[1]
    backwards = np.argsort(values[:, ::-1], axis=1, kind="stable")[:, ::-1]
    return (n - 1) - backwards


#: Up to this many positions :func:`position_sum` adds the terms in order, one column at a time
#: (fastest on short rows); wider rows are summed pairwise (fewer operations, and more accurate).
SEQUENTIAL_WIDTH = 64


def position_sum(gains: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """``sum_j gains[i, j] * weights[j]`` of every row ``i``, the same arithmetic for every row.

    Every DCG of the package, a list's and its ideal's alike, is this sum of
    per-position gains times the discounts, so two rows with the same gains at
    the same positions get the same DCG, bit for bit, whatever matrix they sit
    in, its number of rows and its alignment in memory: a ranking in the ideal
    order has a DCG equal to its ideal DCG, and an NDCG of exactly 1. A matrix
    product (BLAS) or NumPy's own reductions give no such promise: they may
    sum in another order for another shape, and did (``ndcg_score([[2, 2, 1,
    0]], [[2, 2, 1, 0]])`` was 1.0000000000000002). The sum is made of
    elementwise operations only, chosen by the width alone: up to
    :data:`SEQUENTIAL_WIDTH` columns, the terms added from the first position
    to the last; wider, the right half of the columns folded onto the left
    half until one column is left (a pairwise sum, ``ceil(log2(width))``
    additions of whole columns). Both are a few times slower than a matrix
    product, a small part of a DCG's time next to the ranking.

    ``gains`` is 1-D (one list) or 2-D (one row per list); the result has one
    value per list (a 0-D array for a 1-D ``gains``).

    >>> position_sum(np.array([[3.0, 2.0, 1.0]]), np.array([1.0, 0.5, 0.25]))
    array([4.25])
    >>> float(position_sum(np.array([3.0, 2.0, 1.0]), np.array([1.0, 0.5, 0.25])))
    4.25
    """
    if gains.ndim == 1:
        return position_sum(gains[None, :], weights)[0]
    width = gains.shape[1]
    if width == 0:
        return np.zeros(gains.shape[0])
    if width <= SEQUENTIAL_WIDTH:
        total = gains[:, 0] * weights[0]
        term = np.empty_like(total)
        for j in range(1, width):
            total += np.multiply(gains[:, j], weights[j], out=term)
        return total
    terms = gains * weights
    while width > 1:
        half = width // 2
        np.add(terms[:, :half], terms[:, width - half : width], out=terms[:, :half])
        width -= half
    return terms[:, 0].copy()


def _flat_index(columns: np.ndarray, n_items: int) -> np.ndarray:
    """Flat positions of ``[i, columns[i, j]]`` in a C-ordered ``(rows, n_items)`` array."""
    return columns + (np.arange(columns.shape[0]) * n_items)[:, None]


def _take(matrix: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """``matrix[i, columns[i, j]]`` for every row ``i`` (a flat gather)."""
    return matrix.ravel()[_flat_index(columns, matrix.shape[1])]


def _ranking_sort(score: np.ndarray, depth: int, *, stable: bool) -> np.ndarray:
    """:func:`ndcg.batch_graded._ranking` by a full sort of every row.

    NumPy's default sort is fast but orders tied items arbitrarily. Where
    ``stable`` asks for ties in input order, only the rows that have a tie
    among their first ``depth + 1`` places are sorted again, stably.
    """
    order = np.argsort(score, axis=1)[:, : -depth - 2 : -1]  # best first, one spare
    if stable:
        head = _take(score, order)
        tied = np.flatnonzero((head[:, 1:] == head[:, :-1]).any(axis=1))
        if tied.size:
            order[tied] = argsort_descending_stable(score[tied])[:, : order.shape[1]]
    return order[:, :depth]


def _ranking_partition(score: np.ndarray, depth: int, *, stable: bool) -> np.ndarray:
    """:func:`ndcg.batch_graded._ranking` by one partition of every row, then a sort of its top ``depth``.

    ``argpartition`` puts each row's ``depth`` largest scores last, in no
    order; only those are sorted. Items tied with the ``depth``-th score may
    be split across the cut-off in any way; that does not matter when ties
    are averaged (:func:`ndcg.batch_graded._dcg_rows` takes the boundary group's mean over the
    whole row), and with ``stable`` the boundary group's first items in input
    order are taken instead.
    """
    n_items = score.shape[1]
    top = np.argpartition(score, n_items - depth, axis=1)[:, n_items - depth :]
    if stable:
        kth = _take(score, top).min(axis=1, keepdims=True)
        above = score > kth
        at = score == kth
        wanted = depth - np.count_nonzero(above, axis=1, keepdims=True)
        chosen = above | (at & (np.cumsum(at, axis=1) <= wanted))
        top = (np.flatnonzero(chosen) % n_items).reshape(score.shape[0], depth)  # in column order
        return np.take_along_axis(top, argsort_descending_stable(_take(score, top)), axis=1)
    order = np.argsort(_take(score, top), axis=1)[:, ::-1]
    return np.take_along_axis(top, order, axis=1)
