"""The book build: each notebook page's download menu offers its executed notebook.

Registered by :func:`ndcg_book.setup`. The chapters
are MyST Markdown text sources (``chapters/02_dcg.md``); their executed
notebooks are generated into ``notebooks/`` (``notebooks/chapters/02_dcg.ipynb``,
by ``python tools/run.py notebooks``) and kept out of the book's sources.

sphinx-book-theme's download menu (``header_buttons.add_header_buttons``)
offers the page's source file (``.md``) and print-to-PDF, and an ``.ipynb``
only when the template context holds ``ipynb_source``: a path under
``_sources/`` that the theme itself fills in only when a launch button
(Binder, JupyterHub, Colab, Thebe) is configured, copying MyST-NB's
executed notebook from ``_build/jupyter_execute``. The book has no launch
button, so this extension does that job with the stored notebook: for a page
``<docname>`` with a ``notebooks/<docname>.ipynb``, during
``html-page-context`` (before the theme builds its buttons, priority 501) it
copies the notebook to ``_build/html/_sources/<docname>.ipynb`` and sets
``ipynb_source``; the menu then lists ``.ipynb`` (the executed notebook,
outputs and figures included), ``.md`` and ``.pdf``.

That notebook is the page's *source*, generated from the chapter's MyST text:
its Markdown keeps the book's MyST markup (glued numbers, directives), which
JupyterLab shows as raw text. So, once the theme has built the menu (priority
502), :func:`label_source_notebook` names the entry ".ipynb (page source)"
and says in its tooltip where to go to play: the chapter's play notebook
(``exercises/play/``, offered in its Practise section).

A chapter's Practise section offers two notebooks of the same file name as downloads, its
exercise notebook (``exercises/02_dcg.ipynb``) and its play notebook
(``exercises/play/02_dcg.ipynb``); a browser would save the second as ``02_dcg (1).ipynb``.
:func:`name_play_downloads` has Sphinx copy each play notebook as ``02_dcg-play.ipynb``, and
:func:`link_play_downloads` points the links at that name.

The Chinese edition links the Chinese notebooks. A translated page keeps its English page's
markup, so its ``{download}`` roles name the English notebooks (``../exercises/02_dcg.ipynb``);
:class:`ChineseTwinDownloads`, a transform that runs in the Chinese edition once the translations
are in (after Sphinx's ``Locale``, before the downloads are collected), points every download of
a course notebook (``exercises/**.ipynb``) at its Chinese twin in ``exercises/zh/`` (written by
``ndcg_book/generate/notebooks_translated.py``): ``exercises/zh/02_dcg.ipynb``, saved as ``02_dcg.ipynb`` (and the
play one as ``02_dcg-play.ipynb``), like the English. A notebook without its twin stops the
build: the Chinese edition never hands out an English notebook in its place.

"""

from __future__ import annotations

import shutil
from pathlib import Path, PurePosixPath

from sphinx.errors import ExtensionError
from sphinx.transforms import SphinxTransform

#: The folder of the generated notebooks, relative to the book's source folder.
NOTEBOOKS = "notebooks"


def executed_notebook(srcdir: str | Path, docname: str) -> Path | None:
    """The executed notebook of a page, or None when the page has none.

    >>> executed_notebook("/nowhere", "chapters/02_dcg") is None
    True
    """
    path = Path(srcdir, NOTEBOOKS, f"{docname}.ipynb")
    return path if path.is_file() else None


def offer_notebook(app, pagename: str, templatename: str, context: dict, doctree) -> None:
    """``html-page-context``: copy the page's executed notebook under ``_sources/`` and offer it."""
    if doctree is None or not context.get("page_source_suffix"):
        return
    notebook = executed_notebook(app.srcdir, pagename)
    if notebook is None:
        return
    target = Path(app.outdir, "_sources", f"{pagename}.ipynb")
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(notebook, target)
    context["ipynb_source"] = f"{pagename}.ipynb"


#: The folder of the play notebooks, relative to the book's source folder.
PLAY = "exercises/play"
#: The notebooks' folder, and where their Chinese twins are (``ndcg_book/generate/notebooks_translated.py``), relative
#: to the book's source folder: ``exercises/play/02_dcg.ipynb`` -> ``exercises/zh/play/02_dcg.ipynb``.
EXERCISES, CHINESE = "exercises/", "exercises/zh/"
#: The play notebooks' folders, English and Chinese.
PLAY_FOLDERS = (PLAY, CHINESE + PLAY.removeprefix(EXERCISES))


def play_download_name(source: str, dest: str) -> str:
    """The name under ``_downloads/`` of a download: a play notebook's gets ``-play``.

    ``source`` is the file's path relative to the book's source folder, ``dest`` the name
    Sphinx gave it (``<digest>/<file name>``).

    >>> play_download_name("exercises/play/02_dcg.ipynb", "ab12/02_dcg.ipynb")
    'ab12/02_dcg-play.ipynb'
    >>> play_download_name("exercises/02_dcg.ipynb", "cd34/02_dcg.ipynb")
    'cd34/02_dcg.ipynb'
    >>> play_download_name("exercises/zh/play/02_dcg.ipynb", "ef56/02_dcg.ipynb")
    'ef56/02_dcg-play.ipynb'
    """
    path, folder = PurePosixPath(source), PurePosixPath(dest)
    if path.parent.as_posix() not in PLAY_FOLDERS or path.suffix != ".ipynb" or folder.name != path.name:
        return dest
    return (folder.parent / f"{path.stem}-play{path.suffix}").as_posix()


