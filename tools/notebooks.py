#!/usr/bin/env python3
"""Generate the executed notebooks from the MyST text sources, and check they are in sync.

The chapters are stored as text: ``chapters/NN_name.md`` and ``flashcards.md``
are MyST Markdown notebooks (jupytext's ``myst`` format, the format MyST-NB
builds the book from). What a learner downloads and opens, and what nbval
tests, are the executed notebooks generated from them into a folder of their
own, ``notebooks/``, with the same relative path::

    chapters/02_dcg.md  ->  notebooks/chapters/02_dcg.ipynb
    flashcards.md       ->  notebooks/flashcards.ipynb

(``tools/make_student.py`` does the same for the exercises:
``solutions/NN.md`` -> ``notebooks/solutions/NN.ipynb`` and
``exercises/NN.ipynb``.)

A cell's id comes from its metadata ``id`` in the text source when it has one
(the exercises' cells do: ``ex1``, ``ex1-check`` ...), otherwise from its
position (``cell-001`` ...), so generating twice gives the same notebook.

Usage (from the repository root, with the course's Python; ``python
tools/run.py notebooks`` and ``python tools/run.py sync-check`` call it)::

    .venv/bin/python tools/notebooks.py --timeout 300        # generate and execute every chapter
    .venv/bin/python tools/notebooks.py chapters/02_dcg.md   # only some sources
    .venv/bin/python tools/notebooks.py --check              # exit 1 if a generated notebook drifted

``--check`` executes nothing: it compares each generated notebook's cells
(type, id, source, metadata) with its text source, chapters and exercises
alike, and reports the notebooks to regenerate. The outputs are nbval's job.

Only the standard library is imported at the top: ``tools/make_student.py``
loads this file, and ``tools/run.py`` loads that one with any Python.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Where the generated notebooks go (kept out of the book's sources: exclude_patterns).
GENERATED = ROOT / "notebooks"
#: The text sources of the book's notebook pages.
SOURCES = ("chapters/*.md", "flashcards.md")
#: The notebook metadata the generated notebooks keep (jupytext's own is dropped).
KEPT_NOTEBOOK_METADATA = ("kernelspec", "language_info")


#: One key of the ``execute:`` block: ``  timeout: 300`` (an optional comment after it).
_TIMEOUT_LINE = re.compile(r"[ \t]+timeout:[ \t]*(\d+)[ \t]*(?:#.*)?")


def config_timeout(text: str | None = None) -> int:
    """How long one notebook cell may run, in seconds: ``execute: timeout:`` in _config.yml.

    The one source of truth for the book build, ``make notebooks`` and
    ``make exercises``. ``text`` is the file's content (default: the
    repository's _config.yml). The standard library has no YAML reader, so this reads the
    lines of the top-level ``execute:`` block.

    >>> config_timeout("timeout: 1\\nexecute:\\n  allow_errors: false\\n\\n  timeout: 120  # s\\nparse:\\n  timeout: 2\\n")
    120
    """
    if text is None:
        text = (ROOT / "_config.yml").read_text(encoding="utf-8")
    in_execute = False
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            in_execute = line.split("#")[0].strip() == "execute:"
        elif in_execute and (found := _TIMEOUT_LINE.fullmatch(line)):
            return int(found.group(1))
    raise ValueError("_config.yml has no `execute: timeout:` in whole seconds")


def chapter_sources(root: Path = ROOT) -> list[Path]:
    """Every text source of a book notebook page, in order."""
    return sorted(path for pattern in SOURCES for path in root.glob(pattern))


def generated_path(source: Path, root: Path = ROOT) -> Path:
    """Where the executed notebook of a text source goes: ``notebooks/<same path>.ipynb``."""
    return root / "notebooks" / source.resolve().relative_to(root.resolve()).with_suffix(".ipynb")


def positional_id(number: int) -> str:
    """The id of the ``number``-th cell (from 1) when its source names none."""
    return f"cell-{number:03d}"


def read_source(path: Path):
    """A MyST text source as a notebook (nbformat 4.5): ids set, jupytext's metadata dropped."""
    return read_source_text(path.read_text(encoding="utf-8"), path)


def read_source_text(text: str, path: Path | str = "<text>"):
    """:func:`read_source` of a text source's content (``path`` names it in errors)."""
    import jupytext

    notebook = jupytext.reads(text, fmt="md:myst")
    notebook.metadata = {
        key: notebook.metadata[key] for key in KEPT_NOTEBOOK_METADATA if key in notebook.metadata
    }
    seen = set()
    for number, cell in enumerate(notebook.cells, start=1):
        cell.id = str(cell.metadata.pop("id", None) or positional_id(number))
        if cell.id in seen:
            raise ValueError(f"{path}: two cells with the id {cell.id!r}")
        seen.add(cell.id)
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    return notebook


