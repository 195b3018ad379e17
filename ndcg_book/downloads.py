"""The course's downloads: the book that carries them, and the command line that makes them.

The files themselves are made by :mod:`ndcg_book.course_files` (the course zip, the wheel, the
solutions zip, the Anki deck) and :mod:`ndcg_book.packs` (the participant pack).
``tools/run.py`` makes them on demand through :func:`main` (``python -m ndcg_book.downloads``).

In the book
-----------
The book carries the course, and says how to get it.

Registered by :func:`ndcg_book.setup`. When the HTML builder
starts, it writes into the built book's ``_downloads/course/`` folder (made afresh on every
build, so an old version never lingers):

* the course zip, ``ndcg-course-<version>.zip``: every tracked source without the solutions;
* the wheel of the ``ndcg`` package, ``ndcg-<version>-py3-none-any.whl``, built offline;

and into ``_downloads/solutions/`` the solutions zip, ``ndcg-solutions-<version>.zip``, for a
self-study learner (a course without its solutions, such as an unzipped course zip, builds a
book without it);

both made by :mod:`ndcg_book.course_files` from the course at ``ndcg_course_root`` (a Sphinx
setting; default: the book's own folder, which is the course). Building them here, and not
in ``tools/run.py``, means any ``jupyter-book build`` of the course carries them, and the
box below always names the files that are really there.

The directive ``get-the-course`` (no argument, no content) puts a "Get the course" box on a
page: the download links (relative to the page, so they work from ``file://``, offline, in
every folder of the book), the files' sizes, the setup command with a link to the page
labelled ``setup``, the ``pip install`` of the wheel with its ``widgets`` extra, and the
solutions zip, labelled as such. Every chapter's Practise section has the box, under its
exercise notebook. The
directive leaves a placeholder node; the box is made when the page is written
(``doctree-resolved``), from the files just built.

Each edition also writes its Anki deck into ``_downloads/anki/``: every flashcard and quiz
question in the edition's language (:mod:`ndcg.course.anki`, as ``make anki`` writes them), named
``ndcg-course-<version>.apkg`` (``ndcg-course-zh-<version>.apkg`` in the Chinese edition), with
the edition's date as its notes' time and zipped by :func:`ndcg_book.course_files.write_zip`, so
that one edition gives one deck, byte for byte (:func:`ndcg_book.course_files.anki_deck`). The
directive ``anki-deck`` (no argument, no content) offers it: the link, its size and what it
holds, and how to import it into Anki.

The directive ``book-pdf`` (argument ``book``, ``participant`` or ``cheatsheet``) says where a
printed PDF of the book, of the participant's edition (the core chapters and the cheat sheet), or
of the cheat sheet, is. The PDFs are printed from the built pages after Sphinx
(``ndcg_book/pdf/print_book.py``, run by ``make book`` when Chromium is found, and by ``make pdf``), so
the directive writes what is true without them, between two HTML comments; the printing step
puts the link to the file it has just written in their place. A build without Chromium keeps
the text and has no link that could break.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from ndcg_book.words import words

from .course_files import (
    MANIFEST,
    CourseFilesError,
    anki_deck,
    build_wheel,
    course_zip,
    expected_manifest,
    manifest_files,
    solutions_zip,
    write_manifest,
)
from .packs import PACK_LANGUAGES, WHEELHOUSE_TARGETS, participant_pack

# -------------------- the Sphinx side

logger = logging.getLogger(__name__)

#: Where the downloads live in the built book.
FOLDER = "_downloads/course"
#: Where the solutions zip lives in the built book: apart from the course, which leaves it out.
SOLUTIONS_FOLDER = "_downloads/solutions"
#: Where the edition's Anki deck lives in the built book.
ANKI_FOLDER = "_downloads/anki"
#: The label of the setup page the box links to.
SETUP_LABEL = "setup"


class get_the_course(nodes.General, nodes.Element):
    """Where a "Get the course" box goes; replaced when the page is written."""


class GetTheCourse(SphinxDirective):
    """``get-the-course``: the box with the course's downloads and how to install them."""

    has_content = False
    required_arguments = 0
    optional_arguments = 0

    def run(self) -> list[nodes.Node]:
        return [get_the_course()]


