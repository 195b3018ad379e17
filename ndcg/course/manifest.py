"""The course as data: its languages and its chapters, read from ``course.toml`` (package data).

One file says which languages the course speaks and which chapters it has, with their companion
pages; this module is the one that reads it, for the package (the decks, the answers, the
languages of the words), the book build, the tools and the tests. Standard library only.

Examples
--------
>>> [language.code for language in languages()]
['en', 'zh']
>>> chapter_stems()[:3]
['00_why', '01_cg', '02_dcg']
>>> companion_pages("02_dcg")
['further/02-discounts', 'further/02-gains']
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

#: Where a chapter's companion pages live, under ``chapters/``.
FURTHER = "further"


@dataclass(frozen=True)
class Language:
    """A language of the course: its code (``"zh"``), its name in itself, its locale (``zh_CN``:
    the catalogues' folder and Sphinx's language), its edition's folder in the built book and the
    BCP 47 tag of its pages (``zh-Hans``: their ``hreflang``)."""

    code: str
    name: str
    locale: str
    folder: str
    tag: str


@dataclass(frozen=True)
class Chapter:
    """A chapter: its stem (``02_dcg``) and its companion pages' stems, in the book's order."""

    stem: str
    companions: tuple[str, ...]


@cache
def _manifest() -> dict:
    text = (resources.files("ndcg.course") / "course.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def languages() -> tuple[Language, ...]:
    """Every language of the course, English first."""
    return tuple(Language(**entry) for entry in _manifest()["languages"])


def language_codes() -> tuple[str, ...]:
    """``("en", "zh")``: every language's code, English first."""
    return tuple(language.code for language in languages())


@cache
def chapters() -> tuple[Chapter, ...]:
    """Every chapter, in the course's order."""
    return tuple(Chapter(entry["stem"], tuple(entry["companions"])) for entry in _manifest()["chapters"])


def chapter_stems() -> list[str]:
    """``['00_why', '01_cg', ...]``: every chapter's stem, in order."""
    return [chapter.stem for chapter in chapters()]


def companion_pages(stem: str | None = None) -> list[str]:
    """``['further/02-discounts', ...]``: the companion pages of chapter ``stem``, or of every
    chapter, in the book's order, as paths under ``chapters/``."""
    if stem is not None and stem not in chapter_stems():
        raise ValueError(f"stem must be one of {', '.join(chapter_stems())}; got {stem!r}.")
    return [
        f"{FURTHER}/{page}"
        for chapter in chapters()
        if stem in (None, chapter.stem)
        for page in chapter.companions
    ]
