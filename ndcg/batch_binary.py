"""RR/MRR, P@k, R@k and AP/MAP of many queries at once, from model scores.

These are the batch forms of the yes-or-no metrics of :mod:`ndcg.list_graded`
(:func:`~ndcg.list_binary.rr`) and :mod:`ndcg.list_binary`
(:func:`~ndcg.list_binary.precision_at_k`, :func:`~ndcg.list_binary.recall_at_k`,
:func:`~ndcg.list_binary.average_precision`). They take the same input as
:func:`ndcg.batch_graded.ndcg_score`: each row of ``y_true`` holds the grades of one
query's items, the same row of ``y_score`` the scores a model gave them, and
the ranking is "highest score first". An item is relevant when its grade is
at least ``threshold``. Everything is vectorised over queries (no Python loop
over rows), and rows are processed in blocks of about a megabyte, so the extra
memory stays small whatever the number of queries.

=========================  ====================================================
``mrr_score``              mean of ``rr_per_query``: 1 / rank of the first
                           relevant item (0 if none in the top ``k``)
``map_score``              mean of ``ap_per_query``: the sum of P@i at the
                           ranks ``i <= k`` of the relevant items, divided by
                           ``n_relevant``
``precision_score``        mean of ``precision_per_query``: relevant items in
                           the top ``k``, divided by ``k``
``recall_score``           mean of ``recall_per_query``: relevant items in the
                           top ``k``, divided by ``n_relevant``
=========================  ====================================================

Conventions
-----------
* ``k=None`` (RR and AP) scores the whole row; a ``k`` longer than the row is
  clamped, except in P@k, whose denominator is always ``k``: positions past
  the end of a short list count as not relevant, as in trec_eval's ``P_k``.
* ``n_relevant`` (AP and R@k) is, for each query, the number of relevant
  judged items, retrieved or not; by default the relevant items of the row.
  Relevant items that were never retrieved add nothing to AP's sum but count
  in its denominator. AP@k divides by ``n_relevant``, not by
  ``min(k, n_relevant)``.
* A query with no relevant item scores 0.0 in every metric and counts in the
  mean (trec_eval and ranx do the same; a query with no judgment at all, which
  trec_eval leaves out, cannot be written in a matrix).
* Input without items, ``y_true`` of shape ``(n_queries, 0)``, scores 0.0 for
  every query, as in :func:`ndcg.ndcg_score` (scikit-learn's ranking metrics
  refuse it).
* Pad shorter queries with grade 0 and score ``-inf``: padding items rank
  last and are never relevant, so they change no value. A real item scored
  ``-inf`` ties with the padding.

With these choices the functions give trec_eval's ``recip_rank``, ``map``,
``map_cut_k``, ``P_k`` and ``recall_k`` (``relevance_level`` is
``threshold``), and ranx's ``mrr@k``, ``map@k``, ``precision@k`` and
``recall@k`` (``rel_lvl`` is ``threshold``), when ``n_relevant`` counts the
query's relevant judgments and the ties are ordered as the library orders them.

Ties
----
When a model gives several items the same score their order is undefined,
and every metric here depends on it. ``ties`` says what to do:

``"average"`` (the default)
    The expected value of the metric when the tied items are put in a
    uniformly random order: exact, not sampled, and the same for any column
    order. This is the rule :func:`ndcg.batch_graded.ndcg_score` applies to DCG
    (McSherry & Najork, 2008), extended to each metric:

    * P@k and R@k: the tie group at the ``k``-th score puts
      ``slots / size`` of each of its relevant items into the top ``k``;
    * RR: only the first tie group holding a relevant item matters; with
      ``a`` items above it, ``n`` items in it and ``r`` of them relevant, the
      first relevant item lands at rank ``a + 1 + j`` with the hypergeometric
      probability ``C(n - 1 - j, r - 1) / C(n, r)``;
    * AP: a position ``p = a + j`` of a group (``c`` relevant items above it)
      holds a relevant item with probability ``r / n``, and then has
      ``c + 1 + (j - 1)(r - 1)/(n - 1)`` relevant items at or above it on
      average, so it adds ``r/n * (c + 1 + (j - 1)(r - 1)/(n - 1)) / p``.
``"first"``
    Ties broken by input order, the first column first: what LightGBM and
    XGBoost do, and what ``ignore_ties=True`` does in :func:`ndcg.ndcg_score`.
``"last"``
    Ties broken by reversed input order, the last column first. trec_eval
    breaks ties by document id in descending byte order, so with the columns
    sorted by ascending document id (``"d01"``, ``"d02"``, ...) ``"last"``
    gives trec_eval's numbers, ties included.

ranx does not specify its tie order (see :data:`ndcg.conventions.CONVENTIONS`).

Why ``ties`` here and ``ignore_ties`` in :func:`ndcg.ndcg_score`:
``ndcg_score`` keeps scikit-learn's argument, name and meaning, so that it can
replace ``sklearn.metrics.ndcg_score`` in existing code unchanged. scikit-learn
has no batch MRR or MAP to stay compatible with, and these metrics need three
rules, which a yes-or-no flag cannot name. ``ignore_ties=False`` is
``ties="average"`` and ``ignore_ties=True`` is ``ties="first"``.

References
----------
F. McSherry and M. Najork, "Computing information retrieval performance
measures efficiently in the presence of tied scores", ECIR 2008.

C. D. Manning, P. Raghavan and H. Schütze, *Introduction to Information
Retrieval*, Cambridge University Press, 2008, chapter 8.

E. M. Voorhees, "The TREC-8 question answering track report", TREC 1999
(the mean reciprocal rank).
"""

