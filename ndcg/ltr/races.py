"""Races between learning-to-rank learners, with statistics a reviewer accepts.

Chapter 6 asks *which learner ranks best, and why*. One split of one data set
cannot answer that: the gap between two learners moves with the queries that
happen to land in the test set and with the seed of the training. A race here
therefore repeats everything over several seeds and compares learners
**query by query**:

1. For every seed ``s``: make the data (:func:`ndcg.ltr.synthetic.make_letor` with
   ``seed=s``), split it by query 60 / 20 / 20 (``seed=s``), train every
   learner (model seed ``s``) and score each test query with NDCG@k
   (:func:`ndcg.ltr.ndcg_per_group`: exponential gain, ties averaged, a query
   without a relevant document scores 0).
2. For two learners A and B, the per-query differences ``d[s][q]`` are
   *paired*: the same query, ranked by both.
3. The effect is the mean over seeds of each seed's mean difference. Its 95 %
   confidence interval comes from a paired bootstrap over (seed, query):
   the queries of every seed are resampled with replacement, 10,000 times,
   and the interval holds the middle 95 % of the resampled effects
   (:func:`ndcg.stats.paired_bootstrap`).
4. A race that claims several winners adjusts for it with Holm's step-down
   procedure (:func:`holm_claims`, with :func:`ndcg.stats.holm_bootstrap`): with ``m`` claims, the most
   convincing one needs its interval at level ``1 - 0.05 / m``, the next ``1 - 0.05 /
   (m - 1)``, and so on; the first that fails stops the others.
5. A verdict is stated only when the resampling seed cannot flip it: the
   resamples grow until every p-value lies at least :data:`ndcg.stats.MARGIN`
   Monte Carlo standard errors from its cut-off, and a claim for which
   :data:`ndcg.stats.MAX_RESAMPLES` resamples are not enough is "too close
   to call".

The learners
------------
:data:`LEARNERS` names them: the five losses of :mod:`ndcg.ltr` on a linear
model (``"pointwise"``, ``"ranknet"``, ``"lambdarank"``, ``"listnet"``,
``"approxndcg"``), LambdaRank on a one-hidden-layer network
(``"mlp-lambdarank"``), and LambdaMART in LightGBM and XGBoost
(``"lightgbm"``, ``"xgboost"``, :mod:`ndcg.ltr.boosting`). :func:`fit_predict`
trains one and scores new documents; every learner is deterministic.

The races
---------
:data:`RACES` holds the races of chapter 6, each isolating one property of
the data; :func:`run` runs one over some seeds and returns a
:class:`RaceResult`. The runner outside the book, which saves results to JSON
with the command, date, machine and library versions and reads them back, is
``experiments/races.py`` in the course's repository.

``import ndcg.ltr.races`` needs only NumPy; LightGBM and XGBoost are imported
when a tree learner is trained.

References
----------
The bootstrap, Holm's procedure and their use in IR evaluation: see :mod:`ndcg.stats`,
which computes them.
"""

from __future__ import annotations

import dataclasses
import json
import time
from pathlib import Path
from typing import NamedTuple

import numpy as np

from .._validation import check_int, check_seed
from ..stats import MARGIN, MAX_RESAMPLES, Interval, holm_bootstrap
from . import training
from .models import MLP, LinearModel
from .queries import standardize_by_query, train_valid_test_split
from .synthetic import make_letor
from .training import ndcg_per_group

__all__ = [
    "LEARNERS",
    "RACES",
    "Claim",
    "Learner",
    "Race",
    "RaceResult",
    "fit_predict",
    "holm_claims",
    "load",
    "run",
    "split",
]


class Learner(NamedTuple):
    """One learner of a race: its label, its family, its model and its loss."""

    label: str
    family: str
    model: str  # "linear", "mlp", "lightgbm" or "xgboost"
    loss: str | None  # a name in ndcg.ltr.LOSSES for the numpy models


