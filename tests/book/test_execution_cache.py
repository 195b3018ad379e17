"""``ndcg_book/generate/execution_cache.py``: the book's notebooks run into Jupyter Book's execution
cache before the builds, several at a time, under the keys the builds look up."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from ndcg_book import toc
from ndcg_book.generate import execution_cache

ROOT = Path(__file__).resolve().parents[2]


def test_the_notebooks_are_the_table_of_contents_pages_with_a_kernel_and_code():
    sources = toc.sources(ROOT)
    listed = (ROOT / "_toc.yml").read_text(encoding="utf-8")
    assert len(sources) == len(re.findall(r"^\s*(?:- file|root):", listed, re.M))
    chosen = [path for path in sources if execution_cache.notebook_of(path) is not None]
    with_kernel = [
        path
        for path in sources
        if "\nkernelspec:" in path.read_text(encoding="utf-8").split("\n---", 1)[0]
        and "```{code-cell}" in path.read_text(encoding="utf-8")
    ]
    assert chosen == with_kernel and len(chosen) >= 20


@pytest.mark.parametrize("page", ["chapters/01_cg.md", "chapters/further/04-libraries.md"])
def test_a_notebook_is_stored_under_the_key_the_book_s_build_looks_up(page, tmp_path):
    # The build reads a page with myst-nb's reader and the book's MyST settings (_config.yml's
    # parse:), then asks the cache for that notebook; the key is its code cells and kernel.
    from jupyter_cache import get_cache
    from myst_nb.core.config import NbParserConfig
    from myst_nb.core.read import create_nb_reader
    from myst_parser.config.main import MdParserConfig

    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    parse = config.get("parse", {})
    md_config = MdParserConfig(
        enable_extensions=set(parse.get("myst_enable_extensions", [])),
        url_schemes=parse.get("myst_url_schemes"),
    )
    path = ROOT / page
    text = path.read_text(encoding="utf-8")
    as_built = create_nb_reader(str(path), md_config, NbParserConfig(), text).read(text)
    cache = get_cache(str(tmp_path / "cache"))
    assert (
        cache.create_hashed_notebook(as_built)[1]
        == cache.create_hashed_notebook(execution_cache.notebook_of(path))[1]
    )


def test_a_page_without_code_or_kernel_is_no_notebook(tmp_path):
    prose = tmp_path / "prose.md"
    prose.write_text("# Only prose\n\nNo code here.\n", encoding="utf-8")
    assert execution_cache.notebook_of(prose) is None
    empty = tmp_path / "empty.md"
    empty.write_text(
        "---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n  name: python3\n"
        "  display_name: Python 3\n  language: python\n---\n\n# No cell\n",
        encoding="utf-8",
    )
    assert execution_cache.notebook_of(empty) is None


@pytest.mark.parametrize("failures", [1, 2])
def test_a_kernel_that_does_not_start_is_tried_again_then_left_to_the_build(monkeypatch, failures):
    # Two kernels started at once can be handed the same port; the kernel then never answers.
    from jupyter_cache.executors import utils

    calls = []

    def single_nb_execution(notebook, **options):
        calls.append(options["cwd"])
        if len(calls) <= failures:
            raise RuntimeError("Kernel didn't respond in 60 seconds")
        return utils.ExecutionResult(nb=notebook, cwd=options["cwd"], time=0.5)

    monkeypatch.setattr(utils, "single_nb_execution", single_nb_execution)
    path, notebook, _, error = execution_cache.execute(str(ROOT / "chapters" / "01_cg.md"), 60)
    assert len(calls) == 2 and path.endswith("01_cg.md")
    if failures == 1:
        assert notebook is not None and error is None
    else:
        assert notebook is None and error == "RuntimeError: Kernel didn't respond in 60 seconds"


def test_workers_must_be_one_or_more():
    with pytest.raises(SystemExit):
        execution_cache.main(["--workers", "0"])


NOTEBOOK = (
    "---\njupytext:\n  text_representation:\n    format_name: myst\nkernelspec:\n  name: python3\n"
    "  display_name: Python 3\n  language: python\n---\n\n# {title}\n\n```{{code-cell}} ipython3\n{code}\n```\n"
)


def test_a_book_s_notebooks_run_into_the_cache_and_a_failing_one_is_left_to_the_build(tmp_path, capsys):
    from jupyter_cache import get_cache

    (tmp_path / "_config.yml").write_text("execute:\n  timeout: 60\n", encoding="utf-8")
    (tmp_path / "_toc.yml").write_text(
        "format: jb-book\nroot: index\nchapters:\n  - file: good\n  - file: bad\n", encoding="utf-8"
    )
    (tmp_path / "index.md").write_text("# Prose only\n", encoding="utf-8")
    # run in its own folder, as the build runs it: it reads a file beside it
    (tmp_path / "grades.txt").write_text("3 2 1", encoding="utf-8")
    (tmp_path / "good.md").write_text(
        NOTEBOOK.format(title="Good", code="print(sum(map(int, open('grades.txt').read().split())))"),
        encoding="utf-8",
    )
    (tmp_path / "bad.md").write_text(NOTEBOOK.format(title="Bad", code="1 / 0"), encoding="utf-8")
    assert execution_cache.fill(tmp_path, workers=2) == 1
    out = capsys.readouterr().out
    assert "bad.md: failed (ZeroDivisionError" in out and "executed 1 of 2 notebooks" in out
    cache = get_cache(str(tmp_path / execution_cache.CACHE))
    record = cache.match_cache_notebook(execution_cache.notebook_of(tmp_path / "good.md"))
    executed = cache.get_cache_bundle(record.pk).nb
    (cell,) = [cell for cell in executed.cells if cell.cell_type == "code"]
    assert cell.outputs[0]["text"] == "6\n"
    with pytest.raises(KeyError):
        cache.match_cache_notebook(execution_cache.notebook_of(tmp_path / "bad.md"))
