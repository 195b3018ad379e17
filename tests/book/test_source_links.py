"""The Sources page and the links to it: every "source 00X" of the book is a link to its entry.

* The markup layer (:mod:`ndcg.course.cards.markup`) finds the mentions and links them in HTML,
  the views' layer links the JSON data of the kernel-free flashcards and quiz, and the Sphinx
  extension :mod:`ndcg_book.sources` applies both to every page (a small Sphinx build
  here checks the relative links at two depths, and that an unknown code fails the build).
* Every code the course's texts use is described on ``reference/sources.md``.
* The notebooks and the Anki deck keep plain text: no link.
* In the built book (``book`` marker), every mention in a page's article and in the slide decks
  sits inside a link whose target page and anchor exist.
"""

from __future__ import annotations

import html.parser
import json
import re
import textwrap
import urllib.parse
from pathlib import Path

import pytest

from ndcg.course import cards
from ndcg.course.cards.markup import UnknownSource, link_sources, link_text, source_spans
from ndcg.course.cards.views import flashcards, link_view_sources, quiz
from tests.book import small_sphinx
from tests.book.helpers import VOID_ELEMENTS
from tools import chromium as browser_setup

ROOT = Path(__file__).resolve().parents[2]
SOURCES_PAGE = ROOT / "reference" / "sources.md"
BOOK = browser_setup.book_html()
TARGET = re.compile(r"^\(source-(\d{3})\)=$", re.M)


def described() -> set[str]:
    """The codes ``reference/sources.md`` describes (its ``(source-00X)=`` targets)."""
    return set(TARGET.findall(SOURCES_PAGE.read_text(encoding="utf-8")))


def course_texts() -> list[Path]:
    """Every text the book, the slides, the cards and the notes are made from."""
    patterns = (
        "*.md",
        "chapters/*.md",
        "learners/*.md",
        "reference/*.md",
        "instructors/*.md",
        "instructors/slides/*.md",
        "ndcg/course/content/*.yaml",
    )
    return sorted(path for pattern in patterns for path in ROOT.glob(pattern))


def unknown_codes(text: str, known: set[str]) -> list[str]:
    """The codes ``text`` names as sources ("source 005") that ``known`` lacks."""
    return [code for _, _, code in source_spans(text) if code not in known]


# -- the markup layer ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, linked",
    [
        ("as source 002 shows", ["source 002"]),
        ("Source 004's learner", ["Source 004"]),
        ("sources 000 and 002 agree", ["sources 000", "002"]),
        ("sources 001, 003 and 004", ["sources 001", "003", "004"]),
        ("sources 000, 002, or 003", ["sources 000", "002", "003"]),
        ("source 004, stage 3", ["source 004"]),
        ("1,000 queries and 003 results", []),
        ("the resource 002", []),
    ],
)
def test_every_form_of_a_mention_is_found(text, linked):
    assert [text[a:b] for a, b, _ in source_spans(text)] == linked


def test_a_source_field_links_every_code():
    assert [code for *_, code in source_spans("001, §6; 004, stage 3", bare=True)] == ["001", "004"]
    assert source_spans("001, §6; 004, stage 3") == []


def test_links_are_relative_to_the_page():
    assert 'href="sources.html#source-003"' in link_text("source 003", "sources.html")
    assert 'href="../sources.html#source-003"' in link_text("source 003", "../sources.html")
    assert 'href="#source-003"' in link_text("source 003", "")


def test_code_controls_and_links_are_left_alone():
    fragment = (
        "<p><code>source 001</code> <a href='x'>source 001</a> <button>source 001</button> "
        "<label><input type='checkbox'>source 001</label> <pre>source 001</pre> "
        "<script>var s = 'source 001';</script> <em>source 001</em></p>"
    )
    linked = link_sources(fragment, "sources.html")
    assert linked.count("#source-001") == 1
    assert '<em><a class="reference internal sources-link" href="sources.html#source-001">' in linked


