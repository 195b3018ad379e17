"""ndcg.ltr.races (multi-seed races), ndcg.stats (paired bootstrap, Holm), experiments/races.py
(the runner and its JSON files) and make_letor's switches."""

from __future__ import annotations

import dataclasses
import json
import math
import subprocess
import sys

import numpy as np
import pytest

import experiments.races
from ndcg import ltr, stats
from ndcg.ltr import races
from ndcg.ltr.letor import GRADE_FRACTIONS, make_letor

#: The races' runner, run as a script (from any folder: the tests run it from a temporary one).
RUNNER = experiments.races.__file__

# ------------------------------------------------------------------ make_letor's switches


def old_make_letor(n_queries, seed, min_docs=5, max_docs=40):
    """make_letor as it was before the switches, kept here to prove the defaults did not move."""
    rng = np.random.default_rng(seed)
    sizes = rng.integers(min_docs, max_docs + 1, size=n_queries)
    qid = np.repeat(np.arange(n_queries, dtype=np.int64), sizes)
    n_docs = int(sizes.sum())
    z = rng.standard_normal((n_docs, 5))
    w = rng.uniform(0.5, 1.5, size=5)
    signal = z @ w / np.linalg.norm(w)
    latent = signal + rng.normal(0.0, 0.5, size=n_queries)[qid] + rng.normal(0.0, 1.0, size=n_docs)
    thresholds = np.quantile(latent, np.cumsum(GRADE_FRACTIONS)[:-1])
    y = np.searchsorted(thresholds, latent, side="right").astype(np.int64)
    latent_std = (latent - latent.mean()) / latent.std()
    noisy = 0.25 * latent_std[:, None] + math.sqrt(1 - 0.25**2) * rng.standard_normal((n_docs, 5))
    X = np.hstack([z, noisy, rng.standard_normal((n_docs, 5))])
    X += rng.normal(0.0, 1.0, size=(n_queries, 15))[qid]
    return X, y, qid


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_the_defaults_give_the_old_arrays(seed):
    for new, old in zip(make_letor(n_queries=40, seed=seed), old_make_letor(40, seed)):
        assert np.array_equal(new, old)


def per_query_means(values, qid):
    return np.array([values[qid == q].mean() for q in np.unique(qid)])


def test_nonlinear_relevance_follows_the_interaction_not_a_line():
    X, y, _qid = make_letor(
        n_queries=400, relevance="nonlinear", query_offset_sd=0.0, feature_shift_sd=0.0, seed=0
    )
    z = X[:, :5]
    product = z[:, 0] * z[:, 1]
    assert np.corrcoef(product, y)[0, 1] > 0.3
    # no single informative feature is linearly related to the grade through the product term
    assert abs(np.corrcoef(z[:, 0], y)[0, 1]) < 0.05 and abs(np.corrcoef(z[:, 1], y)[0, 1]) < 0.05
    both = (z[:, 2] > 0) & (z[:, 3] > 0)
    assert y[both].mean() > y[~both].mean() + 0.5
    assert y[z[:, 4] > 1].mean() > y[z[:, 4] <= 1].mean() + 0.3


def test_tiered_relevance_z1_orders_only_the_top_tier():
    X, y, _qid = make_letor(
        n_queries=400,
        relevance="tiered",
        label_noise_sd=0.3,
        query_offset_sd=0.0,
        feature_shift_sd=0.0,
        seed=0,
    )
    z0, z1 = X[:, 0], X[:, 1]
    top, low = z0 > 0.5, z0 < 0
    assert np.corrcoef(z1[top], y[top])[0, 1] > 0.5
    assert abs(np.corrcoef(z1[low], y[low])[0, 1]) < 0.05


def test_query_offsets_move_whole_queries():
    spread = {
        sd: per_query_means(
            make_letor(n_queries=300, query_offset_sd=sd, seed=2)[1].astype(float),
            make_letor(n_queries=300, query_offset_sd=sd, seed=2)[2],
        ).std()
        for sd in (0.0, 2.0)
    }
    assert spread[2.0] > 2 * spread[0.0]


def test_label_noise_weakens_the_features():
    corr = {}
    for sd in (0.0, 3.0):
        X, y, _ = make_letor(
            n_queries=300, label_noise_sd=sd, query_offset_sd=0.0, feature_shift_sd=0.0, seed=3
        )
        corr[sd] = abs(np.corrcoef(X[:, :5].sum(axis=1), y)[0, 1])
    assert corr[0.0] > 0.8 and corr[3.0] < 0.35


