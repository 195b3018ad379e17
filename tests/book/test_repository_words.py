"""The words follow `repository: url:`: clone instructions once a repository is public, the
course zip until then (``{with-repository}`` and ``{without-repository}`` of
``ndcg_book.repository``), built in a small Sphinx project in both states."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from tests.book import small_sphinx

ROOT = Path(__file__).resolve().parents[2]
#: The book's pages that give set-up instructions.
PAGES = ("index.md", "instructors/index.md")

PAGE = textwrap.dedent(
    """\
    # Get the course

    Before.

    :::{without-repository}
    Download the **course zip** and unzip it.
    :::

    :::{with-repository}
    Clone it: `git clone {repository-url}`, then `cd {repository-folder}`.

    A second paragraph, with a [link]({repository-url}).
    :::

    After.
    """
)


def build(tmp_path: Path, url: str, page: str = PAGE) -> tuple[str, str]:
    pytest.importorskip("myst_parser")
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        "extensions = ['myst_parser']\n"
        "myst_enable_extensions = ['colon_fence']\n"
        + small_sphinx.parts_setup("repository")
        + f"html_theme_options = {{'repository_url': {url!r}}}\n",
        encoding="utf-8",
    )
    (src / "index.md").write_text(page, encoding="utf-8")
    # alabaster knows no repository option: that warning is the test's, not the extension's.
    out, warnings = small_sphinx.build(src, tmp_path, noise=("unsupported theme option",))
    html = (out / "index.html").read_text(encoding="utf-8")
    body = html.split('role="main">', 1)[-1].split("</section>", 1)[0]
    return body, warnings


def test_without_a_url_the_page_shows_the_zip(tmp_path):
    body, warnings = build(tmp_path, "")
    assert not warnings
    assert "<strong>course zip</strong>" in body
    assert "clone" not in body.lower() and "repository-" not in body
    assert body.index("Before.") < body.index("course zip") < body.index("After.")


def test_with_a_url_the_page_shows_the_clone_command(tmp_path):
    url = "https://github.com/someone/ndcg-course.git"
    body, warnings = build(tmp_path, url)
    assert not warnings
    assert "course zip" not in body
    text = re.sub(r"<[^>]+>", "", body)
    assert f"Clone it: git clone {url}, then cd ndcg-course." in text
    assert f'<a class="reference external" href="{url}">link</a>' in body
    assert (
        text.index("Before.")
        < text.index("git clone")
        < text.index("A second paragraph")
        < text.index("After.")
    )


def test_a_placeholder_without_a_url_is_an_error(tmp_path):
    page = PAGE.replace("Download the **course zip**", "Download {repository-url}")
    _, warnings = build(tmp_path, "", page)
    assert "{repository-url} has no value without a repository" in warnings


def test_the_pages_tell_to_clone_only_where_a_repository_is_set():
    for name in PAGES:
        text = (ROOT / name).read_text(encoding="utf-8")
        outside = re.sub(r"^:::\{with-repository\}\n.*?^:::\n", "", text, flags=re.S | re.M)
        assert "{with-repository}" in text and "{without-repository}" in text, name
        assert "clone" not in outside.lower(), f"{name} mentions a clone outside {{with-repository}}"


def test_the_book_pages_run_python3_not_python():
    pages = [
        *ROOT.glob("*.md"),
        *ROOT.glob("chapters/*.md"),
        *ROOT.glob("chapters/further/*.md"),
        *ROOT.glob("learners/*.md"),
        *ROOT.glob("reference/*.md"),
        *ROOT.glob("instructors/*.md"),
        *ROOT.glob("instructors/slides/*.md"),
    ]
    pages += [ROOT / "exercises" / "README.md"]
    bare = re.compile(r"(?<![\w./\\-])python (?:tools[/\\]run\.py|-m )")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in pages
        if path.name not in ("README.md", "CONTRIBUTING.md", "CHANGELOG.md")
        or path.parent.name == "exercises"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if bare.search(line) and "do not edit" not in line
    ]
    assert not found, f"write python3 (and py on Windows): {found}"
