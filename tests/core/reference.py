"""Plain-loop reference implementations, written to be obviously right.

They follow the textbook definitions one position at a time, with no NumPy
tricks, so that the vectorised package can be checked against them.
"""

from __future__ import annotations

import itertools
import math

import numpy as np


def gain_of(grade: float, gain: str) -> float:
    """``2**grade - 1``; below grade 1 as ``expm1(grade * ln 2)``, which keeps tiny gains."""
    if gain != "exponential":
        return float(grade)
    return math.expm1(grade * math.log(2.0)) if grade < 1 else 2.0**grade - 1.0


def dcg(rels, k=None, gain="linear") -> float:
    total = 0.0
    for position, grade in enumerate(rels, start=1):
        if k is not None and position > k:
            break
        total += gain_of(grade, gain) / math.log2(position + 1)
    return total


def ndcg(rels, k=None, gain="linear", ideal=None) -> float:
    best = dcg(sorted(rels if ideal is None else ideal, reverse=True), k, gain)
    return 0.0 if best == 0 else dcg(rels, k, gain) / best


def tie_averaged_dcg(grades, scores, k=None, gain="linear") -> float:
    """Expected DCG over every order of the tied items (McSherry & Najork).

    Computed literally: average the DCG of all permutations within each tie
    group. Only for tiny inputs.
    """
    items = sorted(zip(scores, grades), key=lambda pair: -pair[0])
    groups = [list(group) for _, group in itertools.groupby(items, key=lambda pair: pair[0])]
    orders = itertools.product(*(itertools.permutations(group) for group in groups))
    values = [dcg([grade for group in order for _, grade in group], k, gain) for order in orders]
    return sum(values) / len(values)


# Source 001's snippet, repaired: np.asfarray (removed in NumPy 2.0) replaced
# by np.asarray(r, dtype=float), and numpy imported. Otherwise as published.
def blog_dcg_at_k(r, k):
    r = np.asarray(r, dtype=float)[:k]
    return np.sum(r / np.log2(np.arange(2, r.size + 2)))


def blog_ndcg_at_k(r, k):
    dcg_max = blog_dcg_at_k(sorted(r, reverse=True), k)
    if not dcg_max:
        return 0.0
    return blog_dcg_at_k(r, k) / dcg_max
