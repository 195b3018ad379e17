"""NumberCheck: check a number, or a list of numbers, worked out by hand.

The answer may be a number or text as typed in an answer box (``"4.76"``, ``"1/3"``, ``"90%"``,
``"3, 2, 1"``), within a tolerance suited to pencil-and-paper rounding; a wrong list gets
per-entry marks on its second miss (:meth:`NumberCheck.marks`). Learners import it from
:mod:`ndcg.course.checks`, which states the rules every check follows.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from .check_ladder import Feedback, _Check, _check_tolerances, _is_untouched, _short
from .check_words import _help, _name, say
from .typed_numbers import _close, _format_number, _parse_number, _to_tolerance, list_items


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _entries(numbers: list[str]) -> str:
    """``"entry 3"``, ``"entries 1 and 2"``, ``"entries 1, 3 and 4"``."""
    if len(numbers) == 1:
        return say("entry", number=numbers[0])
    return say("entries", numbers=say("list separator").join(numbers[:-1]), last=numbers[-1])


def _wrong_order(places, got, expected, near) -> bool:
    """Whether the entries at ``places`` hold the expected numbers of those places, reordered."""
    free = list(places)
    for i in places:
        match = next((j for j in free if j != i and near(got[i], expected[j])), None)
        if match is None:
            return False
        free.remove(match)
    return True


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
    hint2 : str, optional
        Shown after the second wrong answer: more specific than the hint
        (the worked first step, say), still not the answer. A list answer
        also gets its per-entry marks (:meth:`marks`) then.
    explanation : str, optional
        Shown after the third and every later wrong answer: the worked
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
    >>> print(check.check("6").message)  # doctest: +ELLIPSIS
    ❌ Not quite: 6 is too high for CG@2.
    🔎 A closer look: the difference is more than rounding, ...
    >>> print(check.check("5,5").message)
    ❌ Not quite: 5.5 is too high for CG@2.
    📖 Explanation: CG@2 = 3 + 2.
    >>> check.check("5").status, check.attempts, check.misses
    ('correct', 4, 3)

    A list of numbers, such as the grades of the ideal ranking (a list still
    holding a ``...`` is "not yet"):

    >>> ideal = NumberCheck(sorted([3, 2, 1, 0, 2], reverse=True), name="the ideal order")
    >>> ideal.check([3, ..., ..., ..., ...]).status
    'not yet'
    >>> ideal.check("3, 2, 2, 1, 0").status
    'correct'
    >>> print(ideal.check([3, 2, 1, 2, 0]).message)
    ❌ Not quite: [3, 2, 1, 2, 0] is not the ideal order: 3 of 5 entries are right (entries 1, 2 and 5).
    💡 Hint: check each step again.
    >>> print(ideal.check([3, 2, 1, 2, 0]).message)  # doctest: +ELLIPSIS
    ❌ Not quite: [3, 2, 1, 2, 0] is not the ideal order. 3 of 5 right: entries 3 and 4 are swapped.
    🔎 A closer look: the marks above say which entries are right. ...
    """

    def __init__(
        self, expected, *, name, rel_tol=None, abs_tol=None, hint=None, hint2=None, explanation=None
    ):
        super().__init__(name=name, hint=hint, hint2=hint2, explanation=explanation)
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
        return (
            _help(self.explanation)
            if self.explanation
            else say("the answer is", value=_format_number(self.expected))
        )

    def check(self, answer) -> Feedback:
        """Grade ``answer`` and return a :class:`Feedback` (nothing is printed)."""
        if _is_untouched(answer):
            return Feedback("not yet", say("not yet"))
        value, problem = self._read(answer)
        if problem:
            return Feedback("incorrect", f"❓ {problem}")
        shown = _format_number(value)
        if _close(value, self.expected, self.rel_tol, self.abs_tol):
            name = _capital(_name(self.name))
            return self._right(say("correct number", name=name, value=_format_number(self.expected)))
        name = _name(self.name)
        if self._is_list:
            right = int(sum(self._near(g, e) for g, e in zip(value, self.expected)))
            n = self.expected.size
            if 0 < right < n:
                places = [str(i) for i, (g, e) in enumerate(zip(value, self.expected), 1) if self._near(g, e)]
                first = say(
                    "list first which", shown=shown, name=name, right=right, total=n, entries=_entries(places)
                )
            else:
                first = say("list first", shown=shown, name=name, right=right, total=n)
            later = say("list later", shown=shown, name=name, marks=self.marks(value))
            return self._wrong(first, later, _help(self.hint2) if self.hint2 else say("list closer"))
        if math.isnan(value):
            verdict = say("nan", name=name)
            return self._wrong(verdict, verdict, _help(self.hint2) if self.hint2 else self._scalar_closer())
        verdict = say("too high" if value > self.expected else "too low", shown=shown, name=name)
        return self._wrong(verdict, verdict, _help(self.hint2) if self.hint2 else self._scalar_closer())

    def _near(self, got, expected) -> bool:
        return _close(got, expected, self.rel_tol, self.abs_tol)

    def _scalar_closer(self) -> str:
        return say("scalar closer")

    def marks(self, answer) -> str:
        """Per-entry marks of a list answer: how many entries are right, and what is wrong with the others.

        Two entries exchanged are said to be swapped (wherever they are), entries holding
        the right numbers in the wrong order are said so, and any other wrong entry is shown
        with the value it should have, to the precision the tolerance asks for.

        >>> import ndcg
        >>> check = NumberCheck(ndcg.discounts(4), name="the discounts", abs_tol=5e-3)
        >>> check.marks([0.631, 1.0, 0.5, 0.431])
        '2 of 4 right: entries 1 and 2 are swapped.'
        >>> check.marks([1.0, 0.631, 0.6, 0.431])
        '3 of 4 right: entry 3 is off (you typed 0.6, it is 0.500).'
        >>> check.marks([0.5, 0.631, 0.431, 1.0])
        '1 of 4 right: entries 1, 3 and 4 hold the right numbers in the wrong order.'
        >>> NumberCheck([1, 2, 3, 4, 5], name="ranks", abs_tol=0).marks([5, 2, 3, 4, 1])
        '3 of 5 right: entries 1 and 5 are swapped.'
        """
        if not self._is_list:
            raise ValueError(
                f"marks() needs a check whose expected value is a list; {self.name} is one number."
            )
        value, problem = self._read(answer)
        if problem:
            raise ValueError(f"answer: {problem}")
        got, expected, n = list(value), list(self.expected), self.expected.size
        wrong = [i for i in range(n) if not self._near(got[i], expected[i])]
        parts, used = [], set()
        for i in wrong:
            for j in wrong:
                free = j > i and i not in used and j not in used
                if free and self._near(got[i], expected[j]) and self._near(got[j], expected[i]):
                    used |= {i, j}
                    parts.append(say("swapped", first=i + 1, second=j + 1))
        rest = [i for i in wrong if i not in used]
        if len(rest) >= 2 and _wrong_order(rest, got, expected, self._near):
            parts.append(say("wrong order", entries=_entries([str(i + 1) for i in rest])))
            rest = []
        for i in rest:
            it_is = _to_tolerance(expected[i], self.abs_tol)
            parts.append(say("off", number=i + 1, typed=_format_number(got[i]), value=it_is))
        return say("marks", right=n - len(wrong), total=n, parts=say("parts separator").join(parts))

    def _read(self, answer):
        """Return ``(value, None)`` or ``(None, what is wrong with the answer)``."""
        if self._is_list:
            return self._read_list(answer)
        if isinstance(answer, (bool, np.bool_)):
            return None, say("not a number bool", answer=repr(answer))
        if isinstance(answer, numbers.Real):
            return float(answer), None
        if isinstance(answer, str):
            number = _parse_number(answer)
            if number is not None:
                return number, None
            return None, say("unreadable number", answer=repr(answer))
        if isinstance(answer, np.ndarray) and answer.size == 1 and answer.dtype.kind in "iuf":
            return float(answer.ravel()[0]), None
        return None, say("single number", answer=_short(answer), kind=type(answer).__name__)

    def _read_list(self, answer):
        n = self.expected.size
        if isinstance(answer, str):
            parts = list_items(answer)
            numbers_read = [_parse_number(p) for p in parts]
            if None in numbers_read:
                return None, say("unreadable list", answer=repr(answer))
            values = numbers_read
        else:
            try:
                values = np.asarray(answer, dtype=float).ravel().tolist()
            except (TypeError, ValueError):
                return None, say("list expected", count=n, answer=_short(answer))
            if np.ndim(answer) == 0:
                return None, say("list not number", count=n, answer=_short(answer))
        if len(values) != n:
            return None, say("list length", count=n, length=len(values))
        return np.asarray(values, dtype=float), None
