"""ndcg.ltr.races: the multi-seed races (their learners, splits and fits) and Holm's claims on a race's
result. The bootstrap and Holm are in tests/core/test_stats.py, the runner and its JSON files in
tests/experiments/test_races.py, make_letor's switches in tests/ltr/test_synthetic.py."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from ndcg import ltr, stats
from ndcg.ltr import races
from ndcg.ltr.synthetic import make_letor


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
    assert [by[name].verdict for name in "bcd"] == ["holds", "holds", "fails"]
    assert sorted(claim.cutoff for claim in claims) == pytest.approx([0.05 / 3, 0.05 / 2, 0.05])
    assert all(claim.interval.confidence == pytest.approx(1 - claim.cutoff) for claim in claims)
    (single,) = races.holm_claims(result, [("a", "b")])
    assert single.interval.confidence == 0.95


def test_holm_claims_are_holm_bootstrap_on_the_pairs_differences():
    rng = np.random.default_rng(3)
    base = rng.uniform(0.3, 0.7, size=80)
    result = fake_result(a=base + 0.02 + rng.normal(0, 0.08, size=80), b=base, c=base + 0.005)
    claims = races.holm_claims(result, [("a", "b"), ("a", "c")], seed=2)
    tests = stats.holm_bootstrap([result.diffs("a", "b"), result.diffs("a", "c")], seed=2)
    for claim, test in zip(claims, tests):
        assert (
            claim.interval,
            claim.p_value,
            claim.p_error,
            claim.cutoff,
            claim.p_holm,
            claim.verdict,
        ) == test
        assert claim.holds == (test.verdict == "holds")
    loose = races.holm_claims(result, [("a", "b")], margin=0, resamples=200, max_resamples=200)
    assert loose[0].interval.resamples == 200


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


def test_a_race_of_your_own():
    mine = dataclasses.replace(
        races.RACES["offsets"], name="mine", data={"grade_probs": (0.7, 0.3)}, n_queries=60
    )
    result = races.run(mine, seeds=[0])
    assert 0 < result.mean("ranknet") <= 1
