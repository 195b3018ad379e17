"""The games, explorers and interactive figures in every edition of the built book, in headless
Chromium: their labels, messages, ``aria-label``s and messages of bad input are the edition's
language's (from the data Python hands them, :mod:`ndcg.course.views_text`, and its catalogue), no
English string of the views' table is left on a translated page, and no other language's word on
a page. Every language of ``ndcg/course/course.toml`` is checked with its own words: a third
language gets the same checks. Screenshots of a translation's game and explorer at 1280 and 390 px
go to ``_build/screenshots/<code>-view-*.png``.
"""

from __future__ import annotations

import re

import pytest

from ndcg.course import views_text
from ndcg.course.manifest import chapter_stems
from tests.languages import LANGUAGES, SOURCE, TRANSLATIONS, code
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
SHOTS = BOOK.parent / "screenshots"
#: The kinds of view whose words are the views' table (not the flashcards and quiz).
KINDS = ("reorder", "monster", "two-systems", "explorer", "discount", "gains", "ndcg-at-k", "same-rr",
         "score-playground")  # fmt: skip
VIEWS = ", ".join(f'[data-ndcg-view="{kind}"]' for kind in KINDS)
CHAPTERS = chapter_stems()  # every chapter (ndcg/course/course.toml)
#: The chapter page with the DCG monster and the ranking explorer: every edition's is opened, a
#: translation's at a phone's width too.
GAME_PAGES = [
    (language, width) for language in LANGUAGES for width in ((1280,) if language == SOURCE else (1280, 390))
]

pytestmark = [
    pytest.mark.book,
    pytest.mark.skipif(
        not all((BOOK / language.folder / "chapters" / "02_dcg.html").is_file() for language in LANGUAGES),
        reason=f"no book with every edition at {BOOK}: run `make book` first (or point NDCG_BOOK_HTML at a build)",
    ),
]


def said(language, group: str, key: str, **values) -> str:
    """A text of the views' table in the language (its catalogue's), its values filled in."""
    return views_text.fill(views_text.table(group, language.code)[key], **values)


def pieces(text: str) -> list[str]:
    """The words of a text of the views' table between its values and tags, as the page shows them."""
    return [piece.strip() for piece in re.split(r"\{\w+\}|<[^>]+>|&nbsp;", text) if piece.strip()]


def english_fragments() -> list[str]:
    """The English of the views' table, cut at its values and tags into pieces of two words or
    more: none of them may show on a translated page."""
    found = set()
    for context, text in views_text.messages():
        if context == "name" and not re.search(r"[a-z]{3,} [a-z]{3,}", text):
            continue
        for piece in re.split(r"\{\w+\}|<[^>]+>|&nbsp;|[()]", text):
            piece = piece.strip(" .,:;!?·—-")
            if re.search(r"[A-Za-z]{2,}[ ,:;'-]+[A-Za-z]{2,}", piece):
                found.add(piece)
    return sorted(found, key=len, reverse=True)


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


def leftovers(texts: list[str], language=None) -> list[str]:
    """The English of the views' table shown in ``texts``: none on a translated page (an English
    page shows it all)."""
    if language == SOURCE:
        return []
    shown = "\n".join(texts)
    return [piece for piece in english_fragments() if piece in shown]


def shot(locator, name: str):
    SHOTS.mkdir(parents=True, exist_ok=True)
    locator.scroll_into_view_if_needed()
    locator.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize(
    ("language", "chapter"),
    [(language, chapter) for language in TRANSLATIONS for chapter in CHAPTERS],
    ids=[f"{language.code}-{chapter}" for language in TRANSLATIONS for chapter in CHAPTERS],
)
def test_no_english_string_of_the_views_on_a_translated_page(browser, language, chapter):
    context, page, errors = open_page(browser, BOOK / language.folder / "chapters" / f"{chapter}.html")
    try:
        assert page.evaluate("document.documentElement.lang").startswith(language.code)
        texts = shown_words(page)
        if not texts:
            pytest.skip(f"{chapter} has no game, explorer or figure")
        found = leftovers(texts)
        assert not found, f"English left in the views of {language.folder}/{chapter}: {found}"
        assert not errors, errors
        joined = "\n".join(texts)
        assert "NaN" not in joined and "undefined" not in joined
    finally:
        context.close()