#: The PDFs the ``book-pdf`` directive may name: what it says when the build has none.
PDF_KINDS = {
    "book": "This build has no PDF of the book: ",
    "cheatsheet": "This build has no PDF of the cheat sheet: ",
    "participant": "This build has no participant's PDF: ",
}
#: The marks around the text that ``ndcg_book/pdf/print_book.py`` replaces with the link.
PDF_START, PDF_END = "<!--ndcg-pdf-->", "<!--/ndcg-pdf-->"


class BookPdf(SphinxDirective):
    """``book-pdf``: where the printed PDF of the book (``book``), the participant's edition
    (``participant``) or the cheat sheet is."""

    has_content = False
    required_arguments = 1
    optional_arguments = 0

    def run(self) -> list[nodes.Node]:
        kind = self.arguments[0]
        if kind not in PDF_KINDS:
            raise self.error(f"book-pdf takes one of {', '.join(PDF_KINDS)}, not {kind!r}")
        words_ = words(self.env.config.language)
        text = words_(f"pdf-none-{kind}") + words_(
            "pdf-how", make="<code>make pdf</code>", command="<code>python tools/run.py pdf</code>"
        )
        html = f'<p class="ndcg-pdf" data-ndcg-pdf="{kind}">{PDF_START}{text}{PDF_END}</p>'
        return [nodes.raw("", html, format="html")]


class anki_deck_box(nodes.General, nodes.Element):
    """Where the Anki deck's link goes; replaced when the page is written."""


class AnkiDeck(SphinxDirective):
    """``anki-deck``: the edition's Anki deck, its size and contents, and how to import it."""

    has_content = False
    required_arguments = 0
    optional_arguments = 0

    def run(self) -> list[nodes.Node]:
        return [anki_deck_box()]


def size_text(size: int) -> str:
    """A file size as the box shows it.

    >>> size_text(211_647), size_text(1_712_867), size_text(900)  # with a no-break space
    ('212\xa0kB', '1.7\xa0MB', '1\xa0kB')
    """
    if size >= 1_000_000:
        return f"{size / 1_000_000:.1f}\u00a0MB"
    return f"{max(1, round(size / 1000))}\u00a0kB"


def course_root(app) -> Path:
    """The course whose downloads the book carries: ``ndcg_course_root`` or the book's folder."""
    return Path(app.config.ndcg_course_root or app.srcdir).resolve()


def build_downloads(app) -> None:
    """``builder-inited``: write the course zip and the wheel into ``_downloads/course/``."""
    if app.builder.format != "html":
        return
    target, solutions = Path(app.outdir, FOLDER), Path(app.outdir, SOLUTIONS_FOLDER)
    decks = Path(app.outdir, ANKI_FOLDER)
    for folder in (target, solutions, decks):
        if folder.exists():
            shutil.rmtree(folder)
    target.mkdir(parents=True)
    root = course_root(app)
    try:
        app.ndcg_course_downloads = {
            "zip": course_zip(root, target),
            "wheel": build_wheel(root, target),
            # The edition's own deck: its cards in its language.
            "anki": anki_deck(root, decks, _edition(app)),
        }
    except CourseFilesError as error:
        from sphinx.errors import ExtensionError

        raise ExtensionError(f"the course's downloads: {error}") from error
    try:
        app.ndcg_course_downloads["solutions"] = solutions_zip(root, solutions)
    except CourseFilesError:
        logger.info("the course has no solutions (a course zip): the book offers none")
    if _edition(app) == "zh":
        # The Chinese edition also offers the Chinese participant pack (its zip only): the
        # Chinese student and play notebooks, the wheel, a Chinese README.
        try:
            with tempfile.TemporaryDirectory() as scratch:
                _, archive = participant_pack(root, Path(scratch), language="zh")
                app.ndcg_course_downloads["pack_zh"] = Path(shutil.copy(archive, target / archive.name))
        except CourseFilesError as error:
            logger.info(f"no Chinese participant pack: {error}")
    logger.info(
        "the course's downloads: "
        + ", ".join(path.relative_to(app.outdir).as_posix() for path in app.ndcg_course_downloads.values())
    )


def _edition(app) -> str:
    """The edition being built: ``"zh"`` (``language = zh_CN``) or ``"en"``."""
    from .editions import edition as book_edition

    return book_edition(getattr(app.config, "language", None))


def _link(
    app, docname: str, path: Path, folder: str = FOLDER, kind: str = "ndcg-get-file"
) -> nodes.reference:
    uri = relative_uri(app.builder.get_target_uri(docname), f"{folder}/{path.name}")
    link = nodes.reference("", "", refuri=uri, classes=[kind])
    link += nodes.literal(path.name, path.name)
    return link


