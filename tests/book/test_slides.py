"""The slide decks' sources and how they are built (no browser, no built book).

Every numbered chapter (00 to 06) has a deck, ``instructors/slides/NN_name.md`` (ndcg_book.slides):
every slide has speaker notes without maths, every figure it shows is drawn by code, and every
number is a template computed by ``ndcg`` (tests/book/test_pages.py holds the sources to that,
like the chapters). A deck is long enough to teach its chapter's block: at least one slide per
step of the chapter's board plan (the numbered list under "## On the board" in
``instructors/NN_name.md``; the slide for step N says "On the board, step N" in its notes) and
at least one slide per 3 minutes of the chapter's longest teaching block in any agenda, in either
edition (``ndcg_book.timing.agenda``, computed from the chapter when the test runs). The decks
built, in every language, are tests/book/test_slides_build.py's.
"""

from __future__ import annotations

import ast
import functools
import math
import re
from pathlib import Path

import pytest

import ndcg
from ndcg_book import timing
from ndcg_book.edition import build_date
from ndcg_book.slides.build import DECK_FILES, REVEAL
from ndcg_book.slides.decks import Deck, load
from ndcg_book.slides.source import DeckError, deck_sources, source_folder, split_source
from ndcg_book.slides.words import REVEAL_WORDS, reveal_words
from tests.book.helpers import DECIMAL

ROOT = Path(__file__).resolve().parents[2]
DECKS = deck_sources(ROOT)
#: The chapters that must have a deck: every numbered chapter (issue 23: chapter 6 too).
REQUIRED = tuple(timing.chapter_names(ROOT))
#: At least one slide per this many minutes of the chapter's longest teaching block in an agenda.
MINUTES_PER_SLIDE = 3
#: The words in a slide's speaker notes that tie it to step N of its chapter's board plan.
BOARD_STEP = re.compile(r"On the board, step (\d+)\b")


@functools.cache
def deck_of(path: Path) -> Deck:
    """A deck of the course, loaded once for the tests that read it (chapter 6's computes its races)."""
    return load(path)


def test_every_numbered_chapter_has_a_deck_that_names_its_chapter():
    names = [path.stem for path in DECKS]
    assert len(REQUIRED) >= 7 and "06_ltr" in REQUIRED  # chapters 0 to 6, read from chapters/
    assert set(REQUIRED) <= set(names), f"no deck for {sorted(set(REQUIRED) - set(names))}"
    for path in DECKS:
        deck = deck_of(path)
        assert deck.chapter == f"chapters/{path.stem}" and (ROOT / f"{deck.chapter}.md").is_file()
        heading = re.search(r"^# (.+)$", (ROOT / f"{deck.chapter}.md").read_text("utf-8"), re.M)
        assert deck.title == heading.group(1)  # the chapter's own title, never retyped
        assert len(deck.slides) >= 5, f"{path.name}: a deck of {len(deck.slides)} slides"


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_every_slide_has_notes_and_every_figure_is_used(path):
    deck = deck_of(path)
    for number, slide in enumerate(deck.slides, start=2):
        assert slide.markdown.lstrip().startswith("## "), f"{path.name}, slide {number}: a heading first"
        assert len(slide.notes.split()) >= 12, f"{path.name}, slide {number}: notes too thin to teach from"
        assert "{{" not in slide.markdown + slide.notes
    used = {name for slide in deck.slides for name in re.findall(r"\(figure:([\w-]+)\)", slide.markdown)}
    assert used == set(deck.figures), f"{path.name}: figures drawn but not shown, or shown but not drawn"


