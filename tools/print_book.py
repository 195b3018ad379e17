"""Print the built book to PDF, and zip it for a USB stick.

Run by ``tools/run.py`` with the venv's Python, after ``jupyter-book build``::

    python tools/print_book.py pdf              # make pdf: fails when there is no Chromium
    python tools/print_book.py pdf --optional   # make book: without Chromium, says so and goes on
    python tools/print_book.py zip              # make book: _build/ndcg-course-book-<version>.zip

``pdf`` opens every page of ``_build/html`` in the order of ``_toc.yml`` from ``file://``, in
the Chromium-family browser the browser tests use (found by ``tests/browser.py``; Playwright
downloads none), waits until the page's fonts, MathJax and kernel-free views are ready, prints
it in print media on A4 with the edition in the footer, and merges the pages behind a title
page with pypdf (one bookmark per page) into ``_build/html/_downloads/ndcg-course-<version>.pdf``.
The cheat sheet is also printed alone, ``ndcg-cheatsheet-<version>.pdf``. The PDFs carry the
title, the version and the build date in their metadata; the build date is
``SOURCE_DATE_EPOCH`` when it is set (a reproducible build), else today (UTC). Then every page
that says where a PDF is (the ``book-pdf`` directive, :mod:`ndcg.course.sphinx_downloads`)
gets the link in place of the words "this build has no PDF". Old PDFs are removed first, so a
build that cannot print has no stale PDF and no link.

``zip`` writes the built book, as one folder with ``index.html`` at its top, into a
deterministic zip beside ``_build/html`` (not inside it): an instructor with no Python copies
it to a USB stick, and a reader unzips it and opens ``index.html``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import html
import io
import os
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ndcg.course import downloads  # noqa: E402
from ndcg.course.edition import build_date  # noqa: E402  (SOURCE_DATE_EPOCH, read in one place)
from ndcg.course.sphinx_downloads import PDF_END, PDF_START  # noqa: E402
from tests import browser as browser_setup  # noqa: E402

BOOK = ROOT / "_build" / "html"
#: Where the PDFs go in the built book.
FOLDER = "_downloads"
#: The page that is also printed alone.
CHEATSHEET = "cheatsheet"
#: The paper, its margins (equal left and right: the printable flashcards fold along the
#: middle), and how long one page may take to become ready.
PAPER = "A4"
MARGIN = {"top": "14mm", "bottom": "16mm", "left": "14mm", "right": "14mm"}
READY_TIMEOUT_MS = 60_000
#: The script that resolves once a page is ready to print: fonts loaded, maths typeset,
#: every kernel-free view activated by ndcg-course.js.
READY = """async () => {
  await document.fonts.ready;
  if (window.MathJax && MathJax.startup && MathJax.startup.promise) { await MathJax.startup.promise; }
  const views = () => [...document.querySelectorAll('[data-ndcg-view]')];
  while (views().some(v => v.dataset.ready !== 'true')) { await new Promise(r => setTimeout(r, 50)); }
  await document.fonts.ready;
  return true;
}"""


def book_pdf_name(version: str) -> str:
    """The PDF of the whole book."""
    return f"ndcg-course-{version}.pdf"


def cheatsheet_pdf_name(version: str) -> str:
    """The PDF of the cheat sheet."""
    return f"ndcg-cheatsheet-{version}.pdf"


def zip_name(version: str) -> str:
    """The zip of the built book (beside _build/html)."""
    return f"ndcg-course-book-{version}.zip"


def toc_pages(root: Path) -> list[str]:
    """The book's pages in reading order (``_toc.yml``, jb-book format), as document names.

    >>> toc_pages(ROOT)[0]
    'index'
    """
    import yaml

    toc = yaml.safe_load((root / "_toc.yml").read_text(encoding="utf-8"))
    pages = [toc["root"]]

    def walk(entries):
        for entry in entries or []:
            if "file" in entry:
                pages.append(str(Path(entry["file"]).with_suffix("")).replace(os.sep, "/"))
            walk(entry.get("sections"))

    for part in toc.get("parts", []):
        walk(part.get("chapters"))
    walk(toc.get("chapters"))
    return pages


def page_title(page) -> str:
    """A page's heading as the book shows it (its chapter number included), for the bookmarks
    and the contents; the document's title when the page has no heading."""
    heading = page.evaluate(
        "() => { const h = document.querySelector('main h1, article h1');"
        " if (!h) return ''; const copy = h.cloneNode(true);"
        " copy.querySelectorAll('.headerlink').forEach(a => a.remove());"
        " return copy.textContent.replace(/\\s+/g, ' ').trim(); }"
    )
    return heading or page.title()


