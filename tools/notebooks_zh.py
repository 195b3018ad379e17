"""The Chinese notebooks (简体中文): the play notebooks and the student exercise notebooks.

Generated from the same sources as the English ones, never edited by hand::

    chapters/02_dcg.md   ->  exercises/zh/play/02_dcg.ipynb   (tools/notebooks.py play_notebook)
    solutions/02_dcg.md  ->  exercises/zh/02_dcg.ipynb        (tools/make_student.py student_notebook)

Each is the English notebook with every Markdown cell in Chinese and one more code cell,
before the first one, that calls ``ndcg.course.set_language("zh")`` (so the checks, their
hints and the views speak Chinese). The code cells are the English notebook's, cell for cell,
with each comment that has words (``# your code here``) in Chinese (:func:`translate_comments`,
the store ``comments``: one catalogue for every notebook): the same code runs in both.

A Markdown cell is cut into its *blocks* (:func:`blocks`): a heading, a paragraph (its lines joined
with a space, as Sphinx's gettext does), a list item, an admonition's title; display maths, code
and targets stay as they are. Each block is looked up, as its English, in catalogues:

* a play notebook: the chapter page's own catalogue (``locales/zh_CN/LC_MESSAGES/chapters/NN.po``,
  the book's Chinese edition), then the ``play`` store (``tools/i18n_stores/play.py``: the play
  notebooks' title and how-to, the front matter's ``play: intro:``, the cells the book leaves out);
* a student notebook: its own store, ``exercises/NN`` (``tools/i18n_stores/exercises.py``).

A block without a current translation stops the generation (:class:`Untranslated`): no Chinese
notebook is written with English prose in it. ``--execute`` runs each notebook in its own folder
(where a learner runs it) and stores its outputs, as the English ones are stored: nbval runs them
again, so the checks' Chinese hints and the views' Chinese words are tested in a real kernel
(``tests/tools/test_notebooks_zh.py`` checks they match their English twins in code).

Standard library only on import (``ndcg.course.i18n.read_po`` reads the catalogues).
"""

from __future__ import annotations

import copy
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as tools/notebooks_zh.py, the repository is not on the path
    sys.path.insert(0, str(ROOT))

from ndcg_book.comments import translate_comments  # noqa: E402
from tools.make_student import cell_source  # noqa: E402

#: Where the Chinese notebooks go: the student notebooks, and the play notebooks under ``play/``.
ZH = Path("exercises", "zh")
ZH_PLAY = ZH / "play"
#: The page catalogues (the book's Chinese edition) and the package's stores' catalogues.
PAGE_LOCALES = Path("locales", "zh_CN", "LC_MESSAGES")
STORE_LOCALES = Path("ndcg", "course", "locales", "zh_CN", "LC_MESSAGES")
#: The id and source of the code cell a Chinese notebook gets before its first code cell.
LANGUAGE_CELL_ID = "language"
LANGUAGE_CELL = (
    'from ndcg.course import set_language\n\nset_language("zh")  # 检查、提示和互动视图都用中文显示'
)


#: The catalogue of the notebooks' code comments (the store ``tools/i18n_stores/comments.py``).
COMMENTS = STORE_LOCALES / "comments.po"


def _translate_code_cells(cells, root: Path) -> Lookup:
    """Every code cell's comments in Chinese (:data:`COMMENTS`); the lookup, to check."""
    lookup = Lookup(root, [COMMENTS])
    for cell in cells:
        if cell["cell_type"] == "code":
            cell["source"] = translate_comments(cell_source(cell), lookup)
    return lookup


