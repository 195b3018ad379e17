"""A small Sphinx extension: the book carries the course, and says how to get it.

Registered in ``_config.yml`` (``sphinx: config: extensions:``). When the HTML builder
starts, it writes into the built book's ``_downloads/course/`` folder (made afresh on every
build, so an old version never lingers):

* the course zip, ``ndcg-course-<version>.zip``: every tracked source without the solutions;
* the wheel of the ``ndcg`` package, ``ndcg-<version>-py3-none-any.whl``, built offline;

and into ``_downloads/solutions/`` the solutions zip, ``ndcg-solutions-<version>.zip``, for a
self-study learner (a course without its solutions, such as an unzipped course zip, builds a
book without it);

both made by :mod:`ndcg.course.downloads` from the course at ``ndcg_course_root`` (a Sphinx
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

The directive ``book-pdf`` (argument ``book`` or ``cheatsheet``) says where a printed PDF of
the book, or of the cheat sheet, is. The PDFs are printed from the built pages after Sphinx
(``tools/print_book.py``, run by ``make book`` when Chromium is found, and by ``make pdf``), so
the directive writes what is true without them, between two HTML comments; the printing step
puts the link to the file it has just written in their place. A build without Chromium keeps
the text and has no link that could break.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from . import downloads

logger = logging.getLogger(__name__)

#: Where the downloads live in the built book.
FOLDER = "_downloads/course"
#: Where the solutions zip lives in the built book: apart from the course, which leaves it out.
SOLUTIONS_FOLDER = "_downloads/solutions"
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
}
#: The marks around the text that ``tools/print_book.py`` replaces with the link.
PDF_START, PDF_END = "<!--ndcg-pdf-->", "<!--/ndcg-pdf-->"


class BookPdf(SphinxDirective):
    """``book-pdf``: where the printed PDF of the book (``book``) or the cheat sheet is."""

    has_content = False
    required_arguments = 1
    optional_arguments = 0

    def run(self) -> list[nodes.Node]:
        kind = self.arguments[0]
        if kind not in PDF_KINDS:
            raise self.error(f"book-pdf takes one of {', '.join(PDF_KINDS)}, not {kind!r}")
        text = (
            f"{PDF_KINDS[kind]}<code>make pdf</code> (<code>python tools/run.py pdf</code>) prints it, "
            "with the Chromium the browser tests use."
        )
        html = f'<p class="ndcg-pdf" data-ndcg-pdf="{kind}">{PDF_START}{text}{PDF_END}</p>'
        return [nodes.raw("", html, format="html")]


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
    for folder in (target, solutions):
        if folder.exists():
            shutil.rmtree(folder)
    target.mkdir(parents=True)
    root = course_root(app)
    try:
        app.ndcg_course_downloads = {
            "zip": downloads.course_zip(root, target),
            "wheel": downloads.build_wheel(root, target),
        }
    except downloads.CourseFilesError as error:
        from sphinx.errors import ExtensionError

        raise ExtensionError(f"the course's downloads: {error}") from error
    try:
        app.ndcg_course_downloads["solutions"] = downloads.solutions_zip(root, solutions)
    except downloads.CourseFilesError:
        logger.info("the course has no solutions (a course zip): the book offers none")
    logger.info(
        "the course's downloads: "
        + ", ".join(path.relative_to(app.outdir).as_posix() for path in app.ndcg_course_downloads.values())
    )


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


def _setup_link(app, docname: str) -> nodes.Node:
    labels = app.env.domaindata["std"]["labels"]
    if SETUP_LABEL not in labels:
        logger.warning(
            f"the get-the-course box links to the setup page, labelled ({SETUP_LABEL})=, "
            "which this book lacks",
            location=docname,
        )
        return nodes.Text("Set up your computer")
    target_doc, anchor, title = labels[SETUP_LABEL]
    uri = app.builder.get_relative_uri(docname, target_doc) + (f"#{anchor}" if anchor else "")
    return nodes.reference("", title or "Set up your computer", refuri=uri, internal=True)


def make_box(app, docname: str) -> nodes.Element:
    """The "Get the course" box of one page, its links relative to that page."""
    files = app.ndcg_course_downloads
    course, wheel = files["zip"], files["wheel"]
    box = nodes.admonition(classes=["tip", "ndcg-get"])
    box += nodes.title("", "Get the course")

    whole = nodes.paragraph()
    whole += nodes.strong("", "The whole course, to work in: ")
    whole += _link(app, docname, course)
    whole += nodes.Text(f" ({size_text(course.stat().st_size)}): the chapters, the exercise notebooks, the ")
    whole += nodes.literal("ndcg", "ndcg")
    whole += nodes.Text(
        " package and the tools, without the exercises' solutions. "
        "Unzip it, open a terminal in its folder and run the setup command of your system (on Windows, "
    )
    whole += nodes.literal("py tools\\run.py check", "py tools\\run.py check")
    whole += nodes.Text("; see ")
    whole += _setup_link(app, docname)
    whole += nodes.Text(
        "): it installs everything into that folder and checks that the exercises run. "
        "Then the second command opens them in JupyterLab:"
    )
    box += whole
    box += _command("python3 tools/run.py check\npython3 tools/run.py lab")

    alone = nodes.paragraph()
    alone += nodes.strong("", "Only the package, to run a downloaded exercise notebook: ")
    alone += _link(app, docname, wheel)
    alone += nodes.Text(
        f" ({size_text(wheel.stat().st_size)}). "
        "Install it, with its widgets, into any Python 3.11 or newer (a fresh virtual environment "
        "is best), from the folder where you saved it (on Windows, "
    )
    alone += nodes.literal("py -m pip", "py -m pip")
    alone += nodes.Text(" instead of ")
    alone += nodes.literal("python3 -m pip", "python3 -m pip")
    alone += nodes.Text("), then open the notebook in JupyterLab:")
    box += alone
    box += _command(f'python3 -m pip install "{wheel.name}[widgets]" jupyterlab\njupyter lab')

    solved = files.get("solutions")
    if solved is not None:
        answers = nodes.paragraph(classes=["ndcg-get-solutions"])
        answers += nodes.strong("", "The solutions, for self-study: ")
        answers += _link(app, docname, solved, SOLUTIONS_FOLDER, "ndcg-get-solutions-file")
        answers += nodes.Text(
            f" ({size_text(solved.stat().st_size)}): every exercise notebook solved and executed, with "
            "its text source. Try each exercise and its hints first. Unzip it in the course's folder: "
            "the solved notebooks land in "
        )
        answers += nodes.literal("notebooks/solutions/", "notebooks/solutions/")
        answers += nodes.Text(". At a workshop, your instructor shares them after the session.")
        box += answers
    return box


def fill_boxes(app, doctree, docname: str) -> None:
    """``doctree-resolved``: replace each placeholder with the box, for this page."""
    for placeholder in list(doctree.findall(get_the_course)):
        if app.builder.format != "html":
            placeholder.parent.remove(placeholder)
            continue
        placeholder.replace_self(make_box(app, docname))


def setup(app) -> dict:
    """Register the extension with Sphinx."""
    from ndcg import __version__

    app.add_config_value("ndcg_course_root", "", "env", [str])
    app.add_node(get_the_course)
    app.add_directive("get-the-course", GetTheCourse)
    app.add_directive("book-pdf", BookPdf)
    app.connect("builder-inited", build_downloads)
    app.connect("doctree-resolved", fill_boxes)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
