"""The printed PDFs put together with pypdf: trimmed, counted, merged, numbered and described.

For ``print_book.py``: a printed page's PDF loses a last sheet that holds only its footer
(:func:`without_blank_end`); the parts are merged behind their title page, one bookmark each
(:func:`merge`), the page numbers stamped page for page (:func:`stamp_pages`), and the document
information and language set in the edition's language (:func:`metadata`, :data:`PDF_LANGUAGES`).
"""

from __future__ import annotations

import datetime as dt
import io
import os
from pathlib import Path

from ndcg.course import manifest

from .print_pages import book_words, html_lang

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
        "/Creator": "ndcg_book.pdf (Chromium through Playwright, pages merged with pypdf)",
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
PDF_LANGUAGES = {language.code: html_lang(language.code) for language in manifest.languages()}


def merge(
    parts: list[tuple[str, bytes]],
    info: dict[str, str],
    target: Path,
    numbers: bytes | None = None,
    language: str = "en",
) -> int:
    """Merge printed parts into ``target``, one bookmark per part; the number of pages.

    ``numbers``, a PDF of as many pages or more (:func:`.print_pages.numbers_html`), is stamped
    on the merged pages, page for page: each page's footer then carries its number in the whole PDF
    (one print of the numbers serves the book and the participant's PDF)."""
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
