"""The tests: ``test``, ``test-fast``, ``nbval`` (with NumPy's older kernels or not) and ``benchmark``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping

from tools.base import python, run

#: NumPy's SIMD kernels that ``nbval --older-kernels`` turns off (AVX2 and AVX-512 generations).
OLDER_KERNELS = "X86_V3 X86_V4 AVX512_ICL AVX512_SPR"
#: What ``nbval`` runs: every stored notebook (generated from the text sources) that pytest --nbval checks.
NOTEBOOKS = ("notebooks", "exercises")


def older_kernels_env(environ: Mapping[str, str]) -> dict[str, str]:
    """A copy of ``environ`` in which NumPy skips its AVX2 and AVX-512 kernels."""
    return {**environ, "NPY_DISABLE_CPU_FEATURES": OLDER_KERNELS}


def suite_env(environ: Mapping[str, str]) -> dict[str, str]:
    """A copy of ``environ`` in which Python writes bytecode, as it does by default, even where the
    caller's environment says not to (``PYTHONDONTWRITEBYTECODE``, common in containers and CI
    images).

    The suite starts a few hundred Pythons (pytest's workers, a kernel per notebook, JupyterLab, the
    command-line tests), and without bytecode each compiles the course's modules again, and each
    pytest worker rewrites every test module's asserts again: about a minute of CPU in a run on 2
    cores. The bytecode goes where Python puts it, in ``__pycache__`` folders, which git ignores.
    """
    return {name: value for name, value in environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


#: The most pytest-xdist workers ``make test`` starts: each may hold a Jupyter kernel, a
#: Chromium or a pip install at once, so more than four costs memory without saving time.
MAX_WORKERS = 4


def workers(cpu_count: int | None, environ: Mapping[str, str]) -> int:
    """How many processes run the tests: ``NDCG_TEST_WORKERS`` when set, else one more than the
    CPUs when there are several (at most :data:`MAX_WORKERS`): a browser test spends more than half
    its time waiting for a page (a worker loading the book's pages used under half a CPU, its
    Chromium included), and the extra worker runs in those waits. 0 runs everything in this
    process, as plain pytest does."""
    setting = environ.get("NDCG_TEST_WORKERS", "").strip()
    if setting:
        if not setting.isdigit():
            sys.exit(f"NDCG_TEST_WORKERS must be a whole number (0: no parallel workers); got {setting!r}.")
        return int(setting)
    cpus = cpu_count or 1
    return max(1, min(cpus + 1 if cpus > 1 else 1, MAX_WORKERS))


def parallel_args(environ: Mapping[str, str] = os.environ) -> list[str]:
    """pytest-xdist's options: the workers, and ``--dist loadscope``: each notebook, each test
    module and each test class whole on one worker, so a notebook's cells run in order in one
    kernel and a module's fixtures are built once (a long module can split its tests into classes,
    as tests/browser/test_a11y.py does, to share them out)."""
    count = workers(os.cpu_count(), environ)
    return ["-n", str(count), "--dist", "loadscope"] if count > 1 else []


#: What ``make test`` leaves out: the scaffold test, which builds both editions of a copy of the
#: course with a chapter added (minutes of Sphinx); ``make test-scaffold`` runs it, and CI does.
NOT_IN_TEST = "not scaffold"


def test(args: argparse.Namespace) -> None:
    """Every test but the scaffold's (:data:`NOT_IN_TEST`), nbval included, on one worker per CPU;
    the 15 slowest are listed at the end, to keep the suite within its budget (10 minutes on 2
    cores; bytecode written: :func:`suite_env`). Arguments after ``--`` go to pytest."""
    command = [
        python(), "-m", "pytest", "--nbval", "--durations=15", "-m", NOT_IN_TEST, *parallel_args(), *args.pytest_args,
    ]  # fmt: skip
    run(command, env=suite_env(os.environ))


def test_scaffold(args: argparse.Namespace) -> None:
    """The scaffold test (tests/scaffold/): a chapter added to a copy of the course from the
    manifest, its files generated and both editions built (needs ``make book`` first: the copy
    builds on the notebooks' outputs it cached). Arguments after ``--`` go to pytest."""
    command = [python(), "-m", "pytest", "-m", "scaffold", "tests/scaffold", *args.pytest_args]
    run(command, env=suite_env(os.environ))


def test_fast(args: argparse.Namespace) -> None:
    """The metric library, learning to rank and the course (tests/core, tests/ltr, tests/course, and
    the package's doctests) on one worker per CPU, with a quarter of the property tests' examples:
    no book, browser, install or notebook (under 45 s on 2 cores). ``make test`` runs everything."""
    fast = ["-p", "no:nbval", "--hypothesis-profile=fast", "-m", "not book and not browser and not install"]
    layers = ["tests/core", "tests/ltr", "tests/course", "ndcg"]
    run([python(), "-m", "pytest", "-q", *parallel_args(), *fast, *layers, *args.pytest_args])


def nbval(args: argparse.Namespace) -> None:
    """Only the notebook tests; with --older-kernels, first show NumPy's kernels in that env."""
    env = suite_env(older_kernels_env(os.environ) if args.older_kernels else os.environ)
    if args.older_kernels:
        run([python(), "-c", "import numpy; numpy.show_runtime()"], env=env)
    run(
        [
            python(),
            "-m",
            "pytest",
            "--nbval",
            "-p",
            "no:cacheprovider",
            *parallel_args(),
            *NOTEBOOKS,
            *args.pytest_args,
        ],
        env=env,
    )


def benchmark(args: argparse.Namespace) -> None:
    """Time ndcg.ndcg_score against scikit-learn."""
    run([python(), "benchmarks/bench_ndcg_score.py"])
