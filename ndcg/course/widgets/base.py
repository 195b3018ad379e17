"""What every live view shares: the anywidget, the book's fallback, maths as MathML, formatting.

A live view is a :class:`View`: an `anywidget <https://anywidget.dev>`_ whose front end is the
book's own ES module (``ndcg/course/static/ndcg-*.js``, bundled by
:func:`ndcg.course.assets.esm`) and whose model holds the view's HTML skeleton with its JSON
island, the very skeleton the book shows. The module renders that skeleton and makes it
playable exactly as in the book: one implementation of every game, explorer and figure.

Where no kernel runs (the HTML book), the output's ``text/html`` is shown instead: the same
skeleton, which the book's classic scripts activate (:mod:`ndcg_book.assets`).

Maths in a view is TeX (``\\(…\\)`` and ``\\[…\\]``), typeset by the book's KaTeX. JupyterLab
typesets no widget, so a notebook's copy of the skeleton carries the maths as MathML, converted
here (:func:`mathml`, with latex2mathml) when the view is made.
"""

from __future__ import annotations

import base64
import html
import io
import re

import anywidget
import traitlets

from .. import assets
from ..display import fmt
from ..islands import rewrite

#: The line every static snapshot ends with.
SNAPSHOT_NOTE = "This is a snapshot: run the notebook to play with it live."

#: The game's name in the tutoring conversation (source 004).
GAME_TITLE = "Whose recommendations know me better? (谁的推荐更懂我？)"

GAIN_OPTIONS = (("linear: rel", "linear"), ("exponential: 2^rel − 1", "exponential"))

_MATHS = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]", re.DOTALL)


def _tex_to_mathml(match: re.Match) -> str:
    from latex2mathml.converter import convert

    tex, display = (match[1], "inline") if match[1] is not None else (match[2], "block")
    try:
        return convert(html.unescape(tex), display=display)
    except Exception:  # a formula the converter cannot read stays TeX
        return match[0]


def _convert(value):
    if isinstance(value, str):
        return _MATHS.sub(_tex_to_mathml, value)
    if isinstance(value, list):
        return [_convert(item) for item in value]
    if isinstance(value, dict):
        return {key: _convert(item) for key, item in value.items()}
    return value


def mathml(fragment: str) -> str:
    """An HTML fragment with its TeX maths (``\\(…\\)``, ``\\[…\\]``) as MathML, in its text and
    in the strings of its JSON island (:func:`ndcg.course.islands.json_island`).

    >>> mathml(r"<p>divide by \\(\\log_2(i+1)\\)</p>")  # doctest: +ELLIPSIS
    '<p>divide by <math xmlns="http://www.w3.org/1998/Math/MathML" display="inline">...</math></p>'
    >>> mathml("<p>no maths: 3 &lt; 4</p>")
    '<p>no maths: 3 &lt; 4</p>'
    """
    if "\\(" not in fragment and "\\[" not in fragment:
        return fragment
    return rewrite(fragment, lambda part: _MATHS.sub(_tex_to_mathml, part), _convert)


#: The kind of a view, in its skeleton.
_VIEW_KIND = re.compile(r'data-ndcg-view="([^"]+)"')


class View(anywidget.AnyWidget):
    """A view of the course, live in a notebook: the book's skeleton, played by the book's module.

    Parameters
    ----------
    html : str
        The view's HTML skeleton with its JSON island (a ``data-ndcg-view`` element), as the
        book shows it: the ``text/html`` of the output.
    module : str
        The file of ``ndcg/course/static/`` that registers the view's kind (``ndcg-games.js``
        for the games); with what it imports, it is the widget's ``_esm``.

    Attributes
    ----------
    html : str (synced)
        The skeleton the front end renders: ``html`` with its maths as MathML.
    fallback : str
        ``html`` as given: what a page without a kernel shows.

    Examples
    --------
    >>> view = View('<div data-ndcg-view="discount"></div>', module="ndcg-explorers.js")
    >>> view._repr_mimebundle_()[0]["text/html"]
    '<div data-ndcg-view="discount"></div>'
    >>> "export default { render" in view._esm, ".ndcg-kf" in view._css
    (True, True)
    >>> view  # the text/plain of the output: the same on every run (no memory address)
    <View: the course's discount view, live with a kernel>
    """

    _esm = traitlets.Unicode().tag(sync=True)
    _css = traitlets.Unicode().tag(sync=True)
    html = traitlets.Unicode("").tag(sync=True)

    def __init__(self, html: str = "", *, module: str = assets.JS, **kwargs):
        self.fallback = html
        super().__init__(_esm=assets.esm(module), _css=assets.css_for(module), html=mathml(html), **kwargs)

    def snapshot_html(self) -> str:
        """What a page without a kernel shows: the view as the book has it."""
        return self.fallback

    def __repr__(self) -> str:
        kind = _VIEW_KIND.search(self.fallback)
        return f"<{type(self).__name__}: the course's {kind.group(1) if kind else 'answer'} view, live with a kernel>"

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)  # (data, metadata), as anywidget returns it
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle or {}, {})
        return {**data, "text/html": self.snapshot_html()}, metadata


def _snapshot(title: str, body: str, note: str = SNAPSHOT_NOTE) -> str:
    """Wrap a view's static state (``title`` and ``body`` HTML) in a box that ends with ``note``
    (:data:`SNAPSHOT_NOTE`, or its words in the notebook's language)."""
    return (
        '<div class="ndcg-widget ndcg-widget-snapshot">'
        f"<p><strong>{title}</strong></p>{body}"
        f'<p class="ndcg-snapshot-note">ℹ️ <em>{note}</em></p></div>'
    )


def _fmt(value: float) -> str:
    return fmt(value, ".3f")


def _format_grades(grades) -> str:
    return ", ".join(f"{float(g):g}" for g in grades)


def _figure_png(figure, alt: str) -> str:
    """A figure as an ``<img>`` with its PNG inline, drawn with the Agg canvas (no pyplot, no
    GUI backend: the same in a kernel, a test and a headless build)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80)
    png = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img src="data:image/png;base64,{png}" alt="{html.escape(alt)}" class="ndcg-chart">'
