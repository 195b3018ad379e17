"""LambdaMART in LightGBM and in XGBoost, set up to mean the same thing.

LambdaMART fits boosted regression trees to LambdaRank's gradients
(chapter 6). LightGBM calls it ``objective="lambdarank"``, XGBoost
``objective="rank:ndcg"``, and the two libraries name, and default, the same
ideas differently: XGBoost's default L2 penalty on the leaf values is 1 where
LightGBM's is 0, XGBoost grows trees level by level to depth 6 where LightGBM
grows them leaf by leaf to 31 leaves. :func:`lambdamart` builds either
ranker with the settings of :data:`LAMBDAMART_PARAMETERS`, a table that maps
each idea to each library's parameter; :func:`fit_lambdamart` fits one on
documents grouped by query, in any row order.

Score both with this package's own NDCG (:func:`ndcg.ltr.ndcg_by_group`) on
the same held-out queries: the libraries' built-in ``ndcg`` metrics score a
query with no relevant document 1, ``ndcg`` scores it 0
(:mod:`ndcg.conventions`).

What is the same, and what is not
---------------------------------
Set the same: the gain ``2**grade - 1``; the pairs, those with at least one
document in the current top ``k``; the two rescalings of the lambdas, which
both libraries apply by default (read in LightGBM's
``src/objective/rank_objective.hpp`` and XGBoost's
``src/objective/lambdarank_obj.cc``): each pair's ``|delta NDCG|`` divided by
``0.01 + |s_i - s_j|``, and a query's lambdas and hessians multiplied by
``log2(1 + S) / S``, ``S`` the sum of its pairs' lambdas (one switch in
LightGBM, ``lambdarank_norm``; two in XGBoost,
``lambdarank_score_normalization`` and ``lambdarank_normalization``);
leaf-wise trees of at most ``leaves`` leaves on feature histograms, with no
depth limit; the learning rate; the number of rounds; the smallest hessian sum
of a leaf (``min_child_weight``); no L2 penalty on leaf values; a fixed
number of threads.

Not the same, and not settable to be: LightGBM also wants at least 20
documents in a leaf (``min_child_samples``; XGBoost has no such count);
histograms have 255 bins in LightGBM, 256 in XGBoost; XGBoost keeps its
predictions in float32; LightGBM accepts grades up to 30, XGBoost up to 31.
So the two rankers are two implementations of one method, not one model
twice: expect close scores, not equal ones.

Both are deterministic: fitting twice on the same machine gives the same
predictions bit for bit (LightGBM's ``deterministic=True`` with
``force_row_wise=True``; XGBoost's ``hist`` on the CPU, whose ``topk`` pairs
involve no sampling; a fixed ``n_jobs`` for both).

Examples
--------
>>> from ndcg.ltr.synthetic import make_letor
>>> from ndcg.ltr import ndcg_by_group
>>> X, y, qid = make_letor(n_queries=60, seed=0)
>>> model = fit_lambdamart("xgboost", X, y, qid, rounds=20)
>>> bool(ndcg_by_group(y, model.predict(X), qid, 10) > 0.7)
True
>>> [row.concept for row in LAMBDAMART_PARAMETERS][:3]
['objective', 'gain', 'pairs (truncation level)']
"""

from __future__ import annotations

import numbers
from typing import NamedTuple

import numpy as np

from .._validation import _describe, check_grades, check_int, check_positive, refuse_masked

__all__ = ["LAMBDAMART_PARAMETERS", "LIBRARIES", "LambdaMARTParameter", "fit_lambdamart", "lambdamart"]

#: The libraries :func:`lambdamart` can build a ranker with.
LIBRARIES = ("lightgbm", "xgboost")

#: The largest grade each library accepts with the exponential gain.
MAX_GRADE = {"lightgbm": 30, "xgboost": 31}

#: LightGBM's default ``label_gain``, written out: ``2**grade - 1`` for grades 0 to 30.
EXPONENTIAL_LABEL_GAIN = [2.0**grade - 1.0 for grade in range(MAX_GRADE["lightgbm"] + 1)]

#: The smallest hessian sum of a leaf: LightGBM's default, given to XGBoost too (its default is 1).
MIN_CHILD_WEIGHT = 1e-3
#: LightGBM's smallest number of documents in a leaf (its default); XGBoost has no such count.
MIN_CHILD_SAMPLES = 20


