"""The ranking explorer: edit the grades, k and the gain; table, numbers and chart follow.

One class, two faces. In a running notebook, :class:`RankingExplorer` is a live
ipywidget. Where no kernel runs (the HTML book), its ``text/html`` is a
kernel-free view (``data-ndcg-view="explorer"``): an HTML skeleton that shows the
starting state without JavaScript (inputs, numbers, step table, chart), and a
JSON island with the starting grades, the examples and every text of the
explorer; ``ndcg/course/static/ndcg-explorers.js`` makes it playable with
``NDCGMetrics``. Both faces read :data:`TEXTS` and the same examples.
"""

from __future__ import annotations

import html
import itertools

import ipywidgets as widgets

from ... import list_binary, list_graded
from ..._validation import check_gain, check_grades, check_k
from ...gains import cutoff
from .. import tables
from ..cards.views import json_island
from .base import (
    GAIN_OPTIONS,
    _figure_output,
    _fmt,
    _format_grades,
    _img,
    _Snapshot,
    _style,
    parse_grades,
)

#: Every text the explorer shows, in the notebook and in the book alike. ``{n}``, ``{cg}``,
#: ``{dcg}``, ``{idcg}``, ``{ndcg}``, ``{rr}`` and ``{rank}`` are filled in where shown.
TEXTS = {
    "title": "🔎 Ranking explorer",
    "intro": "type the grades of a ranked list (position 1 first), pick the cut-off <i>k</i> and the gain.",
    "grades": "Grades",
    "placeholder": "e.g. 3, 2, 1, 0, 2",
    "grades_help": "Relevance grades in ranked order, position 1 first, separated by commas",
    "k": "k (cut-off)",
    "gain": "Gain",
    "example": "Example",
    "custom": "(your own grades)",
    "reset": "Reset",
    "numbers": "CG@{n} = <b>{cg}</b> · DCG@{n} = <b>{dcg}</b> · IDCG@{n} = <b>{idcg}</b> · "
    "NDCG@{n} = DCG / IDCG = <b>{ndcg}</b>",
    "rr": "RR = <b>{rr}</b>",
    "rr_at": "first result graded {threshold} or more at rank {rank}",
    "rr_none": "no result graded {threshold} or more",
    "rr_note": "RR (reciprocal rank) = 1 / rank of the first result graded {threshold} or more; "
    "it looks at that one result only, whatever k.",
    "chart": "Gain of each of the top {n} ranks (light bar) and the part the discount keeps "
    "(dark bar, its contribution to DCG@{n} = {dcg}).",
    "live": "In the notebook, this cell shows the live widget.",
}

#: Relevant means a grade of at least this much, for RR (as ``ndcg.rr`` by default).
RR_THRESHOLD = 1

_COUNTER = itertools.count(1)


def _fill(template: str, **values) -> str:
    """``template`` with ``{name}`` replaced (as ndcg-explorers.js does, no format specs)."""
    for name, value in values.items():
        template = template.replace("{" + name + "}", str(value))
    return template


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
        f"discount keeps (DCG@{n} = {_fmt(list_graded.dcg(grades, k, gain=gain))})."
    )
    return _figure_output(figure, alt)


def _examples(examples) -> list[dict]:
    """The picker's examples as ``[{"label", "grades"}]`` (checked grades, as floats or ints)."""
    if not examples:
        return []
    pairs = examples.items() if isinstance(examples, dict) else examples
    out = []
    for label, grades in pairs:
        values = check_grades(grades)
        out.append(
            {"label": str(label), "grades": [int(g) if float(g).is_integer() else float(g) for g in values]}
        )
    return out


