"""A view's data in its HTML: the JSON island.

Every view of the course (the flashcards and the quiz, the figures, the games, the explorers, the
study plan) is an HTML skeleton followed by its data, as JSON, in a
``<script type="application/json" data-ndcg-data>`` element, which the view's script reads.
:func:`json_island` writes one; :func:`rewrite` changes a fragment's HTML and its islands' data
(the book links the sources in both; a notebook's snapshot turns their TeX into MathML).

Standard library only: the views (:mod:`ndcg.course.cards.views`, :mod:`ndcg.course.figures`,
:mod:`ndcg.course.widgets`) all import it, and it imports none of them.

Examples
--------
>>> fragment = '<p>a</p>' + json_island({"text": "a"})
>>> rewrite(fragment, str.upper, lambda data: {"text": data["text"] * 2})
'<P>A</P><script type="application/json" data-ndcg-data>{"text":"aa"}</script>'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

#: A JSON island: its opening tag, its JSON, its closing tag.
ISLAND = re.compile(r'(<script type="application/json" data-ndcg-data>)(.*?)(</script>)', re.S)


def json_island(data) -> str:
    """``data`` as a ``<script type="application/json" data-ndcg-data>`` element.

    ``<``, ``>`` and ``&`` are written as JSON escapes, so no text of the data
    can close the element early.

    >>> json_island({"text": "</script>"})
    '<script type="application/json" data-ndcg-data>{"text":"\\\\u003c/script\\\\u003e"}</script>'
    """
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" data-ndcg-data>{text}</script>'


def rewrite(fragment: str, text: Callable[[str], str], data: Callable[[object], object]) -> str:
    """``fragment`` with ``text`` applied to its HTML between the islands, and ``data`` to each
    island's decoded data (the island written again by :func:`json_island`)."""
    parts, last = [], 0
    for island in ISLAND.finditer(fragment):
        parts.append(text(fragment[last : island.start()]))
        parts.append(json_island(data(json.loads(island[2]))))
        last = island.end()
    parts.append(text(fragment[last:]))
    return "".join(parts)
