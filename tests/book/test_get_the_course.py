"""The book carries the course: the get-the-course box and the repository buttons.

Fixture books of two or three pages, built with the course's jupyter-book in a temporary
folder, strictly (``--warningiserror --nitpick``), as ``make book`` builds the real one:

* the box, on the root page and on a page one folder down: its links point to the course
  zip and the wheel that the build put into ``_downloads/course/``, relative to each page,
  and to the page labelled ``setup``; the files are the ones ``ndcg_book.course_files``
  makes; with an empty repository URL, no repository button and a clean build;
* a GitHub URL: the repository, issues and edit buttons, linking there;
* another host: with ``repository_provider`` a clean build and that provider's links;
  without it, a build that stops and says what to set.

Then the real book (``_build/html``, after ``make book``): the landing page's box, and a box
in every chapter's Practise section. These builds are slow: every test here carries the
``book`` mark, so ``make test-fast`` leaves them out. The rules behind the buttons are also
doctests of ``ndcg_book.repository``, which run with the fast tests.
"""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import ndcg
from ndcg_book import course_files, repository
from tests.book import small_sphinx
from tools import chromium as browser_setup

pytestmark = pytest.mark.book

ROOT = Path(__file__).resolve().parents[2]
JUPYTER_BOOK = Path(sys.executable).parent / "jupyter-book"
WHEEL = f"ndcg-{ndcg.__version__}-py3-none-any.whl"
COURSE_ZIP = f"ndcg-course-{ndcg.__version__}.zip"
SOLUTIONS_ZIP = f"ndcg-solutions-{ndcg.__version__}.zip"

CONFIG = """\
title: A fixture
only_build_toc_files: true
execute:
  execute_notebooks: "off"
repository:
  url: "{url}"
  path_to_book: "book"
  branch: main
sphinx:
  recursive_update: true
  local_extensions:
    book_parts: "."
  config:{root}
    html_theme_options: {theme_options}
"""


