"""How far ndcg.ndcg_score is from the floor, scikit-learn and its previous version, in one run.

For each shape (queries x items) and two kinds of scores, continuous (no ties)
and tied (5 distinct values), with k=10, it times, in interleaved rounds (each
round calls each function once, in an order that turns from round to round):

* ``ndcg.ndcg_score``;
* the floor, the work any exact NDCG@k must do, on the same chunks of rows as
  ``ndcg_score`` (:data:`ndcg.batch_graded.CHUNK_BYTES` of input per chunk):
  one ``argpartition`` of each chunk's scores plus one of its grades (for the
  ideal ranking), so that both move the same data through the same cache
  (on the whole matrix at once the floor's time is another matter: issue 34
  measured it at three times the chunked floor's CPU time on one machine, and
  0.8 times on another);
* the implementation before issue 15 (``_previous_ndcg.py``, a frozen copy);
* ``sklearn.metrics.ndcg_score``, after the rounds (at 1,000,000 x 20 it takes
  about a minute a run: one run there, and none with ``--quick`` or
  ``--no-sklearn``).

Each time is taken as wall-clock time and as this process's CPU time; the
ratios are the medians of the ratios within each round, which a shared
machine's changing load disturbs less than separate medians. It checks that
the three agree (1e-9 against scikit-learn, 1e-12 against the previous
version), prints the peak extra memory of each call (``tracemalloc``, inputs
already float64 and C-contiguous), and the SIMD targets NumPy uses.
``--threshold`` measures where a partition beats a full sort
(``ndcg.batch_graded._use_partition``); ``--chunk-sweep`` times chunk sizes
(``ndcg.batch_graded.CHUNK_BYTES``); ``--paired`` adds scikit-learn to the
rounds.

Run with ``make benchmark`` (or ``python benchmarks/bench_ndcg_score.py``).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tracemalloc
from pathlib import Path

import numpy as np

import ndcg
from ndcg import batch_graded
from ndcg._rows import row_blocks

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import _previous_ndcg  # noqa: E402  (next to this file)
import bench_batch_metrics  # noqa: E402
from _common import load_average, median_time, processor, timed  # noqa: E402
from _common import make_data as make_arrays  # noqa: E402


def make_data(n_queries: int, n_items: int, seed: int = 0):
    """The grades, and the two kinds of scores by name (see ``_common.make_data``)."""
    y_true, continuous, tied = make_arrays(n_queries, n_items, seed)
    return y_true, {"continuous": continuous, "tied (5 values)": tied}


#: The four shapes of issue 15's table, and 200,000 x 20 (issue 34: short rows, more than one chunk,
#: small enough for scikit-learn's seven runs).
SHAPES = ((20_000, 100), (200_000, 20), (1_000_000, 20), (1_000, 1_000), (1_000, 10_000))
#: Tiny shapes, for the test that runs this script.
TINY_SHAPES = ((50, 30), (20, 300))
#: From this many cells (1,000,000 x 20), one run of scikit-learn takes about a minute.
SKLEARN_SLOW_CELLS = 20_000_000


def shape(text: str) -> tuple[int, int]:
    """``"1000x1000"`` (underscores and commas allowed) as ``(1000, 1000)``."""
    try:
        n_queries, n_items = (int(part.replace("_", "").replace(",", "")) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a shape is QUERIESxITEMS, such as 1000x1000; got {text!r}"
        ) from None
    if n_queries < 1 or n_items < 1:
        raise argparse.ArgumentTypeError(f"a shape needs at least one query and one item; got {text!r}")
    return n_queries, n_items


def peak_memory(function) -> int:
    """Peak bytes allocated (``tracemalloc``) during one call, beyond what was held before."""
    tracemalloc.start()
    try:
        function()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak


def floor_chunk(y_true: np.ndarray, y_score: np.ndarray, k: int):
    """The floor's work on one chunk of rows: one partition of the scores and one of the grades."""
    n_items = y_true.shape[1]
    if k >= n_items:
        return np.argsort(y_score, axis=1), np.argsort(y_true, axis=1)
    return (
        np.argpartition(y_score, n_items - k, axis=1),
        np.argpartition(y_true, n_items - k, axis=1),
    )


def floor(y_true: np.ndarray, y_score: np.ndarray, k: int) -> None:
    """The work any exact NDCG@k must do, on the chunks of rows ``ndcg_score`` uses (:func:`floor_chunk` each)."""
    n_queries, n_items = y_true.shape
    for rows in row_blocks(n_queries, n_items, batch_graded.CHUNK_BYTES):
        floor_chunk(y_true[rows], y_score[rows], k)


