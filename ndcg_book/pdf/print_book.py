"""Print the built book to PDF, and zip it for a USB stick.

Run by ``tools/run.py`` with the venv's Python, after ``jupyter-book build``::

    python -m ndcg_book print pdf --chromium PATH              # make pdf: fails without a browser
    python -m ndcg_book print pdf --chromium PATH --optional   # make book: without one, says so and goes on
    python -m ndcg_book print zip                              # make book: _build/ndcg-course-book-<version>.zip

``pdf`` opens every page of ``_build/html`` in the order of ``_toc.yml`` from ``file://``, in
the Chromium-family browser the browser tests use (``--chromium``: ``tools/run.py`` finds it with
``tools/chromium.py`` and hands its path over; :mod:`.browser` starts it, Playwright downloads
none), waits until the page's fonts (KaTeX's too) and kernel-free views are ready, prints
it in print media on A4 with its title and the edition in the footer, and merges the pages
behind a title page with pypdf (one bookmark per page, the page's heading as the book shows it,
"1. CG ..." for a chapter of a numbered part of ``_toc.yml``) into
``_build/html/_downloads/ndcg-course-<version>.pdf``. The title page lists the contents as the
book's sidebar does, each part's caption then its pages, each with the page of the PDF it
starts on: it is printed after the pages, once their lengths are known (again if its own
length moves them). Last, the page numbers: one more print of as many empty pages as the book
has, each with only its number in its footer, stamped page for page on the merged book, in the
middle of the footer, where the printed pages leave room (:func:`.pdf_merge.stamp_pages`).
The cheat sheet is also printed alone, ``ndcg-cheatsheet-<version>.pdf``. The participant's PDF,
``ndcg-participant-<version>.pdf``, is a book of its own made of pages already printed: the core
chapters (each with its exercises, its flashcards and its quiz) and the cheat sheet
(:func:`participant_pages`), behind a title page and contents of its own, with the page numbers of the
whole book's print (the first pages of it): a handout of under 200 pages that costs one more
print of a title page. The PDFs carry the
title, the version and the build date in their metadata; the build date is
``SOURCE_DATE_EPOCH`` when it is set (a reproducible build), else today (UTC). Then every page
that says where a PDF is (the ``book-pdf`` directive, :mod:`ndcg_book.downloads`)
gets the link in place of the words "this build has no PDF". Old PDFs are removed first, so a
build that cannot print has no stale PDF and no link.

``zip`` writes the built book, as one folder with ``index.html`` at its top, into a
deterministic zip beside ``_build/html`` (not inside it): an instructor with no Python copies
it to a USB stick, and a reader unzips it and opens ``index.html``.

This module is the command and the printing in Chromium; the pages it makes (the title page, the
footers, the links written into the book) are ``print_pages.py``, and the PDFs' merging,
numbering and metadata (pypdf) ``pdf_merge.py``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ndcg.course import manifest
from ndcg.course.i18n import SOURCE
from ndcg_book import course_files
from ndcg_book.edition import build_date  # SOURCE_DATE_EPOCH, read in one place
from ndcg_book.folders import ROOT
from ndcg_book.toc import pages as toc_pages
from ndcg_book.toc import parts as toc_parts

from .browser import launch
from .pdf_merge import merge, metadata, page_count, without_blank_end
from .print_pages import (
    book_words,
    downloads_size,
    footer,
    number_footer,
    numbers_html,
    page_starts,
    page_text,
    put_links,
    title_page_html,
)

BOOK = ROOT / "_build" / "html"
#: Where the PDFs go in the built book.
FOLDER = "_downloads"
#: The page that is also printed alone.
CHEATSHEET = "learners/cheatsheet"
#: The most pages the participant's PDF may have (tests/book/test_participant_pdf.py holds it).
PARTICIPANT_MOST_PAGES = 200
#: The paper, its margins (equal left and right: the printable flashcards fold along the
#: middle), and how long one page may take to become ready.
PAPER = "A4"
MARGIN = {"top": "14mm", "bottom": "16mm", "left": "14mm", "right": "14mm"}
READY_TIMEOUT_MS = 60_000
#: The script that resolves once a page is ready to print: fonts loaded (KaTeX's among them: the
#: maths was typeset when the book was built), every kernel-free view activated by ndcg-course.js
#: and the maths it shows from its data typeset (by KaTeX, which the page loads for it then:
#: ``ndcgKatex.settled()``, ``ndcg_book/static/ndcg-katex.js``).
READY = """async () => {
  await document.fonts.ready;
  const views = () => [...document.querySelectorAll('[data-ndcg-view]')];
  while (views().some(v => v.dataset.ready !== 'true')) { await new Promise(r => setTimeout(r, 50)); }
  if (window.ndcgKatex) { await window.ndcgKatex.settled(); }
  await document.fonts.ready;
  return true;
}"""


def book_pdf_name(version: str, language: str = "en") -> str:
    """The PDF of the whole book (``ndcg-course-zh-<version>.pdf``: the Chinese edition's)."""
    return f"ndcg-course-{_tag(language)}{version}.pdf"


def cheatsheet_pdf_name(version: str, language: str = "en") -> str:
    """The PDF of the cheat sheet."""
    return f"ndcg-cheatsheet-{_tag(language)}{version}.pdf"


def participant_pdf_name(version: str, language: str = "en") -> str:
    """The participant's PDF: the core chapters with their exercises, and the cheat sheet."""
    return f"ndcg-participant-{_tag(language)}{version}.pdf"


def participant_pages(root: Path = ROOT) -> list[str]:
    """The pages of the participant's PDF, in the book's order: every core chapter
    (``chapters/00_why`` ... ``chapters/06_ltr``, their exercises, flashcards and quiz on the page)
    and the cheat sheet; no companion page, no instructor's page, no reference but the cheat sheet."""
    from ndcg_book.timing import chapter_names

    wanted = {f"chapters/{name}" for name in chapter_names(root)} | {CHEATSHEET}
    return [name for name in toc_pages(root) if name in wanted]


def participant_parts(parts, root: Path = ROOT):
    """The table of contents' parts (:func:`ndcg_book.toc.parts`) cut down to the participant's pages;
    a part left empty goes."""
    keep = set(participant_pages(root))
    cut = [(caption, [name for name in names if name in keep]) for caption, names in parts]
    return [(caption, names) for caption, names in cut if names]


def _tag(language: str) -> str:
    return "" if language == "en" else f"{language}-"


def zip_name(version: str) -> str:
    """The zip of the built book (beside _build/html)."""
    return f"ndcg-course-book-{version}.zip"


#: The script that returns a page's heading as the book shows it: the article's heading, with
#: the number Sphinx gives a chapter of a numbered part of ``_toc.yml`` ("1. CG ..."). The
#: theme's print-only heading above the article lacks that number: it gets it here.
HEADING = """() => {
  const h = document.querySelector('article.bd-article h1') || document.querySelector('main h1, article h1');
  if (!h) return '';
  const number = h.querySelector('.section-number');
  const printed = document.querySelector('#jb-print-docs-body h1');
  if (number && printed && !printed.querySelector('.section-number')) printed.prepend(number.cloneNode(true));
  const copy = h.cloneNode(true);
  copy.querySelectorAll('.headerlink').forEach(a => a.remove());
  return copy.textContent.replace(/\\s+/g, ' ').trim();
}"""


def page_title(page) -> str:
    """A page's heading as the book shows it (its chapter number included), for the bookmarks
    and the contents; the document's title when the page has no heading. The printed heading
    gets the chapter's number too (:data:`HEADING`)."""
    return page.evaluate(HEADING) or page.title()


def remove_pdfs(book: Path, language: str = "en") -> list[Path]:
    """Remove the book's old PDFs (any version): a build that cannot print links none."""
    removed = []
    for pattern in (
        book_pdf_name("*", language),
        cheatsheet_pdf_name("*", language),
        participant_pdf_name("*", language),
    ):
        for path in (book / FOLDER).glob(pattern):
            path.unlink()
            removed.append(path)
    return removed


def page_pdf(page, edition: str) -> bytes:
    """The page as it is now, printed as the book prints every page: A4, its margins, the edition in the footer."""
    return page.pdf(
        format=PAPER,
        margin=MARGIN,
        print_background=True,
        display_header_footer=True,
        header_template="<span></span>",
        footer_template=footer(edition),
    )


def print_page(page, url: str, edition: str) -> tuple[str, bytes]:
    """Open one page of the book and print it: print media, A4, the edition in the footer (a last
    sheet with nothing but the footer dropped, :func:`.pdf_merge.without_blank_end`). Returns
    the page's title and the PDF."""
    page.goto(url, wait_until="load")
    page.emulate_media(media="print")
    page.evaluate(READY)
    return page_title(page), without_blank_end(page_pdf(page, edition))


def print_html(page, content: str) -> None:
    """Show a page of our own (the title page, the page numbers) in print media, fonts loaded."""
    page.emulate_media(media="print")
    page.set_content(content, wait_until="load")
    page.evaluate("() => document.fonts.ready.then(() => true)")


def print_cover(
    page, title: str, author: str, edition: str, parts, headings, counts, language: str = "en"
) -> tuple[bytes, int]:
    """The title page and the contents, with the page each part starts on in the merged PDF; the
    contents' own length moves those pages, so it is printed until its length is the one assumed
    (twice at most: the numbers' width hardly changes it). Returns the PDF and its pages."""
    cover_pages = 1
    for _ in range(4):
        starts = iter(page_starts(counts, cover_pages + 1))
        heads = iter(headings)
        contents = [(caption, [(next(heads), next(starts)) for _ in names]) for caption, names in parts]
        print_html(page, title_page_html(title, author, edition, contents, language))
        cover = page_pdf(page, edition)
        if page_count(cover) == cover_pages:
            return cover, cover_pages
        cover_pages = page_count(cover)
    raise RuntimeError("the contents do not settle on a number of pages")


#: What the print says when it was given no browser (``tools/run.py`` has said why before).
NO_BROWSER = (
    "No PDF of the book in this build: no Chromium-family browser was given "
    "(--chromium PATH; `python3 tools/run.py pdf` finds one)."
)


def print_pdfs(book: Path, optional: bool, language: str = "en", executable: str | None = None) -> int:
    """Print the book and the cheat sheet into ``book/_downloads/`` and link them (``language``:
    the edition, ``en`` or ``zh``; ``book`` is that edition's folder) with the browser
    ``executable``; without one, the old PDFs go all the same, and the print says so (and
    succeeds when ``optional``)."""
    import yaml

    removed = remove_pdfs(book, language)
    if removed:
        print(f"removed the old PDFs: {', '.join(path.name for path in removed)}")
    if not executable:
        print(NO_BROWSER, file=sys.stderr)
        return 0 if optional else 1
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("No PDF of the book: the playwright package is not installed (make setup).", file=sys.stderr)
        return 0 if optional else 1

    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    title, author = config["title"], config["author"]
    text = book_words(language)
    if language != SOURCE:  # a translation: the title as its landing page says it, its author line
        title = page_text("index", title, language)
        author = text("pdf-author")
    version = course_files.version(ROOT)
    date = build_date()
    edition = text("pdf-edition", version=version, date=date.isoformat())
    names = toc_pages(ROOT)
    missing = [name for name in names if not (book / f"{name}.html").is_file()]
    if missing:
        print(f"no PDF: the built book lacks {', '.join(missing)} (run make book first)", file=sys.stderr)
        return 1
    started = time.monotonic()
    parts: list[tuple[str, bytes]] = []
    cheatsheet: bytes | None = None
    with sync_playwright() as playwright:
        browser = launch(playwright, executable)
        context = browser.new_context(viewport={"width": 794, "height": 1123})
        page = context.new_page()
        page.set_default_timeout(READY_TIMEOUT_MS)
        for name in names:
            url = (book / f"{name}.html").resolve().as_uri()
            heading, data = print_page(page, url, edition)
            parts.append((heading, data))
            if name == CHEATSHEET:
                cheatsheet = data
            print(f"  printed {name}.html", flush=True)
        pages_done = time.monotonic()
        counts = [page_count(data) for _, data in parts]
        contents_parts = toc_parts(ROOT)
        contents_parts = [
            (page_text("index", caption, language) if caption else caption, names_)
            for caption, names_ in contents_parts
        ]
        cover, cover_pages = print_cover(
            page, title, author, edition, contents_parts, [heading for heading, _ in parts], counts, language
        )
        total = cover_pages + sum(counts)
        # the participant's PDF: the pages printed above, behind a cover of its own
        handout_started = time.monotonic()
        handout_names = participant_pages(ROOT)
        handout = [parts[names.index(name)] for name in handout_names]
        handout_cover, handout_cover_pages = print_cover(
            page,
            text("pdf-participant-title", title=title),
            author,
            edition,
            participant_parts(contents_parts, ROOT),
            [heading for heading, _ in handout],
            [counts[names.index(name)] for name in handout_names],
            language,
        )
        handout_total = handout_cover_pages + sum(counts[names.index(name)] for name in handout_names)
        handout_seconds = time.monotonic() - handout_started
        print_html(page, numbers_html(max(total, handout_total)))
        numbers = page.pdf(
            format=PAPER,
            margin=MARGIN,
            display_header_footer=True,
            header_template="<span></span>",
            footer_template=number_footer(),
        )
        context.close()
        browser.close()
    numbered = time.monotonic()
    target = book / FOLDER
    target.mkdir(parents=True, exist_ok=True)
    whole = target / book_pdf_name(version, language)
    count = merge(
        [("", cover), *parts],
        metadata(title, author, version, date, text("pdf-subject-book", edition=edition), language),
        whole,
        numbers,
        language,
    )
    links = {"book": (whole, count)}
    print(f"{whole.relative_to(ROOT).as_posix()}: {count} pages, {downloads_size(whole.stat().st_size)}")
    merged = time.monotonic()
    handout_pdf = target / participant_pdf_name(version, language)
    handout_count = merge(
        [("", handout_cover), *handout],
        metadata(
            text("pdf-participant-title", title=title),
            author,
            version,
            date,
            text("pdf-subject-participant", edition=edition),
            language,
        ),
        handout_pdf,
        numbers,
        language,
    )
    handout_seconds += time.monotonic() - merged
    links["participant"] = (handout_pdf, handout_count)
    print(
        f"{handout_pdf.relative_to(ROOT).as_posix()}: {handout_count} pages, "
        f"{downloads_size(handout_pdf.stat().st_size)} ({handout_seconds:.0f} s: its title page and merging)"
    )
    if cheatsheet is not None:
        sheet = target / cheatsheet_pdf_name(version, language)
        sheet_pages = merge(
            [("", cheatsheet)],
            metadata(
                text("pdf-cheatsheet-title", title=title),
                author,
                version,
                date,
                text("pdf-subject-cheatsheet", edition=edition),
                language,
            ),
            sheet,
            language=language,
        )
        links["cheatsheet"] = (sheet, sheet_pages)
        print(f"{sheet.relative_to(ROOT).as_posix()}: {sheet_pages} page(s)")
    for page_path in put_links(book, links, edition, language):
        print(f"  linked from {page_path.relative_to(book).as_posix()}")
    print(
        f"printed {len(names)} pages in {time.monotonic() - started:.0f} s (the pages {pages_done - started:.0f} s, "
        f"the contents and page numbers {numbered - pages_done:.0f} s, merging {time.monotonic() - numbered:.0f} s)"
    )
    return 0


def zip_book(book: Path) -> Path:
    """The built book as one folder, ``ndcg-course-book-<version>/``, zipped beside it."""
    version = course_files.version(ROOT)
    base = zip_name(version).removesuffix(".zip")
    entries = [
        (f"{base}/{path.relative_to(book).as_posix()}", path)
        for path in book.rglob("*")
        if path.is_file() and not path.name.endswith(".partial")
    ]
    target = course_files.write_zip(book.parent / zip_name(version), entries)
    for old in book.parent.glob(zip_name("*")):
        if old != target:
            old.unlink()
    print(f"{target.relative_to(ROOT).as_posix()}: the built book, for a USB stick (unzip, open index.html)")
    return target


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ndcg_book print", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("pdf", "zip"))
    parser.add_argument(
        "--chromium",
        metavar="PATH",
        help="pdf: the Chromium-family browser to print with (tools/run.py finds it: tools/chromium.py)",
    )
    parser.add_argument(
        "--optional", action="store_true", help="without a browser, say so and succeed (make book)"
    )
    parser.add_argument("--book", type=Path, default=None, help="the built book (default: _build/html)")
    parser.add_argument(
        "--language",
        choices=manifest.language_codes(),
        default=SOURCE,
        help="pdf: the edition to print (a translation's: its folder, _build/html/zh)",
    )
    args = parser.parse_args(argv)
    book = (args.book or BOOK / manifest.language(args.language).folder).resolve()
    if not (book / "index.html").is_file():
        print(f"no built book at {book}: run make book first", file=sys.stderr)
        return 1
    if args.command == "pdf":
        return print_pdfs(book, args.optional, args.language, args.chromium)
    zip_book(book)
    return 0
