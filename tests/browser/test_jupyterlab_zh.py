"""A Chinese exercise notebook (``exercises/zh/``) in a real JupyterLab: it reads in Chinese, and
its checks climb the hint ladder in Chinese, in a cell's output and in the answer box.

The notebook is run as a learner runs it (its first code cell calls ``set_language("zh")``), with
one cell added under exercise 1's answer box that answers wrong three times (the hint, a closer
look, the explanation) and then starts the ladder again; a wrong answer typed in the box then gets
the hint. The screenshot is ``_build/screenshots/zh-jupyterlab-hints.png``.

A slow browser test (a JupyterLab of its own), marked ``book`` like tests/browser/test_jupyterlab.py.
"""

from __future__ import annotations

import json

import pytest

from tests.browser import jupyterlab
from tests.browser.jupyterlab import RENDER_TIMEOUT, ROOT, SHOTS, open_lab_page, shut_kernels

pytestmark = pytest.mark.book

lab = jupyterlab.lab

NOTEBOOK = ROOT / "exercises" / "zh" / "01_cg.ipynb"
PANEL, RUN_TIMEOUT = jupyterlab.PANEL, jupyterlab.RUN_TIMEOUT
#: The cell added under the answer box: three wrong answers, then the ladder starts again.
LADDER = (
    "# 连续答错三次：提示、更细的分析、讲解\n"
    "for guess in ([5, 8], [8, 6], [1, 1]):\n"
    "    check_films(guess)\n"
    "check_films.reset()"
)


def with_ladder(notebook: dict) -> dict:
    cells = notebook["cells"]
    at = next(n for n, cell in enumerate(cells) if cell["id"] == "ex1-box") + 1
    ladder = {
        "cell_type": "code",
        "execution_count": None,
        "id": "ladder",
        "metadata": {},
        "outputs": [],
        "source": LADDER,
    }
    return {**notebook, "cells": [*cells[:at], ladder, *cells[at:]]}


@pytest.fixture
def page(browser, lab):
    page = open_lab_page(browser, lab)
    page.set_viewport_size({"width": 1280, "height": 1100})
    yield page
    page.close()


def test_a_chinese_exercise_notebook_climbs_the_hint_ladder_in_chinese(lab, page):
    notebook = with_ladder(json.loads(NOTEBOOK.read_text(encoding="utf-8")))
    (lab.root / "zh").mkdir(exist_ok=True)
    (lab.root / "zh" / NOTEBOOK.name).write_text(json.dumps(notebook, ensure_ascii=False), encoding="utf-8")
    errors = []

    def record(error):
        errors.append(str(error))

    page.on("pageerror", record)
    try:
        jupyterlab.open_and_run_all(page, f"zh/{NOTEBOOK.name}")
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
        assert box.locator("[data-role=attempts]").inner_text() == "尝试次数：1"
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
