"""The help texts of the exercise checks, shipped with the package, out of the learners' sight.

A check's hint, second hint and explanation (worked numbers, model code) are
answer texts. They are written in the solutions' text sources
(``solutions/<chapter>.md``) and generated from them by ``make exercises``
(``ndcg_book/generate/make_student.py``) into ``ndcg/course/content/answers/<chapter>.json``,
package data of the ``ndcg`` wheel. A student notebook builds the same checks
with ``**answers("02_dcg", "check_films")``, so opening one of its cells, or
reading its JSON, shows no answer: a learner sees a text only when the check
gives it, or by opening the package's data on purpose.

The numbers in the texts were computed by ``ndcg`` and rounded with
:func:`ndcg.course.display.fmt` when the data was generated, so they read the
same on every machine.

>>> texts = answers("02_dcg", "check_films")
>>> sorted(texts)
['explanation', 'hint', 'hint2']
>>> answers("02_dcg", "check_nothing")
Traceback (most recent call last):
...
ValueError: check: 02_dcg has no check called 'check_nothing'; it has check_discounts, check_films, check_gain_dcg, check_gains, check_jk, check_my_dcg, check_videos, check_winner.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from . import manifest

#: The fields a check's texts may have, in the order the ladder shows them.
FIELDS = ("hint", "hint2", "explanation")


def chapters() -> list[str]:
    """The chapters whose answer texts ship with the package, in order.

    >>> chapters()[:2]
    ['00_why', '01_cg']
    """
    return manifest.chapter_stems()  # each has its answers, content/answers/<chapter>.json


@cache
def _chapter(chapter: str) -> dict:
    if not isinstance(chapter, str) or chapter not in chapters():
        raise ValueError(f"chapter must be one of {', '.join(chapters())}; got {chapter!r}.")
    path = resources.files("ndcg.course") / "content" / "answers" / f"{chapter}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def answers(chapter: str, check: str) -> dict[str, str]:
    """The texts of one exercise check, as keyword arguments of the check.

    Parameters
    ----------
    chapter : str
        The exercise notebook's chapter, such as ``"02_dcg"``.
    check : str
        The check's name in that notebook, such as ``"check_films"``.

    Returns
    -------
    dict
        ``hint``, ``hint2`` and ``explanation`` (those the check has):
        ``NumberCheck(expected, name=..., **answers("02_dcg", "check_films"))``.
    """
    texts = _chapter(chapter)
    if check not in texts:
        raise ValueError(
            f"check: {chapter} has no check called {check!r}; it has {', '.join(sorted(texts))}."
        )
    return dict(texts[check])
