"""The views' words (ndcg.course.views_text): every key the JS reads is in the table and in the
data Python hands it, the JS holds no words of its own, and the book's build carries both
languages while a notebook carries one."""

from __future__ import annotations

import json
import re

import pytest

from ndcg.course import assets, examples, figures, figures_ltr, i18n, views_text
from ndcg.course.widgets import GAME_TITLE, MonsterGame, RankingExplorer, ReorderGame, TwoSystemsGame

#: A key read from a view's texts in the JS: ``t.readout``, ``msg.best_swap``, ``words.ranks``.
_READ = re.compile(r"\b(t|msg|words|texts|this\.msg)\.(\w+)\b")


def _code(name: str) -> str:
    """A JS file without its comments."""
    text = re.sub(r"/\*.*?\*/", "", assets.read(name), flags=re.S)
    return re.sub(r"(?m)^\s*//.*$", "", text)


def _functions(name: str) -> dict[str, str]:
    """The top-level functions of a JS file (and ``Monster.prototype.*``), by name: their code."""
    text = _code(name)
    starts = [
        (m.start(), m.group(1) or m.group(2))
        for m in re.finditer(r"^(?:function (\w+)\(|(Monster)\.prototype\.)", text, re.M)
    ]
    found: dict[str, str] = {}
    for (start, fn), (end, _) in zip(starts, [*starts[1:], (len(text), "")]):
        found[fn] = found.get(fn, "") + text[start:end]
    return found


def _keys(code: str, holder: str | None = None) -> set[str]:
    return {key for who, key in _READ.findall(code) if holder is None or who in holder.split("|")}


def _script_keys(data) -> set[str]:
    return set(data) if isinstance(data, dict) else set()


def test_every_key_the_explorers_read_is_in_the_table_and_handed_over():
    functions = _functions("ndcg-explorers.js")
    views = {
        "explorer": ("explorer", RankingExplorer(show_rr=True).data()),
        "discount": ("discount", figures.discount_slider().data()),
        "gains": ("gains", figures.gain_slider().data()),
        "ndcgAtK": ("ndcg_at_k", figures.ndcg_at_k().data()),
        "sameRr": ("same_rr", figures.same_rr_builder().data()),
    }
    for function, (group, data) in views.items():
        used = _keys(functions[function], "t")
        assert used, function
        assert used <= set(views_text.TEXTS[group]), (function, used - set(views_text.TEXTS[group]))
        assert used <= set(data["texts"]), (function, used - set(data["texts"]))
    # the explorer and the builder explain bad input with the table's errors
    for data in (views["explorer"][1], views["sameRr"][1]):
        assert set(data["errors"]) == set(views_text.TEXTS["errors"])


def test_every_key_the_games_read_is_in_the_table_and_handed_over():
    functions = _functions("ndcg-games.js")
    reorder = ReorderGame(examples.SHORT_VIDEOS, k=4, gain="exponential", pairs=True).view_data()
    monster = MonsterGame(examples.VIDEO_GAME_X).view_data()
    two = TwoSystemsGame(examples.VIDEO_GAME_X, examples.VIDEO_GAME_Y).view_data()
    used = _keys(functions["reorder"], "msg")
    assert used and used <= set(views_text.TEXTS["reorder"]) and used <= set(reorder["messages"])
    words = _keys(functions["reorder"], "words")
    assert words and words <= set(views_text.TEXTS["game"]) and words <= set(reorder["words"])
    # the engine's words of the earlier chapters: every key but the pairs' (chapter 6)
    for data in (ReorderGame(examples.BASKETBALL, cg=True).view_data(), monster):
        assert used - {"best_swap", "no_swap"} <= set(data["messages"])
    said = _keys(functions["Monster"], "msg|this.msg")
    assert said and said <= set(views_text.TEXTS["monster"]) and said <= set(monster["monster"]["messages"])
    words = _keys(functions["twoSystems"], "words")
    assert words and words <= set(views_text.TEXTS["two_systems"]) and words <= set(two["words"])


def test_every_key_the_playground_reads_is_handed_over():
    used = _keys(_code("ndcg-ltr.js"), "msg")
    data = figures_ltr.playground_data([3, 2, 1, 0], [2.0, 1.0, 0.0, -1.0], names="ABCD")
    assert used and used <= set(data["messages"]) and used <= set(views_text.TEXTS["playground"])


def test_every_message_of_bad_input_the_metrics_throw_is_in_the_table():
    thrown = set(re.findall(r'problem\("(\w+)"', _code("ndcg-metrics.js")))
    assert thrown == set(views_text.TEXTS["errors"])


