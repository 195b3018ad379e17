"""Generate the solution and student exercise notebooks from the solutions' text sources.

The solutions' text sources, ``exercises/solutions/<chapter>.md`` (MyST
Markdown notebooks, one sentence per line in the prose, read with jupytext),
are the source of truth. Each cell carries its id in its metadata (``id:
ex1-answer``). From each source this script writes two notebooks, never
edited by hand, so they cannot drift apart:

* the solution notebook, ``notebooks/solutions/<chapter>.ipynb``: the source as
  it is (executed with ``--solutions``);
* the student notebook, ``exercises/<chapter>.ipynb``, made from it:

* a **code** cell tagged ``solution`` gets the source stored in its metadata
  ``"student"`` instead (by default ``answer = ...  # your answer``);
* a **markdown** cell tagged ``solution`` is dropped, or replaced by its
  metadata ``"student"`` when it has one (the title cell does: its links
  differ);
* every other cell is copied as it is, with the same cell id;
* outputs, execution counts and metadata noise (timings, collapsed/scrolled
  flags) are cleared; only the ``tags`` (minus ``solution``) and ``jupyter``
  cell metadata are kept. The output is deterministic: no timestamps.

Usage (from the repository root, with the course's Python)::

    .venv/bin/python exercises/make_student.py              # regenerate the student notebooks, no outputs
    .venv/bin/python exercises/make_student.py --execute    # ... and run them
    .venv/bin/python exercises/make_student.py --solutions --execute   # also the solutions (make exercises)
    .venv/bin/python exercises/make_student.py --execute --timeout 600   # a longer per-cell limit
    .venv/bin/python exercises/make_student.py --check      # exit 1 if a generated notebook drifted
    .venv/bin/python exercises/make_student.py 02_dcg       # only some chapters

Executing uses nbclient with the ``python3`` kernel: the student notebooks
run in ``exercises/``, the solution notebooks in ``notebooks/solutions/``. A
cell may run as long as the book allows (``execute: timeout:`` in
``_config.yml``, read by :func:`config_timeout`) unless ``--timeout`` says
otherwise.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
#: The solutions' text sources (``<chapter>.md``).
SOLUTIONS = HERE / "solutions"
#: Where the executed solution notebooks are generated.
SOLVED = HERE.parent / "notebooks" / "solutions"


def _load_notebooks():
    """``tools/notebooks.py``: reading text sources, writing and executing notebooks (standard library on import)."""
    spec = importlib.util.spec_from_file_location("course_notebooks", HERE.parent / "tools" / "notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


notebooks = _load_notebooks()

#: What a solution code cell becomes when its metadata has no "student" source.
DEFAULT_STUDENT = "answer = ...  # your answer"

#: Cell metadata kept in the student notebooks; everything else is noise.
KEPT_CELL_METADATA = ("tags", "jupyter")

#: How long one notebook cell may run: ``execute: timeout:`` of _config.yml, read in one place
#: (tools/notebooks.py) for the book build, ``make notebooks`` and this script.
config_timeout = notebooks.config_timeout


def chapters() -> list[str]:
    """The chapters that have a solutions text source, in order."""
    return sorted(path.stem for path in SOLUTIONS.glob("*.md"))


def _source(cell) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def student_cell(cell: dict) -> dict | None:
    """The student version of one solution cell, or None to drop it.

    >>> student_cell({"cell_type": "code", "id": "a1", "source": "answer = 3 + 2",
    ...               "metadata": {"tags": ["solution"], "student": "answer = ..."},
    ...               "outputs": [{"output_type": "stream"}], "execution_count": 4})
    {'cell_type': 'code', 'execution_count': None, 'id': 'a1', 'metadata': {}, 'outputs': [], 'source': 'answer = ...'}
    >>> student_cell({"cell_type": "markdown", "id": "n1", "source": "The answer is 5.",
    ...               "metadata": {"tags": ["solution"]}}) is None
    True
    """
    metadata = cell.get("metadata", {})
    tags = list(metadata.get("tags", []))
    source = _source(cell)
    if "solution" in tags:
        tags.remove("solution")
        replacement = metadata.get("student")
        if replacement is None:
            if cell["cell_type"] != "code":
                return None
            replacement = DEFAULT_STUDENT
        source = replacement if isinstance(replacement, str) else "".join(replacement)
    kept = {key: copy.deepcopy(metadata[key]) for key in KEPT_CELL_METADATA if key in metadata}
    if tags:
        kept["tags"] = tags
    else:
        kept.pop("tags", None)
    new = {"cell_type": cell["cell_type"], "id": cell["id"], "metadata": kept, "source": source}
    if cell["cell_type"] == "code":
        new["execution_count"] = None
        new["outputs"] = []
    return dict(sorted(new.items()))


def student_notebook(solution: dict) -> dict:
    """The student notebook made from a solution notebook (a plain dict)."""
    cells = [student_cell(cell) for cell in solution["cells"]]
    metadata = {
        key: copy.deepcopy(solution["metadata"][key])
        for key in ("kernelspec", "language_info")
        if key in solution["metadata"]
    }
    return {
        "cells": [cell for cell in cells if cell is not None],
        "metadata": metadata,
        "nbformat": solution["nbformat"],
        "nbformat_minor": solution["nbformat_minor"],
    }


def sources(notebook: dict) -> list[tuple]:
    """What must never drift: each cell's id, type, tags and source."""
    return [
        (cell["id"], cell["cell_type"], tuple(cell.get("metadata", {}).get("tags", [])), _source(cell))
        for cell in notebook["cells"]
    ]


