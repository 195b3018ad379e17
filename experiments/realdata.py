"""The race of chapter 6 on the real benchmark collections, beside published figures.

The collections every learning-to-rank paper reports on (MSLR-WEB10K and
MSLR-WEB30K, Yahoo! LTR, Istella) may not be redistributed: each reader
downloads them under the owner's licence. This module runs the learners of
:mod:`ndcg.ltr.races` on a copy the reader already has, fold by fold, and prints
NDCG@1, 3, 5 and 10 in the layout of published tables, with the published
figures of ``experiments/published.yaml`` set beside the ones they match. It
never downloads anything: when a file is missing, it says which, and where
the collection can be obtained.

From the repository (the full install: ``tools/run.py setup``)::

    python tools/run.py ltr-real --data ~/data/MSLR-WEB10K --dataset mslr-web10k
    make ltr-real DATA=~/data/MSLR-WEB10K DATASET=mslr-web10k ARGS="--folds 1 --learners lightgbm"
    python experiments/realdata.py --data ~/data/MSLR-WEB10K --dataset mslr-web10k --folds 1 2

A run writes ``experiments/results/<dataset>-<date>.json`` (or ``--out FILE``): the
command, the date, the machine, the library versions, the settings, and for
every fold and learner the metrics, the per-query NDCG@10 and the training
time. It runs outside the book build; nothing in the book depends on it.

What is computed
----------------
For every fold: read ``train``, ``valid`` (when the collection has one) and
``test`` with :func:`ndcg.ltr.letor.load_svmlight`; train every learner on
``train`` with :func:`ndcg.ltr.races.fit_predict`; score the test queries (and
the validation queries) with :func:`ndcg.ltr.ndcg_per_group`. The numpy
learners (the linear and MLP models) train on features standardised within
each query (:func:`ndcg.ltr.letor.standardize_by_query`), as in the book's
race; the tree learners (LightGBM, XGBoost) get the raw features, which
trees do not need rescaled. The validation part trains nothing here (no
early stopping, no tuning): its scores are recorded so that a reader can see
whether the settings over- or under-fit.

The conventions, stated because published tables differ on them
----------------------------------------------------------------
* **Gain** ``2**grade - 1`` (exponential), discount ``1 / log2(rank + 1)``,
  cut-offs 1, 3, 5 and 10: the usual choice on these collections (the
  LightGBM and TF-Ranking defaults).
* **Ties** in the scores share their average gain (:func:`ndcg.ltr.ndcg_per_group`).
  Tree ensembles give many documents the same score; LightGBM's and
  trec_eval's metrics break such ties by an order of their own instead, so
  a tree learner's figure can differ in the last digits.
* **A query without a relevant document** (every grade 0) has no ideal DCG.
  Three conventions are in use: count it as 0 (this course, scikit-learn's
  ``ndcg_score``, and TF-Ranking's NDCG metric, which divides by an ideal DCG
  of 0 with ``divide_no_nan``), count it as 1 (LightGBM's and XGBoost's
  ``ndcg`` metrics), or leave it out of the mean. The tables show the first
  and the last side by side; the second is ``(n_relevant * left_out +
  n_zero) / n``, from the counts the JSON file records
  (:meth:`RealResult.mean_counting_one`), and it is printed beside a
  published figure that uses it. Which convention a
  paper used is often not stated: ``experiments/published.yaml`` records it
  per figure, ``unknown`` until someone checks.
* **Mean** over the test queries of each fold, then the plain mean over the
  folds run (some published tables on MSLR average the five folds, others
  report Fold1 only: see each figure's ``split``).

The collections it knows (:data:`DATASETS`)
-------------------------------------------
``mslr-web10k``, ``mslr-web30k``
    Microsoft's MSLR-WEB10K and MSLR-WEB30K (Qin and Liu, 2013): 136 features,
    grades 0 to 4, five folds ``Fold1`` ... ``Fold5``, each with
    ``train.txt``, ``vali.txt`` and ``test.txt``.
``yahoo-set1``, ``yahoo-set2``
    The Yahoo! Learning to Rank Challenge data (Chapelle and Chang, 2011),
    Webscope C14: grades 0 to 4, one split into training, validation and
    test, in ``set1.train.txt``, ``set1.valid.txt``, ``set1.test.txt`` (Set 2
    likewise with ``set2.``; **unverified**: the Set 2 file names follow Set
    1's pattern and have not been checked against the archive). The
    challenge's page states 700 features in total (519 defined in Set 1, 596
    in Set 2, an undefined one is 0), so both are read with 700 columns.
``istella``
    Istella LETOR (Dato et al., 2016): 33,018 queries, 220 features, one
    split, ``full/train.txt`` and ``full/test.txt``, no validation file.
    Some of its raw values are ``1.79769313486e+308`` (about the largest
    double); squaring one overflows, so for the numpy learners every
    value larger than ``1e100`` in magnitude is replaced by ``1e6`` with its
    sign before standardising (PT-Ranking does the same), and the JSON file
    counts the values replaced. LightGBM sees the values as they are.
    XGBoost stores features as float32, in which such a value is infinity,
    and refuses it: for XGBoost every value beyond float32's range is set to
    float32's largest value (about ``3.4e38``) with its sign. That keeps them
    above (or below) every value in range, so a tree can split them off as
    before; only values beyond the range become equal to each other, and in
    Istella they are one sentinel anyway. The JSON file counts them too.

References
----------
T. Qin and T.-Y. Liu, "Introducing LETOR 4.0 datasets", arXiv:1306.2597, 2013.
O. Chapelle and Y. Chang, "Yahoo! Learning to Rank Challenge overview",
JMLR Workshop and Conference Proceedings 14, 2011.
D. Dato et al., "Fast ranking with additive ensembles of oblivious and
non-oblivious regression trees", ACM TOIS 35(2), 2016.
Z. Qin et al., "Are neural rankers still outperformed by gradient boosted
decision trees?", ICLR 2021.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import math
import numbers
import shlex
import sys
import textwrap
import time
from pathlib import Path
from typing import NamedTuple

import numpy as np

if __package__ in (None, ""):  # run as a script: the course's folder, so that `experiments` imports
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ndcg.course.published import Figure, load_published

__all__ = [
    "CUTOFFS",
    "DATASETS",
    "Dataset",
    "Figure",
    "Fold",
    "RealResult",
    "find_folder",
    "format_tables",
    "load",
    "load_published",
    "main",
    "run",
    "save",
]

#: The cut-offs every table shows.
CUTOFFS = (1, 3, 5, 10)
#: The column names, as papers print them (the names ``ndcg.course.published`` accepts).
METRICS = tuple(f"ndcg@{k}" for k in CUTOFFS)
#: The published figures' file, beside this one.
PUBLISHED = Path(__file__).resolve().parent / "published.yaml"
#: Where a run is written by default: ``experiments/results/``.
RESULTS = Path(__file__).resolve().parent / "results"
#: For the numpy learners, raw values beyond this magnitude are replaced (Istella's 1.8e308 stand-ins).
HUGE = 1e100
#: ... by this value, with their sign.
HUGE_REPLACEMENT = 1e6
#: XGBoost stores features as float32: a value beyond this magnitude would become infinity, which it refuses.
FLOAT32_MAX = float(np.finfo(np.float32).max)


class Fold(NamedTuple):
    """One split of a collection: its name and its files, relative to the collection's folder."""

    name: str
    train: str
    valid: str | None
    test: str


