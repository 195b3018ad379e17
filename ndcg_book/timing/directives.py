"""The Sphinx side: the ``{chapter-time}`` and ``{course-timing}`` directives, whose Markdown
(:mod:`ndcg_book.timing.text`) Sphinx parses as if it were in the page."""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

from ndcg.course.i18n import SOURCE, language_of

from .agendas import PLANS
from .files import CATALOGUES, FURTHER
from .text import agenda_text, assumptions, chapter_note, chapters_table, further_list


class _Markdown(SphinxDirective):
    def _render(self, text: str) -> list[nodes.Node]:
        course = Path(self.env.srcdir)
        for folder in (
            "chapters",
            "solutions",
            "notebooks/chapters",
            f"chapters/{FURTHER}",
            f"notebooks/chapters/{FURTHER}",
        ):
            for path in sorted((course / folder).glob("[0-9][0-9][_-]*.*")):
                self.env.note_dependency(str(path))
        # a translated edition's pages are timed by their catalogues, its words are the catalogue
        # ``timing``'s (ndcg_book/timing/text.py)
        language = self.env.config.language or "en"
        if language_of(language) != SOURCE:
            catalogues = course / CATALOGUES.parents[1] / language / "LC_MESSAGES"
            for path in sorted((catalogues / "chapters").glob("**/[0-9][0-9][_-]*.po")):
                self.env.note_dependency(str(path))
        container = nodes.container()
        self.state.nested_parse(
            StringList(text.splitlines(), source=self.env.docname), self.content_offset, container
        )
        return container.children


class ChapterTime(_Markdown):
    """The time box of the chapter it is in."""

    def run(self) -> list[nodes.Node]:
        page = Path(self.env.docname)
        name = f"{FURTHER}/{page.name}" if page.parent.name == FURTHER else page.name
        made = self._render(chapter_note(name, Path(self.env.srcdir), self.env.config.language or "en"))
        # Written by the build in each language from the same counts: not a message to translate
        # (its numbers change with every edit of the page).
        for node in made:
            for text in node.findall(nodes.TextElement):
                text["translatable"] = False
        return made


class CourseTiming(_Markdown):
    """A table or an agenda of the instructor guide."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        course, what = Path(self.env.srcdir), self.arguments[0]
        language = self.env.config.language or "en"
        if what == "assumptions":
            text = assumptions(language)
        elif what == "chapters":
            text = chapters_table(course, language)
        elif what == "further":
            text = further_list(course, language)
        elif what.startswith("agenda-") and what.removeprefix("agenda-") in PLANS:
            text = agenda_text(what.removeprefix("agenda-"), course, language)
        else:
            raise self.error(
                f"course-timing: unknown {what!r} (assumptions, chapters, further, "
                + ", ".join(f"agenda-{key}" for key in PLANS)
                + ")"
            )
        made = self._render(text)
        # Written by the build in each edition's language (its words from the catalogue timing, from
        # the edition's pages' minutes): not messages to translate (their numbers follow every edit).
        for node in made:
            for element in node.findall(nodes.TextElement):
                element["translatable"] = False
        return made


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.add_directive("chapter-time", ChapterTime)
    app.add_directive("course-timing", CourseTiming)
