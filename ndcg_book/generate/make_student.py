"""Generate the solution and student exercise notebooks, and the checks' answer texts.

The solutions' text sources, ``solutions/<chapter>.md`` (MyST Markdown
notebooks, one sentence per line in the prose, read with jupytext), are the
source of truth. Each cell carries its id in its metadata (``id:
ex1-answer``). From each source this step writes, never edited by hand, so
they cannot drift apart:

* the solution notebook, ``notebooks/solutions/<chapter>.ipynb``: the source as
  it is (executed with ``--solutions``);
* the answer texts, ``ndcg/course/content/answers/<chapter>.json`` (package
  data): the hint, second hint and explanation of every check, as the solution
  computes them (:func:`answer_texts`);
* the student notebook, ``exercises/<chapter>.ipynb``, made from the source:

* a **code** cell tagged ``solution`` gets the source stored in its metadata
  ``"student"`` instead (by default ``answer = ...  # your answer``);
* a **markdown** cell tagged ``solution`` is dropped, or replaced by its
  metadata ``"student"`` when it has one (the title cell does: its links
  differ);
* a **check definition** (``exN-check-def``) keeps the code that computes the
  expected values and the test cases, but its ``hint=``, ``hint2=`` and
  ``explanation=`` become ``**answers("<chapter>", "<check>")``, read from the
  package; the statements only those texts needed are dropped
  (:func:`student_check_source`). So nothing in the student notebook, not even
  a collapsed cell or its JSON, holds an answer text;
* every other cell is copied as it is, with the same cell id;
* outputs, execution counts and metadata noise (timings, collapsed/scrolled
  flags) are cleared; only the ``tags`` (minus ``solution``) and ``jupyter``
  cell metadata are kept. The output is deterministic: no timestamps.

Then (``make exercises`` runs it after this step), for every other language of the course
(``ndcg/course/course.toml``), the student notebook in that language,
``exercises/<folder>/<chapter>.ipynb``, is made from the English one through the language's
catalogue by ``notebooks_translated.py`` (a block without its translation is reported and
its notebook not written, and that step exits 1).

Usage (from the repository root, with the course's Python)::

    .venv/bin/python -m ndcg_book student              # the answer texts and the student notebooks, no outputs
    .venv/bin/python -m ndcg_book student --execute    # ... and run the student notebooks
    .venv/bin/python -m ndcg_book student --solutions --execute   # also the solutions (make exercises)
    .venv/bin/python -m ndcg_book student --execute --timeout 600   # a longer per-cell limit
    .venv/bin/python -m ndcg_book student --check      # exit 1 if a generated notebook drifted
    .venv/bin/python -m ndcg_book student 02_dcg       # only some chapters

Executing uses nbclient with the ``python3`` kernel: the student notebooks
run in ``exercises/``, the solution notebooks in ``notebooks/solutions/``. A
cell may run as long as the book allows (``execute: timeout:`` in
``_config.yml``, read by :func:`config_timeout`) unless ``--timeout`` says
otherwise.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import copy
import io
import json
from pathlib import Path

from ndcg_book.folders import ROOT

from . import notebooks  # standard library on import

#: The solutions' text sources (``<chapter>.md``), kept out of the participants' folder.
SOLUTIONS = ROOT / "solutions"
#: Where the executed solution notebooks are generated.
SOLVED = ROOT / "notebooks" / "solutions"
#: Where the student notebooks are generated (the folder participants get).
STUDENT = ROOT / "exercises"
#: The checks' answer texts, package data of ndcg (read by ndcg.course.answers).
ANSWERS = ROOT / "ndcg" / "course" / "content" / "answers"
#: The keyword arguments of a check that hold answer texts (ndcg.course.answers.FIELDS).
TEXT_FIELDS = ("hint", "hint2", "explanation")
#: The classes whose calls build a check.
CHECK_CLASSES = ("NumberCheck", "FunctionCheck")

#: What a solution code cell becomes when its metadata has no "student" source.
DEFAULT_STUDENT = "answer = ...  # your answer"

#: Cell metadata kept in the student notebooks; everything else is noise.
KEPT_CELL_METADATA = ("tags", "jupyter")

#: How long one notebook cell may run: ``execute: timeout:`` of _config.yml, read in one place
#: (notebooks.py) for the book build, ``make notebooks`` and this step.
config_timeout = notebooks.config_timeout


def chapters() -> list[str]:
    """The chapters, in order (``ndcg/course/course.toml``): each has a solutions text source."""
    from ndcg.course.manifest import chapter_stems

    return chapter_stems()


def cell_source(cell) -> str:
    """A notebook cell's source as one string (nbformat stores it as a string or a list of lines)."""
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
    source = cell_source(cell)
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


def _is_check_call(node) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CHECK_CLASSES


