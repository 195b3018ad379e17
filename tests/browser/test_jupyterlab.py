"""What the book tells learners to open reads well, and plays, in a real JupyterLab.

The chapter notebooks keep the book's MyST markup, which JupyterLab shows as raw text; the
book sends learners to the play notebooks (``exercises/play/``) and the exercise notebooks
(``exercises/*.ipynb``) instead. Each of them is opened in a real JupyterLab (the venv's,
pinned in requirements.txt) in Chromium, and the rendered notebook must show no MyST markup and
no solution, as a learner would see it before running a cell.

The play notebooks that between them show every kind of view (``PLAYED``)
are then run top to bottom in a real kernel, and every view they show is played once (nbval runs
every play notebook in a kernel; the other two only repeat kinds of view played here): the
anywidget (``ndcg.course.widgets.View``) renders the view's skeleton with the module that the
book uses (``ndcg/course/static/``), the view becomes ready (``data-ready="true"``), and one move
(a swap, a guess, typed grades, a slider, a flip, an answer) changes what it shows. The answer
checker is played too: what is typed goes to Python, whose check (``ndcg.course.checks``)
answers in the box. Reading and playing a play notebook is one test, on one opening of it.
A Chinese exercise notebook (``exercises/zh/``) reads in Chinese, and its checks climb the hint
ladder in Chinese, in a cell's output and in the answer box, on the same server.

JupyterLab runs on 127.0.0.1 (tests/browser/jupyterlab.py), with a token, no browser of its own,
a temporary root folder holding copies of the notebooks, and temporary config, data, runtime,
settings and workspace folders, so nothing of the user's Jupyter setup leaks in: one server for
the whole test run (every JupyterLab test is in this module, so one worker runs them). Its settings
turn the notebook's windowing off (every cell is in the DOM) and the news feed off: any request
that would leave 127.0.0.1 is refused and fails the test. Screenshots go to
``_build/screenshots/`` (``jupyterlab-play-02_dcg.png`` before running, ``jupyterlab-live-02_dcg.png``
after playing).

It needs no built book, but it is a slow browser test (a few minutes), so it carries the ``book``
marker of the browser tests: ``make test-fast`` leaves it out, ``make test`` runs it. It is
skipped, saying why, when no Chromium-family browser or no JupyterLab is found.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ndcg_book.generate import notebooks as notebooks_tool
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

pytestmark = pytest.mark.book

#: The JupyterLab server and its page (tests/browser/jupyterlab.py), this module's own.
lab, lab_page, play_page = jupyterlab.lab, jupyterlab.lab_page, jupyterlab.play_page

#: Where the solutions' text sources are: ``solutions/`` at the top, or (before) ``exercises/solutions/``.
SOLUTION_DIRS = (ROOT / "solutions", ROOT / "exercises" / "solutions")
#: MyST markup that must never be visible in JupyterLab.
FORBIDDEN = ("{glue", ":::{", "```{", "{exercise}", "{solution", "{download}", "{doc}", "{ref}")
#: A line of a solution shorter than this is too generic to prove anything (``total = 0``).
MIN_SOLUTION_LINE = 16


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


def settled_text(locator, expected: str, timeout_ms: int = 10_000) -> str:
    """The text of ``locator`` once it reads ``expected``, or as it reads after ``timeout_ms``: the
    answer box writes its feedback and then its count of attempts, in two renders."""
    import time

    deadline = time.monotonic() + timeout_ms / 1000
    while (text := locator.inner_text()) != expected and time.monotonic() < deadline:
        locator.page.wait_for_timeout(100)
    return text


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
    check_text(page, path, text, hidden)
    return text


def check_text(page, path: Path, text: str, hidden: set[str]) -> None:
    """What an opened notebook shows: nothing asked off this machine, no MyST markup, no solution."""
    assert not page.left, f"JupyterLab asked for something off this machine: {page.left}"
    shown = [mark for mark in FORBIDDEN if mark in text]
    assert not shown, f"{rel(path)} shows MyST markup in JupyterLab: {shown}"
    seen = flat(text)
    leaked = sorted(line for line in hidden if flat(line) in seen)
    assert not leaked, f"{rel(path)} shows solution code in JupyterLab: {leaked}"


@pytest.mark.parametrize(("name", "error"), [("raw_myst", "MyST markup"), ("solution", "solution code")])
def test_the_check_sees_raw_myst_and_solution_code(lab, lab_page, name, error):
    """The check fails on a notebook that shows MyST markup or a solution (it can fail)."""
    with pytest.raises(AssertionError, match=error):
        check_notebook(lab, lab_page, "canary", lab.root / "canary" / f"{name}.ipynb", {CANARY_SECRET})


def test_there_is_a_play_notebook_per_chapter():
    assert [path.stem for path in PLAY] == [path.stem for path in sorted((ROOT / "chapters").glob("*.md"))]
    assert EXERCISES


@pytest.mark.parametrize("path", EXERCISES, ids=lambda path: path.stem)
def test_an_exercise_notebook_reads_well_in_jupyterlab(lab, lab_page, path):
    check_notebook(lab, lab_page, "exercises", path, exercise_secrets(path))


# -- playing: play notebooks run in a kernel, every kind of view played -------------------------

VIEW_MIME = "application/vnd.jupyter.widget-view+json"
PANEL, RUN_TIMEOUT = jupyterlab.PANEL, jupyterlab.RUN_TIMEOUT

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
    """Open ``path`` (or bring it forward when open), run every cell in its kernel, and wait for
    ``expected`` ready views."""
    jupyterlab.open_and_run_all(page, path)
    page.wait_for_function(
        """([panel, expected]) => document.querySelectorAll(
            `${panel} .ndcg-anywidget [data-ndcg-view][data-ready=true]`).length === expected""",
        arg=[PANEL, expected],
        timeout=RUN_TIMEOUT,
    )


def close_all(lab, page) -> None:
    """Close every notebook of ``page`` the way JupyterLab's "Close and Shut Down Notebook" does:
    shut its session down through JupyterLab first, then dispose of it. A session deleted behind
    JupyterLab's back (through the server's API) was found gone by its next poll, and what it threw
    then about the disposed notebook ("Cannot read properties of null (reading 'kernel')", seen in
    CI) landed on the next notebook's test. The server's API then ends whatever is left."""
    page.evaluate(
        """async () => {
            const widgets = Array.from(window.jupyterapp.shell.widgets('main'));
            for (const widget of widgets) {
                if (widget.sessionContext && widget.sessionContext.session) {
                    await widget.sessionContext.shutdown();
                }
            }
            widgets.forEach((widget) => widget.dispose());
            await window.jupyterapp.serviceManager.sessions.refreshRunning();
        }"""
    )
    shut_kernels(lab)


def jupyterlab_s_own(error) -> bool:
    """Whether a page error is JupyterLab's own, thrown about a notebook this module closed, not
    the learner's notebook: "Disposed" (JupyterLab closing the notebook before this one, landing
    late), and ipywidgets' JupyterLab manager looking up the kernel of a session that has just
    ended (``getWidgetManagerOwner`` reads ``sessionContext.session.kernel`` with no session left:
    jupyter-widgets/ipywidgets#3970, open; CI saw it twice, on the notebook after a closed one)."""
    if str(error) == "Disposed":
        return True
    return "reading 'kernel'" in str(error) and "@jupyter-widgets/jupyterlab-manager" in (error.stack or "")


def kinds_of(path: Path) -> set[str]:
    """The kinds of live view (``data-ndcg-view``) that the stored notebook shows."""
    return set(re.findall(r'data-ndcg-view=\\"([a-z-]+)\\"', path.read_text(encoding="utf-8")))


def notebooks_to_play(kinds: dict[str, set[str]]) -> list[str]:
    """The fewest notebooks (picked greedily, in order) that show every kind of view of ``kinds``
    (notebook: its kinds) between them.

    >>> notebooks_to_play({"a": {"quiz"}, "b": {"quiz", "reorder"}, "c": {"reorder"}, "d": {"explorer"}})
    ['b', 'd']
    """
    left, chosen = set().union(*kinds.values()), []
    while left:
        best = max(kinds, key=lambda name: len(kinds[name] & left))  # the first of the best
        chosen.append(best)
        left -= kinds[best]
    return sorted(chosen)


#: The play notebooks that are run in a kernel in JupyterLab and played: enough of them to play
#: every kind of view (every notebook is read in JupyterLab, and nbval runs every one of them).
PLAYED = notebooks_to_play({path.stem: kinds_of(path) for path in PLAY})


def test_only_jupyterlab_s_own_errors_about_closed_notebooks_are_let_through():
    class Error(Exception):
        def __init__(self, message, stack):
            super().__init__(message)
            self.stack = stack

    manager = "at getWidgetManagerOwner (lab/extensions/@jupyter-widgets/jupyterlab-manager/static/160.js)"
    assert jupyterlab_s_own(Error("Disposed", ""))
    assert jupyterlab_s_own(Error("Cannot read properties of null (reading 'kernel')", manager))
    # the same words from the course's own code, or any other error, fail the test
    assert not jupyterlab_s_own(
        Error("Cannot read properties of null (reading 'kernel')", "at ndcg-course.js:1")
    )
    assert not jupyterlab_s_own(Error("ReferenceError: x is not defined", manager))


def test_every_play_notebook_shows_live_views():
    # the play notebooks hold the chapters' games, explorers and figures, as live views
    counts = {path.stem: views_of(path) for path in PLAY}
    assert all(counts.values()), counts
    kinds = set().union(*(kinds_of(path) for path in PLAY))
    assert kinds == set(MOVES), kinds ^ set(MOVES)
    # the notebooks played in JupyterLab play every kind of view
    played = set().union(*(kinds_of(path) for path in PLAY if path.stem in PLAYED))
    assert played == set(MOVES), f"kinds of view played in no notebook: {set(MOVES) - played}"


@pytest.mark.parametrize("path", PLAY, ids=lambda path: path.stem)
def test_a_play_notebook_reads_well_then_plays_in_jupyterlab(lab, play_page, path):
    # every play notebook is read as opened; those of PLAYED are then run and every view played
    page = play_page
    errors = []

    def record(error):
        if not jupyterlab_s_own(error):
            errors.append(f"{error}\n{error.stack}")  # (where it came from, should it come back)

    page.on("pageerror", record)
    expected = views_of(path)
    notebook = json.loads(path.read_text(encoding="utf-8"))
    try:
        # as opened, before a cell runs: the stored outputs, read as a learner first sees them
        text = visible_notebook(page, f"play/{path.name}", notebook)
        page.wait_for_selector(".jp-Dialog", state="detached", timeout=RENDER_TIMEOUT)  # nothing in the way
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"jupyterlab-play-{path.stem}.png"))
        check_text(page, path, text, chapter_secrets(ROOT / "chapters" / f"{path.stem}.md"))
        assert "Play: " in text  # the title is rendered as a heading, not shown as raw Markdown
        assert "# Play" not in text
        played = []
        if path.stem in PLAYED:
            # then run in its kernel, and every view played once
            run_notebook(page, f"play/{path.name}", expected)
            views = page.locator(f"{PANEL} .ndcg-anywidget [data-ndcg-view]")
            assert views.count() == expected
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
            page.screenshot(path=str(SHOTS / f"jupyterlab-live-{path.stem}.png"))
    finally:
        # (the test's own teardown disposes the notebook while JupyterLab may still be settling its
        # session: what JupyterLab throws then is not the learner's, so it is not listened to)
        page.remove_listener("pageerror", record)
        close_all(lab, page)
    assert not errors, errors
    assert len(played) == (expected if path.stem in PLAYED else 0)
    assert not page.left, f"JupyterLab asked for something off this machine: {page.left}"


