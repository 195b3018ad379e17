"""Each edition hands out its own language's files: a Chinese page links the Chinese notebook, PDF
and Anki deck where its English twin links the English one (``ndcg_book.notebooks.ChineseTwinDownloads``
for the notebooks, ``ndcg_book.downloads`` for the deck, ``ndcg_book/pdf/print_book.py`` for the PDFs).

Two parts: a small Sphinx project built here, in Chinese and in English, with a notebook that has
its Chinese twin and one that has none; then the built book (``_build/html`` and
``_build/html/zh``, after ``make book``): every download link of every Chinese page, against the
same link of its English twin.

The links compared are those to a notebook, a PDF or an Anki deck. The course zip and the ``ndcg``
wheel are the same in both editions (the course holds both languages' notebooks), the solutions zip
too (the solutions have no Chinese version), and the Chinese edition adds the Chinese participant
pack; the page-source notebook of the download menu (``_sources/``) is the English text the page
is translated from, not a ``_downloads/`` link.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from sphinx.errors import ExtensionError

from ndcg_book.notebooks import chinese_twin
from ndcg_book.search import _HAN
from tests.book import small_sphinx
from tests.book.helpers import ROOT, toc_files
from tools import chromium as browser_setup

HAN = re.compile(f"[{_HAN}]")
BOOK = browser_setup.book_html()
ZH = BOOK / "zh"
BUILT = pytest.mark.skipif(
    not (ZH / "index.html").is_file(), reason=f"no Chinese edition at {ZH}: run `make book` first"
)
#: The downloads that exist in each language: a notebook, a printed PDF, an Anki deck.
PER_LANGUAGE = (".ipynb", ".pdf", ".apkg")


class DownloadLinks(HTMLParser):
    """The ``href`` of every link of a page to a file the book carries (``_downloads/``), in order."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        href = dict(attrs).get("href") or ""
        if tag == "a" and "_downloads/" in href and not urlsplit(href).scheme:
            self.hrefs.append(href)


def download_files(page: Path) -> list[Path]:
    """The files a built page's download links point at, in the page's order."""
    parser = DownloadLinks()
    parser.feed(page.read_text(encoding="utf-8"))
    return [(page.parent / unquote(urlsplit(href).path)).resolve() for href in parser.hrefs]


def markdown_text(notebook: Path) -> str:
    """The text of a notebook's Markdown cells."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


def edition_problems(english: Path, chinese: Path, book: Path = BOOK) -> list[str]:
    """What is wrong with the downloads of the Chinese page ``chinese``, its English twin ``english``
    (of the built ``book``): each English notebook, PDF or deck must have, at the same place on the
    Chinese page, a Chinese file of its own that exists (a notebook: Markdown in Chinese; a PDF or
    deck: its ``-zh-`` name)."""
    book = book.resolve()
    ours, theirs = (
        [path for path in download_files(page) if path.suffix in PER_LANGUAGE] for page in (english, chinese)
    )
    if len(ours) != len(theirs):
        return [f"{len(ours)} notebooks, PDFs and decks linked in English, {len(theirs)} in Chinese"]
    found = []
    for en, zh in zip(ours, theirs, strict=True):
        where = f"{en.name} -> {zh.relative_to(book).as_posix()}"
        if not zh.is_file():
            found.append(f"{where}: no such file")
        elif not zh.is_relative_to(book / "zh" / "_downloads"):
            found.append(f"{where}: not among the Chinese edition's downloads")
        elif en.suffix == ".ipynb" and not HAN.search(markdown_text(zh)):
            found.append(f"{where}: an English notebook (no Chinese in its Markdown cells)")
        elif en.suffix == ".ipynb" and zh.read_bytes() == en.read_bytes():
            found.append(f"{where}: the English notebook's bytes")
        elif en.suffix != ".ipynb" and "-zh-" not in zh.name:
            found.append(f"{where}: not the Chinese edition's file (no -zh- in its name)")
    return found


@BUILT
@pytest.mark.parametrize("page", toc_files())
def test_a_chinese_page_links_the_chinese_notebook_pdf_and_deck_where_its_english_twin_links_the_english(
    page,
):
    english, chinese = BOOK / f"{page}.html", ZH / f"{page}.html"
    assert english.is_file() and chinese.is_file(), page
    assert edition_problems(english, chinese) == []


@BUILT
def test_every_chapter_links_a_chinese_exercise_and_play_notebook_in_the_chinese_edition():
    """The check above sees a chapter's notebooks (it is not vacuous): each chapter page links two,
    saved under the English notebooks' names."""
    chapters = sorted(path.stem for path in (ROOT / "chapters").glob("[0-9][0-9]_*.md"))
    assert chapters
    for chapter in chapters:
        notebooks = [
            path for path in download_files(ZH / "chapters" / f"{chapter}.html") if path.suffix == ".ipynb"
        ]
        # (the in-page practice links the exercise notebook again, from each exercise done in code)
        assert sorted({path.name for path in notebooks}) == [f"{chapter}-play.ipynb", f"{chapter}.ipynb"]
        for path in notebooks:
            twin = ROOT / chinese_twin(f"exercises/{'play/' if 'play' in path.name else ''}{chapter}.ipynb")
            assert path.read_bytes() == twin.read_bytes(), path


