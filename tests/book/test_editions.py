"""The built book's two editions (``_build/html`` and ``_build/html/zh``): every page in both, the
switch between them, one computation (every glued number and every cell output the same), no
untranslated paragraph left, Chinese marked in the English pages, and the Chinese search.

These tests skip until ``make book``; ``ndcg_book/editions.py`` and ``ndcg_book/catalogues/i18n.py`` hold what
they test.
"""

from __future__ import annotations

import json
import re
import shutil
from html import unescape
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath

import pytest

from ndcg.course import manifest
from ndcg.course.i18n import read_po
from ndcg_book.editions import mark_chinese, twin_href, user_dictionary
from ndcg_book.search import _HAN
from tests.book.helpers import ROOT, toc_files
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
ZH = BOOK / "zh"
PAGES = toc_files()
BUILT = pytest.mark.skipif(
    not (ZH / "index.html").is_file(), reason=f"no Chinese edition at {ZH}: run `make book` first"
)
HAN = re.compile(f"[{_HAN}]")


def html(edition: Path, page: str) -> str:
    return (edition / f"{page}.html").read_text(encoding="utf-8")


#: The blocks of prose whose English, left in a Chinese page, is an untranslated message.
PROSE = ("p", "h1", "h2", "h3", "h4", "h5", "h6")


class Main(HTMLParser):
    """A page's ``<main>``: its glued values, cell outputs and prose blocks (paragraphs and
    headings, outside cell outputs and code), and the Chinese characters of its text that no
    ``lang="zh"`` covers."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, dict]] = []
        self.pasted: list[str] = []
        self.outputs: list[str] = []
        self.blocks: list[tuple[str, str]] = []  # (tag, text): "p", "h1" ... "h6"
        self.unmarked: list[str] = []
        self._text: list[str] | None = None
        self._output: list[str] | None = None
        self._output_depth = 0
        self._paragraph: list[str] | None = None

    def _inside(self, test) -> bool:
        return any(test(tag, attrs) for tag, attrs in self.stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("br", "img", "input", "meta", "link", "hr", "col", "source", "wbr"):
            return
        self.stack.append((tag, attrs))
        classes = (attrs.get("class") or "").split()
        if tag == "span" and "pasted-text" in classes:
            self._text = []
        if tag == "div" and "cell_output" in classes and self._output is None:
            self._output, self._output_depth = [], len(self.stack)
        in_citation = self._inside(lambda t, a: "citation" in (a.get("class") or "").split())
        if tag in PROSE and self._output is None and self._paragraph is None and not in_citation:
            # (a bibliography's entries keep their titles in their own language)
            self._paragraph = []

    def handle_endtag(self, tag):
        while self.stack:
            open_tag, attrs = self.stack.pop()
            classes = (attrs.get("class") or "").split()
            if open_tag == "span" and "pasted-text" in classes and self._text is not None:
                self.pasted.append("".join(self._text).strip())
                self._text = None
            if self._output is not None and len(self.stack) < self._output_depth:
                self.outputs.append(" ".join("".join(self._output).split()))
                self._output = None
            if open_tag in PROSE and self._paragraph is not None and self._output is None:
                self.blocks.append((open_tag, " ".join("".join(self._paragraph).split())))
                self._paragraph = None
            if open_tag == tag:
                break

    def handle_data(self, data):
        if self._inside(lambda t, a: t in ("script", "style")):
            return
        for part in (self._text, self._output):
            if part is not None:
                part.append(data)
        if self._paragraph is not None and not self._inside(
            lambda t, a: t in ("code", "kbd", "pre") or "katex" in (a.get("class") or "").split()
        ):
            # prose only: no code, no maths (KaTeX's, typeset at build time; a view's \( ... \))
            self._paragraph.append(re.sub(r"\\\(.*?\\\)", " ", data))
        if HAN.search(data) and not self._inside(lambda t, a: (a.get("lang") or "").startswith("zh")):
            self.unmarked.append(data.strip())


def article(text: str) -> str:
    """A page's ``<article>`` (the theme's footer and navigation left out)."""
    start, end = text.find("<article"), text.rfind("</article>")
    return text[start:end] if start >= 0 else text


def main_of(text: str) -> Main:
    """The page's text: its :func:`article`."""
    parser = Main()
    parser.feed(article(text))
    return parser


