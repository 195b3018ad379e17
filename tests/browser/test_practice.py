"""The page's checker is the notebook's: ndcg-practice.js against NumberCheck, in Chromium.

A chapter page answers the exercise notebook's number and list exercises itself
(``ndcg_book/practice.py`` hands the checks' data to the page as JSON;
``ndcg_book/static/ndcg-practice.js`` ports :meth:`NumberCheck.check
<ndcg.course.checks.NumberCheck.check>`). Here, for EVERY NumberCheck exercise of every
chapter, in both languages, sequences of typed answers, right and wrong (the right value, a
near miss inside and outside the tolerance, too high, too low, "1/3", "90%", a decimal comma,
full-width digits, unreadable text, a list with two entries swapped, in the wrong order, one
entry off, the wrong length ...), go to a fresh Python check and to a fresh JS check built from
the page's JSON: every answer must get the same status and the same message, word for word (the
ladder included: hint, closer look, explanation, "after 3 wrong answers"). All of it runs in one
blank page, in one round trip.
"""

from __future__ import annotations

import copy
import math

import pytest

from ndcg.course.manifest import chapter_stems
from ndcg_book import practice
from tests.book.helpers import ROOT

CHAPTERS = chapter_stems()  # every chapter (ndcg/course/course.toml)
SCRIPT = ROOT / "ndcg_book" / "static" / "ndcg-practice.js"
FULL_WIDTH = str.maketrans({str(d): chr(0xFF10 + d) for d in range(10)} | {".": "\uff0e", ",": "\uff0c"})


def _text(x: float) -> str:
    return repr(float(x)) if not float(x).is_integer() else str(int(x))


def _tolerance(check, x: float) -> float:
    return max(check.abs_tol, check.rel_tol * abs(x))


def scalar_answers(check) -> list[list[str]]:
    """Sequences of typed answers to a one-number check (each sequence for a fresh check)."""
    e = float(check.expected)
    tol = _tolerance(check, e)
    inside = e + 0.5 * tol if tol else e
    outside = e + 2 * tol + 1e-3 * (abs(e) + 1)
    long = [
        "...",
        "",
        "abc",
        "4.7.6",
        "1/0",
        _text(e + abs(e) + 1),  # too high: the hint
        _text(e - abs(e) - 1),  # too low: a closer look
        _text(outside),  # just outside the tolerance: the explanation
        f"{e - 2 * tol - 1e-3:.4f}",
        "nan",
        "inf",
        "-1e400",
        "1/3",
        "90%",
        " 7 / 3 ",
        "1_000",
        f"{e * 100:.4f}%",
        f"{e:.3f}".translate(FULL_WIDTH),
        f"{e:.3f}".replace(".", ","),
        "\u22123",
        "３。５",
        _text(inside),
        _text(e),
        "12345678.9",
        "0.000012345",
    ]
    return [[_text(e)], [_text(e + abs(e) + 1), f"{e:.3f}"], long]


def list_answers(check) -> list[list[str]]:
    """Sequences of typed answers to a list check."""
    expected = [float(x) for x in check.expected]
    n = len(expected)
    right = ", ".join(_text(x) for x in expected)

    def typed(values) -> str:
        return ", ".join(_text(x) for x in values)

    swapped = expected.copy()
    distinct = [
        (i, j) for i in range(n) for j in range(i + 1, n) if not check._near(expected[i], expected[j])
    ]
    if distinct:
        i, j = distinct[0]
        swapped[i], swapped[j] = swapped[j], swapped[i]
    rotated = expected[1:] + expected[:1]
    off = expected.copy()
    off[-1] = off[-1] + 1 + abs(off[-1])
    two_off = [x + 1.5 for x in expected]
    inside = [x + 0.5 * _tolerance(check, x) for x in expected]
    long = [
        "...",
        "[]",
        "3, x",
        typed(expected[:-1]),  # too short
        typed([*expected, 1]),  # too long
        _text(expected[0]),  # one number
        typed(swapped),
        typed(rotated),
        typed(off),
        typed(two_off),
        "[" + typed(reversed(expected)) + "]",
        "; ".join(f"{x:.3f}".translate(FULL_WIDTH) for x in expected),
        "\u3001".join(_text(x) for x in expected),
        " ".join(f"{x * 100:.3f}%" for x in expected),
        ", ".join("1/3" for _ in expected),
        ", ".join("nan" for _ in expected),
        typed(inside),
        right,
        typed(off),
    ]
    return [[right], [typed(swapped), right], [typed(rotated), typed(off), right], long]


def cases():
    """Every NumberCheck exercise of every chapter, in both languages, with its answer sequences."""
    from ndcg.course.checks import NumberCheck

    found = []
    for chapter in CHAPTERS:
        for language in ("en", "zh"):
            data = practice.page_data(chapter, language)
            for key, check in practice.checks(chapter).items():
                if not isinstance(check, NumberCheck):
                    continue
                sequences = list_answers(check) if check._is_list else scalar_answers(check)
                found.append((chapter, key, language, check, data, sequences))
    return found


