"""What every widget shares: the stylesheet, the static snapshot, number formatting.

A live widget styles itself from ``ndcg/course/static/ndcg-course.css`` (put in
a ``<style>`` element of its first child, so JupyterLab needs nothing else);
in the book, a widget's snapshot is styled by the same file, which the page
links (:mod:`ndcg_book.assets`).
"""

from __future__ import annotations

import base64
import html
import io
import re

from .. import assets
from ..checks import list_items
from ..display import fmt

#: The line every static snapshot ends with.
SNAPSHOT_NOTE = "This is a snapshot: run the notebook to play with it live."

#: The game's name in the tutoring conversation (source 004).
GAME_TITLE = "Whose recommendations know me better? (谁的推荐更懂我？)"

GAIN_OPTIONS = (("linear: rel", "linear"), ("exponential: 2^rel − 1", "exponential"))


def _style() -> str:
    """The course's stylesheet as a ``<style>`` element, for a live widget's first child.

    Its comments and indentation are dropped: the notebook stores the text in every
    widget's state.
    """
    css = re.sub(r"/\*.*?\*/", "", assets.read(assets.CSS), flags=re.DOTALL)
    return "<style>" + re.sub(r"\s*\n\s*", "\n", css).strip() + "</style>"


def _snapshot(title: str, body: str) -> str:
    """Wrap a widget's static state in a box that ends with :data:`SNAPSHOT_NOTE`."""
    return (
        '<div class="ndcg-widget ndcg-widget-snapshot">'
        f"<p><strong>{html.escape(title)}</strong></p>{body}"
        f'<p class="ndcg-snapshot-note">ℹ️ <em>{SNAPSHOT_NOTE}</em></p></div>'
    )


class _Snapshot:
    """Mixin: add a ``text/html`` snapshot to the widget's MIME bundle.

    A live Jupyter front end renders the widget view and ignores the HTML; a
    page rendered without a kernel (the HTML book) shows the HTML.
    """

    def snapshot_html(self) -> str:  # pragma: no cover - every widget overrides it
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs):
        data = dict(super()._repr_mimebundle_(**kwargs) or {})
        data["text/html"] = self.snapshot_html()
        return data


def _fmt(value: float) -> str:
    return fmt(value, ".3f")


def _format_grades(grades) -> str:
    return ", ".join(f"{float(g):g}" for g in grades)


def parse_grades(text: str) -> list[float]:
    """Read grades typed as text: numbers separated by commas or spaces.

    Parameters
    ----------
    text : str
        For example ``"3, 2, 1, 0, 2"`` or ``"[3 2 1]"``.

    Returns
    -------
    list of float
        The numbers, not yet checked as grades (``ndcg`` checks them).

    Raises
    ------
    ValueError
        If a piece is not a number, or no number was typed.

    Examples
    --------
    >>> parse_grades("3, 2, 1, 0, 2")
    [3.0, 2.0, 1.0, 0.0, 2.0]
    >>> parse_grades("[3 2.5]")
    [3.0, 2.5]
    >>> parse_grades("3, a")
    Traceback (most recent call last):
    ...
    ValueError: grades must be numbers separated by commas, such as 3, 2, 1, 0; 'a' is not a number.
    """
    pieces = list_items(text)
    if not pieces:
        raise ValueError("grades: type at least one grade, such as 3, 2, 1, 0, 2.")
    values = []
    for piece in pieces:
        try:
            values.append(float(piece))
        except ValueError:
            raise ValueError(
                f"grades must be numbers separated by commas, such as 3, 2, 1, 0; {piece!r} is not a number."
            ) from None
    return values


def _figure_output(figure, alt: str) -> dict:
    """A figure as one ``display_data`` output (PNG), ready for an Output widget.

    The figure is drawn with the Agg canvas (no pyplot, no GUI backend), so it
    works the same in a kernel, in a test and in a headless build.
    """
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=80)
    png = base64.b64encode(buffer.getvalue()).decode("ascii")
    return {"output_type": "display_data", "data": {"image/png": png, "text/plain": alt}, "metadata": {}}


def _img(output: dict | None) -> str:
    if not output:
        return ""
    data = output["data"]
    return (
        f'<img src="data:image/png;base64,{data["image/png"]}" '
        f'alt="{html.escape(data["text/plain"])}" class="ndcg-chart">'
    )
