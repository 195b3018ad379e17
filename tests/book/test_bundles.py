"""``ndcg_book.bundles``: the stylesheets a page links, written as one file.

On small editions written here: the page links one bundle in place of its run of stylesheets,
which holds them in the page's order with their imports in place and every ``url()`` still
naming its file; a ``<style>`` or a link with a medium ends a run; an earlier build's bundle, in
a page Sphinx did not write again, is written again from its parts. On the built book (both
editions): every page links at most one bundle, every bundle's ``url()`` names a file of the
book, and no bundle lies unused.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ndcg_book import bundles
from ndcg_book.icons import built_pages
from tests.book.helpers import BOOK, BUILT, ZH


def edition(tmp_path: Path) -> Path:
    """A small built edition: a theme stylesheet that imports another, a font, a page."""
    static = tmp_path / "_static"
    (static / "styles").mkdir(parents=True)
    (static / "fonts").mkdir()
    (static / "fonts" / "f.woff2").write_bytes(b"font")
    (static / "basic.css").write_text(".basic { color: red }", encoding="utf-8")
    (static / "styles" / "theme.css").write_text(
        '@charset "UTF-8";\n@import "../basic.css";\n.theme { src: url("../fonts/f.woff2") }',
        encoding="utf-8",
    )
    (static / "course.css").write_text(".course { color: blue }", encoding="utf-8")
    (static / "print.css").write_text(".print { color: black }", encoding="utf-8")
    (tmp_path / "chapters").mkdir()
    return static


PAGE = """<html><head>
<link href="../_static/styles/theme.css?digest=1" rel="stylesheet" />
<link rel="stylesheet" type="text/css" href="../_static/course.css?v=2" />
<link rel="icon" href="../_static/favicon.svg"/>
<link rel="stylesheet" href="../_static/print.css" media="print" />
</head><body><p class="course">text</p></body></html>"""


def urls(css: str) -> list[str]:
    return re.findall(r"""url\(\s*['"]?([^'")]+)""", css)


def test_a_page_links_one_bundle_that_holds_its_stylesheets_in_order(tmp_path):
    static = edition(tmp_path)
    page = tmp_path / "chapters" / "01.html"
    page.write_text(PAGE, encoding="utf-8")
    assert bundles.finish_edition(tmp_path) == 1
    html = page.read_text(encoding="utf-8")
    links = re.findall(r'<link[^>]*rel="stylesheet"[^>]*>', html)
    assert len(links) == 2 and 'media="print"' in links[1]  # a link with a medium is left as it is
    (bundle,) = static.glob("bundles/*.css")
    assert f"../_static/bundles/{bundle.name}" in links[0]
    css = bundle.read_text(encoding="utf-8")
    assert css.startswith('@charset "UTF-8";') and css.count("@charset") == 1 and "@import" not in css
    assert css.index(".basic") < css.index(".theme") < css.index(".course")  # the cascade's order
    for url in urls(css):
        assert (bundle.parent / url).resolve().is_file(), url
    assert bundles.parts(bundle) == ["styles/theme.css", "course.css"]
    assert bundles.page_stylesheets(html, page) == ["styles/theme.css", "course.css", "print.css"]
    # the icon link and the body are untouched
    assert '<link rel="icon" href="../_static/favicon.svg"/>' in html and html.endswith(
        PAGE.split("</head>")[1]
    )


def test_an_earlier_bundle_is_written_again_from_its_parts_as_they_are_now(tmp_path):
    static = edition(tmp_path)
    kept, written = tmp_path / "chapters" / "01.html", tmp_path / "chapters" / "02.html"
    kept.write_text(PAGE, encoding="utf-8")
    bundles.finish_edition(tmp_path)
    (old,) = static.glob("bundles/*.css")
    # the next build changes a stylesheet and writes one page again; Sphinx keeps the other
    (static / "course.css").write_text(".course { color: green }", encoding="utf-8")
    written.write_text(PAGE, encoding="utf-8")
    assert bundles.finish_edition(tmp_path) == 1
    (new,) = static.glob("bundles/*.css")  # the old one, which no page links any more, is gone
    assert new != old and "green" in new.read_text(encoding="utf-8")
    for page in (kept, written):
        assert f"bundles/{new.name}" in page.read_text(encoding="utf-8")
    assert bundles.finish_edition(tmp_path) == 1 and list(static.glob("bundles/*.css")) == [new]


def test_a_style_element_ends_a_run_so_its_rules_keep_their_place(tmp_path):
    static = edition(tmp_path)
    page = tmp_path / "chapters" / "01.html"
    page.write_text(
        '<html><head><link rel="stylesheet" href="../_static/basic.css"><style>.x{}</style>'
        '<link rel="stylesheet" href="../_static/course.css"><link rel="stylesheet" href="../_static/print.css">'
        "</head><body></body></html>",
        encoding="utf-8",
    )
    bundles.finish_edition(tmp_path)
    html = page.read_text(encoding="utf-8")
    assert html.index("basic.css") < html.index("<style>") < html.index("bundles/")
    assert bundles.page_stylesheets(html, page, static) == ["basic.css", "course.css", "print.css"]


def test_an_import_that_cannot_be_put_in_place_stops_the_build(tmp_path):
    static = edition(tmp_path)
    (static / "course.css").write_text("@import url(basic.css) screen;\n.course {}", encoding="utf-8")
    page = tmp_path / "chapters" / "01.html"
    page.write_text(PAGE, encoding="utf-8")
    with pytest.raises(ValueError, match="course.css: an @import"):
        bundles.finish_edition(tmp_path)


@BUILT
@pytest.mark.parametrize("root", [BOOK, ZH], ids=["en", "zh"])
def test_every_page_of_the_built_book_links_one_bundle_whose_urls_all_resolve(root):
    static = root / "_static"
    linked = set()
    for page in built_pages(root):
        html = page.read_text(encoding="utf-8")
        names = bundles.page_links(html, page, static)  # those of _static/ (a deck's own are not)
        assert len(names) <= 1, f"{page.relative_to(root)} links {names}"
        if 'class="bd-article"' in html:  # a page of the book (not a deck, nor a redirect)
            assert names and names[0].startswith("bundles/"), f"{page.relative_to(root)} links {names}"
        linked |= {name for name in names if name.startswith("bundles/")}
    assert linked == {p.relative_to(static).as_posix() for p in static.glob("bundles/*.css")}
    for name in linked:
        css = (static / name).read_text(encoding="utf-8")
        assert "@import" not in css, name
        here = (static / name).parent
        missing = [
            u
            for u in urls(css)
            if not u.startswith("data:")
            and not here.joinpath(u).resolve().is_file()
            # KaTeX names .woff and .ttf after its .woff2, which every current browser takes: only
            # the .woff2 is vendored (tests/book/test_config.py)
            and not (
                u.endswith((".woff", ".ttf")) and here.joinpath(u).with_suffix(".woff2").resolve().is_file()
            )
        ]
        assert not missing, f"{name} names files the book does not have: {missing[:5]}"