def test_feature_shift_sd_sets_the_per_query_shift():
    for sd, low, high in ((0.0, 0.0, 0.3), (2.0, 1.5, 2.5)):
        X, _, qid = make_letor(n_queries=300, feature_shift_sd=sd, seed=4)
        useless = X[:, 10]
        assert low <= per_query_means(useless, qid).std() <= high


@pytest.mark.parametrize("probs", [(0.5, 0.5), (0.7, 0.2, 0.1), (0.2, 0.2, 0.2, 0.2, 0.1, 0.1)])
def test_grade_probs(probs):
    _, y, _ = make_letor(n_queries=300, grade_probs=probs, seed=5)
    shares = np.bincount(y, minlength=len(probs)) / y.size
    assert len(shares) == len(probs)
    assert np.allclose(shares, probs, atol=0.002)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"relevance": "quadratic"}, "relevance must be one of 'linear', 'nonlinear', 'tiered'"),
        ({"relevance": "nonlinear", "n_informative": 4}, "uses 5 informative features"),
        ({"relevance": "tiered", "n_informative": 1}, "uses 2 informative features"),
        ({"query_offset_sd": -1.0}, "query_offset_sd must be a finite number >= 0"),
        ({"label_noise_sd": float("nan")}, "label_noise_sd must be a finite number >= 0"),
        ({"feature_shift_sd": True}, "feature_shift_sd must be a finite number >= 0"),
        ({"feature_shift_sd": "1"}, "feature_shift_sd must be a finite number >= 0"),
        ({"grade_probs": (1.0,)}, "at least two positive shares"),
        ({"grade_probs": (0.5, 0.6)}, "must sum to 1"),
        ({"grade_probs": (1.2, -0.2)}, "at least two positive shares"),
        ({"grade_probs": "abc"}, "sequence of numbers"),
        ({"grade_probs": 0.5}, "sequence of numbers"),
    ],
)
def test_bad_switches(kwargs, message):
    with pytest.raises(ValueError, match=message):
        make_letor(n_queries=5, **kwargs)


# ------------------------------------------------------------------ the bootstrap and Holm


def test_bootstrap_of_constant_differences():
    result = stats.paired_bootstrap([np.full(10, 0.1), np.full(30, 0.3)])
    assert result.mean == pytest.approx(0.2)  # the mean of the seeds' means, not of all queries
    assert result.low == pytest.approx(0.2) and result.high == pytest.approx(0.2)
    assert result.p_value == 0.0
    zero = stats.paired_bootstrap([np.zeros(12)])
    assert (zero.low, zero.high, zero.p_value) == (0.0, 0.0, 1.0)


def test_bootstrap_is_deterministic_and_its_level_widens_it():
    rng = np.random.default_rng(0)
    diffs = [rng.normal(0.02, 0.1, size=50) for _ in range(5)]
    assert stats.paired_bootstrap(diffs) == stats.paired_bootstrap(diffs)
    narrow, wide = stats.paired_bootstrap(diffs), stats.paired_bootstrap(diffs, confidence=0.99)
    assert wide.low < narrow.low < narrow.mean < narrow.high < wide.high


def test_bootstrap_interval_covers_the_truth_about_95_percent_of_the_time():
    rng = np.random.default_rng(1)
    covered = 0
    trials = 200
    for trial in range(trials):
        diffs = [rng.normal(0.0, 0.1, size=40) for _ in range(5)]
        result = stats.paired_bootstrap(diffs, resamples=1000, seed=trial)
        covered += result.low <= 0.0 <= result.high
    assert 0.9 <= covered / trials <= 0.99


def test_bootstrap_p_value_and_interval_agree():
    rng = np.random.default_rng(2)
    for shift in (0.0, 0.01, 0.02, 0.03, 0.05):
        diffs = [rng.normal(shift, 0.1, size=40) for _ in range(5)]
        result = stats.paired_bootstrap(diffs)
        excludes = result.low > 0 or result.high < 0
        if abs(result.p_value - 0.05) > 0.005:  # away from the boundary, where ties may decide
            assert excludes == (result.p_value < 0.05)


