"""The course's front end lives in files, not in Python strings.

ndcg/course/static/ holds the one stylesheet and the one script of the course (and the Anki
note style); they ship in the wheel as package data, and the Sphinx extension
ndcg_book.assets puts them in the book. No Python string of the package may hold
CSS or JavaScript: the views hand their data to the page as a JSON island instead.
"""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pytest

import ndcg
import ndcg_book
import ndcg_book.assets
from ndcg.course import assets, cards
from tests.course.helpers import front_end_code

PACKAGE = Path(ndcg.__file__).parent
ROOT = PACKAGE.parent

# -- no CSS or JavaScript in a Python string ---------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "<style>.a { color: red; }</style>",
        "<style>\n.ndcg-kf{--x:1}",
        "<style>.a{}</style>",
        "<script>var x = 1;</script>",
        "<script>",
        "root.addEventListener('click', go)",
        "var f = function (a) { return a; };",
        "(a) => { return a; }",
        ".ndcg-widget .ndcg-error { background: #fdecea; color: #7a1c12; }",
        "table.x th{font-weight:600;}",
        "<span style='display:inline-block;min-width:2em'>",
    ],
)
def test_the_detector_finds_front_end_code(text):
    assert front_end_code(text)


@pytest.mark.parametrize(
    "text",
    [
        '<script type="application/json" data-ndcg-data>',
        '<script src="_static/ndcg-course.js"></script>',
        "<style>",
        "</style>",
        "puts it in a ``<style>`` element of its own.",
        "Returns a dict name -> function(rels) -> float.",
        "{{ dcg([3, 2, 1]) :.3f }}",
        "NDCG@{n} = <b>{value}</b>",
        "<div class='ndcg-widget'>",
        "ids = {a: b for a, b in pairs}",
    ],
)
def test_the_detector_lets_python_and_html_be(text):
    assert front_end_code(text) is None


#: What the scan leaves out: the printing (``ndcg_book/pdf/``) drives Chromium, as the browser
#: tests do: its scripts are functions handed to Playwright's ``evaluate`` in the page being printed,
#: and the pages it makes of its own for the PDF (the title page, the contents, Chromium's footer
#: templates, which load no stylesheet) carry their styles inline. No page of the book or view
#: carries them.
PRINTING = ROOT / "ndcg_book" / "pdf"


def python_strings():
    paths = [
        *PACKAGE.rglob("*.py"),
        *(p for p in (ROOT / "ndcg_book").rglob("*.py") if PRINTING not in p.parents),
    ]
    for path in sorted(paths):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield path.relative_to(ROOT).as_posix(), node.lineno, node.value


def test_no_python_string_holds_css_or_javascript():
    offenders = [
        f"{path}:{line}: {found}" for path, line, text in python_strings() if (found := front_end_code(text))
    ]
    assert not offenders, "CSS/JS belongs in ndcg/course/static/:\n" + "\n".join(offenders)


def test_the_scan_reads_every_module():
    paths = {path for path, _, _ in python_strings()}
    assert {
        "ndcg/course/cards/views.py",
        "ndcg/course/widgets/study.py",
        "ndcg/course/anki.py",
        "ndcg_book/assets.py",
        "ndcg/list_graded.py",
    } <= paths


# -- the files, as package data ---------------------------------------------------------------


