"""The ranking explorers (chapters 3 and 5) and the interactive figures (chapters 2, 4 and 5) in
headless Chromium, from the built book with no kernel: typed into, slid, reordered and touched,
every number shown compared with the package's, at 1100 and 400 px, light and dark.

The book must be built (``NDCG_BOOK_HTML``, default ``_build/html``); screenshots go to
``screenshots/`` next to it (``_build/screenshots/``).
"""

from __future__ import annotations

import re

import pytest

import ndcg
from ndcg.course import examples, figures, tables
from ndcg.course.display import fmt
from tests.browser.pages import Visit, book_uri, reload_once_stored
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
SHOTS = BOOK.parent / "screenshots"
CHAPTERS = {name: f"chapters/{name}.html" for name in ("02_dcg", "03_idcg", "04_ndcg", "05_mrr")}

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(
        not (BOOK / CHAPTERS["03_idcg"]).is_file(),
        reason=f"no built book at {BOOK}: run `make book` first (or point NDCG_BOOK_HTML at a build)",
    ),
]


def f3(value) -> str:
    return fmt(value, ".3f")


def open_page(browser, chapter: str, *, width: int = 1100, origin: str = "file", server: str = "", **context):
    """A Visit of a chapter, from file:// (default) or the local server, at ``width`` px."""
    if origin == "file":
        url, local = (BOOK.resolve() / CHAPTERS[chapter]).as_uri(), book_uri()
    else:
        url, local = f"{server}/{CHAPTERS[chapter]}", f"{server}/"
    if width != 1100 or context:
        visit = _Visit(browser, url, local, width=width, **context)
    else:
        visit = Visit(browser, url, local)
    visit.page.wait_for_function(
        "() => document.querySelectorAll('[data-ndcg-view]:not([data-ready=true])').length === 0"
    )
    return visit


class _Visit(Visit):
    """A Visit with another viewport, or touch."""

    def __init__(self, browser, url, local, *, width=1100, **context):
        original = browser.new_context

        def new_context(**kwargs):
            kwargs["viewport"] = {"width": width, "height": 900}
            kwargs.update(context)
            return original(**kwargs)

        browser.new_context = new_context
        try:
            super().__init__(browser, url, local)
        finally:
            browser.new_context = original


def shot(locator, name: str):
    SHOTS.mkdir(parents=True, exist_ok=True)
    locator.scroll_into_view_if_needed()
    locator.screenshot(path=str(SHOTS / f"{name}.png"))


def numbers_line(values, k, gain="linear", rr=False) -> str:
    n = min(k, len(values))
    line = (
        f"CG@{n} = {f3(ndcg.cg(values, k))} · DCG@{n} = {f3(ndcg.dcg(values, k, gain=gain))} · "
        f"IDCG@{n} = {f3(ndcg.idcg(values, k, gain=gain))} · "
        f"NDCG@{n} = DCG / IDCG = {f3(ndcg.ndcg(values, k, gain=gain))}"
    )
    return line + (f" · RR = {f3(ndcg.rr(values))}" if rr else "")


def no_nan(root):
    text = root.inner_text()
    assert "NaN" not in text and "undefined" not in text and "Infinity" not in text, text


def check_explorer_numbers(root, values, k, gain="linear", rr=False):
    assert root.get_attribute("data-valid") == "true"
    shown = root.locator("[data-role=numbers]").inner_text()
    assert numbers_line(values, k, gain, rr) in shown, shown
    n = min(k, len(values))
    rows = root.locator("[data-role=table] tbody tr")
    assert rows.count() == n
    table = tables.steps(values, k, gain=gain)
    for i in range(n):
        cells = rows.nth(i).locator("td").all_inner_texts()
        assert (
            cells[0] == str(i + 1) and cells[3] == f3(table.rows[i][3]) and cells[7] == f3(table.rows[i][7])
        )
    assert root.locator(".ndcg-ex-bar-row").count() == n
    assert f"DCG@{n} = {f3(ndcg.dcg(values, k, gain=gain))}" in root.locator("[data-role=chart]").inner_text()
    no_nan(root)


