"""Learning-to-rank files: read and write the LETOR / svmlight text format.

Learning-to-rank data sets (LETOR, MSLR-WEB10K/30K, Yahoo! LTR, MQ2007/2008)
are flat tables: one row per (query, document) pair, with a relevance grade
``y``, a query id ``qid`` and a feature vector ``X``. The rows of one query
are contiguous. The reader and the writer use that layout:

* ``X``: float64 array, ``n_docs x n_features``;
* ``y``: int64 array of grades, ``n_docs``;
* ``qid``: int64 array of query ids, ``n_docs``, each query's rows contiguous.

Functions
---------
``load_svmlight``  read the LETOR / svmlight text format, with ``qid``
                   or a ``.query`` file of query sizes (LightGBM's)
``save_svmlight``  write it

The chapters import the other data tools from here too, and they stay
importable from this module (its ``__all__`` lists them): the synthetic data
set, ``make_letor`` with ``GRADE_FRACTIONS`` and ``RELEVANCE_KINDS``, is in
:mod:`ndcg.ltr.synthetic`; the query-level tools, ``train_valid_test_split``,
``describe``, ``group_sizes`` and ``standardize_by_query``, are in
:mod:`ndcg.ltr.queries`.

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
import os

import numpy as np

from .._validation import check_int, refuse_masked
from .queries import (
    _check_dataset,
    describe,
    group_sizes,
    standardize_by_query,
    train_valid_test_split,
)
from .synthetic import GRADE_FRACTIONS, RELEVANCE_KINDS, make_letor

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

#: The largest integer a grade or a query id may be: they are held as 64-bit integers.
_INT64_MAX = int(np.iinfo(np.int64).max)
#: The most columns :func:`load_svmlight` makes from the feature ids alone (``X`` is dense): a
#: larger id is a typo or another format, unless ``n_features`` says the file really has that
#: many (MSLR-WEB has 136 features, Yahoo! LTR 700, Istella 220).
MAX_FEATURES_UNASKED = 100_000


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
