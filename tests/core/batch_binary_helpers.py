"""Helpers shared by the tests of the batch yes/no metrics, ``ndcg.batch_binary`` and its
vectorised core ``ndcg._binary_rows``: each metric's per-query function and mean by name, the
single-list function it must equal on one ranked list, the orders a tie rule gives, and the
Hypothesis strategies of grade and score matrices.
"""

import itertools

import numpy as np
from hypothesis import strategies as st

import ndcg
from ndcg.batch_binary import (
    ap_per_query,
    map_score,
    mrr_score,
    precision_per_query,
    precision_score,
    recall_per_query,
    recall_score,
    rr_per_query,
)

METRICS = ("rr", "ap", "precision", "recall")
PER_QUERY = {
    "rr": rr_per_query,
    "ap": ap_per_query,
    "precision": precision_per_query,
    "recall": recall_per_query,
}
MEAN = {"rr": mrr_score, "ap": map_score, "precision": precision_score, "recall": recall_score}


def batch(metric, y_true, y_score, *, k=None, threshold=1, n_relevant=None, ties="average"):
    """One metric's per-query values, with the arguments it takes."""
    kwargs = {"k": k, "threshold": threshold, "ties": ties}
    if metric in ("ap", "recall"):
        kwargs["n_relevant"] = n_relevant
    return PER_QUERY[metric](y_true, y_score, **kwargs)


def single(metric, ranked, *, k, threshold, n_relevant):
    """The single-list function's value of one list of grades in ranked order.

    ``n_relevant=None`` counts the relevant items of the whole list, before the cut-off.
    """
    ranked = list(ranked)
    if n_relevant is None:
        n_relevant = relevant_count(ranked, threshold)
    if metric == "rr":
        return ndcg.rr(ranked if k is None else ranked[:k], threshold=threshold)
    if metric == "ap":
        return ndcg.average_precision(
            ranked if k is None else ranked[:k], threshold=threshold, n_relevant=n_relevant
        )
    if metric == "precision":
        return ndcg.precision_at_k(ranked, k, threshold=threshold)
    return ndcg.recall_at_k(ranked, k, threshold=threshold, n_relevant=n_relevant)


def order(scores, ties):
    """Columns from the highest score to the lowest; ties by input order or reversed."""
    columns = range(len(scores))
    if ties == "first":
        return sorted(columns, key=lambda i: -scores[i])  # Python's sort is stable
    return sorted(columns, key=lambda i: (-scores[i], -i))


def tie_orders(scores):
    """Every order of the columns that ranks ``scores`` from highest to lowest: each tie order once."""
    n = len(scores)
    return [
        p
        for p in itertools.permutations(range(n))
        if all(scores[p[i]] >= scores[p[i + 1]] for i in range(n - 1))
    ]


def relevant_count(grades, threshold):
    return int(sum(g >= threshold for g in grades))


# --------------------------------------------------------------------------- strategies

grade_values = st.integers(0, 3) | st.floats(0, 4, allow_nan=False)
score_values = st.integers(0, 2) | st.floats(-5, 5, allow_nan=False) | st.just(-np.inf)


@st.composite
def matrices(draw, max_items=8, max_queries=4):
    n_items = draw(st.integers(1, max_items))
    n_queries = draw(st.integers(1, max_queries))
    grades = draw(
        st.lists(
            st.lists(grade_values, min_size=n_items, max_size=n_items), min_size=n_queries, max_size=n_queries
        )
    )
    scores = draw(
        st.lists(
            st.lists(score_values, min_size=n_items, max_size=n_items), min_size=n_queries, max_size=n_queries
        )
    )
    return np.array(grades, dtype=float), np.array(scores, dtype=float)


def draw_extra(data, metric, y_true, threshold):
    """A cut-off for the metric, and judged-but-unretrieved relevant items for AP and R@k."""
    n_items = y_true.shape[1]
    if metric in ("precision", "recall"):
        k = data.draw(st.integers(1, n_items + 2))
    else:
        k = data.draw(st.none() | st.integers(1, n_items + 2))
    found = (y_true >= threshold).sum(axis=1)
    missed = data.draw(st.lists(st.integers(0, 3), min_size=len(found), max_size=len(found)))
    n_relevant = (
        None if metric in ("rr", "precision") or data.draw(st.booleans()) else found + np.array(missed)
    )
    return k, n_relevant


thresholds = st.sampled_from([1, 2, 0.5, 2.5])


def with_cutoffs(cutoffs):
    """(metric, k) pairs: every cut-off for every metric, but no ``None`` for P@k and R@k."""
    return [(m, k) for m in METRICS for k in cutoffs if k is not None or m in ("rr", "ap")]
