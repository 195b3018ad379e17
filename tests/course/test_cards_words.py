"""The flashcards, quizzes, progress view, printable page and answer keys in two languages: the
decks loaded in Chinese from the chapters' catalogues (the same computed values, English where a
text is untranslated), the views' words (``ndcg.course.cards.words``, catalogue ``cards-ui``), and
the views' HTML and data in the book (both languages) and in a notebook (one)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ndcg.course import cards, i18n
from ndcg.course.cards import views, words
from ndcg.course.cards.notes import answer_key_markdown

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def chinese(monkeypatch):
    """A made-up catalogue for chapter 01_cg and the views' words: every text of the first card,
    the deck's title, the first question and its option A, and a few words, in "Chinese"."""
    deck = cards.load("01_cg")
    card, question = deck.flashcards[0], deck.quiz[0]
    import yaml

    raw = yaml.safe_load((cards.CONTENT_DIR / "01_cg.yaml").read_text(encoding="utf-8"))
    first = raw["flashcards"][0]
    asked = raw["quiz"][0]
    table = {
        "cards/01_cg": {
            ("title", raw["title"]): "中文标题",
            (f"{card.id}:front", first["front"]): "中文正面",
            # a template kept: computed once, the same value in both languages
            (f"{card.id}:back", first["back"]): "中文背面 {{ cg([3, 2, 1]) :g }}",
            (f"{question.id}:question", asked["question"]): "中文问题",
            (f"{question.id}:A:feedback", asked["options"][0]["feedback"]): "中文反馈",
        },
        words.DOMAIN: {
            ("got", "Got it"): "记住了",
            ("flashcards-head", words.WORDS["flashcards-head"]): "闪卡：{title}（{n} 张）",
            ("true", "True"): "对",
            ("false", "False"): "错",
            (
                "card-status",
                words.WORDS["card-status"],
            ): "第 {n} 张，共 {total} 张 · 在第 {box} 盒 · 第 1–5 盒：{counts}",
            ("key-right", words.WORDS["key-right"]): "**正确：{label}。**",
        },
    }
    monkeypatch.setattr(i18n, "catalogue", lambda domain, language=None: table.get(domain, {}))
    return table


@pytest.fixture
def book(monkeypatch):
    """The book's build: every cell in both languages."""
    monkeypatch.setattr(i18n, "_chosen", None)
    monkeypatch.setenv(i18n.ENVIRONMENT, "both")


def island(snippet: str) -> dict:
    return json.loads(re.search(r"<script[^>]*data-ndcg-data>(.*?)</script>", snippet, re.S).group(1))


def test_a_deck_in_chinese_has_the_same_computed_values(chinese):
    english, chinese_deck = cards.load("01_cg"), cards.load("01_cg", "zh")
    assert chinese_deck.language == "zh" and english.language == "en"
    assert chinese_deck.title == "中文标题"
    assert chinese_deck.flashcards[0].front == "中文正面"
    assert chinese_deck.flashcards[0].back == "中文背面 6"  # the template computed after translation
    assert chinese_deck.quiz[0].question == "中文问题"
    assert chinese_deck.quiz[0].options[0].feedback == "中文反馈"
    # the same ids, kinds and answers; untranslated texts fall back to English
    assert [c.id for c in chinese_deck.flashcards] == [c.id for c in english.flashcards]
    assert [q.answers for q in chinese_deck.quiz] == [q.answers for q in english.quiz]
    assert chinese_deck.flashcards[1] == english.flashcards[1]
    assert chinese_deck.quiz[0].options[1] == english.quiz[0].options[1]


def test_without_a_catalogue_chinese_falls_back_to_english(monkeypatch):
    monkeypatch.setattr(i18n, "catalogue", lambda domain, language=None: {})
    english, chinese_deck = cards.load("02_dcg"), cards.load("02_dcg", "zh")
    assert chinese_deck.flashcards == english.flashcards and chinese_deck.title == english.title
    assert words.word("got", "zh") == "Got it"


