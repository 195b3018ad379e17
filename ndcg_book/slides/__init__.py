"""The course's slide decks: ``instructors/slides/NN_name.md`` made into reveal.js pages.

A deck is a text file in the repository's ``instructors/slides/`` folder (:data:`.source.SOURCE`):

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

:func:`.build.build_deck` writes a deck to ``<folder>/NN_name/index.html`` with its figures as SVG
next to it; the page loads reveal.js (vendored in ``instructors/slides/vendor/``), the decks' own
``deck.css`` and ``deck.js`` and the book's KaTeX, all through relative links, so the
decks work from ``file://`` with no network. The first slide, made here, carries the
course's title (``title:`` in ``_config.yml``), its version and the build date.
The Sphinx side (*In the book*, below) runs it in every ``make book``.

The HTML around the slides is the file ``instructors/slides/deck.html``; CSS and JavaScript live in
``deck.css`` and ``deck.js`` beside it, never in this package. The built decks stay at the book's
``slides/`` (:data:`.build.FOLDER`), where the instructors' bookmarks already point.

In the book
-----------
The course's slide decks, built with the book.

Registered by :func:`ndcg_book.setup`. When the HTML builder
starts, it builds every deck of the course's ``instructors/slides/`` folder (:func:`.build.build_all`)
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
(:func:`.extension.course_title`); the title slide's date is ``SOURCE_DATE_EPOCH`` when it is set (a
reproducible build), else the day of the build; the version is :data:`ndcg.__version__`.

In Chinese
----------
The Chinese edition's build (``language`` ``zh_CN``, into ``_build/html/zh``) builds every deck
in Chinese into its own ``slides/``: each block of a slide and each line of its notes
(:func:`.words.deck_messages`, the store ``ndcg_book/catalogues/i18n_stores/slides.py``) is replaced by its translation
from ``ndcg/course/locales/zh_CN/LC_MESSAGES/slides/NN_name.po`` before the templates are
computed (the same values; a block not translated yet stays English, and ``python -m ndcg_book translations
check`` lists it); a figure's words are ``_("...")`` in its code, drawn with a Chinese font; the
words around the slides (:data:`.words.UI`, ``slides/ui.po``), the chapter's title (its page's
catalogue) and the course's (the landing page's) are Chinese, and the page is
``<html lang="zh-CN">``. The ``{slides}`` role on a Chinese page links, with the same relative
link, to the Chinese deck. The English decks are not changed by any of this.

The modules
-----------
``source``     a deck's source file: where the decks are, and a file cut into its front matter and
               its slides
``words``      the decks' words: those around the slides (``UI``), reveal.js's own, each deck's
               messages for its catalogue, and their Chinese
``decks``      a deck loaded: its words in its language, its templates computed
``figures``    a deck's figures drawn into SVG files (in Chinese, with a Chinese font)
``build``      the decks written: each deck's reveal.js page and figures, and the list of decks
``extension``  the Sphinx side: the decks built with the book, and the ``{slides}`` role
"""

from __future__ import annotations


def register(app) -> None:
    """Register the slides with Sphinx (:mod:`ndcg_book.slides.extension`, which imports Sphinx)."""
    from .extension import register as register_extension

    register_extension(app)