# -- without a build -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "page", ["index", "chapters/01_cg", "chapters/further/04-ties", "reference/glossary"]
)
def test_the_switch_links_resolve_to_the_same_page_both_ways(page):
    there = PurePosixPath(page).parent / twin_href(page, "en", "zh")
    back = PurePosixPath("zh", page).parent / twin_href(page, "zh", "en")
    assert PurePosixPath(*_normal(there.parts)) == PurePosixPath("zh", f"{page}.html")
    assert PurePosixPath(*_normal(back.parts)) == PurePosixPath(f"{page}.html")


def _normal(parts) -> list[str]:
    out: list[str] = []
    for part in parts:
        if part == "..":
            out.pop()
        elif part not in (".", ""):
            out.append(part)
    return out


def test_chinese_in_english_text_is_marked_but_not_in_tags_or_scripts():
    body = '<p>NDCG (归一化折损累计增益), <a title="折损">the discount (折损)</a></p><script>"成都"</script>'
    marked = mark_chinese(body)
    assert marked.count('lang="zh"') == 2
    assert 'title="折损"' in marked and '<script>"成都"</script>' in marked
    assert main_of(marked).unmarked == []


def test_jieba_s_dictionary_holds_the_glossary_s_chinese_terms(tmp_path):
    words = user_dictionary(ROOT, tmp_path / "terms.txt").read_text(encoding="utf-8").split("\n")
    terms = {line.split()[0] for line in words if line}
    assert {"排序学习", "累计增益", "归一化折损累计增益", "相关性等级", "折损"} <= terms


def test_the_chinese_search_splits_words_with_jieba_and_adds_their_parts(tmp_path):
    pytest.importorskip("jieba")
    from ndcg_book.editions import SearchChineseTerms

    splitter = SearchChineseTerms({"dict": str(user_dictionary(ROOT, tmp_path / "terms.txt"))})
    words = splitter.split("排序学习优化归一化折损累计增益")
    assert "排序学习" in words and "归一化折损累计增益" in words
    assert {"折损", "归一化", "累计增益"} <= set(words)
    # jieba cuts the run into words: the whole run is not one of them
    assert "排序学习优化归一化折损累计增益" not in words


def test_the_chinese_search_stems_as_sphinx_s_and_looks_its_latin_words_up_in_a_set(tmp_path):
    pytest.importorskip("jieba")
    from sphinx.search.zh import SearchChinese

    from ndcg_book.editions import SearchChineseTerms

    options = {"dict": str(user_dictionary(ROOT, tmp_path / "terms.txt"))}
    ours, sphinx = SearchChineseTerms(options), SearchChinese(options)
    text = "NDCG 用 DCG 除以 IDCG：rankings, ranked, relevance 和 LambdaMART 的 gradients"
    ours.split(text), sphinx.split(text)
    assert isinstance(ours.latin_terms, set) and "rankings" in ours.latin_terms
    for word in ("NDCG", "rankings", "ranked", "relevance", "LambdaMART", "gradients", "IDCG"):
        assert ours.stem(word) == sphinx.stem(word), word


# -- the built editions --------------------------------------------------------------------------


@BUILT
def test_a_chinese_page_s_saved_doctree_holds_the_page_and_no_copy_of_the_build():
    # Sphinx parses each translated message as a document of its own; its nodes, moved into the
    # page, kept a reference to it, and with it the whole build environment (8 MB a page)
    import pickle

    doctrees = ROOT / "_build" / "zh" / ".doctrees"
    if not doctrees.is_dir():
        pytest.skip("the Chinese build's doctrees are gone")
    for page in ("chapters/01_cg", "chapters/04_ndcg", "reference/glossary"):
        doctree = pickle.loads((doctrees / f"{page}.doctree").read_bytes())
        strays = [n for n in doctree.findall() if n.__dict__.get("_document") not in (None, doctree)]
        assert not strays, f"{page}: {len(strays)} nodes keep another document"
        english = ROOT / "_build" / ".doctrees" / f"{page}.doctree"
        if english.is_file():
            assert (doctrees / f"{page}.doctree").stat().st_size < 3 * english.stat().st_size + 200_000