from __future__ import annotations

import numpy as np

from ._binary_rows import _ap_rows, _hits_rows, _row_count, _rr_rows
from ._rows import row_blocks
from ._validation import _as_numeric_array, _describe, check_k, check_matrices, check_threshold

#: The tie rules ``ties`` accepts, in the order error messages list them.
TIE_RULES = ("average", "first", "last")

#: Rows are scored in blocks of about this many bytes of ``y_score``, so that
#: the temporary arrays stay a few times this size, whatever the input's.
CHUNK_BYTES = 1 << 20


# --------------------------------------------------------------------------- public functions


def rr_per_query(y_true, y_score, *, k=None, threshold=1, ties="average") -> np.ndarray:
    """Reciprocal rank of every query (row): ``1 / rank`` of its first relevant item.

    The batch form of :func:`ndcg.rr`. A query with no relevant item in its
    top ``k`` scores 0.0. Parameters are those of :func:`mrr_score`.

    Returns
    -------
    numpy.ndarray of shape (n_queries,)

    Examples
    --------
    >>> rr_per_query([[0, 1, 0], [1, 0, 0], [0, 0, 0]], [[3, 2, 1], [3, 2, 1], [3, 2, 1]])
    array([0.5, 1. , 0. ])

    With ``k=1`` only the top item counts:

    >>> rr_per_query([[0, 1, 0], [1, 0, 0]], [[3, 2, 1], [3, 2, 1]], k=1)
    array([0., 1.])

    The relevant item tied with another at the top is first or second with
    equal chance; ``ties="first"`` takes the input order instead:

    >>> rr_per_query([[0, 1]], [[0.5, 0.5]])
    array([0.75])
    >>> rr_per_query([[0, 1]], [[0.5, 0.5]], ties="first")
    array([0.5])
    """
    k, threshold, ties = check_k(k), check_threshold(threshold), _check_ties(ties)
    true, score = _check_input(y_true, y_score, "rr(rels)")
    return _by_blocks(lambda t, s, _: _rr_rows(t >= threshold, s, k, ties), true, score)


