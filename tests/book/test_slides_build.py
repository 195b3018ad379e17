"""The slide decks built into a temporary folder, in every language of the course
(ndcg_book.slides.build; the decks' sources are tests/book/test_slides.py).

Every deck is built once in each language of ``ndcg/course/course.toml``, into the language's
folder of a temporary book, as the editions' builds do. A built deck is a reveal.js page with
relative links only, each of which resolves inside the book, a title slide with the version and
the date, and a closing "your turn" slide naming the chapter's exercise notebook, the exercise
blocks of every agenda of its edition and, for a participant with no Python, the practice block of
the built chapter. Each language's build speaks it: ``<html lang>`` its locale, its words from its
catalogue (``slides/ui``), its figures' descriptions and its chapter's title in its script.

A deck's words are a store (ndcg_book/catalogues/i18n_stores/slides.py): each block of a slide with words and
each line of its notes is a message of ``ndcg/course/locales/zh_CN/LC_MESSAGES/slides/NN_name.po``,
and a translated deck is the English source with each of them replaced before its templates are
computed. So: a translated deck shows the same computed numbers as the English one, slide by
slide; a deck whose catalogue is complete shows no English block; a deck whose catalogue is not
complete still builds (English where the translation is missing) and ``python -m ndcg_book translations check``
lists it.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import ndcg
from ndcg.course.i18n import catalogue
from ndcg_book import timing
from ndcg_book.catalogues import i18n
from ndcg_book.catalogues.i18n_stores import slides as store
from ndcg_book.edition import build_date
from ndcg_book.slides.build import DECK_FILES, FAVICON, KATEX, REVEAL, build_all
from ndcg_book.slides.source import deck_sources, source_folder
from ndcg_book.slides.words import translate_slides, ui
from tests.languages import LANGUAGES, SOURCE, TRANSLATIONS, code, html_lang, in_script, separators

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
    """Every deck built in every language, each into its language's folder of a temporary book, as
    the editions' builds do: ``(book, {code: decks})``."""
    book = tmp_path_factory.mktemp("book")
    decks = {
        language.code: build_all(
            ROOT,
            book / language.folder / "slides",
            course=f"The course ({language.name})",
            version=ndcg.__version__,
            date=DATE,
            language=language.code,
        )
        for language in LANGUAGES
    }
    return book, decks


def slides_folder(book: Path, language) -> Path:
    """The language's decks in the temporary book (its edition's folder, "" the root)."""
    return book / language.folder / "slides"


def turn_slide(page: str) -> str:
    """The closing "your turn" slide of a built deck's page."""
    return page.split('data-deck-slide="turn"', 1)[1].split("</section>", 1)[0]


def turn_blocks(page: str) -> list[tuple[str, int, str]]:
    """The "your turn" slide's agenda lines: (agenda key, minutes, text shown)."""
    return [
        (key, int(minutes), text)
        for key, minutes, text in re.findall(
            r'<li data-agenda="([^"]+)" data-minutes="(\d+)">([^<]*)</li>', turn_slide(page)
        )
    ]


@pytest.mark.parametrize("language", LANGUAGES, ids=code)
def test_each_your_turn_slide_names_the_exercises_and_minutes_of_every_agenda_s_block(built, language):
    # the same blocks as the edition's agendas (ndcg_book.timing, computed here in the language),
    # in the language's words (slides/ui: the agenda's name, its exercises and minutes)
    book, decks = built
    for deck in decks[language.code]:
        page = (slides_folder(book, language) / deck.name / "index.html").read_text(encoding="utf-8")
        shown = turn_blocks(page)
        expected = [  # every agenda's exercise block after this chapter, computed here
            (key, block)
            for key in timing.PLANS
            for block in timing.agenda(key, ROOT, language.locale).blocks
            if block.what == "exercises" and block.chapter == deck.name
        ]
        assert expected, f"{deck.name}: no agenda has an exercise block after this chapter"
        assert [(key, minutes) for key, minutes, _ in shown] == [(key, b.minutes) for key, b in expected]
        for (key, minutes, text), (_, block) in zip(shown, expected):
            n = len(block.exercises)
            agenda = ui(f"turn-agenda-{key}", language.code)
            line = ui(
                "turn-block" if n > 1 else "turn-block-one",
                language.code,
                agenda=agenda,
                last=n,
                minutes=minutes,
            )
            assert text == line, (deck.name, text)
            # the agenda's name, then the exercises and the minutes, parted by the language's own
            # colon and comma (Chinese's: full-width)
            colon, comma = separators(language)
            assert text.startswith(agenda + colon) and f"{comma}{minutes} " in text, text
            if language == SOURCE:  # the source's words, spelled out
                assert text.endswith(
                    f"exercises 1–{n}, {minutes} min" if n > 1 else f"exercise 1, {minutes} min"
                )


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.sections, self.notes = [], 0, 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("src", "href"):
            if attrs.get(name):
                self.links.append((tag, attrs[name]))
        self.sections += tag == "section"
        self.notes += tag == "aside" and attrs.get("class") == "notes"


