"""The DCG monster (chapter 3): the reorder game as a fight, its health IDCG@k − DCG@k.

The rules in Python (ndcg.course.widgets.games: monster_health, monster_hits, monster_says and
MonsterGame), the kernel-free view and its island, and the browser's numbers: NDCGMetrics's
monsterHealth and monsterHits (ndcg-metrics.js, run in a blank page of Chromium) must equal the
package's to 1e-12 on a scripted series of moves. tests/browser/test_games.py plays the game
in the built book.
"""

from __future__ import annotations

import itertools
import json
import re

import numpy as np
import pytest

import ndcg
from ndcg.course import examples
from ndcg.course.widgets import MonsterGame, games
from ndcg.course.widgets.base import _fmt
from ndcg.gains import discounts


def island(view: str) -> dict:
    found = re.findall(r'<script type="application/json" data-ndcg-data>(.*?)</script>', view, flags=re.S)
    assert len(found) == 1
    return json.loads(found[0])


def scripted_cases(n: int, seed: int) -> list[dict]:
    """Random lists (ties, fractional grades, cut-offs, both gains) and random moves on them."""
    rng = np.random.default_rng(seed)
    cases = []
    for i in range(n):
        length = int(rng.integers(2, 9))
        grades = rng.integers(0, 4, size=length).astype(float)
        if i % 9 == 0:
            grades = np.round(rng.uniform(0, 4, size=length), 2)
        grades[int(rng.integers(0, length))] = max(grades.max(), 1.0)  # something relevant
        k = [None, 1, length, length + 2, int(rng.integers(1, length + 1))][i % 5]
        moves = [int(m) for m in rng.integers(0, length - 1, size=int(rng.integers(1, 15)))]
        cases.append(
            {"grades": grades.tolist(), "moves": moves, "k": k, "gain": ("linear", "exponential")[i % 2]}
        )
    return cases


CASES = scripted_cases(400, seed=13)


# -- the rules ------------------------------------------------------------------------------


def test_health_is_the_gap_to_the_ideal():
    x = examples.VIDEO_GAME_X.grades
    assert games.monster_health(x) == ndcg.idcg(x) - ndcg.dcg(x)
    assert games.monster_health(x, 2, gain="exponential") == ndcg.idcg(x, 2, gain="exponential") - ndcg.dcg(
        x, 2, gain="exponential"
    )
    assert games.monster_health(examples.VIDEO_GAME_Y.grades) == 0.0


@pytest.mark.parametrize("grades", [[3, 2, 2, 1, 0], [2, 2, 2, 0], [1, 1, 0, 0, 0], [0.3, 0.1, 0.3, 0.2]])
@pytest.mark.parametrize("k", [None, 1, 2, 3])
@pytest.mark.parametrize("gain", ["linear", "exponential"])
def test_health_is_exactly_zero_on_every_ideal_order_even_with_ties(grades, k, gain):
    """Every order of the list: health 0 exactly when NDCG@k is 1, and never negative."""
    for order in set(itertools.permutations(grades)):
        health = games.monster_health(order, k, gain=gain)
        ideal = np.isclose(ndcg.ndcg(order, k, gain=gain), 1.0, rtol=0, atol=1e-12)
        assert (health == 0.0) is bool(ideal), (order, health)
        assert health >= 0.0
        # the tie rule, stated without NDCG: the top k gains equal those of the sorted list
        top = sorted(order, reverse=True)[: k or len(order)]
        assert (health == 0.0) is (list(order[: k or len(order)]) == top)


@pytest.mark.parametrize("case", CASES[:150], ids=lambda c: json.dumps(c))
def test_damage_telescopes_and_is_the_change_of_dcg(case):
    g, moves, k, gain = case["grades"], case["moves"], case["k"], case["gain"]
    hits = games.monster_hits(g, moves, k, gain=gain)
    start = games.monster_health(g, k, gain=gain)
    assert [hit["position"] for hit in hits] == moves
    assert abs(sum(hit["damage"] for hit in hits) - (start - hits[-1]["health"])) < 1e-12
    order, before = list(g), ndcg.dcg(g, k, gain=gain)
    for hit in hits:
        a = hit["position"]
        order[a], order[a + 1] = order[a + 1], order[a]
        after = ndcg.dcg(order, k, gain=gain)
        assert abs(hit["damage"] - (after - before)) < 1e-12  # damage is what DCG gained
        assert hit["health"] == games.monster_health(order, k, gain=gain)
        before = after


