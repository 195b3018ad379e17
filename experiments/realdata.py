"""The race of chapter 6 on the real benchmark collections, beside published figures.

The collections every learning-to-rank paper reports on (MSLR-WEB10K and
MSLR-WEB30K, Yahoo! LTR, Istella) may not be redistributed: each reader
downloads them under the owner's licence. This command runs the learners of
:mod:`ndcg.ltr.races` on a copy the reader already has, fold by fold, and prints
NDCG@1, 3, 5 and 10 in the layout of published tables, with the published
figures of ``experiments/published.yaml`` set beside the ones they match. It
never downloads anything: when a file is missing, it says which, and where
the collection can be obtained.

From the repository (the full install: ``tools/run.py setup``)::

    python tools/run.py ltr-real --data ~/data/MSLR-WEB10K --dataset mslr-web10k
    make ltr-real DATA=~/data/MSLR-WEB10K DATASET=mslr-web10k ARGS="--folds 1 --learners lightgbm"
    python experiments/realdata.py --data ~/data/MSLR-WEB10K --dataset mslr-web10k --folds 1 2

A run writes ``experiments/results/<dataset>-<date>.json`` (or ``--out FILE``): the
command, the date, the machine, the library versions, the settings, and for
every fold and learner the metrics, the per-query NDCG@10 and the training
time. It runs outside the book build; nothing in the book depends on it.

The modules
-----------
This file is the command line; the rest is in four modules beside it:

``realdata_collections.py``  the collections it knows (``DATASETS``: MSLR-WEB10K and
                             30K, Yahoo! LTR Set 1 and 2, Istella), their files and
                             where to get them, and ``find_folder``
``realdata_run.py``          ``run``: read every fold, train the learners, score the
                             test queries (what is computed is said there)
``realdata_results.py``      ``RealResult``, what a run measured, and its JSON file
                             (``save``, ``load``)
``realdata_tables.py``       ``format_tables``: the printed tables, beside the
                             published figures

The conventions, stated because published tables differ on them
----------------------------------------------------------------
* **Gain** ``2**grade - 1`` (exponential), discount ``1 / log2(rank + 1)``,
  cut-offs 1, 3, 5 and 10: the usual choice on these collections (the
  LightGBM and TF-Ranking defaults).
* **Ties** in the scores share their average gain (:func:`ndcg.ltr.ndcg_per_group`).
  Tree ensembles give many documents the same score; LightGBM's and
  trec_eval's metrics break such ties by an order of their own instead, so
  a tree learner's figure can differ in the last digits.
* **A query without a relevant document** (every grade 0) has no ideal DCG.
  Three conventions are in use: count it as 0 (this course, scikit-learn's
  ``ndcg_score``, and TF-Ranking's NDCG metric, which divides by an ideal DCG
  of 0 with ``divide_no_nan``), count it as 1 (LightGBM's and XGBoost's
  ``ndcg`` metrics), or leave it out of the mean. The tables show the first
  and the last side by side; the second is ``(n_relevant * left_out +
  n_zero) / n``, from the counts the JSON file records
  (:meth:`experiments.realdata_results.RealResult.mean_counting_one`), and
  it is printed beside a published figure that uses it. Which convention a
  paper used is often not stated: ``experiments/published.yaml`` records it
  per figure, ``unknown`` until someone checks.
* **Mean** over the test queries of each fold, then the plain mean over the
  folds run (some published tables on MSLR average the five folds, others
  report Fold1 only: see each figure's ``split``).

References
----------
Z. Qin et al., "Are neural rankers still outperformed by gradient boosted
decision trees?", ICLR 2021.
"""

from __future__ import annotations

import datetime
import shlex
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the course's folder, so that `experiments` imports
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from experiments.realdata_collections import DATASETS
from experiments.realdata_results import save
from experiments.realdata_run import run
from experiments.realdata_tables import format_tables
from ndcg.course.published import load_published

__all__ = ["PUBLISHED", "RESULTS", "main"]

#: The published figures' file, beside this one.
PUBLISHED = Path(__file__).resolve().parent / "published.yaml"
#: Where a run is written by default: ``experiments/results/``.
RESULTS = Path(__file__).resolve().parent / "results"


def _parser():
    import argparse

    from ndcg.ltr.races import LEARNERS

    parser = argparse.ArgumentParser(
        prog="python experiments/realdata.py",
        description="Run the learners of chapter 6 on a real learning-to-rank collection you have downloaded, "
        "print NDCG@1/3/5/10 per fold beside published figures, and write the run to JSON.",
    )
    parser.add_argument("--data", required=True, metavar="DIR", help="the folder that holds the collection")
    parser.add_argument("--dataset", required=True, metavar="NAME", help=f"one of: {', '.join(DATASETS)}")
    parser.add_argument(
        "--folds", nargs="+", metavar="FOLD", help="folds to run (MSLR: 1 ... 5); default all"
    )
    parser.add_argument(
        "--learners", nargs="+", metavar="NAME", help=f"default all of: {', '.join(LEARNERS)}"
    )
    parser.add_argument("--seed", type=int, default=0, help="the models' seed (default 0)")
    parser.add_argument(
        "--k", type=int, default=10, help="the cut-off LambdaRank, ApproxNDCG and LambdaMART optimise"
    )
    parser.add_argument(
        "--epochs", type=int, default=10, help="numpy learners: passes over the training queries"
    )
    parser.add_argument("--lr", type=float, default=0.05, help="numpy learners: Adam's step size")
    parser.add_argument("--rounds", type=int, default=200, help="tree learners: number of trees")
    parser.add_argument(
        "--out", metavar="FILE", help="the JSON file (default experiments/results/<dataset>-<date>.json)"
    )
    parser.add_argument(
        "--published", metavar="FILE", help="the published figures (default experiments/published.yaml)"
    )
    return parser


def main(argv=None):
    """The command line: run, print the tables (stdout) and the progress (stderr), write the JSON.

    Returns the exit code: 0, or 2 with a one-line error on stderr for a bad
    argument, a missing file or a bad line in a file, and for a JSON file that
    cannot be written (after the tables, so that the run is not lost).
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(argv)
    for stream in (sys.stdout, sys.stderr):  # a console that cannot print λ prints ? instead of failing
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")

    def progress(line):
        print(line, file=sys.stderr, flush=True)

    try:
        if args.dataset not in DATASETS:
            got = repr(args.dataset) if args.dataset else "nothing (make ltr-real DATA=DIR DATASET=NAME)"
            raise ValueError(f"--dataset must be one of {', '.join(DATASETS)}; got {got}.")
        published = Path(args.published) if args.published else PUBLISHED
        if args.published and not published.is_file():
            raise FileNotFoundError(f"--published {args.published}: no such file.")
        figures = load_published(published) if published.is_file() else []
        if not published.is_file():
            progress(f"no published figures: {published} is not there (run from the repository).")
        result = run(
            args.dataset,
            args.data,
            folds=args.folds,
            learners=args.learners,
            seed=args.seed,
            k=args.k,
            epochs=args.epochs,
            lr=args.lr,
            rounds=args.rounds,
            progress=progress,
        )
    except (FileNotFoundError, ImportError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%S")
    out = Path(args.out) if args.out else RESULTS / f"{args.dataset}-{stamp}.json"
    command = shlex.join(["python", "experiments/realdata.py", *argv])
    print(format_tables(result, figures), flush=True)  # first: a run may have taken hours
    try:
        save(result, out, command=command)
    except OSError as error:
        print(f"error: cannot write --out {out}: {error}", file=sys.stderr)
        return 2
    print(f"\nwrote {out.as_posix()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
