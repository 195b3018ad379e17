"""What the tests of the printed book share: each edition's built book and the path of one of its
PDFs (``ndcg_book/pdf/print_book.py`` names them), skipping when the build printed nothing."""

from __future__ import annotations

import pytest

import ndcg
from ndcg_book.pdf import print_book
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
EDITIONS = {"en": BOOK, "zh": BOOK / "zh"}


def pdf_of(language: str, name) -> str:
    """The PDF ``name(version, language)`` of edition ``language``; skips without a build or a PDF."""
    book = EDITIONS[language]
    if not (book / "index.html").is_file():
        pytest.skip(f"no built book at {book}: run `make book` first")
    pdf = book / print_book.FOLDER / name(ndcg.__version__, language)
    if not pdf.is_file():
        pytest.skip(f"no {pdf.name} in the built book: make book prints it when it finds Chromium")
    return str(pdf)