#: Every learner a race can run, by key.
LEARNERS: dict[str, Learner] = {
    "pointwise": Learner("pointwise regression", "pointwise", "linear", "pointwise"),
    "ranknet": Learner("RankNet", "pairwise", "linear", "ranknet"),
    "lambdarank": Learner("LambdaRank", "pairwise, NDCG-weighted", "linear", "lambdarank"),
    "listnet": Learner("ListNet", "listwise", "linear", "listnet"),
    "approxndcg": Learner("ApproxNDCG", "listwise", "linear", "approxndcg"),
    "mlp-lambdarank": Learner("LambdaRank, one hidden layer", "pairwise, NDCG-weighted", "mlp", "lambdarank"),
    "lightgbm": Learner("LightGBM LambdaMART", "pairwise, NDCG-weighted (trees)", "lightgbm", None),
    "xgboost": Learner("XGBoost LambdaMART", "pairwise, NDCG-weighted (trees)", "xgboost", None),
}


@dataclasses.dataclass(frozen=True)
class Race:
    """A race: the data (``make_letor`` keywords), the features, the learners, the cut-off.

    ``standardize`` z-scores every feature within each query
    (:func:`ndcg.ltr.queries.standardize_by_query`) before training; ``False``
    trains on the raw features. The numpy learners train for ``epochs``
    passes with Adam at step size ``lr``; the tree learners grow ``rounds``
    trees of at most 15 leaves with learning rate 0.05.
    """

    name: str
    title: str
    data: dict
    learners: tuple
    k: int = 10
    standardize: bool = True
    n_queries: int = 300
    epochs: int = 10
    lr: float = 0.05
    rounds: int = 200


#: The races of chapter 6. Each isolates one property of the data.
RACES: dict[str, Race] = {
    race.name: race
    for race in (
        Race(
            "linear",
            "linear relevance: every learner",
            {},
            ("pointwise", "ranknet", "lambdarank", "listnet", "approxndcg", "lightgbm", "xgboost"),
        ),
        Race(
            "nonlinear",
            "relevance with interactions and thresholds",
            {"relevance": "nonlinear"},
            ("lambdarank", "mlp-lambdarank", "lightgbm", "xgboost"),
        ),
        Race(
            "offsets",
            "per-query offsets in the grades, raw features",
            {"query_offset_sd": 2.0},
            ("pointwise", "ranknet"),
            standardize=False,
        ),
        Race(
            "offsets-standardized",
            "per-query offsets in the grades, features standardized per query",
            {"query_offset_sd": 2.0},
            ("pointwise", "ranknet"),
        ),
        Race(
            "cutoff-linear",
            "NDCG@3, linear relevance",
            {},
            ("ranknet", "lambdarank"),
            k=3,
        ),
        Race(
            "cutoff-tiered",
            "NDCG@3, what makes a document perfect is not what makes it relevant",
            {"relevance": "tiered", "label_noise_sd": 0.3, "query_offset_sd": 0.0},
            ("ranknet", "lambdarank"),
            k=3,
        ),
    )
}


def _race(race) -> Race:
    if isinstance(race, Race):
        return race
    if race not in RACES:
        raise ValueError(f"race must be a Race or one of {', '.join(map(repr, RACES))}; got {race!r}.")
    return RACES[race]


#: The shares of each seed's queries for training, validation and test (:func:`split`).
SPLIT = (0.6, 0.2, 0.2)


def split(race, seed):
    """The data of one seed of a race: ``{"train": (X, y, qid), "valid": ..., "test": ...}``.

    ``make_letor(n_queries, seed=seed, **race.data)``, split by query in the
    shares :data:`SPLIT` (60 / 20 / 20) with ``seed``, every part
    standardized per query when ``race.standardize``.

    >>> parts = split("offsets", 0)
    >>> sorted(parts), parts["train"][0].shape[1]
    (['test', 'train', 'valid'], 15)
    """
    race = _race(race)
    seed = check_seed(seed)
    X, y, qid = make_letor(n_queries=race.n_queries, seed=seed, **race.data)
    parts = train_valid_test_split(X, y, qid, fractions=SPLIT, seed=seed)
    if race.standardize:
        parts = {name: (standardize_by_query(Xp, qp), yp, qp) for name, (Xp, yp, qp) in parts.items()}
    return parts


