"""The games' kernel-free views (ReorderGame and TwoSystemsGame.snapshot_html): the HTML skeleton,
readable without JavaScript, and the JSON island that ndcg-games.js plays from.

The messages are made in Python (ndcg.course.widgets.games) from templates that the island hands
to the page; tests/browser/test_games.py checks that the page shows the same texts and numbers.
"""

import html
import json
import re

import numpy as np
import pytest

import ndcg
from ndcg import ltr
from ndcg.course import examples
from ndcg.course.widgets import GAME_TITLE, SNAPSHOT_NOTE, ReorderGame, TwoSystemsGame, games


def island(view: str) -> dict:
    found = re.findall(r'<script type="application/json" data-ndcg-data>(.*?)</script>', view, flags=re.S)
    assert len(found) == 1
    return json.loads(found[0])


def root_tag(view: str) -> str:
    return view[: view.index(">") + 1]


# -- the reorder game ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ranking", "options"),
    [
        (examples.BASKETBALL, {"cg": True}),
        (examples.MOVIES, {}),
        (examples.SHORT_VIDEOS, {"k": 4, "gain": "exponential", "pairs": True, "title": "Be the lambdas"}),
    ],
    ids=["chapter 1", "chapter 4", "chapter 6"],
)
def test_reorder_view_of_each_chapter(ranking, options):
    game = ReorderGame(ranking, **options)
    view = game.snapshot_html()
    tag = root_tag(view)
    assert 'data-ndcg-view="reorder"' in tag and "ndcg-kf" in tag and re.search(r'id="ndcg-reorder-\w+"', tag)
    assert SNAPSHOT_NOTE not in view and "<style" not in view and " style=" not in view
    assert GAME_TITLE not in view  # only chapter 2's game is source 004's game
    data = island(view)
    assert data["items"] == [{"name": n, "grade": float(g)} for n, g in zip(ranking.items, ranking.grades)]
    assert data["order"] == list(range(len(ranking.grades))) and data["moves"] == 0
    assert data["k"] == options.get("k") and data["gain"] == options.get("gain", "linear")
    assert data["cg"] is options.get("cg", False) and data["pairs"] is options.get("pairs", False)
    cg = options.get("cg", False)  # chapter 1: its own words, no DCG, IDCG or NDCG
    assert data["messages"] == (games.CG_REORDER_MESSAGES if cg else games.REORDER_MESSAGES)
    # readable without JavaScript: every item with its grade, in order, and the numbers now
    positions = [
        view.index(f'<span class="ndcg-rg-name">{html.escape(item)}</span>') for item in ranking.items
    ]
    assert positions == sorted(positions)
    n = len(ranking.grades) if "k" not in options else options["k"]
    gain = options.get("gain", "linear")
    value = ndcg.ndcg(ranking.grades, options.get("k"), gain=gain)
    if cg:
        kept = ndcg.dcg(ranking.grades, options.get("k"), gain=gain)
        assert f"what the discount keeps = <b>{kept:.3f}</b>" in view and "Moves: <b>0</b>" in view
    else:
        assert f"NDCG@{n} = <b>{value:.3f}</b>" in view and "Moves: <b>0</b>" in view
    assert ("CG@3 = <b>6.000</b>" in view) is cg
    summary = "<summary>Show the best order</summary>" if cg else "<summary>Show the ideal order</summary>"
    assert (f"Par: {game.par} moves." in view) and summary in view
    # the controls wait for the script; a live region says what happens
    assert view.count('data-action="up"') == len(ranking.grades) and view.count(" disabled>") >= 2
    assert 'aria-live="polite"' in view and "touch-action" not in view
    assert "ReorderGame(" + {"basketball": "BASKETBALL"}.get(ranking.name, "") in view
    assert ("data-role='pairs'" in view) is options.get("pairs", False)
    # the same view from build to build (its id keys the reader's best in localStorage)
    assert ReorderGame(ranking, **options).snapshot_html() == view


