"""The computed timings (the package ndcg_book/timing/): counting rules on small fixtures, and the agendas.

The fixtures are small text sources whose words, figures and tables are counted by hand in the
comments; the course tests check that each agenda fills exactly its length, and that its cut list
names sections that exist and are marked optional in the chapters (read here with a plain regular
expression, not with the module under test).
"""

from __future__ import annotations

import itertools
import math
import re
from pathlib import Path

import pytest

from ndcg_book import timing

ROOT = Path(__file__).resolve().parents[2]

FRONT = """---
jupytext:
  text_representation:
    extension: .md
kernelspec:
  name: python3
---
"""

CHAPTER = (
    FRONT
    + """
# One title

Six words in this one line.

```{code-cell} ipython3
:tags: [remove-input]

print("these words are code, not prose")
```

## Core section

Four words, and `code`.

:::{admonition} Two words
:class: tip
Three more words.
:::

| a | table |
|---|---|
| of | words |

```python
fenced code is not prose
```

```{exercise}
:label: ex-one
Count these four.
```

```{solution} ex-one
:class: dropdown
Folded away, never counted.
```

$$
x = 1
$$

+++

## Optional part

:::{admonition} Optional on a first pass
:class: optional
Skip me.
:::

Five words in this line.

### Its subsection

Two words.

```{code-cell} ipython3
plot()
```

## Exercises

Practice words are not reading words at all.
"""
)
# Counted by hand: the title 2; "Six words in this one line." 6; "Core section" 2;
# "Four words, and `code`." 4 (inline code is one word); the tip's title 2 and body 3; the
# exercise's body 3 (its label is an option). Optional: "Optional part" 2; the admonition's title
# 5 and body 2; "Five words in this line." 5; "Its subsection" 2; "Two words." 2.
CORE_WORDS = 2 + 6 + 2 + 4 + 2 + 3 + 3
OPTIONAL_WORDS = 2 + 5 + 2 + 5 + 2 + 2

IMAGE = {"output_type": "display_data", "data": {"image/png": "iVBOR", "text/plain": "<Figure>"}}
TABLE = {"output_type": "display_data", "data": {"text/html": "<table class='ndcg-steps'></table>"}}


def notebook(*code_outputs):
    """A parsed .ipynb with the fixture's Markdown cells and code cells with these outputs."""
    cells = []
    outputs = iter(code_outputs)
    for cell in timing.reading._source_cells(CHAPTER):
        if cell[0] == "markdown":
            cells.append({"cell_type": "markdown", "source": cell[1], "metadata": {}})
        else:
            tags, out = next(outputs)
            cells.append({"cell_type": "code", "source": "", "metadata": {"tags": tags}, "outputs": out})
    return {"cells": cells}


def test_words_count_prose_only():
    counted = timing.read_chapter(CHAPTER)
    assert counted.words() == CORE_WORDS + OPTIONAL_WORDS
    assert counted.words(first_pass=True) == CORE_WORDS
    assert counted.tables() == 1  # the Markdown table
    assert [s.title for s in counted.optional_sections()] == ["Optional part"]
    practice = [s for s in counted.sections if s.practice]
    assert [s.title for s in practice] == ["Exercises"]


def test_figures_and_tables_come_from_the_executed_outputs():
    # the first cell shows a table (remove-input hides only its code); the plot is in the optional part
    counted = timing.read_chapter(CHAPTER, notebook((["remove-input"], [TABLE]), ([], [IMAGE])), "fixture")
    assert (counted.figures(), counted.tables()) == (1, 2)
    assert (counted.figures(first_pass=True), counted.tables(first_pass=True)) == (0, 2)
    full = (
        (CORE_WORDS + OPTIONAL_WORDS) / timing.WORDS_PER_MINUTE
        + timing.FIGURE_MINUTES
        + 2 * timing.TABLE_MINUTES
    )
    assert counted.minutes() == math.ceil(full)
    first = CORE_WORDS / timing.WORDS_PER_MINUTE + 2 * timing.TABLE_MINUTES
    assert counted.minutes(first_pass=True) == math.ceil(first)
    optional = counted.optional_sections()[0]
    saved = OPTIONAL_WORDS / timing.WORDS_PER_MINUTE + timing.FIGURE_MINUTES
    assert counted.saved(optional) == math.ceil(saved)


