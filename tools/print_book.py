"""Print the built book to PDF, and zip it for a USB stick.

Run by ``tools/run.py`` with the venv's Python, after ``jupyter-book build``::

    python tools/print_book.py pdf              # make pdf: fails when there is no Chromium
    python tools/print_book.py pdf --optional   # make book: without Chromium, says so and goes on
    python tools/print_book.py zip              # make book: _build/ndcg-course-book-<version>.zip

``pdf`` opens every page of ``_build/html`` in the order of ``_toc.yml`` from ``file://``, in
the Chromium-family browser the browser tests use (found by ``tools/chromium.py``; Playwright
downloads none), waits until the page's fonts (KaTeX's too) and kernel-free views are ready, prints
it in print media on A4 with its title and the edition in the footer, and merges the pages
behind a title page with pypdf (one bookmark per page, the page's heading as the book shows it,
"1. CG ..." for a chapter of a numbered part of ``_toc.yml``) into
``_build/html/_downloads/ndcg-course-<version>.pdf``. The title page lists the contents as the
book's sidebar does, each part's caption then its pages, each with the page of the PDF it
starts on: it is printed after the pages, once their lengths are known (again if its own
length moves them). Last, the page numbers: one more print of as many empty pages as the book
has, each with only its number in its footer, stamped page for page on the merged book, in the
middle of the footer, where the printed pages leave room (:func:`stamp_pages`).
The cheat sheet is also printed alone, ``ndcg-cheatsheet-<version>.pdf``. The participant's PDF,
``ndcg-participant-<version>.pdf``, is a book of its own made of pages already printed: the core
chapters (each with its exercises, its flashcards and its quiz) and the cheat sheet
(:data:`PARTICIPANT`), behind a title page and contents of its own, with the page numbers of the
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

from ndcg_book import downloads  # noqa: E402
from ndcg_book.downloads import PDF_END, PDF_START  # noqa: E402
from ndcg_book.edition import build_date  # noqa: E402  (SOURCE_DATE_EPOCH, read in one place)
from tools import chromium as browser_setup  # noqa: E402
from tools.toc import pages as toc_pages  # noqa: E402
from tools.toc import parts as toc_parts  # noqa: E402

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
    """The table of contents' parts (:func:`tools.toc.parts`) cut down to the participant's pages;
    a part left empty goes."""
    keep = set(participant_pages(root))
    cut = [(caption, [name for name in names if name in keep]) for caption, names in parts]
    return [(caption, names) for caption, names in cut if names]


def _tag(language: str) -> str:
    return "" if language == "en" else f"{language}-"


def book_words(language: str):
    """The build's words (:mod:`ndcg_book.words`) in ``language`` (``en`` or ``zh``)."""
    from ndcg_book.words import words

    return words("zh_CN" if language == "zh" else "en")


def chinese_of(page: str, english: str) -> str:
    """The Chinese of a text of page ``page`` (a part's caption, the title), from its catalogue."""
    from ndcg.course.i18n import read_po

    path = ROOT / "locales" / "zh_CN" / "LC_MESSAGES" / f"{page}.po"
    return read_po(path).get((None, english), english) if path.is_file() else english


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


#: The font of the footers and the title page: sans-serif, and its Chinese in the TrueType CJK font
#: the pages print theirs in (_static/course.css); Chromium's own choice for Chinese in a footer
#: was Noto Sans CJK, written as Type 3, one font per printed page. In single quotes: it goes into
#: a style attribute.
PRINT_FONT = "sans-serif,'Droid Sans Fallback','WenQuanYi Micro Hei','Microsoft YaHei'"
#: The title page's Chinese in the same TrueType font: in a page whose language is Chinese, the
#: generic sans-serif is itself a CJK font (Noto Sans CJK SC, Type 3, even for the Latin letters),
#: so the CJK ranges get a face of their own, as in _static/course.css, and the Latin text DejaVu
#: Sans (the generic sans-serif of an English page here) before the generic.
CJK_FACE = (
    '@font-face{font-family:"ndcg print cjk";src:local("Droid Sans Fallback"),local("DroidSansFallback"),'
    'local("WenQuanYi Micro Hei"),local("Microsoft YaHei");font-weight:100 900;'
    "unicode-range:U+2E80-2FFF,U+3000-303F,U+3400-4DBF,U+4E00-9FFF,U+F900-FAFF,U+FE30-FE4F,U+FF00-FFEF}"
)
#: The footer's layout, the same in the printed pages and in the page numbers stamped on them:
#: the page's title on the left, its number in the middle, the edition on the right.
FOOTER_STYLE = (
    "font-size:7pt;width:100%;box-sizing:border-box;padding:0 14mm;display:grid;"
    f"grid-template-columns:1fr 18mm 1fr;align-items:baseline;gap:4mm;color:#555;font-family:{PRINT_FONT}"
)


