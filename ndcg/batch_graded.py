"""DCG and NDCG of many queries at once, from model scores.

:mod:`ndcg.list_graded` scores one list of grades that is already in ranked
order. Here each row of ``y_true`` holds the grades of one query's items and
the same row of ``y_score`` the scores a model gave them; the ranking is
"highest score first". Everything is vectorised over queries (no Python loop
over them), rows are processed in chunks of about :data:`CHUNK_BYTES` bytes,
so the extra memory stays below the input's size however many queries there
are, and where ``k`` is well below the number of items each row's top ``k`` is
found from its ``k``-th score, by a partition of values rather than a full
sort (:func:`_use_threshold`), or, where the row's best tie group fills the
top ``k``, by one comparison (:func:`_dcg_threshold`).

Ties
----
When a model gives several items the same score, their order is undefined,
and any tie-break would flatter or punish the model by chance. By default
(``ignore_ties=False``) the items of a tie group share the average gain of the
group, at the positions the group occupies (McSherry & Najork, 2008). This is
the expected DCG over all orderings of the tied items, and it is what
scikit-learn's ``dcg_score`` and ``ndcg_score`` compute. With
``ignore_ties=True`` ties are broken by input order (the first column first),
which is what a fixed tie-break means, and fine for continuous scores.

The ideal DCG of a query sorts that query's grades (``y_true``), so, as in
scikit-learn, it is computed from the items in the row only. Pad shorter
queries with grade 0 and score ``-inf``.

References
----------
F. McSherry and M. Najork, "Computing information retrieval performance
measures efficiently in the presence of tied scores", ECIR 2008.
"""

from __future__ import annotations

import numpy as np

from ._rows import argsort_descending_stable, position_sum, row_blocks
from ._validation import (
    _describe,
    check_flag,
    check_gain,
    check_k,
    check_matrices,
    check_matrix_values,
    check_sample_weight,
    is_finite_real,
)
from .gains import WHOLE_ARRAY_CHECK_BELOW, _gain_scaled, _overflow, _scaled_gain, _unscale, _whole, discounts

#: Bytes of input (one float64 matrix) handled per chunk of rows. Every
#: temporary array (indices, masks, gathered values) is a small multiple of a
#: chunk, so the extra memory is bounded whatever the number of queries, and a
#: chunk of both inputs stays near the processor's cache. The measurement:
#: benchmarks/README.md, "Chunk size".
CHUNK_BYTES = 1 << 21

_DIFFERENCES = """Notes
    -----
    Differences from scikit-learn (1.9), which otherwise computes the same
    numbers with ``gain="linear"``:

    * a row with a single item is scored (scikit-learn's ``ndcg_score``
      refuses ``y_true`` with one column);
    * negative grades are refused (scikit-learn's ``dcg_score`` accepts them,
      its ``ndcg_score`` refuses them);
    * ``-inf`` scores are allowed, as padding ranked last; ``+inf`` and NaN
      are refused (scikit-learn refuses every non-finite score);
    * 1-D input is refused by both; here the message points to ``ndcg(rels)``;
    * ``gain="exponential"`` (``2**grade - 1``) is offered; scikit-learn's
      gain is always the grade;
    * with ``ignore_ties=True`` tied items are taken in input order;
      scikit-learn reverses an unstable ascending sort, so its order of tied
      items is not defined (it is meant for scores without ties);
    * negative ``sample_weight`` values are refused (scikit-learn passes them
      to ``numpy.average``);
    * ``dcg_score``'s ``log_base`` must be above 1 (scikit-learn takes any
      positive base: 1 divides by zero, and a base below 1 makes every
      discount negative);
    * input without items, ``y_true`` of shape ``(n_queries, 0)``, scores
      0.0 for every query, as an empty list does in :func:`ndcg.ndcg`
      (scikit-learn refuses it: it needs at least one column).

    Integer scores are ranked exactly by both (no cast to float)."""


def _checked(y_true, y_score, k, gain, ignore_ties):
    gain = check_gain(gain)
    k = check_k(k)
    ignore_ties = check_flag(ignore_ties, "ignore_ties")
    true, score = check_matrices(y_true, y_score, gain=gain, exact_scores=True, check_values=False)
    return true, score, k, gain, ignore_ties


def dcg_per_query(y_true, y_score, *, k=None, log_base=2, gain="linear", ignore_ties=False) -> np.ndarray:
    """DCG@k of every query (row): an array with one value per row.

    Parameters are those of :func:`dcg_score` (without ``sample_weight``);
    the same top-k selection, chunking and checks apply.

    Returns
    -------
    numpy.ndarray of shape (n_queries,)

    See Also
    --------
    dcg_score : their (weighted) mean.

    References
    ----------
    F. McSherry and M. Najork, "Computing information retrieval performance
    measures efficiently in the presence of tied scores", ECIR 2008.

    Examples
    --------
    >>> dcg_per_query([[3, 2, 1], [0, 0, 1]], [[0.9, 0.5, 0.1], [0.3, 0.2, 0.1]])
    array([4.76185951, 0.5       ])
    """
    base = _check_log_base(log_base)
    true, score, k, gain, ignore_ties = _checked(y_true, y_score, k, gain, ignore_ties)
    values = _per_query(true, score, k, gain, ignore_ties, normalise=False)
    if base != 2:
        # 1 / log_b(i + 1) = log2(b) / log2(i + 1): every discount, so the DCG, times log2(b).
        with np.errstate(over="ignore"):
            values = values * np.log2(base)
        if not np.all(np.isfinite(values)):
            raise _overflow("DCG of a query")
    return values


