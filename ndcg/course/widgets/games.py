"""The games of "whose recommendations know me better?": reorder a list, and guess between two."""

from __future__ import annotations

import html
import math

import ipywidgets as widgets
import numpy as np

from ... import metrics
from ..._validation import check_gain, check_grades, check_k
from ...gains import cutoff
from .. import tables
from .base import GAME_TITLE, _fmt, _Snapshot, _snapshot, _style


def _inversions(grades) -> int:
    """Pairs in the wrong order: the fewest adjacent swaps to the ideal order."""
    grades = list(grades)
    return sum(1 for i in range(len(grades)) for j in range(i + 1, len(grades)) if grades[i] < grades[j])


def _split_ranking(ranking, grades=None, name=None):
    """Items, grades and a name from a :class:`ndcg.course.examples.Ranking` or plain grades."""
    if grades is None and hasattr(ranking, "grades") and hasattr(ranking, "items"):
        return list(ranking.items), check_grades(ranking.grades), name or ranking.name
    values = check_grades(ranking if grades is None else grades)
    items = tables.default_items(values.size) if grades is None else list(ranking)
    return items, values, name


class ReorderGame(_Snapshot, widgets.VBox):
    """Move items up and down until the list is in the best order (NDCG = 1.0).

    The game from the tutoring conversation, "whose recommendations know me
    better?" (谁的推荐更懂我？): each item shows its grade; every move swaps an
    item with its neighbour, NDCG@k moves with it, the moves are counted, and
    NDCG@k = 1.0 is celebrated. "Par" is the fewest moves that can sort the
    whole list (the number of pairs in the wrong order).

    Parameters
    ----------
    items : sequence of str, or a :class:`ndcg.course.examples.Ranking`
        The items in their starting order; a ``Ranking`` brings its grades.
    grades : sequence of float, optional
        Their grades, in the same order (not needed with a ``Ranking``).
    k : int, optional
        Score NDCG@k; ``None`` scores the whole list.
    gain : {"linear", "exponential"}
    title : str
        The heading; by default the game's name.

    Attributes
    ----------
    moves : int
        How many moves were made since the start (or the last reset).
    order : list of str
        The items in their current order.
    ndcg_value, dcg_value, idcg_value : float
        NDCG@k, DCG@k and IDCG@k of the current order.
    score, status, table : ipywidgets.HTML
        The numbers and the move counter, the celebration line, the step table.
    up_buttons, down_buttons : list of ipywidgets.Button
        One per position, top first.

    Examples
    --------
    >>> from ndcg.course.examples import VIDEO_GAME_X
    >>> game = ReorderGame(VIDEO_GAME_X.items, VIDEO_GAME_X.grades)
    >>> game.order[0], game.par
    ('D: an advert', 6)
    >>> game.move_down(0)
    True
    >>> game.order[:2], game.moves
    (['C: 15-minute workout', 'D: an advert'], 1)
    >>> game.move_up(0)         # the top item cannot go higher
    False
    """

    def __init__(self, items, grades=None, *, k=None, gain="linear", title=GAME_TITLE):
        self.gain = check_gain(gain)
        self.k = check_k(k)
        names, values, _ = _split_ranking(items, grades)
        if grades is not None and len(names) != values.size:
            raise ValueError(
                f"items and grades must have the same length; got {len(names)} items "
                f"and {values.size} grades."
            )
        if values.size < 2:
            raise ValueError(f"grades must hold at least two items to reorder; got {values.size}.")
        check_grades(values, "grades", gain=self.gain)
        self._start = [(str(name), float(g)) for name, g in zip(names, values)]
        self._current = list(self._start)
        self.moves = 0
        self.par = _inversions(values)
        n = values.size
        self._labels = [widgets.HTML() for _ in range(n)]
        self.up_buttons = [
            widgets.Button(description="▲ up", layout=widgets.Layout(width="5.5em")) for _ in range(n)
        ]
        self.down_buttons = [
            widgets.Button(description="▼ down", layout=widgets.Layout(width="5.5em")) for _ in range(n)
        ]
        for position, (up, down) in enumerate(zip(self.up_buttons, self.down_buttons)):
            up.on_click(lambda _button, p=position: self.move_up(p))
            down.on_click(lambda _button, p=position: self.move_down(p))
        rows = [
            widgets.HBox([up, down, label])
            for up, down, label in zip(self.up_buttons, self.down_buttons, self._labels)
        ]
        self.reset_button = widgets.Button(
            description="↺ Start again", tooltip="Back to the starting order; moves back to 0"
        )
        self.reset_button.on_click(lambda _button: self.reset())
        self.progress = widgets.FloatProgress(min=0.0, max=1.0, description="NDCG", bar_style="info")
        self.score = widgets.HTML()
        self.status = widgets.HTML()
        self.table = widgets.HTML()
        self._title = title
        intro = widgets.HTML(
            f"{_style()}<div class='ndcg-widget'><b>🎮 {html.escape(title)}</b><br>"
            "Move the items until the list is in the best possible order: watch NDCG climb to 1.0. "
            f"Par: {self.par} move{'s' if self.par != 1 else ''}.</div>"
        )
        super().__init__(
            [intro, *rows, self.progress, self.score, self.status, self.reset_button, self.table]
        )
        self.add_class("ndcg-widget")
        self._refresh()

    # -- the game's API ------------------------------------------------------
    @property
    def order(self) -> list:
        """The items in their current order, top first."""
        return [name for name, _ in self._current]

    @property
    def grades(self) -> list:
        """The grades in the current order, top first."""
        return [g for _, g in self._current]

    def _check_position(self, position) -> int:
        if (
            isinstance(position, bool)
            or not isinstance(position, (int, np.integer))
            or not (0 <= position < len(self._current))
        ):
            raise ValueError(
                f"position must be an integer from 0 (the top) to {len(self._current) - 1}; got {position!r}."
            )
        return int(position)

    def _swap(self, a: int, b: int) -> None:
        self._current[a], self._current[b] = self._current[b], self._current[a]
        self.moves += 1
        self._refresh()

    def move_up(self, position: int) -> bool:
        """Move the item at ``position`` (0 = the top) up one place.

        Returns False, and counts no move, for the top item.
        """
        position = self._check_position(position)
        if position == 0:
            return False
        self._swap(position - 1, position)
        return True

    def move_down(self, position: int) -> bool:
        """Move the item at ``position`` (0 = the top) down one place.

        Returns False, and counts no move, for the bottom item.
        """
        position = self._check_position(position)
        if position == len(self._current) - 1:
            return False
        self._swap(position, position + 1)
        return True

    def reset(self) -> None:
        """Back to the starting order, with the move counter at 0."""
        self._current = list(self._start)
        self.moves = 0
        self._refresh()

    @property
    def solved(self) -> bool:
        """True when NDCG@k is 1.0 (up to rounding)."""
        return math.isclose(self.ndcg_value, 1.0, rel_tol=1e-12)

    # -- display ------------------------------------------------------------
    def _refresh(self) -> None:
        grades, names = self.grades, self.order
        self.dcg_value = metrics.dcg(grades, self.k, gain=self.gain)
        self.idcg_value = metrics.idcg(grades, self.k, gain=self.gain)
        self.ndcg_value = metrics.ndcg(grades, self.k, gain=self.gain)
        last = len(names) - 1
        for position, (name, grade) in enumerate(self._current):
            self._labels[position].value = (
                f"<span class='ndcg-rank'><b>{position + 1}.</b></span> "
                f"{html.escape(name)} <span class='ndcg-muted'>(grade {grade:g})</span>"
            )
            self.up_buttons[position].disabled = position == 0
            self.down_buttons[position].disabled = position == last
            self.up_buttons[position].tooltip = (
                f"Move {name} up to rank {position}" if position else "Already at the top"
            )
            self.down_buttons[position].tooltip = (
                f"Move {name} down to rank {position + 2}" if position < last else "Already at the bottom"
            )
        self.progress.value = self.ndcg_value
        self.progress.bar_style = "success" if self.solved else "info"
        self.score.value = f"<div class='ndcg-widget'>{self._score_html()}</div>"
        self.status.value = f"<div class='ndcg-widget'>{self._status_html()}</div>"
        table = tables.steps(grades, self.k, gain=self.gain, items=names)
        self.table.value = f"<div class='ndcg-widget'>{table._repr_html_()}</div>"

    def _n(self) -> int:
        return cutoff(len(self._current), self.k)

    def _score_html(self) -> str:
        n = self._n()
        return (
            f"<div class='ndcg-numbers'>NDCG@{n} = <b>{_fmt(self.ndcg_value)}</b> "
            f"(DCG@{n} = {_fmt(self.dcg_value)}, IDCG@{n} = {_fmt(self.idcg_value)}) "
            f"&nbsp;·&nbsp; 🔀 Moves: <b>{self.moves}</b></div>"
        )

    def _status_html(self) -> str:
        n = self._n()
        if self.solved:
            if self.moves == 0:
                return (
                    f"<div class='ndcg-good'>🎉 NDCG@{n} = 1.000: this order is already ideal. "
                    "Try moving something, and watch the score drop.</div>"
                )
            par = ""
            if self.k is None or self.k >= len(self._current):
                par = " Exactly par! 🏆" if self.moves == self.par else f" (par is {self.par})"
            return (
                f"<div class='ndcg-good'>🎉 NDCG@{n} = 1.000 in {self.moves} "
                f"move{'s' if self.moves != 1 else ''}: the ideal order!{par}</div>"
            )
        return (
            "<div class='ndcg-info'>Keep going: put the highest grades at the top, where the "
            "discount 1/log<sub>2</sub>(i+1) keeps most of the gain.</div>"
        )

    def snapshot_html(self) -> str:
        """The current order, its numbers and table, and the ideal order behind a click."""
        rows = "".join(
            f"<tr><td>{i}</td><td>{html.escape(name)}</td><td>{g:g}</td></tr>"
            for i, (name, g) in enumerate(self._current, start=1)
        )
        order = (
            f"<table class='ndcg-compare'><thead><tr><th>rank</th><th>item</th><th>grade</th></tr>"
            f"</thead><tbody>{rows}</tbody></table>"
        )
        ideal = sorted(self._current, key=lambda pair: -pair[1])
        ideal_table = tables.steps([g for _, g in ideal], self.k, gain=self.gain, items=[n for n, _ in ideal])
        details = (
            f"<details><summary>Show the ideal order</summary>{ideal_table._repr_html_()}"
            f"<p>Par: {self.par} move{'s' if self.par != 1 else ''}.</p></details>"
        )
        return _snapshot(f"🎮 {self._title}", order + self._score_html() + self._status_html() + details)


