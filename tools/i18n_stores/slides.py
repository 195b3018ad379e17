"""The slide decks (``instructors/slides/NN_name.md``): one domain per deck, ``slides/NN_name``; a
message per block of a slide (a heading, a paragraph, a list item, a table row with words) and per
line of its speaker notes, the context the slide's number and the block's (``3.2``, ``3.note.1``).
Blocks without words (a display formula, a figure, a table's rule line) are not messages: they
come through as they are."""

from __future__ import annotations

import re
from pathlib import Path

SLIDES = Path("instructors", "slides")
#: Text that is words: a Latin letter or a Chinese character outside maths, templates and figures.
_WORDS = re.compile(r"[A-Za-z\u4e00-\u9fff]")
_NOT_WORDS = re.compile(r"\{\{.*?\}\}|\$\$.*?\$\$|\$[^$]*\$|!\[[^\]]*\]\(figure:[^)]*\)|`[^`]*`", re.S)


def has_words(text: str) -> bool:
    """Whether ``text`` says something to translate (not only maths, templates, a figure or code)."""
    return bool(_WORDS.search(_NOT_WORDS.sub(" ", text)))


def blocks(slide: str) -> list[str]:
    """A slide's blocks: the lines of a list or table one by one, other blocks by blank lines."""
    found = []
    for block in re.split(r"\n\s*\n", slide.strip()):
        lines = block.splitlines()
        if lines and all(re.match(r"^\s*([-*+]|\d+\.|\|)", line) for line in lines):
            found += lines
        else:
            found.append(block)
    return found


def split_deck(text: str) -> list[tuple[str, list[str]]]:
    """A deck's slides after its front matter: ``(slide, notes lines)`` each."""
    body = text.split("\n---\n", 1)[1] if text.startswith("---\n") else text
    slides = []
    for slide in re.split(r"\n---\n", body):
        content, _, notes = slide.partition("\nNote:\n")
        slides.append((content, [line for line in notes.splitlines() if line.strip()]))
    return slides


def deck_messages(text: str) -> list[tuple[str | None, str]]:
    found = []
    for number, (content, notes) in enumerate(split_deck(text), start=1):
        for part, block in enumerate(blocks(content), start=1):
            if has_words(block):
                found.append((f"{number}.{part}", block.strip()))
        found += [(f"{number}.note.{n}", line.strip()) for n, line in enumerate(notes, start=1)]
    return found


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    return {
        f"slides/{path.stem}": deck_messages(path.read_text(encoding="utf-8"))
        for path in sorted((root / SLIDES).glob("[0-9][0-9]_*.md"))
    }
