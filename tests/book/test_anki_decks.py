"""The Anki decks the book offers, imported with Anki's own library (the ``anki`` package, the
desktop app's backend; in the full requirement set only).

``make book`` writes each edition's deck into its ``_downloads/anki/`` (``ndcg_book.downloads``):
every flashcard and quiz question of the course, in the edition's language. Each one, imported into
a fresh collection, must hold one note per flashcard and per quiz question of the course's card
store (``ndcg/course/content/``), the Chinese one in Chinese, and both must live side by side in one
collection. These tests skip until ``make book``; the deck's bytes are checked to be reproducible
on a deck written here.
"""

from __future__ import annotations

import dataclasses
import re
import zipfile
from pathlib import Path

import pytest
from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest

from ndcg.course import anki as course_anki
from ndcg.course import cards
from ndcg_book import course_files, downloads
from ndcg_book.search import _HAN
from tests.book.helpers import ROOT
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
#: Each edition's folder in the built book and its deck's language.
EDITIONS = {"en": BOOK, "zh": BOOK / "zh"}
HAN = re.compile(f"[{_HAN}]")
DECKS = cards.load_all()
FLASHCARDS = sum(len(deck.flashcards) for deck in DECKS)
QUESTIONS = sum(len(deck.quiz) for deck in DECKS)


def built_deck(language: str) -> Path:
    """The deck the built book's edition of ``language`` offers (skips when there is none yet)."""
    folder = EDITIONS[language] / downloads.ANKI_FOLDER
    if not (EDITIONS[language] / "index.html").is_file():
        pytest.skip(f"no {language} edition at {EDITIONS[language]}: run `make book` first")
    found = sorted(folder.glob("*.apkg"))
    assert [path.name for path in found] == [course_files.deck_name(course_files.version(ROOT), language)]
    return found[0]


def import_deck(collection: Collection, deck: Path) -> None:
    """Import an .apkg into ``collection`` as Anki's File > Import does (its default options)."""
    collection.import_anki_package(
        ImportAnkiPackageRequest(package_path=str(deck), options=ImportAnkiPackageOptions())
    )


def deck_problems(deck: Path, language: str, folder: Path) -> list[str]:
    """What is wrong with the deck ``deck`` of ``language``, imported into a fresh collection in
    ``folder``: its notes against the course's flashcards and quiz questions, and its language."""
    collection = Collection(str(folder / "collection.anki2"))
    try:
        import_deck(collection, deck)
        found = []
        notes = [collection.get_note(note) for note in collection.find_notes("")]
        quiz = [note for note in notes if "quiz" in note.tags]
        if len(notes) - len(quiz) != FLASHCARDS:
            found.append(f"{len(notes) - len(quiz)} flashcard notes; the course has {FLASHCARDS} flashcards")
        if len(quiz) != QUESTIONS:
            found.append(f"{len(quiz)} quiz notes; the course has {QUESTIONS} quiz questions")
        fronts = {note.guid: note["Front"] for note in notes}
        for chapter in cards.load_all(language):
            for card in chapter.flashcards:
                guid = course_anki.note_guid(card.id, language)
                if guid not in fronts:
                    found.append(f"no note for the card {card.id}")
                elif fronts[guid] != course_anki.to_anki_html(card.front):
                    found.append(f"the card {card.id} has another front: {fronts[guid][:60]!r}")
        chinese = [guid for guid, front in fronts.items() if HAN.search(re.sub(r"\\\(.*?\\\)", "", front))]
        if language == "zh" and len(chinese) != len(notes):
            found.append(f"{len(notes) - len(chinese)} notes without Chinese on their front")
        names = [name for name in collection.decks.all_names() if name != "Default"]
        if language == "zh" and not all(HAN.search(name) for name in names):
            found.append(f"deck names not in Chinese: {names}")
        return found
    finally:
        collection.close()


@pytest.mark.parametrize("language", sorted(EDITIONS))
def test_each_editions_deck_imports_into_anki_with_a_note_per_flashcard_and_quiz_question(language, tmp_path):
    assert deck_problems(built_deck(language), language, tmp_path) == []


def test_the_chinese_decks_notes_are_in_chinese(tmp_path):
    """A known card's front, as Anki shows it from the Chinese deck: the catalogue's Chinese."""
    deck = built_deck("zh")
    collection = Collection(str(tmp_path / "collection.anki2"))
    try:
        import_deck(collection, deck)
        (note,) = [collection.get_note(n) for n in collection.find_notes("") if collection.get_note(n).guid
                   == course_anki.note_guid("dcg-why-log", "zh")]  # fmt: skip
        front = note["Front"]
    finally:
        collection.close()
    chinese = next(card for card in cards.load("02_dcg", "zh").flashcards if card.id == "dcg-why-log")
    assert front == course_anki.to_anki_html(chinese.front)
    assert HAN.search(front) and front != course_anki.to_anki_html(
        next(card for card in cards.load("02_dcg").flashcards if card.id == "dcg-why-log").front
    )


def test_both_decks_live_side_by_side_in_one_collection(tmp_path):
    """Importing the Chinese deck after the English one adds its notes: neither replaces the other's."""
    collection = Collection(str(tmp_path / "collection.anki2"))
    try:
        import_deck(collection, built_deck("en"))
        import_deck(collection, built_deck("zh"))
        assert collection.note_count() == 2 * (FLASHCARDS + QUESTIONS)
    finally:
        collection.close()


def test_the_check_sees_a_deck_missing_a_card_and_an_english_deck_in_the_chinese_edition(
    tmp_path, monkeypatch
):
    """A deck written without the first card of chapter 2, and the English deck offered as the
    Chinese one: both are reported."""
    chapters = cards.load_all("zh")
    first = chapters[2].flashcards[0]
    short = [
        deck if i != 2 else dataclasses.replace(deck, flashcards=deck.flashcards[1:])
        for i, deck in enumerate(chapters)
    ]
    monkeypatch.setattr(course_anki._cards, "load_all", lambda *args, **kwargs: short)
    missing = course_anki.write_apkg(tmp_path / "missing.apkg", "zh")
    monkeypatch.undo()
    (tmp_path / "a").mkdir()
    assert deck_problems(missing, "zh", tmp_path / "a") == [
        f"{FLASHCARDS - 1} flashcard notes; the course has {FLASHCARDS} flashcards",
        f"no note for the card {first.id}",
    ]
    english = course_anki.write_apkg(tmp_path / "en.apkg", "en")
    (tmp_path / "b").mkdir()
    said = deck_problems(english, "zh", tmp_path / "b")
    assert any(line.startswith("no note for the card") for line in said)
    assert any(line.endswith("notes without Chinese on their front") for line in said)
    assert any(line.startswith("deck names not in Chinese") for line in said)


def test_a_deck_is_the_same_bytes_every_time_for_one_edition(tmp_path):
    """The book's deck: the edition's date as its notes' time and a deterministic zip."""
    one = course_files.anki_deck(ROOT, tmp_path / "one", "zh")
    two = course_files.anki_deck(ROOT, tmp_path / "two", "zh")
    assert one.name == two.name == course_files.deck_name(course_files.version(ROOT), "zh")
    assert one.read_bytes() == two.read_bytes()
    with zipfile.ZipFile(one) as archive:
        assert sorted(archive.namelist()) == ["collection.anki2", "media"]
