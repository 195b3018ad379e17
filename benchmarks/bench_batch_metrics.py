"""Time the batch MRR and MAP of ndcg.batch_binary against a plain Python loop, in one run.

The data: 100,000 queries of 10 items (grades 0-4, skewed to 0), scored two
ways: continuous scores (no ties) and scores with 5 values (many ties). Each
batch function is timed against two loops over the rows:

* "rank + loop": rank every row by score (a stable ``np.argsort``), then call
  ``ndcg.rr`` (or ``ndcg.average_precision``) on its grades, row by row: what
  the batch function replaces;
* "loop only": ``ndcg.mrr`` (or ``ndcg.mean_average_precision``) on rows
  already ranked outside the timing, so the loop's ranking is not counted.

Both loops break ties by input order, so on tied scores the batch function
is called with ``ties="first"`` to give the same answer; its default
(``ties="average"``, the expectation over tie orders) is timed too. Every
pair of results is checked to agree to 1e-12 before a ratio is printed. The
batch functions' times are the median of 7 runs; the loops' the median of
fewer (they are slow).

Run it alone with ``python benchmarks/bench_batch_metrics.py`` (about a
minute on 2 cores), or from ``make benchmark`` through :func:`main`.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from functools import partial
from pathlib import Path

import numpy as np

import ndcg

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import load_average, median_time, processor
from _common import make_data as make_arrays


def make_data(n_queries: int, n_items: int, seed: int = 0):
    """The grades, and the two kinds of scores by name (see ``_common.make_data``)."""
    y_true, continuous, tied = make_arrays(n_queries, n_items, seed)
    return y_true, {"continuous scores": continuous, "tied scores (5 values)": tied}


def ranked_rows(y_true: np.ndarray, y_score: np.ndarray) -> list[np.ndarray]:
    """Every row's grades from the highest score to the lowest, ties in input order."""
    return [grades[np.argsort(-scores, kind="stable")] for grades, scores in zip(y_true, y_score)]


def rank_and_loop(single, y_true: np.ndarray, y_score: np.ndarray) -> float:
    """The plain loop: rank each row, apply the single-list function, average."""
    return float(np.mean([single(grades) for grades in ranked_rows(y_true, y_score)]))


#: name, batch function, single-list function, its loop over ranked rows.
METRICS = (
    ("MRR", ndcg.mrr_score, ndcg.rr, ndcg.mrr),
    ("MAP", ndcg.map_score, ndcg.average_precision, ndcg.mean_average_precision),
)


def main(argv: list[str] | None = None) -> None:
    """Print, for MRR and MAP and both kinds of score, the loop's time over the batch function's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=int, default=100_000)
    parser.add_argument("--items", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=7, help="runs of each batch function (median)")
    parser.add_argument("--loop-repeats", type=int, default=3, help="runs of each loop (median)")
    args = parser.parse_args(argv)

    y_true, cases = make_data(args.queries, args.items)
    print(f"batch MRR and MAP against a Python loop, {args.queries:,} queries x {args.items} items")
    print(
        f"machine: {processor()}, {os.cpu_count()} cores, load average {load_average()} at the start, "
        f"Python {platform.python_version()}, NumPy {np.__version__}"
    )
    print(
        f"median of {args.repeats} runs (batch) and of {args.loop_repeats} (loops); "
        "ratio = loop time / batch time"
    )
    for name, batch, single, loop in METRICS:
        for case, y_score in cases.items():
            rule = "average" if case.startswith("continuous") else "first"
            ranked = ranked_rows(y_true, y_score)
            batch_s, batch_value = median_time(partial(batch, y_true, y_score, ties=rule), args.repeats)
            loop_s, loop_value = median_time(
                partial(rank_and_loop, single, y_true, y_score), args.loop_repeats
            )
            bare_s, bare_value = median_time(partial(loop, ranked), args.loop_repeats)
            for value in (loop_value, bare_value):
                difference = abs(batch_value - value)
                assert difference <= 1e-12, f"{name}, {case}: results differ by {difference:g}"
            print(
                f"{name}, {case:>22}: batch (ties={rule!r}) {batch_s * 1e3:7.1f} ms   "
                f"rank + loop {loop_s:6.2f} s ({loop_s / batch_s:5.0f}x)   "
                f"loop only {bare_s:6.2f} s ({bare_s / batch_s:5.0f}x)   {name} = {batch_value:.6f}"
            )
            if rule == "first":
                average_s, average = median_time(partial(batch, y_true, y_score), args.repeats)
                print(
                    f"{name}, {case:>22}: batch (ties='average') {average_s * 1e3:7.1f} ms   "
                    f"({loop_s / average_s:5.0f}x and {bare_s / average_s:5.0f}x)   "
                    f"{name} = {average:.6f}, the expectation over tie orders"
                )
    print(f"load average {load_average()} at the end")


if __name__ == "__main__":
    main()
