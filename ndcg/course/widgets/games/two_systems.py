"""The two-systems game: "whose recommendations know me better?": guess which list is better.

:class:`TwoSystemsGame` makes the view ``data-ndcg-view="two-systems"``: two ranked lists side
by side with their grades, a guess (X, Y or "the same"), then the verdict
(:func:`guess_verdict`) and both lists' tables. Chapter 2's game asks which list has the higher
DCG; chapter 0's (``words="discount"``) asks which system keeps more of its grades after the
discount, and never says DCG.
"""

from __future__ import annotations

import html
import math

from .... import list_graded
from ...._validation import check_gain, check_grades, check_k
from ....gains import cutoff
from ... import i18n, manifest, tables, views_text
from ...islands import json_island
from ..base import GAME_TITLE, View, _fmt
from .common import _call, _example_name, _picked, _split_ranking, _view_id, fill

#: The two-systems game's title unless a chapter gives its own (source 004's game
#: of videos X and Y carries :data:`ndcg.course.widgets.GAME_TITLE`).
TWO_SYSTEMS_TITLE = views_text.english("title", "two_systems")


def two_systems_messages(language: str = "en") -> dict:
    """What the two-systems game's script says (:data:`TWO_SYSTEMS_MESSAGES`) in ``language``."""
    return {key: views_text.table("two_systems", language)[key] for key in ("right", "wrong", "same")}


#: What the two-systems game says (templates, as :data:`~ndcg.course.widgets.games.reorder.REORDER_MESSAGES`).
TWO_SYSTEMS_MESSAGES = two_systems_messages()


def guess_verdict(
    guessed: str, winner: str, names, messages: dict = TWO_SYSTEMS_MESSAGES
) -> tuple[bool, str]:
    """The two-systems game's verdict: ``(right, text)``.

    >>> guess_verdict("x", "y", ("system X", "system Y"))
    (False, '🤔 Not this time. You guessed system X.')
    """
    label = {"x": names[0], "y": names[1], "tie": messages["same"]}[guessed]
    right = guessed == winner
    return right, fill(messages["right" if right else "wrong"], guess=html.escape(label))