def _check_log_base(log_base) -> float:
    """``log_base`` as a float; raise unless it is a finite number above 1."""
    if not is_finite_real(log_base) or log_base <= 1:
        raise ValueError(
            "log_base must be a number above 1 (the base of the logarithm of the discount "
            f"1 / log_base(rank + 1); 2 by default); got {_describe(log_base)}."
        )
    return float(log_base)


def ndcg_per_query(y_true, y_score, *, k=None, gain="linear", ignore_ties=False) -> np.ndarray:
    """NDCG@k of every query (row): an array with one value per row.

    A query with no relevant item (ideal DCG 0) scores 0.0. Parameters are
    those of :func:`ndcg_score` (without ``sample_weight``); the same top-k
    selection, chunking and checks apply.

    Returns
    -------
    numpy.ndarray of shape (n_queries,)

    See Also
    --------
    ndcg_score : their (weighted) mean.

    References
    ----------
    F. McSherry and M. Najork, "Computing information retrieval performance
    measures efficiently in the presence of tied scores", ECIR 2008.

    Examples
    --------
    >>> ndcg_per_query([[3, 2, 1], [0, 0, 1], [0, 0, 0]],
    ...                [[0.9, 0.5, 0.1], [0.3, 0.2, 0.1], [1, 2, 3]]).round(4)
    array([1. , 0.5, 0. ])
    """
    true, score, k, gain, ignore_ties = _checked(y_true, y_score, k, gain, ignore_ties)
    return _per_query(true, score, k, gain, ignore_ties, normalise=True)


def dcg_score(
    y_true, y_score, *, k=None, log_base=2, gain="linear", ignore_ties=False, sample_weight=None
) -> float:
    """Mean DCG@k over queries, ranking each query's items by score.

    With ``gain="linear"`` this equals ``sklearn.metrics.dcg_score``, ties,
    ``log_base`` and ``sample_weight`` included.

    Parameters
    ----------
    y_true : array-like of shape (n_queries, n_items)
        Relevance grades, non-negative and finite (at most 1023 with
        ``gain="exponential"``).
    y_score : array-like of shape (n_queries, n_items)
        Model scores; higher means ranked higher. No NaN and no ``+inf``;
        ``-inf`` is allowed, for padding (ranked last). Integer scores are
        ranked exactly, never cast to float.
    k : int, optional
        Cut-off rank; ``None`` scores every item.
    log_base : float, default 2
        Base of the logarithm of the discount ``1 / log_base(rank + 1)``, as
        in scikit-learn: a smaller base discounts faster. Any base above 1;
        it multiplies every DCG by ``log2(log_base)``, so NDCG, a ratio of
        two DCGs, is the same for every base (:func:`ndcg_score` has none).
    gain : {"linear", "exponential"}
    ignore_ties : bool
        ``False`` (default): tied items share their group's average gain.
        ``True``: ties are broken by input order.
    sample_weight : array-like of shape (n_queries,), optional
        Weight of each query in the mean, as in scikit-learn: the result is
        ``sum(w * dcg) / sum(w)``. Non-negative, with a positive sum.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        On bad input, naming the argument; and when a DCG with exponential
        gain exceeds the float64 range (grades near 1023): use
        :func:`ndcg_score` there, which is scale-free.

    See Also
    --------
    ndcg_score, dcg_per_query, ndcg.dcg : one ranked list.

    {differences}

    References
    ----------
    F. McSherry and M. Najork, "Computing information retrieval performance
    measures efficiently in the presence of tied scores", ECIR 2008.

    Examples
    --------
    >>> round(dcg_score([[3, 2, 1, 0, 2]], [[5, 4, 3, 2, 1]]), 4)
    5.5356

    Two items tied at the top share the average of their gains:

    >>> dcg_score([[1, 0]], [[0.5, 0.5]])
    0.8154648767857288

    A weighted mean over queries:

    >>> dcg_score([[1, 0], [0, 1]], [[2, 1], [2, 1]], sample_weight=[3, 1])
    0.9077324383928644

    Base 10: the second place's discount is ``1 / log10(3)``, about 2.1, not
    about 0.63:

    >>> round(dcg_score([[0, 1]], [[2, 1]], log_base=10), 4)
    2.0959
    """
    values = dcg_per_query(y_true, y_score, k=k, log_base=log_base, gain=gain, ignore_ties=ignore_ties)
    return _mean(values, sample_weight)


