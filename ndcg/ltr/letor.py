"""Learning-to-rank data: a synthetic LETOR-style generator and an svmlight loader.

Learning-to-rank data sets (LETOR, MSLR-WEB10K/30K, Yahoo! LTR, MQ2007/2008)
are flat tables: one row per (query, document) pair, with a relevance grade
``y``, a query id ``qid`` and a feature vector ``X``. The rows of one query
are contiguous. Everything here uses that layout:

* ``X``: float64 array, ``n_docs x n_features``;
* ``y``: int64 array of grades, ``n_docs``;
* ``qid``: int64 array of query ids, ``n_docs``, each query's rows contiguous.

>>> X, y, qid = make_letor(n_queries=3, min_docs=2, max_docs=4, seed=1)
>>> X.shape == (len(y), 15), qid.tolist() == sorted(qid.tolist())
(True, True)

Functions
---------
``make_letor``              a synthetic data set with known structure
``train_valid_test_split``  split by query, never a query in two parts
``load_svmlight``           read the LETOR / svmlight text format, with ``qid``
                            or a ``.query`` file of query sizes (LightGBM's)
``save_svmlight``           write it
``describe``                queries, documents, docs per query, grade counts
``group_sizes``             the ``group=`` sizes LightGBM's ``LGBMRanker`` wants
``standardize_by_query``    z-score every feature within each query

The file format
---------------
One document per line::

    <grade> qid:<query id> <feature id>:<value> <feature id>:<value> ... # comment

Feature ids start at 1 (column 0 of ``X`` is feature 1). A feature missing
from a line is 0 (the format is sparse), and everything after ``#`` is a
comment (MQ2007/2008 put the document id there). Blank lines and lines that
start with ``#`` are skipped.

LightGBM's layout (its ``examples/lambdarank``: ``rank.train`` and
``rank.train.query``) leaves ``qid`` out of the lines::

    <grade> <feature id>:<value> <feature id>:<value> ...

and puts the queries in a sidecar file, ``<data file>.query``: one integer per
line, the number of consecutive rows of each query, in order.
:func:`load_svmlight` reads it when it exists (or when given as ``query=``, or
the sizes as ``group=``) and numbers the queries 0, 1, 2, ... in file order.

Using MSLR-WEB10K
-----------------
MSLR-WEB10K (Qin and Liu, 2013; Microsoft Research) has 10,000 queries and
about 1.2 million judged documents, 136 features per document and grades 0
(irrelevant) to 4 (perfectly relevant). Download ``MSLR-WEB10K.zip`` from the
Microsoft Research LETOR page (https://www.microsoft.com/en-us/research/project/mslr/)
and unzip it; it holds five folds, ``Fold1`` ... ``Fold5``, each with
``train.txt``, ``vali.txt`` and ``test.txt`` (the folds rotate which fifth of
the queries is the test set). Then, for example::

    from ndcg.ltr.letor import load_svmlight, describe
    X_train, y_train, qid_train = load_svmlight("MSLR-WEB10K/Fold1/train.txt", n_features=136)
    X_valid, y_valid, qid_valid = load_svmlight("MSLR-WEB10K/Fold1/vali.txt", n_features=136)
    X_test, y_test, qid_test = load_svmlight("MSLR-WEB10K/Fold1/test.txt", n_features=136)
    describe(y_train, qid_train)

Pass ``n_features=136`` so that the three parts have the same columns even if
a file happens not to mention the last feature. The files are already split
by query, so :func:`train_valid_test_split` is not needed. The reader is pure
Python: a training file (about 720,000 lines) takes a minute or two and about
0.8 GB of memory as a dense float64 array. The features are raw (counts,
BM25 scores, PageRank, ...) on very different scales, so standardize them
(globally, or with :func:`standardize_by_query`) before fitting a linear
model or a neural network; tree ensembles such as LightGBM do not need it.
MSLR-WEB30K, Yahoo! LTR and MQ2007/2008 use the same format (Yahoo! has 699
features, MQ2007/2008 have 46).

References
----------
T. Qin and T.-Y. Liu, "Introducing LETOR 4.0 datasets", arXiv:1306.2597, 2013.
"""

from __future__ import annotations

import math
import numbers
import os

import numpy as np

from .._validation import check_int, refuse_masked

