"""A deck's figures: the code of its front matter drawn into SVG files, in the deck's language.

A figure's words are ``_("...")`` in its code; a Chinese deck's figures are drawn with a Chinese
font (:func:`cjk_fonts`), its glyphs written as paths in the SVG.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.util import logging

logger = logging.getLogger(__name__)


def cjk_fonts() -> list[str]:
    """Matplotlib's font families for a Chinese figure: its own DejaVu Sans for the Latin letters
    and digits (as in the English figure), then the Chinese font the book's figures use
    (:func:`ndcg.course.figure_languages.cjk_font`, which also finds one installed after matplotlib
    cached its list of fonts; its glyphs become paths in the SVG). None: the Chinese shows as boxes,
    and a warning, which fails the build, says so."""
    from ndcg.course.figure_languages import MissingChineseFont, cjk_font

    try:
        found = [cjk_font()]
    except MissingChineseFont:
        logger.warning(
            "the slides: no Chinese font for the Chinese decks' figures (install Noto Sans CJK SC)"
        )
        found = []
    return ["DejaVu Sans", *found]


def figure(code: str, path: Path, names: dict | None = None, language: str = "en") -> None:
    """Draw one figure of a deck into an SVG file: ``code`` runs with the templates' names (and
    ``names``, what the deck's ``compute`` code defined), :mod:`ndcg.course.plots` as ``plots``
    and ``plt``, and draws on the current figure (a figure with no text typed into it: its
    numbers are computed, like the slides'). Its words are ``_("...")`` (``names`` may give
    ``_``, the Chinese deck does); :mod:`ndcg.course` draws in ``language`` meanwhile."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from ndcg.course import i18n, plots
    from ndcg.course.cards.templates import namespace

    plt.close("all")
    settings = {"svg.hashsalt": "ndcg-slides", "svg.fonttype": "path"}
    if language == "zh":
        settings["font.family"] = cjk_fonts()
    try:  # in the deck's language while it draws (the book build's kernel says "both")
        with i18n.chosen(language), matplotlib.rc_context(settings):
            exec(code, {**namespace(), "_": str, **(names or {}), "plots": plots, "plt": plt})
            plt.gcf().savefig(path, format="svg", metadata={"Date": None}, bbox_inches="tight")
    finally:
        plt.close("all")
