"""What every exercise check shares: the Feedback it answers with, and the ladder of help.

:class:`Feedback` is what a check says about one answer: a status (one of :data:`STATUSES`), the
message, and, for a function, maybe a step table. ``_Check`` is the base of
:class:`~ndcg.course.number_checks.NumberCheck` and
:class:`~ndcg.course.function_checks.FunctionCheck`: it counts the answers (``attempts``) and the
wrong ones (``misses``), prints the message when called, and climbs the ladder, one rung per
wrong answer: the hint, then a closer look, then the explanation (the rules are in
:mod:`ndcg.course.checks`). Also here: what an untouched answer is (``...``, ``None``), the
checks of a check's own definition (its name, tolerances and texts), and the bounded repr every
message uses.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np

from .check_words import _help, say

#: The three statuses a :class:`Feedback` can have.
STATUSES = ("correct", "incorrect", "not yet")


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
