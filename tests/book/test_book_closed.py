"""The built book is closed: every local link and source in ``_build/html`` resolves to a file
of the build (and a ``page.html#anchor`` to an id on that page), so a copy of the folder, on a
USB stick or a static host, has everything it links to: decks, PDF, cheat sheet, downloads.

Also, on the built book: the edition in every page's footer, the instructor notes' generated
answer keys, and the feedback sheet printing on one A4 page."""

import html
import html.parser
import os
import re
import shutil
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import ndcg
from ndcg.course import cards
from ndcg_book.redirects import MOVED

pytestmark = pytest.mark.book

#: The attributes that load or link a resource.
LINK_ATTRIBUTES = {"href", "src", "data", "poster"}
#: Schemes that leave the book by design (checked elsewhere: no request leaves the book).
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.IGNORECASE)


class _Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name") and (name == "id" or tag == "a"):
                self.ids.add(value)
            elif name in LINK_ATTRIBUTES:
                self.links.append(value)
            elif name == "srcset":
                self.links += [part.strip().split()[0] for part in value.split(",") if part.strip()]

    handle_startendtag = handle_starttag


def parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8", errors="replace"))
    return page


def pages(root: Path) -> list[Path]:
    """The book's pages: every HTML file but the themes' Jinja fragments that Sphinx copies into
    ``_static/`` (``webpack-macros.html``: templates, not pages, with ``{{ pathto(...) }}`` in them)."""
    return sorted(path for path in root.rglob("*.html") if "_static" not in path.relative_to(root).parts)


def broken_links(root: Path) -> list[str]:
    """Every local href/src of every page under ``root`` (see :func:`pages`) that does not
    resolve: a missing file, a path outside ``root``, or a ``#anchor`` that the target page (or
    the page itself) does not define. External links (``https:``, ``mailto:``, ``data:``...)
    are not followed."""
    root = root.resolve()
    parsed: dict[Path, _Page] = {}

    def page_of(path: Path) -> _Page:
        if path not in parsed:
            parsed[path] = parse(path)
        return parsed[path]

    problems = []
    for path in pages(root):
        for link in page_of(path).links:
            link = link.strip()
            if not link or EXTERNAL.match(link):
                continue
            parts = urlsplit(link)
            where = f"{path.relative_to(root).as_posix()}: {link}"
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            if parts.path.endswith("/") or target.is_dir():
                target = target / "index.html"
            if root not in target.parents and target != root:
                problems.append(f"{where} (outside the book)")
            elif not target.is_file():
                problems.append(f"{where} (no such file)")
            elif (
                parts.fragment
                and target.suffix == ".html"
                and unquote(parts.fragment) not in page_of(target).ids
            ):
                problems.append(f"{where} (no id {parts.fragment!r} on that page)")
    return problems


@pytest.fixture(scope="module")
def built(book_html):
    return Path(book_html)


def test_every_local_link_of_the_built_book_resolves(built):
    problems = broken_links(built)
    assert not problems, f"{len(problems)} broken local link(s) in the built book:\n" + "\n".join(
        problems[:40]
    )


def _copy(built: Path, target: Path) -> Path:
    """A copy of the built book made of hard links (cheap); a changed file is rewritten, not edited."""
    try:
        shutil.copytree(built, target, copy_function=os.link)
    except OSError:  # no hard links across file systems: a plain copy
        shutil.copytree(built, target, dirs_exist_ok=True)
    return target


