"""The course's words in English and in Chinese (简体中文): one computation, two languages.

The book has two editions built from one run of each notebook, so a cell that shows words (a
figure's title, a step table's headers, a flashcard, a game's buttons) shows them in **both**
languages at once, and the page keeps the one of its edition. A notebook a learner runs shows one
language: English, or Chinese after ``ndcg.course.set_language("zh")`` (the first code cell of
the Chinese play and student notebooks), which chooses the language here
(:func:`choose_language`) and shows the session's figures in it too.

The Chinese of each store of words (the flashcards and quizzes of a chapter, the views' labels,
the checks' hints ...) is a gettext catalogue, ``ndcg/course/locales/zh_CN/LC_MESSAGES/<domain>.po``,
next to the English it translates; ``python tools/run.py translations`` brings new and changed
English into them (a changed message comes back *fuzzy*, and counts as untranslated here until it
is translated again), and the book's tests fail on any message left untranslated.

Standard library only (a learner's install has no babel): :func:`read_po` reads the one-line
catalogues the course writes.

Examples
--------
>>> language()
'en'
>>> each(lambda code: manifest.language(code).full_stop)  # a text in every language
{'en': '.', 'zh': '。'}
"""

from __future__ import annotations

import ast
import contextlib
import os
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

from . import manifest

#: The languages of the course, English first (``course.toml``: English, and Simplified Chinese).
LANGUAGES = manifest.language_codes()
#: The language the course is written in: every other one is translated from it.
SOURCE = LANGUAGES[0]
#: Where the package's catalogues live, one folder per locale (:func:`locale_folder`).
PACKAGE_LOCALES = Path(__file__).resolve().parent / "locales"
#: The Chinese catalogues' folder, where :func:`translator` looks when no language is given.
LOCALES = PACKAGE_LOCALES / "zh_CN" / "LC_MESSAGES"
#: The environment variable the book build sets to ``both``: every cell then shows both languages.
ENVIRONMENT = "NDCG_COURSE_LANGUAGE"
#: The CSS class of the two language versions of a piece of HTML (each edition's rule hides the
#: one that is not the page's: ``ndcg_book/static/ndcg-languages.css``).
CSS_CLASS = "ndcg-lang"

_chosen: str | None = None
T = TypeVar("T")


def choose_language(code: str | None) -> None:
    """Show the course's words in ``code`` (``"en"`` or ``"zh"``) from now on; ``None``: as the
    environment says again (:func:`language`). A notebook calls ``ndcg.course.set_language``,
    which chooses here and shows its figures in the language too.

    Raises
    ------
    ValueError
        If ``code`` is not a language of the course.
    """
    global _chosen
    if code is not None and code not in LANGUAGES:
        raise ValueError(f"language must be one of {LANGUAGES}; got {code!r}.")
    _chosen = code


@contextlib.contextmanager
def chosen(code: str | None):
    """The course's words in ``code`` inside the block (:func:`choose_language`), then in the
    language chosen before it.

    >>> with chosen("zh"):
    ...     language()
    'zh'
    >>> language()
    'en'
    """
    before = _chosen
    choose_language(code)
    try:
        yield
    finally:
        choose_language(before)


def language_of(locale: str | None) -> str:
    """The course's language of a locale's name, such as Sphinx's ``language`` setting or an HTML
    ``lang``: ``"zh"`` for ``zh_CN``, ``zh-Hans`` or ``zh``; ``"en"`` for any other, or none.

    >>> language_of("zh_CN"), language_of("zh-Hans"), language_of("en"), language_of(None)
    ('zh', 'zh', 'en', 'en')
    """
    code = (locale or "").lower().replace("-", "_").partition("_")[0]
    return code if code in LANGUAGES else "en"


def language() -> str:
    """The language cells show their words in: ``"en"``, ``"zh"``, or ``"both"`` in the book's
    build (the environment variable :data:`ENVIRONMENT` set to ``both`` by ``make book``)."""
    if _chosen is not None:
        return _chosen
    value = os.environ.get(ENVIRONMENT, "en")
    return value if value in (*LANGUAGES, "both") else "en"


def one_language() -> str:
    """The one language of what cannot carry several (an attribute, an option, a check's printed
    message): the chosen one, or English in the book's build (where a view's script sets the
    page's from its data, and no page runs a check)."""
    now = language()
    return SOURCE if now == "both" else now