def footer(edition: str) -> str:
    """Chromium's footer template of a printed page: its title on the left, the edition on the
    right, and room in the middle for its page number in the merged book (:func:`number_footer`)."""
    return (
        f'<div style="{FOOTER_STYLE}">'
        '<span class="title" style="white-space:nowrap;overflow:hidden;text-overflow:ellipsis"></span>'
        "<span></span>"
        f'<span style="white-space:nowrap;text-align:right">{html.escape(edition)}</span></div>'
    )


def number_footer() -> str:
    """Chromium's footer template of the page numbers: only the number, where :func:`footer`
    leaves room for it."""
    return f'<div style="{FOOTER_STYLE}"><span></span><span class="pageNumber" style="text-align:center"></span><span></span></div>'


def numbers_html(count: int) -> str:
    """A document of ``count`` empty pages; printed with :func:`number_footer`, each page is its
    number alone, stamped on the page of the merged book with the same number."""
    pages = '<div style="height:1px"></div>' + '<div style="height:1px;break-before:page"></div>' * (
        count - 1
    )
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>page numbers</title></head>'
        f'<body style="margin:0">{pages}</body></html>'
    )


def page_starts(counts: list[int], first: int) -> list[int]:
    """The page on which each printed part starts, the first starting on page ``first``.

    >>> page_starts([3, 1, 2], 2)
    [2, 5, 6]
    """
    starts = []
    for count in counts:
        starts.append(first)
        first += count
    return starts


def title_page_html(
    title: str,
    author: str,
    edition: str,
    contents: list[tuple[str, list[tuple[str, int]]]],
    language: str = "en",
) -> str:
    """The first page(s) of the book's PDF: its title, its edition and its contents: each part's
    caption (``_toc.yml``), then each page's heading as the book shows it (a numbered chapter with
    its number, "1. ...") and the page of the PDF it starts on."""
    items = []
    for caption, entries in contents:
        if caption:
            items.append(
                f'<li style="font-weight:bold;margin-top:2.2mm;break-after:avoid">{html.escape(caption)}</li>'
            )
        for name, start in entries:
            items.append(
                '<li class="toc-entry" style="display:flex;align-items:baseline;gap:2mm;'
                f'padding-left:{4 if caption else 0}mm">'
                f'<span class="toc-name">{html.escape(name)}</span>'
                '<span style="flex:1;border-bottom:1px dotted #888"></span>'
                f'<span class="toc-page">{start}</span></li>'
            )
    text = book_words(language)
    subtitle = (
        "排序评估：从 CG 到 NDCG · 归一化折损累计增益"
        if language == "en"
        else '<span lang="en">Ranking evaluation, from CG to NDCG</span> · NDCG'
    )
    return (
        f'<!DOCTYPE html><html lang="{"zh-CN" if language == "zh" else "en"}"><head><meta charset="utf-8"><title>'
        f"{html.escape(title)}</title><style>{CJK_FACE}</style></head>"
        f"<body style=\"font-family:'ndcg print cjk','DejaVu Sans',{PRINT_FONT};margin:0;padding:12mm 10mm 0\">"
        f'<h1 style="font-size:24pt;margin:0 0 3mm">{html.escape(title)}</h1>'
        f'<p style="font-size:13pt;margin:0 0 5mm">{subtitle}</p>'
        f'<p style="font-size:10.5pt;margin:0">{html.escape(author)}<br>{html.escape(edition)}</p>'
        f'<p style="font-size:8.5pt;color:#444;margin:3mm 0 0">{html.escape(text("pdf-cover-note"))}</p>'
        f'<h2 style="font-size:13pt;margin:7mm 0 1mm">{html.escape(text("pdf-contents"))}</h2>'
        f'<ul style="font-size:10pt;line-height:1.45;list-style:none;margin:0;padding:0">{"".join(items)}</ul>'
        "</body></html>"
    )


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


