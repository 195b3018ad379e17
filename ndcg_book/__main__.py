"""``python -m ndcg_book <step> [ARGS]``: every build step of the book behind one command line.

``tools/run.py`` runs the steps with the course's Python, from the course's folder (``make
notebooks`` runs ``notebooks``, then ``translated``; ``make book`` runs ``execution-cache``, then
Jupyter Book, ``translations build``, ``print pdf`` and ``print zip`` ...); a step can be run by hand
the same way. ``python -m ndcg_book <step> --help`` says what a step takes. Only the step's own
module is imported.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence
from typing import NamedTuple


class Step(NamedTuple):
    """A step: the module whose ``main(argv)`` runs it, and what the steps' list says of it."""

    module: str
    summary: str


STEPS: dict[str, Step] = {
    "notebooks": Step(
        "ndcg_book.generate.notebooks",
        "the chapters' executed notebooks and their play notebooks, from the text sources (make notebooks)",
    ),
    "student": Step(
        "ndcg_book.generate.make_student",
        "the solution and student notebooks and the checks' answer texts, from solutions/ (make exercises)",
    ),
    "translated": Step(
        "ndcg_book.generate.notebooks_translated",
        "every other language's play and student notebooks, from the English ones and the catalogues",
    ),
    "sync": Step(
        "ndcg_book.generate.notebooks_sync",
        "fail if a generated notebook no longer matches its text source (make sync-check)",
    ),
    "toc": Step(
        "ndcg_book.toc", "_toc.yml from the course's manifest, its parts and chapters (make toc; --check)"
    ),
    "execution-cache": Step(
        "ndcg_book.generate.execution_cache",
        "run the book's notebooks into Jupyter Book's execution cache, a few at a time (make book)",
    ),
    "sentences": Step(
        "ndcg_book.generate.sentences", "one sentence per line in the text sources (make sentences)"
    ),
    "glue-records": Step(
        "ndcg_book.generate.glue_records", "dump a built book's computed values; compare two dumps"
    ),
    "print": Step(
        "ndcg_book.pdf.print_book", "pdf: print the built book to PDF; zip: zip it (make book, make pdf)"
    ),
    "translations": Step(
        "ndcg_book.catalogues.i18n",
        "the Chinese catalogues: update, check, emphasis; build: the Chinese edition (make translations)",
    ),
    "termbase": Step(
        "ndcg_book.catalogues.termbase", "every phrase of the termbase in its one Chinese form (--fix)"
    ),
    "typography": Step(
        "ndcg_book.catalogues.typography", "the Chinese translations' typography (make lint; --fix)"
    ),
    "timing": Step(
        "ndcg_book.timing.__main__", "every chapter's and agenda's minutes (--readme: the README's table)"
    ),
    "downloads": Step(
        "ndcg_book.downloads",
        "the course zip, the wheel, the solutions zip, the participant pack, the manifest (make manifest)",
    ),
}


def usage() -> str:
    """The command line and every step, one line each."""
    width = max(len(name) for name in STEPS) + 2
    lines = [f"  {name:<{width}}{step.summary}" for name, step in STEPS.items()]
    return "\n".join(["usage: python -m ndcg_book <step> [ARGS]   (<step> --help: its own)", "", *lines])


def main(argv: Sequence[str] | None = None) -> int:
    """Run one step with the arguments after its name; its exit code."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] in (["-h"], ["--help"], ["help"]):
        print(usage())
        return 0
    if not argv or argv[0] not in STEPS:
        said = f"no step {argv[0]!r}\n\n" if argv else ""
        print(f"{said}{usage()}", file=sys.stderr)
        return 2
    step = STEPS[argv[0]]
    return importlib.import_module(step.module).main(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
