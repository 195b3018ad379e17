"""The book build: the third-party stylesheets cut to the rules the built book can use.

Every page links the theme's stylesheets (pydata-sphinx-theme's 312 kB, Bootstrap's CSS in it;
sphinx-book-theme's), sphinx-design's and myst-nb's, each written for every site that uses them:
most of their rules name a class no page of this book has (Bootstrap's grid, utilities and
components, sphinx-design's cards and badges, myst-nb's widget outputs). When the build has
finished, this part writes each of :data:`STYLESHEETS` again without the selectors that cannot
match (:func:`prune`), and with its whitespace cut to single spaces:

* a selector is dropped when it needs a class that appears in no class attribute of the edition's
  built pages and in no script the book ships (a script that adds a class names it:
  ``classList.add("show")``, a template ``'<div class="tooltip">'``) (:func:`classes_used`);
  classes a script builds from parts (Bootstrap's ``bs-tooltip-auto``, ``.tooltip-arrow``)
  are kept by their prefixes (:data:`KEEP_PREFIXES`);
* a class inside a pseudo-class's parentheses (``:not(.x)``, ``:is(.a, .b)``, ``:has(.x)``)
  decides nothing: such a selector is kept;
* rules without classes (elements, ``:root``, ``[data-theme=dark]``, ``@font-face``,
  ``@keyframes``) are kept, and so are the rules of ``@media print`` and the dark mode's, by the
  same test as the others; an ``@media`` or ``@supports`` block left empty goes.

The course's own stylesheets (``ndcg-*.css``, ``course.css``) are not touched.
"""

from __future__ import annotations

import re
from pathlib import Path

#: The stylesheets cut, relative to a built edition's ``_static/`` (myst-nb's has a hash in its
#: name: a glob).
STYLESHEETS = (
    "styles/pydata-sphinx-theme.css",
    "styles/sphinx-book-theme.css",
    "sphinx-design.min.css",
    "mystnb.*.css",
    "basic.css",
)
#: Classes that scripts build from parts: Bootstrap's tooltip and popover (``bs-tooltip-auto``,
#: ``.tooltip-arrow``, ``.popover-header``), which the theme's buttons show on hover.
KEEP_PREFIXES = ("bs-", "tooltip", "popover")

#: A class attribute of a page.
_CLASS_ATTRIBUTE = re.compile(r"""\bclass=(?:"([^"]*)"|'([^']*)'|([^\s>"']+))""")
#: A word a script may use as a class name.
_WORD = re.compile(r"-?[A-Za-z_][A-Za-z0-9_-]*")
#: A script written in a page (its text: the classes it may add).
_INLINE_SCRIPT = re.compile(r"<(script)\b[^>]*>(.*?)</\1>", re.S)
#: A class in a selector (``.name``, with CSS escapes).
_SELECTOR_CLASS = re.compile(r"\.(-?(?:[A-Za-z_]|\\.)(?:[A-Za-z0-9_-]|\\.)*)")


def classes_used(pages, scripts) -> set[str]:
    """Every class in the class attributes of ``pages`` (HTML texts), and every word of
    ``scripts`` (JavaScript texts, the pages' inline scripts among them) that could be one.

    >>> sorted(classes_used(['<p class="a b-c">', "<i class=x>"], ['el.classList.add("show")']))
    ['a', 'add', 'b-c', 'classList', 'el', 'show', 'x']
    """
    found = set()
    for page in pages:
        for match in _CLASS_ATTRIBUTE.finditer(page):
            found.update((match.group(1) or match.group(2) or match.group(3) or "").split())
    for script in scripts:
        found.update(_WORD.findall(script))
    return found


def _without_parentheses(selector: str) -> str:
    """``selector`` with everything inside parentheses left out."""
    out, depth = [], 0
    for char in selector:
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(depth - 1, 0)
        elif depth == 0:
            out.append(char)
    return "".join(out)


