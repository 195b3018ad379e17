"""The course as data: its languages, the book's parts, its chapters and its workshop agendas, read
from ``course.toml`` (package data).

One file says which languages the course speaks, which parts the book has and which chapters, with
their part, short titles and companion pages, and which chapters each workshop agenda teaches; this
module is the one that reads it, for the package (the decks, the answers, the languages of the
words), the book build (its table of contents, the timings, the redirects), the tools and the
tests. Standard library only. The chapters' list is
spelled there and nowhere else: ``tests/course/test_manifest.py`` fails on code that spells it.

Examples
--------
>>> [language.code for language in languages()]
['en', 'zh']
>>> chapter_stems()[:3]
['00_why', '01_cg', '02_dcg']
>>> companion_pages("02_dcg")
['further/02-discounts', 'further/02-gains']
>>> chapters()[2].short_title, agendas()[0].key, agendas()[0].before
('DCG', '90', ('00_why', '01_cg', '02_dcg'))
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
    BCP 47 tag of its pages (``zh-Hans``: their ``hreflang``); how its text is set: whether its
    words and sentences are separated by spaces, its full stop and its parentheses around an aside
    (``("（", "）")``; the opening one with the space before it, if any); and what it adds to the
    English ids of the Anki note model and decks (:mod:`ndcg.course.anki`)."""

    code: str
    name: str
    locale: str
    folder: str
    tag: str
    spaced: bool
    full_stop: str
    parentheses: tuple[str, str]
    anki_offset: int


@dataclass(frozen=True)
class Chapter:
    """A chapter: its stem (``02_dcg``), its companion pages' stems, in the book's order, its
    short title in English (``DCG``: its Anki sub-deck is ``02 DCG``) and the caption of its part
    of the book (:class:`Part`)."""

    stem: str
    companions: tuple[str, ...]
    short_title: str
    part: str


@dataclass(frozen=True)
class Part:
    """A part of the book, in its sidebar: its caption, whether its chapters are numbered, and its
    pages, where :data:`CHAPTERS` stands for the part's chapters (each followed by its companion
    pages) and :data:`NOTES` for every chapter's instructor notes. ``ndcg_book.toc`` writes
    ``_toc.yml`` from them."""

    caption: str
    numbered: bool
    pages: tuple[str, ...]


#: In a part's pages: the chapters of that part, each followed by its companion pages.
CHAPTERS = "chapters"
#: In a part's pages: the instructor notes of every chapter that has them (``instructors/<stem>``).
NOTES = "notes"


@dataclass(frozen=True)
class Agenda:
    """A workshop agenda of the instructor guide, as the manifest says it: its key (``"90"``), its
    title, its length and its setup triage in minutes, the chapters read before the session, and
    its steps: ``("teach", chapter)``, ``("exercises", chapter, n)`` (the notebook's first ``n``
    exercises), ``("break",)`` and ``("lunch",)``. :mod:`ndcg_book.timing` computes its minutes."""

    key: str
    title: str
    length: int
    setup: int
    before: tuple[str, ...]
    steps: tuple[tuple, ...]


@cache
def _manifest() -> dict:
    text = (resources.files("ndcg.course") / "course.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def languages() -> tuple[Language, ...]:
    """Every language of the course, English first."""
    return tuple(
        Language(**{**entry, "parentheses": tuple(entry["parentheses"])})
        for entry in _manifest()["languages"]
    )


def language(code: str) -> Language:
    """The language whose code is ``code``.

    >>> language("zh").full_stop, language("en").parentheses
    ('。', (' (', ')'))

    Raises
    ------
    ValueError
        If ``code`` is not a language of the course.
    """
    for found in languages():
        if found.code == code:
            return found
    raise ValueError(f"language must be one of {', '.join(language_codes())}; got {code!r}.")


def language_codes() -> tuple[str, ...]:
    """``("en", "zh")``: every language's code, English first."""
    return tuple(language.code for language in languages())


@cache
def chapters() -> tuple[Chapter, ...]:
    """Every chapter, in the course's order."""
    return tuple(
        Chapter(entry["stem"], tuple(entry["companions"]), entry["short_title"], entry["part"])
        for entry in _manifest()["chapters"]
    )


@cache
def parts() -> tuple[Part, ...]:
    """The book's parts, in its sidebar's order.

    >>> [part.caption for part in parts()][:2], parts()[1].numbered
    (['Start here', 'Measuring a ranking'], True)

    Raises
    ------
    ValueError
        If a chapter names a part the manifest does not have.
    """
    found = tuple(
        Part(entry["caption"], entry["numbered"], tuple(entry["pages"])) for entry in _manifest()["parts"]
    )
    captions = [part.caption for part in found]
    for chapter in chapters():
        if chapter.part not in captions:
            raise ValueError(
                f"chapter {chapter.stem}: part must be one of {', '.join(map(repr, captions))}; "
                f"got {chapter.part!r}."
            )
    return found


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


@cache
def agendas() -> tuple[Agenda, ...]:
    """Every workshop agenda, in the instructor guide's order."""
    return tuple(
        Agenda(
            entry["key"],
            entry["title"],
            entry["length"],
            entry["setup"],
            tuple(entry["before"]),
            tuple(tuple(step) for step in entry["steps"]),
        )
        for entry in _manifest()["agendas"]
    )
