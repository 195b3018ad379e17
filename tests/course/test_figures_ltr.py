"""Chapter 6's score playground (ndcg.course.figures_ltr), without a browser.

Its JSON island holds the chapter's example (the short videos, scores 2, 1, 0, -1) and the
package's values for it; its skeleton reads without JavaScript (the starting ranking as a
table, NDCG@4, no control usable before the script runs). The browser side is
tests/browser/test_ltr.py.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

import ndcg
from ndcg import ltr
from ndcg.course import examples
from ndcg.course.figures_ltr import DATA_DECIMALS, ScorePlayground, playground_data, score_playground
from tests.course.helpers import front_end_code, machine_digits

ROOT = Path(__file__).resolve().parents[2]
CHAPTER = ROOT / "chapters" / "06_ltr.md"
NAMES = ["A", "B", "C", "D"]
GRADES = list(examples.SHORT_VIDEOS.grades)  # A 1, B 3, C 2, D 0
SCORES = [2.0, 1.0, 0.0, -1.0]
TOLERANCE = 0.6 * 10.0**-DATA_DECIMALS  # the island keeps DATA_DECIMALS decimals


def chapter_view() -> ScorePlayground:
    """The view exactly as chapter 6 makes it."""
    return score_playground(np.array(GRADES), np.array(SCORES), names=NAMES, moving=1, k=4)


def expected_ndcg(scores) -> float:
    return ndcg.ndcg_score([GRADES], [scores], k=4, gain="exponential", ignore_ties=True)


class Skeleton(HTMLParser):
    """The skeleton's visible text (what a reader without JavaScript sees), its controls,
    its JSON island and its table rows."""

    def __init__(self):
        super().__init__()
        self.stack: list[tuple[str, dict]] = []
        self.text: list[str] = []
        self.island = ""
        self.controls: list[tuple[str, dict, bool]] = []  # tag, attributes, inert?
        self.rows: list[list[str]] = []
        self.views: list[dict] = []

    def _hidden(self) -> bool:
        return any("hidden" in attrs or "data-until-ready" in attrs for _, attrs in self.stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "data-ndcg-view" in attrs:
            self.views.append(attrs)
        if tag in ("button", "input", "select", "textarea"):
            inert = "disabled" in attrs or self._hidden() or "hidden" in attrs
            self.controls.append((tag, attrs, inert))
        if tag == "tr" and "data-doc" in attrs:
            self.rows.append([])
        if tag not in ("input", "br", "img", "meta"):
            self.stack.append((tag, attrs))

    def handle_endtag(self, tag):
        while self.stack:
            name, _ = self.stack.pop()
            if name == tag:
                break

    def handle_data(self, data):
        if self.stack and self.stack[-1][0] == "script":
            self.island += data
            return
        if self._hidden():
            return
        self.text.append(data)
        if self.rows and any(name == "tr" for name, _ in self.stack):
            self.rows[-1].append(data)

    def visible(self) -> str:
        return re.sub(r"\s+", " ", "".join(self.text))


def parse(view: ScorePlayground) -> Skeleton:
    parser = Skeleton()
    parser.feed(view._repr_html_())
    return parser


# -- the data: the chapter's example and the package's values ---------------------------------


def test_the_island_holds_the_chapters_example():
    data = chapter_view().data()
    assert data["names"] == NAMES
    assert data["grades"] == [1, 3, 2, 0] == GRADES
    assert data["scores"] == SCORES
    assert data["moving"] == 1  # video B, the user's favourite at rank 2
    assert (data["k"], data["gain"], data["sigma"]) == (4, "exponential", 1.0)
    assert data["axis"] == [-3.0, 4.0]  # the chapter's staircase figure: np.linspace(-3, 4, ...)
    assert data["noun"] == "video"


def test_the_island_holds_the_packages_values():
    start = chapter_view().data()["start"]
    _, ranknet = ltr.ranknet_loss(GRADES, SCORES)
    lambdas = ltr.lambdarank_gradients(GRADES, SCORES, 4, gain="exponential")
    assert start["order"] == [0, 1, 2, 3]
    assert start["ndcg"] == pytest.approx(expected_ndcg(SCORES), abs=TOLERANCE)
    assert start["ranknet"] == pytest.approx(ranknet.tolist(), abs=TOLERANCE)
    assert start["lambdas"] == pytest.approx(lambdas.tolist(), abs=TOLERANCE)
    # the chapter's own numbers: its lambdas have no cut-off, the same with four videos
    assert start["lambdas"] == pytest.approx(ltr.lambdarank_gradients(GRADES, SCORES).tolist(), abs=TOLERANCE)
    # rounded where produced: no machine digits in the island (nor anywhere in the HTML)
    assert machine_digits(chapter_view()._repr_html_()) == []


def test_the_staircase_of_b_is_the_chapters():
    # One level between two neighbouring scores of the others (D -1, C 0, A 2), each equal to
    # the chapter's ndcg_when_b_scores on that step: 4 flat steps, the lowest when B is last.
    steps = chapter_view().data()["start"]["steps"]
    assert [(step["from"], step["to"]) for step in steps] == [
        (-3.0, -1.0),
        (-1.0, 0.0),
        (0.0, 2.0),
        (2.0, 4.0),
    ]
    for step in steps:
        for s_b in np.linspace(step["from"], step["to"], 9)[1:-1]:
            scores = [2.0, s_b, 0.0, -1.0]
            assert step["ndcg"] == pytest.approx(expected_ndcg(scores), abs=TOLERANCE)
    levels = [step["ndcg"] for step in steps]
    assert levels == sorted(levels) and len(set(levels)) == 4
    assert levels[-1] == pytest.approx(expected_ndcg([2.0, 3.0, 0.0, -1.0]), abs=TOLERANCE)


def test_the_view_works_for_another_query():
    data = playground_data(
        [0, 2, 1], [0.5, -0.5, 1.25], names=["x", "y", "z"], moving=0, k=None, gain="linear"
    )
    assert data["start"]["order"] == [2, 0, 1]
    assert data["start"]["ndcg"] == pytest.approx(
        ndcg.ndcg_score([[0, 2, 1]], [[0.5, -0.5, 1.25]], gain="linear"), abs=TOLERANCE
    )
    assert data["messages"]["ndcg"] == "NDCG"
    assert data["start"]["lambdas"] == pytest.approx(
        ltr.lambdarank_gradients([0, 2, 1], [0.5, -0.5, 1.25], gain="linear").tolist(), abs=TOLERANCE
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"grades": [1, 2], "scores": [1.0], "names": "AB"}, "one entry per item"),
        ({"grades": [1, 2], "scores": [1.0, 0.0], "names": "AB", "moving": 2}, "moving"),
        ({"grades": [1, 2], "scores": [9.0, 0.0], "names": "AB"}, "on the axis"),
        ({"grades": [1, 2], "scores": [1.0, 0.0], "names": "AB", "axis": (2, 1)}, "axis"),
        ({"grades": [], "scores": [], "names": []}, "one entry per item"),
    ],
)
def test_bad_arguments_are_refused_with_a_message(arguments, message):
    with pytest.raises(ValueError, match=message):
        score_playground(arguments.pop("grades"), arguments.pop("scores"), **arguments)


# -- the skeleton: readable without JavaScript -------------------------------------------------


def test_the_skeleton_reads_without_javascript():
    view = chapter_view()
    skeleton = parse(view)
    text = skeleton.visible()
    assert "NDCG@4 = 0.736" in text
    assert f"{ndcg.ndcg_score([GRADES], [SCORES], k=4, gain='exponential'):.3f}" == "0.736"
    assert "Ranking by score: A, B, C, D" in text
    _, ranknet = ltr.ranknet_loss(GRADES, SCORES)
    lambdas = ltr.lambdarank_gradients(GRADES, SCORES, 4)
    assert len(skeleton.rows) == 4
    for rank, (row, doc) in enumerate(zip(skeleton.rows, [0, 1, 2, 3], strict=True), start=1):
        cells = " ".join(" ".join(row).split())
        assert cells.startswith(f"{rank} {NAMES[doc]} (grade {GRADES[doc]}) {SCORES[doc]:.2f}")
        arrow_r = "\N{UPWARDS ARROW}" if ranknet[doc] < 0 else "\N{DOWNWARDS ARROW}"
        arrow_l = "\N{UPWARDS ARROW}" if lambdas[doc] < 0 else "\N{DOWNWARDS ARROW}"
        assert f"{arrow_r} {ranknet[doc]:.3f}" in cells
        assert f"{arrow_l} {lambdas[doc]:.3f}" in cells
    # the help text and the controls wait for the script; no control works before it
    assert "drag its score" not in text
    assert skeleton.controls and all(inert for _, _, inert in skeleton.controls)
    kinds = {
        (tag, attrs.get("type"), attrs.get("data-role") or attrs.get("data-action"))
        for tag, attrs, _ in skeleton.controls
    }
    assert {("input", "range", "slider"), ("input", "text", "box"), ("button", "button", "reset")} <= kinds
    assert sum(1 for tag, attrs, _ in skeleton.controls if "data-doc" in attrs) == 4


def test_the_skeleton_is_a_view_with_its_island():
    view = chapter_view()
    skeleton = parse(view)
    assert len(skeleton.views) == 1
    attrs = skeleton.views[0]
    assert attrs["data-ndcg-view"] == "score-playground"
    assert attrs["class"].split()[:2] == ["ndcg-kf", "ndcg-ltr"]
    assert json.loads(skeleton.island) == view.data()
    html = view._repr_html_()
    assert html.count('aria-live="polite"') == 1
    assert "snapshot" not in html.lower()
    assert front_end_code(html) is None  # no CSS or JavaScript in Python
    assert chapter_view().dom_id != view.dom_id  # two views on a page never share an id
    assert repr(view) == "<ScorePlayground: NDCG@4 = 0.736>"


# -- the chapter -------------------------------------------------------------------------------


def test_the_chapter_shows_the_playground_after_its_static_figures():
    text = CHAPTER.read_text(encoding="utf-8")
    call = 'score_playground(SHORT_VIDEOS.grades, [2.0, 1.0, 0.0, -1.0], names=["A", "B", "C", "D"], moving=1, k=4)'
    assert 'names = ["A", "B", "C", "D"]' in text and "scores = np.array([2.0, 1.0, 0.0, -1.0])" in text
    assert text.count(call) == 1
    at = text.index(call)
    # after the static staircase and the static forces figure, which stay (print and PDF)
    assert text.index('ax.set_title("NDCG as a function of one score: a staircase")') < at
    assert text.index('draw_forces(axes[1], lam, "LambdaRank: lambdas (|ΔNDCG|-weighted)")') < at
    assert at < text.index("### LambdaMART")
    # introduced in the prose, with no number typed into it
    intro = text[: text.rindex("```{code-cell}", 0, at)].rstrip().splitlines()[-2:]
    assert all(line and not re.search(r"\d\.\d", line) for line in intro)
    assert "drag its score" in intro[0]
