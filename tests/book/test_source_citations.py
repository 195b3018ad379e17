"""The chapters cite their five source documents the way a textbook does (issue 33, item 1).

The course grew out of five Chinese documents, described on the Sources page
(``reference/sources.md``), and its audit of them (what each got right, what each got wrong) stays
there and on its companion pages. A core page (``chapters/0N_*.md``) does not call them "source
003" in its headings, its exercises, its quiz or its flashcards: it cites a source with a small
marker, ``[003]`` (the role ``{src}`003```, :mod:`ndcg_book.sources`), a link to the source's
entry on the Sources page; a flashcard's or a quiz question's ``source:`` field shows as the same
markers.

These checks read the built pages of both editions (``_build/html`` and ``_build/html/zh``: the
view's data island holds each card's and option's text in both languages) and skip until
``make book``:

* no heading, exercise or solution, quiz text or feedback, or card face of a core page carries a
  label like "source 003", "Source: 002", "来源 003" or "来源：002";
* a card's and a question's ``source:`` field is citation markers and nothing else;
* every marker of a core page links to an entry (an element with that id) on the edition's own
  Sources page; and each of chapters 0 to 4, whose examples come from the sources, has markers.

The companion pages (``chapters/further/``) are held to the same rule in all their text, prose,
captions, tables and code comments alike: a source is named by what it is ("a worked example",
"a tutorial") and cited with a marker, never by its code, bare ("002's table", "(001, §4.2)") or
labelled ("source 002"). Only the audit's companion page, ``further/05-sources-claims``, names the
sources by code, as the Sources page does.

A notebook has no Sources page to follow a code to: there a card's or question's ``source:`` field
names each document after its code, in the notebook's language, with the title the Sources page
gives its entry (``ndcg.course.cards.markup.SOURCE_NAMES`` and their translations in the catalogue
``cards/sources``, held here to the page's headings and their Chinese).
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from tests.book.helpers import VOID_ELEMENTS
from tools import chromium as browser_setup

ROOT = Path(__file__).resolve().parents[2]
BOOK = browser_setup.book_html()
EDITIONS = {"en": BOOK, "zh": BOOK / "zh"}
#: The core pages: the chapters, not their companion pages (chapters/further/).
CORE = sorted(path.stem for path in (ROOT / "chapters").glob("0*.md"))
#: The chapters whose examples come from the sources: each cites them at least once.
CITING = [stem for stem in CORE if stem[:2] in {"00", "01", "02", "03", "04"}]
SOURCES_PAGE = "reference/sources.html"
#: The companion page that holds the audit of the sources, with the Sources page: it names them.
AUDIT = {"05-sources-claims"}
#: The companion pages of the chapters, the audit's aside: ``further/02-gains`` ...
COMPANIONS = sorted(
    f"further/{path.stem}" for path in (ROOT / "chapters" / "further").glob("*.md") if path.stem not in AUDIT
)

#: A source named by its code as a label, in either language: "source 003", "Sources 000 and",
#: "Source: 002" (a card's old footer), "来源 003", "资料 003", "来源：002".
LABEL = re.compile(r"(?<![A-Za-z])[Ss]ources?(?::|\s)\s*0\d\d(?!\d)|(?:来源|资料)\s*[:：]?\s*0\d\d(?!\d)")
#: A citation marker as :func:`ndcg.course.cards.markup.cite_html` writes it.
MARKER = re.compile(
    r'<sup class="source-cite"><a class="reference internal source-cite-link" href="([^"]+)"[^>]*>\[0\d\d\]</a></sup>'
)
#: A source's code standing alone in a text: "002's table", "(001, §4.2)", "来源002"; not a number's
#: digits ("10,000", "20_000", "0.005"), an identifier's ("ex000") or a marker's ("[003]").
BARE = re.compile(r"(?<![A-Za-z0-9_,.\[])0\d\d(?![0-9_\]%])")
_ISLAND = re.compile(r'<script type="application/json" data-ndcg-data>(.*?)</script>', re.S)
_VOID = VOID_ELEMENTS


class _Regions(HTMLParser):
    """The text of a page's headings, exercises (and their solutions) and views' skeletons, the
    inner HTML of its ``source:`` fields, and the links of its citation markers."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, set[str]]] = []
        self.text = {"heading": [], "exercise": [], "quiz": [], "flashcards": []}
        self.fields: list[str] = []
        self.cites: list[str] = []
        self._field: list[str] | None = None
        self._field_depth = 0

    def _regions(self, tag: str, attrs: dict) -> set[str]:
        classes = set((attrs.get("class") or "").split())
        found = set()
        if re.fullmatch(r"h[1-6]", tag):
            found.add("heading")
        if classes & {"exercise", "solution"}:
            found.add("exercise")
        if attrs.get("data-ndcg-view") in ("quiz", "flashcards"):
            found.add(attrs["data-ndcg-view"])
        return found

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self._field is not None:
            self._field.append(self.get_starttag_text())
            if tag not in _VOID:
                self._field_depth += 1
        elif (
            tag == "div"
            and "ndcg-fc-source" in (attrs.get("class") or "").split()
            and "data-role" not in attrs  # the flashcards' slot, filled from the data's source_html
        ):
            self._field, self._field_depth = [], 0
        if tag == "a" and "source-cite-link" in (attrs.get("class") or "").split():
            self.cites.append(attrs.get("href") or "")
        if tag in _VOID:
            return
        inherited = self.stack[-1][1] if self.stack else set()
        self.stack.append((tag, inherited | self._regions(tag, attrs)))

    def handle_endtag(self, tag):
        if self._field is not None:
            if self._field_depth == 0 and tag == "div":
                self.fields.append("".join(self._field))
                self._field = None
            else:
                self._field.append(f"</{tag}>")
                self._field_depth -= 1
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data):
        if self._field is not None:
            self._field.append(data)
        if self.stack and self.stack[-1][0] in ("script", "style"):
            return
        for region in self.stack[-1][1] if self.stack else ():
            self.text[region].append(data)


