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

from ._rows import (
    _PROBE_ROWS,
    _flat_index,
    _ranking_partition,
    _ranking_sort,
    _take,
    argsort_descending_stable,
    position_sum,
    row_blocks,
)
from ._ties import (
    _counted_expected_gains,
    _expected_gains,
    _group_mean,
    _head_tied,
    _sorted_expected_gains,
    _tie_averaged,
    _top_group_dcg,
)
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
    cut-off included, so nothing is ranked twice. Where the scores are whole
    numbers close together (a model's few grades), no row is sorted
    (:func:`_counted_expected_gains`). Which rows have ties is
    looked up only when the first rows of the chunk have none: on heavily
    tied scores every row is taken the second way at once.
    """
    n_queries = score.shape[0]
    weights = discounts(depth)
    expected = _counted_expected_gains(gains, score, depth, integral)  # a model's few grades: no sort
    if expected is not None:
        return position_sum(expected, weights)
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
