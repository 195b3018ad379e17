"""The timings' words (``ndcg_book/timing/text.py``: the time boxes, the instructor guide's table of
chapters, its list of companion pages, its assumptions and its agendas): the domain ``timing``, a
message per key of :data:`ndcg_book.timing.text.WORDS`, the key its context."""

from __future__ import annotations

from pathlib import Path

from ndcg_book.timing.text import DOMAIN, WORDS


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    return {DOMAIN: list(WORDS.items())}