def _command(text: str) -> nodes.literal_block:
    block = nodes.literal_block(text, text, language="bash")
    block["classes"].append("ndcg-get-command")
    return block


def _setup_link(app, docname: str, text) -> nodes.Node:
    labels = app.env.domaindata["std"]["labels"]
    if SETUP_LABEL not in labels:
        logger.warning(
            f"the get-the-course box links to the setup page, labelled ({SETUP_LABEL})=, "
            "which this book lacks",
            location=docname,
        )
        return nodes.Text(text("get-setup"))
    target_doc, anchor, title = labels[SETUP_LABEL]
    uri = app.builder.get_relative_uri(docname, target_doc) + (f"#{anchor}" if anchor else "")
    return nodes.reference("", title or text("get-setup"), refuri=uri, internal=True)


def make_box(app, docname: str) -> nodes.Element:
    """The "Get the course" box of one page, its links relative to that page, in the edition's
    language (:mod:`ndcg_book.words`)."""
    text = words(app.config.language)
    files = app.ndcg_course_downloads
    course, wheel = files["zip"], files["wheel"]
    box = nodes.admonition(classes=["tip", "ndcg-get"])
    box += nodes.title("", text("get-title"))

    whole = nodes.paragraph()
    whole += nodes.strong("", text("get-whole"))
    whole += _link(app, docname, course)
    whole += nodes.Text(text("get-whole-size", size=size_text(course.stat().st_size)))
    whole += nodes.literal("ndcg", "ndcg")
    whole += nodes.Text(text("get-whole-package"))
    whole += nodes.literal("py tools\\run.py check", "py tools\\run.py check")
    whole += nodes.Text(text("get-whole-see"))
    whole += _setup_link(app, docname, text)
    whole += nodes.Text(text("get-whole-then"))
    box += whole
    box += _command("python3 tools/run.py check\npython3 tools/run.py lab")

    alone = nodes.paragraph()
    alone += nodes.strong("", text("get-alone"))
    alone += _link(app, docname, wheel)
    alone += nodes.Text(text("get-alone-size", size=size_text(wheel.stat().st_size)))
    alone += nodes.literal("py -m pip", "py -m pip")
    alone += nodes.Text(text("get-alone-instead"))
    alone += nodes.literal("python3 -m pip", "python3 -m pip")
    alone += nodes.Text(text("get-alone-then"))
    box += alone
    box += _command(f'python3 -m pip install "{wheel.name}[widgets]" jupyterlab\njupyter lab')

    solved = files.get("solutions")
    if solved is not None:
        answers = nodes.paragraph(classes=["ndcg-get-solutions"])
        answers += nodes.strong("", text("get-solutions"))
        answers += _link(app, docname, solved, SOLUTIONS_FOLDER, "ndcg-get-solutions-file")
        answers += nodes.Text(text("get-solutions-size", size=size_text(solved.stat().st_size)))
        answers += nodes.literal("notebooks/solutions/", "notebooks/solutions/")
        answers += nodes.Text(text("get-solutions-end"))
        box += answers

    pack = files.get("pack_zh")
    if pack is not None:  # the Chinese edition only
        chinese = nodes.paragraph(classes=["ndcg-get-pack"])
        chinese += nodes.strong("", "中文学员包：")
        chinese += _link(app, docname, pack, FOLDER, "ndcg-get-pack-file")
        chinese += nodes.Text(
            f"（{size_text(pack.stat().st_size)}）：中文的练习笔记本和“玩一玩”笔记本（检查、提示和讲解都是中文的）、"
        )
        chinese += nodes.literal("ndcg", "ndcg")
        chinese += nodes.Text(" 包和一份中文说明，不含答案。解压后按说明安装，然后在它的文件夹里运行：")
        box += chinese
        box += _command("jupyter lab exercises")
    return box


def deck_paragraph(app, docname: str) -> nodes.Element:
    """The edition's Anki deck as a page offers it: the link (relative to the page), its size,
    how many flashcards and quiz questions it holds (counted from the course's cards), and how to
    import it, in the edition's language."""
    from ndcg.course import cards

    text = words(app.config.language)
    deck = app.ndcg_course_downloads["anki"]
    chapters = cards.load_all()
    offer = nodes.paragraph(classes=["ndcg-anki"])
    offer += nodes.strong("", text("anki-deck"))
    offer += _link(app, docname, deck, ANKI_FOLDER, "ndcg-anki-file")
    offer += nodes.Text(
        text(
            "anki-deck-size",
            size=size_text(deck.stat().st_size),
            cards=sum(len(chapter.flashcards) for chapter in chapters),
            questions=sum(len(chapter.quiz) for chapter in chapters),
        )
    )
    return offer


