"""Generate the student exercise notebooks from the solution notebooks.

The solution notebooks, ``exercises/solutions/<chapter>.ipynb``, are the
source of truth. Each student notebook, ``exercises/<chapter>.ipynb``, is made
from one of them by this script, never edited by hand, so the two cannot
drift apart:

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

    .venv/bin/python exercises/make_student.py              # regenerate, no outputs
    .venv/bin/python exercises/make_student.py --execute    # ... and run them (make exercises)
    .venv/bin/python exercises/make_student.py --solutions --execute   # run the solutions first
    .venv/bin/python exercises/make_student.py --execute --timeout 600   # a longer per-cell limit
    .venv/bin/python exercises/make_student.py --check      # exit 1 if a student notebook drifted
    .venv/bin/python exercises/make_student.py 02_dcg       # only some chapters

Executing uses nbclient with the ``python3`` kernel: the student notebooks
run in ``exercises/``, the solution notebooks in ``exercises/solutions/``. A
cell may run as long as the book allows (``execute: timeout:`` in
``_config.yml``, read by :func:`config_timeout`) unless ``--timeout`` says
otherwise.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOLUTIONS = HERE / "solutions"
CONFIG = HERE.parent / "_config.yml"

#: What a solution code cell becomes when its metadata has no "student" source.
DEFAULT_STUDENT = "answer = ...  # your answer"

#: Cell metadata kept in the student notebooks; everything else is noise.
KEPT_CELL_METADATA = ("tags", "jupyter")

#: One key of the ``execute:`` block: ``  timeout: 300`` (an optional comment after it).
_TIMEOUT_LINE = re.compile(r"[ \t]+timeout:[ \t]*(\d+)[ \t]*(?:#.*)?")


def config_timeout(text: str | None = None) -> int:
    """How long one notebook cell may run, in seconds: ``execute: timeout:`` in _config.yml.

    The one source of truth for the book build, ``make notebooks`` and this
    script. ``text`` is the file's content (default: the repository's
    _config.yml). The standard library has no YAML reader, so this reads the
    lines of the top-level ``execute:`` block.

    >>> config_timeout("timeout: 1\\nexecute:\\n  allow_errors: false\\n\\n  timeout: 120  # s\\nparse:\\n  timeout: 2\\n")
    120
    """
    if text is None:
        text = CONFIG.read_text(encoding="utf-8")
    in_execute = False
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            in_execute = line.split("#")[0].strip() == "execute:"
        elif in_execute and (found := _TIMEOUT_LINE.fullmatch(line)):
            return int(found.group(1))
    raise ValueError("_config.yml has no `execute: timeout:` in whole seconds")


def chapters() -> list[str]:
    """The chapters that have a solution notebook, in order."""
    return sorted(path.stem for path in SOLUTIONS.glob("*.ipynb"))


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
    metadata = {key: copy.deepcopy(solution["metadata"][key])
                for key in ("kernelspec", "language_info") if key in solution["metadata"]}
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
    import nbformat

    return nbformat.read(path, as_version=4)


def write(notebook: dict, path: Path) -> None:
    """Write a notebook the way Jupyter does (sorted keys, one-space indent)."""
    import nbformat

    node = nbformat.from_dict(notebook)
    nbformat.validate(node)
    text = nbformat.writes(node)
    path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")


def execute(path: Path, cwd: Path, timeout: int) -> None:
    """Run a notebook top to bottom in a fresh ``python3`` kernel; save it in place.

    A cell running longer than ``timeout`` seconds fails.
    """
    from nbclient import NotebookClient

    notebook = read(path)
    client = NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(cwd)}},
        record_timing=False,        # no timestamps in the stored notebook
        store_widget_state=False,   # widget model ids are random
    )
    client.execute()
    write(notebook, path)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("chapters", nargs="*", help="chapters to process (default: all), e.g. 02_dcg")
    parser.add_argument("--execute", action="store_true", help="execute the student notebooks after writing them")
    parser.add_argument("--solutions", action="store_true", help="execute the solution notebooks first")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a stored student notebook differs from its solution's")
    parser.add_argument("--timeout", type=int, default=None, metavar="SECONDS",
                        help="how long one cell may run (default: execute: timeout: in _config.yml)")
    args = parser.parse_args(argv)
    timeout = args.timeout if args.timeout is not None else config_timeout()

    known = chapters()
    wanted = args.chapters or known
    unknown = [name for name in wanted if name not in known]
    if unknown:
        parser.error(f"no solution notebook for {', '.join(unknown)}; known: {', '.join(known)}")

    drifted = []
    for name in wanted:
        solution_path, student_path = SOLUTIONS / f"{name}.ipynb", HERE / f"{name}.ipynb"
        if args.check:
            if not student_path.exists() or sources(read(student_path)) != sources(
                student_notebook(read(solution_path))
            ):
                drifted.append(student_path.relative_to(HERE.parent))
            continue
        if args.solutions:
            print(f"executing {solution_path.relative_to(HERE.parent)}", flush=True)
            execute(solution_path, SOLUTIONS, timeout)
        write(student_notebook(read(solution_path)), student_path)
        print(f"wrote     {student_path.relative_to(HERE.parent)}", flush=True)
        if args.execute:
            print(f"executing {student_path.relative_to(HERE.parent)}", flush=True)
            execute(student_path, HERE, timeout)

    if drifted:
        print("These student notebooks differ from their solutions"
              " (run: python tools/run.py exercises, or make exercises):")
        for path in drifted:
            print(f"  {path}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
