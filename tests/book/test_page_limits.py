"""Every page a learner can finish: the limits of the core pages and their companion pages.

Each numbered chapter is a **core page** (``chapters/NN_name.md``) that a learner finishes in
about half an hour, and its depth lives on **companion pages** (``chapters/further/NN-topic.md``,
"Going further: ..."). Counted by the course's own timing module (``ndcg_book.timing``: the words
of the prose, and the reading minutes with the figure and table allowances; the whole page, not a
first pass), every core page and every companion page holds at most :data:`MAX_WORDS` words and
:data:`MAX_MINUTES` minutes. A companion page

* is titled ``# Going further: …`` and belongs to the chapter of its number (``04-ties`` to
  ``04_ndcg``);
* is linked from its core page (``{doc}`further/04-ties```, where the core mentions the topic) and
  links back to it (``{doc}`../04_ndcg```);
* is listed under its chapter in ``_toc.yml``, as one of its ``sections:``;
* has its own ``## Recap`` section and its ``{chapter-time}`` box.

(The phone height of the built pages, at most 34,000 px at 390 px, is checked in Chromium by
``tests/browser/test_page_height.py``; the first screen by ``tests/book/test_pages.py``.)

The rules are functions that return what is wrong, tried on the course and on a tiny course that
keeps them (``tests/book/helpers.py``), which each rule must pass and each broken copy must fail.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ndcg.course import manifest
from ndcg_book import timing
from tests.book.helpers import COMPANION_PAGE, CORE_PAGE, TOC, tiny_course, toc_sections

ROOT = Path(__file__).resolve().parents[2]
#: A page's limits: prose words and reading minutes, as ``ndcg_book.timing`` counts them.
MAX_WORDS = 4_000
MAX_MINUTES = 30

_RECAP = re.compile(r"^## +\W*Recap\b", re.MULTILINE)
_TITLE = re.compile(r"^# +Going further: +\S", re.MULTILINE)
_TIME_BOX = "```{chapter-time}\n```"


def pages(course: Path) -> list[str]:
    """Every core page and every companion page, as ``timing.chapter`` names them."""
    return timing.chapter_names(course) + timing.companion_names(course)


def limit_problems(course: Path, name: str) -> list[str]:
    """What breaks the limits on page ``name`` (``"04_ndcg"`` or ``"further/04-ties"``)."""
    counted = timing.chapter(name, course)
    words, minutes = counted.words(), counted.minutes()
    problems = []
    if words > MAX_WORDS:
        problems.append(f"{name}: {words} prose words, more than {MAX_WORDS}")
    if minutes > MAX_MINUTES:
        problems.append(f"{name}: {minutes} reading minutes, more than {MAX_MINUTES}")
    return problems


def core_of(course: Path, companion: str) -> str | None:
    """The chapter a companion page (``"further/04-ties"``) belongs to: the one of its number."""
    number = companion.removeprefix(f"{timing.FURTHER}/")[:2]
    found = [name for name in timing.chapter_names(course) if name[:2] == number]
    return found[0] if found else None


def doc_link(target: str) -> re.Pattern:
    """A ``{doc}`` role to ``target`` (a path without suffix, relative to ``chapters/``), written
    relative to the page or from the book's root, titled or not."""
    path = re.escape(target)
    return re.compile(r"\{doc\}`(?:[^`<]*<)?\s*(?:\./|/chapters/)?" + path + r"\s*>?`")


def companion_problems(course: Path, companion: str) -> list[str]:
    """What is wrong with companion page ``companion`` (``"further/04-ties"``) and its links."""
    text = (course / "chapters" / f"{companion}.md").read_text(encoding="utf-8")
    stem = companion.removeprefix(f"{timing.FURTHER}/")
    problems = []
    if not re.fullmatch(r"\d\d-[a-z0-9-]+", stem):
        problems.append(f"{companion}: name it NN-topic (its chapter's number, then its topic)")
    core = core_of(course, companion)
    if core is None:
        return [*problems, f"{companion}: no chapter numbered {stem[:2]} to belong to"]
    if not _TITLE.search(text):
        problems.append(f"{companion}: its title is not '# Going further: …'")
    if not _RECAP.search(text):
        problems.append(f"{companion}: no '## Recap' section")
    if _TIME_BOX not in text:
        problems.append(f"{companion}: no {{chapter-time}} box")
    core_text = (course / "chapters" / f"{core}.md").read_text(encoding="utf-8")
    if not doc_link(companion).search(core_text):
        problems.append(f"{core}: does not link its companion page ({{doc}}`{companion}`)")
    back = re.compile(r"\{doc\}`(?:[^`<]*<)?\s*(?:\.\./|/chapters/)" + re.escape(core) + r"\s*>?`")
    if not back.search(text):
        problems.append(f"{companion}: does not link back to its core page ({{doc}}`../{core}`)")
    sections = toc_sections(course).get(f"chapters/{core}")
    if sections is None or f"chapters/{companion}" not in sections:
        problems.append(f"_toc.yml: chapters/{companion} is not one of the sections: of chapters/{core}")
    return problems


