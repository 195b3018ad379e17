"""The NDCG benchmark script runs, at a tiny size (no timing is asserted)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

from ndcg import batch_graded

pytest.importorskip("sklearn")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_ndcg_score.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_ndcg_score", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_comparison_runs_and_prints_every_shape_and_score_kind(bench, capsys):
    bench.main(["--tiny", "--quick", "--repeats", "1", "--no-batch-metrics"])
    out = capsys.readouterr().out
    assert "SIMD:" in out
    for n_queries, n_items in bench.TINY_SHAPES:
        rows = [
            line for line in out.splitlines() if line.lstrip().startswith(f"{n_queries:,} x {n_items:<6,}")
        ]
        assert len(rows) == 2, out
        assert any("continuous" in row for row in rows) and any("tied" in row for row in rows)
        for row in rows:
            assert row.count("x |") >= 1 and "MB" in row


def test_the_threshold_chunk_and_paired_modes_run(bench, capsys, monkeypatch):
    monkeypatch.setattr(batch_graded, "CHUNK_BYTES", 4096)
    bench.main(["--threshold", "--repeats", "1"])
    bench.main(["--chunk-sweep", "--tiny", "--repeats", "1"])
    bench.main(["--paired", "--tiny", "--repeats", "2"])
    out = capsys.readouterr().out
    assert "time(sort) / time(partition)" in out and "CHUNK_BYTES" in out
    assert out.count("previous / ndcg") == 2 * len(bench.TINY_SHAPES)
    assert batch_graded.CHUNK_BYTES == 4096  # the sweep restores the setting


def test_the_floor_partitions_scores_and_grades(bench):
    y_true, cases = bench.make_data(5, 40)
    by_score, by_grade = bench.floor_chunk(y_true, cases["continuous"], 10)
    top = np.take_along_axis(cases["continuous"], by_score[:, -10:], axis=1)
    np.testing.assert_array_equal(np.sort(top, axis=1), np.sort(cases["continuous"], axis=1)[:, -10:])
    best = np.take_along_axis(y_true, by_grade[:, -10:], axis=1)
    np.testing.assert_array_equal(np.sort(best, axis=1), np.sort(y_true, axis=1)[:, -10:])


def test_the_floor_runs_on_the_chunks_ndcg_score_uses(bench, monkeypatch):
    monkeypatch.setattr(batch_graded, "CHUNK_BYTES", 8 * 40 * 2)  # two rows of 40 items a chunk
    seen = []
    monkeypatch.setattr(bench, "floor_chunk", lambda t, s, k: seen.append(t.shape))
    y_true, cases = bench.make_data(5, 40)
    bench.floor(y_true, cases["tied (5 values)"], 10)
    assert seen == [(2, 40), (2, 40), (1, 40)]


def test_rounds_call_every_function_once_a_round_in_a_turning_order(bench):
    calls = []
    times = bench.rounds({name: (lambda n=name: calls.append(n)) for name in "abc"}, 3)
    assert calls == ["a", "b", "c", "b", "c", "a", "c", "a", "b"]
    assert all(
        len(rows) == 3 and all(wall >= 0 and cpu >= 0 for wall, cpu, _ in rows) for rows in times.values()
    )


def test_the_real_batch_metrics_benchmark_runs_from_the_ndcg_one(bench, capsys):
    bench.main(["--tiny", "--quick", "--repeats", "1"])
    out = capsys.readouterr().out
    assert "batch MRR and MAP against a Python loop, 200 queries" in out