class RankingExplorer(_Snapshot, widgets.VBox):
    """Edit the grades, ``k`` and the gain; everything else follows.

    Shows CG@k, DCG@k, IDCG@k and NDCG@k (and, with ``show_rr``, the reciprocal
    rank), the step-by-step table of :func:`ndcg.course.tables.steps` and a bar
    chart of gains and contributions, updated as you type. Input that is not a
    valid list of grades (``"3, -1"``, ``"a"``) shows the error message instead
    of the results. In the HTML book it is a kernel-free view that does the same
    in the browser (:meth:`snapshot_html`).

    Parameters
    ----------
    rels : sequence of float
        The grades to start with, in ranked order.
    k : int, optional
        The cut-off to start with; ``None`` scores the whole list.
    gain : {"linear", "exponential"}
    show_rr : bool
        Also show the reciprocal rank (RR), next to NDCG.
    examples : dict or sequence of (label, grades), optional
        Lists to pick from (a drop-down); picking one puts its grades in the box.

    Attributes
    ----------
    grades : ipywidgets.Text
        The grades as typed, e.g. ``"3, 2, 1, 0, 2"``; set ``.value`` to change them.
    k : ipywidgets.IntSlider
        The cut-off (1 to the list's length).
    gain : ipywidgets.ToggleButtons
        ``"linear"`` or ``"exponential"``.
    example : ipywidgets.Dropdown or None
        The picker of ``examples`` (``None`` without examples).
    numbers : ipywidgets.HTML
        The CG@k, DCG@k, IDCG@k and NDCG@k line (or the error message).
    table : ipywidgets.HTML
        The step-by-step table.
    chart : ipywidgets.Output
        The bar chart.
    cg_value, dcg_value, idcg_value, ndcg_value, rr_value : float or None
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
    >>> RankingExplorer([0, 2, 1], show_rr=True).rr_value
    0.5
    """

    def __init__(self, rels=(3, 2, 1, 0, 2), k=None, gain="linear", *, show_rr=False, examples=None):
        gain = check_gain(gain)
        grades = check_grades(rels)
        k = check_k(k)
        n = max(1, grades.size)
        self.show_rr = bool(show_rr)
        self.examples = _examples(examples)
        self._start = (_format_grades(grades), cutoff(n, k), gain)
        self.dom_id = f"ndcg-explorer-{next(_COUNTER)}"
        self.grades = widgets.Text(
            value=_format_grades(grades),
            description=TEXTS["grades"],
            placeholder=TEXTS["placeholder"],
            continuous_update=True,
            tooltip=TEXTS["grades_help"],
            layout=widgets.Layout(width="28em"),
        )
        self.k = widgets.IntSlider(
            value=cutoff(n, k),
            min=1,
            max=n,
            description=TEXTS["k"],
            style={"description_width": "initial"},
            continuous_update=True,
        )
        self.gain = widgets.ToggleButtons(
            options=GAIN_OPTIONS,
            value=gain,
            description=TEXTS["gain"],
            style={"button_width": "auto", "description_width": "initial"},
            tooltips=["gain = the grade itself", "gain = 2**grade - 1: rewards top grades more"],
        )
        self.example = None
        if self.examples:
            options = [(TEXTS["custom"], "")] + [
                (e["label"], _format_grades(e["grades"])) for e in self.examples
            ]
            start = self.grades.value if any(v == self.grades.value for _, v in options[1:]) else ""
            self.example = widgets.Dropdown(options=options, value=start, description=TEXTS["example"])
        self.numbers = widgets.HTML()
        self.table = widgets.HTML()
        self.chart = widgets.Output()
        self.cg_value = self.dcg_value = self.idcg_value = self.ndcg_value = self.rr_value = None
        self.error = ""
        self._values: list[float] = [float(g) for g in grades]
        # The cut-off the reader chose, kept while the list is edited (a list typed one
        # grade at a time must not reset it); None means "the whole list".
        self._wanted = None if self.k.value >= n else self.k.value
        self._busy = False
        intro = widgets.HTML(
            f"{_style()}<div class='ndcg-widget'><b>{TEXTS['title']}</b>: {TEXTS['intro']}</div>"
        )
        children = [intro, self.grades, self.k, self.gain, self.numbers, self.table, self.chart]
        if self.example is not None:
            children.insert(1, self.example)
        super().__init__(children)
        self.add_class("ndcg-widget")
        self.grades.observe(self._on_grades, names="value")
        self.k.observe(self._on_change, names="value")
        self.gain.observe(self._on_change, names="value")
        if self.example is not None:
            self.example.observe(self._on_example, names="value")
        self.update()

    # -- reactions -------------------------------------------------------------
    def _on_example(self, change):
        if change["new"]:
            self.grades.value = change["new"]

    def _on_grades(self, change):
        if self._busy:
            return
        if self.example is not None and self.example.value and self.example.value != change["new"]:
            self.example.value = next((v for _, v in self.example.options if v == change["new"]), "")
        try:  # the slider follows valid lists only
            values = parse_grades(change["new"])
            check_grades(values)
        except ValueError:
            values = None
        if values is not None:
            self._busy = True
            try:
                n = max(1, len(values))
                k = n if self._wanted is None else min(self._wanted, n)
                if n > self.k.max:
                    self.k.max = n
                    self.k.value = k
                else:
                    self.k.value = k
                    self.k.max = n
            finally:
                self._busy = False
            self._values = values
        self.update()

    def _on_change(self, change):
        if not self._busy:
            if change["owner"] is self.k:  # the reader's own cut-off; None = the whole list
                self._wanted = None if self.k.value >= len(self._values) else self.k.value
            self.update()

    def update(self) -> None:
        """Recompute everything from the grades, ``k`` and the gain shown."""
        gain, k = self.gain.value, self.k.value
        try:
            values = parse_grades(self.grades.value)
            check_grades(values, gain=gain)
            table = tables.steps(values, k, gain=gain)
            cg = list_graded.cg(values, k)
            dcg = list_graded.dcg(values, k, gain=gain)
            idcg = list_graded.idcg(values, k, gain=gain)
            score = list_graded.ndcg(values, k, gain=gain)
            rr = list_binary.rr(values, threshold=RR_THRESHOLD)
        except ValueError as error:
            self.error = str(error)
            self.cg_value = self.dcg_value = self.idcg_value = self.ndcg_value = self.rr_value = None
            self.numbers.value = (
                f"<div class='ndcg-widget'><div class='ndcg-error' role='alert'>⚠️ "
                f"{html.escape(self.error)}</div></div>"
            )
            self.table.value = ""
            self.chart.outputs = ()
            return
        self.error = ""
        self.cg_value, self.dcg_value, self.idcg_value, self.ndcg_value = cg, dcg, idcg, score
        self.rr_value = rr
        self.numbers.value = f"<div class='ndcg-widget'>{self._numbers_html()}</div>"
        self.table.value = f"<div class='ndcg-widget'>{table._repr_html_()}</div>"
        self.chart.outputs = (_contributions_chart(values, k, gain),)

    def _numbers_html(self) -> str:
        values = parse_grades(self.grades.value)
        n = cutoff(len(values), self.k.value)
        line = _fill(
            TEXTS["numbers"],
            n=n,
            cg=_fmt(self.cg_value),
            dcg=_fmt(self.dcg_value),
            idcg=_fmt(self.idcg_value),
            ndcg=_fmt(self.ndcg_value),
        )
        if self.show_rr:
            first = next((i + 1 for i, g in enumerate(values) if g >= RR_THRESHOLD), None)
            where = _fill(TEXTS["rr_at"] if first else TEXTS["rr_none"], threshold=RR_THRESHOLD, rank=first)
            line += (
                " · "
                + _fill(TEXTS["rr"], rr=_fmt(self.rr_value))
                + f" <span class='ndcg-muted'>({where})</span>"
            )
        return f"<div class='ndcg-numbers' data-role='numbers'>{line}</div>"

    # -- the kernel-free view of the book --------------------------------------
    def data(self) -> dict:
        """What the view's JSON island holds: the starting state, the examples and :data:`TEXTS`."""
        grades, k, gain = self._start
        return {
            "grades": grades,
            "k": k,
            "gain": gain,
            "showRr": self.show_rr,
            "threshold": RR_THRESHOLD,
            "examples": self.examples,
            "gains": [{"label": label, "value": value} for label, value in GAIN_OPTIONS],
            "columns": list(tables.COLUMNS),
            "texts": TEXTS,
        }

    def snapshot_html(self) -> str:
        """The book's kernel-free view of the explorer, showing its current state.

        Readable without JavaScript (the grades, k and gain as text, the numbers, the step
        table and the chart as an image); ``ndcg-explorers.js`` un-hides the controls and
        recomputes everything with ``NDCGMetrics`` as the reader types.
        """
        esc = html.escape
        uid = self.dom_id
        n = max(1, len(self._values))
        picker = ""
        if self.examples:
            options = [f'<option value="">{esc(TEXTS["custom"])}</option>'] + [
                f'<option value="{i}">{esc(e["label"])}</option>' for i, e in enumerate(self.examples)
            ]
            picker = (
                f'<label class="ndcg-ex-field">{esc(TEXTS["example"])} '
                f'<select data-role="example">{"".join(options)}</select></label>'
            )
        radios = "".join(
            f'<label class="ndcg-ex-radio"><input type="radio" name="{uid}-gain" value="{value}"'
            f"{' checked' if value == self.gain.value else ''}> {esc(label)}</label>"
            for label, value in GAIN_OPTIONS
        )
        controls = (
            f'<div class="ndcg-ex-controls" data-until-ready hidden>{picker}'
            f'<label class="ndcg-ex-field ndcg-ex-grades">{esc(TEXTS["grades"])} '
            f'<input type="text" data-role="grades" value="{esc(self.grades.value)}" '
            f'placeholder="{esc(TEXTS["placeholder"])}" title="{esc(TEXTS["grades_help"])}" '
            'autocomplete="off" spellcheck="false" inputmode="text"></label>'
            f'<label class="ndcg-ex-field">{esc(TEXTS["k"])} '
            f'<input type="range" data-role="k" min="1" max="{n}" step="1" value="{self.k.value}"> '
            f'<output data-role="k-out">{self.k.value}</output></label>'
            f'<fieldset class="ndcg-ex-gain"><legend>{esc(TEXTS["gain"])}</legend>{radios}</fieldset>'
            f'<button type="button" data-action="reset" disabled>↺ {esc(TEXTS["reset"])}</button></div>'
        )
        inputs = (
            f'<p data-role="static">{esc(TEXTS["grades"])}: <code>{esc(self.grades.value)}</code>, '
            f"k = {self.k.value}, {self.gain.value} gain</p>"
        )
        error = (
            f'<div class="ndcg-error" data-role="error" role="alert">⚠️ {esc(self.error)}</div>'
            if self.error
            else '<div class="ndcg-error" data-role="error" role="alert" hidden></div>'
        )
        if self.error:
            body = '<div class="ndcg-numbers" data-role="numbers"></div><div data-role="table"></div>'
            chart = '<div data-role="chart"></div>'
        else:
            body = self._numbers_html() + f'<div data-role="table">{self.table.value}</div>'
            chart = f'<div data-role="chart" class="ndcg-ex-chart">{_img(self.chart.outputs[0])}</div>'
        note = (
            f'<p class="ndcg-muted ndcg-ex-note">{esc(_fill(TEXTS["rr_note"], threshold=RR_THRESHOLD))}</p>'
            if self.show_rr
            else ""
        )
        return (
            f'<div class="ndcg-kf ndcg-widget ndcg-explorer" id="{uid}" data-ndcg-view="explorer">'
            f"<p><strong>{esc(TEXTS['title'])}</strong>: {TEXTS['intro']}</p>"
            f"{controls}{inputs}{error}{body}{note}{chart}"
            '<p class="ndcg-sr" data-role="live" aria-live="polite"></p>'
            f'<p class="ndcg-live">{esc(TEXTS["live"])}</p>'
            f"{json_island(self.data())}</div>"
        )
