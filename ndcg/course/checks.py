"""Automatic feedback for the exercises: check a number, or a function.

Every exercise notebook of the course (``exercises/``) ends each exercise with
a *check*: an object that knows the right answer, computed with ``ndcg`` when
the notebook runs, and that answers the learner with a :class:`Feedback`.

* :class:`NumberCheck` checks a number worked out by hand (``answer = 4.76``),
  with a tolerance suited to pencil-and-paper rounding. It also accepts the
  answer as text (``"4.76"``, ``"1/3"``, ``"90%"``), as an answer box would
  give it, and a list of numbers when the expected answer is one.
* :class:`FunctionCheck` checks a function the learner wrote
  (``def my_dcg(rels, k=None): ...``) against a reference function on many
  cases, fixed or drawn from a seeded random generator, and reports the first
  case where the two disagree.

Both follow the same rules, so that a learner always knows what to expect:

================================  ==========================================
the answer                        the feedback
================================  ==========================================
``...`` or ``None`` (untouched)   ``"not yet"``: replace ``...``; not counted
right                             ``"correct"``
wrong, for the first time         ``"incorrect"``, with the **hint**
wrong again                       ``"incorrect"``, with the **explanation**
a function that raises            ``"incorrect"``, with the exception's text
================================  ==========================================

A check never raises because of an answer. Calling it (``check(answer)``)
prints the message and returns the :class:`Feedback`; :meth:`NumberCheck.check`
returns it without printing (for widgets and tests). ``attempts`` counts the
answers graded so far, ``misses`` the wrong ones.

This module needs only NumPy; the live answer box is
``ndcg.course.widgets.AnswerChecker``.

Examples
--------
>>> import ndcg
>>> from ndcg.course.checks import NumberCheck
>>> check = NumberCheck(ndcg.dcg([3, 2, 1]), name="DCG@3 of [3, 2, 1]",
...                     abs_tol=5e-3, hint="Divide each grade by log2(rank + 1).",
...                     explanation="3/1 + 2/log2(3) + 1/log2(4), about 4.762.")
>>> check(...).status
⏳ Not yet: replace `...` with your answer, then run the cell again.
'not yet'
>>> check(6).status
❌ Not quite: 6 is too high for DCG@3 of [3, 2, 1].
💡 Hint: Divide each grade by log2(rank + 1).
'incorrect'
>>> check(4.76).status
✅ Correct! DCG@3 of [3, 2, 1] = 4.76186.
'correct'
"""

from __future__ import annotations

import copy
import math
import numbers
import re
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

#: The three statuses a :class:`Feedback` can have.
STATUSES = ("correct", "incorrect", "not yet")

_NOT_YET = "⏳ Not yet: replace `...` with your answer, then run the cell again."


@dataclass(frozen=True)
class Feedback:
    """What a check says about one answer.

    Attributes
    ----------
    status : {"correct", "incorrect", "not yet"}
        ``"not yet"`` means the answer was left as ``...`` (or ``None``).
    message : str
        The text shown to the learner: a verdict, then the hint or the
        explanation when the answer is wrong.

    Examples
    --------
    >>> feedback = Feedback("correct", "✅ Correct!")
    >>> feedback.correct, str(feedback)
    (True, '✅ Correct!')
    """

    status: str
    message: str

    def __post_init__(self):
        if self.status not in STATUSES:
            valid = ", ".join(repr(s) for s in STATUSES)
            raise ValueError(f"status must be one of {valid}; got {self.status!r}.")

    @property
    def correct(self) -> bool:
        """True when the status is ``"correct"``."""
        return self.status == "correct"

    def __str__(self) -> str:
        return self.message


def _short(value, limit: int = 80) -> str:
    """A readable, bounded repr of an answer or an argument."""
    if isinstance(value, (float, np.floating)):
        text = f"{float(value):.6g}"
    elif isinstance(value, np.ndarray):
        text = np.array2string(value, precision=6, separator=", ", threshold=20)
    else:
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _format_number(value) -> str:
    array = np.asarray(value, dtype=float)
    if array.ndim == 0:
        number = float(array)
        return f"{int(number)}" if number.is_integer() and abs(number) < 1e15 else f"{number:.6g}"
    return "[" + ", ".join(_format_number(x) for x in array.ravel()) + "]"


