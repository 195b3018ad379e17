"""Interactive widgets for a notebook with a live kernel (ipywidgets 8).

Six small learning tools, each an :class:`ipywidgets.VBox` that can be shown by
leaving it as the last expression of a cell:

* :class:`RankingExplorer`: edit the grades, ``k`` and the gain; the
  step-by-step table, DCG, IDCG, NDCG and a bar chart follow as you type.
* :class:`ReorderGame`: move items up and down until NDCG reaches 1.0.
* :class:`MonsterGame`: the same game as a fight: every move hits (or heals) a
  monster whose health is IDCG − DCG; NDCG = 1 wins the sword of normalisation.
* :class:`TwoSystemsGame`: "whose recommendations know me better?": guess
  which of two lists has the higher DCG, then see why.
* :class:`AnswerChecker`: an exercise's answer box; type a number (or the name
  of your function) and get feedback: a hint, a closer look, then an explanation.
* :class:`FlashcardDeck`: a chapter's flashcards; flip, next, shuffle, and
  "got it / again" with Leitner boxes.
* :class:`Quiz`: a chapter's multiple-choice questions, with feedback for
  every option.

Every widget has a small Python API (the same actions as its buttons), used by
the tests and handy in a notebook. Where no kernel runs (the HTML book), a
widget shows itself as ``text/html``: a kernel-free view of the same example,
with the same texts, that the book's own JavaScript makes playable
(``ndcg/course/static/``; the metrics there equal the package's): the explorer
and the games. The study widgets (answer checker, deck, quiz) show a snapshot;
the book's own flashcards and quizzes are the kernel-free views of
:mod:`ndcg.course.cards`.

Modules
-------
``base``       what every widget shares: stylesheet, snapshot, number formatting
``explorer``   :class:`RankingExplorer`
``games``      :class:`ReorderGame`, :class:`MonsterGame`, :class:`TwoSystemsGame`
``study``      :class:`AnswerChecker`, :class:`FlashcardDeck`, :class:`Quiz`

Every widget styles itself from ``ndcg/course/static/ndcg-course.css``, the
book's stylesheet too. This package imports ipywidgets and matplotlib;
``import ndcg`` does not.

Examples
--------
>>> from ndcg.course.widgets import RankingExplorer
>>> explorer = RankingExplorer([3, 2, 1, 0, 2], k=3)
>>> round(explorer.ndcg_value, 3)
0.905
>>> explorer.grades.value = "3, 2, 1"
>>> explorer.ndcg_value
1.0
>>> explorer.grades.value = "3, -1"
>>> explorer.error
'rels must hold non-negative grades (0 = not relevant); found -1.'
"""

from .base import GAME_TITLE, SNAPSHOT_NOTE, parse_grades
from .explorer import RankingExplorer
from .games import MonsterGame, ReorderGame, TwoSystemsGame
from .study import AnswerChecker, FlashcardDeck, Quiz

__all__ = [
    "GAME_TITLE",
    "SNAPSHOT_NOTE",
    "AnswerChecker",
    "FlashcardDeck",
    "MonsterGame",
    "Quiz",
    "RankingExplorer",
    "ReorderGame",
    "TwoSystemsGame",
    "parse_grades",
]