def test_each_built_deck_is_a_reveal_page_with_relative_links_that_resolve(built):
    book, built_decks = built
    decks = built_decks[SOURCE.code]
    assert [deck.name for deck in decks] == [path.stem for path in DECKS]
    for deck in decks:
        page = book / "slides" / deck.name / "index.html"
        html = page.read_text(encoding="utf-8")
        parser = _Links()
        parser.feed(html)
        # the title slide and the closing "your turn" slide have notes too
        assert parser.sections == len(deck.slides) + 2 == parser.notes
        turn = turn_slide(html)
        assert f"<code>exercises/{deck.name}.ipynb</code>" in turn, turn
        assert "{{" not in html and "figure:" not in html
        for _tag, link in parser.links:
            assert not urlsplit(link).scheme and not link.startswith("/"), f"{deck.name}: {link}"
            target = (page.parent / urlsplit(link).path).resolve()
            if target.is_relative_to((book / "slides").resolve()):
                assert target.is_file(), f"{deck.name}: {link} is missing"
            elif urlsplit(link).path == "../../reference/sources.html":  # a "source 00X" (ndcg_book.sources)
                assert re.fullmatch(r"source-00[0-4]", urlsplit(link).fragment), f"{deck.name}: {link}"
            else:  # into the book: the chapter and its practice block, the landing page, the book's KaTeX and icon
                assert link in (
                    f"../../{deck.chapter}.html",
                    f"../../{deck.chapter}.html#practice-{deck.name}",
                    "../../index.html",
                    f"../../{KATEX}/katex.min.css",
                    f"../../{KATEX}/katex.min.js",
                    f"../../{KATEX}/contrib/auto-render.min.js",
                    f"../../{FAVICON}",
                ), link
        assert (ROOT / FAVICON).is_file()  # the book's own icon, copied into the book
        scripts = [link for tag, link in parser.links if tag == "script"]
        assert scripts == [
            f"../../{KATEX}/katex.min.js",
            f"../../{KATEX}/contrib/auto-render.min.js",
            "../deck.js",
            f"../vendor/{REVEAL}/dist/reveal.js",
            f"../vendor/{REVEAL}/plugin/notes/notes.js",
        ]
        for figure in deck.figures:
            svg = (page.parent / "figures" / f"{figure}.svg").read_text(encoding="utf-8")
            assert "<dc:date>" not in svg  # the same file on every build


@pytest.mark.parametrize("language", LANGUAGES, ids=code)
def test_the_title_slide_carries_the_version_and_the_build_date(built, language):
    book, decks = built
    first = decks[language.code][0]
    folder = slides_folder(book, language)
    title = (folder / first.name / "index.html").read_text(encoding="utf-8")
    title = title.split('data-deck-slide="title"', 1)[1].split("</section>", 1)[0]
    assert ui("title-edition", language.code, version=ndcg.__version__, date="2023-11-14") in title
    assert f"ndcg {ndcg.__version__}" in title and "2023-11-14" in title
    assert first.title in title and ui("title-keys", language.code) in title
    if language == SOURCE:  # the source's words, spelled out
        assert f"ndcg {ndcg.__version__}, built 2023-11-14" in title and "S: speaker notes" in title
    listing = (folder / "index.html").read_text(encoding="utf-8")
    assert all(f'href="{deck.name}/index.html"' in listing for deck in decks[language.code])


def test_the_complete_catalogues_include_the_first_two_decks():
    assert {"00_why", "01_cg"} <= set(COMPLETE)
    assert complete("slides/ui", MESSAGES["slides/ui"])


@pytest.mark.parametrize("language", LANGUAGES, ids=code)
def test_every_deck_is_built_in_every_language_and_speaks_it(built, language):
    book, decks = built
    folder = slides_folder(book, language)
    assert [d.name for d in decks[language.code]] == [p.stem for p in DECKS]
    lang = f'<html lang="{html_lang(language)}">'
    # "Chapter N: read it in the book", the title slide's link to the chapter, in the language
    chapter_words = ui("title-chapter", language.code, number=0, href="")
    link_words = re.search(r">([^<]+)</a>", chapter_words).group(1)
    for deck in decks[language.code]:
        page = (folder / deck.name / "index.html").read_text(encoding="utf-8")
        assert lang in page, deck.name
        assert html.escape(ui("page-title", language.code, title=deck.title)) in page, deck.name
        before_link = ui("title-chapter", language.code, number=int(deck.name[:2]), href="").split("<a", 1)[0]
        assert before_link in page and link_words in page, deck.name
        # the closing slide names the exercise notebook where the language's participant pack holds it
        notebook = f"exercises/{deck.name}.ipynb"
        turn = f"{ui('turn-title', language.code)} 🖐️</h2>\n<p>{ui('turn-open', language.code, notebook=notebook)}"
        assert turn in page and f"<code>{notebook}</code>" in page, deck.name
        assert in_script(deck.title, language), f"{deck.name}: its chapter's title in the language"
        for figure in deck.figures:
            assert (folder / deck.name / "figures" / f"{figure}.svg").is_file()
        # a figure's description, which a screen reader says, in the language too
        alts = re.findall(r'<img [^>]*alt="([^"]*)"', page)
        assert alts and all(in_script(alt, language) for alt in alts), (deck.name, alts)
    listing = (folder / "index.html").read_text(encoding="utf-8")
    assert lang in listing and f"<h1>{ui('list-heading', language.code)}</h1>" in listing
    assert ui("list-back", language.code) in listing
    if language == SOURCE:  # the source's words, spelled out
        assert link_words == "read it in the book" and '<html lang="en">' in listing