def read(path: Path):
    """A notebook: a text source (``.md``) through :func:`read_source`, an ``.ipynb`` as it is."""
    if path.suffix == ".md":
        return read_source(path)
    import nbformat

    return nbformat.read(path, as_version=4)


def write(notebook, path: Path) -> None:
    """Write a notebook the way Jupyter does (sorted keys, one-space indent), validated."""
    import nbformat

    node = nbformat.from_dict(notebook)
    nbformat.validate(node)
    text = nbformat.writes(node)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")


def execute(path: Path, cwd: Path, timeout: int) -> None:
    """Run a stored notebook top to bottom in a fresh ``python3`` kernel in ``cwd``; save it in place.

    No timings and no widget state are stored (their values change on every run); a
    cell running longer than ``timeout`` seconds fails.
    """
    from nbclient import NotebookClient

    notebook = read(path)
    NotebookClient(
        notebook,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(cwd)}},
        record_timing=False,
        store_widget_state=False,
    ).execute()
    write(notebook, path)


def cells(notebook) -> list[tuple]:
    """What a generated notebook must share with its text source: each cell's type, id, source, metadata."""

    def text(cell) -> str:
        source = cell.get("source", "")
        return ("".join(source) if isinstance(source, list) else source).rstrip("\n")

    return [
        (cell["cell_type"], cell.get("id"), text(cell), dict(cell.get("metadata", {})))
        for cell in notebook["cells"]
    ]


def drift(expected, stored_path: Path, root: Path = ROOT) -> str | None:
    """Why the notebook at ``stored_path`` does not match ``expected`` (a notebook), or None."""
    name = stored_path.relative_to(root).as_posix()
    if not stored_path.exists():
        return f"{name}: missing"
    want, have = cells(expected), cells(read(stored_path))
    if len(want) != len(have):
        return f"{name}: {len(have)} cells, its source has {len(want)}"
    for number, (a, b) in enumerate(zip(want, have), start=1):
        for label, x, y in (
            ("type", a[0], b[0]),
            ("id", a[1], b[1]),
            ("source", a[2], b[2]),
            ("metadata", a[3], b[3]),
        ):
            if x != y:
                return f"{name}: cell {number} ({a[1]}): its {label} differs from the text source"
    return None


def load_make_student(root: Path = ROOT):
    spec = importlib.util.spec_from_file_location("make_student", root / "tools" / "make_student.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sync_problems(root: Path = ROOT) -> list[str]:
    """Every generated notebook that no longer matches its text source (no execution)."""
    problems = []
    sources = chapter_sources(root)
    for source in sources:
        if (problem := drift(read_source(source), generated_path(source, root), root)) is not None:
            problems.append(problem)
    expected = {generated_path(source, root) for source in sources}
    for stray in sorted((root / "notebooks").glob("*.ipynb")) + sorted(
        (root / "notebooks" / "chapters").glob("*.ipynb")
    ):
        if stray not in expected:
            problems.append(f"{stray.relative_to(root).as_posix()}: no text source")
    problems += load_make_student(root).drift_problems()
    for source in sources:  # never an .ipynb next to its .md: the strict build fails on that
        if source.with_suffix(".ipynb").exists():
            problems.append(
                f"{source.with_suffix('.ipynb').relative_to(root).as_posix()}: a notebook next to "
                f"its text source (delete it)"
            )
    return problems


def generate(source: Path, timeout: int, root: Path = ROOT) -> Path:
    """Write the notebook of one text source and execute it where the book runs it (the source's folder)."""
    target = generated_path(source, root)
    write(read_source(source), target)
    print(f"executing {target.relative_to(root).as_posix()}", flush=True)
    execute(target, source.parent, timeout)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "sources", nargs="*", type=Path, help="text sources (default: every chapter and flashcards.md)"
    )
    parser.add_argument(
        "--timeout",
        type=int,
        default=None,
        metavar="SECONDS",
        help="how long one cell may run (default: execute: timeout: in _config.yml)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="execute nothing; exit 1 if a generated notebook differs from its text source",
    )
    args = parser.parse_args(argv)
    if args.check:
        problems = sync_problems()
        if problems:
            print(
                "These generated notebooks differ from their text sources (run: python tools/run.py notebooks"
                " and python tools/run.py exercises, then commit both):"
            )
            print("\n".join(f"  {problem}" for problem in problems))
            return 1
        print("every generated notebook matches its text source")
        return 0
    timeout = args.timeout if args.timeout is not None else config_timeout()
    for source in args.sources or chapter_sources():
        generate(source.resolve(), timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
