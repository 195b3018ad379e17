"""The Chinese edition's own metadata, on the built book (``_build/html/zh``) and on small trees: the
glossary in pinyin order (``ndcg_book/glossary_order.py``), the search's synonyms and its
excerpts without TeX or code (``ndcg_book/search.py``). The built-book tests skip until ``make book``.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from docutils import nodes
from pypinyin import Style, lazy_pinyin
from sphinx import addnodes

from ndcg_book.glossary_order import sort_glossaries
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
ZH = BOOK / "zh"
BUILT = pytest.mark.skipif(
    not (ZH / "index.html").is_file(), reason=f"no Chinese edition at {ZH}: run `make book` first"
)


def spelled(term: str) -> list[str]:
    """A term's head (before its parenthesis) as a reader's dictionary orders it: toneless pinyin of
    its Chinese, its Latin letters lowercased (computed here with pypinyin, not with the module under
    test)."""
    head = re.split(r"[（(]", term, maxsplit=1)[0]
    return [w for p in lazy_pinyin(head, style=Style.NORMAL) for w in re.findall(r"[a-z0-9@]+", p.lower())]


def glossary_terms(page: str) -> list[str]:
    """The terms of a built glossary page, in the order the page shows them."""
    body = page.split('<dl class="simple glossary">', 1)[1].split("</dl>", 1)[0]
    return [
        unescape(re.sub(r"<[^>]+>", "", t)).rstrip("¶#").strip()
        for t in re.findall(r"<dt[^>]*>(.*?)</dt>", body, re.S)
    ]


@BUILT
def test_the_chinese_glossary_is_in_pinyin_order():
    terms = glossary_terms((ZH / "reference" / "glossary.html").read_text(encoding="utf-8"))
    assert len(terms) > 40 and any("相关性等级" in t for t in terms)
    keys = [spelled(t) for t in terms]
    out_of_order = [(a, b) for a, b, ka, kb in zip(terms, terms[1:], keys, keys[1:]) if ka > kb]
    assert not out_of_order, out_of_order[:5]
    # the English edition keeps its alphabetical order of the English terms
    english = glossary_terms((BOOK / "reference" / "glossary.html").read_text(encoding="utf-8"))
    assert [t.lower() for t in english] == sorted(t.lower() for t in english)


def test_a_glossary_is_sorted_by_the_pinyin_of_its_terms():
    items = []
    for term in (
        "相关性等级（relevance grade）",
        "NDCG（归一化折损累计增益）",
        "二元相关性（binary relevance）",
        "AP（平均精度）",
    ):
        items.append(nodes.definition_list_item("", nodes.term("", term), nodes.definition()))
    glossary = addnodes.glossary("", nodes.definition_list("", *items))
    document = nodes.document(None, None)
    document += glossary
    assert sort_glossaries(document) == 1
    shown = [
        item.next_node(nodes.term).astext() for item in glossary.next_node(nodes.definition_list).children
    ]
    assert shown == [
        "AP（平均精度）",
        "二元相关性（binary relevance）",
        "NDCG（归一化折损累计增益）",
        "相关性等级（relevance grade）",
    ]


# -- search: the sources' spellings find the book's terms; excerpts in words ----------------------


def _index(folder) -> dict:
    import json

    text = (folder / "searchindex.js").read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1 : text.rindex(")")])


def _pages(index: dict, term: str) -> set[str]:
    names = set()
    for kind in ("terms", "titleterms"):
        found = index[kind].get(term)
        found = [found] if isinstance(found, int) else found or []
        names |= {index["docnames"][i] for i in found}
    return names


#: A spelling of the sources (or an English name) a Chinese reader may search, as the search page
#: looks it up (lowercased, Latin words stemmed as Sphinx's Porter stemmer does), and chapters it must
#: find: each of them writes the book's own term.
SOURCE_SPELLINGS = {
    "折扣累积增益": ["chapters/02_dcg", "chapters/04_ndcg"],  # source 001
    "折损累积增益": ["chapters/02_dcg", "chapters/04_ndcg"],  # source 003
    "理想折扣累积增益": ["chapters/03_idcg"],  # source 001
    "位置偏置": ["chapters/04_ndcg"],  # source 004
    "pointwis": ["chapters/06_ltr"],  # Pointwise, stemmed
    "pairwis": ["chapters/06_ltr"],
    "listwis": ["chapters/06_ltr"],
}


@BUILT
@pytest.mark.parametrize("term", list(SOURCE_SPELLINGS))
def test_the_chinese_search_finds_the_sources_spellings(term):
    found = _pages(_index(ZH), term)
    assert set(SOURCE_SPELLINGS[term]) <= found, (term, sorted(found))


@BUILT
def test_ideal_dcg_without_a_space_finds_what_it_finds_with_one():
    # "理想DCG" is split at the change of script by the search page (_static/offline-search.js), so
    # it looks up 理想 and dcg, both terms of the IDCG chapter.
    index = _index(ZH)
    assert "chapters/03_idcg" in _pages(index, "理想") & _pages(index, "dcg")
    script = (ZH / "_static" / "offline-search.js").read_text(encoding="utf-8")
    assert "Search._parseQuery = (query) => parseQuery(query.replace(boundary" in script


@BUILT
@pytest.mark.parametrize("edition", ["en", "zh"])
def test_the_search_excerpts_hold_no_tex_and_no_code(edition):
    import json

    folder = ZH if edition == "zh" else BOOK
    text = (folder / "searchtexts.js").read_text(encoding="utf-8")
    texts = json.loads(text[text.index("=") + 1 : text.rindex(";")])
    tex = {
        page: re.findall(r"\\[(\[]|\\(?:frac|log|sum|text|mathrm)\b", t[0])[:3] for page, t in texts.items()
    }
    tex = {page: found for page, found in tex.items() if found}
    assert not tex, tex
    code = [page for page, t in texts.items() if "import ndcg" in t[0] or "ndcg.dcg(" in t[0]]
    assert not code, code
    # each formula of a page carries its plain text for the served book's excerpts
    page = (folder / "chapters" / "02_dcg.html").read_text(encoding="utf-8")
    formulas = re.findall(r'class="math"( data-ndcg-text="[^"]+")?', page)
    assert formulas and all(formulas), len(formulas)


# -- the reading time: the Chinese page's own 字 ---------------------------------------------------


@BUILT
def test_each_chinese_chapter_s_time_box_counts_its_chinese():
    from ndcg_book import timing
    from tests.book.helpers import ROOT

    for name in timing.chapter_names(ROOT):
        page = (ZH / "chapters" / f"{name}.html").read_text(encoding="utf-8")
        box = re.search(r'<div class="[^"]*ndcg-timing[^"]*">(.*?)</div>', page, re.S)
        assert box, name
        text = unescape(re.sub(r"<[^>]+>", "", box[1]))
        zh = timing.chapter(name, ROOT, "zh_CN")
        assert f"阅读约 {zh.minutes()} 分钟" in text and "估算方法" in text, (name, text[:200])
        assert "英文" not in text and "词" not in text, (name, text[:200])
