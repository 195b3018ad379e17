"""Code on paper: every line of a code block in a span of its own, so that the printed book can
wrap a long line and mark where it goes on.

On the screen a code block keeps its lines and scrolls sideways in its box. On paper nothing
scrolls: a line longer than the box was cut at its right edge (164 lines of the English PDF). The
print styles (``_static/course.css``) wrap a code block's lines instead, and need to tell a line
the code goes on to from a new line of code: each line (``span.code-line``) becomes a block with
a hanging indent, and the lines it wraps onto carry an arrow in the indent.

During ``html-page-context`` :func:`line_spans` wraps each line of every highlighted block
(``<div class="highlight"><pre>``) of the page's body in ``<span class="code-line">``, the line's
newline inside it. Pygments' spans may run over several lines (a docstring, a string): a span
open at the end of a line is closed there and opened again on the next, so every line's span
holds well-formed HTML. The text of the block is unchanged (its copy button copies the same
code); the screen shows the same block.

>>> line_spans('<div class="highlight"><pre><span class="s">"a\\nb"</span>\\nx\\n</pre></div>')
'<div class="highlight"><pre><span class="code-line"><span class="s">"a\\n</span></span><span class="code-line"><span class="s">b"</span>\\n</span><span class="code-line">x\\n</span></pre></div>'
"""

from __future__ import annotations

import re

#: A highlighted block's ``<pre>`` (Sphinx's and myst-nb's: Pygments' HTML inside ``div.highlight``).
BLOCK = re.compile(r'(<div class="highlight"><pre>)(.*?)(</pre>)', re.DOTALL)
#: Pygments' HTML: its tags (spans) and the text between them.
TAG = re.compile(r"(<[^>]+>)")
LINE = '<span class="code-line">'
#: A last line's span with no text in it (only the spans opened again after the last newline).
EMPTY_END = re.compile(r'<span class="code-line">(?:<span[^>]*>)*(?:</span>)*</span>$')


def wrap_lines(code: str) -> str:
    """The HTML inside a highlighted ``<pre>``, each line in a ``span.code-line`` with its newline."""
    out: list[str] = [LINE]
    open_tags: list[str] = []
    for piece in TAG.split(code):
        if not piece:
            continue
        if piece.startswith("</"):
            if open_tags:
                open_tags.pop()
            out.append(piece)
        elif piece.startswith("<"):
            if not piece.endswith("/>"):
                open_tags.append(piece)
            out.append(piece)
        else:
            lines = piece.split("\n")
            for number, text in enumerate(lines):
                if number:
                    # the newline ends the line: close what is open, end the line, open it all again
                    out.append("\n" + "</span>" * len(open_tags) + "</span>" + LINE + "".join(open_tags))
                out.append(text)
    # the last line's span holds no text when the block ends with its newline (Pygments' do)
    return EMPTY_END.sub("", "".join(out) + "</span>")


def line_spans(body: str) -> str:
    """A page's body with every line of its highlighted code blocks in a ``span.code-line``."""
    return BLOCK.sub(lambda m: m.group(1) + wrap_lines(m.group(2)) + m.group(3), body)


def _page_context(app, pagename, templatename, context, doctree) -> None:
    if "body" in context and '<div class="highlight"><pre>' in context["body"]:
        context["body"] = line_spans(context["body"])


def register(app) -> None:
    app.connect("html-page-context", _page_context)
