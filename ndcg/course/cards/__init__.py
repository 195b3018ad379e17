"""Flashcards and quiz questions of the course, written once as data.

Every chapter has a YAML file in ``ndcg/course/content/`` (``02_dcg.yaml``, ...)
with its flashcards and its multiple-choice quiz. This package reads them and
renders them three ways:

* as plain data (:func:`load`), for the Anki export of :mod:`ndcg.course.anki`;
* as views (:func:`flashcards`, :func:`quiz`): an HTML skeleton with the data as
  a JSON island, played in the browser by the package's ``static/ndcg-course.js``
  (which holds the flashcards' Leitner rule) and styled by ``static/ndcg-course.css``,
  in the built book and, live, in a notebook (:mod:`ndcg.course.widgets`);
* as one printable page of every flashcard and quiz question, answers last
  (:func:`printable_html`), and the reader's progress in every chapter
  (:func:`progress`, a kernel-free view of the flashcards page).

Modules
-------
``content``     the data model (Deck, Flashcard, Question, Option), loading and validation
``templates``   the ``{{ expr :spec }}`` templates, computed when a file is loaded
``markup``      Markdown with ``$`` maths to HTML (markdown-it-py + dollarmath)
``views``       the views: HTML skeleton + JSON island
``printable``   the printable page
``notes``       the instructors' answer key (MyST Markdown)
``words``       the views' own words (buttons, labels, feedback marks), in English and Chinese

Languages
---------
Every deck loads in English (the file as written) or in Chinese (``load("02_dcg", "zh")``, from
the chapter's catalogue ``ndcg/course/locales/zh_CN/LC_MESSAGES/cards/02_dcg.po``, each text
translated before its templates are computed). The views show the language of the cells
(:func:`ndcg.course.i18n.language`): both in the book's build, the page keeping its edition's;
one in a notebook.

The file format
---------------
.. code-block:: yaml

    chapter: 02_dcg
    title: "DCG: discounting by position"
    flashcards:
      - id: dcg-why-log            # unique across all files, stable forever
        front: Why does DCG divide a gain by $\\log_2(i+1)$?
        back: Rank 2 keeps {{ discounts(2)[1] :.0% }} of its gain.
        source: 004, flashcard #1  # optional
    quiz:
      - id: dcg-q-formula
        question: Which expression is DCG@3 of the grades [3, 2, 1]?
        source: 004, stage 1 quiz  # optional
        options:
          - text: $3 + 2 + 1$ = {{ cg([3, 2, 1]) :g }}
            correct: false
            feedback: That is CG, with no discount at all.
            why: People add the grades they see; the discount is the new idea.
      - id: dcg-q-order            # kind: true-false -- a statement, true or false
        kind: true-false
        question: DCG@3 changes when two of the top three items swap places.
        answer: true
        feedback_true: Right, unless they have the same grade.
        feedback_false: The discount depends on the rank, so the order matters.
        why: CG, met first, ignores the order.  # why people give the wrong reply
      - id: dcg-q-parts            # kind: multi-select -- tick every right option
        kind: multi-select
        question: Which of these does DCG@k depend on?
        options:
          - text: the grades of the top k items
            correct: true
            feedback: Yes, through the gains.
          - text: their order
            correct: true
            feedback: Yes, through the discounts.
          - text: the grades below rank k
            correct: false
            feedback: No, the cut-off ignores them.
            why: The ideal list is drawn from every judged item, so "all grades" sounds right.

A question is ``kind: single`` unless it says otherwise: its options have
exactly one ``correct: true``. A ``true-false`` question has no options, but
``answer: true`` or ``false`` and a feedback for each reply. A ``multi-select``
question has one or more right options, and is answered right only when the
reader ticks exactly those; every option's feedback is shown after the answer.
Every wrong option (for ``true-false``, the wrong reply) has a ``why``: why
people pick it, the misconception that makes it tempting. The reader's quiz
never shows it; the instructor notes list it next to the feedback.

Text is Markdown (``**bold**``, ``*italic*``, ```code```, ``-`` and ``1.``
lists, blank lines between paragraphs) with ``$...$`` and ``$$...$$`` maths. A
template ``{{ expr }}`` or ``{{ expr :spec }}`` is replaced, when the file is
loaded, by the value of the Python expression ``expr`` formatted with the
format ``spec`` (see :mod:`ndcg.course.cards.templates`). So a number in an
answer is computed, never typed.

Examples
--------
>>> from ndcg.course import cards
>>> cards.chapters()[:3]
['00_why', '01_cg', '02_dcg']
>>> deck = cards.load("02_dcg")
>>> deck.title
'DCG: discounting by position'
>>> len(deck.flashcards) >= 6 and len(deck.quiz) >= 4
True
>>> cards.render_template("DCG@3 of [3, 2, 1] is {{ dcg([3, 2, 1]) :.3f }}.")
'DCG@3 of [3, 2, 1] is 4.762.'
"""

from .content import (
    CONTENT_DIR,
    KINDS,
    Deck,
    Flashcard,
    Option,
    Question,
    as_deck,
    chapters,
    load,
    load_all,
    load_file,
)
from .markup import to_html
from .printable import printable_html
from .templates import render_template
from .views import FlashcardsView, ProgressView, QuizView, answer_text, flashcards, progress, quiz

__all__ = [
    "CONTENT_DIR",
    "KINDS",
    "Deck",
    "Flashcard",
    "FlashcardsView",
    "Option",
    "ProgressView",
    "Question",
    "QuizView",
    "answer_text",
    "as_deck",
    "chapters",
    "flashcards",
    "load",
    "load_all",
    "load_file",
    "printable_html",
    "progress",
    "quiz",
    "render_template",
    "to_html",
]
