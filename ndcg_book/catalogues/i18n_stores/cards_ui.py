"""The words around the flashcards, quizzes, progress view, printable page, instructors' answer
keys and Anki deck (:mod:`ndcg.course.cards.words`): one domain, ``cards-ui``; a message per word,
its context the word's key (``got``, ``card-status``). A ``{name}`` is a value filled in after
translation (by Python, or by ``ndcg-course.js`` and ``ndcg-study.js``): a translation keeps each."""

from __future__ import annotations

from pathlib import Path


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    from ndcg.course.cards.words import DOMAIN, WORDS

    return {DOMAIN: list(WORDS.items())}