def test_the_translator_reads_a_catalogue_and_skips_fuzzy_and_empty_messages(tmp_path):
    po = tmp_path / "x.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n\n'
        'msgctxt "a:front"\nmsgid "Front"\nmsgstr "正面"\n\n'
        '#, fuzzy\nmsgctxt "a:back"\nmsgid "Back"\nmsgstr "旧的"\n\n'
        'msgctxt "b:front"\nmsgid "Empty"\nmsgstr ""\n',
        encoding="utf-8",
    )
    assert i18n.read_po(po) == {("a:front", "Front"): "正面"}


def test_as_deck_in_a_language():
    deck = cards.load("03_idcg")
    assert cards.as_deck(deck, "en") is deck and cards.as_deck(deck, "zh").language == "zh"
    assert cards.as_deck("03_idcg", "zh").chapter == "03_idcg"
    with pytest.raises(ValueError, match="language must be one of"):
        cards.load("03_idcg", "fr")


def test_every_word_is_in_the_store_and_the_script_words_exist():
    from ndcg_book.catalogues.i18n_stores import cards_ui

    assert cards_ui.messages(ROOT) == {"cards-ui": list(words.WORDS.items())}
    for keys in words.SCRIPT_WORDS.values():
        assert set(keys) <= set(words.WORDS)


def test_every_word_the_scripts_say_is_handed_over_by_the_python():
    from ndcg.course import assets

    said = set()
    for name in ("ndcg-course.js", "ndcg-study.js"):
        said |= set(re.findall(r'say\("([a-z0-9-]+)"', assets.read(name)))
        said |= set(re.findall(r'"([a-z]+(?:-[a-z]+)+)"', assets.read(name))) & set(words.WORDS)
    handed = {key for keys in words.SCRIPT_WORDS.values() for key in keys}
    assert said and said <= handed, sorted(said - handed)


def test_the_views_in_a_notebook_show_one_language(chinese, monkeypatch):
    monkeypatch.setattr(i18n, "_chosen", "zh")
    snippet = cards.flashcards("01_cg").html()
    assert 'data-lang="zh"' in snippet and "ndcg-lang" not in snippet
    assert "闪卡：中文标题" in snippet and "记住了</button>" in snippet and "Got it</button>" not in snippet
    data = island(snippet)
    assert data["cards"][0]["front"] == "<p>中文正面</p>"
    assert data["words"]["card-status"].startswith("第 {n} 张")
    monkeypatch.setattr(i18n, "_chosen", "en")
    snippet = cards.flashcards("01_cg").html()
    assert 'data-lang="en"' in snippet and "中文" not in snippet and "ndcg-lang" not in snippet


def test_the_views_in_the_book_carry_both_languages(chinese, book):
    snippet = cards.flashcards("01_cg").html()
    assert "data-lang=" not in snippet  # the page's language decides
    assert (
        '<span class="ndcg-lang" lang="en">Got it</span><span class="ndcg-lang" lang="zh-Hans">记住了</span>'
        in snippet
    )
    assert '<span class="ndcg-lang" lang="zh-Hans">中文正面</span></p>' in snippet
    data = island(snippet)
    assert data["cards"][0]["front"] == {
        "en": cards.to_html(cards.load("01_cg").flashcards[0].front),
        "zh": "<p>中文正面</p>",
    }
    assert data["cards"][0]["back"]["zh"] == "<p>中文背面 6</p>"
    assert set(data["words"]) == set(words.SCRIPT_WORDS["flashcards"])
    assert all(set(value) == {"en", "zh"} for value in data["words"].values())

    quiz = cards.quiz("01_cg").html()
    data = island(quiz)
    assert data["questions"][0]["options"][0]["feedback"]["zh"] == "<p>中文反馈</p>"
    assert '<span class="ndcg-lang" lang="zh-Hans">中文问题</span></p>' in quiz
    assert "中文反馈" in quiz  # the print-only answer key, in both languages

    progress = cards.progress().html()
    assert '<span class="ndcg-lang" lang="zh-Hans">中文标题</span>' in progress
    assert set(island(progress)["words"]) == set(words.SCRIPT_WORDS["progress"])


def test_a_text_the_same_in_both_languages_is_written_once(book, monkeypatch):
    monkeypatch.setattr(i18n, "catalogue", lambda domain, language=None: {})
    snippet = cards.flashcards("02_dcg").html()
    assert "ndcg-lang" not in snippet.split("<script")[0]


