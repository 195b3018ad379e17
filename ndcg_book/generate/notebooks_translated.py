"""A notebook in another language, made from the English one and that language's catalogues.

English is the course's source language (the first of ``ndcg/course/course.toml``): its play and
student notebooks are made from the text sources (``notebooks.py``, ``make_student.py``).
Every other language of the course gets the same notebooks, generated from the English ones, never
edited by hand, into ``exercises/<folder>/``, where ``<folder>`` is the language's folder in the
course's manifest::

    chapters/02_dcg.md   ->  exercises/<folder>/play/02_dcg.ipynb   (notebooks.py play_notebook)
    solutions/02_dcg.md  ->  exercises/<folder>/02_dcg.ipynb        (make_student.py student_notebook)

Each is the English notebook with every Markdown cell in its language and one more code cell,
before the first one, that calls ``ndcg.course.set_language(<code>)`` (so the checks, their
hints and the views speak that language). The code cells are the English notebook's, cell for cell,
with each comment that has words (``# your code here``) translated (:func:`translate_comments`,
the store ``comments``: one catalogue for every notebook): the same code runs in both.

A Markdown cell is cut into its *blocks* (:func:`blocks`): a heading, a paragraph (its lines joined
with a space, as Sphinx's gettext does), a list item, an admonition's title; display maths, code
and targets stay as they are. Each block is looked up, as its English, in the language's catalogues
(under its locale, ``<locale>`` below):

* a play notebook: the chapter page's own catalogue (``locales/<locale>/LC_MESSAGES/chapters/NN.po``,
  the book's edition in that language), then the ``play`` store (``ndcg_book/catalogues/i18n_stores/play.py``: the
  play notebooks' title and how-to, the front matter's ``play: intro:``, the cells the book leaves
  out);
* a student notebook: its own store, ``exercises/NN`` (``ndcg_book/catalogues/i18n_stores/exercises.py``).

A block without a current translation stops the generation (:class:`Untranslated`): no notebook is
written with English prose in it. ``make notebooks`` runs this step for the play notebooks after
``notebooks.py``, and ``make exercises`` for the student ones after ``make_student.py``
(it imports both, so neither calls it back: no import circle); it writes every translated notebook (``--execute``: and runs
each in its own folder, where a learner runs it, storing its outputs as the English ones are
stored: nbval runs them again, so the checks' translated hints and the views' words are tested in
a real kernel; ``tests/book/test_notebooks_translated.py`` checks they match their English twins
in code).

Standard library only on import (the manifest is read when asked; ``ndcg.course.i18n.read_po``
reads the catalogues).
"""

from __future__ import annotations

import copy
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ndcg_book.comments import translate_comments
from ndcg_book.folders import ROOT

from . import make_student, notebooks
from .make_student import cell_source

if TYPE_CHECKING:
    from ndcg.course.manifest import Language

#: Where the notebooks of every language but the source one go: ``exercises/<folder>/`` (the
#: student notebooks) and ``exercises/<folder>/play/`` (the play notebooks).
EXERCISES = Path("exercises")
PLAY = "play"
#: The id of the code cell a translated notebook gets before its first code cell, and its source:
#: its comment, like every other, is translated through the catalogue ``comments``.
LANGUAGE_CELL_ID = "language"
LANGUAGE_CELL = (
    "from ndcg.course import set_language\n\n"
    'set_language("{code}")  # the checks, the hints and the interactive views all speak this language'
)


def languages() -> tuple[Language, ...]:
    """Every language of the course, the source language first (``ndcg/course/course.toml``).

    Read when asked, not on import: the package ``ndcg`` imports numpy."""
    from ndcg.course import manifest

    return manifest.languages()


def source_language() -> Language:
    """The language the text sources are written in: the manifest's first (English)."""
    return languages()[0]


def translated_languages() -> tuple[Language, ...]:
    """Every language whose notebooks are made from the English ones: all but the source language."""
    return languages()[1:]


def language_named(code: str) -> Language:
    """The translated language whose code is ``code``; :class:`ValueError` for any other."""
    for language in translated_languages():
        if language.code == code:
            return language
    known = ", ".join(language.code for language in translated_languages())
    raise ValueError(f"no translated language {code!r} in the course's manifest (known: {known})")


def folder(language: Language) -> Path:
    """``exercises/<folder>``: where the student notebooks of ``language`` go."""
    return EXERCISES / language.folder


def page_locales(language: Language) -> Path:
    """The page catalogues of ``language`` (the book's edition in it), in Sphinx's layout."""
    return Path("locales", language.locale, "LC_MESSAGES")


