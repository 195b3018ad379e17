"""ndcg.course.figure_languages: a figure's output in English (as before), in Chinese, or both
(the book), and the CJK font it needs (found, or a clear error rather than empty boxes)."""

from __future__ import annotations

import base64
import re
import warnings

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest
from IPython.core.pylabtools import print_figure

from ndcg.course import figure_languages, i18n, plots
from ndcg.course.examples import CAT_BATH_A, CAT_BATH_B

IMG = re.compile(
    r'<img class="ndcg-lang ndcg-figure" lang="([^"]+)" alt="([^"]*)" src="data:image/png;base64,([^"]+)">'
)
#: A figure's copy in one language in the book: the phone's copy (<source>) and the figure as drawn.
PICTURE = re.compile(
    r'<picture class="ndcg-lang ndcg-figure" lang="([^"]+)">'
    r'<source class="ndcg-figure" media="([^"]+)" srcset="data:image/png;base64,([^"]+)" data-text-px="([^"]+)">'
    r'<img class="ndcg-figure" alt="([^"]*)" src="data:image/png;base64,([^"]+)" data-text-px="([^"]+)">'
    r"</picture>"
)
#: The width a phone of 390 CSS px gives a figure in the book (the column, less the light card
#: the theme sets a figure on in dark mode), and the smallest text it must show there.
PHONE_COLUMN, SMALLEST_CSS_PX = 342, 9


def png_width(data: bytes) -> int:
    return int.from_bytes(data[16:20], "big")


@pytest.fixture
def language(monkeypatch):
    def choose(code):
        monkeypatch.setattr(i18n, "_chosen", None)
        monkeypatch.setenv(i18n.ENVIRONMENT, code)

    return choose


@pytest.fixture
def figure():
    fig = plots.side_by_side({"system A": CAT_BATH_A.grades, "system B": CAT_BATH_B.grades})
    fig.axes[0].set_xlabel("rank in the logged list")
    yield fig
    plt.close(fig)


def english_png(fig) -> bytes:
    return print_figure(fig, "png", bbox_inches="tight")


def test_in_english_the_figure_is_the_png_alone(language, figure):
    language("en")
    assert figure_languages.figure_html(figure) is None


def test_in_the_book_both_figures_are_there_each_with_its_language(language, figure):
    language("both")
    before = english_png(figure)
    pictures = PICTURE.findall(figure_languages.figure_html(figure))
    assert [p[0] for p in pictures] == ["en", "zh-Hans"]
    (_, alt_en, en), (_, alt_zh, zh) = [(p[0], p[4], p[5]) for p in pictures]
    # The English copy is the English figure, byte for byte; drawing the Chinese one leaves the
    # figure as it was (the PNG the English edition shows does not change).
    assert base64.b64decode(en) == before == english_png(figure)
    assert base64.b64decode(zh) != before
    assert "system A: DCG@4 = 4.762" in alt_en and "rank in the logged list" in alt_en
    assert "系统 A：DCG@4 = 4.762" in alt_zh and "在日志列表中的排名" in alt_zh


def test_a_learner_who_chose_chinese_sees_the_chinese_figure_alone(language, figure):
    language("zh")
    images = IMG.findall(figure_languages.figure_html(figure))
    assert [lang for lang, _, _ in images] == ["zh-Hans"]


def test_the_chinese_words_are_drawn_while_drawing_then_put_back(figure):
    axis = figure.axes[0]
    with figure_languages.chinese(figure):
        assert axis.get_title() == "系统 A：DCG@4 = 4.762"
        assert [t.get_text() for t in axis.get_legend().get_texts()] == ["增益", "贡献 = 增益 × 折损"]
    assert axis.get_title() == "system A: DCG@4 = 4.762"
    assert axis.get_legend().get_texts()[0].get_text() == "gain"


def test_maths_and_chinese_in_one_label_draw_without_missing_glyphs():
    ax = plots.discount_curves(10, jarvelin_bases=(2,))  # "$1/i$ (reciprocal rank)", "rank $i$"
    try:
        assert figure_languages.chinese_png(ax.figure).startswith(b"\x89PNG")
    finally:
        plt.close(ax.figure)


def test_a_chinese_font_is_found():
    assert figure_languages.cjk_font() in figure_languages.CJK_FONTS


