"""The book's sources: every page exists, the generated notebooks are stored
executed and clean, and the prose types no computed number (numbers come from code)."""

import json
import re
from pathlib import Path

import pytest

from ndcg.course import manifest
from tests.book.helpers import DECIMAL
from tests.book.helpers import toc_files as _toc_files

ROOT = Path(__file__).resolve().parents[2]
#: The front matter of a MyST Markdown notebook (a page with code cells).
NOTEBOOK_FRONT_MATTER = re.compile(r"\A---\n(?:.*\n)*?jupytext:\n(?:.*\n)*?---\n")


def toc_files() -> list[str]:
    """Every page of ``_toc.yml``, the chapters' ``sections`` (companion pages) included."""
    return _toc_files(ROOT)


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
        if entry.startswith("chapters/") or entry == "learners/flashcards":
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


# The slide decks (instructors/slides/NN_name.md, built by ndcg_book.slides) are held to the same rule,
# more strictly: only their templates {{ expr :spec }}, computed by ndcg when the book is built,
# may show a decimal number; a formula on a slide is no exception (it shows computed values
# through templates too). Their figures' code is checked by tests/book/test_slides.py.
SLIDE_TEMPLATE = re.compile(r"\{\{.*?\}\}", re.DOTALL)


def slide_sources() -> list[Path]:
    from ndcg_book.slides.source import deck_sources

    return deck_sources(ROOT)


def typed_in_slides(text: str, name: str = "deck") -> list[str]:
    from ndcg_book.slides.source import split_source

    _, raw = split_source(text, name)
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
    assert not typed, (
        f"{path.relative_to(ROOT).as_posix()}: numbers typed into a slide (use a template instead): {typed}"
    )


# -- the first screen of every chapter and companion page ------------------------------------------
#
# Title, a one-sentence promise, the learning goals, the opening question, and no code: after the
# ``# title`` comes one paragraph of exactly one sentence (the page's promise), then the ``Learning
# goals`` admonition, and a question (a line whose last word is followed by ``?``, a ``##`` heading
# or a sentence) stands before the first code cell whose input the book shows. A cell tagged
# ``remove-input``, ``remove-cell`` or ``hide-input`` shows no code and may stand anywhere before the
# question; so may the ``{chapter-time}`` box. Checked in the text sources; the built pages are
# checked in Chromium by tests/browser/test_page_height.py (no code in the first 844 px at 390 px).

#: Tags that keep a code cell's input out of sight.
HIDDEN_INPUT = ("remove-input", "remove-cell", "hide-input")
_QUESTION = re.compile(r"[?？][^\w?？]*$")
_COLON_FENCE = re.compile(r"^(:{3,})\{(?P<name>[\w:-]+)\}\s*(?P<title>.*)$")
_BACKTICK_FENCE = re.compile(r"^(`{3,})\{(?P<name>[\w:-]+)\}\s*(?P<title>.*)$")


def first_screen_blocks(text: str) -> list[tuple]:
    """The blocks of a MyST text source, in order, front matter left out: ``("heading", level,
    title)``, ``("paragraph", text)``, ``("admonition", title, body)``, ``("code", shown)`` for a
    code cell (``shown``: whether the book shows its input) and ``("directive", name, body)``.
    Cell breaks, labels and comments are no blocks."""
    body = text.split("\n---\n", 1)[1] if text.startswith("---\n") else text
    lines = body.splitlines()
    blocks: list[tuple] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if (
            not stripped
            or stripped.startswith(("+++", "%", "<!--"))
            or re.fullmatch(r"\([\w-]+\)=", stripped)
        ):
            i += 1
            continue
        fence = _COLON_FENCE.match(stripped) or _BACKTICK_FENCE.match(stripped)
        if fence or stripped.startswith("```"):
            marker = fence.group(1) if fence else re.match(r"`{3,}", stripped).group(0)
            end = i + 1
            while end < len(lines) and lines[end].strip() != marker:
                end += 1
            inner = lines[i + 1 : end]
            name = fence["name"] if fence else "code-block"
            if name == "code-cell":
                options = "\n".join(
                    inner[: next((n for n, x in enumerate(inner) if not x.strip()), len(inner))]
                )
                blocks.append(("code", not any(tag in options for tag in HIDDEN_INPUT)))
            elif name == "admonition":
                blocks.append(("admonition", fence["title"], "\n".join(inner)))
            else:
                blocks.append(("directive", name, "\n".join(inner)))
            i = end + 1
            continue
        heading = re.match(r"^(#{1,6})\s+(.+?)\s*$", stripped)
        if heading:
            blocks.append(("heading", len(heading.group(1)), heading.group(2)))
            i += 1
            continue
        end = i
        while (
            end < len(lines)
            and lines[end].strip()
            and not re.match(r"^(#|:::|```|\+\+\+)", lines[end].strip())
        ):
            end += 1
        blocks.append(("paragraph", "\n".join(lines[i:end])))
        i = end
    return blocks


def is_question(block: tuple) -> bool:
    """Whether a block holds a line that is a question (a heading, a sentence, a box's line)."""
    texts = {"heading": block[-1], "paragraph": block[-1], "admonition": block[-1]}.get(block[0], "")
    if block[0] == "admonition":
        texts = block[1] + "\n" + block[2]
    return any(_QUESTION.search(line.strip()) for line in texts.splitlines() if line.strip())