def store_locales(language: Language) -> Path:
    """The catalogues of the package's stores of words, for ``language``."""
    return Path("ndcg", "course", "locales", language.locale, "LC_MESSAGES")


def comments_catalogue(language: Language) -> Path:
    """The catalogue of the notebooks' code comments (the store ``ndcg_book/catalogues/i18n_stores/comments.py``)."""
    return store_locales(language) / "comments.po"


def _translate_code_cells(cells, language: Language, root: Path) -> Lookup:
    """Every code cell's comments translated (:func:`comments_catalogue`); the lookup, to check."""
    lookup = Lookup(root, [comments_catalogue(language)], language)
    for cell in cells:
        if cell["cell_type"] == "code":
            cell["source"] = translate_comments(cell_source(cell), lookup)
    return lookup


class Untranslated(ValueError):
    """Blocks of English with no current translation: the notebook is not written."""

    def __init__(self, where: str, missing: list[str], catalogues: list[str], language: str):
        self.missing = missing
        listed = "\n".join(f"  - {text[:100]!r}" for text in missing)
        super().__init__(
            f"{where}: {len(missing)} block(s) of English have no {language} translation in "
            f"{' or '.join(catalogues)} (run `python tools/run.py translations`, then translate them; "
            f"no {language} notebook is written with English in it):\n{listed}"
        )


_HEADING = re.compile(r"^(#{1,6}\s+)(.*?)\s*$")
_FENCE_OPEN = re.compile(r"^(\s*:{3,}\{[\w-]+\})\s*(.*?)\s*$")
_FENCE_CLOSE = re.compile(r"^\s*:{3,}\s*$")
_OPTION = re.compile(r"^\s*:[\w-]+:")
_ITEM = re.compile(r"^(\s*(?:[-*+]|\d+[.)])\s+)(.*)$")
_TARGET = re.compile(r"^\s*\([\w-]+\)=\s*$")
_CODE_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")


def translate_markdown(text: str, translate: Callable[[str], str]) -> str:
    """``text`` (MyST Markdown) with each block replaced by ``translate(block)``, its structure kept.

    >>> print(translate_markdown("## Title\\n\\nOne.\\nTwo.\\n\\n- a\\n  b\\n\\n$$\\nx\\n$$", str.upper))
    ## TITLE
    <BLANKLINE>
    ONE. TWO.
    <BLANKLINE>
    - A B
    <BLANKLINE>
    $$
    x
    $$
    """
    out: list[str] = []
    buffer: list[str] = []
    prefix = ""
    verbatim_until = None  # the line that ends a verbatim block ($$ maths, a code fence)
    options = False

    def flush():
        nonlocal buffer, prefix
        if buffer:
            out.append(prefix + translate(" ".join(line.strip() for line in buffer)))
        buffer, prefix = [], ""

    for line in text.split("\n"):
        stripped = line.strip()
        if verbatim_until is not None:
            out.append(line)
            if verbatim_until(stripped):
                verbatim_until = None
            continue
        if options and _OPTION.match(line):
            out.append(line)
            continue
        options = False
        if not stripped:
            flush()
            out.append(line)
        elif stripped.startswith("$$"):
            flush()
            out.append(line)
            if not (len(stripped) > 2 and stripped.endswith("$$")):
                verbatim_until = lambda s: s.endswith("$$")  # noqa: E731
        elif fence := _CODE_FENCE.match(line):
            flush()
            out.append(line)
            mark = fence.group(1)
            verbatim_until = lambda s, mark=mark: s.startswith(mark) and not s.strip(mark[0])  # noqa: E731
        elif _TARGET.match(line) or _FENCE_CLOSE.match(line):
            flush()
            out.append(line)
        elif opened := _FENCE_OPEN.match(line):
            flush()
            title = opened.group(2)
            out.append(opened.group(1) + (" " + translate(title) if title else ""))
            options = True
        elif heading := _HEADING.match(line):
            flush()
            out.append(heading.group(1) + translate(heading.group(2)))
        elif item := _ITEM.match(line):
            flush()
            prefix, buffer = item.group(1), [item.group(2)]
        else:
            buffer.append(line)
    flush()
    return "\n".join(out)


def blocks(text: str) -> list[str]:
    """The English blocks of a Markdown text, in order (what its catalogue holds).

    >>> blocks("### Play 🎮\\n\\nGuess first.\\nThen look.\\n\\n$$\\nx = 1\\n$$")
    ['Play 🎮', 'Guess first. Then look.']
    """
    found: list[str] = []
    translate_markdown(text, lambda block: found.append(block) or block)
    return found


