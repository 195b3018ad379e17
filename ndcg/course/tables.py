"""Step-by-step tables: how a DCG is built, one rank at a time.

Every chapter of the course shows its worked examples with :func:`steps`, so
the reader always sees the same columns in the same order:

=============  ===========================================================
rank           position ``i`` in the list, 1 first
item           the item's name (``A``, ``B``, ... unless given)
grade          its relevance grade ``rel_i``
gain           ``rel_i`` (linear) or ``2**rel_i - 1`` (exponential)
log2(i+1)      the logarithm in the discount
discount       ``1 / log2(i + 1)``
contribution   gain x discount
running total  DCG@i: the sum of the contributions so far
=============  ===========================================================

The table is a small object that Jupyter shows as an HTML table, prints as
plain text, and converts to Markdown; it needs only NumPy.
"""

from __future__ import annotations

import html
import itertools
import math
import numbers
import string
from dataclasses import dataclass, field

import numpy as np

from .._validation import check_gain, check_grades
from ..conventions import CONVENTIONS, IDEAL_LIST, ndcg_under
from ..gains import _gain, cutoff
from .display import fmt
from .labels import html_text

COLUMNS = ("rank", "item", "grade", "gain", "log2(i+1)", "discount", "contribution", "running total")


@dataclass(frozen=True)
class StepTable:
    """A computed table: column names, rows of values, and a caption.

    Numbers are kept exact in ``rows``; ``digits`` only sets how many decimals
    are shown, rounded by :func:`ndcg.course.display.fmt` (so a stored table shows the
    same digits on every machine).
    """

    columns: tuple[str, ...]
    rows: list[tuple]
    caption: str = ""
    digits: int = 3
    total_label: str = field(default="")

    def column(self, name: str) -> list:
        """All values of one column, top to bottom."""
        index = self.columns.index(name)
        return [row[index] for row in self.rows]

    def _cell(self, value) -> str:
        if isinstance(value, float) and math.isfinite(value):
            return fmt(value, f".{self.digits}f")
        return str(value)

    def _text_rows(self) -> list[list[str]]:
        return [[self._cell(value) for value in row] for row in self.rows]

    def to_markdown(self) -> str:
        """The table as Markdown (pipe table)."""
        lines = ["| " + " | ".join(self.columns) + " |", "|" + "---|" * len(self.columns)]
        lines += ["| " + " | ".join(row) + " |" for row in self._text_rows()]
        if self.caption:
            lines.append(f"\n{self.caption}")
        return "\n".join(lines)

    def __str__(self) -> str:
        cells = [list(self.columns), *self._text_rows()]
        widths = [max(len(row[j]) for row in cells) for j in range(len(self.columns))]
        lines = ["  ".join(cell.rjust(width) for cell, width in zip(row, widths)) for row in cells]
        lines.insert(1, "  ".join("-" * width for width in widths))
        if self.caption:
            lines.append(self.caption)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        # The words (headers, caption, the cells that are text) in the language(s) of the cell's
        # output: English alone in a notebook, both in the book (ndcg.course.labels).
        head = "".join(f"<th>{html_text(str(name))}</th>" for name in self.columns)
        body = "".join(
            "<tr>"
            + "".join(
                f'<td class="num">{html.escape(text)}</td>'
                if isinstance(value, numbers.Number)
                else f"<td>{html_text(text) if isinstance(value, str) else html.escape(text)}</td>"
                for value, text in zip(row, texts)
            )
            + "</tr>"
            for row, texts in zip(self.rows, self._text_rows())
        )
        caption = f"<caption>{html_text(self.caption)}</caption>" if self.caption else ""
        return (
            f'<table class="ndcg-steps">{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
        )


def default_items(n: int) -> list[str]:
    """Names ``A, B, ..., Z, AA, AB, ...`` for ``n`` items."""
    letters = string.ascii_uppercase
    names = []
    for i in range(n):
        name, i = "", i + 1
        while i:
            i, r = divmod(i - 1, 26)
            name = letters[r] + name
        names.append(name)
    return names


