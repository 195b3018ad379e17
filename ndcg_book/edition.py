"""The course's edition: its version and its build date, on everything that leaves the build.

A printed page, a USB copy or a projected slide is matched to a version by its
edition line, ``version 0.3.0, built 2026-11-22``. The version is
``ndcg.__version__``; the date is the build's, in UTC: the value of the
``SOURCE_DATE_EPOCH`` environment variable when it is set (the reproducible-builds
convention, https://reproducible-builds.org/specs/source-date-epoch/), else today.
Nothing here is typed into a configuration file: the book's footer
(*In the book*, below) and the participant pack's README
(:mod:`ndcg_book.packs`) call :func:`edition` when they are built.

In the book
-----------
The course's edition in the footer of every page of the book.

Registered by :func:`ndcg_book.setup`. When the
configuration is read, it appends to the theme's ``extra_footer`` (the licences,
set in ``_config.yml`` under ``html: extra_footer:``) one line,
``<p class="course-edition">Edition: version ..., built ...</p>``, from
:func:`edition`: the version of the ``ndcg`` package and the
build date (``SOURCE_DATE_EPOCH`` when set). So a printed page or a copied book
says which version it is, and nobody types the version into the configuration.
Its class is not an ``ndcg-`` one: those mark course HTML in a page's body, for which
:mod:`ndcg_book.assets` links the course's stylesheet.
"""

from __future__ import annotations

import datetime as _dt
import html
import os

from ndcg.course.i18n import language_of


def build_date(environ=None) -> _dt.date:
    """The build date in UTC: ``SOURCE_DATE_EPOCH`` (seconds since 1970) when set, else today.

    >>> build_date({"SOURCE_DATE_EPOCH": "0"})
    datetime.date(1970, 1, 1)
    >>> build_date({"SOURCE_DATE_EPOCH": "soon"})
    Traceback (most recent call last):
    ...
    ValueError: SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 UTC; got 'soon'.
    """
    environ = os.environ if environ is None else environ
    value = environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not value:
        return _dt.datetime.now(_dt.UTC).date()
    try:
        seconds = int(value)
    except ValueError:
        raise ValueError(
            f"SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 UTC; got {value!r}."
        ) from None
    return _dt.datetime.fromtimestamp(seconds, _dt.UTC).date()


def edition(version: str | None = None, environ=None) -> str:
    """The edition line: ``version <ndcg.__version__>, built <YYYY-MM-DD>``.

    >>> edition("1.2.3", {"SOURCE_DATE_EPOCH": "1700000000"})
    'version 1.2.3, built 2023-11-14'
    """
    if version is None:
        from ndcg import __version__ as version
    return f"version {version}, built {build_date(environ).isoformat()}"


# -------------------- the Sphinx side


def footer_line(text: str) -> str:
    """The footer's edition paragraph.

    >>> footer_line("version 1.2.3, built 2023-11-14")
    '<p class="course-edition">Edition: version 1.2.3, built 2023-11-14.</p>'
    """
    return f'<p class="course-edition">Edition: {html.escape(text)}.</p>'


def edition_in(language: str | None) -> str:
    """:func:`edition` in the edition's language (the Chinese edition: 版本 …，构建于 …)."""
    from ndcg import __version__
    from ndcg_book.words import words

    return words(language)("edition-text", version=__version__, date=build_date().isoformat())


def _add_edition(app, config) -> None:
    from ndcg.course.i18n import translator
    from ndcg_book.words import words

    options = dict(config.html_theme_options or {})
    footer = options.get("extra_footer") or ""
    chinese = language_of(getattr(config, "language", None)) == "zh"
    if chinese and footer:
        # The licences, in the Chinese edition's words (the catalogue "book", context "footer").
        footer = translator("book", "footer")(footer.strip())
    if "course-edition" not in footer:
        line = edition_in(getattr(config, "language", None))
        paragraph = f'<p class="course-edition">{html.escape(words(getattr(config, "language", None))("edition", edition=line))}</p>'
        options["extra_footer"] = footer.rstrip() + "\n" + (paragraph if chinese else footer_line(edition()))
    config.html_theme_options = options
    config.html_context = {**(config.html_context or {}), "ndcg_edition": edition()}


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.connect("config-inited", _add_edition)
