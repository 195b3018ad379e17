"""One sentence per line in the Markdown of the course's text sources.

The chapters (``chapters/*.md``), ``learners/flashcards.md`` and the solutions
(``solutions/*.md``) are MyST Markdown notebooks. Their prose is
written one sentence per line, so that changing a sentence changes one line of
the diff. Markdown joins the lines of a paragraph, so the rendered page is the
same however a paragraph is broken into lines.

Usage (from the repository root, with the course's Python)::

    .venv/bin/python -m ndcg_book sentences chapters/02_dcg.md      # rewrite its Markdown cells in place
    .venv/bin/python -m ndcg_book sentences --check chapters/*.md   # list lines holding two sentences

What is reflowed: the lines of a paragraph, also inside list items (the
marker stays, continuation lines are indented to the item's text), block
quotes (every line keeps its ``>``) and MyST directives whose body is Markdown
(``:::{admonition}``, ```` ```{exercise} ````; their fences and ``:option:``
lines stay as they are).

What is never touched: code cells, fenced code, ``$$`` and ``\\begin{..}``
maths blocks, tables, headings, HTML lines, labels ``(name)=``, ``+++`` cell
breaks, and a paragraph with a hard line break (a line ending in a backslash
or two spaces).

Where a sentence ends: after ``.``, ``!`` or ``?`` (and any closing quote,
bracket or emphasis, and emoji that decorate the sentence), before a space and
a capital letter, a digit or the start of inline markup (``*``, `````, ``$``,
``[``, ``(``, ``{``, a quote). Never inside inline code, a role or its
content (``{glue:text}`x:.3f```), inline maths ``$...$``, a link ``[..](..)``,
a bare URL or an HTML tag; never after an abbreviation (:data:`ABBREVIATIONS`:
"e.g.", "i.e.", "et al.", "vs.", ...); and never where the next line would
start a Markdown block of its own (``- ``, ``1. ``, ``#``, ``>``, ``:``, ``|``).

Standard library only (reading and writing ``.md`` notebooks uses jupytext).
"""

from __future__ import annotations

import argparse
import itertools
import re
import unicodedata
from pathlib import Path

#: Words ending in a full stop that do not end a sentence (compared in lower case).
ABBREVIATIONS = frozenset(
    (
        "e.g.",
        "i.e.",
        "et al.",
        "al.",
        "vs.",
        "cf.",
        "etc.",
        "approx.",
        "resp.",
        "incl.",
        "fig.",
        "eq.",
        "p.",
        "pp.",
        "vol.",
        "ch.",
        "sec.",
        "dr.",
        "mr.",
        "mrs.",
        "ms.",
        "prof.",
        "st.",
        "jr.",
        "sr.",
    )
)

#: Spans inside which a sentence never ends (matched left to right, first match wins).
_PROTECTED = re.compile(
    r"""
      \{[\w:.+-]+\}(?P<tick>`+).*?(?P=tick)      # a role: {glue:text}`name:.3f`, {doc}`x`
    | (?P<code>`+).+?(?P=code)                   # inline code
    | \$\$.+?\$\$                                # display maths inline in a paragraph
    | (?<![\\$])\$(?=\S)[^$]*?(?<=\S)\$          # inline maths
    | !?\[(?:[^\[\]]|\[[^\]]*\])*\]\([^)]*\)     # a link or image [text](target)
    | <(?:https?://|/|[a-zA-Z/!])[^>]*>          # an HTML tag or an autolink
    | https?://[^\s)>\]]*[^\s)>\].,;:!?]          # a bare URL (not its sentence's full stop)
    """,
    re.VERBOSE | re.DOTALL,
)

#: A possible sentence end: end punctuation, closing marks, spaces, then the next sentence.
_END = re.compile(r"[.!?][\"'”’)\]*_]*(?=\s)")

#: A sentence that is only a number: the label of a numbered point, "**1.**", "(2)".
_LABEL = re.compile(r"[*_(]*\d+[.)]?[.!?]?[*_)]*")
#: Opening marks that may come before a sentence's first letter: emphasis, a link, a bracket, a quote.
_OPENING = "*_[(\"'“‘¿¡"
#: Inline markup whose content is hidden by :func:`masked`: code, maths, a role; a sentence may start with it.
_MARKUP = "`${"

#: A line that would start a Markdown block of its own: a sentence may not begin with it.
_BLOCK_START = re.compile(r"(?:[-+*]|\d+[.)])(?:\s|$)|#|>|:|\||\+\+\+|```|~~~|\$\$|<|=+\s*$|-+\s*$")

_FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
_COLON_FENCE = re.compile(r"^\s*:{3,}")
_OPTION = re.compile(r"^\s*:[\w-]+:(?:\s|$)")
_LIST_ITEM = re.compile(r"^(?P<marker>\s*(?:[-+*]|\d+[.)])(?:[ \t]+|$))")
_DEFINITION = re.compile(r"^(?P<marker>\s*:[ \t]+)")
_QUOTE = re.compile(r"^(?P<prefix>\s*>[ ]?)")
_VERBATIM_LINE = re.compile(
    r"^\s*(?:#{1,6}(?:\s|$)|\||<|\(.+\)=\s*$|\+\+\+|(?:-\s*){3,}$|(?:\*\s*){3,}$|(?:_\s*){3,}$)"
)
_MATH_ENV = re.compile(r"^\s*\\begin\{(?P<env>[^}]+)\}")
#: Directives whose body is code or data, kept as it is.
_CODE_DIRECTIVES = re.compile(
    r"\{(?:code|code-block|code-cell|sourcecode|math|eval-rst|raw|literalinclude|"
    r"list-table|csv-table|glue:figure|mermaid)\}"
)


# -- where sentences end -------------------------------------------------------------------------


def _is_emoji(char: str) -> bool:
    return unicodedata.category(char) in ("So", "Sk", "Mn", "Cf") and not char.isascii()


def masked(text: str) -> str:
    """``text`` with every protected span blanked out (same length; each span keeps its first character)."""

    def blank(match: re.Match) -> str:
        span = match.group()
        return span[0] + "\x00" * (len(span) - 1)

    return _PROTECTED.sub(blank, text)


def _starts_sentence(text: str, hidden: str, start: int) -> bool:
    """Whether a sentence may start at ``text[start]``: a capital, a digit, or markup (code, maths, a role)."""
    index = start
    while index < len(text) and text[index] in _OPENING:
        index += 1
    if index >= len(text):
        return False
    char = text[index]
    if hidden[index] in _MARKUP or char in _MARKUP:
        return True
    return char.isupper() or char.isdigit()


def _abbreviation_before(text: str, end: int) -> bool:
    """Whether the full stop at ``text[end]`` ends an abbreviation such as "e.g." or "et al."."""
    if text[end] != ".":
        return False
    words = text[: end + 1].split()
    if not words:
        return False
    last = words[-1].lstrip("(\"'“‘*_[").lower()
    two = " ".join(words[-2:]).lower()
    return last in ABBREVIATIONS or two in ABBREVIATIONS


def boundaries(text: str) -> list[int]:
    """Where a new sentence starts in one line (or joined paragraph) of prose: character offsets."""
    hidden = masked(text)
    found: list[int] = []
    for match in _END.finditer(hidden):
        # a numbered label such as "**1.** The order ..." is not a sentence
        if _LABEL.fullmatch(hidden[found[-1] if found else 0 : match.end()].strip()):
            continue
        end = match.end()
        # emoji decorating the sentence stay on its line: "... a search box. 🐱🛁 Two engines"
        while True:
            rest = hidden[end:]
            stripped = rest.lstrip(" ")
            cluster = 0
            while cluster < len(stripped) and _is_emoji(stripped[cluster]):
                cluster += 1
            if cluster and (cluster == len(stripped) or stripped[cluster].isspace()):
                end += len(rest) - len(stripped) + cluster
            else:
                break
        spaces = len(hidden[end:]) - len(hidden[end:].lstrip(" \t"))
        start = end + spaces
        if not spaces or start >= len(hidden):
            continue
        if _abbreviation_before(hidden, match.start()):
            continue
        if not _starts_sentence(text, hidden, start):
            continue
        if _BLOCK_START.match(text, start):
            continue
        found.append(start)
    return found


def split_sentences(text: str) -> list[str]:
    """One paragraph's text (a single line) as its sentences."""
    cuts = [0, *boundaries(text), len(text)]
    return [text[a:b].rstrip() for a, b in itertools.pairwise(cuts) if text[a:b].strip()]


def two_sentence_lines(markdown: str) -> list[tuple[int, str]]:
    """(line number, line) of every prose line of ``markdown`` that holds more than one sentence."""
    problems = []
    for number, line, prose in _prose_lines(markdown.split("\n")):
        if prose is not None and boundaries(prose.strip()):
            problems.append((number, line))
    return problems


# -- Markdown blocks -------------------------------------------------------------------------------


