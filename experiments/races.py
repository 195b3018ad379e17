"""Chapter 6's races outside the book: more seeds, saved to JSON with what produced them.

``python experiments/races.py NAME|all [--seeds N] [--out FILE]`` (from any
folder; ``python3 tools/run.py races`` runs all six with 20 seeds) runs races of
:mod:`ndcg.ltr.races` and writes each result to ``experiments/results/race-NAME.json``
(:func:`save`): the per-query NDCG@k of every learner and seed, the training
times, and the command, date (UTC), machine (:func:`machine`) and library
versions (:func:`versions`). Chapter 6 reads them back as its 20-seed results
(:func:`precomputed`, :func:`load`), and a test re-runs one seed of each.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
import platform
import sys
from pathlib import Path

import numpy as np

from ndcg import __version__
from ndcg.ltr.races import RACES, Race, RaceResult, _race, run

__all__ = ["RESULTS", "load", "machine", "main", "precomputed", "save", "versions"]


def versions():
    """The versions a result was measured with: Python, NumPy, LightGBM and XGBoost when loaded, ndcg."""
    versions = {"python": platform.python_version(), "numpy": np.__version__}
    for name in ("lightgbm", "xgboost"):
        module = sys.modules.get(name)
        if module is not None:
            versions[name] = module.__version__
    versions["ndcg"] = __version__
    return versions


def machine():
    """The machine a result was measured on: processor, cores, operating system."""
    processor = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    processor = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"processor": processor, "cores": os.cpu_count(), "system": platform.platform()}


def save(result, path, *, command):
    """Write a :class:`~ndcg.ltr.races.RaceResult` to JSON, with what produced it.

    The file records ``command`` (how to run it again), the date (UTC), the
    machine (:func:`machine`), the Python and library versions, the race's
    settings, and for every learner and seed the per-query NDCG@k (rounded to
    12 decimals) and the training time (0.01 s).
    """
    result.meta = {
        "command": command,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": machine(),
        "versions": versions(),
    }
    payload = {
        **result.meta,
        "race": dataclasses.asdict(result.race),
        "seeds": result.seeds,
        "ndcg": {name: [np.round(v, 12).tolist() for v in values] for name, values in result.ndcg.items()},
        "seconds": {name: [round(t, 2) for t in values] for name, values in result.seconds.items()},
    }
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")


def load(path):
    """Read a :class:`~ndcg.ltr.races.RaceResult` written by :func:`save`."""
    try:
        payload = json.loads(Path(path).read_text(encoding="utf-8"))
        race = Race(**{**payload["race"], "learners": tuple(payload["race"]["learners"])})
        ndcg = {
            name: [np.asarray(v, dtype=float) for v in values] for name, values in payload["ndcg"].items()
        }
        meta = {key: payload[key] for key in ("command", "date", "machine", "versions")}
        return RaceResult(race, list(payload["seeds"]), ndcg, payload["seconds"], {}, meta)
    except (KeyError, TypeError, json.JSONDecodeError) as error:
        raise ValueError(
            f"{path} is not a race result written by experiments/races.py (save): {error}"
        ) from None


#: Where the precomputed race results live: ``experiments/results/``, beside this file.
RESULTS = Path(__file__).resolve().parent / "results"


def precomputed(name):
    """The precomputed result of race ``name``: ``experiments/results/race-NAME.json``, read by :func:`load`.

    Raises
    ------
    ValueError
        For an unknown race; FileNotFoundError, saying how to make the file,
        when it is missing.
    """
    race = _race(name)
    path = RESULTS / f"race-{race.name}.json"
    if not path.is_file():
        raise FileNotFoundError(
            f"{path} is missing: run `make races` (or python experiments/races.py {race.name} --seeds 20 --out {path})."
        )
    return load(path)


def main(argv=None):
    """``python experiments/races.py NAME|all [--seeds N] [--out FILE]``: run races outside the book."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python experiments/races.py",
        description="Run chapter 6's races with more seeds and write each result to JSON "
        "(default: experiments/results/race-NAME.json, which the chapter shows as precomputed).",
    )
    parser.add_argument("race", choices=[*RACES, "all"], help="a race, or all of them")
    parser.add_argument("--seeds", type=int, default=20, help="seeds 0 .. N-1 (default 20)")
    parser.add_argument("--out", help="the JSON file to write (one race only)")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error(f"--seeds must be at least 1; got {args.seeds}.")
    names = list(RACES) if args.race == "all" else [args.race]
    if args.out and len(names) > 1:
        parser.error("--out names one file: give one race, not all.")

    def progress(seed, learner, seconds):
        print(f"seed {seed:3d}  {learner:16s} {seconds:6.1f} s", flush=True)

    for name in names:
        out = Path(args.out) if args.out else RESULTS / f"race-{name}.json"
        print(f"race {name}: {args.seeds} seeds", flush=True)
        result = run(name, range(args.seeds), progress=progress)
        command = f"python experiments/races.py {name} --seeds {args.seeds}"
        if args.out:
            command += f" --out {out.as_posix()}"
        save(result, out, command=command)
        print(f"wrote {out}", flush=True)


if __name__ == "__main__":
    main()
