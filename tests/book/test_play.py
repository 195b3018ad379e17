"""The play notebooks (``exercises/play/``) and what JupyterLab shows of the notebooks learners open.

``ndcg_book/generate/notebooks.py`` generates one play notebook per chapter from the chapter's cells
tagged ``play`` (``make notebooks``). These tests check the generator on small made-up
chapters (what it keeps, converts, drops and refuses), the stored play notebooks (one per
chapter, a title, a live widget whose output nbval ignores, numbers printed through fmt),
and that no play or exercise notebook holds MyST markup that JupyterLab would show as raw
text, in its Markdown or in its outputs. ``tests/browser/test_jupyterlab.py`` opens them in
JupyterLab itself. Nothing is executed here.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from ndcg_book.generate import notebooks

ROOT = Path(__file__).resolve().parents[2]


CHAPTERS = sorted((ROOT / "chapters").glob("*.md"))
PLAY = sorted((ROOT / "exercises" / "play").glob("*.ipynb"))
EXERCISES = sorted((ROOT / "exercises").glob("*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
#: The text outputs a learner reads (JupyterLab shows the richest one it can render).
TEXT_OUTPUTS = ("text/markdown", "text/html", "text/plain")

HEADER = """---
kernelspec:
  display_name: Python 3
  language: python
  name: python3
{play}---
"""
INTRO = "play:\n  intro: |\n    Shuffle the list and see {doc}`02_dcg` move.\n"


def chapter(body: str, play: str = INTRO) -> str:
    return HEADER.format(play=play) + "\n# CG — a title\n\nThe opening.\n" + body


WIDGET_CELL = """
+++ {"tags": ["play"]}

### Play: a game

:::{admonition} Before you play
:class: hint

Guess first, then see {ref}`the flaw <cg-flaw>`.
:::

```{code-cell} ipython3
:tags: [nbval-ignore-output, play]

game = 1
```

+++

Not in the play notebook: {glue:text}`cg:.0f`.

