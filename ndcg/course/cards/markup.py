"""Card and quiz text to HTML: Markdown with maths, by markdown-it-py.

The content's text is CommonMark (paragraphs, ``**bold**``, ``*italic*``,
```code```, ``-`` and ``1.`` lists) with ``$...$`` and ``$$...$$`` maths,
parsed by the ``dollarmath`` plugin of mdit-py-plugins. Maths becomes
``\\(...\\)`` inline and ``\\[...\\]`` displayed (for the book's KaTeX), with its
text HTML-escaped and otherwise untouched (``$rel_i$`` keeps its underscore,
``$a * b$`` its star). Raw HTML is escaped, and links and images are not
parsed: the book promises no request leaving it, and a card needs neither.
"""

from __future__ import annotations

import functools
import html
import re


def _escape(text: str) -> str:
    return html.escape(text, quote=False)


def _math_inline(renderer, tokens, idx, options, env) -> str:
    return r"\(" + _escape(tokens[idx].content) + r"\)"


def _math_display(renderer, tokens, idx, options, env) -> str:
    return r"\[" + _escape(tokens[idx].content.strip()) + r"\]"


def _math_block(renderer, tokens, idx, options, env) -> str:
    return "<p>" + _math_display(renderer, tokens, idx, options, env) + "</p>\n"