def _checks_defined(tree: ast.Module) -> list[tuple[ast.stmt, str, ast.Call]]:
    """The top-level ``name = NumberCheck(...)`` / ``FunctionCheck(...)`` statements of a cell."""
    found = []
    for statement in tree.body:
        if (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)
            and _is_check_call(statement.value)
        ):
            found.append((statement, statement.targets[0].id, statement.value))
    return found


def _assigned(statement: ast.stmt) -> set[str] | None:
    """The names a statement only defines (an assignment, a def), or None for anything else."""
    if isinstance(statement, (ast.FunctionDef, ast.ClassDef)):
        return {statement.name}
    if isinstance(statement, (ast.Assign, ast.AnnAssign)):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        names = set()
        for target in targets:
            for node in ast.walk(target):
                if isinstance(node, ast.Name):
                    names.add(node.id)
                elif not isinstance(node, (ast.Tuple, ast.List, ast.Store)):
                    return None
        return names
    return None


def _loaded(source: str) -> set[str]:
    """Every name a piece of code reads (empty when it is not Python, such as a ``%magic``)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    return {
        node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
    }


def student_check_source(source: str, chapter: str, used_elsewhere: set[str] = frozenset()) -> str:
    r"""A check definition without its answer texts: they come from the package instead.

    Each ``name = NumberCheck(...)`` (or ``FunctionCheck``) loses its ``hint=``,
    ``hint2=`` and ``explanation=`` arguments for ``**answers(chapter, "name")``;
    then every statement that only defined names nothing reads any more (in this
    cell or in ``used_elsewhere``, the names the notebook's other cells read) is
    dropped, and the opening comment says where the texts are.

    >>> cell = (
    ...     "# The check of exercise 1: run this cell, but don't read it (it gives the answer away).\n"
    ...     "terms = [3 / 1, 2 / 1.585]\n"
    ...     "check_x = NumberCheck(\n"
    ...     "    ndcg.dcg([3, 2]), name='DCG@2', abs_tol=HAND,  # by hand\n"
    ...     "    hint='Two terms.', explanation=f'{terms[0]} + {terms[1]}',\n"
    ...     ")\n"
    ... )
    >>> print(student_check_source(cell, "02_dcg"))
    # The check of exercise 1: run this cell. Its hints and explanation come from the ndcg package.
    check_x = NumberCheck(
        ndcg.dcg([3, 2]),
        name='DCG@2',
        abs_tol=HAND,
        **answers("02_dcg", "check_x"),
    )
    """
    return _drop_unused(_without_texts(source, chapter), set(used_elsewhere))


def _without_texts(source: str, chapter: str) -> str:
    """A check definition with its answer texts replaced by ``**answers(...)`` (nothing dropped yet)."""
    tree = ast.parse(source)
    lines = source.splitlines()
    replacements = {}
    for statement, name, call in _checks_defined(tree):
        parts = [ast.get_source_segment(source, arg) for arg in call.args]
        parts += [
            f"{keyword.arg}={ast.get_source_segment(source, keyword.value)}"
            for keyword in call.keywords
            if keyword.arg not in TEXT_FIELDS
        ]
        parts.append(f"**answers({json.dumps(chapter)}, {json.dumps(name)})")
        text = f"{name} = {call.func.id}(\n" + "".join(f"    {part},\n" for part in parts) + ")"
        replacements[statement.lineno] = (statement.end_lineno, text)
    out, number = [], 1
    while number <= len(lines):
        if number in replacements:
            end, text = replacements[number]
            out.append(text)
            number = end + 1
            continue
        line = lines[number - 1]
        if line.startswith("# The check of exercise") and "run this cell" in line:
            line = (
                line.split(":")[0] + ": run this cell. Its hints and explanation come from the ndcg package."
            )
        out.append(line)
        number += 1
    return "\n".join(out)


def _drop_unused(source: str, used_elsewhere: set[str]) -> str:
    """Drop the top-level statements that only define names nothing reads, until none is left."""
    while True:
        tree = ast.parse(source)
        lines = source.splitlines()
        checks = {id(statement) for statement, _, _ in _checks_defined(tree)}
        for statement in tree.body:
            names = _assigned(statement)
            if not names or id(statement) in checks:  # a check is what the cell is for
                continue
            rest = "\n".join(
                line
                for number, line in enumerate(lines, start=1)
                if not statement.lineno <= number <= statement.end_lineno
            )
            if not names & (_loaded(rest) | used_elsewhere):
                start = statement.lineno - 1
                if statement.decorator_list if hasattr(statement, "decorator_list") else False:
                    start = statement.decorator_list[0].lineno - 1
                kept = lines[:start] + lines[statement.end_lineno :]
                source = "\n".join(kept)
                source = source.replace("\n\n\n\n", "\n\n\n")
                break
        else:
            return source.strip("\n")


def is_check_definition(cell: dict) -> bool:
    """Whether a cell defines an exercise's checks: a code cell with the id ``exN-check-def``."""
    return cell["cell_type"] == "code" and str(cell.get("id", "")).endswith("-check-def")


def student_notebook(solution: dict, chapter: str) -> dict:
    """The student notebook made from a solution notebook (a plain dict) of ``chapter``."""
    cells = [student_cell(cell) for cell in solution["cells"]]
    cells = [cell for cell in cells if cell is not None]
    definitions = [cell for cell in cells if is_check_definition(cell)]
    for cell in definitions:
        cell["source"] = _without_texts(cell_source(cell), chapter)
    for cell in definitions:  # what the texts alone needed goes, unless another cell reads it
        others = set().union(
            *(
                _loaded(cell_source(other))
                for other in cells
                if other is not cell and other["cell_type"] == "code"
            )
        )
        cell["source"] = _drop_unused(cell_source(cell), others)
    metadata = {
        key: copy.deepcopy(solution["metadata"][key])
        for key in ("kernelspec", "language_info")
        if key in solution["metadata"]
    }
    return {
        "cells": cells,
        "metadata": metadata,
        "nbformat": solution["nbformat"],
        "nbformat_minor": solution["nbformat_minor"],
    }


def answer_texts(solution: dict) -> dict[str, dict[str, str]]:
    """The answer texts of every check a solution notebook defines, as the solution computes them.

    The notebook's code cells (not the widget ones) run in a fresh namespace, quietly,
    as the kernel runs them; each check found in a check definition gives its
    ``hint``, ``hint2`` and ``explanation`` (those it has), keyed by the check's name.
    The texts are exactly what ``make exercises`` writes to the package data, so a
    student notebook's check says, word for word, what the solution's says.
    """
    namespace = {"__name__": "__main__"}
    texts = {}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in solution["cells"]:
            if cell["cell_type"] != "code" or "widget" in cell.get("metadata", {}).get("tags", []):
                continue
            exec(compile(cell_source(cell), f"<{cell['id']}>", "exec"), namespace)
            if is_check_definition(cell):
                for _, name, _ in _checks_defined(ast.parse(cell_source(cell))):
                    check = namespace[name]
                    texts[name] = {
                        field: getattr(check, field)
                        for field in TEXT_FIELDS
                        if getattr(check, field, None) is not None
                    }
    return dict(sorted(texts.items()))


def answers_json(texts: dict) -> str:
    """The answer texts as they are stored: sorted keys, two-space indent, UTF-8, a final newline."""
    return json.dumps(texts, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def sources(notebook: dict) -> list[tuple]:
    """What must never drift: each cell's id, type, tags and source."""
    return [
        (cell["id"], cell["cell_type"], tuple(cell.get("metadata", {}).get("tags", [])), cell_source(cell))
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
    root = ROOT
    problems = []
    for name in wanted or chapters():
        solution = read(SOLUTIONS / f"{name}.md")
        for expected, stored in (
            (solution, SOLVED / f"{name}.ipynb"),
            (student_notebook(solution, name), STUDENT / f"{name}.ipynb"),
        ):
            if (problem := notebooks.drift(expected, stored, root)) is not None:
                problems.append(problem)
    known = set(chapters())
    for folder in (STUDENT, SOLVED):
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
    parser = argparse.ArgumentParser(prog="python -m ndcg_book student", description=__doc__.split("\n\n")[0])
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
    notebooks.add_timeout_option(parser)
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
                "These notebooks differ from their text sources in solutions/"
                " (run: python tools/run.py exercises, or make exercises):"
            )
            for problem in drifted:
                print(f"  {problem}")
            return 1
        return 0

    for name in wanted:
        solution = read(SOLUTIONS / f"{name}.md")
        solved_path, student_path = SOLVED / f"{name}.ipynb", STUDENT / f"{name}.ipynb"
        if args.solutions:
            write(solution, solved_path)
            print(f"executing {solved_path.relative_to(ROOT).as_posix()}", flush=True)
            execute(solved_path, SOLVED, timeout)
        answers_path = ANSWERS / f"{name}.json"
        answers_path.parent.mkdir(parents=True, exist_ok=True)
        answers_path.write_text(answers_json(answer_texts(solution)), encoding="utf-8")
        print(f"wrote     {answers_path.relative_to(ROOT).as_posix()}", flush=True)
        write(student_notebook(solution, name), student_path)
        print(f"wrote     {student_path.relative_to(ROOT).as_posix()}", flush=True)
        if args.execute:
            print(f"executing {student_path.relative_to(ROOT).as_posix()}", flush=True)
            execute(student_path, STUDENT, timeout)
    return 0
