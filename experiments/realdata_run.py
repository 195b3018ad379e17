"""Train chapter 6's learners on a real collection, fold by fold, and score its test queries.

:func:`run` is what ``make ltr-real`` runs (``experiments/realdata.py`` is its
command line). It reads the files :func:`experiments.realdata_collections.find_folder`
finds and returns an :class:`experiments.realdata_results.RealResult`. It
imports the learners (:mod:`ndcg.ltr`) only when it runs.

What is computed
----------------
For every fold: read ``train``, ``valid`` (when the collection has one) and
``test`` with :func:`ndcg.ltr.letor.load_svmlight`; train every learner on
``train`` with :func:`ndcg.ltr.races.fit_predict`; score the test queries (and
the validation queries) with :func:`ndcg.ltr.ndcg_per_group`. The numpy
learners (the linear and MLP models) train on features standardised within
each query (:func:`ndcg.ltr.queries.standardize_by_query`), as in the book's
race; the tree learners (LightGBM, XGBoost) get the raw features, which
trees do not need rescaled. The validation part trains nothing here (no
early stopping, no tuning): its scores are recorded so that a reader can see
whether the settings over- or under-fit.

Istella's stand-ins for missing values (about ``1.8e308``, see
``experiments/realdata_collections.py``) are handled here: for the numpy
learners, a raw value beyond :data:`HUGE` in magnitude is replaced by
:data:`HUGE_REPLACEMENT` with its sign; for XGBoost, a value beyond float32's
range is set to :data:`FLOAT32_MAX` with its sign.
"""

from __future__ import annotations

import math
import numbers
import time

import numpy as np

from experiments.realdata_collections import _chosen_folds, _dataset, find_folder
from experiments.realdata_results import CUTOFFS, METRICS, RealResult

__all__ = ["FLOAT32_MAX", "HUGE", "HUGE_REPLACEMENT", "run"]

#: For the numpy learners, raw values beyond this magnitude are replaced (Istella's 1.8e308 stand-ins).
HUGE = 1e100
#: ... by this value, with their sign.
HUGE_REPLACEMENT = 1e6
#: XGBoost stores features as float32: a value beyond this magnitude would become infinity, which it refuses.
FLOAT32_MAX = float(np.finfo(np.float32).max)


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
    from ndcg.ltr.queries import standardize_by_query

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
    >>> from pathlib import Path
    >>> from ndcg.ltr.letor import save_svmlight
    >>> from ndcg.ltr.synthetic import make_letor
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
