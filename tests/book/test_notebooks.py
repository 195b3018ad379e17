"""The text sources and the notebooks generated from them (fast: nothing is executed).

The chapters, ``learners/flashcards.md`` and the exercises' solutions are MyST Markdown
notebooks written one sentence per line; ``ndcg_book/generate/notebooks.py`` and
``ndcg_book/generate/make_student.py`` generate the executed notebooks from them
(``notebooks/``, ``exercises/*.ipynb``). These tests check that

* every generated notebook still matches its text source, cell by cell (type,
  id, source, metadata): the sync check (``python tools/run.py sync-check``);
  the outputs are nbval's job;
* cell ids and metadata (``tags``, ``solution``/``student``, ``jupyter``)
  survive the MyST round trip;
* every Markdown line of a text source holds one sentence (``ndcg_book/generate/sentences.py``),
  and the splitter keeps maths, code, links, lists and directives intact;
* the built book offers each chapter's executed notebook in its download menu
  (skipped when no book is built).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from ndcg.course import manifest
from ndcg_book.generate import notebooks, notebooks_sync, sentences

ROOT = Path(__file__).resolve().parents[2]


CHAPTER_SOURCES = notebooks.chapter_sources()
SOLUTION_SOURCES = sorted((ROOT / "solutions").glob("*.md"))
TEXT_SOURCES = CHAPTER_SOURCES + SOLUTION_SOURCES


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# -- the sync check ------------------------------------------------------------------------------


def test_there_are_text_sources_for_every_chapter_and_the_flashcards():
    names = [rel(path) for path in CHAPTER_SOURCES]
    chapters = [name for name in names if re.fullmatch(r"chapters/\d\d_\w+\.md", name)]
    assert chapters == [f"chapters/{stem}.md" for stem in manifest.chapter_stems()]
    further = sorted(rel(path) for path in (ROOT / "chapters" / "further").glob("*.md"))
    assert [name for name in names if name.startswith("chapters/further/")] == further  # companion pages
    assert "learners/flashcards.md" in names
    assert [path.stem for path in SOLUTION_SOURCES] == manifest.chapter_stems()


def test_every_generated_notebook_matches_its_text_source():
    problems = notebooks_sync.sync_problems()
    assert not problems, "run `python tools/run.py notebooks` / `exercises`:\n  " + "\n  ".join(problems)


@pytest.fixture
def copy_of(tmp_path):
    """A copy of one chapter's text source and generated notebook in a fake repository."""

    def make(name: str) -> tuple[Path, Path]:
        source = tmp_path / "chapters" / f"{name}.md"
        target = notebooks.generated_path(source, tmp_path)
        source.parent.mkdir(parents=True)
        target.parent.mkdir(parents=True)
        shutil.copy(ROOT / "chapters" / f"{name}.md", source)
        shutil.copy(ROOT / "notebooks" / "chapters" / f"{name}.ipynb", target)
        return source, target

    return make


def test_the_sync_check_sees_a_changed_sentence(copy_of, tmp_path):
    source, target = copy_of("01_cg")
    assert notebooks.drift(notebooks.read_source(source), target, tmp_path) is None
    text = source.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.startswith("In one line: "))
    source.write_text(text.replace(line, line.replace("In one line", "In a line")), encoding="utf-8")
    problem = notebooks.drift(notebooks.read_source(source), target, tmp_path)
    assert problem is not None and "source differs" in problem


def test_the_sync_check_sees_a_changed_tag(copy_of, tmp_path):
    source, target = copy_of("02_dcg")
    text = source.read_text(encoding="utf-8")
    assert ":tags: [remove-input]" in text
    source.write_text(text.replace(":tags: [remove-input]", ":tags: [remove-cell]", 1), encoding="utf-8")
    problem = notebooks.drift(notebooks.read_source(source), target, tmp_path)
    assert problem is not None and "metadata differs" in problem


def test_a_notebook_next_to_its_text_source_is_reported():
    assert not list((ROOT / "chapters").glob("*.ipynb"))
    assert not list((ROOT / "solutions").glob("*.ipynb"))
    assert not (ROOT / "learners" / "flashcards.ipynb").exists()


# -- the MyST round trip -------------------------------------------------------------------------


@pytest.mark.parametrize("path", TEXT_SOURCES, ids=rel)
def test_ids_and_metadata_survive_the_myst_round_trip(path):
    jupytext = pytest.importorskip("jupytext")
    notebook = notebooks.read_source(path)
    expected = notebooks.cells(notebook)
    for cell in notebook.cells:  # the ids go back into the metadata, where the text source keeps them
        if not re.fullmatch(r"cell-\d{3}", cell.id):
            cell.metadata = {"id": cell.id, **cell.metadata}
    again = notebooks.read_source_text(jupytext.writes(notebook, fmt="md:myst"), path)
    assert notebooks.cells(again) == expected


