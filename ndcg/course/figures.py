"""Interactive figures of the book: small kernel-free views where moving beats reading.

Each function returns an object whose ``_repr_html_`` is an HTML skeleton and a JSON
island (as the flashcards of :mod:`ndcg.course.cards.views`): the skeleton already shows
the figure's starting state as text and a table, computed here with :mod:`ndcg` and
rounded with :func:`ndcg.course.display.fmt`, so it reads without JavaScript; in the book,
``ndcg/course/static/ndcg-explorers.js`` finds the view by its ``data-ndcg-view`` and makes
it move, computing every number with ``NDCGMetrics`` (``ndcg-metrics.js``, the package's
conventions in the browser).

* :func:`discount_slider` (``"discount"``): a rank slider, 1/log2(i+1) and 1/i on a curve;
* :func:`gain_slider` (``"gains"``): a grade slider, the linear gain and 2^g - 1;
* :func:`ndcg_at_k` (``"ndcg-at-k"``): NDCG@k for k = 1 ... n of a list you reorder;
* :func:`same_rr_builder` (``"same-rr"``): two lists, their RR and NDCG side by side.

Examples
--------
>>> figure = ndcg_at_k()
>>> figure.data()["grades"]
[3, 2, 1, 0, 2]
>>> 'data-ndcg-view="ndcg-at-k"' in figure._repr_html_()
True
"""

from __future__ import annotations

import html
import itertools

from .. import list_binary, list_graded
from .._validation import check_grades
from ..gains import discounts, gain_values
from . import examples as _examples
from . import i18n, views_text
from .display import fmt
from .islands import json_island
from .live import LiveFigure

_COUNTER = itertools.count(1)
_esc = html.escape

#: Relevant means a grade of at least this much, for RR (as ``ndcg.rr`` by default).
RR_THRESHOLD = 1

#: The pair the "same MRR, different NDCG" builder starts from: system A of the Chengdu
#: guides (source 003), and a list with the same first result and other grades after it.
SAME_RR_PAIR = (tuple(_examples.CHENGDU_GUIDE_A.grades), (4, 0, 2, 0, 1))


def _grade(value) -> int | float:
    value = float(value)
    return int(value) if value.is_integer() else value


def _grades_text(grades) -> str:
    return ", ".join(f"{float(g):g}" for g in grades)


class Figure(LiveFigure):
    """An interactive figure: a skeleton readable without JavaScript, and its data; played by
    ``ndcg-explorers.js`` in the book, and live in a notebook (:class:`~ndcg.course.live.LiveFigure`)."""

    view = ""
    _MODULE = "ndcg-explorers.js"

    def __init__(self):
        self.dom_id = f"ndcg-{self.view}-{next(_COUNTER)}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.view!r}>"

    def data(self) -> dict:  # pragma: no cover - every figure overrides it
        raise NotImplementedError

    def body(self) -> str:  # pragma: no cover - every figure overrides it
        raise NotImplementedError

    def html(self) -> str:
        """The view: ``<div class="ndcg-kf ndcg-fig ..." data-ndcg-view=...>``, skeleton and JSON island."""
        return (
            f'<div class="ndcg-kf ndcg-widget ndcg-fig ndcg-fig-{self.view}" id="{self.dom_id}" '
            f'data-ndcg-view="{self.view}"{views_text.lang_attribute()}>{self.body()}'
            '<p class="ndcg-sr" data-role="live" aria-live="polite"></p>'
            f"{json_island(self.data())}</div>"
        )


