"""Code on paper, in the PDFs ``make book`` prints (both editions): every line of code is printed
whole (a line too long for its box wraps, it is not cut at the box's edge), and no code frame (nor
any tinted box: a quotation's) is left empty at a page's foot with its code on the next page, or at
a page's head with its code on the page before.

The tests read the printed PDFs (``_build/html/_downloads/``, ``_build/html/zh/_downloads/``) with
Debian's ``poppler-utils`` and pypdf; they print nothing themselves.

A cut line: Chromium drops the glyphs a code box's edge hides, so a cut line is printed short. Every
line of every code block of the built pages (``<pre>``) whose start is printed must be printed
whole: its characters, without white space, in a row in the PDF's text (a wrapped line's pieces
join up; the arrow that marks a continuation is drawn, not written).

An empty frame: the PDF's filled shapes (its pages' content streams, :func:`filled_boxes`) with
the words ``pdftotext -bbox`` finds on each page: a tinted box cut by the foot or the head of the
page's text area with no word in it is a frame whose code went to the other page.
"""

from __future__ import annotations

import functools
import html
import re
import shutil
import subprocess

import pytest

from ndcg_book.pdf import print_book
from tests.book.printed import EDITIONS, pdf_of
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
ROOT = browser_setup.ROOT

#: The printed page's margins in PDF points (ndcg_book/pdf/print_book.py's MARGIN: 14 mm top, 16 mm bottom).
TOP_PT = 14 / 25.4 * 72
BOTTOM_PT = 16 / 25.4 * 72
#: A code line shorter than this (without white space) fits any box of the printed page.
SHORTEST = 20
#: How much of a line's start, without white space, must be found to count it as printed.
START = 16

PRE = re.compile(r"<pre\b[^>]*>(.*?)</pre>", re.DOTALL)
#: A folded part of a page (a hidden cell's input, a closed dropdown): it prints folded.
FOLDED = re.compile(r"<details(?![^>]*\bopen\b)[^>]*>.*?</details>", re.DOTALL)


def poppler(tool: str) -> str:
    path = shutil.which(tool)
    if path is None:
        pytest.skip(f"{tool} is missing: install Debian's poppler-utils")
    return path


def squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def code_lines(book, pages: list[str]) -> list[tuple[str, str]]:
    """Every line of every code block (``<pre>``) of the built ``pages`` that is not folded away
    (:data:`FOLDED`): (page, line)."""
    lines = []
    for name in pages:
        page = FOLDED.sub("", (book / f"{name}.html").read_text(encoding="utf-8"))
        for block in PRE.findall(page):
            text = html.unescape(re.sub(r"<[^>]+>", "", block))
            lines += [(name, line) for line in text.split("\n") if len(squash(line)) >= SHORTEST]
    return lines


@functools.cache
def printed_text(pdf: str) -> str:
    """The PDF's text without its footers (cropped off) and without white space."""
    crop = ["-x", "0", "-y", "0", "-W", "1000", "-H", str(int(842 - BOTTOM_PT))]  # A4: 842 pt high
    out = subprocess.run(
        [poppler("pdftotext"), "-raw", "-enc", "UTF-8", *crop, pdf, "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return squash(out)


def cut_lines(pdf: str, book, pages: list[str]) -> tuple[list[str], int]:
    """The code lines of ``pages`` whose start is in the PDF but not the whole line, and how
    many lines were found printed."""
    text = printed_text(pdf)
    cut, printed = [], 0
    for name, line in code_lines(book, pages):
        whole = squash(line)
        if whole[:START] not in text:
            continue  # not printed (a folded cell, a hidden element) or printed elsewhere
        printed += 1
        if whole not in text:
            cut.append(f"{name}: {line.strip()[:100]}")
    return cut, printed


@pytest.mark.book
@pytest.mark.parametrize("language", sorted(EDITIONS))
@pytest.mark.parametrize("which", ["book", "participant"])
def test_every_printed_code_line_is_whole(language, which):
    name = print_book.book_pdf_name if which == "book" else print_book.participant_pdf_name
    pdf = pdf_of(language, name)
    pages = print_book.toc_pages(ROOT) if which == "book" else print_book.participant_pages(ROOT)
    cut, printed = cut_lines(pdf, EDITIONS[language], pages)
    assert printed >= 100, f"only {printed} code lines found in {pdf}: is the code printed?"
    assert not cut, f"{len(cut)} of {printed} printed code lines are cut at their box's edge:\n" + "\n".join(
        cut
    )


# -- code frames at a page's edge ---------------------------------------------------------------

TOKEN = re.compile(
    rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>|/[^\s/\[\]()<>{}%]*|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'\"*]+|[\[\]]"
)
TEXT_OBJECT = re.compile(rb"\bBT\b.*?\bET\b", re.DOTALL)
NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)")
FILL = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}


def _times(a, b):
    return (
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    )