@functools.cache
def parser():
    """The shared :class:`markdown_it.MarkdownIt` (CommonMark, no raw HTML, no links, dollar maths)."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    md = MarkdownIt("commonmark", {"html": False})
    md.disable(["link", "image", "autolink", "reference", "html_inline", "html_block"])
    dollarmath_plugin(md, allow_labels=False, allow_space=False, double_inline=True)
    md.add_render_rule("math_inline", _math_inline)
    md.add_render_rule("math_inline_double", _math_display)
    md.add_render_rule("math_block", _math_block)
    return md


def to_html(text: str) -> str:
    """Render the content's Markdown (with ``$`` maths) as HTML for KaTeX (typeset in the browser).

    Examples
    --------
    >>> to_html("DCG divides by $\\\\log_2(i+1)$: **rank** matters.")
    '<p>DCG divides by \\\\(\\\\log_2(i+1)\\\\): <strong>rank</strong> matters.</p>'
    >>> print(to_html("- one\\n- two"))
    <ul>
    <li>one</li>
    <li>two</li>
    </ul>
    >>> to_html("a < b and $a < b$")
    '<p>a &lt; b and \\\\(a &lt; b\\\\)</p>'
    """
    if not isinstance(text, str):
        raise ValueError(f"text must be a str; got {type(text).__name__}.")
    return parser().render(text).strip()


# -- "source 00X": links to the Sources page ------------------------------------------------

#: A mention of a source document in prose: "source 002", "Source 004's", "sources 000 and 002",
#: "sources 001, 003 and 004", and in the Chinese edition "来源 002", "资料 003 的", "来源 000 和 002",
#: "来源 001、003 和 004". The codes are three digits starting with 0 (000, 001, ...).
_MENTION = re.compile(
    r"(?:\b(?P<word>[Ss]ources?)\s+|(?P<zh>来源|资料)\s*)(?P<first>0\d\d)(?![\dA-Za-z_])"
    r"(?P<more>(?:(?:,\s*|,?\s+(?:and|or)\s+|\s*[、，,]\s*|\s*[和或及与]\s*)0\d\d(?![\dA-Za-z_]))*)"
)
_CODE = re.compile(r"\b0\d\d\b")
#: A code inside a mention (a Chinese character may follow it: "003 的" is also "003的").
_CODE_IN = re.compile(r"(?<![\dA-Za-z_])0\d\d(?![\dA-Za-z_])")

#: Elements whose text is a card's or question's ``source:`` field ("004, stage 2; 002"): every
#: code in them is a source, with or without the word "source".
SOURCE_FIELD_CLASSES = ("ndcg-fc-source", "ndcg-src")

#: Elements whose text is never linked: links already, code, scripts, and controls (a link
#: inside a button or a label would be an interactive element inside another).
_SKIP = ("a", "code", "pre", "kbd", "samp", "script", "style", "textarea", "button", "label", "title")
_TAG = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)
_TAG_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z][a-zA-Z0-9-]*)")
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class UnknownSource(ValueError):
    """A text names a source code that the Sources page does not describe."""


def source_spans(text: str, *, bare: bool = False) -> list[tuple[int, int, str]]:
    """Where ``text`` names a source document: ``(start, end, code)`` for each code.

    The first code of a mention takes the word before it into its span ("source 002");
    further codes of the same mention are spans of their own ("sources 000 and 002").
    With ``bare`` (the text of a ``source:`` field), every code counts.

    >>> source_spans("as source 002's table shows")
    [(3, 13, '002')]
    >>> text = "Sources 000 and 002 agree."
    >>> [text[a:b] for a, b, _ in source_spans(text)]
    ['Sources 000', '002']
    >>> source_spans("1,000 queries of 003 results")
    []
    >>> [code for _, _, code in source_spans("004, stage 2; 002", bare=True)]
    ['004', '002']
    >>> text = "正如来源 002的表格，来源 001、003 和 004 都同意。"
    >>> [text[a:b] for a, b, _ in source_spans(text)]
    ['来源 002', '来源 001', '003', '004']
    """
    if bare:
        return [(m.start(), m.end(), m.group()) for m in _CODE.finditer(text)]
    spans = []
    for mention in _MENTION.finditer(text):
        spans.append((mention.start(), mention.end("first"), mention.group("first")))
        offset = mention.start("more")
        for code in _CODE_IN.finditer(mention.group("more")):
            spans.append((offset + code.start(), offset + code.end(), code.group()))
    return spans


#: The five source documents, each named as the book's Sources page titles its entry
#: (``reference/sources.md``; tests/book/test_source_citations.py holds the two to the same words):
#: what a notebook and the Anki deck, with no Sources page at hand, say after a code
#: (:func:`named_sources`). In English; another language's names are messages of the catalogue
#: ``cards/sources`` (context ``source-name``), as its Sources page translates the titles.
SOURCE_NAMES = {
    "000": '"NDCG@k: a worked example"',
    "001": "a blog-style article on NDCG in recommender systems",
    "002": '"Search evaluation metrics: NDCG"',
    "003": 'study notes, "NDCG@K" and "MRR vs NDCG"',
    "004": 'a tutoring conversation, "Learning the technical details of NDCG"',
}
#: The context of a source's name in the catalogue ``cards/sources``.
NAME_CONTEXT = "source-name"


#: A code in a ``source:`` field, not the end of a number ("1,000").
_NAMED_CODE = re.compile(r"(?<![\d,.A-Za-z_])0\d\d(?![\dA-Za-z_])")


def named_sources(text: str, language: str = "en") -> str:
    """A ``source:`` field with each code followed by its document's name in ``language``, for a
    reader with no Sources page to follow the code to (a notebook, the Anki deck).

    >>> named_sources("004, stage 2")
    '004 (a tutoring conversation, "Learning the technical details of NDCG"), stage 2'
    >>> named_sources("004，第 2 阶段", "zh")
    '004（辅导对话《学习 NDCG 技术细节》），第 2 阶段'
    >>> named_sources("no code, 1,000 items")
    'no code, 1,000 items'
    """
    from ndcg.course import i18n, manifest

    opening, closing = manifest.language(language).parentheses  # (a ValueError for no language of the course)
    say = i18n.translator("cards/sources", NAME_CONTEXT, language)

    def named(match: re.Match) -> str:
        name = SOURCE_NAMES.get(match.group())
        return f"{match.group()}{opening}{say(name)}{closing}" if name else match.group()

    return _NAMED_CODE.sub(named, text)


def source_href(href: str, code: str) -> str:
    """The link to source ``code``'s entry: ``href`` (the Sources page, relative) and its anchor."""
    return f"{href}#source-{code}"


def cite_html(code: str, href: str, label: str) -> str:
    """A footnote-style citation of source ``code``: the superscript marker ``[code]``, a link to
    its entry on the Sources page at ``href``, named for screen readers and in its tooltip by
    ``label`` (the entry's title, in the page's language).

    >>> cite_html("003", "../reference/sources.html", "Source: 003: study notes")
    '<sup class="source-cite"><a class="reference internal source-cite-link" href="../reference/sources.html#source-003" title="Source: 003: study notes" aria-label="Source: 003: study notes">[003]</a></sup>'
    """
    if not _CODE.fullmatch(code or ""):
        raise ValueError(f"a source's code is three digits starting with 0, like 003; got {code!r}.")
    label = html.escape(label)
    return (
        f'<sup class="source-cite"><a class="reference internal source-cite-link" '
        f'href="{html.escape(source_href(href, code))}" title="{label}" aria-label="{label}">[{code}]</a></sup>'
    )


