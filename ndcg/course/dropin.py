"""``ndcg.ndcg_score`` in place of ``sklearn.metrics.ndcg_score``: the same inputs, run through both.

``ndcg.ndcg_score`` and ``ndcg.dcg_score`` take scikit-learn's arguments
(``y_true``, ``y_score``, ``k``, ``sample_weight``, ``ignore_ties``) and give
its numbers. Where the two differ is in what input they accept. Each
:class:`Case` here is one such input, given to both libraries;
:func:`dropin_table` runs them all and shows what each library returned, or
the error it raised. Nothing is typed: a library that changes its behaviour
changes the table, and :func:`dropin_table` raises if a case no longer
behaves as its ``expect`` says, so the chapter that shows the table fails to
build rather than describe what is no longer true.

scikit-learn is imported only when the table is made (the full install has
it). The docstrings of :func:`ndcg.ndcg_score` and :func:`ndcg.dcg_score`
list the same differences in their Notes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

import ndcg

from .display import fmt
from .tables import StepTable

#: Grades of two queries of four items, and scores with a tie in the first.
GRADES = [[3, 2, 0, 1], [0, 1, 0, 2]]
SCORES = [[0.9, 0.5, 0.5, 0.1], [0.3, 0.2, 0.8, 0.1]]
#: The second query with only three items, padded to four.
SHORT_GRADES = [0, 1, 2]
SHORT_SCORES = [0.3, 0.2, 0.8]

#: The outcomes a case can expect: the same number from both, or who refuses.
OUTCOMES = ("same", "only ndcg", "only scikit-learn", "both refuse")


@dataclass(frozen=True)
class Case:
    """One input given to both libraries.

    Parameters
    ----------
    label : str
        What is tried, in Markdown (code in backticks).
    ours, theirs : callable
        No-argument functions that call ``ndcg`` and scikit-learn on it.
    expect : str
        One of :data:`OUTCOMES`.
    advice : str
        What to do about the difference, if there is one.
    """

    label: str
    ours: Callable[[], float]
    theirs: Callable[[], float]
    expect: str
    advice: str = ""


def cases() -> list[Case]:
    """The inputs of the table, in the order shown (imports scikit-learn)."""
    from sklearn import metrics

    def padded(score):
        return [GRADES[0], [*SHORT_GRADES, 0]], [SCORES[0], [*SHORT_SCORES, score]]

    exponential = (2.0 ** np.asarray(GRADES) - 1).tolist()
    lowest = float(np.finfo(float).min)
    return [
        Case(
            "two queries, a tie, `k=3`",
            lambda: ndcg.ndcg_score(GRADES, SCORES, k=3),
            lambda: metrics.ndcg_score(GRADES, SCORES, k=3),
            "same",
        ),
        Case(
            "`sample_weight=[3, 1]`",
            lambda: ndcg.ndcg_score(GRADES, SCORES, k=3, sample_weight=[3, 1]),
            lambda: metrics.ndcg_score(GRADES, SCORES, k=3, sample_weight=[3, 1]),
            "same",
        ),
        Case(
            '`gain="exponential"`; scikit-learn given `2**grade - 1` as `y_true`',
            lambda: ndcg.ndcg_score(GRADES, SCORES, k=3, gain="exponential"),
            lambda: metrics.ndcg_score(exponential, SCORES, k=3),
            "same",
            "Pass scikit-learn the gains: its gain is `y_true` itself",
        ),
        Case(
            "queries of one item: `[[1], [0]]`",
            lambda: ndcg.ndcg_score([[1], [0]], [[0.5], [0.2]]),
            lambda: metrics.ndcg_score([[1], [0]], [[0.5], [0.2]]),
            "only ndcg",
            "A one-item query is ranked perfectly (1) or has nothing relevant (0)",
        ),
        Case(
            "a short query padded with grade 0, score `-inf`",
            lambda: ndcg.ndcg_score(*padded(-np.inf)),
            lambda: metrics.ndcg_score(*padded(-np.inf)),
            "only ndcg",
            "Pad with the lowest float for scikit-learn",
        ),
        Case(
            "the same, padded with the lowest float",
            lambda: ndcg.ndcg_score(*padded(lowest)),
            lambda: metrics.ndcg_score(*padded(lowest)),
            "same",
        ),
        Case(
            "one query as a 1-D list",
            lambda: ndcg.ndcg_score(GRADES[0], SCORES[0]),
            lambda: metrics.ndcg_score(GRADES[0], SCORES[0]),
            "both refuse",
            "Wrap it, `[[...]]`, or use `ndcg.ndcg(rels)` on grades in ranked order",
        ),
        Case(
            "a negative grade, `ndcg_score`",
            lambda: ndcg.ndcg_score([[3, -1, 0]], [[0.9, 0.5, 0.1]]),
            lambda: metrics.ndcg_score([[3, -1, 0]], [[0.9, 0.5, 0.1]]),
            "both refuse",
        ),
        Case(
            "a negative grade, `dcg_score`",
            lambda: ndcg.dcg_score([[3, -1, 0]], [[0.9, 0.5, 0.1]]),
            lambda: metrics.dcg_score([[3, -1, 0]], [[0.9, 0.5, 0.1]]),
            "only scikit-learn",
            "A grade below 0 is not a judgment: map the scale to 0 and up",
        ),
        Case(
            "`sample_weight=[-1, 3]`",
            lambda: ndcg.ndcg_score(GRADES, SCORES, k=3, sample_weight=[-1, 3]),
            lambda: metrics.ndcg_score(GRADES, SCORES, k=3, sample_weight=[-1, 3]),
            "only scikit-learn",
            "A negative weight makes the mean no mean: no query counts less than nothing",
        ),
        Case(
            "a score of `+inf`",
            lambda: ndcg.ndcg_score([[3, 2, 0]], [[np.inf, 0.5, 0.1]]),
            lambda: metrics.ndcg_score([[3, 2, 0]], [[np.inf, 0.5, 0.1]]),
            "both refuse",
        ),
    ]


@dataclass(frozen=True)
class Outcome:
    """What one library did with a case: a value, or an error."""

    value: float | None
    error: str | None

    @classmethod
    def of(cls, call: Callable[[], float]) -> Outcome:
        try:
            return cls(float(call()), None)
        except (ValueError, TypeError) as error:
            return cls(None, f"{type(error).__name__}: {error}")

    def text(self, digits: int) -> str:
        if self.error is not None:
            return "refused: " + _first_sentence(self.error)
        return fmt(self.value, f".{digits}f")


def _first_sentence(message: str, limit: int = 110) -> str:
    _, _, text = message.partition(": ")
    sentence = text.split(". ")[0].rstrip(".")
    if len(sentence) > limit:
        sentence = sentence[: limit - 1].rstrip() + "…"
    return sentence


def outcome_kind(ours: Outcome, theirs: Outcome) -> str:
    """Which of :data:`OUTCOMES` a pair of outcomes is (``"differ"`` if both gave different values)."""
    if ours.error is None and theirs.error is None:
        return "same" if math.isclose(ours.value, theirs.value, rel_tol=1e-12, abs_tol=1e-12) else "differ"
    if ours.error is None:
        return "only ndcg"
    if theirs.error is None:
        return "only scikit-learn"
    return "both refuse"


def run(selected: list[Case] | None = None) -> list[tuple[Case, Outcome, Outcome]]:
    """Every case through both libraries; raise if one no longer behaves as it expects."""
    results = []
    for case in cases() if selected is None else selected:
        if case.expect not in OUTCOMES:
            raise ValueError(f"case {case.label!r}: expect must be one of {OUTCOMES}; got {case.expect!r}.")
        ours, theirs = Outcome.of(case.ours), Outcome.of(case.theirs)
        kind = outcome_kind(ours, theirs)
        if kind != case.expect:
            raise AssertionError(
                f"case {case.label!r} was expected to be {case.expect!r} but is {kind!r}: "
                f"ndcg gave {ours.text(6)}, scikit-learn {theirs.text(6)}. A library changed; "
                "update the case and the chapter's prose."
            )
        results.append((case, ours, theirs))
    return results


def dropin_table(*, digits: int = 3) -> StepTable:
    """The cases as a table: the input, what ``ndcg`` gave, what scikit-learn gave, and what to do.

    Examples
    --------
    >>> table = dropin_table()
    >>> table.column("ndcg")[:2] == table.column("scikit-learn")[:2]
    True
    >>> table.column("scikit-learn")[3]
    'refused: Computing NDCG is only meaningful when there is more than 1 document'
    """
    rows = [
        (_plain(case.label), ours.text(digits), theirs.text(digits), _plain(case.advice) or "-")
        for case, ours, theirs in run()
    ]
    return StepTable(("input", "ndcg", "scikit-learn", "what to do"), rows, CAPTION, digits)


CAPTION = (
    "ndcg.ndcg_score and sklearn.metrics.ndcg_score given the same input; "
    "every result was computed by calling the library."
)


#: The list's own words (their Chinese: the ``dropin`` catalogue, ``ndcg_book/catalogues/i18n_stores/dropin.py``).
WORDS = {"item": "{label}: **ndcg** {ours}; **scikit-learn** {theirs}.", "refused": 'refused: "{message}"'}


def dropin_list(*, digits: int = 3, language: str = "en") -> str:
    """The cases as a Markdown list, one item per input: it reads on a phone, where four columns do
    not. ``language``: a language of the course (``"zh"``: the labels and advice from the ``dropin``
    catalogue, set as its text is: no space between sentences, its full stop);
    the libraries' error messages stay as they say them.

    Examples
    --------
    >>> print(dropin_list().splitlines()[3])
    - queries of one item: `[[1], [0]]`: **ndcg** 0.500; **scikit-learn** refused: "Computing NDCG is only meaningful when there is more than 1 document". A one-item query is ranked perfectly (1) or has nothing relevant (0).
    """
    from . import manifest
    from .i18n import translator

    setting = manifest.language(language)  # its full stop, and whether a space starts a sentence
    say = translator("dropin", language=language)
    items = []
    for case, ours, theirs in run():
        item = "- " + say(WORDS["item"]).format(
            label=say(case.label), ours=_markdown(ours, digits, say), theirs=_markdown(theirs, digits, say)
        )
        if case.advice:
            item += f"{' ' if setting.spaced else ''}{say(case.advice)}{setting.full_stop}"
        items.append(item)
    return "\n".join(items)


def dropin_markdown(*, digits: int = 3) -> str:
    """:func:`dropin_list` in the languages shown now (:func:`ndcg.course.i18n.language`): in the
    book, both, each in its ``lang`` block, and the page's CSS shows its edition's."""
    from . import i18n, manifest

    now = i18n.language()
    if now != "both":
        return dropin_list(digits=digits, language=now)
    return "\n".join(
        f'<div class="{i18n.CSS_CLASS}" lang="{language.tag}">\n\n{dropin_list(digits=digits, language=language.code)}\n\n</div>\n'
        for language in manifest.languages()
    )


def _plain(markdown: str) -> str:
    return markdown.replace("`", "")


def _markdown(outcome: Outcome, digits: int, say=str) -> str:
    text = outcome.text(digits)
    if outcome.error is None:
        return text
    message = text.removeprefix("refused: ")
    for special in "\\*_[]<>`":
        message = message.replace(special, "\\" + special)
    return say(WORDS["refused"]).format(message=message)
