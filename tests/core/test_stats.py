"""ndcg.stats: the paired bootstrap and Holm's step-down correction (evaluation statistics, NumPy only)."""

from __future__ import annotations

import numpy as np
import pytest

from ndcg import stats


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


# ------------------------------------------------------------------ Monte Carlo errors


def test_bootstrap_errors_are_the_spread_over_resampling_seeds():
    rng = np.random.default_rng(5)
    diffs = [rng.normal(0.012, 0.1, size=60) for _ in range(5)]  # p near 0.05: a share far from 0
    runs = [stats.paired_bootstrap(diffs, resamples=2_000, seed=seed) for seed in range(60)]
    for field, error in (("p_value", "p_error"), ("low", "low_error"), ("high", "high_error")):
        spread = np.std([getattr(run, field) for run in runs], ddof=1)
        stated = np.mean([getattr(run, error) for run in runs])
        assert 0.7 < stated / spread < 1.4, (field, stated, spread)
    assert all(run.resamples == 2_000 for run in runs)
    assert np.isnan(stats.Interval(0.1, 0.0, 0.2, 0.95, 0.01).p_error)  # made by hand: no error


def test_bootstrap_p_error_counts_a_share_of_zero_as_one_resample():
    result = stats.paired_bootstrap([np.full(10, 0.1), np.full(30, 0.3)], resamples=400)
    assert result.p_value == 0.0
    assert result.p_error == pytest.approx(2 * np.sqrt((1 / 400) * (1 - 1 / 400) / 400))


def holm_data(shifts, seed=4):
    """Claims on the same 5 x 60 queries, each with its mean difference exactly ``shift``."""
    rng = np.random.default_rng(seed)
    base = [rng.normal(0.0, 0.1, size=60) for _ in range(5)]
    return [[d - d.mean() + shift for d in base] for shift in shifts]


def test_holm_bootstrap_states_a_verdict_only_clear_of_its_cutoff():
    clear, none, edge = holm_data([0.05, 0.0, 0.0112])
    tests = stats.holm_bootstrap([clear, none])
    assert [t.verdict for t in tests] == ["holds", "fails"]
    assert [t.cutoff for t in tests] == [0.025, 0.05]
    assert all(abs(t.p_value - t.cutoff) >= stats.MARGIN * t.p_error for t in tests)
    (close,) = stats.holm_bootstrap([edge], max_resamples=40_000)
    assert close.verdict == "too close to call" and not close.p_value - 3 * close.p_error > 0.05
    assert close.interval.resamples == 40_000  # it drew all it was allowed before it gave up
    (loose,) = stats.holm_bootstrap([edge], margin=0)  # no margin: any side of the cut-off will do
    assert loose.verdict in ("holds", "fails") and loose.interval.resamples == 10_000


def test_holm_bootstrap_draws_more_resamples_until_the_verdicts_are_clear():
    claims = holm_data([0.05, 0.0109])  # the second: p about 0.055, within a 10,000-resample error
    tests = stats.holm_bootstrap(claims)
    final = tests[0].interval.resamples
    assert final in (10_000 * stats.GROWTH, 10_000 * stats.GROWTH**2)
    assert [t.verdict for t in tests] == ["holds", "fails"]
    # the result is paired_bootstrap with the final resamples, drawn again from the same seed
    for claim, test in zip(claims, tests):
        again = stats.paired_bootstrap(claim, resamples=final, confidence=test.interval.confidence)
        assert again == test.interval
    assert tests[1].p_holm == pytest.approx(tests[1].p_value)  # the larger p of two: Holm keeps it


def test_holm_bootstrap_verdicts_do_not_flip_with_the_seed():
    claims = holm_data([0.05, 0.0108, 0.0125])
    stated = {tuple(t.verdict for t in stats.holm_bootstrap(claims, seed=seed)) for seed in range(4)}
    assert stated == {("holds", "fails", "fails")}
    # the same claims judged the old way, 10,000 resamples and no margin, flip with the seed
    old = {
        tuple(t.verdict for t in stats.holm_bootstrap(claims, seed=seed, margin=0, max_resamples=10_000))
        for seed in range(4)
    }
    assert len(old) > 1


def test_holm_bootstrap_is_holm_on_directed_p_values():
    claims = holm_data([0.05, 0.03, -0.02])
    tests = stats.holm_bootstrap(claims)
    p = [t.p_value for t in tests]
    assert p[2] == 1.0 and tests[2].p_error == 0.0  # a claim against its sign fails, for sure
    assert [t.p_holm for t in tests] == stats.holm(p)[1]
    assert sorted(t.cutoff for t in tests) == pytest.approx([0.05 / 3, 0.05 / 2, 0.05])


@pytest.mark.parametrize(
    ("claims", "kwargs", "message"),
    [
        ([], {}, "at least one claim"),
        (np.zeros((2, 5)), {}, "claims must be a list"),
        (7, {}, "claims must be a list .* got int"),
        ([[[0.1, 0.2]], [[0.1]]], {}, r"claims\[1\]\[0\] must be a 1-D array of at least 2"),
        ([[[0.1, float("inf")]]], {}, r"claims\[0\]\[0\] must hold finite numbers"),
        ([[[0.1, 0.2]]], {"alpha": 0}, "alpha must be a number strictly between 0 and 1"),
        ([[[0.1, 0.2]]], {"margin": -1}, "margin must be a finite number >= 0"),
        ([[[0.1, 0.2]]], {"margin": float("nan")}, "margin must be"),
        ([[[0.1, 0.2]]], {"margin": True}, "margin must be"),
        ([[[0.1, 0.2]]], {"resamples": 50}, "resamples must be an integer >= 100"),
        (
            [[[0.1, 0.2]]],
            {"resamples": 1000, "max_resamples": 500},
            "max_resamples must be an integer >= 1000",
        ),
        ([[[0.1, 0.2]]], {"seed": 1.5}, "seed must be an integer >= 0"),
    ],
)
def test_holm_bootstrap_bad_input(claims, kwargs, message):
    with pytest.raises(ValueError, match=message):
        stats.holm_bootstrap(claims, **kwargs)
