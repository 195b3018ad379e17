"""FunctionCheck: check a function the learner wrote against a reference, and its test cases.

:class:`FunctionCheck` calls the learner's function and the reference on many cases, fixed or
drawn from a seeded generator; :func:`ranking_cases` draws the usual ones for a function of one
ranked list (the edge cases first, then random lists), and :func:`case_order` says which
failing case is the smallest, the one the second miss shows. Learners import all three from
:mod:`ndcg.course.checks`, which states the rules every check follows.
"""

from __future__ import annotations

import copy
import math
import numbers

import numpy as np

from .check_ladder import Feedback, _Check, _check_tolerances, _is_untouched, _short
from .check_words import _help, _name, say
from .typed_numbers import _close, _format_number


class FunctionCheck(_Check):
    """Check a function the learner wrote against a reference, case by case.

    Parameters
    ----------
    reference : callable
        The right function, usually one of ``ndcg`` (``ndcg.dcg``) or a small
        wrapper around it. It is called once per case, when the check is
        created, and must not raise.
    name : str
        What the function should compute: ``"DCG@k"``.
    cases : list of tuple, or callable
        The argument tuples to call both functions with, or a function
        ``cases(rng) -> list of tuple`` that draws them from a NumPy random
        generator seeded with ``seed`` (so the cases are the same on every
        run). :func:`ranking_cases` draws the usual ones.
    rel_tol, abs_tol : float
        How close each result must be to the reference's (element-wise, as
        :func:`math.isclose`). Results may be numbers or arrays.
    hint : str, optional
        Shown after the first wrong function.
    hint2 : str, optional
        Shown after the second wrong function, under the smallest failing case.
    explanation : str, optional
        Shown after the third and every later wrong function: for example a
        model solution.
    steps : callable, optional
        ``steps(*case)`` returns the step table of a case (for DCG-like
        metrics, :func:`ndcg.course.tables.steps`); the second miss shows the
        table of the smallest failing case (see :func:`case_order`).
    seed : int
        Seed of the generator passed to ``cases`` when it is callable.

    Notes
    -----
    Each case is deep-copied before each call, so a function that sorts its
    argument in place cannot spoil the next case. A function that returns
    ``None`` or ``...`` on every case (a body left as ``...``) is answered
    ``"not yet"``; one that returns ``None`` on some cases only is wrong on those.

    Examples
    --------
    >>> import ndcg
    >>> check = FunctionCheck(ndcg.cg, name="CG@k",
    ...                       cases=[([3, 2, 0, 1], 2), ([3, 2, 0, 1], None), ([], 3)],
    ...                       hint="k=None means the whole list.")
    >>> def my_cg(rels, k=None):
    ...     return sum(rels[:k])
    >>> check(my_cg).status
    ✅ Correct! my_cg computes CG@k right on all 3 test cases.
    'correct'
    >>> def wrong_cg(rels, k=None):
    ...     return sum(rels[:k - 1])
    >>> print(check.check(wrong_cg).message)  # doctest: +ELLIPSIS
    ❌ Not quite: wrong_cg gets CG@k wrong on 2 of 3 test cases. On 1 of them it raised an error; ...
    💡 Hint: k=None means the whole list.
    >>> print(check.check(wrong_cg).message)  # doctest: +ELLIPSIS
    ❌ Not quite: wrong_cg gets CG@k wrong on 2 of 3 test cases. The smallest one: wrong_cg([3, 2, 0, 1], 2) returned 3, but CG@k is 5.
    🔎 A closer look: work that smallest case out by hand, ...
    >>> def stub(rels, k=None):
    ...     ...
    >>> check.check(stub).status
    'not yet'
    """

    def __init__(
        self,
        reference,
        *,
        name,
        cases,
        rel_tol=1e-9,
        abs_tol=1e-9,
        hint=None,
        hint2=None,
        explanation=None,
        steps=None,
        seed=0,
    ):
        super().__init__(name=name, hint=hint, hint2=hint2, explanation=explanation)
        if not callable(reference):
            raise ValueError(f"reference must be a function; got {_short(reference)}.")
        if steps is not None and not callable(steps):
            raise ValueError(
                f"steps must be a function taking a case's arguments and returning its step table; "
                f"got {_short(steps)}."
            )
        self.steps = steps
        self.reference = reference
        self.rel_tol, self.abs_tol = _check_tolerances(rel_tol, abs_tol)
        if callable(cases):
            cases = cases(np.random.default_rng(seed))
        try:
            cases = [tuple(case) for case in cases]
        except TypeError:
            raise ValueError(
                "cases must be a list of argument tuples, or a function rng -> list of tuples; "
                f"got {_short(cases)}."
            ) from None
        if not cases:
            raise ValueError("cases must hold at least one argument tuple; got none.")
        self.cases = cases
        self.expected = []
        for case in cases:
            try:
                self.expected.append(reference(*copy.deepcopy(case)))
            except Exception as error:
                raise ValueError(
                    f"the reference raised {type(error).__name__} on the case {_short(case)}: {error}"
                ) from None

    def _explanation(self) -> str:
        return _help(self.explanation) if self.explanation else say("function explanation")

    def _untouched_body(self, answer) -> bool:
        """Whether ``answer`` returns ``None`` or ``...`` on every case (a body left as ``...``)."""
        for case in self.cases:
            try:
                got = answer(*copy.deepcopy(case))
            except Exception:
                return False
            if got is not None and got is not Ellipsis:
                return False
        return True

    def check(self, answer) -> Feedback:
        """Call ``answer`` on every case and return a :class:`Feedback` (nothing is printed)."""
        if _is_untouched(answer):
            return Feedback("not yet", say("not yet"))
        if not callable(answer):
            return Feedback("incorrect", say("function expected", answer=_short(answer)))
        fname = getattr(answer, "__name__", None) or say("your function")
        total = len(self.cases)
        if self._untouched_body(answer):
            return Feedback("not yet", say("function not yet", function=fname))
        failures = []  # (index, got, error)
        for index, (case, expected) in enumerate(zip(self.cases, self.expected)):
            try:
                got = answer(*copy.deepcopy(case))
            except Exception as error:
                failures.append((index, None, error))
                continue
            if got is None or got is Ellipsis:
                if expected is not None:
                    failures.append((index, got, None))
            elif not _close(got, expected, self.rel_tol, self.abs_tol):
                failures.append((index, got, None))
        if not failures:
            return self._right(say("function correct", function=fname, name=_name(self.name), total=total))
        return self._wrong(*self._verdicts(fname, failures))

    def _verdicts(self, fname: str, failures: list) -> tuple:
        """The first and later verdicts, the closer look and the step table of a wrong function."""
        total, count = len(self.cases), len(failures)
        name = _name(self.name)
        if count == total:
            verdict = say("function wrong all", function=fname, name=name, total=total)
        else:
            verdict = say("function wrong some", function=fname, name=name, count=count, total=total)
        first = verdict
        raised = [(index, error) for index, _, error in failures if error is not None]
        if raised:
            index, error = min(raised, key=lambda item: case_order(self.cases[item[0]], item[0]))
            text = f"{type(error).__name__}: {error}"
            if len(raised) == count:
                first += say("raised all", error=text)
            else:
                first += say("raised some", count=len(raised), error=text)
        if any(error is None and (got is None or got is Ellipsis) for _, got, error in failures):
            first += say("return note")
        index, got, error = min(failures, key=lambda item: case_order(self.cases[item[0]], item[0]))
        case, expected = self.cases[index], self.expected[index]
        call = f"{fname}({', '.join(_short(arg, 60) for arg in case)})"
        right = _format_number(expected) if _is_numeric(expected) else _short(expected)
        if error is not None:
            did = say("raised", error=f"{type(error).__name__}: {error}")
        else:
            did = say("returned", value=repr(got) if got is None or got is Ellipsis else _short(got))
        later = verdict + say("smallest", call=call, did=did, name=name, value=right)
        if error is None and (got is None or got is Ellipsis):
            later += say("return note")
        table, parts = None, []
        if self.steps is not None:
            try:
                table = self.steps(*copy.deepcopy(case))
            except Exception:  # a table is a help, never a reason for a check to fail
                table = None
            if table is not None:
                parts.append(f"{say('step by step', name=name)}\n{table}")
        if self.hint2:
            parts.append(_help(self.hint2))
        if not parts:
            parts.append(say("function closer"))
        return first, later, "\n".join(parts), table