def footer(edition: str) -> str:
    """Chromium's footer template: the page's title on the left, the edition on the right."""
    return (
        '<div style="font-size:7pt;width:100%;box-sizing:border-box;padding:0 14mm;display:flex;'
        'justify-content:space-between;gap:6mm;color:#555;font-family:sans-serif">'
        '<span class="title" style="white-space:nowrap;overflow:hidden;text-overflow:ellipsis"></span>'
        f'<span style="white-space:nowrap">{html.escape(edition)}</span></div>'
    )


def title_page_html(title: str, author: str, edition: str, contents: list[str]) -> str:
    """The first page of the book's PDF: its title, its edition and its contents."""
    items = "".join(f"<li>{html.escape(name)}</li>" for name in contents)
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>'
        f"{html.escape(title)}</title></head>"
        '<body style="font-family:sans-serif;margin:0;padding:30mm 10mm 0">'
        f'<h1 style="font-size:26pt;margin:0 0 4mm">{html.escape(title)}</h1>'
        '<p style="font-size:14pt;margin:0 0 10mm">排序评估：从 CG 到 NDCG · 归一化折损累计增益</p>'
        f'<p style="font-size:11pt">{html.escape(author)}<br>{html.escape(edition)}</p>'
        '<h2 style="font-size:13pt;margin-top:12mm">Contents</h2>'
        f'<ol style="font-size:11pt;line-height:1.6">{items}</ol>'
        '<p style="font-size:9pt;color:#444;margin-top:10mm">Printed from the HTML book with Chromium. '
        "The interactive views print as their text; play with them in the HTML book.</p>"
        "</body></html>"
    )


def remove_pdfs(book: Path) -> list[Path]:
    """Remove the book's old PDFs (any version): a build that cannot print links none."""
    removed = []
    for pattern in (book_pdf_name("*"), cheatsheet_pdf_name("*")):
        for path in (book / FOLDER).glob(pattern):
            path.unlink()
            removed.append(path)
    return removed


def link_html(page: Path, book: Path, pdf: Path, pages: int, edition: str) -> str:
    """The link a page shows in place of "this build has no PDF"."""
    href = os.path.relpath(pdf, page.parent).replace(os.sep, "/")
    size = downloads_size(pdf.stat().st_size)
    return (
        f'<a class="reference download" href="{html.escape(href)}"><code>{html.escape(pdf.name)}</code></a>'
        f" ({pages} page{'' if pages == 1 else 's'}, {size}; {html.escape(edition)})"
    )


def downloads_size(size: int) -> str:
    """A size as the "Get the course" box shows it."""
    from ndcg.course.sphinx_downloads import size_text

    return size_text(size)


