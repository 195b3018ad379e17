"""The course's front-end files, shipped with the package in ``ndcg/course/static/``.

The course's CSS and JavaScript are real files, never Python strings (a test
keeps it so), read with :mod:`importlib.resources` where Python needs them:

``ndcg-course.css``
    The one stylesheet of everything the course shows as HTML: step and
    comparison tables, widget snapshots, the live widgets, the kernel-free
    flashcards and quiz, the printable flashcards; light and dark mode.
``ndcg-course.js``
    What every view shares: it activates the views of a book page or a notebook
    output (flashcards and quiz here; the other ``ndcg-*.js`` register their kinds
    with it), and exports anywidget's ``render``.
``ndcg-metrics.js``
    The course's metrics in the browser (DCG, IDCG, NDCG, CG, RR, RankNet's
    gradients, the lambdas), with the conventions of the Python package:
    ``tests/browser/test_metrics_js.py`` compares them on thousands of cases.
``ndcg-boot.js``
    The book's last script on a page with a view: activates the page's views.

Every ``.js`` file is written once, as an ES module (``import X from "./ndcg-….js"``,
``export default``, ``export function``). It is delivered two ways, made here
from that one source (:func:`bundle`):

* to the book as a classic script (:func:`book_script`), because a book opened from
  a file (``file://``, the USB stick) may not load module scripts: Chromium refuses
  them there (origin ``null``, CORS). Each file keeps its name; its exports go to
  ``window.ndcgModules[name]``, and those of ``ndcg-metrics.js`` and ``ndcg-course.js``
  are also ``window.NDCGMetrics`` and ``window.ndcgCourse``;
* to a notebook as one self-contained ES module (:func:`esm`), the ``_esm`` of an
  anywidget (:class:`ndcg.course.widgets.View`): the file and what it imports.
``ndcg-anki.css``
    The style of the Anki note model (:mod:`ndcg.course.anki`).

The book gets them through the Sphinx extension :mod:`ndcg_book.assets`;
a live view in JupyterLab gets its stylesheets as anywidget's ``_css``.

Examples
--------
>>> from ndcg.course import assets
>>> assets.BOOK_CSS[0], assets.BOOK_JS[:2], assets.BOOK_JS[-1]
('ndcg-course.css', ('ndcg-metrics.js', 'ndcg-course.js'), 'ndcg-boot.js')
>>> "table.ndcg-steps" in assets.read(assets.CSS)
True
"""

from __future__ import annotations

import functools
import re
from importlib import resources

#: The stylesheet of the course's HTML.
CSS = "ndcg-course.css"
#: The script that activates the kernel-free views.
JS = "ndcg-course.js"
#: The metrics in the browser, loaded before :data:`JS` on every page with a view.
METRICS_JS = "ndcg-metrics.js"
#: The Anki note model's stylesheet.
ANKI_CSS = "ndcg-anki.css"
#: The book's last script on a page with a view.
BOOT_JS = "ndcg-boot.js"
#: Notebook-only modules (they need a widget's model): never served to the book.
NOTEBOOK_JS = ("ndcg-answer.js",)
#: The global names of the default exports of the base modules, in the book's classic scripts.
GLOBALS = {METRICS_JS: "NDCGMetrics", JS: "ndcgCourse"}


def folder():
    """The package's ``static`` folder (an :mod:`importlib.resources` Traversable)."""
    return resources.files("ndcg.course") / "static"


