"""Whether every generated notebook still matches its text source, executing nothing.

The chapters' notebooks and the play notebooks (``notebooks.py``), the student notebooks
(``make_student.py``) and those in every other language (``notebooks_translated.py``):
each notebook's cells (type, id, source, metadata) are compared with what its text source gives
now, and the notebooks to generate again are listed. The outputs are nbval's job. The three generators are imported
here; none of them imports this module.

Usage (from the repository root, with the course's Python; ``python tools/run.py sync-check``
calls it)::

    .venv/bin/python -m ndcg_book sync     # exit 1 if a generated notebook drifted
"""

from __future__ import annotations

import argparse
from pathlib import Path

from . import make_student, notebooks, notebooks_translated


def sync_problems(root: Path = notebooks.ROOT) -> list[str]:
    """Every generated notebook that no longer matches its text source (no execution)."""
    problems = []
    sources = notebooks.chapter_sources(root)
    for source in sources:
        if (
            problem := notebooks.drift(
                notebooks.read_source(source), notebooks.generated_path(source, root), root
            )
        ) is not None:
            problems.append(problem)
    expected = {notebooks.generated_path(source, root) for source in sources}
    for stray in sorted((root / "notebooks").glob("*.ipynb")) + sorted(
        (root / "notebooks" / "chapters").rglob("*.ipynb")
    ):
        if stray not in expected:
            problems.append(f"{stray.relative_to(root).as_posix()}: no text source")
    titles = notebooks.chapter_titles(root)
    for source in notebooks.play_sources(root):
        expected_play = notebooks.play_notebook_text(source.read_text(encoding="utf-8"), source, titles)
        if (problem := notebooks.drift(expected_play, notebooks.play_path(source, root), root)) is not None:
            problems.append(problem)
    plays = {notebooks.play_path(source, root) for source in notebooks.play_sources(root)}
    for stray in sorted((root / notebooks.PLAY).glob("*.ipynb")):
        if stray not in plays:
            problems.append(f"{stray.relative_to(root).as_posix()}: no chapter of that name")
    problems += make_student.drift_problems()
    problems += notebooks_translated.drift_problems(root)
    for source in sources:  # never an .ipynb next to its .md: the strict build fails on that
        if source.with_suffix(".ipynb").exists():
            problems.append(
                f"{source.with_suffix('.ipynb').relative_to(root).as_posix()}: a notebook next to "
                f"its text source (delete it)"
            )
    return problems


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(prog="python -m ndcg_book sync", description=__doc__.split("\n\n")[0]).parse_args(
        argv
    )
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
