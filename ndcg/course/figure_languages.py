"""The course's matplotlib figures in English and in Chinese, from one drawing.

A chapter draws a figure once, in English (``ax.set_title("...")``, :mod:`ndcg.course.plots`).
When it is shown, in the book's build (``language() == "both"``) its output carries, next to the
usual PNG (the English figure, byte for byte as without this module), an HTML version holding the
figure twice, each a ``<picture>`` marked ``class="ndcg-lang"`` with its ``lang``: the English one,
and the same figure with every word replaced by its Chinese (:mod:`ndcg.course.labels`) drawn in a
CJK font. Both editions show the HTML (``text/html`` ranks above the PNG), each leaving the other
language's copy out (``ndcg_book.editions``). In a notebook where the learner chose Chinese
(``set_language("zh")``), the HTML holds the Chinese figure alone (an ``<img>``), which Jupyter
shows before the PNG; in English nothing changes.

A Chinese figure needs a font with the Chinese characters: :func:`cjk_font` finds one (Noto Sans
CJK SC, Source Han Sans SC, WenQuanYi, PingFang SC, Microsoft YaHei ...), and fails with a clear
message when there is none, rather than drawing empty boxes.

A figure drawn for a laptop's column shrinks on a phone to less than half its width, and its words
with it (to 4 or 5 CSS px). In the book each language's figure is therefore a ``<picture>``: the
figure as drawn (``<img>``), and a phone's copy (``<source media=...>``, :data:`PHONE_MEDIA`)
drawn by :func:`phone_layout` (:data:`PHONE_WIDTH` inches wide, its panels one under the other,
no text under :data:`PHONE_POINTS` points). Each carries ``data-text-px``, the size of its smallest
text in the image's own pixels (:func:`smallest_text_px`, from matplotlib's fonts when it is
drawn): on the page, that times the width shown over the image's natural width is the size the
reader sees (tests/browser/test_phone.py holds it to 9 CSS px or more at 390 px).
"""

from __future__ import annotations

import base64
import html
import logging
import pickle
import re
import warnings
from contextlib import contextmanager, suppress
from pathlib import Path

from . import i18n, labels
from .tex_text import plain_maths

#: Fonts with the Chinese characters, best first: Debian's fonts-noto-cjk (the book's build),
#: Adobe's Source Han Sans, WenQuanYi, and those of macOS and Windows.
CJK_FONTS = (
    "Noto Sans CJK SC",
    "Noto Sans SC",
    "Source Han Sans SC",
    "Source Han Sans CN",
    "WenQuanYi Zen Hei",
    "WenQuanYi Micro Hei",
    "PingFang SC",
    "Hiragino Sans GB",
    "Microsoft YaHei",
    "SimHei",
    "Noto Sans CJK JP",
)
#: What to install when no font of :data:`CJK_FONTS` is found.
INSTALL_HINT = (
    "No font with Chinese characters was found for the Chinese figures (looked for: "
    + ", ".join(CJK_FONTS)
    + "). Install one: on Debian or Ubuntu `sudo apt-get install fonts-noto-cjk` (the book's "
    "build does it in .ci/run); macOS and Windows have PingFang SC / Microsoft YaHei. Then clear "
    "matplotlib's font cache (delete the fontlist-*.json in matplotlib.get_cachedir()) and run again."
)


class MissingChineseFont(RuntimeError):
    """No font with Chinese characters: a Chinese figure would show empty boxes."""


def cjk_font(candidates=CJK_FONTS) -> str:
    """The name of the first font of ``candidates`` matplotlib knows.

    Raises
    ------
    MissingChineseFont
        When none is installed (:data:`INSTALL_HINT` says what to do).
    """
    from matplotlib import font_manager

    for attempt in range(2):
        known = {font.name for font in font_manager.fontManager.ttflist}
        for name in candidates:
            if name in known:
                return name
        if attempt == 0:  # installed after matplotlib cached its list of fonts: add them now
            for path in font_manager.findSystemFonts():
                if _CJK_FILE.search(Path(path).name):
                    with suppress(Exception):
                        font_manager.fontManager.addfont(path)
    raise MissingChineseFont(INSTALL_HINT)


#: The file names of the fonts of :data:`CJK_FONTS`.
_CJK_FILE = re.compile(r"CJK|SourceHan|wqy|WenQuanYi|PingFang|Hiragino|msyh|simhei|NotoSansSC", re.I)


def _texts(fig):
    from matplotlib.text import Text

    return [t for t in fig.findobj(Text) if t.get_text()]


def _fixed_formatters(fig):
    from matplotlib.ticker import FixedFormatter

    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            for formatter in (axis.get_major_formatter(), axis.get_minor_formatter()):
                if isinstance(formatter, FixedFormatter):
                    yield formatter