def mrr_score(y_true, y_score, *, k=None, threshold=1, ties="average") -> float:
    """Mean reciprocal rank over queries, ranking each query's items by score.

    .. math:: \\mathrm{MRR@k} = \\frac{1}{|Q|} \\sum_{q \\in Q} \\frac{1}{\\mathrm{rank}_q}

    where :math:`\\mathrm{rank}_q` is the rank of the first relevant item of
    query :math:`q`, and the term is 0 when no relevant item is in the top
    ``k``. The batch form of :func:`ndcg.mrr`: no Python loop over queries.

    Parameters
    ----------
    y_true : array-like of shape (n_queries, n_items)
        Relevance grades, non-negative and finite.
    y_score : array-like of shape (n_queries, n_items)
        Model scores; higher means ranked higher. No NaN and no ``+inf``;
        ``-inf`` is allowed, for padding (ranked last). Integer scores are
        ranked exactly, never cast to float.
    k : int, optional
        Cut-off rank; ``None`` (the default) looks at the whole row, as
        trec_eval's ``recip_rank`` does; ``k`` gives ranx's ``mrr@k``.
    threshold : float
        Grade from which an item counts as relevant (``grade >= threshold``).
    ties : {"average", "first", "last"}
        ``"average"`` (default): the expected RR over the orders of tied items.
        ``"first"``: ties in input order. ``"last"``: ties in reversed input
        order (trec_eval's, with columns in ascending document-id order). See
        the module's docstring.

    Returns
    -------
    float

    See Also
    --------
    rr_per_query : the value of every query.
    ndcg.mrr : the same for lists of grades already in ranked order.

    Examples
    --------
    The chapter's kind of example: the first relevant result at ranks 2, 1
    and nowhere.

    >>> y_true = [[0, 1, 0], [1, 0, 0], [0, 0, 0]]
    >>> y_score = [[0.9, 0.8, 0.1], [0.7, 0.2, 0.3], [0.5, 0.4, 0.3]]
    >>> mrr_score(y_true, y_score)
    0.5
    >>> mrr_score(y_true, y_score, k=1)
    0.3333333333333333

    Graded labels need a threshold:

    >>> mrr_score([[1, 3, 0]], [[3, 2, 1]], threshold=3)
    0.5
    """
    return float(np.mean(rr_per_query(y_true, y_score, k=k, threshold=threshold, ties=ties)))


def ap_per_query(y_true, y_score, *, k=None, threshold=1, n_relevant=None, ties="average") -> np.ndarray:
    """Average precision (AP@k) of every query (row).

    The batch form of :func:`ndcg.average_precision`. A query with no relevant
    item scores 0.0. Parameters are those of :func:`map_score`.

    Returns
    -------
    numpy.ndarray of shape (n_queries,)

    Examples
    --------
    >>> ap_per_query([[1, 0, 1, 0], [0, 1, 0, 0]], [[4, 3, 2, 1], [4, 3, 2, 1]])
    array([0.83333333, 0.5       ])

    Two more relevant judged items that the first system never retrieved:

    >>> ap_per_query([[1, 0, 1, 0], [0, 1, 0, 0]], [[4, 3, 2, 1], [4, 3, 2, 1]],
    ...              n_relevant=[4, 1])
    array([0.41666667, 0.5       ])
    """
    k, threshold, ties = check_k(k), check_threshold(threshold), _check_ties(ties)
    true, score = _check_input(y_true, y_score, "average_precision(rels)")
    total = _check_n_relevant(n_relevant, true, threshold)
    return _by_blocks(lambda t, s, n: _ap_rows(t >= threshold, s, k, ties, n), true, score, total)


