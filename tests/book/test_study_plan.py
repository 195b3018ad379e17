"""The study-plan page (learners/study-plan.md): source 004's seven stages, each mapped to the chapters
that cover it, and the two numberings of the stages (the plan's and the conversation's) that the
course's citations of 004 rely on."""

import re
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "learners" / "study-plan.md"
CHAPTERS = ROOT / "chapters"
#: The chapters' companion pages ("Going further: ..."), chapters/further/NN-topic.md.
FURTHER = CHAPTERS / "further"
DOC = re.compile(r"\{doc\}`([^`<]+?)(?:\s*<([^>]+)>)?`")
REF = re.compile(r"\{ref\}`([^`<]+?)(?:\s*<([^>]+)>)?`")
# The conversation has four headed stages (📍阶段 1 to 4); its plan has seven.
CONVERSATION_STAGES = 4
PLAN_STAGES = 7


def tables(text: str) -> list[list[list[str]]]:
    """Every Markdown table of ``text``: its body rows (header and rule left out), cells stripped."""
    found, rows = [], []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            found.append(rows[2:])
            rows = []
    return found


def chapter_of(path: Path) -> str | None:
    """The chapter a text source belongs to: ``04_ndcg`` for ``chapters/04_ndcg.md`` and for its
    companion pages ``chapters/further/04-topic.md``; None for any other file."""
    if path.parent == CHAPTERS:
        return path.stem
    if path.parent == FURTHER:
        return next((p.stem for p in CHAPTERS.glob(f"{path.stem[:2]}_*.md")), None)
    return None


def labels() -> dict[str, Path]:
    """Every ``(label)=`` target of the chapters and their companion pages, and the file that defines it."""
    found = {}
    for path in sorted(CHAPTERS.glob("*.md")) + sorted(FURTHER.glob("*.md")):
        for label in re.findall(r"^\(([\w-]+)\)=$", path.read_text(encoding="utf-8"), re.MULTILINE):
            assert label not in found, f"label {label!r} defined twice"
            found[label] = path
    return found


def chapters_linked(cell: str) -> set[str]:
    """The chapter files a table cell links to, with {doc} or with {ref} to a chapter's label."""
    targets = set()
    known = labels()
    for match in DOC.finditer(cell):
        target = (match.group(2) or match.group(1)).strip()
        # as Sphinx resolves it: "/chapters/x" from the book's root, "x" from the page's folder
        path = (ROOT / target.lstrip("/") if target.startswith("/") else PAGE.parent / target).with_suffix(
            ".md"
        )
        assert path.is_file(), f"{{doc}} target {target!r} does not exist"
        if chapter_of(path):
            targets.add(chapter_of(path))
    for match in REF.finditer(cell):
        label = (match.group(2) or match.group(1)).strip()
        assert label in known, f"{{ref}} target {label!r} is not a label of any chapter"
        targets.add(chapter_of(known[label]))
    return targets


TEXT = PAGE.read_text(encoding="utf-8")
STAGES, NUMBERINGS = tables(TEXT)[:2]


def test_the_page_is_in_the_start_here_part_after_setup():
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    start = next(part for part in toc["parts"] if part["caption"] == "Start here")
    files = [entry["file"] for entry in start["chapters"]]
    assert files.index("learners/study-plan") == files.index("learners/setup") + 1
    assert TEXT.startswith("(study-plan)=\n# ")


def test_the_table_has_the_seven_stages_in_order():
    assert [row[0] for row in STAGES] == [str(n) for n in range(1, PLAN_STAGES + 1)]
    modules = ["概念与动机", "数学定义", "举例练习", "代码实践", "应用场景", "延展对比", "优化挑战"]
    for row, module in zip(STAGES, modules):
        assert len(row) == 4 and module in row[1], row
        assert len(row[2].split()) >= 8, f"stage {row[0]}: its goal, in a sentence"


