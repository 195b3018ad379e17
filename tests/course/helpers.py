"""Helpers shared by the course's tests: what counts as CSS or JavaScript in a Python string, which
printed numbers carry machine digits, and the films' check of exercise 1.1 (its hint ladder speaks
each language)."""

from __future__ import annotations

import re

_TAG = re.compile(r"<(style|script)\b([^>]*)>(.*)", re.IGNORECASE | re.DOTALL)
_JS = re.compile(r"addEventListener|querySelector|\.innerHTML\b|\bfunction\s*\([^)]*\)\s*\{|=>\s*\{")
_CSS_BLOCK = re.compile(r"[\w\])*>:.-]\s*\{\s*[a-z-]+\s*:\s*[^;{}]+;[^{}]*\}", re.IGNORECASE)
_INLINE_STYLE = re.compile(r"""\bstyle\s*=\s*["'][^"']*:""", re.IGNORECASE)


def front_end_code(text: str) -> str | None:
    """What in ``text`` is CSS or JavaScript, or None.

    A ``<script type="application/json">`` wrapper (data, not code) and a ``<script src=...>``
    tag are fine; so is an empty ``<style>`` wrapper around a stylesheet read from a file.
    """
    for tag in _TAG.finditer(text):
        name, attributes, rest = tag.group(1).lower(), tag.group(2), tag.group(3)
        if name == "script" and re.search(r"""type\s*=\s*["']application/json["']|\bsrc\s*=""", attributes):
            continue
        body = rest.split(f"</{name}", 1)[0]
        if name == "script" or "{" in body:  # a stylesheet's rules (prose may name <style>)
            return f"<{name}{attributes}> with a body"
    for pattern, what in (
        (_JS, "JavaScript"),
        (_CSS_BLOCK, "a CSS rule"),
        (_INLINE_STYLE, "an inline style"),
    ):
        found = pattern.search(text)
        if found:
            return f"{what}: {found.group(0)!r}"
    return None


# A decimal number as it appears in text: 0.768, -12.5, 2.2e-16 (not part of a word or version).
NUMBER = re.compile(r"(?<![\w.])-?\d+\.\d+(?:[eE][+-]?\d+)?(?![\w.])")
NEGATIVE_ZERO = re.compile(r"(?<![\w.])-0\.0+(?![\d.])")
MAX_SIGNIFICANT = 9
NOISE_EXPONENT = -10


def significant(text: str) -> int:
    digits = text.lower().split("e")[0].lstrip("-").replace(".", "").lstrip("0")
    return len(digits)


def machine_digits(text: str) -> list[str]:
    """The numbers in ``text`` that carry digits no page should show."""
    found = []
    for match in NUMBER.finditer(text):
        number = match.group()
        exponent = int(number.lower().split("e")[1]) if "e" in number.lower() else 0
        if significant(number) > MAX_SIGNIFICANT or (exponent <= NOISE_EXPONENT and float(number) != 0):
            found.append(number)
    found += NEGATIVE_ZERO.findall(text)
    return found


def films_check():
    """The check of exercise 1.1, [CG@3, CG@5] of the films, with its hints from the answers' store,
    made as the exercise notebook makes it."""
    import ndcg
    from ndcg.course.answers import answers
    from ndcg.course.examples import MOVIES
    from ndcg.course.number_checks import NumberCheck

    g = MOVIES.grades
    return NumberCheck(
        [ndcg.cg(g, k=3), ndcg.cg(g, k=5)],
        name="[CG@3, CG@5] of the films",
        abs_tol=5e-3,
        **answers("01_cg", "check_films"),
    )
