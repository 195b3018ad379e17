"""The ranking explorer: edit the grades, k and the gain; table, numbers and chart follow.

:class:`RankingExplorer` makes the view ``data-ndcg-view="explorer"``: an HTML skeleton that
shows the starting state without JavaScript (inputs, numbers, step table, chart), and a JSON
island with the starting grades, the examples and every text of the explorer (:data:`TEXTS`).
``ndcg/course/static/ndcg-explorers.js`` makes it playable with ``NDCGMetrics``, in the book
and, as an anywidget (:class:`~ndcg.course.widgets.base.View`), in a notebook.
"""

from __future__ import annotations

import html
import itertools

from ... import list_binary, list_graded
from ..._validation import check_gain, check_grades, check_k
from ...gains import cutoff
from .. import i18n, tables, views_text
from ..islands import json_island
from .base import GAIN_OPTIONS, View, _figure_png, _fmt, _format_grades

#: Every text the explorer shows, in the notebook and in the book alike (English; the Chinese is
#: the catalogue's, :mod:`ndcg.course.views_text`). ``{n}``, ``{cg}``, ``{dcg}``, ``{idcg}``,
#: ``{ndcg}``, ``{rr}`` and ``{rank}`` are filled in where shown.
TEXTS = views_text.table("explorer")


#: Relevant means a grade of at least this much, for RR (as ``ndcg.rr`` by default).
RR_THRESHOLD = 1

_COUNTER = itertools.count(1)


def _fill(template: str, **values) -> str:
    """``template`` with ``{name}`` replaced (as ndcg-explorers.js does, no format specs)."""
    for name, value in values.items():
        template = template.replace("{" + name + "}", str(value))
    return template


def _contributions_chart(grades, k, gain) -> str:
    """The bar chart of gains and contributions, as an ``<img>`` in each language shown now: what a
    reader without JavaScript sees (``ndcg-explorers.js`` draws its own bars). Its words and its
    alternative text are the chart's in that language (the figures' catalogue and
    :data:`TEXTS`'s ``chart``); without a font for the Chinese words the Chinese copy keeps the
    English words, rather than boxes."""
    from matplotlib.figure import Figure

    from .. import figure_languages, plots

    # Fixed margins: a layout engine would double the time of every drawing.
    figure = Figure(figsize=(6.4, 3.4))
    figure.subplots_adjust(left=0.1, right=0.98, bottom=0.15, top=0.9)
    plots.contributions(grades, k, gain=gain, ax=figure.add_subplot())
    n = cutoff(len(grades), k)
    dcg = _fmt(list_graded.dcg(grades, k, gain=gain))

    def chart(language: str) -> str:
        alt = _fill(views_text.table("explorer", language)["chart"], n=n, dcg=dcg)
        if language != "zh":
            return _figure_png(figure, alt)
        try:
            font = figure_languages.cjk_font()
        except figure_languages.MissingChineseFont:
            return _figure_png(figure, alt)
        with figure_languages.chinese(figure, font):
            return _figure_png(figure, alt)

    return views_text.each(chart)


def _examples(examples) -> list[dict]:
    """The picker's examples as ``[{"label", "grades"}]`` (checked grades, as floats or ints)."""
    if not examples:
        return []
    pairs = examples.items() if isinstance(examples, dict) else examples
    out = []
    for label, grades in pairs:
        values = check_grades(grades)
        out.append(
            {
                "label": i18n.pick(
                    i18n.each(lambda language, label=label: views_text.name(str(label), language))
                ),
                "grades": [int(g) if float(g).is_integer() else float(g) for g in values],
            }
        )
    return out