def case_order(case: tuple, index: int = 0) -> tuple:
    """How small a test case is: fewest items first, then the smallest cut-off, then the first listed.

    Items are counted over every list or array argument, nested ones included
    (a ragged list of lists, such as one list of queries per seed, counts
    every entry of every inner list); a number argument is a
    cut-off (``None``, "the whole list", counts as the largest). The second miss
    on a :class:`FunctionCheck` shows the smallest failing case in this order, so
    the same function always gets the same case.

    >>> cases = [([3, 2, 1], None), ([3, 2, 1], 2), ([4], 5), ([], None)]
    >>> sorted(cases, key=case_order)
    [([], None), ([4], 5), ([3, 2, 1], 2), ([3, 2, 1], None)]
    >>> case_order(([[0.5, 0.9, 0.1], [0.2, 0.4]], 200))
    (5, (200.0,), 0)
    """
    items, cuts = 0, []
    for arg in case:
        if isinstance(arg, (list, tuple, np.ndarray)):
            items += _count_items(arg)
        elif arg is None:
            cuts.append(math.inf)
        elif isinstance(arg, numbers.Real) and not isinstance(arg, bool):
            cuts.append(float(arg))
    return (items, tuple(cuts), index)


def _count_items(value) -> int:
    """The number of scalar entries of a list, tuple or array, however deeply (and raggedly) nested."""
    if isinstance(value, np.ndarray) and value.dtype != object:
        return int(value.size)
    if isinstance(value, (list, tuple, np.ndarray)):
        return sum(_count_items(item) for item in value)
    return 1


