"""The figures of the two editions (ndcg_book.editions, _config.yml): both editions show a figure's
HTML (ndcg.course.figure_languages), each its own language's copy, with its images written to the
book's _images/ rather than inline in the page."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from types import SimpleNamespace

import yaml

from ndcg_book import editions
from tests.book.helpers import BOOK, BUILT

ROOT = Path(__file__).resolve().parents[2]


def test_both_editions_rank_a_figures_html_above_its_png():
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    overrides = config["sphinx"]["config"]["nb_mime_priority_overrides"]
    assert not [o for o in overrides if o[1] in ("image/png", "text/html")]  # myst-nb: html 30, png 50
    app = SimpleNamespace(srcdir=".", outdir=".")
    english = SimpleNamespace(language="en", nb_mime_priority_overrides=[])
    editions.config_inited(app, english)
    assert english.nb_mime_priority_overrides == []


def _picture(lang: str, alt: str, phone: bytes, wide: bytes) -> str:
    def uri(data):
        return "data:image/png;base64," + base64.b64encode(data).decode("ascii")

    return (
        f'<picture class="ndcg-lang ndcg-figure" lang="{lang}"><source class="ndcg-figure" '
        f'media="(max-width: 40em)" srcset="{uri(phone)}" data-text-px="18.75">'
        f'<img class="ndcg-figure" alt="{alt}" src="{uri(wide)}" data-text-px="11.11"></picture>'
    )


BODY = (
    '<div class="output text_html">'
    + _picture("en", "a", b"phone-en", b"wide-en")
    + _picture("zh-Hans", "甲", b"phone-zh", b"wide-zh")
    + "</div>"
)


def page(language: str, tmp_path) -> str:
    context = {"body": BODY, "pathto": lambda name, resource=0: f"../{name}"}
    app = SimpleNamespace(config=SimpleNamespace(language=language), outdir=str(tmp_path))
    editions.page_context(app, "chapters/02_dcg", "page.html", context, None)
    return context["body"]


def test_each_edition_leaves_the_other_languages_copy_of_a_figure_out(tmp_path):
    chinese = page("zh_CN", tmp_path)
    assert 'class="ndcg-figure" alt="a"' not in chinese and 'class="ndcg-figure" alt="甲"' in chinese
    assert 'ndcg-figure" lang="en"' not in chinese and 'ndcg-figure" lang="zh-Hans"' in chinese
    english = page("en", tmp_path)
    assert 'class="ndcg-figure" alt="a"' in english and 'class="ndcg-figure" alt="甲"' not in english
    assert 'ndcg-figure" lang="en"' in english and 'ndcg-figure" lang="zh-Hans"' not in english


def test_a_figures_images_are_files_of_the_book_not_inline(tmp_path):
    body = page("en", tmp_path)
    assert "data:image" not in body
    files = sorted((tmp_path / "_images").iterdir())
    assert sorted(f.read_bytes() for f in files) == [b"phone-en", b"wide-en"]
    for f in files:
        assert f'"../_images/{f.name}"' in body and f.name.startswith("figure-")
    assert 'srcset="../_images/figure-' in body and 'data-text-px="18.75"' in body


@BUILT
def test_no_figure_of_either_edition_has_maths_markup_in_its_alternative_text():
    # (figure_languages.alt_text: "rank i", which a screen reader reads as written)
    found = {
        path.relative_to(BOOK).as_posix(): alt
        for path in BOOK.rglob("*.html")
        for alt in re.findall(r'<img[^>]*\balt="([^"]*\$[^"]*)"', path.read_text(encoding="utf-8"))
    }
    assert not found, f"alternative texts with TeX in them: {found}"
