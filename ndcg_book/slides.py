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
  reveal.js's speaker view shows them as HTML, where MathJax does not run).

:func:`build_deck` writes a deck to ``<folder>/NN_name/index.html`` with its figures as SVG
next to it; the page loads reveal.js (vendored in ``instructors/slides/vendor/``), the decks' own
``deck.css`` and ``deck.js`` and the book's MathJax, all through relative links, so the
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
The decks load the book's own MathJax (``_static/mathjax/``, which sphinx-mathjax-offline
copies at the end of the build) through relative links, so they work from ``file://``.

The role ``slides`` links a page to a deck, relative to the page:
``{slides}`02_dcg``` (the link text is "the slides of this chapter") or
``{slides}`Slides <02_dcg>```. A deck that does not exist is a warning, so the strict build
fails on a broken link.

The title slide and the list of decks carry the course's title, ``title:`` in ``_config.yml``
(:func:`course_title`); the title slide's date is ``SOURCE_DATE_EPOCH`` when it is set (a
reproducible build), else the day of the build; the version is :data:`ndcg.__version__`.
"""

from __future__ import annotations

import datetime
import html
import itertools
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
#: Where the built book keeps MathJax (sphinx-mathjax-offline), relative to the book's root.
MATHJAX = "_static/mathjax/tex-chtml.js"
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


def load(path: Path) -> Deck:
    """Read a deck and compute its templates (:func:`ndcg.course.cards.templates.render_template`)."""
    from ndcg.course.cards.templates import namespace, render_template

    path = Path(path)
    root = path.resolve().parents[len(Path(SOURCE).parts)]  # the course that holds the deck's folder
    names = {**namespace(), "itertools": itertools}
    meta, raw = split_source(path.read_text(encoding="utf-8"), path.name)
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
    return Deck(path.stem, chapter_title(root, chapter, path.name), chapter, figures, slides, computed)


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


def _markdown():
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    def math(content: str, options: dict) -> str:
        # MathJax (deck.js) typesets \( \) and \[ \]; the TeX stays escaped HTML until then
        # (the plugin wraps it in <span class="math inline"> or <div class="math block">)
        if options.get("display_mode"):
            return f"\\[{html.escape(content)}\\]"
        return f"\\({html.escape(content)}\\)"

    md = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")
    md.use(dollarmath_plugin, allow_space=True, allow_digits=False, double_inline=False, renderer=math)
    return md


def to_html(markdown: str) -> str:
    r"""Markdown with maths as HTML: the maths left as ``\( \)`` / ``\[ \]`` for MathJax.

    >>> to_html("DCG of $x_1 < 2$ is **big**")
    '<p>DCG of <span class="math inline">\\(x_1 &lt; 2\\)</span> is <strong>big</strong></p>\n'
    """
    return _markdown().render(markdown)


def figure(code: str, path: Path, names: dict | None = None) -> None:
    """Draw one figure of a deck into an SVG file: ``code`` runs with the templates' names (and
    ``names``, what the deck's ``compute`` code defined), :mod:`ndcg.course.plots` as ``plots``
    and ``plt``, and draws on the current figure (a figure with no text typed into it: its
    numbers are computed, like the slides')."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from ndcg.course import plots
    from ndcg.course.cards.templates import namespace

    plt.close("all")
    with matplotlib.rc_context({"svg.hashsalt": "ndcg-slides", "svg.fonttype": "path"}):
        exec(code, {**namespace(), **(names or {}), "plots": plots, "plt": plt})
        plt.gcf().savefig(path, format="svg", metadata={"Date": None}, bbox_inches="tight")
    plt.close("all")


def _title_slide(deck: Deck, course: str, version: str, date: datetime.date, chapter_href: str) -> str:
    number = int(deck.name[:2])
    return (
        '<section class="deck-title" data-deck-slide="title">\n'
        f'<p class="deck-course">{html.escape(course)}</p>\n'
        f"<h1>{html.escape(deck.title)}</h1>\n"
        f'<p class="deck-chapter">Chapter {number}: '
        f'<a href="{html.escape(chapter_href)}">read it in the book</a></p>\n'
        f'<p class="deck-edition">ndcg {html.escape(version)}, built {date.isoformat()}</p>\n'
        '<p class="deck-keys">→ / Space: next · S: speaker notes · F: full screen · ?: all keys</p>\n'
        '<aside class="notes">'
        f"<p>Chapter {number} of the course, {html.escape(deck.title)}. "
        "These notes open in the speaker view (S), with the next slide and a timer; "
        "the audience sees only the slides.</p></aside>\n"
        "</section>"
    )


def render(deck: Deck, *, root: Path, course: str, version: str, date: datetime.date, depth: int = 2) -> str:
    """The deck's page, ``slides/NN_name/index.html`` of a book ``depth`` folders up, from the
    course at ``root`` (its ``instructors/slides/deck.html``)."""
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
    template = string.Template((source_folder(root) / "deck.html").read_text(encoding="utf-8"))
    return template.substitute(
        title=html.escape(f"{deck.title} — slides"),
        slides="\n".join(sections),
        reveal=f"../vendor/{REVEAL}",
        assets="..",
        mathjax=f"{up}{MATHJAX}",
        favicon=f"{up}{FAVICON}",
        book=f"{up}index.html",
        lang="en",
    )


def render_index(decks: list[Deck], *, root: Path, course: str, version: str, date: datetime.date) -> str:
    """``slides/index.html``: the list of decks, for a USB stick with no book page open."""
    items = "\n".join(
        f'<li><a href="{deck.name}/index.html">{html.escape(deck.title)}</a></li>' for deck in decks
    )
    template = string.Template((source_folder(root) / "index.html").read_text(encoding="utf-8"))
    return template.substitute(
        course=html.escape(course),
        items=items,
        edition=f"ndcg {html.escape(version)}, built {date.isoformat()}",
        book="../index.html",
        favicon=f"../{FAVICON}",
    )


def build_deck(deck: Deck, target: Path, **options) -> Path:
    """Write one deck, its page and its figures, into ``target/NN_name/``; return the page."""
    folder = Path(target) / deck.name
    if deck.figures:
        (folder / "figures").mkdir(parents=True, exist_ok=True)
    folder.mkdir(parents=True, exist_ok=True)
    for name, code in deck.figures.items():
        try:
            figure(code, folder / "figures" / f"{name}.svg", deck.names)
        except Exception as error:
            raise DeckError(
                f"{deck.name}: figure {name!r} failed: {type(error).__name__}: {error}"
            ) from error
    page = folder / "index.html"
    page.write_text(render(deck, **options), encoding="utf-8")
    return page


def build_all(root: Path, target: Path, *, course: str, version: str, date: datetime.date) -> list[Deck]:
    """Every deck of the course at ``root`` into ``target`` (made afresh), with reveal.js,
    ``deck.css``, ``deck.js`` and the list of decks; return the decks."""
    root, target = Path(root), Path(target)
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    source = source_folder(root)
    shutil.copytree(source / "vendor" / REVEAL, target / "vendor" / REVEAL)
    for name in DECK_FILES:
        shutil.copy2(source / name, target / name)
    decks = [load(path) for path in deck_sources(root)]
    for deck in decks:
        build_deck(deck, target, root=root, course=course, version=version, date=date)
    (target / "index.html").write_text(
        render_index(decks, root=root, course=course, version=version, date=date), encoding="utf-8"
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

    try:
        decks = build_all(
            course_root(app),
            Path(app.outdir, FOLDER),
            course=course_title(app),
            version=__version__,
            date=build_date(),
        )
    except DeckError as error:
        from sphinx.errors import ExtensionError

        raise ExtensionError(f"the slides: {error}") from error
    app.ndcg_slides = {deck.name for deck in decks}
    logger.info(f"the slides: {len(decks)} decks in {FOLDER}/")


def slides_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``{slides}`02_dcg``` or ``{slides}`title <02_dcg>```: a link to that deck."""
    env = inliner.document.settings.env
    match = _TITLED.match(text)
    title, deck = (
        (match.group(1), match.group(2).strip()) if match else ("the slides of this chapter", text.strip())
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