@pytest.mark.parametrize("path", SOLUTION_SOURCES, ids=rel)
def test_solution_cells_keep_their_ids_tags_and_student_source(path):
    notebook = notebooks.read_source(path)
    ids = [cell.id for cell in notebook.cells]
    assert ids[:2] == ["title", "setup"] and "ex1-check" in ids
    tagged = [cell for cell in notebook.cells if "solution" in cell.metadata.get("tags", [])]
    assert tagged and all("student" in cell.metadata or cell.cell_type == "markdown" for cell in tagged)
    assert notebook.cells[0].metadata["student"].startswith("# Exercises ")
    hidden = [cell for cell in notebook.cells if cell.metadata.get("jupyter", {}).get("source_hidden")]
    assert hidden and all(cell.id.endswith("-check-def") for cell in hidden)


def test_chapter_cells_keep_their_tags():
    for path in CHAPTER_SOURCES:
        tags = [tag for cell in notebooks.read_source(path).cells for tag in cell.metadata.get("tags", [])]
        assert "remove-input" in tags, rel(path)


# -- one sentence per line -----------------------------------------------------------------------


@pytest.mark.parametrize("path", TEXT_SOURCES, ids=rel)
def test_markdown_is_written_one_sentence_per_line(path):
    problems = sentences.check_file(path)
    assert not problems, (
        "two sentences on one line (run `python tools/run.py sentences`, or break the line "
        "by hand):\n  " + "\n  ".join(problems)
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("It scores 0.972. That is high.", ["It scores 0.972.", "That is high."]),
        (
            "Use a gain, e.g. the grade. Or i.e. not. Järvelin et al. Proposed it. A vs. B.",
            ["Use a gain, e.g. the grade.", "Or i.e. not.", "Järvelin et al. Proposed it.", "A vs. B."],
        ),
        (
            "The sum $4! = 24. X$ holds. Then `x. Y` too. See [a. B](x.md). A {glue:text}`v:.3f`. B.",
            [
                "The sum $4! = 24. X$ holds.",
                "Then `x. Y` too.",
                "See [a. B](x.md).",
                "A {glue:text}`v:.3f`.",
                "B.",
            ],
        ),
        (
            "A search box. 🐱🛁 Two engines. Which one? 🤷",
            ["A search box. 🐱🛁", "Two engines.", "Which one? 🤷"],
        ),
        (
            "**1. The order.** Then more. It is 1. Then",
            ["**1. The order.**", "Then more.", "It is 1.", "Then"],
        ),
        (
            'It says *"the top 3."* Do you agree? (Source 000 lists E.) Yes.',
            ['It says *"the top 3."*', "Do you agree?", "(Source 000 lists E.)", "Yes."],
        ),
        (
            "Not a list: 1. - no. Next at https://example.org/a.b. Done",
            ["Not a list: 1. - no.", "Next at https://example.org/a.b.", "Done"],
        ),
        (
            "lower. case stays, as does (a note. in brackets).",
            ["lower. case stays, as does (a note. in brackets)."],
        ),
    ],
)
def test_the_splitter_finds_sentence_ends(text, expected):
    assert sentences.split_sentences(text) == expected


#: Blocks the splitter never touches: display maths, tables, code, hard line breaks.
KEPT_AS_THEY_ARE = [
    "",
    "$$",
    "a. B",
    "$$",
    "",
    "| a. B | c. D |",
    "|---|---|",
    "",
    "```python",
    "x = 1. ; Y = 2",
    "```",
    "",
    "Hard  ",
    "break. Kept.",
]


def test_the_splitter_keeps_blocks_and_list_markers():
    before = "\n".join(
        [
            "# A heading. With two sentences.",
            "",
            "One. Two.",
            "Three",
            "continues. Four.",
            "",
            "- An item. Its second",
            "  sentence. Third.",
            "  1. Nested. Item.",
            "",
            "> Quoted. Twice.",
            "",
            ":::{admonition} A title. Two.",
            ":class: tip",
            "Body. Body two.",
            ":::",
            "",
            "```{exercise}",
            ":label: ex-1",
            "Do it. Now.",
            "```",
            *KEPT_AS_THEY_ARE,
        ]
    )
    after = "\n".join(
        [
            "# A heading. With two sentences.",
            "",
            "One.",
            "Two.",
            "Three continues.",
            "Four.",
            "",
            "- An item.",
            "  Its second sentence.",
            "  Third.",
            "  1. Nested.",
            "     Item.",
            "",
            "> Quoted.",
            "> Twice.",
            "",
            ":::{admonition} A title. Two.",
            ":class: tip",
            "Body.",
            "Body two.",
            ":::",
            "",
            "```{exercise}",
            ":label: ex-1",
            "Do it.",
            "Now.",
            "```",
            *KEPT_AS_THEY_ARE,
        ]
    )
    assert sentences.reflow(before) == after
    assert sentences.reflow(after) == after
    assert [number for number, _ in sentences.two_sentence_lines(before)] == [3, 5, 7, 8, 9, 11, 15, 20]
    assert sentences.two_sentence_lines(after) == []


