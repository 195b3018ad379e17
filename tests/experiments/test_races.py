"""experiments/races.py: chapter 6's races runner, its JSON files (with the machine's metadata) and
its command line; each stored result reruns one seed to the same numbers."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest

import experiments.races
from ndcg.ltr import races
from ndcg.stats import paired_bootstrap

#: The races' runner, run as a script (from any folder: the tests run it from a temporary one).
RUNNER = experiments.races.__file__


def test_save_and_load_round_trip(tmp_path):
    result = races.run("offsets", seeds=[2], learners=["pointwise"])
    path = tmp_path / "sub" / "r.json"
    experiments.races.save(result, path, command="python experiments/races.py offsets --seeds 1")
    back = races.load(path)
    assert back.race == result.race and back.seeds == [2]
    assert np.allclose(back.ndcg["pointwise"][0], result.ndcg["pointwise"][0], atol=1e-12, rtol=0)
    assert set(back.meta) == {"command", "date", "machine", "versions"}
    assert back.meta["versions"]["numpy"] == np.__version__ and back.meta["machine"]["cores"] >= 1
    (tmp_path / "bad.json").write_text(json.dumps({"race": {}}), encoding="utf-8")
    with pytest.raises(ValueError, match="not a race result"):
        races.load(tmp_path / "bad.json")


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
        races.load(out).meta["command"]
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


def stored_claims():
    """Every claim chapter 6 and its companion pages judge on the stored races, with 5 and 20 seeds."""
    for name in races.RACES:
        stored = experiments.races.precomputed(name)
        for count in (5, 20):
            result = stored.first(count)
            if name == "linear":
                leader = max(result.ndcg, key=result.mean)
                pairs = [(leader, other) for other in result.ndcg if other != leader]
            elif name == "nonlinear":
                pairs = [
                    ("lightgbm", "lambdarank"),
                    ("lightgbm", "mlp-lambdarank"),
                    ("mlp-lambdarank", "lambdarank"),
                ]
            elif name.startswith("offsets"):
                pairs = [("ranknet", "pointwise")]
            else:
                pairs = [("lambdarank", "ranknet")]
            yield f"{name}, {count} seeds", result, pairs


def test_stored_races_verdicts_do_not_depend_on_the_resampling_seed():
    """The verdicts the book states (resampling seed 0) are the same with other resampling seeds."""
    for label, result, pairs in stored_claims():
        verdicts = {
            tuple(claim.verdict for claim in races.holm_claims(result, pairs, seed=seed)) for seed in range(4)
        }
        assert len(verdicts) == 1, (label, verdicts)
        assert "too close to call" not in next(iter(verdicts)), label  # the book states each one
        # the two LambdaMARTs, told apart or not by a 95 % interval, where both race
        if "xgboost" in result.ndcg:
            apart = {
                not interval.low < 0 < interval.high
                for interval in (
                    paired_bootstrap(result.diffs("xgboost", "lightgbm"), seed=seed) for seed in range(4)
                )
            }
            assert len(apart) == 1, label