def rounds(functions: dict, repeats: int) -> dict:
    """``{name: [(wall, cpu, value), ...]}``: each function called once per round, in turn.

    The order turns by one place each round, so no function always runs
    right after the same other one (whose data would still be in the cache).
    """
    names = list(functions)
    times = {name: [] for name in names}
    for round_ in range(repeats):
        shift = round_ % len(names)
        for name in names[shift:] + names[:shift]:
            times[name].append(timed(functions[name]))
    return times


def ratio(times: dict, over: str, under: str, clock: int) -> float:
    """Median over rounds of ``time(over) / time(under)``; ``clock`` 0 is wall time, 1 CPU time."""
    return statistics.median(a[clock] / b[clock] for a, b in zip(times[over], times[under]))


def median_of(times: dict, name: str, clock: int) -> float:
    return statistics.median(t[clock] for t in times[name])


def available_memory() -> int | None:
    """Bytes of memory available (Linux ``MemAvailable``), or None where unknown."""
    try:
        with open("/proc/meminfo", encoding="utf-8") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return None


def simd_targets() -> str:
    """The SIMD extensions NumPy found and uses, from ``numpy.show_runtime()``'s data."""
    try:
        from numpy._core._multiarray_umath import __cpu_baseline__, __cpu_dispatch__, __cpu_features__
    except ImportError:  # pragma: no cover - older NumPy
        return "unknown"
    found = [name for name in __cpu_dispatch__ if __cpu_features__.get(name)]
    return f"baseline {' '.join(__cpu_baseline__)}; dispatched to {' '.join(found) or 'none'}"


def versions() -> str:
    text = f"Python {platform.python_version()}, NumPy {np.__version__}"
    try:
        import sklearn

        text += f", scikit-learn {sklearn.__version__}"
    except ImportError:
        text += ", no scikit-learn"
    return text


def compare(shapes, k: int, repeats: int, quick: bool, with_sklearn: bool = True) -> None:
    """The main table: one line per shape and score kind."""
    try:
        from sklearn.metrics import ndcg_score as sklearn_ndcg_score
    except ImportError:
        sklearn_ndcg_score = None
    if not with_sklearn:
        sklearn_ndcg_score = None
    print(
        f"{'queries x items':>17} {'scores':>15} | {'ndcg':>7} {'cpu':>7} | {'floor':>7} {'cpu':>7} | "
        f"{'/floor':>7} {'cpu':>7} | {'prev/':>6} | {'sklearn':>9} {'skl/':>7} | "
        f"{'input':>7} {'ndcg peak':>9} {'prev peak':>9} {'skl peak':>9}"
    )
    for n_queries, n_items in shapes:
        needed = 16 * n_queries * n_items * 6  # inputs, and room for the older versions' copies
        free = available_memory()
        if free is not None and free < needed:
            print(
                f"{n_queries:>8,} x {n_items:<6,}: skipped, {needed / 2**30:.1f} GiB needed and {free / 2**30:.1f} free"
            )
            continue
        y_true, cases = make_data(n_queries, n_items)
        slow = n_queries * n_items >= SKLEARN_SLOW_CELLS
        for name, y_score in cases.items():
            times = rounds(
                {
                    "ndcg": lambda s=y_score, t=y_true: ndcg.ndcg_score(t, s, k=k),
                    "floor": lambda s=y_score, t=y_true: floor(t, s, k),
                    "previous": lambda s=y_score, t=y_true: _previous_ndcg.ndcg_score(t, s, k=k),
                },
                repeats,
            )
            ours, prev = times["ndcg"][-1][2], times["previous"][-1][2]
            assert abs(ours - prev) <= 1e-12, f"{name}: previous version differs by {abs(ours - prev):g}"
            ours_s = median_of(times, "ndcg", 0)
            skl_text = f"{'-':>9} {'-':>7}"
            skl_peak = "-"
            if sklearn_ndcg_score is not None and not (quick and slow):
                runs = 1 if slow else repeats
                skl_s, theirs = median_time(lambda s=y_score, t=y_true: sklearn_ndcg_score(t, s, k=k), runs)
                assert abs(ours - theirs) <= 1e-9, f"{name}: scikit-learn differs by {abs(ours - theirs):g}"
                skl_text = f"{skl_s:9.3f} {skl_s / ours_s:6.1f}x" + ("*" if runs == 1 else "")
                if not slow:
                    skl_peak = f"{peak_memory(lambda s=y_score, t=y_true: sklearn_ndcg_score(t, s, k=k)) / 2**20:7.0f}MB"
            ours_peak = peak_memory(lambda s=y_score, t=y_true: ndcg.ndcg_score(t, s, k=k))
            prev_peak = peak_memory(lambda s=y_score, t=y_true: _previous_ndcg.ndcg_score(t, s, k=k))
            input_mb = (y_true.nbytes + y_score.nbytes) / 2**20
            print(
                f"{n_queries:>8,} x {n_items:<6,} {name:>15} | "
                f"{ours_s:7.4f} {median_of(times, 'ndcg', 1):7.4f} | "
                f"{median_of(times, 'floor', 0):7.4f} {median_of(times, 'floor', 1):7.4f} | "
                f"{ratio(times, 'ndcg', 'floor', 0):6.2f}x {ratio(times, 'ndcg', 'floor', 1):6.2f}x | "
                f"{ratio(times, 'previous', 'ndcg', 1):5.2f}x | {skl_text} | "
                f"{input_mb:5.0f}MB {ours_peak / 2**20:7.1f}MB {prev_peak / 2**20:7.1f}MB {skl_peak:>9}"
            )
    print(
        f"times in seconds, medians of {repeats} interleaved rounds (wall, then CPU); the floor runs on "
        f"ndcg_score's chunks of {batch_graded.CHUNK_BYTES // 1024} KiB; '/floor' = ndcg / floor and "
        "'prev/' = previous / ndcg (CPU), medians of the ratios within a round; 'skl/' = scikit-learn / ndcg "
        "(wall, scikit-learn timed after the rounds; * one run); peaks = tracemalloc peak during one call, "
        "input = y_true + y_score"
    )