__all__ = [
    "GRADE_FRACTIONS",
    "RELEVANCE_KINDS",
    "describe",
    "group_sizes",
    "load_svmlight",
    "make_letor",
    "save_svmlight",
    "standardize_by_query",
    "train_valid_test_split",
]

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
#: The largest integer a grade or a query id may be: they are held as 64-bit integers.
_INT64_MAX = int(np.iinfo(np.int64).max)
#: The most columns :func:`load_svmlight` makes from the feature ids alone (``X`` is dense): a
#: larger id is a typo or another format, unless ``n_features`` says the file really has that
#: many (MSLR-WEB has 136 features, Yahoo! LTR 700, Istella 220).
MAX_FEATURES_UNASKED = 100_000


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


def _parse_number(token: str, kind, where: str, what: str):
    try:
        value = kind(token)
    except ValueError:
        raise ValueError(f"{where}: {what} {token!r} is not a number.") from None
    if kind is float and not math.isfinite(value):
        raise ValueError(f"{where}: {what} {token!r} is not a finite number.")
    return value


def load_svmlight(path, n_features=None, *, query=None, group=None):
    """Read a LETOR / svmlight file with query ids, or with a file of query sizes.

    Each data line is ``<grade> qid:<id> <fid>:<value> ... # comment`` (see
    the module docstring). Feature ids are 1-based and column ``fid - 1`` of
    ``X`` holds feature ``fid``; missing features are 0. Rows keep the file's
    order and query ids are kept as written.

    In LightGBM's layout the lines have no ``qid:`` field, ``<grade> <fid>:<value>
    ...``, and the queries are given by their sizes, the numbers of
    consecutive rows of each, one per line of a sidecar file
    ``<path>.query`` (LightGBM's ``rank.train`` and ``rank.train.query``).
    That file is read when it exists, or when passed as ``query``; ``group``
    gives the sizes directly (LightGBM's ``group=``). The queries are then
    numbered 0, 1, 2, ... in file order.

    Parameters
    ----------
    path : str, os.PathLike or open text file
    n_features : int, optional
        Number of columns of ``X``. By default the largest feature id in the
        file. Give it (136 for MSLR-WEB10K) so that files that do not mention
        the last features still get the same columns.
    query : str, os.PathLike, open text file or False, optional
        The file of query sizes, one positive integer per line. By default
        ``<path>.query`` if ``path`` is a path and that file exists; ``False``
        never reads one.
    group : sequence of int, optional
        The query sizes themselves, in file order (instead of ``query``).

    Returns
    -------
    X : ndarray of float64, shape (n_docs, n_features)
    y : ndarray of int64, shape (n_docs,)
    qid : ndarray of int64, shape (n_docs,)

    Raises
    ------
    ValueError
        Naming the file and the line number, for a line without a
        ``qid:<integer>`` second field (when no query sizes are given), a
        line with one (when they are), a query id that does not fit a 64-bit
        integer, a grade that is not a whole number from 0 up (or does not
        fit a 64-bit integer), a pair that is not ``<fid>:<value>``, a
        feature id below 1 or above ``n_features`` (above
        :data:`MAX_FEATURES_UNASKED` when ``n_features`` is not given: ``X``
        is dense), a repeated feature id, or a value that is not a finite
        number; also for a file with no data line, a query size that
        is not a positive integer, and sizes that do not add up to the
        number of rows.

    Examples
    --------
    >>> import io
    >>> text = '''# two queries, MQ2008 style
    ... 2 qid:10 1:0.5 3:1.2 #docid = GX000-00-0000000
    ... 0 qid:10 2:0.25
    ... 1 qid:7 1:1 2:2 3:3
    ... '''
    >>> X, y, qid = load_svmlight(io.StringIO(text))
    >>> X
    array([[0.5 , 0.  , 1.2 ],
           [0.  , 0.25, 0.  ],
           [1.  , 2.  , 3.  ]])
    >>> y, qid
    (array([2, 0, 1]), array([10, 10,  7]))

    LightGBM's layout, the sizes of the two queries given as ``group``
    (from a file, ``query="rank.train.query"``, or found next to the data):

    >>> X, y, qid = load_svmlight(io.StringIO("2 1:0.5 3:1.2\\n0 2:0.25\\n1 1:1\\n"), group=[2, 1])
    >>> y, qid
    (array([2, 0, 1]), array([0, 0, 1]))
    >>> load_svmlight(io.StringIO("1 1:0.5"))
    Traceback (most recent call last):
    ...
    ValueError: <file>, line 1: the second field must be qid:<integer>; got '1:0.5'. (Without qid fields, give the number of rows of each query: a '<data file>.query' file, or query= or group=.)
    """
    if n_features is not None:
        n_features = check_int(n_features, "n_features", 1)
    sizes, source = _query_sizes(path, query, group)
    name, lines = _lines(path, "<file>")

    grades, queries, rows, cols, vals = [], [], [], [], []
    for number, line in enumerate(lines, start=1):
        data = line.partition("#")[0].split()
        if not data:
            continue
        where = f"{name}, line {number}"
        grade = _parse_number(data[0], float, where, "the grade")
        if grade != int(grade):
            raise ValueError(f"{where}: the grade {data[0]!r} is not an integer.")
        if not 0 <= grade <= _INT64_MAX:
            raise ValueError(
                f"{where}: the grade {data[0]!r} must be a whole number from 0 (not relevant) up; "
                "a relevance grade is never negative."
                if grade < 0
                else f"{where}: the grade {data[0]!r} is too large (at most {_INT64_MAX})."
            )
        has_qid = len(data) > 1 and data[1].startswith("qid:")
        if sizes is not None:
            if has_qid:
                raise ValueError(
                    f"{where}: the line has a query id ({data[1]!r}), but the queries are given by "
                    f"their sizes ({source}): use one or the other (query=False ignores a .query file)."
                )
            query_id, pairs = -1, data[1:]
        else:
            if not has_qid:
                got = repr(data[1]) if len(data) > 1 else "nothing"
                raise ValueError(
                    f"{where}: the second field must be qid:<integer>; got {got}. (Without qid fields, "
                    "give the number of rows of each query: a '<data file>.query' file, or query= or group=.)"
                )
            try:
                query_id = int(data[1][4:])
            except ValueError:
                raise ValueError(f"{where}: the query id in {data[1]!r} is not an integer.") from None
            if not -_INT64_MAX - 1 <= query_id <= _INT64_MAX:
                raise ValueError(
                    f"{where}: the query id in {data[1]!r} does not fit a 64-bit integer "
                    f"(from {-_INT64_MAX - 1} to {_INT64_MAX})."
                )
            pairs = data[2:]
        row = len(grades)
        seen = set()
        for pair in pairs:
            fid_text, colon, value_text = pair.partition(":")
            if not colon or not fid_text or not value_text:
                raise ValueError(f"{where}: {pair!r} is not a <feature id>:<value> pair.")
            try:
                fid = int(fid_text)
            except ValueError:
                raise ValueError(f"{where}: the feature id in {pair!r} is not an integer.") from None
            if fid < 1 or (n_features is not None and fid > n_features):
                upper = "" if n_features is None else f" and at most n_features={n_features}"
                raise ValueError(f"{where}: feature id {fid} in {pair!r} must be at least 1{upper}.")
            if n_features is None and fid > MAX_FEATURES_UNASKED:
                raise ValueError(
                    f"{where}: feature id {fid} in {pair!r} would make {fid:,} dense columns; ids above "
                    f"{MAX_FEATURES_UNASKED:,} are read only when n_features says the file has that many."
                )
            if fid in seen:
                raise ValueError(f"{where}: feature id {fid} appears twice.")
            seen.add(fid)
            rows.append(row)
            cols.append(fid - 1)
            vals.append(_parse_number(value_text, float, where, f"the value of feature {fid}"))
        grades.append(int(grade))
        queries.append(query_id)

    if not grades:
        raise ValueError(f"{name}: no data line (expected '<grade> qid:<id> <fid>:<value> ...').")
    if sizes is not None:
        if int(sizes.sum()) != len(grades):
            raise ValueError(
                f"the query sizes ({source}) add up to {int(sizes.sum())} rows in {sizes.size} queries, "
                f"but {name} has {len(grades)} data lines: each size must count the consecutive rows "
                "of one query, in file order."
            )
        queries = np.repeat(np.arange(sizes.size), sizes)
    if n_features is None:
        n_features = max(cols) + 1 if cols else 0
    X = np.zeros((len(grades), n_features))
    X[np.asarray(rows, dtype=np.intp), np.asarray(cols, dtype=np.intp)] = vals
    return X, np.asarray(grades, dtype=np.int64), np.asarray(queries, dtype=np.int64)


