"""The book's interactive figures and the kernel-free ranking explorer, in Python: their HTML
skeleton (readable without JavaScript), their JSON island, and numbers computed by ``ndcg``."""

import json
import re
from html.parser import HTMLParser

import matplotlib

matplotlib.use("Agg")

import pytest

import ndcg
from ndcg.course import examples, figures, tables
from ndcg.course.display import fmt
from ndcg.course.widgets import SNAPSHOT_NOTE, RankingExplorer
from ndcg.course.widgets.explorer import TEXTS
from tests.course.helpers import front_end_code


def island(markup: str) -> dict:
    found = re.findall(r'<script type="application/json" data-ndcg-data>(.*?)</script>', markup, flags=re.S)
    assert len(found) == 1
    return json.loads(found[0])


def readable(markup: str) -> str:
    """What a reader without JavaScript sees: no JSON island, no hidden controls, no tags."""
    markup = re.sub(r"<script.*?</script>", "", markup, flags=re.S)
    markup = re.sub(r"<(div|p|span|label)[^>]*\bhidden\b[^>]*>.*?</\1>", "", markup, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", markup)
    text = " ".join(text.replace("&#x27;", "'").replace("&amp;", "&").split())
    return re.sub(r" ([.,;)])", r"\1", text)


class _Controls(HTMLParser):
    """The inputs, selects and buttons that a reader without JavaScript could use."""

    VOID = frozenset({"input", "br", "img", "meta", "hr", "wbr"})

    def __init__(self):
        super().__init__()
        self.stack: list[bool] = []  # per open element: is it (or an ancestor) hidden?
        self.usable: list[str] = []

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        hidden = (self.stack[-1] if self.stack else False) or "hidden" in names
        if tag in ("input", "select", "button") and not hidden and "disabled" not in names:
            self.usable.append(tag)
        if tag not in self.VOID:
            self.stack.append(hidden)

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.stack:
            self.stack.pop()


def check_view(markup: str, kind: str):
    assert markup.startswith('<div class="ndcg-kf ') and f'data-ndcg-view="{kind}"' in markup
    assert 'aria-live="polite"' in markup
    assert front_end_code(markup) is None  # data and classes only: the JS and CSS live in files
    assert SNAPSHOT_NOTE not in markup
    controls = _Controls()
    controls.feed(markup)
    assert controls.usable == []  # every control is hidden or disabled until the script wires it
    assert not controls.stack  # and the markup is balanced


# -- the explorer --------------------------------------------------------------------------------


def test_explorer_is_a_kernel_free_view_with_its_data():
    explorer = RankingExplorer(examples.EIGHT_RETRIEVED.grades, k=6)
    markup = explorer.snapshot_html()
    check_view(markup, "explorer")
    data = island(markup)
    assert data["grades"] == "3, 2, 3, 0, 1, 2" and data["k"] == 6 and data["gain"] == "linear"
    assert data["showRr"] is False and data["examples"] == [] and data["texts"] == TEXTS
    assert data["columns"] == list(tables.COLUMNS)
    assert 'class="ndcg-ex-controls" data-until-ready hidden' in markup
    seen = readable(markup)
    g = examples.EIGHT_RETRIEVED.grades
    for label, value in (
        ("CG@6", ndcg.cg(g, 6)),
        ("DCG@6", ndcg.dcg(g, 6)),
        ("IDCG@6", ndcg.idcg(g, 6)),
        ("NDCG@6 = DCG / IDCG", ndcg.ndcg(g, 6)),
    ):
        assert f"{label} = {fmt(value, '.3f')}" in seen
    assert "Grades: 3, 2, 3, 0, 1, 2, k = 6, linear gain" in seen
    assert "RR =" not in seen


def test_explorer_show_rr_in_the_view():
    grades = examples.CHENGDU_GUIDE_B.grades
    explorer = RankingExplorer(grades, k=5, show_rr=True)
    markup = explorer.snapshot_html()
    assert explorer.rr_value == ndcg.rr(grades)
    assert f"RR = <b>{fmt(ndcg.rr(grades), '.3f')}</b>" in markup
    assert "first result graded 1 or more at rank 1" in markup
    assert RankingExplorer([0, 0, 2, 4], show_rr=True).rr_value == ndcg.rr([0, 0, 2, 4])
    assert "at rank 3" in RankingExplorer([0, 0, 2, 4], show_rr=True).snapshot_html()
    none = RankingExplorer([0, 0], show_rr=True)
    assert none.rr_value == 0 and "no result graded 1 or more" in none.snapshot_html()
    assert island(markup)["showRr"] is True and "RR (reciprocal rank)" in readable(markup)
    assert "RR = <b>" not in RankingExplorer(grades).snapshot_html().split("<script")[0]


def test_explorer_examples_picker_in_the_view():
    a, b = examples.CHENGDU_GUIDE_A, examples.CHENGDU_GUIDE_B
    explorer = RankingExplorer(b.grades, show_rr=True, examples={a.name: a.grades, b.name: b.grades})
    data = island(explorer.snapshot_html())
    assert data["grades"] == "4, 0, 0, 0, 0"
    assert data["examples"] == [
        {"label": "system A", "grades": [4, 2, 2, 2, 1]},
        {"label": "system B", "grades": [4, 0, 0, 0, 0]},
    ]
    assert '<select data-role="example">' in explorer.snapshot_html()
    with pytest.raises(ValueError):
        RankingExplorer(examples={"bad": [1, -1]})


def test_explorer_chart_without_javascript_speaks_the_edition_language(monkeypatch):
    """The chart a reader without JavaScript sees: in the book one image per edition, each with
    its words and its alternative text in that language; in a notebook, the chosen one alone."""
    from ndcg.course import i18n

    monkeypatch.setattr(i18n, "_chosen", None)
    monkeypatch.setenv(i18n.ENVIRONMENT, "both")
    g = examples.EIGHT_RETRIEVED.grades
    chart = re.search(
        r'<div data-role="chart"[^>]*>(.*?)</div>', RankingExplorer(g, k=6).snapshot_html(), re.S
    )[1]
    copies = re.findall(
        r'<span class="ndcg-lang" lang="([^"]+)"><img src="data:image/png;base64,([^"]+)" alt="([^"]*)"',
        chart,
    )
    assert [lang for lang, _, _ in copies] == ["en", "zh-Hans"]
    (_, en, alt_en), (_, zh, alt_zh) = copies
    dcg = fmt(ndcg.dcg(g, 6), ".3f")
    assert alt_en == TEXTS["chart"].replace("{n}", "6").replace("{dcg}", dcg)
    assert f"DCG@6 = {dcg}" in alt_zh and "增益" in alt_zh
    assert en != zh  # the Chinese copy is drawn with the Chinese words
    monkeypatch.setattr(i18n, "_chosen", "zh")
    alone = RankingExplorer(g, k=6).snapshot_html()
    assert alone.count("<img ") == 1 and alt_zh in alone


# -- the figures ----------------------------------------------------------------------------------


def test_discount_slider():
    figure = figures.discount_slider()
    markup = figure._repr_html_()
    check_view(markup, "discount")
    assert island(markup) == {"ranks": 20, "rank": 1, "texts": figures.DISCOUNT_TEXTS}
    assert 'type="range" data-role="slider" min="1" max="20"' in markup
    seen = readable(markup)
    assert "At rank 1, DCG's discount 1/log2(2) keeps 1.000 of a result's gain; 1/i would keep 1.000." in seen
    discounts = ndcg.discounts(10)
    for rank in range(1, 11):
        assert f"{rank} {fmt(discounts[rank - 1], '.3f')} {fmt(1 / rank, '.3f')}" in seen
    later = figures.discount_slider(rank=7)
    assert f"keeps {fmt(ndcg.discounts(7)[-1], '.3f')}" in readable(later.html())
    assert later.values(7) == (ndcg.discounts(7)[-1], ndcg.rr([0] * 6 + [1]))
    with pytest.raises(ValueError):
        figures.discount_slider(rank=21)


def test_gain_slider():
    figure = figures.gain_slider()
    markup = figure._repr_html_()
    check_view(markup, "gains")
    assert island(markup) == {"grades": 5, "grade": 2, "texts": figures.GAIN_TEXTS}
    seen = readable(markup)
    assert "grade 2 is worth 2 with the linear gain (g) and 3 with the exponential gain" in seen
    for g in range(6):
        linear, exponential = ndcg.gain_values([g])[0], ndcg.gain_values([g], gain="exponential")[0]
        assert f"{g} {fmt(linear, '.0f')} {fmt(exponential, '.0f')}" in seen
    with pytest.raises(ValueError):
        figures.gain_slider(grade=6)


def test_ndcg_at_k_figure():
    figure = figures.ndcg_at_k()
    markup = figure._repr_html_()
    check_view(markup, "ndcg-at-k")
    data = island(markup)
    assert data["items"] == list(examples.MOVIES.items) and data["grades"] == list(examples.MOVIES.grades)
    assert data["texts"] == figures.NDCG_AT_K_TEXTS
    assert figure.curve() == [ndcg.ndcg(examples.MOVIES.grades, k) for k in range(1, 6)]
    seen = readable(markup)
    for k, value in enumerate(figure.curve(), start=1):
        assert f"{k} {fmt(value, '.3f')} {fmt(value, '.3f')}" in seen
    assert "film A (grade 3)" in seen and "film E (grade 2)" in seen
    assert markup.count('data-action="up"') == 5 and 'aria-label="Move film C down"' in markup
    with pytest.raises(ValueError, match="items must name every grade"):
        figures.ndcg_at_k(items=["a"], grades=[1, 2])


def test_same_rr_builder():
    builder = figures.same_rr_builder()
    markup = builder._repr_html_()
    check_view(markup, "same-rr")
    data = island(markup)
    a, b = figures.SAME_RR_PAIR
    assert data["a"] == list(a) and data["b"] == list(b) and data["threshold"] == 1
    assert data["texts"] == figures.SAME_RR_TEXTS
    # the starting pair shows it: same RR, different NDCG, all computed
    assert ndcg.rr(a) == ndcg.rr(b) and ndcg.ndcg(a) != pytest.approx(ndcg.ndcg(b))
    assert builder.verdict() == "same_rr"
    seen = readable(markup)
    for grades in (a, b):
        assert f"RR = {fmt(ndcg.rr(grades), '.3f')} · NDCG = {fmt(ndcg.ndcg(grades), '.3f')}" in seen
    assert "Same RR, different NDCG" in seen
    verdicts = [figures.same_rr_builder(p["a"], p["b"]).verdict() for p in data["pairs"]]
    assert verdicts == ["same_rr", "same_both", "same_ndcg"]
    assert figures.same_rr_builder([1, 0], [0, 3, 1]).verdict() == "differ_both"


def test_figures_are_deterministic_apart_from_their_ids():
    def strip(markup):
        return re.sub(r'id="ndcg-[a-z-]+-\d+"', "", markup)

    for make in (figures.discount_slider, figures.gain_slider, figures.ndcg_at_k, figures.same_rr_builder):
        assert strip(make()._repr_html_()) == strip(make()._repr_html_())
