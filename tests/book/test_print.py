"""Printing the course: the flashcards fold along the middle, printed chapters keep their quiz
options, the cheat sheet fits on one page of A4 and of Letter, the PDF of the book holds its Chinese text, and
the zip of the built book opens from file:// with nothing failing.

Most tests need the built book (``make book``; ``NDCG_BOOK_HTML`` to test another build) and
a Chromium-family browser (``tools/chromium.py``); the PDF tests also need the PDF, which
``make book`` prints when it finds a browser (``make pdf`` prints it again), and Debian's
``poppler-utils`` (``pdffonts``, ``pdftotext``). Each test says what is missing when it skips.
"""

from __future__ import annotations

import functools
import html
import io
import re
import shutil
import subprocess
import zipfile

import pytest
import yaml

import ndcg
from ndcg.course import cards
from ndcg_book import timing
from ndcg_book.pdf import pdf_merge, print_book, print_pages
from tests.book.helpers import toc_files, toc_sections
from tests.browser.pages import Visit
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
ROOT = browser_setup.ROOT


#: Paper widths in CSS pixels (96 per inch): A4 and US Letter.
PAPERS = {"A4": 794, "Letter": 816}
#: The width a printed page lays its text out in: the paper's, minus make pdf's margins.
PRINTED = {paper: round(width - 2 * 14 / 25.4 * 96) for paper, width in PAPERS.items()}
#: The height of a printed page's footer, the bottom margin, in PDF points (72 per inch).
FOOTER_PT = 16 / 25.4 * 72

needs_book = pytest.mark.skipif(
    not (BOOK / "index.html").is_file(),
    reason=f"no built book at {BOOK}: run `make book` first (or point NDCG_BOOK_HTML at a build)",
)