def _lines(source, unnamed: str) -> tuple[str, list[str]]:
    """The name of ``source`` (a path, or an open text file: its ``name``, else ``unnamed``) for
    error messages, and its lines."""
    if hasattr(source, "read"):
        name = getattr(source, "name", unnamed)
        return (name if isinstance(name, str) else unnamed), source.read().splitlines()
    with open(source, encoding="utf-8") as handle:
        return os.fspath(source), handle.read().splitlines()


def _query_sizes(path, query, group) -> tuple[np.ndarray | None, str]:
    """The number of rows of each query, from ``group`` or a ``.query`` file, and where they came from.

    ``(None, "")`` when the data lines must carry their own ``qid``.
    """
    if group is not None:
        if query is not None and query is not False:
            raise ValueError(
                "give the query sizes once: query (a file of sizes) or group (the sizes), not both."
            )
        refuse_masked(group, "group")
        values = np.asarray(group)
        if values.ndim != 1 or values.size == 0 or values.dtype.kind not in "iuf":
            raise ValueError(
                "group must be a non-empty 1-D sequence of query sizes (the number of consecutive rows "
                f"of each query); got {group!r}."
            )
        bad = ~np.isfinite(values) | (values < 1) | (values != np.round(values))
        if bad.any():
            raise ValueError(f"group must hold positive whole numbers (query sizes); got {values[bad][0]!r}.")
        return values.astype(np.int64), "group"
    if query is False:
        return None, ""
    if query is None:
        if hasattr(path, "read"):
            return None, ""
        sidecar = os.fspath(path) + ".query"
        if not os.path.isfile(sidecar):
            return None, ""
        query = sidecar
    name, lines = _lines(query, "<query file>")
    sizes = []
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text:
            continue
        try:
            size = int(text)
        except ValueError:
            size = 0
        if size < 1:
            raise ValueError(
                f"{name}, line {number}: a query size must be a positive integer (the number of "
                f"consecutive rows of one query); got {text!r}."
            )
        sizes.append(size)
    if not sizes:
        raise ValueError(f"{name}: no query size (expected one positive integer per line).")
    return np.asarray(sizes, dtype=np.int64), f"the query file {name}"