def built(edition: str, stem: str) -> Path:
    page = EDITIONS[edition] / "chapters" / f"{stem}.html"
    if not page.is_file():
        pytest.skip(f"no built page {page}: run `make book` first")
    return page


def regions(page: Path) -> _Regions:
    reader = _Regions()
    reader.feed(page.read_text(encoding="utf-8"))
    reader.close()
    return reader


def islands(page: Path) -> list[dict]:
    """The data of the page's flashcards and quiz views (their JSON islands)."""
    found = []
    for raw in _ISLAND.findall(page.read_text(encoding="utf-8")):
        data = json.loads(raw)
        if "cards" in data or "questions" in data:
            found.append(data)
    return found


def strings(value) -> list[str]:
    """Every string in a view's data, its words for the script aside."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for key, item in value.items() if key != "words" for text in strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def labels(texts) -> list[str]:
    """The source labels in ``texts``, their tags aside (a marker's accessible name, "Source:
    003: study notes …", is its label, not the page's words)."""
    return [match.group() for text in texts for match in LABEL.finditer(re.sub(r"<[^>]*>", " ", text))]


PAGES = pytest.mark.parametrize("edition, stem", [(e, s) for e in EDITIONS for s in CORE])
COMPANION_PAGES = pytest.mark.parametrize("edition, stem", [(e, s) for e in EDITIONS for s in COMPANIONS])


def article_text(path: Path) -> str:
    """The words of a page's article as a reader sees them: no script or style, no citation
    marker (its ``[003]`` is the citation itself), no tag or attribute, entities decoded."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", path.read_text(encoding="utf-8"), flags=re.S)
    article = page.split("<article", 1)[-1].split("</article>", 1)[0]
    return html.unescape(re.sub(r"<[^>]*>", " ", MARKER.sub(" ", article)))


def named_by_code(text: str) -> list[str]:
    """Every place ``text`` names a source by its code, labelled or bare, with a little context."""
    found = [match.group() for match in LABEL.finditer(text)]
    return found + [text[max(0, m.start() - 20) : m.end() + 5] for m in BARE.finditer(text)]


def test_the_label_pattern_finds_every_form_of_a_source_label():
    found = labels(
        [
            "as source 003 printed",
            "Sources 000 and 002",
            "Source: 002; 000 §1",
            "来源 003 印出",
            "来源：002",
            "资料003",
        ]
    )
    assert found == ["source 003", "Sources 000", "Source: 002", "来源 003", "来源：002", "资料003"]
    assert labels(["1,000 queries of 003 results", "the resource 002", "[003]"]) == []


def test_the_code_pattern_finds_a_bare_code_and_not_a_number():
    found = named_by_code("002's table; the blog (001, §4.2); 来源002 与 003 的表")
    assert found[0] == "来源002" and len(found) == 5, found
    assert named_by_code("10,000 films, 20_000 queries, 0.005, ex000, [003], 1000, 5%") == []


@COMPANION_PAGES
def test_no_companion_page_names_a_source_by_code(edition, stem):
    found = named_by_code(article_text(built(edition, stem)))
    assert found == [], (edition, stem, found)


@PAGES
def test_no_heading_names_a_source_by_code(edition, stem):
    page = regions(built(edition, stem))
    found = labels(page.text["heading"])
    assert found == [], (edition, stem, found)


@PAGES
def test_no_exercise_or_solution_names_a_source_by_code(edition, stem):
    page = regions(built(edition, stem))
    found = labels(page.text["exercise"])
    assert found == [], (edition, stem, found)


@PAGES
def test_no_quiz_feedback_or_card_face_names_a_source_by_code(edition, stem):
    path = built(edition, stem)
    page = regions(path)
    shown = page.text["quiz"] + page.text["flashcards"]
    data = [text for island in islands(path) for text in strings(island)]
    assert labels(shown) == [] and labels(data) == [], (edition, stem, labels(shown) + labels(data))


@PAGES
def test_a_card_or_question_source_shows_as_citation_markers(edition, stem):
    path = built(edition, stem)
    fields = regions(path).fields
    for island in islands(path):
        for card in island.get("cards", ()):
            if card.get("source"):
                html = card.get("source_html")
                fields += list(html.values()) if isinstance(html, dict) else [html]
    assert fields, (edition, stem, "no source field: the chapter's cards and quiz cite no source")
    for field in fields:
        assert field and MARKER.sub("", field).strip() == "", (edition, stem, field)


@pytest.mark.parametrize("edition, stem", [(e, s) for e in EDITIONS for s in CORE + COMPANIONS])
def test_citation_markers_resolve_to_an_entry_on_the_sources_page(edition, stem):
    path = built(edition, stem)
    hrefs = regions(path).cites
    for island in islands(path):
        for text in strings(island):
            hrefs += MARKER.findall(text)
    sources = (EDITIONS[edition] / SOURCES_PAGE).resolve()
    ids = (
        set(re.findall(r'\bid="([^"]+)"', sources.read_text(encoding="utf-8")))
        if sources.is_file()
        else set()
    )
    for href in hrefs:
        parts = urlsplit(href)
        target = (path.parent / unquote(parts.path)).resolve()
        assert target == sources, (edition, stem, href)
        assert parts.fragment in ids, (edition, stem, href, "no such entry on the Sources page")


@pytest.mark.parametrize("edition, stem", [(e, s) for e in EDITIONS for s in CITING])
def test_every_chapter_built_on_the_sources_cites_them_in_its_text(edition, stem):
    path = built(edition, stem)
    html = _ISLAND.sub("", path.read_text(encoding="utf-8"))
    article = html.split("<article", 1)[-1].split("</article>", 1)[0]
    assert MARKER.search(article), (edition, stem, "no citation marker in the chapter's text")


# -- the sources' names where there is no Sources page: a notebook, the Anki deck --------------------


def _sources_page_titles() -> dict[str, dict[str, str]]:
    """Each source's entry title on the Sources page after its code: the English from
    ``reference/sources.md``'s headings, the Chinese from their translations."""
    from ndcg.course.i18n import read_po

    text = (ROOT / "reference" / "sources.md").read_text(encoding="utf-8")
    english = dict(re.findall(r"^## (0\d\d): (.+)$", text, flags=re.M))
    po = read_po(ROOT / "locales" / "zh_CN" / "LC_MESSAGES" / "reference" / "sources.po")
    titles = {}
    for code, title in english.items():
        chinese = po[(None, f"{code}: {title}")]
        assert chinese.startswith(f"{code}："), chinese
        titles[code] = {"en": title, "zh": chinese.removeprefix(f"{code}：")}
    return titles


def test_a_notebook_names_each_source_as_the_sources_page_titles_it():
    from ndcg.course import i18n
    from ndcg.course.cards.markup import NAME_CONTEXT, SOURCE_NAMES
    from ndcg.course.cards.views import quiz

    titles = _sources_page_titles()
    assert {code: title["en"] for code, title in titles.items()} == SOURCE_NAMES
    say = i18n.translator("cards/sources", NAME_CONTEXT, "zh")
    assert {code: title["zh"] for code, title in titles.items()} == {
        c: say(n) for c, n in SOURCE_NAMES.items()
    }
    for language, expected in (
        ("en", 'Source: 004 (a tutoring conversation, "Learning'),
        ("zh", "来源：004（辅导对话"),
    ):
        with i18n.chosen(language):
            fields = re.findall(r'<div class="ndcg-fc-source">(.*?)</div>', quiz("04_ndcg").html())
        assert fields and all(html.unescape(field).startswith(expected) for field in fields[:2]), fields[:2]