def ndcg_score(y_true, y_score, *, k=None, gain="linear", ignore_ties=False, sample_weight=None) -> float:
    """Mean NDCG@k over queries, ranking each query's items by score.

    With ``gain="linear"`` this equals ``sklearn.metrics.ndcg_score``, ties
    and ``sample_weight`` included, and is much faster (no Python loop over
    queries; ``benchmarks/bench_ndcg_score.py`` measures by how much). A query
    with no relevant item scores 0.0 and counts in the mean.

    Where ``k`` is well below the number of items, each row's top ``k`` is
    found by a partition instead of a full sort, keeping the whole tie group
    at the cut-off, so the result is the same; a row whose best score is
    shared by ``k`` items or more needs neither. The ideal DCG is found the
    same way from the grades. Rows are processed in chunks
    of about :data:`CHUNK_BYTES` bytes, so the extra memory stays a fixed
    amount plus one float per query, below the size of the input.

    Parameters
    ----------
    y_true : array-like of shape (n_queries, n_items)
        Relevance grades, non-negative and finite (at most 1023 with
        ``gain="exponential"``; near that limit the gains are scaled before
        summing, which NDCG, a ratio, does not notice).
    y_score : array-like of shape (n_queries, n_items)
        Model scores; higher means ranked higher. No NaN and no ``+inf``;
        ``-inf`` is allowed, for padding (ranked last). Integer scores are
        ranked exactly, never cast to float.
    k : int, optional
        Cut-off rank; ``None`` scores every item.
    gain : {"linear", "exponential"}
    ignore_ties : bool
        ``False`` (default): tied items share their group's average gain.
        ``True``: ties are broken by input order. scikit-learn's name; the
        batch MRR, MAP, P@k and R@k (:mod:`ndcg.batch_binary`) call the same
        choice ``ties="average"`` or ``ties="first"``, and offer ``"last"``.
    sample_weight : array-like of shape (n_queries,), optional
        Weight of each query in the mean, as in scikit-learn: the result is
        ``sum(w * ndcg) / sum(w)``. Non-negative, with a positive sum.

    Returns
    -------
    float

    See Also
    --------
    ndcg_per_query, dcg_score, ndcg.ndcg : one ranked list.

    {differences}

    References
    ----------
    F. McSherry and M. Najork, "Computing information retrieval performance
    measures efficiently in the presence of tied scores", ECIR 2008.

    K. Järvelin and J. Kekäläinen, "Cumulated gain-based evaluation of IR
    techniques", ACM TOIS 20(4), 2002.

    Examples
    --------
    >>> y_true = [[3, 2, 1, 0, 2], [0, 1, 0, 0, 0]]
    >>> y_score = [[5, 4, 3, 2, 1], [0.1, 0.2, 0.3, 0.4, 0.5]]
    >>> round(ndcg_score(y_true, y_score, k=5), 4)
    0.7016
    >>> ndcg_score([[1, 0]], [[0.5, 0.5]])  # a tie: the expected NDCG
    0.8154648767857288
    >>> round(ndcg_score(y_true, y_score, k=5, sample_weight=[1, 0]), 4)
    0.9725
    """
    values = ndcg_per_query(y_true, y_score, k=k, gain=gain, ignore_ties=ignore_ties)
    return _mean(values, sample_weight)


dcg_score.__doc__ = dcg_score.__doc__.replace("{differences}", _DIFFERENCES)
ndcg_score.__doc__ = ndcg_score.__doc__.replace("{differences}", _DIFFERENCES)


def _mean(values: np.ndarray, sample_weight) -> float:
    """The mean over queries, weighted as ``numpy.average`` weighs (scikit-learn's meaning)."""
    weight = check_sample_weight(sample_weight, values.shape[0])
    if weight is None:
        return float(np.mean(values))
    return float(np.average(values, weights=weight))


def _per_query(true, score, k, gain, ignore_ties, *, normalise: bool) -> np.ndarray:
    """DCG or NDCG of every row of checked input, a chunk of rows at a time."""
    n_queries, n_items = true.shape
    out = np.zeros(n_queries)
    if n_items == 0:
        return out
    depth = n_items if k is None else min(k, n_items)
    # Linear gains are the grades themselves: where the ideal DCG sorts whole rows, the grades are
    # sorted first, and the sorted rows' ends (each row's smallest and largest grade; NaN sorts
    # last) check them and give their scale without another pass over the chunk.
    sort_grades = normalise and gain == "linear" and _sorts_whole_rows(n_items, depth)
    for rows in row_blocks(n_queries, n_items, CHUNK_BYTES):
        true_rows, score_rows = np.ascontiguousarray(true[rows]), np.ascontiguousarray(score[rows])
        sorted_grades, whole = _sorted_grades(true_rows) if sort_grades else (None, None)
        ends = None if sorted_grades is None else (sorted_grades[:, 0], sorted_grades[:, -1])
        check_matrix_values(true_rows, score_rows, gain=gain, first_row=rows.start, grade_ends=ends)
        # On short rows, whole grades: no grade is tiny (gains._shift skips that check), and unscaled
        # linear gains are whole numbers too (_packing_unit need not check them again). Long rows
        # take each row's maximum in _shift, which needs no such check: there it would only cost.
        if whole is None and n_items < WHOLE_ARRAY_CHECK_BELOW:
            whole = _whole(true_rows)
        gains, shift = _scaled_gain(
            true_rows, gain, whole=bool(whole), best=None if ends is None else ends[1]
        )
        integral = whole if gain == "linear" and np.all(np.equal(shift, 0)) else None
        actual = _dcg_rows(gains, score_rows, k, ignore_ties, integral=integral)
        if normalise:
            ideal = (
                _ideal_dcg_rows(gains, k)
                if sorted_grades is None
                else _ideal_dcg_sorted(sorted_grades, shift, depth)
            )
            np.divide(actual, ideal, out=out[rows], where=ideal > 0)
            # Both sums are position_sum's, so the ideal order gives exactly 1. A ranking within a
            # rounding error of the ideal (grades a few ulps apart, swapped) can round to a DCG
            # above the ideal DCG; its true NDCG is below 1 by less than that error, so 1 is kept.
            np.minimum(out[rows], 1.0, out=out[rows])
        else:
            out[rows] = _unscale(actual, shift, "DCG of a query")
    return out