# -- the download button of the built book -------------------------------------------------------

DOWNLOAD = re.compile(r'<a href="([^"]+)"[^>]*class="btn btn-sm btn-download-notebook-button')


@pytest.mark.book
@pytest.mark.parametrize("path", CHAPTER_SOURCES, ids=rel)
def test_each_chapter_page_offers_its_executed_notebook(path, book_html):
    docname = path.relative_to(ROOT).with_suffix("").as_posix()
    page = book_html / f"{docname}.html"
    assert page.exists(), f"{page} not built"
    links = DOWNLOAD.findall(page.read_text(encoding="utf-8"))
    assert len(links) == 1, f"{docname}.html: no .ipynb in the download menu"
    served = (page.parent / links[0]).resolve()
    assert served.is_relative_to(book_html.resolve()) and served.is_file(), links[0]
    assert served.suffix == ".ipynb"
    stored = notebooks.generated_path(path)
    assert served.read_bytes() == stored.read_bytes(), f"{links[0]} is not {rel(stored)}"
    notebook = json.loads(served.read_text(encoding="utf-8"))
    assert any(cell.get("outputs") for cell in notebook["cells"]), "the served notebook is not executed"


STORED_NOTEBOOKS = sorted(
    path for folder in ("notebooks", "exercises") for path in (ROOT / folder).rglob("*.ipynb")
)


def test_widget_ids_are_made_from_the_notebook_and_the_cell():
    import nbformat

    cell = nbformat.v4.new_code_cell("w", id="c1")
    view = {"model_id": "random", "version_major": 2, "version_minor": 0}
    cell.outputs = [
        nbformat.v4.new_output("display_data", data={notebooks.WIDGET_VIEW: dict(view), "text/plain": "w"}),
        nbformat.v4.new_output("stream", text="x"),
        nbformat.v4.new_output("display_data", data={notebooks.WIDGET_VIEW: dict(view), "text/plain": "w"}),
    ]
    book = nbformat.v4.new_notebook(cells=[cell])
    notebooks.stable_widget_ids(book, "01_cg")
    first = [output.get("data", {}).get(notebooks.WIDGET_VIEW, {}).get("model_id") for output in cell.outputs]
    assert first[1] is None and len({first[0], first[2], "random"}) == 3
    notebooks.stable_widget_ids(book, "01_cg")  # the same notebook, the same ids
    assert [o.get("data", {}).get(notebooks.WIDGET_VIEW, {}).get("model_id") for o in cell.outputs] == first
    notebooks.stable_widget_ids(book, "02_dcg")  # another notebook, other ids
    assert cell.outputs[0]["data"][notebooks.WIDGET_VIEW]["model_id"] != first[0]


@pytest.mark.parametrize("path", STORED_NOTEBOOKS, ids=lambda path: str(path.relative_to(ROOT)))
def test_stored_widget_ids_do_not_change_from_one_generation_to_the_next(path):
    # Every stored notebook was executed by ndcg_book/generate/notebooks.py, which replaces the kernel's random
    # widget ids: regenerating an unchanged chapter rewrites nothing.
    import nbformat

    stored = nbformat.read(path, as_version=4)
    before = json.dumps(stored, sort_keys=True)
    notebooks.stable_widget_ids(stored, path.stem)
    assert json.dumps(stored, sort_keys=True) == before, "run make notebooks / make exercises"


def test_reflowing_a_file_keeps_its_front_matter_whole(tmp_path):
    # jupytext writes back only the front matter keys it knows: a chapter's play intro must survive
    chapter = ROOT / "chapters" / "04_ndcg.md"
    path = tmp_path / chapter.name
    text = chapter.read_text(encoding="utf-8")
    path.write_text(
        text.replace("\n# ", "\nOne sentence here. Another one on the line.\n\n# ", 1), encoding="utf-8"
    )
    assert sentences.reflow_file(path)
    after = path.read_text(encoding="utf-8")
    front = text[: text.index("\n---\n", 3)]
    assert "play:" in front and after.startswith(front + "\n---\n")
    assert "\nOne sentence here.\nAnother one on the line.\n" in after