def _close(got, expected, rel_tol: float, abs_tol: float) -> bool:
    """Element-wise :func:`math.isclose` of two numbers or arrays of numbers."""
    try:
        g = np.asarray(got, dtype=float)
        e = np.asarray(expected, dtype=float)
    except (TypeError, ValueError, OverflowError):
        return False
    if g.shape != e.shape:
        return False
    with np.errstate(invalid="ignore", over="ignore"):
        tolerance = np.maximum(rel_tol * np.maximum(np.abs(g), np.abs(e)), abs_tol)
        finite = np.isfinite(g) & np.isfinite(e)
        ok = (g == e) | (finite & (np.abs(g - e) <= tolerance)) | (np.isnan(g) & np.isnan(e))
    return bool(np.all(ok))


def _is_untouched(answer) -> bool:
    """``...``, ``None``, empty text, or a list still holding a ``...``."""
    if answer is None or answer is Ellipsis:
        return True
    if isinstance(answer, str):
        return answer.strip() in ("", "...")
    if isinstance(answer, (list, tuple)):
        return any(item is Ellipsis for item in answer)
    return False


def _check_tolerances(rel_tol, abs_tol) -> tuple[float, float]:
    for name, value in (("rel_tol", rel_tol), ("abs_tol", abs_tol)):
        if isinstance(value, bool) or not isinstance(value, numbers.Real) or not value >= 0:
            raise ValueError(f"{name} must be a non-negative number; got {value!r}.")
    return float(rel_tol), float(abs_tol)


def _check_name(name) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"name must be a non-empty string saying what is asked for; got {name!r}.")
    return name


class _Check:
    """What NumberCheck and FunctionCheck share: counting, hint, explanation."""

    def __init__(self, *, name, hint, explanation):
        self.name = _check_name(name)
        self.hint = hint
        self.explanation = explanation
        self.attempts = 0
        self.misses = 0

    def reset(self) -> None:
        """Forget earlier answers: the next wrong answer gets the hint again."""
        self.attempts = 0
        self.misses = 0

    def __call__(self, answer) -> Feedback:
        """Check ``answer``, print the message, and return the :class:`Feedback`."""
        feedback = self.check(answer)
        print(feedback.message)
        return feedback

    def _wrong(self, verdict: str) -> Feedback:
        """Count a miss; add the hint the first time, the explanation after."""
        self.attempts += 1
        self.misses += 1
        if self.misses == 1:
            help_text = f"💡 Hint: {self.hint}" if self.hint else "💡 Hint: check each step again."
        else:
            help_text = f"📖 Explanation: {self._explanation()}"
        return Feedback("incorrect", f"{verdict}\n{help_text}")

    def _right(self, text: str) -> Feedback:
        self.attempts += 1
        return Feedback("correct", text)

    def _explanation(self) -> str:  # pragma: no cover - overridden
        return self.explanation or ""