def test_text_is_escaped_and_entities_kept():
    linked = link_sources("<p>source 002 &amp; &lt;b&gt;</p>", "s.html")
    assert linked.endswith(" &amp; &lt;b&gt;</p>")


def test_an_unknown_code_is_an_error():
    with pytest.raises(UnknownSource, match="source 005"):
        link_sources("<p>source 005</p>", "sources.html", known={"000", "001", "002", "003", "004"})
    with pytest.raises(ValueError, match="str"):
        link_sources(None, "sources.html")


def test_the_views_data_is_linked_and_the_source_field_gets_html():
    page = link_view_sources(flashcards("04_ndcg").html(), "../sources.html", known=described())
    island = re.search(r'<script type="application/json" data-ndcg-data>(.*?)</script>', page, re.S)
    data = json.loads(island.group(1))
    assert any(card.get("source") for card in data["cards"])
    for card in filter(lambda card: card.get("source"), data["cards"]):
        # one citation marker per source the field names, and nothing else
        assert card["source_html"].count('<sup class="source-cite">') == len(
            {code for *_, code in source_spans(card["source"], bare=True)}
        )
        assert re.sub(r"<sup class=\"source-cite\">.*?</sup>", "", card["source_html"]) == ""
    quiz_page = link_view_sources(quiz("04_ndcg").html(), "../sources.html", known=described())
    assert 'class="ndcg-fc-source"><sup class="source-cite"><a ' in quiz_page
    assert "Source: " not in re.sub(r"<[^>]*>", "", quiz_page.split("data-ndcg-data>")[0])


def test_views_made_for_notebooks_hold_no_link():
    # Only the book's build links them: what a notebook stores, and the live widgets, stay plain.
    for chapter in cards.chapters():
        for view in (flashcards(chapter), quiz(chapter)):
            assert "sources.html" not in view.html()


# -- the Sources page describes every code the course uses -------------------------------------------


def test_the_sources_page_describes_the_five_documents():
    assert described() == {"000", "001", "002", "003", "004"}
    text = SOURCES_PAGE.read_text(encoding="utf-8")
    for code in sorted(described()):
        entry = text.split(f"(source-{code})=")[1].split("\n(source-")[0]
        for field in ("**Title:**", "**Kind:**", "**Language:**", "**What the course keeps.**"):
            assert field in entry, (code, field)
        assert "**What the course corrects.**" in entry and "{ref}`" in entry, code


def test_every_source_the_course_names_is_on_the_sources_page():
    known = described()
    problems = {}
    for path in course_texts():
        found = unknown_codes(path.read_text(encoding="utf-8"), known)
        if found:
            problems[path.relative_to(ROOT).as_posix()] = found
    for path in (ROOT / "ndcg" / "course" / "content").glob("*.yaml"):
        for field in re.findall(r'^\s+source: "([^"]*)"', path.read_text(encoding="utf-8"), re.M):
            if [code for *_, code in source_spans(field, bare=True) if code not in known]:
                problems.setdefault(path.name, []).append(field)
    assert not problems, f"sources not described on reference/sources.md: {problems}"


def test_the_check_above_catches_an_undescribed_source():
    assert unknown_codes("as source 005 says, and sources 001 and 006", described()) == ["005", "006"]


def test_the_sources_page_is_in_the_reference_part():
    toc = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    reference = toc.split("caption: Reference")[1]
    assert "- file: reference/sources" in reference


# -- the Sphinx extension, in a small build ---------------------------------------------------------


