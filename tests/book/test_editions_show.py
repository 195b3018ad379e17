"""What the two built editions *show*, page against page: the same formulas (each one there, none
empty, the same TeX but for the words of a ``\\text{}``), the same tables, figures, views, links
and emphasis. A reader of the Chinese edition must meet every formula and every table the English
reader meets; a translation that drops one, or a build that loses it (Sphinx once rendered every
translated display formula as ``::``), fails here.

The checks read the built pages (``_build/html`` and ``_build/html/zh``), not the catalogues: what
a catalogue holds and what a page shows can differ, and the page is what the reader gets. They skip
until ``make book``; ``ndcg_book/editions.py`` (``TranslatedBlocksAsWritten``) and
``ndcg_book/catalogues/i18n_checks.py`` (``emphasis``) hold what they test. The browser side (every formula typeset by
KaTeX without an error) rides on the axe audit's visits: ``tests/browser/test_a11y.py``. KaTeX
typesets every formula when the book is built: a formula's TeX is read from its MathML's
annotation, between ``\\( \\)`` (inline) or ``\\[ \\]`` (display) as the page's source had it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath

import pytest

from ndcg_book.catalogues.i18n_checks import maths_symbols
from tests.book.helpers import toc_files
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
ZH = BOOK / "zh"
PAGES = toc_files()
BUILT = pytest.mark.skipif(
    not (ZH / "index.html").is_file(), reason=f"no Chinese edition at {ZH}: run `make book` first"
)
#: What a page shows of its own edition only: a view (its texts in both languages, for the script
#: to pick; tests/browser/test_views*.py) and the offer of the edition's participant pack.
OWN_EDITION = ("data-ndcg-view", "ndcg-get-pack")
_VOID = {"br", "img", "input", "meta", "link", "hr", "col", "source", "wbr", "area", "base", "param"}


@dataclass
class Shown:
    """What one built page shows in its ``<article>``: formulas, tables (rows × columns), images,
    views, links, bold and italic spans, and the Markdown markers left in its text."""

    maths: list[str] = field(default_factory=list)
    tables: list[tuple[int, int]] = field(default_factory=list)
    images: int = 0
    views: list[str] = field(default_factory=list)
    links: Counter = field(default_factory=Counter)
    strong: int = 0
    em: int = 0
    markers: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self, page: str):
        super().__init__(convert_charrefs=True)
        self.page = page
        self.shown = Shown()
        self.stack: list[tuple[str, dict]] = []
        self._maths: list[str] | None = None
        self._maths_depth = 0
        self._maths_tag = ""
        self._tex: list[str] | None = None  # the formula's TeX annotation (KaTeX's MathML), when it has one
        self._tables: list[list[int]] = []  # the cells of each row of each table being read
        self._own = 0  # the depth of the element of this edition only that we are in (0: none)

    def _inside(self, *tags: str) -> bool:
        return any(tag in tags for tag, _ in self.stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        shown = self.shown
        if tag == "img" and not self._inside("script", "template", "noscript"):
            shown.images += 1
        if tag in _VOID:
            return
        self.stack.append((tag, attrs))
        if not self._own and (OWN_EDITION[0] in attrs or OWN_EDITION[1] in classes):
            self._own = len(self.stack)
        if "math" in classes and tag in ("div", "span") and self._maths is None:
            self._maths, self._maths_depth, self._maths_tag, self._tex = [], len(self.stack), tag, None
        if self._maths is not None and tag == "annotation" and attrs.get("encoding") == "application/x-tex":
            self._tex = self._tex or []
        if "data-ndcg-view" in attrs:
            shown.views.append(attrs["data-ndcg-view"])
        if tag == "table":
            self._tables.append([])
        elif tag == "tr" and self._tables:
            self._tables[-1].append(0)
        elif tag in ("td", "th") and self._tables and self._tables[-1]:
            self._tables[-1][-1] += int(attrs.get("colspan") or 1)
        elif self._own or self._inside("pre", "code", "script"):
            return
        elif tag == "strong":
            shown.strong += 1
        elif tag == "em":
            shown.em += 1
        elif (
            tag == "a"
            and attrs.get("href")
            and not {"headerlink", "edition-switch-link", "download", "sources-link"} & set(classes)
        ):
            # (a download: each edition links its own file, tests/book/test_edition_downloads.py; a
            # citation or a back-reference of the bibliography, #id43, is numbered by each
            # edition's build (and the Chinese time box cites its reading rate); a
            # "source 00X" is linked wherever the words name it, ndcg_book/sources.py)
            target = link_target(self.page, attrs["href"])
            if not re.search(r"#id\d+$", target):
                shown.links[target] += 1

    def handle_endtag(self, tag):
        while self.stack:
            open_tag, _ = self.stack.pop()
            if self._own > len(self.stack):
                self._own = 0
            if self._maths is not None and len(self.stack) < self._maths_depth:
                if self._tex is None:  # not typeset at build time: its text, as it is
                    self.shown.maths.append("".join(self._maths).strip())
                else:
                    left, right = ("\\(", "\\)") if self._maths_tag == "span" else ("\\[", "\\]")
                    self.shown.maths.append(f"{left}{''.join(self._tex).strip()}{right}")
                self._maths = None
            if open_tag == "table" and self._tables:
                rows = self._tables.pop()
                self.shown.tables.append((len(rows), max(rows, default=0)))
            if open_tag == tag:
                break

    def handle_data(self, data):
        if self._maths is not None:
            if self._inside("annotation") and self._tex is not None:
                self._tex.append(data)
            elif not self._inside("annotation", "math"):
                self._maths.append(data)
            return
        if self._inside("script", "style", "pre", "code", "textarea", "template"):
            return
        # (``2**grade``, Python's power between two words, is no marker)
        markers = r"(?<![A-Za-z0-9])\*\*|\*\*(?![A-Za-z0-9])|(?<![\w*])\*(?=[^\s*])|(?<=[^\s*])\*(?![\w*])"
        for marker in re.findall(markers, data):
            self.shown.markers.append(f"{marker} in {data.strip()[:60]!r}")


def link_target(page: str, href: str) -> str:
    """Where a link leads, the same for both editions: an outside URL as it is, a page of the book
    as its path from the edition's root (``chapters/02_dcg.html#the-formula``), a place on the page
    itself as ``#id``; a download as the English edition's file (each edition offers its own)."""
    if re.match(r"^[a-z][a-z0-9+.-]*:", href) or href.startswith("#"):
        return href
    if "_downloads/" in href:  # each edition's own copy of a file: ndcg-course-zh-0.1.0.apkg
        href = re.sub(r"-zh(?=[-.])", "", href)
    folder = PurePosixPath(page).parent
    parts: list[str] = []
    for part in (folder / href).parts:
        if part == "..":
            if parts:
                parts.pop()
        elif part != ".":
            parts.append(part)
    return "/".join(parts)