@BUILT
def test_every_page_has_its_chinese_page_in_its_language():
    missing = [page for page in PAGES if not (ZH / f"{page}.html").is_file()]
    assert not missing, f"pages without a Chinese edition: {missing}"
    for page in PAGES:
        assert '<html lang="zh-CN"' in html(ZH, page), page
        assert '<html lang="en"' in html(BOOK, page), page


@BUILT
def test_each_page_s_switch_leads_to_its_twin_and_back():
    for page in PAGES:
        for here, there, folder in (("en", "zh", BOOK), ("zh", "en", ZH)):
            text = html(folder, page)
            nav = re.search(r'<nav class="edition-switch"[^>]*data-edition="(\w+)"[^>]*>(.*?)</nav>', text)
            assert nav and nav.group(1) == here, (page, here)
            href = re.search(r'href="([^"]+)"', nav.group(2)).group(1)
            target = ((folder / page).parent / href).resolve()
            assert target == ((ZH if there == "zh" else BOOK) / f"{page}.html").resolve(), (page, here, href)


def _word_values() -> set[str]:
    """The glued values that are words, glued once per language (``key`` and ``key.zh``)."""
    words = set()
    for path in (ROOT / "_build" / "jupyter_execute").rglob("*.glue.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key in [k for k in data if k.endswith(".zh")]:
            for name in (key, key.removesuffix(".zh")):
                plain = data.get(name, {}).get("data", {}).get("text/plain", "")
                plain = "".join(plain) if isinstance(plain, list) else plain
                words.add(plain.strip("'\""))
    return words


@BUILT
def test_every_glued_number_is_the_same_in_both_editions():
    # One computation: the Chinese pages show exactly the English pages' glued values (a glued
    # word, glued once per language as `key` and `key.zh`, apart).
    words = _word_values()
    differ = {}
    for page in PAGES:
        # (a translation may say a value once where the English said it twice: the same values)
        english = {v for v in main_of(html(BOOK, page)).pasted if v not in words}
        chinese = {v for v in main_of(html(ZH, page)).pasted if v not in words}
        if english != chinese:
            differ[page] = (english - chinese, chinese - english)
    assert not differ, f"glued values that differ (English only, Chinese only): {differ}"


@BUILT
def test_every_cell_output_is_the_same_in_both_editions():
    differ = [page for page in PAGES if main_of(html(BOOK, page)).outputs != main_of(html(ZH, page)).outputs]
    assert not differ, f"pages whose cell outputs differ between the editions: {differ}"


def code_cells(page_html: str) -> list[str]:
    """The code of each shown code cell of a built page, as its reader sees it."""
    cells = re.findall(
        r'<div class="cell_input docutils container">\s*<div class="highlight-ipython3[^"]*">'
        r'<div class="highlight"><pre>(.*?)</pre>',
        page_html,
        re.S,
    )
    return [unescape(re.sub(r"<[^>]+>", "", cell)) for cell in cells]


@BUILT
def test_the_chinese_edition_shows_the_same_code_with_its_comments_in_chinese():
    # one computation: the code is the English edition's, character for character; only the
    # words after each "#" are Chinese (ndcg_book.editions.translate_code_comments)
    from ndcg_book.comments import comment_places, without_comments

    differ, english_left, checked = [], [], 0
    for page in PAGES:
        english, chinese = code_cells(html(BOOK, page)), code_cells(html(ZH, page))
        if [without_comments(c) for c in english] != [without_comments(c) for c in chinese]:
            differ.append(page)
            continue
        for en, zh in zip(english, chinese):
            lines = zh.splitlines()
            for row, _, text in comment_places(en):
                checked += 1
                if not HAN.search(lines[row - 1].split("#", 1)[-1]):
                    english_left.append((page, text))
    assert not differ, f"pages whose code differs between the editions: {differ}"
    assert checked > 100 and not english_left, english_left[:5]


@BUILT
def test_no_chinese_page_shows_an_english_paragraph_or_heading_of_its_english_page():
    # Sphinx shows the English of a message whose translation it cannot find (a message changed
    # since its catalogue was merged, a fuzzy one) or cannot use (a translation that parses as
    # another kind of block: "1. 获取课程" is a list, not a heading): the page then shows English.
    def english(block: tuple[str, str]) -> bool:
        tag, text = block
        return len(re.findall(r"[A-Za-z]{2,}", text.rstrip("#"))) >= (4 if tag == "p" else 2)

    def kept(page: str) -> set[str]:
        """The page's messages whose Chinese is their English (names: "RankNet → LambdaMART")."""
        catalogue = ROOT / "locales" / "zh_CN" / "LC_MESSAGES" / f"{page}.po"
        found = read_po(catalogue) if catalogue.is_file() else {}
        return {english for (_, english), chinese in found.items() if english == chinese}

    left = {}
    for page in PAGES:
        wanted = {block for block in main_of(html(BOOK, page)).blocks if english(block)}
        same_as_english = kept(page)
        same = [
            text
            for tag, text in main_of(html(ZH, page)).blocks
            if (tag, text) in wanted and re.sub(r"^(\d+\.)+ ", "", text).rstrip("#") not in same_as_english
        ]
        if same:
            left[page] = same[:3]
    assert not left, f"English paragraphs or headings in the Chinese edition: {left}"


#: Table cells a Chinese page may show in English: names a Chinese text keeps as they are (the
#: libraries, NumPy's ``inf``) and code (a call, a dotted or snake_case name).
KEPT_IN_TABLES = re.compile(r"(ranx|scikit-learn|torchmetrics|inf|pip)|.*[(_]|.*\w\.\w.*")


def english_cells(page_html: str) -> list[str]:
    """The table cells of a Chinese page that show English words and no Chinese: what the page
    shows of a two-language cell is its Chinese half; maths and code are left out."""
    shown = re.sub(r"<script.*?</script>", "", article(page_html), flags=re.S)
    shown = re.sub(r'<span class="ndcg-lang" lang="en">.*?</span>', "", shown, flags=re.S)
    shown = re.sub(r'<span class="katex">.*?</span></span></span>|<code.*?</code>', "", shown, flags=re.S)
    cells = (
        unescape(re.sub(r"<[^>]+>", "", cell)).strip()
        for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", shown, re.S)
    )
    return sorted(
        {
            cell
            for cell in cells
            if re.search(r"\b[a-z]{3,}\b", cell)
            and not HAN.search(cell)
            and not KEPT_IN_TABLES.fullmatch(cell)
        }
    )


@BUILT
def test_the_chinese_core_chapters_tables_show_no_english_cell():
    # A table's words reach Chinese through the figures catalogue (ndcg.course.labels): a word the
    # catalogue lacks (an example's name, a game's column) stays English in the Chinese page.
    chapters = [page for page in PAGES if re.fullmatch(r"chapters/\d\d_\w+", page)]
    left = {page: cells for page in chapters if (cells := english_cells(html(ZH, page)))}
    assert len(chapters) == len(manifest.chapter_stems()) and not left, (
        f"English table cells in the Chinese chapters: {left}"
    )


def test_english_cells_finds_an_english_name_and_keeps_the_chinese_half():
    page = (
        '<main><table><tr><td>NDCG example</td><td><span class="ndcg-lang" lang="en">film A</span>'
        '<span class="ndcg-lang" lang="zh-Hans">电影 A</span></td><td>scikit-learn</td>'
        "<td>ndcg.ndcg</td><td>0.972</td><th>kept so far</th></tr></table></main>"
    )
    assert english_cells(page) == ["NDCG example", "kept so far"]


@BUILT
def test_a_search_excerpt_holds_its_edition_s_copy_of_a_two_language_output():
    # (searchtexts.js: the text each result's excerpt is cut from, from file://)
    from ndcg_book.search import TEXTS_FILE, TEXTS_GLOBAL

    def excerpts(edition: Path) -> dict:
        text = (edition / TEXTS_FILE).read_text(encoding="utf-8")
        return json.loads(text.removeprefix(f"var {TEXTS_GLOBAL} = ").rstrip().removesuffix(";"))

    english, chinese = excerpts(BOOK)["chapters/00_why"][0], excerpts(ZH)["chapters/00_why"][0]
    page = html(ZH, "chapters/00_why")
    pairs = re.findall(
        r'<span class="ndcg-lang" lang="en">([^<]{4,})</span><span class="ndcg-lang" lang="zh-Hans">([^<]+)</span>',
        page,
    )
    assert pairs, "chapter 0 shows a two-language output"
    assert "简体中文" not in english[:200] and "English" not in chinese[:200], (
        "the language switch is no excerpt"
    )

    # (a sentence of a few words: a single word such as "rank" may stand anywhere, code included)
    def plain(text: str) -> str:
        return " ".join(unescape(text).split())  # as the excerpt holds it

    pairs = [(plain(en), plain(zh)) for en, zh in pairs if len(en.split()) >= 4 and HAN.search(zh)]
    assert pairs, "chapter 0 shows a two-language sentence"
    for en, zh in pairs:
        assert zh in chinese and en not in chinese, (en, zh)
        assert en in english and zh not in english, (en, zh)


@BUILT
def test_the_english_edition_marks_its_chinese_as_chinese():
    unmarked = {page: u[:3] for page in PAGES if (u := main_of(html(BOOK, page)).unmarked)}
    assert not unmarked, f"Chinese text without lang=zh in English pages: {unmarked}"


def _index(folder: Path) -> dict:
    text = (folder / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1 : text.rindex(")")])