class Untranslated(ValueError):
    """Blocks of English with no current Chinese translation: the notebook is not written."""

    def __init__(self, where: str, missing: list[str], catalogues: list[str]):
        self.missing = missing
        listed = "\n".join(f"  - {text[:100]!r}" for text in missing)
        super().__init__(
            f"{where}: {len(missing)} block(s) of English have no Chinese translation in "
            f"{' or '.join(catalogues)} (run `python tools/run.py translations`, then translate them; "
            f"no Chinese notebook is written with English in it):\n{listed}"
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
    return {english: chinese for (_, english), chinese in read_po(path).items()}


class Lookup:
    """Chinese by English from catalogues, in order; remembers what it did not find."""

    def __init__(self, root: Path, paths: list[Path]):
        self.root = root
        self.paths = paths
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
            raise Untranslated(where, self.missing, [path.as_posix() for path in self.paths])


def language_cell():
    import nbformat

    return nbformat.from_dict(
        {
            "cell_type": "code",
            "execution_count": None,
            "id": LANGUAGE_CELL_ID,
            "metadata": {},
            "outputs": [],
            "source": LANGUAGE_CELL,
        }
    )


def _with_language_cell(cells: list) -> list:
    """``cells`` with :func:`language_cell` before the first code cell."""
    first = next((n for n, cell in enumerate(cells) if cell["cell_type"] == "code"), len(cells))
    return [*cells[:first], language_cell(), *cells[first:]]


def _notebooks_module(root: Path):
    if str(ROOT) not in sys.path:  # run as tools/notebooks.py, the repository is not on the path
        sys.path.insert(0, str(ROOT))
    from tools import notebooks

    return notebooks


def _make_student(root: Path):
    _notebooks_module(root)
    from tools import make_student

    return make_student


# -- the play notebooks ------------------------------------------------------------------------------


def play_path(source: Path, root: Path = ROOT) -> Path:
    """``exercises/zh/play/<chapter>.ipynb``."""
    return root / ZH_PLAY / f"{source.stem}.ipynb"


def chapter_titles(root: Path = ROOT) -> dict[str, str]:
    """Every chapter's Chinese title, by file stem (the page catalogue's translation of its heading)."""
    notebooks = _notebooks_module(root)
    found = {}
    for stem, title in notebooks.chapter_titles(root).items():
        found[stem] = _catalogue(root / PAGE_LOCALES / "chapters" / f"{stem}.po").get(title, title)
    return found


def play_notebook(source: Path, root: Path = ROOT):
    """The Chinese play notebook of the chapter ``source``: :func:`tools.notebooks.play_notebook_text`
    with every block of its Markdown in Chinese and :func:`language_cell` first.

    Raises :class:`Untranslated` when a block has no translation."""
    notebooks = _notebooks_module(root)
    lookup = Lookup(root, [PAGE_LOCALES / "chapters" / f"{source.stem}.po", STORE_LOCALES / "play.po"])
    notebook = notebooks.play_notebook_text(
        source.read_text(encoding="utf-8"),
        source,
        chapter_titles(root),
        translate=lambda text: translate_markdown(text, lookup),
        target_dir=play_path(source, root).parent,
    )
    lookup.check(source.resolve().relative_to(root.resolve()).as_posix())
    _translate_code_cells(notebook.cells, root).check(source.resolve().relative_to(root.resolve()).as_posix())
    # the language first, under the title: every widget of the notebook speaks Chinese
    notebook.cells = [notebook.cells[0], language_cell(), *notebook.cells[1:]]
    return notebook


# -- the student notebooks -----------------------------------------------------------------------------


def student_path(chapter: str, root: Path = ROOT) -> Path:
    """``exercises/zh/<chapter>.ipynb``."""
    return root / ZH / f"{chapter}.ipynb"


def student_notebook(english: dict, chapter: str, root: Path = ROOT) -> dict:
    """The Chinese student notebook made from the English one (``make_student.student_notebook``):
    the same cells, every Markdown cell in Chinese (the store ``exercises/<chapter>``), and
    :func:`language_cell` before the first code cell.

    Raises :class:`Untranslated` when a block has no translation."""
    lookup = Lookup(root, [STORE_LOCALES / "exercises" / f"{chapter}.po"])
    notebook = copy.deepcopy(english)
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            cell["source"] = translate_markdown(cell_source(cell), lookup)
    lookup.check(f"solutions/{chapter}.md")
    _translate_code_cells(notebook["cells"], root).check(f"solutions/{chapter}.md")
    notebook["cells"] = _with_language_cell(notebook["cells"])
    return notebook


def student_markdown(english: dict) -> list[str]:
    """The English blocks of a student notebook's Markdown cells (what the store ``exercises/<chapter>`` holds)."""
    found: list[str] = []
    for cell in english["cells"]:
        if cell["cell_type"] == "markdown":
            found += blocks(cell_source(cell))
    return found


def drift_problems(root: Path = ROOT) -> list[str]:
    """Every Chinese notebook that differs from what its source and catalogues make (or cannot be
    made: a block untranslated), and every stray one."""
    notebooks, make_student = _notebooks_module(root), _make_student(root)
    problems = []
    expected = set()
    for source in notebooks.play_sources(root):
        path = play_path(source, root)
        expected.add(path)
        try:
            wanted = play_notebook(source, root)
        except Untranslated as error:
            problems.append(str(error))
            continue
        if (problem := notebooks.drift(wanted, path, root)) is not None:
            problems.append(problem)
    for chapter in make_student.chapters():
        path = student_path(chapter, root)
        expected.add(path)
        english = make_student.student_notebook(
            make_student.read(root / "solutions" / f"{chapter}.md"), chapter
        )
        try:
            wanted = student_notebook(english, chapter, root)
        except Untranslated as error:
            if path.exists():
                problems.append(
                    f"{path.relative_to(root).as_posix()}: stale, and cannot be made again: {error}"
                )
            continue  # not written until translated: the pack and the book leave it out
        if (problem := notebooks.drift(wanted, path, root)) is not None:
            problems.append(problem)
    for stray in sorted((root / ZH).rglob("*.ipynb")):
        if stray not in expected:
            problems.append(f"{stray.relative_to(root).as_posix()}: no source of that name")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Write the Chinese play and student notebooks (and, with ``--execute``, run them in their
    folders with the book's cell timeout, storing the outputs); exit 1 on untranslated blocks."""
    import argparse

    notebooks, make_student = _notebooks_module(ROOT), _make_student(ROOT)

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("chapters", nargs="*", help="only these chapters (02_dcg ...)")
    parser.add_argument(
        "--only", choices=("play", "student"), help="only the play notebooks, or only the student ones"
    )
    parser.add_argument("--execute", action="store_true", help="execute each notebook after writing it")
    parser.add_argument(
        "--timeout",
        type=int,
        default=None,
        help="how long one cell may run (default: execute: timeout: in _config.yml)",
    )
    args = parser.parse_args(argv)
    timeout = args.timeout or notebooks.config_timeout((ROOT / "_config.yml").read_text(encoding="utf-8"))
    made: list[tuple[Callable[[], dict], Path]] = []
    if args.only != "student":
        made += [
            (lambda source=source: play_notebook(source), play_path(source))
            for source in notebooks.play_sources(ROOT)
            if not args.chapters or source.stem in args.chapters
        ]
    if args.only != "play":
        for chapter in make_student.chapters():
            if args.chapters and chapter not in args.chapters:
                continue
            english = make_student.student_notebook(
                make_student.read(make_student.SOLUTIONS / f"{chapter}.md"), chapter
            )
            made.append(
                (
                    lambda english=english, chapter=chapter: student_notebook(english, chapter),
                    student_path(chapter),
                )
            )
    failed = []
    for make, path in made:
        try:
            notebooks.write(make(), path)
        except Untranslated as error:
            failed.append(str(error))
            continue
        if args.execute:
            notebooks.execute(path, path.parent, timeout)
        print(f"{'executed' if args.execute else 'wrote':<9} {path.relative_to(ROOT).as_posix()}")
    for message in failed:
        print(message, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
