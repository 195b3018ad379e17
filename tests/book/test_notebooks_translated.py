"""``ndcg_book/generate/notebooks_translated.py``: the play and student notebooks in every language but English
(``exercises/<folder>/``), made from the English ones and the language's catalogues.

They are stored executed, as the English ones are, and nbval runs them again (the checks' translated
hints and the views' words in a real kernel). These tests check the rest: the generator takes its
languages from the course's manifest and spells none, each notebook is what its source and
catalogues make, its code is its English twin's cell for cell, and the generation refuses English
leftovers. The course's one translated language today is Chinese: the tests of the stored notebooks
check that their prose and their outputs are Chinese.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ndcg_book.comments import comment_places, without_comments
from ndcg_book.generate import make_student, notebooks, notebooks_translated
from tests.course.pseudo_locale import LANGUAGE as PSEUDO

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u4e00-\u9fff]")
#: The Chinese edition, as the manifest describes it (the stored notebooks' checks read Chinese).
ZH = notebooks_translated.language_named("zh")
PLAY_ZH = sorted((ROOT / notebooks_translated.folder(ZH) / notebooks_translated.PLAY).glob("*.ipynb"))
STUDENT_ZH = sorted((ROOT / notebooks_translated.folder(ZH)).glob("*.ipynb"))
#: A third language, made up (the pseudo-locale's): what the generator makes of any language of the manifest.
ELVISH = PSEUDO
#: The generator's modules: none spells a language's code, locale or folder (the manifest's data).
GENERATOR = (
    "ndcg_book/generate/notebooks.py",
    "ndcg_book/generate/notebooks_translated.py",
    "ndcg_book/generate/make_student.py",
)


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
        if cell["cell_type"] == "code" and cell["id"] != notebooks_translated.LANGUAGE_CELL_ID
    ]


def test_a_markdown_text_keeps_its_structure_and_each_block_is_translated():
    text = (
        "## Exercise 1 — P@2\n\nCompute **P@2**.\nAnswer: `answer = [a, b]`.\n\n"
        "$$\n\\mathrm{P@}k = \\frac{h}{k}\n$$\n\n- first item\n  goes on\n- second\n\n"
        ":::{admonition} Try this\n:class: tip\n\nMove it.\n:::"
    )
    assert notebooks_translated.blocks(text) == [
        "Exercise 1 — P@2",
        "Compute **P@2**. Answer: `answer = [a, b]`.",
        "first item goes on",
        "second",
        "Try this",
        "Move it.",
    ]
    done = notebooks_translated.translate_markdown(text, lambda block: f"<{block}>")
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
    with pytest.raises(notebooks_translated.Untranslated) as raised:
        notebooks_translated.student_notebook(english, "01_cg", ZH, root=tmp_path)  # no catalogue at all
    message = str(raised.value)
    assert message.startswith("solutions/01_cg.md: ")
    assert "'Exercise 1 — CG@3 and CG@5 of the films'" in message
    assert f"no {ZH.name} notebook is written with English in it" in message
    assert len(raised.value.missing) == len(notebooks_translated.student_markdown(english))


def elvish_catalogue(root: Path, domain: str, translations: dict[str, str]) -> None:
    """Write the made-up language's catalogue ``domain`` of the package's stores under ``root``."""
    path = root / notebooks_translated.store_locales(ELVISH) / f"{domain}.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "\n".join(
            f'msgid "{english}"\nmsgstr "{translated}"\n' for english, translated in translations.items()
        ),
        encoding="utf-8",
    )


#: The language cell's comment (the catalogue ``comments``), in the made-up language.
LANGUAGE_COMMENT = {"the checks, the hints and the interactive views all speak this language": "elvish words"}


def test_one_untranslated_block_is_enough_to_refuse(tmp_path):
    english = {"cells": [{"cell_type": "markdown", "id": "a", "metadata": {}, "source": "## One\n\nTwo."}]}
    elvish_catalogue(tmp_path, "exercises/x", {"One": "一", "Two.": ""})
    elvish_catalogue(tmp_path, "comments", LANGUAGE_COMMENT)
    with pytest.raises(notebooks_translated.Untranslated) as raised:
        notebooks_translated.student_notebook(english, "x", ELVISH, root=tmp_path)
    assert raised.value.missing == ["Two."]
    elvish_catalogue(tmp_path, "exercises/x", {"One": "一", "Two.": "二。"})
    made = notebooks_translated.student_notebook(english, "x", ELVISH, root=tmp_path)
    assert source(made["cells"][0]) == "## 一\n\n二。"


def test_a_language_s_notebooks_follow_its_entry_in_the_manifest(tmp_path):
    # a third language is data: its code in the language cell, its folder for the notebooks, its
    # locale for the catalogues
    english = {"cells": [{"cell_type": "code", "id": "b", "metadata": {}, "source": "x = 1"}]}
    elvish_catalogue(tmp_path, "comments", LANGUAGE_COMMENT)
    made = notebooks_translated.student_notebook(english, "x", ELVISH, root=tmp_path)
    assert [cell["id"] for cell in made["cells"]] == [notebooks_translated.LANGUAGE_CELL_ID, "b"]
    assert source(made["cells"][0]) == (
        f'from ndcg.course import set_language\n\nset_language("{ELVISH.code}")  # elvish words'
    )
    assert (
        notebooks_translated.student_path("01_cg", ELVISH, tmp_path)
        == tmp_path / f"exercises/{ELVISH.folder}/01_cg.ipynb"
    )
    assert notebooks_translated.play_path(Path("chapters/01_cg.md"), ELVISH, tmp_path) == (
        tmp_path / f"exercises/{ELVISH.folder}/play/01_cg.ipynb"
    )
    assert notebooks_translated.page_locales(ELVISH) == Path(f"locales/{ELVISH.locale}/LC_MESSAGES")


def test_the_languages_are_the_manifest_s_english_first():
    from ndcg.course.manifest import languages

    assert (
        notebooks_translated.source_language(),
        *notebooks_translated.translated_languages(),
    ) == languages()
    assert notebooks_translated.source_language().code == "en"
    with pytest.raises(ValueError, match="no translated language 'en'"):
        notebooks_translated.language_named("en")


@pytest.mark.parametrize("path", GENERATOR)
def test_the_generator_spells_no_language(path):
    # every translated language's code, locale and folder come from the manifest: a third language
    # is a new entry there and its catalogues, not an edit here
    text = (ROOT / path).read_text(encoding="utf-8")
    words = {
        word
        for language in notebooks_translated.translated_languages()
        for word in (language.code, language.locale, language.folder)
    }
    spelled = sorted(
        word for word in words if word and re.search(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", text)
    )
    assert spelled == []


@pytest.mark.parametrize("path", PLAY_ZH + STUDENT_ZH, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_a_chinese_notebook_s_comments_are_chinese(path):
    # each comment with words of the English twin is, on the same line of the same cell, Chinese
    english = load(ROOT / "exercises" / path.relative_to(ROOT / notebooks_translated.folder(ZH)))
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
    elvish_catalogue(tmp_path, "exercises/x", {"One": "一"})
    elvish_catalogue(tmp_path, "comments", LANGUAGE_COMMENT)
    english = {
        "cells": [
            {"cell_type": "markdown", "id": "a", "metadata": {}, "source": "One"},
            {"cell_type": "code", "id": "b", "metadata": {}, "source": "answer = ...  # your code here\n"},
        ]
    }
    with pytest.raises(notebooks_translated.Untranslated) as raised:
        notebooks_translated.student_notebook(english, "x", ELVISH, root=tmp_path)
    assert raised.value.missing == ["your code here"]
    elvish_catalogue(tmp_path, "comments", {**LANGUAGE_COMMENT, "your code here": "在这里写你的代码"})
    made = notebooks_translated.student_notebook(english, "x", ELVISH, root=tmp_path)
    assert source(made["cells"][-1]) == "answer = ...  # 在这里写你的代码\n"


def test_the_translated_notebooks_are_what_their_sources_and_catalogues_make():
    assert notebooks_translated.drift_problems(ROOT) == []


def test_every_chapter_has_its_chinese_play_notebook():
    assert [path.stem for path in PLAY_ZH] == [source.stem for source in notebooks.play_sources(ROOT)]


@pytest.mark.parametrize("path", PLAY_ZH + STUDENT_ZH, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_a_chinese_notebook_is_its_english_twin_in_code(path):
    chinese = load(path)
    english = load(ROOT / "exercises" / path.relative_to(ROOT / notebooks_translated.folder(ZH)))
    assert code_cells(chinese) == code_cells(english)
    assert [
        cell["id"] for cell in chinese["cells"] if cell["id"] != notebooks_translated.LANGUAGE_CELL_ID
    ] == [cell["id"] for cell in english["cells"]]
    first = next(cell for cell in chinese["cells"] if cell["cell_type"] == "code")
    assert first["id"] == notebooks_translated.LANGUAGE_CELL_ID and 'set_language("zh")' in source(first)
    # executed like its twin: the same cells show something, and what they show speaks Chinese
    assert shown(chinese) == shown(english)
    outputs = [cell["outputs"] for cell in chinese["cells"] if cell["cell_type"] == "code"]
    assert CJK.search(json.dumps(outputs, ensure_ascii=False)), f"{path.name}: no Chinese in its outputs"


def shown(notebook: dict) -> list[str]:
    """The ids of the code cells that show something (their stored outputs), the language cell left out."""
    return [
        cell["id"]
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
        and cell.get("outputs")
        and cell["id"] != notebooks_translated.LANGUAGE_CELL_ID
    ]


@pytest.mark.parametrize("path", PLAY_ZH + STUDENT_ZH, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_every_block_of_a_chinese_notebook_is_chinese(path):
    english_left = [
        block
        for cell in load(path)["cells"]
        if cell["cell_type"] == "markdown"
        for block in notebooks_translated.blocks(source(cell))
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
        cell = notebooks_translated.student_notebook(
            {"cells": [{"cell_type": "code", "id": "b", "metadata": {}, "source": "x = 1"}]}, "01_cg", ZH
        )["cells"][0]
        assert source(cell).endswith('set_language("zh")  # 检查、提示和互动视图都用中文显示')
        exec(source(cell), {})
        assert i18n.language() == "zh"
        assert NumberCheck(6, name="CG@k").check(...).message.startswith("⏳ 还没有")
    finally:
        i18n._chosen = None