def ideal_order(grades, items=None):
    """Grades and item names in the ideal order: best grade first.

    Equal grades keep the order they came in (a stable sort), so the table of
    an ideal ranking lists tied items as the source listed them.

    Parameters
    ----------
    grades : sequence of float, or a :class:`ndcg.course.examples.Ranking`
        Grades in ranked order; a ``Ranking`` brings its items too.
    items : sequence of str, optional
        Their names; ``A, B, C, ...`` by default.

    Returns
    -------
    (list, list)
        The grades best first, and the names in the same order.

    Examples
    --------
    >>> ideal_order([1, 3, 2, 3], ["a", "b", "c", "d"])
    ([3, 3, 2, 1], ['b', 'd', 'c', 'a'])
    """
    if items is None and hasattr(grades, "grades") and hasattr(grades, "items"):
        grades, items = grades.grades, grades.items
    values = check_grades(grades, "grades")
    items = default_items(values.size) if items is None else [str(item) for item in items]
    if len(items) != values.size:
        raise ValueError(f"items must name every grade: got {len(items)} names for {values.size} grades.")
    order = np.argsort(-values, kind="stable")
    return [list(grades)[i] for i in order], [items[i] for i in order]


def steps(rels, k=None, *, gain="linear", items=None, caption=None, digits=3) -> StepTable:
    """The step-by-step DCG table of a ranked list.

    Parameters
    ----------
    rels : sequence of float
        Grades in ranked order, position 1 first.
    k : int, optional
        Show only the top ``k`` ranks (the last running total is DCG@k).
    gain : {"linear", "exponential"}
    items : sequence of str, optional
        Names of the items in ranked order; ``A, B, C, ...`` by default.
    caption : str, optional
        A line shown under the table; by default it states the DCG.
    digits : int
        Decimals shown (the values in ``rows`` stay exact).

    Returns
    -------
    StepTable

    Examples
    --------
    >>> table = steps([3, 2, 1], items=["film A", "film B", "film C"])
    >>> print(table)
    rank    item  grade   gain  log2(i+1)  discount  contribution  running total
    ----  ------  -----  -----  ---------  --------  ------------  -------------
       1  film A      3  3.000      1.000     1.000         3.000          3.000
       2  film B      2  2.000      1.585     0.631         1.262          4.262
       3  film C      1  1.000      2.000     0.500         0.500          4.762
    DCG@3 = 4.762 (linear gain)
    >>> round(table.column("running total")[-1], 6)
    4.761860
    """
    gain = check_gain(gain)
    grades = check_grades(rels, gain=gain)
    if items is None:
        items = default_items(grades.size)
    items = [str(item) for item in items]
    if len(items) != grades.size:
        raise ValueError(
            f"items must name every item of rels: got {len(items)} names for {grades.size} grades."
        )
    n = cutoff(grades.size, k)
    ranks = np.arange(1, n + 1)
    logs = np.log2(ranks + 1.0)
    gains = _gain(grades[:n], gain)
    contributions = gains / logs
    totals = np.cumsum(contributions)
    # Whole-number grades are shown as integers (3, not 3.000).
    as_grade = int if np.all(grades == np.round(grades)) else float
    rows = [
        (int(r), items[r - 1], as_grade(g), float(v), float(lg), float(1 / lg), float(c), float(t))
        for r, g, v, lg, c, t in zip(ranks, grades[:n], gains, logs, contributions, totals)
    ]
    if caption is None:
        total = float(totals[-1]) if n else 0.0
        caption = f"DCG@{n} = {fmt(total, f'.{digits}f')} ({gain} gain)"
    return StepTable(COLUMNS, rows, caption, digits)


#: The columns of a CG table (chapter 1): what CG needs, before the discount is taught.
CG_COLUMNS = ("rank", "item", "grade", "gain", "running total")


