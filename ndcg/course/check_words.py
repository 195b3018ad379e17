"""The exercise checks' words, in English and in Chinese.

Every word a check (:mod:`ndcg.course.checks`) or its answer box
(:class:`ndcg.course.widgets.AnswerChecker`) shows is written here once, in English, in
:data:`WORDS`; :func:`say` gives it in the notebook's language, its placeholders filled. After
``ndcg.course.set_language("zh")`` the words come from the catalogue ``checks``, which also holds
the names of what the exercises ask for (``_name``), and a check's own hint, second hint and
explanation are looked up by their English in the exercises' catalogues, ``answers/NN_name``
(``_help``).

Two readers outside the package depend on these words as they are:
``ndcg_book/catalogues/i18n_stores/checks.py`` reads :data:`WORDS` from this file's text without importing it
(so it stays one literal dict), and the book's answer boxes (``ndcg_book/practice.py``) hand
some of them to the page, whose port of the checker then says the same, word for word.
"""

from __future__ import annotations

import re
from functools import cache

from . import i18n, manifest

#: Every word the checks (and the answer box, :class:`ndcg.course.widgets.AnswerChecker`) show,
#: by key, in English: the one place they are written. Their Chinese is the catalogue of the
#: ``checks`` domain (``ndcg/course/locales/zh_CN/LC_MESSAGES/checks.po``, store
#: ``ndcg_book/catalogues/i18n_stores/checks.py``); :func:`say` gives the one of the notebook's language.
#: ``{name}``-style placeholders are filled after translation.
WORDS = {
    "not yet": "⏳ Not yet: replace `...` with your answer, then run the cell again.",
    "hint": "💡 Hint: {text}",
    "hint default": "💡 Hint: check each step again.",
    "closer": "🔎 A closer look: {text}",
    "explanation": "📖 Explanation: {text}",
    "after one miss": " You got there after one wrong answer: well done for keeping at it.",
    "after misses": " You got there after {count} wrong answers: well done for keeping at it.",
    "list closer": (
        "the marks above say which entries are right. Redo only the others, one at a time, "
        "and keep them in the order the exercise asks for."
    ),
    "entry": "entry {number}",
    "entries": "entries {numbers} and {last}",
    "list separator": ", ",
    "parts separator": "; ",
    "the answer is": "The answer is {value}.",
    "correct number": "✅ Correct! {name} = {value}.",
    "list first": "❌ Not quite: {shown} is not {name}: {right} of {total} entries are right.",
    "list first which": "❌ Not quite: {shown} is not {name}: {right} of {total} entries are right ({entries}).",
    "list later": "❌ Not quite: {shown} is not {name}. {marks}",
    "nan": "❌ Not quite: nan is not a number, so it cannot be {name}.",
    "too high": "❌ Not quite: {shown} is too high for {name}.",
    "too low": "❌ Not quite: {shown} is too low for {name}.",
    "scalar closer": (
        "the difference is more than rounding, so one step of your calculation is wrong, "
        "not just its last digit. Write every intermediate number down and check each one "
        "against the hint."
    ),
    "swapped": "entries {first} and {second} are swapped",
    "wrong order": "{entries} hold the right numbers in the wrong order",
    "off": "entry {number} is off (you typed {typed}, it is {value})",
    "marks": "{right} of {total} right: {parts}.",
    "not a number bool": "{answer} is not a number: the answer is a number (like 0.905).",
    "unreadable number": "Could not read {answer} as a number. Type a number such as 4.762, 1/3 or 90.5%.",
    "single number": "The answer should be a single number; got {answer} (a {kind}).",
    "unreadable list": "Could not read {answer} as a list of numbers. Type them like: 3, 2, 1.",
    "list expected": "The answer should be a list of {count} numbers; got {answer}.",
    "list not number": "The answer should be a list of {count} numbers; got the single number {answer}.",
    "list length": "The answer should be a list of {count} numbers; got {length}.",
    "function expected": "❓ The answer should be a function (its name, without brackets); got {answer}.",
    "your function": "your function",
    "function not yet": (
        "⏳ Not yet: {function} returns nothing on every test case. Replace the `...` in its "
        "body with your code, `return` the result, and run both cells again."
    ),
    "function correct": "✅ Correct! {function} computes {name} right on all {total} test cases.",
    "function explanation": "Compare your function with the reference, one case at a time.",
    "function wrong all": "❌ Not quite: {function} gets {name} wrong on all {total} test cases.",
    "function wrong some": "❌ Not quite: {function} gets {name} wrong on {count} of {total} test cases.",
    "raised all": " On all of them it raised an error; the smallest: {error}",
    "raised some": " On {count} of them it raised an error; the smallest: {error}",
    "smallest": " The smallest one: {call} {did}, but {name} is {value}.",
    "raised": "raised {error}",
    "returned": "returned {value}",
    "return note": (
        " Every way through your function must end in a `return` (a `return` inside a loop never "
        "runs when the loop has nothing to do)."
    ),
    "step by step": "this is how {name} is worked out on that case, step by step:",
    "function closer": (
        "work that smallest case out by hand, then run your function on it alone and "
        "print what it computes at each step: the first step that differs is the bug."
    ),
    # the answer box (ndcg.course.widgets.AnswerChecker, ndcg-answer.js)
    "box function placeholder": "the name of your function, e.g. my_dcg",
    "box function label": "Function",
    "box function prompt": "Define your function for {name} in a cell above, run it, then type its name here.",
    "box list placeholder": "numbers separated by commas, e.g. 3, 2, 1",
    "box number placeholder": "a number, e.g. 4.76 or 1/3",
    "box answer label": "Answer",
    "box answer prompt": "Your answer for {name}:",
    "box button": "Check ✔",
    "box button title": "Check your answer for {name}",
    "box attempts": "Attempts: {count}",
    "box empty function": "⏳ Not yet: type the name of your function in the box, then press Check.",
    "box empty answer": "⏳ Not yet: type your answer in the box, then press Check.",
    "box not a name": "❓ {text} is not a name: type just the function's name, such as my_dcg, without brackets.",
    "box no function": (
        "⏳ Not yet: no function called `{text}` is defined. Run the cell that defines it, "
        "then press Check again."
    ),
    "box empty": "(empty)",
    "box typed": "Typed:",
    "box title": "✏️ Answer checker",
    "box snapshot": "This is a snapshot: run the notebook to play with it live.",
}


