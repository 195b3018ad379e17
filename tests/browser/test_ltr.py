"""Chapter 6's score playground in the built book, in headless Chromium.

The reader moves one video's score with the mouse (dragging the handle on the score axis), the
keyboard (arrow keys and Page Up/Down on the handle, the native slider, the box) and a finger
(CDP touch events in a touch context) across the other scores; every time, the NDCG@4, RankNet
gradients and LambdaRank lambdas the page shows must be the package's for the scores the page
shows (read back from it): ``ndcg.ndcg_score(..., k=4, gain="exponential")`` (ties broken by
input order, as in ``ndcg.ltr``), ``ndcg.ltr.ranknet_loss`` and
``ndcg.ltr.lambdarank_gradients``. Bad input in the box gets a message, never NaN; the view
fits 400 px; a jump of NDCG is announced; the state survives a reload; no console error and
no request leaving the book (``Visit`` of tests/browser/test_views.py). Screenshots (desktop, 400 px,
dark) go to ``_build/screenshots/`` of the build under test.
"""

from __future__ import annotations

import numpy as np
import pytest

import ndcg
from ndcg import ltr
from ndcg.course import examples
from tests.browser.pages import BOOK, Visit, book_uri

PAGE = "chapters/06_ltr.html"
VIEW = ".ndcg-ltr[data-ndcg-view=score-playground]"
NAMES = ["A", "B", "C", "D"]
GRADES = list(examples.SHORT_VIDEOS.grades)  # A 1, B 3, C 2, D 0
START = [2.0, 1.0, 0.0, -1.0]

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(
        not (BOOK / PAGE).is_file(),
        reason=f"no built book at {BOOK}: run `make book` first (or point NDCG_BOOK_HTML at a build)",
    ),
]


class Options:
    """The ``browser`` fixture, with options for every context that ``Visit`` opens (a touch
    screen, a narrow viewport, a theme set before the page loads)."""

    def __init__(self, browser, init_script: str | None = None, **options):
        self.browser, self.init_script, self.options = browser, init_script, options

    def new_context(self, **options):
        context = self.browser.new_context(**{**options, **self.options})
        if self.init_script:
            context.add_init_script(self.init_script)
        return context


DARK = "localStorage.setItem('theme', 'dark'); localStorage.setItem('mode', 'dark');"


def open_view(browser, url: str, local: str, **options) -> Visit:
    visit = Visit(Options(browser, **options), url, local)
    visit.page.wait_for_selector(f"{VIEW}[data-ready=true]", state="attached")
    visit.page.locator(VIEW).scroll_into_view_if_needed()
    settled(visit.page)
    return visit


# -- what the page shows, and what the package says --------------------------------------------


def shown(page) -> dict:
    """Everything the view shows, read from the page."""
    return page.evaluate(
        """view => {
          const rows = Array.from(view.querySelectorAll('tbody tr[data-doc]'));
          const by = {};
          rows.forEach((row, position) => {
            const cell = r => row.querySelector(`[data-role=${r}]`);
            by[row.getAttribute('data-doc')] = {
              position: position + 1,
              rank: cell('rank').textContent.trim(),
              score: cell('score').textContent.trim(),
              ranknet: cell('ranknet').querySelector('.ndcg-ltr-value').textContent.trim(),
              ranknetExact: Number(cell('ranknet').querySelector('.ndcg-ltr-value').getAttribute('data-value')),
              ranknetUp: !!cell('ranknet').querySelector('.is-up'),
              ranknetDown: !!cell('ranknet').querySelector('.is-down'),
              lambda: cell('lambda').querySelector('.ndcg-ltr-value').textContent.trim(),
              lambdaExact: Number(cell('lambda').querySelector('.ndcg-ltr-value').getAttribute('data-value')),
              lambdaUp: !!cell('lambda').querySelector('.is-up'),
              lambdaDown: !!cell('lambda').querySelector('.is-down'),
              said: cell('lambda').querySelector('.ndcg-sr').textContent.trim(),
            };
          });
          return {
            rows: by,
            ndcg: view.querySelector('[data-role=ndcg]').textContent.trim(),
            ndcgExact: Number(view.querySelector('[data-role=ndcg]').getAttribute('data-value')),
            order: view.querySelector('[data-role=order]').textContent,
            point: view.querySelector('.ndcg-ltr-pointlabel').textContent,
            handle: view.querySelector('[data-role=handle]').getAttribute('aria-valuenow'),
            pressed: Array.from(view.querySelectorAll('.ndcg-ltr-picker [aria-pressed=true]'))
                       .map(b => b.getAttribute('data-doc')),
            slider: view.querySelector('[data-role=slider]').value,
            box: view.querySelector('[data-role=box]').value,
            text: view.innerText,
          };
        }""",
        page.locator(VIEW).element_handle(),
    )


