"""The search index of the book: Chinese terms inside longer runs, and the excerpts' texts.

``ndcg_book.search`` indexes every substring of every run of Chinese characters (Sphinx's
English splitter makes the whole run one word, and ``searchtools.js`` only looks a Chinese query
up as a term), and writes ``searchtexts.js`` for the excerpts of a book opened from ``file://``.
These tests build a small book with it (no notebook, no browser); ``tests/browser/test_search.py``
searches the built book in Chromium.
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from sphinx.search import js_index

import ndcg_book
from ndcg_book import search
from ndcg_book.search import SearchEnglishChinese, han_terms, page_text, plain_maths
from tests.book import small_sphinx
from tools import chromium as browser_setup

ROOT = Path(__file__).resolve().parents[2]
BOOK = browser_setup.book_html()


def test_every_substring_of_a_run_is_a_term():
    terms = han_terms("归一化折损累计增益")
    assert len(terms) == len(set(terms)) == 9 * 10 // 2
    assert {"折损", "累计增益", "归一化", "归一化折损累计增益", "益"} <= set(terms)
    # 排序学习 stays whole (jieba would cut it in two), and so do its halves
    assert {"排序学习", "排序", "学习"} <= set(han_terms("排序学习"))


def test_english_words_are_split_as_before():
    english = SearchEnglishChinese({})
    sentence = "The discounted cumulative gain (DCG@3) isn't normalised; NDCG is."
    assert english.split(sentence) == search.SearchEnglish({}).split(sentence)
    assert english.stem("discounted") == "discount"
    assert english.lang == "en"


def test_a_chinese_run_keeps_its_word_and_gains_its_substrings():
    words = SearchEnglishChinese({}).split("NDCG（归一化折损累计增益）")
    assert words[:2] == ["NDCG", "归一化折损累计增益"]
    assert "折损" in words and "累计增益" in words


def test_the_configuration_registers_the_extension():
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    assert re.search(r"^\s*- ndcg_book\b", config, re.MULTILINE) and "search" in ndcg_book.PARTS


def test_page_text_is_the_main_element_without_scripts_styles_and_heading_links():
    html = (
        "<html><body><nav>Menu</nav><div role='main'>"
        "<section id='top'><h1>IDCG (理想折损累计增益)<a class='headerlink' href='#top'>#</a></h1>"
        "<style>p { color: red }</style><p>The ideal\n    DCG.</p>"
        "<section id='sub'><h2>Sub</h2><p>A &amp; B<br>C</p><script>var x = 1;</script></section>"
        "</section></div><footer>Footer</footer></body></html>"
    )
    text, spans = page_text(html, {"sub", "top", "missing"})
    assert text == "IDCG (理想折损累计增益)The ideal DCG.SubA & BC"
    assert text[slice(*spans["sub"])] == "SubA & BC"
    assert text[slice(*spans["top"])] == text
    assert "missing" not in spans


def test_offsets_count_as_javascript_does():
    # A character outside the Basic Multilingual Plane is two UTF-16 code units in JavaScript.
    text, spans = page_text("<main role='main'><p>\U0002000b x</p><section id='s'>y</section></main>", {"s"})
    assert text == "\U0002000b xy"
    assert spans["s"] == [4, 5]


def test_an_excerpt_reads_formulas_as_plain_text_and_leaves_code_out():
    html = (
        "<main role='main'><p>The gain <span class='math notranslate nohighlight'>\\(2^{rel_i} - 1\\)</span>"
        " of a grade.</p><div class='math notranslate nohighlight'>\\[\\mathrm{DCG@}k = \\sum_{i=1}^{k}"
        " \\frac{rel_i}{\\log_2(i+1)}\\]</div><div class='cell docutils container'><div class='cell_input'>"
        "<div class='highlight'><pre>ndcg.dcg(grades, k=3)</pre></div></div><div class='cell_output'>"
        "<p>2.5</p></div></div><div class='highlight-python'><div class='highlight'><pre>x = 1</pre></div>"
        "</div><p>Then <code>ndcg.dcg</code>.</p></main>"
    )
    text, _ = page_text(html)
    assert text == "The gain 2^rel_i - 1 of a grade. DCG@k = Σ_(i=1)^k rel_i/(log_2(i+1)) 2.5Then ndcg.dcg."
    assert "\\" not in text and "{" not in text and "ndcg.dcg(" not in text


def test_an_excerpt_reads_a_katex_formula_from_its_tex_annotation():
    # KaTeX typesets at build time: its drawing and its MathML's symbols are not the formula's text
    html = (
        "<main role='main'><p>The gain <span class='math'><span class='katex'><span class='katex-mathml'>"
        "<math><semantics><mrow><msup><mn>2</mn><mi>r</mi></msup></mrow>"
        "<annotation encoding='application/x-tex'>2^{rel_i} - 1</annotation></semantics></math></span>"
        "<span class='katex-html' aria-hidden='true'><span class='mord'>2</span></span></span></span>"
        " of a grade.</p></main>"
    )
    text, _ = page_text(html)
    assert text == "The gain 2^rel_i - 1 of a grade."


@pytest.mark.parametrize(
    ("tex", "plain"),
    [
        ("\\(rel_i\\)", "rel_i"),
        ("\\(\\text{P@}k = \\frac{\\text{relevant in the top } k}{k}\\)", "P@k = (relevant in the top k)/k"),
        ("\\(p^{i-1}\\)", "p^(i-1)"),
        ("\\[ \\begin{aligned} a &= 1 \\\\ b &= 2 \\end{aligned} \\]", "a = 1 ; b = 2"),
        ("$1/\\log_2(i+1)$", "1/log_2(i+1)"),
        (
            "\\[rel_i \\cdot \\underbrace{\\frac{1}{\\log_2(i+1)}}_{\\text{discount of rank } i}\\]",
            "rel_i · 1/(log_2(i+1)) (discount of rank i)",
        ),
    ],
)
def test_plain_maths(tex, plain):
    assert plain_maths(tex) == plain


# -- the extension, in a small build ------------------------------------------------------------


def _small_book(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    (src / "chapters").mkdir(parents=True)
    (src / "conf.py").write_text(
        'extensions = ["myst_parser"]\n'
        'exclude_patterns = ["_build"]\nhtml_theme = "basic"\nlanguage = "en"\n'
        + small_sphinx.parts_setup("search"),
        encoding="utf-8",
    )
    (src / "index.md").write_text(
        "# Home\n\nStart here: the discounted gain.\n\n```{toctree}\n:hidden:\n\nchapters/idcg\nchapters/ltr\n"
        "chapters/outputs\n```\n",
        encoding="utf-8",
    )
    (src / "chapters" / "idcg.md").write_text(
        textwrap.dedent(
            """\
            # IDCG — the best possible ranking (理想折损累计增益)

            The ideal DCG, discounted by position.

            ## Sorting the grades

            Sort the grades (排序) first.
            """
        ),
        encoding="utf-8",
    )
    (src / "chapters" / "ltr.md").write_text(
        "# Learning to rank (排序学习)\n\n折损 alone, and 排序学习的目标 inside a longer run.\n\n"
        "```{glossary}\nideal ranking\n  The best order (理想排序).\n```\n",
        encoding="utf-8",
    )
    # two-language cell outputs, as the book's build writes them (ndcg.course.i18n): an HTML one,
    # and a Markdown one, whose lists are parsed between the raw tags of each language's block
    (src / "chapters" / "outputs.md").write_text(
        textwrap.dedent(
            """\
            # Outputs

            <p><span class="ndcg-lang" lang="en">Shuffle the cards</span><span class="ndcg-lang" lang="zh-Hans">洗牌重来</span></p>

            <div class="ndcg-lang" lang="en">

            - **objective**: boosted trees

            </div>
            <div class="ndcg-lang" lang="zh-Hans">

            - **目标函数**：提升树

            </div>

            <div class="ndcg-lang" lang="en">

            - **leaves**: grown leaf-wise

            </div>

            <div class="ndcg-lang" lang="zh-Hans">

            - **叶子**：按叶生长

            </div>

            After the outputs.
            """
        ),
        encoding="utf-8",
    )
    return src


@pytest.fixture(scope="module")
def small_build(tmp_path_factory):
    pytest.importorskip("myst_parser")
    tmp_path = tmp_path_factory.mktemp("search")
    out, warnings = small_sphinx.build(_small_book(tmp_path), tmp_path)
    assert not warnings, warnings
    return out


def _pages(index: dict, term: str) -> set[str]:
    """The pages a term is found on, in the body or a title, as searchtools.js looks it up."""
    found = set()
    for mapping in (index["terms"], index["titleterms"]):
        docs = mapping.get(term, [])
        found |= {index["docnames"][doc] for doc in ([docs] if isinstance(docs, int) else docs)}
    return found


def test_the_index_finds_chinese_substrings(small_build):
    index = js_index.loads((small_build / "searchindex.js").read_text(encoding="utf-8"))
    # 折损 is a word of its own in ltr, and part of the IDCG chapter's title
    assert _pages(index, "折损") == {"chapters/idcg", "chapters/ltr"}
    assert _pages(index, "累计增益") == {"chapters/idcg"}
    # 排序学习 is a word in ltr's title, and part of a longer run in its body
    assert _pages(index, "排序学习") == {"chapters/ltr"}
    assert _pages(index, "排序") == {"chapters/idcg", "chapters/ltr"}
    # English words are stemmed as before
    assert _pages(index, "discount") == {"index", "chapters/idcg"}


def test_the_index_holds_the_edition_s_copy_of_a_two_language_output_only(small_build):
    index = js_index.loads((small_build / "searchindex.js").read_text(encoding="utf-8"))
    for english in ("shuffl", "card", "boost", "tree", "leav", "grown", "after"):
        assert _pages(index, english) == {"chapters/outputs"}, english
    for chinese in ("洗牌重来", "洗牌", "目标函数", "提升树", "提升", "叶子", "按叶生长"):
        assert _pages(index, chinese) == set(), chinese
    # and the page is written with both copies, as before (its CSS shows its edition's)
    page = (small_build / "chapters" / "outputs.html").read_text(encoding="utf-8")
    assert "洗牌重来" in page and "目标函数" in page and "boosted trees" in page


def test_the_build_writes_the_excerpts_texts(small_build):
    source = (small_build / search.TEXTS_FILE).read_text(encoding="utf-8")
    prefix = f"var {search.TEXTS_GLOBAL} = "
    assert source.startswith(prefix) and source.endswith(";\n")
    texts = json.loads(source[len(prefix) : -2])
    index = js_index.loads((small_build / "searchindex.js").read_text(encoding="utf-8"))
    assert set(texts) == set(index["docnames"])
    text, sections = texts["chapters/idcg"]
    assert text.startswith("IDCG — the best possible ranking (理想折损累计增益) The ideal DCG")
    assert "¶" not in text and "#" not in text  # no heading links
    # every section the index can point a result to, located in the page's text
    anchors = {anchor for places in index["alltitles"].values() for doc, anchor in places if anchor}
    assert "sorting-the-grades" in anchors
    assert text[slice(*sections["sorting-the-grades"])] == "Sorting the grades Sort the grades (排序) first."
    # and every index entry's target: a glossary term's result links to the term
    targets = {anchor for places in index["indexentries"].values() for doc, anchor, _ in places}
    assert "term-ideal-ranking" in targets
    text, sections = texts["chapters/ltr"]
    assert text[slice(*sections["term-ideal-ranking"])] == "ideal ranking"


# -- the built book ---------------------------------------------------------------------------------


@pytest.mark.skipif(
    not (BOOK / "search.html").is_file(), reason=f"no built book at {BOOK}: run `make book` first"
)
@pytest.mark.parametrize("edition", ["", "zh"])
def test_only_the_search_page_loads_the_index(edition):
    # pydata-sphinx-theme loads Sphinx's search on every page; the book's layout.html keeps it on
    # the search page only, and the rest of the theme's head as it was (tests/browser/test_search.py
    # searches from a chapter's search box).
    root = BOOK / edition if edition else BOOK
    scripts = re.compile(r'<script src="[./]*(?:_static/searchtools|_static/language_data|searchindex)\.js')
    pages = [
        page for page in root.rglob("*.html") if "_static" not in page.parts and "slides" not in page.parts
    ]
    pages = [page for page in pages if not (edition == "" and page.relative_to(root).parts[0] == "zh")]
    loading = {}
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if "<head>" not in text or "pst-" not in text:  # a redirect or a page that is not the theme's
            continue
        assert '<meta name="docsearch:language"' in text, page
        loading[page.relative_to(root).as_posix()] = len(scripts.findall(text))
    assert len(loading) > 30 and loading.pop("search.html") == 3, loading.get("search.html")
    assert not {page: count for page, count in loading.items() if count}