@dataclasses.dataclass(frozen=True)
class Dataset:
    """A collection this module can read: how it is laid out and where it comes from."""

    key: str
    title: str
    n_features: int
    folds: tuple
    download: str
    folder: str  # the folder name the archive is usually unpacked to, tried under --data

    def fold(self, name) -> Fold:
        """The fold called ``name``; for MSLR, ``1`` and ``"1"`` mean ``"Fold1"``."""
        names = {fold.name: fold for fold in self.folds}
        text = str(name)
        for candidate in (text, f"Fold{text}"):
            if candidate in names:
                return names[candidate]
        raise ValueError(f"{self.title} has no fold {name!r}; its folds are {', '.join(names)}.")


def _mslr(key, title, archive):
    folds = tuple(
        Fold(f"Fold{i}", f"Fold{i}/train.txt", f"Fold{i}/vali.txt", f"Fold{i}/test.txt") for i in range(1, 6)
    )
    download = (
        f"Download {archive} from Microsoft Research's LETOR page, "
        "https://www.microsoft.com/en-us/research/project/mslr/ (it may not be redistributed), "
        f"unzip it, and pass the folder that holds Fold1 ... Fold5 as --data."
    )
    return Dataset(key, title, 136, folds, download, title)


def _yahoo(number):
    key = f"set{number}"
    fold = Fold(key, f"{key}.train.txt", f"{key}.valid.txt", f"{key}.test.txt")
    download = (
        "Request the Yahoo! Learning to Rank Challenge data (Webscope C14) at "
        "https://webscope.sandbox.yahoo.com/ (it is licensed to you and may not be redistributed), "
        f"unpack it, and pass the folder that holds {fold.train} as --data."
    )
    # "ltrc_yahoo" (unverified): the folder name the archive is said to unpack to; --data may name any folder.
    return Dataset(f"yahoo-{key}", f"Yahoo! LTR Set {number}", 700, (fold,), download, "ltrc_yahoo")


