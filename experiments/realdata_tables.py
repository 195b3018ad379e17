"""The tables ``make ltr-real`` prints: a run's NDCG per fold, beside the published figures.

:func:`format_tables` lays out an :class:`experiments.realdata_results.RealResult`
as published tables are laid out, one table per learner: a row per fold and
the mean, NDCG@1, 3, 5 and 10 twice (a query without a relevant document
counted 0, and left out), then a row per paper that reports the learner on
the collection, with the figures of ``experiments/published.yaml`` (read by
:func:`ndcg.course.published.load_published`) and a note on each.
"""

from __future__ import annotations

import math
import textwrap

from experiments.realdata_collections import DATASETS
from experiments.realdata_results import CUTOFFS, METRICS

__all__ = ["format_tables"]

_LABEL = 11
_CELL = 8


def _cell(value):
    return (
        f"{value:>{_CELL}.4f}" if isinstance(value, float) and math.isfinite(value) else f"{'n/a':>{_CELL}}"
    )


def _published_rows(result, learner, figures):
    """The published figures for one learner's table: a row per paper, and their notes.

    A paper's figure whose cell its row already holds (the same metric and
    convention, from another table or split) opens a further row of that
    paper, so that no figure hides another; a note starts with its figure's row.
    """
    mine = [f for f in figures if f.dataset == result.dataset and f.learner == learner]
    empty = f"{'-':>{_CELL}}"
    rows, notes = [], []
    for paper in dict.fromkeys(f.paper for f in mine):
        first = len(rows)  # this paper's rows are rows[first:]
        for figure in (f for f in mine if f.paper == paper):
            key = (1 if figure.all_zero_queries == "left out" else 0, figure.metric)
            row = next((row for row in rows[first:] if row[1][key] == empty), None)
            if row is None:
                row = (f"[{len(rows) + 1}]", {(half, metric): empty for half in (0, 1) for metric in METRICS})
                rows.append(row)
            label, cells = row
            shown = f"{figure.value:.4f}" if figure.verified else f"({figure.value:.4f})"
            cells[key] = f"{shown:>{_CELL}}"
            state = "verified" if figure.verified else "UNVERIFIED"
            text = (
                f"{label} {paper}, {figure.table}, row {figure.row}, column {figure.column}: "
                f"{figure.value:.4f}, {state}; folds: {figure.split}; "
                f"a query without a relevant document: {figure.all_zero_queries}."
                + (f" {figure.note}" if figure.note else "")
                + (f" Checked: {figure.checked}" if figure.verified else "")
            )
            if figure.all_zero_queries == "1" and all(fold in result.stats for fold in result.folds):
                ours = result.mean_counting_one(learner, figure.metric)
                text += f" Ours, counting such a query as 1 (as LightGBM and XGBoost do): {ours:.4f}."
            notes += textwrap.wrap(text, width=100, initial_indent="  ", subsequent_indent="      ")
    if not rows:
        rows.append(("published", {(half, metric): empty for half in (0, 1) for metric in METRICS}))
    return rows, notes


def format_tables(result, figures=()):
    """One table per learner: a row per fold, the mean over folds, the published figures.

    Each row shows NDCG@1, 3, 5 and 10 twice: with a query without a
    relevant document counted as 0, and with such queries left out. Below
    the mean, a row per paper of ``figures`` that reports this learner on this
    collection (a further one for a figure whose cell the paper's row
    already holds): a verified figure as a number, an unverified one in
    parentheses, and ``-`` where the paper gives none.

    Examples
    --------
    >>> from experiments.realdata_results import RealResult
    >>> result = RealResult("mslr-web30k", ["Fold1"], ["lightgbm"], {}, {}, {"lightgbm": {"Fold1": {
    ...     "test": dict.fromkeys(METRICS, 0.5), "test, all-zero left out": dict.fromkeys(METRICS, 0.6)}}},
    ...     {}, {})
    >>> print(format_tables(result).splitlines()[-1])
      -  no verified figure
    """
    from ndcg.ltr.races import LEARNERS

    dataset = DATASETS[result.dataset]
    header = " ".join(f"{'NDCG@' + str(k):>{_CELL}}" for k in CUTOFFS)
    lines = []
    for learner in result.learners:
        spec = LEARNERS[learner]
        features = (
            "raw features" if spec.model in ("lightgbm", "xgboost") else "features standardised per query"
        )
        lines += [
            f"{dataset.title}: {spec.label} ({learner}), {features}",
            "test NDCG@k, mean over each fold's test queries; gain 2^grade - 1, tied scores share their gain",
            f"{'':{_LABEL}}{'no relevant document: 0':<{4 * (_CELL + 1)}}|  no relevant document: left out",
            f"{'fold':<{_LABEL}}{header} | {header}",
        ]
        left_out = "test, all-zero left out"
        for fold in result.folds:
            row = result.metrics[learner][fold]
            lines.append(
                f"{fold:<{_LABEL}}"
                + " ".join(_cell(row["test"][m]) for m in METRICS)
                + " | "
                + " ".join(_cell(row[left_out][m]) for m in METRICS)
            )
        lines.append(
            f"{'mean':<{_LABEL}}"
            + " ".join(_cell(result.mean(learner)[m]) for m in METRICS)
            + " | "
            + " ".join(_cell(result.mean(learner, left_out)[m]) for m in METRICS)
        )
        rows, notes = _published_rows(result, learner, figures)
        for label, cells in rows:
            lines.append(
                f"{label:<{_LABEL}}"
                + " ".join(cells[(0, m)] for m in METRICS)
                + " | "
                + " ".join(cells[(1, m)] for m in METRICS)
            )
        lines += notes
        if any(not f.verified for f in figures if f.dataset == result.dataset and f.learner == learner):
            lines.append(
                "  (0.1234)  in parentheses: an unverified figure, not yet checked against the paper"
            )
        lines += ["  -  no verified figure", ""]
    return "\n".join(lines).rstrip("\n")
