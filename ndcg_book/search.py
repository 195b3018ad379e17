"""The book build: the book's search finds Chinese terms, and shows excerpts offline.

Registered by :func:`ndcg_book.setup`. It does four things.

**Chinese substrings in the English index.** The book is English (``language: en``) with
Chinese key terms (归一化折损累计增益, 排序学习). Sphinx's English splitter cuts text into
``\\w+`` words, so a run of Chinese characters such as ``归一化折损累计增益`` is one word. The
search page (Sphinx 7.4's ``searchtools.js``) never splits a Chinese query either: it looks the
query up as a term, and scans the terms for one that contains it only when the query is longer
than two characters and is not a term itself. So ``折损`` (two characters, and a term on the
pages where it stands alone) missed the IDCG chapter, titled 理想折损累计增益, and ``排序学习``
missed every page where it is part of a longer run. Segmenting with jieba (Sphinx's Chinese
splitter) would not help: it cuts 排序学习 and 累计增益 in two. :class:`SearchEnglishChinese`
(registered with ``app.add_search_language`` for ``en``) keeps every English word, stemmed as
before, and adds every substring of every run of Chinese characters (:func:`han_terms`), so any
Chinese query that occurs in a page is a term of that page.

**One edition's words.** A cell output that carries words in both languages (each copy marked
``class="ndcg-lang"`` with its ``lang``; the page's CSS shows its edition's) is indexed with its
edition's copy only (:func:`index_edition_words`).

**Excerpts from file://.** Under each result the search page shows an excerpt of the page,
which ``searchtools.js`` gets by fetching the page; a browser refuses that for a book opened from
``file://`` (a USB stick). When the HTML build ends, :func:`write_texts` reads every built page
and writes ``searchtexts.js`` beside ``searchindex.js``: the text that ``searchtools.js`` would
take from each page (its ``[role=main]`` element without scripts, styles and heading links,
white space collapsed) and where each part a result can link to (a section, a glossary term)
starts and ends in it.
``_static/offline-search.js`` loads it on the search page opened from ``file://`` and hands it
to Sphinx's own ``Search.makeSearchSummary``; served over http(s), nothing changes.

**Excerpts in words, not TeX or code.** An excerpt is plain text, and the search page does not
typeset: a formula showed as its TeX (``\\(2^{rel_i} - 1\\)``), a code cell as its source. The
text of an excerpt leaves code blocks out (a cell's input, a literal block: :data:`CODE_CLASSES`)
and reads a formula as :func:`plain_maths` writes it (``2^rel_i - 1``); each formula of a built
page carries that text as ``data-ndcg-text`` (:func:`math_text_attributes`), which
``_static/offline-search.js`` reads when it makes an excerpt from a fetched page (the book served).

**The index on the search page only.** pydata-sphinx-theme 0.17 puts ``searchindex.js`` (with
``searchtools.js`` and ``language_data.js``) in the head of every page, for a search-as-you-type
that this book leaves off: every page of the English edition parsed megabytes of index that only
the search page reads. The book's ``layout.html`` (:data:`TEMPLATES`, put on the template path by
:func:`add_templates`) keeps the theme's head without those three scripts, so a page opens
without them and the search page (the search box, Ctrl+K) loads them as before.
"""

from __future__ import annotations

import json
import re
from html import escape as html_escape
from html import unescape as html_unescape
from html.parser import HTMLParser
from pathlib import Path

from sphinx.search import js_index
from sphinx.search.en import SearchEnglish

from ndcg.course.i18n import language_of
from ndcg.course.tex_text import plain_maths

#: The file the HTML build gets beside ``searchindex.js`` (read by ``_static/offline-search.js``).
TEXTS_FILE = "searchtexts.js"
#: How ``searchtexts.js`` hands its data to the page: a global that offline-search.js reads.
TEXTS_GLOBAL = "ndcgSearchTexts"

#: Han characters: the CJK Unified Ideographs, Extension A, the compatibility ideographs and the
#: supplementary planes' extensions.
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_HAN_RUN = re.compile(f"[{_HAN}]+")


def han_terms(word: str) -> list[str]:
    """Every substring of every run of Han characters in ``word``, the runs themselves included.

    >>> han_terms("折损累计")
    ['折', '折损', '折损累', '折损累计', '损', '损累', '损累计', '累', '累计', '计']
    >>> han_terms("IDCG理想"), han_terms("discount")
    (['理', '理想', '想'], [])
    """
    terms = []
    for run in _HAN_RUN.findall(word):
        terms.extend(run[start:end] for start in range(len(run)) for end in range(start + 1, len(run) + 1))
    return terms


