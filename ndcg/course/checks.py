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
  cases, fixed or drawn from a seeded random generator.

Both follow the same rules, so that a learner always knows what to expect.
Help comes as a ladder, one rung per wrong answer, each more help than the
one before and less than the next:

================================  ==========================================
the answer                        the feedback
================================  ==========================================
``...`` or ``None`` (untouched)   ``"not yet"``: replace ``...``; not counted
right                             ``"correct"`` (after misses, it says so)
wrong, for the first time         ``"incorrect"``, with the **hint**; a list
                                  answer is told how many entries are right,
                                  a function on how many cases it is wrong
wrong, for the second time        ``"incorrect"``, with **a closer look**: a
                                  list answer gets per-entry marks ("entries
                                  1 and 2 are swapped"), a function the
                                  smallest failing case with its expected
                                  value and, where the check has one, its
                                  step table; plus the second hint
                                  (``hint2``) when the exercise has one
wrong a third time, and after     ``"incorrect"``, with the **explanation**
a function that raises            ``"incorrect"``, with the exception's text
================================  ==========================================

A check never raises because of an answer. Calling it (``check(answer)``)
prints the message and returns the :class:`Feedback`; :meth:`NumberCheck.check`
returns it without printing (for widgets and tests). ``attempts`` counts the
answers graded so far, ``misses`` the wrong ones; ``reset()`` starts the
ladder again.

This module needs only NumPy; the live answer box is
``ndcg.course.widgets.AnswerChecker``.

In Chinese: after ``ndcg.course.set_language("zh")`` (the first code cell of the Chinese
notebooks, ``exercises/zh/``) every message is Chinese. The checks' own words are written once,
in English, in :data:`WORDS` (catalogue ``checks``, which also holds the names of what the
exercises ask for); a check's hint, second hint and explanation are looked up by their English
in the exercises' catalogues (``answers/NN_name``), so a check built with
``**answers("02_dcg", "check_films")`` and one built in a solution notebook say the same. An
untranslated text shows in English (``python -m tools.i18n check`` lists it).

Examples
--------
>>> import ndcg
>>> from ndcg.course.checks import NumberCheck
>>> check = NumberCheck(ndcg.dcg([3, 2, 1]), name="DCG@3 of [3, 2, 1]",
...                     abs_tol=5e-3, hint="Divide each grade by log2(rank + 1).",
...                     hint2="The first term is 3/log2(2) = 3; do ranks 2 and 3 the same way.",
...                     explanation="3/1 + 2/log2(3) + 1/log2(4), about 4.762.")
>>> check(...).status
⏳ Not yet: replace `...` with your answer, then run the cell again.
'not yet'
>>> check(6).status
❌ Not quite: 6 is too high for DCG@3 of [3, 2, 1].
💡 Hint: Divide each grade by log2(rank + 1).
'incorrect'
>>> check(5).status
❌ Not quite: 5 is too high for DCG@3 of [3, 2, 1].
🔎 A closer look: The first term is 3/log2(2) = 3; do ranks 2 and 3 the same way.
'incorrect'
>>> check(4).status
❌ Not quite: 4 is too low for DCG@3 of [3, 2, 1].
📖 Explanation: 3/1 + 2/log2(3) + 1/log2(4), about 4.762.
'incorrect'
>>> check(4.76).status
✅ Correct! DCG@3 of [3, 2, 1] = 4.76186. You got there after 3 wrong answers: well done for keeping at it.
'correct'
"""

from __future__ import annotations

import copy
import math
import numbers
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np

from . import i18n

#: The three statuses a :class:`Feedback` can have.
STATUSES = ("correct", "incorrect", "not yet")

#: Every word the checks (and the answer box, :class:`ndcg.course.widgets.AnswerChecker`) show,
#: by key, in English: the one place they are written. Their Chinese is the catalogue of the
#: ``checks`` domain (``ndcg/course/locales/zh_CN/LC_MESSAGES/checks.po``, store
#: ``tools/i18n_stores/checks.py``); :func:`say` gives the one of the notebook's language.
#: ``{name}``-style placeholders are filled after translation.
WORDS = {
    "not yet": "⏳ Not yet: replace `...` with your answer, then run the cell again.",
    "hint": "💡 Hint: {text}",
    "hint default": "💡 Hint: check each step again.",
    "closer": "🔎 A closer look: {text}",
    "explanation": "📖 Explanation: {text}",
    "after one miss": " You got there after one wrong answer: well done for keeping at it.",
    "after misses": " You got there after {count} wrong answers: well done for keeping at it.",
    "list closer": (
        "the marks above say which entries are right. Redo only the others, one at a time, "
        "and keep them in the order the exercise asks for."
    ),
    "entry": "entry {number}",
    "entries": "entries {numbers} and {last}",
    "list separator": ", ",
    "parts separator": "; ",
    "the answer is": "The answer is {value}.",
    "correct number": "✅ Correct! {name} = {value}.",
    "list first": "❌ Not quite: {shown} is not {name}: {right} of {total} entries are right.",
    "list first which": "❌ Not quite: {shown} is not {name}: {right} of {total} entries are right ({entries}).",
    "list later": "❌ Not quite: {shown} is not {name}. {marks}",
    "nan": "❌ Not quite: nan is not a number, so it cannot be {name}.",
    "too high": "❌ Not quite: {shown} is too high for {name}.",
    "too low": "❌ Not quite: {shown} is too low for {name}.",
    "scalar closer": (
        "the difference is more than rounding, so one step of your calculation is wrong, "
        "not just its last digit. Write every intermediate number down and check each one "
        "against the hint."
    ),
    "swapped": "entries {first} and {second} are swapped",
    "wrong order": "{entries} hold the right numbers in the wrong order",
    "off": "entry {number} is off (you typed {typed}, it is {value})",
    "marks": "{right} of {total} right: {parts}.",
    "not a number bool": "{answer} is not a number: the answer is a number (like 0.905).",
    "unreadable number": "Could not read {answer} as a number. Type a number such as 4.762, 1/3 or 90.5%.",
    "single number": "The answer should be a single number; got {answer} (a {kind}).",
    "unreadable list": "Could not read {answer} as a list of numbers. Type them like: 3, 2, 1.",
    "list expected": "The answer should be a list of {count} numbers; got {answer}.",
    "list not number": "The answer should be a list of {count} numbers; got the single number {answer}.",
    "list length": "The answer should be a list of {count} numbers; got {length}.",
    "function expected": "❓ The answer should be a function (its name, without brackets); got {answer}.",
    "your function": "your function",
    "function not yet": (
        "⏳ Not yet: {function} returns nothing on every test case. Replace the `...` in its "
        "body with your code, `return` the result, and run both cells again."
    ),
    "function correct": "✅ Correct! {function} computes {name} right on all {total} test cases.",
    "function explanation": "Compare your function with the reference, one case at a time.",
    "function wrong all": "❌ Not quite: {function} gets {name} wrong on all {total} test cases.",
    "function wrong some": "❌ Not quite: {function} gets {name} wrong on {count} of {total} test cases.",
    "raised all": " On all of them it raised an error; the smallest: {error}",
    "raised some": " On {count} of them it raised an error; the smallest: {error}",
    "smallest": " The smallest one: {call} {did}, but {name} is {value}.",
    "raised": "raised {error}",
    "returned": "returned {value}",
    "return note": (
        " Every way through your function must end in a `return` (a `return` inside a loop never "
        "runs when the loop has nothing to do)."
    ),
    "step by step": "this is how {name} is worked out on that case, step by step:",
    "function closer": (
        "work that smallest case out by hand, then run your function on it alone and "
        "print what it computes at each step: the first step that differs is the bug."
    ),
    # the answer box (ndcg.course.widgets.AnswerChecker, ndcg-answer.js)
    "box function placeholder": "the name of your function, e.g. my_dcg",
    "box function label": "Function",
    "box function prompt": "Define your function for {name} in a cell above, run it, then type its name here.",
    "box list placeholder": "numbers separated by commas, e.g. 3, 2, 1",
    "box number placeholder": "a number, e.g. 4.76 or 1/3",
    "box answer label": "Answer",
    "box answer prompt": "Your answer for {name}:",
    "box button": "Check ✔",
    "box button title": "Check your answer for {name}",
    "box attempts": "Attempts: {count}",
    "box empty function": "⏳ Not yet: type the name of your function in the box, then press Check.",
    "box empty answer": "⏳ Not yet: type your answer in the box, then press Check.",
    "box not a name": "❓ {text} is not a name: type just the function's name, such as my_dcg, without brackets.",
    "box no function": (
        "⏳ Not yet: no function called `{text}` is defined. Run the cell that defines it, "
        "then press Check again."
    ),
    "box empty": "(empty)",
    "box typed": "Typed:",
    "box title": "✏️ Answer checker",
    "box snapshot": "This is a snapshot: run the notebook to play with it live.",
}


def _chinese() -> bool:
    """Whether the checks speak Chinese: after ``ndcg.course.set_language("zh")``. (The book's
    ``both`` is English: no page of the book runs a check, and a check prints plain text.)"""
    return i18n.language() == "zh"


def say(key: str, **values) -> str:
    """The words :data:`WORDS` ``[key]`` in the notebook's language, their placeholders filled.

    >>> say("too low", shown="4", name="CG@2")
    '❌ Not quite: 4 is too low for CG@2.'
    """
    text = WORDS[key]
    if not _chinese():
        return text.format(**values) if values else text
    text = i18n.translator("checks", key)(text)
    text = text.format(**values) if values else text
    return _CJK_SPACE.sub("", text)


#: A space between two Chinese characters (a Chinese name filled into "不是 {name}"): dropped.
_CJK_SPACE = re.compile(r"(?<=[\u3000-\u9fff\uff00-\uffef]) (?=[\u3000-\u9fff\uff00-\uffef“])")


def _name(name: str) -> str:
    """What is asked for (a check's ``name``), in the notebook's language (the ``checks``
    catalogue holds the names the exercises use, context ``name``)."""
    return i18n.translator("checks", "name")(name) if _chinese() else name


@cache
def _help_texts() -> dict[str, str]:
    """Every exercise check's hint, second hint and explanation in Chinese, by its English
    (the catalogues ``answers/NN_name``, merged: the same English has one translation)."""
    found = {}
    folder = i18n.LOCALES / "answers"
    for path in sorted(folder.glob("*.po")) if folder.is_dir() else []:
        for (_, english), chinese in i18n.catalogue(f"answers/{path.stem}").items():
            found.setdefault(english, chinese)
    return found


def _help(text: str) -> str:
    """A check's own hint, second hint or explanation in the notebook's language."""
    return _help_texts().get(text, text) if _chinese() else text


@dataclass(frozen=True)
class Feedback:
    """What a check says about one answer.

    Attributes
    ----------
    status : {"correct", "incorrect", "not yet"}
        ``"not yet"`` means the answer was left as ``...`` (or ``None``).
    message : str
        The text shown to the learner: a verdict, then, when the answer is
        wrong, the rung of help it has reached (hint, closer look, explanation).
    table : StepTable or None
        The step table of the smallest failing case, when a
        :class:`FunctionCheck` with ``steps=`` shows one (its text is in
        ``message`` too; the answer box shows it as a table).

    Examples
    --------
    >>> feedback = Feedback("correct", "✅ Correct!")
    >>> feedback.correct, str(feedback)
    (True, '✅ Correct!')
    """

    status: str
    message: str
    table: object = None

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
    """What NumberCheck and FunctionCheck share: counting, and the ladder of help."""

    def __init__(self, *, name, hint, hint2, explanation):
        self.name = _check_name(name)
        for label, text in (("hint", hint), ("hint2", hint2), ("explanation", explanation)):
            if text is not None and not isinstance(text, str):
                raise ValueError(f"{label} must be a string or None; got {_short(text)}.")
        self.hint = hint
        self.hint2 = hint2
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

    def _wrong(self, first: str, later: str, closer: str, table=None) -> Feedback:
        """Count a miss and climb the ladder: the hint, then a closer look, then the explanation.

        ``first`` is the verdict of a first miss, ``later`` the more specific one of every
        later miss, and ``closer`` the second rung's help (``table``, a step table, goes with it).
        """
        self.attempts += 1
        self.misses += 1
        if self.misses == 1:
            help_text = say("hint", text=_help(self.hint)) if self.hint else say("hint default")
            return Feedback("incorrect", f"{first}\n{help_text}")
        if self.misses == 2:
            return Feedback("incorrect", f"{later}\n{say('closer', text=closer)}", table)
        return Feedback("incorrect", f"{later}\n{say('explanation', text=self._explanation())}")

    def _right(self, text: str) -> Feedback:
        self.attempts += 1
        if self.misses:
            text += say("after one miss") if self.misses == 1 else say("after misses", count=self.misses)
        return Feedback("correct", text)

    def _explanation(self) -> str:  # pragma: no cover - overridden
        return self.explanation or ""


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


def _to_tolerance(value: float, abs_tol: float) -> str:
    """A value with as many decimals as ``abs_tol`` asks for (``5e-3``: three), or 6 significant digits."""
    if float(value).is_integer():
        return str(int(value))
    if abs_tol > 0:
        decimals = min(6, max(0, math.ceil(-math.log10(abs_tol))))
        return f"{value:.{decimals}f}"
    return f"{value:.6g}"


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