def _use_partition(n_items: int, depth: int) -> bool:
    """Whether a partition then a sort of the top ``depth`` beats a full sort of ``n_items``.

    Partition above 256 items when ``k <= n_items / 4``. Both paths give the same result; only
    time depends on this. The measurement: benchmarks/README.md, "Partition or sort".
    """
    return n_items > _PARTITION_MIN_ITEMS and n_items >= _PARTITION_RATIO * depth


_PARTITION_MIN_ITEMS = 256
_PARTITION_RATIO = 4


def _sorts_whole_rows(n_items: int, depth: int) -> bool:
    """Whether the top ``depth`` of rows of ``n_items`` are found by a full sort (no partition first)."""
    return not (depth < n_items and _use_partition(n_items, depth))


def _use_threshold(n_items: int, depth: int) -> bool:
    """Whether :func:`_dcg_threshold` (a partition of values) beats :func:`_dcg_ranked` (a sort).

    From 20 items when ``k <= n_items / 5``. Both give the same result; only time depends on
    this. The measurement: benchmarks/README.md, "A partition of values or a ranking".
    """
    return n_items >= _THRESHOLD_MIN_ITEMS and n_items >= _THRESHOLD_RATIO * depth


_THRESHOLD_MIN_ITEMS = 20
_THRESHOLD_RATIO = 5


def _flat_index(columns: np.ndarray, n_items: int) -> np.ndarray:
    """Flat positions of ``[i, columns[i, j]]`` in a C-ordered ``(rows, n_items)`` array."""
    return columns + (np.arange(columns.shape[0]) * n_items)[:, None]


