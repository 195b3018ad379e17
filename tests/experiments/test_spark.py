"""experiments/spark.py and its saved results, experiments/results/spark.json (chapter 4's page
"NDCG beyond one machine" shows them as precomputed).

The saved values are checked on every run against what ``ndcg`` computes. Where Java 17 or newer
and the ``spark`` set (requirements-spark.txt: pyspark, pandas, pyarrow) are installed, Spark runs
again, once for the module, and every saved value must come back; elsewhere that test is skipped
with how to get them (``python3 tools/run.py spark``).
"""

from __future__ import annotations

import math

import pytest

import experiments.spark as spark_run
import ndcg
from ndcg.conventions import CONVENTIONS, ndcg_under
from ndcg.course.scale import example_queries, spark_ndcg

SAVED = spark_run.load()
#: What a re-run may change: when and where it ran.
CIRCUMSTANCES = {"command", "date", "machine", "versions"}


def test_the_saved_file_says_what_produced_it():
    assert set(SAVED) >= CIRCUMSTANCES | {"binary", "unsorted", "films", "empty", "map_in_pandas"}
    assert SAVED["command"].startswith("python experiments/spark.py") and SAVED["date"].endswith("UTC")
    versions = SAVED["versions"]
    assert versions["spark"] == versions["pyspark"] == CONVENTIONS["spark"].version
    assert int(versions["java"].split(".")[0]) >= spark_run.JAVA_MIN
    pins = (spark_run.RESULTS.parent.parent / "requirements-spark.txt").read_text(encoding="utf-8")
    for name in ("pyspark", "pandas", "pyarrow"):
        assert f"\n{name}=={versions[name]}\n" in pins, (
            f"{name}: saved with another version than the lock pins"
        )


def test_pyspark_drops_the_relevances_and_scala_s_graded_form_is_exponential():
    b = SAVED["binary"]
    assert b["pyspark_with_relevances"] == b["pyspark_labels_only"] == 1.0
    assert b["pyspark_with_relevances"] == spark_ndcg(b["predicted"], b["labels"], None, b["k"])
    grades = [dict(zip(b["labels"], b["relevances"]))[item] for item in b["predicted"]]
    assert b["scala_graded"] == pytest.approx(ndcg.ndcg(grades, b["k"], gain="exponential"), abs=1e-12)
    assert b["scala_graded"] < 1


def test_the_ideal_is_the_ground_truth_in_the_order_given():
    u = SAVED["unsorted"]
    assert u["as_given"] > 1 and u["sorted"] == 1.0
    assert u["as_given"] == pytest.approx(
        spark_ndcg(u["predicted"], u["labels"], u["relevances"], u["k"]), abs=1e-12
    )


def test_with_a_sorted_ground_truth_spark_is_its_recorded_convention():
    f = SAVED["films"]
    assert f["relevances"] == sorted(f["relevances"], reverse=True)
    grades = [dict(zip(f["labels"], f["relevances"]))[item] for item in f["predicted"]]
    scores = list(range(len(grades), 0, -1))
    assert f["ndcg"] == pytest.approx(ndcg_under("spark", grades, scores, 5), abs=1e-12)
    assert f["k3"] == pytest.approx(ndcg_under("spark", grades, scores, 3), abs=1e-12)
    judged = [3.0, *f["relevances"]]  # film F: judged, never shown
    assert f["with_f"] == pytest.approx(ndcg_under("spark", grades, scores, 5, judged=judged), abs=1e-12)
    # the same films as chapter 4 scores them: its coarse scores, ties in input order
    assert f["ndcg"] == pytest.approx(ndcg_under("spark", [3, 2, 1, 0, 2], [3, 2, 3, 1, 2], 5), abs=1e-12)


def test_an_empty_ground_truth_counts_0():
    e = SAVED["empty"]
    assert e["alone"] == 1.0 and e["with_empty"] == e["with_zeros"] == e["pyspark_with_empty"] == 0.5
    assert CONVENTIONS["spark"].empty_query == 0.0


