"""A small Sphinx extension: the course's edition in the footer of every page of the book.

Registered in ``_config.yml`` (``sphinx: config: extensions:``). When the
configuration is read, it appends to the theme's ``extra_footer`` (the licences,
set in ``_config.yml`` under ``html: extra_footer:``) one line,
``<p class="course-edition">Edition: version ..., built ...</p>``, from
:func:`ndcg.course.edition.edition`: the version of the ``ndcg`` package and the
build date (``SOURCE_DATE_EPOCH`` when set). So a printed page or a copied book
says which version it is, and nobody types the version into the configuration.
Its class is not an ``ndcg-`` one: those mark course HTML in a page's body, for which
:mod:`ndcg.course.sphinx_assets` links the course's stylesheet.
"""

from __future__ import annotations

import html

from .edition import edition


def footer_line(text: str) -> str:
    """The footer's edition paragraph.

    >>> footer_line("version 1.2.3, built 2023-11-14")
    '<p class="course-edition">Edition: version 1.2.3, built 2023-11-14.</p>'
    """
    return f'<p class="course-edition">Edition: {html.escape(text)}.</p>'


def _add_edition(app, config) -> None:
    options = dict(config.html_theme_options or {})
    footer = options.get("extra_footer") or ""
    if "course-edition" not in footer:
        options["extra_footer"] = footer.rstrip() + "\n" + footer_line(edition())
    config.html_theme_options = options
    config.html_context = {**(config.html_context or {}), "ndcg_edition": edition()}


def setup(app) -> dict:
    """Register the extension with Sphinx."""
    from ndcg import __version__

    app.connect("config-inited", _add_edition)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
