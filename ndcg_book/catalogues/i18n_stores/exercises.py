"""The student exercise notebooks' prose (``exercises/zh/NN_name.ipynb``, ``ndcg_book/generate/notebooks_translated.py``):
every block of every Markdown cell of the student notebook made from ``solutions/NN_name.md``
(``ndcg_book/generate/make_student.py``: the solutions' own prose is not in it); one domain per notebook,
``exercises/NN_name``, a message per block (a heading, a paragraph, a list item)."""

from __future__ import annotations

from pathlib import Path


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    from ndcg_book.generate import make_student, notebooks_translated

    found = {}
    for path in sorted((root / "solutions").glob("[0-9][0-9]_*.md")):
        english = make_student.student_notebook(make_student.read(path), path.stem)
        found[f"exercises/{path.stem}"] = [
            (None, block) for block in notebooks_translated.student_markdown(english)
        ]
    return found
