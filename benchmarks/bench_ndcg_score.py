"""Time ndcg.ndcg_score against sklearn.metrics.ndcg_score, in one run.

Two cases on the same shape (20,000 queries x 100 items, k=10):
continuous scores (no ties), and heavily tied scores (5 distinct values).
For each, both functions run on the same data, the results are checked to
agree to 1e-9, and the ratio of the best of several timings is printed.

Run with ``make benchmark`` (or ``python benchmarks/bench_ndcg_score.py``).
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import numpy as np
import sklearn
from sklearn.metrics import ndcg_score as sklearn_ndcg_score

import ndcg


def best_time(function, repeats: int) -> tuple[float, float]:
    """Best wall-clock time of ``repeats`` calls, and the value returned."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        value = function()
        best = min(best, time.perf_counter() - start)
    return best, value


def make_data(n_queries: int, n_items: int, seed: int = 0):
    """Grades 0-4 skewed to 0, continuous scores, and scores with 5 values."""
    rng = np.random.default_rng(seed)
    y_true = rng.choice(5, size=(n_queries, n_items), p=[0.5, 0.25, 0.13, 0.08, 0.04])
    continuous = y_true + rng.normal(scale=2.0, size=y_true.shape)
    tied = rng.integers(0, 5, size=y_true.shape).astype(float)
    return y_true.astype(float), {"continuous scores": continuous, "tied scores (5 values)": tied}


def processor() -> str:
    """The CPU's model name where the system tells it (Linux), else the architecture."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=20_000)
    parser.add_argument("--items", type=int, default=100)
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    y_true, cases = make_data(args.queries, args.items)
    print(f"ndcg_score, {args.queries:,} queries x {args.items} items, k={args.k}")
    print(
        f"machine: {processor()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, NumPy {np.__version__}, scikit-learn {sklearn.__version__}"
    )
    for name, y_score in cases.items():
        ours_s, ours = best_time(lambda s=y_score: ndcg.ndcg_score(y_true, s, k=args.k), args.repeats)
        theirs_s, theirs = best_time(lambda s=y_score: sklearn_ndcg_score(y_true, s, k=args.k), args.repeats)
        difference = abs(ours - theirs)
        assert difference <= 1e-9, f"{name}: results differ by {difference:g}"
        print(
            f"{name:>24}: ndcg {ours_s * 1e3:8.1f} ms   scikit-learn {theirs_s * 1e3:8.1f} ms   "
            f"ratio {theirs_s / ours_s:6.1f}x   (NDCG@{args.k} = {ours:.6f}, |diff| = {difference:.1e})"
        )


if __name__ == "__main__":
    main()