def _catalogue(path: Path) -> dict[str, str]:
    """A catalogue's current translations by English (any context): empty and fuzzy ones left out."""
    from ndcg.course.i18n import read_po

    if not path.is_file():
        return {}
    return {english: translation for (_, english), translation in read_po(path).items()}


class Lookup:
    """Translations by English from catalogues, in order; remembers what it did not find."""

    def __init__(self, root: Path, paths: list[Path], language: Language):
        self.root = root
        self.paths = paths
        self.language = language
        self.tables = [_catalogue(root / path) for path in paths]
        self.missing: list[str] = []

    def __call__(self, english: str) -> str:
        for table in self.tables:
            if english in table:
                return table[english]
        if english not in self.missing:
            self.missing.append(english)
        return english

    def check(self, where: str) -> None:
        if self.missing:
            raise Untranslated(
                where, self.missing, [path.as_posix() for path in self.paths], self.language.name
            )


def language_cell(language: Language):
    """The code cell that sets the notebook's language, its comment still in English."""
    import nbformat

    return nbformat.from_dict(
        {
            "cell_type": "code",
            "execution_count": None,
            "id": LANGUAGE_CELL_ID,
            "metadata": {},
            "outputs": [],
            "source": LANGUAGE_CELL.replace("{code}", language.code),
        }
    )


def _with_language_cell(cells: list, language: Language) -> list:
    """``cells`` with :func:`language_cell` before the first code cell."""
    first = next((n for n, cell in enumerate(cells) if cell["cell_type"] == "code"), len(cells))
    return [*cells[:first], language_cell(language), *cells[first:]]


def _relative(source: Path, root: Path) -> str:
    return source.resolve().relative_to(root.resolve()).as_posix()


# -- the play notebooks ------------------------------------------------------------------------------


def play_path(source: Path, language: Language, root: Path = ROOT) -> Path:
    """``exercises/<folder>/play/<chapter>.ipynb``."""
    return root / folder(language) / PLAY / f"{source.stem}.ipynb"


def chapter_titles(language: Language, root: Path = ROOT) -> dict[str, str]:
    """Every chapter's title in ``language``, by file stem (the page catalogue's translation of its
    heading)."""
    found = {}
    for stem, title in notebooks.chapter_titles(root).items():
        found[stem] = _catalogue(root / page_locales(language) / "chapters" / f"{stem}.po").get(title, title)
    return found


def play_notebook(source: Path, language: Language, root: Path = ROOT):
    """The play notebook of the chapter ``source`` in ``language``:
    :func:`ndcg_book.generate.notebooks.play_notebook_text` with every block of its Markdown translated and
    :func:`language_cell` first.

    Raises :class:`Untranslated` when a block has no translation."""
    lookup = Lookup(
        root,
        [page_locales(language) / "chapters" / f"{source.stem}.po", store_locales(language) / "play.po"],
        language,
    )
    notebook = notebooks.play_notebook_text(
        source.read_text(encoding="utf-8"),
        source,
        chapter_titles(language, root),
        translate=lambda text: translate_markdown(text, lookup),
        target_dir=play_path(source, language, root).parent,
    )
    lookup.check(_relative(source, root))
    # the language first, under the title: every widget of the notebook speaks it
    notebook.cells = [notebook.cells[0], language_cell(language), *notebook.cells[1:]]
    _translate_code_cells(notebook.cells, language, root).check(_relative(source, root))
    return notebook


# -- the student notebooks -----------------------------------------------------------------------------


def student_path(chapter: str, language: Language, root: Path = ROOT) -> Path:
    """``exercises/<folder>/<chapter>.ipynb``."""
    return root / folder(language) / f"{chapter}.ipynb"


def student_notebook(english: dict, chapter: str, language: Language, root: Path = ROOT) -> dict:
    """The student notebook of ``chapter`` in ``language``, made from the English one
    (``make_student.student_notebook``): the same cells, every Markdown cell translated (the store
    ``exercises/<chapter>``), and :func:`language_cell` before the first code cell.

    Raises :class:`Untranslated` when a block has no translation."""
    lookup = Lookup(root, [store_locales(language) / "exercises" / f"{chapter}.po"], language)
    notebook = copy.deepcopy(english)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = translate_markdown(cell_source(cell), lookup)
    lookup.check(f"solutions/{chapter}.md")
    notebook["cells"] = _with_language_cell(notebook["cells"], language)
    _translate_code_cells(notebook["cells"], language, root).check(f"solutions/{chapter}.md")
    return notebook


def student_markdown(english: dict) -> list[str]:
    """The English blocks of a student notebook's Markdown cells (what the store ``exercises/<chapter>`` holds)."""
    found: list[str] = []
    for cell in english["cells"]:
        if cell["cell_type"] == "markdown":
            found += blocks(cell_source(cell))
    return found