def cg_steps(rels, k=None, *, items=None, caption=None) -> StepTable:
    """The step-by-step CG table of a ranked list: :func:`steps` without the discount's columns.

    Chapter 1 teaches CG before the discount exists, so its tables show only
    what CG adds up: the running total is CG@i.

    >>> print(cg_steps([3, 2, 0, 1]))
    rank  item  grade  gain  running total
    ----  ----  -----  ----  -------------
       1     A      3     3              3
       2     B      2     2              5
       3     C      0     0              5
       4     D      1     1              6
    CG@4 = 6
    """
    full = steps(rels, k, items=items)
    grades = full.column("grade")
    whole = all(isinstance(g, int) for g in grades)
    gains = [int(g) if whole else g for g in full.column("gain")]
    running = list(itertools.accumulate(grades))  # CG@1, CG@2, ...: the grades added up, no discount
    rows = list(zip(full.column("rank"), full.column("item"), grades, gains, running))
    total = running[-1] if running else 0
    if caption is None:
        caption = f"CG@{len(rows)} = {fmt(total, '.0f') if whole else fmt(total, '.3f')}"
    return StepTable(CG_COLUMNS, rows, caption, 0 if whole else 3)


def ideal_steps(rels, k=None, *, ideal=None, gain="linear", digits=3) -> StepTable:
    """The step-by-step table of the ideal ranking: IDCG@k, one rank at a time.

    The ideal ranking sorts the grades best first: those of ``rels``, or, when
    ``ideal`` is given, those of every judged item (as :func:`ndcg.idcg`). Tied
    grades keep the order they came in; items are named ``A, B, C, ...`` by
    their place in that list.

    >>> print(ideal_steps([1, 3, 2], 2))
    rank  item  grade   gain  log2(i+1)  discount  contribution  running total
    ----  ----  -----  -----  ---------  --------  ------------  -------------
       1     B      3  3.000      1.000     1.000         3.000          3.000
       2     C      2  2.000      1.585     0.631         1.262          4.262
    IDCG@2 = 4.262 (linear gain): the grades sorted best first
    """
    pool = rels if ideal is None else ideal
    grades, items = ideal_order(list(check_grades(pool, "ideal" if ideal is not None else "rels")))
    table = steps(grades, k, gain=gain, items=items, digits=digits)
    source = "every judged grade" if ideal is not None else "the grades"
    caption = f"I{table.caption}: {source} sorted best first"
    return StepTable(table.columns, table.rows, caption, digits)


def ndcg_steps(rels, k=None, *, ideal=None, gain="linear", digits=3) -> StepTable:
    """The step-by-step DCG table of a ranked list, captioned with its IDCG and NDCG.

    >>> print(ndcg_steps([2, 3, 0]).caption)
    DCG@3 = 3.893; IDCG@3 = 4.262; NDCG@3 = 3.893 / 4.262 = 0.913 (linear gain)
    >>> print(ndcg_steps([0, 0]).caption)
    DCG@2 = 0.000; IDCG@2 = 0.000: nothing is relevant, and NDCG@2 is 0 by convention (linear gain)
    """
    from ..list_graded import dcg, idcg, ndcg

    table = steps(rels, k, gain=gain, digits=digits)
    n = len(table.rows)
    d, i = dcg(rels, k, gain=gain), idcg(rels, k, gain=gain, ideal=ideal)
    shown = f".{digits}f"
    if i > 0:
        value = ndcg(rels, k, gain=gain, ideal=ideal)
        result = f"NDCG@{n} = {fmt(d, shown)} / {fmt(i, shown)} = {fmt(value, shown)}"
        caption = f"DCG@{n} = {fmt(d, shown)}; IDCG@{n} = {fmt(i, shown)}; {result} ({gain} gain)"
    else:
        caption = (
            f"DCG@{n} = {fmt(d, shown)}; IDCG@{n} = {fmt(i, shown)}: nothing is relevant, "
            f"and NDCG@{n} is 0 by convention ({gain} gain)"
        )
    return StepTable(table.columns, table.rows, caption, digits)


# -- the library conventions of ndcg.conventions, as a table ----------------------------

