"""The book build: the book's HTML where the writer's own fails an accessibility check.

Registered by :func:`ndcg_book.setup`. The bibliography
(``references.md``, sphinxcontrib-bibtex) is written by docutils as a list of citations:
``<div role="list" class="citation-list">`` holding one ``<div class="citation"
role="doc-biblioentry">`` per reference. ARIA's ``list`` role may own only ``listitem``
elements, and ``doc-biblioentry`` (deprecated in DPUB-ARIA 1.1) is not one, so axe-core reports a
critical ``aria-required-children`` violation and a screen reader announces a list with no items.
During ``html-page-context`` this extension gives each entry of such a list the role
``listitem``: the reader then hears "list, N items" and each reference as an item, and the page
looks the same (no CSS involved).
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


def _page_context(app, pagename, templatename, context, doctree) -> None:
    body = context.get("body")
    if body and 'class="citation-list"' in body:
        context["body"] = list_items(body)


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.connect("html-page-context", _page_context)
