"""The course's slide decks: ``instructors/slides/NN_name.md`` made into reveal.js pages.

A deck is a text file in the repository's ``instructors/slides/`` folder (:data:`SOURCE`):

* a YAML front matter: ``chapter``, the chapter's page (e.g. ``chapters/02_dcg``), whose
  title (its ``# `` heading) is the deck's; optionally ``compute``: Python code run once, before
  the templates, whose names the templates and the figures see too (a value that takes several
  lines to compute, such as chapter 6's precomputed races; it sees the templates' names and
  ``course``, the course's folder); and optionally ``figures``: a name for each figure and the
  Python code that draws it with :mod:`ndcg.course.plots`, as the chapter does;
* then the slides, separated by lines holding only ``---``. Each is Markdown with maths in
  ``$...$`` / ``$$...$$`` (TeX), numbers as templates ``{{ dcg([3, 2, 1]) :.3f }}`` computed
  with ``ndcg`` when the deck is built (:mod:`ndcg.course.cards.templates`: the same
  templates as the flashcards, which also see :mod:`itertools` here), figures as ``![what it shows](figure:name)``, and, after a
  line ``Note:``, the speaker notes (every slide has some; plain text and templates, no maths:
  reveal.js's speaker view shows them as HTML, where KaTeX does not run).

:func:`build_deck` writes a deck to ``<folder>/NN_name/index.html`` with its figures as SVG
next to it; the page loads reveal.js (vendored in ``instructors/slides/vendor/``), the decks' own
``deck.css`` and ``deck.js`` and the book's KaTeX, all through relative links, so the
decks work from ``file://`` with no network. The first slide, made here, carries the
course's title (``title:`` in ``_config.yml``), its version and the build date.
The Sphinx side (*In the book*, below) runs it in every ``make book``.

The HTML around the slides is the file ``instructors/slides/deck.html``; CSS and JavaScript live in
``deck.css`` and ``deck.js`` beside it, never in this module. The built decks stay at the book's
``slides/`` (:data:`FOLDER`), where the instructors' bookmarks already point.

In the book
-----------
The course's slide decks, built with the book.

Registered by :func:`ndcg_book.setup`. When the HTML builder
starts, it builds every deck of the course's ``instructors/slides/`` folder (:func:`build_all`)
into the book's ``slides/`` folder, made afresh: ``slides/NN_name/index.html`` with its
figures, reveal.js from ``instructors/slides/vendor/``, and ``slides/index.html``, the list of decks.
The decks load the book's own KaTeX (``_static/katex/``, which :mod:`ndcg_book.maths` copies when
the builder starts) through relative links, so they work from ``file://``; ``deck.js`` typesets
their maths with it when a deck opens.

The role ``slides`` links a page to a deck, relative to the page:
``{slides}`02_dcg``` (the link text is "the slides of this chapter") or
``{slides}`Slides <02_dcg>```. A deck that does not exist is a warning, so the strict build
fails on a broken link.

The title slide and the list of decks carry the course's title, ``title:`` in ``_config.yml``
(:func:`course_title`); the title slide's date is ``SOURCE_DATE_EPOCH`` when it is set (a
reproducible build), else the day of the build; the version is :data:`ndcg.__version__`.

In Chinese
----------
The Chinese edition's build (``language`` ``zh_CN``, into ``_build/html/zh``) builds every deck
in Chinese into its own ``slides/``: each block of a slide and each line of its notes
(:func:`deck_messages`, the store ``tools/i18n_stores/slides.py``) is replaced by its translation
from ``ndcg/course/locales/zh_CN/LC_MESSAGES/slides/NN_name.po`` before the templates are
computed (the same values; a block not translated yet stays English, and ``python -m tools.i18n
check`` lists it); a figure's words are ``_("...")`` in its code, drawn with a Chinese font; the
words around the slides (:data:`UI`, ``slides/ui.po``), the chapter's title (its page's
catalogue) and the course's (the landing page's) are Chinese, and the page is
``<html lang="zh-CN">``. The ``{slides}`` role on a Chinese page links, with the same relative
link, to the Chinese deck. The English decks are not changed by any of this.
"""