def sections(page: Path) -> list[str]:
    return re.findall(r"<section.*?</section>", page.read_text(encoding="utf-8"), re.S)


def text(section: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", section))


def numbers(section: str) -> list[str]:
    """The numbers a slide shows (its text, its notes), as a sorted list of distinct values."""
    return sorted(set(re.findall(r"(?<![A-Za-z0-9_.])-?\d+(?:\.\d+)?", text(section))))


@pytest.mark.parametrize(
    ("language", "name"),
    [(language, p.stem) for language in TRANSLATIONS for p in DECKS],
    ids=[f"{language.code}-{p.stem}" for language in TRANSLATIONS for p in DECKS],
)
def test_a_translated_deck_shows_the_english_decks_numbers_slide_by_slide(built, language, name):
    book, _ = built
    en = sections(slides_folder(book, SOURCE) / name / "index.html")
    translated = sections(slides_folder(book, language) / name / "index.html")
    assert len(en) == len(translated)
    for number, (one, other) in enumerate(zip(en, translated), start=1):
        assert numbers(one) == numbers(other), f"{name}, slide {number}"
    # the figures are there, the same files, drawn in each language
    figures = r'src="figures/[^"]+"'
    assert re.findall(figures, "".join(en)) == re.findall(figures, "".join(translated))


def _prose(message: str) -> list[str]:
    """The English words of a message, as runs of three words or more outside its markup."""
    plain = re.sub(r"\{\{.*?\}\}|\$[^$]*\$|`[^`]*`|[*_#|]", " ", message)
    return [run.strip() for run in re.findall(r"[A-Za-z']+(?: [A-Za-z']+){2,}", plain)]


@pytest.mark.parametrize(
    ("language", "name"),
    [(language, name) for language in TRANSLATIONS for name in COMPLETE],
    ids=[f"{language.code}-{name}" for language in TRANSLATIONS for name in COMPLETE],
)
def test_a_deck_with_a_complete_catalogue_shows_no_english_block(built, language, name):
    book, _ = built
    page = text("".join(sections(slides_folder(book, language) / name / "index.html")))
    # the maths stays as it is in both editions (its \text{...} too, as on the book's pages)
    page = " ".join(re.sub(r"\\\(.*?\\\)|\\\[.*?\\\]", " ", page, flags=re.S).split())
    for context, english in MESSAGES[f"slides/{name}"]:
        for run in _prose(english):
            assert run not in page, f"{name}, {context}: English left on the {language.code} deck: {run!r}"


@pytest.mark.parametrize("language", TRANSLATIONS, ids=code)
def test_a_deck_without_its_translation_builds_in_english_and_the_check_lists_it(tmp_path, language):
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
    build_all(
        tmp_path, tmp_path / "out", course=language.name, version="0", date=DATE, language=language.code
    )
    page = (tmp_path / "out" / "09_test" / "index.html").read_text(encoding="utf-8")
    assert "Nobody translated me" in page and "CG is 5." in page
    assert f'<html lang="{html_lang(language)}">' in page
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


@pytest.mark.parametrize("language", LANGUAGES, ids=code)
def test_each_your_turn_slide_links_the_practice_block_of_the_built_chapter(built, language):
    # The "no Python at hand?" link of every deck, in every edition, opens the chapter at its
    # practice block: a fragment that names an element of the edition's built chapter page.
    from tools import chromium as browser_setup

    book, decks = built
    real = browser_setup.book_html()
    edition = language.folder
    for deck in decks[language.code]:
        page = (book / edition / "slides" / deck.name / "index.html").read_text(encoding="utf-8")
        links = [
            href
            for href in re.findall(r'<a [^>]*href="([^"]+)"', turn_slide(page))
            if "sources.html" not in href
        ]
        assert len(links) == 1, (edition, deck.name, links)
        path, _, fragment = html.unescape(links[0]).partition("#")
        assert fragment, (edition, deck.name, links[0], "the link does not name the practice block")
        chapter = (real / edition / "slides" / deck.name / path).resolve()
        if not chapter.is_file():
            pytest.skip(f"no built page {chapter}: run `make book` first")
        ids = re.findall(r'\bid="([^"]+)"', chapter.read_text(encoding="utf-8"))
        assert fragment in ids, (edition, deck.name, links[0], "no such element in the built chapter")
