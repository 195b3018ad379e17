"""The games in the built book, played in headless Chromium with no kernel (ndcg-games.js).

The reorder games of chapters 1, 4 and 6 are sorted to NDCG = 1 by mouse drag, by the ▲/▼
buttons, by the keyboard and by touch (CDP touch events); after every move the score shown must
be the package's NDCG of the order shown, and the status the text Python makes for that state
(ndcg.course.widgets.games.reorder_status). The fewest moves survive a reload. Chapter 6's pair
table must hold, for the order shown, every pair's |ΔNDCG@4| and λ as ndcg.ltr computes them.
The two-systems games of chapters 0 and 2 are guessed and revealed. Every page is checked for
console errors and requests leaving the book (tests/test_browser.py's Visit), each game must fit
a 400-px-wide screen, and screenshots (desktop, 400 px, dark) go to ``_build/screenshots/``.
"""

from __future__ import annotations

import math
import re

import pytest

import ndcg
from ndcg import ltr
from ndcg.course import examples
from ndcg.course.widgets import GAME_TITLE, games
from tests.test_browser import BOOK, Visit

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(not BOOK.is_dir(), reason=f"no built book at {BOOK}: run `make book` first"),
]

REORDER = {
    "chapters/01_cg.html": (examples.BASKETBALL, {"cg": True}),
    "chapters/04_ndcg.html": (examples.MOVIES, {}),
    "chapters/06_ltr.html": (examples.SHORT_VIDEOS, {"k": 4, "gain": "exponential", "pairs": True}),
}
TWO_SYSTEMS = {
    "chapters/00_why.html": (examples.CAT_BATH_A, examples.CAT_BATH_B, games.TWO_SYSTEMS_TITLE),
    "chapters/02_dcg.html": (examples.VIDEO_GAME_X, examples.VIDEO_GAME_Y, GAME_TITLE),
}
SHOTS = BOOK.parent / "screenshots"


class _Browser:
    """The browser, with options for every context Visit opens (viewport, touch, dark mode)."""

    def __init__(self, browser, dark: bool = False, **options):
        self.browser, self.dark, self.options = browser, dark, options

    def new_context(self, **kwargs):
        context = self.browser.new_context(**{**kwargs, **self.options})
        if self.dark:
            context.add_init_script(
                "try { localStorage.setItem('mode', 'dark'); localStorage.setItem('theme', 'dark'); }"
                " catch (e) {}"
            )
        return context


def plain(text: str) -> str:
    text = re.sub(r"<[^>]+>", "", text).replace("&nbsp;", " ").replace("\xa0", " ")
    return re.sub(r"\s+", " ", text).strip()


def open_game(browser, server, page_path, kind, **options):
    visit = Visit(_Browser(browser, **options), f"{server}/{page_path}", server)
    root = visit.page.locator(f'[data-ndcg-view="{kind}"]')
    assert root.count() == 1
    visit.page.wait_for_function(
        f"() => document.querySelector('[data-ndcg-view=\"{kind}\"][data-ready=true]')"
    )
    visit.page.wait_for_timeout(50)
    root.scroll_into_view_if_needed()
    return visit, root


def fits(root) -> bool:
    return root.evaluate("el => el.scrollWidth <= el.clientWidth + 1")


def shot(root, name: str):
    SHOTS.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=str(SHOTS / f"{name}.png"))


# -- the reorder games ------------------------------------------------------------------------