from __future__ import annotations

import datetime
import html
import itertools
import json
import re
import shutil
import string
from dataclasses import dataclass, field
from pathlib import Path

from docutils import nodes
from sphinx.util import logging
from sphinx.util.osutil import relative_uri

from .edition import build_date as build_date  # SOURCE_DATE_EPOCH, read in one place

#: The vendored reveal.js, a folder of ``instructors/slides/vendor/``.
REVEAL = "reveal.js-5.2.1"
#: The decks' own files, copied next to the decks.
DECK_FILES = ("deck.css", "deck.js")
#: Where the built book keeps KaTeX (:mod:`ndcg_book.maths`), relative to the book's root.
KATEX = "_static/katex"
#: The book's icon (html: favicon: in _config.yml), relative to the book's root.
FAVICON = "_static/favicon.svg"
#: The folder of the built book that holds the decks.
FOLDER = "slides"
#: The folder of the course that holds the decks' sources (an instructors' page folder).
SOURCE = "instructors/slides"
#: The Sources page of the built book, relative to the book's root.
SOURCES_PAGE = "reference/sources.html"

_FRONT_MATTER = re.compile(r"\A---\n(.*?)\n---\n", re.DOTALL)
_SEPARATOR = re.compile(r"^---[ \t]*$", re.MULTILINE)
_NOTE = re.compile(r"^Note:[ \t]*$", re.MULTILINE)
_FIGURE = re.compile(r"\]\(figure:([\w-]+)\)")
_NAME = re.compile(r"^\d\d_[a-z0-9_]+$")


class DeckError(ValueError):
    """A deck's source is malformed (the message names the deck and, where it can, the slide)."""


@dataclass
class Slide:
    """One slide: its Markdown (templates already computed) and its speaker notes."""

    markdown: str
    notes: str


@dataclass
class Deck:
    """A parsed deck: its name (``02_dcg``), title, chapter page, figures and slides."""

    name: str
    title: str
    chapter: str
    figures: dict[str, str] = field(default_factory=dict)
    slides: list[Slide] = field(default_factory=list)
    #: The names the front matter's ``compute`` code defined (the figures see them too).
    names: dict = field(default_factory=dict, repr=False)
    #: The deck's language: ``"en"``, or ``"zh"`` (its words from its catalogue, :func:`load`).
    language: str = "en"


def source_folder(root: Path) -> Path:
    """The folder of the decks' sources (and of reveal.js, ``deck.html``, ``deck.css``, ``deck.js``)."""
    return Path(root) / SOURCE


def deck_sources(root: Path) -> list[Path]:
    """Every deck of the course, in chapter order: ``instructors/slides/NN_name.md``."""
    return sorted(path for path in source_folder(root).glob("*.md") if _NAME.match(path.stem))


def split_source(text: str, name: str = "deck") -> tuple[dict, list[tuple[str, str]]]:
    """A deck's front matter and its slides as (Markdown, notes), templates not yet computed.

    >>> meta, slides = split_source("---\\nchapter: chapters/x\\n---\\nA\\nNote:\\nsay A\\n---\\nB\\nNote:\\nB!\\n")
    >>> meta["chapter"], slides
    ('chapters/x', [('A', 'say A'), ('B', 'B!')])
    """
    import yaml

    match = _FRONT_MATTER.match(text)
    if not match:
        raise DeckError(f"{name}: a deck starts with a YAML front matter between two lines '---'")
    meta = yaml.safe_load(match.group(1)) or {}
    missing = {"chapter"} - set(meta)
    if missing:
        raise DeckError(f"{name}: the front matter lacks {', '.join(sorted(missing))}")
    unknown = set(meta) - {"chapter", "figures", "compute"}
    if unknown:
        raise DeckError(f"{name}: unknown front-matter keys {', '.join(sorted(unknown))}")
    slides = []
    for number, chunk in enumerate(_SEPARATOR.split(text[match.end() :]), start=2):
        parts = _NOTE.split(chunk)
        if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
            raise DeckError(
                f"{name}, slide {number}: a slide is Markdown, then a line 'Note:', then its speaker notes"
            )
        slides.append((parts[0].strip(), parts[1].strip()))
    return meta, slides