def scores_shown(page) -> list[float]:
    rows = shown(page)["rows"]
    return [float(rows[str(i)]["score"].replace("\N{MINUS SIGN}", "-")) for i in range(4)]


def check_numbers(page) -> dict:
    """The numbers on the page are the package's for the scores on the page."""
    state = shown(page)
    scores = scores_shown(page)
    expected_ndcg = ndcg.ndcg_score([GRADES], [scores], k=4, gain="exponential", ignore_ties=True)
    if len(set(scores)) == len(scores):  # no tie: the package's default (averaged ties) agrees
        assert expected_ndcg == pytest.approx(ndcg.ndcg_score([GRADES], [scores], k=4, gain="exponential"))
    _, ranknet = ltr.ranknet_loss(GRADES, scores)
    lambdas = ltr.lambdarank_gradients(GRADES, scores, 4, gain="exponential")
    order = np.argsort(-np.asarray(scores), kind="stable")  # ties: input order
    assert "NaN" not in state["text"] and "undefined" not in state["text"]
    assert float(state["ndcg"]) == pytest.approx(expected_ndcg, abs=5e-4 + 1e-12)
    assert state["ndcgExact"] == pytest.approx(expected_ndcg, abs=1e-12)
    assert state["point"] == state["ndcg"]  # the point on the staircase says the same
    assert state["order"].endswith(", ".join(NAMES[i] for i in order))
    for rank, doc in enumerate(order, start=1):
        row = state["rows"][str(doc)]
        assert (row["position"], row["rank"]) == (rank, str(rank))
        assert float(row["ranknet"]) == pytest.approx(ranknet[doc], abs=5e-4 + 1e-12)
        assert float(row["lambda"]) == pytest.approx(lambdas[doc], abs=5e-4 + 1e-12)
        assert row["ranknetExact"] == pytest.approx(ranknet[doc], abs=1e-12)
        assert row["lambdaExact"] == pytest.approx(lambdas[doc], abs=1e-12)
        # the arrows point up for a negative value ("move up"), down for a positive one
        if round(lambdas[doc], 3) != 0:
            assert (row["lambdaUp"], row["lambdaDown"]) == (lambdas[doc] < 0, lambdas[doc] > 0)
            assert row["said"] == ("up" if lambdas[doc] < 0 else "down")
        if round(ranknet[doc], 3) != 0:
            assert (row["ranknetUp"], row["ranknetDown"]) == (ranknet[doc] < 0, ranknet[doc] > 0)
    moving = int(state["pressed"][0])
    assert float(state["handle"]) == scores[moving] == float(state["slider"]) == float(state["box"])
    return {"scores": scores, "ndcg": expected_ndcg, "moving": moving}


def x_of(page, score: float) -> float:
    """The page x of a score on the axis, from two tick labels of the axis."""
    ticks = page.locator(f"{VIEW} text.ndcg-ltr-tick[text-anchor=middle]")
    points = []
    for i in range(ticks.count()):
        box = ticks.nth(i).bounding_box()
        points.append(
            (float(ticks.nth(i).text_content().replace("\N{MINUS SIGN}", "-")), box["x"] + box["width"] / 2)
        )
    (s0, x0), (s1, x1) = points[0], points[-1]
    return x0 + (score - s0) * (x1 - x0) / (s1 - s0)


def handle_centre(page) -> tuple[float, float]:
    box = page.locator(f"{VIEW} .ndcg-ltr-knob").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def live(page) -> str:
    return page.locator(f"{VIEW} [aria-live=polite]").text_content()


def fits(page) -> None:
    """The view, and everything in it, needs no horizontal scrollbar."""
    widths = page.evaluate(
        """view => [view, ...view.querySelectorAll('div, table, svg, p')].map(el =>
             [el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className,
              el.scrollWidth, el.clientWidth])""",
        page.locator(VIEW).element_handle(),
    )
    # (the screen-reader-only live region is a clipped 1-px box on purpose)
    wide = [(name, s, c) for name, s, c in widths if c and s > c + 1 and "ndcg-sr" not in name]
    assert not wide, wide
    box = page.locator(VIEW).bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 1