def fits(locator) -> bool:
    return locator.evaluate("el => el.scrollWidth <= el.clientWidth + 1")


def page_fits(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")


# -- the explorers -------------------------------------------------------------------------------


def test_explorer_chapter_3_types_slides_and_remembers(browser):
    visit = open_page(browser, "03_idcg")
    page = visit.page
    root = page.locator("[data-ndcg-view=explorer]")
    assert root.count() == 1
    grades = root.locator("[data-role=grades]")
    assert root.locator("[data-role=static]").is_hidden() and grades.is_visible()
    assert "This is a snapshot" not in root.inner_text()
    six = list(examples.EIGHT_RETRIEVED.grades)
    check_explorer_numbers(root, six, 6)
    shot(root, "explorer-03-start-1100")

    # type, one key at a time
    grades.fill("")
    grades.press_sequentially("3, 2, 1, 0, 2, 1, 3")
    check_explorer_numbers(root, [3, 2, 1, 0, 2, 1, 3], 7)  # k was the whole list, so it still is
    k = root.locator("[data-role=k]")
    k.focus()
    visit.page.keyboard.press("ArrowLeft")
    visit.page.keyboard.press("ArrowLeft")
    grades.fill("")
    grades.press_sequentially("3, 1, 2, 0, 2, 1, 3, 3")  # typed one grade at a time: k stays at 5
    check_explorer_numbers(root, [3, 1, 2, 0, 2, 1, 3, 3], 5)

    # bad input: the parse error, and no number at all
    grades.fill("3, x, -1")
    error = root.locator("[data-role=error]")
    assert error.is_visible() and "'x' (item 2) is not a number" in error.inner_text()
    assert root.get_attribute("data-valid") == "false"
    assert root.locator("[data-role=numbers]").inner_text() == ""
    assert root.locator("[data-role=table]").inner_text() == ""
    no_nan(root)
    shot(root, "explorer-03-error-1100")
    grades.fill("3, -1")
    assert "must not be negative" in error.inner_text()
    grades.fill("")
    assert "type at least one grade" in error.inner_text()
    grades.fill("3，2、1；0")  # full-width separators
    check_explorer_numbers(root, [3, 2, 1, 0], 4)
    assert error.is_hidden()

    # k by keyboard and by pointer
    k.focus()
    page.keyboard.press("ArrowLeft")
    check_explorer_numbers(root, [3, 2, 1, 0], 3)
    page.keyboard.press("Home")
    check_explorer_numbers(root, [3, 2, 1, 0], 1)
    box = k.bounding_box()
    page.mouse.click(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
    check_explorer_numbers(root, [3, 2, 1, 0], 4)
    assert root.locator("[data-role=k-out]").inner_text() == "4"

    # the gain, by click and by keyboard
    root.locator("input[value=exponential]").check()
    check_explorer_numbers(root, [3, 2, 1, 0], 4, "exponential")
    root.locator("input[value=exponential]").focus()
    page.keyboard.press("ArrowUp")  # radio group: back to linear
    check_explorer_numbers(root, [3, 2, 1, 0], 4, "linear")
    page.keyboard.press("ArrowDown")
    grades.fill("2000")
    assert "at most 1023" in error.inner_text()
    no_nan(root)

    # the examples picker: the two results never shown join the list
    picker = root.locator("[data-role=example]")
    picker.select_option(label="all eight results judged")
    eight = list(examples.EIGHT_RETRIEVED.all_judged)
    assert grades.input_value() == ", ".join(map(str, eight))
    check_explorer_numbers(root, eight, 8, "exponential")
    page.wait_for_function(
        "el => el.querySelector('[aria-live]').textContent.includes('NDCG@8')", arg=root.element_handle()
    )
    assert (
        f"NDCG@8 = {f3(ndcg.ndcg(eight, 8, gain='exponential'))}" in root.locator("[aria-live]").inner_text()
    )

    # a reload keeps what the reader did; reset forgets it
    page.reload()
    page.wait_for_selector("[data-ndcg-view=explorer][data-ready=true]")
    root = page.locator("[data-ndcg-view=explorer]")
    assert root.locator("[data-role=grades]").input_value() == ", ".join(map(str, eight))
    assert root.locator("[data-role=example]").input_value() == "1"
    check_explorer_numbers(root, eight, 8, "exponential")
    root.locator("[data-action=reset]").click()
    check_explorer_numbers(root, six, 6)
    assert root.locator("[data-role=example]").input_value() == "0"
    visit.close()


def test_explorer_chapter_5_shows_rr_next_to_ndcg(browser, server):
    visit = open_page(browser, "05_mrr", origin="http", server=server)
    root = visit.page.locator("[data-ndcg-view=explorer]")
    b = list(examples.CHENGDU_GUIDE_B.grades)
    check_explorer_numbers(root, b, 5, rr=True)
    assert "first result graded 1 or more at rank 1" in root.inner_text()
    assert "RR (reciprocal rank)" in root.inner_text()
    grades = root.locator("[data-role=grades]")
    grades.fill("4, 0, 3, 0, 0")  # NDCG moves, RR stays put
    check_explorer_numbers(root, [4, 0, 3, 0, 0], 5, rr=True)
    grades.fill("0, 0, 4")
    check_explorer_numbers(root, [0, 0, 4], 3, rr=True)
    assert "at rank 3" in root.inner_text()
    grades.fill("0, 0")
    check_explorer_numbers(root, [0, 0], 2, rr=True)
    assert "no result graded 1 or more" in root.inner_text()
    root.locator("[data-role=example]").select_option(label="system A")
    check_explorer_numbers(root, list(examples.CHENGDU_GUIDE_A.grades), 5, rr=True)  # k: the whole list
    grades.fill("3, x, -1")
    assert "'x' (item 2) is not a number" in root.locator("[data-role=error]").inner_text()
    no_nan(root)
    root.locator("[data-action=reset]").click()
    check_explorer_numbers(root, b, 5, rr=True)
    shot(root, "explorer-05-1100")
    visit.close()


# -- chapter 2: the sliders ------------------------------------------------------------------------


def discount_readout(rank: int) -> str:
    return (
        f"At rank {rank}, DCG's discount 1/log2({rank + 1}) keeps {f3(ndcg.discounts(rank)[-1])} of a "
        f"result's gain; 1/i would keep {f3(ndcg.rr([0] * (rank - 1) + [1]))}."
    )


def test_discount_and_gain_sliders(browser):
    visit = open_page(browser, "02_dcg")
    page = visit.page
    root = page.locator("[data-ndcg-view=discount]")
    slider, readout = root.locator("[data-role=slider]"), root.locator("[data-role=readout]")
    assert root.locator("[data-role=static]").is_hidden() and root.locator("svg").count() == 1
    assert readout.inner_text() == discount_readout(1)
    # keyboard
    slider.focus()
    page.keyboard.press("ArrowRight")
    assert readout.inner_text() == discount_readout(2)
    page.keyboard.press("End")
    assert readout.inner_text() == discount_readout(20)
    assert root.locator("[data-role=value]").inner_text() == "20"
    page.keyboard.press("PageDown")
    rank = int(slider.input_value())
    assert rank < 20 and readout.inner_text() == discount_readout(rank)
    # pointer on the slider, and on the chart (press and drag)
    box = slider.bounding_box()
    page.mouse.click(box["x"] + 2, box["y"] + box["height"] / 2)
    assert readout.inner_text() == discount_readout(1)
    svg = root.locator("svg").bounding_box()
    y = svg["y"] + svg["height"] / 2
    page.mouse.move(svg["x"] + svg["width"] * 0.5, y)
    page.mouse.down()
    page.mouse.move(svg["x"] + svg["width"] * 0.97, y, steps=5)
    page.mouse.up()
    assert slider.input_value() == "20" and readout.inner_text() == discount_readout(20)
    assert root.locator(".ndcg-fig-dot.is-marked").count() == 2
    assert "1/log2(i+1)" in root.locator("svg").get_attribute("aria-label")
    page.wait_for_function(
        "el => el.textContent.includes('rank 20')", arg=root.locator("[aria-live]").element_handle()
    )
    shot(root, "discount-1100")

    gains = page.locator("[data-ndcg-view=gains]")
    gslider, gread = gains.locator("[data-role=slider]"), gains.locator("[data-role=readout]")

    def gain_text(g):
        lin, exp = ndcg.gain_values([g])[0], ndcg.gain_values([g], gain="exponential")[0]
        return (
            f"A result of grade {g} is worth {fmt(lin, '.0f')} with the linear gain (g) and "
            f"{fmt(exp, '.0f')} with the exponential gain (2^g − 1)."
        )

    assert gread.inner_text() == gain_text(2)
    gslider.focus()
    page.keyboard.press("ArrowRight")
    assert gread.inner_text() == gain_text(3)
    box = gslider.bounding_box()
    page.mouse.click(box["x"] + box["width"] - 2, box["y"] + box["height"] / 2)
    assert gread.inner_text() == gain_text(5)
    values = gains.locator(".ndcg-ex-bar-value").all_inner_texts()
    assert values == ["5", "31"]
    page.keyboard.press("Home")
    assert gread.inner_text() == gain_text(0)
    no_nan(gains)
    page.keyboard.press("ArrowRight")
    shot(gains, "gains-1100")
    visit.close()


def test_discount_chart_follows_touch(browser):
    visit = open_page(browser, "02_dcg", has_touch=True, is_mobile=False)
    page = visit.page
    root = page.locator("[data-ndcg-view=discount]")
    root.scroll_into_view_if_needed()
    svg = root.locator("svg").bounding_box()
    cdp = page.context.new_cdp_session(page)
    y = svg["y"] + svg["height"] / 2

    def touch(kind, x):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", svg["x"] + svg["width"] * 0.3)
    for frac in (0.4, 0.55, 0.7):
        touch("touchMove", svg["x"] + svg["width"] * frac)
    touch("touchEnd", 0)
    rank = int(root.locator("[data-role=slider]").input_value())
    assert 10 <= rank <= 16, rank
    assert root.locator("[data-role=readout]").inner_text() == discount_readout(rank)
    # a tap on a reorder button of chapter 4 works as well
    visit.close()


# -- chapter 4: reorder, NDCG@k ------------------------------------------------------------------


def table_of(root):
    rows = root.locator("[data-role=table] tbody tr")
    return [rows.nth(i).locator("td").all_inner_texts() for i in range(rows.count())]


def expected_table(order):
    grades = [examples.MOVIES.grades[i] for i in order]
    start = list(examples.MOVIES.grades)
    return [[str(k), f3(ndcg.ndcg(grades, k)), f3(ndcg.ndcg(start, k))] for k in range(1, len(grades) + 1)]


def test_ndcg_at_k_reorder(browser, server):
    visit = open_page(browser, "04_ndcg", origin="http", server=server)
    page = visit.page
    root = page.locator("[data-ndcg-view=ndcg-at-k]")
    items = root.locator("[data-role=list] li")
    assert items.all_inner_texts()[0].startswith("film A (grade 3)")
    assert table_of(root) == expected_table([0, 1, 2, 3, 4])
    assert root.locator("svg polyline").count() == 2
    # film E (index 4) up twice, by click then by keyboard
    root.locator("li[data-index='4'] [data-action=up]").click()
    assert table_of(root) == expected_table([0, 1, 2, 4, 3])
    button = root.locator("li[data-index='4'] [data-action=up]")
    button.focus()
    page.keyboard.press("Enter")
    order = [0, 1, 4, 2, 3]
    assert table_of(root) == expected_table(order)
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "Move film E up"
    page.keyboard.press("Space")
    order = [0, 4, 1, 2, 3]
    assert table_of(root) == expected_table(order)
    grades = [examples.MOVIES.grades[i] for i in order]
    live = root.locator("[aria-live]")
    page.wait_for_function("el => el.textContent.includes('rank 2')", arg=live.element_handle())
    assert live.inner_text() == f"film E is now at rank 2. NDCG@5 = {f3(ndcg.ndcg(grades, 5))}."
    # the top item cannot go up: nothing changes
    root.locator("li[data-index='0'] [data-action=up]").focus()
    page.keyboard.press("Enter")
    assert table_of(root) == expected_table(order)
    assert root.locator("li[data-index='0'] [data-action=up]").get_attribute("aria-disabled") == "true"
    shot(root, "ndcg-at-k-1100")
    # the order survives a reload
    page.reload()
    page.wait_for_selector("[data-ndcg-view=ndcg-at-k][data-ready=true]")
    root = page.locator("[data-ndcg-view=ndcg-at-k]")
    assert table_of(root) == expected_table(order)
    assert [li.split(" (")[0] for li in root.locator("[data-role=list] li").all_inner_texts()] == [
        examples.MOVIES.items[i] for i in order
    ]
    root.locator("[data-action=best]").click()
    assert table_of(root) == expected_table([0, 1, 4, 2, 3])
    assert all(row[1] == f3(1.0) for row in table_of(root))
    root.locator("[data-action=reset]").click()
    assert table_of(root) == expected_table([0, 1, 2, 3, 4])
    no_nan(root)
    visit.close()


def test_ndcg_at_k_by_touch(browser):
    visit = open_page(browser, "04_ndcg", has_touch=True)
    root = visit.page.locator("[data-ndcg-view=ndcg-at-k]")
    root.locator("li[data-index='2'] [data-action=down]").tap()
    assert table_of(root) == expected_table([0, 1, 3, 2, 4])
    visit.close()


# -- chapter 5: the builder --------------------------------------------------------------------------


def test_same_rr_builder(browser):
    visit = open_page(browser, "05_mrr")
    page = visit.page
    root = page.locator("[data-ndcg-view=same-rr]")
    a_box, b_box = root.locator("[data-role=grades-a]"), root.locator("[data-role=grades-b]")
    verdict = root.locator("[data-role=verdict]")

    def check(a, b, key):
        for side, grades in (("a", a), ("b", b)):
            shown = root.locator(f"[data-role=scores-{side}]").inner_text()
            assert shown == f"RR = {f3(ndcg.rr(grades))} · NDCG = {f3(ndcg.ndcg(grades))}", shown
        assert verdict.get_attribute("data-verdict") == key
        assert verdict.inner_text() == figures.SAME_RR_TEXTS[key].replace("{threshold}", "1")
        no_nan(root)

    a, b = (list(x) for x in figures.SAME_RR_PAIR)
    check(a, b, "same_rr")
    assert root.locator("[data-role=pair]").input_value() == "0"
    shot(root, "same-rr-1100")
    b_box.fill("0, 4, 2")
    check(a, [0, 4, 2], "differ_both")
    assert root.locator("[data-role=pair]").input_value() == ""
    a_box.fill("0, 2, 4")
    check([0, 2, 4], [0, 4, 2], "same_rr")
    a_box.fill("0, 4, 2")
    check([0, 4, 2], [0, 4, 2], "same_both")
    root.locator("[data-role=pair]").select_option("2")
    check([0, 2, 0], [0, 0.5, 0], "same_ndcg")
    root.locator("[data-role=pair]").select_option("1")
    check(list(examples.CHENGDU_GUIDE_A.grades), list(examples.CHENGDU_GUIDE_B.grades), "same_both")
    a_box.fill("3, x, -1")
    error = root.locator("[data-role=error]")
    assert error.is_visible() and "List A: grades must be numbers" in error.inner_text()
    assert verdict.is_hidden() and root.locator("[data-role=scores-a]").inner_text() == ""
    assert a_box.get_attribute("aria-invalid") == "true"
    no_nan(root)
    shot(root, "same-rr-error-1100")
    # the lists survive a reload
    stored = "() => Object.keys(localStorage).some(k => (localStorage.getItem(k) || '').includes('3, x, -1'))"
    reload_once_stored(page, stored)
    page.wait_for_selector("[data-ndcg-view=same-rr][data-ready=true]")
    assert page.locator("[data-role=grades-a]").input_value() == "3, x, -1"
    page.locator("[data-role=grades-a]").fill("4, 0, 1")
    root = page.locator("[data-ndcg-view=same-rr]")
    assert root.locator("[data-role=verdict]").get_attribute("data-verdict") == "same_rr"
    visit.close()


# -- every view: 400 px, dark mode, screenshots -------------------------------------------------------


@pytest.mark.parametrize("chapter", sorted(CHAPTERS))
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_views_fit_400_px_and_dark_mode(browser, chapter, theme):
    visit = open_page(browser, chapter, width=400)
    page = visit.page
    if theme == "dark":
        browser_setup.reload_in_mode(page, "dark")
        page.wait_for_function(
            "() => document.querySelectorAll('[data-ndcg-view]:not([data-ready=true])').length === 0"
        )
        assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    kinds = ["explorer", "discount", "gains", "ndcg-at-k", "same-rr"]
    views = page.locator(",".join(f"[data-ndcg-view='{k}']" for k in kinds))
    assert views.count() >= 1
    for i in range(views.count()):
        view = views.nth(i)
        kind = view.get_attribute("data-ndcg-view")
        view.scroll_into_view_if_needed()
        assert fits(view), f"{chapter} {kind} is wider than its box at 400 px"
        box = view.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 401, (kind, box)
        shot(view, f"{kind}-{chapter}-400-{theme}")
        if theme == "dark":
            colour = view.evaluate("el => getComputedStyle(el).color")
            background = view.evaluate("el => getComputedStyle(el).backgroundColor")
            assert contrast(colour, background) >= 4.5, (kind, colour, background)
    assert page_fits(page), f"{chapter}: the page scrolls sideways at 400 px"
    visit.close()


def contrast(fg: str, bg: str) -> float:
    def rgb(text):
        return [int(v) for v in re.findall(r"\d+", text)[:3]]

    def lum(c):
        out = []
        for v in c:
            v /= 255
            out.append(v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4)
        return 0.2126 * out[0] + 0.7152 * out[1] + 0.0722 * out[2]

    a, b = sorted((lum(rgb(fg)), lum(rgb(bg))), reverse=True)
    return (a + 0.05) / (b + 0.05)


def test_dark_mode_desktop_screenshots(browser):
    for chapter in sorted(CHAPTERS):
        visit = open_page(browser, chapter)
        page = visit.page
        browser_setup.reload_in_mode(page, "dark")
        page.wait_for_function(
            "() => document.querySelectorAll('[data-ndcg-view]:not([data-ready=true])').length === 0"
        )
        views = page.locator("[data-ndcg-view]:not([data-ndcg-view=flashcards]):not([data-ndcg-view=quiz])")
        for i in range(views.count()):
            view = views.nth(i)
            if view.get_attribute("data-ndcg-view") in (
                "explorer",
                "discount",
                "gains",
                "ndcg-at-k",
                "same-rr",
            ):
                shot(view, f"{view.get_attribute('data-ndcg-view')}-{chapter}-1100-dark")
        visit.close()
