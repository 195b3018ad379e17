"""The expected gains of tie groups: what a tie costs a DCG, computed exactly.

When a model gives several items one score, their order is undefined, and each place of the tie
group holds the group's mean gain (McSherry & Najork, 2008; :mod:`ndcg.batch_graded`'s "Ties").
These helpers take those means from rows ranked, sorted or counted, the same bits whichever path
a row takes, so that a ranking in the ideal order keeps an NDCG of exactly 1:

* :func:`_counted_expected_gains`: with no sort at all, where a chunk's scores are whole numbers
  close together (a few grades of a model, ranks) and its gains small integers: each score is a
  slot of its row, and one count and one sum per slot give every group;
* :func:`_sorted_expected_gains`: from each row's whole ascending order, the group sums of a
  chunk from one exact cumulative sum where the gains are small integers (:func:`_packing_unit`),
  else from each group's differences to one member (:func:`_mean_of_groups`);
* :func:`_expected_gains` and :func:`_tie_averaged`: the same on rows ranked best first;
* :func:`_group_mean` and :func:`_top_group_dcg`: one marked group per row (the best score's,
  when it fills the top ``k``);
* :func:`_head_tied`: which sorted rows have a tie in their top ``k`` or across the cut-off.

Private to :mod:`ndcg.batch_graded`; the measurements behind them are in benchmarks/README.md,
"Ties near the floor".
"""

from __future__ import annotations

import numpy as np

from ._rows import _PROBE_ROWS, _take, position_sum
from .gains import _whole, discounts


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
    reference = _take(gains, np.argmax(in_group, axis=1)[:, None])[:, 0]  # each row's first member
    spread = np.einsum("ij,ij->i", gains - reference[:, None], in_group)
    return _mean_of_groups(reference, spread, group_size)


def _counted_expected_gains(
    gains: np.ndarray, score: np.ndarray, depth: int, integral: bool | None = None
) -> np.ndarray | None:
    """The expected gains of each row's first ``depth`` ranks, counted rather than sorted; None where it cannot.

    Where every score of the chunk is a whole number and they span few
    enough values (:func:`_counts_pay`: a model's few grades), a score
    names a slot of its row: slot 0 the chunk's highest score, slot 1 the one
    below it, and so on. One count and one sum of the gains per slot give
    every tie group of every row, and the groups, repeated by their sizes, the
    ranks best first: no row is sorted. The gains must be integers small
    enough that every sum is exact (:func:`_packing_unit`; ``integral`` as
    there); the mean of a group is then its exact sum divided once by its
    size, the same bits as :func:`_sorted_expected_gains` gives. None
    (nothing computed but the checks) where the scores or the gains are not
    such numbers: most of them are found in the chunk's first rows.
    """
    n_queries, n_items = score.shape
    probe = score[:_PROBE_ROWS]  # the first rows first: most scores are not such numbers
    # (the spans in Python floats, where inf - inf is NaN without a warning)
    if not (_whole(probe) and _counts_pay(float(probe.max()) - float(probe.min()), n_items, depth)):
        return None
    low, high = float(score.min()), float(score.max())
    # Close together (:func:`_counts_pay`), and far enough below 2**53 that every slot's number
    # below is exact (an infinite score fails this too).
    if not (_counts_pay(high - low, n_items, depth) and max(-low, high) + n_queries * n_items < 2.0**53):
        return None
    slots = int(high - low) + 1
    # Slot of each score in the chunk's counts: the row's first slot plus how far below the
    # highest score it is. Exact for whole numbers this close together; others leave a fraction.
    places = np.subtract((high + np.arange(n_queries) * float(slots))[:, None], score)
    slot = places.astype(np.intp)
    if not np.array_equal(slot, places) or _packing_unit(gains, integral) is None:
        return None
    slot = slot.ravel()
    size = np.bincount(slot, minlength=n_queries * slots)
    total = np.bincount(slot, weights=gains.ravel(), minlength=n_queries * slots)  # exact: see _packing_unit
    means = np.divide(total, size, out=total, where=size > 0)
    if depth < n_items:  # each row's groups cut at rank depth: only the first depth ranks are made
        reach = np.cumsum(size.reshape(n_queries, slots), axis=1)
        np.minimum(reach, depth, out=reach)
        size = np.diff(reach, axis=1, prepend=0).ravel()
    return np.repeat(means, size).reshape(n_queries, depth)


def _counts_pay(span: float, n_items: int, depth: int) -> bool:
    """Whether :func:`_counted_expected_gains` beats a sort of rows of ``n_items`` whose scores span ``span``.

    The count's work grows with the number of slots (``span + 1``), the
    sort's with the items: counting pays up to one slot per item when every
    rank is wanted, and up to one slot per two items when only the first
    ``depth`` are (there the sort keeps the rows without a tie in their top
    from any tie bookkeeping). The measurement: benchmarks/README.md, "Ties
    near the floor".
    """
    return span + 1 <= (n_items if depth >= n_items else n_items / 2)


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


def _head_tied(score: np.ndarray, order: np.ndarray, depth: int) -> np.ndarray:
    """Whether each row has two equal scores among its first ``depth + 1`` places (``order`` ascending).

    A row without has no tie in its top ``depth`` and none across the cut-off.
    """
    head = _take(score, order[:, ::-1][:, : depth + 1])
    return (head[:, 1:] == head[:, :-1]).any(axis=1)


def _packing_unit(gains: np.ndarray, integral: bool | None = None) -> float | None:
    """A power of two above the sum of ``gains``, if they are integers and ``unit * (gains.size + 1) <= 2**53``.

    Then ``unit`` times any count of groups up to ``gains.size`` plus any
    partial sum of the gains is an integer below ``2**53``, which float64
    holds exactly (:func:`_sorted_expected_gains`). None otherwise.
    ``integral`` says whether the gains are whole numbers where the caller
    knows it already (:func:`ndcg.batch_graded._per_query`); None: they are looked at.
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
