"""Honest timings: a chapter's reading minutes and an exercise notebook's minutes, computed.

Every time the course states (each chapter's reading time, the instructor guide's
per-chapter table and its agendas) is computed here from the course's files, on
every build; none is typed. Standard library, and the course's language names
(``ndcg.course.i18n``); only the directives import Sphinx.

Reading time of a chapter
-------------------------
Read from two files: the chapter's text source ``chapters/NN_name.md`` (the
words, the Markdown tables, the sections and which of them are optional) and
its executed notebook ``notebooks/chapters/NN_name.ipynb`` (the outputs: which
code cells show a figure or a table). ``make sync-check`` keeps the two in step.

What counts as a **word**: a run of letters or digits (``NDCG@5`` is two, a run
of Chinese characters one) in the prose: paragraphs, headings, list items,
block quotes, and the Markdown body of a directive (an admonition, an exercise).
A role (``{glue:text}`x```, ``{doc}`02_dcg```) counts as the text it shows, a
glued number as one word, an inline ``code`` span or inline ``$maths$`` as one
word, a link as its text. **Not** counted: code cells, fenced code, the front
matter, directive options (``:class: tip``), cell breaks (``+++``), labels
``(name)=``, ``$$`` and ``\\begin`` maths blocks, HTML lines, tables (their
time is the table allowance), and the bodies of ``{solution}`` directives (they
are folded away; a reader opens them while doing the exercise).

A **figure**: a code cell whose output the book shows (no ``remove-cell`` or
``remove-output`` tag) and that holds an image (a Matplotlib plot), a live
widget, or a kernel-free view of the course (an explorer, a game, a quiz:
``data-ndcg-view``). A **table**: a block of Markdown table lines, or a shown
code cell whose output holds an HTML ``<table>`` and no figure (a step table, a
comparison table). A cell counts once, however many outputs it has.

Reading minutes = words / :data:`WORDS_PER_MINUTE` + :data:`FIGURE_MINUTES`
per figure + :data:`TABLE_MINUTES` per table, rounded up to a whole minute.
The chapter's practice sections (:data:`PRACTICE_SECTIONS`: the exercises, the
"Practise" section with its notebooks and game, the flashcards, the quiz) are
not reading: they are what the exercise and practice minutes are for.

**Optional on a first pass**: a section whose first block is an admonition with
the class ``optional`` (:data:`OPTIONAL_CLASS`)::

    ## Where do the grades come from?

    :::{admonition} Optional on a first pass
    :class: optional
    ...
    :::

The whole section is optional, with its subsections. A *first pass* reads the
chapter without its optional sections; the minutes saved are the difference.

Exercise minutes
----------------
Read from the solutions' text source ``solutions/NN_name.md``: every check of
an exercise notebook (``check_x = NumberCheck(...)`` or ``FunctionCheck(...)``)
is one exercise, of one of three types: ``function`` (a :class:`FunctionCheck`),
``list`` (a :class:`NumberCheck` whose answer template is a list,
``answer = [..., ...]``) or ``number`` (a :class:`NumberCheck` asking for one
number). Minutes = the sum of :data:`EXERCISE_MINUTES` of the types, an
assumption the instructor guide states.

In the book
-----------
The course's computed timings in the book.

Registered by :func:`ndcg_book.setup`. It adds two
directives, whose content is computed by the functions above from the
course's files on every build (nothing typed):

* ````{chapter-time}```` at the top of a chapter: the box with its reading
  minutes, its first-pass minutes and its exercise notebook's minutes;
* ````{course-timing} what```` in the instructor guide, ``what`` being
  ``assumptions`` (the constants), ``chapters`` (the per-chapter table), ``further`` (every
  companion page and its minutes) or ``agenda-90`` / ``agenda-half-day`` / ``agenda-one-day`` (an
  agenda and its cut list). Each is written in the edition's language by the functions above (the
  Chinese from the Chinese pages' reading minutes), not translated through a catalogue.

Companion pages
---------------
A chapter's companion pages (``chapters/further/NN-topic.md``, "Going further: ...") are read
like a chapter and timed by the same rules (:func:`chapter` takes ``"further/04-ties"``). They are
**self-study**: their minutes are no part of a chapter's teaching minutes nor of any agenda's
blocks. The per-chapter table gives each chapter's companion minutes in a column of their own,
``{course-timing} further`` lists every companion page with its minutes (the instructor guide
and the study plan), and each agenda's cut list names the companion pages of its chapters, for
after the session.

Each renders MyST Markdown that Sphinx then parses as if it were in the page;
the files it read are dependencies of the page, so a changed chapter rebuilds it.

The modules
-----------
``reading``     a chapter's words, figures, tables and optional sections, and its reading minutes
``checks``      an exercise notebook's checks and their minutes
``files``       the course's files the timings read (chapters, companions, catalogues, solutions)
``agendas``     teaching minutes and the workshop agendas (``PLANS``)
``text``        what the book shows (MyST Markdown in the edition's language), and the README table
``directives``  the Sphinx directives; the only module that imports Sphinx
``__main__``    ``python -m ndcg_book.timing [--readme]``

Every name of those modules (but the directives') is importable from here, as it was from the one
module this package replaced.
"""