def _small_book(tmp_path: Path, extra: str = "") -> Path:
    src = tmp_path / "src"
    (src / "chapters").mkdir(parents=True)
    (src / "conf.py").write_text(
        'extensions = ["myst_parser"]\n'
        'exclude_patterns = ["_build"]\nhtml_theme = "basic"\n' + small_sphinx.parts_setup("sources"),
        encoding="utf-8",
    )
    (src / "index.md").write_text(
        "# Home\n\nAs source 000 says, and sources 001 and 002; not `source 001`.\n\n"
        "```{toctree}\nsources\nchapters/one\n```\n",
        encoding="utf-8",
    )
    (src / "sources.md").write_text(
        "# Sources\n\n"
        + "".join(
            f"(source-{code})=\n## {code}\n\nSource {code} is here.\n\n" for code in ("000", "001", "002")
        )
        + "```{raw} html\n<p>Source 002's table</p>\n```\n",
        encoding="utf-8",
    )
    (src / "chapters" / "one.md").write_text(
        textwrap.dedent(
            """\
            # One (source 002)

            Source 001's example, [a link about source 000](https://example.org), as source
            001 says across a line break.

            ```python
            # source 001
            ```

            ```{raw} html
            <div class="ndcg-fc-source">Source: 000, §1; 002</div>
            ```

            A worked example.{src}`000`
            """
        )
        + extra,
        encoding="utf-8",
    )
    return src


def _build(src: Path, tmp_path: Path):
    return small_sphinx.build(src, tmp_path)


def test_the_extension_links_at_any_depth(tmp_path):
    pytest.importorskip("myst_parser")
    out, warnings = _build(_small_book(tmp_path), tmp_path)
    assert "not described" not in warnings
    home = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="sources.html#source-000"' in home and 'href="sources.html#source-002"' in home
    assert "<code" in home and 'href="sources.html#source-001"' in home
    one = (out / "chapters" / "one.html").read_text(encoding="utf-8")
    assert 'href="../sources.html#source-001">Source 001</a>' in one
    assert 'href="../sources.html#source-002">source 002</a>' in one  # in the title
    assert 'href="https://example.org">a link about source 000</a>' in one  # an existing link, untouched
    assert 'href="../sources.html#source-001">source\n001</a>' in one  # across a soft line break
    assert "# source 001" in one and one.count("#source-001") == 2  # not in the code
    # a source: field becomes its citation markers, each named by its entry's title
    field = re.search(r'<div class="ndcg-fc-source">(.*?)</div>', one, re.S).group(1)
    assert re.findall(r'href="([^"]+)"[^>]*>\[(\d+)\]</a></sup>', field) == [
        ("../sources.html#source-000", "000"),
        ("../sources.html#source-002", "002"),
    ]
    assert re.sub(r"<[^>]*>", "", field) == "[000][002]"  # "Source:", "§1" stay on the Sources page
    assert 'aria-label="Source: 000"' in field
    # the role {src}: a superscript marker linked to the entry, with an accessible name
    marker = '<sup class="source-cite"><a class="reference internal source-cite-link" href="../sources.html#source-000"'
    assert "A worked example." + marker in one and 'aria-label="Source: 000">[000]</a></sup>' in one
    sources = (out / "sources.html").read_text(encoding="utf-8")
    assert 'href="#source-002">Source 002</a>' in sources
    assert 'id="source-002"' in sources


def test_the_extension_warns_on_an_undescribed_source(tmp_path):
    pytest.importorskip("myst_parser")
    _, warnings = _build(_small_book(tmp_path, "\nAs source 004 says.\n"), tmp_path)
    assert "source 004 is not described on the Sources page" in warnings


def test_a_citation_of_an_undescribed_or_malformed_code_is_a_warning(tmp_path):
    pytest.importorskip("myst_parser")
    _, warnings = _build(_small_book(tmp_path, "\nCited.{src}`004` Badly.{src}`three`\n"), tmp_path)
    assert "{src}`004` cites a source the Sources page does not describe" in warnings
    assert "{src} takes a source's code of three digits, like 003, not 'three'" in warnings


# -- plain text where there is no book -----------------------------------------------------------


def test_the_notebooks_hold_no_link_to_the_sources_page():
    notebooks = [*ROOT.glob("notebooks/**/*.ipynb"), *ROOT.glob("exercises/**/*.ipynb")]
    assert notebooks
    linked = [path.name for path in notebooks if "#source-0" in path.read_text(encoding="utf-8")]
    assert not linked


