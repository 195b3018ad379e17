"""The slides in the book: the Sphinx side of :mod:`ndcg_book.slides`.

When the HTML builder starts, every deck is built into the book's ``slides/`` folder
(:func:`build_decks`), in the edition's language; the role ``slides`` links a page to a deck
(:func:`slides_role`). :func:`register` is called by :func:`ndcg_book.setup`, through
:func:`ndcg_book.slides.register`.
"""

from __future__ import annotations

import re
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.osutil import relative_uri

from ..edition import build_date  # SOURCE_DATE_EPOCH, read in one place
from .build import FOLDER, build_all
from .source import DeckError, deck_sources
from .words import page_words, ui

logger = logging.getLogger(__name__)

_TITLED = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.DOTALL)


def course_root(app) -> Path:
    """The course whose decks the book carries: ``ndcg_course_root`` (:mod:`ndcg_book.downloads`) or the book's folder."""
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

    from ..editions import edition

    language = edition(getattr(app.config, "language", None))
    course = course_title(app)
    course = page_words(course_root(app), "index", language)(course)  # as the edition's landing page says it
    try:
        decks = build_all(
            course_root(app),
            Path(app.outdir, FOLDER),
            course=course,
            version=__version__,
            date=build_date(),
            language=language,
        )
    except DeckError as error:
        from sphinx.errors import ExtensionError

        raise ExtensionError(f"the slides: {error}") from error
    app.ndcg_slides = {deck.name for deck in decks}
    logger.info(f"the slides: {len(decks)} decks in {FOLDER}/")


def slides_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``{slides}`02_dcg``` or ``{slides}`title <02_dcg>```: a link to that deck."""
    from ..editions import edition

    env = inliner.document.settings.env
    match = _TITLED.match(text)
    language = edition(getattr(env.app.config, "language", None))
    title, deck = (
        (match.group(1), match.group(2).strip()) if match else (ui("role-text", language), text.strip())
    )
    known = {path.stem for path in deck_sources(course_root(env.app))}
    if deck not in known:
        message = inliner.reporter.warning(
            f"no slide deck {deck!r} (decks: {', '.join(sorted(known)) or 'none'})", line=lineno
        )
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    builder = env.app.builder
    if builder.format == "html":
        uri = relative_uri(builder.get_target_uri(env.docname), f"{FOLDER}/{deck}/index.html")
    else:
        uri = f"{FOLDER}/{deck}/index.html"
    return [nodes.reference(rawtext, title, refuri=uri, classes=["deck-link"])], []


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    if "ndcg_course_root" not in app.config.values:
        app.add_config_value("ndcg_course_root", "", "env", [str])
    app.add_role("slides", slides_role)
    app.connect("builder-inited", build_decks)
