"""The flashcards and quizzes (``ndcg/course/content/NN_name.yaml``): one domain per chapter,
``cards/NN_name``; a message per text field, its context the card's or question's id and the field
(``dcg-why-log:back``, ``dcg-q-formula:B:feedback``). The English is the field as written, its
``{{ expr :spec }}`` templates included: a translation keeps every template as it is, and the
values are computed once and shown in both languages. The cards' sources with words are one more
domain, ``cards/sources``, each source once (its context ``source``)."""

from __future__ import annotations

import string
from pathlib import Path

import yaml

CONTENT = Path("ndcg", "course", "content")


def deck_messages(data: dict) -> list[tuple[str | None, str]]:
    """Every text of one chapter's file, ``(context, English)``, in the file's order."""
    found: list[tuple[str | None, str]] = [("title", str(data["title"]))]
    for card in data.get("flashcards") or []:
        found += [(f"{card['id']}:{field}", str(card[field])) for field in ("front", "back")]
    for question in data.get("quiz") or []:
        qid = question["id"]
        found.append((f"{qid}:question", str(question["question"])))
        for field in ("feedback_true", "feedback_false", "why"):
            if field in question:
                found.append((f"{qid}:{field}", str(question[field])))
        for letter, option in zip(string.ascii_uppercase, question.get("options") or []):
            for field in ("text", "feedback", "why"):
                if field in option:
                    found.append((f"{qid}:{letter}:{field}", str(option[field])))
    return [(context, text) for context, text in found if text.strip()]


def source_messages(decks: list[dict]) -> list[tuple[str | None, str]]:
    """Every card's and question's source with words (``004, flashcard #5``), once each, in the
    files' order, then the source documents' names that a notebook shows after a code
    (:data:`ndcg.course.cards.markup.SOURCE_NAMES`, context ``source-name``): the domain
    ``cards/sources`` (:data:`ndcg.course.cards.content.SOURCES_DOMAIN`)."""
    from ndcg.course.cards.content import source_has_words
    from ndcg.course.cards.markup import NAME_CONTEXT, SOURCE_NAMES

    found: dict[str, None] = {}
    for data in decks:
        for entry in [*(data.get("flashcards") or []), *(data.get("quiz") or [])]:
            source = str(entry.get("source", "")).strip()
            if source_has_words(source):
                found.setdefault(source)
    return [("source", source) for source in found] + [(NAME_CONTEXT, name) for name in SOURCE_NAMES.values()]


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    from ndcg.course.cards.content import SOURCES_DOMAIN

    decks = {
        f"cards/{path.stem}": yaml.safe_load(path.read_text(encoding="utf-8"))
        for path in sorted((root / CONTENT).glob("[0-9][0-9]_*.yaml"))
    }
    found = {domain: deck_messages(data) for domain, data in decks.items()}
    found[SOURCES_DOMAIN] = source_messages(list(decks.values()))
    return found
