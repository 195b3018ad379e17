"""``tools/notebooks_zh.py``: the Chinese play and student notebooks (``exercises/zh/``).

They are stored executed, as the English ones are, and nbval runs them again (the checks' Chinese
hints and the views' Chinese words in a real kernel). These tests check the rest: each is what its
source and catalogues make, its code is its English twin's cell for cell, its prose and its outputs
are Chinese, and the generation refuses English leftovers.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ndcg_book.comments import comment_places, without_comments
from tools import make_student, notebooks, notebooks_zh

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u4e00-\u9fff]")
PLAY_ZH = sorted((ROOT / notebooks_zh.ZH_PLAY).glob("*.ipynb"))
STUDENT_ZH = sorted((ROOT / notebooks_zh.ZH).glob("*.ipynb"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: dict) -> str:
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def code_cells(notebook: dict) -> list[tuple]:
    """Each code cell's id, code and tags, its comments' words left out (the Chinese ones are
    translated, :func:`ndcg_book.comments.translate_comments`)."""
    return [
        (
            cell["id"],
            without_comments(source(cell)),
            cell.get("metadata", {}).get("tags", []),
        )
        for cell in notebook["cells"]
        if cell["cell_type"] == "code" and cell["id"] != notebooks_zh.LANGUAGE_CELL_ID
    ]


def test_a_markdown_text_keeps_its_structure_and_each_block_is_translated():
    text = (
        "## Exercise 1 — P@2\n\nCompute **P@2**.\nAnswer: `answer = [a, b]`.\n\n"
        "$$\n\\mathrm{P@}k = \\frac{h}{k}\n$$\n\n- first item\n  goes on\n- second\n\n"
        ":::{admonition} Try this\n:class: tip\n\nMove it.\n:::"
    )
    assert notebooks_zh.blocks(text) == [
        "Exercise 1 — P@2",
        "Compute **P@2**. Answer: `answer = [a, b]`.",
        "first item goes on",
        "second",
        "Try this",
        "Move it.",
    ]
    done = notebooks_zh.translate_markdown(text, lambda block: f"<{block}>")
    assert done.splitlines()[:3] == [
        "## <Exercise 1 — P@2>",
        "",
        "<Compute **P@2**. Answer: `answer = [a, b]`.>",
    ]
    assert "$$\n\\mathrm{P@}k = \\frac{h}{k}\n$$" in done
    assert "- <first item goes on>\n- <second>" in done
    assert ":::{admonition} <Try this>\n:class: tip\n\n<Move it.>\n:::" in done


def test_the_generation_refuses_english_leftovers(tmp_path):
    english = make_student.student_notebook(make_student.read(ROOT / "solutions" / "01_cg.md"), "01_cg")
    with pytest.raises(notebooks_zh.Untranslated) as raised:
        notebooks_zh.student_notebook(english, "01_cg", root=tmp_path)  # no catalogue at all
    message = str(raised.value)
    assert message.startswith("solutions/01_cg.md: ")
    assert "'Exercise 1 — CG@3 and CG@5 of the films'" in message
    assert "no Chinese notebook is written with English in it" in message
    assert len(raised.value.missing) == len(notebooks_zh.student_markdown(english))


def test_one_untranslated_block_is_enough_to_refuse(tmp_path):
    folder = tmp_path / notebooks_zh.STORE_LOCALES / "exercises"
    folder.mkdir(parents=True)
    english = {"cells": [{"cell_type": "markdown", "id": "a", "metadata": {}, "source": "## One\n\nTwo."}]}
    (folder / "x.po").write_text('msgid "One"\nmsgstr "一"\n\nmsgid "Two."\nmsgstr ""\n', encoding="utf-8")
    with pytest.raises(notebooks_zh.Untranslated) as raised:
        notebooks_zh.student_notebook(english, "x", root=tmp_path)
    assert raised.value.missing == ["Two."]
    (folder / "x.po").write_text(
        'msgid "One"\nmsgstr "一"\n\nmsgid "Two."\nmsgstr "二。"\n', encoding="utf-8"
    )
    made = notebooks_zh.student_notebook(english, "x", root=tmp_path)
    assert source(made["cells"][0]) == "## 一\n\n二。"


@pytest.mark.parametrize("path", PLAY_ZH + STUDENT_ZH, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_a_chinese_notebook_s_comments_are_chinese(path):
    # each comment with words of the English twin is, on the same line of the same cell, Chinese
    english = load(ROOT / "exercises" / path.relative_to(ROOT / notebooks_zh.ZH))
    chinese = {cell["id"]: source(cell) for cell in load(path)["cells"] if cell["cell_type"] == "code"}
    left = []
    for cell in english["cells"]:
        if cell["cell_type"] != "code":
            continue
        lines = chinese[cell["id"]].splitlines()
        for row, _, text in comment_places(source(cell)):
            said = lines[row - 1].split("#", 1)[-1] if "#" in lines[row - 1] else ""
            if not CJK.search(said):
                left.append((cell["id"], text))
    assert left == []


def test_an_untranslated_comment_stops_the_generation(tmp_path):
    folder = tmp_path / notebooks_zh.STORE_LOCALES / "exercises"
    folder.mkdir(parents=True)
    (folder / "x.po").write_text('msgid "One"\nmsgstr "一"\n', encoding="utf-8")
    english = {
        "cells": [
            {"cell_type": "markdown", "id": "a", "metadata": {}, "source": "One"},
            {"cell_type": "code", "id": "b", "metadata": {}, "source": "answer = ...  # your code here\n"},
        ]
    }
    with pytest.raises(notebooks_zh.Untranslated) as raised:
        notebooks_zh.student_notebook(english, "x", root=tmp_path)
    assert raised.value.missing == ["your code here"]
    (tmp_path / notebooks_zh.COMMENTS).write_text(
        'msgid "your code here"\nmsgstr "在这里写你的代码"\n', encoding="utf-8"
    )
    made = notebooks_zh.student_notebook(english, "x", root=tmp_path)
    assert source(made["cells"][-1]) == "answer = ...  # 在这里写你的代码\n"


def test_the_chinese_notebooks_are_what_their_sources_and_catalogues_make():
    assert notebooks_zh.drift_problems(ROOT) == []


def test_every_chapter_has_its_chinese_play_notebook():
    assert [path.stem for path in PLAY_ZH] == [source.stem for source in notebooks.play_sources(ROOT)]


@pytest.mark.parametrize("path", PLAY_ZH + STUDENT_ZH, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_a_chinese_notebook_is_its_english_twin_in_code(path):
    chinese = load(path)
    english = load(ROOT / "exercises" / path.relative_to(ROOT / notebooks_zh.ZH))
    assert code_cells(chinese) == code_cells(english)
    assert [cell["id"] for cell in chinese["cells"] if cell["id"] != notebooks_zh.LANGUAGE_CELL_ID] == [
        cell["id"] for cell in english["cells"]
    ]
    first = next(cell for cell in chinese["cells"] if cell["cell_type"] == "code")
    assert first["id"] == notebooks_zh.LANGUAGE_CELL_ID and 'set_language("zh")' in source(first)
    # executed like its twin: the same cells show something, and what they show speaks Chinese
    assert shown(chinese) == shown(english)
    outputs = [cell["outputs"] for cell in chinese["cells"] if cell["cell_type"] == "code"]
    assert CJK.search(json.dumps(outputs, ensure_ascii=False)), f"{path.name}: no Chinese in its outputs"


def shown(notebook: dict) -> list[str]:
    """The ids of the code cells that show something (their stored outputs), the language cell left out."""
    return [
        cell["id"]
        for cell in notebook["cells"]
        if cell["cell_type"] == "code" and cell.get("outputs") and cell["id"] != notebooks_zh.LANGUAGE_CELL_ID
    ]


@pytest.mark.parametrize("path", PLAY_ZH + STUDENT_ZH, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_block_of_a_chinese_notebook_is_chinese(path):
    english_left = [
        block
        for cell in load(path)["cells"]
        if cell["cell_type"] == "markdown"
        for block in notebooks_zh.blocks(source(cell))
        if not CJK.search(block)
        and not re.fullmatch(r"[\W\d_]*|.*\.ipynb\)?", block)  # a mark, or a notebook's name alone
    ]
    assert english_left == []
    assert (
        notebooks.myst_left("".join(source(c) for c in load(path)["cells"] if c["cell_type"] == "markdown"))
        == []
    )


def test_the_language_cell_makes_the_checks_speak_chinese():
    from ndcg.course import i18n
    from ndcg.course.checks import NumberCheck

    try:
        exec(notebooks_zh.LANGUAGE_CELL, {})
        assert i18n.language() == "zh"
        assert NumberCheck(6, name="CG@k").check(...).message.startswith("⏳ 还没有")
    finally:
        i18n._chosen = None