def load(path: Path, language: str = "en") -> Deck:
    """Read a deck and compute its templates (:func:`ndcg.course.cards.templates.render_template`).

    In Chinese (``language="zh"``) each block and each line of notes is first replaced by its
    translation from the deck's catalogue (:func:`translate_slides`; English where there is none
    yet), so the templates are computed in the Chinese text: the same values."""
    from ndcg.course.cards.templates import namespace, render_template

    path = Path(path)
    root = path.resolve().parents[len(Path(SOURCE).parts)]  # the course that holds the deck's folder
    names = {**namespace(), "itertools": itertools}
    meta, raw = split_source(path.read_text(encoding="utf-8"), path.name)
    if language == "zh":
        raw = translate_slides(raw, words(f"{DOMAIN}/{path.stem}"))
    computed = compute(meta.get("compute") or "", names, root, path.name)
    names.update(computed)
    slides = []
    for number, (markdown, notes) in enumerate(raw, start=2):
        try:
            slides.append(Slide(render_template(markdown, names), render_template(notes, names)))
        except ValueError as error:
            raise DeckError(f"{path.name}, slide {number}: {error}") from error
    for number, slide in enumerate(slides, start=2):
        if "$" in slide.notes or "\\(" in slide.notes:
            raise DeckError(
                f"{path.name}, slide {number}: speaker notes hold no maths "
                "(the speaker view shows them as HTML and cannot typeset TeX)"
            )
    figures = dict(meta.get("figures") or {})
    for number, slide in enumerate(slides, start=2):
        for figure in _FIGURE.findall(slide.markdown):
            if figure not in figures:
                raise DeckError(f"{path.name}, slide {number}: no figure {figure!r} in the front matter")
    chapter = str(meta["chapter"])
    title = chapter_title(root, chapter, path.name)
    if language == "zh":
        title = page_words(root, chapter)(title)
    return Deck(path.stem, title, chapter, figures, slides, computed, language)


def compute(code: str, names: dict, root: Path, name: str = "deck") -> dict:
    """Run a deck's ``compute`` code with the templates' ``names`` and ``course`` (the course's
    folder); return the names it defined (public ones: no leading underscore, no module).

    >>> sorted(compute("x = dcg([3, 2, 1])\\nimport math\\n_y = 1", {"dcg": lambda g: 4}, Path(".")))
    ['x']
    """
    if not code.strip():
        return {}
    scope = {**names, "course": Path(root)}
    try:
        exec(code, scope)
    except Exception as error:
        raise DeckError(f"{name}: its compute code failed: {type(error).__name__}: {error}") from error
    return {
        key: value
        for key, value in scope.items()
        if not key.startswith("_")
        and key not in ("course", "__builtins__")
        and (key not in names or names[key] is not value)
        and not isinstance(value, type(itertools))
    }


def chapter_title(root: Path, chapter: str, name: str = "deck") -> str:
    """The title of a chapter page: the first ``# `` heading of ``<root>/<chapter>.md``."""
    source = Path(root) / f"{chapter}.md"
    if not source.is_file():
        raise DeckError(f"{name}: no chapter {chapter!r} ({source.name} not found)")
    heading = re.search(r"^# (.+)$", source.read_text(encoding="utf-8"), re.MULTILINE)
    if not heading:
        raise DeckError(f"{name}: the chapter {chapter!r} has no '# ' title")
    return heading.group(1).strip()


# -------------------- the decks' words in Chinese

#: The decks' catalogues: ``slides/NN_name`` (a deck's words) and ``slides/ui`` (the words this
#: module and deck.html / index.html put around them), in ``ndcg/course/locales``.
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
#: Each edition's ``<html lang>``.
HTML_LANG = {"en": "en", "zh": "zh-CN"}

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