class RankingExplorer(View):
    """Edit the grades, ``k`` and the gain; everything else follows.

    Shows CG@k, DCG@k, IDCG@k and NDCG@k (and, with ``show_rr``, the reciprocal
    rank), the step-by-step table of :func:`ndcg.course.tables.steps` and a bar
    chart of gains and contributions, updated as you type (``ndcg-explorers.js``,
    in the book and in a notebook). Input that is not a valid list of grades
    (``"3, -1"``, ``"a"``) shows the error message instead of the results.

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
    start : (str, int, str)
        The grades as typed in the box, the cut-off and the gain to start with.
    cg_value, dcg_value, idcg_value, ndcg_value, rr_value : float
        The values of the starting state.

    Examples
    --------
    >>> explorer = RankingExplorer()
    >>> explorer.start
    ('3, 2, 1, 0, 2', 5, 'linear')
    >>> round(explorer.dcg_value, 3), round(explorer.idcg_value, 3), round(explorer.ndcg_value, 3)
    (5.536, 5.693, 0.972)
    >>> round(RankingExplorer(gain="exponential").dcg_value, 3)
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
        self.start = (_format_grades(grades), cutoff(n, k), gain)
        self.dom_id = f"ndcg-explorer-{next(_COUNTER)}"
        values = [float(g) for g in grades]
        check_grades(values, gain=gain)
        k = self.start[1]
        self._values = values
        self._table = tables.steps(values, k, gain=gain)._repr_html_()
        self.cg_value = list_graded.cg(values, k)
        self.dcg_value = list_graded.dcg(values, k, gain=gain)
        self.idcg_value = list_graded.idcg(values, k, gain=gain)
        self.ndcg_value = list_graded.ndcg(values, k, gain=gain)
        self.rr_value = list_binary.rr(values, threshold=RR_THRESHOLD)
        self._chart = _contributions_chart(values, k, gain)
        super().__init__(self.snapshot_html(), module="ndcg-explorers.js")

    def _numbers_html(self) -> str:
        return f"<div class='ndcg-numbers' data-role='numbers'>{views_text.each(self._numbers_in)}</div>"

    def _numbers_in(self, language: str) -> str:
        texts = views_text.table("explorer", language)
        values = self._values
        n = cutoff(len(values), self.start[1])
        line = _fill(
            texts["numbers"],
            n=n,
            cg=_fmt(self.cg_value),
            dcg=_fmt(self.dcg_value),
            idcg=_fmt(self.idcg_value),
            ndcg=_fmt(self.ndcg_value),
        )
        if self.show_rr:
            first = next((i + 1 for i, g in enumerate(values) if g >= RR_THRESHOLD), None)
            where = _fill(texts["rr_at"] if first else texts["rr_none"], threshold=RR_THRESHOLD, rank=first)
            line += (
                " · "
                + _fill(texts["rr"], rr=_fmt(self.rr_value))
                + f" <span class='ndcg-muted'>({html.escape(where)})</span>"
            )
        return line

    # -- the view ----------------------------------------------------------------
    def data(self) -> dict:
        """What the view's JSON island holds: the starting state, the examples and :data:`TEXTS`."""
        grades, k, gain = self.start
        return {
            "grades": grades,
            "k": k,
            "gain": gain,
            "showRr": self.show_rr,
            "threshold": RR_THRESHOLD,
            "examples": self.examples,
            "gains": [
                {"label": views_text.texts("explorer", [f"gain_{value}"])[f"gain_{value}"], "value": value}
                for _, value in GAIN_OPTIONS
            ],
            "columns": views_text.texts("explorer", ["columns"])["columns"],
            "texts": views_text.texts("explorer"),
            "errors": views_text.texts("errors"),
        }

    def snapshot_html(self) -> str:
        """The explorer's view, showing its starting state.

        Readable without JavaScript (the grades, k and gain as text, the numbers, the step
        table and the chart as an image); ``ndcg-explorers.js`` un-hides the controls and
        recomputes everything with ``NDCGMetrics`` as the reader types.
        """
        esc = html.escape
        say = views_text.say
        # (an option and an attribute hold one language: the notebook's; in the book English, which
        # the page's script replaces with its edition's)
        spoken = views_text.one_language()
        texts = views_text.table("explorer", spoken)
        uid = self.dom_id
        grades, k, gain = self.start
        n = max(1, len(self._values))
        picker = ""
        if self.examples:
            options = [f'<option value="">{esc(texts["custom"])}</option>'] + [
                f'<option value="{i}">{esc(views_text.name(e["label"] if isinstance(e["label"], str) else e["label"][i18n.SOURCE], spoken))}</option>'
                for i, e in enumerate(self.examples)
            ]
            picker = (
                f'<label class="ndcg-ex-field">{say("explorer", "example")} '
                f'<select data-role="example">{"".join(options)}</select></label>'
            )
        radios = "".join(
            f'<label class="ndcg-ex-radio"><input type="radio" name="{uid}-gain" value="{value}"'
            f"{' checked' if value == gain else ''}> {say('explorer', 'gain_' + value)}</label>"
            for _, value in GAIN_OPTIONS
        )
        controls = (
            f'<div class="ndcg-ex-controls" data-until-ready hidden>{picker}'
            f'<label class="ndcg-ex-field ndcg-ex-grades">{say("explorer", "grades")} '
            f'<input type="text" data-role="grades" value="{esc(grades)}" '
            f'placeholder="{esc(texts["placeholder"])}" title="{esc(texts["grades_help"])}" '
            'autocomplete="off" spellcheck="false" inputmode="text"></label>'
            f'<label class="ndcg-ex-field">{say("explorer", "k")} '
            f'<input type="range" data-role="k" min="1" max="{n}" step="1" value="{k}"> '
            f'<output data-role="k-out">{k}</output></label>'
            f'<fieldset class="ndcg-ex-gain"><legend>{say("explorer", "gain")}</legend>{radios}</fieldset>'
            f'<button type="button" data-action="reset" disabled>↺ {say("explorer", "reset")}</button></div>'
        )

        def static(language: str) -> str:
            texts = views_text.table("explorer", language)
            return _fill(
                texts["static"], grades=esc(texts["grades"]), typed=esc(grades), k=k, gain=esc(texts[gain])
            )

        inputs = f'<p data-role="static">{views_text.each(static)}</p>'
        error = '<div class="ndcg-error" data-role="error" role="alert" hidden></div>'
        body = (
            self._numbers_html()
            + f"<div data-role=\"table\"><div class='ndcg-widget'>{self._table}</div></div>"
        )
        chart = f'<div data-role="chart" class="ndcg-ex-chart">{self._chart}</div>'
        note = (
            f'<p class="ndcg-muted ndcg-ex-note">{say("explorer", "rr_note", threshold=RR_THRESHOLD)}</p>'
            if self.show_rr
            else ""
        )
        return (
            f'<div class="ndcg-kf ndcg-widget ndcg-explorer" id="{uid}" data-ndcg-view="explorer"'
            f"{views_text.lang_attribute()}>"
            f"<p><strong>{say('explorer', 'title')}</strong>: {say('explorer', 'intro', escape=False)}</p>"
            f"{controls}{inputs}{error}{body}{note}{chart}"
            '<p class="ndcg-sr" data-role="live" aria-live="polite"></p>'
            f'<p class="ndcg-live">{say("explorer", "live")}</p>'
            f"{json_island(self.data())}</div>"
        )
