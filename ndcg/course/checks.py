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

The checks need only NumPy; the live answer box is
``ndcg.course.widgets.AnswerChecker``.

Import the checks from here, as the exercise notebooks do
(``from ndcg.course.checks import FunctionCheck, NumberCheck, ranking_cases``); each part lives in
a module of its own:

=================================  ==========================================================
``ndcg.course.check_ladder``       :class:`Feedback`, and what every check shares: counting the
                                   answers and climbing the ladder of help
``ndcg.course.number_checks``      :class:`NumberCheck`, its reading of answers and the per-entry
                                   marks of a list
``ndcg.course.function_checks``    :class:`FunctionCheck` and its test cases
                                   (:func:`ranking_cases`, :func:`case_order`)
``ndcg.course.check_words``        every word the checks say (:data:`WORDS`), and :func:`say`,
                                   which gives them in the notebook's language
``ndcg.course.typed_numbers``      numbers as learners type them (:func:`typed`,
                                   :func:`list_items`), and as the checks print and compare them
=================================  ==========================================================

In Chinese: after ``ndcg.course.set_language("zh")`` (the first code cell of the Chinese
notebooks, ``exercises/zh/``) every message is Chinese. The checks' own words are written once,
in English, in :data:`WORDS` (catalogue ``checks``, which also holds the names of what the
exercises ask for); a check's hint, second hint and explanation are looked up by their English
in the exercises' catalogues (``answers/NN_name``), so a check built with
``**answers("02_dcg", "check_films")`` and one built in a solution notebook say the same. An
untranslated text shows in English (``python -m ndcg_book translations check`` lists it).

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

from .check_ladder import STATUSES, Feedback
from .check_words import WORDS, say
from .function_checks import FunctionCheck, case_order, ranking_cases
from .number_checks import NumberCheck
from .typed_numbers import list_items, typed

__all__ = [
    "STATUSES",
    "WORDS",
    "Feedback",
    "FunctionCheck",
    "NumberCheck",
    "case_order",
    "list_items",
    "ranking_cases",
    "say",
    "typed",
]