def shown(edition: Path, page: str) -> Shown:
    text = (edition / f"{page}.html").read_text(encoding="utf-8")
    start, end = text.find("<article"), text.rfind("</article>")
    reader = _Reader(page)
    reader.feed(text[start:end] if start >= 0 else text)
    return reader.shown


def displayed(maths: list[str]) -> list[str]:
    """The display formulas (``\\[ \\]``) of a page's formulas, in order."""
    return [tex for tex in maths if not tex.startswith("\\(")]


def typesets(tex: str) -> bool:
    """Whether a formula holds maths that KaTeX typeset: its ``\\( \\)`` or ``\\[ \\]`` around
    something (Sphinx once wrote ``\\[::\\]`` for every translated display formula)."""
    inner = re.sub(r"^\\[(\[]|\\[)\]]$", "", tex.strip())
    return bool(inner.strip()) and inner.strip() != "::" and tex.strip()[:2] in ("\\(", "\\[", "$$")


@pytest.fixture(scope="module")
def editions() -> dict[str, tuple[Shown, Shown]]:
    """Every page of the book: what its English and its Chinese edition show."""
    return {page: (shown(BOOK, page), shown(ZH, page)) for page in PAGES}


# -- without a build: the reader of a page -------------------------------------------------------


def test_the_reader_finds_formulas_tables_views_links_and_emphasis():
    page = (
        '<article><p><strong>A</strong> <em>b</em> <a href="../index.html#x">i</a> '
        '<a class="headerlink" href="#h">#</a> <a href="https://example.org/a">e</a></p>'
        '<div class="math notranslate nohighlight">\\[ \\sum_i \\text{gain of } i \\]</div>'
        '<p><span class="math notranslate nohighlight">\\(k\\)</span> **still** here</p>'
        '<table><tr><th>a</th><th colspan="2">b</th></tr><tr><td>1</td><td>2</td><td>3</td></tr></table>'
        '<div data-ndcg-view="quiz"><script>var a = "**";</script></div><img src="x.png">'
        "<pre>**code**</pre></article>"
    )
    reader = _Reader("chapters/02_dcg")
    reader.feed(page)
    seen = reader.shown
    assert seen.maths == ["\\[ \\sum_i \\text{gain of } i \\]", "\\(k\\)"]
    assert seen.tables == [(2, 3)] and seen.images == 1 and seen.views == ["quiz"]
    assert seen.links == Counter({"index.html#x": 1, "https://example.org/a": 1})
    assert (seen.strong, seen.em) == (1, 1)
    assert [m.split(" in ")[0] for m in seen.markers] == ["**", "**"]


