"""What the book tells learners to open reads well in JupyterLab: the play and exercise notebooks.

The chapter notebooks keep the book's MyST markup, which JupyterLab shows as raw text; the
book sends learners to the play notebooks (``exercises/play/``) and the exercise notebooks
(``exercises/*.ipynb``) instead. This test opens each of them in a real JupyterLab (the
venv's, pinned in requirements.txt) in Chromium, without running a cell, and asserts that
the rendered notebook shows no MyST markup and no solution, as a learner would see it.

JupyterLab runs on 127.0.0.1 on a free port, with a token, no browser of its own, a
temporary root folder holding copies of the notebooks, and temporary config, data,
runtime, settings and workspace folders, so nothing of the user's Jupyter setup leaks in.
Its settings turn the notebook's windowing off (``windowingMode: none``: every cell is in
the DOM, not only those in view) and the news feed off (no request leaves the machine; the
test fails on one). A screenshot of each notebook goes to ``_build/screenshots/``
(``jupyterlab-play-01_cg.png`` ...), next to the other browser tests' shots.

It needs no built book, but it is a slow browser test (about a minute), so it carries the
``book`` marker of the browser tests: ``make test-fast`` leaves it out, ``make test`` runs
it. It is skipped, saying why, when no Chromium-family browser is found (tools/chromium.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.browser import jupyterlab
from tests.browser.jupyterlab import (
    CANARY_SECRET,
    EXERCISES,
    PLAY,
    RENDER_TIMEOUT,
    ROOT,
    SHOTS,
    shut_kernels,
    visible_notebook,
)
from tests.tools_loader import load_tool

pytestmark = pytest.mark.book

#: The JupyterLab server and its page (tests/browser/jupyterlab.py), this module's own.
lab, lab_page = jupyterlab.lab, jupyterlab.lab_page

#: Where the solutions' text sources are: ``solutions/`` at the top, or (before) ``exercises/solutions/``.
SOLUTION_DIRS = (ROOT / "solutions", ROOT / "exercises" / "solutions")
#: MyST markup that must never be visible in JupyterLab.
FORBIDDEN = ("{glue", ":::{", "```{", "{exercise}", "{solution", "{download}", "{doc}", "{ref}")
#: A line of a solution shorter than this is too generic to prove anything (``total = 0``).
MIN_SOLUTION_LINE = 16


notebooks_tool = load_tool("notebooks")


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name


# -- what must stay hidden --------------------------------------------------------------------------


def flat(text: str) -> str:
    """``text`` with every run of white space made one space (the rendered text wraps differently)."""
    return re.sub(r"\s+", " ", text)


def significant_lines(code: str) -> set[str]:
    """The lines of a piece of code long and specific enough to betray it when seen.

    >>> sorted(significant_lines("x = 1\\n# a comment that is long enough\\nassert my_cg(rels, k) == ndcg.cg(rels, k)"))
    ['assert my_cg(rels, k) == ndcg.cg(rels, k)']
    """
    lines = {line.strip() for line in code.splitlines()}
    return {line for line in lines if len(line) >= MIN_SOLUTION_LINE and not line.startswith("#")}


def solutions_source(stem: str) -> Path | None:
    """The solutions' text source of an exercise notebook, wherever the repository keeps it."""
    for folder in SOLUTION_DIRS:
        if (folder / f"{stem}.md").is_file():
            return folder / f"{stem}.md"
    return None


def exercise_secrets(exercise: Path) -> set[str]:
    """The code of the solution cells (tagged ``solution``) that the exercise notebook must not show.

    A line that the learner is meant to see anyway (quoted in a prompt, or part of the
    ``student`` version of a cell, both in the same text source) is not a secret.
    """
    source = solutions_source(exercise.stem)
    assert source is not None, f"no solutions text source for {rel(exercise)} in {SOLUTION_DIRS}"
    public, hidden = [], set()
    for cell in notebooks_tool.read_source(source).cells:
        if "solution" in cell.metadata.get("tags", []):
            public.append(str(cell.metadata.get("student", "")))
            if cell.cell_type == "code":
                hidden |= significant_lines(cell.source)
        else:
            public.append(cell.source)
    public_text = flat("\n".join(public))
    return {line for line in hidden if flat(line) not in public_text}


