"""The book's sources: every page exists, the generated notebooks are stored
executed and clean, and the prose types no computed number (numbers come from code)."""

import json
import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
#: The front matter of a MyST Markdown notebook (a page with code cells).
NOTEBOOK_FRONT_MATTER = re.compile(r"\A---\n(?:.*\n)*?jupytext:\n(?:.*\n)*?---\n")


def toc_files() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]
    for part in toc.get("parts", []):
        files += [chapter["file"] for chapter in part["chapters"]]
    files += [chapter["file"] for chapter in toc.get("chapters", [])]
    return files


def source_of(entry: str) -> Path:
    for suffix in (".md", ".ipynb"):
        if (ROOT / (entry + suffix)).exists():
            return ROOT / (entry + suffix)
    raise FileNotFoundError(entry)


NOTEBOOKS = sorted((ROOT / "notebooks").glob("**/*.ipynb")) + sorted((ROOT / "exercises").glob("**/*.ipynb"))


def test_every_toc_entry_exists():
    for entry in toc_files():
        assert source_of(entry).exists(), entry


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_is_stored_executed_without_errors(path):
    notebook = json.loads(path.read_text(encoding="utf-8"))
    code = [
        cell for cell in notebook["cells"] if cell["cell_type"] == "code" and "".join(cell["source"]).strip()
    ]
    counts = [cell["execution_count"] for cell in code]
    assert None not in counts, f"{path.name}: cells never executed"
    assert counts == sorted(counts), f"{path.name}: cells not executed top to bottom"
    for cell in code:
        for output in cell["outputs"]:
            assert output["output_type"] != "error", f"{path.name}: stored error output"
            assert output.get("name") != "stderr" or "Warning" not in "".join(output.get("text", "")), (
                f"{path.name}: stored warning on stderr"
            )


# A decimal number (3.14, 0.905, 81.96%) in prose is almost always a computed result.
# Not counted: section numbers (§4.2), versions (Python 3.11, NumPy 2.0), and the
# two ends of NDCG's range, 0.0 and 1.0, used as conventions ("scores 0.0").
DECIMAL = re.compile(r"(?<![\w.§])(?<!Python )(?<!NumPy )(?<!version )(?!0\.0\b|1\.0\b)\d+\.\d+")
# What may legitimately hold one: maths, code, glue roles, links, labels, citations.
NOT_PROSE = re.compile(
    r"\$\$.*?\$\$|\$[^$\n]+\$|```.*?```|`[^`\n]*`|\{glue[^}]*\}`[^`]*`|\]\([^)]*\)|<[^>]+>",
    re.DOTALL,
)


def prose_cells(path: Path) -> list[str]:
    """The Markdown of a page: a plain .md whole; of a notebook (a MyST text source or an .ipynb), its Markdown cells."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".md" and not NOTEBOOK_FRONT_MATTER.match(text):
        return [text]
    if path.suffix == ".md":
        import jupytext

        notebook = jupytext.reads(text, fmt="md:myst")
        return [cell.source for cell in notebook.cells if cell.cell_type == "markdown"]
    notebook = json.loads(text)
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "markdown"]


def test_chapters_are_text_sources():
    # Markdown text sources only: an .ipynb next to its .md would be a second page of the same name.
    for entry in toc_files():
        path = source_of(entry)
        if entry.startswith("chapters/") or entry == "flashcards":
            assert path.suffix == ".md" and NOTEBOOK_FRONT_MATTER.match(path.read_text(encoding="utf-8")), (
                entry
            )
            assert not path.with_suffix(".ipynb").exists(), entry
    assert not list((ROOT / "chapters").glob("*.ipynb"))


@pytest.mark.parametrize("entry", toc_files())
def test_prose_types_no_computed_number(entry):
    path = source_of(entry)
    typed = []
    for text in prose_cells(path):
        typed += DECIMAL.findall(NOT_PROSE.sub(" ", text))
    assert not typed, f"{path.name}: numbers typed into prose (glue them instead): {typed}"


# The slide decks (slides/NN_name.md, built by ndcg_book.slides) are held to the same rule,
# more strictly: only their templates {{ expr :spec }}, computed by ndcg when the book is built,
# may show a decimal number; a formula on a slide is no exception (it shows computed values
# through templates too). Their figures' code is checked by tests/test_slides.py.
SLIDE_TEMPLATE = re.compile(r"\{\{.*?\}\}", re.DOTALL)


def slide_sources() -> list[Path]:
    from ndcg_book import slides

    return slides.deck_sources(ROOT)


def typed_in_slides(text: str, name: str = "deck") -> list[str]:
    from ndcg_book import slides

    _, raw = slides.split_source(text, name)
    return [
        number
        for markdown, notes in raw
        for number in DECIMAL.findall(SLIDE_TEMPLATE.sub(" ", markdown + "\n" + notes))
    ]


def test_the_slides_check_finds_a_typed_number():
    deck = (
        "---\nchapter: c\n---\n## DCG\n$\\mathrm{DCG} = {{ dcg([3, 2]) :.3f }}$ or $4.26$\nNote:\nsay 0.905\n"
    )
    assert typed_in_slides(deck) == ["4.26", "0.905"]


@pytest.mark.parametrize("path", slide_sources(), ids=lambda p: p.name)
def test_slides_type_no_computed_number(path):
    typed = typed_in_slides(path.read_text(encoding="utf-8"), path.name)
    assert not typed, f"slides/{path.name}: numbers typed into a slide (use a template instead): {typed}"