def fill_boxes(app, doctree, docname: str) -> None:
    """``doctree-resolved``: replace each placeholder with the box (or the deck), for this page."""
    for placeholder in list(doctree.findall(get_the_course)):
        if app.builder.format != "html":
            placeholder.parent.remove(placeholder)
            continue
        placeholder.replace_self(make_box(app, docname))
    for placeholder in list(doctree.findall(anki_deck_box)):
        if app.builder.format != "html":
            placeholder.parent.remove(placeholder)
            continue
        placeholder.replace_self(deck_paragraph(app, docname))


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.add_config_value("ndcg_course_root", "", "env", [str])
    app.add_node(get_the_course)
    app.add_directive("get-the-course", GetTheCourse)
    app.add_directive("book-pdf", BookPdf)
    app.add_node(anki_deck_box)
    app.add_directive("anki-deck", AnkiDeck)
    app.connect("builder-inited", build_downloads)
    app.connect("doctree-resolved", fill_boxes)


# -------------------- the command line

#: What ``python -m ndcg_book.downloads --help`` says the files are.
DESCRIPTION = "The course as files to hand out: the course zip, the ``ndcg`` wheel, the participant pack."


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m ndcg_book.downloads <what>``: run by ``tools/run.py`` (see its help)."""
    parser = argparse.ArgumentParser(prog="python -m ndcg_book.downloads", description=DESCRIPTION)
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the course (default: this folder)")
    commands = parser.add_subparsers(dest="what", required=True)
    manifest = commands.add_parser("manifest", help=f"rewrite {MANIFEST} from git ls-files")
    manifest.add_argument("--check", action="store_true", help="only say whether it is up to date")
    for name in ("course-zip", "wheel", "solutions"):
        commands.add_parser(name).add_argument("--out", type=Path, default=Path("_build", "downloads"))
    pack = commands.add_parser("participant-pack", help="the participant pack, folder and zip")
    pack.add_argument("--out", type=Path, default=Path("_build", "participant-pack"))
    pack.add_argument("--wheelhouse", action="store_true", help="add a wheelhouse/ for an offline room")
    pack.add_argument(
        "--language",
        choices=PACK_LANGUAGES,
        default="en",
        help="the notebooks' language (zh: the Chinese ones, exercises/zh/)",
    )
    pack.add_argument(
        "--target",
        action="append",
        default=[],
        choices=sorted(WHEELHOUSE_TARGETS),
        help="a system to make the wheelhouse for (repeatable; default: this machine's)",
    )
    pack.add_argument(
        "--python",
        action="append",
        default=[],
        metavar="X.Y",
        help="a Python (repeatable; default: this one)",
    )
    args = parser.parse_args(argv)
    root = args.root.resolve()
    out = None if args.what == "manifest" else (root / args.out)
    try:
        if args.what == "manifest" and args.check:
            listed = manifest_files(root)
            expected = expected_manifest(root)
            if listed != expected:
                extra, missing = sorted(set(listed) - set(expected)), sorted(set(expected) - set(listed))
                print(f"{MANIFEST} is out of date (not tracked: {extra}; not listed: {missing}).")
                print("Run `python tools/run.py manifest` and commit it.")
                return 1
            print(f"{MANIFEST} is up to date ({len(listed)} files).")
        elif args.what == "manifest":
            print(f"wrote {write_manifest(root).relative_to(root).as_posix()}")
        elif args.what == "course-zip":
            print(f"wrote {course_zip(root, out)}")
        elif args.what == "wheel":
            print(f"wrote {build_wheel(root, out)}")
        elif args.what == "solutions":
            print(f"wrote {solutions_zip(root, out)}")
            print("Unzip it in the course's folder: the executed solutions land in notebooks/solutions/.")
        else:
            folder, archive = participant_pack(
                root,
                out,
                wheelhouse=args.wheelhouse,
                targets=args.target,
                pythons=args.python,
                language=args.language,
            )
            print(f"wrote {folder}/ and {archive}")
    except CourseFilesError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
