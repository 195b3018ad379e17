"""A small Sphinx extension for the instructor notes: two directives that put computed content
into a hand-written page.

Registered by :func:`ndcg_book.setup`.

``{quiz-answers} 02_dcg``
    The chapter's quiz for the instructor, from ``ndcg/course/content/02_dcg.yaml``
    (:func:`ndcg.course.cards.notes.answer_key_markdown`): per question the right answer
    and why, then every wrong option with why people pick it and what to say. It is written in
    the page's language (the build's ``language``: the Chinese edition's key comes from the
    chapter's cards catalogue), and marked not translatable, so its texts are no messages of the
    page's own catalogue (they would be translated twice).

``{course-text}``
    Its content is MyST Markdown in which ``{{ expr :spec }}`` templates are computed
    with the same names as the content files (:mod:`ndcg.course.cards.templates`), so a
    number in the notes comes from code: ``NDCG@3 is {{ ndcg(MOVIES.grades, 3) :.3f }}``.

Both parse their Markdown with the page's own parser, so maths, bold and
cross-references work as anywhere else in the book.
"""

from __future__ import annotations

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective


class _MarkdownDirective(SphinxDirective):
    def markdown(self) -> str:
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        try:
            text = self.markdown()
        except ValueError as error:
            raise self.error(f"{self.name}: {error}") from None
        container = nodes.container(classes=[f"ndcg-{self.name}"])
        self.state.nested_parse(StringList(text.splitlines(), source=self.get_source_info()[0]), 0, container)
        return [container]


class QuizAnswers(_MarkdownDirective):
    """``{quiz-answers} <chapter>``: the chapter's quiz, answers and tempting wrong options, in
    the page's language."""

    required_arguments = 1
    has_content = False

    def markdown(self) -> str:
        from ndcg.course import i18n
        from ndcg.course.cards import CONTENT_DIR, load, words
        from ndcg.course.cards.notes import answer_key_markdown
        from ndcg_book.editions import edition

        chapter = self.arguments[0]
        language = edition(self.env.config.language)
        # the page is read again when its quiz or the catalogues it is written from change
        self.env.note_dependency(str(CONTENT_DIR / f"{chapter}.yaml"))
        if language != "en":
            for domain in (f"cards/{chapter}", words.DOMAIN):
                if (i18n.LOCALES / f"{domain}.po").is_file():
                    self.env.note_dependency(str(i18n.LOCALES / f"{domain}.po"))
        return answer_key_markdown(load(chapter, language), language)

    def run(self) -> list[nodes.Node]:
        made = super().run()
        # Written by the build in each language from the content's catalogues: not a message of
        # the page's catalogue.
        for node in made:
            for text in node.findall(nodes.TextElement):
                text["translatable"] = False
        return made


class CourseText(_MarkdownDirective):
    """``{course-text}``: Markdown with computed ``{{ }}`` templates."""

    has_content = True

    def markdown(self) -> str:
        from ndcg.course.cards.templates import namespace, render_template

        return render_template("\n".join(self.content), namespace())


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.add_directive("quiz-answers", QuizAnswers)
    app.add_directive("course-text", CourseText)