def test_a_hidden_output_is_not_a_figure():
    counted = timing.read_chapter(CHAPTER, notebook((["remove-cell"], [TABLE]), (["remove-output"], [IMAGE])))
    assert (counted.figures(), counted.tables()) == (0, 1)


def test_a_stale_notebook_is_refused():
    stale = notebook(([], []), ([], []))
    stale["cells"] = [c for c in stale["cells"] if "## Optional part" not in c["source"]]
    with pytest.raises(ValueError, match="make notebooks"):
        timing.read_chapter(CHAPTER, stale)


def test_the_optional_marker_must_open_its_section():
    late = CHAPTER.replace(
        "## Optional part\n\n:::{admonition}", "## Optional part\n\nA line first.\n\n:::{admonition}"
    )
    with pytest.raises(ValueError, match="must open its section"):
        timing.read_chapter(late)


def test_reading_minutes_round_up():
    assert timing.reading_minutes(timing.WORDS_PER_MINUTE, 0, 0) == 1
    assert timing.reading_minutes(timing.WORDS_PER_MINUTE + 1, 0, 0) == 2


# -- the Chinese edition: its own 字, not the English words ------------------------------------------

#: The fixture's Chinese (a catalogue's translated messages): each English line's message. Counted by
#: hand: 一个标题 4; 这一行有六个词 7 (7 Han characters, however many English words); 核心部分 4;
#: 四个词和 4 + `code` 1; the tip's title 两个词 3, its body 再来三个词 5; the exercise 数这四个 4.
#: Optional: 可选部分 4; 初读可跳过 5; 跳过我 3; NDCG@5 有五个词 2 + 4; 小节 2; 两个词 3.
ZH_MESSAGES = {
    "One title": "一个标题",
    "Six words in this one line.": "这一行有六个词。",
    "Core section": "核心部分",
    "Four words, and `code`.": "四个词和 `code`。",
    "Two words": "两个词",
    "Three more words.": "再来三个词。",
    "Count these four.": "数这四个。",
    "Optional part": "可选部分",
    "Optional on a first pass": "初读可跳过",
    "Skip me.": "跳过我。",
    "Five words in this line.": "NDCG@5 有五个词。",
    "Its subsection": "小节",
    "Two words.": "两个词。",
    "Exercises": "练习",
}
ZH_CORE = 4 + 7 + 4 + (4 + 1) + 3 + 5 + 4
ZH_OPTIONAL = 4 + 5 + 3 + (2 + 4) + 2 + 3


def test_the_chinese_page_is_timed_by_its_own_characters():
    counted = timing.read_chapter(CHAPTER, translation=timing.Translation(dict(ZH_MESSAGES)))
    assert counted.words() == ZH_CORE + ZH_OPTIONAL
    assert counted.words(first_pass=True) == ZH_CORE
    assert counted.rate == timing.CHARACTERS_PER_MINUTE
    expected = math.ceil(ZH_CORE / timing.CHARACTERS_PER_MINUTE + timing.TABLE_MINUTES)
    assert counted.minutes(first_pass=True) == expected
    # a line no message holds is read in English, word by word ("Two words." left untranslated: 2)
    untranslated = {k: v for k, v in ZH_MESSAGES.items() if k != "Two words."}
    assert timing.read_chapter(CHAPTER, translation=timing.Translation(untranslated)).words() == (
        ZH_CORE + ZH_OPTIONAL - 3 + 2
    )


def test_a_message_of_several_lines_is_counted_once():
    text = FRONT + "\n# T\n\nFirst line.\nSecond line.\n\n- item one\n  goes on\n"
    messages = {"T": "题", "First line. Second line.": "第一行第二行。", "item one goes on": "条目一"}
    assert timing.read_chapter(text, translation=timing.Translation(messages)).words() == 1 + 6 + 3


