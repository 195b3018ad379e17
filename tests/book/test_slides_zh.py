"""The Chinese slide decks (ndcg_book.slides in the Chinese edition), built into a temporary folder.

A deck's words are a store (tools/i18n_stores/slides.py): each block of a slide with words and
each line of its notes is a message of ``ndcg/course/locales/zh_CN/LC_MESSAGES/slides/NN_name.po``,
and the Chinese deck is the English source with each of them replaced before its templates are
computed. So: every deck has a Chinese build, ``<html lang="zh-CN">``, with the same computed
numbers as the English one, slide by slide; a deck whose catalogue is complete shows no English
block; a deck whose catalogue is not complete still builds (English where the Chinese is missing)
and ``python -m tools.i18n check`` lists it; the ``{slides}`` role on a Chinese page links to the
Chinese deck (the same relative link, inside the Chinese edition) with Chinese words.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

import ndcg
from ndcg.course.i18n import catalogue
from ndcg_book.edition import build_date
from ndcg_book.slides.build import DECK_FILES, REVEAL, build_all
from ndcg_book.slides.source import deck_sources, source_folder
from ndcg_book.slides.words import translate_slides
from tools import i18n
from tools.i18n_stores import slides as store

ROOT = Path(__file__).resolve().parents[2]
DECKS = deck_sources(ROOT)
DATE = build_date({"SOURCE_DATE_EPOCH": "1700000000"})


def complete(domain: str, messages) -> bool:
    table = catalogue(domain)
    return all((context, english) in table for context, english in messages)


MESSAGES = store.messages(ROOT)
#: The decks whose every message is translated (00_why and 01_cg at least).
COMPLETE = [p.stem for p in DECKS if complete(f"slides/{p.stem}", MESSAGES[f"slides/{p.stem}"])]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Every deck built in both languages, as the two editions' builds do."""
    book = tmp_path_factory.mktemp("book")
    options = {"version": ndcg.__version__, "date": DATE}
    en = build_all(ROOT, book / "slides", course="The course", **options)
    zh = build_all(ROOT, book / "zh" / "slides", course="课程", language="zh", **options)
    return book, en, zh


def sections(page: Path) -> list[str]:
    return re.findall(r"<section.*?</section>", page.read_text(encoding="utf-8"), re.S)


