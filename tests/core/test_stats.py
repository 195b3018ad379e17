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
