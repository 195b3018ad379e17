"""An exercise notebook's minutes: its checks read from the solutions' text source, each of
one of three kinds, each kind its estimate. Standard library only."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from .reading import EXERCISE_MINUTES

_CHECK = re.compile(r"^(?P<var>\w+)\s*=\s*(?P<cls>NumberCheck|FunctionCheck)\(", re.MULTILINE)
_CELL = re.compile(
    r"^(?P<fence>`{3,})\{code-cell\}[^\n]*\n(?P<body>.*?)^(?P=fence)\s*$", re.MULTILINE | re.DOTALL
)
_ID = re.compile(r"^:?id:\s*(?P<id>\S+)", re.MULTILINE)
_LIST_TEMPLATE = re.compile(r"^:?student:\s*['\"]?answer\s*=\s*\[", re.MULTILINE)


@dataclass(frozen=True)
class Exercise:
    """One checked exercise of an exercise notebook."""

    check: str  #: the check's variable, ``check_films``
    kind: str  #: ``"number"``, ``"list"`` or ``"function"``

    @property
    def minutes(self) -> int:
        return EXERCISE_MINUTES[self.kind]


def read_exercises(solution_text: str) -> list[Exercise]:
    """The exercises of a solutions text source, in order, each with its type.

    A check is defined in a cell whose id is ``exN-check-def``; the exercise's answer
    cell, ``exN-answer``, holds the learner's template (``student:``), which says whether
    a :class:`NumberCheck` wants one number or a list.
    """
    cells = {}
    order = []
    for match in _CELL.finditer(solution_text):
        body = match["body"]
        found = _ID.search(body)
        if found:
            cells[found["id"]] = body
            order.append(found["id"])
    exercises = []
    for cell_id in order:
        body = cells[cell_id]
        for check in _CHECK.finditer(body):
            if check["cls"] == "FunctionCheck":
                kind = "function"
            else:
                answer = cells.get(cell_id.removesuffix("-check-def") + "-answer", "")
                if not answer:
                    raise ValueError(f"{cell_id}: no answer cell {cell_id.removesuffix('-check-def')}-answer")
                kind = "list" if _LIST_TEMPLATE.search(answer) else "number"
                _agrees(body[check.end() - 1 :], kind, check["var"])
            exercises.append(Exercise(check["var"], kind))
    return exercises


def _agrees(call: str, kind: str, var: str) -> None:
    """A literal list as the expected value must go with a list template."""
    try:
        tree = ast.parse("f" + call[: _closing(call) + 1])
    except SyntaxError:
        return
    args = tree.body[0].value.args
    if args and isinstance(args[0], ast.List | ast.Tuple) and kind != "list":
        raise ValueError(f"{var}: expects a list, but its answer template asks for one number")


def _closing(text: str) -> int:
    depth = 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return i
    return len(text) - 1


def exercise_minutes(exercises: list[Exercise]) -> int:
    """The minutes of a list of exercises: the per-type estimates, summed."""
    return sum(e.minutes for e in exercises)
