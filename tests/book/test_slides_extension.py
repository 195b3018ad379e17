"""The slides' Sphinx side (``ndcg_book.slides.extension``), without a Sphinx build.

When the HTML builder starts, the book builds every deck with the course's title from
``_config.yml`` (in the Chinese edition, the landing page's Chinese title); the ``{slides}`` role
links a page to a deck relative to the page, with the edition's words, and a deck that does not
exist is a warning.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from ndcg_book.slides import extension

ROOT = Path(__file__).resolve().parents[2]


class _Reporter:
    def warning(self, message, line=None):
        return SimpleNamespace(message=message)


class _Inliner:
    def __init__(self, docname, language=None):
        builder = SimpleNamespace(format="html", get_target_uri=lambda doc: f"{doc}.html")
        config = SimpleNamespace(ndcg_course_root="", language=language)
        app = SimpleNamespace(builder=builder, srcdir=str(ROOT), config=config)
        env = SimpleNamespace(app=app, docname=docname)
        self.document = SimpleNamespace(settings=SimpleNamespace(env=env))
        self.reporter = _Reporter()

    def problematic(self, rawtext, text, message):
        return ("problematic", message.message)


def test_the_book_build_gives_the_decks_the_course_title_from_config_yml(monkeypatch, tmp_path):
    # Jupyter Book passes _config.yml's title to Sphinx as html_title; Sphinx's project stays unset
    import yaml
    from jupyter_book.config import yaml_to_sphinx

    title = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))["title"]
    config, _, _ = yaml_to_sphinx(yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8")))
    seen = {}

    def build_all(root, target, **options):
        seen.update(options)
        return []

    monkeypatch.setattr(extension, "build_all", build_all)
    app = SimpleNamespace(
        builder=SimpleNamespace(format="html"),
        outdir=str(tmp_path),
        srcdir=str(ROOT),
        config=SimpleNamespace(project="Project name not set", ndcg_course_root="", **config),
    )
    extension.build_decks(app)
    assert seen["course"] == title
    app.config.html_title = ""
    with pytest.raises(Exception, match="set title: in _config.yml"):
        extension.build_decks(app)


def test_the_chinese_edition_gives_its_decks_the_chinese_title(monkeypatch, tmp_path):
    seen = {}
    monkeypatch.setattr(extension, "build_all", lambda root, target, **options: seen.update(options) or [])
    config = SimpleNamespace(
        html_title="Ranking evaluation, from CG to NDCG", language="zh_CN", ndcg_course_root=""
    )
    app = SimpleNamespace(
        builder=SimpleNamespace(format="html"), outdir=str(tmp_path), srcdir=str(ROOT), config=config
    )
    extension.build_decks(app)
    assert seen["language"] == "zh" and seen["course"] == "排序评估：从 CG 到 NDCG"


def test_the_slides_role_links_a_page_to_its_deck_relative_to_the_page():
    nodes_, messages = extension.slides_role("slides", "", "02_dcg", 1, _Inliner("chapters/02_dcg"))
    assert not messages
    assert nodes_[0]["refuri"] == "../slides/02_dcg/index.html"
    assert nodes_[0].astext() == "the slides of this chapter"
    nodes_, _ = extension.slides_role("slides", "", "Slides, DCG <02_dcg>", 1, _Inliner("instructors/index"))
    assert nodes_[0]["refuri"] == "../slides/02_dcg/index.html" and nodes_[0].astext() == "Slides, DCG"
    nodes_, messages = extension.slides_role("slides", "", "99_none", 1, _Inliner("index"))
    assert messages and "no slide deck '99_none'" in messages[0].message


def test_the_slides_role_on_a_chinese_page_links_to_the_chinese_deck_in_chinese():
    # the Chinese edition is built into _build/html/zh: the same relative link stays inside it
    nodes_, messages = extension.slides_role("slides", "", "01_cg", 1, _Inliner("chapters/01_cg", "zh_CN"))
    assert not messages
    assert nodes_[0]["refuri"] == "../slides/01_cg/index.html" and nodes_[0].astext() == "本章的幻灯片"
    nodes_, _ = extension.slides_role(
        "slides", "", "本章的幻灯片 <01_cg>", 1, _Inliner("chapters/01_cg", "zh_CN")
    )
    assert nodes_[0].astext() == "本章的幻灯片"
    nodes_, _ = extension.slides_role("slides", "", "01_cg", 1, _Inliner("chapters/01_cg", "en"))
    assert nodes_[0].astext() == "the slides of this chapter"
