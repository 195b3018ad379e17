"""The decks' words: those around the slides, reveal.js's own, and each deck's messages and their Chinese.

:data:`UI` holds the words the decks' pages put around the slides (the title slide, the "your
turn" slide, the list of decks, the ``{slides}`` role's link text), and :data:`REVEAL_WORDS`
reveal.js's own. A deck's messages (:func:`deck_messages`: each block of a slide with words, each
line of its notes, each ``_("...")`` of a figure's code) are what its catalogue translates;
:func:`translate_slides` puts their Chinese in place before the templates are computed.
"""

from __future__ import annotations

import re

from ndcg.course import manifest
from ndcg_book.words import page_words  # noqa: F401  (the decks' titles; re-exported for their tests)

from .source import split_source

#: The decks' catalogues: ``slides/NN_name`` (a deck's words) and ``slides/ui`` (the words
#: :mod:`.build` and deck.html / index.html put around them), in ``ndcg/course/locales``.
DOMAIN = "slides"
#: The words around the slides, by context (``slides/ui``): ``{name}`` fields filled here.
UI = {
    "title-chapter": 'Chapter {number}: <a href="{href}">read it in the book</a>',
    "title-edition": "ndcg {version}, built {date}",
    "title-keys": "→ / Space: next · S: speaker notes · F: full screen · ?: all keys",
    "title-notes": (
        "Chapter {number} of the course, {title}. These notes open in the speaker view (S), "
        "with the next slide and a timer; the audience sees only the slides."
    ),
    "page-title": "{title} — slides",
    "book-link": "the book",
    "list-title": "Slides — {course}",
    "list-heading": "Slides",
    "list-intro": (
        "{course}: one deck per chapter. Open a deck, then press <kbd>S</kbd> for the speaker notes,\n"
        "<kbd>F</kbd> for full screen and <kbd>?</kbd> for every key."
    ),
    "list-back": "Back to the book",
    "role-text": "the slides of this chapter",
    # The last slide of every deck: the participants' turn, with the chapter's exercise notebook.
    "turn-title": "Your turn",
    "turn-open": "Open <code>{notebook}</code> in JupyterLab and work through its exercises.",
    "turn-ladder": (
        "Each check says ✅, or gives a hint; a second miss brings a closer look, a third the worked "
        "explanation."
    ),
    "turn-book": (
        'No Python at hand? Answer the exercises in the Practise section of <a href="{href}">chapter '
        "{number}</a>: the book checks the numbers and lists, with the same hints."
    ),
    # Under it, one line per agenda with an exercise block after the chapter: the block's exercises
    # (the notebook's first ones) and its minutes, from ndcg_book.timing's agendas.
    "turn-agenda-90": "90-minute session",
    "turn-agenda-half-day": "Half-day workshop",
    "turn-agenda-one-day": "One-day workshop",
    "turn-block": "{agenda}: exercises 1–{last}, {minutes} min",
    "turn-block-one": "{agenda}: exercise 1, {minutes} min",
    "turn-notes": (
        "Where the agenda has an exercise block after this chapter, hand over to the room here. "
        "Walk round, and let the hints do their work before you give yours; a participant whose "
        "install failed works in the book's chapter, or beside a neighbour."
    ),
}
#: reveal.js's own words, in English in its code: its help overlay (``?``: the title, the
#: headers and each key's action, the speaker-notes plugin's ``S`` among them), its
#: jump-to-slide box (``G``) and the notes plugin's speaker view (``S``: its labels, its layouts,
#: its window's title). ``deck.js`` shows the deck's language's in their place
#: (:func:`reveal_words`); a test checks each is still in the vendored reveal.js.
REVEAL_WORDS = (
    "Keyboard Shortcuts",
    "KEY",
    "ACTION",
    "Next slide",
    "Previous slide",
    "Navigate left",
    "Navigate right",
    "Navigate up",
    "Navigate down",
    "Navigate without fragments",
    "Jump to first/last slide",
    "Pause",
    "Fullscreen",
    "Slide overview",
    "Jump to slide",
    "Speaker notes view",
    "reveal.js - Speaker View",
    "Loading speaker view...",
    "Upcoming",
    "Time",
    "Click to Reset",
    "Pacing – Time to finish current slide",
    "Notes",
    "Layout",
    "Default",
    "Wide",
    "Tall",
    "Notes only",
)
UI.update({f"reveal:{english}": english for english in REVEAL_WORDS})
#: Each edition's ``<html lang>``: its locale, as BCP 47 writes it (``zh_CN``: ``zh-CN``).
HTML_LANG = {language.code: language.locale.replace("_", "-") for language in manifest.languages()}