def test_the_check_sees_an_english_notebook_on_a_chinese_page(tmp_path):
    """A Chinese page whose link gives the English notebook (what every chapter did) is reported."""
    book, zh = tmp_path, tmp_path / "zh"
    for folder in (book, zh):
        (folder / "_downloads" / "a1").mkdir(parents=True)
        (folder / "_downloads" / "a1" / "01_cg.ipynb").write_text(notebook("# Exercises"), encoding="utf-8")
        (folder / "chapters").mkdir()
        (folder / "chapters" / "01_cg.html").write_text(
            '<a class="reference download internal" href="../_downloads/a1/01_cg.ipynb">n</a>',
            encoding="utf-8",
        )
    pages = (book / "chapters" / "01_cg.html", zh / "chapters" / "01_cg.html")
    assert edition_problems(*pages, book=book) == [
        "01_cg.ipynb -> zh/_downloads/a1/01_cg.ipynb: an English notebook (no Chinese in its Markdown cells)"
    ]
    (zh / "_downloads" / "a1" / "01_cg.ipynb").write_text(notebook("# 练习"), encoding="utf-8")
    assert edition_problems(*pages, book=book) == []


# -- the transform, on a small Sphinx project ------------------------------------------------------

PAGE = """\
Practise
========

:download:`exercises/01_cg.ipynb <exercises/01_cg.ipynb>` and
:download:`play/01_cg.ipynb <exercises/play/01_cg.ipynb>`.
"""


def notebook(text: str) -> str:
    return json.dumps({"cells": [{"cell_type": "markdown", "metadata": {}, "source": [text]}]})


def small_book(folder: Path, language: str, twins: bool = True) -> Path:
    """A one-page project that links an exercise and a play notebook; with ``twins``, both have
    their Chinese twins in ``exercises/zh/``."""
    src = folder / "src"
    files = {"exercises/01_cg.ipynb": "# Exercises", "exercises/play/01_cg.ipynb": "# Play"}
    if twins:
        files |= {"exercises/zh/01_cg.ipynb": "# 练习", "exercises/zh/play/01_cg.ipynb": "# 玩一玩"}
    for name, text in files.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(notebook(text), encoding="utf-8")
    (src / "index.rst").write_text(PAGE, encoding="utf-8")
    (src / "conf.py").write_text(
        f'language = "{language}"\nexclude_patterns = ["_build"]\nhtml_theme = "basic"\n'
        + small_sphinx.parts_setup("notebooks"),
        encoding="utf-8",
    )
    return src


def built_downloads(html: Path) -> dict[str, str]:
    """The notebooks the built page links, by the name they are saved as: their Markdown."""
    return {path.name: markdown_text(path) for path in download_files(html / "index.html")}


def test_the_chinese_edition_links_the_chinese_twins_under_the_english_names(tmp_path):
    html, warnings = small_sphinx.build(small_book(tmp_path, "zh_CN"), tmp_path / "zh")
    assert warnings == ""
    assert built_downloads(html) == {"01_cg.ipynb": "# 练习", "01_cg-play.ipynb": "# 玩一玩"}


def test_the_english_edition_links_the_english_notebooks(tmp_path):
    html, warnings = small_sphinx.build(small_book(tmp_path, "en"), tmp_path / "en")
    assert warnings == ""
    assert built_downloads(html) == {"01_cg.ipynb": "# Exercises", "01_cg-play.ipynb": "# Play"}


def test_a_notebook_without_its_chinese_twin_stops_the_chinese_edition(tmp_path):
    with pytest.raises(
        ExtensionError, match=r"exercises/01_cg\.ipynb, which has no Chinese twin exercises/zh/01_cg\.ipynb"
    ):
        small_sphinx.build(small_book(tmp_path, "zh_CN", twins=False), tmp_path / "zh")
