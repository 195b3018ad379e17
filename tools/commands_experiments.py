"""The experiments run outside the book: ``races`` (chapter 6's precomputed races), ``ltr-real`` (a real
collection) and ``spark`` (Apache Spark's NDCG, for chapter 4's page "NDCG beyond one machine")."""

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


def spark(args: argparse.Namespace) -> None:
    """Run Spark locally (the ``spark`` set, installed on top of the full one; Java 17 or newer) and
    save its NDCG facts to experiments/results/spark.json, which chapter 4's companion page shows as
    precomputed (``python experiments/spark.py``; it says how to get Java when there is none).
    ``--install-only``: install the set and stop (what ``.ci/run`` does before ``make test``)."""
    if getattr(args, "install_only", False):
        return
    run([python(), "experiments/spark.py"])
