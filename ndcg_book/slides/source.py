"""A deck's source file: where the decks are, and a file cut into its front matter and its slides.

The format is the package's (:mod:`ndcg_book.slides`): a YAML front matter, then the slides
separated by lines holding only ``---``, each ending with a line ``Note:`` and its speaker notes.
Nothing here computes a template or reads a catalogue.
"""

from __future__ import annotations

import re
from pathlib import Path

#: The folder of the course that holds the decks' sources (an instructors' page folder).
SOURCE = "instructors/slides"

_FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)
_SEPARATOR = re.compile(r"^---[ \t]*$", re.MULTILINE)
_NOTE = re.compile(r"^Note:[ \t]*$", re.MULTILINE)
#: A figure shown on a slide, ``![what it shows](figure:name)``: its name.
FIGURE = re.compile(r"\]\(figure:([\w-]+)\)")
_NAME = re.compile(r"^\d\d_[a-z0-9_]+$")


class DeckError(ValueError):
    """A deck's source is malformed (the message names the deck and, where it can, the slide)."""


def source_folder(root: Path) -> Path:
    """The folder of the decks' sources (and of reveal.js, ``deck.html``, ``deck.css``, ``deck.js``)."""
    return Path(root) / SOURCE


def deck_sources(root: Path) -> list[Path]:
    """Every deck of the course, in chapter order: ``instructors/slides/NN_name.md``."""
    return sorted(path for path in source_folder(root).glob("*.md") if _NAME.match(path.stem))


def split_source(text: str, name: str = "deck") -> tuple[dict, list[tuple[str, str]]]:
    """A deck's front matter and its slides as (Markdown, notes), templates not yet computed.

    >>> meta, slides = split_source("---\\nchapter: chapters/x\\n---\\nA\\nNote:\\nsay A\\n---\\nB\\nNote:\\nB!\\n")
    >>> meta["chapter"], slides
    ('chapters/x', [('A', 'say A'), ('B', 'B!')])
    """
    import yaml

    match = _FRONT_MATTER.match(text)
    if not match:
        raise DeckError(f"{name}: a deck starts with a YAML front matter between two lines '---'")
    meta = yaml.safe_load(match.group(1)) or {}
    missing = {"chapter"} - set(meta)
    if missing:
        raise DeckError(f"{name}: the front matter lacks {', '.join(sorted(missing))}")
    unknown = set(meta) - {"chapter", "figures", "compute"}
    if unknown:
        raise DeckError(f"{name}: unknown front-matter keys {', '.join(sorted(unknown))}")
    slides = []
    for number, chunk in enumerate(_SEPARATOR.split(text[match.end() :]), start=2):
        parts = _NOTE.split(chunk)
        if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
            raise DeckError(
                f"{name}, slide {number}: a slide is Markdown, then a line 'Note:', then its speaker notes"
            )
        slides.append((parts[0].strip(), parts[1].strip()))
    return meta, slides