class SearchEnglishChinese(SearchEnglish):
    """Sphinx's English search language, with the substrings of Chinese runs as extra words.

    English words are split, stemmed and filtered as by :class:`sphinx.search.en.SearchEnglish`
    (the search page's Porter stemmer and stop words are unchanged); a run of Chinese characters
    stays a word, and :func:`han_terms` adds its substrings.

    >>> SearchEnglishChinese({}).split("IDCG (理想折损) is the ideal DCG")
    ['IDCG', '理想折损', 'is', 'the', 'ideal', 'DCG', '理', '理想', '理想折', '理想折损', '想', '想折', '想折损', '折', '折损', '损']
    """

    def split(self, input: str) -> list[str]:
        words = super().split(input)
        return words + [term for word in words for term in han_terms(word)]


def _utf16_length(text: str) -> int:
    """The length of ``text`` as JavaScript counts it (UTF-16 code units).

    >>> _utf16_length("ab"), _utf16_length("折损"), _utf16_length("\U0002000b")
    (2, 2, 2)
    """
    return len(text.encode("utf-16-le")) // 2


#: The parts of ``[role=main]`` that an excerpt leaves out: the theme's buttons above the article
#: (".ipynb .md .pdf", ``.bd-header-article``), the book's row of switches (language, code) and the
#: print-only copy of the title and the page's contents (``#jb-print-docs-body``), which began every
#: page's excerpt. The same three are removed by
#: ``_static/offline-search.js`` from a page fetched for an excerpt when the book is served.
CLUTTER_CLASSES = frozenset({"bd-header-article", "page-switches"})  # page-switches: ndcg_book/editions.py
CLUTTER_IDS = frozenset({"jb-print-docs-body"})
#: The class of each language's copy of a two-language cell output (``ndcg.course.i18n.CSS_CLASS``):
#: the copy not in the page's language is left out of the excerpt, as the page's CSS hides it.
OTHER_LANGUAGE = "ndcg-lang"


#: The classes of the blocks an excerpt leaves out: code (a literal block's ``highlight``, a cell's
#: input) and a chapter's collapsed practice block (``ndcg_book.practice``: the exercise notebook's
#: statements, with their code names). ``_static/offline-search.js`` leaves the same out of a
#: fetched page.
CODE_CLASSES = frozenset({"highlight", "cell_input", "ndcg-practice"})
#: The class of a formula (inline ``span.math``, display ``div.math``) in a built page.
MATH_CLASS = "math"
#: The attribute that holds a formula's plain text (:func:`plain_maths`) in a built page.
MATH_TEXT = "data-ndcg-text"

#: A formula in running text (a view's, typeset in the browser), between ``\\(...\\)`` or ``\\[...\\]``.
_TEX_IN_TEXT = re.compile(r"\\\((?:.(?!\\\())*?\\\)|\\\[(?:.(?!\\\[))*?\\\]", re.S)

#: The start tag of a formula's element (inline ``span.math``, display ``div.math``).
_MATH_START = re.compile(r'<(?:span|div) class="[^"]*\bmath\b[^"]*"')
#: A formula's TeX in KaTeX's rendering (its MathML's annotation), HTML-escaped.
_TEX_ANNOTATION = re.compile(r'<annotation encoding="application/x-tex">(.*?)</annotation>', re.S)


def math_text_attributes(body: str) -> str:
    r"""``body`` with each formula's plain text (:func:`plain_maths`) in its :data:`MATH_TEXT`
    attribute, for the excerpts of the served book. A formula is typeset at build time by KaTeX,
    which keeps its TeX in its MathML's annotation.

    >>> math_text_attributes(
    ...     '<span class="math"><span class="katex"><math><semantics><mi>r</mi>'
    ...     '<annotation encoding="application/x-tex">rel_i</annotation></semantics></math></span></span>'
    ... )[:50]
    '<span class="math" data-ndcg-text="rel_i"><span cl'
    """
    parts, position = [], 0
    starts = list(_MATH_START.finditer(body))
    for index, start in enumerate(starts):
        tex = _TEX_ANNOTATION.search(body, start.end())
        following = starts[index + 1].start() if index + 1 < len(starts) else len(body)
        if tex is None or tex.start() > following:  # no TeX of its own (a KaTeX error shows the TeX)
            continue
        text = html_escape(plain_maths(html_unescape(tex[1])), quote=True)
        parts += [body[position : start.end()], f' {MATH_TEXT}="{text}"']
        position = start.end()
    return "".join(parts) + body[position:]


