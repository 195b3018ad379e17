"""The games in the built book, played in headless Chromium with no kernel (ndcg-games.js).

The reorder games of chapters 1, 4 and 6 are sorted to NDCG = 1 by mouse drag, by the ▲/▼
buttons, by the keyboard and by touch (CDP touch events); after every move the score shown must
be the package's NDCG of the order shown, and the status the text Python makes for that state
(ndcg.course.widgets.games.reorder_status). The fewest moves survive a reload. Chapter 6's pair
table must hold, for the order shown, every pair's |ΔNDCG@4| and λ as ndcg.ltr computes them.
The two-systems games of chapters 0 and 2 are guessed and revealed. Every page is checked for
console errors and requests leaving the book (tests/browser/test_views.py's Visit), each game must fit
a 400-px-wide screen, and screenshots (desktop, 400 px, dark) go to ``_build/screenshots/``.
"""

from __future__ import annotations

import re

import pytest

from ndcg.course.widgets import GAME_TITLE, games
from ndcg.course.widgets.games.reorder import _inversions
from tests.browser.games import (
    REORDER,
    TWO_SYSTEMS,
    Reorder,
    adjacent_moves,
    drag_mouse,
    drag_touch,
    fits,
    open_game,
    plain,
    shot,
)
from tests.browser.pages import BOOK

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(not BOOK.is_dir(), reason=f"no built book at {BOOK}: run `make book` first"),
]


@pytest.mark.parametrize("page_path", list(REORDER))
def test_reorder_by_buttons_and_keyboard_then_best_survives_a_reload(browser, server, page_path):
    ranking, options = REORDER[page_path]
    visit, root = open_game(browser, server, page_path, "reorder")
    game = Reorder(visit, root, ranking, options)
    par = _inversions(ranking.grades)
    assert game.order() == list(range(len(ranking.items))) and "Par: " in root.inner_text()
    assert game.rows().nth(0).locator("[data-action=up]").is_disabled()
    assert game.rows().last.locator("[data-action=down]").is_disabled()
    assert "No best yet" in game.best_line()
    game.check(0, par)
    shot(root, f"reorder-{page_path.split('/')[-1][:-5]}-desktop")

    # buttons: one wrong move down, back up, then sorted: par + 2 moves
    game.rows().nth(0).locator("[data-action=down]").click()
    game.check(1, par)
    assert "moved to rank 2" in root.locator("[aria-live]").inner_text()
    game.rows().nth(1).locator("[data-action=up]").click()
    game.check(2, par)
    moves = 2
    for position in adjacent_moves(game):
        game.rows().nth(position).locator("[data-action=up]").click()
        moves += 1
        solved = game.check(moves, par)
    done = "best order in" if game.cg else "ideal order!"  # chapter 1 has not taught NDCG yet
    assert solved and moves == par + 2 and done in root.locator("[data-role=status]").inner_text()
    assert (
        f"(par is {par})" in root.inner_text()
        and f"best from this start: {par + 2} moves" in game.best_line()
    )
    assert ("highest grade first" if game.cg else "1.000") in root.locator("[aria-live]").inner_text()

    # keyboard: start again, pick rows with ↑/↓, move them with Alt+↑: exactly par
    root.locator("[data-action=reset]").click()
    game.check(0, par)
    game.rows().nth(0).focus()
    visit.page.keyboard.press("ArrowDown")
    assert visit.page.evaluate("() => document.activeElement.dataset.item") == str(game.order()[1])
    for moves, position in enumerate(adjacent_moves(game), start=1):
        game.rows().nth(position).focus()
        visit.page.keyboard.press("Alt+ArrowUp")
        solved = game.check(moves, par)
    assert solved and "Exactly par! 🏆" in root.inner_text()
    assert f"best from this start: {par} move" in game.best_line()

    # the best is remembered across reloads; shuffle starts a new round from another order
    visit.page.reload()
    visit.page.wait_for_selector('[data-ndcg-view="reorder"][data-ready=true]')
    visit.page.wait_for_timeout(50)
    assert f"best from this start: {par} move" in game.best_line()
    root.locator("[data-action=shuffle]").click()
    assert game.moves() == 0 and sorted(game.order()) == list(range(len(ranking.items)))
    new_par = _inversions(game.grades())
    game.check(0, new_par)
    assert f"Par: {new_par} move" in root.inner_text() and "No best yet" in game.best_line()
    # every new round starts from an unsolved order other than the one just played
    for _ in range(12):
        previous = game.order()
        root.locator("[data-action=shuffle]").click()
        assert game.moves() == 0 and game.order() != previous
        assert root.get_attribute("data-solved") == "false"
    visit.close()


