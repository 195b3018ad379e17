"""Export every flashcard of the course to an Anki deck, one per language (imports genanki).

``make anki`` runs ``python -m ndcg.course.anki _build/ndcg-course.apkg``, which writes the English
deck there and the Chinese one beside it, ``_build/ndcg-course-zh.apkg`` (:func:`language_path`).
The deck "NDCG course" ("NDCG 课程" in Chinese) has one sub-deck per chapter ("NDCG course::02 DCG", ...), with
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

Each language has ids of its own, so both decks live side by side in one Anki collection (neither
import overwrites the other's notes): the Chinese model's and decks' ids are the English ones plus
:func:`offset` ``("zh")`` (:func:`model_id`, :func:`deck_id`), and a Chinese note's GUID is
``genanki.guid_for(card_id, "zh")`` (:func:`note_guid`). The English ids are those of the first
deck, never changed. The Chinese texts are the chapters' catalogues (:func:`ndcg.course.cards.load`
with ``"zh"``) and the words of :mod:`ndcg.course.cards.words`, with the same computed values.

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
>>> anki.chapter_deck("02_dcg", language="zh").deck_id == anki.deck_id("02_dcg", "zh")
True
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

from . import assets, manifest
from . import cards as _cards
from .cards.words import WORDS, word

#: The note model's id. Never change it: Anki matches models by id.
MODEL_ID = 1_743_210_517

#: The parent deck's id; chapter decks get ``DECK_ID + 1 + chapter number``.
DECK_ID = 2_061_830_400


def offset(language: str) -> int:
    """What ``language`` adds to the English ids, for its note model and its decks (the chapter
    decks' ids are ``DECK_ID + 1 + chapter number``: the next 999 ids are the English decks'
    room): the language's ``anki_offset`` in the course manifest.

    >>> offset("en"), offset("zh")
    (0, 1000)
    """
    return manifest.language(language).anki_offset


#: The parent deck's name (English); chapter decks are ``NDCG course::<short name>``.
DECK_NAME = word("anki-deck")

#: Short names of the chapter sub-decks (English; :func:`short_name` in a language).
SHORT_NAMES = {chapter: word(f"anki-{chapter}") for chapter in _cards.chapters()}


def _language(language: str) -> str:
    manifest.language(language)  # (a ValueError for a language the course does not have)
    return language


def model_id(language: str = "en") -> int:
    """The note model's id in ``language``: :data:`MODEL_ID` plus the language's offset.

    >>> model_id("en"), model_id("zh")
    (1743210517, 1743211517)
    """
    return MODEL_ID + offset(language)


def deck_id(chapter: str, language: str = "en") -> int:
    """A chapter deck's id in ``language``: ``DECK_ID + 1 + chapter number`` plus the language's offset.

    >>> deck_id("02_dcg"), deck_id("02_dcg", "zh")
    (2061830403, 2061831403)
    """
    return DECK_ID + offset(language) + 1 + int(chapter.split("_", 1)[0])


_deck_id = deck_id

#: The sub-deck id of every chapter with a content file (English).
DECK_IDS = {chapter: deck_id(chapter) for chapter in _cards.chapters()}


def short_name(chapter: str, language: str = "en") -> str:
    """A chapter sub-deck's short name in ``language`` (``"02 DCG"``, ``"06 排序学习"``)."""
    if f"anki-{chapter}" in WORDS:
        return word(f"anki-{chapter}", language)
    return chapter.replace("_", " ")


def model(language: str = "en"):
    """The note model in ``language``: Front / Back / Source / Chapter, one card per note."""
    import genanki

    return genanki.Model(
        model_id(language),
        word("anki-model", language),
        fields=[{"name": "Front"}, {"name": "Back"}, {"name": "Source"}, {"name": "Chapter"}],
        templates=[
            {
                "name": "Card 1",
                "qfmt": '<div class="chapter">{{Chapter}}</div>{{Front}}',
                "afmt": (
                    '{{FrontSide}}<hr id="answer">{{Back}}'
                    # the sources as the book cites them: a discreet marker, [002; 000 §1]
                    '{{#Source}}<div class="source">[{{Source}}]</div>{{/Source}}'
                ),
            }
        ],
        css=assets.read(assets.ANKI_CSS),
        sort_field_index=0,
    )


def note_guid(card_id: str, language: str = "en") -> str:
    """The Anki GUID of a card or question: ``genanki.guid_for(card_id)`` in English,
    ``genanki.guid_for(card_id, "zh")`` in Chinese; stable forever."""
    import genanki

    return genanki.guid_for(card_id) if _language(language) == "en" else genanki.guid_for(card_id, language)


def to_anki_html(text: str) -> str:
    """Card text (Markdown with ``$...$`` maths) as Anki HTML with ``\\(...\\)`` maths.

    >>> to_anki_html("keeps $1/\\\\log_2(i+1)$ of its gain")
    '<p>keeps \\\\(1/\\\\log_2(i+1)\\\\) of its gain</p>'
    """
    return _cards.to_html(text)


_HOW = {"single": "anki-single", "true-false": "anki-true-false", "multi-select": "anki-multi-select"}