def test_the_reader_takes_a_katex_formula_s_tex_from_its_annotation():
    # KaTeX typesets at build time: its drawing and its MathML's symbols are not the TeX
    page = (
        '<article><div class="math notranslate nohighlight"><span class="eqno">(1)</span>'
        '<span class="katex-display"><span class="katex"><span class="katex-mathml"><math><semantics>'
        '<mrow><mi>k</mi></mrow><annotation encoding="application/x-tex">\\text{第 } k</annotation>'
        '</semantics></math></span><span class="katex-html" aria-hidden="true"><span class="mord">k</span>'
        '</span></span></span></div><p><span class="math"><span class="katex"><span class="katex-mathml"><math>'
        '<semantics><mi>i</mi><annotation encoding="application/x-tex">i &lt; 2</annotation></semantics>'
        '</math></span><span class="katex-html" aria-hidden="true">i</span></span></span></p>'
        '<p><span class="math"><span class="katex-error" title="ParseError">\\bad</span></span></p></article>'
    )
    reader = _Reader("chapters/02_dcg")
    reader.feed(page)
    assert reader.shown.maths == ["\\[\\text{第 } k\\]", "\\(i < 2\\)", "\\bad"]
    assert [typesets(tex) for tex in reader.shown.maths] == [True, True, False]


def test_a_formula_s_symbols_leave_out_only_the_words_of_its_text():
    english = "\\[ \\sum_{i=1}^{k} \\underbrace{\\frac{1}{\\log_2(i+1)}}_{\\text{discount of rank } i} \\]"
    chinese = (
        "\\[ \\sum_{i=1}^{k} \\underbrace{\\frac{1}{\\log_2(i+1)}}_{\\text{第 } i \\text{ 位的折损}} \\]"
    )
    assert maths_symbols(english) == maths_symbols(chinese)
    assert maths_symbols("\\(\\text{rank} + 1\\)") == maths_symbols("\\(\\text{排名}+1\\)")
    assert maths_symbols("\\(\\log_2(i+1)\\)") != maths_symbols("\\(\\log_2(i)\\)")
    assert not typesets("\\[::\\]") and not typesets("\\(\\)") and typesets("\\(k\\)")


def test_a_translated_display_formula_shows_as_translated(tmp_path):
    # Sphinx's Locale parses a translated formula as "::" and the formula indented (reST's literal
    # block); MyST reads a paragraph "::". Built without and with the book's transform.
    from tests.book import small_sphinx

    src = tmp_path / "src"
    (src / "locales" / "zh_CN" / "LC_MESSAGES").mkdir(parents=True)
    (src / "index.md").write_text("# Title\n\n```{math}\n\\sum_i \\text{gain of } i\n```\n", encoding="utf-8")
    (src / "locales" / "zh_CN" / "LC_MESSAGES" / "index.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Title"\nmsgstr "标题"\n\n'
        'msgid "\\\\sum_i \\\\text{gain of } i"\nmsgstr "\\\\sum_i \\\\text{第 } i \\\\text{ 项的增益}"\n',
        encoding="utf-8",
    )
    conf = 'extensions = ["myst_parser"]\nlanguage = "zh_CN"\nlocale_dirs = ["locales"]\n'
    (src / "conf.py").write_text(conf, encoding="utf-8")
    html, _ = small_sphinx.build(src, tmp_path / "plain")
    assert "\\[::\\]" in (html / "index.html").read_text(encoding="utf-8")  # the bug, as Sphinx has it
    (src / "conf.py").write_text(
        conf + "\n\ndef setup(app):\n    from ndcg_book.editions import TranslatedBlocksAsWritten\n\n"
        "    app.add_transform(TranslatedBlocksAsWritten)\n",
        encoding="utf-8",
    )
    html, _ = small_sphinx.build(src, tmp_path / "mended")
    page = (html / "index.html").read_text(encoding="utf-8")
    assert "\\sum_i \\text{第 } i \\text{ 项的增益}" in page and "\\[::\\]" not in page