def put_links(book: Path, links: dict[str, tuple[Path, int]], edition: str) -> list[Path]:
    """Replace the "no PDF" text of every page that has a ``book-pdf`` mark with the link."""
    mark = re.compile(
        r'(data-ndcg-pdf="(?P<kind>[a-z]+)">)' + re.escape(PDF_START) + r".*?" + re.escape(PDF_END),
        re.DOTALL,
    )
    changed = []
    for page in sorted(book.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        if PDF_START not in text:
            continue

        def link(match, page=page):
            kind = match.group("kind")
            if kind not in links:
                return match.group(0)
            pdf, count = links[kind]
            return f"{match.group(1)}{PDF_START}{link_html(page, book, pdf, count, edition)}{PDF_END}"

        new = mark.sub(link, text)
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed.append(page)
    return changed


def print_page(page, url: str, edition: str) -> tuple[str, bytes]:
    """Open one page of the book and print it: print media, A4, the edition in the footer.
    Returns the page's title and the PDF."""
    page.goto(url, wait_until="load")
    page.emulate_media(media="print")
    page.evaluate(READY)
    return page_title(page), page.pdf(
        format=PAPER,
        margin=MARGIN,
        print_background=True,
        display_header_footer=True,
        header_template="<span></span>",
        footer_template=footer(edition),
    )


def metadata(title: str, author: str, version: str, date: dt.date, subject: str) -> dict[str, str]:
    """The PDF's document information: title, author, edition, date."""
    stamp = date.strftime("D:%Y%m%d000000Z")
    return {
        "/Title": title,
        "/Author": author,
        "/Subject": subject,
        "/Keywords": f"NDCG, DCG, MRR, ranking evaluation, version {version}, built {date.isoformat()}",
        "/Creator": "tools/print_book.py (Chromium through Playwright, pages merged with pypdf)",
        "/CreationDate": stamp,
        "/ModDate": stamp,
    }


def merge(parts: list[tuple[str, bytes]], info: dict[str, str], target: Path) -> int:
    """Merge printed parts into ``target``, one bookmark per part; the number of pages."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for name, data in parts:
        start = len(writer.pages)
        writer.append(PdfReader(io.BytesIO(data)))
        if name:
            writer.add_outline_item(name, start)
    writer.add_metadata(info)
    partial = target.with_name(target.name + ".partial")
    with open(partial, "wb") as handle:
        writer.write(handle)
    os.replace(partial, target)
    return len(writer.pages)


def print_pdfs(book: Path, optional: bool) -> int:
    """Print the book and the cheat sheet into ``book/_downloads/`` and link them."""
    import yaml

    removed = remove_pdfs(book)
    if removed:
        print(f"removed the old PDFs: {', '.join(path.name for path in removed)}")
    try:
        executable = browser_setup.find_chromium()
    except browser_setup.BadChromiumSetting as error:
        print(f"no PDF: {error}", file=sys.stderr)
        return 0 if optional else 1
    if executable is None:
        print(f"No PDF of the book in this build: {browser_setup.missing_message()}", file=sys.stderr)
        return 0 if optional else 1
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("No PDF of the book: the playwright package is not installed (make setup).", file=sys.stderr)
        return 0 if optional else 1

    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    title, author = config["title"], config["author"]
    version = downloads.version(ROOT)
    date = build_date()
    edition = f"edition {version}, built {date.isoformat()}"
    names = toc_pages(ROOT)
    missing = [name for name in names if not (book / f"{name}.html").is_file()]
    if missing:
        print(f"no PDF: the built book lacks {', '.join(missing)} (run make book first)", file=sys.stderr)
        return 1
    started = time.monotonic()
    parts: list[tuple[str, bytes]] = []
    cheatsheet: bytes | None = None
    with sync_playwright() as playwright:
        browser = browser_setup.launch(playwright, executable)
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
        contents = [heading for heading, _ in parts]
        page.emulate_media(media="print")
        page.set_content(title_page_html(title, author, edition, contents), wait_until="load")
        page.evaluate("() => document.fonts.ready.then(() => true)")
        cover = page.pdf(format=PAPER, margin=MARGIN, print_background=True)
        context.close()
        browser.close()
    target = book / FOLDER
    target.mkdir(parents=True, exist_ok=True)
    whole = target / book_pdf_name(version)
    count = merge(
        [("", cover), *parts],
        metadata(title, author, version, date, f"The whole book, {edition}"),
        whole,
    )
    links = {"book": (whole, count)}
    print(f"{whole.relative_to(ROOT).as_posix()}: {count} pages, {downloads_size(whole.stat().st_size)}")
    if cheatsheet is not None:
        sheet = target / cheatsheet_pdf_name(version)
        sheet_pages = merge(
            [("", cheatsheet)],
            metadata(f"Cheat sheet · {title}", author, version, date, f"The cheat sheet, {edition}"),
            sheet,
        )
        links["cheatsheet"] = (sheet, sheet_pages)
        print(f"{sheet.relative_to(ROOT).as_posix()}: {sheet_pages} page(s)")
    for page_path in put_links(book, links, edition):
        print(f"  linked from {page_path.relative_to(book).as_posix()}")
    print(f"printed {len(names)} pages in {time.monotonic() - started:.0f} s")
    return 0


def zip_book(book: Path) -> Path:
    """The built book as one folder, ``ndcg-course-book-<version>/``, zipped beside it."""
    version = downloads.version(ROOT)
    base = zip_name(version).removesuffix(".zip")
    entries = [
        (f"{base}/{path.relative_to(book).as_posix()}", path)
        for path in book.rglob("*")
        if path.is_file() and not path.name.endswith(".partial")
    ]
    target = downloads.write_zip(book.parent / zip_name(version), entries)
    for old in book.parent.glob(zip_name("*")):
        if old != target:
            old.unlink()
    print(f"{target.relative_to(ROOT).as_posix()}: the built book, for a USB stick (unzip, open index.html)")
    return target


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("pdf", "zip"))
    parser.add_argument(
        "--optional", action="store_true", help="without a browser, say so and succeed (make book)"
    )
    parser.add_argument("--book", type=Path, default=BOOK, help="the built book (default: _build/html)")
    args = parser.parse_args(argv)
    book = args.book.resolve()
    if not (book / "index.html").is_file():
        print(f"no built book at {book}: run make book first", file=sys.stderr)
        return 1
    if args.command == "pdf":
        return print_pdfs(book, args.optional)
    zip_book(book)
    return 0


if __name__ == "__main__":
    sys.exit(main())