#: The collections :func:`run` knows, by key.
DATASETS: dict[str, Dataset] = {
    dataset.key: dataset
    for dataset in (
        _mslr("mslr-web10k", "MSLR-WEB10K", "MSLR-WEB10K.zip"),
        _mslr("mslr-web30k", "MSLR-WEB30K", "MSLR-WEB30K.zip"),
        _yahoo(1),
        _yahoo(2),
        Dataset(
            "istella",
            "Istella LETOR",
            220,
            (Fold("full", "full/train.txt", None, "full/test.txt"),),
            "Download Istella LETOR from Istella's LETOR page (https://istella.ai; formerly "
            "http://quickrank.isti.cnr.it/istella-dataset/), under its non-commercial licence (it may not be "
            "redistributed), unpack it, and pass the folder that holds full/train.txt as --data.",
            "istella-letor",  # unverified: the name the archive unpacks to
        ),
    )
}


def _dataset(dataset) -> Dataset:
    if isinstance(dataset, Dataset):
        return dataset
    if dataset not in DATASETS:
        raise ValueError(f"dataset must be one of {', '.join(map(repr, DATASETS))}; got {dataset!r}.")
    return DATASETS[dataset]


def _chosen_folds(dataset, folds) -> list:
    """The folds ``folds`` names (one name alone, or a sequence of names); all of them when none."""
    if isinstance(folds, (str, numbers.Integral)):
        folds = [folds]
    names = list(folds or ())
    return [dataset.fold(name) for name in names] if names else list(dataset.folds)


def find_folder(dataset, data, folds=None) -> Path:
    """The folder that holds the files of ``folds`` of ``dataset``: ``data`` or ``data/<usual name>``.

    Raises FileNotFoundError naming every missing file and saying where to
    download the collection (this function downloads nothing).

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     find_folder("mslr-web10k", folder, folds=[1])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    FileNotFoundError: MSLR-WEB10K is not complete in ...: missing Fold1/train.txt, Fold1/vali.txt, Fold1/test.txt. ...
    """
    dataset = _dataset(dataset)
    if data is None or str(data).strip() == "":
        raise FileNotFoundError(
            f"data must be the folder that holds {dataset.title}; got nothing. {dataset.download}"
        )
    data = Path(data).expanduser()
    chosen = _chosen_folds(dataset, folds)
    needed = [path for fold in chosen for path in (fold.train, fold.valid, fold.test) if path is not None]
    if not data.is_dir():
        raise FileNotFoundError(
            f"{data} is not a folder (--data must be the folder that holds {dataset.title}). "
            f"{dataset.download}"
        )
    candidates = [data, data / dataset.folder]
    for folder in candidates:
        if all((folder / name).is_file() for name in needed):
            return folder
    # Name the missing files of the candidate that holds the most of them (a half-unpacked archive).
    folder = max(candidates, key=lambda path: sum((path / name).is_file() for name in needed))
    missing = [name for name in needed if not (folder / name).is_file()]
    raise FileNotFoundError(
        f"{dataset.title} is not complete in {folder}: missing {', '.join(missing)}. {dataset.download}"
    )


# --------------------------------------------------------------------------- published figures


# --------------------------------------------------------------------------- the run


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


def _has_relevant(y, qid):
    """For every query, in sorted order of the ids: whether it has a document of grade above 0."""
    queries, inverse = np.unique(qid, return_inverse=True)
    best = np.zeros(len(queries), dtype=np.int64)
    np.maximum.at(best, inverse.reshape(-1), y)
    return best > 0


def _part_stats(y, qid):
    relevant = _has_relevant(y, qid)
    return {
        "queries": len(relevant),
        "documents": len(y),
        "queries_without_relevant": int(np.sum(~relevant)),
    }


