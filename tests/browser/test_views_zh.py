"""The games, explorers and interactive figures in the Chinese edition (``_build/html/zh``), in
headless Chromium: their labels, messages, ``aria-label``s and messages of bad input are Chinese
(from the data Python hands them, :mod:`ndcg.course.views_text`), no English string of the views'
table is left on a Chinese page, and the English edition still speaks English. Screenshots of a
Chinese game and explorer at 1280 and 390 px go to ``_build/screenshots/zh-view-*.png``.
"""

from __future__ import annotations

import re

import pytest

from ndcg.course import views_text
from ndcg.course.manifest import chapter_stems
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
ZH = BOOK / "zh"
SHOTS = BOOK.parent / "screenshots"
#: The kinds of view whose words are the views' table (not the flashcards and quiz).
KINDS = ("reorder", "monster", "two-systems", "explorer", "discount", "gains", "ndcg-at-k", "same-rr",
         "score-playground")  # fmt: skip
VIEWS = ", ".join(f'[data-ndcg-view="{kind}"]' for kind in KINDS)
CHAPTERS = chapter_stems()  # every chapter (ndcg/course/course.toml)

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(
        not (ZH / "chapters" / "02_dcg.html").is_file(),
        reason=f"no Chinese edition at {ZH}: run `make book` first (or point NDCG_BOOK_HTML at a build)",
    ),
]


def english_fragments() -> list[str]:
    """The English of the views' table, cut at its values and tags into pieces of two words or
    more: none of them may show on a Chinese page."""
    pieces = set()
    for context, text in views_text.messages():
        if context == "name" and not re.search(r"[a-z]{3,} [a-z]{3,}", text):
            continue
        for piece in re.split(r"\{\w+\}|<[^>]+>|&nbsp;|[()]", text):
            piece = piece.strip(" .,:;!?·—-")
            if re.search(r"[A-Za-z]{2,}[ ,:;'-]+[A-Za-z]{2,}", piece):
                pieces.add(piece)
    return sorted(pieces, key=len, reverse=True)


def open_page(browser, path, width: int = 1280):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(path.resolve().as_uri())
    page.wait_for_function(
        "() => document.querySelectorAll('[data-ndcg-view]:not([data-ready=true])').length === 0"
    )
    return context, page, errors


def shown_words(page) -> list[str]:
    """What the views of the page show and say: visible text, and the labels a screen reader reads."""
    return page.evaluate(
        """selector => {
          const out = [];
          document.querySelectorAll(selector).forEach((view) => {
            out.push(view.innerText);
            view.querySelectorAll("[aria-label], [placeholder], [title], option").forEach((el) => {
              ["aria-label", "placeholder", "title"].forEach((name) => {
                if (el.getAttribute(name)) { out.push(el.getAttribute(name)); }
              });
              if (el.tagName === "OPTION") { out.push(el.textContent); }
            });
          });
          return out;
        }""",
        VIEWS,
    )


def leftovers(texts: list[str]) -> list[str]:
    shown = "\n".join(texts)
    return [piece for piece in english_fragments() if piece in shown]


def shot(locator, name: str):
    SHOTS.mkdir(parents=True, exist_ok=True)
    locator.scroll_into_view_if_needed()
    locator.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_no_english_string_of_the_views_on_a_chinese_page(browser, chapter):
    context, page, errors = open_page(browser, ZH / "chapters" / f"{chapter}.html")
    try:
        assert page.evaluate("document.documentElement.lang").startswith("zh")
        texts = shown_words(page)
        if not texts:
            pytest.skip(f"{chapter} has no game, explorer or figure")
        found = leftovers(texts)
        assert not found, f"English left in the views of zh/{chapter}: {found}"
        assert not errors, errors
        joined = "\n".join(texts)
        assert "NaN" not in joined and "undefined" not in joined
    finally:
        context.close()