class NumberCheck(_Check):
    """Check a number (or a list of numbers) against the expected value.

    Parameters
    ----------
    expected : float or sequence of float
        The right answer, computed with ``ndcg`` (never typed by hand).
    name : str
        What is asked for, as it should read in a sentence: ``"DCG@3 of the
        films"``.
    rel_tol, abs_tol : float, optional
        How close the answer must be. A tolerance you give is *the* tolerance:
        with ``abs_tol`` alone the answer is right when ``|answer - expected|
        <= abs_tol``; with ``rel_tol`` alone when it is within ``rel_tol *
        max(|answer|, |expected|)``; with both, within the larger of the two
        (as :func:`math.isclose`). With neither, both are ``1e-3``. Hand
        calculations deserve an ``abs_tol`` around ``5e-3``; ``abs_tol=5e-4``
        asks for three right decimals.
    hint : str, optional
        Shown after the first wrong answer: a nudge, not the answer.
    explanation : str, optional
        Shown after the second and every later wrong answer: the worked
        solution, with its numbers computed (an f-string). By default it
        states the expected value.

    Notes
    -----
    The answer may be a number, a NumPy number, or text as typed in an answer
    box: ``"0.905"``, ``"0,905"``, ``"1/3"``, ``"90.5%"``. When ``expected``
    is a list, the answer is a list (or text such as ``"3, 2, 2, 1, 0"``) of
    the same length. Text that cannot be read as a number is answered
    ``"incorrect"`` with a word on the format, and does not count as a miss.

    Examples
    --------
    >>> import ndcg
    >>> check = NumberCheck(ndcg.cg([3, 2, 0, 1], k=2), name="CG@2",
    ...                     hint="Add the first two grades.",
    ...                     explanation="CG@2 = 3 + 2.")
    >>> check.check(4).message
    '❌ Not quite: 4 is too low for CG@2.\\n💡 Hint: Add the first two grades.'
    >>> print(check.check("6").message)
    ❌ Not quite: 6 is too high for CG@2.
    📖 Explanation: CG@2 = 3 + 2.
    >>> check.check("5").status, check.attempts, check.misses
    ('correct', 3, 2)

    A list of numbers, such as the grades of the ideal ranking (a list still
    holding a ``...`` is "not yet"):

    >>> ideal = NumberCheck(sorted([3, 2, 1, 0, 2], reverse=True), name="the ideal order")
    >>> ideal.check([3, ..., ..., ..., ...]).status
    'not yet'
    >>> ideal.check("3, 2, 2, 1, 0").status
    'correct'
    >>> ideal.check([3, 2, 1, 2, 0]).status
    'incorrect'
    """

    def __init__(self, expected, *, name, rel_tol=None, abs_tol=None, hint=None, explanation=None):
        super().__init__(name=name, hint=hint, explanation=explanation)
        if rel_tol is None and abs_tol is None:
            rel_tol = abs_tol = 1e-3
        rel_tol = 0.0 if rel_tol is None else rel_tol
        abs_tol = 0.0 if abs_tol is None else abs_tol
        try:
            array = np.asarray(expected, dtype=float)
        except (TypeError, ValueError):
            raise ValueError(
                f"expected must be a number or a sequence of numbers; got {_short(expected)}."
            ) from None
        if array.ndim > 1 or not np.all(np.isfinite(array)):
            raise ValueError(
                f"expected must be a finite number or a flat sequence of finite numbers; "
                f"got {_short(expected)}."
            )
        self.expected = float(array) if array.ndim == 0 else array
        self.rel_tol, self.abs_tol = _check_tolerances(rel_tol, abs_tol)

    @property
    def _is_list(self) -> bool:
        return isinstance(self.expected, np.ndarray)

    def _explanation(self) -> str:
        return self.explanation or f"The answer is {_format_number(self.expected)}."

    def check(self, answer) -> Feedback:
        """Grade ``answer`` and return a :class:`Feedback` (nothing is printed)."""
        if _is_untouched(answer):
            return Feedback("not yet", _NOT_YET)
        value, problem = self._read(answer)
        if problem:
            return Feedback("incorrect", f"❓ {problem}")
        shown = _format_number(value)
        if _close(value, self.expected, self.rel_tol, self.abs_tol):
            return self._right(f"✅ Correct! {_capital(self.name)} = {_format_number(self.expected)}.")
        if self._is_list:
            return self._wrong(f"❌ Not quite: {shown} is not {self.name}.")
        if math.isnan(value):
            return self._wrong(f"❌ Not quite: nan is not a number, so it cannot be {self.name}.")
        side = "too high" if value > self.expected else "too low"
        return self._wrong(f"❌ Not quite: {shown} is {side} for {self.name}.")

    def _read(self, answer):
        """Return ``(value, None)`` or ``(None, what is wrong with the answer)``."""
        if self._is_list:
            return self._read_list(answer)
        if isinstance(answer, (bool, np.bool_)):
            return None, f"{answer!r} is not a number: the answer is a number (like 0.905)."
        if isinstance(answer, numbers.Real):
            return float(answer), None
        if isinstance(answer, str):
            number = _parse_number(answer)
            if number is not None:
                return number, None
            return None, (
                f"Could not read {answer!r} as a number. Type a number such as 4.762, 1/3 or 90.5%."
            )
        if isinstance(answer, np.ndarray) and answer.size == 1 and answer.dtype.kind in "iuf":
            return float(answer.ravel()[0]), None
        return None, (
            f"The answer should be a single number; got {_short(answer)} (a {type(answer).__name__})."
        )

    def _read_list(self, answer):
        n = self.expected.size
        if isinstance(answer, str):
            parts = list_items(answer)
            numbers_read = [_parse_number(p) for p in parts]
            if None in numbers_read:
                return None, f"Could not read {answer!r} as a list of numbers. Type them like: 3, 2, 1."
            values = numbers_read
        else:
            try:
                values = np.asarray(answer, dtype=float).ravel().tolist()
            except (TypeError, ValueError):
                return None, f"The answer should be a list of {n} numbers; got {_short(answer)}."
            if np.ndim(answer) == 0:
                return (
                    None,
                    f"The answer should be a list of {n} numbers; got the single number {_short(answer)}.",
                )
        if len(values) != n:
            return None, f"The answer should be a list of {n} numbers; got {len(values)}."
        return np.asarray(values, dtype=float), None


#: What a Chinese (or Japanese) keyboard types for the ASCII characters of a number or a list:
#: the full-width comma, enumeration comma, semicolon, full stop, digits, brackets and the
#: ideographic space, and the minus sign U+2212.
_TYPED = str.maketrans(
    {
        "\uff0c": ",",
        "\u3001": ",",
        "\uff1b": ";",
        "\uff0e": ".",
        "\u3000": " ",
        "\u2212": "-",
        "\uff08": "(",
        "\uff09": ")",
        "\uff3b": "[",
        "\uff3d": "]",
        "\uff05": "%",
        "\uff0f": "/",
        **{chr(0xFF10 + d): str(d) for d in range(10)},
    }
)