def _inline(text: str) -> str:
    """Anki HTML of one paragraph without its ``<p>``, to sit in a list item."""
    html_ = to_anki_html(text)
    if html_.startswith("<p>") and html_.endswith("</p>") and html_.count("<p>") == 1:
        return html_[3:-4]
    return html_


def question_fields(question, language: str = "en") -> tuple[str, str]:
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
    how = word("anki-quiz", language, how=word(_HOW[question.kind], language))
    front = (
        f'<div class="quiz-kind">{html.escape(how)}</div>{to_anki_html(question.question)}'
        f'<ul class="quiz-options">{options}</ul>'
    )

    def feedback(i: int, option) -> str:
        name = f"{letters[i]} ({option.text})" if question.kind == "true-false" else letters[i]
        mark = word("anki-right" if option.correct else "anki-wrong", language)
        return f"<li>{word('anki-feedback', language, name=f'<b>{html.escape(name)}</b>', mark=mark, text=_inline(option.feedback))}</li>"

    why = "".join(feedback(i, option) for i, option in enumerate(question.options))
    answer = word("anki-answer", language, answer=html.escape(_cards.answer_text(question)))
    back = f'<p><b>{answer}</b></p><ul class="quiz-feedback">{why}</ul>'
    return front, back


def chapter_deck(chapter, model_=None, quiz=True, language: str = "en"):
    """The genanki deck of one chapter (a sub-deck of "NDCG course"), in ``language``.

    Parameters
    ----------
    chapter : str or ndcg.course.cards.Deck
    model_ : genanki.Model, optional
        The note model (by default :func:`model` of ``language``).
    quiz : bool
        Whether to add the chapter's quiz questions (after its flashcards), one note each
        (:func:`question_fields`), tagged ``quiz`` and ``quiz-<kind>``.
    language : str
        ``"en"`` or ``"zh"``: the texts, the deck's name and ids, the notes' GUIDs.
    """
    import genanki

    deck = _cards.as_deck(chapter, _language(language))
    model_ = model(language) if model_ is None else model_
    result = genanki.Deck(
        deck_id(deck.chapter, language),
        f"{word('anki-deck', language)}::{short_name(deck.chapter, language)}",
        description=html.escape(deck.title),
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
                guid=note_guid(card.id, language),
                tags=["ndcg-course", f"chapter-{deck.chapter}"],
            )
        )
    for question in deck.quiz if quiz else ():
        front, back = question_fields(question, language)
        result.add_note(
            genanki.Note(
                model=model_,
                fields=[front, back, html.escape(question.source), html.escape(deck.title)],
                guid=note_guid(question.id, language),
                tags=["ndcg-course", f"chapter-{deck.chapter}", "quiz", f"quiz-{question.kind}"],
            )
        )
    return result


def package(decks=None, language: str = "en"):
    """A genanki package with one sub-deck per chapter (all chapters by default), in ``language``."""
    import genanki

    decks = _cards.load_all() if decks is None else list(decks)
    model_ = model(language)
    return genanki.Package([chapter_deck(deck, model_, language=language) for deck in decks])


def language_path(path, language: str) -> Path:
    """Where the deck of ``language`` goes, next to the English one at ``path``.

    >>> language_path("_build/ndcg-course.apkg", "zh").as_posix()
    '_build/ndcg-course-zh.apkg'
    >>> language_path("_build/ndcg-course.apkg", "en").as_posix()
    '_build/ndcg-course.apkg'
    """
    path = Path(path)
    return path if _language(language) == "en" else path.with_name(f"{path.stem}-{language}{path.suffix}")


def write_apkg(path, language: str = "en", timestamp: float | None = None) -> Path:
    """Write every flashcard and quiz question to an Anki package at ``path``; return the path.

    Parameters
    ----------
    path : str or Path
        Where to write, e.g. ``"_build/ndcg-course.apkg"``; missing folders
        are created.
    language : str
        ``"en"`` or ``"zh"``.
    timestamp : float, optional
        The notes' and cards' modification time and the start of their ids (seconds since the
        epoch; default: now). The book gives its edition's date: the same flashcards then give the
        same collection, and a newer edition's notes are newer, so Anki updates them on import.

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
    package(language=language).write_to_file(str(path), timestamp=timestamp)
    return path


def main(argv=None) -> int:
    """``python -m ndcg.course.anki [PATH]``: write the English deck (default
    ``_build/ndcg-course.apkg``) and the Chinese one beside it (``..-zh.apkg``)."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) > 1 or (argv and argv[0] in ("-h", "--help")):
        print("usage: python -m ndcg.course.anki [PATH.apkg]  (the Chinese deck goes to PATH-zh.apkg)")
        return 0 if argv and argv[0] in ("-h", "--help") else 2
    target = argv[0] if argv else "_build/ndcg-course.apkg"
    decks = _cards.load_all()
    total = sum(len(deck.flashcards) for deck in decks)
    questions = sum(len(deck.quiz) for deck in decks)
    for language in manifest.language_codes():
        path = write_apkg(language_path(target, language), language)
        print(
            f"Wrote {total} flashcards and {questions} quiz questions in {len(decks)} chapter decks to {path}"
        )
    print("Import one in Anki (File > Import); re-importing a newer file updates the cards.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
