"""The recap rhythm: every chapter pauses for a recap box every few sections.

Source 004 (the tutoring conversation) asks for a recap "every few sections".
The rule the chapters follow: no run of more than ``MAX_RUN`` consecutive
second-level (``##``) sections without a recap box, counted in the text sources
``chapters/NN_name.md`` and the companion pages ``chapters/further/NN-topic.md``. A recap box is a colon-fenced admonition whose title
contains "recap" (``:::{admonition} Recap so far``, ``⏸️ Pause and recap``);
it closes the section it stands in. The chapter's own ``## Recap`` section and
the end matter after it (what's next, practice, flashcards, quiz) are not
counted: they are the review.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The chapters and their companion pages ("Going further: ..."), each with its own recap.
CHAPTERS = sorted((ROOT / "chapters").glob("0*.md")) + sorted((ROOT / "chapters" / "further").glob("*.md"))

#: The longest allowed run of ``##`` sections without a recap box.
MAX_RUN = 3

_FENCE = re.compile(r"^(`{3,}|~{3,})")
_SECTION = re.compile(r"^## +(.+?)\s*$")
_RECAP_BOX = re.compile(r"^:{3,}\{admonition\}.*\brecap\b", re.IGNORECASE)
#: The title of the chapter's closing recap section, emoji and spaces aside.
_FINAL_RECAP = re.compile(r"^\W*recap\W*$", re.IGNORECASE)


def sections(text: str) -> list[tuple[str, bool]]:
    """The ``##`` sections of a MyST text source, each with whether it holds a recap box.

    Lines inside backtick or tilde code fences (code cells) are skipped, so a
    ``## `` in a string or a comment is no heading. Text before the first
    ``##`` belongs to no section.
    """
    found: list[tuple[str, bool]] = []
    fence = None
    for line in text.splitlines():
        opened = _FENCE.match(line)
        if fence is not None:
            if (
                opened
                and opened.group(1)[0] == fence[0]
                and len(opened.group(1)) >= len(fence)
                and not line[len(opened.group(1)) :].strip()
            ):
                fence = None
            continue
        if opened:
            fence = opened.group(1)
            continue
        heading = _SECTION.match(line)
        if heading:
            found.append((heading.group(1), False))
        elif found and _RECAP_BOX.match(line):
            found[-1] = (found[-1][0], True)
    return found


def runs_without_recap(text: str, max_run: int = MAX_RUN) -> list[list[str]]:
    """The runs of more than ``max_run`` sections without a recap box, before the final ``## Recap``.

    Raises ValueError when the text has no ``## Recap`` section.
    """
    parts = sections(text)
    final = next((i for i, (title, _) in enumerate(parts) if _FINAL_RECAP.match(title)), None)
    if final is None:
        raise ValueError("the chapter has no '## Recap' section")
    too_long, run = [], []
    for title, has_recap in parts[:final]:
        if has_recap:
            run = []
            continue
        run.append(title)
        if len(run) == max_run + 1:
            too_long.append(run)
    return too_long


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_no_long_run_of_sections_without_a_recap(path):
    runs = runs_without_recap(path.read_text(encoding="utf-8"))
    message = "; ".join(" → ".join(f"'{title}'" for title in run) for run in runs)
    assert not runs, (
        f"{path.relative_to(ROOT)}: more than {MAX_RUN} '##' sections in a row without a recap box "
        f"(':::{{admonition}} Recap so far'): {message}. Add a recap of those sections inside the last of "
        f"the first {MAX_RUN}, or earlier."
    )


def test_there_are_chapters():
    assert len(CHAPTERS) >= 7


CODE = "```{code-cell} ipython3\n## not a heading\n```\n"
BOX = ":::{admonition} Recap so far\n:class: note\n\n- a point\n:::\n"


def chapter(*blocks: str) -> str:
    return "# Title\n\nIntro.\n\n" + "\n".join(blocks)


def test_the_counter_finds_a_long_run_and_names_its_sections():
    text = chapter(*(f"## S{i}\n\nText.\n" for i in range(1, 5)), "## Recap\n", BOX)
    assert runs_without_recap(text) == [["S1", "S2", "S3", "S4"]]


def test_a_recap_box_closes_its_section_and_code_is_no_heading():
    text = chapter(
        "## S1\n", "## S2\n", CODE, "## S3\n", BOX, "## S4\n", "## S5\n", "## S6\n", "## Recap 📝\n", BOX
    )
    assert sections(text)[2] == ("S3", True)
    assert [title for title, _ in sections(text)] == ["S1", "S2", "S3", "S4", "S5", "S6", "Recap 📝"]
    assert runs_without_recap(text) == []
    assert runs_without_recap(text, max_run=2) == [["S4", "S5", "S6"]]


def test_the_end_matter_is_not_counted_and_a_chapter_needs_a_recap():
    after = "".join(f"## After {i}\n" for i in range(6))
    assert runs_without_recap(chapter("## S1\n", "## Recap\n", BOX, after)) == []
    with pytest.raises(ValueError, match="no '## Recap'"):
        runs_without_recap(chapter("## S1\n", BOX))


def test_a_box_that_is_not_a_recap_does_not_count():
    hint = ":::{admonition} 🤔 Before you read on\n:class: hint\nA question.\n:::\n"
    text = chapter(*(f"## S{i}\n{hint}" for i in range(1, 5)), "## Recap\n", BOX)
    assert runs_without_recap(text) == [["S1", "S2", "S3", "S4"]]