class LambdaMARTParameter(NamedTuple):
    """One idea of LambdaMART and the parameters that set it in each library.

    Attributes
    ----------
    concept : str
        What the parameters control.
    lightgbm, xgboost : dict
        ``{parameter: value}`` as :func:`lambdamart` sets it with its
        defaults (``get_params()`` of the ranker holds exactly these).
    note : str
        What the values mean, and where the two libraries differ.
    """

    concept: str
    lightgbm: dict
    xgboost: dict
    note: str

    @staticmethod
    def _shown(parameters: dict) -> str:
        parts = []
        for name, value in parameters.items():
            if value == EXPONENTIAL_LABEL_GAIN:
                parts.append(f"{name}=[2**g - 1 for g in 0..30]")
            else:
                parts.append(f"{name}={value!r}" if isinstance(value, str) else f"{name}={value}")
        return ", ".join(parts)

    @property
    def lightgbm_text(self) -> str:
        """LightGBM's parameters as ``name=value`` text."""
        return self._shown(self.lightgbm)

    @property
    def xgboost_text(self) -> str:
        """XGBoost's parameters as ``name=value`` text."""
        return self._shown(self.xgboost)


#: How each idea of LambdaMART is set in LightGBM and in XGBoost, with
#: :func:`lambdamart`'s defaults (rounds=200, learning_rate=0.05, leaves=15,
#: k=10, seed=0, n_jobs=1). ``tests/ltr/test_boosting.py`` reads both rankers'
#: ``get_params()`` and checks every value here.
LAMBDAMART_PARAMETERS: tuple[LambdaMARTParameter, ...] = (
    LambdaMARTParameter(
        "objective",
        {"objective": "lambdarank"},
        {"objective": "rank:ndcg"},
        "LambdaMART: LambdaRank's NDCG-weighted pairwise gradients, fitted by boosted trees.",
    ),
    LambdaMARTParameter(
        "gain",
        {"label_gain": EXPONENTIAL_LABEL_GAIN},
        {"ndcg_exp_gain": True},
        "2**grade - 1 in each pair's |delta NDCG| (both defaults); LightGBM takes grades 0 to 30, XGBoost 0 to 31.",
    ),
    LambdaMARTParameter(
        "pairs (truncation level)",
        {"lambdarank_truncation_level": 10},
        {"lambdarank_pair_method": "topk", "lambdarank_num_pair_per_sample": 10},
        "Only pairs with at least one document in the current top k (k = 10) get a gradient; "
        "the defaults are 30 (LightGBM) and 32 (XGBoost).",
    ),
    LambdaMARTParameter(
        "lambda normalisation",
        {"lambdarank_norm": True},
        {"lambdarank_normalization": True, "lambdarank_score_normalization": True},
        "The same two rules, on by default: |delta NDCG| / (0.01 + |s_i - s_j|), and a query's "
        "lambdas times log2(1 + S) / S, S their sum (one switch in LightGBM, two in XGBoost).",
    ),
    LambdaMARTParameter(
        "tree size",
        {"num_leaves": 15, "max_depth": -1},
        {"tree_method": "hist", "grow_policy": "lossguide", "max_leaves": 15, "max_depth": 0},
        "Leaf-wise (best-first) growth to at most 15 leaves, no depth limit, on feature histograms "
        "(LightGBM always grows leaf-wise; XGBoost's default is depth-wise to depth 6).",
    ),
    LambdaMARTParameter(
        "learning rate",
        {"learning_rate": 0.05},
        {"learning_rate": 0.05},
        "Each tree's output is multiplied by it before it is added.",
    ),
    LambdaMARTParameter(
        "rounds",
        {"n_estimators": 200},
        {"n_estimators": 200},
        "Number of trees; no early stopping.",
    ),
    LambdaMARTParameter(
        "min data in a leaf",
        {"min_child_samples": MIN_CHILD_SAMPLES, "min_child_weight": MIN_CHILD_WEIGHT},
        {"min_child_weight": MIN_CHILD_WEIGHT},
        "The same smallest hessian sum (LightGBM's default; XGBoost's is 1); "
        "XGBoost has no smallest number of documents, LightGBM's is 20.",
    ),
    LambdaMARTParameter(
        "L2 penalty on leaf values",
        {"reg_lambda": 0.0},
        {"reg_lambda": 0.0},
        "None, LightGBM's default; XGBoost's default 1 would shrink every leaf value, -G / (H + 1).",
    ),
    LambdaMARTParameter(
        "determinism, threads",
        {"n_jobs": 1, "random_state": 0, "deterministic": True, "force_row_wise": True, "verbose": -1},
        {"n_jobs": 1, "random_state": 0},
        "A fixed number of threads and seed; LightGBM's deterministic mode; XGBoost's CPU hist "
        "is deterministic, and topk pairs sample nothing.",
    ),
)