def fit_predict(learner, train, X_test, *, seed=0, k=10, epochs=10, lr=0.05, rounds=200, return_model=False):
    """Train one learner on ``train = (X, y, qid)`` and score the rows of ``X_test``.

    Parameters
    ----------
    learner : str
        A key of :data:`LEARNERS`.
    train : tuple of arrays (X, y, qid)
    X_test : array of shape (n_docs, n_features)
    seed : int, default 0
        The model's seed (initial weights, query shuffling, tree sampling).
    k : int, default 10
        The cut-off LambdaRank and ApproxNDCG optimise and LambdaMART
        truncates at.
    epochs, lr : int and float
        Passes over the training queries and Adam's step size (numpy models).
    rounds : int
        Number of trees (LightGBM, XGBoost), grown on one thread each, so
        that they are the same trees on every machine and a busy machine does
        not slow them down.
    return_model : bool, default False
        Also return the fitted model.

    Returns
    -------
    scores : ndarray of float64, shape (n_docs,)
    model : the fitted model, when ``return_model``

    Examples
    --------
    >>> parts = split("cutoff-linear", 0)
    >>> scores = fit_predict("ranknet", parts["train"], parts["test"][0], epochs=2)
    >>> scores.shape == parts["test"][1].shape
    True
    """
    if learner not in LEARNERS:
        raise ValueError(f"learner must be one of {', '.join(map(repr, LEARNERS))}; got {learner!r}.")
    seed = check_seed(seed)
    X, y, qid = train
    spec = LEARNERS[learner]
    if spec.model in ("lightgbm", "xgboost"):
        from .boosting import fit_lambdamart

        model = fit_lambdamart(spec.model, X, y, qid, seed=seed, k=k, rounds=rounds, n_jobs=1)
        scores = np.asarray(model.predict(np.asarray(X_test, dtype=float)), dtype=float)
    else:
        n_features = np.asarray(X).shape[1]
        model = MLP(n_features, seed=seed) if spec.model == "mlp" else LinearModel(n_features, seed=seed)
        training.train(model, spec.loss, X, y, qid, epochs=epochs, lr=lr, k=k, seed=seed)
        scores = model.predict(X_test)
    return (scores, model) if return_model else scores


@dataclasses.dataclass
class RaceResult:
    """What :func:`run` measured.

    Attributes
    ----------
    race : Race
    seeds : list of int
    ndcg : dict of str to list of ndarray
        For every learner, one array per seed: NDCG@k of every test query,
        in sorted order of the query ids.
    seconds : dict of str to list of float
        For every learner, the training time (fit and predict) per seed.
        It depends on the machine; never compare it across machines.
    models : dict of str to list
        For every learner, its fitted model per seed (not saved to JSON).
    meta : dict
        Command, date, machine, Python and library versions, when the
        result was saved (``experiments/races.py``).
    """

    race: Race
    seeds: list
    ndcg: dict
    seconds: dict
    models: dict = dataclasses.field(default_factory=dict)
    meta: dict = dataclasses.field(default_factory=dict)

    def mean(self, learner) -> float:
        """The mean over seeds of each seed's mean NDCG@k of ``learner``."""
        return float(np.mean([values.mean() for values in self.ndcg[learner]]))

    def diffs(self, a, b) -> list:
        """Per seed, the per-query differences ``NDCG(a) - NDCG(b)``."""
        return [x - y for x, y in zip(self.ndcg[a], self.ndcg[b])]

    def first(self, count) -> RaceResult:
        """The same result, cut to its first ``count`` seeds (its models and meta kept for those seeds).

        Seeds 0 to 4 of a saved 20-seed result are the five seeds chapter 6 runs live.

        >>> result = RaceResult(RACES["offsets"], [0, 1, 2], {"a": [np.zeros(2), np.ones(2), np.ones(2)]},
        ...                     {"a": [0.1, 0.2, 0.3]})
        >>> short = result.first(2)
        >>> short.seeds, short.mean("a"), short.seconds["a"]
        ([0, 1], 0.5, [0.1, 0.2])
        """
        count = check_int(count, "count", 1)
        if count > len(self.seeds):
            raise ValueError(f"count must be at most the {len(self.seeds)} seeds of the result; got {count}.")
        return RaceResult(
            self.race,
            self.seeds[:count],
            {name: values[:count] for name, values in self.ndcg.items()},
            {name: values[:count] for name, values in self.seconds.items()},
            {name: values[:count] for name, values in self.models.items()},
            dict(self.meta),
        )