def _unquote(text: str) -> str:
    return ast.literal_eval(text) if text else ""


def read_po(path: Path) -> dict[tuple[str | None, str], str]:
    """A catalogue's translations, ``{(context, English): Chinese}``: the messages marked fuzzy
    (their English changed since they were translated) and the empty ones are left out."""
    found: dict[tuple[str | None, str], str] = {}
    entry: dict[str, str] = {}
    fuzzy = False
    key = None

    def flush():
        nonlocal entry, fuzzy
        if entry.get("msgid") and entry.get("msgstr") and not fuzzy:
            found[(entry.get("msgctxt"), entry["msgid"])] = entry["msgstr"]
        entry, fuzzy = {}, False

    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            flush()
            key = None
        elif line.startswith("#,"):
            fuzzy = "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif m := re.match(r"^(msgctxt|msgid|msgstr) (\".*\")$", line):
            key = m.group(1)
            if key == "msgctxt" and "msgid" in entry:
                flush()
            entry[key] = _unquote(m.group(2))
        elif line.startswith('"') and key:
            entry[key] += _unquote(line)
    flush()
    return found


def locale_folder(code: str) -> Path:
    """The folder of language ``code``'s catalogues in the package (its locale's, from the manifest).

    >>> locale_folder("zh").relative_to(PACKAGE_LOCALES).as_posix()
    'zh_CN/LC_MESSAGES'
    """
    return PACKAGE_LOCALES / manifest.language(code).locale / "LC_MESSAGES"


@cache
def catalogue(domain: str, language: str | None = None) -> dict[tuple[str | None, str], str]:
    """The translations of one store of words (``views``, ``cards/02_dcg`` ...) into ``language``
    (by default the Chinese, :data:`LOCALES`); empty when the store has no catalogue yet."""
    path = (LOCALES if language is None else locale_folder(language)) / f"{domain}.po"
    return read_po(path) if path.is_file() else {}


def translator(domain: str, context: str | None = None, language: str | None = None) -> Callable[[str], str]:
    """A function giving the translation of an English text of ``domain`` into ``language`` (by
    default the Chinese; in English, :data:`SOURCE`, the text itself), and the English itself
    while the text is untranslated: the catalogue checks fail on it, the reader never sees a gap.

    >>> translator("dropin", language="en")("refused")
    'refused'
    """
    if language == SOURCE:
        return str
    table = catalogue(domain) if language is None else catalogue(domain, language)

    def chinese(text: str) -> str:
        return table.get((context, text)) or table.get((None, text)) or text

    return chinese


def each(make: Callable[[str], T]) -> dict[str, T]:
    """``make(code)`` for every language of the course, by code, English first: one way to hold a
    text (or anything made of texts) in every language.

    >>> each(lambda code: code.upper())
    {'en': 'EN', 'zh': 'ZH'}
    """
    return {code: make(code) for code in LANGUAGES}


def pick(texts: dict[str, str]) -> dict[str, str] | str:
    """What a cell shows of ``texts`` (by language, as :func:`each` makes them): all in the book,
    else the chosen language's."""
    now = language()
    return texts if now == "both" else texts[now]


def html_texts(texts: dict[str, str], tag: str = "span", once: bool = False) -> str:
    """HTML of a text in every language (``texts``: by language, as :func:`each` makes them), each
    in its element with its language's ``lang`` (the manifest's tag); the page's CSS shows the one
    of its edition. Outside the book (one language chosen): only that one. ``once``: a text the
    same in every language is written once, with no element around it.

    >>> html_texts({"en": "Rank", "zh": "排名"})
    'Rank'
    >>> with chosen(None):
    ...     os.environ[ENVIRONMENT] = "both"
    ...     try:
    ...         html_texts({"en": "k", "zh": "k"}, once=True), html_texts({"en": "Rank", "zh": "排名"})[:40]
    ...     finally:
    ...         del os.environ[ENVIRONMENT]
    ('k', '<span class="ndcg-lang" lang="en">Rank</')
    """
    now = language()
    if now != "both":
        return texts[now]
    if once and len(set(texts.values())) == 1:
        return next(iter(texts.values()))
    return "".join(
        f'<{tag} class="{CSS_CLASS}" lang="{lang.tag}">{texts[lang.code]}</{tag}>'
        for lang in manifest.languages()
    )