def _is_numeric(value) -> bool:
    try:
        np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return False
    return True


def ranking_cases(rng, n=200, *, max_length=10, max_grade=4, with_k=True) -> list[tuple]:
    """Test cases for a function of one ranked list: ``(rels,)`` or ``(rels, k)``.

    The edge cases come first (an empty list, one item, no relevant item, a
    ``k`` beyond the end, ``k=None``), then ``n`` random lists.

    Parameters
    ----------
    rng : numpy.random.Generator
        Seeded, so the cases are the same on every run.
    n : int
        How many random lists to add after the edge cases.
    max_length : int
        Random lists have 0 to ``max_length`` grades.
    max_grade : int
        Grades are integers from 0 to ``max_grade``.
    with_k : bool
        If true, every case is ``(rels, k)`` with ``k`` either ``None`` (about
        one case in four) or an integer from 1 to ``max_length + 3`` (so
        sometimes beyond the end of the list). If false, cases are ``(rels,)``.

    Returns
    -------
    list of tuple
        Grades are plain Python lists of ints.

    Examples
    --------
    >>> import numpy as np
    >>> cases = ranking_cases(np.random.default_rng(0), n=50)
    >>> cases[:3]
    [([], None), ([], 3), ([2], None)]
    >>> len(cases) > 50, all(len(case) == 2 for case in cases)
    (True, True)
    >>> any(k is not None and k > len(rels) for rels, k in cases)
    True
    >>> ranking_cases(np.random.default_rng(0), n=0, with_k=False)[:2]
    [([],), ([2],)]
    """
    edges = [
        ([], None),
        ([], 3),
        ([2], None),
        ([2], 1),
        ([0, 0, 0], None),
        ([0, 0, 0], 2),
        ([3, 2, 1, 0, 2], None),
        ([3, 2, 1, 0, 2], 3),
        ([3, 2, 1, 0, 2], 8),
        ([0, 1, 3], 1),
        ([1, 1, 1, 1], None),
        ([0, 0, 4, 0, 1, 2], 4),
    ]
    cases = list(edges)
    for _ in range(int(n)):
        length = int(rng.integers(0, max_length + 1))
        rels = [int(g) for g in rng.integers(0, max_grade + 1, size=length)]
        k = None if rng.random() < 0.25 else int(rng.integers(1, max_length + 4))
        cases.append((rels, k))
    if not with_k:
        unique = []
        for rels, _ in cases:
            if (rels,) not in unique:
                unique.append((rels,))
        return unique
    return cases