def _speaking() -> str:
    """The language the checks speak: the notebook's, after ``ndcg.course.set_language``. (The
    book's ``both`` is English: no page of the book runs a check, and a check prints plain text.)"""
    return i18n.one_language()


def _drops_spaces() -> bool:
    """Whether the checks' language writes its words without spaces (Chinese: a space left between
    two of its characters, a name filled into "不是 {name}", is dropped)."""
    return not manifest.language(_speaking()).spaced


def say(key: str, **values) -> str:
    """The words :data:`WORDS` ``[key]`` in the notebook's language, their placeholders filled.

    >>> say("too low", shown="4", name="CG@2")
    '❌ Not quite: 4 is too low for CG@2.'
    """
    text = i18n.translator("checks", key, _speaking())(WORDS[key])
    text = text.format(**values) if values else text
    return _CJK_SPACE.sub("", text) if _drops_spaces() else text


#: A space between two Chinese characters (a Chinese name filled into "不是 {name}"): dropped.
_CJK_SPACE = re.compile(r"(?<=[\u3000-\u9fff\uff00-\uffef]) (?=[\u3000-\u9fff\uff00-\uffef“])")


def _name(name: str) -> str:
    """What is asked for (a check's ``name``), in the notebook's language (the ``checks``
    catalogue holds the names the exercises use, context ``name``)."""
    return i18n.translator("checks", "name", _speaking())(name)


@cache
def _help_texts(language: str) -> dict[str, str]:
    """Every exercise check's hint, second hint and explanation in ``language``, by its English
    (the catalogues ``answers/NN_name``, merged: the same English has one translation)."""
    found = {}
    folder = i18n.locale_folder(language) / "answers"
    for path in sorted(folder.glob("*.po")) if folder.is_dir() else []:
        for (_, english), translated in i18n.catalogue(f"answers/{path.stem}", language).items():
            found.setdefault(english, translated)
    return found


def _help(text: str) -> str:
    """A check's own hint, second hint or explanation in the notebook's language."""
    language = _speaking()
    return text if language == i18n.SOURCE else _help_texts(language).get(text, text)
