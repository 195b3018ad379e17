"""The course's views, live in a notebook with a kernel (anywidget).

Every view is the book's own: an HTML skeleton with a JSON island, made here in Python, and
played by the book's ES module of ``ndcg/course/static/`` (one implementation, in the book and
in the notebook). Leave one as the last expression of a cell:

* :class:`RankingExplorer`: edit the grades, ``k`` and the gain; the
  step-by-step table, DCG, IDCG, NDCG and a bar chart follow as you type.
* :class:`ReorderGame`: move items up and down until NDCG reaches 1.0.
* :class:`MonsterGame`: the same game as a fight: every move hits (or heals) a
  monster whose health is IDCG − DCG; NDCG = 1 wins the sword of normalisation.
* :class:`TwoSystemsGame`: "whose recommendations know me better?": guess
  which of two lists has the higher DCG, then see why.
* :class:`AnswerChecker`: an exercise's answer box; type a number (or the name
  of your function) and get feedback: a hint, a closer look, then an explanation.
  The check runs in Python (:mod:`ndcg.course.checks`).
* :class:`FlashcardDeck`: a chapter's flashcards; flip, next, shuffle, and
  "got it / again" with Leitner boxes.
* :class:`Quiz`: a chapter's multiple-choice questions, with feedback for
  every option.

The book's interactive figures (:mod:`ndcg.course.figures`, :mod:`ndcg.course.figures_ltr`)
are live in a notebook the same way (:class:`ndcg.course.live.LiveFigure`).

Where no kernel runs (the HTML book), a view shows itself as ``text/html``: the same
skeleton, which the book's scripts make playable (the answer checker shows a snapshot).

Modules
-------
``base``       :class:`View` (the anywidget), maths as MathML, formatting
``explorer``   :class:`RankingExplorer`
``games``      (a package) :class:`ReorderGame`, :class:`MonsterGame`, :class:`TwoSystemsGame` and their rules
``study``      :class:`AnswerChecker`, :class:`FlashcardDeck`, :class:`Quiz`

This package imports anywidget and matplotlib; ``import ndcg`` does not.

Examples
--------
>>> from ndcg.course.widgets import RankingExplorer
>>> explorer = RankingExplorer([3, 2, 1, 0, 2], k=3)
>>> round(explorer.ndcg_value, 3)
0.905
>>> 'data-ndcg-view="explorer"' in explorer._repr_mimebundle_()[0]["text/html"]
True
"""

from .base import GAME_TITLE, SNAPSHOT_NOTE, View
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
    "View",
]
