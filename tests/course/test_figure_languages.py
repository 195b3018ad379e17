"""ndcg.course.figure_languages: a figure's output in English (as before), in Chinese, or both
(the book), and the CJK font it needs (found, or a clear error rather than empty boxes)."""

from __future__ import annotations

import base64
import re

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
    images = IMG.findall(figure_languages.figure_html(figure))
    assert [lang for lang, _, _ in images] == ["en", "zh-Hans"]
    (_, alt_en, en), (_, alt_zh, zh) = images
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
        (_, _, en), _ = IMG.findall(figure_languages.figure_html(second))
        assert english_png(second) == expected == base64.b64decode(en)
    finally:
        plt.close(first)
        plt.close(second)