def cite_field(text: str, href: str, *, known=None, labels=None) -> str:
    """The citation markers of a card's or question's ``source:`` field ("002; 000 §1"): one
    :func:`cite_html` per code, in order, each code once; the field's other words (a section,
    a stage) stay on the Sources page. ``labels`` maps a code to its marker's label.

    >>> cite_field("002; 000 §1; 002", "s.html", labels={"002": "B", "000": "A"}).count("<sup")
    2
    """
    codes = list(dict.fromkeys(code for *_, code in source_spans(text, bare=True)))
    for code in codes:
        _check(code, known)
    labels = labels or {}
    return "".join(cite_html(code, href, labels.get(code, f"[{code}]")) for code in codes)


def _check(code: str, known) -> None:
    if known is not None and code not in known:
        raise UnknownSource(
            f"source {code} is not described on the Sources page (it knows {', '.join(sorted(known))})."
        )


def link_text(text: str, href: str, *, known=None, bare: bool = False) -> str:
    """Plain ``text`` as HTML, each source code a link into the Sources page at ``href``.

    >>> link_text("source 002 & 003", "../reference/sources.html")
    '<a class="reference internal sources-link" href="../reference/sources.html#source-002">source 002</a> &amp; 003'
    >>> link_text("source 005", "sources.html", known={"000", "001"})  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    ndcg.course.cards.markup.UnknownSource: source 005 is not described on the Sources page (it knows 000, 001).
    """
    out, last = [], 0
    for start, end, code in source_spans(text, bare=bare):
        _check(code, known)
        out.append(_escape(text[last:start]))
        out.append(
            f'<a class="reference internal sources-link" href="{html.escape(source_href(href, code))}">'
            f"{_escape(text[start:end])}</a>"
        )
        last = end
    out.append(_escape(text[last:]))
    return "".join(out)


def link_sources(fragment: str, href: str, *, known=None) -> str:
    """An HTML ``fragment`` with every "source 00X" in its text turned into a link.

    ``href`` is the Sources page relative to the page that shows the fragment
    (``"reference/sources.html"`` on the root page, ``"../reference/sources.html"`` one folder down), so the links work at any depth and
    from ``file://``. Text inside links, code, scripts, buttons and labels is left alone; in an
    element of a :data:`SOURCE_FIELD_CLASSES` class every code is linked. ``known``, if given, is
    the set of codes the Sources page describes: another code raises :class:`UnknownSource`.

    >>> link_sources("<p>As <em>source 000</em> printed: <code>source 000</code></p>", "sources.html")
    '<p>As <em><a class="reference internal sources-link" href="sources.html#source-000">source 000</a></em> printed: <code>source 000</code></p>'
    >>> link_sources('<div class="ndcg-src">Source: 004, stage 2</div>', "../reference/sources.html")
    '<div class="ndcg-src">Source: <a class="reference internal sources-link" href="../reference/sources.html#source-004">004</a>, stage 2</div>'
    """
    if not isinstance(fragment, str):
        raise ValueError(f"fragment must be a str; got {type(fragment).__name__}.")
    out = []
    skip = 0  # depth inside elements whose text is left alone
    stack = []  # open elements: (name, is_source_field)
    for piece in _TAG.split(fragment):
        if not piece:
            continue
        if piece.startswith("<"):
            out.append(piece)
            tag = _TAG_NAME.match(piece)
            if not tag or piece.startswith("<!"):
                continue
            closing, name = tag.group(1) == "/", tag.group(2).lower()
            if closing:
                for index in range(len(stack) - 1, -1, -1):
                    if stack[index][0] == name:
                        skip -= sum(1 for open_name, _ in stack[index:] if open_name in _SKIP)
                        del stack[index:]
                        break
            elif name not in _VOID and not piece.rstrip().endswith("/>"):
                field = any(re.search(rf'class="[^"]*\b{c}\b', piece) for c in SOURCE_FIELD_CLASSES)
                stack.append((name, field))
                skip += name in _SKIP
            continue
        if skip:
            out.append(piece)
            continue
        bare = any(field for _, field in stack)
        text = html.unescape(piece)
        if not source_spans(text, bare=bare):
            out.append(piece)
            continue
        out.append(link_text(text, href, known=known, bare=bare))
    return "".join(out)