def read(path: Path) -> dict:
    """A notebook: a text source (``.md``, ids from its cells' metadata) or a stored ``.ipynb``."""
    return notebooks.read(path)


def write(notebook: dict, path: Path) -> None:
    """Write a notebook the way Jupyter does (sorted keys, one-space indent)."""
    notebooks.write(notebook, path)


def execute(path: Path, cwd: Path, timeout: int) -> None:
    """Run a notebook top to bottom in a fresh ``python3`` kernel; save it in place.

    A cell running longer than ``timeout`` seconds fails; no timestamps and no
    widget state (its model ids are random) are stored.
    """
    notebooks.execute(path, cwd, timeout)


def drift_problems(wanted: list[str] | None = None) -> list[str]:
    """Every generated exercise notebook (solution or student) that differs from its text source."""
    root = HERE.parent
    problems = []
    for name in wanted or chapters():
        solution = read(SOLUTIONS / f"{name}.md")
        for expected, stored in (
            (solution, SOLVED / f"{name}.ipynb"),
            (student_notebook(solution), HERE / f"{name}.ipynb"),
        ):
            if (problem := notebooks.drift(expected, stored, root)) is not None:
                problems.append(problem)
    known = set(chapters())
    for folder in (HERE, SOLVED):
        problems += [
            f"{path.relative_to(root).as_posix()}: no text source"
            for path in sorted(folder.glob("*.ipynb"))
            if path.stem not in known
        ]
    problems += [
        f"{path.relative_to(root).as_posix()}: a notebook next to the text sources (delete it)"
        for path in sorted(SOLUTIONS.glob("*.ipynb"))
    ]
    return problems


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("chapters", nargs="*", help="chapters to process (default: all), e.g. 02_dcg")
    parser.add_argument(
        "--execute", action="store_true", help="execute the student notebooks after writing them"
    )
    parser.add_argument("--solutions", action="store_true", help="execute the solution notebooks first")
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 if a generated notebook differs from its text source",
    )
    parser.add_argument(
        "--timeout",
        type=int,
        default=None,
        metavar="SECONDS",
        help="how long one cell may run (default: execute: timeout: in _config.yml)",
    )
    args = parser.parse_args(argv)
    timeout = args.timeout if args.timeout is not None else config_timeout()

    known = chapters()
    wanted = args.chapters or known
    unknown = [name for name in wanted if name not in known]
    if unknown:
        parser.error(f"no solutions text source for {', '.join(unknown)}; known: {', '.join(known)}")

    if args.check:
        drifted = drift_problems(wanted)
        if drifted:
            print(
                "These notebooks differ from their text sources in exercises/solutions/"
                " (run: python tools/run.py exercises, or make exercises):"
            )
            for problem in drifted:
                print(f"  {problem}")
            return 1
        return 0

    root = HERE.parent
    for name in wanted:
        solution = read(SOLUTIONS / f"{name}.md")
        solved_path, student_path = SOLVED / f"{name}.ipynb", HERE / f"{name}.ipynb"
        if args.solutions:
            write(solution, solved_path)
            print(f"executing {solved_path.relative_to(root).as_posix()}", flush=True)
            execute(solved_path, SOLVED, timeout)
        write(student_notebook(solution), student_path)
        print(f"wrote     {student_path.relative_to(root).as_posix()}", flush=True)
        if args.execute:
            print(f"executing {student_path.relative_to(root).as_posix()}", flush=True)
            execute(student_path, HERE, timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