def _take(matrix: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """``matrix[i, columns[i, j]]`` for every row ``i`` (a flat gather)."""
    return matrix.ravel()[_flat_index(columns, matrix.shape[1])]


def _ranking(score: np.ndarray, depth: int, *, stable: bool) -> np.ndarray:
    """Columns of each row's ``depth`` best items, best first.

    With ``stable`` ties are in input order (the first column first);
    otherwise tied items come in any order, but always next to each other.
    Chooses between a full sort and a partition by shape
    (:func:`_use_partition`). Both give the same DCG; without ``stable``
    they may pick different members of the tie group at the cut-off, which
    :func:`_dcg_rows` averages over the whole row anyway.
    """
    n_items = score.shape[1]
    if depth < n_items and _use_partition(n_items, depth):
        return _ranking_partition(score, depth, stable=stable)
    return _ranking_sort(score, depth, stable=stable)


def _ranking_sort(score: np.ndarray, depth: int, *, stable: bool) -> np.ndarray:
    """:func:`_ranking` by a full sort of every row.

    NumPy's default sort is fast but orders tied items arbitrarily. Where
    ``stable`` asks for ties in input order, only the rows that have a tie
    among their first ``depth + 1`` places are sorted again, stably.
    """
    order = np.argsort(score, axis=1)[:, : -depth - 2 : -1]  # best first, one spare
    if stable:
        head = _take(score, order)
        tied = np.flatnonzero((head[:, 1:] == head[:, :-1]).any(axis=1))
        if tied.size:
            order[tied] = argsort_descending_stable(score[tied])[:, : order.shape[1]]
    return order[:, :depth]


def _ranking_partition(score: np.ndarray, depth: int, *, stable: bool) -> np.ndarray:
    """:func:`_ranking` by one partition of every row, then a sort of its top ``depth``.

    ``argpartition`` puts each row's ``depth`` largest scores last, in no
    order; only those are sorted. Items tied with the ``depth``-th score may
    be split across the cut-off in any way; that does not matter when ties
    are averaged (:func:`_dcg_rows` takes the boundary group's mean over the
    whole row), and with ``stable`` the boundary group's first items in input
    order are taken instead.
    """
    n_items = score.shape[1]
    top = np.argpartition(score, n_items - depth, axis=1)[:, n_items - depth :]
    if stable:
        kth = _take(score, top).min(axis=1, keepdims=True)
        above = score > kth
        at = score == kth
        wanted = depth - np.count_nonzero(above, axis=1, keepdims=True)
        chosen = above | (at & (np.cumsum(at, axis=1) <= wanted))
        top = (np.flatnonzero(chosen) % n_items).reshape(score.shape[0], depth)  # in column order
        return np.take_along_axis(top, argsort_descending_stable(_take(score, top)), axis=1)
    order = np.argsort(_take(score, top), axis=1)[:, ::-1]
    return np.take_along_axis(top, order, axis=1)


def _dcg_rows(
    gains: np.ndarray, score: np.ndarray, k: int | None, ignore_ties: bool, *, integral: bool | None = None
) -> np.ndarray:
    """DCG@k of every row, ranking by ``score`` (checked input).

    Only the first ``k`` ranks are gathered and summed. With ties averaged,
    every tie group scored above a row's ``k``-th score lies wholly inside the
    top ``k``; the group *at* that score may reach past rank ``k``, and then
    its mean gain is taken over the whole row, as the rule asks. Rows with a
    small ``k`` for their length (:func:`_use_threshold`) go to
    :func:`_dcg_threshold`, the others to :func:`_dcg_ranked`.
    """
    n_queries, n_items = gains.shape
    if n_items == 0:
        return np.zeros(n_queries)
    depth = n_items if k is None else min(k, n_items)
    if _use_threshold(n_items, depth):
        return _dcg_threshold(gains, score, depth, ignore_ties, integral=integral)
    return _dcg_ranked(gains, score, depth, ignore_ties, integral=integral)


def _dcg_threshold(
    gains: np.ndarray, score: np.ndarray, depth: int, ignore_ties: bool, *, integral: bool | None = None
) -> np.ndarray:
    """:func:`_dcg_rows` for long rows: no full sort, and no index partition where avoidable.

    Three kinds of row, each computed the cheapest exact way:

    * a row whose best score is shared by ``depth`` items or more (few
      distinct scores on a long list) is one tie group down to the cut-off.
      With ties averaged its DCG is that group's mean gain times the sum of
      the first ``depth`` discounts (:func:`_top_group_dcg`): one comparison
      and one sum over the row, no partition;
    * otherwise each row's ``depth``-th largest score is found by a partition
      of the values (about twice as fast as ``argpartition`` on continuous
      scores). If exactly ``depth`` items score at or above it, no tie group
      crosses the cut-off, and those items, picked by a mask, are the top
      (:func:`_dcg_of_top`). Continuous scores are this case;
    * a row whose tie group at the cut-off reaches past it, below some
      better items, is ranked by :func:`_dcg_ranked`.

    Which way is tried first is a guess from the first rows of the chunk
    (:func:`_likely_kind`): it changes the time, never the result. Where
    those rows are of the third kind (or, with ``ignore_ties``, have a tie
    across the cut-off), the whole chunk goes to :func:`_dcg_ranked` at once.
    """
    n_queries, n_items = score.shape
    kind = _likely_kind(score[:_PROBE_ROWS], depth, ignore_ties)
    if kind == "crossing":
        return _dcg_ranked(gains, score, depth, ignore_ties, integral=integral)
    result = np.empty(n_queries)
    pending = np.arange(n_queries)
    if kind == "filled":
        best = score.max(axis=1, keepdims=True)
        at_best = score == best
        n_best = np.count_nonzero(at_best, axis=1)
        filled = n_best >= depth
        rows = _which(filled)
        if rows is not None:
            result[rows] = _top_group_dcg(gains[rows], at_best[rows], n_best[rows], depth)
        pending = np.flatnonzero(~filled)
        if pending.size == 0:
            return result
        gains, score = gains[pending], score[pending]
    cut = n_items - depth
    top = np.partition(score, cut, axis=1)[:, cut:]
    kth = top[:, :1]  # each row's depth-th largest score
    at_or_above = score >= kth
    n_at_or_above = np.count_nonzero(at_or_above, axis=1)
    filled = (kth[:, 0] == top.max(axis=1)) if not ignore_ties else np.zeros(len(pending), dtype=bool)
    exact = (n_at_or_above == depth) & ~filled
    part = np.empty(len(pending))
    rows = _which(exact)
    if rows is not None:
        columns = (np.flatnonzero(at_or_above[rows]) % n_items).reshape(-1, depth)  # in column order
        part[rows] = _dcg_of_top(gains[rows], score[rows], columns, ignore_ties)
    rows = _which(filled)
    if rows is not None:
        part[rows] = _top_group_dcg(gains[rows], at_or_above[rows], n_at_or_above[rows], depth)
    rows = _which(~(exact | filled))
    if rows is not None:
        part[rows] = _dcg_ranked(gains[rows], score[rows], depth, ignore_ties, integral=integral)
    result[pending] = part
    return result


#: How many rows of a chunk :func:`_dcg_threshold` looks at to guess its fastest order.
_PROBE_ROWS = 4


def _likely_kind(score: np.ndarray, depth: int, ignore_ties: bool) -> str:
    """The kind of row (of :func:`_dcg_threshold`'s three) most of these rows are.

    ``"filled"``: the best score is shared by ``depth`` items or more (only
    when ties are averaged); ``"exact"``: no tie crosses the cut-off;
    ``"crossing"``: anything else.
    """
    n_items = score.shape[1]
    top = np.partition(score, n_items - depth, axis=1)[:, n_items - depth :]
    kth = top[:, :1]
    exact = np.count_nonzero(score >= kth, axis=1) == depth
    filled = (kth[:, 0] == top.max(axis=1)) & ~exact
    half = score.shape[0] / 2
    if not ignore_ties and np.count_nonzero(filled) >= half:
        return "filled"
    if np.count_nonzero(exact) >= half:
        return "exact"
    return "crossing"


def _top_group_dcg(gains: np.ndarray, in_group: np.ndarray, group_size: np.ndarray, depth: int) -> np.ndarray:
    """DCG@depth of rows whose best tie group (``in_group``, of ``group_size`` items) fills the top ``depth``.

    Every rank down to the cut-off holds the group's mean gain (ties
    averaged), summed as every DCG is (:func:`ndcg._rows.position_sum`).
    """
    mean_gain = _group_mean(gains, in_group, group_size)
    return position_sum(np.broadcast_to(mean_gain[:, None], (gains.shape[0], depth)), discounts(depth))


def _group_mean(gains: np.ndarray, in_group: np.ndarray, group_size: np.ndarray) -> np.ndarray:
    """The mean gain of each row's items in ``in_group``, exact when they are all equal.

    Taken from one member's gain and the differences from it
    (:func:`_mean_of_groups`), so a group of equal gains has that gain as its
    mean, to the last bit (the sum of three gains of 0.1, divided by 3, is not
    0.1), and a ranking in the ideal order keeps an NDCG of exactly 1.
    """
    reference = gains.ravel()[np.argmax(in_group, axis=1) + np.arange(gains.shape[0]) * gains.shape[1]]
    spread = np.einsum("ij,ij->i", gains - reference[:, None], in_group)
    return _mean_of_groups(reference, spread, group_size)


def _which(selected: np.ndarray) -> slice | np.ndarray | None:
    """Rows to index: all of them as a slice (a view, no copy), the selected ones, or None."""
    if selected.all():
        return slice(None)
    if selected.any():
        return np.flatnonzero(selected)
    return None


def _dcg_of_top(gains: np.ndarray, score: np.ndarray, columns: np.ndarray, ignore_ties: bool) -> np.ndarray:
    """DCG of each row's top items, given as ``columns`` in column order (no tie crosses the cut-off)."""
    values = _take(score, columns)
    if ignore_ties:
        order = argsort_descending_stable(values)  # ties in column order
    else:
        order = np.argsort(values, axis=1)[:, ::-1]
    ranked = np.take_along_axis(columns, order, axis=1)
    flat = _flat_index(ranked, gains.shape[1])
    ranked_gains = gains.ravel()[flat]
    weights = discounts(columns.shape[1])
    if ignore_ties:
        return position_sum(ranked_gains, weights)
    return _tie_averaged(ranked_gains, score.ravel()[flat], weights)


def _dcg_ranked(
    gains: np.ndarray, score: np.ndarray, depth: int, ignore_ties: bool, *, integral: bool | None = None
) -> np.ndarray:
    """:func:`_dcg_rows` by ranking each row's top ``depth`` items (partition or sort).

    With ties averaged and a full sort (:func:`_use_partition` false), the
    whole sorted row is kept (:func:`_dcg_sorted`): it holds the tie group at
    the cut-off in full. Otherwise the top ``depth`` are ranked, and a tie
    group reaching past rank ``depth`` gets its mean gain over the whole row.
    """
    n_items = gains.shape[1]
    if not ignore_ties and _sorts_whole_rows(n_items, depth):
        return _dcg_sorted(gains, score, depth, integral)
    columns = _ranking(score, depth, stable=ignore_ties)
    flat = _flat_index(columns, n_items)
    ranked_gains = gains.ravel()[flat]
    weights = discounts(depth)
    if ignore_ties:
        return position_sum(ranked_gains, weights)
    ranked_scores = score.ravel()[flat]
    if depth == n_items:
        return _tie_averaged(ranked_gains, ranked_scores, weights)
    # Rows whose k-th score is shared by an item ranked below k ("spills").
    last = ranked_scores[:, -1:]
    at = score == last
    n_at = np.count_nonzero(at, axis=1)
    in_boundary = ranked_scores == last
    n_in_top = np.count_nonzero(in_boundary, axis=1)
    spills = np.flatnonzero(n_at > n_in_top)
    expected = _expected_gains(ranked_gains, ranked_scores)
    if spills.size:
        # The boundary group's places in the top k hold its mean gain over the whole row.
        boundary_mean = _group_mean(gains[spills], at[spills], n_at[spills])
        if expected is ranked_gains:
            expected = ranked_gains.copy()
        expected[spills] = np.where(in_boundary[spills], boundary_mean[:, None], expected[spills])
    return position_sum(expected, weights)


def _dcg_sorted(gains: np.ndarray, score: np.ndarray, depth: int, integral: bool | None = None) -> np.ndarray:
    """:func:`_dcg_ranked` with ties averaged, from one full sort of every row.

    A row whose first ``depth + 1`` places hold no tie (continuous scores)
    sums its gains as ranked; the others take the expected gains of their
    whole sorted row (:func:`_sorted_expected_gains`), the tie group at the
    cut-off included, so nothing is ranked twice. Which rows have ties is
    looked up only when the first rows of the chunk have none: on heavily
    tied scores every row is taken the second way at once.
    """
    n_queries = score.shape[0]
    weights = discounts(depth)
    order = np.argsort(score, axis=1)  # ascending: each row's best item last, tied items next to each other
    if _head_tied(score[:_PROBE_ROWS], order[:_PROBE_ROWS], depth).any():
        return position_sum(_sorted_expected_gains(gains, score, order, depth, integral), weights)
    tied = _head_tied(score, order, depth)
    result = np.empty(n_queries)
    rows = _which(~tied)
    if rows is not None:
        result[rows] = position_sum(_take(gains[rows], order[rows, ::-1][:, :depth]), weights)
    rows = _which(tied)
    if rows is not None:
        result[rows] = position_sum(
            _sorted_expected_gains(gains[rows], score[rows], order[rows], depth, integral), weights
        )
    return result


def _head_tied(score: np.ndarray, order: np.ndarray, depth: int) -> np.ndarray:
    """Whether each row has two equal scores among its first ``depth + 1`` places (``order`` ascending).

    A row without has no tie in its top ``depth`` and none across the cut-off.
    """
    head = _take(score, order[:, ::-1][:, : depth + 1])
    return (head[:, 1:] == head[:, :-1]).any(axis=1)


def _sorted_expected_gains(
    gains: np.ndarray, score: np.ndarray, order: np.ndarray, depth: int, integral: bool | None = None
) -> np.ndarray:
    """The expected gains of each row's first ``depth`` ranks, from its whole ascending ``order``.

    Every rank holds the mean gain of its tie group (the run of equal scores
    it sits in), taken over the whole row. Where the gains are integers small
    enough (:func:`_packing_unit`), one cumulative sum over the whole chunk
    gives every group's sum and number, exact at every step; otherwise each
    group sums its differences to its first gain (:func:`_mean_of_groups`).
    Both give the same bits where the gains are such integers. ``order`` is
    overwritten (it becomes flat positions).
    """
    n_queries, n_items = gains.shape
    flat = order  # the columns become flat positions in place: no other chunk-sized array
    flat += (np.arange(n_queries) * n_items)[:, None]
    flat = flat.ravel()
    ranked = np.take(score.ravel(), flat)
    starts = np.empty(flat.size, dtype=bool)  # where a tie group begins
    np.not_equal(ranked[1:], ranked[:-1], out=starts[1:])
    starts.reshape(n_queries, n_items)[:, 0] = True  # and a row begins one
    # The gains, in the scores' place where they are of one type (not integer scores).
    ranked = np.take(gains.ravel(), flat, out=ranked if ranked.dtype == gains.dtype else None, mode="clip")
    first = np.flatnonzero(starts)
    size = np.diff(first, append=flat.size)
    unit = _packing_unit(ranked, integral)
    if unit is None:
        reference = ranked[first]
        spread = np.add.reduceat(ranked - np.repeat(reference, size), first)
        means = _mean_of_groups(reference, spread, size)
        number = np.cumsum(starts, dtype=np.intp)  # of each place's group, from 1
        return means[number.reshape(n_queries, n_items)[:, ::-1][:, :depth] - 1]
    # Over `unit` (a power of two: exact), the gains of the whole chunk sum to less than 1, and
    # each group's first place adds 1: the running sum at a place is the number of groups begun so
    # far (its whole part) plus the gains so far over `unit`, a multiple of 1 / unit below
    # 2**53 / unit, so every step is exact.
    ranked *= 1.0 / unit
    ranked += starts
    np.cumsum(ranked, out=ranked)
    # From one group's last place to the next one's, the running sum grows by 1 plus the group's
    # gains over `unit`: each group's exact sum, divided once by its size.
    ends = ranked[np.append(first[1:], flat.size) - 1]
    means = np.empty(first.size + 1)  # means[g]: the group numbered g (from 1)
    np.subtract(np.diff(ends, prepend=0.0), 1.0, out=means[1:])
    means[1:] *= unit
    means[1:] /= size
    top = ranked.reshape(n_queries, n_items)[:, ::-1][:, :depth]  # the best rank first
    return means[top.astype(np.intp)]  # the whole part: the group's number


def _packing_unit(gains: np.ndarray, integral: bool | None = None) -> float | None:
    """A power of two above the sum of ``gains``, if they are integers and ``unit * (gains.size + 1) <= 2**53``.

    Then ``unit`` times any count of groups up to ``gains.size`` plus any
    partial sum of the gains is an integer below ``2**53``, which float64
    holds exactly (:func:`_sorted_expected_gains`). None otherwise.
    ``integral`` says whether the gains are whole numbers where the caller
    knows it already (:func:`_per_query`); None: they are looked at.
    """
    if not (_whole(gains) if integral is None else integral):
        return None
    total = float(gains.sum())  # exact: integers whose every partial sum is below 2**53, else too big anyway
    unit = 2.0 ** int(total).bit_length()
    return unit if unit * (gains.size + 1) <= 2.0**53 else None


def _mean_of_groups(reference: np.ndarray, spread: np.ndarray, size: np.ndarray) -> np.ndarray:
    """The mean gain of tie groups, from one member's gain, the sum of differences to it, and the size.

    The sum of the group, ``reference * size + spread``, is divided once:
    for integer gains below ``2**53 / size`` every step is exact, so the
    mean is the exact sum rounded once, whichever member is the reference,
    and the same bits as :func:`_sorted_expected_gains`'s sums give. A group
    of equal gains (``spread`` 0) keeps its gain to the last bit, which
    ``(0.1 * 3) / 3`` would not.
    """
    return np.where(spread == 0, reference, (reference * size + spread) / size)


def _tie_averaged(ranked_gains: np.ndarray, ranked_scores: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """DCG of rows sorted by score, each tie group sharing its average gain.

    Every position of a tie group holds the group's mean gain
    (:func:`_expected_gains`), and the DCG is their sum with the discounts,
    computed as every DCG is (:func:`ndcg._rows.position_sum`).
    """
    return position_sum(_expected_gains(ranked_gains, ranked_scores), weights)


def _expected_gains(ranked_gains: np.ndarray, ranked_scores: np.ndarray) -> np.ndarray:
    """The expected gain at every position of rows sorted by score, tied items in random order.

    Each position of a tie group (a run of equal scores) holds the group's
    mean gain, taken from its first gain and the differences from it
    (:func:`_mean_of_groups`), so a group of equal gains keeps that gain to
    the last bit. Rows without ties
    keep their gains (the same array is returned). All rows are handled at
    once on the flattened arrays.
    """
    n_queries, n_items = ranked_gains.shape
    starts_group = np.ones((n_queries, n_items), dtype=bool)
    np.not_equal(ranked_scores[:, 1:], ranked_scores[:, :-1], out=starts_group[:, 1:])
    starts = np.flatnonzero(starts_group)
    if starts.size == ranked_gains.size:  # no ties at all
        return ranked_gains
    flat = ranked_gains.ravel()
    sizes = np.diff(starts, append=flat.size)
    reference = np.repeat(flat[starts], sizes)
    spread = np.add.reduceat(flat - reference, starts)
    means = _mean_of_groups(flat[starts], spread, sizes)
    return np.repeat(means, sizes).reshape(n_queries, n_items)


def _sorted_grades(grades: np.ndarray) -> tuple[np.ndarray, bool]:
    """Each row's grades in ascending order (NaN last), and whether every grade is a whole number.

    Whole grades that fit in an int32 are sorted as int32, about twice as
    fast as float64, and exactly the same values (the measurement:
    benchmarks/README.md, "Ties near the floor"). A grade that is NaN,
    infinite, fractional or beyond the int32 range changes in the cast, so
    those rows are sorted as float64 (and the grades are not whole, or too
    large to be taken as such here; every result is the same).
    """
    with np.errstate(invalid="ignore"):  # NaN, inf and large grades have no int32 value: the check fails
        as_int = grades.astype(np.int32)
    if np.array_equal(as_int, grades):
        return np.sort(as_int, axis=1), True
    return np.sort(grades, axis=1), False


def _ideal_dcg_sorted(sorted_grades: np.ndarray, shift, depth: int) -> np.ndarray:
    """:func:`_ideal_dcg_rows` of linear gains from the rows' grades sorted in ascending order.

    The linear gains, scaled by ``shift`` (:func:`ndcg.gains._scaled_gain`,
    exact: a power of two), of the best grades, best first: the same values
    :func:`_ideal_dcg_rows` sorts from the gains, summed the same way.
    """
    best = _gain_scaled(sorted_grades[:, : -depth - 1 : -1], "linear", shift)
    return position_sum(best, discounts(depth))


def _ideal_dcg_rows(gains: np.ndarray, k: int | None) -> np.ndarray:
    """DCG@k of every row's gains sorted from best to worst.

    Only the ``depth`` largest gains matter: where the shape favours it they
    are found by a partition and only they are sorted (the same values, so the
    same sum, bit for bit). A row whose best gain occurs ``depth`` times or
    more (a long list with several items of the top grade) needs no
    partition: its top ``depth`` gains are all that one.
    """
    n_queries, n_items = gains.shape
    if n_items == 0:
        return np.zeros(n_queries)
    depth = n_items if k is None else min(k, n_items)
    if not _sorts_whole_rows(n_items, depth):
        # Rows whose best gain occurs at least depth times need no partition.
        best = np.repeat(gains.max(axis=1, keepdims=True), depth, axis=1)
        rest = np.count_nonzero(gains == best[:, :1], axis=1) < depth
        if rest.any():
            rest_gains = gains[rest] if not rest.all() else gains
            top = np.partition(rest_gains, n_items - depth, axis=1)[:, n_items - depth :]
            best[rest] = np.sort(top, axis=1)[:, ::-1]
    else:
        best = np.sort(gains, axis=1)[:, : -depth - 1 : -1]
    return position_sum(best, discounts(depth))