def _rewrite(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.unlink()  # break the hard link before writing
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_the_built_book_ships_no_source_maps(built):
    # ndcg_book.assets.drop_source_maps: a source map serves a developer's tools, not a reader (no
    # page asks for one); the theme's were 6 MB of each edition, and of the zip for a USB stick.
    maps = sorted(p.relative_to(built).as_posix() for p in built.rglob("*.map"))
    assert not maps, f"source maps in the built book: {maps}"
    named = [
        p.relative_to(built).as_posix()
        for p in [*built.rglob("_static/**/*.js"), *built.rglob("_static/**/*.css")]
        if "sourceMappingURL=" in p.read_text(encoding="utf-8", errors="replace")
    ]
    assert not named, f"scripts or stylesheets that name a source map: {named}"


def test_a_planted_broken_link_and_anchor_and_a_missing_file_are_found(built, tmp_path):
    book = _copy(built, tmp_path / "html")
    assert broken_links(book) == []
    index = book / "index.html"
    _rewrite(index, "</body>", '<a href="chapters/99_missing.html">x</a><img src="_static/gone.png"></body>')
    _rewrite(
        book / "instructors" / "index.html",
        "</body>",
        '<a href="../chapters/01_cg.html#no-such-anchor">y</a><a href="../../outside.html">z</a></body>',
    )
    (book / "reference" / "glossary.html").unlink()  # every page's sidebar links it
    problems = broken_links(book)
    assert "index.html: chapters/99_missing.html (no such file)" in problems
    assert "index.html: _static/gone.png (no such file)" in problems
    assert (
        "instructors/index.html: ../chapters/01_cg.html#no-such-anchor (no id 'no-such-anchor' on that page)"
        in problems
    )
    assert "instructors/index.html: ../../outside.html (outside the book)" in problems
    assert any(problem.endswith("glossary.html (no such file)") for problem in problems)


def test_links_are_parsed_from_every_attribute_that_loads_something(tmp_path):
    (tmp_path / "a.html").write_text(
        '<a id="top" href="#top"></a><a href="#nowhere"></a><link href="s.css?v=1">'
        '<script src="j.js"></script><img srcset="i.png 1x, i2.png 2x">'
        '<a href="mailto:x@y.z"></a><a href="https://example.org/x"></a><a href="sub/"></a>',
        encoding="utf-8",
    )
    (tmp_path / "s.css").write_text("", encoding="utf-8")
    (tmp_path / "i.png").write_text("", encoding="utf-8")
    assert broken_links(tmp_path) == [
        "a.html: #nowhere (no id 'nowhere' on that page)",
        "a.html: j.js (no such file)",
        "a.html: i2.png (no such file)",
        "a.html: sub/ (no such file)",
    ]


def test_every_page_shows_the_edition_in_its_footer(built):
    # (the Chinese edition's pages, zh/, carry the same line in Chinese: 版本信息：版本 …，构建于 …。)
    line = re.compile(
        rf'<p class="course-edition">(Edition: version {re.escape(ndcg.__version__)}, built '
        rf"\d{{4}}-\d{{2}}-\d{{2}}\.|版本信息：版本 {re.escape(ndcg.__version__)}，构建于 \d{{4}}-\d{{2}}-\d{{2}}。)</p>"
    )
    # the slide decks (slides/) are reveal.js pages, not the theme's: their title slide carries
    # the edition (tests/book/test_slides.py)
    # nor are the old addresses of the moved pages: each only sends the reader on (test below)
    moved = {f"{old}.html" for old in MOVED}
    every = [
        p
        for p in pages(built)
        if p.relative_to(built).parts[0] != "slides"
        and p.relative_to(built).parts[:2] != ("zh", "slides")
        and p.relative_to(built).as_posix().removeprefix("zh/") not in moved
    ]
    missing = [
        p.relative_to(built).as_posix() for p in every if not line.search(p.read_text(encoding="utf-8"))
    ]
    # search.html and genindex.html use the same theme footer; no other page is exempt
    assert len(every) > 10 and not missing, f"pages without the edition line: {missing[:10]}"


@pytest.mark.parametrize("chapter", cards.chapters())
def test_the_notes_show_the_generated_answer_key(built, chapter):
    text = (built / "instructors" / f"{chapter}.html").read_text(encoding="utf-8")
    assert "{{" not in text and "ndcg-quiz-answers" in text
    # the text without its tags ("source 001" is a link to the Sources page); Sphinx writes @ as &#64;
    words = html.unescape(" ".join(re.sub(r"<[^>]+>", "", text).split()))
    deck = cards.load(chapter)
    for question in deck.quiz:
        for option in question.options:
            if option.why and not re.search(r"[$`*\"'&<>]", option.why):
                assert " ".join(option.why.split()) in words, option.why[:60]
    assert text.count("Why people pick it:") == sum(1 for q in deck.quiz for o in q.options if not o.correct)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_the_feedback_sheet_prints_alone_on_one_page(built, browser, server, paper):
    page = browser.new_page()
    try:
        page.goto(f"{server}/instructors/feedback.html")
        assert page.locator(".feedback-sheet").is_visible() and page.locator("article h1").first.is_visible()
        pdf = page.pdf(format=paper)  # Chromium prints with the print stylesheet
        printed = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
        assert printed == 1, f"the feedback sheet prints on {printed} {paper} pages"
        page.emulate_media(media="print")
        assert page.locator(".feedback-sheet").is_visible()
        shown = page.evaluate(
            """() => [...document.querySelectorAll('body *')]
                .filter(e => e.offsetHeight > 0 && !e.children.length && !e.closest('.feedback-sheet'))
                .map(e => e.tagName)"""
        )
        assert shown == [], f"only the sheet is printed; also printed: {shown[:10]}"
    finally:
        page.close()


def toc_files() -> list[str]:
    from tests.book.helpers import toc_files as every_page

    return every_page(Path(__file__).resolve().parents[2])


def test_the_moved_pages_old_addresses_are_no_pages_and_lead_to_pages_of_the_book():
    files = toc_files()
    assert not set(MOVED) & set(files) and set(MOVED.values()) <= set(files)
    # every page that left the book's root or teaching/ has its old address kept
    assert {old for old in MOVED if "/" not in old} >= {
        "setup",
        "study-plan",
        "cheatsheet",
        "flashcards",
        "glossary",
        "sources",
        "references",
        "accessibility",
        "instructors",
        "CODE_OF_CONDUCT",
    }
    assert {new for old, new in MOVED.items() if old.startswith("teaching/")} == {
        name
        for name in files
        if name.startswith("instructors/")
        and name not in ("instructors/index", "instructors/code-of-conduct")
    }


def test_an_old_address_sends_the_reader_to_the_new_page_from_file(built, browser):
    for old, new in MOVED.items():
        text = (built / f"{old}.html").read_text(encoding="utf-8")
        target = os.path.relpath(built / f"{new}.html", (built / f"{old}.html").parent).replace(os.sep, "/")
        assert f'<meta http-equiv="refresh" content="0; url={target}">' in text, old
        assert f'<a href="{target}">' in text and "<title>Moved: " in text, old
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    # a bookmark to an entry of the Sources page lands on that entry; a teaching note on its new page
    page.goto((built / "sources.html").resolve().as_uri() + "#source-002")
    page.wait_for_url("**/reference/sources.html#source-002")
    assert page.locator("#source-002").count() == 1 and page.locator("article h1").first.is_visible()
    page.goto((built / "teaching" / "02_dcg.html").resolve().as_uri())
    page.wait_for_url("**/instructors/02_dcg.html")
    assert "ndcg-quiz-answers" in page.content()
    assert all(url.startswith("file://") for url in requests), [
        u for u in requests if not u.startswith("file:")
    ]
    context.close()
    # with no script, the refresh still goes there (without the fragment)
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto((built / "setup.html").resolve().as_uri())
    page.wait_for_url("**/learners/setup.html")
    assert page.locator("h1").first.inner_text().startswith("Set up your computer")
    context.close()