def map_score(y_true, y_score, *, k=None, threshold=1, n_relevant=None, ties="average") -> float:
    """Mean average precision over queries, ranking each query's items by score.

    .. math::

        \\mathrm{AP@k} = \\frac{1}{R} \\sum_{i \\le k:\\ rel_i \\ge t} \\mathrm{P@}i
        \\qquad
        \\mathrm{MAP@k} = \\frac{1}{|Q|} \\sum_{q \\in Q} \\mathrm{AP@k}_q

    where :math:`R` is ``n_relevant``. The batch form of
    :func:`ndcg.mean_average_precision`: no Python loop over queries.

    Parameters
    ----------
    y_true : array-like of shape (n_queries, n_items)
        Relevance grades, non-negative and finite.
    y_score : array-like of shape (n_queries, n_items)
        Model scores; higher means ranked higher. No NaN and no ``+inf``;
        ``-inf`` is allowed, for padding (ranked last). Integer scores are
        ranked exactly, never cast to float.
    k : int, optional
        Cut-off rank; ``None`` (the default) scores the whole row (trec_eval's
        ``map``); ``k`` gives trec_eval's ``map_cut_k`` and ranx's ``map@k``,
        which still divide by :math:`R`.
    threshold : float
        Grade from which an item counts as relevant (``grade >= threshold``).
    n_relevant : array-like of int, shape (n_queries,), optional
        For each query, the number of relevant judged items, retrieved or not
        (trec_eval's ``num_rel``). By default, the relevant items of the row,
        which hides the ones a system missed. Each count must be at least the
        number of relevant items in its row.
    ties : {"average", "first", "last"}
        ``"average"`` (default): the expected AP over the orders of tied items.
        ``"first"``: ties in input order. ``"last"``: ties in reversed input
        order (trec_eval's, with columns in ascending document-id order).

    Returns
    -------
    float

    See Also
    --------
    ap_per_query : the value of every query.
    ndcg.mean_average_precision : the same for lists of grades in ranked order.

    Examples
    --------
    The second query has two items only: it is padded with grade 0 and
    score ``-inf``.

    >>> y_true = [[1, 0, 1, 0], [0, 1, 0, 0]]
    >>> y_score = [[4, 3, 2, 1], [2, 1, -np.inf, -np.inf]]
    >>> round(map_score(y_true, y_score), 4)
    0.6667
    >>> round(map_score(y_true, y_score, n_relevant=[2, 4]), 4)
    0.4792
    >>> map_score(y_true, y_score, k=1)    # AP@1 = P@1 / R: 1/2 and 0/1
    0.25
    """
    return float(
        np.mean(ap_per_query(y_true, y_score, k=k, threshold=threshold, n_relevant=n_relevant, ties=ties))
    )


def precision_per_query(y_true, y_score, *, k, threshold=1, ties="average") -> np.ndarray:
    """Precision at k (P@k) of every query (row).

    The batch form of :func:`ndcg.precision_at_k`. Parameters are those of
    :func:`precision_score`.

    Returns
    -------
    numpy.ndarray of shape (n_queries,)

    Examples
    --------
    >>> precision_per_query([[3, 0, 2, 0, 1], [0, 0, 0, 1, 0]],
    ...                     [[5, 4, 3, 2, 1], [5, 4, 3, 2, 1]], k=3)
    array([0.66666667, 0.        ])
    """
    k = _check_cutoff(k)
    threshold, ties = check_threshold(threshold), _check_ties(ties)
    true, score = _check_input(y_true, y_score, "precision_at_k(rels, k)")
    return _by_blocks(lambda t, s, _: _hits_rows(t >= threshold, s, k, ties) / k, true, score)