@contextmanager
def chinese(fig, font: str | None = None):
    """``fig`` with its words in Chinese and a CJK font while the block runs; then as it was.

    Raises
    ------
    MissingChineseFont
        When no CJK font is installed, or a character of the Chinese figure is missing from it.
    """
    import matplotlib

    font = font or cjk_font()
    texts = [(t, t.get_text(), t.get_fontproperties()) for t in _texts(fig)]
    formatters = [(f, list(f.seq)) for f in _fixed_formatters(fig)]
    # Maths in the Chinese figure: its letters in the English figure's font, and the words
    # around it (a mathtext string is typeset whole) from the CJK font.
    settings = {
        "mathtext.fontset": "custom",
        "mathtext.rm": font,
        "mathtext.it": "DejaVu Sans:italic",
        "mathtext.bf": "DejaVu Sans:bold",
        "mathtext.sf": "DejaVu Sans",
    }
    try:
        for text, english, prop in texts:
            words = labels.chinese(english)
            text.set_text(words)
            # Latin letters and digits in the font of the English figure, Chinese from the CJK
            # one; a text with maths is typeset in one font, so that one is the CJK font.
            chinese_prop = prop.copy()
            family = list(prop.get_family())
            chinese_prop.set_family([font, *family] if text._preprocess_math(words)[1] else [*family, font])
            text.set_fontproperties(chinese_prop)
        for formatter, seq in formatters:
            formatter.seq = [labels.chinese(str(s)) for s in seq]
        with matplotlib.rc_context(settings):
            yield fig
    finally:
        for text, english, prop in texts:
            text.set_text(english)
            text.set_fontproperties(prop)
        for formatter, seq in formatters:
            formatter.seq = seq


def png(fig, dpi: float | None = None) -> bytes:
    """The figure as IPython's inline backend shows it (PNG, ``bbox_inches="tight"``), at ``dpi``
    dots per inch if given."""
    from IPython.core.pylabtools import print_figure

    return print_figure(fig, "png", **_inline_kwargs(dpi))


def _inline_kwargs(dpi: float | None = None) -> dict:
    """The inline backend's arguments of ``print_figure`` (its own settings when it is on)."""
    kwargs = {"bbox_inches": "tight"}
    with suppress(Exception):
        from matplotlib_inline.config import InlineBackend

        kwargs = dict(InlineBackend.instance().print_figure_kwargs)
    if dpi is not None:
        kwargs["dpi"] = dpi
    return kwargs


def chinese_png(fig, dpi: float | None = None) -> bytes:
    """The figure drawn with its words in Chinese; fails on a character missing from the font."""
    missing = _MissingGlyphs()
    mathtext = logging.getLogger("matplotlib.mathtext")
    mathtext.addHandler(missing)
    try:
        with chinese(fig), warnings.catch_warnings():
            warnings.filterwarnings("error", message=r".*[Gg]lyph .* missing from.*")
            try:
                data = png(fig, dpi)
            except UserWarning as warning:
                raise MissingChineseFont(f"{warning}. {INSTALL_HINT}") from warning
    finally:
        mathtext.removeHandler(missing)
    if missing.found:
        raise MissingChineseFont(f"{missing.found[0]}. {INSTALL_HINT}")
    return data