def test_a_chinese_font_installed_after_matplotlib_listed_its_fonts_is_found(monkeypatch):
    # matplotlib caches its list of fonts (fontlist-*.json) the first time it runs: a font
    # installed later (`apt-get install fonts-noto-cjk` after a first build) is not in that list.
    # The book's figures and the decks' (ndcg_book.slides.figures.cjk_fonts) find it all the same.
    from matplotlib import font_manager

    from ndcg_book.slides.figures import cjk_fonts

    stale = font_manager.FontManager.__new__(font_manager.FontManager)
    stale.__dict__.update(font_manager.fontManager.__dict__)
    stale.ttflist = [f for f in font_manager.fontManager.ttflist if f.name not in figure_languages.CJK_FONTS]
    monkeypatch.setattr(font_manager, "fontManager", stale)
    # (the decks first: finding the font adds it to the list)
    decks = cjk_fonts()
    assert decks[0] == "DejaVu Sans" and decks[1:] == [figure_languages.cjk_font()]


def test_no_chinese_font_is_a_clear_error():
    with pytest.raises(figure_languages.MissingChineseFont, match="fonts-noto-cjk"):
        figure_languages.cjk_font(("No Such Font CJK",))


def test_a_font_without_chinese_fails_rather_than_drawing_boxes(monkeypatch, figure):
    monkeypatch.setattr(figure_languages, "cjk_font", lambda candidates=None: "DejaVu Sans")
    with pytest.raises(figure_languages.MissingChineseFont, match="missing"):
        figure_languages.chinese_png(figure)
    assert figure.axes[0].get_title() == "system A: DCG@4 = 4.762"


class _Formatter:
    def __init__(self):
        self.deferred = {}

    def for_type_by_name(self, module, name, function):
        self.deferred[(module, name)] = function


class _Shell:
    def __init__(self):
        self.display_formatter = type("D", (), {"formatters": {"text/html": _Formatter()}})()


def test_install_names_the_figure_type_for_ipython():
    shell = _Shell()
    assert figure_languages.install(shell)
    deferred = shell.display_formatter.formatters["text/html"].deferred
    assert deferred == {("matplotlib.figure", "FigureBase"): figure_languages.figure_html}


def test_the_png_shown_after_is_the_figures_first_drawing(language):
    """Constrained layout does not always draw a figure the same twice (the disagreement bars,
    their legend below): both languages are drawn on copies, so the PNG the English edition shows
    is still the figure's first drawing."""
    from ndcg.course.compare import compare_metrics, metric_suite

    language("both")
    agreements = compare_metrics(metric_suite(k=10), pairs=300, n_items=10, seed=0)
    first, second = plots.disagreement(agreements).figure, plots.disagreement(agreements).figure
    try:
        expected = english_png(first)
        en = PICTURE.findall(figure_languages.figure_html(second))[0][5]
        assert english_png(second) == expected == base64.b64decode(en)
    finally:
        plt.close(first)
        plt.close(second)


# -- on a phone: a copy drawn for it, and the size of its smallest text --------------------------


def _single_line_heights(fig, dpi):
    """Each drawn horizontal one-line text of ``fig`` (a PNG drawn at ``dpi`` just before): its
    font size in px, and the height matplotlib's renderer gives its box (its line) in px."""
    renderer = fig.canvas.get_renderer()
    return [
        (text.get_fontsize() * dpi / 72, text.get_window_extent(renderer).height)
        for text in figure_languages._drawn_texts(fig)
        if "\n" not in text.get_text() and text.get_rotation() == 0 and "$" not in text.get_text()
    ]


def test_the_smallest_text_size_is_what_matplotlib_draws(figure):
    """The size a figure carries (data-text-px) is its smallest text's, as the renderer draws it:
    matplotlib's own box of every one-line text is at least that tall (no smaller text is drawn),
    and the smallest one's box is no taller than a line of that size."""
    figure_languages.png(figure, 100)
    size = figure_languages.smallest_text_px(figure, 100)
    assert size == round(8 * 100 / 72, 2)  # the bars' values and the legend (plots.contributions)
    boxes = _single_line_heights(figure, 100)
    assert min(height for _, height in boxes) >= size
    smallest = [height for font, height in boxes if abs(font - size) < 0.01]
    assert smallest and max(smallest) <= 1.5 * size
    # at twice the resolution, everything is twice as large
    assert figure_languages.smallest_text_px(figure, 200) == round(2 * 8 * 100 / 72, 2)


def test_a_figure_without_text_has_no_smallest_text():
    fig, ax = plt.subplots()
    ax.axis("off")
    try:
        with pytest.raises(ValueError, match="no text"):
            figure_languages.smallest_text_px(fig, 100)
    finally:
        plt.close(fig)


