"""The book build: the course's CSS and JavaScript in the built book.

Registered by :func:`ndcg_book.setup`. It

* writes the files of :data:`ndcg.course.assets.BOOK_FILES`
  (``ndcg-course.css``, ``ndcg-course.js`` …) from the package's ``static/``
  folder into the book's ``_static/`` when the HTML builder starts, each script in
  its classic form (:func:`ndcg.course.assets.book_script`: a book opened from a
  file cannot load ES modules) (so
  they are there, and get Sphinx's ``?v=`` checksum, before any page is
  written);
* links the stylesheet from every page that shows something of the course
  (an element with an ``ndcg-`` class: a step table, a widget snapshot, a
  view, the printable flashcards), and loads the script on every page that
  holds a kernel-free view (``data-ndcg-view``), through Sphinx's own
  ``add_css_file`` / ``add_js_file`` during ``html-page-context`` (which
  Sphinx applies to that page only).

* leaves the theme's source maps out of the built book (:func:`drop_source_maps`): no page asks
  for them, yet they were 6 MB of each zip for a USB stick.

Nothing is loaded from a CDN: the book works offline.
"""

from __future__ import annotations

import re
from pathlib import Path

from ndcg.course import assets

#: An element of the course: a class attribute with an ``ndcg-`` class in it.
_COURSE_HTML = re.compile(r"""class=(["'])(?:(?!\1).)*\bndcg-""")
#: A kernel-free view that ndcg-course.js activates.
_VIEW = re.compile(r"\bdata-ndcg-view=")


def needs(body: str) -> tuple[bool, bool]:
    """Whether a page body needs the stylesheet, and whether it needs the script.

    >>> needs('<table class="ndcg-steps">'), needs("<p>text</p>")
    ((True, False), (False, False))
    >>> needs('<div class="ndcg-kf ndcg-fc" data-ndcg-view="flashcards">')
    (True, True)
    """
    script = bool(_VIEW.search(body))
    return bool(_COURSE_HTML.search(body)) or script, script


def _page_context(app, pagename, templatename, context, doctree) -> None:
    from ndcg import __version__

    _drop_widget_state(app, pagename)  # before myst-nb adds it (this handler runs first)
    css, js = needs(context.get("body") or "")
    if js:  # the views remember a reader's progress per book version (ndcgCourse.store)
        context["metatags"] = context.get("metatags", "") + (
            f'\n<meta name="ndcg-course-version" content="{__version__}" />'
        )
    if css:
        for name in assets.BOOK_CSS:
            app.add_css_file(name)
    if js:  # the metrics first: the views compute with them (deferred scripts run in order)
        for name in assets.BOOK_JS:
            app.add_js_file(name, defer="defer")


def _copy_files(app) -> None:
    if app.builder.format != "html":
        return
    target = Path(app.builder.outdir) / "_static"
    target.mkdir(parents=True, exist_ok=True)
    for name in assets.BOOK_FILES:
        (target / name).write_text(assets.book_script(name), encoding="utf-8")


def _drop_widget_state(app, pagename: str) -> None:
    """Leave the live views' widget state out of the page.

    myst-nb puts the notebook's widget state in a script element of the page, for widget
    JavaScript that the book never loads (``nb_ipywidgets_js: {}``: the book shows every view's
    ``text/html``, made playable by its own scripts). For an anywidget view that state is the
    view's bundled module, stylesheets and HTML: dead weight of hundreds of kB on a page.
    """
    metadata = getattr(getattr(app, "env", None), "nb_metadata", None) or {}
    metadata.get(pagename, {}).get("js_files", {}).pop("ipywidgets_state", None)


#: A source map's file, and the comment that names it at the end of a script or a stylesheet.
_MAP_SUFFIX = ".map"
_MAP_COMMENT = re.compile(r"\n?(?://# sourceMappingURL=[^\n]*|/\*# sourceMappingURL=[^\n]*?\*/)\s*$")


def drop_source_maps(static: Path) -> list[str]:
    r"""Delete the source maps under ``static`` (a built book's ``_static/``) and the comments that
    name them; return the deleted files' names, relative to ``static``.

    A source map serves a browser's developer tools, which fetch it only when they are open; the
    theme ships one beside each of its scripts and stylesheets (pydata-sphinx-theme: 6 of them,
    6 MB an edition).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.js").write_text("var a = 1;\n//# sourceMappingURL=a.js.map\n")
    >>> _ = (folder / "a.js.map").write_text("{}")
    >>> _ = (folder / "b.css").write_text("p{}\n/*# sourceMappingURL=b.css.map */")
    >>> drop_source_maps(folder), (folder / "a.js").read_text(), (folder / "b.css").read_text()
    (['a.js.map'], 'var a = 1;', 'p{}')
    """
    dropped = []
    for path in sorted(static.rglob(f"*{_MAP_SUFFIX}")):
        dropped.append(path.relative_to(static).as_posix())
        path.unlink()
    for path in [*static.rglob("*.js"), *static.rglob("*.css")]:
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
        kept = _MAP_COMMENT.sub("", text)
        if kept != text:
            path.write_text(kept, encoding="utf-8", errors="surrogateescape")
    return dropped


def _drop_source_maps(app, exception) -> None:
    if exception is None and app.builder.format == "html":
        drop_source_maps(Path(app.outdir) / "_static")


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.connect("html-page-context", _page_context, priority=400)  # before myst-nb's (500)
    app.connect("builder-inited", _copy_files)
    app.connect("build-finished", _drop_source_maps)
