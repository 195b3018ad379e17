"""Interactive widgets for a notebook with a live kernel (ipywidgets 8).

Six small learning tools, each an :class:`ipywidgets.VBox` that can be shown by
leaving it as the last expression of a cell:

* :class:`RankingExplorer`: edit the grades, ``k`` and the gain; the
  step-by-step table, DCG, IDCG, NDCG and a bar chart follow as you type.
* :class:`ReorderGame`: move items up and down until NDCG reaches 1.0.
* :class:`TwoSystemsGame`: "whose recommendations know me better?": guess
  which of two lists has the higher DCG, then see why.
* :class:`AnswerChecker`: an exercise's answer box; type a number (or the name
  of your function) and get feedback, a hint, then an explanation.
* :class:`FlashcardDeck`: a chapter's flashcards; flip, next, shuffle, and
  "got it / again" with Leitner boxes.
* :class:`Quiz`: a chapter's multiple-choice questions, with feedback for
  every option.

Every widget has a small Python API (the same actions as its buttons), used by
the tests and handy in a notebook, and every widget shows a *static snapshot*
of its current state as ``text/html`` where no kernel runs (the HTML book), with
the line "This is a snapshot: run the notebook to play with it live."

This module imports ipywidgets and matplotlib; ``import ndcg`` does not.

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

from __future__ import annotations

import base64
import html
import io
import math
import re

import ipywidgets as widgets
import numpy as np

from .. import metrics
from . import tables
from .._validation import check_gain, check_grades, check_k
from .display import fmt
from ..gains import cutoff

__all__ = [
    "RankingExplorer",
    "ReorderGame",
    "TwoSystemsGame",
    "AnswerChecker",
    "FlashcardDeck",
    "Quiz",
    "SNAPSHOT_NOTE",
    "parse_grades",
]

#: The line every static snapshot ends with.
SNAPSHOT_NOTE = "This is a snapshot: run the notebook to play with it live."

#: The game's name in the tutoring conversation (source 004).
GAME_TITLE = "Whose recommendations know me better? (谁的推荐更懂我？)"

GAIN_OPTIONS = (("linear: rel", "linear"), ("exponential: 2^rel − 1", "exponential"))

#: Muted text that follows the theme (the book's, JupyterLab's, or grey).
_MUTED = "color:var(--pst-color-text-muted, var(--jp-ui-font-color2, #555))"

# Scoped to .ndcg-widget, so it styles the widgets and their snapshots only.
# The table rules repeat _static/course.css, which the live notebook lacks.
_CSS = """<style>
.ndcg-widget table.ndcg-steps, .ndcg-widget table.ndcg-compare {
  border-collapse: collapse; font-size: 0.88em; margin: 0.4em 0 0.8em;
  font-variant-numeric: tabular-nums; }
