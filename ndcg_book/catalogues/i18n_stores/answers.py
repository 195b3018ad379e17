"""The exercise checks' words (``ndcg/course/content/answers/NN_name.json``): the hints, the closer
looks and the explanations a learner's check shows, one domain per chapter, ``answers/NN_name``;
a message per text, its context the check's name and the field (``check_films:hint2``)."""

from __future__ import annotations

import json
from pathlib import Path

ANSWERS = Path("ndcg", "course", "content", "answers")


def _texts(value, context: str):
    if isinstance(value, str):
        if value.strip():
            yield context, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts(item, f"{context}:{key}")
    elif isinstance(value, list):
        for number, item in enumerate(value, start=1):
            yield from _texts(item, f"{context}:{number}")


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    found = {}
    for path in sorted((root / ANSWERS).glob("[0-9][0-9]_*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        found[f"answers/{path.stem}"] = [m for name, entry in data.items() for m in _texts(entry, name)]
    return found