def run(race, seeds=range(5), *, learners=None, progress=None):
    """Run a race over ``seeds`` and return a :class:`RaceResult`.

    Parameters
    ----------
    race : str or Race
        A key of :data:`RACES`, or a :class:`Race`.
    seeds : iterable of int, default ``range(5)``
        Every seed makes its own data, split and models.
    learners : sequence of str, optional
        A subset of the race's learners (default: all of them).
    progress : callable, optional
        Called as ``progress(seed, learner, seconds)`` after each training.

    Examples
    --------
    >>> result = run("cutoff-linear", seeds=[0, 1], learners=["ranknet"])
    >>> len(result.ndcg["ranknet"]), 0 < result.mean("ranknet") < 1
    (2, True)
    """
    race = _race(race)
    seeds = [check_seed(s, "every seed") for s in seeds]
    if not seeds or len(set(seeds)) != len(seeds):
        raise ValueError(f"seeds must be distinct integers, at least one; got {seeds!r}.")
    learners = list(race.learners if learners is None else learners)
    for learner in learners:
        if learner not in LEARNERS:
            raise ValueError(f"learners must be keys of LEARNERS; got {learner!r}.")
    ndcg = {learner: [] for learner in learners}
    seconds = {learner: [] for learner in learners}
    models = {learner: [] for learner in learners}
    for seed in seeds:
        parts = split(race, seed)
        X_te, y_te, q_te = parts["test"]
        for learner in learners:
            start = time.perf_counter()
            scores, model = fit_predict(
                learner,
                parts["train"],
                X_te,
                seed=seed,
                k=race.k,
                epochs=race.epochs,
                lr=race.lr,
                rounds=race.rounds,
                return_model=True,
            )
            elapsed = time.perf_counter() - start
            ndcg[learner].append(ndcg_per_group(y_te, scores, q_te, race.k))
            seconds[learner].append(elapsed)
            models[learner].append(model)
            if progress is not None:
                progress(seed, learner, elapsed)
    return RaceResult(race, seeds, ndcg, seconds, models)


class Claim(NamedTuple):
    """A claim "``winner`` beats ``loser``", judged by :func:`holm_claims`.

    ``interval`` is the difference ``winner - loser`` with its paired-bootstrap
    interval at the claim's Holm level ``1 - cutoff`` (and the Monte Carlo
    errors of its numbers); ``p_value`` and ``p_error`` the directed p-value
    and its Monte Carlo standard error; ``cutoff`` the bar of its Holm step;
    ``p_holm`` the Holm-adjusted p-value; ``verdict`` ``"holds"``,
    ``"fails"`` or ``"too close to call"`` (:func:`ndcg.stats.holm_bootstrap`);
    ``holds`` is ``verdict == "holds"``.
    """

    winner: str
    loser: str
    interval: Interval
    p_holm: float
    holds: bool
    verdict: str
    p_value: float
    p_error: float
    cutoff: float