def _english_student(chapter: str, root: Path) -> dict:
    """The English student notebook of ``chapter``, made from its solutions' text source."""
    return make_student.student_notebook(make_student.read(root / "solutions" / f"{chapter}.md"), chapter)


def drift_problems(root: Path = ROOT) -> list[str]:
    """Every translated notebook, in every language but the source one, that differs from what its
    source and catalogues make (or cannot be made: a block untranslated), and every stray one."""
    problems = []
    english = {chapter: _english_student(chapter, root) for chapter in make_student.chapters()}
    for language in translated_languages():
        expected = set()
        for source in notebooks.play_sources(root):
            path = play_path(source, language, root)
            expected.add(path)
            try:
                wanted = play_notebook(source, language, root)
            except Untranslated as error:
                problems.append(str(error))
                continue
            if (problem := notebooks.drift(wanted, path, root)) is not None:
                problems.append(problem)
        for chapter, notebook in english.items():
            path = student_path(chapter, language, root)
            expected.add(path)
            try:
                wanted = student_notebook(notebook, chapter, language, root)
            except Untranslated as error:
                if path.exists():
                    problems.append(
                        f"{path.relative_to(root).as_posix()}: stale, and cannot be made again: {error}"
                    )
                continue  # not written until translated: the pack and the book leave it out
            if (problem := notebooks.drift(wanted, path, root)) is not None:
                problems.append(problem)
        for stray in sorted((root / folder(language)).rglob("*.ipynb")):
            if stray not in expected:
                problems.append(f"{stray.relative_to(root).as_posix()}: no source of that name")
    return problems


def generate(
    language: Language,
    only: str | None = None,
    chapters: list[str] | None = None,
    execute: bool = False,
    timeout: int | None = None,
    root: Path = ROOT,
) -> list[str]:
    """Write the play and student notebooks of ``language`` (``only``: ``"play"`` or ``"student"``;
    ``chapters``: only these stems) and, with ``execute``, run each in its own folder with ``timeout``
    seconds a cell (default: the book's); return the :class:`Untranslated` messages of those not written."""
    timeout = timeout or notebooks.config_timeout((root / "_config.yml").read_text(encoding="utf-8"))
    made: list[tuple[Callable[[], dict], Path]] = []
    if only != "student":
        made += [
            (lambda source=source: play_notebook(source, language, root), play_path(source, language, root))
            for source in notebooks.play_sources(root)
            if not chapters or source.stem in chapters
        ]
    if only != "play":
        for chapter in make_student.chapters():
            if chapters and chapter not in chapters:
                continue
            english = _english_student(chapter, root)
            made.append(
                (
                    lambda english=english, chapter=chapter: student_notebook(
                        english, chapter, language, root
                    ),
                    student_path(chapter, language, root),
                )
            )
    failed = []
    for make, path in made:
        try:
            notebooks.write(make(), path)
        except Untranslated as error:
            failed.append(str(error))
            continue
        if execute:
            notebooks.execute(path, path.parent, timeout)
        print(f"{'executed' if execute else 'wrote':<9} {path.relative_to(root).as_posix()}", flush=True)
    return failed


def generate_all(**options) -> int:
    """:func:`generate` for every language but the source one; print what could not be written
    and return 1 if anything could not (0 otherwise)."""
    failed = [message for language in translated_languages() for message in generate(language, **options)]
    for message in failed:
        print(message, file=sys.stderr)
    return 1 if failed else 0


def main(argv: list[str] | None = None) -> int:
    """Write the translated play and student notebooks (and, with ``--execute``, run them in their
    folders with the book's cell timeout, storing the outputs); exit 1 on untranslated blocks."""
    import argparse

    parser = argparse.ArgumentParser(
        prog="python -m ndcg_book translated", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("chapters", nargs="*", help="only these chapters (02_dcg ...)")
    parser.add_argument(
        "--only", choices=("play", "student"), help="only the play notebooks, or only the student ones"
    )
    parser.add_argument(
        "--language",
        choices=[language.code for language in translated_languages()],
        help="only this language (default: every language but the source one)",
    )
    parser.add_argument("--execute", action="store_true", help="execute each notebook after writing it")
    notebooks.add_timeout_option(parser)
    args = parser.parse_args(argv)
    options = {"only": args.only, "chapters": args.chapters, "execute": args.execute, "timeout": args.timeout}
    if args.language is None:
        return generate_all(**options)
    failed = generate(language_named(args.language), **options)
    for message in failed:
        print(message, file=sys.stderr)
    return 1 if failed else 0
