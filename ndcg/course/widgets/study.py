"""The study views: an exercise's answer checker, a chapter's flashcards and its quiz.

The flashcards and the quiz are the book's own views (:func:`ndcg.course.cards.flashcards`,
:func:`ndcg.course.cards.quiz`), played by ``ndcg-course.js`` (the Leitner rule lives there,
once). The answer checker is a notebook's: the box and the button are drawn by
``ndcg-answer.js``, which sends what was typed to Python; the check (:mod:`ndcg.course.checks`)
runs in Python and its feedback goes back to the box.
"""

from __future__ import annotations

import html
import re

import numpy as np
import traitlets

from .. import cards
from ..islands import json_island
from .base import View, _snapshot


def _message_html(feedback) -> str:
    """A check's Feedback as styled HTML: `code` kept, lines kept, a step table as a table."""
    css = {"correct": "ndcg-good", "incorrect": "ndcg-error", "not yet": "ndcg-info"}[feedback.status]

    def styled(message: str) -> str:
        text = html.escape(message)
        return re.sub(r"`([^`]+)`", r"<code>\1</code>", text).replace("\n", "<br>")

    table = getattr(feedback, "table", None)
    if table is not None and str(table) in feedback.message:
        before, after = feedback.message.split(str(table), 1)
        body = styled(before.rstrip("\n")) + table._repr_html_() + styled(after.lstrip("\n"))
    else:
        body = styled(feedback.message)
    return f"<div class='{css}' role='status'>{body}</div>"


class AnswerChecker(View):
    """An answer box for an exercise: type, press "Check", read the feedback.

    Wraps a check of :mod:`ndcg.course.checks`. With a :class:`~ndcg.course.checks.NumberCheck`
    the learner types a number (``4.76``, ``1/3``, ``90%``, or a list such as
    ``3, 2, 1`` when a list is expected). With a
    :class:`~ndcg.course.checks.FunctionCheck` the learner defines a function in the
    notebook and types its *name*; the function is looked up in the
    notebook's namespace and run on every case. The first wrong answer brings
    the check's hint, the second a closer look (a function's smallest failing
    case, shown with its step table when the check has one), the third and
    later ones its explanation.

    The box is drawn in the browser (``ndcg-answer.js``); pressing "Check" (or Enter) sets
    :attr:`answer` and counts up :attr:`submitted`, which runs :meth:`submit` here; its
    feedback goes back as :attr:`feedback`.

    Parameters
    ----------
    check : ndcg.course.checks.NumberCheck or ndcg.course.checks.FunctionCheck
    function_name : str, optional
        For a FunctionCheck: the name the box starts with (``"my_dcg"``).
    namespace : dict, optional
        For a FunctionCheck: where to look the name up; by default the
        notebook's (IPython's user namespace).

    Attributes
    ----------
    answer : str (synced)
        What the learner typed.
    submitted : int (synced)
        How many times "Check" was pressed in the browser.
    feedback : str (synced)
        The last feedback, as HTML.
    attempts : int (synced)
        How many answers were graded (the check's ``attempts``).
    last : ndcg.course.checks.Feedback or None
        The last feedback, for code and tests.

    Examples
    --------
    >>> import ndcg
    >>> from ndcg.course.checks import NumberCheck
    >>> box = AnswerChecker(NumberCheck(ndcg.dcg([3, 2, 1]), name="DCG@3", abs_tol=5e-3,
    ...                                 hint="Divide each grade by log2(rank + 1)."))
    >>> box.answer = "6"
    >>> box.submitted += 1          # what the "Check" button does
    >>> box.last.status, box.attempts, "ndcg-error" in box.feedback
    ('incorrect', 1, True)
    >>> box.submit("4.76").status
    'correct'
    """

    answer = traitlets.Unicode("").tag(sync=True)
    submitted = traitlets.Int(0).tag(sync=True)
    feedback = traitlets.Unicode("").tag(sync=True)
    attempts = traitlets.Int(0).tag(sync=True)

    def __init__(self, check, *, function_name=None, namespace=None):
        from .. import checks, i18n
        from ..check_words import _name, say

        if not isinstance(check, (checks.NumberCheck, checks.FunctionCheck)):
            raise ValueError(
                f"check must be an ndcg.course.checks.NumberCheck or FunctionCheck; got {check!r}."
            )
        self.check = check
        self.is_function = isinstance(check, checks.FunctionCheck)
        self.namespace = namespace
        self.last = None
        name = _name(check.name)
        if self.is_function:
            placeholder = say("box function placeholder")
            label, prompt = say("box function label"), say("box function prompt", name=name)
        else:
            many = isinstance(check.expected, np.ndarray)
            placeholder = say("box list placeholder") if many else say("box number placeholder")
            label, prompt = say("box answer label"), say("box answer prompt", name=name)
        self._prompt = prompt
        lang = f' data-lang="{i18n.language()}"' if i18n.language() != "both" else ""
        box = (
            f'<div class="ndcg-kf ndcg-widget ndcg-answer" data-ndcg-view="answer"{lang}>'
            f"<p>✏️ {html.escape(prompt)}</p>"
            f'<p class="ndcg-answer-row"><label>{html.escape(label)} '
            f'<input type="text" data-role="answer" value="{html.escape(function_name or "")}" '
            f'placeholder="{html.escape(placeholder)}" autocomplete="off" spellcheck="false"></label> '
            f'<button type="button" data-action="check" '
            f'title="{html.escape(say("box button title", name=name))}" '
            f"disabled>{html.escape(say('box button'))}</button></p>"
            '<div data-role="feedback" aria-live="polite"></div>'
            '<p class="ndcg-muted" data-role="attempts"></p>'
            + json_island({"name": check.name, "attempts": say("box attempts")})
            + "</div>"
        )
        super().__init__(box, module="ndcg-answer.js", answer=function_name or "")

    def _lookup(self, name: str):
        namespace = self.namespace
        if namespace is None:
            from IPython import get_ipython

            shell = get_ipython()
            namespace = shell.user_ns if shell is not None else {}
        return namespace.get(name)

    @traitlets.observe("submitted")
    def _on_submitted(self, change) -> None:
        self.submit()

    def submit(self, answer=None):
        """Check an answer and show the feedback, as the "Check" button does.

        Parameters
        ----------
        answer : str or callable, optional
            Text to put in the box first (by default what the box holds), or,
            for a FunctionCheck, the function itself.

        Returns
        -------
        ndcg.course.checks.Feedback
        """
        from ..check_ladder import Feedback
        from ..check_words import say

        if isinstance(answer, str):
            self.answer = answer
        text = self.answer.strip()
        if callable(answer):
            feedback = self.check.check(answer)
        elif not text or text == "...":
            feedback = Feedback(
                "not yet", say("box empty function" if self.is_function else "box empty answer")
            )
        elif self.is_function:
            if not text.isidentifier():
                feedback = Feedback("incorrect", say("box not a name", text=repr(text)))
            else:
                function = self._lookup(text)
                if function is None:
                    feedback = Feedback("not yet", say("box no function", text=text))
                else:
                    feedback = self.check.check(function)
        else:
            feedback = self.check.check(text)
        self.last = feedback
        self.feedback = _message_html(feedback)
        self.attempts = self.check.attempts
        return feedback

    def snapshot_html(self) -> str:
        """The question, what was typed and the last feedback (what a page without a kernel shows)."""
        from ..check_words import say

        typed = html.escape(self.answer) or f"<i>{html.escape(say('box empty'))}</i>"
        body = (
            f"<p>{html.escape(self._prompt)}</p><p>{html.escape(say('box typed'))} <code>{typed}</code></p>"
        )
        if self.last is not None:
            body += _message_html(self.last)
        return _snapshot(say("box title"), body, say("box snapshot"))