def add_math_texts(app, pagename, templatename, context, doctree) -> None:
    """``html-page-context``: every formula of the page with its plain text (:func:`math_text_attributes`)."""
    if "body" in context:
        context["body"] = math_text_attributes(context["body"])


def _chinese(lang: str | None) -> bool:
    return language_of(lang) == "zh"


class _MainText(HTMLParser):
    """The text ``searchtools.js`` takes from a page for an excerpt (``Search.htmlToText``): the
    first ``[role=main]`` element without ``script``, ``style`` and ``.headerlink`` elements,
    nor the theme's clutter (:data:`CLUTTER`, which ``_static/offline-search.js`` also takes out
    of a fetched page when the book is served), white space collapsed; and where each element
    whose id is in ``ids`` starts and ends in it."""

    #: Elements that have no end tag.
    VOID = frozenset(
        ("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr")
    )

    def __init__(self, ids: set[str], excerpt: bool = True):
        super().__init__(convert_charrefs=True)
        self.ids = ids
        #: an excerpt's text: code left out, formulas as plain text (the index keeps both as they are)
        self.excerpt = excerpt
        self.parts: list[str] = []
        self.length = 0  # in UTF-16 code units
        self.space = True  # the text so far ends in white space (or is empty)
        self.depth: dict[str, int] = {}
        self.main: tuple[str, int] | None = None
        self.done = False
        self.skip: tuple[str, int] | None = None
        self.open: list[tuple[str, int, str, int]] = []  # tag, depth, id, start
        self.spans: dict[str, list[int]] = {}
        self.chinese = False  # the page's language (``<html lang>``): Chinese or not
        self.maths: tuple[str, int] | None = None  # the formula being read, its TeX in ``tex``
        self.tex: list[str] = []
        self.text: list[str] = []  # the formula's text, for one without KaTeX's TeX annotation
        self.annotation: int | bool | None = None  # in the formula's TeX annotation: its depth

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        level = self.depth[tag] = self.depth.get(tag, 0) + 1
        if self.done:
            return
        attributes = dict(attrs)
        if tag == "html":
            self.chinese = _chinese(attributes.get("lang"))
        if self.main is None:
            if attributes.get("role") == "main":
                self.main = (tag, level)
            return
        classes = (attributes.get("class") or "").split()
        if self.skip is None and (
            tag in ("script", "style")
            or "headerlink" in classes
            or attributes.get("id") in CLUTTER_IDS
            or any(name in CLUTTER_CLASSES for name in classes)
            # code: a literal block, a cell's input (an excerpt is words)
            or (self.excerpt and (tag == "pre" or any(name in CODE_CLASSES for name in classes)))
            # a two-language cell output's copy in the other edition's language (hidden by the CSS)
            or (OTHER_LANGUAGE in classes and _chinese(attributes.get("lang")) != self.chinese)
        ):
            self.skip = (tag, level)
        if self.excerpt and self.skip is None and self.maths is None and MATH_CLASS in classes:
            self.maths, self.tex, self.text, self.annotation = (tag, level), [], [], None
        if (
            self.maths is not None
            and tag == "annotation"
            and attributes.get("encoding") == "application/x-tex"
        ):
            self.annotation = level  # KaTeX's MathML keeps the formula's TeX here
        ident = attributes.get("id")
        if ident in self.ids and ident not in self.spans:
            self.open.append((tag, level, ident, self.length))

    def handle_endtag(self, tag):
        level = self.depth.get(tag, 0)
        if not level:
            return
        self.depth[tag] = level - 1
        if self.done or self.main is None:
            return
        if self.skip == (tag, level):
            self.skip = None
        if tag == "annotation" and self.annotation == level:
            self.annotation = False
        if self.maths == (tag, level):
            self.maths = None
            tex = self.text if self.annotation is None else self.tex  # KaTeX's, or the TeX as written
            self._add(" " + plain_maths("".join(tex)) + " ")
        for index in range(len(self.open) - 1, -1, -1):
            open_tag, open_level, ident, start = self.open[index]
            if (open_tag, open_level) == (tag, level):
                self.spans[ident] = [start, self.length]
                del self.open[index]
                break
        if self.main == (tag, level):
            self.done = True

    def handle_data(self, data):
        if self.done or self.main is None or self.skip is not None:
            return
        if self.maths is not None:
            if self.annotation:  # the TeX only, not KaTeX's drawing nor its MathML's symbols
                self.tex.append(data)
            self.text.append(data)
            return
        self._add(data)

    def _add(self, data: str) -> None:
        if self.excerpt:  # TeX that a view's text holds for KaTeX (a quiz's options): plain text too
            data = _TEX_IN_TEXT.sub(lambda m: plain_maths(m[0]), data)
        text = re.sub(r"\s+", " ", data)
        if self.space and text.startswith(" "):
            text = text[1:]
        if text:
            self.parts.append(text)
            self.length += _utf16_length(text)
            self.space = text.endswith(" ")

    def result(self) -> tuple[str, dict[str, list[int]]]:
        text = "".join(self.parts)
        if text.endswith(" "):
            text = text[:-1]
        end = _utf16_length(text)
        return text, {ident: [min(start, end), min(stop, end)] for ident, (start, stop) in self.spans.items()}