def screenshot(page, name: str) -> None:
    """The whole view, below the theme's sticky header (a viewport tall enough to hold it)."""
    folder = BOOK.parent / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    view = page.locator(VIEW)
    size = page.viewport_size
    height = view.bounding_box()["height"]
    if height + 200 > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": int(height) + 200})
    page.evaluate("el => window.scrollBy(0, el.getBoundingClientRect().top - 120)", view.element_handle())
    page.wait_for_timeout(1000)  # the jump highlight fades
    view.screenshot(path=str(folder / f"ltr-score-playground-{name}.png"), animations="disabled")
    page.set_viewport_size(size)
    settled(page)


def settled(page) -> None:
    """Wait until the figure is drawn at the width of its box (it redraws on a resize)."""
    page.wait_for_function(
        """view => { const figure = view.querySelector('[data-role=figure]'),
                           track = figure.querySelector('.ndcg-ltr-track');
                     return track && Number(track.getAttribute('width')) === Math.max(260, figure.clientWidth - 2); }""",
        arg=page.locator(VIEW).element_handle(),
    )


# -- the tests ---------------------------------------------------------------------------------


def test_the_starting_state_is_the_chapters(browser, server):
    visit = open_view(browser, f"{server}/{PAGE}", server)
    page = visit.page
    state = check_numbers(page)
    assert state["scores"] == START and state["moving"] == 1
    assert shown(page)["ndcg"] == "0.736"
    # ready: the help and the controls are shown, the picker's buttons work
    assert page.locator(f"{VIEW} [data-until-ready][hidden], {VIEW} button[disabled]").count() == 0
    assert page.locator(f"{VIEW} .ndcg-ltr-plot").is_visible()
    screenshot(page, "desktop")
    visit.close()


def test_dragging_b_past_a_with_the_mouse(browser, server):
    visit = open_view(browser, f"{server}/{PAGE}", server)
    page = visit.page
    x, y = handle_centre(page)
    page.mouse.move(x, y)
    page.mouse.down()
    before = check_numbers(page)["ndcg"]
    for target in (1.5, 1.99):  # along the flat step: NDCG stays, the lambdas change
        page.mouse.move(x_of(page, target), y, steps=8)
        state = check_numbers(page)
        assert state["ndcg"] == pytest.approx(before, abs=1e-12)
        assert 1 < state["scores"][1] < 2
    assert live(page) == ""  # nothing jumped yet
    page.mouse.move(x_of(page, 3.0), y, steps=8)  # past A
    page.mouse.up()
    state = check_numbers(page)
    assert 2 < state["scores"][1] <= 3.05
    assert state["ndcg"] > before + 0.2
    assert shown(page)["order"].endswith("B, A, C, D")
    assert "jumps from 0.736 to " + shown(page)["ndcg"] in live(page)
    screenshot(page, "desktop-dragged")
    # a press on the axis moves the handle there (and drags on)
    page.mouse.click(x_of(page, -2.5), y)
    state = check_numbers(page)
    assert state["scores"][1] == pytest.approx(-2.5, abs=0.05)
    assert shown(page)["order"].endswith("A, C, D, B")
    visit.close()


def test_the_keyboard_moves_every_video(browser, server):
    visit = open_view(browser, f"{server}/{PAGE}", server)
    page = visit.page
    # pick video C with the keyboard
    page.locator(f"{VIEW} .ndcg-ltr-picker button[data-doc='2']").focus()
    page.keyboard.press("Enter")
    assert shown(page)["pressed"] == ["2"]
    assert "Score of video C" in page.locator(f"{VIEW} [data-role=slider-label]").text_content()
    assert page.locator(f"{VIEW} [data-role=handle]").get_attribute("aria-label") == "score of video C"
    # Tab reaches the handle (after the reset button); the arrow keys move C by 0.1
    page.locator(f"{VIEW} [data-action=reset]").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.getAttribute('data-role')") == "handle"
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    assert check_numbers(page)["scores"] == [2.0, 1.0, 0.5, -1.0]
    page.keyboard.press("PageUp")  # C passes B: the order and NDCG change
    state = check_numbers(page)
    assert state["scores"][2] == 1.5 and shown(page)["order"].endswith("A, C, B, D")
    assert "jumps" in live(page)
    page.keyboard.press("PageUp")
    page.keyboard.press("ArrowUp")
    check_numbers(page)
    assert shown(page)["order"].endswith("C, A, B, D")
    page.keyboard.press("Home")
    assert check_numbers(page)["scores"][2] == -3.0
    page.keyboard.press("End")
    assert check_numbers(page)["scores"][2] == 4.0
    page.keyboard.press("ArrowRight")  # the end of the axis: no further
    assert check_numbers(page)["scores"][2] == 4.0
    # the native slider, with its own arrow keys (steps of 0.01)
    page.locator(f"{VIEW} .ndcg-ltr-picker button[data-doc='3']").click()
    page.locator(f"{VIEW} [data-role=slider]").focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert check_numbers(page)["scores"][3] == pytest.approx(-0.97)
    visit.close()


