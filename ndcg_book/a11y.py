"""The book build: the book's HTML where the writer's own fails an accessibility check.

Registered by :func:`ndcg_book.setup`. The bibliography
(``reference/references.md``, sphinxcontrib-bibtex) is written by docutils as a list of citations:
``<div role="list" class="citation-list">`` holding one ``<div class="citation"
role="doc-biblioentry">`` per reference. ARIA's ``list`` role may own only ``listitem``
elements, and ``doc-biblioentry`` (deprecated in DPUB-ARIA 1.1) is not one, so axe-core reports a
critical ``aria-required-children`` violation and a screen reader announces a list with no items.
During ``html-page-context`` this extension gives each entry of such a list the role
``listitem``: the reader then hears "list, N items" and each reference as an item, and the page
looks the same (no CSS involved).

The theme's navigation gives a chapter with pages under it (the companion pages) a
``<details>`` whose ``<summary>`` holds only a chevron icon marked ``role="presentation"``: a
disclosure button with no name (axe-core's serious ``summary-name``), which a screen reader
announces as "button, collapsed" without saying what it opens. The navigation is written by the
theme's context function ``generate_toctree_html``; this extension wraps it so that every such
summary is named after the page it belongs to ("Pages under 4. NDCG ...").
"""

from __future__ import annotations

import re

#: An entry of a citation list of docutils' HTML writer (which writes that role on nothing else,
#: and every citation inside a ``citation-list``).
_ENTRY = re.compile(r'(<div class="citation"[^>]*?) role="doc-biblioentry"')


def list_items(body: str) -> str:
    """``body`` with every entry of a citation list marked as a list item.

    >>> list_items('<div role="list" class="citation-list">\\n<div class="citation" id="a" role="doc-biblioentry">'
    ...            '<span class="label">A</span></div>\\n</div>\\n<p role="doc-biblioentry">x</p>')
    '<div role="list" class="citation-list">\\n<div class="citation" id="a" role="listitem"><span class="label">A</span></div>\\n</div>\\n<p role="doc-biblioentry">x</p>'
    """
    return _ENTRY.sub(r'\1 role="listitem"', body)


def name_toggles(soup):
    """Name each subtree toggle of the theme's navigation (a BeautifulSoup tree, changed in place)
    after the page it belongs to; a toggle that has text of its own (a part's caption) keeps it.

    >>> from bs4 import BeautifulSoup
    >>> soup = BeautifulSoup('<li><a class="reference internal" href="04.html">4. NDCG — <em>x</em></a>'
    ...                      '<details><summary><span role="presentation"></span></summary></details></li>',
    ...                      "html.parser")
    >>> name_toggles(soup).summary["aria-label"]
    'Pages under 4. NDCG — x'
    """
    for summary in soup.select("li > details > summary"):
        link = summary.parent.parent.find("a", recursive=False)
        if link is not None and not summary.get_text(strip=True) and not summary.get("aria-label"):
            summary["aria-label"] = f"Pages under {link.get_text(' ', strip=True)}"
    return soup


def _page_context(app, pagename, templatename, context, doctree) -> None:
    body = context.get("body")
    if body and 'class="citation-list"' in body:
        context["body"] = list_items(body)
    toctree = context.get("generate_toctree_html")
    if callable(toctree):

        def named(*args, **kwargs):
            tree = toctree(*args, **kwargs)  # the theme's parsed tree (a string for some kinds)
            return name_toggles(tree) if hasattr(tree, "select") else tree

        context["generate_toctree_html"] = named


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.connect("html-page-context", _page_context, priority=900)  # after the theme sets its functions