class TwoSystemsGame(View):
    """Two ranked lists, X and Y: guess which has the higher DCG@k, then see why.

    The lists are shown side by side with their grades but without any score.
    Once the learner picks X, Y or "the same", both step-by-step tables and the
    verdict are revealed (``ndcg-games.js``, in the book and in a notebook).

    Parameters
    ----------
    x, y : :class:`ndcg.course.examples.Ranking` or sequence of float
        The two lists (a Ranking brings its item names and its name).
    k : int, optional
        Compare DCG@k; ``None`` compares the whole lists.
    gain : {"linear", "exponential"}
    names : (str, str), optional
        What to call the two systems; by default the Rankings' names, or
        "system X" and "system Y".
    title : str
        The heading; by default :data:`TWO_SYSTEMS_TITLE`. Source 004's game of
        videos X and Y is :data:`ndcg.course.widgets.GAME_TITLE`.
    words : {"dcg", "discount"}
        The words the game speaks. ``"dcg"``: which system has the higher DCG@k, with
        the step tables of chapter 2. ``"discount"``, for chapter 0, which has not taught
        DCG yet: which system keeps more of its grades after the discount for position,
        with tables of grade, discount and what is kept (the same numbers, in chapter 0's
        words).

    Attributes
    ----------
    winner : str
        ``"x"``, ``"y"`` or ``"tie"``: which list has the higher DCG@k.
    dcg_x, dcg_y : float
        The two DCG@k values.

    Examples
    --------
    >>> from ndcg.course.examples import VIDEO_GAME_X, VIDEO_GAME_Y
    >>> game = TwoSystemsGame(VIDEO_GAME_X, VIDEO_GAME_Y)
    >>> game.winner, guess_verdict("y", game.winner, game.names)[0]
    ('y', True)
    """

    def __init__(self, x, y, *, k=None, gain="linear", names=None, title=TWO_SYSTEMS_TITLE, words="dcg"):
        if words not in ("dcg", "discount"):
            raise ValueError(f"words must be 'dcg' or 'discount'; got {words!r}.")
        self.words = words
        self.gain = check_gain(gain)
        self.k = check_k(k)
        self._rankings = tuple(r if hasattr(r, "grades") and hasattr(r, "items") else None for r in (x, y))
        items_x, self._x, name_x = _split_ranking(x, name=None)
        items_y, self._y, name_y = _split_ranking(y, name=None)
        self._names_given = names is not None
        if names is None:
            names = (name_x or "system X", name_y or "system Y")
            if names[0] == names[1]:
                names = ("system X", "system Y")
        if len(names) != 2 or not all(isinstance(name, str) and name for name in names):
            raise ValueError(f"names must be two non-empty strings; got {names!r}.")
        self.names = tuple(names)
        self.title = title
        self._items = (items_x, items_y)
        check_grades(self._x, "x", gain=self.gain)
        check_grades(self._y, "y", gain=self.gain)
        self.dcg_x = list_graded.dcg(self._x, self.k, gain=self.gain)
        self.dcg_y = list_graded.dcg(self._y, self.k, gain=self.gain)
        if math.isclose(self.dcg_x, self.dcg_y, rel_tol=1e-12, abs_tol=1e-12):
            self.winner = "tie"
        else:
            self.winner = "x" if self.dcg_x > self.dcg_y else "y"
        super().__init__(self.snapshot_html(), module="ndcg-games.js")

    @property
    def _label(self) -> str:
        n = max(cutoff(self._x.size, self.k), cutoff(self._y.size, self.k))
        return f"DCG@{n}"

    @property
    def _n(self) -> int:
        return max(cutoff(self._x.size, self.k), cutoff(self._y.size, self.k))

    def _question(self, language: str = "en") -> str:
        words = views_text.table("two_systems", language)
        if self.words == "discount":
            return fill(words["question_discount"], n=self._n)
        return fill(words["question_dcg"], label=self._label)

    def _names_in(self, language: str = "en") -> tuple[str, str]:
        """The two systems' names in ``language`` (the course's own names are translated)."""
        return tuple(views_text.name(name, language) for name in self.names)

    def _lists_html(self) -> str:
        depth = max(self._x.size, self._y.size)
        each = views_text.each
        cells = []
        for rank in range(depth):
            row = [f"<td>{rank + 1}</td>"]
            for items, grades in zip(self._items, (self._x, self._y)):
                row.append(
                    f"<td>{each(lambda lang, item=items[rank]: html.escape(views_text.name(str(item), lang)))} "
                    f"({grades[rank]:g})</td>"
                    if rank < grades.size
                    else "<td></td>"
                )
            cells.append("<tr>" + "".join(row) + "</tr>")
        head = "".join(
            f"<th>{each(lambda lang, i=i: html.escape(fill(views_text.table('two_systems', lang)['grade_head'], name=self._names_in(lang)[i])))}</th>"
            for i in range(2)
        )
        return (
            f"<table class='ndcg-compare'><thead><tr><th>{views_text.say('two_systems', 'rank')}</th>{head}</tr></thead>"
            f"<tbody>{''.join(cells)}</tbody></table>"
        )

    def _kept_table(self, grades, items, language: str = "en") -> tables.StepTable:
        """Chapter 0's table: each rank's grade, its discount, what the discount keeps of it."""
        steps = tables.steps(grades, self.k, gain=self.gain, items=items)
        kept = steps.column("contribution")
        rows = [
            (rank, item, grade, discount, part, total)
            for rank, item, grade, discount, part, total in zip(
                steps.column("rank"),
                steps.column("item"),
                steps.column("grade"),
                steps.column("discount"),
                kept,
                steps.column("running total"),
            )
        ]
        words = views_text.table("two_systems", language)
        return tables.StepTable(
            tuple(words["kept_columns"]),
            rows,
            caption=fill(words["kept_caption"], n=len(rows), total=_fmt(steps.column("running total")[-1])),
        )

    def _steps(self, grades, items, language: str = "en") -> tables.StepTable:
        """Chapter 2's step table of one list, its columns and caption in ``language``."""
        steps = tables.steps(grades, self.k, gain=self.gain, items=items)
        if language == "en":
            return steps
        words = views_text.table("explorer", language)
        total = _fmt(steps.column("running total")[-1])
        caption = fill(words["caption"], n=len(steps.rows), dcg=total, gain=words[self.gain])
        return tables.StepTable(tuple(words["columns"]), steps.rows, caption=caption, digits=steps.digits)

    def _answer_html(self, language: str = "en") -> str:
        discount_words = self.words == "discount"
        words = views_text.table("two_systems", language)
        style = "discount" if discount_words else "dcg"
        label = self._label
        values = {"x": self.dcg_x, "y": self.dcg_y}
        names = self._names_in(language)
        if self.winner == "tie":
            answer = fill(words[f"tie_{style}"], label=label, value=_fmt(self.dcg_x))
        else:
            win, lose = ("x", "y") if self.winner == "x" else ("y", "x")
            name = dict(x=names[0], y=names[1])
            answer = fill(
                words[f"wins_{style}"],
                name=html.escape(name[win]),
                label=label,
                win=_fmt(values[win]),
                lose=_fmt(values[lose]),
            )
        why = words[f"why_{style}"]
        if sorted(self._x.tolist()) == sorted(self._y.tolist()):
            why = fill(words[f"same_{style}"], cg=f"{list_graded.cg(self._x):g}") + why
        tables_html = "".join(
            "<div class='ndcg-side'>"
            f"<b>{html.escape(name)}</b>"
            + (
                self._kept_table(grades, items, language)
                if discount_words
                else self._steps(grades, items, language)
            )._repr_html_()
            + "</div>"
            for name, grades, items in zip(
                names,
                (self._x, self._y),
                ([views_text.name(str(i), language) for i in it] for it in self._items),
            )
        )
        space = " " if manifest.language(language).spaced else ""
        return f"<p>{answer}{space}{why}</p>{tables_html}"

    def _code(self) -> str:
        args = []
        for ranking, grades in zip(self._rankings, (self._x, self._y)):
            args.append(_example_name(ranking) if ranking is not None else repr([float(g) for g in grades]))
        if self.k is not None:
            args.append(f"k={self.k}")
        if self.gain != "linear":
            args.append(f"gain={self.gain!r}")
        if self._names_given:
            args.append(f"names={self.names!r}")
        if self.title != TWO_SYSTEMS_TITLE:
            args.append("title=GAME_TITLE" if self.title == GAME_TITLE else f"title={self.title!r}")
        if self.words != "dcg":
            args.append(f"words={self.words!r}")
        return _call("TwoSystemsGame", args)

    def view_data(self, language: str | None = None) -> dict:
        """What the book's view needs: the names, the answer (already HTML) and the texts (in
        ``language``; by default in the languages a cell shows now, :mod:`ndcg.course.i18n`)."""

        def texts(make):
            return make(language) if language else _picked(i18n.each(make))

        def verdicts(lang: str) -> dict:
            messages = two_systems_messages(lang)
            names = self._names_in(lang)
            return {
                choice: guess_verdict(choice, self.winner, names, messages)[1] for choice in ("x", "y", "tie")
            }

        right = {choice: guess_verdict(choice, self.winner, self.names)[0] for choice in ("x", "y", "tie")}
        text = texts(verdicts)
        return {
            "title": texts(lambda lang: views_text.title(self.title, lang)),
            "names": texts(lambda lang: list(self._names_in(lang))),
            "winner": self.winner,
            "guessed": None,
            "answer": texts(self._answer_html),
            "verdicts": {
                choice: {"right": right[choice], "text": text[choice]} for choice in ("x", "y", "tie")
            },
            "messages": texts(two_systems_messages),
            "words": texts(
                lambda lang: {
                    key: views_text.table("two_systems", lang)[key] for key in ("step_table", "hidden")
                }
            ),
        }

    def snapshot_html(self) -> str:
        """The kernel-free view (``data-ndcg-view="two-systems"``): both lists, the question and
        the guesses; ``ndcg-games.js`` reveals the answer after a guess. Without JavaScript the
        answer is behind a click."""
        data = self.view_data()
        keyed = self.view_data("en")
        del keyed["words"]
        each, say = views_text.each, views_text.say
        labels = [
            lambda lang: html.escape(self._names_in(lang)[0]),
            lambda lang: html.escape(self._names_in(lang)[1]),
            lambda lang: html.escape(two_systems_messages(lang)["same"]),
        ]
        buttons = "".join(
            f'<button type="button" data-guess="{choice}" aria-pressed="false" disabled>{each(label)}</button>'
            for choice, label in zip(("x", "y", "tie"), labels)
        )
        answer = (
            f'<details data-role="fallback"><summary>{say("two_systems", "show_answer")}</summary>'
            f"{each(self._answer_html, tag='div')}</details>"
        )
        return (
            f'<div class="ndcg-kf ndcg-widget ndcg-ts" id="{_view_id("two-systems", keyed)}" '
            f'data-ndcg-view="two-systems"{views_text.lang_attribute()}>'
            '<div class="ndcg-sr" data-role="live" aria-live="polite"></div>'
            f'<div class="ndcg-head">🎮 {each(lambda lang: html.escape(views_text.title(self.title, lang)))}</div>'
            f"{self._lists_html()}<p>🤔 <b>{each(self._question)}</b> {say('two_systems', 'guess_first')}</p>"
            f'<div class="ndcg-ts-bar" data-until-ready hidden>{buttons}'
            f'<button type="button" data-action="again" hidden>{say("two_systems", "again")}</button></div>'
            '<div class="ndcg-ts-verdict" data-role="verdict" hidden></div>'
            '<div class="ndcg-ts-answer" data-role="answer" hidden></div>'
            f"{answer}"
            f'<p class="ndcg-live">{say("game", "live")} '
            f"<code>{html.escape(self._code())}</code></p>" + json_island(data) + "</div>"
        )
