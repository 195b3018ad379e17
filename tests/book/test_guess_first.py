"""A figure shown under "make a guess" must not give the answer away.

Chapter 2 asks which of systems X and Y has the higher DCG@4 ("Make a guess"), then draws the
two lists side by side. The figure's titles name the systems only; the two DCGs wait in the
answer below it. This test runs the chapter's own figure cell and fails if a title (or the
figure's suptitle) shows either DCG.
"""

from __future__ import annotations

import re
from pathlib import Path

import matplotlib.pyplot as plt
import pytest

import ndcg
from ndcg.course import examples, plots, tables
from ndcg.course.display import fmt

CHAPTER = Path(__file__).resolve().parents[2] / "chapters" / "02_dcg.md"
CELL = re.compile(r"```\{code-cell\} ipython3\n(.*?)```", re.S)


def cell_after(text: str, marker: str) -> str:
    """The source of the first code cell after ``marker`` in a MyST notebook."""
    start = text.index(marker)
    found = CELL.search(text, start)
    assert found, f"no code cell after {marker!r}"
    return "\n".join(line for line in found.group(1).splitlines() if not line.startswith(":"))


def titles(fig) -> list[str]:
    return [ax.get_title() for ax in fig.axes] + [fig._suptitle.get_text() if fig._suptitle else ""]


def test_the_guess_figure_of_chapter_2_hides_both_dcgs():
    source = cell_after(CHAPTER.read_text(encoding="utf-8"), "Make a guess")
    assert "side_by_side" in source, "the figure under 'Make a guess' moved: update this test"
    namespace = {"ndcg": ndcg, "examples": examples, "plots": plots, "tables": tables}
    exec(compile(source, str(CHAPTER), "exec"), namespace)
    fig = namespace["fig"]
    x, y = examples.VIDEO_GAME_X.grades, examples.VIDEO_GAME_Y.grades
    shown = " ".join(titles(fig))
    for value in (ndcg.dcg(x), ndcg.dcg(y)):
        for digits in (1, 2, 3, 4):
            assert fmt(value, f".{digits}f") not in shown, f"a title gives the answer away: {shown!r}"
    assert "DCG" not in shown, shown
    assert [ax.get_title() for ax in fig.axes] == ["system X", "system Y"]
    plt.close(fig)


def test_the_answer_follows_the_figure_in_a_dropdown():
    text = CHAPTER.read_text(encoding="utf-8")
    after = text[text.index("Make a guess") :]
    answer = after.index(":::{admonition} Show the answer\n:class: dropdown")
    assert after.index("side_by_side") < answer < after.index("{glue:text}`dcg_game_y:.3f`")
    assert "{glue:text}`dcg_game_x:.3f`" not in after[:answer]


@pytest.mark.parametrize("show", [True, False])
def test_side_by_side_titles_with_and_without_dcg(show):
    grades = {"X": [0, 1, 2, 3], "Y": [3, 2, 1, 0]}
    fig = plots.side_by_side(grades, show_dcg=show)
    expected = [f"{name}: DCG@4 = {fmt(ndcg.dcg(g), '.3f')}" if show else name for name, g in grades.items()]
    assert [ax.get_title() for ax in fig.axes] == expected
    plt.close(fig)