def toc_problems(course: Path) -> list[str]:
    """Every ``sections:`` entry of a chapter in ``_toc.yml`` is one of that chapter's companion pages."""
    problems = []
    for entry, sections in toc_sections(course).items():
        name = entry.removeprefix("chapters/")
        companions = {f"chapters/{c}" for c in timing.companion_names(course, name)}
        for section in sections:
            if name not in timing.chapter_names(course) or section not in companions:
                problems.append(f"_toc.yml: {section} under {entry} is not a companion page of that chapter")
    return problems


# -- the course ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", pages(ROOT))
def test_every_page_is_within_the_limits(name):
    counted = timing.chapter(name, ROOT)
    print(f"{name}: {counted.words()} words, {counted.minutes()} minutes")
    problems = limit_problems(ROOT, name)
    assert not problems, (
        "; ".join(problems) + ": move depth to a companion page, chapters/further/NN-topic.md"
    )


def test_every_companion_page_is_linked_listed_and_recapped():
    problems = [p for name in timing.companion_names(ROOT) for p in companion_problems(ROOT, name)]
    assert not problems, "\n".join(problems)


def test_the_toc_lists_only_companion_pages_as_sections():
    assert not toc_problems(ROOT)


def test_the_numbered_chapters_are_the_core_pages():
    numbers = [f"{n:02d}" for n in range(len(manifest.chapter_stems()))]  # 00, 01, ... in order
    assert [name[:2] for name in timing.chapter_names(ROOT)] == numbers


# -- the rules on a tiny course that keeps them, and on broken copies ------------------------------


def test_a_course_that_keeps_the_rules_passes(tmp_path):
    course = tiny_course(tmp_path)
    assert pages(course) == ["01_cg", "further/01-deep"]
    assert all(not limit_problems(course, name) for name in pages(course))
    assert companion_problems(course, "further/01-deep") == []
    assert toc_problems(course) == []


def long_prose(words: int) -> str:
    """``words`` words of prose, ten to a sentence, one sentence per line."""
    return "\n".join("One two three four five six seven eight nine ten." for _ in range(words // 10)) + "\n"


@pytest.mark.parametrize("page", ["core", "companion"])
def test_a_page_over_the_word_limit_fails(tmp_path, page):
    grown = (CORE_PAGE if page == "core" else COMPANION_PAGE).replace(
        "## Recap", long_prose(MAX_WORDS) + "## Recap"
    )
    course = tiny_course(tmp_path, **{page: grown})
    name = "01_cg" if page == "core" else "further/01-deep"
    assert timing.chapter(name, course).words() > MAX_WORDS
    assert any("prose words" in p for p in limit_problems(course, name))


def test_a_page_over_the_minute_limit_fails_with_few_words(tmp_path):
    # 3,800 words (19 minutes) and 24 tables at half a minute each: 31 minutes
    tables = "".join(f"| a | b |\n|---|---|\n| {i} | x |\n\n" for i in range(24))
    grown = CORE_PAGE.replace("## Recap", long_prose(3_800) + "\n" + tables + "## Recap")
    course = tiny_course(tmp_path, core=grown)
    counted = timing.chapter("01_cg", course)
    assert counted.words() <= MAX_WORDS < counted.words() + 300
    assert limit_problems(course, "01_cg") == [f"01_cg: {counted.minutes()} reading minutes, more than 30"]


BROKEN = {
    "no link from the core": (
        "core",
        ("{doc}`further/01-deep`", "the deep page"),
        "does not link its companion page",
    ),
    "no link back": ("companion", ("{doc}`../01_cg`", "the chapter"), "does not link back"),
    "no recap": ("companion", ("## Recap", "## Summing up"), "no '## Recap' section"),
    "another title": ("companion", ("# Going further: the sum", "# The sum"), "its title"),
    "no time box": ("companion", ("```{chapter-time}\n```", ""), "no {chapter-time} box"),
    "not in the toc": (
        "toc",
        ("        sections:\n          - file: chapters/further/01-deep\n", ""),
        "is not one of the sections",
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_companion_page_that_breaks_a_rule_fails(tmp_path, case):
    where, (old, new), message = BROKEN[case]
    texts = {"core": CORE_PAGE, "companion": COMPANION_PAGE, "toc": TOC}
    assert old in texts[where]
    texts[where] = texts[where].replace(old, new)
    course = tiny_course(tmp_path, **texts)
    problems = companion_problems(course, "further/01-deep")
    assert any(message in p for p in problems), problems


def test_a_section_that_is_no_companion_page_fails(tmp_path):
    toc = (
        TOC + "      - file: chapters/02_dcg\n        sections:\n          - file: chapters/further/01-deep\n"
    )
    course = tiny_course(tmp_path, toc=toc)
    assert toc_problems(course) == [
        "_toc.yml: chapters/further/01-deep under chapters/02_dcg is not a companion page of that chapter"
    ]


def test_a_companion_page_of_no_chapter_fails(tmp_path):
    course = tiny_course(tmp_path)
    (course / "chapters" / "further" / "07-orphan.md").write_text(COMPANION_PAGE, encoding="utf-8")
    assert companion_problems(course, "further/07-orphan") == [
        "further/07-orphan: no chapter numbered 07 to belong to"
    ]