def _check_library(library) -> str:
    if not isinstance(library, str) or library not in LIBRARIES:
        listed = " or ".join(repr(name) for name in LIBRARIES)
        raise ValueError(f"library must be {listed}; got {_describe(library)}.")
    return library


def _check_seed(seed) -> int:
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer; got {_describe(seed)}.")
    return int(seed)


def lambdamart(library, *, rounds=200, learning_rate=0.05, leaves=15, k=10, seed=0, n_jobs=1):
    """An unfitted, deterministic LambdaMART ranker of LightGBM or XGBoost.

    Both rankers are set as :data:`LAMBDAMART_PARAMETERS` says, with the
    values given here: the same gain, pairs, tree size, learning rate and
    number of rounds.

    Parameters
    ----------
    library : {"lightgbm", "xgboost"}
        ``"lightgbm"`` builds a ``lightgbm.LGBMRanker``, ``"xgboost"`` an
        ``xgboost.XGBRanker``.
    rounds : int, default 200
        Number of boosting rounds (trees), at least 1.
    learning_rate : float, default 0.05
        Shrinkage of each tree, in (0, 1].
    leaves : int, default 15
        Largest number of leaves of a tree, at least 2.
    k : int, default 10
        Truncation level: only pairs with a document in the current top
        ``k`` get a gradient (``lambdarank_truncation_level`` in LightGBM,
        ``lambdarank_num_pair_per_sample`` with ``topk`` pairs in XGBoost).
        At least 1.
    seed : int, default 0
        ``random_state`` of the ranker (non-negative).
    n_jobs : int, default 1
        Number of threads, at least 1. Keep it fixed: the order in which
        threads add up histograms can change the last bits of a split. One
        thread is the default because the course's data are small and its
        machines shared: on a busy machine, OpenMP threads that wait for
        each other can make a fit of a second take a minute.

    Returns
    -------
    lightgbm.LGBMRanker or xgboost.XGBRanker
        Not fitted: call :func:`fit_lambdamart`, or its ``fit`` with
        LightGBM's ``group`` or XGBoost's sorted ``qid``.

    Raises
    ------
    ValueError
        For an unknown ``library`` or a number out of range.

    Examples
    --------
    >>> ranker = lambdamart("lightgbm", rounds=50, k=5)
    >>> params = ranker.get_params()
    >>> params["objective"], params["n_estimators"], params["lambdarank_truncation_level"]
    ('lambdarank', 50, 5)
    >>> lambdamart("xgboost").get_params()["lambdarank_pair_method"]
    'topk'
    >>> lambdamart("catboost")
    Traceback (most recent call last):
    ...
    ValueError: library must be 'lightgbm' or 'xgboost'; got 'catboost'.
    """
    library = _check_library(library)
    rounds = check_int(rounds, "rounds", 1)
    learning_rate = check_positive(learning_rate, "learning_rate", "the shrinkage of each tree")
    if learning_rate > 1:
        raise ValueError(f"learning_rate must be at most 1; got {learning_rate!r}.")
    leaves = check_int(leaves, "leaves", 2)
    k = check_int(k, "k", 1)
    seed = _check_seed(seed)
    n_jobs = check_int(n_jobs, "n_jobs", 1)
    if library == "lightgbm":
        from lightgbm import LGBMRanker

        return LGBMRanker(
            objective="lambdarank",
            label_gain=list(EXPONENTIAL_LABEL_GAIN),
            lambdarank_truncation_level=k,
            lambdarank_norm=True,
            num_leaves=leaves,
            max_depth=-1,
            learning_rate=learning_rate,
            n_estimators=rounds,
            min_child_samples=MIN_CHILD_SAMPLES,
            min_child_weight=MIN_CHILD_WEIGHT,
            reg_lambda=0.0,
            n_jobs=n_jobs,
            random_state=seed,
            deterministic=True,
            force_row_wise=True,
            verbose=-1,
        )
    from xgboost import XGBRanker

    return XGBRanker(
        objective="rank:ndcg",
        ndcg_exp_gain=True,
        lambdarank_pair_method="topk",
        lambdarank_num_pair_per_sample=k,
        lambdarank_normalization=True,
        lambdarank_score_normalization=True,
        tree_method="hist",
        grow_policy="lossguide",
        max_leaves=leaves,
        max_depth=0,
        learning_rate=learning_rate,
        n_estimators=rounds,
        min_child_weight=MIN_CHILD_WEIGHT,
        reg_lambda=0.0,
        n_jobs=n_jobs,
        random_state=seed,
    )