def name_play_downloads(app, env) -> list[str]:
    """``env-updated`` (every page read, parallel reads merged): rename the play notebooks
    among the build's downloads; return the pages that link to one renamed now, to write them."""
    pages = set()
    for source, (docnames, dest) in list(env.dlfiles.items()):
        new = play_download_name(PurePosixPath(source).as_posix(), dest)
        if new != dest:
            env.dlfiles[source] = (docnames, new)
            pages |= docnames
    return sorted(pages)


def link_play_downloads(app, doctree, docname: str) -> None:
    """``doctree-resolved``: point a page's links to a play notebook at its renamed copy
    (the doctree of a page that was not read again still holds the old name)."""
    from sphinx import addnodes

    for node in doctree.findall(addnodes.download_reference):
        if "filename" not in node:  # a download of a URL
            continue
        source, _ = app.env.relfn2path(node["reftarget"], docname)
        node["filename"] = play_download_name(PurePosixPath(source).as_posix(), node["filename"])


def chinese_twin(path: str) -> str | None:
    """The Chinese twin of a course notebook (a POSIX path relative to the book's source folder),
    or None for a file that has none to have: not a notebook of ``exercises/``, or already Chinese.

    >>> chinese_twin("exercises/02_dcg.ipynb"), chinese_twin("exercises/play/02_dcg.ipynb")
    ('exercises/zh/02_dcg.ipynb', 'exercises/zh/play/02_dcg.ipynb')
    >>> chinese_twin("exercises/zh/02_dcg.ipynb"), chinese_twin("exercises/data/films.csv")
    (None, None)
    """
    if not path.startswith(EXERCISES) or path.startswith(CHINESE) or not path.endswith(".ipynb"):
        return None
    return CHINESE + path.removeprefix(EXERCISES)


class ChineseTwinDownloads(SphinxTransform):
    """The Chinese edition: every ``{download}`` of a course notebook points at its Chinese twin
    (:func:`chinese_twin`); a notebook without one stops the build, naming the page and the file.

    Runs after Sphinx's ``Locale`` (priority 20), which brings the translated paragraphs in with
    the English targets, and before ``doctree-read``, when Sphinx collects the page's downloads
    (so it copies the twin, under the English notebook's file name)."""

    default_priority = 25

    def apply(self, **kwargs) -> None:
        from sphinx import addnodes

        from .editions import edition

        if edition(self.config.language) != "zh":
            return
        for node in self.document.findall(addnodes.download_reference):
            target = node.get("reftarget", "")
            if "://" in target:
                continue
            relative, _ = self.env.relfn2path(target, self.env.docname)
            twin = chinese_twin(Path(relative).as_posix())
            if twin is None:
                continue
            found = Path(self.env.srcdir, twin)
            if not found.is_file():
                raise ExtensionError(
                    f"{self.env.docname}: the Chinese edition links {relative}, which has no Chinese "
                    f"twin {twin} (python -m ndcg_book translated writes it once its text is "
                    "translated); "
                    "the Chinese edition never hands out the English notebook instead"
                )
            # Relative to the page, as the role's own target: relfn2path reads it so (a leading
            # "/" is the source folder).
            node["reftarget"] = "/" + twin


def label_source_notebook(app, pagename: str, templatename: str, context: dict, doctree) -> None:
    """``html-page-context``, after the theme: call the menu's notebook the page's source.

    >>> menu = {"type": "group", "label": "download-buttons",
    ...         "buttons": [{"label": "download-notebook-button", "text": ".ipynb", "tooltip": "?"}]}
    >>> context = {"ipynb_source": "chapters/02_dcg.ipynb", "header_buttons": [menu]}
    >>> from types import SimpleNamespace
    >>> app = SimpleNamespace(config=SimpleNamespace(language="en"))
    >>> label_source_notebook(app, "chapters/02_dcg", "page.html", context, None)
    >>> menu["buttons"][0]["text"]
    '.ipynb (page source)'
    """
    if not context.get("ipynb_source"):
        return
    from ndcg_book.words import words

    text = words(app.config.language)
    for group in context.get("header_buttons", []):
        if group.get("label") != "download-buttons":
            continue
        for button in group.get("buttons", []):
            if button.get("label") == "download-notebook-button":
                button["text"] = text("download-source")
                button["tooltip"] = text("download-source-tooltip")


def refresh_notebooks(app, exception) -> None:
    """``build-finished``: copy every page's notebook again, so that an incremental build
    (which rewrites only the pages whose source changed) never serves a stale one."""
    if exception is not None or app.builder.format != "html":
        return
    for docname in app.env.found_docs:
        notebook = executed_notebook(app.srcdir, docname)
        target = Path(app.outdir, "_sources", f"{docname}.ipynb")
        if notebook is not None and target.exists():
            shutil.copyfile(notebook, target)


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    # sphinx-book-theme reads ipynb_source in its own html-page-context handler (priority 501).
    app.connect("html-page-context", offer_notebook, priority=500)
    app.connect("html-page-context", label_source_notebook, priority=502)
    app.add_transform(ChineseTwinDownloads)
    app.connect("env-updated", name_play_downloads)
    app.connect("doctree-resolved", link_play_downloads)
    app.connect("build-finished", refresh_notebooks)