def test_reorder_view_code_line_and_state():
    game = ReorderGame(examples.SHORT_VIDEOS, k=4, gain="exponential", pairs=True, title="Be the lambdas")
    assert "ReorderGame(SHORT_VIDEOS, k=4, gain=&#x27;exponential&#x27;, pairs=True)" in game.snapshot_html()
    data = island(game.snapshot_html())  # the game starts from the order given, no move made
    assert data["order"] == [0, 1, 2, 3] and data["moves"] == 0
    plain = ReorderGame(["p", "q"], [0, 1])
    assert "ReorderGame([&#x27;p&#x27;, &#x27;q&#x27;], [0.0, 1.0])" in plain.snapshot_html()


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((4, 0, 6, True, True), "🎉 NDCG@4 = 1.000: this order is already ideal."),
        ((4, 6, 6, True, True), "🎉 NDCG@4 = 1.000 in 6 moves: the ideal order! Exactly par! 🏆"),
        ((4, 8, 6, True, True), "🎉 NDCG@4 = 1.000 in 8 moves: the ideal order! (par is 6)"),
        ((1, 1, 3, True, False), "🎉 NDCG@1 = 1.000 in 1 move: the ideal order!"),
        ((4, 3, 6, False, True), "Keep going: put the highest grades at the top"),
    ],
)
def test_reorder_status_messages(args, expected):
    kind, text = games.reorder_status(*args)
    assert text.startswith(expected) and kind == ("info" if not args[3] else "good")
    if args[4] is False:
        assert text.endswith("the ideal order!")


def test_the_view_starts_with_what_the_rules_say():
    # the script says the same after every move (tests/browser/games.py plays it)
    game = ReorderGame(examples.MOVIES)
    kind, text = games.reorder_status(5, 0, game.par, game.solved, True)
    assert f"class='ndcg-{kind}' data-role='status'>{text}</div>" in game.snapshot_html()


def test_fill_is_the_scripts_rule():
    assert games.fill("{a} and {b} and {c}", a=1, b="x") == "1 and x and {c}"
    from ndcg.course import assets

    assert "replace(/\\{(\\w+)\\}/g" in assets.read("ndcg-games.js")


def test_lambda_pairs_are_lambdaranks():
    grades = [1, 3, 2, 0]
    pairs = games.lambda_pairs(grades, 4, gain="exponential")
    assert [(p["better"], p["worse"]) for p in pairs] == [(0, 3), (1, 0), (1, 2), (1, 3), (2, 0), (2, 3)]
    # each pair's λ, summed per item, is ndcg.ltr.lambdarank_gradients
    scores = games.implied_scores(4)
    lam = np.zeros(4)
    for p in pairs:
        lam[p["better"]] += p["lam"]
        lam[p["worse"]] -= p["lam"]
    np.testing.assert_allclose(lam, ltr.lambdarank_gradients(grades, scores, 4), atol=1e-15)
    # |ΔNDCG| is what swapping the two does to NDCG@4
    for p in pairs:
        swapped = list(grades)
        swapped[p["better"]], swapped[p["worse"]] = swapped[p["worse"]], swapped[p["better"]]
        change = ndcg.ndcg(swapped, 4, gain="exponential") - ndcg.ndcg(grades, 4, gain="exponential")
        assert abs(change) == pytest.approx(p["delta"], abs=1e-12)
    # the best swap: B and A, as chapter 6 says
    best = games.best_swap(pairs)
    assert (best["better"], best["worse"]) == (1, 0)
    assert games.best_swap(games.lambda_pairs([3, 2, 1, 0], 4)) is None
    assert games.lambda_pairs([0, 0], None) == []


def test_the_lambdas_game_shows_pairs_in_the_view_and_the_best_swap_leads_to_the_ideal():
    game = ReorderGame(examples.SHORT_VIDEOS, k=4, gain="exponential", pairs=True)
    shown = game.snapshot_html()
    assert "video B ▷ video A" in shown and "Best swap now: video B (rank 2) and video A (rank 1)" in shown
    delta = next(p["delta"] for p in game.pairs if (p["better"], p["worse"]) == (1, 0))
    assert f"NDCG@4 rises by {delta:.3f}" in shown and shown.count("<tr>") == 7
    # following the best swap (the script's rule, from the same pairs) ends at NDCG@4 = 1
    grades = list(examples.SHORT_VIDEOS.grades)
    for _ in range(10):
        best = games.best_swap(games.lambda_pairs(grades, 4, gain="exponential"))
        if best is None:
            break
        grades[best["better"]], grades[best["worse"]] = grades[best["worse"]], grades[best["better"]]
    assert ndcg.ndcg(grades, 4, gain="exponential") == pytest.approx(1.0, abs=1e-12)
    assert "No swap raises NDCG@2 any more" in ReorderGame(["a", "b"], [3, 1], pairs=True).snapshot_html()
    assert "data-role='pairs'" not in ReorderGame(examples.MOVIES).snapshot_html()