#: A string literal of the JS; words in it are two words of letters next to each other.
_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`')
_WORDS = re.compile(r"\b[A-Za-z]{2,}\b[ ,.:;!?]+\b[A-Za-z]{2,}\b")
#: Literals with words that are not for the reader: modules, CSS classes, selectors, events, and
#: ndcg-metrics.js's errors for a programmer's wrong arguments (the API's, as the package's).
_NOT_WORDS = re.compile(
    r"^\./ndcg-|^(ndcg-[\w-]+ ?)+$|ndcg-muted|^\.ndcg-|^change:|^<td class|^</td><td class|"
    r"must be|must give|scores for|every move must|the items at it"
)


@pytest.mark.parametrize(
    "name",
    [
        "ndcg-games.js",
        "ndcg-explorers.js",
        "ndcg-ltr.js",
        "ndcg-answer.js",
        "ndcg-metrics.js",
        "ndcg-boot.js",
    ],
)
def test_the_views_hold_no_words_of_their_own(name):
    offenders = []
    for literal in _LITERAL.finditer(_code(name)):
        text = re.sub(r"\$\{[^}]*\}", " ", literal.group(0)[1:-1])
        if _WORDS.search(text) and not _NOT_WORDS.search(text):
            offenders.append(text)
    assert not offenders, f"{name} says words of its own: {offenders}"


def test_the_catalogue_translates_every_text():
    table = i18n.catalogue(views_text.DOMAIN)
    missing = [
        (context, english) for context, english in views_text.messages() if (context, english) not in table
    ]
    assert not missing
    for context, english in views_text.messages():
        assert set(re.findall(r"\{\w+\}", english)) == set(re.findall(r"\{\w+\}", table[(context, english)]))


def test_the_book_carries_both_languages_a_notebook_one(monkeypatch):
    monkeypatch.setattr(i18n, "_chosen", None)
    monkeypatch.setenv(i18n.ENVIRONMENT, "both")
    view = TwoSystemsGame(examples.VIDEO_GAME_X, examples.VIDEO_GAME_Y, title=GAME_TITLE).snapshot_html()
    assert "data-lang" not in view and 'lang="zh-Hans">谁的推荐更懂我？<' in view
    island = json.loads(re.search(r"<script[^>]*data-ndcg-data>(.*?)</script>", view, re.S)[1])
    assert island["messages"]["same"] == {"en": "the same", "zh": "一样好"}
    explorer = RankingExplorer().data()
    assert explorer["errors"]["empty"]["zh"].startswith("等级")
    monkeypatch.setattr(i18n, "_chosen", "zh")
    view = figures.discount_slider().html()
    assert 'data-lang="zh"' in view and "拖动排名" in view and "Slide the rank" not in view
    assert figures.discount_slider().data()["texts"]["x"] == "排名 i"
    monkeypatch.setattr(i18n, "_chosen", "en")
    assert 'data-lang="en"' in figures.discount_slider().html()
    assert RankingExplorer().data()["texts"]["reset"] == "Reset"


def test_a_games_id_does_not_change_with_the_language(monkeypatch):
    """The id keys the reader's stored bests: the same in both editions and in a notebook."""
    ids = set()
    for chosen in ("en", "zh", None):
        monkeypatch.setattr(i18n, "_chosen", chosen)
        monkeypatch.setenv(i18n.ENVIRONMENT, "both")
        view = ReorderGame(examples.BASKETBALL, cg=True).snapshot_html()
        ids.add(re.search(r'id="([^"]+)"', view)[1])
    assert ids == {"ndcg-reorder-b4d08b25ac"}


def test_a_notebook_after_set_language_zh_shows_chinese_views(monkeypatch):
    """The play notebooks mount the book's views with anywidget: Chinese after set_language("zh")."""
    from ndcg.course.checks import NumberCheck
    from ndcg.course.widgets import AnswerChecker

    monkeypatch.setattr(i18n, "_chosen", "zh")
    widgets = [
        ReorderGame(examples.MOVIES).html,
        MonsterGame(examples.VIDEO_GAME_X).html,
        RankingExplorer(show_rr=True).html,
        AnswerChecker(NumberCheck(4.76, name="DCG@3")).html,
    ]
    for skeleton in widgets:
        assert 'data-lang="zh"' in skeleton
        island = re.search(r"<script[^>]*data-ndcg-data>(.*?)</script>", skeleton, re.S)[1]
        assert '"en":' not in island  # one language only: JupyterLab has no page CSS to pick
        assert 'lang="zh-Hans"' not in skeleton
    assert (
        "重新开始" in widgets[0]
        and "怪兽" in widgets[1]
        and "排序探索器" in widgets[2]
        and "检查 ✔" in widgets[3]
    )
    box = AnswerChecker(NumberCheck(4.76, name="DCG@3"))
    assert box.submit("").message.startswith("⏳ 还没有")
    monkeypatch.setattr(i18n, "_chosen", "en")
    assert (
        "Start again" in ReorderGame(examples.MOVIES).html
        and 'data-lang="en"' in ReorderGame(examples.MOVIES).html
    )