TABLE_COLUMNS = (
    "library",
    "gain",
    "ties",
    "no relevant item",
    "ideal from",
    "k past the list",
    "version",
    "checked by",
)


def convention_table(y_true=None, y_score=None, k=None, *, judged=None, doc_ids=None, digits=3):
    """The conventions side by side, optionally with one ranking scored by each.

    Parameters
    ----------
    y_true, y_score, k, judged, doc_ids
        A query to score under every convention, as in :func:`ndcg_under`;
        without ``y_true`` the table lists the conventions only.
    digits : int
        Decimals shown for the scores.

    Returns
    -------
    StepTable
        Shown as HTML in Jupyter; ``str()`` gives plain text and
        ``to_markdown()`` a Markdown table. ``rows`` holds one tuple per
        convention, in the order of :data:`CONVENTIONS`.

    Examples
    --------
    >>> table = convention_table([3, 2, 0, 1], [0.9, 0.5, 0.5, 0.1], k=3,
    ...                          judged=[3, 2, 0, 1, 2], doc_ids=["d1", "d2", "d3", "d4"])
    >>> for name, value in zip(table.column("library"), table.column("NDCG@3")):
    ...     print(f"{name:13} {value:.4f}")
    scikit-learn  0.8675
    torchmetrics  0.8675
    trec_eval     0.7602
    ranx          0.8100
    LightGBM      0.9468
    XGBoost       0.9468
    Spark MLlib   0.8557
    >>> convention_table().column("ties")[1:3]
    ['average', 'doc id, descending']
    >>> convention_table().column("ties")[0]
    'average (ignore_ties=True: ascending sort reversed, ties usually last first)'
    """
    columns = TABLE_COLUMNS
    scores = None
    if y_true is not None:
        if y_score is None:
            raise ValueError("y_score must be given with y_true: the model scores of the query's items.")
        scores = [
            ndcg_under(conv, y_true, y_score, k, judged=judged, doc_ids=doc_ids)
            for conv in CONVENTIONS.values()
        ]
        columns = (*TABLE_COLUMNS, "NDCG" if k is None else f"NDCG@{k}")
    elif y_score is not None or judged is not None or doc_ids is not None:
        raise ValueError("y_true must be given to score a query (y_score, judged or doc_ids came alone).")
    rows = []
    for i, conv in enumerate(CONVENTIONS.values()):
        row = (
            conv.library,
            conv.gain,
            conv.ties_text,
            conv.empty_query_text,
            "the scored list" if conv.ideal == IDEAL_LIST else "all judged items",
            conv.k_beyond_list,
            conv.version,
            conv.checked_by,
        )
        rows.append(row if scores is None else (*row, scores[i]))
    caption = "How each library computes NDCG; see ndcg.conventions.CONVENTIONS for sources and notes."
    return StepTable(columns, rows, caption, digits)


def race_scores(result, *, digits=3) -> StepTable:
    """A race's learners: family, mean NDCG@k over seeds, and its lowest and highest seed.

    ``result`` is an :class:`ndcg.ltr.races.RaceResult`; rows in the race's order.
    """
    from ..ltr.races import LEARNERS

    k = result.race.k
    rows = []
    for name, values in result.ndcg.items():
        per_seed = [v.mean() for v in values]
        rows.append(
            (LEARNERS[name].label, LEARNERS[name].family, result.mean(name), min(per_seed), max(per_seed))
        )
    return StepTable(
        ("learner", "family", f"NDCG@{k}", "lowest seed", "highest seed"),
        rows,
        caption=f"{result.race.title}: mean over {len(result.seeds)} seeds of the test queries' NDCG@{k}",
        digits=digits,
    )


def interval_text(interval, digits=3) -> str:
    """An interval as ``[low, high]``, signed, with a non-breaking space so it never wraps.

    >>> from ndcg.stats import Interval
    >>> interval_text(Interval(0.01, 0.0021, 0.0179, 0.95, 0.01))
    '[+0.002,\xa0+0.018]'
    """
    spec = f"+.{digits}f"
    return f"[{fmt(interval.low, spec)},\u00a0{fmt(interval.high, spec)}]"