def test_count_chinese():
    assert timing.count_chinese("折损累计增益（DCG）") == 6 + 1
    assert timing.count_chinese("第 {glue:text}`x:.0f` 位，`ndcg.dcg`，$2^{rel}-1$。") == 2 + 1 + 1 + 1
    assert timing.count_chinese("，。！？“”") == 0


@pytest.mark.parametrize("name", ["02_dcg", "further/02-discounts"])
def test_the_chinese_box_states_the_chinese_minutes_and_the_guide_the_rate(name):
    zh = timing.chapter(name, ROOT, "zh_CN")
    en = timing.chapter(name, ROOT)
    note = timing.chapter_note(name, ROOT, "zh_CN")
    assert zh.rate == timing.CHARACTERS_PER_MINUTE != en.rate
    assert f"阅读约 **{zh.minutes()} 分钟**" in note and "{ref}`估算方法 <timing-method>`" in note
    method = timing.assumptions("zh_CN")
    assert f"每分钟 {timing.CHARACTERS_PER_MINUTE} 字" in method and "{cite:p}`moe2011`" in method
    assert "moe2011" in (ROOT / "reference" / "references.bib").read_text(encoding="utf-8")
    assert zh.words() != en.words()  # counted from the Chinese page, not the English one
    assert "英文" not in note and "词" not in note  # no English words counted or named


def test_the_box_is_its_numbers_and_the_method_is_in_the_guide():
    # the first screen carries minutes, not arithmetic: how they are estimated is one link away
    guide = (ROOT / "instructors" / "index.md").read_text(encoding="utf-8")
    assert f"({timing.METHOD_LABEL})=\n## How long everything takes" in guide
    for name in ["04_ndcg", "further/04-ties"]:
        for language in ("en", "zh_CN"):
            note = timing.chapter_note(name, ROOT, language)
            line = note.splitlines()[2]
            assert len(note.splitlines()) == 4 and f"<{timing.METHOD_LABEL}>" in line, note
            assert "200" not in line and "300" not in line and "words" not in line and "字" not in line, line
            assert len(re.sub(r"\{ref\}`[^`]*`", "", line)) <= 90, line
    counted = timing.chapter("04_ndcg", ROOT)
    ex = timing.exercise_minutes(timing.exercises("04_ndcg", ROOT))
    further = timing.companion_minutes("04_ndcg", ROOT)
    assert f"≈ **{counted.minutes()} min** to read" in timing.chapter_note("04_ndcg", ROOT)
    assert f"≈ **{ex} min** of exercises · + {further} min going further" in timing.chapter_note(
        "04_ndcg", ROOT
    )


def test_a_changed_translation_changes_the_chinese_minutes(tmp_path):
    import shutil

    name = "02_dcg"
    course = tmp_path / "course"
    for part in (
        "_toc.yml",
        f"chapters/{name}.md",
        f"solutions/{name}.md",
        f"notebooks/chapters/{name}.ipynb",
    ):
        (course / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / part, course / part)
    (course / "chapters" / "further").mkdir()
    catalogue = timing.catalogue_path(name, course)
    catalogue.parent.mkdir(parents=True)
    text = timing.catalogue_path(name, ROOT).read_text(encoding="utf-8")
    catalogue.write_text(text, encoding="utf-8")
    before = timing.chapter(name, course, "zh_CN").words()
    assert before == timing.chapter(name, ROOT, "zh_CN").words()
    catalogue.write_text(text.replace('msgstr "学习目标"', 'msgstr "本章的学习目标"'), encoding="utf-8")
    assert timing.chapter(name, course, "zh_CN").words() == before + 3
    catalogue.unlink()
    with pytest.raises(FileNotFoundError, match="no Chinese catalogue"):
        timing.chapter(name, course, "zh_CN")