class Links(HTMLParser):
    """Every ``<a href>`` of a page, with its classes and whether it is in a get-the-course box."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict] = []
        self._stack: list[bool] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "div":
            self._stack.append("ndcg-get" in classes or (bool(self._stack) and self._stack[-1]))
        if tag == "a" and attrs.get("href"):
            self.links.append({"href": attrs["href"], "classes": classes, "box": any(self._stack)})

    def handle_endtag(self, tag):
        if tag == "div" and self._stack:
            self._stack.pop()


def links(page: Path) -> list[dict]:
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.links


def build(
    folder: Path, url: str = "", parts=(), theme_options: str = "{}", language: str = ""
) -> subprocess.CompletedProcess:
    """Write a fixture book into ``folder`` with these parts of the book's extension (``ndcg_book``
    modules, loaded by the fixture's own extension ``book_parts.py``) and build it strictly;
    returns the finished process."""
    (folder / "chapters").mkdir(parents=True)
    (folder / "book_parts.py").write_text(small_sphinx.parts_setup(*parts, root=ROOT), encoding="utf-8")
    (folder / "_config.yml").write_text(
        CONFIG.format(
            url=url,
            root=(f'\n    ndcg_course_root: "{ROOT.as_posix()}"' if "downloads" in parts else "")
            + (f"\n    language: {language}" if language else ""),
            theme_options=theme_options,
        ),
        encoding="utf-8",
    )
    (folder / "_toc.yml").write_text(
        "format: jb-book\nroot: index\nchapters:\n  - file: setup\n  - file: chapters/one\n", encoding="utf-8"
    )
    box = "```{get-the-course}\n```\n" if "downloads" in parts else ""
    (folder / "index.md").write_text(f"# Home\n\nThe course.\n\n{box}", encoding="utf-8")
    (folder / "setup.md").write_text("(setup)=\n# Set up your computer\n\nOne command.\n", encoding="utf-8")
    (folder / "chapters" / "one.md").write_text(
        f"# One\n\nA chapter.\n\n## Practise\n\n{box}", encoding="utf-8"
    )
    return subprocess.run(
        [str(JUPYTER_BOOK), "build", "--warningiserror", "--nitpick", "--keep-going", str(folder)],
        capture_output=True,
        text=True,
        cwd=folder,
    )


def button_links(page: Path) -> dict[str, str]:
    """The repository buttons of a page: {"repository" | "issues" | "edit": href}."""
    text = page.read_text(encoding="utf-8")
    found = {}
    for kind, label in (
        ("repository", "source-repository-button"),
        ("issues", "source-issues-button"),
        ("edit", "source-edit-button"),
    ):
        match = re.search(rf'<a href="([^"]+)"[^>]*?(?:\n[^>]*?)*?{label}', text)
        if label in text:
            assert match, f"{label} without a link"
            found[kind] = match.group(1).replace("&amp;", "&")
    return found


@pytest.fixture(scope="module")
def boxed(tmp_path_factory):
    """A fixture book with the box on its root page and in a chapter, and no repository URL."""
    folder = tmp_path_factory.mktemp("boxed")
    result = build(folder, parts=["assets", "downloads", "repository"])
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return folder / "_build" / "html"


@pytest.mark.parametrize("page", ["index.html", "chapters/one.html"])
def test_the_box_links_to_the_downloads_and_the_setup_page_from_each_folder(boxed, page):
    path = boxed / page
    in_box = [link for link in links(path) if link["box"]]
    files = {
        Path(urlsplit(link["href"]).path).name: link for link in in_box if "ndcg-get-file" in link["classes"]
    }
    assert set(files) == {COURSE_ZIP, WHEEL}
    for name, link in files.items():
        assert not urlsplit(link["href"]).scheme, "a relative link, so it works from file:// and offline"
        assert (path.parent / unquote(link["href"])).resolve() == (boxed / "_downloads" / "course" / name)
    # The solutions, labelled for self-study, in a folder of their own (the course zip leaves them out).
    (solved,) = [link for link in in_box if "ndcg-get-solutions-file" in link["classes"]]
    assert (
        path.parent / unquote(solved["href"])
    ).resolve() == boxed / "_downloads" / "solutions" / SOLUTIONS_ZIP
    assert "The solutions, for self-study: " in path.read_text(encoding="utf-8")
    (setup,) = [link for link in in_box if "setup.html" in link["href"]]
    target, anchor = setup["href"].split("#")
    assert (path.parent / target).resolve() == boxed / "setup.html" and anchor == "setup"
    text = path.read_text(encoding="utf-8")
    assert f"{WHEEL}[widgets]" in text and "tools/run.py<span" in text  # the commands, highlighted
    assert re.search(r'href="(\.\./)?_static/ndcg-get\.css', text), "the box's stylesheet is linked"


def test_the_downloads_are_the_course_zip_and_a_working_wheel(boxed, tmp_path):
    folder = boxed / "_downloads" / "course"
    assert sorted(path.name for path in folder.iterdir()) == sorted([COURSE_ZIP, WHEEL])
    solved = boxed / "_downloads" / "solutions" / SOLUTIONS_ZIP
    assert solved.read_bytes() == course_files.solutions_zip(ROOT, tmp_path).read_bytes()
    fresh = course_files.course_zip(ROOT, tmp_path)
    assert (folder / COURSE_ZIP).read_bytes() == fresh.read_bytes()
    assert (folder / WHEEL).read_bytes() == course_files.build_wheel(ROOT, tmp_path).read_bytes()


PACK_ZH = f"ndcg-participant-pack-zh-{ndcg.__version__}.zip"


def test_the_chinese_edition_offers_the_chinese_participant_pack(tmp_path):
    folder = tmp_path / "zh"
    result = build(folder, parts=["assets", "downloads", "repository"], language="zh_CN")
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    html_dir = folder / "_build" / "html"
    for page in ("index.html", "chapters/one.html"):
        path = html_dir / page
        (pack,) = [link for link in links(path) if link["box"] and "ndcg-get-pack-file" in link["classes"]]
        assert (path.parent / unquote(pack["href"])).resolve() == html_dir / "_downloads" / "course" / PACK_ZH
        assert "中文学员包：" in path.read_text(encoding="utf-8")
    with zipfile.ZipFile(html_dir / "_downloads" / "course" / PACK_ZH) as opened:
        names = opened.namelist()
    base = PACK_ZH.removesuffix(".zip")
    english = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "exercises").glob("*.ipynb"))
    assert {f"{base}/{name}" for name in english} <= set(names)
    assert not [name for name in names if "/zh/" in name or "solution" in name]


def test_the_english_edition_offers_no_chinese_pack(boxed):
    assert not (boxed / "_downloads" / "course" / PACK_ZH).exists()
    assert "中文学员包" not in (boxed / "index.html").read_text(encoding="utf-8")


def test_an_empty_repository_url_means_no_repository_button(boxed):
    for page in ("index.html", "chapters/one.html"):
        assert button_links(boxed / page) == {}


def test_a_github_url_gives_the_three_buttons_linking_there(tmp_path):
    url = "https://github.com/someone/ndcg-course"
    result = build(tmp_path, url=url, parts=["repository"])
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    buttons = button_links(tmp_path / "_build" / "html" / "chapters" / "one.html")
    assert buttons["repository"] == url
    assert buttons["edit"] == f"{url}/edit/main/book/chapters/one.md"
    assert buttons["issues"].startswith(f"{url}/issues/new?title=")


def test_another_host_needs_its_provider_and_then_builds_cleanly(tmp_path):
    url = "https://git.example.edu/ir/ndcg-course"
    result = build(
        tmp_path / "with",
        url=url,
        parts=["repository"],
        theme_options="{repository_provider: gitlab}",
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    buttons = button_links(tmp_path / "with" / "_build" / "html" / "chapters" / "one.html")
    assert buttons["repository"] == url
    assert buttons["edit"] == f"{url}/-/edit/main/book/chapters/one.md"
    assert buttons["issues"].startswith(f"{url}/-/issues/new?")

    result = build(tmp_path / "without", url=url, parts=["repository"])
    assert result.returncode != 0
    assert "set `repository_provider:`" in result.stdout + result.stderr


def test_the_rules_of_the_buttons():
    assert repository.repository_options("https://bitbucket.org/a/b") == {
        "use_repository_button": True,
        "use_issues_button": False,  # the theme cannot open a Bitbucket issue (it would warn)
        "use_edit_page_button": True,
        "repository_provider": "bitbucket",
    }
    for bad in ("github.com/a/b", "https://github.com/only-owner", "ftp://github.com/a/b"):
        with pytest.raises(Exception, match="must be a web address"):
            repository.repository_options(bad)
    with pytest.raises(Exception, match="must be one of github, gitlab, bitbucket"):
        repository.repository_options("https://git.example.edu/a/b", "gitea")


# -- the real book --------------------------------------------------------------------------------

BOOK = browser_setup.book_html()
needs_book = pytest.mark.skipif(not BOOK.is_dir(), reason=f"no built book at {BOOK}: run `make book` first")


def practise_pages() -> list[str]:
    """The chapter pages of the built book with a Practise section."""
    if not BOOK.is_dir():
        return []
    return sorted(
        path.relative_to(BOOK).as_posix()
        for path in (BOOK / "chapters").glob("*.html")
        if re.search(r'<section id="practise', path.read_text(encoding="utf-8"))
    )


@needs_book
@pytest.mark.parametrize("page", ["index.html", *practise_pages()])
def test_the_book_has_the_box_on_its_landing_page_and_in_every_practise_section(page):
    path = BOOK / page
    text = path.read_text(encoding="utf-8")
    if page != "index.html":
        practise = text[text.index('<section id="practise') :]
        assert 'class="tip ndcg-get admonition"' in practise, f"{page}: no get-the-course box in Practise"
    in_box = [link for link in links(path) if link["box"] and "ndcg-get-file" in link["classes"]]
    assert {Path(link["href"]).name for link in in_box} == {COURSE_ZIP, WHEEL}
    solved = [link for link in links(path) if link["box"] and "ndcg-get-solutions-file" in link["classes"]]
    assert [Path(link["href"]).name for link in solved] == [SOLUTIONS_ZIP], f"{page}: no solutions download"
    in_box += solved
    for link in in_box:
        assert (path.parent / unquote(link["href"])).is_file(), f"{page}: {link['href']} is not in the book"
