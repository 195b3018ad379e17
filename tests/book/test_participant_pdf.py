"""The participant's PDF, beside the whole book's in each edition (``make book`` prints both): at
most 200 pages, every core chapter with its exercises, the cheat sheet, its own contents and page
numbers, and a link on the landing page where the book's PDF is offered.

The PDF tests read the printed PDFs (``_build/html/_downloads/``, ``_build/html/zh/_downloads/``);
they print nothing themselves.
"""

from __future__ import annotations

import html
import re
import shutil
import subprocess

import pytest

import ndcg
from ndcg.course import manifest
from ndcg_book import timing
from ndcg_book.pdf import print_book
from tests.book.printed import EDITIONS, pdf_of
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
ROOT = browser_setup.ROOT

CORE = [f"chapters/{name}" for name in timing.chapter_names(ROOT)]


def participant_pdf(language: str) -> str:
    book_pdf = pdf_of(language, print_book.book_pdf_name)  # skips when the build printed nothing
    handout = (
        EDITIONS[language] / print_book.FOLDER / print_book.participant_pdf_name(ndcg.__version__, language)
    )
    assert handout.is_file(), f"{book_pdf} was printed without the participant's PDF beside it"
    return str(handout)


def bookmarks(pdf: str) -> list[tuple[str, int]]:
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    return [(item.title, reader.get_destination_page_number(item) + 1) for item in reader.outline]


def pdf_text(pdf: str) -> str:
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext is missing: install Debian's poppler-utils")
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", pdf, "-"], capture_output=True, text=True, check=True)
    return re.sub(r"\s+", "", out.stdout)


# -- without a build ----------------------------------------------------------------------------


def test_the_participant_pages_are_the_core_chapters_and_the_cheat_sheet_in_book_order():
    pages = print_book.participant_pages(ROOT)
    assert pages == [*CORE, print_book.CHEATSHEET]
    assert [f"chapters/{stem}" for stem in manifest.chapter_stems()] == CORE
    every = print_book.toc_pages(ROOT)
    assert [every.index(name) for name in pages] == sorted(every.index(name) for name in pages)
    parts = print_book.participant_parts(print_book.toc_parts(ROOT), ROOT)
    assert [name for _, names in parts for name in names] == pages
    assert all(names for _, names in parts), "no part without a page"


def test_the_participant_pdf_has_a_name_of_its_own_in_each_edition():
    names = {
        name(ndcg.__version__, language)
        for language in EDITIONS
        for name in (
            print_book.book_pdf_name,
            print_book.cheatsheet_pdf_name,
            print_book.participant_pdf_name,
        )
    }
    assert len(names) == 6
    assert print_book.participant_pdf_name("1.0", "zh") == "ndcg-participant-zh-1.0.pdf"


# -- the printed PDFs ---------------------------------------------------------------------------


@pytest.mark.book
@pytest.mark.parametrize("language", sorted(EDITIONS))
def test_the_participant_pdf_has_at_most_200_pages(language):
    from pypdf import PdfReader

    pages = len(PdfReader(participant_pdf(language)).pages)
    whole = len(PdfReader(pdf_of(language, print_book.book_pdf_name)).pages)
    assert pages <= print_book.PARTICIPANT_MOST_PAGES == 200, f"the participant's PDF has {pages} pages"
    assert pages < whole


@pytest.mark.book
@pytest.mark.parametrize("language", sorted(EDITIONS))
def test_the_participant_pdf_holds_every_core_chapter_its_exercises_and_the_cheat_sheet(language):
    handout = participant_pdf(language)
    marks = bookmarks(handout)
    pages = print_book.participant_pages(ROOT)
    assert len(marks) == len(pages), f"one bookmark per page: {[title for title, _ in marks]}"
    # the same headings as the whole book's bookmarks of those pages, in the same order
    whole = dict(
        zip(
            print_book.toc_pages(ROOT),
            (title for title, _ in bookmarks(pdf_of(language, print_book.book_pdf_name))),
        )
    )
    assert [title for title, _ in marks] == [whole[name] for name in pages]
    starts = [start for _, start in marks]
    assert starts == sorted(starts) and starts[0] >= 2, "the title page and contents come first"
    text = pdf_text(handout)
    book = EDITIONS[language]
    for name in CORE:
        page = (book / f"{name}.html").read_text(encoding="utf-8")
        titles = re.findall(
            r'<div class="exercise admonition"[^>]*>\s*<p class="admonition-title"><span class="caption-number">([^<]+)</span>',
            page,
        )
        assert titles, f"{name}: no exercise found in the built page"
        missing = [title.strip() for title in titles if re.sub(r"\s+", "", html.unescape(title)) not in text]
        assert not missing, f"{name}: exercises missing from the participant's PDF: {missing}"
    # the cheat sheet, last: its own heading on the page its bookmark names
    assert marks[-1][0] == whole[print_book.CHEATSHEET]


@pytest.mark.book
@pytest.mark.parametrize("language", sorted(EDITIONS))
def test_the_participant_pdf_is_offered_beside_the_book_s(language):
    handout = participant_pdf(language)
    name = handout.rsplit("/", 1)[1]
    index = (EDITIONS[language] / "index.html").read_text(encoding="utf-8")
    book = print_book.book_pdf_name(ndcg.__version__, language)
    assert f'href="{print_book.FOLDER}/{book}"' in index
    assert f'href="{print_book.FOLDER}/{name}"' in index, "the landing page links the participant's PDF"
    from pypdf import PdfReader

    reader = PdfReader(handout)
    pages = len(reader.pages)
    assert re.search(rf"{name}</code></a>[^<]*\b{pages}\b", index), "the link says how many pages"
    assert ndcg.__version__ in reader.metadata.subject and reader.metadata.title