SOLUTIONS = """
```{code-cell} ipython3
---
id: ex1-check-def
jupyter:
  source_hidden: true
---
check_a = NumberCheck(
    [ndcg.cg(g, 3), ndcg.cg(g, 5)], name="[CG@3, CG@5]", abs_tol=HAND,
)
```

```{code-cell} ipython3
:id: ex1-answer
:student: 'answer = [..., ...]  # [CG@3, CG@5]'
:tags: [solution]

answer = [6, 8]
```

```{code-cell} ipython3
:id: ex2-check-def

values = [1, 2]
check_b = NumberCheck(values, name="a list from a name")
```

```{code-cell} ipython3
---
id: ex2-answer
student: 'answer = [..., ...]  # a list whose
  template wraps'
---
answer = [1, 2]
```

```{code-cell} ipython3
:id: ex3-check-def

check_c = NumberCheck(ndcg.dcg(g, 3), name="DCG@3")
```

```{code-cell} ipython3
:id: ex3-answer
:student: 'answer = ...  # DCG@3'

answer = 4.5
```

```{code-cell} ipython3
:id: ex4-check-def

check_d = FunctionCheck(my_cg, ndcg.cg, name="my_cg")
```
"""


def test_exercise_types_come_from_the_checks():
    found = timing.read_exercises(SOLUTIONS)
    assert [(e.check, e.kind) for e in found] == [
        ("check_a", "list"),
        ("check_b", "list"),
        ("check_c", "number"),
        ("check_d", "function"),
    ]
    m = timing.EXERCISE_MINUTES
    assert timing.exercise_minutes(found) == 2 * m["list"] + m["number"] + m["function"]


def test_a_literal_list_with_a_number_template_is_refused():
    wrong = SOLUTIONS.replace("'answer = [..., ...]  # [CG@3, CG@5]'", "'answer = ...  # CG@3'")
    with pytest.raises(ValueError, match="expects a list"):
        timing.read_exercises(wrong)


# -- the course itself --------------------------------------------------------------------------------


EDITIONS = ("en", "zh_CN")


@pytest.mark.parametrize("language", EDITIONS)
@pytest.mark.parametrize("key", sorted(timing.PLANS))
def test_each_agenda_fills_exactly_its_length(key, language):
    made = timing.agenda(key, ROOT, language)
    plan = timing.PLANS[key]
    assert made.minutes == plan.length == sum(b.minutes for b in made.blocks)
    starts = made.starts()  # the table's start minutes run without a gap to the stated length
    assert starts[0][0] == 0 and all(a + x.minutes == b for (a, x), (b, _) in itertools.pairwise(starts))
    assert starts[-1][0] + starts[-1][1].minutes == plan.length
    low, high = timing.WRAP_UP_MINUTES
    assert made.blocks[-1].what == "wrap-up" and low <= made.blocks[-1].minutes <= high
    for block in made.blocks:  # every block's minutes recomputed here from the chapter and notebook
        if block.what == "teach":  # the edition's own page: the Chinese agenda times the Chinese
            counted = timing.chapter(block.chapter, ROOT, language)
            assert block.minutes == math.ceil(238 / 183 * counted.minutes(first_pass=True)) > 0
        elif block.what == "exercises":
            assert block.minutes == sum(timing.EXERCISE_MINUTES[e.kind] for e in block.exercises) > 0
        elif block.what == "break":
            assert block.minutes == timing.BREAK_MINUTES
    text = timing.agenda_text(key, ROOT, language)  # the table states the same minutes and total
    total = "合计" if language == "zh_CN" else "total"
    assert f"| | **{total}** | **{plan.length}** |" in text
    rows = [row for row in text.splitlines() if re.match(r"\| \d", row)]
    assert [int(row.rsplit("|", 2)[1]) for row in rows] == [b.minutes for _, b in starts]


@pytest.mark.parametrize("language", EDITIONS)
@pytest.mark.parametrize("key", sorted(timing.PLANS))
def test_every_agenda_opens_with_the_welcome_the_code_of_conduct_and_a_setup_triage(key, language):
    made = timing.agenda(key, ROOT, language)
    session = [b for _, b in made.starts()]
    welcome, setup = session[0], session[1]
    assert (welcome.what, setup.what) == ("welcome", "setup")
    assert welcome.minutes <= 5  # the guide: the code of conduct in the first five minutes
    assert 15 <= welcome.minutes + setup.minutes <= 20
    rows = [row for row in timing.agenda_text(key, ROOT, language).splitlines() if re.match(r"\| \d", row)]
    assert "{doc}`" in rows[0] and "<code-of-conduct>`" in rows[0], rows[0]
    assert "`python3 tools/run.py check`" in rows[1], rows[1]
    assert rows[0].startswith("| 0") and rows[1].endswith(f"| {setup.minutes} |")
    assert all(b.what in ("teach", "exercises", "break", "lunch", "wrap-up") for b in session[2:])
    assert session[2].what == "teach"