@pytest.mark.parametrize(
    ("diffs", "kwargs", "message"),
    [
        ([], {}, "at least one seed"),
        ([[0.1]], {}, "at least 2 per-query differences"),
        ([[0.1, float("nan")]], {}, "finite numbers"),
        ([[0.1, 0.2], [[0.1, 0.2]]], {}, r"diffs\[1\] must be a 1-D array"),
        ([[0.1, 0.2]], {"confidence": 1.0}, "confidence must be a number strictly between 0 and 1"),
        ([[0.1, 0.2]], {"confidence": True}, "confidence must be"),
        ([[0.1, 0.2]], {"resamples": 10}, "resamples"),
        ([[0.1, 0.2]], {"seed": -1}, "seed must be an integer >= 0"),
    ],
)
def test_bootstrap_bad_input(diffs, kwargs, message):
    with pytest.raises(ValueError, match=message):
        stats.paired_bootstrap(diffs, **kwargs)


def test_holm():
    assert stats.holm([0.01, 0.02, 0.03]) == ([True, True, True], [0.03, 0.04, 0.04])
    rejected, adjusted = stats.holm([0.04, 0.01])
    assert adjusted == [0.04, 0.02] and rejected == [True, True]
    assert stats.holm([0.5]) == ([False], [0.5])
    assert stats.holm([0.3, 0.6, 0.9]) == ([False, False, False], [0.9, 1.0, 1.0])
    with pytest.raises(ValueError, match="p_values"):
        stats.holm([])
    with pytest.raises(ValueError, match="p_values"):
        stats.holm([1.5])
    with pytest.raises(ValueError, match="alpha"):
        stats.holm([0.1], alpha=0)


def fake_result(**learners):
    return races.RaceResult(
        races.RACES["cutoff-linear"], [0], {k: [np.asarray(v, float)] for k, v in learners.items()}, {}
    )


def test_holm_claims_use_stricter_levels_and_step_down():
    rng = np.random.default_rng(3)
    base = rng.uniform(0.3, 0.7, size=80)
    result = fake_result(
        a=base + 0.2,
        b=base,  # a beats b clearly
        c=base + 0.2 - np.abs(rng.normal(0, 0.02, size=80)),  # a beats c a little
        d=base + 0.3,  # a does NOT beat d: the claim is against its sign
    )
    claims = races.holm_claims(result, [("a", "b"), ("a", "c"), ("a", "d")])
    by = {claim.loser: claim for claim in claims}
    levels = sorted(claim.interval.confidence for claim in claims)
    assert levels == pytest.approx([1 - 0.05, 1 - 0.05 / 2, 1 - 0.05 / 3])
    assert by["b"].holds and by["b"].interval.low > 0
    assert not by["d"].holds and by["d"].interval.mean < 0
    assert by["d"].p_holm == 1.0
    (single,) = races.holm_claims(result, [("a", "b")])
    assert single.interval.confidence == 0.95


def test_holm_claims_bad_pairs():
    result = fake_result(a=[0.5, 0.6], b=[0.4, 0.5])
    with pytest.raises(ValueError, match="pairs must be"):
        races.holm_claims(result, [("a", "zzz")])
    with pytest.raises(ValueError, match="at least one"):
        races.holm_claims(result, [])


# ------------------------------------------------------------------ running races


def test_run_is_deterministic_and_paired():
    first = races.run("offsets", seeds=[0, 1])
    second = races.run("offsets", seeds=[0, 1])
    for learner in ("pointwise", "ranknet"):
        for a, b in zip(first.ndcg[learner], second.ndcg[learner]):
            assert np.array_equal(a, b)
    parts = races.split("offsets", 1)
    n_test = np.unique(parts["test"][2]).size
    assert [len(v) for v in first.ndcg["ranknet"]] == [
        np.unique(races.split("offsets", 0)["test"][2]).size,
        n_test,
    ]
    diffs = first.diffs("ranknet", "pointwise")
    assert np.allclose(diffs[1], first.ndcg["ranknet"][1] - first.ndcg["pointwise"][1])
    assert len(first.models["ranknet"]) == 2 and all(t > 0 for t in first.seconds["ranknet"])


def test_a_seed_is_one_fit_predict():
    parts = races.split("cutoff-tiered", 4)
    r = races.RACES["cutoff-tiered"]
    scores = races.fit_predict(
        "lambdarank", parts["train"], parts["test"][0], seed=4, k=r.k, epochs=r.epochs, lr=r.lr
    )
    result = races.run("cutoff-tiered", seeds=[4], learners=["lambdarank"])
    y, qid = parts["test"][1], parts["test"][2]
    assert np.array_equal(result.ndcg["lambdarank"][0], ltr.ndcg_per_group(y, scores, qid, r.k))


