"""The instructor notes' answer key: every quiz question of a chapter with its right answer,
and each wrong option with why people pick it and what to say (its feedback).

:func:`answer_key_markdown` writes MyST Markdown, which the book's directive
``{quiz-answers}`` (:mod:`ndcg_book.teaching`) parses into the page, so the
notes are generated from the content files (``ndcg/course/content/*.yaml``) and
never retyped: a number in them is the content's computed template. The Chinese edition's notes
are the same key in Chinese (``answer_key_markdown(chapter, "zh")``: the chapter's catalogue and
the words of :mod:`ndcg.course.cards.words`), with the same computed values.
"""

from __future__ import annotations

from .content import as_deck
from .views import _LETTERS
from .words import word


def _indent(text: str, spaces: int) -> str:
    """Indent every line after the first (a list item's continuation lines)."""
    pad = " " * spaces
    return "\n".join(
        line if i == 0 or not line.strip() else pad + line for i, line in enumerate(text.splitlines())
    )


def _label(question, index: int) -> str:
    return question.options[index].text if question.kind == "true-false" else _LETTERS[index]


_KIND = {"single": "", "true-false": "key-true-false", "multi-select": "key-tick-every"}


def answer_key_markdown(chapter, language: str = "en") -> str:
    """A chapter's quiz for the instructor, as MyST Markdown: per question, the right answer
    and its explanation, then each wrong option, why it tempts and what to say; in ``language``
    (``"en"`` or ``"zh"``).

    >>> text = answer_key_markdown("01_cg")
    >>> text.startswith("**Q1.**") and text.count("*Why people pick it:*") >= 5
    True
    """
    deck = as_deck(chapter, language)

    def say(key: str, **values) -> str:
        return word(key, language, **values) if key else ""

    parts = []
    for number, question in enumerate(deck.quiz, start=1):
        lines = [f"**Q{number}.** {say(_KIND[question.kind])}{_indent(question.question, 0)}", ""]
        for index in question.answers:
            option = question.options[index]
            head = f"- {say('key-right', label=_label(question, index))}"
            if question.kind != "true-false":
                head += f" {_indent(option.text, 2)}"
            lines.append(head)
            lines.append(f"  - {say('key-why-right', text=_indent(option.feedback, 4))}")
        for index, option in enumerate(question.options):
            if option.correct:
                continue
            head = f"- {say('key-wrong', label=_label(question, index))}"
            if question.kind != "true-false":
                head += f" {_indent(option.text, 2)}"
            lines.append(head)
            lines.append(f"  - {say('key-why-pick', text=_indent(option.why, 4))}")
            lines.append(f"  - {say('key-what-to-say', text=_indent(option.feedback, 4))}")
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + "\n"
