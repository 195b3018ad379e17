"""The views' words (:mod:`ndcg.course.views_text`): every label, message and ``aria-label`` of the
games, the ranking explorer, the interactive figures, the score playground and the answer box, and
the names of the examples' systems and items they show; one domain, ``views``, a message per text,
its context the view's group and the text's key (``explorer:reset``, ``same_rr:pairs:2``), or
``name`` for an example's name."""

from __future__ import annotations

from pathlib import Path


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    from ndcg.course import views_text

    return {views_text.DOMAIN: views_text.messages()}