def _share_text(value, digits) -> str:
    """A bootstrap p-value, a multiple of 2 / resamples, with ``digits`` decimals, or one or two more
    when it lies exactly on a rounding boundary (0.01475 of 160,000 resamples).

    >>> _share_text(0.01475, 4), _share_text(0.0122, 4)
    ('0.01475', '0.0122')
    """
    for shown in range(digits, digits + 3):
        try:
            return fmt(value, f".{shown}f")
        except ValueError:
            continue
    return fmt(value, f".{digits + 3}f")


def race_claims(claims, *, digits=4, caption="") -> StepTable:
    """Claims "A beats B" (:func:`ndcg.ltr.races.holm_claims`): the difference, its interval, the verdict.

    One row per claim: the mean difference; its interval at the claim's Holm
    level; its p-value with the p-value's Monte Carlo standard error (how far
    another resampling seed could move it), the cut-off of its Holm step;
    and the verdict, ``holds``, ``fails`` or ``too close to call``. Numbers
    are shown with 4 decimals by default, so that a bound just above 0 does
    not read as 0.
    """
    from ..ltr.races import LEARNERS

    rows = []
    for claim in claims:
        interval = claim.interval
        rows.append(
            (
                f"{LEARNERS[claim.winner].label} beats {LEARNERS[claim.loser].label}",
                fmt(interval.mean, f"+.{digits}f"),
                interval_text(interval, digits),
                fmt(100 * interval.confidence, ".2f") + "\u00a0%",
                f"{_share_text(claim.p_value, digits)}\u00a0±\u00a0{fmt(claim.p_error, f'.{digits}f')}",
                fmt(claim.cutoff, f".{digits}f"),
                claim.verdict,
            )
        )
    return StepTable(
        (
            "claim",
            "mean difference",
            "interval",
            "level",
            "p-value ± Monte Carlo error",
            "Holm's cut-off",
            "verdict",
        ),
        rows,
        caption=caption,
    )


def boosting_parameter_list() -> str:
    """LightGBM's and XGBoost's LambdaMART settings, idea by idea, as a Markdown list.

    One item per row of :data:`ndcg.ltr.boosting.LAMBDAMART_PARAMETERS`: the idea,
    each library's parameters as :func:`ndcg.ltr.boosting.lambdamart` sets them,
    and the note. A list rather than a table, so that the long notes read
    well on a phone.

    >>> print(boosting_parameter_list().splitlines()[0])
    - **objective**: LightGBM `objective='lambdarank'`; XGBoost `objective='rank:ndcg'`. LambdaMART: LambdaRank's NDCG-weighted pairwise gradients, fitted by boosted trees.
    """
    from ..ltr.boosting import LAMBDAMART_PARAMETERS
    from .i18n import CSS_CLASS, language
    from .labels import chinese

    def markdown(words, colon=": ", semicolon="; ", stop=". ") -> str:
        # (a note is text: its ``2**grade`` is Python, not the start of a bold span)
        return "\n".join(
            f"- **{words(row.concept)}**{colon}LightGBM `{row.lightgbm_text}`{semicolon}"
            f"XGBoost `{row.xgboost_text}`{stop}{words(row.note).replace('*', chr(92) + '*')}"
            for row in LAMBDAMART_PARAMETERS
        )

    def markdown_zh() -> str:
        return markdown(chinese, "：", "；", "。")

    now = language()
    if now != "both":
        return markdown_zh() if now == "zh" else markdown(str)
    # The book: both lists, each in a block with its language (a blank line around each list, so
    # that it is read as Markdown inside the HTML block).
    return "\n\n".join(
        f'<div class="{CSS_CLASS}" lang="{lang}">\n\n{text}\n\n</div>'
        for lang, text in (("en", markdown(str)), ("zh-Hans", markdown_zh()))
    )