def test_the_static_files_are_package_resources():
    folder = assets.folder()
    names = sorted(entry.name for entry in folder.iterdir())
    assert {"ndcg-anki.css", "ndcg-course.css", "ndcg-course.js", "ndcg-metrics.js"} <= set(names)
    assert all(name.startswith("ndcg-") and name.endswith((".css", ".js")) for name in names), names
    # the book's files: the base ones first, in order, then every component's, sorted, then the
    # boot script; the notebook-only modules (they need a widget's model) are not the book's
    assert assets.BOOK_CSS[0] == "ndcg-course.css" and assets.BOOK_JS[:2] == (
        "ndcg-metrics.js",
        "ndcg-course.js",
    )
    assert assets.BOOK_JS[-1] == "ndcg-boot.js" and assets.NOTEBOOK_JS == ("ndcg-answer.js",)
    fixed = ("ndcg-metrics.js", "ndcg-course.js", "ndcg-boot.js", *assets.NOTEBOOK_JS)
    components = sorted(n for n in names if n.endswith(".js") and n not in fixed)
    assert list(assets.BOOK_JS[2:-1]) == components
    assert set(assets.BOOK_CSS) == {n for n in names if n.endswith(".css")} - {"ndcg-anki.css"}
    for name in names:
        assert assets.read(name).strip()
    css = assets.read(assets.CSS)
    for selector in (
        "table.ndcg-steps",
        ".ndcg-widget",
        ".ndcg-kf",
        ".ndcg-fc-card",
        ".ndcg-qz-opt",
        ".ndcg-print",
        'html[data-theme="dark"]',
        "@media print",
    ):
        assert selector in css, selector
    assert "://" not in css + assets.read(assets.JS) + assets.read(assets.METRICS_JS)  # nothing remote


def test_the_step_table_style_is_written_once():
    book_css = (ROOT / "_static" / "course.css").read_text(encoding="utf-8")
    assert "table.ndcg-steps" not in book_css and ".keep-cjk" in book_css
    assert assets.read(assets.CSS).count("table.ndcg-steps caption") == 1


# -- the Sphinx extension ---------------------------------------------------------------------


class FakeApp:
    def __init__(self, outdir):
        self.css, self.js, self.events = [], [], {}
        self.builder = SimpleNamespace(format="html", outdir=str(outdir))

    def add_css_file(self, name, **attributes):
        self.css.append(name)

    def add_js_file(self, name, **attributes):
        self.js.append((name, attributes))

    def connect(self, event, handler, priority=500):
        self.events[event] = handler


def test_the_extension_adds_the_files_to_the_pages_that_use_them(tmp_path):
    app = FakeApp(tmp_path)
    ndcg_book.assets.register(app)
    assert "assets" in ndcg_book.PARTS
    page = app.events["html-page-context"]
    page(app, "intro", "page.html", {"body": "<p>No course HTML here.</p>"}, None)
    assert app.css == [] and app.js == []
    page(app, "ch1", "page.html", {"body": '<table class="ndcg-steps"></table>'}, None)
    assert app.css == list(assets.BOOK_CSS) and app.js == []
    context = {"body": cards.quiz("02_dcg")._repr_html_(), "metatags": "<meta charset=utf-8>"}
    page(app, "ch2", "page.html", context, None)
    assert context["metatags"].endswith(f'<meta name="ndcg-course-version" content="{ndcg.__version__}" />')
    assert app.css == list(assets.BOOK_CSS) * 2
    assert app.js == [(name, {"defer": "defer"}) for name in assets.BOOK_JS]
    assert [name for name, _ in app.js][:2] == ["ndcg-metrics.js", "ndcg-course.js"]
    page(app, "genindex", "genindex.html", {}, None)  # a page without a body
    app.events["builder-inited"](app)
    for name in assets.BOOK_FILES:  # the scripts in their classic form (file:// refuses modules)
        assert (tmp_path / "_static" / name).read_text(encoding="utf-8") == assets.book_script(name)
    assert not (tmp_path / "_static" / "ndcg-anki.css").exists()


def test_the_extension_leaves_the_widget_state_out_of_the_page(tmp_path):
    # the book loads no widget JavaScript: a view's state (its module, CSS and HTML) is dead weight
    app = FakeApp(tmp_path)
    ndcg_book.assets.register(app)
    files = {"ipywidgets_state": (None, {"body": "{}"}), "other": ("x.js", {})}
    app.env = SimpleNamespace(nb_metadata={"chapters/02_dcg": {"js_files": files}})
    app.events["html-page-context"](app, "chapters/02_dcg", "page.html", {"body": "<p>x</p>"}, None)
    assert files == {"other": ("x.js", {})}
    app.env = SimpleNamespace()  # no notebook was read
    app.events["html-page-context"](app, "index", "page.html", {"body": "<p>x</p>"}, None)