@BUILT
def test_each_edition_s_index_holds_its_own_copy_of_a_two_language_output_only():
    # Words a page shows only in its hidden copy (the other edition's language) are no terms of
    # that page in its edition's index: Chinese runs in English pages, English words in Chinese ones.
    from sphinx.search.en import SearchEnglish

    from ndcg_book.editions import SEARCH_SYNONYMS
    from ndcg_book.search import _HAN_RUN, edition_text

    stem = SearchEnglish({}).stem
    synonyms = {stem(v) for variants in SEARCH_SYNONYMS.values() for v in variants if v.isascii()}
    for edition, chinese in ((BOOK, False), (ZH, True)):
        index = _index(edition)
        leaked, checked = {}, 0
        for number, page in enumerate(index["docnames"]):
            main = html(edition, page)
            main = main[main.find('role="main"') :]
            shown, hidden = edition_text(main, chinese), edition_text(main, not chinese)
            if chinese:  # as the index holds them: stemmed; the search's synonyms are terms by design
                seen = {stem(w) for w in re.findall(r"[A-Za-z]+", shown)} | synonyms
                words = {stem(w) for w in re.findall(r"[A-Za-z]{6,}", hidden)} - seen
            else:  # a run of the hidden copy that is no part of a run the page shows
                runs = _HAN_RUN.findall(shown)
                words = {w for w in _HAN_RUN.findall(hidden) if len(w) >= 3 and not any(w in r for r in runs)}
            checked += len(words)
            for word in words:
                found = index["terms"].get(word, [])
                if number in ([found] if isinstance(found, int) else found):
                    leaked.setdefault(page, []).append(word)
        assert checked > 500, (edition, checked)  # the pages do show two-language outputs
        assert not leaked, f"{edition.name}: hidden copies' words in the index: {leaked}"