class FlashcardDeck(View):
    """A chapter's flashcards, live in a notebook: the book's view (:func:`ndcg.course.cards.flashcards`).

    Flip, previous/next, shuffle, and "got it / again" with the Leitner rule of
    ``ndcg-course.js`` (five boxes; lower boxes come back sooner); the boxes are kept in the
    browser's storage, as in the book.

    Parameters
    ----------
    chapter : str or ndcg.course.cards.Deck
        A chapter key such as ``"02_dcg"`` (see :func:`ndcg.course.cards.chapters`).

    Examples
    --------
    >>> deck = FlashcardDeck("02_dcg")
    >>> deck.deck.chapter, 'data-ndcg-view="flashcards"' in deck.html
    ('02_dcg', True)
    """

    def __init__(self, chapter):
        self.deck = cards.as_deck(chapter)
        if not self.deck.flashcards:
            raise ValueError(f"chapter {self.deck.chapter!r} has no flashcards.")
        super().__init__(cards.flashcards(self.deck).html())


class Quiz(View):
    """A chapter's quiz, live in a notebook: the book's view (:func:`ndcg.course.cards.quiz`),
    with feedback for every option and the score of the questions right at the first try.

    Parameters
    ----------
    chapter : str or ndcg.course.cards.Deck
        A chapter key such as ``"02_dcg"``.

    Examples
    --------
    >>> quiz = Quiz("02_dcg")
    >>> quiz.deck.chapter, 'data-ndcg-view="quiz"' in quiz.html
    ('02_dcg', True)
    """

    def __init__(self, chapter):
        self.deck = cards.as_deck(chapter)
        if not self.deck.quiz:
            raise ValueError(f"chapter {self.deck.chapter!r} has no quiz questions.")
        super().__init__(cards.quiz(self.deck).html())