def test_a_swap_near_the_top_hits_harder():
    """Chapter 3's question: the same one-grade swap at the top and at the bottom of system X."""
    x = examples.VIDEO_GAME_X.grades
    top, bottom = games.monster_hits(x, [0])[0]["damage"], games.monster_hits(x, [2])[0]["damage"]
    d = discounts(4)
    assert top == pytest.approx(d[0] - d[1], abs=1e-12) and bottom == pytest.approx(d[2] - d[3], abs=1e-12)
    assert top > bottom > 0
    heal = games.monster_hits(examples.VIDEO_GAME_Y.grades, [0])[0]
    assert heal["damage"] < 0 and heal["health"] == -heal["damage"]


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: games.monster_hits([3, 2, 1], [2]), "from 0 .* to 1"),
        (lambda: games.monster_hits([3, 2, 1], [-1]), "position"),
        (lambda: games.monster_hits([3, 2, 1], [0.5]), "position"),
        (lambda: games.monster_hits([3, 2, 1], [True]), "position"),
        (lambda: games.monster_hits([3, 2, 1], "01"), "sequence of positions"),
        (lambda: games.monster_hits([3, 2, 1], 0), "sequence of positions"),
        (lambda: games.monster_hits([3, -2, 1], [0]), "negative"),
        (lambda: games.monster_health([3, 2, 1], gain="quadratic"), "gain"),
        (lambda: MonsterGame(["a", "b", "c"], [0, 0, 0]), "relevant item"),
        (lambda: MonsterGame(["a", "b"], [3, 2, 1]), "same length"),
        (lambda: MonsterGame(["a"], [3]), "at least two"),
    ],
)
def test_bad_input_is_refused_with_a_clear_error(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_what_the_monster_says():
    kind, text = games.monster_says(None, 2.5, 2.5, 4)
    assert kind == "info" and text == games.fill(games.MONSTER_MESSAGES["start"], health="2.500")
    assert games.monster_says(None, 0.0, 0.0, 4) == ("good", games.MONSTER_MESSAGES["ideal"])
    assert games.monster_says(0.0, 1.0, 2.0, 4) == (
        "info",
        games.fill(games.MONSTER_MESSAGES["nothing"], n=4),
    )
    assert games.monster_says(1e-15, 1.0, 2.0, 4)[1].startswith("🛡️")
    assert games.monster_says(-0.75, 1.0, 2.0, 4) == ("error", "💚 Oops: the monster heals <b>0.750</b>.")
    kind, text = games.monster_says(0.75, 0.0, 2.0, 3)
    assert kind == "good" and text.startswith("⚔️ Your move dealt <b>0.750</b> damage!")
    assert "You win the sword of normalisation!" in text and "DCG@3 = IDCG@3" in text


# -- the rules of a fight (ndcg-games.js plays them: tests/browser/test_monster.py) ----------------


def test_a_fight_to_the_sword_by_the_rules():
    game = MonsterGame(examples.VIDEO_GAME_X)
    x = examples.VIDEO_GAME_X.grades
    assert game.full_health == game.health == ndcg.idcg(x) - ndcg.dcg(x) and not game.won
    assert game.last_hit is None and "A DCG monster appears" in game.snapshot_html()
    plan = [2, 1, 0, 2, 1, 2]  # cat tutorial to the top, then the funny fails, then the workout
    hits = games.monster_hits(x, plan)
    for hit in hits:
        kind, text = games.monster_says(hit["damage"], hit["health"], game.full_health, 4)
        assert f"dealt <b>{_fmt(hit['damage'])}</b> damage" in text
    assert hits[-1]["health"] == 0.0 and len(plan) == game.par == 6
    assert "sword of normalisation" in text and kind == "good"
    assert abs(sum(hit["damage"] for hit in hits) - game.full_health) < 1e-12
    # a bad move now heals it
    ideal = [x[i] for i in (3, 2, 1, 0)]
    heal = games.monster_hits(ideal, [0])[0]
    assert heal["damage"] < 0 and heal["health"] == -heal["damage"]
    assert "heals" in games.monster_says(heal["damage"], heal["health"], game.full_health, 4)[1]


def test_swapping_equal_grades_does_nothing():
    hits = games.monster_hits([1, 3, 3, 0], [1, 0, 1])
    assert hits[0]["damage"] == 0.0
    assert "No effect" in games.monster_says(hits[0]["damage"], hits[0]["health"], 1.0, 4)[1]
    # c, b, a, d: the two grade-3 videos on top, in the "wrong" order of the tie: ideal all the same
    assert hits[-1]["health"] == 0.0
    assert "You win the sword" in games.monster_says(hits[-1]["damage"], 0.0, 1.0, 4)[1]


# -- the kernel-free view -------------------------------------------------------------------


def test_the_view_is_the_reorder_engine_with_a_monster():
    game = MonsterGame(examples.VIDEO_GAME_X)
    view = game.snapshot_html()
    tag = view[: view.index(">") + 1]
    assert 'data-ndcg-view="monster"' in tag and "ndcg-rg ndcg-mg" in tag
    assert re.search(r'id="ndcg-monster-\w+"', tag)
    assert "<style" not in view and " style=" not in view
    data = island(view)
    reorder = games.ReorderGame(examples.VIDEO_GAME_X).view_data()
    assert {key: data[key] for key in reorder if key not in ("title", "messages")} == {
        key: value for key, value in reorder.items() if key not in ("title", "messages")
    }
    # the same engine, in chapter 3's words: DCG and IDCG, never NDCG (chapter 4)
    assert data["messages"] == games.IDCG_REORDER_MESSAGES
    assert not any("NDCG" in text for text in data["messages"].values())
    assert "NDCG" not in view.split('<script type="application/json"')[0]
    assert data["title"] == games.MONSTER_TITLE and "击败DCG怪兽" in view
    assert data["monster"] == {
        "messages": games.MONSTER_MESSAGES,
        "tolerance": games.HEALTH_TOLERANCE,
        "hit": None,
    }
    # readable without JavaScript: the health as numbers (not the bar alone), and a live region
    health = _fmt(game.health)
    assert f"Monster health: <b>{health}</b> of {health}" in view
    assert 'aria-label="Monster health"' in view and "<progress" in view
    assert 'aria-live="polite"' in view
    assert "MonsterGame(VIDEO_GAME_X)" in view
    assert MonsterGame(examples.VIDEO_GAME_X).snapshot_html() == view


# -- the browser's numbers ------------------------------------------------------------------


def test_js_health_and_hits_equal_the_package(metrics_page):
    got = metrics_page.evaluate(
        "cases => cases.map(c => [NDCGMetrics.monsterHealth(c.grades, c.k, c.gain),"
        " NDCGMetrics.monsterHits(c.grades, c.moves, c.k, c.gain)])",
        CASES,
    )
    for case, (health, hits) in zip(CASES, got):
        what = json.dumps(case)
        expected = games.monster_hits(case["grades"], case["moves"], case["k"], gain=case["gain"])
        assert abs(health - games.monster_health(case["grades"], case["k"], gain=case["gain"])) <= 1e-12, what
        assert [h["position"] for h in hits] == [h["position"] for h in expected], what
        for mine, theirs in zip(hits, expected):
            assert abs(mine["damage"] - theirs["damage"]) <= 1e-12, what
            assert abs(mine["health"] - theirs["health"]) <= 1e-12, what
            assert (mine["health"] == 0) is (theirs["health"] == 0), what  # the win, exactly


def test_js_refuses_bad_moves(metrics_page):
    got = metrics_page.evaluate(
        "moves => moves.map(m => { try { NDCGMetrics.monsterHits([3, 2, 1], m); return 'no error'; }"
        " catch (e) { return e.message; } })",
        [[2], [-1], [0.5], "0"],
    )
    assert all("position" in message for message in got), got
    assert metrics_page.evaluate("NDCGMetrics.HEALTH_TOLERANCE") == games.HEALTH_TOLERANCE