def chapter_secrets(chapter: Path) -> set[str]:
    """The code of the chapter's in-chapter solutions (between ``solution-start`` and ``solution-end``)."""
    hidden, inside = set(), False
    for cell in notebooks_tool.read_source(chapter).cells:
        if cell.cell_type == "markdown":
            if "{solution-start}" in cell.source:
                inside = True
            if "{solution-end}" in cell.source:
                inside = False
        elif inside:
            hidden |= significant_lines(cell.source)
    return hidden


def test_the_secrets_are_found():
    """The lists of hidden lines are not empty: a test that hides nothing could not fail."""
    assert all(exercise_secrets(path) for path in EXERCISES)
    assert chapter_secrets(ROOT / "chapters" / "01_cg.md")
    assert any("my_cg" in line for line in chapter_secrets(ROOT / "chapters" / "01_cg.md"))


def check_notebook(lab, page, folder: str, path: Path, hidden: set[str]) -> str:
    """Open one notebook, save its screenshot, and check what it shows; return its visible text."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    try:
        text = visible_notebook(page, f"{folder}/{path.name}", notebook)
        SHOTS.mkdir(parents=True, exist_ok=True)
        outputs = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output")
        if folder == "play" and outputs.count():
            outputs.first.scroll_into_view_if_needed()
        page.wait_for_selector(".jp-Dialog", state="detached", timeout=RENDER_TIMEOUT)  # nothing in the way
        page.screenshot(path=str(SHOTS / f"jupyterlab-{folder}-{path.stem}.png"))
    finally:  # close the notebook without a save prompt (the kernel's info marks it changed), stop its kernel
        page.evaluate("() => Array.from(window.jupyterapp.shell.widgets('main')).forEach((w) => w.dispose())")
        shut_kernels(lab)
    assert not page.left, f"JupyterLab asked for something off this machine: {page.left}"
    shown = [mark for mark in FORBIDDEN if mark in text]
    assert not shown, f"{rel(path)} shows MyST markup in JupyterLab: {shown}"
    seen = flat(text)
    leaked = sorted(line for line in hidden if flat(line) in seen)
    assert not leaked, f"{rel(path)} shows solution code in JupyterLab: {leaked}"
    return text


@pytest.mark.parametrize(("name", "error"), [("raw_myst", "MyST markup"), ("solution", "solution code")])
def test_the_check_sees_raw_myst_and_solution_code(lab, lab_page, name, error):
    """The check fails on a notebook that shows MyST markup or a solution (it can fail)."""
    with pytest.raises(AssertionError, match=error):
        check_notebook(lab, lab_page, "canary", lab.root / "canary" / f"{name}.ipynb", {CANARY_SECRET})


def test_there_is_a_play_notebook_per_chapter():
    assert [path.stem for path in PLAY] == [path.stem for path in sorted((ROOT / "chapters").glob("*.md"))]
    assert EXERCISES


@pytest.mark.parametrize("path", PLAY, ids=lambda path: path.stem)
def test_a_play_notebook_reads_well_in_jupyterlab(lab, lab_page, path):
    hidden = chapter_secrets(ROOT / "chapters" / f"{path.stem}.md")
    text = check_notebook(lab, lab_page, "play", path, hidden)
    assert "Play: " in text  # the title is rendered as a heading, not shown as raw Markdown
    assert "# Play" not in text


@pytest.mark.parametrize("path", EXERCISES, ids=lambda path: path.stem)
def test_an_exercise_notebook_reads_well_in_jupyterlab(lab, lab_page, path):
    check_notebook(lab, lab_page, "exercises", path, exercise_secrets(path))