def test_the_printable_page_in_both_languages_keeps_one_structure(chinese, book):
    page = cards.printable_html([cards.load("01_cg")])
    deck = cards.load("01_cg")
    for card in deck.flashcards:
        assert page.count(f'id="card-{card.id}"') == 1  # no id twice
    assert "中文正面" in page and "中文背面 6" in page and "中文问题" in page
    assert '<span class="ndcg-lang" lang="zh-Hans">对</span>' in page or deck.quiz[0].kind != "true-false"


def test_the_answer_key_in_chinese(chinese):
    text = answer_key_markdown("01_cg", "zh")
    assert text.startswith("**Q1.** 中文问题") and "**正确：" in text
    assert answer_key_markdown("01_cg") == answer_key_markdown(cards.load("01_cg"), "en")


def test_the_answer_key_directive_is_written_in_the_page_language_and_not_translated():
    from docutils import nodes

    from ndcg_book import teaching

    source = Path(teaching.__file__).read_text(encoding="utf-8")
    assert 'text["translatable"] = False' in source and "self.env.config.language" in source
    assert issubclass(teaching.QuizAnswers, teaching._MarkdownDirective) and nodes.TextElement


def test_the_instructors_catalogues_hold_no_answer_key():
    # the answer keys are written in each language by the build: no page catalogue translates them
    folder = ROOT / "locales" / "zh_CN" / "LC_MESSAGES" / "instructors"
    for chapter in cards.chapters():
        text = (folder / f"{chapter}.po").read_text(encoding="utf-8")
        assert "*Why people pick it:*" not in text and "**Right: " not in text, chapter


def test_the_data_lang_rule_of_the_script():
    from ndcg.course import assets

    script = assets.read("ndcg-course.js")
    assert 'getAttribute("data-lang")' in script and "document.documentElement.lang" in script
    assert "language: language" in script and "speaker: speaker" in script


def test_views_lang_attribute(monkeypatch):
    monkeypatch.setattr(i18n, "_chosen", None)
    monkeypatch.setenv(i18n.ENVIRONMENT, "both")
    assert views.lang_attribute() == ""
    monkeypatch.setattr(i18n, "_chosen", "zh")
    assert views.lang_attribute() == ' data-lang="zh"'


def test_the_sources_are_linked_in_both_languages(book, monkeypatch):
    table = {("title", "x"): "x"}
    monkeypatch.setattr(i18n, "catalogue", lambda domain, language=None: table)
    from ndcg.course.cards.views import link_view_sources

    data = {
        "cards": [
            {
                "front": {"en": "<p>as source 002 says</p>", "zh": "<p>正如来源 002所说</p>"},
                "back": "<p>b</p>",
            }
        ]
    }
    page = link_view_sources(views.json_island(data), "../reference/sources.html")
    linked = island(page)["cards"][0]["front"]
    assert 'href="../reference/sources.html#source-002">source 002</a>' in linked["en"]
    assert 'href="../reference/sources.html#source-002">来源 002</a>所说' in linked["zh"]


def test_a_source_with_words_is_translated_once_for_every_card_that_cites_it():
    # the real catalogue: every chapter's sources ("004, flashcard #5"), bare numbers as written
    from ndcg.course.cards.content import source_has_words

    han = re.compile(r"[\u4e00-\u9fff]")
    cited = 0
    for chapter in cards.chapters():
        english, chinese_deck = cards.load(chapter), cards.load(chapter, "zh")
        pairs = [(e.source, z.source) for e, z in zip(english.flashcards, chinese_deck.flashcards)]
        pairs += [(e.source, z.source) for e, z in zip(english.quiz, chinese_deck.quiz)]
        for en, zh in pairs:
            assert re.findall(r"\b00[0-4]\b", zh) == re.findall(r"\b00[0-4]\b", en), (en, zh)
            if source_has_words(en):
                cited += 1
                assert han.search(zh) and not re.search(r"[a-z]{3}", zh.replace("Candy Bonus", "")), (en, zh)
            else:
                assert zh == en
    assert cited > 40
    sources = {q.source for q in cards.load("04_ndcg", "zh").quiz}
    assert "004，阶段 3 的小测验（多选题：A–D 都对；E 是本课程加的）" in sources