def _prose_lines(lines: list[str]):
    """(number, line, prose) of every line: ``prose`` is its paragraph text without a list marker or
    ``>`` (the part :func:`reflow` may rewrite), or None for a line reflow keeps as it is."""
    marks: list[str | None] = [None] * len(lines)
    _walk(lines, 0, len(lines), marks)
    for index, line in enumerate(lines):
        yield index + 1, line, marks[index]


def _fence_end(lines: list[str], start: int, stop: int, fence: str) -> int:
    """The index of the line closing the fence opened at ``start`` (or ``stop - 1``)."""
    char, width = fence[0], len(fence)
    closing = re.compile(rf"^\s*{re.escape(char)}{{{width},}}\s*$")
    for index in range(start + 1, stop):
        if closing.match(lines[index]):
            return index
    return stop - 1


def _colon_fence_end(lines: list[str], start: int, stop: int) -> int:
    width = len(lines[start].strip()) - len(lines[start].strip().lstrip(":"))
    closing = re.compile(rf"^\s*:{{{width}}}\s*$")
    depth = 0
    for index in range(start + 1, stop):
        stripped = lines[index].strip()
        if re.match(rf"^:{{{width}}}\{{", stripped):
            depth += 1
        elif closing.match(lines[index]):
            if depth == 0:
                return index
            depth -= 1
    return stop - 1


def _options_end(lines: list[str], start: int, stop: int) -> int:
    """After a directive's opening line at ``start - 1``: the first line past its options."""
    index = start
    if index < stop and lines[index].strip() == "---":
        for end in range(index + 1, stop):
            if lines[end].strip() == "---":
                return end + 1
        return stop
    while index < stop and _OPTION.match(lines[index]):
        index += 1
    return index


def _starts_block(line: str) -> bool:
    """Whether ``line`` starts a block that ends a paragraph before it."""
    stripped = line.strip()
    return (
        not stripped
        or bool(_FENCE.match(line) or _COLON_FENCE.match(line) or _VERBATIM_LINE.match(line))
        or stripped.startswith("$$")
        or bool(_MATH_ENV.match(line))
        or bool(_QUOTE.match(line))
        or bool(re.match(r"^\s*(?:[-+*]|1[.)])\s+\S", line))
    )


def _walk(
    lines: list[str], start: int, stop: int, marks: list[str | None], rewrite: list | None = None
) -> None:
    """Walk the blocks of ``lines[start:stop]``: note the prose of paragraph lines in ``marks``
    and, with ``rewrite``, append the reflowed lines to it."""

    def emit(*new: str) -> None:
        if rewrite is not None:
            rewrite.extend(new)

    index = start
    while index < stop:
        line = lines[index]
        stripped = line.strip()
        fence = _FENCE.match(line)
        if not stripped:
            emit(line)
            index += 1
        elif fence:
            end = _fence_end(lines, index, stop, fence.group("fence"))
            info = fence.group("info").strip()
            if info.startswith("{") and not _CODE_DIRECTIVES.match(info):
                body = _options_end(lines, index + 1, end)
                emit(*lines[index:body])
                _walk(lines, body, end, marks, rewrite)
                if end > index:
                    emit(lines[end])
            else:
                emit(*lines[index : end + 1])
            index = end + 1
        elif _COLON_FENCE.match(line):
            info = stripped.lstrip(":").strip()
            if info.startswith("{"):
                end = _colon_fence_end(lines, index, stop)
                body = _options_end(lines, index + 1, end)
                emit(*lines[index:body])
                if _CODE_DIRECTIVES.match(info):
                    emit(*lines[body:end])
                else:
                    _walk(lines, body, end, marks, rewrite)
                if end > index:
                    emit(lines[end])
                index = end + 1
            else:
                emit(line)
                index += 1
        elif stripped.startswith("$$"):
            end = index
            if not (len(stripped) > 2 and stripped.endswith("$$")):
                end = next((i for i in range(index + 1, stop) if lines[i].strip().endswith("$$")), stop - 1)
            emit(*lines[index : end + 1])
            index = end + 1
        elif math := _MATH_ENV.match(line):
            closing = f"\\end{{{math.group('env')}}}"
            end = next((i for i in range(index, stop) if closing in lines[i]), stop - 1)
            emit(*lines[index : end + 1])
            index = end + 1
        elif _VERBATIM_LINE.match(line) or _OPTION.match(line):
            emit(line)
            index += 1
        elif quote := _QUOTE.match(line):
            end = index
            while end < stop and _QUOTE.match(lines[end]):
                end += 1
            inner = [re.sub(r"^\s*>[ ]?", "", text) for text in lines[index:end]]
            inner_marks: list[str | None] = [None] * len(inner)
            inner_out: list[str] = []
            _walk(inner, 0, len(inner), inner_marks, inner_out)
            marks[index:end] = inner_marks
            prefix = quote.group("prefix")
            emit(*[(prefix + text) if text.strip() else prefix.rstrip() for text in inner_out])
            index = end
        elif item := (_LIST_ITEM.match(line) or _DEFINITION.match(line)):
            marker = item.group("marker")
            width = len(marker)
            end = index + 1
            # the item: lines indented to its text, blank lines between them, and lazy continuation lines
            while end < stop:
                text = lines[end]
                if text.strip() and len(text) - len(text.lstrip()) >= width:
                    end += 1
                elif not text.strip():
                    following = next((i for i in range(end, stop) if lines[i].strip()), stop)
                    if following < stop and len(lines[following]) - len(lines[following].lstrip()) >= width:
                        end = following
                    else:
                        break
                elif not _starts_block(text) and not _LIST_ITEM.match(text) and lines[end - 1].strip():
                    end += 1  # a lazy continuation line
                else:
                    break
            inner = [line[width:]] + [
                text[width:] if text[:width].strip() == "" else text.lstrip()
                for text in lines[index + 1 : end]
            ]
            inner_marks = [None] * len(inner)
            inner_out = []
            _walk(inner, 0, len(inner), inner_marks, inner_out)
            marks[index:end] = inner_marks
            emit(
                *[(marker.rstrip() if not inner_out[0].strip() else marker + inner_out[0])],
                *[(" " * width + text) if text.strip() else "" for text in inner_out[1:]],
            )
            index = end
        else:
            end = index + 1
            while end < stop and not _starts_block(lines[end]) and not _OPTION.match(lines[end]):
                end += 1
            paragraph = lines[index:end]
            hard_break = any(text.endswith(("  ", "\\")) for text in paragraph[:-1])
            if hard_break:
                emit(*paragraph)
            else:
                for offset in range(index, end):
                    marks[offset] = lines[offset]
                indent = line[: len(line) - len(line.lstrip())]
                joined = " ".join(text.strip() for text in paragraph)
                emit(*[indent + sentence for sentence in split_sentences(joined)])
            index = end


