"""The pages the book's print makes, and the links it writes into the built book's pages.

For ``print_book.py``: the footer of every printed page (the page's title, the room for its
number, the edition) and the page numbers' own footer, the document of empty pages they are printed
on, the title page with the contents and the page each part starts on, in the edition's language;
and, once the PDFs are printed, the link that replaces the words "this build has no PDF" on every
page with a ``book-pdf`` mark (:func:`put_links`).
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

from ndcg.course import manifest
from ndcg_book.downloads import PDF_END, PDF_START
from ndcg_book.folders import ROOT


def book_words(language: str):
    """The build's words (:mod:`ndcg_book.words`) in ``language`` (a code of the manifest)."""
    from ndcg_book.words import words

    return words(manifest.language(language).locale)


def page_text(page: str, english: str, language: str) -> str:
    """A text of page ``page`` (a part's caption, the title) in ``language``, from its catalogue."""
    from ndcg_book.words import page_words

    return page_words(ROOT, page, language)(english)


def _other_editions(language: str) -> set[str]:
    """The folders of the other editions inside edition ``language``'s folder: the translations'
    inside the source edition's, which is the root; none inside a translation's."""
    if manifest.language(language).folder:
        return set()
    return {other.folder for other in manifest.languages() if other.folder}


def html_lang(language: str) -> str:
    """A printed page's ``<html lang>``: the language's locale as BCP 47 writes it (``zh-CN``)."""
    return manifest.language(language).locale.replace("_", "-")


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
        f'<!DOCTYPE html><html lang="{html_lang(language)}"><head><meta charset="utf-8"><title>'
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
        if page.relative_to(book).parts[0] in _other_editions(language):
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
