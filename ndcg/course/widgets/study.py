"""The study widgets: an exercise's answer checker, a chapter's flashcards and its quiz."""

from __future__ import annotations

import html
import re

import ipywidgets as widgets
import numpy as np

from .. import cards
from ..cards import to_html
from .base import _Snapshot, _snapshot, _style


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


class AnswerChecker(_Snapshot, widgets.VBox):
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
    answer : ipywidgets.Text
        What the learner typed.
    button : ipywidgets.Button
        "Check".
    feedback : ipywidgets.HTMLMath
        The last feedback.
    attempts_label : ipywidgets.HTML
        How many answers were graded (the check's ``attempts``).
    last : ndcg.course.checks.Feedback or None
        The last feedback, for code and tests.

    Examples
    --------
    >>> import ndcg
    >>> from ndcg.course.checks import NumberCheck
    >>> box = AnswerChecker(NumberCheck(ndcg.dcg([3, 2, 1]), name="DCG@3", abs_tol=5e-3,
    ...                                 hint="Divide each grade by log2(rank + 1)."))
    >>> box.answer.value = "6"
    >>> box.button.click()
    >>> box.last.status
    'incorrect'
    >>> box.submit("4.76").status
    'correct'
    """

    def __init__(self, check, *, function_name=None, namespace=None):
        from .. import checks

        if not isinstance(check, (checks.NumberCheck, checks.FunctionCheck)):
            raise ValueError(
                f"check must be an ndcg.course.checks.NumberCheck or FunctionCheck; got {check!r}."
            )
        self.check = check
        self.is_function = isinstance(check, checks.FunctionCheck)
        self.namespace = namespace
        self.last = None
        if self.is_function:
            placeholder, label, prompt = (
                "the name of your function, e.g. my_dcg",
                "Function",
                f"Define your function for {check.name} in a cell above, run it, then type its name here.",
            )
        else:
            many = isinstance(check.expected, np.ndarray)
            placeholder = (
                "numbers separated by commas, e.g. 3, 2, 1" if many else "a number, e.g. 4.76 or 1/3"
            )
            label, prompt = "Answer", f"Your answer for {check.name}:"
        self.answer = widgets.Text(
            value=function_name or "",
            placeholder=placeholder,
            description=label,
            layout=widgets.Layout(width="26em"),
        )
        self.button = widgets.Button(
            description="Check ✔", button_style="primary", tooltip=f"Check your answer for {check.name}"
        )
        self.button.on_click(lambda _button: self.submit())
        self.feedback = widgets.HTMLMath()
        self.attempts_label = widgets.HTML()
        self._prompt = prompt
        intro = widgets.HTML(f"{_style()}<div class='ndcg-widget'>✏️ {html.escape(prompt)}</div>")
        super().__init__(
            [intro, widgets.HBox([self.answer, self.button]), self.feedback, self.attempts_label]
        )
        self.add_class("ndcg-widget")
        self._show()

    def _lookup(self, name: str):
        namespace = self.namespace
        if namespace is None:
            from IPython import get_ipython

            shell = get_ipython()
            namespace = shell.user_ns if shell is not None else {}
        return namespace.get(name)

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
        from ..checks import Feedback

        if isinstance(answer, str):
            self.answer.value = answer
        text = self.answer.value.strip()
        if callable(answer):
            feedback = self.check.check(answer)
        elif not text or text == "...":
            what = "the name of your function" if self.is_function else "your answer"
            feedback = Feedback("not yet", f"⏳ Not yet: type {what} in the box, then press Check.")
        elif self.is_function:
            if not text.isidentifier():
                feedback = Feedback(
                    "incorrect",
                    f"❓ {text!r} is not a name: type just the function's "
                    "name, such as my_dcg, without brackets.",
                )
            else:
                function = self._lookup(text)
                if function is None:
                    feedback = Feedback(
                        "not yet",
                        f"⏳ Not yet: no function called `{text}` is defined. "
                        "Run the cell that defines it, then press Check again.",
                    )
                else:
                    feedback = self.check.check(function)
        else:
            feedback = self.check.check(text)
        self.last = feedback
        self._show()
        return feedback

    def _show(self) -> None:
        self.feedback.value = (
            "" if self.last is None else f"<div class='ndcg-widget'>{_message_html(self.last)}</div>"
        )
        tries = self.check.attempts
        self.attempts_label.value = f"<span class='ndcg-muted'>Attempts: {tries}</span>" if tries else ""

    def snapshot_html(self) -> str:
        """The question, what was typed and the last feedback."""
        typed = html.escape(self.answer.value) or "<i>(empty)</i>"
        body = f"<p>{html.escape(self._prompt)}</p><p>Typed: <code>{typed}</code></p>"
        if self.last is not None:
            body += _message_html(self.last)
        return _snapshot("✏️ Answer checker", body)


def _inline(fragment: str) -> str:
    """Drop the ``<p>`` around a one-paragraph HTML fragment, so it sits on a line."""
    if fragment.startswith("<p>") and fragment.endswith("</p>") and fragment.count("<p>") == 1:
        return fragment[3:-4]
    return fragment


def _numbered(number: int, fragment: str) -> str:
    """``Q1.`` in bold at the start of a question's first paragraph."""
    label = f"<b>Q{number}.</b> "
    return f"<p>{label}{fragment[3:]}" if fragment.startswith("<p>") else f"<p>{label}</p>{fragment}"


class FlashcardDeck(_Snapshot, widgets.VBox):
    """A chapter's flashcards: flip, previous/next, shuffle, and "got it / again".

    The cards come from ``ndcg/course/content/<chapter>.yaml`` through
    :func:`ndcg.course.cards.load`. "Got it" moves the shown card up one Leitner box,
    "again" sends it back to box 1; cards in lower boxes come back sooner (the
    rule of :class:`ndcg.course.cards.Leitner`, the same as in the book's
    kernel-free flashcards).

    Parameters
    ----------
    chapter : str or ndcg.course.cards.Deck
        A chapter key such as ``"02_dcg"`` (see :func:`ndcg.course.cards.chapters`).
    seed : int
        Seed of the shuffle.

    Attributes
    ----------
    deck : ndcg.course.cards.Deck
    schedule : ndcg.course.cards.Leitner
    card : ipywidgets.HTMLMath
        The card as shown: the question, and the answer once flipped.
    status : ipywidgets.HTML
        Which card, its box, and how many cards each box holds.
    flip_button, previous_button, next_button, shuffle_button, again_button, got_it_button : ipywidgets.Button
    flipped : bool
        Whether the answer is showing.

    Examples
    --------
    >>> deck = FlashcardDeck("02_dcg")
    >>> first = deck.current.id
    >>> deck.flip(); deck.flipped
    True
    >>> deck.got_it()
    >>> deck.schedule.box(first), deck.flipped
    (2, False)
    """

    def __init__(self, chapter, *, seed=0):
        self.deck = cards.as_deck(chapter)
        if not self.deck.flashcards:
            raise ValueError(f"chapter {self.deck.chapter!r} has no flashcards.")
        self._cards = {card.id: card for card in self.deck.flashcards}
        self._order = [card.id for card in self.deck.flashcards]
        self.schedule = cards.Leitner(self._order, seed=seed)
        self.flipped = False
        self.card = widgets.HTMLMath()
        self.card.add_class("ndcg-card")
        self.status = widgets.HTML()

        def button(description, tooltip, action, style=""):
            b = widgets.Button(
                description=description,
                tooltip=tooltip,
                button_style=style,
                layout=widgets.Layout(width="auto"),
            )
            b.on_click(lambda _button: action())
            return b

        self.previous_button = button("◀ Previous", "Back to the card shown before", self.previous)
        self.flip_button = button("🔄 Flip", "Show the answer (or hide it again)", self.flip, "info")
        self.next_button = button("Next ▶", "Skip to the next card; boxes unchanged", self.next)
        self.shuffle_button = button("🔀 Shuffle", "Shuffle the deck", self.shuffle)
        self.again_button = button("🔁 Again", "I did not know it: back to box 1", self.again, "warning")
        self.got_it_button = button(
            "✅ Got it", "I knew it: up one box, shown less often", self.got_it, "success"
        )
        intro = widgets.HTML(
            f"{_style()}<div class='ndcg-widget'><b>🎴 Flashcards: {html.escape(self.deck.title)}</b> "
            f"({len(self._order)} cards). Read the question, answer in your head, flip, then be honest: "
            "got it, or again?</div>"
        )
        bar = widgets.HBox(
            [
                self.previous_button,
                self.flip_button,
                self.next_button,
                self.shuffle_button,
                self.again_button,
                self.got_it_button,
            ],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        super().__init__([intro, self.card, bar, self.status])
        self.add_class("ndcg-widget")
        self._show()

    @property
    def current(self):
        """The :class:`ndcg.course.cards.Flashcard` being shown."""
        return self._cards[self.schedule.current]

    @property
    def box(self) -> int:
        """The Leitner box (1 to 5) of the card being shown."""
        return self.schedule.box(self.schedule.current)

    def flip(self) -> None:
        """Show the answer, or hide it again."""
        self.flipped = not self.flipped
        self._show()

    def _move(self, step) -> None:
        step()
        self.flipped = False
        self._show()

    def next(self) -> None:
        """Skip to the next card (boxes unchanged)."""
        self._move(self.schedule.next)

    def previous(self) -> None:
        """Back to the card shown before."""
        self._move(self.schedule.previous)

    def shuffle(self) -> None:
        """Shuffle the deck and show the first card due."""
        self._move(self.schedule.shuffle)

    def got_it(self) -> None:
        """The shown card goes up one box; on to the next card."""
        self._move(self.schedule.got_it)

    def again(self) -> None:
        """The shown card goes back to box 1; on to the next card."""
        self._move(self.schedule.again)

    def _card_html(self) -> str:
        card = self.current
        label = "<div class='ndcg-label'>{}</div>"
        parts = [label.format("QUESTION"), to_html(card.front)]
        if self.flipped:
            parts += ["<hr class='ndcg-rule'>", label.format("ANSWER"), to_html(card.back)]
            if card.source:
                parts.append(f"<div class='ndcg-source'>Source: {html.escape(card.source)}</div>")
        return "".join(parts)

    def _status_html(self) -> str:
        counts = self.schedule.counts()
        boxes = " · ".join(f"{box}: {n}" for box, n in counts.items())
        number = self._order.index(self.schedule.current) + 1
        return (
            f"<span class='ndcg-muted'>Card {number} of {len(self._order)} · in box {self.box} of 5 "
            f"· 📦 cards per box {boxes}</span>"
        )

    def _show(self) -> None:
        self.card.value = self._card_html()
        self.flip_button.description = "🔄 Hide the answer" if self.flipped else "🔄 Flip"
        self.status.value = self._status_html()

    def snapshot_html(self) -> str:
        """The card being shown (its answer behind a click unless flipped) and the boxes."""
        card = self.current
        if self.flipped:
            body = self._card_html()
        else:
            body = (
                to_html(card.front) + "<details><summary>Show the answer</summary>"
                f"{to_html(card.back)}</details>"
            )
        body = f"<div class='mathjax_process'>{body}</div><p>{self._status_html()}</p>"
        return _snapshot(f"🎴 Flashcards: {self.deck.title}", body)


_LETTERS = "ABCDEFGHIJ"


class Quiz(_Snapshot, widgets.VBox):
    """A chapter's quiz, with feedback for every option.

    A question of kind ``"single"`` (the default) has a letter button per option: choose
    one to see that option's feedback and whether it is right; you may then try the others.
    A ``"true-false"`` question has two buttons, *True* and *False*. A ``"multi-select"``
    question has a checkbox per option and a *Check* button: every option then shows its
    feedback and whether it was right to tick it, and the answer is right only when the
    ticked options are exactly the right ones. The score line counts the questions answered
    right at the first try.

    Parameters
    ----------
    chapter : str or ndcg.course.cards.Deck
        A chapter key such as ``"02_dcg"``.

    Attributes
    ----------
    deck : ndcg.course.cards.Deck
    option_buttons : list of list of ipywidgets.Button
        ``option_buttons[q][o]``: option ``o`` of question ``q`` (0-based); empty for a
        multi-select question.
    checkboxes : list of list of ipywidgets.Checkbox
        ``checkboxes[q][o]`` for a multi-select question (empty for the others).
    check_buttons : list of ipywidgets.Button or None
        The *Check* button of each multi-select question (None for the others).
    feedback : list of ipywidgets.HTMLMath
        The feedback of each question's last answer.
    score : ipywidgets.HTML
    chosen : dict
        Question index -> the last answer: an option index, or for a multi-select question
        the tuple of ticked option indices.
    first_choice : dict
        Question index -> the first answer (what the score counts), in the same form.

    Examples
    --------
    >>> quiz = Quiz("02_dcg")
    >>> right = quiz.deck.quiz[0].answer
    >>> quiz.choose(0, right)
    True
    >>> quiz.right_first_time
    1
    """

    def __init__(self, chapter):
        self.deck = cards.as_deck(chapter)
        if not self.deck.quiz:
            raise ValueError(f"chapter {self.deck.chapter!r} has no quiz questions.")
        self.chosen: dict = {}
        self.first_choice: dict = {}
        self.option_buttons = []
        self.checkboxes = []
        self.check_buttons = []
        self.feedback = []
        blocks = []
        for q, question in enumerate(self.deck.quiz):
            rows, buttons, boxes, check = [], [], [], None
            if question.kind == "true-false":
                for o, option in enumerate(question.options):
                    b = widgets.Button(
                        description=option.text,
                        tooltip=f"Answer {option.text} to question {q + 1}",
                        layout=widgets.Layout(width="6em"),
                    )
                    b.on_click(lambda _button, q=q, o=o: self.choose(q, o))
                    buttons.append(b)
                rows.append(widgets.HBox(buttons))
            elif question.kind == "multi-select":
                for o, option in enumerate(question.options):
                    box = widgets.Checkbox(
                        value=False,
                        indent=False,
                        description="",
                        layout=widgets.Layout(width="2em"),
                    )
                    boxes.append(box)
                    rows.append(
                        widgets.HBox(
                            [box, widgets.HTMLMath(f"<b>{_LETTERS[o]}.</b> {_inline(to_html(option.text))}")],
                            layout=widgets.Layout(align_items="center"),
                        )
                    )
                check = widgets.Button(
                    description="✔ Check", tooltip=f"Check the options you ticked for question {q + 1}"
                )
                check.on_click(lambda _button, q=q: self.submit(q))
                rows.append(check)
            else:
                for o, option in enumerate(question.options):
                    letter = _LETTERS[o]
                    b = widgets.Button(
                        description=letter,
                        tooltip=f"Choose answer {letter} of question {q + 1}",
                        layout=widgets.Layout(width="3em"),
                    )
                    b.on_click(lambda _button, q=q, o=o: self.choose(q, o))
                    buttons.append(b)
                    rows.append(
                        widgets.HBox(
                            [b, widgets.HTMLMath(_inline(to_html(option.text)))],
                            layout=widgets.Layout(align_items="center"),
                        )
                    )
            self.option_buttons.append(buttons)
            self.checkboxes.append(boxes)
            self.check_buttons.append(check)
            feedback = widgets.HTMLMath()
            self.feedback.append(feedback)
            text = widgets.HTMLMath(_numbered(q + 1, _HOW[question.kind] + to_html(question.question)))
            block = widgets.VBox([text, *rows, feedback])
            block.add_class("ndcg-card")
            blocks.append(block)
        self.score = widgets.HTML()
        self.reset_button = widgets.Button(
            description="↺ Start again", tooltip="Clear every answer and the score"
        )
        self.reset_button.on_click(lambda _button: self.reset())
        intro = widgets.HTML(
            f"{_style()}<div class='ndcg-widget'><b>🎯 Quiz: {html.escape(self.deck.title)}</b> "
            f"({len(self.deck.quiz)} questions). Pick an answer (tick every right option where a "
            "question has several): every option has its own feedback.</div>"
        )
        super().__init__([intro, *blocks, self.score, self.reset_button])
        self.add_class("ndcg-widget")
        self._show_score()

    def _index(self, question) -> int:
        if isinstance(question, str):
            ids = [q.id for q in self.deck.quiz]
            if question not in ids:
                raise ValueError(f"question {question!r} is not in this quiz; its ids are {', '.join(ids)}.")
            return ids.index(question)
        if (
            isinstance(question, bool)
            or not isinstance(question, (int, np.integer))
            or not (0 <= question < len(self.deck.quiz))
        ):
            raise ValueError(
                f"question must be an index from 0 to {len(self.deck.quiz) - 1} or a question "
                f"id; got {question!r}."
            )
        return int(question)

    def _option(self, q: int, option) -> int:
        options = self.deck.quiz[q].options
        if (
            isinstance(option, bool)
            or not isinstance(option, (int, np.integer))
            or not 0 <= option < len(options)
        ):
            raise ValueError(f"option must be an index from 0 to {len(options) - 1}; got {option!r}.")
        return int(option)

    def choose(self, question, option) -> bool:
        """Choose ``option`` (0-based) of ``question`` (0-based index or id); show its feedback.

        For a single-choice or true/false question (a multi-select one is answered with
        :meth:`submit`).

        Returns
        -------
        bool
            Whether the option is the correct one.
        """
        q = self._index(question)
        if self.deck.quiz[q].kind == "multi-select":
            raise ValueError(
                f"question {q + 1} is multi-select: tick its options and check them with "
                f"submit({q}, [the option indices])."
            )
        o = self._option(q, option)
        options = self.deck.quiz[q].options
        self.chosen[q] = o
        self.first_choice.setdefault(q, o)
        right = options[o].correct
        for i, b in enumerate(self.option_buttons[q]):
            b.button_style = ("success" if right else "danger") if i == o else ""
        verdict = "✅ Right!" if right else "❌ Not this one."
        self.feedback[q].value = (
            f"<div class='ndcg-widget'><div class='{'ndcg-good' if right else 'ndcg-error'}' role='status'>"
            f"<b>{verdict}</b> {to_html(options[o].feedback)}</div></div>"
        )
        self._show_score()
        return right

    def submit(self, question, options=None) -> bool:
        """Check the ticked options of a multi-select ``question``; show every option's feedback.

        Parameters
        ----------
        question : int or str
            0-based index or id.
        options : iterable of int, optional
            The options to tick first (0-based); by default the ticked checkboxes.

        Returns
        -------
        bool
            Whether the ticked options are exactly the right ones.
        """
        q = self._index(question)
        item = self.deck.quiz[q]
        if item.kind != "multi-select":
            raise ValueError(f"question {q + 1} has one answer: choose it with choose({q}, option).")
        if options is not None:
            if isinstance(options, (str, bytes)) or not hasattr(options, "__iter__"):
                raise ValueError(f"options must be a list of option indices; got {options!r}.")
            ticked = {self._option(q, o) for o in options}
            for o, box in enumerate(self.checkboxes[q]):
                box.value = o in ticked
        ticked = tuple(o for o, box in enumerate(self.checkboxes[q]) if box.value)
        self.chosen[q] = ticked
        self.first_choice.setdefault(q, ticked)
        right = item.is_right(ticked)
        self.feedback[q].value = f"<div class='ndcg-widget'>{_ticks_html(item, ticked)}</div>"
        self.check_buttons[q].button_style = "success" if right else "danger"
        self._show_score()
        return right

    @property
    def right_first_time(self) -> int:
        """How many questions were answered right at the first try."""
        return sum(self.deck.quiz[q].is_right(first) for q, first in self.first_choice.items())

    def reset(self) -> None:
        """Clear every answer and the score."""
        self.chosen.clear()
        self.first_choice.clear()
        for buttons, boxes, check, feedback in zip(
            self.option_buttons, self.checkboxes, self.check_buttons, self.feedback
        ):
            for b in buttons:
                b.button_style = ""
            for box in boxes:
                box.value = False
            if check is not None:
                check.button_style = ""
            feedback.value = ""
        self._show_score()

    def _score_text(self) -> str:
        total = len(self.deck.quiz)
        text = (
            f"Score: {self.right_first_time} of {total} right at the first try "
            f"({len(self.first_choice)} of {total} answered)"
        )
        if self.right_first_time == total:
            text += " 🎉"
        return text

    def _show_score(self) -> None:
        self.score.value = f"<b>{self._score_text()}</b>"

    def snapshot_html(self) -> str:
        """Every question with its options; the learner's choices, or the answers behind a click."""
        parts = []
        for q, question in enumerate(self.deck.quiz):
            mark = "☐ " if question.kind == "multi-select" else ""
            items = "".join(f"<li>{mark}{_inline(to_html(option.text))}</li>" for option in question.options)
            kind = "ol type='A'" if question.kind != "true-false" else "ul"
            part = (
                f"{_numbered(q + 1, _HOW[question.kind] + to_html(question.question))}"
                f"<{kind}>{items}</{kind.split()[0]}>"
            )
            if q in self.chosen and question.kind == "multi-select":
                part += _ticks_html(question, self.chosen[q])
            elif q in self.chosen:
                o = self.chosen[q]
                option = question.options[o]
                css = "ndcg-good" if option.correct else "ndcg-error"
                part += (
                    f"<div class='{css}'>Chosen: {_choice_name(question, o)}. "
                    f"{'✅ Right!' if option.correct else '❌ Not this one.'} {to_html(option.feedback)}</div>"
                )
            else:
                why = "".join(to_html(question.options[i].feedback) for i in question.answers)
                part += (
                    f"<details><summary>Show the answer</summary><p>{cards.answer_text(question)}.</p>"
                    f"{why}</details>"
                )
            parts.append(part)
        body = f"<div class='mathjax_process'>{''.join(parts)}</div><p><b>{self._score_text()}</b></p>"
        return _snapshot(f"🎯 Quiz: {self.deck.title}", body)


#: What a question's kind adds before its text.
_HOW = {
    "single": "",
    "true-false": "<i>True or false?</i> ",
    "multi-select": "<i>Tick every right option:</i> ",
}


def _choice_name(question, o: int) -> str:
    return question.options[o].text if question.kind == "true-false" else _LETTERS[o]


def _ticks_html(question, ticked) -> str:
    """The feedback of a multi-select answer: the verdict, then every option's feedback."""
    right = question.is_right(ticked)
    lines = []
    for o, option in enumerate(question.options):
        tick = o in ticked
        good = tick == option.correct
        lines.append(
            f"<div class='{'ndcg-good' if good else 'ndcg-error'}'>{'✅' if good else '❌'} "
            f"<b>{_LETTERS[o]}</b> ({'ticked' if tick else 'not ticked'}): {_inline(to_html(option.feedback))}</div>"
        )
    names = ", ".join(_LETTERS[o] for o in ticked) or "none"
    verdict = (
        "✅ Right: exactly the right options!"
        if right
        else "❌ Not quite: change your ticks and check again."
    )
    return (
        f"<div class='{'ndcg-good' if right else 'ndcg-error'}' role='status'><b>{verdict}</b> "
        f"Ticked: {names}.</div>" + "".join(lines)
    )
