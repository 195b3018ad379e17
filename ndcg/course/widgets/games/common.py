"""What the three games share: the rule that fills their texts, and the plumbing of their views.

Every game says its messages from templates: :func:`fill` fills their ``{name}`` fields by the
same rule as ``fill`` in ``ndcg-games.js``. A game's JSON island carries each text in the
languages of the build (:func:`_picked`); its view keeps the same id from build to build
(:func:`_view_id`: the reader's stored bests are keyed by it); its list is given as a
:class:`ndcg.course.examples.Ranking` or as plain grades (:func:`_split_ranking`); and under it
stands the line of code that makes it in a notebook (:func:`_call`, :func:`_example_name`).
"""

from __future__ import annotations

import hashlib
import json
import re

from ...._validation import check_grades
from ... import i18n, tables


def _picked(by_language: dict):
    """A text (or a dict of texts) made in every language (by language: :func:`ndcg.course.i18n.each`),
    for a JSON island: each text by language in the book's build, else the chosen language's."""
    first = next(iter(by_language.values()))
    if isinstance(first, dict):
        return {key: _picked({code: value[key] for code, value in by_language.items()}) for key in first}
    return i18n.pick(by_language)


_FIELD = re.compile(r"\{(\w+)\}")


def fill(template: str, **values) -> str:
    """``template`` with every ``{name}`` replaced by ``values[name]`` (a missing name is left).

    The same rule as ``fill`` in ``ndcg-games.js``: no format specs, nothing else.

    >>> fill("NDCG@{n} = {x}", n=4, x="0.817")
    'NDCG@4 = 0.817'
    """
    return _FIELD.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), template)


def _view_id(kind: str, data: dict) -> str:
    """A DOM id that stays the same from build to build (the game's store is keyed by it)."""
    digest = hashlib.sha1(json.dumps(data, sort_keys=True).encode("utf-8")).hexdigest()[:10]
    return f"ndcg-{kind}-{digest}"


def _split_ranking(ranking, grades=None, name=None):
    """Items, grades and a name from a :class:`ndcg.course.examples.Ranking` or plain grades."""
    if grades is None and hasattr(ranking, "grades") and hasattr(ranking, "items"):
        return list(ranking.items), check_grades(ranking.grades), name or ranking.name
    values = check_grades(ranking if grades is None else grades)
    items = tables.default_items(values.size) if grades is None else list(ranking)
    return items, values, name


def _call(cls: str, args: list[str]) -> str:
    return f"{cls}({', '.join(args)})"


def _example_name(ranking) -> str:
    """The name under which ``ranking`` is found in :mod:`ndcg.course.examples`, if any."""
    from ... import examples

    for name in dir(examples):
        if name.isupper() and getattr(examples, name) is ranking:
            return name
    return "ranking"
