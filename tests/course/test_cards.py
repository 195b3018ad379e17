"""Flashcards and quizzes: the content files, the templates, the loader and the Markdown of the
cards (the views and the printable page are tested in test_cards_views.py; the Leitner schedule
lives in ndcg-course.js only, and their behaviour in a browser is tested in tests/browser)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

import ndcg
from ndcg.course import cards
from tests.course.cards_helpers import CHAPTERS, DECKS, GOOD, KINDS, write


def all_texts(deck):
    for card in deck.flashcards:
        yield card.id, card.front
        yield card.id, card.back
    for question in deck.quiz:
        yield question.id, question.question
        for option in question.options:
            yield question.id, option.text
            yield question.id, option.feedback


# -- the content -----------------------------------------------------------------------


def test_every_chapter_has_a_content_file():
    assert cards.chapters() == CHAPTERS


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_enough_flashcards_and_questions(chapter):
    deck = DECKS[chapter]
    assert deck.chapter == chapter and deck.title
    assert len(deck.flashcards) >= 6, f"{chapter}: at least 6 flashcards"
    assert len(deck.quiz) >= 4, f"{chapter}: at least 4 quiz questions"


def test_ids_are_unique_across_all_files():
    ids = [entry.id for deck in DECKS.values() for entry in deck.flashcards + deck.quiz]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_every_row_of_the_seed_flashcards_is_a_card(number):
    # Flashcards #1 to #5 of source 004 are tables of three question/answer rows each.
    tagged = [
        card
        for deck in DECKS.values()
        for card in deck.flashcards
        if re.search(rf"004, flashcard #{number}\b", card.source)
    ]
    assert len(tagged) == 3, [card.id for card in tagged]


@pytest.mark.parametrize(
    "source, chapter",
    [
        ("004, stage 1", "00_why"),  # "which system is better, A or B?"
        ("004, stage 1 quiz", "02_dcg"),  # the DCG formula, options A-D
        ("004, the game", "02_dcg"),  # "whose recommendations know me better?"
        ("004, stage 2", "03_idcg"),  # system B [1, 0, 0]: which DCG is better?
        ("004, stage 2", "04_ndcg"),  # NDCG@3 of [2, 3, 0]
        ("004, stage 3 quiz", "04_ndcg"),  # the relevance-label sources, A-D
        ("004, stage 4 quiz", "06_ltr"),  # pointwise / pairwise / listwise
    ],
)
def test_the_seed_quizzes_are_questions(source, chapter):
    assert any(question.source.startswith(source) for question in DECKS[chapter].quiz)


def test_the_dcg_formula_quiz():
    question = next(q for q in DECKS["02_dcg"].quiz if q.id == "dcg-q-three-articles")
    assert len(question.options) == 4 and question.answer == 1  # B
    assert f"{ndcg.dcg([3, 2, 1]):.3f}" in question.options[1].text
    assert f"{ndcg.cg([3, 2, 1]):g}" in question.options[0].text


def test_the_label_sources_quiz_is_multi_select_as_in_the_source():
    # 004's stage-3 quiz: "which of A-D are possible label sources? (多选题)", all four right.
    question = next(q for q in DECKS["04_ndcg"].quiz if q.id == "ndcg-q-label-sources")
    assert question.kind == "multi-select"
    words = ["Human ratings", "Click", "Dwell time", "Sales"]
    for word, option in zip(words, question.options):
        assert word in option.text and option.correct and len(option.feedback) > 40
    assert question.answers == (0, 1, 2, 3)
    distractors = question.options[len(words) :]
    assert distractors and all(not option.correct and option.why for option in distractors)
    clicks = question.options[1].feedback
    assert "position bias" in clicks and "点击偏位要小心" in clicks
    assert not question.is_right([1]) and question.is_right([0, 1, 2, 3])  # the learner picked B only


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_question_has_its_answers_and_feedback_everywhere(chapter):
    for question in DECKS[chapter].quiz:
        n_right = sum(option.correct for option in question.options)
        if question.kind == "multi-select":
            assert n_right >= 1 and len(question.options) >= 3, question.id
        elif question.kind == "true-false":
            assert [o.text for o in question.options] == ["True", "False"] and n_right == 1
        else:
            assert n_right == 1 and len(question.options) >= 3, question.id
        assert all(option.feedback.strip() for option in question.options)
        assert all(option.why.strip() for option in question.options if not option.correct), question.id
        texts = [option.text for option in question.options]
        assert len(set(texts)) == len(texts), question.id


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_every_quiz_has_true_false_questions(chapter):
    # 004's plan promises "小测验（选择题、判断题）": every chapter has at least two 判断题.
    statements = [q for q in DECKS[chapter].quiz if q.kind == "true-false"]
    assert len(statements) >= 2, f"{chapter}: at least two true/false questions"
    for question in statements:
        right, wrong = (question.options[i] for i in (question.answer, 1 - question.answer))
        # both replies teach: each says why, in a sentence or more, and the wrong one is explained
        assert len(right.feedback) > 80 and len(wrong.feedback) > 80, question.id
        assert wrong.why and not right.why, question.id
        assert right.feedback.startswith("Right"), question.id
    answers = {question.options[question.answer].text for question in statements}
    assert answers <= {"True", "False"}


def test_true_false_questions_are_not_all_false():
    # a quiz whose statements are all false teaches "answer False"; mix them
    statements = [q for deck in DECKS.values() for q in deck.quiz if q.kind == "true-false"]
    assert len(statements) >= 14
    trues = sum(question.options[question.answer].text == "True" for question in statements)
    assert 0.25 <= trues / len(statements) <= 0.75, f"{trues} of {len(statements)} statements are true"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_templates_are_all_rendered(chapter):
    for ident, text in all_texts(DECKS[chapter]):
        assert "{{" not in text and "}}" not in text, ident
        assert not re.search(r"\b(nan|inf)\b", text), ident
        # balanced maths: an even number of unescaped dollars
        assert len(re.findall(r"(?<!\\)\$", text)) % 2 == 0, ident


@pytest.mark.parametrize("path", sorted(cards.CONTENT_DIR.glob("*.yaml")), ids=lambda p: p.name)
def test_no_computed_number_is_typed(path):
    # Outside {{ templates }} and $maths$, a number with three or more decimals is
    # almost surely a typed result: compute it with a template instead.
    raw = path.read_text(encoding="utf-8")
    prose = re.sub(r"\{\{.*?\}\}", " ", raw, flags=re.DOTALL)
    prose = re.sub(r"\$\$.*?\$\$|\$[^$\n]+\$", " ", prose, flags=re.DOTALL)
    typed = re.findall(r"(?<![\w.])\d+\.\d{3,}", prose)
    assert not typed, f"{path.name}: typed results {typed}"


def test_the_source_mistakes_are_shown_with_computed_values():
    # the short-video DCG@4 that source 004 cut instead of rounding
    card = next(c for c in DECKS["02_dcg"].flashcards if c.id == "dcg-short-videos")
    from ndcg.course.examples import SHORT_VIDEOS

    assert f"{ndcg.dcg(SHORT_VIDEOS.grades, 4):.4f}" in card.back
    assert str(SHORT_VIDEOS.printed["DCG@4"]) in card.back


# -- templates ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "template, expected",
    [
        ("{{ dcg([3, 2, 1]) :.3f }}", "4.762"),
        ("{{ discounts(2)[1] :.0% }}", "63%"),
        ("{{ cg([3, 2, 1]) :g }}", "6"),
        ("{{ cg([3, 2, 1]) }}", "6.000"),  # a float: three decimals by default
        ("{{ len(MOVIES.grades) }}", "5"),  # an int: as it is
        ("{{ MOVIES.grades[:3] }}", "(3, 2, 1)"),  # a slice's colon is not a format spec
        ("{{ precision_at_k([1, 0], 2) :.2f }}", "0.50"),
        ("{{ np.mean([1, 2]) :g }}", "1.5"),
        ("{{ math.factorial(3) }}", "6"),
        ("{{ len({cg(o) for o in [[1, 2], [2, 1]]}) }}", "1"),  # comprehensions see the names
        ("no template", "no template"),
    ],
)
def test_render_template(template, expected):
    assert cards.render_template(template) == expected


def test_render_template_errors_quote_the_template():
    with pytest.raises(ValueError, match=r"\{\{ 1 / 0 \}\} failed: ZeroDivisionError"):
        cards.render_template("x = {{ 1 / 0 }}")
    with pytest.raises(ValueError, match="text must be a str"):
        cards.render_template(3)


# -- the loader's errors ---------------------------------------------------------------------


def test_load_file_reads_a_good_file(tmp_path):
    deck = cards.load_file(write(tmp_path, GOOD))
    assert deck.flashcards[0] == cards.Flashcard("t-card", "09_test", "Front $x$", "Back 3", "")
    assert deck.quiz[0].answer == 0
    assert deck.quiz[0].options[1] == cards.Option("that one", False, "Wrong.", "It looks right.")
    assert deck.quiz[0].options[0].why == ""


@pytest.mark.parametrize(
    "change, message",
    [
        (
            ("    back: Back {{ cg([1, 2]) :g }}\n", ""),
            r"09_test.yaml: flashcard 1 \('t-card'\): missing field 'back'",
        ),
        (("  - id: t-question", "  - id: t-card"), r"question 1 \('t-card'\): duplicate id 't-card'"),
        (
            ("        correct: true", "        correct: false"),
            r"question 1 \('t-question'\): exactly one option must be correct; 0 are",
        ),
        (("        correct: false", "        correct: true"), r"exactly one option must be correct; 2 are"),
        (
            ("        correct: true", "        correct: yes please"),
            r"option A: correct must be true or false",
        ),
        (
            ("    front: Front $x$", "    front: Front $x$\n    sorce: typo"),
            r"flashcard 1 \('t-card'\): unknown field\(s\) 'sorce'",
        ),
        (
            ("{{ cg([1, 2]) :g }}", "{{ cgg([1, 2]) }}"),
            r"flashcard 1 \('t-card'\): template \{\{ cgg\(\[1, 2\]\) \}\} failed: NameError",
        ),
        (("chapter: 09_test", "chapter: 08_other"), r"chapter is '08_other' but the file is named '09_test'"),
        (("  - id: t-card", "  - id: T Card"), r"id 'T Card' must be lower-case words"),
        (("title: A test chapter\n", ""), r"09_test.yaml: missing field 'title'"),
        (
            ("        why: It looks right.\n", ""),
            r"question 1 \('t-question'\), option B: a wrong option needs 'why': why people pick it",
        ),
        (
            ("        why: It looks right.\n", "        why: '  '\n"),
            r"option B: a wrong option needs 'why'",
        ),
        (
            ("        feedback: Right.\n", "        feedback: Right.\n        why: Because.\n"),
            r"option A: a right option has no 'why'",
        ),
        (("        why: It looks right.\n", "        why: [a, b]\n"), r"option B: field 'why' must be text"),
    ],
)
def test_load_file_names_the_file_and_the_entry(tmp_path, change, message):
    old, new = change
    assert old in GOOD
    with pytest.raises(ValueError, match=message):
        cards.load_file(write(tmp_path, GOOD.replace(old, new, 1)))


def test_load_file_rejects_a_single_option(tmp_path):
    text = GOOD.replace(
        "      - text: that one\n        correct: false\n        feedback: Wrong.\n        why: It looks right.\n",
        "",
    )
    with pytest.raises(ValueError, match="at least two options"):
        cards.load_file(write(tmp_path, text))


def test_load_rejects_an_unknown_chapter():
    listed = ", ".join(repr(chapter) for chapter in CHAPTERS)
    with pytest.raises(ValueError, match=re.escape(f"chapter must be one of {listed}; got '2'")):
        cards.load("2")


# -- Markdown to HTML (markdown-it-py with the dollarmath plugin) -----------------------------


@pytest.mark.parametrize(
    "markdown, html",
    [
        ("plain", "<p>plain</p>"),
        ("$rel_i$ and $$x^2$$", r"<p>\(rel_i\) and \[x^2\]</p>"),
        (
            "**bold** and *it* and `a<b`",
            "<p><strong>bold</strong> and <em>it</em> and <code>a&lt;b</code></p>",
        ),
        ("one\ntwo\n\nthree", "<p>one\ntwo</p>\n<p>three</p>"),
        ("- a\n- b\n  c", "<ul>\n<li>a</li>\n<li>b\nc</li>\n</ul>"),
        ("1. a\n2. b", "<ol>\n<li>a</li>\n<li>b</li>\n</ol>"),
        ("1. a\n\n2. b", "<ol>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ol>"),
        ("$a < b$ & <script>", r"<p>\(a &lt; b\) &amp; &lt;script&gt;</p>"),
        ("costs \\$5", "<p>costs $5</p>"),
        ("$2^{rel}-1$ is *not* $rel_i * 2$", r"<p>\(2^{rel}-1\) is <em>not</em> \(rel_i * 2\)</p>"),
        ("text\n\n$$\n\\sum_i rel_i\n$$", "<p>text</p>\n<p>\\[\\sum_i rel_i\\]</p>"),
        ("a $ 5 and 6 $ b", "<p>a $ 5 and 6 $ b</p>"),  # no maths with a space inside the dollars
        (
            'say "hi" [a link](https://example.org) ![img](x.png)',
            "<p>say &quot;hi&quot; [a link](https://example.org) ![img](x.png)</p>",
        ),  # nothing to load
    ],
)
def test_to_html(markdown, html):
    assert cards.to_html(markdown) == html


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_no_dollar_survives_in_html(chapter):
    for ident, text in all_texts(DECKS[chapter]):
        assert "$" not in cards.to_html(text), ident


# -- what importing the cards loads ---------------------------------------------------------


def test_import_ndcg_stays_numpy_only():
    code = (
        "import sys, ndcg, ndcg.course.cards, ndcg.course.anki; "
        "bad = {'yaml', 'genanki', 'ipywidgets', 'matplotlib'} & set(sys.modules); "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=Path(__file__).parent)


# -- kinds of question: true/false and multi-select ------------------------------------------


def test_true_false_and_multi_select_questions_load(tmp_path):
    deck = cards.load_file(write(tmp_path, KINDS))
    single, true, false, multi = deck.quiz
    assert (
        single.kind == "single" and single.answers == (0,) and single.is_right(0) and not single.is_right(1)
    )
    assert true.kind == "true-false" and [o.text for o in true.options] == ["True", "False"]
    assert true.answer == 0 and true.question == "DCG@3 of [3, 2, 1] is 4.762."
    assert true.options[0] == cards.Option("True", True, "Right, $3/1 + 2/\\log_2 3 + 1/2$.")
    assert false.answer == 1 and false.options[1].feedback == "Right, it is a plain sum."
    # the wrong reply carries the why (the misconception); the right one has none
    assert true.options[1].why.startswith("Three grades summed") and true.options[0].why == ""
    assert false.options[0].why.startswith("A metric of a ranking") and false.options[1].why == ""
    assert [o.why != "" for o in multi.options] == [False, True, False]
    assert multi.kind == "multi-select" and multi.answers == (0, 2)
    assert multi.is_right([2, 0]) and not multi.is_right([0]) and not multi.is_right([0, 1, 2])
    with pytest.raises(ValueError, match="multi-select: use .answers"):
        _ = multi.answer
    assert [cards.answer_text(q) for q in deck.quiz] == ["A", "True", "False", "A, C"]
    assert cards.KINDS == ("single", "true-false", "multi-select")


@pytest.mark.parametrize(
    "change, message",
    [
        (
            ("    kind: true-false\n    question: CG", "    kind: yes-no\n    question: CG"),
            r"question 3 \('t-false'\): kind must be one of 'single', 'true-false', 'multi-select'; got 'yes-no'",
        ),
        (
            ("    answer: false\n", "    answer: maybe\n"),
            r"question 3 \('t-false'\): answer must be true or false; got 'maybe'",
        ),
        (("    answer: false\n", ""), r"question 3 \('t-false'\): missing field 'answer'"),
        (
            ("    why: Three grades summed give six, so a smaller number looks wrong.\n", ""),
            r"question 2 \('t-true-false'\): missing field 'why'",
        ),
        (
            ("    feedback_false: It is, check it.\n", ""),
            r"question 2 \('t-true-false'\): missing field 'feedback_false'",
        ),
        (
            ("    feedback_false: It is, check it.\n", "    feedback_false: It is.\n    options: []\n"),
            r"question 2 \('t-true-false'\): a true-false question has no options",
        ),
        (
            ("    feedback_false: It is, check it.\n", "    feedback_false: It is.\n    hint: x\n"),
            r"question 2 \('t-true-false'\): unknown field\(s\) 'hint'",
        ),
        (
            (
                "      - text: NDCG\n        correct: true",
                "      - text: NDCG\n        correct: false\n        why: It sounds like a grade.",
            ),
            None,
        ),
        (
            ("    kind: multi-select\n", ""),
            r"question 4 \('t-multi'\): exactly one option must be correct; 2 are \(a question with several right "
            r"options is kind: multi-select\)",
        ),
        (
            (
                "    question: Which are ranking metrics?\n",
                "    question: Which are ranking metrics?\n    answer: true\n",
            ),
            r"question 4 \('t-multi'\): unknown field\(s\) 'answer'",
        ),
    ],
)
def test_kinds_are_validated_with_clear_errors(tmp_path, change, message):
    old, new = change
    assert old in KINDS
    text = KINDS.replace(old, new, 1)
    if message is None:  # one right option is still a valid multi-select question
        assert cards.load_file(write(tmp_path, text)).quiz[3].answers == (2,)
        none = text.replace(
            "      - text: MRR\n        correct: true",
            "      - text: MRR\n        correct: false\n        why: It is binary.",
        )
        with pytest.raises(
            ValueError, match=r"'t-multi'\): a multi-select question needs at least one correct"
        ):
            cards.load_file(write(tmp_path, none))
        return
    with pytest.raises(ValueError, match=message):
        cards.load_file(write(tmp_path, text))


def test_only_the_seed_multi_select_question_has_several_answers():
    # every "single" question has one answer; a question with several right options is declared
    # multi-select, and 004's label-source question is the one that the source asked that way
    several = [q.id for deck in DECKS.values() for q in deck.quiz if len(q.answers) > 1]
    assert several == ["ndcg-q-label-sources"]
    for deck in DECKS.values():
        for question in deck.quiz:
            assert question.kind in cards.KINDS
            if question.kind == "single":
                assert len(question.answers) == 1, question.id