def words(domain: str):
    """``words(context, English)``: its Chinese from the catalogue ``domain`` of the course's
    package (:func:`ndcg.course.i18n.catalogue`), or the English while it has none."""
    from ndcg.course.i18n import catalogue

    table = catalogue(domain)
    return lambda context, english: table.get((context, english)) or table.get((None, english)) or english


def page_words(root: Path, page: str):
    """A function giving the Chinese of an English message of the book's page ``page`` (its
    catalogue ``locales/zh_CN/LC_MESSAGES/<page>.po``), or the English while it has none."""
    from ndcg.course.i18n import read_po

    path = Path(root) / "locales" / "zh_CN" / "LC_MESSAGES" / f"{page}.po"
    table = read_po(path) if path.is_file() else {}
    return lambda english: table.get((None, english)) or english


def reveal_words(language: str = "en") -> dict[str, str]:
    """``{English: shown}`` for reveal.js's own words (:data:`REVEAL_WORDS`) in ``language``:
    empty in English, where reveal.js's words stand."""
    if language == "en":
        return {}
    return {english: ui(f"reveal:{english}", language) for english in REVEAL_WORDS}


def ui(key: str, language: str = "en", **fields) -> str:
    """A word of :data:`UI` in ``language``, its fields filled (the caller escapes them)."""
    text = UI[key] if language == "en" else words(f"{DOMAIN}/ui")(key, UI[key])
    return text.format(**fields)


def _markdown():
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    def math(content: str, options: dict) -> str:
        # KaTeX (deck.js) typesets \( \) and \[ \]; the TeX stays escaped HTML until then
        # (the plugin wraps it in <span class="math inline"> or <div class="math block">)
        if options.get("display_mode"):
            return f"\\[{html.escape(content)}\\]"
        return f"\\({html.escape(content)}\\)"

    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    md.use(dollarmath_plugin, allow_space=True, allow_digits=False, double_inline=False, renderer=math)
    return md


def to_html(markdown: str) -> str:
    r"""Markdown with maths as HTML: the maths left as ``\( \)`` / ``\[ \]`` for KaTeX (``deck.js``).

    >>> to_html("DCG of $x_1 < 2$ is **big**")
    '<p>DCG of <span class="math inline">\\(x_1 &lt; 2\\)</span> is <strong>big</strong></p>\n'
    """
    return _markdown().render(markdown)


def cjk_fonts() -> list[str]:
    """Matplotlib's font families for a Chinese figure: its own DejaVu Sans for the Latin letters
    and digits (as in the English figure), then the Chinese font the book's figures use
    (:func:`ndcg.course.figure_languages.cjk_font`, which also finds one installed after matplotlib
    cached its list of fonts; its glyphs become paths in the SVG). None: the Chinese shows as boxes,
    and a warning, which fails the build, says so."""
    from ndcg.course.figure_languages import MissingChineseFont, cjk_font

    try:
        found = [cjk_font()]
    except MissingChineseFont:
        logger.warning(
            "the slides: no Chinese font for the Chinese decks' figures (install Noto Sans CJK SC)"
        )
        found = []
    return ["DejaVu Sans", *found]