def test_a_finger_drags_the_handle(browser, server):
    visit = open_view(
        browser,
        f"{server}/{PAGE}",
        server,
        has_touch=True,
        is_mobile=True,
        viewport={"width": 400, "height": 800},
    )
    page = visit.page
    fits(page)
    screenshot(page, "400px")
    page.locator(f"{VIEW} .ndcg-ltr-track").scroll_into_view_if_needed()
    cdp = page.context.new_cdp_session(page)
    x, y = handle_centre(page)
    scroll_before = page.evaluate("() => [window.scrollX, window.scrollY]")

    def touch(kind: str, at: tuple[float, float] | None):
        points = [] if at is None else [{"x": at[0], "y": at[1], "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", (x, y))
    target = x_of(page, 2.6)  # B past A
    for i in range(1, 11):
        touch("touchMove", (x + (target - x) * i / 10, y))
    touch("touchEnd", None)
    state = check_numbers(page)
    assert 2 < state["scores"][1] < 3
    assert shown(page)["order"].endswith("B, A, C, D")
    assert "jumps" in live(page)
    # the drag moved the score, not the page
    assert page.evaluate("() => [window.scrollX, window.scrollY]") == scroll_before
    # back below every other score, with a finger on the axis band
    x, y = handle_centre(page)
    touch("touchStart", (x, y))
    target = x_of(page, -2.0)
    for i in range(1, 16):
        touch("touchMove", (x + (target - x) * i / 15, y))
    touch("touchEnd", None)
    check_numbers(page)
    assert shown(page)["order"].endswith("A, C, D, B")
    fits(page)
    visit.close()


def test_a_new_height_keeps_the_drawing_and_a_new_width_redraws_it(browser, server):
    # A phone's address bar coming and going changes the height only: the drawing, and a finger
    # dragging its handle, stay. A new width draws the figure again at that width.
    visit = open_view(browser, f"{server}/{PAGE}", server)
    page = visit.page
    mark = "view => { view.querySelector('.ndcg-ltr-track').dataset.mark = 'drawn'; }"
    frames = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r))))"
    kept = page.locator(f"{VIEW} .ndcg-ltr-track[data-mark=drawn]")
    page.evaluate(mark, page.locator(VIEW).element_handle())
    for height in (600, 900):
        page.set_viewport_size({"width": 1100, "height": height})
        page.evaluate("() => window.dispatchEvent(new Event('resize'))")
        page.evaluate(frames)
        assert kept.count() == 1, f"a height of {height} px drew the figure again"
    page.set_viewport_size({"width": 700, "height": 900})
    settled(page)
    assert kept.count() == 0
    fits(page)
    visit.close()


def test_the_box_takes_a_number_and_refuses_anything_else(browser):
    # from file://: the book on a USB stick
    visit = open_view(browser, (BOOK.resolve() / PAGE).as_uri(), book_uri())
    page = visit.page
    box, error = page.locator(f"{VIEW} [data-role=box]"), page.locator(f"{VIEW} [data-role=error]")
    start = check_numbers(page)
    for text, message in (
        ("abc", "'abc' is not a number"),
        ("", "Type a score for video B"),
        ("1.2.3", "is not a number"),
        ("9", "between -3 and 4"),
        ("-7.5", "between -3 and 4"),
        ("NaN", "is not a number"),
        ("Infinity", "is not a number"),
    ):
        box.fill(text)
        box.press("Enter")
        assert error.is_visible(), text
        assert message in error.text_content(), (text, error.text_content())
        assert box.get_attribute("aria-invalid") == "true"
        state = shown(page)
        assert "NaN" not in state["text"].replace(text, "") and "undefined" not in state["text"]
        assert scores_shown(page) == start["scores"]  # nothing moved
    # a good number (full-width digits and the minus sign also work) clears the message
    for text, value in (
        ("2.5", 2.5),
        ("\uff11\uff0e\uff15", 1.5),
        ("\N{MINUS SIGN}0.25", -0.25),
        ("3,75", 3.75),
    ):
        box.fill(text)
        box.press("Enter")
        assert error.is_hidden() and box.get_attribute("aria-invalid") is None
        assert check_numbers(page)["scores"][1] == value
    # a tie: B at exactly A's score stays below A (input order), as in the package
    box.fill("2")
    box.press("Tab")  # leaving the box reads it too
    state = check_numbers(page)
    assert state["scores"] == [2.0, 2.0, 0.0, -1.0]
    assert shown(page)["order"].endswith("A, B, C, D")
    assert "tie at 2.00" in page.locator(f"{VIEW} [data-role=tie]").text_content()
    assert state["ndcg"] == pytest.approx(ndcg.ndcg_score([GRADES], [START], k=4, gain="exponential"))
    box.fill("2.01")
    box.press("Enter")
    assert shown(page)["order"].endswith("B, A, C, D")
    assert page.locator(f"{VIEW} [data-role=tie]").is_hidden()
    visit.close()