def _table(columns, rows, caption: str, role: str = "table") -> str:
    """A table of numbers; ``columns`` and ``caption`` are HTML already (:func:`views_text.say`)."""
    head = "".join(f"<th>{c}</th>" for c in columns)
    body = "".join(
        "<tr>" + "".join(f'<td class="num">{_esc(str(cell))}</td>' for cell in row) + "</tr>" for row in rows
    )
    return (
        f'<table class="ndcg-steps" data-role="{role}"><caption>{caption}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


# -- chapter 2: the discount, and the two gains -------------------------------------------------

DISCOUNT_TEXTS = views_text.table("discount")


class DiscountSlider(Figure):
    """A rank slider: the discount 1/log2(i+1), and 1/i for comparison (see :func:`discount_slider`)."""

    view = "discount"

    def __init__(self, ranks: int = 20, rank: int = 1):
        super().__init__()
        if ranks < 2 or not 1 <= rank <= ranks:
            raise ValueError(f"need 2 or more ranks and a rank between 1 and them; got {ranks} and {rank}.")
        self.ranks, self.rank = int(ranks), int(rank)

    def data(self) -> dict:
        return {"ranks": self.ranks, "rank": self.rank, "texts": views_text.texts("discount")}

    def values(self, rank: int) -> tuple[float, float]:
        """The two discounts of ``rank``, from ``ndcg``: 1/log2(rank+1), and 1/rank as RR."""
        return float(discounts(rank)[-1]), list_binary.rr([0] * (rank - 1) + [1])

    def body(self) -> str:
        say = views_text.say
        log, recip = self.values(self.rank)
        readout = say(
            "discount", "readout", escape=False, rank=self.rank, rank1=self.rank + 1,
            log=fmt(log, ".3f"), recip=fmt(recip, ".3f"),
        )  # fmt: skip
        shown = min(self.ranks, 10)  # 1/16 lies on a rounding boundary at three decimals
        rows = [
            (i, fmt(self.values(i)[0], ".3f"), fmt(self.values(i)[1], ".3f")) for i in range(1, shown + 1)
        ]
        table = _table((say("discount", "x"), "1/log2(i+1)", "1/i"), rows, say("discount", "table", n=shown))
        return (
            f'<p class="ndcg-head">{say("discount", "title")}</p>'
            f'<div class="ndcg-fig-controls" data-until-ready hidden><label class="ndcg-ex-field">'
            f'{say("discount", "rank")} <input type="range" data-role="slider" min="1" max="{self.ranks}" step="1" '
            f'value="{self.rank}"> <output data-role="value">{self.rank}</output></label></div>'
            f'<p class="ndcg-numbers" data-role="readout">{readout}</p>'
            '<div class="ndcg-fig-chart" data-role="chart"></div>'
            f'<div data-role="static">{table}</div>'
        )


def discount_slider(ranks: int = 20, rank: int = 1) -> DiscountSlider:
    """Chapter 2's rank slider: 1/log2(i+1) and 1/i for ranks 1 to ``ranks``, the chosen one marked.

    >>> discount_slider().data()["ranks"]
    20
    """
    return DiscountSlider(ranks, rank)


GAIN_TEXTS = views_text.table("gains")


class GainSlider(Figure):
    """A grade slider: the linear gain and 2^g - 1 side by side (see :func:`gain_slider`)."""

    view = "gains"

    def __init__(self, grades: int = 5, grade: int = 2):
        super().__init__()
        if grades < 1 or not 0 <= grade <= grades:
            raise ValueError(
                f"need a top grade of 1 or more and a grade between 0 and it; got {grades}, {grade}."
            )
        self.grades, self.grade = int(grades), int(grade)

    def data(self) -> dict:
        return {"grades": self.grades, "grade": self.grade, "texts": views_text.texts("gains")}

    @staticmethod
    def values(grade: int) -> tuple[float, float]:
        return float(gain_values([grade])[0]), float(gain_values([grade], "exponential")[0])

    def body(self) -> str:
        say = views_text.say
        linear, exponential = self.values(self.grade)
        readout = say(
            "gains", "readout", escape=False, grade=self.grade,
            linear=fmt(linear, ".0f"), exponential=fmt(exponential, ".0f"),
        )  # fmt: skip
        rows = [(g, *(fmt(v, ".0f") for v in self.values(g))) for g in range(self.grades + 1)]
        table = _table(
            (say("gains", "grade_column"), say("gains", "linear"), say("gains", "exponential")),
            rows,
            say("gains", "table", n=self.grades),
        )
        return (
            f'<p class="ndcg-head">{say("gains", "title")}</p>'
            f'<div class="ndcg-fig-controls" data-until-ready hidden><label class="ndcg-ex-field">'
            f'{say("gains", "grade")} <input type="range" data-role="slider" min="0" max="{self.grades}" step="1" '
            f'value="{self.grade}"> <output data-role="value">{self.grade}</output></label></div>'
            f'<p class="ndcg-numbers" data-role="readout">{readout}</p>'
            f'<div class="ndcg-fig-chart" data-role="chart"></div><div data-role="static">{table}</div>'
        )


def gain_slider(grades: int = 5, grade: int = 2) -> GainSlider:
    """Chapter 2's grade slider: the gains g and 2^g - 1 of grades 0 to ``grades``.

    >>> gain_slider().data()["grade"]
    2
    """
    return GainSlider(grades, grade)


# -- chapter 4: NDCG@k as k grows, for a list you reorder -----------------------------------------

NDCG_AT_K_TEXTS = views_text.table("ndcg_at_k")


class NdcgAtK(Figure):
    """A list to reorder, with NDCG@k for every k (see :func:`ndcg_at_k`)."""

    view = "ndcg-at-k"

    def __init__(self, ranking=None, items=None, grades=None):
        super().__init__()
        ranking = ranking or _examples.MOVIES
        self.items = [str(i) for i in (items or ranking.items)]
        self.grades = [_grade(g) for g in check_grades(grades if grades is not None else ranking.grades)]
        if len(self.items) != len(self.grades):
            raise ValueError(
                f"items must name every grade: got {len(self.items)} names for {len(self.grades)} grades."
            )

    def data(self) -> dict:
        items = [
            i18n.pick(i18n.each(lambda language, item=item: views_text.name(item, language)))
            for item in self.items
        ]
        return {"items": items, "grades": self.grades, "texts": views_text.texts("ndcg_at_k")}

    def curve(self, grades=None) -> list[float]:
        """NDCG@k for k = 1 ... n, from ``ndcg``."""
        grades = self.grades if grades is None else grades
        return [list_graded.ndcg(grades, k) for k in range(1, len(grades) + 1)]

    def body(self) -> str:
        each, say = views_text.each, views_text.say
        # (a button's name is an attribute: one language, the notebook's; the book's script names it
        # in the page's language when the view starts)
        spoken = views_text.one_language()
        t = views_text.table("ndcg_at_k", spoken)
        rows = []
        for rank, (item, grade) in enumerate(zip(self.items, self.grades), start=1):

            def label(language: str, item=item, grade=grade) -> str:
                words = views_text.table("ndcg_at_k", language)
                shown = views_text.fill(words["grade"], grade=f"{float(grade):g}")
                return _esc(f"{views_text.name(item, language)} ({shown})")

            rows.append(
                f'<li data-index="{rank - 1}"><span class="ndcg-fig-item">{each(label)}</span>'
                f'<span class="ndcg-fig-moves" data-until-ready hidden>'
                f'<button type="button" data-action="up" aria-label="{_esc(t["up"].replace("{item}", views_text.name(item, spoken)))}" disabled>↑</button>'
                f'<button type="button" data-action="down" aria-label="{_esc(t["down"].replace("{item}", views_text.name(item, spoken)))}" disabled>↓</button>'
                "</span></li>"
            )
        n = len(self.grades)
        curve = self.curve()
        table = _table(
            ("k", say("ndcg_at_k", "yours"), say("ndcg_at_k", "original")),
            [(k, fmt(v, ".3f"), fmt(v, ".3f")) for k, v in enumerate(curve, start=1)],
            say("ndcg_at_k", "table", n=n),
        )
        return (
            f'<p class="ndcg-head">{say("ndcg_at_k", "title")}</p><p>{say("ndcg_at_k", "intro")}</p>'
            f'<div class="ndcg-fig-reorder"><ol class="ndcg-fig-list" data-role="list">{"".join(rows)}</ol>'
            f'<div class="ndcg-fig-chart" data-role="chart"></div></div>'
            f'<p class="ndcg-fig-controls" data-until-ready hidden>'
            f'<button type="button" data-action="best" disabled>⬆ {say("ndcg_at_k", "best")}</button>'
            f'<button type="button" data-action="reset" disabled>↺ {say("ndcg_at_k", "reset")}</button></p>'
            f'<div data-role="table">{table}</div>'
        )


def ndcg_at_k(ranking=None, *, items=None, grades=None) -> NdcgAtK:
    """Chapter 4's figure: NDCG@k for k = 1 ... n of a list the reader reorders (MOVIES to start).

    >>> [round(v, 3) for v in ndcg_at_k().curve()]
    [1.0, 1.0, 0.905, 0.837, 0.972]
    """
    return NdcgAtK(ranking, items, grades)


# -- chapter 5: same MRR, different NDCG ------------------------------------------------------------

SAME_RR_TEXTS = views_text.table("same_rr")


class SameRrBuilder(Figure):
    """Two lists of grades, their RR and NDCG side by side (see :func:`same_rr_builder`)."""

    view = "same-rr"

    def __init__(self, a=None, b=None):
        super().__init__()
        a = SAME_RR_PAIR[0] if a is None else a
        b = SAME_RR_PAIR[1] if b is None else b
        self.a = [_grade(g) for g in check_grades(a, "a")]
        self.b = [_grade(g) for g in check_grades(b, "b")]
        pairs = (
            (self.a, self.b),
            (list(_examples.CHENGDU_GUIDE_A.grades), list(_examples.CHENGDU_GUIDE_B.grades)),
            ([0, 2, 0], [0, 0.5, 0]),
        )
        self.pairs = [
            {"label": label, "a": [_grade(g) for g in pa], "b": [_grade(g) for g in pb]}
            for label, (pa, pb) in zip(views_text.texts("same_rr", ["pairs"])["pairs"], pairs)
        ]

    def data(self) -> dict:
        return {
            "a": self.a,
            "b": self.b,
            "pairs": self.pairs,
            "threshold": RR_THRESHOLD,
            "texts": views_text.texts("same_rr"),
            "errors": views_text.texts("errors"),
        }

    @staticmethod
    def scores(grades) -> tuple[float, float]:
        """RR and NDCG (whole list, own ideal) of ``grades``, from ``ndcg``."""
        return list_binary.rr(grades, threshold=RR_THRESHOLD), list_graded.ndcg(grades)

    def verdict(self) -> str:
        """Which sentence the builder shows for the current pair (a key of :data:`SAME_RR_TEXTS`)."""
        (rr_a, n_a), (rr_b, n_b) = self.scores(self.a), self.scores(self.b)
        same_rr, same_ndcg = abs(rr_a - rr_b) <= 1e-12, abs(n_a - n_b) <= 1e-12
        if same_rr and same_ndcg:
            return "same_both"
        if same_rr:
            return "same_rr"
        return "same_ndcg" if same_ndcg else "differ_both"

    def body(self) -> str:
        # (an option holds one language: the notebook's; in the book English, which the page's
        # script replaces with its edition's)
        t, say = views_text.table("same_rr", views_text.one_language()), views_text.say
        threshold = str(RR_THRESHOLD)
        options = f'<option value="">{_esc(t["custom"])}</option>' + "".join(
            f'<option value="{i}">{_esc(label)}</option>' for i, label in enumerate(t["pairs"])
        )
        sides = []
        for name, grades in (("A", self.a), ("B", self.b)):
            rr, score = self.scores(grades)
            label = say("same_rr", "list", name=name)
            sides.append(
                f'<div class="ndcg-fig-side" data-side="{name.lower()}">'
                f'<label class="ndcg-ex-field ndcg-ex-grades">{label} '
                f'<input type="text" data-role="grades-{name.lower()}" value="{_grades_text(grades)}" '
                'autocomplete="off" spellcheck="false" data-until-ready hidden></label>'
                f'<p data-role="static">{label}: <code>{_grades_text(grades)}</code></p>'
                f'<p class="ndcg-numbers" data-role="scores-{name.lower()}">{say("same_rr", "rr")} = <b>{fmt(rr, ".3f")}</b> · '
                f"{say('same_rr', 'ndcg')} = <b>{fmt(score, '.3f')}</b></p></div>"
            )
        return (
            f'<p class="ndcg-head">{say("same_rr", "title")}</p><p>{say("same_rr", "intro")}</p>'
            f'<p class="ndcg-fig-controls" data-until-ready hidden><label class="ndcg-ex-field">{say("same_rr", "pair")} '
            f'<select data-role="pair">{options}</select></label></p>'
            f'<div class="ndcg-fig-sides">{"".join(sides)}</div>'
            f'<p class="ndcg-info" data-role="verdict">{say("same_rr", self.verdict(), threshold=threshold)}</p>'
            '<div class="ndcg-error" data-role="error" role="alert" hidden></div>'
            f'<p class="ndcg-muted">{say("same_rr", "note", threshold=threshold)}</p>'
        )


def same_rr_builder(a=None, b=None) -> SameRrBuilder:
    """Chapter 5's builder: two lists of grades, their RR and NDCG, and what the pair shows.

    >>> builder = same_rr_builder()
    >>> builder.verdict()
    'same_rr'
    """
    return SameRrBuilder(a, b)