def text(section: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", section))


def numbers(section: str) -> list[str]:
    """The numbers a slide shows (its text, its notes), as a sorted list of distinct values."""
    return sorted(set(re.findall(r"(?<![A-Za-z0-9_.])-?\d+(?:\.\d+)?", text(section))))


def test_the_complete_catalogues_include_the_first_two_decks():
    assert {"00_why", "01_cg"} <= set(COMPLETE)
    assert complete("slides/ui", MESSAGES["slides/ui"])


def test_every_deck_has_a_chinese_build_in_chinese(built):
    book, en, zh = built
    assert [d.name for d in zh] == [d.name for d in en] == [p.stem for p in DECKS]
    for deck in zh:
        page = (book / "zh" / "slides" / deck.name / "index.html").read_text(encoding="utf-8")
        assert '<html lang="zh-CN">' in page, deck.name
        assert "幻灯片" in page and "第 " in page and "在书中阅读" in page, deck.name
        # the closing slide names the exercise notebook where the Chinese participant pack holds it
        assert f"轮到你了 🖐️</h2>\n<p>在 JupyterLab 中打开 <code>exercises/{deck.name}.ipynb</code>" in page
        assert re.search(r"[\u4e00-\u9fff]", deck.title), f"{deck.name}: its chapter's Chinese title"
        for figure in deck.figures:
            assert (book / "zh" / "slides" / deck.name / "figures" / f"{figure}.svg").is_file()
        # a figure's description, which a screen reader says, in Chinese too
        alts = re.findall(r'<img [^>]*alt="([^"]*)"', page)
        assert alts and all(re.search(r"[\u4e00-\u9fff]", alt) for alt in alts), (deck.name, alts)
    listing = (book / "zh" / "slides" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="zh-CN">' in listing and "<h1>幻灯片</h1>" in listing and "回到本书" in listing
    english = (book / "slides" / "01_cg" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="en">' in english and "read it in the book" in english


@pytest.mark.parametrize("name", [p.stem for p in DECKS])
def test_a_chinese_deck_shows_the_english_decks_numbers_slide_by_slide(built, name):
    book, _, _ = built
    en = sections(book / "slides" / name / "index.html")
    zh = sections(book / "zh" / "slides" / name / "index.html")
    assert len(en) == len(zh)
    for number, (one, other) in enumerate(zip(en, zh), start=1):
        assert numbers(one) == numbers(other), f"{name}, slide {number}"
    # the figures are there, the same files, drawn in each language
    assert re.findall(r'src="figures/[^"]+"', "".join(en)) == re.findall(r'src="figures/[^"]+"', "".join(zh))


def _prose(message: str) -> list[str]:
    """The English words of a message, as runs of three words or more outside its markup."""
    plain = re.sub(r"\{\{.*?\}\}|\$[^$]*\$|`[^`]*`|[*_#|]", " ", message)
    return [run.strip() for run in re.findall(r"[A-Za-z']+(?: [A-Za-z']+){2,}", plain)]


@pytest.mark.parametrize("name", COMPLETE)
def test_a_deck_with_a_complete_catalogue_shows_no_english_block(built, name):
    book, _, _ = built
    page = text("".join(sections(book / "zh" / "slides" / name / "index.html")))
    # the maths stays as it is in both editions (its \text{...} too, as on the book's pages)
    page = " ".join(re.sub(r"\\\(.*?\\\)|\\\[.*?\\\]", " ", page, flags=re.S).split())
    for context, english in MESSAGES[f"slides/{name}"]:
        for run in _prose(english):
            assert run not in page, f"{name}, {context}: English left on the Chinese deck: {run!r}"


def test_a_deck_without_its_translation_builds_in_english_and_the_check_lists_it(tmp_path):
    (tmp_path / "chapters").mkdir()
    (tmp_path / "chapters" / "09_test.md").write_text("# A test chapter\n", encoding="utf-8")
    folder = source_folder(tmp_path)
    folder.mkdir(parents=True)
    for name in ("deck.html", "index.html", *DECK_FILES):
        (folder / name).write_text((source_folder(ROOT) / name).read_text(encoding="utf-8"))
    (folder / "vendor" / REVEAL).mkdir(parents=True)
    (folder / "09_test.md").write_text(
        "---\nchapter: chapters/09_test\n---\n## Nobody translated me\n\nCG is {{ int(cg([3, 2])) }}.\n"
        "Note:\nA line of notes that nobody translated either.\n",
        encoding="utf-8",
    )
    build_all(tmp_path, tmp_path / "out", course="课程", version="0", date=DATE, language="zh")
    page = (tmp_path / "out" / "09_test" / "index.html").read_text(encoding="utf-8")
    assert "Nobody translated me" in page and "CG is 5." in page and '<html lang="zh-CN">' in page
    # the course's own decks: the check lists exactly those whose catalogue is not complete
    listed = {line.split(":")[0] for line in i18n.store_problems(ROOT) if line.startswith("slides/")}
    assert listed == {f"slides/{p.stem}" for p in DECKS if p.stem not in COMPLETE}


def test_the_splitting_makes_sensible_messages():
    messages = dict(MESSAGES["slides/01_cg"])
    values = list(messages.values())
    # a table row with words is one message; a row of names and computed numbers is none
    assert "| rank | grade, system A | grade, system B |" in values
    assert not any(v.startswith("| B1, B2, B3 |") or v.startswith("| **CG@4**") for v in values)
    # a template that computes a table's rows is not part of its header's message
    assert "| order | CG@3 |" in values and not any(
        "permutations(sorted" in v and "order" in v[:9] for v in values
    )
    # a figure's words, from its _("...")
    assert ("figure.basketball", "ideal") in MESSAGES["slides/01_cg"]
    # each message keeps its templates and maths whole
    for domain, found in MESSAGES.items():
        for _, english in found:
            assert english.count("{{") == english.count("}}"), (domain, english)
            assert english.count("$") % 2 == 0, (domain, english)


def test_translating_a_slide_keeps_what_is_not_words():
    raw = [("## Title\n\n$$x$$\n\n| a row | {{ 1 }} |\n|---|---|\n| B1 | {{ 2 }} |", "one line\ntwo line")]
    out = translate_slides(raw, lambda context, english: f"<{context}>")
    assert out == [("<1.1>\n\n$$x$$\n\n<1.3>\n|---|---|\n| B1 | {{ 2 }} |", "<1.note.1>\n<1.note.2>")]


def test_each_chinese_your_turn_slide_names_the_chinese_agendas_blocks(built):
    # the same blocks as the Chinese guide's agendas (ndcg_book.timing, the Chinese edition's), in Chinese
    from ndcg_book import timing

    book, _, zh = built
    names = {"90": "90 分钟课程", "half-day": "半天工作坊", "one-day": "一天工作坊"}
    for deck in zh:
        page = (book / "zh" / "slides" / deck.name / "index.html").read_text(encoding="utf-8")
        turn = page.split('data-deck-slide="turn"', 1)[1].split("</section>", 1)[0]
        shown = re.findall(r'<li data-agenda="([^"]+)" data-minutes="(\d+)">([^<]*)</li>', turn)
        expected = [
            (key, block)
            for key in timing.PLANS
            for block in timing.agenda(key, ROOT, "zh_CN").blocks
            if block.what == "exercises" and block.chapter == deck.name
        ]
        assert expected and len(shown) == len(expected), (deck.name, shown)
        for (key, minutes, words), (want, block) in zip(shown, expected):
            n = len(block.exercises)
            assert (key, int(minutes)) == (want, block.minutes)
            span = f"练习 1～{n}" if n > 1 else "练习 1"
            assert words == f"{names[key]}：{span}，{block.minutes} 分钟", words


def test_each_your_turn_slide_links_the_practice_block_of_the_built_chapter(built):
    # The "no Python at hand?" link of every deck, English and Chinese, opens the chapter at its
    # practice block: a fragment that names an element of the edition's built chapter page.
    from tools import chromium as browser_setup

    book, en, zh = built
    real = browser_setup.book_html()
    for edition, decks in (("", en), ("zh", zh)):
        for deck in decks:
            page = (book / edition / "slides" / deck.name / "index.html").read_text(encoding="utf-8")
            turn = page.split('data-deck-slide="turn"', 1)[1].split("</section>", 1)[0]
            links = [
                href for href in re.findall(r'<a [^>]*href="([^"]+)"', turn) if "sources.html" not in href
            ]
            assert len(links) == 1, (edition, deck.name, links)
            path, _, fragment = html.unescape(links[0]).partition("#")
            assert fragment, (edition, deck.name, links[0], "the link does not name the practice block")
            chapter = (real / edition / "slides" / deck.name / path).resolve()
            if not chapter.is_file():
                pytest.skip(f"no built page {chapter}: run `make book` first")
            ids = re.findall(r'\bid="([^"]+)"', chapter.read_text(encoding="utf-8"))
            assert fragment in ids, (edition, deck.name, links[0], "no such element in the built chapter")