.ndcg-widget table.ndcg-steps th, .ndcg-widget table.ndcg-steps td,
.ndcg-widget table.ndcg-compare th, .ndcg-widget table.ndcg-compare td {
  padding: 0.2em 0.7em; text-align: right; border-bottom: 1px solid #ccc; }
.ndcg-widget table.ndcg-steps td:nth-child(2), .ndcg-widget table.ndcg-steps th:nth-child(2),
.ndcg-widget table.ndcg-compare td, .ndcg-widget table.ndcg-compare th { text-align: left; }
.ndcg-widget table.ndcg-steps caption {
  caption-side: bottom; text-align: left; padding-top: 0.3em; font-style: italic; }
.ndcg-widget .ndcg-numbers { font-size: 1.05em; margin: 0.3em 0; font-variant-numeric: tabular-nums; }
.ndcg-widget .ndcg-error { background: #fdecea; color: #7a1c12; border-left: 4px solid #D55E00;
  padding: 0.4em 0.7em; margin: 0.3em 0; }
.ndcg-widget .ndcg-good { background: #e8f5e9; color: #1b4d1f; border-left: 4px solid #009E73;
  padding: 0.4em 0.7em; margin: 0.3em 0; }
.ndcg-widget .ndcg-info { background: #eef4fb; color: #12324f; border-left: 4px solid #0072B2;
  padding: 0.4em 0.7em; margin: 0.3em 0; }
.ndcg-widget-snapshot { border: 1px solid var(--pst-color-border, #ccc); border-radius: 6px;
  padding: 0.6em 1em; margin: 0.5em 0; }
.ndcg-widget-snapshot .ndcg-snapshot-note { color: var(--pst-color-text-muted, var(--jp-ui-font-color2, #555));
  font-size: 0.9em; margin: 0.6em 0 0; }
.ndcg-widget-snapshot details { margin: 0.5em 0; }
.ndcg-widget-snapshot summary { cursor: pointer; font-weight: 600; }
.ndcg-widget-snapshot li p { margin: 0; }
</style>"""


def _snapshot(title: str, body: str) -> str:
    """Wrap a widget's static state in a box that ends with :data:`SNAPSHOT_NOTE`."""
    return (
        f'{_CSS}<div class="ndcg-widget ndcg-widget-snapshot">'
        f"<p><strong>{html.escape(title)}</strong></p>{body}"
        f'<p class="ndcg-snapshot-note">ℹ️ <em>{SNAPSHOT_NOTE}</em></p></div>'
    )


class _Snapshot:
    """Mixin: add a ``text/html`` snapshot to the widget's MIME bundle.

    A live Jupyter front end renders the widget view and ignores the HTML; a
    page rendered without a kernel (the HTML book) shows the HTML.
    """

    def snapshot_html(self) -> str:  # pragma: no cover - every widget overrides it
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs):
        data = dict(super()._repr_mimebundle_(**kwargs) or {})
        data["text/html"] = self.snapshot_html()
        return data


def _fmt(value: float) -> str:
    return fmt(value, ".3f")


def _format_grades(grades) -> str:
    return ", ".join(f"{float(g):g}" for g in grades)


def parse_grades(text: str) -> list[float]:
    """Read grades typed as text: numbers separated by commas or spaces.

    Parameters
    ----------
    text : str
        For example ``"3, 2, 1, 0, 2"`` or ``"[3 2 1]"``.

    Returns
    -------
    list of float
        The numbers, not yet checked as grades (``ndcg`` checks them).

    Raises
    ------
    ValueError
        If a piece is not a number, or no number was typed.

    Examples
    --------
    >>> parse_grades("3, 2, 1, 0, 2")
    [3.0, 2.0, 1.0, 0.0, 2.0]
    >>> parse_grades("[3 2.5]")
    [3.0, 2.5]
    >>> parse_grades("3, a")
    Traceback (most recent call last):
    ...
    ValueError: grades must be numbers separated by commas, such as 3, 2, 1, 0; 'a' is not a number.
    """
    pieces = [piece for piece in re.split(r"[,;\s]+", str(text).strip().strip("[]()")) if piece]
    if not pieces:
        raise ValueError("grades: type at least one grade, such as 3, 2, 1, 0, 2.")
    values = []
    for piece in pieces:
        try:
            values.append(float(piece))
        except ValueError:
            raise ValueError(
                "grades must be numbers separated by commas, such as 3, 2, 1, 0; "
                f"{piece!r} is not a number."
            ) from None
    return values


def _figure_output(figure, alt: str) -> dict:
    """A figure as one ``display_data`` output (PNG), ready for an Output widget.

    The figure is drawn with the Agg canvas (no pyplot, no GUI backend), so it
    works the same in a kernel, in a test and in a headless build.
    """
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80)
    png = base64.b64encode(buffer.getvalue()).decode("ascii")
    return {"output_type": "display_data", "data": {"image/png": png, "text/plain": alt}, "metadata": {}}


def _contributions_chart(grades, k, gain) -> dict:
    """The bar chart of gains and contributions, as a display_data output."""
    from matplotlib.figure import Figure

    from . import plots

    # Fixed margins: a layout engine would double the time of every redraw.
    figure = Figure(figsize=(6.4, 3.4))
    figure.subplots_adjust(left=0.1, right=0.98, bottom=0.15, top=0.9)
    plots.contributions(grades, k, gain=gain, ax=figure.add_subplot())
    n = cutoff(len(grades), k)
    alt = (f"Bar chart: the {gain} gain of each of the top {n} ranks, and the part the "
           f"discount keeps (DCG@{n} = {_fmt(metrics.dcg(grades, k, gain=gain))}).")
    return _figure_output(figure, alt)


def _img(output: dict | None) -> str:
    if not output:
        return ""
    data = output["data"]
    return (f'<img src="data:image/png;base64,{data["image/png"]}" '
            f'alt="{html.escape(data["text/plain"])}" style="max-width:100%">')


class RankingExplorer(_Snapshot, widgets.VBox):
    """Edit the grades, ``k`` and the gain; everything else follows.

    Shows the step-by-step table of :func:`ndcg.course.tables.steps`, DCG@k, IDCG@k,
    NDCG@k and a bar chart of gains and contributions, updated as you type.
    Input that is not a valid list of grades (``"3, -1"``, ``"a"``) shows the
    error message instead of the results.

    Parameters
    ----------
    rels : sequence of float
        The grades to start with, in ranked order.
    k : int, optional
        The cut-off to start with; ``None`` scores the whole list.
    gain : {"linear", "exponential"}

    Attributes
    ----------
    grades : ipywidgets.Text
        The grades as typed, e.g. ``"3, 2, 1, 0, 2"``; set ``.value`` to change them.
    k : ipywidgets.IntSlider
        The cut-off (1 to the list's length).
    gain : ipywidgets.ToggleButtons
        ``"linear"`` or ``"exponential"``.
    numbers : ipywidgets.HTML
        The DCG@k, IDCG@k and NDCG@k line (or the error message).
    table : ipywidgets.HTML
        The step-by-step table.
    chart : ipywidgets.Output
        The bar chart.
    dcg_value, idcg_value, ndcg_value : float or None
        The current values (``None`` while the input is invalid).
    error : str
        The current error message, ``""`` when the input is valid.

    Examples
    --------
    >>> explorer = RankingExplorer()
    >>> explorer.grades.value
    '3, 2, 1, 0, 2'
    >>> round(explorer.dcg_value, 3), round(explorer.idcg_value, 3), round(explorer.ndcg_value, 3)
    (5.536, 5.693, 0.972)
    >>> explorer.gain.value = "exponential"
    >>> round(explorer.dcg_value, 3)
    10.553
    """

    def __init__(self, rels=(3, 2, 1, 0, 2), k=None, gain="linear"):
        gain = check_gain(gain)
        grades = check_grades(rels)
        k = check_k(k)
        n = max(1, grades.size)
        self.grades = widgets.Text(
            value=_format_grades(grades), description="Grades",
            placeholder="e.g. 3, 2, 1, 0, 2", continuous_update=True,
            tooltip="Relevance grades in ranked order, position 1 first, separated by commas",
            layout=widgets.Layout(width="28em"),
        )
        self.k = widgets.IntSlider(
            value=cutoff(n, k), min=1, max=n, description="k (cut-off)",
            style={"description_width": "initial"}, continuous_update=True,
        )
        self.gain = widgets.ToggleButtons(
            options=GAIN_OPTIONS, value=gain, description="Gain",
            style={"button_width": "auto", "description_width": "initial"},
            tooltips=["gain = the grade itself", "gain = 2**grade - 1: rewards top grades more"],
        )
        self.numbers = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = widgets.Output()
        self.dcg_value = self.idcg_value = self.ndcg_value = None
        self.error = ""
        self._values: list[float] = [float(g) for g in grades]
        self._busy = False
        intro = widgets.HTML(
            f"{_CSS}<div class='ndcg-widget'><b>🔎 Ranking explorer</b>: type the grades of a "
            "ranked list (position 1 first), pick the cut-off <i>k</i> and the gain.</div>"
        )
        super().__init__([intro, self.grades, self.k, self.gain, self.numbers, self.table, self.chart])
        self.add_class("ndcg-widget")
        self.grades.observe(self._on_grades, names="value")
        self.k.observe(self._on_change, names="value")
        self.gain.observe(self._on_change, names="value")
        self.update()

    # -- reactions -------------------------------------------------------------
    def _on_grades(self, change):
        if self._busy:
            return
        try:  # the slider follows valid lists only
            values = parse_grades(change["new"])
            check_grades(values)
        except ValueError:
            values = None
        if values is not None:
            old_n = len(self._values)
            was_whole = self.k.value >= old_n
            self._busy = True
            try:
                n = max(1, len(values))
                if n > self.k.max:
                    self.k.max = n
                    if was_whole:
                        self.k.value = n
                else:
                    if was_whole or self.k.value > n:
                        self.k.value = n
                    self.k.max = n
            finally:
                self._busy = False
            self._values = values
        self.update()

    def _on_change(self, change):
        if not self._busy:
            self.update()

    def update(self) -> None:
        """Recompute everything from the grades, ``k`` and the gain shown."""
        gain, k = self.gain.value, self.k.value
        try:
            values = parse_grades(self.grades.value)
            check_grades(values, gain=gain)
            table = tables.steps(values, k, gain=gain)
            dcg = metrics.dcg(values, k, gain=gain)
            idcg = metrics.idcg(values, k, gain=gain)
            score = metrics.ndcg(values, k, gain=gain)
        except ValueError as error:
            self.error = str(error)
            self.dcg_value = self.idcg_value = self.ndcg_value = None
            self.numbers.value = (
                f"<div class='ndcg-widget'><div class='ndcg-error' role='alert'>⚠️ "
                f"{html.escape(self.error)}</div></div>"
            )
            self.table.value = ""
            self.chart.outputs = ()
            return
        self.error = ""
        self.dcg_value, self.idcg_value, self.ndcg_value = dcg, idcg, score
        self.numbers.value = f"<div class='ndcg-widget'>{self._numbers_html()}</div>"
        self.table.value = f"<div class='ndcg-widget'>{table._repr_html_()}</div>"
        self.chart.outputs = (_contributions_chart(values, k, gain),)

    def _numbers_html(self) -> str:
        n = cutoff(len(parse_grades(self.grades.value)), self.k.value)
        return (
            f"<div class='ndcg-numbers'>DCG@{n} = <b>{_fmt(self.dcg_value)}</b> &nbsp;·&nbsp; "
            f"IDCG@{n} = <b>{_fmt(self.idcg_value)}</b> &nbsp;·&nbsp; "
            f"NDCG@{n} = DCG / IDCG = <b>{_fmt(self.ndcg_value)}</b></div>"
        )

    def snapshot_html(self) -> str:
        """The current state as static HTML: inputs, numbers, table and chart."""
        inputs = (
            f"<p>Grades: <code>{html.escape(self.grades.value)}</code>, k = {self.k.value}, "
            f"{self.gain.value} gain</p>"
        )
        if self.error:
            body = f"<div class='ndcg-error'>⚠️ {html.escape(self.error)}</div>"
        else:
            body = self._numbers_html() + self.table.value + _img(self.chart.outputs[0])
        return _snapshot("🔎 Ranking explorer", inputs + body)


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
            raise ValueError(f"items and grades must have the same length; got {len(names)} items "
                             f"and {values.size} grades.")
        if values.size < 2:
            raise ValueError(f"grades must hold at least two items to reorder; got {values.size}.")
        check_grades(values, "grades", gain=self.gain)
        self._start = [(str(name), float(g)) for name, g in zip(names, values)]
        self._current = list(self._start)
        self.moves = 0
        self.par = _inversions(values)
        n = values.size
        self._labels = [widgets.HTML() for _ in range(n)]
        self.up_buttons = [widgets.Button(description="▲ up", layout=widgets.Layout(width="5.5em"))
                           for _ in range(n)]
        self.down_buttons = [widgets.Button(description="▼ down", layout=widgets.Layout(width="5.5em"))
                             for _ in range(n)]
        for position, (up, down) in enumerate(zip(self.up_buttons, self.down_buttons)):
            up.on_click(lambda _button, p=position: self.move_up(p))
            down.on_click(lambda _button, p=position: self.move_down(p))
        rows = [widgets.HBox([up, down, label])
                for up, down, label in zip(self.up_buttons, self.down_buttons, self._labels)]
        self.reset_button = widgets.Button(description="↺ Start again",
                                           tooltip="Back to the starting order; moves back to 0")
        self.reset_button.on_click(lambda _button: self.reset())
        self.progress = widgets.FloatProgress(min=0.0, max=1.0, description="NDCG", bar_style="info")
        self.score = widgets.HTML()
        self.status = widgets.HTML()
        self.table = widgets.HTML()
        self._title = title
        intro = widgets.HTML(
            f"{_CSS}<div class='ndcg-widget'><b>🎮 {html.escape(title)}</b><br>"
            "Move the items until the list is in the best possible order: watch NDCG climb to 1.0. "
            f"Par: {self.par} move{'s' if self.par != 1 else ''}.</div>"
        )
        super().__init__([intro, *rows, self.progress, self.score, self.status, self.reset_button, self.table])
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
        if isinstance(position, bool) or not isinstance(position, (int, np.integer)) or not (
                0 <= position < len(self._current)):
            raise ValueError(f"position must be an integer from 0 (the top) to {len(self._current) - 1}; "
                             f"got {position!r}.")
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
                f"<span style='display:inline-block;min-width:2em;text-align:right'><b>{position + 1}.</b></span> "
                f"{html.escape(name)} <span style='{_MUTED}'>(grade {grade:g})</span>"
            )
            self.up_buttons[position].disabled = position == 0
            self.down_buttons[position].disabled = position == last
            self.up_buttons[position].tooltip = (f"Move {name} up to rank {position}" if position
                                                 else "Already at the top")
            self.down_buttons[position].tooltip = (f"Move {name} down to rank {position + 2}"
                                                   if position < last else "Already at the bottom")
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
        return (f"<div class='ndcg-numbers'>NDCG@{n} = <b>{_fmt(self.ndcg_value)}</b> "
                f"(DCG@{n} = {_fmt(self.dcg_value)}, IDCG@{n} = {_fmt(self.idcg_value)}) "
                f"&nbsp;·&nbsp; 🔀 Moves: <b>{self.moves}</b></div>")

    def _status_html(self) -> str:
        n = self._n()
        if self.solved:
            if self.moves == 0:
                return (f"<div class='ndcg-good'>🎉 NDCG@{n} = 1.000: this order is already ideal. "
                        "Try moving something, and watch the score drop.</div>")
            par = ""
            if self.k is None or self.k >= len(self._current):
                par = " Exactly par! 🏆" if self.moves == self.par else f" (par is {self.par})"
            return (f"<div class='ndcg-good'>🎉 NDCG@{n} = 1.000 in {self.moves} "
                    f"move{'s' if self.moves != 1 else ''}: the ideal order!{par}</div>")
        return ("<div class='ndcg-info'>Keep going: put the highest grades at the top, where the "
                "discount 1/log<sub>2</sub>(i+1) keeps most of the gain.</div>")

    def snapshot_html(self) -> str:
        """The current order, its numbers and table, and the ideal order behind a click."""
        rows = "".join(f"<tr><td>{i}</td><td>{html.escape(name)}</td><td>{g:g}</td></tr>"
                       for i, (name, g) in enumerate(self._current, start=1))
        order = (f"<table class='ndcg-compare'><thead><tr><th>rank</th><th>item</th><th>grade</th></tr>"
                 f"</thead><tbody>{rows}</tbody></table>")
        ideal = sorted(self._current, key=lambda pair: -pair[1])
        ideal_table = tables.steps([g for _, g in ideal], self.k, gain=self.gain, items=[n for n, _ in ideal])
        details = (f"<details><summary>Show the ideal order</summary>{ideal_table._repr_html_()}"
                   f"<p>Par: {self.par} move{'s' if self.par != 1 else ''}.</p></details>")
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
        self.x_button = widgets.Button(description=self.names[0],
                                       tooltip=f"Guess: {self.names[0]} has the higher {self._label}")
        self.y_button = widgets.Button(description=self.names[1],
                                       tooltip=f"Guess: {self.names[1]} has the higher {self._label}")
        self.tie_button = widgets.Button(description="the same", tooltip=f"Guess: both have the same {self._label}")
        self.again_button = widgets.Button(description="↺ Play again", tooltip="Hide the answer and guess again",
                                           disabled=True)
        self.x_button.on_click(lambda _button: self.guess("x"))
        self.y_button.on_click(lambda _button: self.guess("y"))
        self.tie_button.on_click(lambda _button: self.guess("tie"))
        self.again_button.on_click(lambda _button: self.reset())
        self.verdict = widgets.HTML()
        self.reveal = widgets.HTML()
        intro = widgets.HTML(
            f"{_CSS}<div class='ndcg-widget'><b>🎮 {html.escape(GAME_TITLE)}</b>"
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
                row.append(f"<td>{html.escape(str(items[rank]))} ({grades[rank]:g})</td>"
                           if rank < grades.size else "<td></td>")
            cells.append("<tr>" + "".join(row) + "</tr>")
        head = "".join(f"<th>{html.escape(name)} (grade)</th>" for name in self.names)
        return (f"<table class='ndcg-compare'><thead><tr><th>rank</th>{head}</tr></thead>"
                f"<tbody>{''.join(cells)}</tbody></table>")

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
        aliases = {"x": "x", "y": "y", "tie": "tie", "same": "tie", "the same": "tie",
                   self.names[0].lower(): "x", self.names[1].lower(): "y"}
        if key not in aliases:
            raise ValueError(f"choice must be 'x', 'y' or 'tie' (or {self.names[0]!r}, {self.names[1]!r}); "
                             f"got {choice!r}.")
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
            answer = (f"<b>{html.escape(name[win])}</b> has the higher {label}: "
                      f"{_fmt(values[win])} against {_fmt(values[lose])}.")
        why = ("The best items count most near the top, where the discount 1/log<sub>2</sub>(i+1) "
               "keeps most of their gain; lower down the same grade is worth less.")
        if sorted(self._x.tolist()) == sorted(self._y.tolist()):
            why = (f"Both lists hold the same grades (CG = {metrics.cg(self._x):g} for both): only the "
                   f"order differs, and that is all DCG sees. " + why)
        tables_html = "".join(
            f"<div style='display:inline-block;vertical-align:top;margin-right:1.5em'>"
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


def _message_html(feedback) -> str:
    """A check's Feedback as styled HTML: `code` kept, lines kept."""
    css = {"correct": "ndcg-good", "incorrect": "ndcg-error", "not yet": "ndcg-info"}[feedback.status]
    text = html.escape(feedback.message)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text).replace("\n", "<br>")
    return f"<div class='{css}' role='status'>{text}</div>"


class AnswerChecker(_Snapshot, widgets.VBox):
    """An answer box for an exercise: type, press "Check", read the feedback.

    Wraps a check of :mod:`ndcg.course.checks`. With a :class:`~ndcg.course.checks.NumberCheck`
    the learner types a number (``4.76``, ``1/3``, ``90%``, or a list such as
    ``3, 2, 1`` when a list is expected). With a
    :class:`~ndcg.course.checks.FunctionCheck` the learner defines a function in the
    notebook and types its *name*; the function is looked up in the
    notebook's namespace and run on every case. The first wrong answer brings
    the check's hint, the second and later ones its explanation.

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
        from . import checks

        if not isinstance(check, (checks.NumberCheck, checks.FunctionCheck)):
            raise ValueError(f"check must be an ndcg.course.checks.NumberCheck or FunctionCheck; got {check!r}.")
        self.check = check
        self.is_function = isinstance(check, checks.FunctionCheck)
        self.namespace = namespace
        self.last = None
        if self.is_function:
            placeholder, label, prompt = ("the name of your function, e.g. my_dcg", "Function",
                                          f"Define your function for {check.name} in a cell above, run "
                                          "it, then type its name here.")
        else:
            many = isinstance(check.expected, np.ndarray)
            placeholder = "numbers separated by commas, e.g. 3, 2, 1" if many else "a number, e.g. 4.76 or 1/3"
            label, prompt = "Answer", f"Your answer for {check.name}:"
        self.answer = widgets.Text(value=function_name or "", placeholder=placeholder, description=label,
                                   layout=widgets.Layout(width="26em"))
        self.button = widgets.Button(description="Check ✔", button_style="primary",
                                     tooltip=f"Check your answer for {check.name}")
        self.button.on_click(lambda _button: self.submit())
        self.feedback = widgets.HTMLMath()
        self.attempts_label = widgets.HTML()
        self._prompt = prompt
        intro = widgets.HTML(f"{_CSS}<div class='ndcg-widget'>✏️ {html.escape(prompt)}</div>")
        super().__init__([intro, widgets.HBox([self.answer, self.button]), self.feedback, self.attempts_label])
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
        from .checks import Feedback

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
                feedback = Feedback("incorrect", f"❓ {text!r} is not a name: type just the function's "
                                                 "name, such as my_dcg, without brackets.")
            else:
                function = self._lookup(text)
                if function is None:
                    feedback = Feedback("not yet", f"⏳ Not yet: no function called `{text}` is defined. "
                                                   "Run the cell that defines it, then press Check again.")
                else:
                    feedback = self.check.check(function)
        else:
            feedback = self.check.check(text)
        self.last = feedback
        self._show()
        return feedback

    def _show(self) -> None:
        self.feedback.value = "" if self.last is None else f"<div class='ndcg-widget'>{_message_html(self.last)}</div>"
        tries = self.check.attempts
        self.attempts_label.value = (f"<span style='{_MUTED}'>Attempts: {tries}</span>" if tries else "")

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


def _deck(chapter):
    """A chapter's :class:`ndcg.course.cards.Deck` (a Deck passes through)."""
    from . import cards

    return chapter if isinstance(chapter, cards.Deck) else cards.load(chapter)


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
        from . import cards

        self.deck = _deck(chapter)
        if not self.deck.flashcards:
            raise ValueError(f"chapter {self.deck.chapter!r} has no flashcards.")
        self._cards = {card.id: card for card in self.deck.flashcards}
        self._order = [card.id for card in self.deck.flashcards]
        self.schedule = cards.Leitner(self._order, seed=seed)
        self.flipped = False
        self.card = widgets.HTMLMath(layout=widgets.Layout(border="1px solid #ccc", padding="0.3em 1em",
                                                            min_height="7em"))
        self.status = widgets.HTML()

        def button(description, tooltip, action, style=""):
            b = widgets.Button(description=description, tooltip=tooltip, button_style=style,
                               layout=widgets.Layout(width="auto"))
            b.on_click(lambda _button: action())
            return b

        self.previous_button = button("◀ Previous", "Back to the card shown before", self.previous)
        self.flip_button = button("🔄 Flip", "Show the answer (or hide it again)", self.flip, "info")
        self.next_button = button("Next ▶", "Skip to the next card; boxes unchanged", self.next)
        self.shuffle_button = button("🔀 Shuffle", "Shuffle the deck", self.shuffle)
        self.again_button = button("🔁 Again", "I did not know it: back to box 1", self.again, "warning")
        self.got_it_button = button("✅ Got it", "I knew it: up one box, shown less often", self.got_it,
                                    "success")
        intro = widgets.HTML(
            f"{_CSS}<div class='ndcg-widget'><b>🎴 Flashcards: {html.escape(self.deck.title)}</b> "
            f"({len(self._order)} cards). Read the question, answer in your head, flip, then be honest: "
            "got it, or again?</div>"
        )
        bar = widgets.HBox([self.previous_button, self.flip_button, self.next_button, self.shuffle_button,
                            self.again_button, self.got_it_button], layout=widgets.Layout(flex_flow="row wrap"))
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
        from .cards import to_html

        card = self.current
        label = f"<div style='font-size:0.75em;letter-spacing:0.06em;{_MUTED}'>{{}}</div>"
        parts = [label.format("QUESTION"), to_html(card.front)]
        if self.flipped:
            parts += ["<hr style='border:none;border-top:1px dashed #bbb'>", label.format("ANSWER"),
                      to_html(card.back)]
            if card.source:
                parts.append(f"<div style='font-size:0.8em;{_MUTED}'>Source: {html.escape(card.source)}</div>")
        return "".join(parts)

    def _status_html(self) -> str:
        counts = self.schedule.counts()
        boxes = " · ".join(f"{box}: {n}" for box, n in counts.items())
        number = self._order.index(self.schedule.current) + 1
        return (f"<span style='{_MUTED}'>Card {number} of {len(self._order)} · in box {self.box} of 5 "
                f"· 📦 cards per box {boxes}</span>")

    def _show(self) -> None:
        self.card.value = self._card_html()
        self.flip_button.description = "🔄 Hide the answer" if self.flipped else "🔄 Flip"
        self.status.value = self._status_html()

    def snapshot_html(self) -> str:
        """The card being shown (its answer behind a click unless flipped) and the boxes."""
        card = self.current
        from .cards import to_html

        if self.flipped:
            body = self._card_html()
        else:
            body = (to_html(card.front) + "<details><summary>Show the answer</summary>"
                    f"{to_html(card.back)}</details>")
        body = f"<div class='mathjax_process'>{body}</div><p>{self._status_html()}</p>"
        return _snapshot(f"🎴 Flashcards: {self.deck.title}", body)


class Quiz(_Snapshot, widgets.VBox):
    """A chapter's multiple-choice quiz, with feedback for every option.

    Choose an option (its letter button) to see that option's feedback and
    whether it is right; you may then try the others. The score line counts
    the questions answered right at the first try.

    Parameters
    ----------
    chapter : str or ndcg.course.cards.Deck
        A chapter key such as ``"02_dcg"``.

    Attributes
    ----------
    deck : ndcg.course.cards.Deck
    option_buttons : list of list of ipywidgets.Button
        ``option_buttons[q][o]``: option ``o`` of question ``q`` (0-based).
    feedback : list of ipywidgets.HTMLMath
        The feedback of each question's chosen option.
    score : ipywidgets.HTML
    chosen : dict
        Question index -> the option chosen last.
    first_choice : dict
        Question index -> the option chosen first (what the score counts).

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
        self.deck = _deck(chapter)
        if not self.deck.quiz:
            raise ValueError(f"chapter {self.deck.chapter!r} has no quiz questions.")
        from .cards import to_html

        self.chosen: dict = {}
        self.first_choice: dict = {}
        self.option_buttons = []
        self.feedback = []
        blocks = []
        for q, question in enumerate(self.deck.quiz):
            rows, buttons = [], []
            for o, option in enumerate(question.options):
                letter = "ABCDEFGHIJ"[o]
                b = widgets.Button(description=letter, tooltip=f"Choose answer {letter} of question {q + 1}",
                                   layout=widgets.Layout(width="3em"))
                b.on_click(lambda _button, q=q, o=o: self.choose(q, o))
                buttons.append(b)
                rows.append(widgets.HBox([b, widgets.HTMLMath(_inline(to_html(option.text)))],
                                         layout=widgets.Layout(align_items="center")))
            self.option_buttons.append(buttons)
            feedback = widgets.HTMLMath()
            self.feedback.append(feedback)
            text = widgets.HTMLMath(_numbered(q + 1, to_html(question.question)))
            blocks.append(widgets.VBox([text, *rows, feedback],
                                       layout=widgets.Layout(border="1px solid #ddd", padding="0.3em 0.8em",
                                                             margin="0.3em 0")))
        self.score = widgets.HTML()
        self.reset_button = widgets.Button(description="↺ Start again", tooltip="Clear every answer and the score")
        self.reset_button.on_click(lambda _button: self.reset())
        intro = widgets.HTML(
            f"{_CSS}<div class='ndcg-widget'><b>🎯 Quiz: {html.escape(self.deck.title)}</b> "
            f"({len(self.deck.quiz)} questions). Pick an answer with its letter: every option has its "
            "own feedback.</div>"
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
        if isinstance(question, bool) or not isinstance(question, (int, np.integer)) or not (
                0 <= question < len(self.deck.quiz)):
            raise ValueError(f"question must be an index from 0 to {len(self.deck.quiz) - 1} or a question "
                             f"id; got {question!r}.")
        return int(question)

    def choose(self, question, option) -> bool:
        """Choose ``option`` (0-based) of ``question`` (0-based index or id); show its feedback.

        Returns
        -------
        bool
            Whether the option is the correct one.
        """
        from .cards import to_html

        q = self._index(question)
        options = self.deck.quiz[q].options
        if isinstance(option, bool) or not isinstance(option, (int, np.integer)) or not 0 <= option < len(options):
            raise ValueError(f"option must be an index from 0 to {len(options) - 1}; got {option!r}.")
        o = int(option)
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

    @property
    def right_first_time(self) -> int:
        """How many questions were answered right at the first try."""
        return sum(self.deck.quiz[q].options[o].correct for q, o in self.first_choice.items())

    def reset(self) -> None:
        """Clear every answer and the score."""
        self.chosen.clear()
        self.first_choice.clear()
        for buttons, feedback in zip(self.option_buttons, self.feedback):
            for b in buttons:
                b.button_style = ""
            feedback.value = ""
        self._show_score()

    def _score_text(self) -> str:
        total = len(self.deck.quiz)
        text = (f"Score: {self.right_first_time} of {total} right at the first try "
                f"({len(self.first_choice)} of {total} answered)")
        if self.right_first_time == total:
            text += " 🎉"
        return text

    def _show_score(self) -> None:
        self.score.value = f"<b>{self._score_text()}</b>"

    def snapshot_html(self) -> str:
        """Every question with its options; the learner's choices, or the answers behind a click."""
        from .cards import to_html

        parts = []
        for q, question in enumerate(self.deck.quiz):
            items = "".join(f"<li>{_inline(to_html(option.text))}</li>" for option in question.options)
            part = f"{_numbered(q + 1, to_html(question.question))}<ol type='A'>{items}</ol>"
            if q in self.chosen:
                o = self.chosen[q]
                option = question.options[o]
                css = "ndcg-good" if option.correct else "ndcg-error"
                part += (f"<div class='{css}'>Chosen: {'ABCDEFGHIJ'[o]}. "
                         f"{'✅ Right!' if option.correct else '❌ Not this one.'} {to_html(option.feedback)}</div>")
            else:
                answer = next(i for i, option in enumerate(question.options) if option.correct)
                right = question.options[answer]
                part += (f"<details><summary>Show the answer</summary><p>{'ABCDEFGHIJ'[answer]}.</p>"
                         f"{to_html(right.feedback)}</details>")
            parts.append(part)
        body = f"<div class='mathjax_process'>{''.join(parts)}</div><p><b>{self._score_text()}</b></p>"
        return _snapshot(f"🎯 Quiz: {self.deck.title}", body)
