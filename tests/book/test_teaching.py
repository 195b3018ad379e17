"""The Teaching part of the book: the per-chapter instructor notes (hand-written, with the quiz's
answer key generated from the content files), the pages before and after a workshop, the code
of conduct, and the publishing workflow."""

import re
import textwrap
from pathlib import Path

import pytest
import yaml

from ndcg.course import cards
from ndcg.course.cards.notes import answer_key_markdown
from ndcg.course.cards.templates import namespace, render_template

ROOT = Path(__file__).resolve().parents[2]
TEACHING = ROOT / "instructors"
CHAPTERS = cards.chapters()
SECTIONS = ("## The one idea", "## On the board", "## Where people get stuck", "## The quiz")
COURSE_TEXT = re.compile(r"^```\{course-text\}\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def toc_entries() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [chapter["file"] for part in toc["parts"] for chapter in part["chapters"]]


def notes(chapter: str) -> str:
    return (TEACHING / f"{chapter}.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_chapter_has_notes_in_the_teaching_part(chapter):
    entries = toc_entries()
    assert f"instructors/{chapter}" in entries
    assert entries.index("instructors/index") < entries.index(f"instructors/{chapter}")
    text = notes(chapter)
    positions = [text.find(heading) for heading in SECTIONS]
    assert -1 not in positions and positions == sorted(positions), f"{chapter}: sections {SECTIONS} in order"
    assert f"{{doc}}`../chapters/{chapter}`" in text, "the notes link their chapter"
    assert re.search(rf"^```\{{quiz-answers\}} {chapter}\n```$", text, re.MULTILINE), (
        f"{chapter}: the quiz's answer key is generated ({{quiz-answers}} {chapter}), not retyped"
    )
    stuck = text[text.index("## Where people get stuck") : text.index("## The quiz")]
    assert 2 <= len(re.findall(r"^- \*\*", stuck, re.MULTILINE)) <= 5, "two to four sticking points"
    assert "```python\n" in text, "a live-coding script"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_notes_type_no_template_outside_course_text(chapter):
    # A number in the notes comes from code: a {{ }} template inside {course-text}, computed at build.
    text = notes(chapter)
    blocks = COURSE_TEXT.findall(text)
    outside = COURSE_TEXT.sub("", text)
    assert "{{" not in outside and "}}" not in outside
    for block in blocks:
        rendered = render_template(block, namespace())
        assert "{{" not in rendered and rendered != block, "each {course-text} block computes something"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_answer_key_has_every_question_answer_and_tempting_option(chapter):
    deck = cards.load(chapter)
    text = answer_key_markdown(deck)
    assert [int(n) for n in re.findall(r"^\*\*Q(\d+)\.\*\*", text, re.MULTILINE)] == list(
        range(1, len(deck.quiz) + 1)
    )
    for number, question in enumerate(deck.quiz, start=1):
        block = text.split(f"**Q{number}.**", 1)[1].split(f"**Q{number + 1}.**", 1)[0]
        for index in question.answers:
            assert (
                f"**Right: {cards.answer_text(question) if question.kind == 'true-false' else 'ABCDEFGHIJ'[index]}.**"
                in block
            )
        assert block.count("*Why it is right:*") == len(question.answers)
        wrong = [option for option in question.options if not option.correct]
        assert block.count("*Why people pick it:*") == len(wrong) == block.count("**Wrong: ")
        for option in question.options:
            first_line = option.feedback.splitlines()[0]
            assert first_line in block
            if not option.correct:
                assert option.why.splitlines()[0] in block


def test_the_answer_key_of_true_false_and_multi_select(tmp_path):
    path = tmp_path / "09_kinds.yaml"
    path.write_text(
        textwrap.dedent(
            """\
            chapter: 09_kinds
            title: Kinds
            flashcards:
              - {id: k-card, front: F, back: B}
            quiz:
              - id: k-tf
                kind: true-false
                question: CG sees the order.
                answer: false
                feedback_true: No, a sum ignores order.
                feedback_false: Right, a plain sum.
                why: A metric of a ranking sounds as if it sees order.
              - id: k-multi
                kind: multi-select
                question: Which are ranking metrics?
                options:
                  - {text: NDCG, correct: true, feedback: One.}
                  - {text: RMSE, correct: false, feedback: A regression error., why: Everyone knows it.}
                  - {text: MRR, correct: true, feedback: Another.}
            """
        ),
        encoding="utf-8",
    )
    text = answer_key_markdown(cards.load_file(path))
    assert "**Q1.** *True or false?* CG sees the order." in text
    assert "- **Right: False.**\n  - *Why it is right:* Right, a plain sum." in text
    assert (
        "- **Wrong: True.**\n  - *Why people pick it:* A metric of a ranking sounds as if it sees order."
        in text
    )
    assert "**Q2.** *Tick every right option:*" in text
    assert "- **Right: A.** NDCG" in text and "- **Right: C.** MRR" in text
    assert (
        "- **Wrong: B.** RMSE\n  - *Why people pick it:* Everyone knows it.\n  - *What to say:* A regression error."
        in text
    )


def test_the_teaching_extension_is_loaded_and_registers_its_directives():
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert "ndcg_book" in config["sphinx"]["config"]["extensions"]
    import ndcg_book
    from ndcg_book import teaching

    assert "teaching" in ndcg_book.PARTS

    registered = {}

    class App:
        def add_directive(self, name, cls):
            registered[name] = cls

    teaching.register(App())
    assert set(registered) == {"quiz-answers", "course-text"}


def test_the_pre_workshop_message_links_instead_of_repeating():
    text = (TEACHING / "before.md").read_text(encoding="utf-8")
    assert "## Who this workshop is for" in text
    message = text.split("```text\n", 1)[1].split("```", 1)[0]
    assert "/learners/setup.html" in message and "participant pack" in message
    assert "/instructors/code-of-conduct.html" in message and "<your name and email or phone>" in message
    for command in ("pip install", "run.py", "venv", "git clone"):
        assert command not in message, f"the message repeats the setup ({command!r}); link the page instead"
    assert "{ref}`setup`" in text and "{doc}`index`" in text


def test_the_feedback_page_has_the_questions_in_a_printable_sheet():
    text = (TEACHING / "feedback.md").read_text(encoding="utf-8")
    sheet = text.split("```{container} feedback-sheet\n", 1)[1].split("\n```", 1)[0]
    questions = re.findall(r"^\*\*(\d+)\. ", sheet, re.MULTILINE)
    assert [int(q) for q in questions] == list(range(1, len(questions) + 1)) and len(questions) >= 6
    css = (ROOT / "_static" / "teaching.css").read_text(encoding="utf-8")
    assert (
        "@media print" in css
        and "body:has(.feedback-sheet) .bd-article section > :not(.feedback-sheet)" in css
    )


def test_the_code_of_conduct_is_linked_and_in_the_book():
    coc = (ROOT / "CODE_OF_CONDUCT.md").read_text(encoding="utf-8")
    assert "Contributor Covenant" in coc and "## Reporting" in coc and "## Attribution" in coc
    # GitHub shows CODE_OF_CONDUCT.md at the root; the book's page includes it, so the text is written once
    assert "instructors/code-of-conduct" in toc_entries()
    page = (TEACHING / "code-of-conduct.md").read_text(encoding="utf-8")
    assert "```{include} ../CODE_OF_CONDUCT.md\n```" in page and "## " not in page
    assert "{doc}`code of conduct <code-of-conduct>`" in (TEACHING / "index.md").read_text(encoding="utf-8")
    assert "(CODE_OF_CONDUCT.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_pages_workflow_is_ready_to_enable():
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    triggers = workflow[True]  # YAML 1.1 reads the key `on` as True
    assert list(triggers) == ["workflow_dispatch"], "off until switched on: workflow_dispatch only"
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    steps = [step for job in workflow["jobs"].values() for step in job["steps"]]
    uses = [step["uses"] for step in steps if "uses" in step]
    assert all(re.fullmatch(r"[\w-]+/[\w-]+@v\d+", use) for use in uses), f"pin every action by tag: {uses}"
    assert {use.split("@")[0] for use in uses} >= {
        "actions/checkout",
        "actions/setup-python",
        "actions/upload-pages-artifact",
        "actions/deploy-pages",
    }
    python = next(step for step in steps if step.get("uses", "").startswith("actions/setup-python"))
    assert python["with"]["python-version"] == "3.11"
    upload = next(step for step in steps if step.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "_build/html"
    assert any("make book" in step.get("run", "") for step in steps)
    assert workflow["jobs"]["deploy"]["needs"] == "build"


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_answer_key_is_written_in_the_page_language_and_is_no_message(tmp_path, language):
    # The Chinese edition's answer key comes from the cards' catalogues; the page's catalogue
    # (gettext) holds none of it, or it would be translated twice.
    from sphinx.application import Sphinx

    from tests.book import small_sphinx

    src = tmp_path / "src"
    src.mkdir()
    (src / "book_parts.py").write_text(small_sphinx.parts_setup("teaching", root=ROOT), encoding="utf-8")
    (src / "conf.py").write_text(
        f'import sys\nsys.path.insert(0, {str(src)!r})\nextensions = ["book_parts"]\nlanguage = "{language}"\n',
        encoding="utf-8",
    )
    (src / "index.rst").write_text(
        "Notes\n=====\n\nA sentence of the page.\n\n.. quiz-answers:: 01_cg\n", encoding="utf-8"
    )
    html, _ = small_sphinx.build(src, tmp_path / "out")
    page = (html / "index.html").read_text(encoding="utf-8")
    if language == "en":
        assert "Right: C." in page and "Why people pick it" in page
    else:
        assert "正确：C。" in page and "为什么有人选它" in page and "Why people pick it" not in page
    Sphinx(
        str(src),
        str(src),
        str(tmp_path / "pot"),
        str(tmp_path / "doctrees-pot"),
        "gettext",
        status=None,
        warning=None,
        freshenv=True,
    ).build()
    template = (tmp_path / "pot" / "index.pot").read_text(encoding="utf-8")
    assert "A sentence of the page." in template
    assert "Why people pick it" not in template and "Right: C." not in template and "Q1." not in template