def page_text(html: str, ids: set[str] | frozenset[str] = frozenset()) -> tuple[str, dict[str, list[int]]]:
    """The text of a page's ``[role=main]`` element as the search excerpt reads it, and the
    ``[start, end)`` of each element whose id is in ``ids`` (in UTF-16 code units, as
    JavaScript's ``slice`` counts).

    >>> page_text(
    ...     '<nav>menu</nav><main role="main"><div class="bd-header-article">.md .pdf</div>'
    ...     '<div id="jb-print-docs-body"><h1>A</h1>Contents</div>'
    ...     '<section id="a"><h1>A <a class="headerlink">#</a></h1>'
    ...     '<p>One\\n  two.</p><section id="b"><p>折损 three</p></section>'
    ...     '</section></main><footer>f</footer>',
    ...     {"a", "b"},
    ... )
    ('A One two.折损 three', {'b': [10, 18], 'a': [0, 18]})
    >>> page_text(
    ...     '<html lang="zh-CN"><main role="main"><p><span class="ndcg-lang" lang="en">Rank</span>'
    ...     '<span class="ndcg-lang" lang="zh-Hans">排名</span> 1</p></main></html>'
    ... )
    ('排名 1', {})
    """
    parser = _MainText(set(ids))
    parser.feed(html)
    parser.close()
    return parser.result()


def edition_text(html: str, chinese: bool) -> str:
    """The words of a cell output's HTML that a page of one edition shows: without scripts and
    styles (as Sphinx's indexer leaves them out), nor the copy of a two-language part in the other
    edition's language (the page's CSS hides it). ``chinese``: the page is in Chinese.

    >>> both = ('<p><span class="ndcg-lang" lang="en">Rank</span>'
    ...         '<span class="ndcg-lang" lang="zh-Hans">排名</span> 1</p>')
    >>> edition_text(both, chinese=True), edition_text(both, chinese=False)
    ('排名 1', 'Rank 1')
    """
    parser = _MainText(set(), excerpt=False)
    parser.main = ("", 0)  # a cell output stands inside its page's main element
    parser.chinese = chinese
    parser.feed(html)
    parser.close()
    return parser.result()[0]


#: A raw HTML node that opens one language's copy of a Markdown cell output (the Markdown between
#: it and its end tag is parsed into nodes of their own), maybe after closing the copy before it
#: (Markdown joins HTML lines with no blank line between into one block).
_OPENS_COPY = re.compile(
    r'(?:</(?:div|span)>\s*)?<(?P<tag>div|span) class="' + OTHER_LANGUAGE + r'" lang="(?P<lang>[^"]+)">'
)


def _other_language_blocks(doctree, chinese: bool) -> list[tuple[object, int, int]]:
    """``(parent, start, end)`` of each run of siblings, from a raw node that opens a copy in the
    other language to the raw node that closes it, end included."""
    from docutils import nodes

    blocks = []
    for node in doctree.findall(nodes.raw):
        opening = _OPENS_COPY.fullmatch(node.astext().strip())
        if not opening or _chinese(opening["lang"]) == chinese or node.parent is None:
            continue
        parent, closing = node.parent, f"</{opening['tag']}>"
        start = parent.index(node)
        for end in range(start + 1, len(parent)):
            if isinstance(parent[end], nodes.raw) and parent[end].astext().strip().startswith(closing):
                blocks.append((parent, start, end))
                break
    return blocks