def test_the_teaching_model_and_its_source_are_stated():
    # reading aloud against silent reading, both measured in the same meta-analysis (brysbaert2019)
    assert timing.MEASURED_SILENT_WPM == 238 and timing.MEASURED_ALOUD_WPM == 183
    assert timing.TEACHING_FACTOR == 238 / 183
    counted = timing.chapter("02_dcg", ROOT)
    assert timing.teaching_minutes(counted) == math.ceil(238 / 183 * counted.minutes(first_pass=True))
    assert timing.teaching_minutes(counted) > counted.minutes(first_pass=True)  # not silent reading
    bib = (ROOT / "reference" / "references.bib").read_text(encoding="utf-8")
    for language in EDITIONS:
        method = timing.assumptions(language)
        assert "238/183 ≈ 1.30" in method and "{cite:p}`brysbaert2019`" in method, method
        assert "{cite:p}`carpentries-live`" in method
    for key in ("brysbaert2019", "carpentries-live"):
        assert re.search(rf"^@\w+\{{{key},", bib, re.M), key
    assert "doi     = {10.1016/j.jml.2019.104047}" in bib


def test_the_three_lengths():
    assert list(timing.PLANS) == ["90", "half-day", "one-day"]
    assert timing.PLANS["90"].length == 90
    assert 210 <= timing.PLANS["half-day"].length <= 240
    assert timing.PLANS["one-day"].length >= 360
    made = timing.agenda("one-day", ROOT)
    assert [b.what for b in made.blocks].count("break") == 2 and [b.what for b in made.blocks].count(
        "lunch"
    ) == 1
    assert {b.chapter for b in made.blocks if b.what == "teach"} == set(timing.chapter_names(ROOT))
    assert "break" in [b.what for b in timing.agenda("half-day", ROOT).blocks]


def test_the_chinese_tables_count_the_chinese_pages():
    zh_table = timing.chapters_table(ROOT, "zh_CN")
    for name, row in zip(timing.chapter_names(ROOT), zh_table.splitlines()[2:-1]):
        counted = timing.chapter(name, ROOT, "zh_CN")
        assert row.startswith(f"| {{doc}}`/chapters/{name}` | {counted.minutes()} | ")
        assert f" | {timing.teaching_minutes(counted)} | " in row
    assert zh_table != timing.chapters_table(ROOT)  # not the English minutes
    for key in timing.PLANS:
        text = timing.agenda_text(key, ROOT, "zh_CN")
        assert "讲授" in text and "Teach" not in text and "minutes" not in text and "Cut list" not in text
    further = timing.further_list(ROOT, "zh_CN")
    total = sum(timing.chapter(p, ROOT, "zh_CN").minutes() for p in timing.companion_names(ROOT))
    assert f"合计约 {total} 分钟" in further


def marked_sections(name: str) -> set[str]:
    """The headings of chapter ``name`` directly followed by the optional admonition (a plain regex)."""
    text = (ROOT / "chapters" / f"{name}.md").read_text(encoding="utf-8")
    pattern = r"^#{2,6} (?P<title>.+)\n\n:::\{admonition\} Optional on a first pass\n:class: optional\n"
    return {m["title"] for m in re.finditer(pattern, text, re.MULTILINE)}


@pytest.mark.parametrize("key", sorted(timing.PLANS))
def test_the_cut_list_names_sections_marked_optional(key):
    made = timing.agenda(key, ROOT)
    assert made.cuts or made.further  # optional sections, or the companion pages left for afterwards
    taught = {b.chapter for b in made.blocks if b.what == "teach"}
    for name in taught:  # every optional section of a taught chapter is cut, and nothing else
        assert {s.title for c, s, _ in made.cuts if c == name} == marked_sections(name), name
    assert all(minutes > 0 for _, _, minutes in made.cuts)


