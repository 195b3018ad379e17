"""The DCG monster of chapter 3, played in the built book opened from file://, with no kernel.

Played to the sword of normalisation with the keyboard, with a mouse drag and by touch on a
phone. After every move the health shown (as numbers) must be the package's IDCG@4 − DCG@4 of
the order shown, the line under it what ndcg.course.widgets.games.monster_says says for that
move, and the live region must announce it. No request may leave the book (Visit).
"""

from __future__ import annotations

import pytest

import ndcg
from ndcg.course import examples
from ndcg.course.widgets import games
from ndcg.course.widgets.base import _fmt
from ndcg.course.widgets.games.reorder import _inversions
from tests.browser.games import (
    SHOTS,
    Reorder,
    _Browser,
    adjacent_moves,
    drag_mouse,
    drag_touch,
    fits,
    plain,
)
from tests.browser.pages import BOOK, Visit, book_uri

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(not BOOK.is_dir(), reason=f"no built book at {BOOK}: run `make book` first"),
]

PAGE = "chapters/03_idcg.html"
RANKING = examples.VIDEO_GAME_X


def open_monster(browser, **options):
    visit = Visit(_Browser(browser, **options), book_uri() + PAGE, book_uri())
    root = visit.page.locator('[data-ndcg-view="monster"]')
    assert root.count() == 1
    visit.page.wait_for_function(
        "() => document.querySelector('[data-ndcg-view=\"monster\"][data-ready=true]')"
    )
    visit.page.wait_for_timeout(50)
    root.scroll_into_view_if_needed()
    return visit, root


class Monster(Reorder):
    """The monster game of the page, and what the package says it should show."""

    def __init__(self, visit, root):
        super().__init__(visit, root, RANKING, {})
        self.messages = games.IDCG_REORDER_MESSAGES  # chapter 3's words: DCG and IDCG, no NDCG
        self.full = games.monster_health(self.grades())
        self.health = self.full

    def health_text(self) -> str:
        return plain(self.role("health").inner_text())

    def check_monster(self, hit=None):
        """The health shown, the hit line and the announcement, for the order shown."""
        grades = self.grades()
        health = games.monster_health(grades)
        expected = games.fill(
            games.MONSTER_MESSAGES["health"],
            health=_fmt(health),
            full=_fmt(self.full),
            n=self.n,
            idcg=_fmt(ndcg.idcg(grades)),
            dcg=_fmt(ndcg.dcg(grades)),
        )
        assert self.health_text() == plain(expected)
        damage = None if hit is None else self.health - health
        kind, text = games.monster_says(damage, health, self.full, self.n)
        line = self.role("hit")
        assert plain(line.inner_text()) == plain(text)
        assert f"ndcg-{kind}" in line.get_attribute("class")
        if hit is not None:
            assert plain(text) in plain(self.root.locator("[aria-live]").inner_text())
        self.health = health
        assert self.root.get_attribute("data-won") == str(health == 0).lower()
        bar = self.role("healthbar")
        assert abs(float(bar.evaluate("el => el.value")) - health) < 1e-12
        return health


def test_monster_by_keyboard_to_the_sword(browser):
    visit, root = open_monster(browser, viewport={"width": 1280, "height": 900})
    game = Monster(visit, root)
    par = _inversions(RANKING.grades)
    assert "击败DCG怪兽" in root.locator(".ndcg-head").inner_text()
    assert game.check_monster() == game.full > 0
    assert "A DCG monster appears" in game.role("hit").inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=str(SHOTS / "monster-desktop.png"))

    # one hit at the top: the health text shows the damage, and so does the live region
    game.rows().nth(1).focus()
    visit.page.keyboard.press("Alt+ArrowUp")
    game.check_monster(hit=True)
    first = games.monster_hits(RANKING.grades, [0])[0]
    assert f"dealt {_fmt(first['damage'])} damage" in plain(game.role("hit").inner_text())
    # and back: the monster heals exactly as much
    game.rows().nth(0).focus()
    visit.page.keyboard.press("Alt+ArrowDown")
    game.check_monster(hit=True)
    assert f"heals {_fmt(first['damage'])}" in plain(game.role("hit").inner_text())
    assert game.health == game.full

    moves = 2
    for position in adjacent_moves(game):
        game.rows().nth(position).focus()
        visit.page.keyboard.press("Alt+ArrowUp")
        moves += 1
        game.check(moves, par)
        game.check_monster(hit=True)
    assert game.health == 0 and root.get_attribute("data-won") == "true"
    assert "You win the sword of normalisation!" in game.role("hit").inner_text()
    assert "sword of normalisation" in root.locator("[aria-live]").inner_text()
    root.screenshot(path=str(SHOTS / "monster-desktop-won.png"))

    # start again: full health, no hit yet
    root.locator("[data-action=reset]").click()
    game.health = game.full
    game.check_monster()
    # play again from a shuffled order: a new monster with the health of the new start
    root.locator("[data-action=shuffle]").click()
    game.full = games.monster_health(game.grades())
    game.check_monster()
    assert game.full > 0
    visit.close()


def test_monster_by_mouse_drag_to_the_sword(browser):
    visit, root = open_monster(browser)
    game = Monster(visit, root)
    for source, target in game.plan():
        drag_mouse(game, source, target)
        game.check_monster(hit=True)
    assert game.health == 0 and "sword of normalisation" in game.role("hit").inner_text()
    visit.close()


def test_monster_by_touch_on_a_phone(browser):
    visit, root = open_monster(
        browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, dark=True
    )
    game = Monster(visit, root)
    assert fits(root), "the monster is wider than a 390-px screen"
    SHOTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=str(SHOTS / "monster-390px-dark.png"))
    cdp = visit.context.new_cdp_session(visit.page)
    for source, target in game.plan():
        root.locator("ol").scroll_into_view_if_needed()
        drag_touch(game, cdp, source, target)
        game.check_monster(hit=True)
    assert game.health == 0 and fits(root)
    root.screenshot(path=str(SHOTS / "monster-390px-dark-won.png"))
    visit.close()
