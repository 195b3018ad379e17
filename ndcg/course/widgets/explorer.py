"""The ranking explorer: edit the grades, k and the gain; table, numbers and chart follow."""

from __future__ import annotations

import html

import ipywidgets as widgets

from ... import metrics
from ..._validation import check_gain, check_grades, check_k
from ...gains import cutoff
from .. import tables
from .base import (
    GAIN_OPTIONS,
    _figure_output,
    _fmt,
    _format_grades,
    _img,
    _Snapshot,
    _snapshot,
    _style,
    parse_grades,
)


def _contributions_chart(grades, k, gain) -> dict:
    """The bar chart of gains and contributions, as a display_data output."""
    from matplotlib.figure import Figure

    from .. import plots

    # Fixed margins: a layout engine would double the time of every redraw.
    figure = Figure(figsize=(6.4, 3.4))
    figure.subplots_adjust(left=0.1, right=0.98, bottom=0.15, top=0.9)
    plots.contributions(grades, k, gain=gain, ax=figure.add_subplot())
    n = cutoff(len(grades), k)
    alt = (
        f"Bar chart: the {gain} gain of each of the top {n} ranks, and the part the "
        f"discount keeps (DCG@{n} = {_fmt(metrics.dcg(grades, k, gain=gain))})."
    )
    return _figure_output(figure, alt)


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
            value=_format_grades(grades),
            description="Grades",
            placeholder="e.g. 3, 2, 1, 0, 2",
            continuous_update=True,
            tooltip="Relevance grades in ranked order, position 1 first, separated by commas",
            layout=widgets.Layout(width="28em"),
        )
        self.k = widgets.IntSlider(
            value=cutoff(n, k),
            min=1,
            max=n,
            description="k (cut-off)",
            style={"description_width": "initial"},
            continuous_update=True,
        )
        self.gain = widgets.ToggleButtons(
            options=GAIN_OPTIONS,
            value=gain,
            description="Gain",
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
            f"{_style()}<div class='ndcg-widget'><b>🔎 Ranking explorer</b>: type the grades of a "
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