def precision_score(y_true, y_score, *, k, threshold=1, ties="average") -> float:
    """Mean precision at k (P@k) over queries, ranking each query's items by score.

    .. math:: \\mathrm{P@k} = \\frac{1}{k} \\sum_{i=1}^{k} [\\![rel_i \\ge t]\\!]

    The denominator is always ``k``: positions past the end of a short list
    count as not relevant, as in trec_eval's ``P_k`` and ranx's
    ``precision@k``. This is the ranking metric, not
    ``sklearn.metrics.precision_score`` (a classifier's precision).

    Parameters
    ----------
    y_true : array-like of shape (n_queries, n_items)
        Relevance grades, non-negative and finite.
    y_score : array-like of shape (n_queries, n_items)
        Model scores; higher means ranked higher. No NaN and no ``+inf``;
        ``-inf`` is allowed, for padding (ranked last). Integer scores are
        ranked exactly, never cast to float.
    k : int
        Cut-off rank (required, keyword-only).
    threshold : float
        Grade from which an item counts as relevant (``grade >= threshold``).
    ties : {"average", "first", "last"}
        ``"average"`` (default): the expected P@k over the orders of tied
        items (the tie group at the ``k``-th score shares the places left).
        ``"first"``: ties in input order. ``"last"``: ties in reversed input
        order (trec_eval's, with columns in ascending document-id order).

    Returns
    -------
    float

    See Also
    --------
    precision_per_query : the value of every query.
    ndcg.precision_at_k : the same for one list of grades in ranked order.

    Examples
    --------
    >>> precision_score([[3, 0, 2, 0, 1], [1, 1, 0, 0, 0]],
    ...                 [[5, 4, 3, 2, 1], [1, 2, 3, 4, 5]], k=2)
    0.25

    Three items tied for two places, one of them relevant: it is in the top 2
    with probability 2/3.

    >>> round(precision_score([[1, 0, 0]], [[7, 7, 7]], k=2), 4)
    0.3333
    """
    return float(np.mean(precision_per_query(y_true, y_score, k=k, threshold=threshold, ties=ties)))


def recall_per_query(y_true, y_score, *, k, threshold=1, n_relevant=None, ties="average") -> np.ndarray:
    """Recall at k (R@k) of every query (row).

    The batch form of :func:`ndcg.recall_at_k`. A query with no relevant item
    scores 0.0. Parameters are those of :func:`recall_score`.

    Returns
    -------
    numpy.ndarray of shape (n_queries,)

    Examples
    --------
    >>> recall_per_query([[3, 0, 2, 0, 1], [0, 0, 0, 0, 0]],
    ...                  [[5, 4, 3, 2, 1], [5, 4, 3, 2, 1]], k=3)
    array([0.66666667, 0.        ])
    """
    k = _check_cutoff(k)
    threshold, ties = check_threshold(threshold), _check_ties(ties)
    true, score = _check_input(y_true, y_score, "recall_at_k(rels, k)")
    total = _check_n_relevant(n_relevant, true, threshold)

    def rows(t, s, n):
        hits = _hits_rows(t >= threshold, s, k, ties)
        out = np.zeros_like(hits)
        np.divide(hits, n, out=out, where=n > 0)
        return out

    return _by_blocks(rows, true, score, total)


def recall_score(y_true, y_score, *, k, threshold=1, n_relevant=None, ties="average") -> float:
    """Mean recall at k (R@k) over queries, ranking each query's items by score.

    .. math:: \\mathrm{R@k} = \\frac{1}{R} \\sum_{i=1}^{k} [\\![rel_i \\ge t]\\!]

    where :math:`R` is ``n_relevant``; a query with :math:`R = 0` scores 0.0.
    This is the ranking metric (trec_eval's ``recall_k``, ranx's
    ``recall@k``), not ``sklearn.metrics.recall_score`` (a classifier's).

    Parameters
    ----------
    y_true : array-like of shape (n_queries, n_items)
        Relevance grades, non-negative and finite.
    y_score : array-like of shape (n_queries, n_items)
        Model scores; higher means ranked higher. No NaN and no ``+inf``;
        ``-inf`` is allowed, for padding (ranked last). Integer scores are
        ranked exactly, never cast to float.
    k : int
        Cut-off rank (required, keyword-only); a ``k`` past the row is clamped.
    threshold : float
        Grade from which an item counts as relevant (``grade >= threshold``).
    n_relevant : array-like of int, shape (n_queries,), optional
        For each query, the number of relevant judged items, retrieved or not
        (trec_eval's ``num_rel``). By default, the relevant items of the row.
    ties : {"average", "first", "last"}
        ``"average"`` (default): the expected R@k over the orders of tied
        items. ``"first"``: ties in input order. ``"last"``: ties in reversed
        input order (trec_eval's, with columns in ascending document-id order).

    Returns
    -------
    float

    See Also
    --------
    recall_per_query : the value of every query.
    ndcg.recall_at_k : the same for one list of grades in ranked order.

    Examples
    --------
    >>> recall_score([[3, 0, 2, 0, 1]], [[5, 4, 3, 2, 1]], k=3)
    0.6666666666666666
    >>> recall_score([[3, 0, 2, 0, 1]], [[5, 4, 3, 2, 1]], k=3, n_relevant=[4])
    0.5
    """
    return float(
        np.mean(recall_per_query(y_true, y_score, k=k, threshold=threshold, n_relevant=n_relevant, ties=ties))
    )