def paired(shapes, k: int, repeats: int) -> None:
    """The rounds of :func:`compare` with scikit-learn in them, robust to a machine's load changing.

    Each round calls each function once, in turn, and takes the ratios
    within the round; the medians over rounds are printed, of wall time and
    of CPU time. scikit-learn is left out at 1,000,000 x 20, where one call
    takes about a minute.
    """
    try:
        from sklearn.metrics import ndcg_score as sklearn_ndcg_score
    except ImportError:
        sklearn_ndcg_score = None
    print(
        "paired: ndcg_score, the previous version, the (chunked) floor and scikit-learn called in turn; "
        "medians of the ratios, wall / CPU"
    )
    for n_queries, n_items in shapes:
        y_true, cases = make_data(n_queries, n_items)
        with_sklearn = sklearn_ndcg_score is not None and n_queries * n_items < SKLEARN_SLOW_CELLS
        for name, y_score in cases.items():
            functions = {
                "ndcg": lambda s=y_score, t=y_true: ndcg.ndcg_score(t, s, k=k),
                "previous": lambda s=y_score, t=y_true: _previous_ndcg.ndcg_score(t, s, k=k),
                "floor": lambda s=y_score, t=y_true: floor(t, s, k),
            }
            if with_sklearn:
                functions["sklearn"] = lambda s=y_score, t=y_true: sklearn_ndcg_score(t, s, k=k)
            times = rounds(functions, repeats)
            floor_cpu = [a[1] / b[1] for a, b in zip(times["ndcg"], times["floor"])]
            skl = (
                f" | scikit-learn / ndcg {ratio(times, 'sklearn', 'ndcg', 0):5.1f}x"
                f" / {ratio(times, 'sklearn', 'ndcg', 1):5.1f}x"
                if with_sklearn
                else ""
            )
            print(
                f"{n_queries:>8,} x {n_items:<6,} {name:>15} | previous / ndcg {ratio(times, 'previous', 'ndcg', 0):5.2f}x"
                f" / {ratio(times, 'previous', 'ndcg', 1):5.2f}x | ndcg / floor {ratio(times, 'ndcg', 'floor', 0):5.2f}x"
                f" / {ratio(times, 'ndcg', 'floor', 1):5.2f}x (CPU highest {max(floor_cpu):5.2f}x){skl}"
            )


