"""Query-level tools for a data set in the LETOR layout: split, describe, group, standardize.

Each takes the arrays of a learning-to-rank data set, one row per (query,
document) pair (``X``, documents x features; ``y``, the grades; ``qid``, the
query ids), as :func:`ndcg.ltr.letor.load_svmlight` reads them and
:func:`ndcg.ltr.synthetic.make_letor` makes them, and treats the query as the
unit. The chapters import them from :mod:`ndcg.ltr.letor`, where they stay
importable.

Functions
---------
``train_valid_test_split``  split by query, never a query in two parts
``describe``                queries, documents, docs per query, grade counts
``group_sizes``             the ``group=`` sizes LightGBM's ``LGBMRanker`` wants
``standardize_by_query``    z-score every feature within each query
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from .._validation import refuse_masked

__all__ = ["describe", "group_sizes", "standardize_by_query", "train_valid_test_split"]


def _check_dataset(X, y, qid):
    for name, values in (("X", X), ("y", y), ("qid", qid)):
        refuse_masked(values, name)
    X = np.asarray(X, dtype=float)
    if X.ndim != 2:
        raise ValueError(f"X must be a 2-D array (documents x features); got shape {X.shape}.")
    y = np.asarray(y)
    qid = np.asarray(qid)
    for name, values in (("y", y), ("qid", qid)):
        if values.shape != (X.shape[0],):
            raise ValueError(
                f"{name} must be 1-D with one entry per row of X ({X.shape[0]}); got shape {values.shape}."
            )
    return X, y, qid


def train_valid_test_split(X, y, qid, *, fractions=(0.6, 0.2, 0.2), seed=0):
    """Split a data set by query into train, validation and test parts.

    The distinct query ids are shuffled with ``numpy.random.default_rng(seed)``
    and cut at the cumulative ``fractions`` (rounded to whole queries); every
    query lands in exactly one part, so no document of a test query is seen in
    training. Within each part the rows keep their original order.

    Parameters
    ----------
    X : array of shape (n_docs, n_features)
    y, qid : arrays of shape (n_docs,)
    fractions : three positive numbers summing to 1, default (0.6, 0.2, 0.2)
        Shares of the *queries* (not documents) in train, validation, test.
    seed : int, default 0

    Returns
    -------
    dict
        ``{"train": (X, y, qid), "valid": (X, y, qid), "test": (X, y, qid)}``.

    Raises
    ------
    ValueError
        If ``fractions`` is not three positive numbers summing to 1, or a
        part would get no query.

    Examples
    --------
    >>> from ndcg.ltr.synthetic import make_letor
    >>> X, y, qid = make_letor(n_queries=10, seed=0)
    >>> parts = train_valid_test_split(X, y, qid, seed=0)
    >>> {name: np.unique(part[2]).size for name, part in parts.items()}
    {'train': 6, 'valid': 2, 'test': 2}
    >>> sum(len(part[1]) for part in parts.values()) == len(y)
    True
    """
    X, y, qid = _check_dataset(X, y, qid)
    try:
        fractions = tuple(float(f) for f in fractions)
    except (TypeError, ValueError):
        raise ValueError(
            f"fractions must be three numbers (train, valid, test); got {fractions!r}."
        ) from None
    if len(fractions) != 3 or min(fractions) <= 0 or not math.isclose(sum(fractions), 1.0, abs_tol=1e-9):
        raise ValueError(f"fractions must be three positive numbers summing to 1; got {fractions!r}.")
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise ValueError(f"seed must be an integer; got {seed!r}.")
    queries = np.unique(qid)
    shuffled = np.random.default_rng(seed).permutation(queries)
    cuts = np.rint(np.cumsum(fractions)[:-1] * len(queries)).astype(int)
    chosen = np.split(shuffled, cuts)
    parts = {}
    for name, part in zip(("train", "valid", "test"), chosen):
        if part.size == 0:
            raise ValueError(
                f"the {name} part would get no query ({len(queries)} queries, fractions={fractions}); "
                "use more queries or larger fractions."
            )
        mask = np.isin(qid, part)
        parts[name] = (X[mask], y[mask], qid[mask])
    return parts


def describe(y, qid):
    """Summary numbers of a ranking data set, as plain Python numbers.

    Parameters
    ----------
    y : array of integer grades, shape (n_docs,)
    qid : array of query ids, shape (n_docs,)

    Returns
    -------
    dict
        ``queries``, ``documents``; ``docs_min``, ``docs_mean``, ``docs_max``
        (documents per query); ``grade_counts`` and ``grade_fractions``
        (dicts grade -> count / share of documents, every grade from 0 to
        the largest); ``queries_without_relevant`` (queries whose grades are
        all 0: their NDCG is 0 for every ranking, or 1 in LightGBM's
        convention, so they only move the mean).

    Examples
    --------
    >>> d = describe([2, 0, 0, 1, 0], [1, 1, 1, 2, 3])
    >>> d["queries"], d["documents"], d["docs_min"], d["docs_mean"], d["docs_max"]
    (3, 5, 1, 1.6666666666666667, 3)
    >>> d["grade_counts"], d["queries_without_relevant"]
    ({0: 3, 1: 1, 2: 1}, 1)
    """
    refuse_masked(y, "y")
    refuse_masked(qid, "qid")
    y = np.asarray(y)
    qid = np.asarray(qid)
    if y.ndim != 1 or qid.shape != y.shape or y.size == 0:
        raise ValueError(
            f"y and qid must be non-empty 1-D arrays of the same length; got shapes {y.shape} and {qid.shape}."
        )
    if y.dtype.kind not in "iu" and not (y.dtype.kind == "f" and np.all(y == np.round(y))):
        raise ValueError(f"y must hold integer grades; got {y.dtype} values.")
    y = y.astype(np.int64)
    if y.min() < 0:
        raise ValueError(f"y must hold grades >= 0; got {int(y.min())}.")
    queries, inverse, sizes = np.unique(qid, return_inverse=True, return_counts=True)
    counts = np.bincount(y)
    best = np.zeros(len(queries), dtype=np.int64)
    np.maximum.at(best, inverse, y)
    return {
        "queries": len(queries),
        "documents": len(y),
        "docs_min": int(sizes.min()),
        "docs_mean": float(sizes.mean()),
        "docs_max": int(sizes.max()),
        "grade_counts": {grade: int(n) for grade, n in enumerate(counts)},
        "grade_fractions": {grade: float(n / len(y)) for grade, n in enumerate(counts)},
        "queries_without_relevant": int(np.sum(best == 0)),
    }


def group_sizes(qid):
    """Sizes of the runs of equal query ids, in order: LightGBM's ``group``.

    ``lightgbm.LGBMRanker.fit(X, y, group=group_sizes(qid))`` needs the rows
    of each query contiguous; a query id that appears in two separate runs
    raises.

    Examples
    --------
    >>> group_sizes([7, 7, 7, 2, 2, 9])
    array([3, 2, 1])
    """
    refuse_masked(qid, "qid")
    qid = np.asarray(qid)
    if qid.ndim != 1 or qid.size == 0:
        raise ValueError(f"qid must be a non-empty 1-D array; got shape {qid.shape}.")
    starts = np.flatnonzero(np.r_[True, qid[1:] != qid[:-1]])
    if len(starts) != np.unique(qid).size:
        raise ValueError(
            "qid must keep each query's rows contiguous; some query id appears in two separate runs."
        )
    return np.diff(np.r_[starts, qid.size])


def standardize_by_query(X, qid):
    """Z-score every feature within each query (mean 0, standard deviation 1).

    This removes per-query shifts and scales of the raw features (LETOR ships
    a similar "QueryLevelNorm" version, with min-max scaling). A feature that
    is constant within a query becomes 0 there.

    Examples
    --------
    >>> standardize_by_query([[1.0], [3.0], [10.0], [10.0]], [0, 0, 1, 1])
    array([[-1.],
           [ 1.],
           [ 0.],
           [ 0.]])
    """
    refuse_masked(X, "X")
    refuse_masked(qid, "qid")
    X = np.asarray(X, dtype=float)
    qid = np.asarray(qid)
    if X.ndim != 2 or qid.shape != (X.shape[0],):
        raise ValueError(
            f"X must be 2-D and qid 1-D with one entry per row; got shapes {X.shape} and {qid.shape}."
        )
    _, inverse, sizes = np.unique(qid, return_inverse=True, return_counts=True)
    inverse = inverse.reshape(-1)
    sums = np.zeros((len(sizes), X.shape[1]))
    np.add.at(sums, inverse, X)
    centred = X - (sums / sizes[:, None])[inverse]
    squares = np.zeros_like(sums)
    np.add.at(squares, inverse, centred**2)
    sd = np.sqrt(squares / sizes[:, None])[inverse]
    out = np.zeros_like(centred)
    np.divide(centred, sd, out=out, where=sd > 1e-12 * (1 + np.abs(X)))
    return out