@BUILT
@pytest.mark.parametrize(
    ("query", "pages"),
    [
        ("折损", ["chapters/02_dcg", "chapters/03_idcg", "chapters/04_ndcg"]),
        ("归一化", ["chapters/04_ndcg"]),
        ("排序学习", ["chapters/06_ltr"]),
        ("累计增益", ["chapters/01_cg", "chapters/02_dcg", "chapters/03_idcg", "chapters/04_ndcg"]),
    ],
)
def test_the_chinese_search_finds_a_term_on_its_chapters(query, pages):
    index = _index(ZH)
    names = set()
    for kind in ("terms", "titleterms"):  # a page's title words are indexed apart
        found = index[kind].get(query)
        found = [found] if isinstance(found, int) else found or []
        names |= {index["docnames"][i] for i in found}
    assert set(pages) <= names, (query, sorted(names))


@BUILT
def test_the_chinese_index_is_made_of_words_not_whole_runs():
    # Without jieba, Sphinx's Chinese splitter drops every Chinese word; with it, the index holds
    # jieba's words (and their parts), never a whole sentence.
    terms = [t for t in _index(ZH)["terms"] if HAN.search(t)]
    assert len(terms) > 2000, len(terms)
    assert max(len(t) for t in terms) <= 12
    assert {"学习", "排序", "查询"} <= set(terms)