def link_html(page: Path, book: Path, pdf: Path, pages: int, edition: str, language: str = "en") -> str:
    """The link a page shows in place of "this build has no PDF"."""
    href = os.path.relpath(pdf, page.parent).replace(os.sep, "/")
    size = downloads_size(pdf.stat().st_size)
    key = "pdf-link-one" if pages == 1 else "pdf-link"
    about = book_words(language)(key, pages=pages, size=size, edition=html.escape(edition))
    return f'<a class="reference download" href="{html.escape(href)}"><code>{html.escape(pdf.name)}</code></a>{about}'


def downloads_size(size: int) -> str:
    """A size as the "Get the course" box shows it."""
    from ndcg_book.downloads import size_text

    return size_text(size)


def put_links(
    book: Path, links: dict[str, tuple[Path, int]], edition: str, language: str = "en"
) -> list[Path]:
    """Replace the "no PDF" text of every page of this edition that has a ``book-pdf`` mark with the
    link (the English edition's pages: not those of ``zh/``, the Chinese edition's)."""
    mark = re.compile(
        r'(data-ndcg-pdf="(?P<kind>[a-z]+)">)' + re.escape(PDF_START) + r".*?" + re.escape(PDF_END),
        re.DOTALL,
    )
    changed = []
    for page in sorted(book.rglob("*.html")):
        if language == "en" and page.relative_to(book).parts[0] == "zh":
            continue
        text = page.read_text(encoding="utf-8")
        if PDF_START not in text:
            continue

        def link(match, page=page):
            kind = match.group("kind")
            if kind not in links:
                return match.group(0)
            pdf, count = links[kind]
            return (
                f"{match.group(1)}{PDF_START}{link_html(page, book, pdf, count, edition, language)}{PDF_END}"
            )

        new = mark.sub(link, text)
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed.append(page)
    return changed


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


#: The footer's band at the foot of a printed page, in points (the bottom margin).
FOOTER_PT = 16 / 25.4 * 72


def without_blank_end(data: bytes) -> bytes:
    """A printed page's PDF without a last page that holds only its footer.

    Chromium starts a new sheet when the page's last line ends in the bottom margin's reach (the
    bottom padding of the theme's containers spills over): a sheet with no text but the footer,
    which the merged book would carry as a blank page. A word's height above the foot of the sheet
    is ``cm[5] + cm[3] * tm[5]`` (Chromium draws text with a flipped matrix); the footer's words
    lie within :data:`FOOTER_PT` of the foot.
    """
    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(io.BytesIO(data))
    if len(reader.pages) < 2:
        return data
    heights = []
    reader.pages[-1].extract_text(
        visitor_text=lambda text, cm, tm, font, size: (
            heights.append(cm[5] + cm[3] * tm[5]) if text.strip() else None
        )
    )
    if any(height > FOOTER_PT for height in heights):
        return data
    writer = PdfWriter()
    for sheet in reader.pages[:-1]:
        writer.add_page(sheet)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def print_page(page, url: str, edition: str) -> tuple[str, bytes]:
    """Open one page of the book and print it: print media, A4, the edition in the footer (a last
    sheet with nothing but the footer dropped, :func:`without_blank_end`). Returns the page's title
    and the PDF."""
    page.goto(url, wait_until="load")
    page.emulate_media(media="print")
    page.evaluate(READY)
    return page_title(page), without_blank_end(page_pdf(page, edition))


def metadata(
    title: str, author: str, version: str, date: dt.date, subject: str, language: str = "en"
) -> dict[str, str]:
    """The PDF's document information, in the edition's language: title, author, subject,
    keywords (the edition and its date)."""
    stamp = date.strftime("D:%Y%m%d000000Z")
    return {
        "/Title": title,
        "/Author": author,
        "/Subject": subject,
        "/Keywords": book_words(language)("pdf-keywords", version=version, date=date.isoformat()),
        "/Creator": "tools/print_book.py (Chromium through Playwright, pages merged with pypdf)",
        "/CreationDate": stamp,
        "/ModDate": stamp,
    }


def page_count(data: bytes) -> int:
    """The number of pages of a printed PDF."""
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(data)).pages)


