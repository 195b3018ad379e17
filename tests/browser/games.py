"""The games' drivers in the browser, shared by the games' and the monster's tests."""

from __future__ import annotations

import math
import re

import ndcg
from ndcg import ltr
from ndcg.course import examples
from ndcg.course.widgets import GAME_TITLE, games
from ndcg.course.widgets.base import _fmt
from tests.browser.pages import BOOK, Visit

REORDER = {
    "chapters/01_cg.html": (examples.BASKETBALL, {"cg": True}),
    "chapters/04_ndcg.html": (examples.MOVIES, {}),
    "chapters/06_ltr.html": (examples.SHORT_VIDEOS, {"k": 4, "gain": "exponential", "pairs": True}),
}
#: page: (x, y, title, words); chapter 0 has not taught DCG yet, so its game speaks of the discount.
TWO_SYSTEMS = {
    "chapters/00_why.html": (examples.CAT_BATH_A, examples.CAT_BATH_B, games.TWO_SYSTEMS_TITLE, "discount"),
    "chapters/02_dcg.html": (examples.VIDEO_GAME_X, examples.VIDEO_GAME_Y, GAME_TITLE, "dcg"),
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
        #: the game's texts: chapter 1's words with cg=True (no DCG, IDCG or NDCG)
        self.messages = games.CG_REORDER_MESSAGES if self.cg else games.REORDER_MESSAGES
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
        fmt = _fmt
        expected = games.fill(
            self.messages["score"],
            n=self.n,
            ndcg=fmt(ndcg.ndcg(grades, self.k, gain=self.gain)),
            dcg=fmt(ndcg.dcg(grades, self.k, gain=self.gain)),
            idcg=fmt(ndcg.idcg(grades, self.k, gain=self.gain)),
            moves=moves,
        )
        if self.cg:
            expected = games.fill(self.messages["cg"], n=self.n, cg=fmt(ndcg.cg(grades, self.k))) + expected
        assert plain(self.role("score").inner_text()) == plain(expected)
        solved = math.isclose(ndcg.ndcg(grades, self.k, gain=self.gain), 1.0, rel_tol=1e-12)
        kind, text = games.reorder_status(
            self.n, moves, start_par, solved, self.k is None or self.k >= len(grades), self.messages
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
            assert row[2] == _fmt(delta) and row[3] == _fmt(pair)
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
                    delta=_fmt(best),
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