def _scores(y, scores, qid):
    """NDCG@1, 3, 5, 10 of a part: all-zero queries counted 0, and left out; and the per-query NDCG@10."""
    from ndcg.ltr.training import ndcg_per_group

    relevant = _has_relevant(y, qid)
    counted, left_out, per_query = {}, {}, None
    for k, metric in zip(CUTOFFS, METRICS):
        values = ndcg_per_group(y, scores, qid, k)
        counted[metric] = float(values.mean())
        left_out[metric] = float(values[relevant].mean()) if relevant.any() else float("nan")
        per_query = values
    return counted, left_out, per_query


def _for_numpy_learners(X, qid):
    """Features for the numpy learners: huge stand-in values replaced, then standardised per query."""
    from ndcg.ltr.letor import standardize_by_query

    huge = np.abs(X) > HUGE
    replaced = int(huge.sum())
    if replaced:
        X = np.where(huge, np.sign(X) * HUGE_REPLACEMENT, X)
    out = standardize_by_query(X, qid)
    if not np.all(np.isfinite(out)):
        raise ValueError("standardising the features gave NaN or infinity; the raw values are too large.")
    return out, replaced


def _for_xgboost(X):
    """Features for XGBoost: values beyond float32's range set to its largest value, with their sign.

    XGBoost turns the features into float32, where Istella's ``1.8e308`` is
    infinity, which it refuses. A clipped value stays beyond every value in
    range, so a tree can still split it off; values beyond the range become
    equal to each other.
    """
    beyond = np.abs(X) > FLOAT32_MAX
    clipped = int(beyond.sum())
    return (np.clip(X, -FLOAT32_MAX, FLOAT32_MAX) if clipped else X), clipped


def _check_learners(learners):
    from ndcg.ltr.races import LEARNERS

    learners = list(LEARNERS) if learners is None else list(learners)
    if not learners:
        raise ValueError("learners must name at least one learner.")
    for learner in learners:
        if learner not in LEARNERS:
            raise ValueError(
                f"learners must be keys of ndcg.ltr.races.LEARNERS ({', '.join(LEARNERS)}); got {learner!r}."
            )
    if len(set(learners)) != len(learners):
        raise ValueError(f"learners must not repeat a learner; got {learners!r}.")
    return learners


def _check_available(learners):
    """Fail before any file is read when a tree learner's library is not installed."""
    import importlib.util

    from ndcg.ltr.races import LEARNERS

    for learner in learners:
        model = LEARNERS[learner].model
        if model not in ("lightgbm", "xgboost"):
            continue
        for module in ("ndcg.ltr.boosting", model):
            if importlib.util.find_spec(module) is None:
                raise ImportError(
                    f"learner {learner!r} needs the module {module}, which is not installed here: run "
                    "`python tools/run.py setup` for the full install, or leave it out with --learners."
                )