def stamp_pages(writer, stamps) -> None:
    """Draw each page of ``stamps`` over the page of ``writer`` with the same index.

    A stamp becomes a form XObject, drawn by a small content stream added after the page's
    own, which is wrapped in ``q``/``Q`` (so its graphics state does not move the stamp) and
    left as it is: pypdf's ``merge_page`` would rewrite every page's content uncompressed,
    nearly doubling the book's size."""
    from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, NameObject

    if len(stamps) != len(writer.pages):
        raise RuntimeError(f"{len(stamps)} stamps for {len(writer.pages)} pages")

    def stream(data: bytes):
        content = DecodedStreamObject()
        content.set_data(data)
        return writer._add_object(content)

    name = NameObject("/NdcgStamp")
    save = stream(b"q\n")
    for page, stamp in zip(writer.pages, stamps):
        form = DecodedStreamObject()
        form.set_data(stamp.get_contents().get_data())
        form[NameObject("/Type")] = NameObject("/XObject")
        form[NameObject("/Subtype")] = NameObject("/Form")
        form[NameObject("/BBox")] = ArrayObject(stamp.mediabox)
        form[NameObject("/Resources")] = stamp["/Resources"].clone(writer)
        form_ref = writer._add_object(form.flate_encode())
        resources = DictionaryObject(page.get("/Resources", DictionaryObject()).get_object())
        xobjects = DictionaryObject(resources.get("/XObject", DictionaryObject()).get_object())
        xobjects[name] = form_ref
        resources[NameObject("/XObject")] = xobjects
        page[NameObject("/Resources")] = resources
        contents = page.get("/Contents")
        own = list(contents.get_object()) if isinstance(contents.get_object(), ArrayObject) else [contents]
        page[NameObject("/Contents")] = ArrayObject(
            [save, *own, stream(b"Q\nq " + name.encode() + b" Do Q\n")]
        )


#: The PDF catalogue's ``/Lang`` of each edition (a screen reader's, a search engine's language).
PDF_LANGUAGES = {"en": "en", "zh": "zh-CN"}


def merge(
    parts: list[tuple[str, bytes]],
    info: dict[str, str],
    target: Path,
    numbers: bytes | None = None,
    language: str = "en",
) -> int:
    """Merge printed parts into ``target``, one bookmark per part; the number of pages.

    ``numbers``, a PDF of as many pages or more (:func:`numbers_html`), is stamped on the merged
    pages, page for page: each page's footer then carries its number in the whole PDF (one print
    of the numbers serves the book and the participant's PDF)."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for name, data in parts:
        start = len(writer.pages)
        writer.append(PdfReader(io.BytesIO(data)))
        if name:
            writer.add_outline_item(name, start)
    if numbers is not None:
        stamp_pages(writer, PdfReader(io.BytesIO(numbers)).pages[: len(writer.pages)])
    writer.add_metadata(info)
    from pypdf.generic import NameObject, TextStringObject

    writer._root_object[NameObject("/Lang")] = TextStringObject(PDF_LANGUAGES[language])
    partial = target.with_name(target.name + ".partial")
    with open(partial, "wb") as handle:
        writer.write(handle)
    os.replace(partial, target)
    return len(writer.pages)


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


def print_pdfs(book: Path, optional: bool, language: str = "en") -> int:
    """Print the book and the cheat sheet into ``book/_downloads/`` and link them (``language``:
    the edition, ``en`` or ``zh``; ``book`` is that edition's folder)."""
    import yaml

    removed = remove_pdfs(book, language)
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
    text = book_words(language)
    if language == "zh":
        title = chinese_of("index", title)
        author = text("pdf-author")
    version = downloads.version(ROOT)
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
        pages_done = time.monotonic()
        counts = [page_count(data) for _, data in parts]
        contents_parts = toc_parts(ROOT)
        if language == "zh":
            contents_parts = [
                (chinese_of("index", caption) if caption else caption, names_)
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
    parser.add_argument("--book", type=Path, default=None, help="the built book (default: _build/html)")
    parser.add_argument(
        "--language",
        choices=("en", "zh"),
        default="en",
        help="pdf: the edition to print (zh: _build/html/zh)",
    )
    args = parser.parse_args(argv)
    book = (args.book or (BOOK / "zh" if args.language == "zh" else BOOK)).resolve()
    if not (book / "index.html").is_file():
        print(f"no built book at {book}: run make book first", file=sys.stderr)
        return 1
    if args.command == "pdf":
        return print_pdfs(book, args.optional, args.language)
    zip_book(book)
    return 0


if __name__ == "__main__":
    sys.exit(main())
