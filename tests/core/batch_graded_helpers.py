"""Helpers shared by the tests of the batch graded metrics, ``ndcg.batch_graded``, and of the tie
groups' expected gains it takes from ``ndcg._ties``: a switch that forces the partition path or
the full sort (and a chunk size), and the Hypothesis strategies of grade and score matrices.
"""

from __future__ import annotations

from contextlib import contextmanager
from unittest import mock

import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from ndcg import batch_graded


@contextmanager
def path(partition: bool, chunk_bytes: int | None = None):
    """Force the partition path (or the full sort), and optionally a chunk size."""
    patches = [
        mock.patch.object(batch_graded, "_use_partition", lambda n_items, depth: partition),
        mock.patch.object(
            batch_graded, "_use_threshold", lambda n_items, depth: partition and depth < n_items
        ),
    ]
    if chunk_bytes is not None:
        patches.append(mock.patch.object(batch_graded, "CHUNK_BYTES", chunk_bytes))
    for patch in patches:
        patch.start()
    try:
        yield
    finally:
        for patch in patches:
            patch.stop()


def shapes(min_items=1, max_items=40, max_rows=6):
    return st.tuples(st.integers(1, max_rows), st.integers(min_items, max_items))


@st.composite
def problems(draw, min_items=1, max_items=40, levels=None):
    """Grades 0-4 and scores with few distinct values (heavy ties), or continuous ones."""
    n_rows, n_items = draw(shapes(min_items, max_items))
    grades = draw(hnp.arrays(np.int64, (n_rows, n_items), elements=st.integers(0, 4)))
    n_levels = draw(st.sampled_from([1, 2, 3, 5, 1000])) if levels is None else levels
    scores = draw(hnp.arrays(np.int64, (n_rows, n_items), elements=st.integers(0, n_levels - 1)))
    k = draw(st.none() | st.integers(1, n_items + 2))
    return grades.astype(float), scores.astype(float), k