def poppler(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is missing: install Debian's poppler-utils (sudo apt-get install poppler-utils)")
    return path


def book_pdf():
    pdf = BOOK / print_book.FOLDER / print_book.book_pdf_name(ndcg.__version__)
    if not pdf.is_file():
        pytest.skip(
            f"no {pdf.name} in the built book: make book prints it when it finds Chromium (or make pdf)"
        )
    return pdf


def embedded_fonts(reader) -> set[str]:
    """The names of the fonts a PDF embeds: BaseFont, or the FontName of a Type 3 font's descriptor."""
    names = set()
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            name = font.get("/BaseFont") or (descriptor.get_object().get("/FontName") if descriptor else None)
            if name:
                names.add(str(name))
    return names


def type3_fonts(reader) -> list[str]:
    """The name of each Type 3 font a PDF embeds (from its font descriptor), once per font object."""
    names, seen = [], set()
    for page in reader.pages:
        for reference in (page["/Resources"].get("/Font") or {}).values():
            font = reference.get_object()
            key = getattr(reference, "idnum", id(font))
            if key in seen or font.get("/Subtype") != "/Type3":
                continue
            seen.add(key)
            descriptor = font.get("/FontDescriptor")
            names.append(str(descriptor.get_object().get("/FontName")) if descriptor else "")
    return names


# -- without a browser ------------------------------------------------------------------------


def test_the_pdfs_author_is_the_book_s_in_each_language():
    from ndcg_book.words import TEXTS, words

    author = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["author"]
    assert TEXTS["pdf-author"] == author  # the Chinese catalogue translates the book's author
    info = pdf_merge.metadata(
        "标题", words("zh_CN")("pdf-author"), "1.0", print_book.build_date(), "全书", "zh"
    )
    assert info["/Author"] != author and "版本 1.0" in info["/Keywords"], info


def test_the_printable_deck_has_two_equal_columns():
    deck = cards.load("02_dcg")
    page = cards.printable_html([deck], quiz=False)
    assert page.count('<table class="ndcg-fold">') == 1
    assert (
        page.count('<td class="ndcg-front">') == page.count('<td class="ndcg-back">') == len(deck.flashcards)
    )
    assert page.count("<th ") == 2, "no column but the front and the back: the fold is the middle"


def test_the_pdf_is_printed_in_the_order_of_the_table_of_contents():
    pages = print_book.toc_pages(ROOT)
    assert pages == toc_files(ROOT)  # each chapter followed by its companion pages (its sections)
    assert print_book.CHEATSHEET == "learners/cheatsheet" and print_book.CHEATSHEET in pages


def test_the_pdf_prints_every_companion_page_after_its_chapter():
    pages = print_book.toc_pages(ROOT)
    for name in timing.chapter_names(ROOT):
        companions = [f"chapters/{c}" for c in timing.companion_names(ROOT, name)]
        assert all(c in pages for c in companions), f"{name}: companion pages missing from the PDF"
        at = pages.index(f"chapters/{name}")
        assert pages[at + 1 : at + 1 + len(companions)] == companions, f"{name}: its companions follow it"


def test_the_toc_reader_walks_the_sections(tmp_path):
    (tmp_path / "_toc.yml").write_text(
        "format: jb-book\nroot: index\nparts:\n  - caption: C\n    numbered: true\n    chapters:\n"
        "      - file: chapters/04_ndcg\n        sections:\n          - file: chapters/further/04-ties\n"
        "      - file: chapters/05_mrr\n",
        encoding="utf-8",
    )
    expected = ["index", "chapters/04_ndcg", "chapters/further/04-ties", "chapters/05_mrr"]
    assert print_book.toc_pages(tmp_path) == toc_files(tmp_path) == expected


def test_the_build_date_follows_source_date_epoch():
    assert print_book.build_date({"SOURCE_DATE_EPOCH": "0"}).isoformat() == "1970-01-01"
    assert print_book.build_date({}) == print_book.build_date({"SOURCE_DATE_EPOCH": " "})


# -- the built book, printed in Chromium ------------------------------------------------------


@needs_book
@pytest.mark.book
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_printed_flashcards_fold_along_the_middle(browser, paper):
    visit = Visit(browser, (BOOK / "learners" / "flashcards.html").as_uri(), BOOK.resolve().as_uri())
    page = visit.page
    page.set_viewport_size({"width": PAPERS[paper], "height": 1000})
    page.emulate_media(media="print")
    edges = page.evaluate(
        """() => [...document.querySelectorAll('.ndcg-print table.ndcg-fold tbody tr')].map(row => {
             const [front, back] = row.children;
             return [front.getBoundingClientRect().left, front.getBoundingClientRect().right,
                     back.getBoundingClientRect().right, document.documentElement.clientWidth];
           })"""
    )
    assert len(edges) == sum(len(deck.flashcards) for deck in cards.load_all())
    for left, fold, right, width in edges:
        assert abs(fold / width - 0.5) <= 0.01, f"{paper}: the fold is at {fold / width:.1%} of the page"
        assert abs((fold - left) - (right - fold)) <= 0.02 * width, "the question and answer differ in width"
    visit.close()


#: Per quiz option of the printable flashcards: its height, its height laid out on one line (no
#: wrapping: the same text, maths included), whether it fits the line, and the tops of its letter
#: and of its text's first character.
OPTION_LINES = """() => [...document.querySelectorAll('.ndcg-print .ndcg-print-options > li')].map(li => {
  const height = li.getBoundingClientRect().height, available = li.clientWidth;
  li.style.whiteSpace = 'nowrap'; li.style.width = 'max-content';
  const one = li.getBoundingClientRect();
  li.style.whiteSpace = ''; li.style.width = '';
  const letter = li.querySelector('.ndcg-qz-letter');
  const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT,
    {acceptNode: n => letter.contains(n) || !n.textContent.trim() ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
  const first = walker.nextNode(), range = document.createRange();
  range.setStart(first, first.textContent.search(/\\S/)); range.setEnd(first, first.textContent.search(/\\S/) + 1);
  return {text: li.textContent.trim().slice(0, 60), height, oneLine: one.height, fits: one.width <= available,
          letterTop: letter.getBoundingClientRect().top, textTop: range.getBoundingClientRect().top,
          lineHeight: parseFloat(getComputedStyle(li).lineHeight)};
})"""


@needs_book
@pytest.mark.book
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_each_printed_quiz_option_stays_on_one_line_with_its_letter(browser, paper):
    visit = Visit(browser, (BOOK / "learners" / "flashcards.html").as_uri(), BOOK.resolve().as_uri())
    page = visit.page
    page.set_viewport_size({"width": PRINTED[paper], "height": 1000})
    page.emulate_media(media="print")
    options = page.evaluate(OPTION_LINES)
    assert len(options) == sum(
        len(q.options) for deck in cards.load_all() for q in deck.quiz if q.kind != "true-false"
    )
    for option in options:
        where = f"{paper}: {option['text']!r}"
        assert abs(option["letterTop"] - option["textTop"]) < option["lineHeight"] / 2, (
            f"{where}: the letter and the option's text are on two lines"
        )
        if option["fits"]:
            assert option["height"] <= option["oneLine"] + 1, f"{where}: fits one line, printed on more"
    long = [option["text"] for option in options if not option["fits"]]
    assert len(long) <= len(options) // 20, f"options too long for one printed line: {long}"
    visit.close()


@needs_book
@pytest.mark.book
def test_the_printed_flashcards_start_with_cards_on_page_one(browser):
    from pypdf import PdfReader

    visit = Visit(browser, (BOOK / "learners" / "flashcards.html").as_uri(), BOOK.resolve().as_uri())
    page = visit.page
    page.emulate_media(media="print")
    visit.settle()
    printed = PdfReader(io.BytesIO(page.pdf(format="A4", margin=print_book.MARGIN, print_background=True)))
    first = printed.pages[0].extract_text()
    deck = cards.load_all()[0]
    assert deck.title.split()[0] in first and "Front" in first and "Back" in first, (
        f"page 1 holds no flashcard:\n{first}"
    )
    visit.close()


@needs_book
@pytest.mark.book
def test_a_printed_chapter_keeps_its_quiz_options(browser):
    deck = cards.load("02_dcg")
    visit = Visit(browser, (BOOK / "chapters" / "02_dcg.html").as_uri(), BOOK.resolve().as_uri())
    page = visit.page
    page.emulate_media(media="print")
    quiz = page.locator(".ndcg-qz").first
    for question in deck.quiz:
        box = quiz.locator(f'[data-question="{question.id}"]')
        assert box.is_visible(), f"{question.id} does not print"
        options = box.locator("button[data-option], label.ndcg-qz-check")
        assert options.count() == len(question.options) > 0
        assert all(options.nth(i).is_visible() for i in range(options.count())), (
            f"{question.id}: options hidden"
        )
    assert quiz.locator("[data-role=key]").is_visible(), "the printed quiz ends with its answers"
    visit.close()


@needs_book
@pytest.mark.book
@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_the_cheat_sheet_prints_on_one_sheet(browser, paper):
    from pypdf import PdfReader

    visit = Visit(
        browser, (BOOK / "learners" / "cheatsheet.html").as_uri(), BOOK.resolve().as_uri(), views=False
    )
    visit.page.emulate_media(media="print")
    visit.settle()
    text = visit.page.locator("article").inner_text()
    for name in ("CG@k", "DCG@k", "IDCG@k", "NDCG@k", "MRR", "P@k", "MAP", "scikit-learn", "trec_eval"):
        assert name in text, f"the cheat sheet lacks {name}"
    printed = visit.page.pdf(
        format=paper,
        margin=print_book.MARGIN,
        print_background=True,
        display_header_footer=True,
        header_template="<span></span>",
        footer_template=print_pages.footer(f"edition {ndcg.__version__}"),
    )
    pages = len(PdfReader(io.BytesIO(printed)).pages)
    assert pages == 1, f"the cheat sheet prints on {pages} {paper} pages, not one"
    visit.close()


# -- the PDF of the book ----------------------------------------------------------------------


@needs_book
@pytest.mark.book
def test_the_book_pdf_holds_every_page_and_its_chinese_text():
    from pypdf import PdfReader

    pdf = book_pdf()
    reader = PdfReader(pdf)
    pages = print_book.toc_pages(ROOT)
    assert len(reader.outline) == len(pages), "one bookmark per page of the book"
    assert len(pages) + 1 <= len(reader.pages) <= 40 * len(pages), f"{len(reader.pages)} pages"
    info = reader.metadata
    assert info.title and ndcg.__version__ in info.subject and "built" in info.subject
    assert info.author == yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["author"]
    assert "ranking evaluation" in info["/Keywords"] and reader.trailer["/Root"]["/Lang"] == "en"
    # Chromium (Skia) embeds an OpenType font with CFF outlines, as Noto Sans CJK is, as a Type 3
    # font (pdffonts lists it with the type "Type 3" and no name, "[none]"; the font's name is in
    # its font descriptor, which pypdf reads), and so it does a bold or italic face it makes up. The
    # Chinese prints in a TrueType font of one weight (_static/course.css; the footers and the title
    # page too, ndcg_book/pdf/print_book.py's PRINT_FONT): embedded as "CID TrueType", never as Type 3.
    fonts = subprocess.run([poppler("pdffonts"), str(pdf)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"DroidSansFallback\s+CID TrueType", fonts), f"no TrueType CJK font:\n{fonts[:2000]}"
    cjk_type3 = {name for name in type3_fonts(reader) if "CJK" in name or "DroidSansFallback" in name}
    assert not cjk_type3, f"CJK text written as Type 3 glyph programs: {sorted(cjk_type3)}"
    text = subprocess.run(
        [poppler("pdftotext"), "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "归一化折损累计增益" in text
    assert f"edition {ndcg.__version__}" in text, "the edition is on the title page and in the footers"
    # every formula typeset, the views' too (KaTeX loads when a view first shows TeX from its data:
    # the printing waits for it, ndcgKatex.settled())
    raw = [line for line in text.splitlines() if re.search(r"\\[(\[]", line)]
    assert not raw, f"{len(raw)} printed lines with TeX for the browser to typeset, e.g. {raw[:3]}"


@functools.cache
def pdf_words(pdf) -> list[tuple[float, list[tuple[float, float, str]]]]:
    """Every page of a PDF as its height and its words, each with its top, its bottom (in points
    from the page's top) and its text (``pdftotext -bbox``)."""
    out = subprocess.run(
        [poppler("pdftotext"), "-bbox", "-enc", "UTF-8", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    pages = []
    for page in re.finditer(r'<page width="[\d.]+" height="([\d.]+)">(.*?)</page>', out, re.DOTALL):
        words = [
            (float(top), float(bottom), html.unescape(text))
            for top, bottom, text in re.findall(
                r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">(.*?)</word>',
                page.group(2),
            )
        ]
        pages.append((float(page.group(1)), words))
    return pages


def bookmarks(reader) -> list[tuple[str, int]]:
    """The PDF's bookmarks: each page's heading and the page it starts on (1 is the first)."""
    return [(item.title, reader.get_destination_page_number(item) + 1) for item in reader.outline]


@needs_book
@pytest.mark.book
def test_every_page_of_the_book_pdf_has_text_and_its_number_in_its_footer():
    from pypdf import PdfReader

    pdf = book_pdf()
    pages = pdf_words(pdf)
    assert len(pages) == len(PdfReader(pdf).pages)
    for number, (height, words) in enumerate(pages, start=1):
        body = [text for top, bottom, text in words if bottom < height - FOOTER_PT]
        footer = [text for top, bottom, text in words if top >= height - FOOTER_PT]
        assert body, f"page {number} is blank (its footer: {' '.join(footer)!r})"
        assert str(number) in footer, f"page {number}'s footer lacks its number: {' '.join(footer)!r}"
        assert ndcg.__version__ in " ".join(footer), f"page {number}'s footer lacks the edition"


@needs_book
@pytest.mark.book
def test_the_contents_give_the_page_each_part_of_the_book_starts_on():
    from pypdf import PdfReader

    pdf = book_pdf()
    marks = bookmarks(PdfReader(pdf))
    cover = marks[0][1] - 1  # the title page and the contents come before the first page of the book
    assert cover >= 1
    text = subprocess.run(
        [poppler("pdftotext"), "-layout", "-enc", "UTF-8", "-l", str(cover), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    contents = text.split("Contents", 1)[1]
    entries = re.findall(r"^\s*(\S.*?)\s+(\d+)\s*$", contents, re.MULTILINE)
    entries = [(name, int(page)) for name, page in entries if not re.search(r"edition|built", name)]
    assert [page for _, page in entries] == [page for _, page in marks], (
        "the contents' pages are the bookmarks'"
    )
    for (name, _), (title, _) in zip(entries, marks):
        start = re.match(r"[\w.,:—'’ -]+", title).group(0).strip()[:12]  # pdftotext moves CJK text
        assert name.startswith(start), f"the contents list {name!r} where the book has {title!r}"


@needs_book
@pytest.mark.book
def test_the_pdf_numbers_chapters_as_the_book_does():
    from pypdf import PdfReader

    # the chapters of the numbered parts of _toc.yml, numbered on across parts: 1 CG ... 6 learning to rank
    # a chapter's companion pages (its sections) are numbered under it: 4.1, 4.2 ... (Sphinx goes on
    # after the chapter's own numbered headings, so only the chapter's number is checked)
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    numbered = [entry for part in toc["parts"] if part.get("numbered") for entry in part["chapters"]]
    expected = {entry["file"]: f"{n}. " for n, entry in enumerate(numbered, start=1)}
    under = {
        name: rf"{n}\.\d+\.? "
        for n, entry in enumerate(numbered, start=1)
        for name in toc_sections(ROOT)[entry["file"]]
    }
    assert expected["chapters/01_cg"] == "1. " and expected["chapters/06_ltr"] == "6. "
    marks = bookmarks(PdfReader(book_pdf()))
    for name, (title, _) in zip(print_book.toc_pages(ROOT), marks):
        if name in expected:
            assert title.startswith(expected[name]), f"{name}: {title!r} is not chapter {expected[name]}"
        elif name in under:
            assert re.match(under[name], title), f"{name}: {title!r} is not numbered under its chapter"
        else:
            assert not re.match(r"\d+\.", title), f"{name} is not a numbered chapter: {title!r}"


@needs_book
@pytest.mark.book
def test_the_landing_page_and_the_cheat_sheet_link_their_pdfs():
    pdf = book_pdf()
    sheet = BOOK / print_book.FOLDER / print_book.cheatsheet_pdf_name(ndcg.__version__)
    index = (BOOK / "index.html").read_text(encoding="utf-8")
    assert f'href="{print_book.FOLDER}/{pdf.name}"' in index
    assert f'href="../{print_book.FOLDER}/{sheet.name}"' in (BOOK / "learners" / "cheatsheet.html").read_text(
        encoding="utf-8"
    )
    from pypdf import PdfReader

    assert len(PdfReader(sheet).pages) == 1


# -- the zip of the built book ----------------------------------------------------------------


@needs_book
@pytest.mark.book
def test_the_zipped_book_opens_from_file_urls(browser, tmp_path):
    archive = BOOK.parent / print_book.zip_name(ndcg.__version__)
    if not archive.is_file():
        pytest.skip(f"no {archive.name} beside the book: make book writes it")
    with zipfile.ZipFile(archive) as opened:
        names = opened.namelist()
        folder = print_book.zip_name(ndcg.__version__).removesuffix(".zip")
        assert all(name.startswith(f"{folder}/") for name in names), "one folder, index.html at its top"
        assert f"{folder}/index.html" in names
        assert not [name for name in names if name.endswith(".map")], "source maps in the zip"
        opened.extractall(tmp_path)
    root = tmp_path / folder
    for page in ("index.html", "chapters/04_ndcg.html"):
        visit = Visit(browser, (root / page).as_uri(), root.resolve().as_uri(), views=page != "index.html")
        visit.settle()
        visit.close()  # fails on a failed request, a request leaving the folder, a JavaScript error
