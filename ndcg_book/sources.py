"""The book build: every "source 00X" of the book links to its entry on the Sources page.

Registered by :func:`ndcg_book.setup`.

The book names its five source documents by code ("source 002", "Source 004's", "sources 000
and 002") about 160 times. ``reference/sources.md`` describes each one under a target ``(source-002)=``.
When a page is written (``doctree-resolved``), this extension

* splits every text node that names a source into text and links to ``reference/sources.html#source-00X``,
  relative to the page, so the link works at any depth and from ``file://``; text inside links,
  code, literals, maths and raw output is not touched;
* links the codes in the HTML of the notebook outputs (step tables' captions, the kernel-free
  flashcards and quiz: their skeleton and their JSON data, see
  :func:`ndcg.course.cards.views.link_view_sources`).

Only the book is linked: the executed notebooks, the live widgets and the Anki deck keep plain
text. A code that the Sources page does not describe ("source 005") is a warning, so the strict
build fails on it.

The chapters do not name the sources in their prose: they cite them the way a textbook does, with
the role ``{src}`003```, which this extension turns into a small superscript marker, ``[003]``,
linked to the source's entry on the Sources page (:func:`cite_html`). The marker reads the same in
both editions; its accessible name and tooltip are the entry's title in the page's language
("Source: 003: study notes, …", "出处：003：学习笔记……"). The flashcards' and quiz questions'
``source`` fields become the same markers in the book (:func:`ndcg.course.cards.views.link_view_sources`).
"""

from __future__ import annotations

import re

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging

from ndcg.course.cards.markup import SOURCE_FIELD_CLASSES, UnknownSource, cite_html, source_href, source_spans
from ndcg.course.cards.views import link_view_sources

from .words import words

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


#: The content of a citation: a source's code, three digits.
_CODE = re.compile(r"0\d\d")


class source_cite(nodes.Inline, nodes.TextElement):
    """A citation of source ``code`` (the role ``{src}`003```): a marker ``[003]`` linked to the
    source's entry on the Sources page. Resolved by :func:`link_sources`; outside HTML (the text
    of a search index, a gettext catalogue) it is its marker."""


def src_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    """``{src}`003```: cite source ``003`` with a footnote-style marker. Anything but a code of
    three digits is an error (a build warning, so the strict build fails)."""
    code = text.strip()
    if not _CODE.fullmatch(code):
        message = inliner.reporter.warning(
            f"{{src}} takes a source's code of three digits, like 003, not {text!r}", line=lineno
        )
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    return [source_cite(rawtext, f"[{code}]", code=code)], []


def _visit_cite_plain(self, node) -> None:
    marker = f"[{node['code']}]"
    if hasattr(self, "add_text"):  # the text writer
        self.add_text(marker)
    else:  # HTML (a marker :func:`link_sources` did not resolve), LaTeX
        self.body.append(marker)
    raise nodes.SkipNode


def described(env) -> dict:
    """The codes the Sources page describes: ``{code: (docname, anchor)}``, from its targets."""
    return {code: (docname, anchor) for code, (docname, anchor, _title) in _entries(env).items()}


def _entries(env) -> dict:
    """``{code: (docname, anchor, title)}``: the Sources page's targets with their entries' titles."""
    labels = env.domaindata.get("std", {}).get("labels", {})
    found = {}
    for name, (docname, anchor, title) in labels.items():
        match = _LABEL.fullmatch(name)
        if match:
            found[match.group(1)] = (docname, anchor, title)
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

    entries = _entries(app.env)
    say = words(app.config.language)
    for node in list(doctree.findall(source_cite)):
        code = node["code"]
        if code not in targets:
            logger.warning(
                "{src}`%s` cites a source the Sources page does not describe (it describes %s)",
                code,
                ", ".join(sorted(targets)),
                location=node,
                type="ndcg",
                subtype="source",
            )
            node.replace_self(nodes.Text(f"[{code}]"))
            continue
        label = say("cite-label", title=entries[code][2])
        page_href = href(code).split("#", 1)[0]  # cite_html adds the entry's anchor
        node.replace_self(nodes.raw("", cite_html(code, page_href, label), format="html"))

    _merge_text(doctree)
    for node in list(doctree.findall(nodes.Text)):
        if node.parent is not None and not _skipped(node):
            _link_text_node(node, href, targets, docname)

    labels = {code: say("cite-label", title=entry[2]) for code, entry in entries.items()}
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
            linked = link_view_sources(text, page_uri, known=set(targets), labels=labels)
        except UnknownSource as error:
            logger.warning(str(error), location=node, type="ndcg", subtype="source")
            continue
        if linked != text:
            new = nodes.raw("", linked, format=node["format"])
            new.update_all_atts(node)
            node.replace_self(new)


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.add_node(
        source_cite,
        html=(_visit_cite_plain, None),
        text=(_visit_cite_plain, None),
        latex=(_visit_cite_plain, None),
    )
    app.add_role("src", src_role)
    app.connect("doctree-resolved", link_sources)


__all__ = ["LABEL", "described", "link_sources", "register", "source_cite", "source_href", "src_role"]