@pytest.mark.parametrize("stage", range(1, PLAN_STAGES + 1))
def test_every_stage_links_to_a_chapter_that_exists(stage):
    linked = chapters_linked(STAGES[stage - 1][3])
    assert linked, f"stage {stage} links to no chapter"
    assert all((CHAPTERS / f"{name}.md").is_file() for name in linked)


def test_the_stages_land_where_the_course_teaches_them():
    where = {int(row[0]): chapters_linked(row[3]) for row in STAGES}
    assert "00_why" in where[1]
    assert {"02_dcg", "03_idcg", "04_ndcg"} <= where[2]
    assert where[6] == {"05_mrr"}  # MAP, MRR and AUC
    assert where[7] == {"06_ltr"}  # pairwise, listwise, LambdaRank, LambdaMART
    covered = set().union(*where.values())
    assert covered == {path.stem for path in CHAPTERS.glob("*.md")}, "every chapter serves a stage"


def test_the_two_numberings_are_mapped():
    # Rows: the conversation's stages 1-4, then the plan stages it never reaches.
    assert [row[0].split(",")[0] for row in NUMBERINGS] == ["1", "2", "3", "4", "(none)"]
    plan = [set(map(int, re.findall(r"\b[1-7]\b", row[2]))) for row in NUMBERINGS]
    assert set().union(*plan) == set(range(1, PLAN_STAGES + 1)), "every plan stage is accounted for"
    assert 5 in plan[2] and plan[3] == {7} and plan[4] == {4, 6}  # the renumbered ones
    for row in NUMBERINGS:
        assert chapters_linked(row[3]), row
    assert "numbers its stages differently" in TEXT


def citations():
    """Every citation of a stage of source 004 in the course's text and content files."""
    files = [
        *sorted(CHAPTERS.glob("*.md")),
        *sorted(FURTHER.glob("*.md")),
        *sorted((ROOT / "ndcg" / "course" / "content").glob("*.yaml")),
        *sorted((ROOT / "instructors" / "slides").glob("*.md")),
        *sorted((ROOT / "instructors").glob("*.md")),
        *sorted((ROOT / "solutions").glob("*.md")),
    ]
    for path in files:
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"004,? stage[ -](\d+)|stage (\d+) of 004|its stage (\d+)", text):
            yield path.relative_to(ROOT).as_posix(), int(next(g for g in match.groups() if g))


def test_citations_of_004_use_the_conversations_numbering():
    # "004, stage N" is the heading under which the passage stands in the conversation (1 to 4);
    # a citation of the plan says "study plan" (see learners/study-plan.md).
    found = list(citations())
    assert len(found) >= 10, found
    wrong = [(path, n) for path, n in found if not 1 <= n <= CONVERSATION_STAGES]
    assert not wrong, f"cite the plan's stages as 'the study plan, stage N': {wrong}"
    for path in sorted(CHAPTERS.glob("*.md")) + sorted(FURTHER.glob("*.md")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if re.search(r"study plan.*\bstage \d", line):
                assert re.search(r"study plan[^.]*\bstage [1-7]\b", line), line


def test_the_plan_lists_every_companion_page():
    # the companion pages ("Going further: ..."), each under its chapter with its minutes, computed
    # by ndcg_book.timing (the {course-timing} further directive), so a new page joins the plan
    from ndcg_book import timing

    section = TEXT[TEXT.index("## Going further") :]
    assert "```{course-timing} further\n```" in section.split("\n## ")[0]
    listed = timing.further_list(ROOT)
    for name in timing.companion_names(ROOT):
        assert f"{{doc}}`/chapters/{name}`" in listed, name


def test_a_companion_page_counts_for_its_chapter():
    assert chapter_of(FURTHER / "04-ties.md") == "04_ndcg"
    assert chapter_of(CHAPTERS / "02_dcg.md") == "02_dcg"
    assert chapter_of(ROOT / "learners" / "setup.md") is None