# -- the two-systems game ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("x", "y", "title", "words"),
    [
        (examples.CAT_BATH_A, examples.CAT_BATH_B, games.TWO_SYSTEMS_TITLE, "discount"),
        (examples.VIDEO_GAME_X, examples.VIDEO_GAME_Y, GAME_TITLE, "dcg"),
    ],
    ids=["chapter 0", "chapter 2"],
)
def test_two_systems_view_of_each_chapter(x, y, title, words):
    game = TwoSystemsGame(x, y, title=title, words=words)
    view = game.snapshot_html()
    assert 'data-ndcg-view="two-systems"' in root_tag(view) and SNAPSHOT_NOTE not in view
    assert (("谁的推荐更懂我" in view) is (title == GAME_TITLE)) and html.escape(title) in view
    data = island(view)
    assert data["names"] == [x.name, y.name] and data["winner"] == game.winner and data["guessed"] is None
    assert data["answer"] == game._answer_html() and data["messages"] == games.TWO_SYSTEMS_MESSAGES
    for choice in ("x", "y", "tie"):
        right, text = games.guess_verdict(choice, game.winner, game.names)
        assert data["verdicts"][choice] == {"right": right, "text": text}
    assert data["verdicts"][game.winner]["right"]
    assert game.winner == ("x" if x is examples.CAT_BATH_A else "y")
    # no score before the guess, except behind the no-script "show the answer"
    before = view.split('<details data-role="fallback">')[0]
    assert f"{game.dcg_x:.3f}" not in before and f"{game.dcg_y:.3f}" not in before
    assert view.count("data-guess=") == 3 and 'data-action="again" hidden' in view
    for item in (*x.items, *y.items):
        assert html.escape(item) in view


def _shown_text(view: str) -> str:
    """What a reader can read in a view: its HTML without tags and without the JSON island."""
    view = re.sub(r"<script[^>]*>.*?</script>", " ", view, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", view))


@pytest.mark.parametrize(
    "game",
    [
        TwoSystemsGame(examples.CAT_BATH_A, examples.CAT_BATH_B, words="discount"),
        ReorderGame(examples.BASKETBALL, cg=True),
    ],
    ids=["chapter 0", "chapter 1"],
)
def test_early_games_speak_only_of_what_their_chapter_taught(game):
    # chapters 0 and 1 teach grades, their sum (CG) and the discount of a figure; DCG, IDCG and
    # NDCG come later, so the games of those chapters never name them, in the view or its texts
    data = island(game.snapshot_html())
    texts = [_shown_text(game.snapshot_html()).replace("TwoSystemsGame", "").replace("ReorderGame", "")]
    texts += [str(data.get("title")), *map(str, data.get("messages", {}).values())]
    texts += [_shown_text(data["answer"])] if "answer" in data else []
    texts += [v["text"] for v in data.get("verdicts", {}).values()]
    for text in texts:
        assert not re.search(r"\b(N|I)?DCG\b", text), text
    with pytest.raises(ValueError, match="cg=True"):
        ReorderGame(examples.BASKETBALL, cg=True, pairs=True)


def test_chapter_1_game_keeps_its_store_key_through_the_rewording():
    # the view's id keys the reader's stored bests; it is the id the game had when it spoke of NDCG
    view = ReorderGame(examples.BASKETBALL, cg=True).snapshot_html()
    assert 'id="ndcg-reorder-b4d08b25ac"' in root_tag(view)


def test_two_systems_view_after_a_guess_and_its_code_line():
    game = TwoSystemsGame(examples.VIDEO_GAME_X, examples.VIDEO_GAME_Y, title=GAME_TITLE)
    assert "TwoSystemsGame(VIDEO_GAME_X, VIDEO_GAME_Y, title=GAME_TITLE)" in game.snapshot_html()
    data = island(game.snapshot_html())
    assert (
        data["guessed"] is None and data["verdicts"]["x"]["text"] == "🤔 Not this time. You guessed system X."
    )
    tie = TwoSystemsGame([3, 0], [3, 0, 0], names=("left", "right"))
    assert "TwoSystemsGame([3.0, 0.0], [3.0, 0.0, 0.0], names=(&#x27;left&#x27;, &#x27;right&#x27;))" in (
        tie.snapshot_html()
    )
    assert games.guess_verdict("tie", "tie", tie.names) == (True, "🎉 Right! You guessed the same.")


def test_the_cat_bathing_systems_show_different_pages():
    a, b = examples.CAT_BATH_A, examples.CAT_BATH_B
    assert not set(a.items) & set(b.items) and len(set(a.items)) == len(set(b.items)) == 4
    assert a.grades == (3, 2, 1, 0) and b.grades == (0, 3, 2, 1)