def _check_data(library, X, y, qid):
    from .models import _check_X

    X = _check_X(X)
    n = X.shape[0]
    if n == 0:
        raise ValueError("X must have at least one row (document); got none.")
    y = check_grades(y, "y", gain="exponential")
    if y.shape != (n,):
        raise ValueError(f"y must be 1-D with one grade per row of X ({n}); got shape {y.shape}.")
    if not np.all(y == np.round(y)):
        raise ValueError(
            f"y must hold whole-number grades ({library} refuses others); found {y[y != np.round(y)][0]:g}."
        )
    if y.max() > MAX_GRADE[library]:
        raise ValueError(
            f"y holds the grade {y.max():g}, but {library} accepts grades up to {MAX_GRADE[library]} "
            "with the gain 2**grade - 1."
        )
    refuse_masked(qid, "qid")
    qid = np.asarray(qid)
    if qid.shape != (n,):
        raise ValueError(f"qid must be 1-D with one query id per row of X ({n}); got shape {qid.shape}.")
    if qid.dtype.kind == "f" and not np.all(np.isfinite(qid)):
        raise ValueError("qid must hold query ids; found NaN or infinity.")
    if qid.dtype.kind not in "biufUS":
        raise ValueError(f"qid must hold numbers or strings; got dtype {qid.dtype}.")
    return X, y, qid


def fit_lambdamart(library, X, y, qid, *, seed=0, **settings):
    """Fit :func:`lambdamart`'s ranker on documents grouped by query.

    The rows may come in any order: a query's documents need not be
    contiguous, nor the query ids sorted. The rows are put in order of query
    id (a stable sort, so a query keeps its documents' order) before the fit,
    as both libraries need: LightGBM reads the group sizes
    (:func:`ndcg.ltr.queries.group_sizes`), XGBoost a sorted ``qid``.

    Parameters
    ----------
    library : {"lightgbm", "xgboost"}
    X : array of shape (n_docs, n_features)
        Finite features.
    y : array of shape (n_docs,)
        Whole-number grades from 0 to 30 (LightGBM) or 31 (XGBoost).
    qid : array of shape (n_docs,)
        Query id of each document (numbers or strings).
    seed : int, default 0
        ``random_state`` of the ranker.
    **settings
        ``rounds``, ``learning_rate``, ``leaves``, ``k``, ``n_jobs`` of
        :func:`lambdamart`.

    Returns
    -------
    lightgbm.LGBMRanker or xgboost.XGBRanker
        Fitted; ``model.predict(X)`` scores rows in any order.

    Raises
    ------
    ValueError
        For bad ``library``, settings or data, before anything is fitted.

    Examples
    --------
    >>> from ndcg.ltr.synthetic import make_letor
    >>> X, y, qid = make_letor(n_queries=40, seed=1)
    >>> order = np.random.default_rng(0).permutation(len(y))   # queries interleaved
    >>> model = fit_lambdamart("lightgbm", X[order], y[order], qid[order], rounds=10)
    >>> model.predict(X[:3]).shape
    (3,)
    """
    unknown = sorted(set(settings) - {"rounds", "learning_rate", "leaves", "k", "n_jobs"})
    if unknown:
        raise ValueError(
            f"unknown setting {unknown[0]!r}; fit_lambdamart takes rounds, learning_rate, leaves, k, n_jobs."
        )
    model = lambdamart(library, seed=seed, **settings)
    X, y, qid = _check_data(library, X, y, qid)
    _, codes = np.unique(qid, return_inverse=True)
    codes = codes.reshape(-1)
    order = np.argsort(codes, kind="stable")
    X, y, codes = X[order], y[order], codes[order]
    if library == "lightgbm":
        from .queries import group_sizes

        model.fit(X, y.astype(np.int64), group=group_sizes(codes))
    else:
        model.fit(X, y, qid=codes)
    return model