class TwoSystemsGame(_Snapshot, widgets.VBox):
    """Two ranked lists, X and Y: guess which has the higher DCG@k, then see why.

    The two-systems mode of "whose recommendations know me better?": the lists
    are shown side by side with their grades but without any score. Once the
    learner picks X, Y or "the same", both step-by-step tables and the verdict
    are revealed.

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

    Attributes
    ----------
    x_button, y_button, tie_button : ipywidgets.Button
        The three guesses.
    again_button : ipywidgets.Button
        "Play again": hides the answer.
    revealed : bool
        Whether the answer is shown.
    guessed : str or None
        ``"x"``, ``"y"`` or ``"tie"`` once the learner has guessed.
    winner : str
        ``"x"``, ``"y"`` or ``"tie"``: which list has the higher DCG@k.
    dcg_x, dcg_y : float
        The two DCG@k values.
    verdict : ipywidgets.HTML
        Right or wrong, the numbers, and why.
    reveal : ipywidgets.HTML
        The two step tables (empty until the guess).

    Examples
    --------
    >>> from ndcg.course.examples import VIDEO_GAME_X, VIDEO_GAME_Y
    >>> game = TwoSystemsGame(VIDEO_GAME_X, VIDEO_GAME_Y)
    >>> game.revealed
    False
    >>> game.guess("y")
    True
    >>> game.revealed, game.winner
    (True, 'y')
    """

    def __init__(self, x, y, *, k=None, gain="linear", names=None):
        self.gain = check_gain(gain)
        self.k = check_k(k)
        items_x, self._x, name_x = _split_ranking(x, name=None)
        items_y, self._y, name_y = _split_ranking(y, name=None)
        if names is None:
            names = (name_x or "system X", name_y or "system Y")
            if names[0] == names[1]:
                names = ("system X", "system Y")
        if len(names) != 2 or not all(isinstance(name, str) and name for name in names):
            raise ValueError(f"names must be two non-empty strings; got {names!r}.")
        self.names = tuple(names)
        self._items = (items_x, items_y)
        check_grades(self._x, "x", gain=self.gain)
        check_grades(self._y, "y", gain=self.gain)
        self.dcg_x = metrics.dcg(self._x, self.k, gain=self.gain)
        self.dcg_y = metrics.dcg(self._y, self.k, gain=self.gain)
        if math.isclose(self.dcg_x, self.dcg_y, rel_tol=1e-12, abs_tol=1e-12):
            self.winner = "tie"
        else:
            self.winner = "x" if self.dcg_x > self.dcg_y else "y"
        self.revealed = False
        self.guessed = None
        self.x_button = widgets.Button(
            description=self.names[0], tooltip=f"Guess: {self.names[0]} has the higher {self._label}"
        )
        self.y_button = widgets.Button(
            description=self.names[1], tooltip=f"Guess: {self.names[1]} has the higher {self._label}"
        )
        self.tie_button = widgets.Button(
            description="the same", tooltip=f"Guess: both have the same {self._label}"
        )
        self.again_button = widgets.Button(
            description="↺ Play again", tooltip="Hide the answer and guess again", disabled=True
        )
        self.x_button.on_click(lambda _button: self.guess("x"))
        self.y_button.on_click(lambda _button: self.guess("y"))
        self.tie_button.on_click(lambda _button: self.guess("tie"))
        self.again_button.on_click(lambda _button: self.reset())
        self.verdict = widgets.HTML()
        self.reveal = widgets.HTML()
        intro = widgets.HTML(
            f"{_style()}<div class='ndcg-widget'><b>🎮 {html.escape(GAME_TITLE)}</b>"
            f"{self._lists_html()}<p>🤔 <b>{self._question}</b> Guess before you compute!</p></div>"
        )
        buttons = widgets.HBox([self.x_button, self.y_button, self.tie_button, self.again_button])
        super().__init__([intro, buttons, self.verdict, self.reveal])
        self.add_class("ndcg-widget")
        self._refresh()

    @property
    def _label(self) -> str:
        n = max(cutoff(self._x.size, self.k), cutoff(self._y.size, self.k))
        return f"DCG@{n}"

    @property
    def _question(self) -> str:
        return f"Which system has the higher {self._label}?"

    def _lists_html(self) -> str:
        depth = max(self._x.size, self._y.size)
        cells = []
        for rank in range(depth):
            row = [f"<td>{rank + 1}</td>"]
            for items, grades in zip(self._items, (self._x, self._y)):
                row.append(
                    f"<td>{html.escape(str(items[rank]))} ({grades[rank]:g})</td>"
                    if rank < grades.size
                    else "<td></td>"
                )
            cells.append("<tr>" + "".join(row) + "</tr>")
        head = "".join(f"<th>{html.escape(name)} (grade)</th>" for name in self.names)
        return (
            f"<table class='ndcg-compare'><thead><tr><th>rank</th>{head}</tr></thead>"
            f"<tbody>{''.join(cells)}</tbody></table>"
        )

    def guess(self, choice: str) -> bool:
        """Guess which system has the higher DCG@k, and reveal the answer.

        Parameters
        ----------
        choice : {"x", "y", "tie"}
            Also accepted: either system's name, "X"/"Y", "same".

        Returns
        -------
        bool
            Whether the guess was right.
        """
        key = str(choice).strip().lower()
        aliases = {
            "x": "x",
            "y": "y",
            "tie": "tie",
            "same": "tie",
            "the same": "tie",
            self.names[0].lower(): "x",
            self.names[1].lower(): "y",
        }
        if key not in aliases:
            raise ValueError(
                f"choice must be 'x', 'y' or 'tie' (or {self.names[0]!r}, {self.names[1]!r}); got {choice!r}."
            )
        self.guessed = aliases[key]
        self.revealed = True
        self._refresh()
        return self.guessed == self.winner

    def reset(self) -> None:
        """Hide the answer again, to play once more."""
        self.guessed = None
        self.revealed = False
        self._refresh()

    def _answer_html(self) -> str:
        label = self._label
        values = {"x": self.dcg_x, "y": self.dcg_y}
        if self.winner == "tie":
            answer = f"Both have the same {label}: {_fmt(self.dcg_x)}."
        else:
            win, lose = ("x", "y") if self.winner == "x" else ("y", "x")
            name = dict(x=self.names[0], y=self.names[1])
            answer = (
                f"<b>{html.escape(name[win])}</b> has the higher {label}: "
                f"{_fmt(values[win])} against {_fmt(values[lose])}."
            )
        why = (
            "The best items count most near the top, where the discount 1/log<sub>2</sub>(i+1) "
            "keeps most of their gain; lower down the same grade is worth less."
        )
        if sorted(self._x.tolist()) == sorted(self._y.tolist()):
            why = (
                f"Both lists hold the same grades (CG = {metrics.cg(self._x):g} for both): only the "
                f"order differs, and that is all DCG sees. " + why
            )
        tables_html = "".join(
            "<div class='ndcg-side'>"
            f"<b>{html.escape(name)}</b>"
            f"{tables.steps(grades, self.k, gain=self.gain, items=items)._repr_html_()}</div>"
            for name, grades, items in zip(self.names, (self._x, self._y), self._items)
        )
        return f"<p>{answer} {why}</p>{tables_html}"

    def _refresh(self) -> None:
        for button in (self.x_button, self.y_button, self.tie_button):
            button.disabled = self.revealed
            button.button_style = ""
        self.again_button.disabled = not self.revealed
        if not self.revealed:
            self.verdict.value = ""
            self.reveal.value = ""
            return
        chosen = {"x": self.x_button, "y": self.y_button, "tie": self.tie_button}[self.guessed]
        right = self.guessed == self.winner
        chosen.button_style = "success" if right else "warning"
        self.verdict.value = (
            f"<div class='ndcg-widget'><div class='{'ndcg-good' if right else 'ndcg-error'}' role='status'>"
            f"{'🎉 Right!' if right else '🤔 Not this time.'} You guessed {html.escape(self._guess_name)}."
            "</div></div>"
        )
        self.reveal.value = f"<div class='ndcg-widget'>{self._answer_html()}</div>"

    @property
    def _guess_name(self) -> str:
        return {"x": self.names[0], "y": self.names[1], "tie": "the same"}.get(self.guessed, "")

    def snapshot_html(self) -> str:
        """Both lists and the question; the answer behind a click (or shown, once guessed)."""
        body = self._lists_html() + f"<p>🤔 <b>{self._question}</b></p>"
        if self.revealed:
            body += self.verdict.value + self._answer_html()
        else:
            body += f"<details><summary>Show the answer</summary>{self._answer_html()}</details>"
        return _snapshot(f"🎮 {GAME_TITLE}", body)