# --------------------------------------------------------------------------- input checks


def _check_ties(ties) -> str:
    if not isinstance(ties, str) or ties not in TIE_RULES:
        valid = ", ".join(repr(rule) for rule in TIE_RULES)
        raise ValueError(
            f"ties must be one of {valid} (how items with equal scores are ordered); got {_describe(ties)}."
        )
    return ties


def _check_cutoff(k) -> int:
    k = check_k(k)
    if k is None:
        raise ValueError("k must be a positive integer (the cut-off rank); got None.")
    return k


def _check_input(y_true, y_score, single: str) -> tuple[np.ndarray, np.ndarray]:
    """``(y_true, y_score)`` checked as :func:`ndcg.ndcg_score` checks them; 1-D input is pointed to ``single``.

    Integer scores keep their type (``int64``, ``uint64``, ...): two scores
    above 2**53 that differ would become equal floats, a tie that changes
    every metric here. Every step below compares, partitions and sorts
    scores, and never does arithmetic on them, so any numeric type ranks exactly.
    """
    return check_matrices(y_true, y_score, gain="linear", exact_scores=True, single=single)


def _check_n_relevant(n_relevant, true: np.ndarray, threshold: float) -> np.ndarray:
    """The number of relevant judged items of each query, as floats (checked)."""
    found = _row_count(true >= threshold)
    if n_relevant is None:
        return found.astype(float)
    counts = _as_numeric_array(n_relevant, "n_relevant")
    if counts.shape != (true.shape[0],):
        raise ValueError(
            f"n_relevant must hold one count per query (row of y_true): expected shape "
            f"({true.shape[0]},), got {counts.shape}."
        )
    bad = ~np.isfinite(counts) | (counts < 0) | (counts != np.round(counts))
    if bad.any():
        i = int(np.argmax(bad))
        raise ValueError(
            f"n_relevant must hold non-negative whole numbers (counts of relevant judged items); "
            f"got {counts[i]:g} for query {i}."
        )
    short = counts < found
    if short.any():
        i = int(np.argmax(short))
        raise ValueError(
            f"n_relevant must count every relevant judged item of the query, the ones in y_true "
            f"included; query {i} has {found[i]} relevant item(s) in y_true (grade >= {threshold:g}) "
            f"but n_relevant is {counts[i]:g}."
        )
    return counts.astype(float)


# --------------------------------------------------------------------------- blocks of rows


def _by_blocks(rows, true: np.ndarray, score: np.ndarray, extra: np.ndarray | None = None) -> np.ndarray:
    """``rows(true, score, extra)`` over blocks of rows of about :data:`CHUNK_BYTES`, joined."""
    n_queries, n_items = score.shape
    if extra is None:
        extra = np.zeros(n_queries)
    blocks = list(row_blocks(n_queries, n_items, CHUNK_BYTES))
    if len(blocks) <= 1:
        return rows(true, score, extra)
    out = np.empty(n_queries)
    for block in blocks:
        out[block] = rows(true[block], score[block], extra[block])
    return out