def index_edition_words(app) -> None:
    """``builder-inited``: the search index takes a two-language cell output's words in the
    edition's language only. Sphinx indexes a raw HTML output by stripping its tags, so both
    copies' words were terms of both editions (a Chinese reader searching "widget" found pages
    by the English copy the page hides). While a page is indexed, an HTML output holds
    :func:`edition_text` instead, and a Markdown output's copy in the other language (its nodes
    between the raw tags that open and close it) is taken out; then the page is written as it was.
    """
    from docutils import nodes

    builder = app.builder
    if not hasattr(builder, "index_page"):
        return
    chinese = _chinese(app.config.language)
    index_page = builder.index_page

    def index_edition_page(pagename, doctree, title):
        # taken out last first, so that each block's place is still the one found
        blocks = sorted(_other_language_blocks(doctree, chinese), key=lambda b: (id(b[0]), -b[1]))
        swapped = []
        for node in doctree.findall(nodes.raw):
            if "html" in node.get("format", "").split() and OTHER_LANGUAGE in node.astext():
                swapped.append((node, node.children))
                node.children = [nodes.Text(edition_text(node.astext(), chinese))]
        taken = [(parent, start, parent.children[start : end + 1]) for parent, start, end in blocks]
        for parent, start, end in blocks:
            del parent.children[start : end + 1]
        try:
            index_page(pagename, doctree, title)
        finally:
            for parent, start, children in reversed(taken):
                parent.children[start:start] = children
            for node, children in swapped:
                node.children = children

    builder.index_page = index_edition_page


def texts(outdir: Path, index: dict) -> dict[str, list]:
    """``{docname: [text, {section id: [start, end]}]}`` for every page of a search ``index``
    (the data of ``searchindex.js``) built into ``outdir``."""
    docnames = index["docnames"]
    # A result links to a section whose title matches (alltitles) or to an index entry's
    # target (indexentries: a glossary term, say), and its excerpt is taken from there.
    anchors: dict[str, set[str]] = {name: set() for name in docnames}
    for places in index.get("alltitles", {}).values():
        for doc, anchor in places:
            if anchor:
                anchors[docnames[doc]].add(anchor)
    for places in index.get("indexentries", {}).values():
        for doc, anchor, _main in places:
            if anchor:
                anchors[docnames[doc]].add(anchor)
    found = {}
    for docname in docnames:
        page = outdir / f"{docname}.html"
        if page.is_file():
            text, spans = page_text(page.read_text(encoding="utf-8"), anchors[docname])
            found[docname] = [text, dict(sorted(spans.items()))]
    return found


def write_texts(app, exception) -> None:
    """At the end of an HTML build: ``searchtexts.js``, from ``searchindex.js`` and the pages."""
    if exception is not None or app.builder.name != "html":
        return
    outdir = Path(app.builder.outdir)
    index_file = outdir / "searchindex.js"
    if not index_file.is_file():
        return
    index = js_index.loads(index_file.read_text(encoding="utf-8"))
    data = json.dumps(texts(outdir, index), sort_keys=True, separators=(",", ":"))
    (outdir / TEXTS_FILE).write_text(f"var {TEXTS_GLOBAL} = {data};\n", encoding="utf-8")


#: The book's own page templates (``layout.html``: Sphinx's search index on the search page only;
#: ``copyright.html``: the footer's copyright line in the edition's language).
TEMPLATES = Path(__file__).resolve().parent / "templates"


def add_templates(app, config) -> None:
    """Put :data:`TEMPLATES` first on the template path, before the theme's own templates (and
    pydata-sphinx-theme's ``components`` folder, which it puts there too): its ``layout.html``
    extends the theme's and loads the search index on the search page only, its
    ``copyright.html`` replaces the theme's component."""
    if str(TEMPLATES) not in config.templates_path:
        config.templates_path.insert(0, str(TEMPLATES))


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.add_search_language(SearchEnglishChinese)
    app.connect("config-inited", add_templates)
    app.connect("builder-inited", index_edition_words)
    app.connect("build-finished", write_texts)
    app.connect("html-page-context", add_math_texts)