#: Words: two Latin letters, one of them lower-case (not CG@4, B1, $k$), or a Chinese character,
#: outside maths, templates, a figure's name and code (a figure's description, its alt text, is
#: words: a screen reader says it, in the deck's language).
_WORDS = re.compile(r"[a-z][A-Za-z]|[A-Z][a-z]|[\u4e00-\u9fff]")
_NOT_WORDS = re.compile(r"\{\{.*?\}\}|\$\$.*?\$\$|\$[^$]*\$|\]\(figure:[^)]*\)|`[^`]*`", re.S)
#: A line that is a block of its own inside a list or a table: an item, a row, or a template
#: that computes rows.
_LINE = re.compile(r"^\s*([-*+]\s|\d+\.\s|\||\{\{.*\}\}\s*$)")
#: A figure's words in its code: ``_("...")`` (the figure's namespace gives ``_``).
_FIGURE_WORDS = re.compile(r'\b_\(\s*("(?:[^"\\\n]|\\.)*")\s*\)')


def has_words(text: str) -> bool:
    """Whether ``text`` says something to translate (not only maths, templates, a figure's name,
    code, names such as ``CG@4`` or ``B1``).

    >>> has_words("| **CG@4** | {{ cg([1], 1) }} |"), has_words("| rank | grade |")
    (False, True)
    >>> has_words("![Each rank's gain](figure:contributions)"), has_words("![](figure:contributions)")
    (True, False)
    """
    return bool(_WORDS.search(_NOT_WORDS.sub(" ", text)))


def slide_parts(markdown: str) -> list[tuple[str, bool]]:
    r"""A slide's Markdown cut into its blocks and what separates them, ``(text, is_block)``, in
    order (joined, they give the Markdown back): blocks are parted by blank lines, and the lines
    of a list or a table (and a template computing a table's rows) are a block each.

    >>> slide_parts("## A\n\n- one\n- two")
    [('## A', True), ('\n\n', False), ('- one', True), ('\n', False), ('- two', True)]
    """
    parts: list[tuple[str, bool]] = []
    for i, piece in enumerate(re.split(r"(\n[ \t]*\n)", markdown)):
        if i % 2:
            parts.append((piece, False))
            continue
        lines = piece.split("\n")
        if len(lines) > 1 and all(_LINE.match(line) for line in lines):
            for j, line in enumerate(lines):
                if j:
                    parts.append(("\n", False))
                parts.append((line, True))
        elif piece:
            parts.append((piece, True))
    return parts


def _slide_messages(number: int, markdown: str, notes: str) -> list[tuple[str, str]]:
    found = []
    blocks = [text for text, is_block in slide_parts(markdown) if is_block]
    for part, block in enumerate(blocks, start=1):
        if has_words(block):
            found.append((f"{number}.{part}", block.strip()))
    lines = [line.strip() for line in notes.splitlines() if line.strip()]
    return found + [(f"{number}.note.{n}", line) for n, line in enumerate(lines, start=1)]


def deck_messages(text: str, name: str = "deck") -> list[tuple[str, str]]:
    """A deck's words, ``(context, English)``: each block of a slide with words (``3.2``: slide 3
    after the title slide, its second block), each line of its notes (``3.note.1``), and each
    ``_("...")`` of a figure's code (``figure.basketball``)."""
    import ast

    meta, raw = split_source(text, name)
    found = []
    for number, (markdown, notes) in enumerate(raw, start=1):
        found += _slide_messages(number, markdown, notes)
    for figure_name, code in (meta.get("figures") or {}).items():
        found += [(f"figure.{figure_name}", ast.literal_eval(m)) for m in _FIGURE_WORDS.findall(code)]
    return found


def translate_slides(raw: list[tuple[str, str]], words) -> list[tuple[str, str]]:
    """The slides ``(Markdown, notes)`` of :func:`split_source` with each message of
    :func:`deck_messages` replaced by ``words(context, English)``: what is not words (maths,
    figures, a table's rule line, the blank lines) stays as it is."""
    translated = []
    for number, (markdown, notes) in enumerate(raw, start=1):
        out, part = [], 0
        for text, is_block in slide_parts(markdown):
            if is_block:
                part += 1
                if has_words(text):
                    start, end = len(text) - len(text.lstrip()), len(text.rstrip())
                    text = text[:start] + words(f"{number}.{part}", text.strip()) + text[end:]
            out.append(text)
        lines, n = [], 0
        for line in notes.split("\n"):
            if line.strip():
                n += 1
                line = words(f"{number}.note.{n}", line.strip())
            lines.append(line)
        translated.append(("".join(out), "\n".join(lines)))
    return translated


def words(domain: str, language: str):
    """``words(context, English)``: its translation into ``language`` from the catalogue ``domain``
    of the course's package (:func:`ndcg.course.i18n.catalogue`), or the English while it has none
    (and in English)."""
    from ndcg.course.i18n import translator

    return lambda context, english: translator(domain, context, language)(english)


def reveal_words(language: str = "en") -> dict[str, str]:
    """``{English: shown}`` for reveal.js's own words (:data:`REVEAL_WORDS`) in ``language``:
    empty in English, where reveal.js's words stand."""
    if language == "en":
        return {}
    return {english: ui(f"reveal:{english}", language) for english in REVEAL_WORDS}


def ui(key: str, language: str = "en", **fields) -> str:
    """A word of :data:`UI` in ``language``, its fields filled (the caller escapes them)."""
    text = words(f"{DOMAIN}/ui", language)(key, UI[key])
    return text.format(**fields)
