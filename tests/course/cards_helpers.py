"""Helpers shared by the flashcards and quizzes tests (test_cards.py: the content and its loader;
test_cards_views.py: the views and the printable page): the chapters, every deck loaded, a good
content file and one with every kind of question, and a writer of content files."""

import textwrap

from ndcg.course import cards, manifest

CHAPTERS = manifest.chapter_stems()  # every chapter (ndcg/course/course.toml)
DECKS = {deck.chapter: deck for deck in cards.load_all()}

#: A content file that loads: a made-up chapter 09_test, one card, one single-answer question.
GOOD = """\
chapter: 09_test
title: A test chapter
flashcards:
  - id: t-card
    front: Front $x$
    back: Back {{ cg([1, 2]) :g }}
quiz:
  - id: t-question
    question: Which?
    options:
      - text: this one
        correct: true
        feedback: Right.
      - text: that one
        correct: false
        feedback: Wrong.
        why: It looks right.
"""


def write(tmp_path, text, name="09_test.yaml"):
    """``text`` (dedented) as a content file in ``tmp_path``; its path."""
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


#: :data:`GOOD` with a true/false question of each answer and a multi-select one.
KINDS = (
    GOOD
    + """\
  - id: t-true-false
    kind: true-false
    question: DCG@3 of [3, 2, 1] is {{ dcg([3, 2, 1]) :.3f }}.
    answer: true
    feedback_true: Right, $3/1 + 2/\\log_2 3 + 1/2$.
    feedback_false: It is, check it.
    why: Three grades summed give six, so a smaller number looks wrong.
  - id: t-false
    kind: true-false
    question: CG sees the order.
    answer: false
    feedback_true: No, a sum ignores order.
    feedback_false: Right, it is a plain sum.
    why: A metric of a ranking sounds as if it must see the order.
  - id: t-multi
    kind: multi-select
    question: Which are ranking metrics?
    options:
      - text: NDCG
        correct: true
        feedback: NDCG is one.
      - text: RMSE
        correct: false
        feedback: RMSE measures a regression.
        why: It is the error metric people know best.
      - text: MRR
        correct: true
        feedback: MRR is one.
"""
)
