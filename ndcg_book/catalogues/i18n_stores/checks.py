"""The exercise checks' own words (``ndcg/course/check_words.py``, :data:`WORDS`): the verdicts
("Correct", "Not yet", "Not quite"), the rungs of the hint ladder, the per-entry marks of a list,
what is wrong with an answer of the wrong type, and the answer box's labels and buttons; one
domain, ``checks``, a message per key (the context). Also the names of what each exercise's
check asks for (``name="DCG@3 of the films"`` in ``solutions/NN_name.md``), context ``name``:
the checks' verdicts say them."""

from __future__ import annotations

import ast
from pathlib import Path

CHECKS = Path("ndcg", "course", "check_words.py")
SOLUTIONS = Path("solutions")


def words(root: Path) -> list[tuple[str | None, str]]:
    """``(key, English)`` of every entry of ``WORDS`` in ``check_words.py``, read without importing it."""
    tree = ast.parse((root / CHECKS).read_text(encoding="utf-8"))
    for statement in tree.body:
        targets = getattr(statement, "targets", None) or [getattr(statement, "target", None)]
        if any(isinstance(t, ast.Name) and t.id == "WORDS" for t in targets):
            return list(ast.literal_eval(statement.value).items())
    raise ValueError(f"{CHECKS}: no WORDS = {{...}}")


def names(root: Path) -> list[tuple[str | None, str]]:
    """``("name", English)`` of every check's literal ``name=`` in the solutions' text sources."""
    from ndcg_book.generate import make_student

    found = []
    for path in sorted((root / SOLUTIONS).glob("[0-9][0-9]_*.md")):
        for cell in make_student.read(path).cells:
            if not make_student.is_check_definition(cell):
                continue
            for _, _, call in make_student._checks_defined(ast.parse(cell.source)):
                for keyword in call.keywords:
                    if keyword.arg == "name" and isinstance(keyword.value, ast.Constant):
                        found.append(("name", keyword.value.value))
    return found


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    return {"checks": words(root) + names(root)}
