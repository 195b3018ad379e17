"""Every view of the play notebooks plays in a real JupyterLab, from the book's own ES modules.

Each play notebook (``exercises/play/``) is opened in JupyterLab (tests/browser/jupyterlab.py:
127.0.0.1 only, any request that would leave the machine is refused and fails the test), run top
to bottom in a real kernel, and then every view it shows is played once: the anywidget
(``ndcg.course.widgets.View``) renders the view's skeleton with the module that the book uses
(``ndcg/course/static/``), the view becomes ready (``data-ready="true"``), and one move (a swap,
a guess, typed grades, a slider, a flip, an answer) changes what it shows. The answer checker is
played too: what is typed goes to Python, whose check (``ndcg.course.checks``) answers in the box.

A slow browser test (a minute or two): it carries the ``book`` marker, like the other browser
tests, and is skipped, saying why, without Chromium or JupyterLab.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.browser import jupyterlab
from tests.browser.jupyterlab import PLAY, RENDER_TIMEOUT, SHOTS, shut_kernels

#: The JupyterLab server and its page (tests/browser/jupyterlab.py), this module's own.
lab, lab_page = jupyterlab.lab, jupyterlab.lab_page

pytestmark = pytest.mark.book

VIEW_MIME = "application/vnd.jupyter.widget-view+json"
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
RUN_TIMEOUT = 180_000  # milliseconds for a notebook's cells to run and its views to be ready

#: One move per kind of view, run in the page on the view's element; it returns nothing, and
#: the view's text must change after it.
MOVES = {
    "reorder": "v => v.querySelector('[data-action=down]').click()",
    "monster": "v => v.querySelector('[data-action=down]').click()",
    "two-systems": "v => v.querySelector('[data-guess=x]').click()",
    "explorer": "v => { const i = v.querySelector('[data-role=grades]'); i.value = '0, 1, 2, 3';"
    " i.dispatchEvent(new Event('input', { bubbles: true })); }",
    "discount": "v => { const s = v.querySelector('[data-role=slider]'); s.value = s.max;"
    " s.dispatchEvent(new Event('input', { bubbles: true })); }",
    "gains": "v => { const s = v.querySelector('[data-role=slider]'); s.value = s.max;"
    " s.dispatchEvent(new Event('input', { bubbles: true })); }",
    "ndcg-at-k": "v => v.querySelector('[data-action=best]').click()",
    "same-rr": "v => { const i = v.querySelector('[data-role=grades-a]'); i.value = '0, 0, 3';"
    " i.dispatchEvent(new Event('input', { bubbles: true })); }",
    "score-playground": "v => { const s = v.querySelector('[data-role=slider]'); s.value = s.max;"
    " s.dispatchEvent(new Event('input', { bubbles: true }));"
    " s.dispatchEvent(new Event('change', { bubbles: true })); }",
    "flashcards": "v => v.querySelector('[data-action=flip]').click()",
    "quiz": "v => v.querySelector('button[data-option]').click()",
}


def views_of(path: Path) -> int:
    """How many live views the stored notebook shows (outputs with a widget view)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    return sum(
        VIEW_MIME in output.get("data", {})
        for cell in notebook["cells"]
        for output in cell.get("outputs", [])
    )


def run_notebook(page, path: str, expected: int) -> None:
    """Open ``path``, run every cell in its kernel, and wait for ``expected`` ready views."""
    page.evaluate("(path) => window.jupyterapp.commands.execute('docmanager:open', { path })", path)
    page.wait_for_selector(f"{PANEL} .jp-Notebook .jp-Cell", timeout=RENDER_TIMEOUT)
    page.wait_for_function(
        """() => {
            const panel = Array.from(window.jupyterapp.shell.widgets('main')).find((w) => w.sessionContext);
            return panel && panel.sessionContext.session && panel.sessionContext.session.kernel
                && panel.sessionContext.session.kernel.status === 'idle';
        }""",
        timeout=RUN_TIMEOUT,
    )
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        """([panel, expected]) => document.querySelectorAll(
            `${panel} .ndcg-anywidget [data-ndcg-view][data-ready=true]`).length === expected""",
        arg=[PANEL, expected],
        timeout=RUN_TIMEOUT,
    )


def close_all(lab, page) -> None:
    page.evaluate("() => Array.from(window.jupyterapp.shell.widgets('main')).forEach((w) => w.dispose())")
    shut_kernels(lab)


def test_every_play_notebook_shows_live_views():
    # the play notebooks hold the chapters' games, explorers and figures, as live views
    counts = {path.stem: views_of(path) for path in PLAY}
    assert all(counts.values()), counts
    kinds = set()
    for path in PLAY:
        text = path.read_text(encoding="utf-8")
        kinds |= {kind for kind in MOVES if f'data-ndcg-view=\\"{kind}\\"' in text}
    assert kinds == set(MOVES), set(MOVES) - kinds


@pytest.mark.parametrize("path", PLAY, ids=lambda path: path.stem)
def test_a_play_notebook_plays_in_jupyterlab(lab, lab_page, path):
    page = lab_page
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    expected = views_of(path)
    try:
        run_notebook(page, f"play/{path.name}", expected)
        views = page.locator(f"{PANEL} .ndcg-anywidget [data-ndcg-view]")
        assert views.count() == expected
        played = []
        for i in range(expected):
            view = views.nth(i)
            kind = view.get_attribute("data-ndcg-view")
            view.scroll_into_view_if_needed()
            before = view.inner_text()
            view.evaluate(MOVES[kind])
            page.wait_for_function(
                "([v, before]) => v.innerText !== before", arg=[view.element_handle(), before]
            )
            played.append(kind)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"jupyterlab-live-{path.stem}.png"))
    finally:
        close_all(lab, page)
    assert played and not errors, errors
    assert not page.left, f"JupyterLab asked for something off this machine: {page.left}"


def test_the_answer_checker_asks_python(lab, lab_page):
    # what is typed goes to the kernel; the check runs there and its feedback comes back
    cells = [
        "import ndcg\nfrom ndcg.course.checks import NumberCheck\nfrom ndcg.course.widgets import AnswerChecker\n\n"
        'AnswerChecker(NumberCheck(ndcg.dcg([3, 2, 1]), name="DCG@3", abs_tol=5e-3,\n'
        '                          hint="Divide each grade by log2(rank + 1)."))'
    ]
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "id": f"c{i}",
                "metadata": {},
                "source": s,
                "outputs": [],
                "execution_count": None,
            }
            for i, s in enumerate(cells)
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (lab.root / "answer.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    page = lab_page
    try:
        run_notebook(page, "answer.ipynb", 1)
        view = page.locator(f"{PANEL} .ndcg-anywidget [data-ndcg-view=answer]")
        box, check = view.locator("[data-role=answer]"), view.locator("[data-action=check]")
        box.fill("6")
        check.click()
        feedback = view.locator("[data-role=feedback] .ndcg-error")
        feedback.wait_for(timeout=RENDER_TIMEOUT)
        assert "log2(rank + 1)" in feedback.inner_text()  # the check's hint, from Python
        assert view.locator("[data-role=attempts]").inner_text() == "Attempts: 1"
        box.fill("4.76")
        box.press("Enter")
        view.locator("[data-role=feedback] .ndcg-good").wait_for(timeout=RENDER_TIMEOUT)
        assert view.locator("[data-role=attempts]").inner_text() == "Attempts: 2"
    finally:
        close_all(lab, page)
    assert not page.left, f"JupyterLab asked for something off this machine: {page.left}"
