"""Card and quiz text to HTML: Markdown with maths, by markdown-it-py.

The content's text is CommonMark (paragraphs, ``**bold**``, ``*italic*``,
```code```, ``-`` and ``1.`` lists) with ``$...$`` and ``$$...$$`` maths,
parsed by the ``dollarmath`` plugin of mdit-py-plugins. Maths becomes
MathJax's delimiters, ``\\(...\\)`` inline and ``\\[...\\]`` displayed, with its
text HTML-escaped and otherwise untouched (``$rel_i$`` keeps its underscore,
``$a * b$`` its star). Raw HTML is escaped, and links and images are not
parsed: the book promises no request leaving it, and a card needs neither.
"""

from __future__ import annotations

import functools
import html


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
    """Render the content's Markdown (with ``$`` maths) as HTML for MathJax.

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