```{code-cell} ipython3
:tags: [remove-input]

hidden = 2
```
"""


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# -- the generator -------------------------------------------------------------------------------


def test_a_play_notebook_takes_the_play_cells_in_plain_markdown():
    notebook = notebooks.play_notebook_text(
        chapter(WIDGET_CELL), ROOT / "chapters" / "01_cg.md", {"02_dcg": "DCG"}
    )
    kinds = [cell.cell_type for cell in notebook.cells]
    assert kinds == ["markdown", "markdown", "code"]
    title, text, code = notebook.cells
    assert title.id == "play-intro"
    assert title.source.startswith("# Play: CG — a title\n\nShuffle the list and see *DCG* move.")
    assert "[01_cg.ipynb](../01_cg.ipynb)" in title.source  # the exercise notebook, next to the play folder
    assert text.source.startswith(
        "### Play: a game\n\n> **Before you play**\n>\n> Guess first, then see the flaw."
    )
    assert code.source == "game = 1"
    assert code.metadata == {"tags": ["nbval-ignore-output"]}  # the book-only tag `play` is gone
    assert code.outputs == [] and code.execution_count is None
    assert notebook.metadata["kernelspec"]["name"] == "python3"
    assert not notebooks.myst_left("\n".join(cell.source for cell in notebook.cells))


def test_book_only_tags_are_dropped_and_the_others_kept():
    body = "\n```{code-cell} ipython3\n:tags: [remove-cell, play, raises-exception]\n\nx = 1\n```\n"
    (code,) = notebooks.play_notebook_text(chapter(body), "chapters/01_cg.md").cells[1:]
    assert code.metadata == {"tags": ["raises-exception"]}
    body = "\n```{code-cell} ipython3\n:tags: [remove-input, play]\n\nx = 1\n```\n"
    (code,) = notebooks.play_notebook_text(chapter(body), "chapters/01_cg.md").cells[1:]
    assert "tags" not in code.metadata


def test_a_glued_number_in_a_play_cell_stops_the_generation_and_says_where():
    body = '\n+++ {"tags": ["play"]}\n\nCG = {glue:text}`cg:.0f`.\n\n```{code-cell} ipython3\n:tags: [play]\n\nx = 1\n```\n'
    with pytest.raises(ValueError, match=r"01_cg.md: play cell cell-\d+: \{glue:text\}`cg:.0f`.*fmt"):
        notebooks.play_notebook_text(chapter(body), "chapters/01_cg.md")


@pytest.mark.parametrize(
    "markdown",
    [
        "As {cite:t}`jarvelin2002` showed.",
        "See {ref}`cg-flaw`.",  # a reference without a title has no text of its own
        "```{exercise}\n:label: x\n\nDo it.\n```",
        ":::{figure} a.png\n:::",
        ":::{note}\nnever closed",
    ],
)
def test_markup_without_a_plain_form_is_refused(markdown):
    with pytest.raises(ValueError):
        notebooks.plain_markdown(markdown)


def test_plain_markdown_keeps_maths_code_and_links():
    text = (
        "CG@k is $\\sum_{i=1}^{k} rel_i$; run `ndcg.cg(rels, k=3)` or read [the docs](https://example.org)."
    )
    assert notebooks.plain_markdown(text) == text
    assert notebooks.plain_markdown("(cg-flaw)=\n## The flaw") == "## The flaw"
    assert notebooks.plain_markdown("A {term}`gain <Gain>` and a {term}`cut-off`.") == "A gain and a cut-off."


def test_a_chapter_without_an_introduction_or_a_play_widget_is_refused():
    with pytest.raises(ValueError, match="play: intro:"):
        notebooks.play_notebook_text(chapter(WIDGET_CELL, play=""), "chapters/01_cg.md")
    with pytest.raises(ValueError, match="no code cell tagged `play`"):
        notebooks.play_notebook_text(chapter("\nJust prose.\n"), "chapters/01_cg.md")


def test_the_sync_check_sees_a_changed_play_cell(tmp_path):
    source = tmp_path / "chapters" / "01_cg.md"
    target = notebooks.play_path(source, tmp_path)
    source.parent.mkdir(parents=True)
    target.parent.mkdir(parents=True)
    shutil.copy(ROOT / "chapters" / "01_cg.md", source)
    shutil.copy(ROOT / "exercises" / "play" / "01_cg.ipynb", target)
    assert notebooks.drift(notebooks.play_notebook(source, tmp_path), target, tmp_path) is None
    text = source.read_text(encoding="utf-8")
    assert "ReorderGame(BASKETBALL, cg=True)" in text
    source.write_text(
        text.replace("ReorderGame(BASKETBALL, cg=True)", "ReorderGame(BASKETBALL)"), encoding="utf-8"
    )
    problem = notebooks.drift(notebooks.play_notebook(source, tmp_path), target, tmp_path)
    assert problem is not None and "source differs" in problem


# -- the stored play notebooks -------------------------------------------------------------------


def test_every_chapter_has_a_play_notebook():
    assert [path.stem for path in PLAY] == [path.stem for path in CHAPTERS]
    assert notebooks.play_sources() == CHAPTERS


@pytest.mark.parametrize("path", PLAY, ids=lambda path: path.stem)
def test_a_play_notebook_is_slim_and_runs_its_widget(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    cells = notebook["cells"]
    assert "".join(cells[0]["source"]).startswith("# Play: ")
    code = [cell for cell in cells if cell["cell_type"] == "code"]
    widgets = [cell for cell in code if any(WIDGET in output.get("data", {}) for output in cell["outputs"])]
    # its views (games, explorers, figures, flashcards, quiz) and a few cells, not the chapter
    assert len(cells) - len(widgets) <= 8, "a play notebook is its views and a few cells, not the chapter"
    assert widgets, f"{rel(path)}: no live widget"
    for cell in widgets:  # a widget's output holds a fresh model id on every run
        assert "nbval-ignore-output" in cell["metadata"].get("tags", []), cell["id"]
    printed = [cell for cell in code if any(output.get("name") == "stdout" for output in cell["outputs"])]
    assert printed, f"{rel(path)}: no number printed by code"
    for cell in printed:
        assert "fmt(" in "".join(cell["source"]), f"{rel(path)}: print numbers through fmt ({cell['id']})"
    for cell in cells:
        assert not set(cell["metadata"].get("tags", [])) & notebooks.BOOK_ONLY_TAGS, cell["id"]


# -- no MyST left where JupyterLab would show it raw --------------------------------------------


def shown_texts(notebook: dict):
    """Every Markdown cell and every text output of a notebook, as (where, text)."""
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            yield cell.get("id"), "".join(cell["source"])
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                yield f"{cell.get('id')} ({output['name']})", "".join(output["text"])
            for kind in TEXT_OUTPUTS:
                if kind in output.get("data", {}):
                    value = output["data"][kind]
                    yield f"{cell.get('id')} ({kind})", "".join(value) if isinstance(value, list) else value


@pytest.mark.parametrize("path", PLAY + EXERCISES, ids=rel)
def test_no_myst_is_left_where_jupyterlab_shows_it(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    found = {where: left for where, text in shown_texts(notebook) if (left := notebooks.myst_left(text))}
    assert not found, f"{rel(path)} would show MyST markup as raw text in JupyterLab: {found}"


def test_the_myst_check_sees_what_the_chapter_notebooks_hold():
    """The chapters' own notebooks keep their MyST: the check must see it there (it can fail)."""
    notebook = json.loads((ROOT / "notebooks" / "chapters" / "01_cg.ipynb").read_text(encoding="utf-8"))
    found = [left for _, text in shown_texts(notebook) for left in notebooks.myst_left(text)]
    assert "{glue:text}`" in found and ":::{" in found and "```{" in found and "{download}`" in found


# -- the built book offers them ------------------------------------------------------------------


@pytest.mark.book
@pytest.mark.parametrize("source", CHAPTERS, ids=lambda path: path.stem)
def test_the_book_offers_the_play_notebook_under_a_name_of_its_own(source):
    """Practise links the play and the exercise notebook; the play one is saved as NN_name-play.ipynb
    (both files are called NN_name.ipynb in the repository)."""
    from tools.chromium import book_html

    page = book_html() / "chapters" / f"{source.stem}.html"
    if not page.is_file():
        pytest.skip(f"no built book at {page.parent.parent}: run `make book` first")
    links = re.findall(r'href="\.\./(_downloads/[^"]+\.ipynb)"', page.read_text(encoding="utf-8"))
    # the in-page practice links the exercise notebook again, from each exercise done in code
    names = sorted({Path(link).name for link in links})
    assert names == sorted([f"{source.stem}.ipynb", f"{source.stem}-play.ipynb"])
    for link in links:
        copy = page.parent.parent / link
        assert copy.is_file(), link
    play = next(page.parent.parent / link for link in links if link.endswith("-play.ipynb"))
    assert play.read_bytes() == (ROOT / "exercises" / "play" / f"{source.stem}.ipynb").read_bytes()