@BUILT
def test_the_chinese_pdfs_are_in_chinese_and_a_page_of_the_book_is_saved():
    from pypdf import PdfReader

    import ndcg
    from ndcg_book.pdf import print_book
    from tests.book.test_print import poppler

    pdf = ZH / print_book.FOLDER / print_book.book_pdf_name(ndcg.__version__, "zh")
    sheet = ZH / print_book.FOLDER / print_book.cheatsheet_pdf_name(ndcg.__version__, "zh")
    if not pdf.is_file():
        pytest.skip("no PDF of the Chinese edition: this build found no Chromium")
    reader = PdfReader(pdf)
    assert len(reader.outline) == len(PAGES), "one bookmark per page"
    assert "排序评估" in reader.metadata.title and ndcg.__version__ in reader.metadata.subject
    # its document information in Chinese, as pdfinfo shows it, and its language zh-CN
    info = dict(
        line.split(":", 1)
        for line in subprocess_text([poppler("pdfinfo"), str(pdf)]).splitlines()
        if ":" in line
    )
    for field in ("Title", "Subject", "Keywords", "Author"):
        assert HAN.search(info[field]), (field, info[field])
    assert "built" not in info["Keywords"] and "course authors" not in info["Author"], info
    assert reader.trailer["/Root"]["/Lang"] == "zh-CN"
    # its size within 1.3 times the English PDF's (Chromium writes a CFF-outlined CJK font as Type 3
    # glyph programs; _static/course.css prints the Chinese in a TrueType font)
    from tests.book.test_print import type3_fonts

    cjk_type3 = {name for name in type3_fonts(reader) if "CJK" in name or "DroidSansFallback" in name}
    assert not cjk_type3, f"Chinese written as Type 3 glyph programs: {sorted(cjk_type3)}"
    english = BOOK / print_book.FOLDER / print_book.book_pdf_name(ndcg.__version__)
    if english.is_file():
        ratio = pdf.stat().st_size / english.stat().st_size
        assert ratio <= 1.3, f"the Chinese PDF is {ratio:.2f} times the English one"
    cover = subprocess_text([poppler("pdftotext"), "-enc", "UTF-8", "-l", "2", str(pdf), "-"])
    assert "目录" in cover and f"版本 {ndcg.__version__}" in cover, cover[:400]
    assert len(PdfReader(sheet).pages) == 1
    # each edition links its own PDFs
    assert f'href="{print_book.FOLDER}/{pdf.name}"' in html(ZH, "index")
    assert pdf.name not in html(BOOK, "index")
    # a page of the Chinese PDF (the first chapter's first page), as a picture to look at
    first = dict(
        (title, page)
        for title, page in ((i.title, reader.get_destination_page_number(i) + 1) for i in reader.outline)
    )
    page = next(number for title, number in first.items() if "累计增益" in title)
    shots = BOOK.parent / "screenshots"
    shots.mkdir(parents=True, exist_ok=True)
    subprocess_text(
        [
            poppler("pdftoppm"),
            "-png",
            "-r",
            "70",
            "-singlefile",
            "-f",
            str(page),
            "-l",
            str(page),
            str(pdf),
            str(shots / "zh-pdf-page"),
        ]
    )
    assert (shots / "zh-pdf-page.png").stat().st_size > 10_000
    # its Chinese in a TrueType font where the machine has one (_static/course.css), not in
    # thousands of Type 3 glyph programs (Chromium's way with Noto Sans CJK's CFF outlines)
    fonts = subprocess_text([poppler("pdffonts"), "-f", str(page), "-l", str(page + 3), str(pdf)])
    if shutil.which("fc-list") and "Droid Sans Fallback" in subprocess_text(["fc-list", ":", "family"]):
        assert re.search(r"\+DroidSansFallback\s+CID TrueType", fonts), fonts


def subprocess_text(command: list[str]) -> str:
    import subprocess

    return subprocess.run(command, capture_output=True, text=True, encoding="utf-8", check=True).stdout