def test_every_optional_admonition_is_read():
    text = "".join(
        (ROOT / "chapters" / f"{n}.md").read_text(encoding="utf-8") for n in timing.chapter_names(ROOT)
    )
    marked = sum(len(marked_sections(n)) for n in timing.chapter_names(ROOT))
    assert text.count(":class: optional") == marked > 0
    assert sum(len(timing.chapter(n, ROOT).optional_sections()) for n in timing.chapter_names(ROOT)) == marked


def test_every_chapter_shows_its_time():
    for name in timing.chapter_names(ROOT):
        text = (ROOT / "chapters" / f"{name}.md").read_text(encoding="utf-8")
        assert text.count("```{chapter-time}\n```") == 1, name
        note = timing.chapter_note(name, ROOT)
        assert f"**{timing.chapter(name, ROOT).minutes()} min**" in note


def test_the_guide_shows_the_computed_timings():
    text = (ROOT / "instructors" / "index.md").read_text(encoding="utf-8")
    for what in ("assumptions", "chapters", "further", *(f"agenda-{k}" for k in timing.PLANS)):
        assert f"```{{course-timing}} {what}\n```" in text
    import ndcg_book

    assert "- ndcg_book" in (ROOT / "_config.yml").read_text(encoding="utf-8") and "timing" in ndcg_book.PARTS


def test_the_exercises_readme_is_in_sync():
    text = (ROOT / "exercises" / "README.md").read_text(encoding="utf-8")
    assert timing.readme_table(ROOT) in text, "run: python -m ndcg_book.timing --readme"
    assert "30 to 60 minutes" not in text


# -- companion pages ("Going further"): timed like chapters, self-study, in no agenda's blocks -----------


def test_a_companion_page_is_timed_and_shown_as_self_study(tmp_path):
    from tests.book.helpers import tiny_course

    course = tiny_course(tmp_path)
    assert timing.companion_names(course) == ["further/01-deep"] == timing.companion_names(course, "01_cg")
    deep = timing.chapter("further/01-deep", course).minutes()
    assert deep > 0 and timing.companion_minutes("01_cg", course) == deep
    table = timing.chapters_table(course)
    assert table.splitlines()[0].endswith("| going further (min) |")
    assert table.splitlines()[2].endswith(f"| {deep} |") and table.splitlines()[-1].endswith(
        f"| **{deep}** |"
    )
    listed = timing.further_list(course)
    assert f"- {{doc}}`/chapters/01_cg`: {{doc}}`/chapters/further/01-deep` ({deep} minute" in listed
    core_box, companion_box = (
        timing.chapter_note("01_cg", course),
        timing.chapter_note("further/01-deep", course),
    )
    assert f"+ {deep} min going further" in core_box and "Time for this chapter" in core_box
    assert "Time for this page" in companion_box and "exercise" not in companion_box
    (tmp_path / "chapters" / "further" / "01-deep.md").unlink()
    assert timing.further_list(course) == "No chapter has a companion page yet."
    assert "companion" not in timing.chapter_note("01_cg", course)


def course_with_companion(tmp_path: Path) -> Path:
    """The course's chapters, notebooks and solutions (linked), with one more companion page of
    chapter 4 (the tiny course's companion, renamed)."""
    from tests.book.helpers import COMPANION_PAGE

    for folder in ("solutions", "notebooks"):
        (tmp_path / folder).symlink_to(ROOT / folder, target_is_directory=True)
    (tmp_path / "chapters" / "further").mkdir(parents=True)
    for path in (ROOT / "chapters").glob("*.md"):
        (tmp_path / "chapters" / path.name).symlink_to(path)
    for path in (ROOT / "chapters" / "further").glob("*.md"):
        (tmp_path / "chapters" / "further" / path.name).symlink_to(path)
    page = COMPANION_PAGE.replace("{doc}`../01_cg`", "{doc}`../04_ndcg`")
    (tmp_path / "chapters" / "further" / "04-zz-fixture.md").write_text(page, encoding="utf-8")
    (tmp_path / "_toc.yml").symlink_to(ROOT / "_toc.yml")
    return tmp_path


