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
ALL_QUESTIONS = [question for deck in DECKS for question in deck.quiz]


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
    loaded = cards.load(chapter)
    assert len(deck.notes) == len(loaded.flashcards) + len(loaded.quiz)
    assert len(anki.chapter_deck(chapter, quiz=False).notes) == len(loaded.flashcards)


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
    assert len(notes) == len(ALL_CARDS) + len(ALL_QUESTIONS)
    assert {guid for guid, *_ in notes} == {anki.note_guid(entry.id) for entry in ALL_CARDS + ALL_QUESTIONS}
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
    assert (
        f"Wrote {len(ALL_CARDS)} flashcards and {len(ALL_QUESTIONS)} quiz questions"
        in capsys.readouterr().out
    )
    assert anki.main(["a.apkg", "b.apkg"]) == 2


# -- quiz questions of every kind ---------------------------------------------------------------

KINDS_DECK = """\
chapter: 09_kinds
title: Kinds of question
flashcards:
  - id: k-card
    front: Front
    back: Back
quiz:
  - id: k-single
    question: Which is CG@2 of [1, 2]?
    options:
      - text: "{{ cg([1, 2]) :g }}"
        correct: true
        feedback: Right, the sum.
      - text: "2"
        correct: false
        feedback: That is the second grade.
        why: The last grade read looks like the answer.
  - id: k-true-false
    kind: true-false
    question: DCG discounts lower ranks more.
    answer: true
    feedback_true: Yes, by $\\log_2(i+1)$.
    feedback_false: No, it does discount them.
    why: CG, met first, treats every rank alike.
  - id: k-multi
    kind: multi-select
    question: Which are ranking metrics?
    options:
      - text: NDCG
        correct: true
        feedback: NDCG is one.
      - text: MRR
        correct: true
        feedback: MRR is one.
      - text: RMSE
        correct: false
        feedback: RMSE measures a regression.
        why: It is the error metric people know best.
"""


@pytest.fixture
def kinds_deck(tmp_path):
    path = tmp_path / "09_kinds.yaml"
    path.write_text(KINDS_DECK, encoding="utf-8")
    return cards.load_file(path)


def test_quiz_questions_become_notes_of_every_kind(kinds_deck):
    deck = anki.chapter_deck(kinds_deck)
    assert len(deck.notes) == 4
    by_guid = {note.guid: note for note in deck.notes}
    single = by_guid[anki.note_guid("k-single")]
    assert "Pick one answer." in single.fields[0] and "<b>A.</b> 3" in single.fields[0]
    assert single.fields[1].startswith("<p><b>Answer: A</b></p>")
    assert (
        "✅ right: Right, the sum." in single.fields[1] and "❌ wrong: That is the second" in single.fields[1]
    )
    assert "quiz" in single.tags and "quiz-single" in single.tags
    true_false = by_guid[anki.note_guid("k-true-false")]
    assert "True or false?" in true_false.fields[0] and "<b>A.</b> True" in true_false.fields[0]
    assert true_false.fields[1].startswith("<p><b>Answer: True</b></p>")
    assert r"\(\log_2(i+1)\)" in true_false.fields[1] and "<b>B (False)</b>, ❌ wrong" in true_false.fields[1]
    multi = by_guid[anki.note_guid("k-multi")]
    assert "Pick every right answer" in multi.fields[0]
    assert multi.fields[1].startswith("<p><b>Answer: A, B</b></p>")
    for feedback in ("NDCG is one.", "MRR is one.", "RMSE measures a regression."):
        assert feedback in multi.fields[1]
    assert "quiz-multi-select" in multi.tags
    assert "$" not in "".join(note.fields[0] + note.fields[1] for note in deck.notes)


# -- one deck per language ----------------------------------------------------------------------


def test_each_language_has_its_own_stable_ids():
    # derived from the English ids by a fixed offset per language: never change them either
    assert (anki.offset("en"), anki.offset("zh")) == (0, 1000)
    assert anki.model_id("en") == anki.MODEL_ID and anki.model_id("zh") == anki.MODEL_ID + 1000
    assert anki.deck_id("00_why", "zh") == anki.DECK_ID + 1001
    english = {anki.deck_id(c, "en") for c in cards.chapters()}
    chinese = {anki.deck_id(c, "zh") for c in cards.chapters()}
    assert not english & chinese and len(chinese) == len(cards.chapters())
    assert english == set(anki.DECK_IDS.values())
    for card in ALL_CARDS[:5]:
        assert anki.note_guid(card.id, "zh") == genanki.guid_for(card.id, "zh") != anki.note_guid(card.id)
    with pytest.raises(ValueError, match="language must be one of"):
        anki.model_id("fr")


def test_the_chinese_deck(tmp_path):
    deck = anki.chapter_deck("02_dcg", language="zh")
    assert deck.deck_id == anki.deck_id("02_dcg", "zh")
    assert deck.name == f"{anki.word('anki-deck', 'zh')}::{anki.short_name('02_dcg', 'zh')}"
    loaded = cards.load("02_dcg", "zh")
    assert len(deck.notes) == len(loaded.flashcards) + len(loaded.quiz)
    assert {note.guid for note in deck.notes} == {
        anki.note_guid(entry.id, "zh") for entry in loaded.flashcards + loaded.quiz
    }
    assert all(note.model.model_id == anki.model_id("zh") for note in deck.notes)
    path = anki.write_apkg(tmp_path / "zh.apkg", "zh")
    notes, decks, _ = read_apkg(path, tmp_path)
    assert {mid for _, mid, *_ in notes} == {anki.model_id("zh")}
    assert set(decks) >= {anki.deck_id(c, "zh") for c in cards.chapters()}


def test_main_writes_a_deck_per_language(tmp_path, capsys):
    assert anki.main([str(tmp_path / "course.apkg")]) == 0
    assert (tmp_path / "course.apkg").exists() and (tmp_path / "course-zh.apkg").exists()
    assert capsys.readouterr().out.count("Wrote ") == 2
    assert anki.language_path("_build/ndcg-course.apkg", "zh").name == "ndcg-course-zh.apkg"


@pytest.mark.parametrize("language", ["en", "zh"])
def test_a_card_s_answer_cites_its_sources_as_the_book_does(language):
    # a discreet marker, [002; 000 §1], as the book's citation markers: no "Source: 002" or
    # "来源：002" label on a card's face (issue 33)
    (template,) = anki.model(language).templates
    assert '{{#Source}}<div class="source">[{{Source}}]</div>{{/Source}}' in template["afmt"]
    assert "Source:" not in template["afmt"] and "来源" not in template["afmt"]
