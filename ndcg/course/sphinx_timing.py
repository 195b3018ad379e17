"""A small Sphinx extension: the course's computed timings in the book.

Registered in ``_config.yml`` (``sphinx: config: extensions:``). It adds two
directives, whose content is computed by :mod:`ndcg.course.timing` from the
course's files on every build (nothing typed):

* ````{chapter-time}```` at the top of a chapter: the box with its reading
  minutes, its first-pass minutes and its exercise notebook's minutes;
* ````{course-timing} what```` in the instructor guide, ``what`` being
  ``assumptions`` (the constants), ``chapters`` (the per-chapter table) or
  ``agenda-90`` / ``agenda-half-day`` (an agenda and its cut list).

Each renders MyST Markdown that Sphinx then parses as if it were in the page;
the files it read are dependencies of the page, so a changed chapter rebuilds it.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

from . import timing


class _Markdown(SphinxDirective):
    def _render(self, text: str) -> list[nodes.Node]:
        course = Path(self.env.srcdir)
        for folder in ("chapters", "solutions", "notebooks/chapters"):
            for path in sorted((course / folder).glob("[0-9][0-9]_*.*")):
                self.env.note_dependency(str(path))
        container = nodes.container()
        self.state.nested_parse(
            StringList(text.splitlines(), source=self.env.docname), self.content_offset, container
        )
        return container.children


class ChapterTime(_Markdown):
    """The time box of the chapter it is in."""

    def run(self) -> list[nodes.Node]:
        name = Path(self.env.docname).name
        return self._render(timing.chapter_note(name, Path(self.env.srcdir)))


class CourseTiming(_Markdown):
    """A table or an agenda of the instructor guide."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        course, what = Path(self.env.srcdir), self.arguments[0]
        if what == "assumptions":
            text = timing.assumptions()
        elif what == "chapters":
            text = timing.chapters_table(course)
        elif what.startswith("agenda-") and what.removeprefix("agenda-") in timing.PLANS:
            text = timing.agenda_text(what.removeprefix("agenda-"), course)
        else:
            raise self.error(
                f"course-timing: unknown {what!r} (assumptions, chapters, agenda-90, agenda-half-day)"
            )
        return self._render(text)


def setup(app) -> dict:
    """Register the extension with Sphinx."""
    from ndcg import __version__

    app.add_directive("chapter-time", ChapterTime)
    app.add_directive("course-timing", CourseTiming)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