def first_screen_problems(text: str) -> list[str]:
    """What breaks the first-screen rule in a page's text source (empty when it holds)."""
    from ndcg_book.generate.sentences import split_sentences

    blocks = [b for b in first_screen_blocks(text) if b != ("code", False)]  # hidden cells may be anywhere
    if not blocks or blocks[0][:2] != ("heading", 1):
        return ["the page does not open with its '# title'"]
    problems = []
    promise = blocks[1] if len(blocks) > 1 else ("nothing",)
    if promise[0] != "paragraph" or re.match(r"^\s*([-*+>|]|\d+[.)])\s", promise[1]):
        problems.append(
            f"the title is not followed by a one-sentence paragraph, the promise (found {promise[0]})"
        )
    elif len(split_sentences(" ".join(promise[1].split()))) != 1:
        count = len(split_sentences(" ".join(promise[1].split())))
        problems.append(f"the promise under the title is {count} sentences, not one: {promise[1][:80]!r}…")
    goals = blocks[2] if len(blocks) > 2 else ("nothing",)
    if goals[0] != "admonition" or "learning goals" not in goals[1].lower():
        problems.append(f"the promise is not followed by the 'Learning goals' admonition (found {goals[0]})")
    after = blocks[3:] if goals[0] == "admonition" else blocks[1:]
    for block in after:
        if block[0] == "code":
            problems.append(
                "a code cell shows its input before the opening question (tag it remove-input, or ask first)"
            )
            break
        if block[0] != "directive" and is_question(block):
            break
    else:
        problems.append("no opening question after the learning goals")
    return problems


def first_screen_pages() -> list[Path]:
    """Every chapter (the course's manifest lists them) and every companion page."""
    return [ROOT / "chapters" / f"{stem}.md" for stem in manifest.chapter_stems()] + sorted(
        (ROOT / "chapters" / "further").glob("*.md")
    )


@pytest.mark.parametrize(
    "path", first_screen_pages(), ids=lambda p: p.relative_to(ROOT / "chapters").as_posix()
)
def test_the_first_screen_is_title_promise_goals_question(path):
    problems = first_screen_problems(path.read_text(encoding="utf-8"))
    assert not problems, f"{path.relative_to(ROOT).as_posix()}: " + "; ".join(problems)


def test_the_first_screen_rule_holds_on_pages_that_keep_it():
    from tests.book.helpers import COMPANION_PAGE, CORE_PAGE

    assert first_screen_problems(CORE_PAGE) == []
    assert first_screen_problems(COMPANION_PAGE) == []
    # a question as a ## heading, a hidden cell between the promise and the goals, a hide-input cell
    hidden = "```{code-cell} ipython3\n:tags: [hide-input]\n\nx = 1\n```\n"
    page = CORE_PAGE.replace(
        "+++\n\n:::{admonition} Learning goals", hidden + "\n:::{admonition} Learning goals"
    )
    assert first_screen_problems(page) == []


FIRST_SCREEN_BROKEN = {
    "two sentences": (
        "and shows what that sum cannot see.",
        "and shows what that sum cannot see.\nIt is short.",
        "2 sentences, not one",
    ),
    "no promise": (
        "This page adds up the grades of a ranked list, and shows what that sum cannot see.\n",
        "",
        "one-sentence paragraph",
    ),
    "a list as the promise": (
        "This page adds up",
        "- This page adds up",
        "one-sentence paragraph",
    ),
    "no goals": (":::{admonition} Learning goals", ":::{admonition} What you will learn", "'Learning goals'"),
    "code first": (
        "## 🤔 Which list would you rather see first?",
        "```{code-cell} ipython3\nimport ndcg\n```\n\n## 🤔 Which list would you rather see first?",
        "shows its input before the opening question",
    ),
    "a tagged cell that shows its code": (
        ":tags: [remove-cell]",
        ":tags: [remove-output]",
        "shows its input before the opening question",
    ),
    "import before the goals": (
        "+++\n\n:::{admonition} Learning goals",
        "```{code-cell} ipython3\nimport numpy as np\n```\n\n:::{admonition} Learning goals",
        "not followed by the 'Learning goals' admonition",
    ),
    "no question": (
        "## 🤔 Which list would you rather see first?",
        "## 🤔 Two lists",
        "no opening question",
        (
            "```{code-cell} ipython3\nimport ndcg\n",
            "```{code-cell} ipython3\n:tags: [remove-input]\n\nimport ndcg\n",
        ),
    ),
    "code before the title": ("\n# CG", "\n```{code-cell} ipython3\nx = 1\n```\n\n# CG", "'# title'"),
}


@pytest.mark.parametrize("case", sorted(FIRST_SCREEN_BROKEN))
def test_a_first_screen_that_breaks_the_rule_fails(case):
    from tests.book.helpers import CORE_PAGE

    old, new, message, *more = FIRST_SCREEN_BROKEN[case]
    page = CORE_PAGE
    for before, after in [(old, new), *more]:
        assert before in page
        page = page.replace(before, after, 1)
    problems = first_screen_problems(page)
    assert any(message in p for p in problems), problems