def test_split_standardizes_only_when_asked():
    raw = races.split("offsets", 0)["train"][0]
    std = races.split("offsets-standardized", 0)["train"][0]
    assert not np.allclose(raw, std)
    qid = races.split("offsets-standardized", 0)["train"][2]
    first = std[qid == qid[0]]
    assert np.allclose(first.mean(axis=0), 0, atol=1e-12)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: races.run("nope"), "race must be a Race or one of"),
        (lambda: races.run("offsets", seeds=[]), "seeds must be distinct"),
        (lambda: races.run("offsets", seeds=[1, 1]), "seeds must be distinct"),
        (lambda: races.run("offsets", seeds=[-1]), "every seed must be an integer >= 0"),
        (lambda: races.run("offsets", seeds=[0.5]), "every seed must be an integer >= 0"),
        (lambda: races.run("offsets", learners=["svm"]), "learners must be keys of LEARNERS"),
        (lambda: races.fit_predict("svm", (None, None, None), None), "learner must be one of"),
        (lambda: races.split("offsets", True), "seed must be an integer >= 0"),
    ],
)
def test_run_bad_input(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_every_race_is_well_formed():
    for name, r in races.RACES.items():
        assert r.name == name and r.learners and all(learner in races.LEARNERS for learner in r.learners)
        make_letor(n_queries=5, **r.data)  # the switches exist


# ------------------------------------------------------------------ saving and the precomputed results


def test_save_and_load_round_trip(tmp_path):
    result = races.run("offsets", seeds=[2], learners=["pointwise"])
    path = tmp_path / "sub" / "r.json"
    experiments.races.save(result, path, command="python experiments/races.py offsets --seeds 1")
    back = experiments.races.load(path)
    assert back.race == result.race and back.seeds == [2]
    assert np.allclose(back.ndcg["pointwise"][0], result.ndcg["pointwise"][0], atol=1e-12, rtol=0)
    assert set(back.meta) == {"command", "date", "machine", "versions"}
    assert back.meta["versions"]["numpy"] == np.__version__ and back.meta["machine"]["cores"] >= 1
    (tmp_path / "bad.json").write_text(json.dumps({"race": {}}), encoding="utf-8")
    with pytest.raises(ValueError, match="not a race result"):
        experiments.races.load(tmp_path / "bad.json")


@pytest.mark.parametrize("name", list(races.RACES))
def test_precomputed_result_matches_its_race_and_one_seed_reruns(name):
    stored = experiments.races.precomputed(name)
    assert stored.race == races.RACES[name], f"experiments/results/race-{name}.json is stale: run make races"
    assert stored.seeds == list(range(20))
    assert stored.meta["command"] == f"python experiments/races.py {name} --seeds 20"
    assert set(stored.ndcg) == set(races.RACES[name].learners)
    seed = 7
    again = races.run(name, seeds=[seed])
    for learner, values in again.ndcg.items():
        assert np.allclose(values[0], stored.ndcg[learner][seed], atol=1e-9, rtol=0), (name, learner)


def test_precomputed_missing_file_says_how_to_make_it(monkeypatch, tmp_path):
    monkeypatch.setattr(experiments.races, "RESULTS", tmp_path)
    with pytest.raises(FileNotFoundError, match="make races"):
        experiments.races.precomputed("offsets")


def test_command_line(tmp_path):
    out = tmp_path / "offsets.json"
    done = subprocess.run(
        [sys.executable, RUNNER, "offsets", "--seeds", "1", "--out", str(out)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "seed   0  pointwise" in done.stdout and f"wrote {out}" in done.stdout
    assert (
        experiments.races.load(out).meta["command"]
        == f"python experiments/races.py offsets --seeds 1 --out {out.as_posix()}"
    )
    bad = subprocess.run(
        [sys.executable, RUNNER, "all", "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and "give one race" in bad.stderr
    zero = subprocess.run(
        [sys.executable, RUNNER, "offsets", "--seeds", "0"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert zero.returncode == 2 and "--seeds must be at least 1" in zero.stderr


def test_a_race_of_your_own():
    mine = dataclasses.replace(
        races.RACES["offsets"], name="mine", data={"grade_probs": (0.7, 0.3)}, n_queries=60
    )
    result = races.run(mine, seeds=[0])
    assert 0 < result.mean("ranknet") <= 1