@pytest.mark.parametrize(
    ("language", "width"), GAME_PAGES, ids=[f"{language.code}-{width}" for language, width in GAME_PAGES]
)
def test_a_game_and_explorer_speak_the_editions_language_even_on_bad_input(browser, language, width):
    # chapter 3: the DCG monster and the ranking explorer, in the edition's words and no other's
    others = [other for other in LANGUAGES if other != language]
    context, page, errors = open_page(browser, BOOK / language.folder / "chapters" / "03_idcg.html", width)
    try:
        monster = page.locator('[data-ndcg-view="monster"]')
        title = views_text.title(views_text.english("title", "monster"), language.code)
        assert title in monster.locator(".ndcg-head").inner_text()
        text = monster.inner_text()
        for key in ("reset", "health_label"):
            assert said(language, "game", key) in text, key
            assert not [other for other in others if said(other, "game", key) in text], key
        up = monster.locator("li[data-item] [data-action=up]").nth(3)
        assert up.get_attribute("aria-label").startswith(said(language, "game", "up").split("{name}")[0])
        up.click()
        hit = monster.locator("[data-role=hit]").inner_text()
        moves = [
            max(pieces(said(language, "monster", key)), key=len) for key in ("damage", "heal", "nothing")
        ]
        assert any(move in hit for move in moves), (hit, moves)
        score = said(language, "reorder", "score")
        assert pieces(score)[-1] in monster.locator("[data-role=score]").inner_text()  # the moves
        rank_label = re.escape(said(language, "game", "rank_label")).replace(r"\{rank\}", r"\d")
        rank_label = re.sub(r"\\\{\w+\\\}", ".+", rank_label)
        assert re.fullmatch(rank_label, monster.locator("li[data-item]").first.get_attribute("aria-label"))
        assert not leftovers([monster.inner_text()], language)
        if language != SOURCE:
            shot(monster, f"{language.code}-view-game-{width}")

        explorer = page.locator('[data-ndcg-view="explorer"]').first
        grades = explorer.locator("[data-role=grades]")
        assert grades.get_attribute("placeholder") == said(language, "explorer", "placeholder")
        text = explorer.inner_text()
        assert said(language, "explorer", "reset") in text and said(language, "explorer", "gain") in text
        assert not [other for other in others if said(other, "explorer", "reset") in text]
        grades.fill("3, x, -1")
        error = explorer.locator("[data-role=error]")
        assert error.is_visible()
        assert error.inner_text() == "⚠️ " + said(language, "errors", "not_number", piece="x", item=2)
        grades.fill("")
        assert said(language, "errors", "empty") in error.inner_text()
        grades.fill("3, -1")
        assert error.inner_text() == "⚠️ " + said(language, "errors", "negative", item=2, value=-1)
        if language == SOURCE:  # the source's words, spelled out
            grades.fill("3, x")
            assert "'x' (item 2) is not a number" in error.inner_text()
            assert "Reset" in text and "Monster health" in monster.inner_text()
        assert "NaN" not in explorer.inner_text() and not leftovers(shown_words(page), language)
        if language != SOURCE:
            shot(explorer, f"{language.code}-view-explorer-{width}")
        grades.fill("3, 2, 1, 0, 2")
        assert explorer.get_attribute("data-valid") == "true"
        caption = explorer.locator("caption").inner_text()  # the step table's caption
        assert not [
            piece for piece in pieces(said(language, "two_systems", "step_table")) if piece in caption
        ]
        linear = said(language, "explorer", "caption", gain=said(language, "explorer", "linear"))
        assert linear.split("{dcg}")[1] in caption, (caption, linear)
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("language", TRANSLATIONS, ids=code)
def test_a_translated_two_systems_game_and_sliders(browser, language):
    # chapter 2, a translation's: the two-systems game (guessed right) and the discount's slider
    context, page, errors = open_page(browser, BOOK / language.folder / "chapters" / "02_dcg.html")
    try:
        game = page.locator('[data-ndcg-view="two-systems"]')
        text = game.inner_text()
        assert (
            said(language, "title", "game") in text and said(language, "two_systems", "guess_first") in text
        )
        game.locator("button[data-guess=y]").click()
        verdict = game.locator("[data-role=verdict]").inner_text()
        system_x, system_y = (
            said(language, "two_systems", "system_x"),
            said(language, "two_systems", "system_y"),
        )
        assert verdict.startswith(said(language, "two_systems", "right").split("{guess}")[0] + system_y), (
            verdict
        )
        answer = game.locator("[data-role=answer]").inner_text()
        higher = said(language, "two_systems", "wins_dcg", label="DCG@4").split("</b>")[1].split("{win}")[0]
        assert f"{system_y}</b>" not in verdict and pieces(higher)[0] in answer, (answer, higher)
        step_table = said(language, "two_systems", "step_table", name=system_x)
        assert game.locator(".ndcg-side").first.get_attribute("aria-label") == step_table
        caption = said(
            language, "explorer", "caption", n=4, dcg="4.762", gain=said(language, "explorer", "linear")
        )
        assert caption in answer, (caption, answer)
        assert not leftovers([game.inner_text()]), leftovers([game.inner_text()])
        shot(game, f"{language.code}-view-two-systems-1280")
        slider = page.locator('[data-ndcg-view="discount"]')
        slider.locator("[data-role=slider]").fill("3")
        at_rank = pieces(said(language, "discount", "readout", rank=3))[0]
        assert at_rank in slider.locator("[data-role=readout]").inner_text(), at_rank
        assert said(language, "discount", "x") in slider.locator("svg").inner_html()
        assert not errors, errors
    finally:
        context.close()