def run(
    dataset,
    data,
    *,
    folds=None,
    learners=None,
    seed=0,
    k=10,
    epochs=10,
    lr=0.05,
    rounds=200,
    progress=None,
):
    """Train the learners on every fold of a real collection and score the test queries.

    Parameters
    ----------
    dataset : str
        A key of :data:`DATASETS`.
    data : str or os.PathLike
        The folder that holds the collection (or its usual folder name,
        ``MSLR-WEB10K`` for instance, inside it).
    folds : sequence, str or int, optional
        Fold names (``"Fold1"``, or ``1`` for MSLR; ``"set1"``, ``"full"``),
        or one name alone; default all of the collection's folds.
    learners : sequence of str, optional
        Keys of :data:`ndcg.ltr.races.LEARNERS`; default all of them.
    seed, k, epochs, lr, rounds
        As in :func:`ndcg.ltr.races.fit_predict`: the model seed, the cut-off the
        NDCG-aware losses optimise, the numpy learners' passes and step
        size, the tree learners' number of trees.
    progress : callable, optional
        Called with one line of text at each step (reading a file, training).

    Returns
    -------
    RealResult

    Raises
    ------
    FileNotFoundError
        Naming the missing files (:func:`find_folder`).
    ImportError
        Before reading anything, when a tree learner's library (or
        :mod:`ndcg.ltr.boosting`) is not installed.
    ValueError
        For an unknown dataset, fold or learner, and for a bad line in a
        file (naming the file and the line number).

    Examples
    --------
    A small collection in MSLR's layout (two folds):

    >>> import tempfile
    >>> from ndcg.ltr.letor import make_letor, save_svmlight
    >>> folder = Path(tempfile.mkdtemp())
    >>> for i, part in enumerate(("train", "vali", "test") * 2):
    ...     fold = folder / f"Fold{1 + i // 3}"
    ...     fold.mkdir(exist_ok=True)
    ...     X, y, qid = make_letor(n_queries=12, n_useless=121, seed=i)
    ...     save_svmlight(fold / f"{part}.txt", X, y, qid)
    >>> result = run("mslr-web10k", folder, folds=[1, 2], learners=["ranknet"], epochs=2)
    >>> result.folds, sorted(result.metrics["ranknet"]["Fold1"])
    (['Fold1', 'Fold2'], ['test', 'test, all-zero left out', 'valid'])
    >>> 0 < result.mean("ranknet")["ndcg@10"] < 1
    True
    >>> import shutil; shutil.rmtree(folder)
    """
    from ndcg.ltr.letor import load_svmlight
    from ndcg.ltr.races import LEARNERS, fit_predict

    dataset = _dataset(dataset)
    learners = _check_learners(learners)
    chosen = _chosen_folds(dataset, folds)
    if len({fold.name for fold in chosen}) != len(chosen):
        raise ValueError(f"folds must not repeat a fold; got {[fold.name for fold in chosen]!r}.")
    for name, value, minimum in (
        ("seed", seed, 0),
        ("k", k, 1),
        ("epochs", epochs, 1),
        ("rounds", rounds, 1),
    ):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
            raise ValueError(f"{name} must be an integer >= {minimum}; got {value!r}.")
    if isinstance(lr, bool) or not isinstance(lr, numbers.Real) or not math.isfinite(lr) or lr <= 0:
        raise ValueError(f"lr must be a positive number (Adam's step size); got {lr!r}.")
    folder = find_folder(dataset, data, [fold.name for fold in chosen])
    _check_available(learners)
    say = progress or (lambda line: None)
    numpy_learners = [name for name in learners if LEARNERS[name].model in ("linear", "mlp")]

    stats = {}
    metrics = {name: {} for name in learners}
    per_query = {name: {} for name in learners}
    seconds = {name: {} for name in learners}
    for fold in chosen:
        parts = {}
        for part, relative in (("train", fold.train), ("valid", fold.valid), ("test", fold.test)):
            if relative is None:
                continue
            start = time.perf_counter()
            say(f"{dataset.title} {fold.name}: reading {relative}")
            parts[part] = load_svmlight(folder / relative, n_features=dataset.n_features)
            say(f"  {len(parts[part][1]):,} documents in {time.perf_counter() - start:.0f} s")
        stats[fold.name] = {part: _part_stats(y, qid) for part, (_, y, qid) in parts.items()}
        scored = [part for part in ("valid", "test") if part in parts]
        # The features each kind of learner trains on, and those it scores (validation and test
        # stacked, so that one call to fit_predict scores both), made once per fold.
        features = {"raw": {part: X for part, (X, _, _) in parts.items()}}
        if numpy_learners:
            features["standardized"], replaced = {}, 0
            for part, (X, _, qid) in parts.items():
                features["standardized"][part], count = _for_numpy_learners(X, qid)
                replaced += count
            stats[fold.name]["replaced"] = replaced
        if any(LEARNERS[name].model == "xgboost" for name in learners):
            features["xgboost"], clipped = {}, 0
            for part, (X, _, _) in parts.items():
                features["xgboost"][part], count = _for_xgboost(X)
                clipped += count
            stats[fold.name]["clipped_for_xgboost"] = clipped
        stacked = {}
        for name in learners:
            if name in numpy_learners:
                kind = "standardized"
            else:
                kind = "xgboost" if LEARNERS[name].model == "xgboost" else "raw"
            if kind not in stacked:
                stacked[kind] = np.vstack([features[kind][part] for part in scored])
            X_train, X_eval = features[kind]["train"], stacked[kind]
            say(f"{dataset.title} {fold.name}: training {name}")
            start = time.perf_counter()
            scores = fit_predict(
                name,
                (X_train, parts["train"][1], parts["train"][2]),
                X_eval,
                seed=seed,
                k=k,
                epochs=epochs,
                lr=lr,
                rounds=rounds,
            )
            elapsed = time.perf_counter() - start
            say(f"  {elapsed:.1f} s")
            result, offset = {}, 0
            for part in scored:
                _, y, qid = parts[part]
                part_scores = scores[offset : offset + len(y)]
                offset += len(y)
                counted, left_out, values = _scores(y, part_scores, qid)
                result[part] = counted
                if part == "test":
                    result["test, all-zero left out"] = left_out
                    per_query[name][fold.name] = values
            metrics[name][fold.name] = result
            seconds[name][fold.name] = elapsed
    settings = {"seed": seed, "k": k, "epochs": epochs, "lr": lr, "rounds": rounds, "data": str(folder)}
    return RealResult(
        dataset.key, [fold.name for fold in chosen], learners, settings, stats, metrics, per_query, seconds
    )