def test_map_in_pandas_gives_the_one_machine_fsum_mean_to_the_last_bit():
    run = SAVED["map_in_pandas"]
    grades, scores = example_queries(*run["shape"], seed=run["seed"])
    values = ndcg.ndcg_per_query(grades, scores, k=run["k"])
    assert run["equal_to_the_last_bit"] and run["mean"] == run["one_machine_mean"]
    # here: the same up to this processor's last bits (its log2 may round otherwise)
    assert float.fromhex(run["mean"]) == pytest.approx(math.fsum(values) / len(values), abs=1e-12)
    assert (
        sum(run["queries_per_partition"]) == run["shape"][0]
        and len(run["queries_per_partition"]) == run["partitions"]
    )
    assert run["batches"] > run["partitions"], "some partition was cut into several batches"


def test_without_java_it_says_how_to_get_it(monkeypatch):
    monkeypatch.setattr(spark_run, "java_major", lambda java=None: None)
    assert "openjdk-17-jre-headless" in spark_run.java_problem()
    monkeypatch.setattr(spark_run, "java_major", lambda java=None: 11)
    assert "Java 11 was found" in spark_run.java_problem()
    monkeypatch.setattr(spark_run, "java_major", lambda java=None: 21)
    assert spark_run.java_problem() is None


@pytest.fixture(scope="module")
def spark():
    """One local Spark session for the module (starting Spark takes most of the time), or a skip
    that says how to get Java and the spark set."""
    problem = spark_run.java_problem() or spark_run.set_problem()
    if problem:
        pytest.skip(f"Spark is not run here: {problem}")
    session = spark_run.session()
    yield session
    session.stop()


def same(measured, saved, where="") -> list[str]:
    """Where ``measured`` and ``saved`` differ: numbers by more than 1e-11 (another processor may
    round a logarithm otherwise; hexadecimal floats compared as numbers), everything else exactly."""
    if isinstance(saved, dict) and isinstance(measured, dict):
        if set(saved) != set(measured):
            return [f"{where}: keys {sorted(set(saved) ^ set(measured))}"]
        return [d for key in saved for d in same(measured[key], saved[key], f"{where}.{key}")]
    if isinstance(saved, list) and isinstance(measured, list) and len(saved) == len(measured):
        return [
            d
            for i, (m, v) in enumerate(zip(measured, saved, strict=True))
            for d in same(m, v, f"{where}[{i}]")
        ]
    if isinstance(saved, str) and saved.startswith("0x") and isinstance(measured, str):
        saved, measured = float.fromhex(saved), float.fromhex(measured)
    if isinstance(saved, float) and not isinstance(measured, bool) and isinstance(measured, (int, float)):
        return [] if abs(measured - saved) <= 1e-11 else [f"{where}: {measured} != {saved}"]
    return [] if measured == saved else [f"{where}: {measured!r} != {saved!r}"]


def test_spark_run_again_gives_every_saved_value(spark):
    measured = spark_run.measure(spark)
    saved = {key: value for key, value in SAVED.items() if key not in CIRCUMSTANCES}
    assert measured["map_in_pandas"]["equal_to_the_last_bit"]
    assert same(measured, saved) == []
    versions = spark_run.versions(spark)
    assert (
        versions["spark"] == SAVED["versions"]["spark"] and versions["pandas"] == SAVED["versions"]["pandas"]
    )


def test_the_comparison_finds_a_difference():
    assert same({"a": [1.0, "0x1.0p+0"]}, {"a": [1.0, "0x1.0p+0"]}) == []
    assert same({"a": [1.0]}, {"a": [1.1]}) == [".a[0]: 1.0 != 1.1"]
    assert same({"a": 1}, {"b": 1}) == [": keys ['a', 'b']"]
    assert same({"x": True}, {"x": False}) == [".x: True != False"]