def _split_selectors(prelude: str) -> list[str]:
    """A selector list split at its top-level commas (not at those of ``:is(a, b)``)."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(prelude):
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(prelude[start:i])
            start = i + 1
    parts.append(prelude[start:])
    return [part.strip() for part in parts if part.strip()]


def can_match(selector: str, used: set[str]) -> bool:
    """Whether ``selector`` could match an element of the book: every class it needs (outside
    parentheses) is in ``used`` or has a prefix of :data:`KEEP_PREFIXES`.

    >>> can_match(".sd-card .sd-card-body", {"sd-card"}), can_match("p:not(.x)", set())
    (False, True)
    >>> can_match("html[data-theme=dark] .tooltip-inner", set())
    True
    """
    for name in _SELECTOR_CLASS.findall(_without_parentheses(selector)):
        name = re.sub(r"\\(.)", r"\1", name)
        if name not in used and not name.startswith(KEEP_PREFIXES):
            return False
    return True


def _string(value: str) -> str:
    r"""A CSS string, its characters outside ASCII escaped as the sources write them
    (``"\f107"``, not the private-use character itself).

    >>> print(_string("\uf107"), _string('a"b'), _string("\uf107a"))
    "\f107" "a\"b" "\f107 a"
    """
    out = []
    for i, char in enumerate(value):
        if char in '"\\':
            out.append("\\" + char)
        elif char == "\n" or ord(char) > 126:
            following = value[i + 1 : i + 2]
            space = " " if following and following in "0123456789abcdefABCDEF \t" else ""
            out.append(f"\\{ord(char):x}{space}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _serialize(tokens) -> str:
    """Component values as CSS, every run of whitespace one space."""
    import tinycss2

    out = []
    for token in tokens:
        if token.type == "whitespace":
            out.append(" ")
        elif token.type == "string":
            out.append(_string(token.value))
        elif token.type == "function":
            out.append(
                f"{tinycss2.serialize([tinycss2.ast.IdentToken(0, 0, token.name)])}({_serialize(token.arguments)})"
            )
        elif token.type in ("() block", "[] block", "{} block"):
            opening = token.type[0]
            closing = token.type[1]
            out.append(f"{opening}{_serialize(token.content)}{closing}")
        else:
            out.append(tinycss2.serialize([token]))
    return "".join(out)


def prune(css: str, used: set[str]) -> str:
    """The stylesheet ``css`` with the selectors that cannot match (:func:`can_match`) left out,
    and the rules and blocks left empty; its whitespace cut to single spaces.

    >>> prune(".a, .b { color: red }\\n@media print { .c { x: y } }\\n.d:not(.e) { x: y }", {"a", "d"})
    '.a{ color: red }.d:not(.e){ x: y }'
    """
    import tinycss2

    def rules(nodes) -> list[str]:
        out = []
        for node in nodes:
            if node.type == "qualified-rule":
                selectors = [s for s in _split_selectors(_serialize(node.prelude)) if can_match(s, used)]
                if selectors:
                    out.append(f"{','.join(selectors)}{{{_serialize(node.content)}}}")
            elif node.type == "at-rule":
                prelude = _serialize(node.prelude).strip()
                if node.content is None:
                    out.append(f"@{node.at_keyword} {prelude};")
                elif node.lower_at_keyword in ("media", "supports", "layer", "container"):
                    inner = rules(tinycss2.parse_blocks_contents(node.content, skip_comments=True))
                    inner = [rule for rule in inner if rule.strip()]
                    if inner:
                        out.append(f"@{node.at_keyword} {prelude}{{{''.join(inner)}}}")
                else:  # @font-face, @keyframes, @page ...: as they are
                    out.append(f"@{node.at_keyword} {prelude}{{{_serialize(node.content)}}}")
        return out

    nodes = tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)
    return "".join(rules(nodes))


def built_scripts(static: Path) -> list[str]:
    """Every script of a built edition's ``_static/``."""
    return [path.read_text(encoding="utf-8", errors="replace") for path in sorted(static.rglob("*.js"))]


def finish_edition(out: Path) -> dict[str, tuple[int, int]]:
    """Cut :data:`STYLESHEETS` in the edition built into ``out``; each one's size before and
    after, by its name under ``_static/``."""
    from ndcg_book.icons import built_pages

    static = out / "_static"
    pages = [page.read_text(encoding="utf-8") for page in built_pages(out)]
    inline = [m.group(2) for page in pages for m in _INLINE_SCRIPT.finditer(page)]
    used = classes_used(pages, built_scripts(static) + inline)
    sizes = {}
    for pattern in STYLESHEETS:
        for path in sorted(static.glob(pattern)):
            css = path.read_text(encoding="utf-8")
            cut = prune(css, used)
            path.write_text(cut, encoding="utf-8")
            sizes[path.relative_to(static).as_posix()] = (len(css.encode()), len(cut.encode()))
    return sizes


def finish(app, exception) -> None:
    """``build-finished``: :func:`finish_edition` on the edition built into ``app.outdir``."""
    if exception is None and app.builder.format == "html":
        finish_edition(Path(app.outdir))


def register(app) -> None:
    # after ndcg_book.icons (400), which writes the theme's stylesheet again from the theme's file,
    # and after myst-nb (500), which writes its stylesheet when the build has finished
    app.connect("build-finished", finish, priority=900)
