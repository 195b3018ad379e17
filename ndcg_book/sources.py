"""The book build: every "source 00X" of the book links to its entry on the Sources page.

Registered by :func:`ndcg_book.setup`.

The book names its five source documents by code ("source 002", "Source 004's", "sources 000
and 002") about 160 times. ``sources.md`` describes each one under a target ``(source-002)=``.
When a page is written (``doctree-resolved``), this extension

* splits every text node that names a source into text and links to ``sources.html#source-00X``,
  relative to the page, so the link works at any depth and from ``file://``; text inside links,
  code, literals, maths and raw output is not touched;
* links the codes in the HTML of the notebook outputs (step tables' captions, the kernel-free
  flashcards and quiz: their skeleton and their JSON data, see
  :func:`ndcg.course.cards.views.link_view_sources`).

Only the book is linked: the executed notebooks, the live widgets and the Anki deck keep plain
text. A code that the Sources page does not describe ("source 005") is a warning, so the strict
build fails on it.
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging

from ndcg.course.cards.markup import SOURCE_FIELD_CLASSES, UnknownSource, source_href, source_spans
from ndcg.course.cards.views import link_view_sources

logger = logging.getLogger(__name__)

#: The target of source ``code`` on the Sources page: ``(source-002)=``.
LABEL = "source-{code}"
_LABEL = re.compile(r"source-(0\d\d)")

#: Text under these nodes is never linked.
_SKIP = (
    nodes.reference,
    nodes.literal,
    nodes.literal_block,
    nodes.raw,
    nodes.math,
    nodes.math_block,
    nodes.target,
    nodes.comment,
    nodes.system_message,
    nodes.image,
    nodes.FixedTextElement,
    addnodes.pending_xref,
    addnodes.desc_signature,
)


def described(env) -> dict:
    """The codes the Sources page describes: ``{code: (docname, anchor)}``, from its targets."""
    labels = env.domaindata.get("std", {}).get("labels", {})
    found = {}
    for name, (docname, anchor, _title) in labels.items():
        match = _LABEL.fullmatch(name)
        if match:
            found[match.group(1)] = (docname, anchor)
    return found


def _skipped(node) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, _SKIP):
            return True
        parent = parent.parent
    return False


def _link_text_node(node: nodes.Text, href, known, docname) -> None:
    text = str(node)
    spans = source_spans(text)
    if not spans:
        return
    new, last = [], 0
    for start, end, code in spans:
        if code not in known:
            logger.warning(
                "source %s is not described on the Sources page (it describes %s)",
                code,
                ", ".join(sorted(known)) or "none",
                location=node.parent,
                type="ndcg",
                subtype="source",
            )
            continue
        if start > last:
            new.append(nodes.Text(text[last:start]))
        new.append(
            nodes.reference(
                text[start:end],
                text[start:end],
                refuri=href(code),
                internal=True,
                classes=["sources-link"],
            )
        )
        last = end
    if not new:
        return
    if last < len(text):
        new.append(nodes.Text(text[last:]))
    node.parent.replace(node, new)


def _merge_text(doctree) -> None:
    """Join neighbouring text nodes: MyST makes a soft line break a text node of its own, so
    "source" at the end of a line and "002" on the next are two or three nodes."""
    for element in list(doctree.findall(nodes.Element)):
        children = element.children
        if len(children) < 2 or not any(isinstance(child, nodes.Text) for child in children):
            continue
        merged, run = [], []
        for child in children:
            if isinstance(child, nodes.Text):
                run.append(str(child))
                continue
            if run:
                merged.append(nodes.Text("".join(run)))
                run = []
            merged.append(child)
        if run:
            merged.append(nodes.Text("".join(run)))
        if len(merged) != len(children):
            element.children = []
            element.extend(merged)


def link_sources(app, doctree, docname) -> None:
    """``doctree-resolved``: link every source code in the page's text and HTML outputs."""
    if app.builder.format != "html":
        return
    targets = described(app.env)
    if not targets:
        return

    def href(code: str) -> str:
        page, anchor = targets[code]
        uri = app.builder.get_relative_uri(docname, page) if page != docname else ""
        return f"{uri}#{anchor}"

    _merge_text(doctree)
    for node in list(doctree.findall(nodes.Text)):
        if node.parent is not None and not _skipped(node):
            _link_text_node(node, href, targets, docname)

    page = next(iter(targets.values()))[0]
    page_uri = app.builder.get_relative_uri(docname, page) if page != docname else ""
    for node in list(doctree.findall(nodes.raw)):
        if "html" not in node.get("format", "").split():
            continue
        text = node.astext()
        if not source_spans(text) and not any(
            name in text for name in ("data-ndcg-view", *SOURCE_FIELD_CLASSES)
        ):
            continue
        try:
            linked = link_view_sources(text, page_uri, known=set(targets))
        except UnknownSource as error:
            logger.warning(str(error), location=node, type="ndcg", subtype="source")
            continue
        if linked != text:
            new = nodes.raw("", linked, format=node["format"])
            new.update_all_atts(node)
            node.replace_self(new)


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.connect("doctree-resolved", link_sources)


__all__ = ["LABEL", "described", "link_sources", "register", "source_href"]
