"""Live in a notebook, the same HTML in the book: the mixin of the book's interactive figures.

A figure of :mod:`ndcg.course.figures` or :mod:`ndcg.course.figures_ltr`, or a flashcards or
quiz view of :mod:`ndcg.course.cards`, is an object with an ``html()``: a skeleton with a JSON
island that the book's scripts make playable. :class:`LiveFigure` shows it in a notebook as a
live view (:class:`ndcg.course.widgets.View`, an anywidget running the same ES module) and keeps
the HTML as the output's ``text/html``, which is what the book shows. Without anywidget (the
Anki export's light install) the HTML is all there is.

This module imports nothing heavy: the widget is made only when the object is displayed.
"""

from __future__ import annotations


class LiveFigure:
    """Mixin: display as a live view of ``self.html()``, played by the ES module ``_MODULE``."""

    #: The file of ``ndcg/course/static/`` that registers the object's kind of view.
    _MODULE = "ndcg-course.js"

    def html(self) -> str:  # pragma: no cover - every figure has one
        raise NotImplementedError

    def _repr_html_(self) -> str:
        return self.html()

    def _repr_mimebundle_(self, include=None, exclude=None, **kwargs):
        try:
            from .widgets.base import View
        except ImportError:  # no anywidget here: the book's HTML only
            return {"text/html": self.html(), "text/plain": repr(self)}
        data, metadata = View(self.html(), module=self._MODULE)._repr_mimebundle_()
        return {**data, "text/plain": repr(self)}, metadata