def _book(suffix: str, first: tuple[str, ...], last: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The book's files of one kind: ``first`` in that order, then every other ``ndcg-*``
    file of the kind, sorted (a new component's script or stylesheet needs no registration),
    then ``last``."""
    names = sorted(entry.name for entry in folder().iterdir() if entry.name.endswith(suffix))
    fixed = (*first, *last, ANKI_CSS, *NOTEBOOK_JS)
    rest = [name for name in names if name.startswith("ndcg-") and name not in fixed]
    return (*first, *rest, *last)


#: The stylesheets of every page with course HTML, in this order.
BOOK_CSS = _book(".css", (CSS,))
#: The scripts of every page with a kernel-free view, in this order: the metrics, the
#: activation of the views, then the components that register their kinds of view with it.
BOOK_JS = _book(".js", (METRICS_JS, JS), (BOOT_JS,))
#: The files the book serves from its ``_static/`` folder.
BOOK_FILES = (*BOOK_CSS, *BOOK_JS)


@functools.cache
def read(name: str) -> str:
    """The text of one file of the ``static`` folder.

    >>> read("nothing.css")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: name must be one of 'ndcg-anki.css', 'ndcg-answer.js', ...; got 'nothing.css'.
    """
    known = sorted(entry.name for entry in folder().iterdir() if entry.is_file())
    if name not in known:
        raise ValueError(f"name must be one of {', '.join(map(repr, known))}; got {name!r}.")
    return (folder() / name).read_text(encoding="utf-8")


#: The module grammar the two deliveries understand (a test keeps every file to it).
_IMPORT = re.compile(r'^import (\w+) from "\./(ndcg-[\w-]+\.js)";$', re.M)
_EXPORT_DEFAULT = re.compile(r"^export default (\w+);$", re.M)
_EXPORT = re.compile(r"^export (?:function|const|let) (\w+)", re.M)


def imports(name: str) -> tuple[str, ...]:
    """The files that the module ``name`` imports, in its order.

    >>> imports("ndcg-games.js")
    ('ndcg-metrics.js', 'ndcg-course.js')
    """
    return tuple(file for _, file in _IMPORT.findall(read(name)))


def _closure(name: str) -> list[str]:
    """``name`` and every module it needs, each after what it imports."""
    order: list[str] = []

    def visit(file: str) -> None:
        for dependency in imports(file):
            visit(dependency)
        if file not in order:
            order.append(file)

    visit(name)
    return order


def _scoped(name: str, ref) -> tuple[str, list[str]]:
    """The body of module ``name`` with its imports read from ``ref(file)`` and its ``export``
    keywords dropped; and the names it exports (``default`` for its default export)."""
    text = read(name)
    exported = [*_EXPORT.findall(text)]
    default = _EXPORT_DEFAULT.findall(text)
    text = _IMPORT.sub(lambda m: f"const {m[1]} = {ref(m[2])}.default;", text)
    text = _EXPORT_DEFAULT.sub("", text)
    text = re.sub(r"^export (?=function|const|let)", "", text, flags=re.M)
    members = [*(f"default: {default[0]}" for _ in default[:1]), *exported]
    return text, members


def book_script(name: str) -> str:
    """The classic-script form of the module ``name``, served to the book under that name.

    >>> script = book_script("ndcg-games.js")
    >>> 'const M = window.ndcgModules["ndcg-metrics.js"].default;' in script, "export " in script
    (True, False)
    """
    if not name.endswith(".js"):
        return read(name)
    body, members = _scoped(name, lambda file: f"window.ndcgModules[{file!r}]".replace("'", '"'))
    outro = f'window.ndcgModules["{name}"] = {{ {", ".join(members)} }};\n'
    if name in GLOBALS:
        outro += f'window.{GLOBALS[name]} = window.ndcgModules["{name}"].default;\n'
    return (
        f"/* {name}: the book's classic-script form of the ES module of the same name in\n"
        " * ndcg/course/static/ (made by ndcg.course.assets.book_script; edit that file).\n"
        " * A strict script whose one block scopes the module's names. */\n"
        '"use strict";\nwindow.ndcgModules = window.ndcgModules || {};\n'
        f"{{\n{body.strip()}\n{outro}}}\n"
    )


@functools.cache
def esm(name: str) -> str:
    """One self-contained ES module for anywidget: the module ``name`` and every module it
    imports, each in a block of its own, with ``render`` of ``ndcg-course.js`` as the default
    export (anywidget's contract) after ``name`` has registered its kinds of view.

    >>> text = esm("ndcg-games.js")
    >>> text.count("let __ndcg_"), text.rstrip().endswith("export default { render: __ndcg_course.render };")
    (3, True)
    """

    def variable(file: str) -> str:
        return "__" + file.removesuffix(".js").replace("-", "_")

    parts = []
    for file in _closure(name):
        body, members = _scoped(file, variable)
        parts.append(
            f"// {file}\nlet {variable(file)};\n{{\n{body.strip()}\n"
            f"{variable(file)} = {{ {', '.join(members)} }};\n}}\n"
        )
    parts.append(f"export default {{ render: {variable(JS)}.render }};\n")
    return "\n".join(parts)


def css_for(name: str) -> str:
    """The stylesheets a notebook view of module ``name`` needs: the course's, then the
    component's own (``ndcg-games.css`` for ``ndcg-games.js``), comments and indentation
    dropped (a notebook stores the text with every view)."""
    names = [CSS, *(n for n in (name.removesuffix(".js") + ".css",) if n != CSS and n in BOOK_CSS)]
    text = "\n".join(read(n) for n in names)
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    return re.sub(r"\s*\n\s*", "\n", text).strip()