def figure(code: str, path: Path, names: dict | None = None, language: str = "en") -> None:
    """Draw one figure of a deck into an SVG file: ``code`` runs with the templates' names (and
    ``names``, what the deck's ``compute`` code defined), :mod:`ndcg.course.plots` as ``plots``
    and ``plt``, and draws on the current figure (a figure with no text typed into it: its
    numbers are computed, like the slides'). Its words are ``_("...")`` (``names`` may give
    ``_``, the Chinese deck does); :mod:`ndcg.course` draws in ``language`` meanwhile."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from ndcg.course import i18n, plots
    from ndcg.course.cards.templates import namespace

    plt.close("all")
    settings = {"svg.hashsalt": "ndcg-slides", "svg.fonttype": "path"}
    if language == "zh":
        settings["font.family"] = cjk_fonts()
    try:  # in the deck's language while it draws (the book build's kernel says "both")
        with i18n.chosen(language), matplotlib.rc_context(settings):
            exec(code, {**namespace(), "_": str, **(names or {}), "plots": plots, "plt": plt})
            plt.gcf().savefig(path, format="svg", metadata={"Date": None}, bbox_inches="tight")
    finally:
        plt.close("all")


def _title_slide(deck: Deck, course: str, version: str, date: datetime.date, chapter_href: str) -> str:
    number, lang = int(deck.name[:2]), deck.language
    chapter = ui("title-chapter", lang, number=number, href=html.escape(chapter_href))
    edition = ui("title-edition", lang, version=html.escape(version), date=date.isoformat())
    notes = ui("title-notes", lang, number=number, title=html.escape(deck.title))
    return (
        '<section class="deck-title" data-deck-slide="title">\n'
        f'<p class="deck-course">{html.escape(course)}</p>\n'
        f"<h1>{html.escape(deck.title)}</h1>\n"
        f'<p class="deck-chapter">{chapter}</p>\n'
        f'<p class="deck-edition">{edition}</p>\n'
        f'<p class="deck-keys">{ui("title-keys", lang)}</p>\n'
        f'<aside class="notes"><p>{notes}</p></aside>\n'
        "</section>"
    )


def _practice_href(deck: Deck, root: Path, up: str) -> str:
    """Where the "your turn" slide sends a participant with no Python: the chapter's practice block
    (``chapter.html#practice-02_dcg``, :func:`ndcg_book.practice.anchor`), or the chapter's page
    when its text source has no block."""
    from ndcg_book import practice

    href = f"{up}{deck.chapter}.html"
    source = root / f"{deck.chapter}.md"
    if source.is_file() and practice.in_page(source.read_text(encoding="utf-8"), deck.name):
        return f"{href}#{practice.anchor(deck.name)}"
    return href


def _turn_slide(deck: Deck, practice_href: str, blocks: list | None = None) -> str:
    """The deck's last slide: the participants' turn, naming the chapter's exercise notebook where
    the participant pack of the deck's language holds it (the Chinese pack puts the Chinese
    notebooks in the English ones' places: :func:`ndcg_book.downloads.pack_name`), and, for each
    agenda with an exercise block after the chapter (``blocks``: ``[(agenda key, block)]``, from
    :func:`ndcg_book.timing.exercise_blocks`), that block's exercises and minutes; a participant
    with no Python is sent to ``practice_href``, the chapter's practice block (:func:`_practice_href`)."""
    from ndcg_book.downloads import ZH_EXERCISES, pack_name

    number, lang = int(deck.name[:2]), deck.language
    notebook = pack_name(f"{ZH_EXERCISES if lang == 'zh' else 'exercises/'}{deck.name}.ipynb", lang)
    book = ui("turn-book", lang, href=html.escape(practice_href), number=number)
    items = "".join(
        f'<li data-agenda="{html.escape(key)}" data-minutes="{block.minutes}">'
        + ui(
            "turn-block" if len(block.exercises) > 1 else "turn-block-one",
            lang,
            agenda=ui(f"turn-agenda-{key}", lang),
            last=len(block.exercises),
            minutes=block.minutes,
        )
        + "</li>\n"
        for key, block in blocks or ()
    )
    return (
        '<section class="deck-turn" data-deck-slide="turn">\n'
        f"<h2>{ui('turn-title', lang)} 🖐️</h2>\n"
        f"<p>{ui('turn-open', lang, notebook=html.escape(notebook))}</p>\n"
        + (f'<ul class="deck-turn-blocks">\n{items}</ul>\n' if items else "")
        + f"<p>{ui('turn-ladder', lang)}</p>\n"
        f"<p>{book}</p>\n"
        f'<aside class="notes"><p>{ui("turn-notes", lang)}</p></aside>\n'
        "</section>"
    )


def render(
    deck: Deck,
    *,
    root: Path,
    course: str,
    version: str,
    date: datetime.date,
    depth: int = 2,
    turns: dict | None = None,
) -> str:
    """The deck's page, ``slides/NN_name/index.html`` of a book ``depth`` folders up, from the
    course at ``root`` (its ``instructors/slides/deck.html``); ``turns``: every chapter's exercise
    blocks in the agendas (:func:`ndcg_book.timing.exercise_blocks` of the deck's language,
    computed here when not given)."""
    if turns is None:
        from ndcg_book import timing

        turns = timing.exercise_blocks(Path(root), "zh_CN" if deck.language == "zh" else "en")
    from ndcg.course.cards.markup import link_sources

    up = "../" * depth
    sources = f"{up}{SOURCES_PAGE}"  # every "source 00X" links to its entry on the Sources page
    sections = [_title_slide(deck, course, version, date, f"{up}{deck.chapter}.html")]
    for slide in deck.slides:
        markdown = _FIGURE.sub(lambda m: f"](figures/{m.group(1)}.svg)", slide.markdown)
        sections.append(
            "<section>\n"
            + link_sources(to_html(markdown), sources)
            + '<aside class="notes">\n'
            + link_sources(to_html(slide.notes), sources)
            + "</aside>\n</section>"
        )
    sections.append(_turn_slide(deck, _practice_href(deck, Path(root), up), turns.get(deck.name, [])))
    template = string.Template((source_folder(root) / "deck.html").read_text(encoding="utf-8"))
    return template.substitute(
        title=html.escape(ui("page-title", deck.language, title=deck.title)),
        slides="\n".join(sections),
        reveal=f"../vendor/{REVEAL}",
        assets="..",
        katex=f"{up}{KATEX}",
        favicon=f"{up}{FAVICON}",
        book=f"{up}index.html",
        book_link=html.escape(ui("book-link", deck.language)),
        lang=HTML_LANG[deck.language],
        reveal_words=json.dumps(reveal_words(deck.language), ensure_ascii=False).replace("</", "<\\/"),
    )


def render_index(
    decks: list[Deck], *, root: Path, course: str, version: str, date: datetime.date, language: str = "en"
) -> str:
    """``slides/index.html``: the list of decks, for a USB stick with no book page open."""
    items = "\n".join(
        f'<li><a href="{deck.name}/index.html">{html.escape(deck.title)}</a></li>' for deck in decks
    )
    template = string.Template((source_folder(root) / "index.html").read_text(encoding="utf-8"))
    return template.substitute(
        lang=HTML_LANG[language],
        title=html.escape(ui("list-title", language, course=course)),
        heading=ui("list-heading", language),
        intro=ui("list-intro", language, course=html.escape(course)),
        back=ui("list-back", language),
        items=items,
        edition=ui("title-edition", language, version=html.escape(version), date=date.isoformat()),
        book="../index.html",
        favicon=f"../{FAVICON}",
    )


def build_deck(deck: Deck, target: Path, **options) -> Path:
    """Write one deck, its page and its figures, into ``target/NN_name/``; return the page."""
    folder = Path(target) / deck.name
    translate = (
        words(f"{DOMAIN}/{deck.name}") if deck.language == "zh" else (lambda context, english: english)
    )
    if deck.figures:
        (folder / "figures").mkdir(parents=True, exist_ok=True)
    folder.mkdir(parents=True, exist_ok=True)
    for name, code in deck.figures.items():
        try:
            names = {**deck.names, "_": lambda english, _name=name: translate(f"figure.{_name}", english)}
            figure(code, folder / "figures" / f"{name}.svg", names, deck.language)
        except Exception as error:
            raise DeckError(
                f"{deck.name}: figure {name!r} failed: {type(error).__name__}: {error}"
            ) from error
    page = folder / "index.html"
    page.write_text(render(deck, **options), encoding="utf-8")
    return page


def build_all(
    root: Path, target: Path, *, course: str, version: str, date: datetime.date, language: str = "en"
) -> list[Deck]:
    """Every deck of the course at ``root`` into ``target`` (made afresh), with reveal.js,
    ``deck.css``, ``deck.js`` and the list of decks, in ``language`` (``"zh"``: every deck's
    words from its catalogue, :func:`load`); return the decks."""
    root, target = Path(root), Path(target)
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    source = source_folder(root)
    shutil.copytree(source / "vendor" / REVEAL, target / "vendor" / REVEAL)
    for name in DECK_FILES:
        shutil.copy2(source / name, target / name)
    decks = [load(path, language) for path in deck_sources(root)]
    from ndcg_book import timing

    turns = timing.exercise_blocks(root, "zh_CN" if language == "zh" else "en")  # every agenda, once
    for deck in decks:
        build_deck(deck, target, root=root, course=course, version=version, date=date, turns=turns)
    (target / "index.html").write_text(
        render_index(decks, root=root, course=course, version=version, date=date, language=language),
        encoding="utf-8",
    )
    return decks


# -------------------- the Sphinx side

logger = logging.getLogger(__name__)

_TITLED = re.compile(r"^(.*?)\s*<([^<>]+)>$", re.DOTALL)


def course_root(app) -> Path:
    """The course whose decks the book carries: ``ndcg_course_root`` (:mod:`ndcg_book.downloads`) or the book's folder."""
    root = getattr(app.config, "ndcg_course_root", "") or app.srcdir
    return Path(root).resolve()


def course_title(app) -> str:
    """The course's title, ``title:`` in the book's ``_config.yml``, which Jupyter Book passes to
    Sphinx as ``html_title`` (Sphinx's ``project`` is not set: it reads "Project name not set")."""
    title = (app.config.html_title or "").strip()
    if not title:
        from sphinx.errors import ConfigError

        raise ConfigError("the slides: the book has no title (set title: in _config.yml)")
    return title


def build_decks(app) -> None:
    """``builder-inited``: write every deck into the book's ``slides/`` folder."""
    if app.builder.format != "html":
        return
    from ndcg import __version__

    from .editions import edition

    language = edition(getattr(app.config, "language", None))
    course = course_title(app)
    if language == "zh":  # the title as the Chinese edition's landing page says it
        course = page_words(course_root(app), "index")(course)
    try:
        decks = build_all(
            course_root(app),
            Path(app.outdir, FOLDER),
            course=course,
            version=__version__,
            date=build_date(),
            language=language,
        )
    except DeckError as error:
        from sphinx.errors import ExtensionError

        raise ExtensionError(f"the slides: {error}") from error
    app.ndcg_slides = {deck.name for deck in decks}
    logger.info(f"the slides: {len(decks)} decks in {FOLDER}/")


def slides_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``{slides}`02_dcg``` or ``{slides}`title <02_dcg>```: a link to that deck."""
    from .editions import edition

    env = inliner.document.settings.env
    match = _TITLED.match(text)
    language = edition(getattr(env.app.config, "language", None))
    title, deck = (
        (match.group(1), match.group(2).strip()) if match else (ui("role-text", language), text.strip())
    )
    known = {path.stem for path in deck_sources(course_root(env.app))}
    if deck not in known:
        message = inliner.reporter.warning(
            f"no slide deck {deck!r} (decks: {', '.join(sorted(known)) or 'none'})", line=lineno
        )
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    builder = env.app.builder
    if builder.format == "html":
        uri = relative_uri(builder.get_target_uri(env.docname), f"{FOLDER}/{deck}/index.html")
    else:
        uri = f"{FOLDER}/{deck}/index.html"
    return [nodes.reference(rawtext, title, refuri=uri, classes=["deck-link"])], []


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    if "ndcg_course_root" not in app.config.values:
        app.add_config_value("ndcg_course_root", "", "env", [str])
    app.add_role("slides", slides_role)
    app.connect("builder-inited", build_decks)