def save_svmlight(path, X, y, qid, *, skip_zeros=False):
    """Write a data set in the LETOR / svmlight format that :func:`load_svmlight` reads.

    One line per row, ``<grade> qid:<id> 1:<value> 2:<value> ...``, with
    feature ids 1-based and values written with Python's shortest exact
    ``repr``, so that reading the file back gives identical arrays.

    Parameters
    ----------
    path : str, os.PathLike or open text file
    X : array of shape (n_docs, n_features), finite numbers
    y : array of integer grades, shape (n_docs,)
    qid : array of integer query ids, shape (n_docs,)
    skip_zeros : bool, default False
        Leave out features equal to 0 (the sparse form). The default writes
        every feature, as MSLR-WEB10K does, so the number of features
        survives the round trip without ``n_features``.

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> save_svmlight(out, [[0.5, 0.0], [1.0, 2.0]], [2, 0], [10, 10])
    >>> print(out.getvalue(), end="")
    2 qid:10 1:0.5 2:0.0
    0 qid:10 1:1.0 2:2.0
    >>> out.seek(0)
    0
    >>> X, y, qid = load_svmlight(out)
    >>> X.tolist(), y.tolist(), qid.tolist()
    ([[0.5, 0.0], [1.0, 2.0]], [2, 0], [10, 10])
    """
    X, y, qid = _check_dataset(X, y, qid)
    if not np.all(np.isfinite(X)):
        raise ValueError("X must hold finite numbers only (the format has no NaN or infinity).")
    for label, values in (("y", y), ("qid", qid)):
        if values.dtype.kind not in "iub" and not (
            values.dtype.kind == "f" and np.all(values == np.round(values))
        ):
            raise ValueError(f"{label} must hold integers; got {values.dtype} values.")
    lines = []
    for features, grade, query in zip(X.tolist(), y.tolist(), qid.tolist()):
        pairs = " ".join(
            f"{fid}:{value!r}"
            for fid, value in enumerate(features, start=1)
            if not (skip_zeros and value == 0)
        )
        lines.append(f"{int(grade)} qid:{int(query)} {pairs}".rstrip() + "\n")
    if hasattr(path, "write"):
        path.writelines(lines)
    else:
        with open(path, "w", encoding="utf-8") as handle:
            handle.writelines(lines)


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