def test_the_scores_survive_a_reload_and_reset(browser, server):
    visit = open_view(browser, f"{server}/{PAGE}", server)
    page = visit.page
    page.locator(f"{VIEW} .ndcg-ltr-picker button[data-doc='0']").click()
    box = page.locator(f"{VIEW} [data-role=box]")
    box.fill("-0.5")
    box.press("Enter")
    page.locator(f"{VIEW} .ndcg-ltr-picker button[data-doc='3']").click()
    box.fill("3.25")
    box.press("Enter")
    before = check_numbers(page)
    assert before["scores"] == [-0.5, 1.0, 0.0, 3.25] and before["moving"] == 3
    page.reload()
    page.wait_for_selector(f"{VIEW}[data-ready=true]", state="attached")
    after = check_numbers(page)
    assert after["scores"] == before["scores"] and after["moving"] == 3
    assert live(page) == ""  # a reload is not a jump
    # reset: the chapter's scores and video B, remembered as such
    page.locator(f"{VIEW} [data-action=reset]").click()
    state = check_numbers(page)
    assert state["scores"] == START and state["moving"] == 1
    assert "NDCG@4 = 0.736" in live(page)
    page.reload()
    page.wait_for_selector(f"{VIEW}[data-ready=true]", state="attached")
    assert check_numbers(page)["scores"] == START
    # a stored state that makes no sense is ignored
    page.evaluate(
        """() => { for (let i = 0; i < localStorage.length; i++) {
             const key = localStorage.key(i);
             if (key.includes('score-playground')) localStorage.setItem(key, '{"moving": 7, "scores": [1]}'); } }"""
    )
    page.locator(f"{VIEW} .ndcg-ltr-picker button[data-doc='2']").click()  # writes a good state
    page.evaluate(
        """() => { for (let i = 0; i < localStorage.length; i++) {
             const key = localStorage.key(i);
             if (key.includes('score-playground')) localStorage.setItem(key, '{"moving": 1, "scores": [1, "x", 2, null]}'); } }"""
    )
    page.reload()
    page.wait_for_selector(f"{VIEW}[data-ready=true]", state="attached")
    state = check_numbers(page)
    assert state["scores"] == START and state["moving"] == 1
    visit.close()


def test_the_view_fits_400_px_and_dark_mode(browser, server):
    visit = open_view(browser, f"{server}/{PAGE}", server, viewport={"width": 400, "height": 900})
    page = visit.page
    fits(page)
    page.locator(f"{VIEW} .ndcg-ltr-picker button[data-doc='0']").click()  # another staircase
    fits(page)
    check_numbers(page)
    visit.close()
    visit = open_view(browser, f"{server}/{PAGE}", server, init_script=DARK)
    page = visit.page
    assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    # the text of the view is light on dark
    colours = page.evaluate(
        """view => [getComputedStyle(view).color, getComputedStyle(view.querySelector('.ndcg-ltr-frame')).backgroundColor]""",
        page.locator(VIEW).element_handle(),
    )
    fg, bg = (
        [int(v) for v in colour[colour.index("(") + 1 : colour.index(")")].split(",")[:3]]
        for colour in colours
    )
    assert sum(fg) > 3 * 150 and sum(bg) < 3 * 100, colours
    box = page.locator(f"{VIEW} [data-role=box]")
    box.fill("oops")
    box.press("Enter")
    screenshot(page, "dark")
    visit.close()
    visit = open_view(
        browser, f"{server}/{PAGE}", server, viewport={"width": 400, "height": 900}, init_script=DARK
    )
    screenshot(visit.page, "400px-dark")
    visit.close()
