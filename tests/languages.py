"""The course's languages as the tests see them: every language of the manifest
(``ndcg/course/course.toml``, :mod:`ndcg.course.manifest`) as a pytest parameter, and the few
rules of one language's own writing that a test checks.

A test that checks for every language what it checks for English is parametrised over
:data:`LANGUAGES` (``ids=code``), takes the language's words from its catalogue and its folder,
tag and locale from the manifest: a third language in the manifest gets the same check without a
new test. What only one language's writing has (Chinese characters, which no English text holds;
words with no space between them) is data here, keyed on the language's code, so that a check of
it says whose rule it is.

>>> [language.code for language in LANGUAGES], SOURCE.code, [t.code for t in TRANSLATIONS]
(['en', 'zh'], 'en', ['zh'])
>>> html_lang(LANGUAGES[1]), count_words("两个 字", LANGUAGES[1]), count_words("two words", SOURCE)
('zh-CN', 3, 2)
"""

from __future__ import annotations

import re

from ndcg.course.manifest import Language, languages

#: Every language of the course, English first.
LANGUAGES = languages()
#: The language the course is written in (English): every other one translates it.
SOURCE = LANGUAGES[0]
#: The languages that translate it.
TRANSLATIONS = LANGUAGES[1:]

#: The characters of each language whose script is not the Latin alphabet: a text with none of them
#: is not in the language. Chinese's own rule: its Han characters (CJK Unified Ideographs), which
#: also stand for its words (Chinese puts no space between them).
SCRIPTS = {"zh": re.compile(r"[\u4e00-\u9fff]")}
#: The colon and the comma that part a line's pieces, where a language's own are not English's
#: (``": "``, ``", "``). Chinese's own rule: the full-width ones, with no space after them.
SEPARATORS = {"zh": ("：", "，")}


def code(language: Language) -> str:
    """A language's code, the id of a test parametrised over :data:`LANGUAGES`."""
    return language.code


def html_lang(language: Language) -> str:
    """The ``<html lang>`` of the language's pages of the decks: its locale, as BCP 47 writes it
    (``zh_CN``: ``zh-CN``)."""
    return language.locale.replace("_", "-")


def in_script(text: str, language: Language) -> bool:
    """Whether ``text`` holds a character of the language's own script (:data:`SCRIPTS`); always
    true for a language written in the Latin alphabet, whose letters cannot tell it from English."""
    script = SCRIPTS.get(language.code)
    return script is None or bool(script.search(text))


def separators(language: Language) -> tuple[str, str]:
    """The language's colon and comma, as a line of its words parts its pieces (:data:`SEPARATORS`)."""
    return SEPARATORS.get(language.code, (": ", ", "))


def count_words(text: str, language: Language) -> int:
    """How many words ``text`` has in ``language``: its characters of the language's script where
    it has one (:data:`SCRIPTS`: a Chinese character for a word), else its words between spaces."""
    script = SCRIPTS.get(language.code)
    return len(script.findall(text)) if script else len(text.split())