def test_the_answer_checker_asks_python(lab, play_page):
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
    page = play_page
    try:
        run_notebook(page, "answer.ipynb", 1)
        view = page.locator(f"{PANEL} .ndcg-anywidget [data-ndcg-view=answer]")
        box, check = view.locator("[data-role=answer]"), view.locator("[data-action=check]")
        box.fill("6")
        check.click()
        feedback = view.locator("[data-role=feedback] .ndcg-error")
        feedback.wait_for(timeout=RENDER_TIMEOUT)
        assert "log2(rank + 1)" in feedback.inner_text()  # the check's hint, from Python
        assert settled_text(view.locator("[data-role=attempts]"), "Attempts: 1") == "Attempts: 1"
        box.fill("4.76")
        box.press("Enter")
        view.locator("[data-role=feedback] .ndcg-good").wait_for(timeout=RENDER_TIMEOUT)
        assert settled_text(view.locator("[data-role=attempts]"), "Attempts: 2") == "Attempts: 2"
    finally:
        close_all(lab, page)
    assert not page.left, f"JupyterLab asked for something off this machine: {page.left}"


ZH_NOTEBOOK = ROOT / "exercises" / "zh" / "01_cg.ipynb"
#: The cell added under the Chinese notebook's answer box: three wrong answers, then the ladder starts again.
ZH_LADDER = (
    "# 连续答错三次：提示、更细的分析、讲解\n"
    "for guess in ([5, 8], [8, 6], [1, 1]):\n"
    "    check_films(guess)\n"
    "check_films.reset()"
)