class _MissingGlyphs(logging.Handler):
    """Collects mathtext's "does not have a glyph" messages (a box drawn for a character)."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.found: list[str] = []

    def emit(self, record):
        message = record.getMessage()
        if "does not have a glyph" in message:
            self.found.append(message)


def spoken(label: str) -> str:
    r"""A figure's text as a screen reader should read it: each run of matplotlib's maths (between
    two ``$``) as the search excerpts show a formula (:func:`ndcg.course.tex_text.plain_maths`),
    the rest as it is.

    >>> spoken("cut-off $k$; NDCG@$k$"), spoken(r"$2^{rel} - 1$"), spoken(r"$a \cdot b$"), spoken("$5")
    ('cut-off k; NDCG@k', '2^rel - 1', 'a · b', '$5')
    """
    return re.sub(r"(?<!\\)\$[^$]+\$", lambda match: plain_maths(match.group(0)), label)


def alt_text(fig) -> str:
    """A figure's alternative text: its titles and axis labels (what a reader sees first), their
    maths as a screen reader should read it (:func:`spoken`: "rank i", not "rank dollar i dollar")."""
    parts = []
    for ax in fig.axes:
        parts += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
    if fig._suptitle is not None:
        parts.insert(0, fig._suptitle.get_text())
    return "; ".join(spoken(p) for p in parts if p)


def _img(data: bytes, alt: str, lang: str) -> str:
    source = base64.b64encode(data).decode("ascii")
    return (
        f'<img class="{i18n.CSS_CLASS} ndcg-figure" lang="{lang}" alt="{html.escape(alt)}" '
        f'src="data:image/png;base64,{source}">'
    )


#: Where the book shows a figure's phone copy: the width up to which a step table scrolls too.
PHONE_MEDIA = "(max-width: 40em)"
#: The phone copy's width (inches), resolution (dots per inch) and smallest text (points): at a
#: phone's 342 CSS px of column, 9 points are drawn 9 x 150 / 72 = 19 image px, shown at about 10.
PHONE_WIDTH, PHONE_DPI, PHONE_POINTS = 4.2, 150, 9.0


def _dpi(fig, kwargs) -> float:
    """The dots per inch ``print_figure`` draws ``fig`` at with ``kwargs`` (as ``savefig`` does)."""
    import matplotlib

    dpi = kwargs.get("dpi") or matplotlib.rcParams["savefig.dpi"]
    return float(fig.dpi if dpi == "figure" else dpi)


def _drawn_texts(fig):
    """The texts a drawing of ``fig`` shows: visible, not empty, on a visible Axes if any."""
    from matplotlib.text import Text

    return [
        text
        for text in fig.findobj(Text)
        if text.get_text().strip() and text.get_visible() and (text.axes is None or text.axes.get_visible())
    ]


def smallest_text_px(fig, dpi: float) -> float:
    """The size of the smallest text of ``fig`` (its font size), in pixels of an image of it
    drawn at ``dpi`` dots per inch: points x dpi / 72."""
    sizes = [text.get_fontsize() for text in _drawn_texts(fig)]
    if not sizes:
        raise ValueError("the figure has no text to measure")
    return round(min(sizes) * dpi / 72, 2)


def phone_layout(fig, width: float = PHONE_WIDTH, points: float = PHONE_POINTS):
    """Lay ``fig`` out again for a phone, in place: ``width`` inches wide, the panels of a row of
    subplots one under the other (each 0.8 as tall as before, its tick labels shown), a legend of
    three columns or more in one column, no text smaller than ``points``, and no two words of
    a panel on top of each other (:func:`unstack_texts`). Returns ``fig``."""
    from matplotlib.gridspec import GridSpec

    height = fig.get_size_inches()[1]
    panels = [ax for ax in fig.axes if ax.get_subplotspec() is not None]
    grids = {id(ax.get_subplotspec().get_gridspec()) for ax in panels}
    if len(panels) > 1 and len(grids) == 1 and panels[0].get_subplotspec().get_gridspec().nrows == 1:
        panels.sort(key=lambda ax: ax.get_subplotspec().colspan.start)
        rows = GridSpec(len(panels), 1, figure=fig)
        for row, ax in enumerate(panels):
            ax.set_subplotspec(rows[row, 0])
            ax.tick_params(labelleft=True, labelbottom=True)
        fig.set_size_inches(width, 0.8 * height * len(panels))
    else:
        fig.set_size_inches(width, max(height * 0.9, min(height, width * 0.75)))
    for ax in fig.axes:  # a legend's row of three entries or more is wider than a phone
        legend = ax.get_legend()
        if legend is not None and legend._ncols > 2:
            ax.legend(
                *ax.get_legend_handles_labels(),
                loc=legend._loc,
                bbox_to_anchor=getattr(legend.get_bbox_to_anchor(), "_bbox", None),  # in axes units
                ncols=1,
                frameon=legend.get_frame_on(),
                fontsize=max(points, legend.texts[0].get_fontsize()),
            )
    for ax in fig.axes:
        for axis, name in ((ax.xaxis, "x"), (ax.yaxis, "y")):
            for ticks in (axis.get_major_ticks(), axis.get_minor_ticks()):
                small = [t.label1.get_fontsize() for t in ticks if t.label1.get_fontsize() < points]
                if small:
                    ax.tick_params(axis=name, which="both", labelsize=points)
                    break
    from matplotlib.text import Text

    for text in fig.findobj(Text):
        if text.get_fontsize() < points:
            text.set_fontsize(points)
    unstack_texts(fig)
    return fig


def unstack_texts(fig) -> list:
    """Move each text of a panel (``ax.text``; not an annotation, whose arrow points at its
    place) that overlaps one to its left down by a line, until it overlaps none: labels set side
    by side on a laptop's width ("B passes D", "B passes C" at scores -1 and 0) run into each
    other on a phone's. Returns the texts moved.

    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots(figsize=(2, 2))
    >>> left, right = ax.text(0.1, 0.9, "a long label"), ax.text(0.2, 0.9, "another long one")
    >>> unstack_texts(fig) == [right] and right.get_position()[1] < 0.9 == left.get_position()[1]
    True
    >>> unstack_texts(fig)
    []
    >>> plt.close(fig)
    """
    from matplotlib.text import Annotation

    fig.draw_without_rendering()  # the layout done, so the texts' boxes are where they will be drawn
    renderer = fig._get_renderer()
    moved = []
    for ax in fig.axes:
        texts = [
            t for t in ax.texts if not isinstance(t, Annotation) and t.get_visible() and t.get_text().strip()
        ]
        placed = []
        for text in sorted(texts, key=lambda t: t.get_window_extent(renderer).x0):
            box = text.get_window_extent(renderer)
            shifted = False
            for _ in range(len(placed)):
                if not any(box.overlaps(other) for other in placed):
                    break
                transform, (x, y) = text.get_transform(), text.get_position()
                across, down = transform.transform((x, y))
                text.set_position((x, transform.inverted().transform((across, down - 1.2 * box.height))[1]))
                box, shifted = text.get_window_extent(renderer), True
            placed.append(box)
            if shifted:
                moved.append(text)
    return moved


def _drawing(fig, lang: str, dpi: float | None = None) -> tuple[bytes, float]:
    """``fig`` drawn in ``lang`` (``"en"`` or ``"zh-Hans"``), and its smallest text in image px."""
    size_at = _dpi(fig, _inline_kwargs(dpi))
    data = png(fig, dpi)  # the English first: every tick made, so Chinese changes words only
    if lang == "en":
        return data, smallest_text_px(fig, size_at)
    with chinese(fig):
        size = smallest_text_px(fig, size_at)
    return chinese_png(fig, dpi), size


def _uri(data: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(data).decode("ascii")


def picture_html(fig, lang: str) -> str:
    """``fig`` in ``lang`` as the book shows it: a ``<picture>`` of the figure as drawn and its
    phone copy (:func:`phone_layout`), each with ``data-text-px`` (:func:`smallest_text_px`)."""
    wide = _copy(fig)
    data, size = _drawing(wide, lang)
    if lang == "en":
        alt = alt_text(wide)
    else:
        with chinese(wide):
            alt = alt_text(wide)
    phone = phone_layout(_copy(fig))
    phone_data, phone_size = _drawing(phone, lang, PHONE_DPI)
    return (
        f'<picture class="{i18n.CSS_CLASS} ndcg-figure" lang="{lang}">'
        f'<source class="ndcg-figure" media="{PHONE_MEDIA}" srcset="{_uri(phone_data)}" data-text-px="{phone_size:g}">'
        f'<img class="ndcg-figure" alt="{html.escape(alt)}" src="{_uri(data)}" data-text-px="{size:g}">'
        "</picture>"
    )


def figure_html(fig) -> str | None:
    """The ``text/html`` of a figure: ``None`` in English (the PNG alone, as always); the Chinese
    figure when the learner chose Chinese; in the book, both, each a ``<picture>`` marked with its
    ``lang`` holding the figure and its phone copy (:func:`picture_html`)."""
    now = i18n.language()
    if now == "en" or not fig.axes:
        return None
    if now == "both":
        # Each drawn on a copy: the PNG of the output must be the figure's first drawing (a
        # second one may differ: constrained layout starts from where the first left the axes).
        return picture_html(fig, "en") + picture_html(fig, "zh-Hans")
    # The English drawn first on the copy makes every tick, so the Chinese drawing changes the
    # words and fonts of existing texts only.
    copy = _copy(fig)
    png(copy)
    with chinese(copy):
        alt_zh = alt_text(copy)
    return _img(chinese_png(copy), alt_zh, "zh-Hans")


def _copy(fig):
    """A copy of ``fig`` to draw (pickled and read back), unknown to pyplot (never shown by
    itself); ``fig`` itself when it cannot be pickled."""
    manager = fig.canvas.manager
    fig.canvas.manager = None  # so the copy is not registered with pyplot as a figure to show
    try:
        return pickle.loads(pickle.dumps(fig))
    except Exception:  # an artist that does not pickle: draw the figure itself
        return fig
    finally:
        fig.canvas.manager = manager


def install(shell=None) -> bool:
    """Show every matplotlib figure of this IPython session with :func:`figure_html` too (the
    figure type is named, not imported: matplotlib loads only when a figure is drawn). Returns
    whether there was an IPython session to install it in."""
    if shell is None:
        import sys

        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return False

    def register():
        # For Figure's base class: the inline backend takes every formatter's printer of Figure
        # itself away when it starts (at the first figure, IPython's select_figure_formats).
        formatter = shell.display_formatter.formatters["text/html"]
        formatter.for_type_by_name("matplotlib.figure", "FigureBase", figure_html)

    register()
    # And again before each cell, should anything else take it away.
    events = getattr(shell, "events", None)
    if events is not None and not getattr(shell, "_ndcg_figure_languages", False):
        events.register("pre_execute", register)
        shell._ndcg_figure_languages = True
    return True