@pytest.mark.parametrize("key", sorted(timing.PLANS))
def test_an_agenda_leaves_its_chapters_companion_pages_for_afterwards(tmp_path, key):
    course = course_with_companion(tmp_path)
    made, before = timing.agenda(key, course), timing.agenda(key, ROOT)
    assert [(b.what, b.minutes) for b in made.blocks] == [(b.what, b.minutes) for b in before.blocks]
    minutes = timing.chapter("further/04-zz-fixture", course).minutes()
    assert ("04_ndcg", "further/04-zz-fixture", minutes) in made.further
    assert made.further == [
        (name, page, timing.chapter(page, course).minutes())
        for name in dict.fromkeys(b.chapter for b in made.blocks if b.what in ("read", "teach"))
        for page in timing.companion_names(course, name)
    ]
    text = timing.agenda_text(key, course)
    assert f"{{doc}}`/chapters/further/04-zz-fixture` ({minutes} min)" in text.split("**Cut list**")[1]


@pytest.mark.parametrize("key", sorted(timing.PLANS))
def test_the_agendas_name_every_companion_page_of_their_chapters(key):
    made = timing.agenda(key, ROOT)
    covered = [b.chapter for b in made.blocks if b.what in ("read", "teach")]
    assert [page for _, page, _ in made.further] == [
        p for n in dict.fromkeys(covered) for p in timing.companion_names(ROOT, n)
    ]
    text = timing.agenda_text(key, ROOT).split("**Cut list**")[1]
    for _, page, minutes in made.further:
        assert f"{{doc}}`/chapters/{page}` ({minutes} min)" in text


def test_the_guide_s_table_shows_every_chapter_s_companion_minutes():
    rows = timing.chapters_table(ROOT).splitlines()[2:-1]
    for name, row in zip(timing.chapter_names(ROOT), rows):
        assert row.startswith(f"| {{doc}}`/chapters/{name}` |")
        assert row.endswith(
            f"| {sum(timing.chapter(p, ROOT).minutes() for p in timing.companion_names(ROOT, name))} |"
        )


# -- the built guide: the three agendas, in both editions, with each edition's minutes ----------------


def _built_guide(language: str) -> str | None:
    from tools import chromium as browser_setup

    book = browser_setup.book_html()
    page = (book / "zh" if language == "zh_CN" else book) / "instructors" / "index.html"
    return page.read_text(encoding="utf-8") if page.is_file() else None


@pytest.mark.parametrize("language", EDITIONS)
def test_the_built_guide_shows_every_agenda_with_its_edition_s_minutes(language):
    page = _built_guide(language)
    if page is None:
        pytest.skip("no built book: run `make book` first")
    tables = re.findall(r"<table.*?</table>", page, re.S)
    total = "合计" if language == "zh_CN" else "total"
    agendas = [t for t in tables if f"<strong>{total}</strong>" in t]
    assert len(agendas) == len(timing.PLANS), f"{len(agendas)} agenda tables, not {len(timing.PLANS)}"
    for key, table in zip(timing.PLANS, agendas):  # in the guide's order: 90, half-day, one-day
        made = timing.agenda(key, ROOT, language)
        rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)[1:-1]  # no header, no total
        cells = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in rows]
        shown = [int(re.sub(r"<[^>]+>", "", c[-1]).strip()) for c in cells]
        assert shown == [b.minutes for _, b in made.starts()], key
        assert f"<strong>{made.plan.length}</strong>" in table
        first = re.sub(r"<[^>]+>", "", cells[0][1])
        assert ("行为准则" if language == "zh_CN" else "code of conduct") in first, first
    if language == "zh_CN":  # the Chinese guide speaks Chinese in its tables, not the English agenda's words
        assert "Teach the first pass" not in page and "Cut list" not in page and "讲授" in page