def holm_claims(
    result, pairs, *, alpha=0.05, margin=MARGIN, resamples=10_000, max_resamples=MAX_RESAMPLES, seed=0
):
    """Check several claims "A beats B" of one race together, Holm-adjusted, with verdicts the seed cannot flip.

    Each pair ``(A, B)`` claims that A's NDCG@k is higher than B's. The
    claims are ordered by their bootstrap p-value; the ``i``-th (from 0) of
    ``m`` is held to the cut-off ``alpha / (m - i)`` (its interval at level
    ``1 - alpha / (m - i)`` lies above 0 exactly when its p-value is below
    that), and it holds if it passes and every claim before it held (Holm's
    step-down). With one claim this is the plain ``1 - alpha`` interval.

    The p-values are shares of random resamples, so each carries a Monte
    Carlo error. The resamples grow (``resamples``, four times as many each
    round, up to ``max_resamples``) until every verdict stays the same with
    each p-value moved ``margin`` standard errors up or down; a claim for
    which even ``max_resamples`` are not enough is ``"too close to call"``
    (:func:`ndcg.stats.holm_bootstrap` does the work).

    Parameters
    ----------
    result : RaceResult
    pairs : sequence of (str, str)
        ``(winner, loser)``: two learners of ``result``.
    alpha : float, default 0.05
        The family-wise error rate.
    margin : float, default 3
        Monte Carlo standard errors between a p-value and its cut-off.
    resamples, max_resamples : int, default 10,000 and 640,000
        The resamples of the first round, and the most of any round.
    seed : int, default 0
        Seed of the resampling.

    Returns
    -------
    list of Claim
        In the order of ``pairs``.

    Examples
    --------
    >>> result = RaceResult(RACES["cutoff-linear"], [0], {
    ...     "a": [np.array([0.9, 0.8, 0.7, 0.9])], "b": [np.array([0.5, 0.4, 0.6, 0.5])],
    ...     "c": [np.array([0.9, 0.7, 0.8, 0.8])]}, {})
    >>> [(c.winner, c.loser, c.verdict) for c in holm_claims(result, [("a", "b"), ("a", "c")])]
    [('a', 'b', 'holds'), ('a', 'c', 'fails')]
    """
    pairs = [tuple(pair) for pair in pairs]
    for pair in pairs:
        if len(pair) != 2 or any(name not in result.ndcg for name in pair):
            raise ValueError(f"pairs must be (winner, loser) learners of the result; got {pair!r}.")
    if not pairs:
        raise ValueError("pairs must hold at least one (winner, loser) claim.")
    tests = holm_bootstrap(
        [result.diffs(a, b) for a, b in pairs],
        alpha=alpha,
        margin=margin,
        resamples=resamples,
        max_resamples=max_resamples,
        seed=seed,
    )
    return [
        Claim(a, b, t.interval, t.p_holm, t.verdict == "holds", t.verdict, t.p_value, t.p_error, t.cutoff)
        for (a, b), t in zip(pairs, tests)
    ]


def load(path):
    """Read a :class:`RaceResult` from the JSON file ``path`` (``experiments/races.py`` writes them).

    The result carries the file's ``command``, ``date``, ``machine`` and
    ``versions`` in ``meta``; it holds no trained models.

    Raises
    ------
    FileNotFoundError
        If there is no file at ``path``.
    ValueError
        If the file is not a race result.
    """
    try:
        payload = json.loads(Path(path).read_text(encoding="utf-8"))
        race = Race(**{**payload["race"], "learners": tuple(payload["race"]["learners"])})
        ndcg = {
            name: [np.asarray(v, dtype=float) for v in values] for name, values in payload["ndcg"].items()
        }
        meta = {key: payload[key] for key in ("command", "date", "machine", "versions")}
        return RaceResult(race, list(payload["seeds"]), ndcg, payload["seconds"], {}, meta)
    except (KeyError, TypeError, json.JSONDecodeError) as error:
        raise ValueError(
            f"{path} is not a race result written by experiments/races.py (save): {error}"
        ) from None
