"""What the benchmarks share: the data, the timers, and a description of the machine."""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

# The course's folder, for experiments/races.py's machine(): the same description of a machine as
# the races' results carry.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from experiments.races import machine


def timed(function) -> tuple[float, float, object]:
    """``(wall, cpu, value)`` of one call of ``function()``: wall-clock seconds, this process's CPU seconds.

    CPU time (``time.process_time``, every thread of the process) moves less than wall time on a
    shared machine, where another process can take the core between two instructions.
    """
    wall, cpu = time.perf_counter(), time.process_time()
    value = function()
    return time.perf_counter() - wall, time.process_time() - cpu, value


def median_time(function, repeats: int) -> tuple[float, object]:
    """Median wall-clock time of ``repeats`` calls of ``function()``, and the value of the last."""
    times = []
    value = None
    for _ in range(repeats):
        start = time.perf_counter()
        value = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), value


def make_data(n_queries: int, n_items: int, seed: int = 0):
    """``(y_true, continuous, tied)``: grades 0-4 skewed to 0, scores without ties, and scores of 5 values.

    All float64 and C-contiguous. The continuous scores are the grade plus
    noise, so a ranking by them is better than chance.
    """
    rng = np.random.default_rng(seed)
    y_true = rng.choice(5, size=(n_queries, n_items), p=[0.5, 0.25, 0.13, 0.08, 0.04]).astype(float)
    continuous = y_true + rng.normal(scale=2.0, size=y_true.shape)
    tied = rng.integers(0, 5, size=y_true.shape).astype(float)
    return y_true, continuous, tied


def processor() -> str:
    """The CPU's model name where the system tells it (Linux), else the architecture."""
    return machine()["processor"]


def load_average() -> str:
    """The load averages over 1, 5 and 15 minutes, where the system has them."""
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        return "unknown"
