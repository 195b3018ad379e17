"""The slide decks (``instructors/slides/NN_name.md``): one domain per deck, ``slides/NN_name``; a
message per block of a slide (a heading, a paragraph, a list item, a table row with words) and per
line of its speaker notes, the context the slide's number (the first after the title slide is 1)
and the block's (``3.2``, ``3.note.1``), and one per ``_("...")`` of a figure's code
(``figure.basketball``). Blocks without words (a display formula, a figure, a table's rule line,
a row of names and numbers only) are not messages: they come through as they are. The splitting
is the build's own (:func:`ndcg_book.slides.words.deck_messages`), so the Chinese deck replaces exactly
these blocks. The words around the slides (the title slide, the list of decks, the role's link
text) are the domain ``slides/ui`` (:data:`ndcg_book.slides.words.UI`)."""

from __future__ import annotations

from pathlib import Path

from ndcg_book.slides import words
from ndcg_book.slides.source import deck_sources


def messages(root: Path) -> dict[str, list[tuple[str | None, str]]]:
    found: dict[str, list[tuple[str | None, str]]] = {
        f"{words.DOMAIN}/{path.stem}": words.deck_messages(path.read_text(encoding="utf-8"), path.name)
        for path in deck_sources(root)
    }
    found[f"{words.DOMAIN}/ui"] = list(words.UI.items())
    return found
