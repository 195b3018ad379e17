"""The figures of the two editions (ndcg_book.editions, _config.yml): the English edition shows a
figure's PNG, the Chinese one its HTML holding the Chinese figure (ndcg.course.figure_languages)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import yaml

from ndcg_book import editions

ROOT = Path(__file__).resolve().parents[2]


def test_the_english_edition_ranks_a_figures_png_above_its_html():
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    overrides = config["sphinx"]["config"]["nb_mime_priority_overrides"]
    assert ["html", "image/png", 25] in overrides  # text/html is 30: the PNG wins


def test_the_chinese_edition_ranks_the_html_first(monkeypatch, tmp_path):
    monkeypatch.setattr(editions, "user_dictionary", lambda root, out: out)
    config = SimpleNamespace(
        language="zh_CN", nb_mime_priority_overrides=[("html", "image/png", 25)], html_search_options={}
    )
    app = SimpleNamespace(srcdir=str(tmp_path), outdir=str(tmp_path / "html" / "zh"))
    editions.config_inited(app, config)
    assert config.nb_mime_priority_overrides[-1] == ("html", "image/png", 50)
    english = SimpleNamespace(language="en", nb_mime_priority_overrides=[("html", "image/png", 25)])
    editions.config_inited(app, english)
    assert english.nb_mime_priority_overrides == [("html", "image/png", 25)]


def test_the_chinese_page_leaves_the_english_copy_of_a_figure_out():
    body = (
        '<div class="output text_html"><img class="ndcg-lang ndcg-figure" lang="en" alt="a" src="data:x">'
        '<img class="ndcg-lang ndcg-figure" lang="zh-Hans" alt="甲" src="data:y"></div>'
    )
    context = {"body": body}
    app = SimpleNamespace(config=SimpleNamespace(language="zh_CN"))
    editions.page_context(app, "chapters/02_dcg", "page.html", context, None)
    assert 'lang="en" alt="a"' not in context["body"] and 'lang="zh-Hans" alt="甲"' in context["body"]
    context = {"body": body}
    editions.page_context(
        SimpleNamespace(config=SimpleNamespace(language="en")), "chapters/02_dcg", "p", context, None
    )
    assert 'lang="en" alt="a"' in context["body"]  # the English edition keeps what it has (its PNG shows)