class Reorder:
    """One reorder game of a page, and what the package says it should show."""

    def __init__(self, visit, root, ranking, options):
        self.visit, self.page, self.root = visit, visit.page, root
        self.items, self.grades_all = list(ranking.items), [float(g) for g in ranking.grades]
        self.k, self.gain = options.get("k"), options.get("gain", "linear")
        self.cg, self.pairs = options.get("cg", False), options.get("pairs", False)
        self.n = len(self.items) if self.k is None else min(self.k, len(self.items))

    def order(self) -> list[int]:
        return [
            int(i) for i in self.root.locator("ol > li").evaluate_all("els => els.map(e => e.dataset.item)")
        ]

    def grades(self) -> list[float]:
        return [self.grades_all[i] for i in self.order()]

    def rows(self):
        return self.root.locator("ol > li")

    def moves(self) -> int:
        return int(re.search(r"Moves: (\d+)", plain(self.role("score").inner_text())).group(1))

    def role(self, name):
        return self.root.locator(f"[data-role={name}]")

    def check(self, moves: int, start_par: int):
        """The score, status and (chapter 6) pair table shown equal the package's for the order shown."""
        grades = self.grades()
        fmt = games._fmt
        expected = games.fill(
            games.REORDER_MESSAGES["score"],
            n=self.n,
            ndcg=fmt(ndcg.ndcg(grades, self.k, gain=self.gain)),
            dcg=fmt(ndcg.dcg(grades, self.k, gain=self.gain)),
            idcg=fmt(ndcg.idcg(grades, self.k, gain=self.gain)),
            moves=moves,
        )
        if self.cg:
            expected = (
                games.fill(games.REORDER_MESSAGES["cg"], n=self.n, cg=fmt(ndcg.cg(grades, self.k))) + expected
            )
        assert plain(self.role("score").inner_text()) == plain(expected)
        solved = math.isclose(ndcg.ndcg(grades, self.k, gain=self.gain), 1.0, rel_tol=1e-12)
        kind, text = games.reorder_status(
            self.n, moves, start_par, solved, self.k is None or self.k >= len(grades)
        )
        assert plain(self.role("status").inner_text()) == plain(text)
        assert kind in self.role("status").get_attribute("class")
        names = [self.items[i] for i in self.order()]
        labels = self.rows().evaluate_all("els => els.map(e => e.querySelector('.ndcg-rg-name').textContent)")
        assert labels == names
        if self.pairs:
            self.check_pairs(grades, names)
        return solved

    def check_pairs(self, grades, names):
        # expected independently: |ΔNDCG@k| by swapping, λ = -ρ|Δ|, and their sums per item are
        # exactly ndcg.ltr.lambdarank_gradients of the scores the order implies
        scores = [len(grades) - 1 - p for p in range(len(grades))]
        expected, lam = [], [0.0] * len(grades)
        base = ndcg.ndcg(grades, self.k, gain=self.gain)
        for i in range(len(grades)):
            for j in range(len(grades)):
                if grades[i] > grades[j]:
                    swapped = list(grades)
                    swapped[i], swapped[j] = swapped[j], swapped[i]
                    delta = abs(ndcg.ndcg(swapped, self.k, gain=self.gain) - base)
                    pair = -delta / (1 + math.exp(scores[i] - scores[j]))
                    lam[i] += pair
                    lam[j] -= pair
                    expected.append([f"{names[i]} ▷ {names[j]}", f"{i + 1} and {j + 1}", delta, pair])
        gradients = ltr.lambdarank_gradients(grades, scores, self.k, gain=self.gain)
        assert max(abs(a - b) for a, b in zip(lam, gradients)) < 1e-12
        shown = (
            self.role("pairs")
            .locator("tbody tr")
            .evaluate_all("rows => rows.map(r => Array.from(r.cells).map(c => c.textContent))")
        )
        assert [row[:2] for row in shown] == [row[:2] for row in expected]
        for row, (_, _, delta, pair) in zip(shown, expected):
            assert row[2] == games._fmt(delta) and row[3] == games._fmt(pair)
        misordered = [(d, e) for e, (_, _, d, _) in enumerate(expected) if self._misordered(expected[e])]
        swap = plain(self.role("swap").inner_text())
        if not misordered or max(misordered)[0] <= 1e-12:
            assert swap == plain(games.fill(games.REORDER_MESSAGES["no_swap"], n=self.n))
        else:
            best = max(d for d, _ in misordered)
            e = next(e for d, e in misordered if d == best)
            better, worse = expected[e][0].split(" ▷ ")
            rb, rw = (int(r) for r in expected[e][1].split(" and "))
            assert swap == plain(
                games.fill(
                    games.REORDER_MESSAGES["best_swap"],
                    better=better,
                    worse=worse,
                    rank_better=rb,
                    rank_worse=rw,
                    delta=games._fmt(best),
                    n=self.n,
                )
            )

    @staticmethod
    def _misordered(row) -> bool:
        rb, rw = (int(r) for r in row[1].split(" and "))
        return rb > rw

    def plan(self) -> list[tuple[int, int]]:
        """(from, to) drags that sort the list with par moves: the first best item of the rest
        goes up to the first unsorted rank, passing only worse items."""
        grades, steps = self.grades(), []
        for target in range(len(grades)):
            best = max(range(target, len(grades)), key=lambda p: (grades[p], -p))
            if best != target:
                steps.append((best, target))
                grades.insert(target, grades.pop(best))
        return steps

    def best_line(self) -> str:
        return self.role("best").inner_text()


def drag_mouse(game: Reorder, source: int, target: int):
    page = game.page
    handle = game.rows().nth(source).locator("[data-role=handle]").bounding_box()
    goal = game.rows().nth(target).bounding_box()
    here = game.rows().nth(source).bounding_box()
    x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
    dy = (goal["y"] + goal["height"] / 2) - (here["y"] + here["height"] / 2)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y + dy, steps=12)
    page.mouse.up()


def drag_touch(game: Reorder, cdp, source: int, target: int):
    handle = game.rows().nth(source).locator("[data-role=handle]").bounding_box()
    goal = game.rows().nth(target).bounding_box()
    here = game.rows().nth(source).bounding_box()
    x, y = handle["x"] + handle["width"] / 2, handle["y"] + handle["height"] / 2
    dy = (goal["y"] + goal["height"] / 2) - (here["y"] + here["height"] / 2)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 13):
        cdp.send(
            "Input.dispatchTouchEvent",
            {"type": "touchMove", "touchPoints": [{"x": x, "y": y + dy * step / 12}]},
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    game.page.wait_for_timeout(30)


def adjacent_moves(game: Reorder) -> list[int]:
    """The positions whose item moves up one rank, in turn, to sort the list with par moves."""
    moves = []
    for source, target in game.plan():
        moves.extend(range(source, target, -1))
    return moves


@pytest.mark.parametrize("page_path", list(REORDER))
def test_reorder_by_buttons_and_keyboard_then_best_survives_a_reload(browser, server, page_path):
    ranking, options = REORDER[page_path]
    visit, root = open_game(browser, server, page_path, "reorder")
    game = Reorder(visit, root, ranking, options)
    par = games._inversions(ranking.grades)
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
    assert solved and moves == par + 2 and "ideal order!" in root.locator("[data-role=status]").inner_text()
    assert (
        f"(par is {par})" in root.inner_text()
        and f"best from this start: {par + 2} moves" in game.best_line()
    )
    assert "1.000" in root.locator("[aria-live]").inner_text()

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
    new_par = games._inversions(game.grades())
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
    par = games._inversions(ranking.grades)
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
    par = games._inversions(ranking.grades)
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
    x, y, title = TWO_SYSTEMS[page_path]
    game = games.TwoSystemsGame(x, y, title=title)
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