def typed(text) -> str:
    """Text as a person typed it, with full-width punctuation and digits made ASCII.

    >>> typed("３，２、１；０．５　−１％")
    '3,2,1;0.5 -1%'
    """
    return str(text).translate(_TYPED)


def list_items(text: str) -> list[str]:
    """The pieces of a typed list: split at commas, semicolons and spaces, brackets dropped.

    Every place that reads a list a person typed (answer checks, the widgets' grade boxes)
    uses this one function, so they accept the same input, full-width forms included.

    >>> list_items("[3, 2;1  0]")
    ['3', '2', '1', '0']
    >>> list_items("3，2，1、0")
    ['3', '2', '1', '0']
    >>> list_items("  ")
    []
    """
    return [piece for piece in re.split(r"[\s,;]+", typed(text).strip().strip("[]()")) if piece]


def _parse_number(text: str):
    """``"0.9"``, ``"0,9"``, ``"1/3"``, ``"90%"`` (full-width forms too) -> float; else None."""
    text = typed(text).strip()
    scale = 1.0
    if text.endswith("%"):
        text, scale = text[:-1].strip(), 0.01
    if re.fullmatch(r"[+-]?\d+,\d+", text):  # a decimal comma
        text = text.replace(",", ".")
    try:
        return float(text) * scale
    except ValueError:
        pass
    try:
        return float(Fraction(text.replace(" ", ""))) * scale
    except (ValueError, ZeroDivisionError):
        return None


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
    explanation : str, optional
        Shown after the second and every later wrong function: for example a
        model solution.
    seed : int
        Seed of the generator passed to ``cases`` when it is callable.

    Notes
    -----
    Each case is deep-copied before each call, so a function that sorts its
    argument in place cannot spoil the next case. A function that still
    returns ``None`` or ``...`` on the first case (a body left as ``...``) is
    answered ``"not yet"``.

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
    >>> print(check.check(wrong_cg).message)
    ❌ Not quite (case 1 of 3): wrong_cg([3, 2, 0, 1], 2) returned 3, but CG@k is 5.
    💡 Hint: k=None means the whole list.
    >>> def stub(rels, k=None):
    ...     ...
    >>> check.check(stub).status
    'not yet'
    """

    def __init__(
        self, reference, *, name, cases, rel_tol=1e-9, abs_tol=1e-9, hint=None, explanation=None, seed=0
    ):
        super().__init__(name=name, hint=hint, explanation=explanation)
        if not callable(reference):
            raise ValueError(f"reference must be a function; got {_short(reference)}.")
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
        return self.explanation or "Compare your function with the reference, one case at a time."

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
            return Feedback("not yet", _NOT_YET)
        if not callable(answer):
            return Feedback(
                "incorrect",
                f"❓ The answer should be a function (its name, without brackets); got {_short(answer)}.",
            )
        fname = getattr(answer, "__name__", "your function")
        total = len(self.cases)
        if self._untouched_body(answer):
            return Feedback(
                "not yet",
                f"⏳ Not yet: {fname} returns nothing on every test case. Replace the `...` in its "
                "body with your code, `return` the result, and run both cells again.",
            )
        for number, (case, expected) in enumerate(zip(self.cases, self.expected), start=1):
            call = f"{fname}({', '.join(_short(arg, 60) for arg in case)})"
            try:
                got = answer(*copy.deepcopy(case))
            except Exception as error:
                return self._wrong(
                    f"❌ Not quite (case {number} of {total}): {call} raised {type(error).__name__}: {error}"
                )
            if (got is None or got is Ellipsis) and expected is not None:
                right = _format_number(expected) if _is_numeric(expected) else _short(expected)
                return self._wrong(
                    f"❌ Not quite (case {number} of {total}): {call} returned {got!r}, but {self.name} "
                    f"is {right}. Every way through your function must end in a `return` (a `return` "
                    "inside a loop never runs when the loop has nothing to do)."
                )
            if not _close(got, expected, self.rel_tol, self.abs_tol):
                right = _format_number(expected) if _is_numeric(expected) else _short(expected)
                return self._wrong(
                    f"❌ Not quite (case {number} of {total}): {call} returned {_short(got)}, "
                    f"but {self.name} is {right}."
                )
        return self._right(f"✅ Correct! {fname} computes {self.name} right on all {total} test cases.")


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