def python_verdicts(check, language: str, sequences) -> list[list[list[str]]]:
    results = []
    with practice.speaking(language):
        for answers in sequences:
            fresh = copy.deepcopy(check)
            fresh.reset()
            results.append([list(map(str, _feedback(fresh.check(a)))) for a in answers])
    return results


def _feedback(feedback):
    return feedback.status, feedback.message


@pytest.fixture(scope="module")
def practice_page(browser):
    """A blank page holding only the shipped ndcg-practice.js (nothing loaded from anywhere)."""
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<!doctype html><html><body></body></html>")
    page.add_script_tag(content=SCRIPT.read_text(encoding="utf-8"))
    yield page
    context.close()


def js_verdicts(page, runs) -> list:
    return page.evaluate(
        """runs => runs.map(run => run.sequences.map(answers => {
             const check = new ndcgPractice.Check(run.exercise, run.words, run.drop_cjk_spaces);
             return answers.map(a => {
               try { const f = check.check(a); return [f.status, f.message]; }
               catch (e) { return ["ERROR", e.message]; }
             });
           }))""",
        runs,
    )


def test_the_page_gives_the_python_checkers_verdicts_on_every_exercise(practice_page):
    found = cases()
    assert {chapter for chapter, *_ in found} == set(CHAPTERS)  # every chapter has some
    runs = [
        {
            "exercise": data["exercises"][key],
            "words": data["words"],
            "drop_cjk_spaces": data["drop_cjk_spaces"],
            "sequences": sequences,
        }
        for chapter, key, language, check, data, sequences in found
    ]
    got = js_verdicts(practice_page, runs)
    compared = 0
    for (chapter, key, language, check, _data, sequences), js in zip(found, got):
        python = python_verdicts(check, language, sequences)
        for answers, py_run, js_run in zip(sequences, python, js):
            for answer, py, page in zip(answers, py_run, js_run):
                assert page == py, f"{chapter} {key} ({language}), answer {answer!r}"
                compared += 1
    assert compared > 1900
    statuses = {status for run in got for seq in run for status, _ in seq}
    assert statuses == {"correct", "incorrect", "not yet"}


def test_the_ports_number_reading_and_printing_are_pythons(practice_page):
    """The pieces, on their own: typed numbers read, and numbers printed, as Python does."""
    from ndcg.course.typed_numbers import _format_number, _parse_number, list_items

    texts = [
        "0.9",
        "0,9",
        "1/3",
        "90%",
        "９０％",
        "－3",
        "\u22123",
        "1e-7",
        "1E5",
        ".5",
        "5.",
        "+2",
        "1_0",
        "1__0",
        "_1",
        "nan",
        "-inf",
        "Infinity",
        "1/0",
        "3/-4",
        "-3/4",
        "1.5/2",
        "2/4%",
        "0x10",
        "１，５",
        "1,5,0",
        "",
        " ",
        "abc",
        "1 000",
        "1e",
        "1.2.3",
    ]
    numbers = [
        0.0,
        -0.0,
        1.0,
        4.7618,
        1 / 3,
        2 / 3,
        1e-5,
        0.0001234,
        123456.5,
        1234567.0,
        1e15,
        1e16,
        -2.5,
        9.999995,
        0.1 + 0.2,
        1e300,
        math.inf,
        -math.inf,
        math.nan,
        99999.95,
        5e-324,
    ]
    lists = ["[3, 2;1  0]", "3，2，1、0", "  ", "(1, 2)", "1\t2\n3"]
    got = practice_page.evaluate(
        """([texts, numbers, lists]) => [
             texts.map(t => { const v = ndcgPractice.parseNumber(t); return v === null ? null : String(v); }),
             numbers.map(x => ndcgPractice.formatNumber(x === "nan" ? NaN : x === "inf" ? Infinity : x === "-inf" ? -Infinity : x)),
             lists.map(t => ndcgPractice.listItems(t)),
             texts.map(t => ndcgPractice.repr(t))]""",
        [
            texts,
            [
                ("nan" if math.isnan(x) else "inf" if x == math.inf else "-inf" if x == -math.inf else x)
                for x in numbers
            ],
            lists,
        ],
    )
    py_numbers = [_parse_number(t) for t in texts]
    for text, js, py in zip(texts, got[0], py_numbers):
        if py is None:
            assert js is None, text
        else:
            assert js is not None and (float(js) == py or (math.isnan(py) and js == "NaN")), text
    assert got[1] == [_format_number(x) for x in numbers]
    assert got[2] == [list_items(t) for t in lists]
    assert got[3] == [repr(t) for t in texts]