def with_zh_ladder(notebook: dict) -> dict:
    cells = notebook["cells"]
    at = next(n for n, cell in enumerate(cells) if cell["id"] == "ex1-box") + 1
    ladder = {
        "cell_type": "code",
        "execution_count": None,
        "id": "ladder",
        "metadata": {},
        "outputs": [],
        "source": ZH_LADDER,
    }
    return {**notebook, "cells": [*cells[:at], ladder, *cells[at:]]}


@pytest.fixture
def zh_page(browser, lab):
    page = jupyterlab.open_lab_page(browser, lab)
    page.set_viewport_size({"width": 1280, "height": 1100})
    yield page
    page.close()


def test_a_chinese_exercise_notebook_climbs_the_hint_ladder_in_chinese(lab, zh_page):
    # exercises/zh/01_cg.ipynb run as a learner runs it (its first code cell calls
    # set_language("zh")), with one cell added under exercise 1's answer box that answers wrong three
    # times (the hint, a closer look, the explanation) and then starts the ladder again; a wrong
    # answer typed in the box then gets the hint. Screenshot: _build/screenshots/zh-jupyterlab-hints.png
    page = zh_page
    notebook = with_zh_ladder(json.loads(ZH_NOTEBOOK.read_text(encoding="utf-8")))
    (lab.root / "zh").mkdir(exist_ok=True)
    (lab.root / "zh" / ZH_NOTEBOOK.name).write_text(
        json.dumps(notebook, ensure_ascii=False), encoding="utf-8"
    )
    errors = []

    def record(error):
        errors.append(str(error))

    page.on("pageerror", record)
    try:
        jupyterlab.open_and_run_all(page, f"zh/{ZH_NOTEBOOK.name}")
        box = page.locator(f"{PANEL} .ndcg-anywidget [data-ndcg-view=answer][data-ready=true]")
        box.wait_for(timeout=RUN_TIMEOUT)
        ladder = page.locator(f"{PANEL} .jp-CodeCell", has_text="连续答错三次").locator(
            ".jp-OutputArea-output"
        )
        ladder.first.wait_for(timeout=RUN_TIMEOUT)
        text = ladder.first.inner_text()
        assert "❌ 还不对：[5, 8] 不是电影的 [CG@3, CG@5]" in text
        assert "💡 提示：CG@k 就是前 k 个等级之和" in text
        assert "🔎 更细的分析：从第 1 位往下，等级依次是 [3, 2, 1, 0, 2]" in text
        assert "📖 讲解：CG@3 = 3 + 2 + 1 = 6" in text
        # the answer box: its labels in Chinese, and a wrong answer gets the first rung
        assert "检查 ✔" in box.locator("[data-action=check]").inner_text()
        box.locator("[data-role=answer]").fill("5，8")  # a Chinese keyboard's comma
        box.locator("[data-action=check]").click()
        feedback = box.locator("[data-role=feedback] .ndcg-error")
        feedback.wait_for(timeout=RENDER_TIMEOUT)
        assert "💡 提示：" in feedback.inner_text()
        assert settled_text(box.locator("[data-role=attempts]"), "尝试次数：1") == "尝试次数：1"
        # the notebook's prose is Chinese, and no English verdict shows anywhere
        panel = page.locator(PANEL).inner_text()
        assert "练习 1——电影的 CG@3 和 CG@5" in panel and "⏳ 还没有" in panel
        assert "Not quite" not in panel and "Hint:" not in panel
        page.locator(f"{PANEL} .jp-CodeCell", has_text="连续答错三次").scroll_into_view_if_needed()
        page.evaluate(
            "() => { const cell = Array.from(document.querySelectorAll('.jp-CodeCell'))"
            ".find((c) => c.textContent.includes('AnswerChecker(check_films)'));"
            " cell.scrollIntoView({ block: 'start' }); }"
        )
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "zh-jupyterlab-hints.png"))
    finally:
        # (what JupyterLab throws while the test's own teardown disposes the notebook is not the
        # learner's: tests/browser/test_jupyterlab.py)
        page.remove_listener("pageerror", record)
        page.evaluate("() => Array.from(window.jupyterapp.shell.widgets('main')).forEach((w) => w.dispose())")
        shut_kernels(lab)
    assert not errors, errors
    assert not page.left, f"JupyterLab asked for something off this machine: {page.left}"