def test_the_anki_deck_holds_no_link(tmp_path):
    genanki = pytest.importorskip("genanki")
    from ndcg.course import anki

    fields = [field for deck in anki.package().decks for note in deck.notes for field in note.fields]
    assert any(re.search(r"\b00\d\b", field) for field in fields)  # the cards' source fields
    assert not [field for field in fields if "sources.html" in field or "sources-link" in field]
    assert genanki


# -- the built book ------------------------------------------------------------------------------------


class _Mentions(html.parser.HTMLParser):
    """Every source code in a page's text, with the link around it (or None)."""

    SKIP = frozenset(
        {"code", "pre", "script", "style", "button", "label", "title", "kbd", "samp", "textarea"}
    )
    VOID = VOID_ELEMENTS

    def __init__(self, start_class: str):
        super().__init__(convert_charrefs=True)
        self.start_class = start_class
        self.stack: list[tuple[str, dict]] = []
        self.depth_in = None  # stack depth of the element we read, once inside it
        self.found: list[tuple[str, str | None]] = []  # (mention, href of the enclosing link)
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag in self.VOID:
            return
        self.stack.append((tag, attrs))
        if self.depth_in is None and self.start_class in (attrs.get("class") or "").split():
            self.depth_in = len(self.stack)

    def handle_endtag(self, tag):
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break
        if self.depth_in is not None and len(self.stack) < self.depth_in:
            self.depth_in = None

    def handle_data(self, data):
        if self.depth_in is None or any(tag in self.SKIP for tag, _ in self.stack):
            return
        bare = any(
            {"ndcg-fc-source", "ndcg-src"} & set((attrs.get("class") or "").split())
            for _, attrs in self.stack
        )
        href = next((attrs.get("href") for tag, attrs in reversed(self.stack) if tag == "a"), None)
        for start, end, code in source_spans(data, bare=bare):
            self.found.append((data[start:end], code, href))


def mentions(page: Path, start_class: str):
    parser = _Mentions(start_class)
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.found


def _anchors(page: Path) -> set[str]:
    parser = _Mentions("-")
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.ids


def book_pages() -> list[Path]:
    if not BOOK.is_dir():
        return []
    return sorted(
        path
        for path in BOOK.rglob("*.html")
        if not path.relative_to(BOOK).parts[0].startswith("_")
        and path.name not in ("search.html", "genindex.html")
    )


@pytest.mark.book
@pytest.mark.skipif(not BOOK.is_dir(), reason=f"no built book at {BOOK}: run `make book` first")
def test_every_mention_in_the_built_book_links_to_an_existing_entry():
    entries = _anchors(BOOK / "reference" / "sources.html")
    assert {f"source-{code}" for code in described()} <= entries
    checked, problems = 0, []
    for page in book_pages():
        rel = page.relative_to(BOOK).as_posix()
        start = "slides" if rel.startswith("slides/") else "bd-article"
        # a page of the Chinese edition (zh/) links to its own edition's Sources page
        sources_page = BOOK / ("zh/" if rel.startswith("zh/") else "") / "reference" / "sources.html"
        for text, code, href in mentions(page, start):
            checked += 1
            if href is None:
                problems.append(f"{rel}: {text!r} is not a link")
                continue
            target = urllib.parse.urlsplit(href)
            resolved = (page.parent / urllib.parse.unquote(target.path)).resolve() if target.path else page
            if resolved != sources_page.resolve() or target.fragment != f"source-{code}":
                problems.append(f"{rel}: {text!r} links to {href}")
            elif target.fragment not in entries:
                problems.append(f"{rel}: {href} has no anchor on sources.html")
    assert checked > 150, checked
    assert not problems, "\n".join(problems[:40])


