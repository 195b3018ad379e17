"""A synthetic learning-to-rank data set in the LETOR layout, with a switch for each ingredient.

Learning-to-rank data sets (LETOR, MSLR-WEB10K/30K, Yahoo! LTR, MQ2007/2008)
are flat tables: one row per (query, document) pair, with a relevance grade
``y``, a query id ``qid`` and a feature vector ``X``. The rows of one query
are contiguous. :func:`make_letor` makes such a table with known structure:

* ``X``: float64 array, ``n_docs x n_features``;
* ``y``: int64 array of grades, ``n_docs``;
* ``qid``: int64 array of query ids, ``n_docs``, each query's rows contiguous.

>>> X, y, qid = make_letor(n_queries=3, min_docs=2, max_docs=4, seed=1)
>>> X.shape == (len(y), 15), qid.tolist() == sorted(qid.tolist())
(True, True)

Its default grade shares are :data:`GRADE_FRACTIONS`, its kinds of latent
relevance :data:`RELEVANCE_KINDS`. The chapters import all three from
:mod:`ndcg.ltr.letor` (the file format), where they stay importable; the
query-level tools (split, describe, standardize) are in :mod:`ndcg.ltr.queries`.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from .._validation import check_int

__all__ = ["GRADE_FRACTIONS", "RELEVANCE_KINDS", "make_letor"]

#: The default share of documents that :func:`make_letor` gives grades 0, 1, 2,
#: 3, 4. An assumption, not a measurement: it has the shape of graded web
#: judgments (most judged documents irrelevant, few perfect), but it was not
#: fitted to any collection. Pass ``grade_probs`` to use another distribution.
GRADE_FRACTIONS = (0.50, 0.25, 0.13, 0.08, 0.04)

#: The kinds of latent relevance :func:`make_letor` can make.
RELEVANCE_KINDS = ("linear", "nonlinear", "tiered")

# The generator's fixed constants (documented in make_letor).
_QUERY_EFFECT_SD = 0.5  # per-query shift of the latent relevance
_LABEL_NOISE_SD = 1.0  # noise added to the latent relevance
_NOISY_CORRELATION = 0.25  # correlation of a noisy feature with the latent relevance
_FEATURE_SHIFT_SD = 1.0  # per-query, per-feature shift of the observed features


def make_letor(
    n_queries=200,
    *,
    min_docs=5,
    max_docs=40,
    n_informative=5,
    n_noisy=5,
    n_useless=5,
    relevance="linear",
    query_offset_sd=_QUERY_EFFECT_SD,
    label_noise_sd=_LABEL_NOISE_SD,
    feature_shift_sd=_FEATURE_SHIFT_SD,
    grade_probs=GRADE_FRACTIONS,
    seed=0,
):
    """A synthetic learning-to-rank data set in the LETOR layout.

    Every ingredient of real judged data is here, each behind a switch, so
    that a race between learners can isolate one effect at a time.

    How it is made (``rng = numpy.random.default_rng(seed)``):

    1. Every query gets ``rng.integers(min_docs, max_docs + 1)`` documents.
    2. Every document has ``n_informative`` hidden standard-normal values
       ``z``. Its latent relevance is ``r = signal + q + e``:

       * ``signal`` depends on ``relevance``. ``"linear"`` (the default):
         ``z @ w / ||w||``, with weights ``w`` drawn once, uniform on
         [0.5, 1.5], so a linear model is the right model.
         ``"nonlinear"``: an interaction and two thresholds of the first
         five, ``z0 * z1 + 2 * [z2 > 0 and z3 > 0] + 1.5 * [z4 > 1]``,
         standardized over all documents (mean 0, standard deviation 1).
         No linear function of ``z`` predicts ``z0 * z1`` at all (the two
         are uncorrelated), and a threshold is a step that a line can only
         approximate, while a regression tree splits on exactly such
         conditions.
         ``"tiered"``: ``z0 + 5 * [z0 > 0.5] * z1``, standardized: ``z0``
         decides whether a document is relevant at all, and among the
         documents with ``z0 > 0.5`` it is ``z1`` that decides which are the
         best. A linear score ``a * z0 + b * z1`` cannot get both orders
         right, so a learner must choose: the many pairs low in the list
         ask for ``z0``, the few pairs at the top for ``z1``.
       * ``q ~ N(0, query_offset_sd**2)`` is a per-query offset shared by
         the query's documents: some queries have many relevant documents,
         others none. It changes no ranking within a query, but it moves
         every grade of the query, so a model that predicts grades (pointwise
         regression) has to explain it, and a model that only compares
         documents of the same query does not.
       * ``e ~ N(0, label_noise_sd**2)`` is label noise, independent for
         every document (judges disagree).

    3. Grades: the thresholds are quantiles of ``r`` over all documents
       such that the grades 0, 1, 2, ... go to the shares ``grade_probs``
       of the documents (exact up to rounding). A query can have no
       relevant document at all.
    4. Features, in this column order:

       * ``n_informative`` informative features: ``z`` itself;
       * ``n_noisy`` noisy features: ``0.25 * r_std + sqrt(1 - 0.25**2) * noise``,
         where ``r_std`` is ``r`` standardized, so each is only weakly
         correlated with relevance (correlation 0.25);
       * ``n_useless`` useless features: pure standard-normal noise.

       Every feature of every query is then shifted by its own
       ``N(0, feature_shift_sd**2)`` constant, as raw LETOR features are (a
       BM25 score is larger for a long query): the values are not comparable
       across queries, which hurts a pointwise model, while any ranking of
       the documents within one query by a linear score is unchanged.

    With the defaults, the arrays are those of every earlier version of this
    function (the random numbers are drawn in the same order).

    Parameters
    ----------
    n_queries : int, default 200
        Number of queries (>= 1).
    min_docs, max_docs : int, default 5 and 40
        Each query's number of documents is uniform on
        ``min_docs .. max_docs`` (inclusive; ``1 <= min_docs <= max_docs``).
    n_informative, n_noisy, n_useless : int, default 5 each
        Number of features of each kind (>= 0, at least one feature overall;
        ``relevance="nonlinear"`` needs ``n_informative >= 5``, ``"tiered"``
        needs 2).
    relevance : {"linear", "nonlinear", "tiered"}, default "linear"
        The shape of the signal (step 2).
    query_offset_sd : float, default 0.5
        Standard deviation of the per-query offset ``q`` (>= 0).
    label_noise_sd : float, default 1.0
        Standard deviation of the label noise ``e`` (>= 0).
    feature_shift_sd : float, default 1.0
        Standard deviation of the per-query, per-feature shift (>= 0).
    grade_probs : sequence of float, default :data:`GRADE_FRACTIONS`
        The share of documents of each grade, from grade 0 up: at least two
        positive numbers summing to 1. The default is an assumption (see
        :data:`GRADE_FRACTIONS`).
    seed : int, default 0
        The same seed and arguments give identical arrays.

    Returns
    -------
    X : ndarray of float64, shape (n_docs, n_informative + n_noisy + n_useless)
    y : ndarray of int64, shape (n_docs,)
        Grades ``0 .. len(grade_probs) - 1``.
    qid : ndarray of int64, shape (n_docs,)
        Query ids 0, 1, ..., n_queries - 1, sorted, each query contiguous.

    Raises
    ------
    ValueError
        Naming the argument, for a count out of range, an unknown
        ``relevance``, a negative or non-finite standard deviation, or
        ``grade_probs`` that are not positive shares summing to 1.

    Examples
    --------
    >>> X, y, qid = make_letor(n_queries=100, seed=0)
    >>> X.shape[1], X.dtype, int(y.min()), int(y.max())
    (15, dtype('float64'), 0, 4)
    >>> np.unique(qid).size, bool(np.all(np.diff(qid) >= 0))
    (100, True)
    >>> (np.bincount(y) / len(y)).round(2)
    array([0.5 , 0.25, 0.13, 0.08, 0.04])
    >>> X2, y2, qid2 = make_letor(n_queries=100, seed=0)
    >>> bool(np.array_equal(X, X2) and np.array_equal(y, y2))
    True

    Binary judgments, half of them relevant, relevance with interactions:

    >>> X, y, qid = make_letor(n_queries=100, relevance="nonlinear", grade_probs=(0.5, 0.5))
    >>> (np.bincount(y) / len(y)).tolist()
    [0.5, 0.5]
    """
    n_queries = check_int(n_queries, "n_queries", 1)
    min_docs = check_int(min_docs, "min_docs", 1)
    max_docs = check_int(max_docs, "max_docs", 1)
    if max_docs < min_docs:
        raise ValueError(f"max_docs must be >= min_docs; got min_docs={min_docs}, max_docs={max_docs}.")
    n_informative = check_int(n_informative, "n_informative", 0)
    n_noisy = check_int(n_noisy, "n_noisy", 0)
    n_useless = check_int(n_useless, "n_useless", 0)
    if n_informative + n_noisy + n_useless == 0:
        raise ValueError("n_informative + n_noisy + n_useless must be at least 1; got 0 features.")
    if relevance not in RELEVANCE_KINDS:
        raise ValueError(
            f"relevance must be one of {', '.join(map(repr, RELEVANCE_KINDS))}; got {relevance!r}."
        )
    needed = {"linear": 0, "nonlinear": 5, "tiered": 2}[relevance]
    if n_informative < needed:
        raise ValueError(
            f"relevance={relevance!r} uses {needed} informative features; got n_informative={n_informative}."
        )
    query_offset_sd = _check_sd(query_offset_sd, "query_offset_sd")
    label_noise_sd = _check_sd(label_noise_sd, "label_noise_sd")
    feature_shift_sd = _check_sd(feature_shift_sd, "feature_shift_sd")
    grade_probs = _check_grade_probs(grade_probs)
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise ValueError(f"seed must be an integer; got {seed!r}.")

    rng = np.random.default_rng(seed)
    sizes = rng.integers(min_docs, max_docs + 1, size=n_queries)
    qid = np.repeat(np.arange(n_queries, dtype=np.int64), sizes)
    n_docs = int(sizes.sum())

    z = rng.standard_normal((n_docs, n_informative))
    w = rng.uniform(0.5, 1.5, size=n_informative)
    if relevance == "nonlinear":
        raw = z[:, 0] * z[:, 1] + 2.0 * ((z[:, 2] > 0) & (z[:, 3] > 0)) + 1.5 * (z[:, 4] > 1.0)
        signal = (raw - raw.mean()) / raw.std()
    elif relevance == "tiered":
        raw = z[:, 0] + 5.0 * (z[:, 0] > 0.5) * z[:, 1]
        signal = (raw - raw.mean()) / raw.std()
    else:
        signal = z @ w / np.linalg.norm(w) if n_informative else np.zeros(n_docs)
    query_effect = rng.normal(0.0, query_offset_sd, size=n_queries)[qid]
    latent = signal + query_effect + rng.normal(0.0, label_noise_sd, size=n_docs)

    cumulative = np.cumsum(grade_probs)[:-1]
    thresholds = np.quantile(latent, cumulative)
    y = np.searchsorted(thresholds, latent, side="right").astype(np.int64)

    spread = latent.std()
    latent_std = (latent - latent.mean()) / spread if spread > 0 else np.zeros(n_docs)
    rho = _NOISY_CORRELATION
    noisy = rho * latent_std[:, None] + math.sqrt(1 - rho**2) * rng.standard_normal((n_docs, n_noisy))
    useless = rng.standard_normal((n_docs, n_useless))
    X = np.hstack([z, noisy, useless])
    X += rng.normal(0.0, feature_shift_sd, size=(n_queries, X.shape[1]))[qid]
    return X, y, qid


def _check_sd(value, name):
    if (
        isinstance(value, bool)
        or not isinstance(value, numbers.Real)
        or not math.isfinite(value)
        or value < 0
    ):
        raise ValueError(f"{name} must be a finite number >= 0 (a standard deviation); got {value!r}.")
    return float(value)


def _check_grade_probs(grade_probs):
    try:
        probs = tuple(float(p) for p in grade_probs)
    except (TypeError, ValueError):
        raise ValueError(
            f"grade_probs must be a sequence of numbers, the share of each grade; got {grade_probs!r}."
        ) from None
    if len(probs) < 2 or not all(math.isfinite(p) and p > 0 for p in probs):
        raise ValueError(
            f"grade_probs must be at least two positive shares (grades 0, 1, ...); got {grade_probs!r}."
        )
    if not math.isclose(sum(probs), 1.0, abs_tol=1e-9):
        raise ValueError(f"grade_probs must sum to 1; got {grade_probs!r} (sum {sum(probs)!r}).")
    return probs
