"""Input checks shared by every function of the package.

Every public function turns its arguments into clean NumPy arrays here, so
that bad input fails early with a :class:`ValueError` that names the argument
and says what was expected, instead of producing a silently wrong number.
"""

from __future__ import annotations

import numbers

import numpy as np

#: The gain functions the package knows, in the order they are listed in
#: error messages.
GAIN_NAMES = ("linear", "exponential")

#: 2**1024 overflows a float64, so exponential gain needs grades below this.
MAX_EXPONENTIAL_GRADE = 1023


def _describe(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_gain(gain) -> str:
    """Return ``gain`` if it names a known gain function, else raise."""
    if not isinstance(gain, str) or gain not in GAIN_NAMES:
        valid = ", ".join(repr(name) for name in GAIN_NAMES)
        raise ValueError(f"gain must be one of {valid}; got {_describe(gain)}.")
    return gain


def check_k(k) -> int | None:
    """Return ``k`` as an int (or None); raise unless it is a positive integer."""
    if k is None:
        return None
    if isinstance(k, bool) or not isinstance(k, numbers.Integral) or k < 1:
        raise ValueError(
            f"k must be a positive integer (the cut-off rank) or None for the whole list; got {_describe(k)}."
        )
    return int(k)


def is_finite_real(value) -> bool:
    """Whether ``value`` is a finite real number (a bool is not: ``True`` is no threshold or base)."""
    return not isinstance(value, bool) and isinstance(value, numbers.Real) and bool(np.isfinite(value))


def check_threshold(threshold) -> float:
    """Return ``threshold`` as a float; raise unless it is a positive number."""
    if not is_finite_real(threshold) or threshold <= 0:
        raise ValueError(
            "threshold must be a positive number (items with a grade >= "
            f"threshold count as relevant); got {_describe(threshold)}."
        )
    return float(threshold)


def refuse_masked(values, name: str) -> None:
    """Raise if ``values`` is a masked array (``numpy.ma``) with a masked entry, or a list of them.

    NumPy's conversions drop the mask, so the values under it would be scored
    as if they were there: a silently wrong number. A masked array with
    nothing masked is a plain array and passes.
    """
    if isinstance(values, (list, tuple)):
        for i, row in enumerate(values):
            if isinstance(row, np.ma.MaskedArray):
                refuse_masked(row, f"{name}[{i}]")
        return
    if isinstance(values, np.ma.MaskedArray) and np.ma.getmaskarray(values).any():
        raise ValueError(
            f"{name} must be a plain array, not a masked array (numpy.ma) with "
            f"{int(np.ma.count_masked(values))} masked value(s): the mask would be ignored and the "
            f"values under it scored. Remove the masked items, or fill them with the value you "
            f"mean ({name}.filled(...): for a ragged list, grade 0 and score -inf)."
        )


def _as_numeric_array(values, name: str) -> np.ndarray:
    refuse_masked(values, name)
    try:
        array = np.asarray(values)
    except ValueError as error:  # ragged nested lists, for example
        raise ValueError(
            f"{name} must be a sequence of numbers; could not read it as an array ({error})."
        ) from None
    if array.dtype.kind == "b":
        return array.astype(float)
    if array.dtype.kind not in "iuf":
        raise ValueError(
            f"{name} must hold numbers (grades such as 0, 1, 2, 3); got values "
            f"of type {array.dtype} in {_describe(values)}."
        )
    return array.astype(float, copy=False)


def check_grades(rels, name: str = "rels", *, gain: str = "linear") -> np.ndarray:
    """Return one list of relevance grades as a 1-D float array.

    Grades must be finite and non-negative. A 2-D input is refused with a
    pointer to the many-queries functions.
    """
    array = _as_numeric_array(rels, name)
    if array.ndim == 0:
        raise ValueError(
            f"{name} must be a 1-D sequence of grades in ranked order; got the "
            f"single number {_describe(rels)}. Wrap it in a list: [{_describe(rels)}]."
        )
    if array.ndim != 1:
        raise ValueError(
            f"{name} must be a 1-D sequence of grades (one ranking); got an "
            f"array of shape {array.shape}. To score many queries at once, use "
            "ndcg_score(y_true, y_score) or dcg_score(y_true, y_score)."
        )
    _check_grade_values(array, name, gain)
    return array


def _check_grade_values(array: np.ndarray, name: str, gain: str, row_ends=None) -> None:
    """Raise unless every grade of ``array`` is finite, non-negative and within the gain's limit.

    ``row_ends``: each row's smallest and largest grade, where the caller has
    them (the first and last column of the rows sorted by :func:`numpy.sort`,
    which puts NaN last); then no pass over ``array`` is made unless a grade is
    wrong.
    """
    if array.size == 0:
        return
    # Two reductions and no temporary array: min and max propagate NaN, and an
    # infinite grade shows as an infinite extreme.
    if row_ends is None:
        low, high = array.min(), array.max()
    else:
        low, high = row_ends[0].min(), row_ends[1].max()
    if not (np.isfinite(low) and np.isfinite(high)):
        bad = array[~np.isfinite(array)].flat[0]
        raise ValueError(f"{name} must hold finite grades; found {bad}.")
    if low < 0:
        raise ValueError(f"{name} must hold non-negative grades (0 = not relevant); found {low:g}.")
    if gain == "exponential" and high > MAX_EXPONENTIAL_GRADE:
        raise ValueError(
            f"{name} holds the grade {high:g}: with gain='exponential' "
            f"grades must be at most {MAX_EXPONENTIAL_GRADE}, or 2**grade - 1 "
            "overflows."
        )


def check_flag(value, name: str) -> bool:
    """Return ``value`` as a ``bool`` if it is ``True`` or ``False`` (also NumPy's), else raise.

    A string such as ``"yes"`` or ``"False"``, ``None`` or ``1`` is refused:
    Python would read ``"False"`` as true.
    """
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False; got {_describe(value)}.")
    return bool(value)


def check_sample_weight(sample_weight, n_queries: int) -> np.ndarray | None:
    """Return one weight per query as a float array (or None); raise unless usable.

    Weights must be finite and non-negative, with a positive sum, as the
    weighted mean ``sum(w * x) / sum(w)`` needs.
    """
    if sample_weight is None:
        return None
    weight = _as_numeric_array(sample_weight, "sample_weight")
    if weight.ndim != 1 or weight.shape[0] != n_queries:
        raise ValueError(
            "sample_weight must be a 1-D array with one weight per query (row of y_true); got shape "
            f"{weight.shape} for {n_queries} queries."
        )
    if not np.all(np.isfinite(weight)) or weight.min() < 0:
        raise ValueError(
            "sample_weight must hold finite, non-negative weights; found " + _describe(weight) + "."
        )
    if not weight.sum() > 0:
        raise ValueError("sample_weight must have a positive sum (at least one query with a weight above 0).")
    return weight


def check_rankings(rankings, name: str = "rankings") -> list[np.ndarray]:
    """Return a list of rankings (each a 1-D grade array); ragged is fine."""
    refuse_masked(rankings, name)
    if isinstance(rankings, np.ndarray):
        if rankings.ndim != 2:
            raise ValueError(
                f"{name} must be a list of rankings (each a list of grades) or a "
                f"2-D array; got an array of shape {rankings.shape}. For one "
                "ranking use rr(rels)."
            )
        rows = list(rankings)
    else:
        try:
            rows = list(rankings)
        except TypeError:
            raise ValueError(
                f"{name} must be a list of rankings (each a list of grades); got {_describe(rankings)}."
            ) from None
    if not rows:
        raise ValueError(f"{name} must hold at least one ranking; got none.")
    if all(isinstance(row, numbers.Real) for row in rows):
        raise ValueError(
            f"{name} must be a list of rankings, but got a flat list of numbers "
            f"{_describe(rankings)}. For one ranking use rr(rels); for several, "
            "wrap each in its own list: [[0, 1, 0], [1, 0, 0]]."
        )
    return [check_grades(row, f"{name}[{i}]") for i, row in enumerate(rows)]


def check_matrices(
    y_true,
    y_score,
    *,
    gain: str,
    exact_scores: bool = False,
    check_values: bool = True,
    single: str = "ndcg(rels)",
) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(y_true, y_score)`` as 2-D arrays of the same shape, checked.

    ``y_true`` comes back as floats. ``y_score`` too, unless ``exact_scores``
    is true: integer scores then keep their integer type, so that two scores
    above 2**53 that differ are never merged into a tie by the cast to float.
    Scores must not be NaN or ``+inf``; ``-inf`` is allowed (padding, ranked
    last). With ``check_values=False`` only types and shapes are checked here:
    the caller then runs :func:`check_matrix_values` on each chunk of rows it
    reads, while the chunk is in the processor's cache. ``single`` names the
    function a 1-D input is pointed to (the metric for one ranked list).
    """
    true = _as_numeric_array(y_true, "y_true")
    if exact_scores:
        score = _raw_numeric(y_score)
        if score.dtype.kind not in "iu":
            score = _as_numeric_array(score, "y_score")
    else:
        score = _as_numeric_array(y_score, "y_score")
    for name, array in (("y_true", true), ("y_score", score)):
        if array.ndim != 2:
            raise ValueError(
                f"{name} must be a 2-D array (queries x items); got an array of "
                f"{array.ndim} dimension(s) with shape {array.shape}. For a single "
                f"ranking, pass [[...]] (one row), or use {single} on its grades in ranked order."
            )
    if true.shape != score.shape:
        raise ValueError(
            "y_true and y_score must have the same shape (queries x items); got "
            f"y_true {true.shape} and y_score {score.shape}."
        )
    if true.shape[0] == 0:
        raise ValueError("y_true must hold at least one query (row); got none.")
    if check_values:
        check_matrix_values(true, score, gain=gain)
    return true, score


def check_matrix_values(
    true: np.ndarray, score: np.ndarray, *, gain: str, first_row: int = 0, grade_ends=None
) -> None:
    """Raise unless grades are finite, non-negative (and within the exponential limit) and scores not NaN or +inf.

    ``true`` and ``score`` may be a chunk of rows of the full matrices,
    starting at row ``first_row`` (for the message). Only reductions (min
    and max), no temporary array, unless there is an error to describe.
    ``grade_ends``: each row's smallest and largest grade, where the caller
    has sorted the rows already (:func:`_check_grade_values`).
    """
    _check_grade_values(true, "y_true", gain, grade_ends)
    if score.dtype.kind != "f" or score.size == 0:
        return
    high = score.max()  # one reduction: max propagates NaN, and +inf shows as the maximum
    if np.isnan(high):
        row = first_row + int(np.flatnonzero(np.isnan(score).any(axis=1))[0])
        raise ValueError(
            f"y_score must not contain NaN; found {int(np.isnan(score).sum())} NaN value(s), the first in "
            f"row {row}. Give every item a score (use -inf for padding items that should rank last)."
        )
    if high == np.inf:
        row = first_row + int(np.flatnonzero(np.isposinf(score).any(axis=1))[0])
        raise ValueError(
            f"y_score must not contain +inf; found {int(np.isposinf(score).sum())} +inf value(s), the first "
            f"in row {row}. Several +inf scores would tie and an item cannot outrank +inf, so use a large "
            "finite score (-inf is allowed: it marks padding items, ranked last)."
        )


def _raw_numeric(values, name: str = "y_score") -> np.ndarray:
    refuse_masked(values, name)
    try:
        return np.asarray(values)
    except ValueError as error:
        raise ValueError(
            f"{name} must be a sequence of numbers; could not read it as an array ({error})."
        ) from None


def check_ideal(
    ideal, rels: np.ndarray, *, gain: str, name: str = "ideal", rels_name: str = "rels"
) -> np.ndarray:
    """Return the judged grades of the query, checked against ``rels``.

    ``ideal`` holds the grade of every judged item, so the grades in ``rels``
    (the retrieved items) must fit inside it: the i-th best grade retrieved can
    be no better than the i-th best grade judged. Otherwise NDCG could exceed 1.
    ``name`` and ``rels_name`` are the argument names used in error messages.
    """
    if ideal is None:
        return rels
    judged = check_grades(ideal, name, gain=gain)
    best_shown = np.sort(rels)[::-1]
    best_judged = np.zeros(max(best_shown.size, judged.size))
    best_judged[: judged.size] = np.sort(judged)[::-1]
    too_good = best_shown > best_judged[: best_shown.size]
    if too_good.any():
        i = int(np.argmax(too_good))
        raise ValueError(
            f"{name} must hold the grades of every judged item for the query, the "
            f"retrieved ones in {rels_name} included; but {rels_name} has a grade "
            f"{best_shown[i]:g} at its {i + 1}-th best place where {name} has only "
            f"{best_judged[i]:g}. Add the missing grades to {name}."
        )
    return judged


def check_int(value, name: str, minimum: int) -> int:
    """Return ``value`` as an ``int`` if it is a whole number ``>= minimum`` (not a bool), else raise."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        raise ValueError(f"{name} must be an integer >= {minimum}; got {_describe(value)}.")
    return int(value)


def check_positive(value, name: str, meaning: str) -> float:
    """Return ``value`` as a ``float`` if it is a finite positive number, else raise.

    ``meaning`` says what the argument is, for the error message.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not np.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a positive number ({meaning}); got {_describe(value)}.")
    return float(value)


def check_scores(y_score, n: int, name: str = "y_score", *, exact: bool = False) -> np.ndarray:
    """One query's model scores: a 1-D array of ``n`` finite values, else raise.

    Floats, unless ``exact`` is true: integer scores then keep their integer
    type, so that a ranking by them is exact (two scores above 2**53 that
    differ are one float64).
    """
    score = _raw_numeric(y_score, name) if exact else _as_numeric_array(y_score, name)
    if score.dtype.kind not in "iu":
        score = _as_numeric_array(score, name)
    if score.ndim != 1:
        raise ValueError(
            f"{name} must be a 1-D array with one score per item of the query; got shape {score.shape}."
        )
    if score.shape[0] != n:
        raise ValueError(
            f"y_true and {name} must have the same length (one grade and one score per item); got {n} "
            f"grades and {score.shape[0]} scores."
        )
    if score.dtype.kind == "f" and not np.all(np.isfinite(score)):
        bad = "NaN" if np.isnan(score).any() else "an infinite value"
        raise ValueError(f"{name} must hold finite scores; found {bad}.")
    return score


def check_seed(seed, name: str = "seed") -> int:
    """Return ``seed`` as an ``int`` if it is a whole number ``>= 0`` (not a bool), else raise."""
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise ValueError(f"{name} must be an integer >= 0; got {seed!r}.")
    return int(seed)
