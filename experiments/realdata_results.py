"""What a run of ``make ltr-real`` measured, :class:`RealResult`, and its JSON file.

:func:`experiments.realdata_run.run` returns a :class:`RealResult`: for every
fold and learner, NDCG at the cut-offs :data:`CUTOFFS` (the columns
:data:`METRICS`), the per-query NDCG@10 and the training time, with the
counts of each part's queries. :func:`save` writes it to JSON with the
command, the date, the machine and the library versions; :func:`load` reads
it back, so that its tables can be printed again
(:func:`experiments.realdata_tables.format_tables`).
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import math
from pathlib import Path

import numpy as np

from experiments.realdata_collections import DATASETS

__all__ = ["CUTOFFS", "METRICS", "RealResult", "load", "save"]

#: The cut-offs every table shows.
CUTOFFS = (1, 3, 5, 10)
#: The column names, as papers print them (the names ``ndcg.course.published`` accepts).
METRICS = tuple(f"ndcg@{k}" for k in CUTOFFS)


@dataclasses.dataclass
class RealResult:
    """What :func:`run` measured on a real collection.

    Attributes
    ----------
    dataset : str
        A key of :data:`DATASETS`.
    folds : list of str
    learners : list of str
    settings : dict
        ``seed``, ``k``, ``epochs``, ``lr``, ``rounds``, and the data folder.
    stats : dict
        ``stats[fold][part]`` for ``part`` in train, valid, test: queries,
        documents, queries without a relevant document; ``replaced``, the
        raw values beyond ``1e100`` replaced for the numpy learners (when
        one runs); ``clipped_for_xgboost``, the raw values beyond float32's
        range set to its largest value for XGBoost (when it runs).
    metrics : dict
        ``metrics[learner][fold]``: ``"test"`` and ``"test, all-zero left
        out"`` (each ``{"ndcg@1": ..., ..., "ndcg@10": ...}``), and
        ``"valid"`` when the collection has a validation part.
    per_query : dict
        ``per_query[learner][fold]``: NDCG@10 of every test query (all-zero
        queries count 0), in sorted order of the query ids, for paired
        comparisons (:func:`ndcg.stats.paired_bootstrap`).
    seconds : dict
        ``seconds[learner][fold]``: training and scoring time. It depends on
        the machine; never compare it across machines.
    meta : dict
        Command, date, machine and versions (:func:`save`).
    """

    dataset: str
    folds: list
    learners: list
    settings: dict
    stats: dict
    metrics: dict
    per_query: dict
    seconds: dict
    meta: dict = dataclasses.field(default_factory=dict)

    def mean(self, learner, part="test") -> dict:
        """The mean over the folds of ``metrics[learner][fold][part]``, per metric."""
        return {
            metric: float(np.mean([self.metrics[learner][fold][part][metric] for fold in self.folds]))
            for metric in METRICS
        }

    def mean_counting_one(self, learner, metric) -> float:
        """The mean over the folds of ``metric`` with a query without a relevant document counted as 1.

        LightGBM's and XGBoost's convention, derived from the other two:
        ``(left_out * n_relevant + n_zero) / n`` per fold, from :attr:`stats`.
        """
        values = []
        for fold in self.folds:
            counts = self.stats[fold]["test"]
            n, zero = counts["queries"], counts["queries_without_relevant"]
            left_out = self.metrics[learner][fold]["test, all-zero left out"][metric]
            values.append((left_out * (n - zero) + zero) / n if n > zero else 1.0)
        return float(np.mean(values))


def save(result, path, *, command):
    """Write a :class:`RealResult` to JSON, with the command, date, machine and versions.

    Metrics are rounded to 12 decimals, per-query values to 6, times to
    0.01 s; a metric that does not exist (a mean over no query) is ``null``.
    Returns the path written. :func:`load` reads the file back.

    Examples
    --------
    >>> import tempfile
    >>> values = dict.fromkeys(METRICS, 0.5)
    >>> result = RealResult("istella", ["full"], ["ranknet"], {"seed": 0}, {}, {"ranknet": {"full": {
    ...     "test": values, "test, all-zero left out": values}}}, {"ranknet": {"full": np.array([0.5])}},
    ...     {"ranknet": {"full": 1.234}})
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = save(result, Path(folder) / "run.json", command="python experiments/realdata.py ...")
    ...     again = load(path)
    >>> again.metrics == result.metrics, again.seconds, sorted(again.meta)
    (True, {'ranknet': {'full': 1.23}}, ['command', 'date', 'machine', 'versions'])
    """
    from experiments.races import machine, versions

    result.meta = {
        "command": command,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "versions": versions(),
    }

    def rounded(values):
        return {metric: (round(v, 12) if math.isfinite(v) else None) for metric, v in values.items()}

    payload = {
        **result.meta,
        "dataset": result.dataset,
        "title": DATASETS[result.dataset].title,
        "folds": result.folds,
        "learners": result.learners,
        "settings": result.settings,
        "conventions": {
            "gain": "2^grade - 1",
            "discount": "1 / log2(rank + 1)",
            "ties": "tied scores share their average gain",
            "test": "a query without a relevant document counts 0",
            "test, all-zero left out": "queries without a relevant document are left out of the mean",
            "features": "numpy learners: standardised per query; trees: raw "
            "(for XGBoost, values beyond float32's range set to its largest value)",
        },
        "stats": result.stats,
        "metrics": {
            learner: {
                fold: {part: rounded(values) for part, values in parts.items()}
                for fold, parts in folds.items()
            }
            for learner, folds in result.metrics.items()
        },
        "per_query_ndcg@10": {
            learner: {fold: np.round(values, 6).tolist() for fold, values in folds.items()}
            for learner, folds in result.per_query.items()
        },
        "seconds": {
            learner: {fold: round(t, 2) for fold, t in folds.items()}
            for learner, folds in result.seconds.items()
        },
    }
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=1, allow_nan=False) + "\n", encoding="utf-8")
    return path


def load(path) -> RealResult:
    """Read a :class:`RealResult` written by :func:`save` (to print its tables again).

    Raises
    ------
    ValueError
        Naming the file, if it is not such a result, or names a collection
        this module does not know (its tables could not be laid out).
    """
    try:
        payload = json.loads(Path(path).read_text(encoding="utf-8"))
        if payload["dataset"] not in DATASETS:
            raise ValueError(
                f"{path} is a result for the collection {payload['dataset']!r}, which is not one of "
                f"{', '.join(map(repr, DATASETS))}."
            )

        def restored(values):
            return {metric: (float("nan") if v is None else v) for metric, v in values.items()}

        metrics = {
            learner: {
                fold: {part: restored(values) for part, values in parts.items()}
                for fold, parts in folds.items()
            }
            for learner, folds in payload["metrics"].items()
        }
        per_query = {
            learner: {fold: np.asarray(values, dtype=float) for fold, values in folds.items()}
            for learner, folds in payload["per_query_ndcg@10"].items()
        }
        meta = {key: payload[key] for key in ("command", "date", "machine", "versions")}
        return RealResult(
            payload["dataset"],
            payload["folds"],
            payload["learners"],
            payload["settings"],
            payload["stats"],
            metrics,
            per_query,
            payload["seconds"],
            meta,
        )
    except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as error:
        raise ValueError(
            f"{path} is not a result written by experiments/realdata.py (save): {error!r}"
        ) from None
