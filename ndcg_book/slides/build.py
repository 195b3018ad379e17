"""The decks written: each deck's reveal.js page and its figures, and the list of decks.

:func:`build_all` writes every deck of the course into a folder made afresh (the book's ``slides/``,
:data:`FOLDER`), with reveal.js, ``deck.css``, ``deck.js`` and ``slides/index.html``;
:func:`build_deck` writes one: ``NN_name/index.html`` from ``instructors/slides/deck.html``, with its
title slide, its slides (Markdown made HTML, :func:`to_html`), its closing "your turn" slide, and
its figures as SVG next to it. Every link is relative, so the decks work from ``file://``.
"""

from __future__ import annotations

import datetime
import html
import json
import shutil
import string
from pathlib import Path

from ndcg.course import manifest

from .decks import Deck, load
from .figures import figure
from .source import FIGURE, DeckError, deck_sources, source_folder
from .words import DOMAIN, HTML_LANG, reveal_words, ui, words

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
#: The Sources page of the built book, relative to the book's root.
SOURCES_PAGE = "reference/sources.html"


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
    notebooks in the English ones' places: :func:`ndcg_book.packs.pack_name`), and, for each
    agenda with an exercise block after the chapter (``blocks``: ``[(agenda key, block)]``, from
    :func:`ndcg_book.timing.exercise_blocks`), that block's exercises and minutes; a participant
    with no Python is sent to ``practice_href``, the chapter's practice block (:func:`_practice_href`)."""
    from ndcg_book.packs import exercises_folder, pack_name

    number, lang = int(deck.name[:2]), deck.language
    notebook = pack_name(f"{exercises_folder(lang)}{deck.name}.ipynb", lang)
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

        turns = timing.exercise_blocks(Path(root), manifest.language(deck.language).locale)
    from ndcg.course.cards.markup import link_sources

    up = "../" * depth
    sources = f"{up}{SOURCES_PAGE}"  # every "source 00X" links to its entry on the Sources page
    sections = [_title_slide(deck, course, version, date, f"{up}{deck.chapter}.html")]
    for slide in deck.slides:
        markdown = FIGURE.sub(lambda m: f"](figures/{m.group(1)}.svg)", slide.markdown)
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
    translate = words(f"{DOMAIN}/{deck.name}", deck.language)
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

    turns = timing.exercise_blocks(root, manifest.language(language).locale)  # every agenda, once
    for deck in decks:
        build_deck(deck, target, root=root, course=course, version=version, date=date, turns=turns)
    (target / "index.html").write_text(
        render_index(decks, root=root, course=course, version=version, date=date, language=language),
        encoding="utf-8",
    )
    return decks