@pytest.mark.parametrize("page_path", list(REORDER))
def test_reorder_by_mouse_drag(browser, server, page_path):
    ranking, options = REORDER[page_path]
    visit, root = open_game(browser, server, page_path, "reorder")
    game = Reorder(visit, root, ranking, options)
    par = _inversions(ranking.grades)
    assert (
        root.locator("[data-role=handle]").first.evaluate("el => getComputedStyle(el).touchAction") == "none"
    )
    moves = 0
    for source, target in game.plan():
        drag_mouse(game, source, target)
        moves += source - target
        assert game.moves() == moves
        solved = game.check(moves, par)
    assert solved and moves == par and "Exactly par! 🏆" in root.inner_text()
    assert f"best from this start: {par} move" in game.best_line()
    visit.close()


@pytest.mark.parametrize("page_path", list(REORDER))
def test_reorder_by_touch_on_a_phone(browser, server, page_path):
    ranking, options = REORDER[page_path]
    visit, root = open_game(
        browser,
        server,
        page_path,
        "reorder",
        viewport={"width": 400, "height": 800},
        has_touch=True,
        is_mobile=True,
    )
    game = Reorder(visit, root, ranking, options)
    par = _inversions(ranking.grades)
    assert fits(root), "the game is wider than a 400-px screen"
    shot(root, f"reorder-{page_path.split('/')[-1][:-5]}-400px")
    cdp = visit.context.new_cdp_session(visit.page)
    moves = 0
    for source, target in game.plan():
        root.locator("ol").scroll_into_view_if_needed()
        drag_touch(game, cdp, source, target)
        moves += source - target
        solved = game.check(moves, par)
    assert solved and moves == par and "Exactly par! 🏆" in root.inner_text()
    assert fits(root)
    shot(root, f"reorder-{page_path.split('/')[-1][:-5]}-400px-solved")
    visit.close()


@pytest.mark.parametrize("page_path", list(REORDER))
def test_reorder_in_dark_mode(browser, server, page_path):
    ranking, options = REORDER[page_path]
    visit, root = open_game(browser, server, page_path, "reorder", dark=True)
    assert visit.page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    game = Reorder(visit, root, ranking, options)
    game.rows().nth(1).locator("[data-action=up]").click()
    colour = root.evaluate("el => getComputedStyle(el).color")
    assert sum(int(c) for c in re.findall(r"\d+", colour)[:3]) > 382, colour  # light text on dark
    shot(root, f"reorder-{page_path.split('/')[-1][:-5]}-dark")
    visit.close()


# -- the two-systems games --------------------------------------------------------------------


@pytest.mark.parametrize("page_path", list(TWO_SYSTEMS))
@pytest.mark.parametrize("width", [1100, 400])
def test_two_systems_guess_and_reveal(browser, server, page_path, width):
    x, y, title, words = TWO_SYSTEMS[page_path]
    game = games.TwoSystemsGame(x, y, title=title, words=words)
    dark = width == 400 and page_path.endswith("00_why.html")
    visit, root = open_game(
        browser, server, page_path, "two-systems", viewport={"width": width, "height": 900}, dark=dark
    )
    assert title in root.locator(".ndcg-head").inner_text()
    assert ("谁的推荐更懂我" in root.inner_text()) is (title == GAME_TITLE)
    answer, verdict = root.locator("[data-role=answer]"), root.locator("[data-role=verdict]")
    assert answer.is_hidden() and verdict.is_hidden() and root.locator("[data-role=fallback]").is_hidden()
    assert f"{game.dcg_x:.3f}" not in root.inner_text()
    assert fits(root)
    suffix = (
        f"{page_path.split('/')[-1][:-5]}-{'400px' if width == 400 else 'desktop'}{'-dark' if dark else ''}"
    )
    shot(root, f"two-systems-{suffix}")
    wrong = next(c for c in ("x", "y", "tie") if c != game.winner)
    root.locator(f"button[data-guess={wrong}]").click()
    assert verdict.is_visible() and answer.is_visible()
    assert plain(verdict.inner_text()) == plain(games.guess_verdict(wrong, game.winner, game.names)[1])
    shown = plain(answer.inner_text())
    assert f"{game.dcg_x:.3f}" in shown and f"{game.dcg_y:.3f}" in shown
    assert plain(game._answer_html().split("</p>")[0]) in shown
    assert answer.locator("table.ndcg-steps").count() == 2
    assert answer.locator(".ndcg-side[tabindex='0'][role=region]").count() == 2  # scrollable by keyboard
    assert all(b.is_disabled() for b in root.locator("button[data-guess]").all())
    assert "Not this time" in root.locator("[aria-live]").inner_text()
    assert fits(root), "the revealed answer is wider than the screen"
    shot(root, f"two-systems-{suffix}-revealed")
    # play again, and guess right with the keyboard
    root.locator("[data-action=again]").click()
    assert answer.is_hidden() and verdict.is_hidden()
    root.locator(f"button[data-guess={game.winner}]").focus()
    visit.page.keyboard.press("Enter")
    assert plain(verdict.inner_text()) == plain(games.guess_verdict(game.winner, game.winner, game.names)[1])
    assert "Right!" in verdict.inner_text()
    visit.close()