def filled_boxes(content: bytes, height: float) -> list[tuple[float, float, float, float, tuple]]:
    """The filled shapes of a page's content stream: each one's box (left, top, right, bottom, in
    points from the page's top left) and its fill colour (RGB). Text objects are skipped; the
    transformation matrix (``cm``, ``q``/``Q``) is followed; a curve's box counts its control
    points (a rounded corner's box is its frame's)."""
    content = TEXT_OBJECT.sub(b" ", content)
    ctm, colour = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (0.0, 0.0, 0.0)
    saved, path, operands, boxes = [], [], [], []

    def point(x, y):
        path.append((ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]))

    for match in TOKEN.finditer(content):
        token = match.group(0)
        if NUMBER.fullmatch(token):
            operands.append(float(token))
            continue
        if token[:1] in b"(</[]":
            operands.append(token)
            continue
        numbers = [value for value in operands if isinstance(value, float)]
        if token == b"q":
            saved.append((ctm, colour))
        elif token == b"Q" and saved:
            ctm, colour = saved.pop()
        elif token == b"cm" and len(numbers) >= 6:
            ctm = _times(tuple(numbers[-6:]), ctm)
        elif token == b"rg" and len(numbers) >= 3:
            colour = tuple(numbers[-3:])
        elif token == b"g" and numbers:
            colour = (numbers[-1],) * 3
        elif token == b"re" and len(numbers) >= 4:
            x, y, w, h = numbers[-4:]
            point(x, y)
            point(x + w, y + h)
        elif token in (b"m", b"l") and len(numbers) >= 2:
            point(*numbers[-2:])
        elif token == b"c" and len(numbers) >= 6:
            for at in (-6, -4, -2):
                point(numbers[at], numbers[at + 1])
        elif token in (b"v", b"y") and len(numbers) >= 4:
            point(*numbers[-4:-2])
            point(*numbers[-2:])
        elif token in FILL:
            if path:
                xs, ys = [p[0] for p in path], [p[1] for p in path]
                boxes.append((min(xs), height - max(ys), max(xs), height - min(ys), colour))
            path = []
        elif token in (b"n", b"S", b"s"):
            path = []
        operands = []
    return boxes


@functools.cache
def page_words(pdf: str) -> list[list[tuple[float, float]]]:
    """Every page's words as their centres (x, y from the page's top), ``pdftotext -bbox``."""
    out = subprocess.run(
        [poppler("pdftotext"), "-bbox", "-enc", "UTF-8", pdf, "-"], capture_output=True, text=True, check=True
    ).stdout
    return [
        [
            ((float(x0) + float(x1)) / 2, (float(y0) + float(y1)) / 2)
            for x0, y0, x1, y1 in re.findall(
                r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">', page
            )
        ]
        for page in re.findall(r"<page [^>]*>(.*?)</page>", out, re.DOTALL)
    ]


def empty_frames(pdf: str) -> list[str]:
    """The tinted boxes, as wide as a quarter of the page or more, that a page's text area cuts at
    its foot or its head and that hold no word: one line per page and edge."""
    from pypdf import PdfReader

    reader = PdfReader(pdf)
    words = page_words(pdf)
    assert len(words) == len(reader.pages)
    found = []
    for number, (page, centres) in enumerate(zip(reader.pages, words), start=1):
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        foot, head = height - BOTTOM_PT, TOP_PT
        seen = set()
        for left, top, right, bottom, colour in filled_boxes(page.get_contents().get_data(), height):
            if min(colour) > 0.99 or right - left < width / 4 or bottom - top < 2:
                continue  # white (the page), or a rule, a bar of a chart
            if top < head - 1 or bottom > foot + 1:
                continue  # in a margin: the footer's band
            if not (bottom >= foot - 1 or top <= head + 1):
                continue  # not cut by the page's edge
            if any(left <= x <= right and top <= y <= bottom for x, y in centres):
                continue
            edge = "foot" if bottom >= foot - 1 else "head"
            if edge not in seen:  # one frame's layers (its tint, its border) count once
                seen.add(edge)
                found.append(
                    f"page {number}, at its {edge}: an empty box {top:.0f}-{bottom:.0f} pt from the top"
                )
    return found


@pytest.mark.book
@pytest.mark.parametrize("language", sorted(EDITIONS))
def test_no_frame_is_left_empty_at_a_page_edge(language):
    pdf = pdf_of(language, print_book.book_pdf_name)
    frames = empty_frames(pdf)
    assert not frames, (
        f"{len(frames)} empty frames at a page's foot or head (their code on the next page):\n"
        + ("\n".join(frames))
    )


def test_filled_boxes_follow_the_transformation_matrix():
    # Chromium's way: the page flipped and scaled, then a rectangle and a rounded corner filled
    content = b"1 0 0 -1 0 842 cm q .32 0 0 .32 0 0 cm .5 .5 .5 rg 100 200 300 50 re f Q " + (
        b"BT /F1 10 Tf (x) Tj ET 0 g 10 10 m 20 10 l 20 20 10 20 30 30 c h f 1 1 1 rg 0 0 5 5 re n"
    )
    boxes = [(*(round(v, 6) for v in box[:4]), box[4]) for box in filled_boxes(content, 842)]
    assert boxes == [(32.0, 64.0, 128.0, 80.0, (0.5, 0.5, 0.5)), (10.0, 10.0, 30.0, 30.0, (0.0, 0.0, 0.0))]