from __future__ import annotations

from .agendas import (
    BREAK_MINUTES,
    LUNCH_MINUTES,
    MEASURED_ALOUD_WPM,
    MEASURED_SILENT_WPM,
    OPENING_MINUTES,
    PLANS,
    TEACHING_FACTOR,
    WELCOME_MINUTES,
    WRAP_UP_MINUTES,
    Agenda,
    Block,
    Plan,
    agenda,
    exercise_blocks,
    teaching_minutes,
)
from .checks import Exercise, exercise_minutes, read_exercises
from .files import (
    CATALOGUES,
    FURTHER,
    catalogue_path,
    chapter,
    chapter_names,
    companion_minutes,
    companion_names,
    companions,
    exercises,
    root,
)
from .reading import (
    CHARACTERS_PER_MINUTE,
    CHINESE_READING_RANGE,
    CURRICULUM_CHARACTERS_PER_MINUTE,
    EXERCISE_MINUTES,
    FIGURE_MINUTES,
    OPTIONAL_CLASS,
    PRACTICE_SECTIONS,
    TABLE_MINUTES,
    WORDS_PER_MINUTE,
    Chapter,
    Section,
    Translation,
    count_chinese,
    count_words,
    output_kind,
    read_chapter,
    reading_minutes,
)
from .text import (
    DOMAIN,
    METHOD_LABEL,
    README_END,
    README_START,
    WORDS,
    agenda_text,
    assumptions,
    chapter_note,
    chapters_table,
    further_list,
    readme_table,
    update_readme,
)


def register(app) -> None:
    """Add the timing directives (:mod:`ndcg_book.timing.directives`, which imports Sphinx)."""
    from .directives import register as register_directives

    register_directives(app)


__all__ = [
    "BREAK_MINUTES",
    "CATALOGUES",
    "CHARACTERS_PER_MINUTE",
    "CHINESE_READING_RANGE",
    "CURRICULUM_CHARACTERS_PER_MINUTE",
    "DOMAIN",
    "EXERCISE_MINUTES",
    "FIGURE_MINUTES",
    "FURTHER",
    "LUNCH_MINUTES",
    "MEASURED_ALOUD_WPM",
    "MEASURED_SILENT_WPM",
    "METHOD_LABEL",
    "OPENING_MINUTES",
    "OPTIONAL_CLASS",
    "PLANS",
    "PRACTICE_SECTIONS",
    "README_END",
    "README_START",
    "TABLE_MINUTES",
    "TEACHING_FACTOR",
    "WELCOME_MINUTES",
    "WORDS",
    "WORDS_PER_MINUTE",
    "WRAP_UP_MINUTES",
    "Agenda",
    "Block",
    "Chapter",
    "Exercise",
    "Plan",
    "Section",
    "Translation",
    "agenda",
    "agenda_text",
    "assumptions",
    "catalogue_path",
    "chapter",
    "chapter_names",
    "chapter_note",
    "chapters_table",
    "companion_minutes",
    "companion_names",
    "companions",
    "count_chinese",
    "count_words",
    "exercise_blocks",
    "exercise_minutes",
    "exercises",
    "further_list",
    "output_kind",
    "read_chapter",
    "read_exercises",
    "reading_minutes",
    "readme_table",
    "register",
    "root",
    "teaching_minutes",
    "update_readme",
]