def threshold(repeats: int) -> None:
    """The two crossovers: index partition against sort (``_use_partition``), threshold against sort (``_use_threshold``).

    Each cell is on 2 MiB of scores of one shape, continuous and 5-level.
    """
    rng = np.random.default_rng(0)

    def table(title, items, depths, slow, fast):
        print(title)
        print(
            f"{'items':>6} " + " ".join(f"{'k=' + str(d):>7}" for d in depths) + "   (continuous | 5-level)"
        )
        for n_items in items:
            n_rows = max(1, batch_graded.CHUNK_BYTES // (8 * n_items))
            grades = rng.integers(0, 5, size=(n_rows, n_items)).astype(float)
            cells = []
            for kind in ("continuous", "tied"):
                if kind == "continuous":
                    score = rng.normal(size=(n_rows, n_items))
                else:
                    score = rng.integers(0, 5, size=(n_rows, n_items)).astype(float)
                for depth in depths:
                    if depth >= n_items:
                        cells.append(f"{'-':>7}")
                        continue
                    slow_s, _ = median_time(lambda g=grades, s=score, d=depth: slow(g, s, d), repeats)
                    fast_s, _ = median_time(lambda g=grades, s=score, d=depth: fast(g, s, d), repeats)
                    cells.append(f"{slow_s / fast_s:6.2f}x")
            half = len(depths)
            print(f"{n_items:>6} " + " ".join(cells[:half]) + " | " + " ".join(cells[half:]))

    table(
        "index partition + sort of the top against a full sort: time(sort) / time(partition)  [_use_partition]",
        (20, 64, 128, 256, 320, 384, 512, 1_000, 2_000, 10_000),
        (1, 10, 50, 100, 250),
        lambda g, s, d: batch_graded._ranking_sort(s, d, stable=False),
        lambda g, s, d: batch_graded._ranking_partition(s, d, stable=False),
    )
    table(
        "DCG@k, ties averaged, by the threshold against by ranking (a sort; an index partition past 256 items): "
        "time(ranking) / time(threshold)  [_use_threshold]",
        (10, 16, 20, 40, 64, 100, 128, 256, 512, 1_000, 10_000),
        (1, 3, 10, 50, 100, 250),
        lambda g, s, d: batch_graded._dcg_ranked(g, s, d, False),
        lambda g, s, d: batch_graded._dcg_threshold(g, s, d, False),
    )


def chunk_sweep(shapes, k: int, repeats: int) -> None:
    """``ndcg_score``'s time for several chunk sizes, at a tenth of each shape's queries."""
    sizes = (1 << 18, 1 << 20, 1 << 21, 1 << 22, 1 << 23, 1 << 25)
    print("ndcg_score time (s) by CHUNK_BYTES, tied scores, a tenth of the queries")
    print(f"{'queries x items':>17} " + " ".join(f"{s // 1024:>8}K" for s in sizes))
    original = batch_graded.CHUNK_BYTES
    try:
        for n_queries, n_items in shapes:
            n_queries = max(1, n_queries // 10)
            y_true, cases = make_data(n_queries, n_items)
            cells = []
            for size in sizes:
                batch_graded.CHUNK_BYTES = size
                seconds, _ = median_time(
                    lambda t=y_true, s=cases["tied (5 values)"]: ndcg.ndcg_score(t, s, k=k), repeats
                )
                cells.append(f"{seconds:9.4f}")
            print(f"{n_queries:>8,} x {n_items:<6,} " + " ".join(cells))
    finally:
        batch_graded.CHUNK_BYTES = original


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="skip scikit-learn at 1,000,000 x 20")
    parser.add_argument("--no-sklearn", action="store_true", help="skip scikit-learn everywhere")
    parser.add_argument("--tiny", action="store_true", help="tiny shapes (for the tests)")
    parser.add_argument(
        "--shape", action="append", type=shape, metavar="QUERIESxITEMS", help="only this shape (repeatable)"
    )
    parser.add_argument("--threshold", action="store_true", help="where the partition beats the sort")
    parser.add_argument("--chunk-sweep", action="store_true", help="time several CHUNK_BYTES")
    parser.add_argument("--paired", action="store_true", help="ratios from calls taken in turn")
    parser.add_argument("--no-batch-metrics", action="store_true", help="skip bench_batch_metrics.py")
    args = parser.parse_args(argv)

    shapes = args.shape or (TINY_SHAPES if args.tiny else SHAPES)
    print(f"machine: {processor()}, {os.cpu_count()} cores, load average {load_average()}")
    print(versions())
    print(f"SIMD: {simd_targets()}")
    if args.threshold:
        threshold(args.repeats)
        return
    if args.chunk_sweep:
        chunk_sweep(shapes, args.k, args.repeats)
        return
    if args.paired:
        paired(shapes, args.k, args.repeats)
        return
    print(f"ndcg_score, k={args.k}, chunks of {batch_graded.CHUNK_BYTES // 1024} KiB (the floor's too)")
    compare(shapes, args.k, args.repeats, args.quick, with_sklearn=not args.no_sklearn)
    if not args.tiny:
        np.show_runtime()
    if not args.no_batch_metrics:
        if args.tiny:
            bench_batch_metrics.main(["--queries", "200", "--repeats", "1", "--loop-repeats", "1"])
        else:
            bench_batch_metrics.main(["--loop-repeats", "1"] if args.quick else [])


if __name__ == "__main__":
    main()