@pytest.mark.book
@pytest.mark.skipif(not BOOK.is_dir(), reason=f"no built book at {BOOK}: run `make book` first")
def test_the_sources_page_is_built_with_every_entry():
    page = (BOOK / "reference" / "sources.html").read_text(encoding="utf-8")
    for code in described():
        assert f'id="source-{code}"' in page
    assert "../chapters/04_ndcg.html#ndcg-worst-order" in page


# -- the kernel-free views, rendered in the browser ------------------------------------------------------

#: Every mention in a view's visible text, with where its link points (resolved by the browser).
_MENTIONS_JS = r"""
(root) => {
  const found = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const skip = "code, pre, script, style, button, label";
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(skip) || parent.closest("[hidden]")) { continue; }
    const bare = !!parent.closest(".ndcg-fc-source, .ndcg-src");
    const pattern = bare ? /\b0\d\d\b/g : /\b[Ss]ources?\s+(0\d\d)/g;
    for (const match of node.textContent.matchAll(pattern)) {
      const code = bare ? match[0] : match[1];
      const link = parent.closest("a");
      const url = link ? new URL(link.getAttribute("href"), window.location.href) : null;
      found.push({code: code, text: match[0], path: url ? url.pathname : null, hash: url ? url.hash : null});
    }
  }
  return found;
}
"""


def _check_links(found, book_page: Path) -> None:
    sources = (BOOK / "reference" / "sources.html").resolve()
    entries = _anchors(BOOK / "reference" / "sources.html")
    for mention in found:
        assert mention["path"], f"{book_page.name}: {mention['text']!r} is not a link"
        assert Path(urllib.parse.unquote(mention["path"])).resolve() == sources, mention
        assert mention["hash"] == f"#source-{mention['code']}" and mention["hash"][1:] in entries, mention


@pytest.mark.book
@pytest.mark.skipif(not BOOK.is_dir(), reason=f"no built book at {BOOK}: run `make book` first")
def test_the_views_link_their_sources_in_the_browser(browser):
    # A chapter one folder down, opened from file:// (the book on a USB stick).
    page_file = BOOK / "chapters" / "00_why.html"
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(page_file.resolve().as_uri())
    page.wait_for_selector(".ndcg-kf[data-ready=true]", state="attached")
    deck = cards.load("00_why")
    found = []
    # every card: flip it (its answer and its source appear), read it, go on
    root = page.locator(".ndcg-fc").first
    for _card in deck.flashcards:
        root.locator("[data-action=flip]").click()
        found += root.evaluate(_MENTIONS_JS)
        source = root.locator("[data-role=source]")
        if source.inner_text().strip():  # the card's source: citation markers, [004], and nothing else
            assert source.locator("a.source-cite-link").count() >= 1
            assert re.fullmatch(r"(\[0\d\d\]\s*)+", source.inner_text().strip())
        root.locator("[data-action=flip]").click()
        root.locator("[data-action=next]").click()
    # every option of every single-answer and true-false question: its feedback appears
    quiz_root = page.locator(".ndcg-qz").first
    for question in deck.quiz:
        box = quiz_root.locator(f'[data-question="{question.id}"]')
        if question.kind == "multi-select":
            continue
        for choice in range(len(question.options)):
            box.locator(f"button[data-option='{choice}']").click()
            found += box.locator("[data-role=feedback]").evaluate(_MENTIONS_JS)
    found += quiz_root.evaluate(_MENTIONS_JS)
    context.close()
    assert len(found) >= 5, found
    assert {mention["code"] for mention in found} >= {"001", "003", "004"}
    _check_links(found, page_file)


@pytest.mark.book
@pytest.mark.skipif(not BOOK.is_dir(), reason=f"no built book at {BOOK}: run `make book` first")
def test_the_flashcards_page_links_its_sources_in_the_browser(browser):
    # The printable deck, one folder down (learners/), as the chapters are.
    page_file = BOOK / "learners" / "flashcards.html"
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(page_file.resolve().as_uri())
    found = page.locator("article").first.evaluate(_MENTIONS_JS)
    context.close()
    assert len(found) >= 40, len(found)
    _check_links(found, page_file)