# --------------------------------------------------------------------------- the tables

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


# --------------------------------------------------------------------------- saving


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


# --------------------------------------------------------------------------- the command line


def _parser():
    import argparse

    from ndcg.ltr.races import LEARNERS

    parser = argparse.ArgumentParser(
        prog="python experiments/realdata.py",
        description="Run the learners of chapter 6 on a real learning-to-rank collection you have downloaded, "
        "print NDCG@1/3/5/10 per fold beside published figures, and write the run to JSON.",
    )
    parser.add_argument("--data", required=True, metavar="DIR", help="the folder that holds the collection")
    parser.add_argument("--dataset", required=True, metavar="NAME", help=f"one of: {', '.join(DATASETS)}")
    parser.add_argument(
        "--folds", nargs="+", metavar="FOLD", help="folds to run (MSLR: 1 ... 5); default all"
    )
    parser.add_argument(
        "--learners", nargs="+", metavar="NAME", help=f"default all of: {', '.join(LEARNERS)}"
    )
    parser.add_argument("--seed", type=int, default=0, help="the models' seed (default 0)")
    parser.add_argument(
        "--k", type=int, default=10, help="the cut-off LambdaRank, ApproxNDCG and LambdaMART optimise"
    )
    parser.add_argument(
        "--epochs", type=int, default=10, help="numpy learners: passes over the training queries"
    )
    parser.add_argument("--lr", type=float, default=0.05, help="numpy learners: Adam's step size")
    parser.add_argument("--rounds", type=int, default=200, help="tree learners: number of trees")
    parser.add_argument(
        "--out", metavar="FILE", help="the JSON file (default experiments/results/<dataset>-<date>.json)"
    )
    parser.add_argument(
        "--published", metavar="FILE", help="the published figures (default experiments/published.yaml)"
    )
    return parser


def main(argv=None):
    """The command line: run, print the tables (stdout) and the progress (stderr), write the JSON.

    Returns the exit code: 0, or 2 with a one-line error on stderr for a bad
    argument, a missing file or a bad line in a file, and for a JSON file that
    cannot be written (after the tables, so that the run is not lost).
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(argv)
    for stream in (sys.stdout, sys.stderr):  # a console that cannot print λ prints ? instead of failing
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")

    def progress(line):
        print(line, file=sys.stderr, flush=True)

    try:
        if args.dataset not in DATASETS:
            got = repr(args.dataset) if args.dataset else "nothing (make ltr-real DATA=DIR DATASET=NAME)"
            raise ValueError(f"--dataset must be one of {', '.join(DATASETS)}; got {got}.")
        published = Path(args.published) if args.published else PUBLISHED
        if args.published and not published.is_file():
            raise FileNotFoundError(f"--published {args.published}: no such file.")
        figures = load_published(published) if published.is_file() else []
        if not published.is_file():
            progress(f"no published figures: {published} is not there (run from the repository).")
        result = run(
            args.dataset,
            args.data,
            folds=args.folds,
            learners=args.learners,
            seed=args.seed,
            k=args.k,
            epochs=args.epochs,
            lr=args.lr,
            rounds=args.rounds,
            progress=progress,
        )
    except (FileNotFoundError, ImportError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%S")
    out = Path(args.out) if args.out else RESULTS / f"{args.dataset}-{stamp}.json"
    command = shlex.join(["python", "experiments/realdata.py", *argv])
    print(format_tables(result, figures), flush=True)  # first: a run may have taken hours
    try:
        save(result, out, command=command)
    except OSError as error:
        print(f"error: cannot write --out {out}: {error}", file=sys.stderr)
        return 2
    print(f"\nwrote {out.as_posix()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