def _phone_pictures(fig):
    """``(lang, phone PNG, its text px, wide PNG, its text px)`` of each language's copy."""
    return [
        (lang, base64.b64decode(phone), float(phone_px), base64.b64decode(wide), float(wide_px))
        for lang, media, phone, phone_px, _, wide, wide_px in PICTURE.findall(
            figure_languages.figure_html(fig)
        )
        if media == figure_languages.PHONE_MEDIA
    ]


def test_the_phone_copy_stacks_the_panels_and_reads_at_nine_css_px(language, figure):
    language("both")
    pictures = _phone_pictures(figure)
    assert [p[0] for p in pictures] == ["en", "zh-Hans"]
    for lang, phone, phone_px, wide, wide_px in pictures:
        # the figure as drawn reads at about 4.5 px on a phone; its phone copy at 9 or more
        assert wide_px * PHONE_COLUMN / png_width(wide) < SMALLEST_CSS_PX, lang
        assert phone_px * PHONE_COLUMN / png_width(phone) >= SMALLEST_CSS_PX, lang
        assert phone_px >= figure_languages.PHONE_POINTS * figure_languages.PHONE_DPI / 72
        # two panels one under the other: taller than wide
        height = int.from_bytes(phone[20:24], "big")
        assert height > png_width(phone), lang
    # the figure itself is left as it was: panels side by side, its own size
    assert [ax.get_subplotspec().colspan.start for ax in figure.axes] == [0, 1]
    assert list(figure.get_size_inches()) == [8.4, 3.4]


def test_the_phone_copy_of_a_wide_legend_fits_a_phone(language):
    """The disagreement bars' legend is a row of three entries under the plot: on a phone, one
    entry a line, and the figure as wide as a phone's copy is (constrained layout did not give up)."""
    from ndcg.course.compare import compare_metrics, metric_suite

    language("both")
    bars = plots.disagreement(compare_metrics(metric_suite(k=10), pairs=300, n_items=10, seed=0)).figure
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # "constrained_layout not applied" would fail here
            pictures = _phone_pictures(bars)
        for lang, phone, phone_px, _, _ in pictures:
            assert png_width(phone) <= 1.1 * figure_languages.PHONE_WIDTH * figure_languages.PHONE_DPI, lang
            assert phone_px * PHONE_COLUMN / png_width(phone) >= SMALLEST_CSS_PX, lang
    finally:
        plt.close(bars)


def test_the_phone_copy_keeps_labels_side_by_side_apart():
    """Chapter 6's staircase marks where B's score passes D's, C's and A's (-1, 0, 2 on an axis
    from -3 to 4) with a label beside each line: apart on a laptop, on top of each other once the
    figure is a phone's width and its words 9 pt. The phone copy moves the second one down a line."""
    fig, ax = plt.subplots(figsize=(8, 3.8), layout="constrained")
    ax.plot([-3, 4], [0.6, 1.0])
    labels = [
        ax.text(x, 1.01, f" B passes {name}", fontsize=9) for x, name in ((2, "A"), (0, "C"), (-1, "D"))
    ]
    ax.set_ylim(0.4, 1.05)

    def overlaps(figure):
        figure.draw_without_rendering()
        renderer = figure._get_renderer()
        boxes = [t.get_window_extent(renderer) for t in figure.axes[0].texts]
        return [
            (a, b) for a in range(len(boxes)) for b in range(a + 1, len(boxes)) if boxes[a].overlaps(boxes[b])
        ]

    try:
        assert overlaps(fig) == []
        phone = figure_languages.phone_layout(figure_languages._copy(fig))
        try:
            assert overlaps(phone) == [], "two labels of the phone copy overlap"
            # the labels keep their lines: each still starts at its score
            assert [t.get_position()[0] for t in phone.axes[0].texts] == [2, 0, -1]
        finally:
            plt.close(phone)
        assert [t.get_position() for t in labels] == [(2, 1.01), (0, 1.01), (-1, 1.01)]
    finally:
        plt.close(fig)


def test_the_alternative_text_reads_a_figure_s_maths_without_its_markup():
    # "rank $i$" would be read aloud as "rank dollar i dollar"
    fig, ax = plt.subplots()
    ax.set_title("How much of a gain each rank keeps")
    ax.set_xlabel("rank $i$")
    ax.set_ylabel(r"gain $2^{rel} - 1$ at NDCG@$k$")
    try:
        assert figure_languages.alt_text(fig) == (
            "How much of a gain each rank keeps; rank i; gain 2^rel - 1 at NDCG@k"
        )
    finally:
        plt.close(fig)
