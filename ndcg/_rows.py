"""What the batch metrics (:mod:`ndcg.batch`, :mod:`ndcg.batch_binary`) share: blocks of rows, a stable sort."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np


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