# -- the built book -------------------------------------------------------------------------------


@BUILT
def test_every_formula_of_the_chinese_edition_is_there_and_typesets(editions):
    lost, empty = {}, {}
    for page, (english, chinese) in editions.items():
        if len(chinese.maths) != len(english.maths):
            lost[page] = f"{len(english.maths)} formulas in English, {len(chinese.maths)} in Chinese"
        bad = [tex for tex in chinese.maths if not typesets(tex)]
        if bad:
            empty[page] = bad[:3]
    assert not empty, f"Chinese pages with a formula that shows nothing (or '::'): {empty}"
    assert not lost, f"Chinese pages that lost or gained formulas: {lost}"


@BUILT
def test_each_formula_is_the_english_one_but_for_the_words_of_its_text(editions):
    # A formula's symbols are the computation: only the words of a \text{} are the translator's.
    # Display formulas come in the English order; inline ones in the order of the Chinese sentence.
    differ = {}
    for page, (english, chinese) in editions.items():
        display = [
            (e, c)
            for e, c in zip(displayed(english.maths), displayed(chinese.maths), strict=False)
            if maths_symbols(e) != maths_symbols(c)
        ]
        inline = Counter(maths_symbols(t) for t in english.maths if t.startswith("\\("))
        inline_zh = Counter(maths_symbols(t) for t in chinese.maths if t.startswith("\\("))
        if display or inline != inline_zh:
            differ[page] = [*display[:2], ("inline", sorted((inline - inline_zh) + (inline_zh - inline))[:4])]
    assert not differ, f"formulas whose maths differs between the editions: {differ}"


@BUILT
def test_the_editions_show_the_same_tables_figures_and_views(editions):
    differ = {}
    for page, (english, chinese) in editions.items():
        for what in ("tables", "images", "views"):
            if getattr(english, what) != getattr(chinese, what):
                differ[f"{page} {what}"] = (getattr(english, what), getattr(chinese, what))
    assert not differ, f"pages whose tables, figures or views differ between the editions: {differ}"


@BUILT
def test_the_editions_link_to_the_same_places(editions):
    differ = {}
    for page, (english, chinese) in editions.items():
        missing = english.links - chinese.links
        extra = chinese.links - english.links
        if missing or extra:
            differ[page] = {"only in English": sorted(missing)[:4], "only in Chinese": sorted(extra)[:4]}
    assert not differ, f"pages whose links differ between the editions: {differ}"


@BUILT
def test_the_chinese_edition_keeps_the_bold_and_adds_no_italics(editions):
    # A Chinese translation keeps every bold span of its English. It may drop an italic one (the
    # English italicises its gloss of a Chinese title) but adds none: a CJK font has no italic.
    differ = {}
    for page, (english, chinese) in editions.items():
        if chinese.strong != english.strong or chinese.em > english.em:
            differ[page] = f"bold {english.strong} → {chinese.strong}, italic {english.em} → {chinese.em}"
    assert not differ, f"Chinese pages whose emphasis differs from the English: {differ}"


@BUILT
def test_no_page_shows_markdown_s_emphasis_markers(editions):
    # `**错在哪里。**NDCG`: CommonMark does not close ** after full-width punctuation followed by a
    # letter, and the reader sees the asterisks (ndcg_book/catalogues/i18n_checks.py: emphasis).
    shown_markers = {}
    for page, (english, chinese) in editions.items():
        for edition, seen in (("en", english), ("zh", chinese)):
            if seen.markers:
                shown_markers[f"{edition} {page}"] = seen.markers[:3]
    assert not shown_markers, f"pages that show ** or * as characters: {shown_markers}"
