"""Export every flashcard of the course to an Anki deck (imports genanki).

``make anki`` runs ``python -m ndcg.course.anki _build/ndcg-course.apkg``. The deck
"NDCG course" has one sub-deck per chapter ("NDCG course::02 DCG", ...), with
the chapter's flashcards and then its quiz questions, and every note has four
fields: Front, Back, Source and Chapter. A question's front holds the question
and its options (a multi-select one says to pick every right option, a
true/false one offers True and False); its back, the right answer and the
feedback of every option. Maths is written ``\\(...\\)`` and ``\\[...\\]``,
which Anki typesets with its built-in MathJax.

The ids are stable: the note model and the decks have fixed ids, and every
note's GUID is derived from the card's (or question's) ``id`` in the content files with
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
    """The Anki GUID of a card or question: ``genanki.guid_for(card_id)``, stable forever."""
    import genanki

    return genanki.guid_for(card_id)


def to_anki_html(text: str) -> str:
    """Card text (Markdown with ``$...$`` maths) as Anki HTML with ``\\(...\\)`` maths.

    >>> to_anki_html("keeps $1/\\\\log_2(i+1)$ of its gain")
    '<p>keeps \\\\(1/\\\\log_2(i+1)\\\\) of its gain</p>'
    """
    return _cards.to_html(text)


_HOW = {
    "single": "Pick one answer.",
    "true-false": "True or false?",
    "multi-select": "Pick every right answer (one or more).",
}


def _inline(text: str) -> str:
    """Anki HTML of one paragraph without its ``<p>``, to sit in a list item."""
    html_ = to_anki_html(text)
    if html_.startswith("<p>") and html_.endswith("</p>") and html_.count("<p>") == 1:
        return html_[3:-4]
    return html_


def question_fields(question) -> tuple[str, str]:
    """A quiz question as an Anki note's Front and Back (HTML, ``\\(...\\)`` maths).

    The front holds the question and its options, lettered (a true/false question's
    options are True and False); the back, the right answer and every option's feedback,
    each marked right or wrong.

    >>> from ndcg.course.cards import Option, Question
    >>> q = Question("q", "x", "2 is even.", (Option("True", True, "Yes."), Option("False", False, "No.")),
    ...              kind="true-false")
    >>> front, back = question_fields(q)
    >>> "True or false?" in front, back.startswith("<p><b>Answer: True</b></p>")
    (True, True)
    """
    letters = "ABCDEFGHIJ"
    options = "".join(
        f"<li><b>{letters[i]}.</b> {_inline(option.text)}</li>" for i, option in enumerate(question.options)
    )
    front = (
        f'<div class="quiz-kind">Quiz: {_HOW[question.kind]}</div>{to_anki_html(question.question)}'
        f'<ul class="quiz-options">{options}</ul>'
    )

    def feedback(i: int, option) -> str:
        name = f"{letters[i]} ({option.text})" if question.kind == "true-false" else letters[i]
        text = _inline(option.feedback)
        mark = "✅ right" if option.correct else "❌ wrong"
        return f"<li><b>{html.escape(name)}</b>, {mark}: {text}</li>"

    why = "".join(feedback(i, option) for i, option in enumerate(question.options))
    answer = html.escape(_cards.answer_text(question))
    back = f'<p><b>Answer: {answer}</b></p><ul class="quiz-feedback">{why}</ul>'
    return front, back


def chapter_deck(chapter, model_=None, quiz=True):
    """The genanki deck of one chapter (a sub-deck of "NDCG course").

    Parameters
    ----------
    chapter : str or ndcg.course.cards.Deck
    model_ : genanki.Model, optional
        The note model (by default :func:`model`).
    quiz : bool
        Whether to add the chapter's quiz questions (after its flashcards), one note each
        (:func:`question_fields`), tagged ``quiz`` and ``quiz-<kind>``.
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
    for question in deck.quiz if quiz else ():
        front, back = question_fields(question)
        result.add_note(
            genanki.Note(
                model=model_,
                fields=[front, back, html.escape(question.source), html.escape(deck.title)],
                guid=note_guid(question.id),
                tags=["ndcg-course", f"chapter-{deck.chapter}", "quiz", f"quiz-{question.kind}"],
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
    """Write every flashcard and quiz question to an Anki package at ``path``; return the path.

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
    questions = sum(len(deck.quiz) for deck in decks)
    print(f"Wrote {total} flashcards and {questions} quiz questions in {len(decks)} chapter decks to {path}")
    print("Import it in Anki (File > Import); re-importing a newer file updates the cards.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