def test_a_chinese_game_and_explorer_speak_chinese_even_on_bad_input(browser):
    # chapter 3: the DCG monster and the ranking explorer
    for width in (1280, 390):
        context, page, errors = open_page(browser, ZH / "chapters" / "03_idcg.html", width)
        try:
            monster = page.locator('[data-ndcg-view="monster"]')
            assert "击败 DCG 怪兽，赢得归一化之剑！" in monster.locator(".ndcg-head").inner_text()
            assert "重新开始" in monster.inner_text() and "怪兽血量" in monster.inner_text()
            up = monster.locator("li[data-item] [data-action=up]").nth(3)
            assert up.get_attribute("aria-label").startswith("把 ")
            up.click()
            hit = monster.locator("[data-role=hit]").inner_text()
            assert "伤害" in hit or "回了" in hit or "没有效果" in hit, hit
            assert "步数" in monster.locator("[data-role=score]").inner_text()
            assert re.match(r"第 \d 位：", monster.locator("li[data-item]").first.get_attribute("aria-label"))
            assert not leftovers([monster.inner_text()])
            shot(monster, f"zh-view-game-{width}")

            explorer = page.locator('[data-ndcg-view="explorer"]').first
            grades = explorer.locator("[data-role=grades]")
            assert grades.get_attribute("placeholder") == "例如 3, 2, 1, 0, 2"
            assert "重置" in explorer.inner_text() and "增益" in explorer.inner_text()
            grades.fill("3, x, -1")
            error = explorer.locator("[data-role=error]")
            assert error.is_visible()
            assert (
                error.inner_text()
                == "⚠️ 等级必须是用逗号分隔的数字，例如 3, 2, 1, 0；“x”（第 2 项）不是数字。"
            )
            grades.fill("")
            assert "请至少输入一个等级" in error.inner_text()
            grades.fill("3, -1")
            assert error.inner_text() == "⚠️ 等级不能是负数；第 2 项是 -1。"
            text = explorer.inner_text()
            assert "NaN" not in text and not leftovers(shown_words(page))
            shot(explorer, f"zh-view-explorer-{width}")
            grades.fill("3, 2, 1, 0, 2")
            assert explorer.get_attribute("data-valid") == "true"
            assert "逐步" not in explorer.locator("caption").inner_text()  # the step table's caption
            assert "（线性增益）" in explorer.locator("caption").inner_text()
            assert not errors, errors
        finally:
            context.close()


def test_the_chinese_two_systems_game_and_sliders(browser):
    context, page, errors = open_page(browser, ZH / "chapters" / "02_dcg.html")
    try:
        game = page.locator('[data-ndcg-view="two-systems"]')
        assert "谁的推荐更懂我？" in game.inner_text() and "先猜，再算！" in game.inner_text()
        game.locator("button[data-guess=y]").click()
        verdict = game.locator("[data-role=verdict]").inner_text()
        assert verdict.startswith("🎉 猜对了！你猜的是系统 Y"), verdict
        assert (
            "系统 Y</b>" not in verdict and "的 DCG@4 更高" in game.locator("[data-role=answer]").inner_text()
        )
        assert game.locator(".ndcg-side").first.get_attribute("aria-label") == "系统 X：逐步计算表"
        assert "DCG@4 = 4.762（线性增益）" in game.locator("[data-role=answer]").inner_text()
        assert not leftovers([game.inner_text()]), leftovers([game.inner_text()])
        shot(game, "zh-view-two-systems-1280")
        slider = page.locator('[data-ndcg-view="discount"]')
        slider.locator("[data-role=slider]").fill("3")
        assert "在第 3 位" in slider.locator("[data-role=readout]").inner_text()
        assert "排名 i" in slider.locator("svg").inner_html()
        assert not errors, errors
    finally:
        context.close()


def test_the_english_edition_still_speaks_english(browser):
    context, page, errors = open_page(browser, BOOK / "chapters" / "03_idcg.html")
    try:
        explorer = page.locator('[data-ndcg-view="explorer"]').first
        assert "Reset" in explorer.inner_text() and "重置" not in explorer.inner_text()
        explorer.locator("[data-role=grades]").fill("3, x")
        assert "'x' (item 2) is not a number" in explorer.locator("[data-role=error]").inner_text()
        monster = page.locator('[data-ndcg-view="monster"]')
        assert "Monster health" in monster.inner_text() and "怪兽血量" not in monster.inner_text()
        assert not errors, errors
    finally:
        context.close()
