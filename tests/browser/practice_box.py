"""An exercise answered in a chapter page, as a reader does it (ridden on the axe audit's visit,
``tests/browser/test_a11y.py``: no page load of its own).

The reader opens the collapsed "Answer the notebook's exercises here" block from the keyboard,
answers the first number exercise wrong twice and then right, pressing Enter: each answer's
feedback, in the ``aria-live`` region, must be word for word what the Python checker
(:class:`~ndcg.course.checks.NumberCheck`, the notebook's) says to the same answers in the same
order (the hint, then a closer look, then "correct" after two misses), and the attempts line
must count them. On one page the reader then reloads: the feedback and the count come back.
"""

from __future__ import annotations

import copy
import re

from ndcg_book import practice

#: The page whose visit also reloads, to see the progress remembered (one reload in the suite).
RELOADED = "chapters/01_cg.html"
#: The feedback as the page shows it: one line per paragraph.
FEEDBACK = (
    "box => [...box.querySelectorAll('.ndcg-practice-feedback > *')].map(p => p.textContent).join('\\n')"
)


def where(page_path: str) -> tuple[str, str] | None:
    """``(chapter, edition)`` of a chapter page's path, or None."""
    found = re.fullmatch(r"(zh/)?chapters/(\d\d_\w+)\.html", page_path)
    return (found.group(2), "zh" if found.group(1) else "en") if found else None


def _text(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def answers(check) -> list[str]:
    """Two wrong answers, then the right one, as a reader types them."""
    if check._is_list:
        values = [float(x) for x in check.expected]
        off = [*values[:-1], values[-1] + 1 + abs(values[-1])]
        return [", ".join(map(_text, off)), ", ".join(map(_text, off)), ", ".join(map(_text, values))]
    e = float(check.expected)
    return [_text(e + abs(e) + 1), _text(e - abs(e) - 1), _text(e)]


def expected_feedback(chapter: str, edition: str, key: str, typed: list[str]) -> list[str]:
    """What the notebook's checker says to ``typed``, in order, in the edition's language."""
    check = copy.deepcopy(practice.checks(chapter)[key])
    check.reset()
    with practice.speaking(edition):
        return [check.check(a).message.replace("\n\n", "\n") for a in typed]


def answer_wrong_then_right(page, page_path: str) -> dict | None:
    """Answer the first number exercise of a chapter page wrong twice, then right (see the module's
    docstring); return what a reload must bring back, or None on a page without the block."""
    place = where(page_path)
    if place is None:
        return None
    chapter, edition = place
    summary = page.locator(f"details[data-ndcg-practice='{chapter}'] > summary")
    summary.focus()
    page.keyboard.press("Enter")  # a <summary> opens from the keyboard
    assert page.evaluate(f"() => document.querySelector(\"details[data-ndcg-practice='{chapter}']\").open")
    key, check = next(
        (k, c) for k, c in practice.checks(chapter).items() if practice.exercise_data(c)["kind"] == "number"
    )
    typed = answers(check)
    expected = expected_feedback(chapter, edition, key, typed)
    box = page.locator(f"form.ndcg-practice-box[data-exercise='{key}']").first
    field = box.locator("input")
    assert box.locator(".ndcg-practice-feedback").get_attribute("aria-live") == "polite"
    label = page.locator(f"label[for='{field.get_attribute('id')}']")
    assert label.count() == 1 and label.inner_text().strip(), "the answer box has no label"
    shown = []
    for text in typed:
        field.fill(text)
        field.press("Enter")
        shown.append(box.evaluate(FEEDBACK))
    assert shown == expected, f"{page_path}: the page's ladder differs from the checker's"
    assert "💡" in shown[0] and "🔎" in shown[1] and shown[2].startswith("✅"), shown
    counted = box.locator(".ndcg-practice-attempts").text_content()
    assert "3" in counted, counted
    # back to the top, as the visit found the page (the theme's "back to top" button hides again)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_function("() => !document.querySelector('#pst-back-to-top')?.checkVisibility()")
    return {"key": key, "feedback": shown[-1], "attempts": counted, "answer": typed[-1], "chapter": chapter}


def remembered(page, answered: dict) -> None:
    """After a reload: the last answer, its feedback and the attempts are back."""
    box = page.locator(f"form.ndcg-practice-box[data-exercise='{answered['key']}']").first
    page.wait_for_function(
        "key => !document.querySelector(`form.ndcg-practice-box[data-exercise='${key}'] button`).disabled",
        arg=answered["key"],
    )
    assert box.evaluate(FEEDBACK) == answered["feedback"]
    assert box.locator(".ndcg-practice-attempts").text_content() == answered["attempts"]
    assert box.locator("input").input_value() == answered["answer"]
