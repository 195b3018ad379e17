"""Chapter 6's experiments: ``races`` (the precomputed races) and ``ltr-real`` (a real collection)."""

from __future__ import annotations

import argparse

from tools.base import python, run


def races(args: argparse.Namespace) -> None:
    """Run chapter 6's races with 20 seeds each into experiments/results/race-NAME.json (precomputed for the book)."""
    run([python(), "experiments/races.py", "all", "--seeds", "20"])


#: The options of ``ltr-real`` that take one value, and those that take several, forwarded as given.
LTR_REAL_OPTIONS = ("data", "dataset", "seed", "k", "epochs", "lr", "rounds", "out", "published")
LTR_REAL_LISTS = ("folds", "learners")


def ltr_real(args: argparse.Namespace) -> None:
    """Run the learners of chapter 6 on a real collection you have downloaded (MSLR-WEB10K/30K,
    Yahoo! LTR, Istella): NDCG@1/3/5/10 per fold beside published figures, written to experiments/results/*.json
    (``python experiments/realdata.py``, which holds the defaults; nothing is downloaded)."""
    command = [python(), "experiments/realdata.py"]
    for name in LTR_REAL_OPTIONS:
        value = getattr(args, name)
        if value is not None:
            command.append(f"--{name}={value}")
    for name in LTR_REAL_LISTS:
        values = getattr(args, name)
        if values:
            command += [f"--{name}", *values]
    run(command)
