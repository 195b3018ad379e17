"""Export every flashcard of the course to an Anki deck (imports genanki).

``make anki`` runs ``python -m ndcg.course.anki _build/ndcg-course.apkg``. The deck
"NDCG course" has one sub-deck per chapter ("NDCG course::02 DCG", ...), and
every note has four fields: Front, Back, Source and Chapter. Maths is written
``\\(...\\)`` and ``\\[...\\]``, which Anki typesets with its built-in MathJax.

The ids are stable: the note model and the decks have fixed ids, and every
note's GUID is derived from the card's ``id`` in the content files with
``genanki.guid_for``. So importing a newer ``.apkg`` into Anki *updates* the
existing notes (and keeps their review history) instead of adding copies.

Examples
--------
>>> from ndcg.course import anki
>>> deck = anki.chapter_deck("02_dcg")
>>> deck.name
'NDCG course::02 DCG'
>>> deck.deck_id == anki.DECK_IDS["02_dcg"]
True
>>> note = deck.notes[0]
>>> note.guid == anki.note_guid("dcg-what-it-evaluates")
True
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

from . import assets
from . import cards as _cards

#: The note model's id. Never change it: Anki matches models by id.
MODEL_ID = 1_743_210_517

#: The parent deck's id; chapter decks get ``DECK_ID + 1 + chapter number``.
DECK_ID = 2_061_830_400

#: The parent deck's name; chapter decks are ``NDCG course::<short name>``.
DECK_NAME = "NDCG course"

#: Short names of the chapter sub-decks.
SHORT_NAMES = {
    "00_why": "00 Why ranking metrics",
    "01_cg": "01 CG",
    "02_dcg": "02 DCG",
    "03_idcg": "03 IDCG",
    "04_ndcg": "04 NDCG",
    "05_mrr": "05 MRR",
    "06_ltr": "06 Learning to rank",
}


def _deck_id(chapter: str) -> int:
    return DECK_ID + 1 + int(chapter.split("_", 1)[0])


#: The sub-deck id of every chapter with a content file.
DECK_IDS = {chapter: _deck_id(chapter) for chapter in _cards.chapters()}


def model():
    """The note model: Front / Back / Source / Chapter, one card per note."""
    import genanki

    return genanki.Model(
        MODEL_ID,
        "NDCG course card",
        fields=[{"name": "Front"}, {"name": "Back"}, {"name": "Source"}, {"name": "Chapter"}],
        templates=[
            {
                "name": "Card 1",
                "qfmt": '<div class="chapter">{{Chapter}}</div>{{Front}}',
                "afmt": (
                    '{{FrontSide}}<hr id="answer">{{Back}}'
                    '{{#Source}}<div class="source">Source: {{Source}}</div>{{/Source}}'
                ),
            }
        ],
        css=assets.read(assets.ANKI_CSS),
        sort_field_index=0,
    )


def note_guid(card_id: str) -> str:
    """The Anki GUID of a card: ``genanki.guid_for(card_id)``, stable forever."""
    import genanki

    return genanki.guid_for(card_id)


def to_anki_html(text: str) -> str:
    """Card text (Markdown with ``$...$`` maths) as Anki HTML with ``\\(...\\)`` maths.

    >>> to_anki_html("keeps $1/\\\\log_2(i+1)$ of its gain")
    '<p>keeps \\\\(1/\\\\log_2(i+1)\\\\) of its gain</p>'
    """
    return _cards.to_html(text)


def chapter_deck(chapter, model_=None):
    """The genanki deck of one chapter (a sub-deck of "NDCG course").

    Parameters
    ----------
    chapter : str or ndcg.course.cards.Deck
    model_ : genanki.Model, optional
        The note model (by default :func:`model`).
    """
    import genanki

    deck = _cards.as_deck(chapter)
    model_ = model() if model_ is None else model_
    short = SHORT_NAMES.get(deck.chapter, deck.chapter.replace("_", " "))
    result = genanki.Deck(
        _deck_id(deck.chapter), f"{DECK_NAME}::{short}", description=html.escape(deck.title)
    )
    for card in deck.flashcards:
        result.add_note(
            genanki.Note(
                model=model_,
                fields=[
                    to_anki_html(card.front),
                    to_anki_html(card.back),
                    html.escape(card.source),
                    html.escape(deck.title),
                ],
                guid=note_guid(card.id),
                tags=["ndcg-course", f"chapter-{deck.chapter}"],
            )
        )
    return result


def package(decks=None):
    """A genanki package with one sub-deck per chapter (all chapters by default)."""
    import genanki

    decks = _cards.load_all() if decks is None else list(decks)
    model_ = model()
    return genanki.Package([chapter_deck(deck, model_) for deck in decks])


def write_apkg(path) -> Path:
    """Write every flashcard to an Anki package at ``path``; return the path.

    Parameters
    ----------
    path : str or Path
        Where to write, e.g. ``"_build/ndcg-course.apkg"``; missing folders
        are created.

    Examples
    --------
    >>> import tempfile, zipfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     out = write_apkg(pathlib.Path(folder) / "deck.apkg")
    ...     zipfile.is_zipfile(out)
    True
    """
    path = Path(path)
    if path.suffix != ".apkg":
        raise ValueError(f"path must end in .apkg; got {str(path)!r}.")
    path.parent.mkdir(parents=True, exist_ok=True)
    package().write_to_file(str(path))
    return path


def main(argv=None) -> int:
    """``python -m ndcg.course.anki [PATH]``: write the deck (default ``_build/ndcg-course.apkg``)."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) > 1 or (argv and argv[0] in ("-h", "--help")):
        print("usage: python -m ndcg.course.anki [PATH.apkg]")
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    path = write_apkg(argv[0] if argv else "_build/ndcg-course.apkg")
    decks = _cards.load_all()
    total = sum(len(deck.flashcards) for deck in decks)
    print(f"Wrote {total} flashcards in {len(decks)} chapter decks to {path}")
    print("Import it in Anki (File > Import); re-importing a newer file updates the cards.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
