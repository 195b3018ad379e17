"""The Anki export: stable ids (so a re-import updates cards), one sub-deck per chapter,
every flashcard once, MathJax maths."""

import json
import sqlite3
import zipfile

import genanki
import pytest

from ndcg.course import anki, cards

DECKS = cards.load_all()
ALL_CARDS = [card for deck in DECKS for card in deck.flashcards]


def read_apkg(path, tmp_path):
    with zipfile.ZipFile(path) as archive:
        archive.extract("collection.anki2", tmp_path)
    connection = sqlite3.connect(tmp_path / "collection.anki2")
    try:
        notes = connection.execute("select guid, mid, flds, tags from notes").fetchall()
        decks = json.loads(connection.execute("select decks from col").fetchone()[0])
        placed = connection.execute(
            "select notes.guid, cards.did from cards join notes on cards.nid = notes.id"
        ).fetchall()
    finally:
        connection.close()
    return notes, {int(k): v["name"] for k, v in decks.items()}, dict(placed)


def test_ids_never_change():
    # Anki matches models and decks by id: changing these breaks every learner's re-import.
    assert anki.MODEL_ID == 1_743_210_517
    assert anki.DECK_ID == 2_061_830_400
    assert anki.DECK_IDS["00_why"] == anki.DECK_ID + 1
    assert anki.DECK_IDS["05_mrr"] == anki.DECK_ID + 6


def test_deck_ids_are_distinct():
    ids = list(anki.DECK_IDS.values())
    assert len(set(ids)) == len(ids) == len(cards.chapters())
    assert anki.DECK_ID not in ids and anki.MODEL_ID not in ids


def test_guids_come_from_the_card_ids():
    for deck in DECKS:
        for card, note in zip(deck.flashcards, anki.chapter_deck(deck).notes):
            assert note.guid == genanki.guid_for(card.id) == anki.note_guid(card.id)
    guids = [anki.note_guid(card.id) for card in ALL_CARDS]
    assert len(set(guids)) == len(guids)


@pytest.mark.parametrize(
    "chapter, name", [("02_dcg", "NDCG course::02 DCG"), ("05_mrr", "NDCG course::05 MRR")]
)
def test_one_sub_deck_per_chapter(chapter, name):
    deck = anki.chapter_deck(chapter)
    assert deck.name == name and deck.deck_id == anki.DECK_IDS[chapter]
    assert len(deck.notes) == len(cards.load(chapter).flashcards)


def test_fields_use_mathjax_delimiters():
    deck = anki.chapter_deck("02_dcg")
    for note in deck.notes:
        front, back, _source, chapter = note.fields
        assert "$" not in front + back
        assert "{{" not in front + back
        assert chapter == "DCG: discounting by position"
    why_log = next(n for n in deck.notes if n.guid == anki.note_guid("dcg-why-log"))
    assert r"\(\log_2(i+1)\)" in why_log.fields[0]
    assert why_log.fields[2] == "004, flashcard #1"


def test_write_apkg(tmp_path):
    path = anki.write_apkg(tmp_path / "sub" / "deck.apkg")
    assert path.exists() and zipfile.is_zipfile(path)
    notes, decks, placed = read_apkg(path, tmp_path)
    assert len(notes) == len(ALL_CARDS)
    assert {guid for guid, *_ in notes} == {anki.note_guid(card.id) for card in ALL_CARDS}
    assert {mid for _, mid, *_ in notes} == {anki.MODEL_ID}
    for deck in DECKS:
        deck_id = anki.DECK_IDS[deck.chapter]
        assert decks[deck_id].startswith("NDCG course::")
        for card in deck.flashcards:
            assert placed[anki.note_guid(card.id)] == deck_id
    assert all("ndcg-course" in tags for *_, tags in notes)


def test_writing_again_keeps_every_guid(tmp_path):
    runs = []
    for name in ("first", "second"):
        (tmp_path / name).mkdir()
        notes = read_apkg(anki.write_apkg(tmp_path / f"{name}.apkg"), tmp_path / name)[0]
        runs.append(sorted((guid, fields) for guid, _, fields, _ in notes))
    assert runs[0] == runs[1]


def test_write_apkg_wants_an_apkg_path(tmp_path):
    with pytest.raises(ValueError, match="must end in .apkg"):
        anki.write_apkg(tmp_path / "deck.zip")


def test_main(tmp_path, capsys):
    assert anki.main([str(tmp_path / "course.apkg")]) == 0
    assert (tmp_path / "course.apkg").exists()
    assert f"Wrote {len(ALL_CARDS)} flashcards" in capsys.readouterr().out
    assert anki.main(["a.apkg", "b.apkg"]) == 2
