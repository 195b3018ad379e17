"""What participants and self-study learners run: ``check``, ``lab``, ``participant-pack`` and
``solutions`` (the light participant set, ``requirements-participant.txt``)."""

from __future__ import annotations

import argparse
from pathlib import Path

from tools.base import python, run, tool


def check(args: argparse.Namespace) -> None:
    """Import the package and run the first exercise notebook in a real kernel (``main`` has
    installed the participant set first)."""
    run(
        [
            python(),
            "-c",
            'import ndcg, ndcg.course.widgets, ndcg.course.cards; print("ndcg", ndcg.__version__, "imports fine")',
        ]
    )
    run([python(), "-m", "pytest", "--nbval", "exercises/00_why.ipynb", "-q", "-p", "no:cacheprovider"])
    print("All set: your setup is ready for the workshop.")


def lab(args: argparse.Namespace) -> None:
    """JupyterLab, opened on the repository (``main`` has installed the participant set first)."""
    run([tool("jupyter"), "lab", "--notebook-dir=."])


def participant_pack(args: argparse.Namespace) -> None:
    """Build the participant pack (student and play notebooks, the ndcg wheel, a README, no solution)
    into _build/participant-pack/, folder and zip; --wheelhouse adds what the room installs offline;
    --language zh makes the Chinese pack (the notebooks of exercises/zh/)."""
    command = [python(), "-m", "ndcg_book.downloads", "participant-pack"]
    if args.make_wheelhouse:
        command.append("--wheelhouse")
    for name in args.target:
        command += ["--target", name]
    for version in args.python:
        command += ["--python", version]
    if getattr(args, "language", "en") != "en":
        command += ["--language", args.language]
    run(command)


def solutions(args: argparse.Namespace) -> None:
    """Zip the solutions (notebooks/solutions/ and their text sources) for a self-study learner."""
    run([python(), "-m", "ndcg_book.downloads", "solutions"])


#: Where a learner whose copy has no solutions gets them: the book's download beside the exercises.
SOLUTIONS_ELSEWHERE = (
    "This copy of the course has no solutions (the course zip and the participant pack leave them\n"
    "out, on purpose). A self-study learner downloads them from the book: every chapter's Practise\n"
    "section offers ndcg-solutions-<version>.zip beside the exercises (unzip it in the course's folder)."
)


def solutions_problem(root: Path) -> str | None:
    """Why ``solutions`` cannot make its zip here (no executed solution notebooks), before any install."""
    if any(Path(root, "notebooks", "solutions").glob("*.ipynb")):
        return None
    return SOLUTIONS_ELSEWHERE


def pack_problem(root: Path) -> str | None:
    """Why ``participant-pack`` cannot make a pack here (no student notebooks), before any install."""
    if any(Path(root, "exercises").glob("*.ipynb")):
        return None
    return "No student notebooks (exercises/*.ipynb) here: the participant pack is made from a whole course."