def board_plan(text: str) -> list[str]:
    """The steps of an instructor note's board plan: the numbered list under ``## On the board``
    (a step's continuation lines, indented, belong to it).

    >>> board_plan("# N\\n## On the board\\n\\n1. Draw.\\n   More.\\n2. Write.\\n\\nNot a step.\\n## Next\\n3. No.\\n")
    ['Draw. More.', 'Write.']
    """
    section = re.search(r"^## On the board[ \t]*\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not section:
        return []
    steps: list[str] = []
    for line in section.group(1).splitlines():
        item = re.match(r"(\d+)\. (.*)", line)
        if item:
            assert int(item.group(1)) == len(steps) + 1, f"board steps out of order at {line!r}"
            steps.append(item.group(2).strip())
        elif steps and line.startswith("   ") and line.strip():
            steps[-1] += " " + line.strip()
        elif line.strip():
            break  # the list has ended (a paragraph, a course-text block)
    return steps


def board_steps_on_slides(deck: Deck) -> dict[int, list[int]]:
    """Which slides (numbered as in the deck's messages, the first source slide is 2) say
    "On the board, step N" in their notes, by N."""
    found: dict[int, list[int]] = {}
    for number, slide in enumerate(deck.slides, start=2):
        steps = {int(n) for n in BOARD_STEP.findall(slide.notes)}
        assert len(steps) <= 1, f"{deck.name}, slide {number}: one board step per slide, not {sorted(steps)}"
        for step in steps:
            found.setdefault(step, []).append(number)
    return found


def test_the_board_plan_is_read_as_the_notes_write_it():
    # every numbered chapter's notes have a board plan of a few steps; the reader sees all of them
    for name in REQUIRED:
        text = (ROOT / "instructors" / f"{name}.md").read_text(encoding="utf-8")
        steps = board_plan(text)
        assert 3 <= len(steps) <= 10, f"instructors/{name}.md: {len(steps)} board steps"
        listed = re.findall(r"^(\d+)\. ", text.split("## On the board", 1)[1].split("\n## ", 1)[0], re.M)
        assert len(steps) == len(listed), f"instructors/{name}.md: a numbered line the reader missed"
    assert board_plan("## On the board\n\nDraw it.\n") == []


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_every_step_of_the_board_plan_has_a_slide(path):
    # the notes of the slide that goes with step N of the board plan say "On the board, step N"
    deck = deck_of(path)
    steps = board_plan((ROOT / "instructors" / f"{deck.name}.md").read_text(encoding="utf-8"))
    assert steps, f"instructors/{deck.name}.md has no board plan (## On the board, a numbered list)"
    found = board_steps_on_slides(deck)
    missing = [f"step {n}: {step[:60]}" for n, step in enumerate(steps, start=1) if n not in found]
    assert not missing, f"{path.name}: no slide says 'On the board, step N' for {missing}"
    stale = sorted(set(found) - set(range(1, len(steps) + 1)))
    assert not stale, f"{path.name}: slides name board steps {stale}, the plan has {len(steps)}"
    assert len(deck.slides) >= len(steps)


@pytest.fixture(scope="module")
def agenda_blocks():
    """The minutes of each chapter's longest teaching block in any agenda of either edition,
    computed now: ``{chapter: (minutes, agenda key)}``."""
    blocks: dict[str, tuple[int, str]] = {}
    for key in timing.PLANS:
        for language in ("en", "zh_CN"):
            for block in timing.agenda(key, ROOT, language).blocks:
                if block.what == "teach":
                    blocks[block.chapter] = max(blocks.get(block.chapter, (0, key)), (block.minutes, key))
    return blocks


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_a_deck_has_a_slide_per_3_minutes_of_its_agenda_block(path, agenda_blocks):
    deck = deck_of(path)
    assert deck.name in agenda_blocks, f"{deck.name}: taught in no agenda"
    minutes, key = agenda_blocks[deck.name]
    needed = math.ceil(minutes / MINUTES_PER_SLIDE)
    assert len(deck.slides) >= needed, (
        f"{path.name}: {len(deck.slides)} slides for a {minutes}-minute block in the {key} "
        f"agenda; at least {needed} (one per {MINUTES_PER_SLIDE} minutes)"
    )


def test_every_slide_of_every_deck_has_speaker_notes():
    # split_source refuses a slide without notes; here, every deck of the course, as loaded
    for path in DECKS:
        deck = deck_of(path)
        assert deck.slides and all(slide.notes.strip() for slide in deck.slides), path.name
        assert all(len(slide.notes.split()) >= 12 for slide in deck.slides), path.name


def _decimals_in_strings(code: str) -> list[str]:

    found = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found += DECIMAL.findall(node.value)
    return found


@pytest.mark.parametrize("path", DECKS, ids=lambda p: p.name)
def test_figures_type_no_number_into_their_text(path):
    # a figure's titles and labels are computed too (f-strings through fmt), like the slides
    deck = deck_of(path)
    for name, code in deck.figures.items():
        assert not _decimals_in_strings(code), f"{path.name}, figure {name}: a typed number in its text"
    meta, _ = split_source(path.read_text(encoding="utf-8"), path.name)
    assert not _decimals_in_strings(meta.get("compute") or ""), (
        f"{path.name}: a typed number in compute's text"
    )
    assert _decimals_in_strings('ax.set_title("mean = 0.905")') == ["0.905"]


def test_the_source_format_is_checked():
    with pytest.raises(DeckError, match="front matter"):
        split_source("## A slide\nNote:\nnotes\n")
    with pytest.raises(DeckError, match="lacks chapter"):
        split_source("---\nfigures: {}\n---\n## A\nNote:\nn\n")
    with pytest.raises(DeckError, match="slide 3: a slide is Markdown, then a line 'Note:'"):
        split_source("---\nchapter: c\n---\n## A\nNote:\nn\n---\n## B, no notes\n")


def _write(tmp_path, text):
    (tmp_path / "chapters").mkdir(exist_ok=True)
    (tmp_path / "chapters" / "09_test.md").write_text("# A test chapter\n", encoding="utf-8")
    source_folder(tmp_path).mkdir(parents=True, exist_ok=True)
    path = source_folder(tmp_path) / "09_test.md"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_deck_refuses_maths_in_notes_a_missing_figure_and_a_failing_template(tmp_path):
    head = "---\nchapter: chapters/09_test\n---\n"
    with pytest.raises(DeckError, match="slide 2: speaker notes hold no maths"):
        load(_write(tmp_path, head + "## A\nNote:\nsay $x$\n"))
    with pytest.raises(DeckError, match="no figure 'nowhere'"):
        load(_write(tmp_path, head + "## A\n![x](figure:nowhere)\nNote:\nn\n"))
    with pytest.raises(DeckError, match=r"slide 2: template \{\{ nonsense\(\) \}\} failed"):
        load(_write(tmp_path, head + "## A\n{{ nonsense() }}\nNote:\nn\n"))
    deck = load(_write(tmp_path, head + "## A\nDCG = {{ dcg([3, 2, 1]) :.3f }}\nNote:\nsay it\n"))
    assert deck.slides[0].markdown == f"## A\nDCG = {ndcg.dcg([3, 2, 1]):.3f}"
    assert deck.title == "A test chapter"
    with pytest.raises(DeckError, match="no chapter 'chapters/nowhere'"):
        load(_write(tmp_path, "---\nchapter: chapters/nowhere\n---\n## A\nNote:\nn\n"))


def test_a_decks_compute_code_gives_its_templates_and_figures_names(tmp_path):
    head = "---\nchapter: chapters/09_test\ncompute: |\n  grades = [3, 2, 1]\n  best = dcg(grades, 3)\n  here = course.name\n"
    deck = load(
        _write(
            tmp_path, head + "---\n## A\nDCG = {{ best :.3f }}\nNote:\nsay {{ len(grades) }}, {{ here }}\n"
        )
    )
    assert deck.slides[0].markdown == f"## A\nDCG = {ndcg.dcg([3, 2, 1], 3):.3f}"
    assert deck.slides[0].notes == f"say 3, {tmp_path.name}" and set(deck.names) == {"grades", "best", "here"}
    with pytest.raises(DeckError, match="compute code failed: NameError"):
        load(_write(tmp_path, "---\nchapter: chapters/09_test\ncompute: x = nowhere\n---\n## A\nNote:\nn\n"))


def test_the_decks_load_nothing_remote_and_reveal_is_vendored_whole():
    folder = source_folder(ROOT)
    for name in (*DECK_FILES, "deck.html", "index.html"):
        assert "://" not in (folder / name).read_text(encoding="utf-8"), name
    vendor = folder / "vendor" / REVEAL
    assert "MIT" in (vendor / "LICENSE").read_text(encoding="utf-8")
    readme = (vendor / "README.md").read_text(encoding="utf-8")
    assert REVEAL.split("-")[-1] in readme and "npm pack" in readme
    assert "sourceMappingURL" not in (vendor / "dist" / "reveal.js").read_text(encoding="utf-8")
    css = (vendor / "dist" / "theme" / "white.css").read_text(encoding="utf-8")
    assert "@import url(./fonts/source-sans-pro/source-sans-pro.css)" in css and "fonts.googleapis" not in css


def test_reveals_own_words_are_the_vendored_ones_and_english_decks_keep_them():
    """deck.js replaces reveal.js's words in a Chinese deck by their English text: each must be a
    text the vendored reveal.js (or its notes plugin) really shows, or it would never match."""
    vendor = source_folder(ROOT) / "vendor" / REVEAL
    code = (vendor / "dist" / "reveal.js").read_text(encoding="utf-8")
    code += (vendor / "plugin" / "notes" / "notes.js").read_text(encoding="utf-8")

    def shown(word: str) -> bool:  # a whole string of the code, or a whole text of its markup
        return re.search(r"[\"'>]\s*" + re.escape(word) + r"\s*[\"'<:]", code) is not None

    assert [word for word in REVEAL_WORDS if not shown(word)] == []
    assert not shown("Speaker notes") and shown("Speaker notes view")  # whole texts only
    assert reveal_words("en") == {}
    chinese = reveal_words("zh")
    assert list(chinese) == list(REVEAL_WORDS)
    assert all(re.search(r"[\u4e00-\u9fff]", word) for word in chinese.values()), chinese


def test_the_build_date_follows_source_date_epoch():
    assert str(build_date({"SOURCE_DATE_EPOCH": "0"})) == "1970-01-01"
    assert build_date({}) == build_date({"SOURCE_DATE_EPOCH": ""})
