"""A small Sphinx extension: the course's slide decks, built with the book.

Registered in ``_config.yml`` (``sphinx: config: extensions:``). When the HTML builder
starts, it builds every deck of the course's ``instructors/slides/`` folder (:mod:`ndcg.course.slides`)
into the book's ``slides/`` folder, made afresh: ``slides/NN_name/index.html`` with its
figures, reveal.js from ``instructors/slides/vendor/``, and ``slides/index.html``, the list of decks.
The decks load the book's own MathJax (``_static/mathjax/``, which sphinx-mathjax-offline
copies at the end of the build) through relative links, so they work from ``file://``.

The role ``slides`` links a page to a deck, relative to the page:
``{slides}`02_dcg``` (the link text is "the slides of this chapter") or
``{slides}`Slides <02_dcg>```. A deck that does not exist is a warning, so the strict build
fails on a broken link.

The title slide and the list of decks carry the course's title, ``title:`` in ``_config.yml``
(:func:`course_title`); the title slide's date is ``SOURCE_DATE_EPOCH`` when it is set (a
reproducible build), else the day of the build; the version is :data:`ndcg.__version__`.
"""

from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.osutil import relative_uri

from . import slides

logger = logging.getLogger(__name__)

_TITLED = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.DOTALL)


def course_root(app) -> Path:
    """The course whose decks the book carries: ``ndcg_course_root`` (sphinx_downloads) or the book's folder."""
    root = getattr(app.config, "ndcg_course_root", "") or app.srcdir
    return Path(root).resolve()


def course_title(app) -> str:
    """The course's title, ``title:`` in the book's ``_config.yml``, which Jupyter Book passes to
    Sphinx as ``html_title`` (Sphinx's ``project`` is not set: it reads "Project name not set")."""
    title = (app.config.html_title or "").strip()
    if not title:
        from sphinx.errors import ConfigError

        raise ConfigError("the slides: the book has no title (set title: in _config.yml)")
    return title


def build_decks(app) -> None:
    """``builder-inited``: write every deck into the book's ``slides/`` folder."""
    if app.builder.format != "html":
        return
    from ndcg import __version__

    try:
        decks = slides.build_all(
            course_root(app),
            Path(app.outdir, slides.FOLDER),
            course=course_title(app),
            version=__version__,
            date=slides.build_date(),
        )
    except slides.DeckError as error:
        from sphinx.errors import ExtensionError

        raise ExtensionError(f"the slides: {error}") from error
    app.ndcg_slides = {deck.name for deck in decks}
    logger.info(f"the slides: {len(decks)} decks in {slides.FOLDER}/")


def slides_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``{slides}`02_dcg``` or ``{slides}`title <02_dcg>```: a link to that deck."""
    env = inliner.document.settings.env
    match = _TITLED.match(text)
    title, deck = (
        (match.group(1), match.group(2).strip()) if match else ("the slides of this chapter", text.strip())
    )
    known = {path.stem for path in slides.deck_sources(course_root(env.app))}
    if deck not in known:
        message = inliner.reporter.warning(
            f"no slide deck {deck!r} (decks: {', '.join(sorted(known)) or 'none'})", line=lineno
        )
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    builder = env.app.builder
    if builder.format == "html":
        uri = relative_uri(builder.get_target_uri(env.docname), f"{slides.FOLDER}/{deck}/index.html")
    else:
        uri = f"{slides.FOLDER}/{deck}/index.html"
    return [nodes.reference(rawtext, title, refuri=uri, classes=["deck-link"])], []


def setup(app) -> dict:
    """Register the extension with Sphinx."""
    from ndcg import __version__

    if "ndcg_course_root" not in app.config.values:
        app.add_config_value("ndcg_course_root", "", "env", [str])
    app.add_role("slides", slides_role)
    app.connect("builder-inited", build_decks)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