def reflow(markdown: str) -> str:
    """``markdown`` with every paragraph written one sentence per line (see the module docstring)."""
    lines = markdown.split("\n")
    out: list[str] = []
    _walk(lines, 0, len(lines), [None] * len(lines), out)
    return "\n".join(out)


# -- files -----------------------------------------------------------------------------------------


def _markdown_cells(path: Path):
    import jupytext

    notebook = jupytext.read(path, fmt="md:myst")
    return notebook, [cell for cell in notebook.cells if cell.cell_type == "markdown"]


def check_file(path: Path) -> list[str]:
    """``path:cell:line: text`` of every Markdown line of a text source holding two sentences."""
    _, cells = _markdown_cells(path)
    return [
        f"{path.as_posix()}: markdown cell {number}, line {line}: {text.strip()}"
        for number, cell in enumerate(cells, 1)
        for line, text in two_sentence_lines(cell.source)
    ]


def _front_matter_end(text: str) -> int:
    """Where a text's YAML front matter (``---`` ... ``---``) ends; 0 when it has none."""
    if not text.startswith("---\n"):
        return 0
    end = text.find("\n---\n", 3)
    return end + len("\n---\n") if end >= 0 else 0


def _keep_front_matter(original: str, written: str) -> str:
    """``written`` (jupytext's) under the front matter of ``original``, as it was: jupytext keeps
    only the keys it knows (it would drop a chapter's ``play: intro:``)."""
    return original[: _front_matter_end(original)] + written[_front_matter_end(written) :]


def reflow_file(path: Path) -> bool:
    """Rewrite the Markdown cells of a text source one sentence per line; whether it changed."""
    import jupytext

    notebook, cells = _markdown_cells(path)
    for cell in cells:
        cell.source = reflow(cell.source)
    original = path.read_text(encoding="utf-8")
    text = _keep_front_matter(original, jupytext.writes(notebook, fmt="md:myst"))
    changed = text != original
    if changed:
        path.write_text(text, encoding="utf-8")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m ndcg_book sentences", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("paths", nargs="+", type=Path, help="MyST Markdown notebooks (.md)")
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if a line holds two sentences"
    )
    args = parser.parse_args(argv)
    if args.check:
        problems = [problem for path in args.paths for problem in check_file(path)]
        print("\n".join(problems) or "one sentence per line everywhere")
        return 1 if problems else 0
    for path in args.paths:
        print(f"{'reflowed' if reflow_file(path) else 'unchanged'} {path.as_posix()}")
    return 0
