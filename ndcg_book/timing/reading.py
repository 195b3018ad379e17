"""A chapter's reading minutes: its text source and its executed notebook read, its words,
figures, tables and optional sections counted (the rules: :mod:`ndcg_book.timing`). Standard
library only."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from pathlib import Path

#: Silent reading speed of technical prose, in words a minute.
WORDS_PER_MINUTE = 200
#: The speeds usually given for Chinese silent reading, in characters (字) a minute, low and high.
CHINESE_READING_RANGE = (300, 500)
#: What China's curriculum standard asks of a reader of 13 to 15 (grades 7–9) on general modern
#: prose, read silently: at least this many 字 a minute (``moe2011`` in ``reference/references.bib``).
CURRICULUM_CHARACTERS_PER_MINUTE = 500
#: The Chinese edition's silent reading speed of technical prose, in 字 a minute: the low end of
#: :data:`CHINESE_READING_RANGE`, since a page of formulas and worked numbers reads slower than the
#: general prose of the standard. See :func:`count_chinese` for what counts as one 字.
CHARACTERS_PER_MINUTE = CHINESE_READING_RANGE[0]
#: Minutes to read one figure (a plot, a widget, an explorer or game in the page).
FIGURE_MINUTES = 0.5
#: Minutes to read one table (a Markdown table or a computed step table).
TABLE_MINUTES = 0.5
#: Minutes a learner needs for one exercise of each type: an assumption, not a measurement.
EXERCISE_MINUTES = {"number": 3, "list": 5, "function": 12}
#: The class of the admonition that marks a section optional on a first pass.
OPTIONAL_CLASS = "optional"
#: The chapters' practice sections: not counted as reading.
PRACTICE_SECTIONS = ("Exercises", "Practise", "Flashcards", "Quiz")

_FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,}|:{3,})\s*(?:\{(?P<name>[\w:-]+)\})?(?P<rest>.*)$")
_HEADING = re.compile(r"^(?P<hashes>#{1,6})\s+(?P<title>.+?)\s*#*\s*$")
_OPTION = re.compile(r"^:[\w-]+:")
_ROLE = re.compile(r"\{(?P<role>[\w:-]+)\}`(?P<body>[^`]*)`")
_TITLED = re.compile(r"^(?P<title>.*?)\s*<[^<>]+>$", re.DOTALL)
_LINK = re.compile(r"!?\[(?P<text>[^\]]*)\]\([^)]*\)")
_CODE = re.compile(r"`[^`]+`")
_MATH = re.compile(r"\$[^$]+\$")
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
#: Directives whose body is not prose a reader reads (code, maths, the folded solutions).
_SKIPPED = frozenset({"code-cell", "code-block", "code", "math", "raw", "solution", "glue", "glue:figure"})


@dataclass
class Section:
    """One section of a chapter: its heading and what it holds itself (not its subsections)."""

    title: str
    level: int
    marked: bool = False  #: marked optional itself (its first block is the optional admonition)
    optional: bool = False  #: optional itself or inside an optional section
    practice: bool = False  #: a practice section (or inside one): not reading
    words: int = 0
    markdown_tables: int = 0
    computed_tables: int = 0
    figures: int = 0

    @property
    def tables(self) -> int:
        """Markdown tables and computed tables."""
        return self.markdown_tables + self.computed_tables


@dataclass
class Chapter:
    """The reading counts of one chapter, section by section."""

    name: str
    title: str
    sections: list[Section] = field(default_factory=list)
    #: Words (or, for the Chinese edition, 字: :func:`count_chinese`) read a minute.
    rate: int = WORDS_PER_MINUTE

    def _count(self, what: str, first_pass: bool) -> int:
        return sum(
            getattr(s, what) for s in self.sections if not s.practice and not (first_pass and s.optional)
        )

    def words(self, first_pass: bool = False) -> int:
        return self._count("words", first_pass)

    def figures(self, first_pass: bool = False) -> int:
        return self._count("figures", first_pass)

    def tables(self, first_pass: bool = False) -> int:
        return self._count("tables", first_pass)

    def minutes(self, first_pass: bool = False) -> int:
        """Reading minutes (all of it, or a first pass without the optional sections)."""
        return reading_minutes(
            self.words(first_pass), self.figures(first_pass), self.tables(first_pass), self.rate
        )

    def optional_sections(self) -> list[Section]:
        """The sections marked optional on a first pass, in order."""
        return [s for s in self.sections if s.marked]

    def saved(self, section: Section) -> int:
        """Minutes a first pass saves by skipping ``section`` (with its subsections)."""
        start = self.sections.index(section)
        end = start + 1
        while end < len(self.sections) and self.sections[end].level > section.level:
            end += 1
        part = [s for s in self.sections[start:end] if not s.practice]
        return math.ceil(
            sum(s.words for s in part) / self.rate
            + FIGURE_MINUTES * sum(s.figures for s in part)
            + TABLE_MINUTES * sum(s.tables for s in part)
        )


def reading_minutes(words: int, figures: int, tables: int, rate: int = WORDS_PER_MINUTE) -> int:
    """Words at ``rate`` a minute (:data:`WORDS_PER_MINUTE`), plus the figure and table
    allowances, rounded up.

    >>> reading_minutes(1000, 2, 3)   # 5 + 1 + 1.5 = 7.5
    8
    >>> reading_minutes(0, 0, 0)
    0
    >>> reading_minutes(1500, 0, 0, CHARACTERS_PER_MINUTE)
    5
    """
    return math.ceil(words / rate + FIGURE_MINUTES * figures + TABLE_MINUTES * tables)


def count_words(line: str) -> int:
    """The words of one line of prose (roles, code, maths and links as the module docstring says).

    >>> count_words("NDCG@5 is {glue:text}`x:.3f`, see {doc}`the DCG chapter <02_dcg>`.")
    8
    >>> count_words("The discount $1/\\\\log_2(i+1)$ of `ndcg.dcg` (折损累计增益).")
    6
    """

    def role(match: re.Match) -> str:
        if match["role"].startswith("glue"):
            return " N "
        titled = _TITLED.match(match["body"])
        return f" {titled['title'] if titled else match['body']} "

    text = _ROLE.sub(role, line)
    text = _LINK.sub(lambda m: f" {m['text']} ", text)
    text = _CODE.sub(" C ", text)
    text = _MATH.sub(" M ", text)
    return len(_WORD.findall(text))


#: A Han character (CJK unified ideographs, extension A, compatibility ideographs).
_HAN_CHARACTER = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def count_chinese(line: str) -> int:
    r"""The 字 of one line of Chinese prose: each Han character one, and each word of Latin letters
    or digits among them one (``NDCG@5`` two), roles, code, maths and links as in
    :func:`count_words`; punctuation counts nothing.

    >>> count_chinese("折损 $1/\\log_2(i+1)$ 用 `ndcg.dcg` 算出 NDCG@5：{glue:text}`x:.3f`。")
    10
    """
    text = _ROLE.sub(lambda m: " N " if m["role"].startswith("glue") else f" {m['body']} ", line)
    text = _LINK.sub(lambda m: f" {m['text']} ", text)
    text = _CODE.sub(" C ", text)
    text = _MATH.sub(" M ", text)
    han = len(_HAN_CHARACTER.findall(text))
    return han + len(_WORD.findall(_HAN_CHARACTER.sub(" ", text)))


class Translation:
    """A page's Chinese, message by message (its catalogue, ``locales/zh_CN/LC_MESSAGES/<page>.po``),
    looked up by a line of its English source.

    A message is a paragraph, list item, heading or title, its source lines joined by spaces (the
    book writes one sentence a line); :meth:`of` finds the message a line belongs to. A message is
    counted once, with its first line; a line no message holds (untranslated, or not a message) is
    read in English, word by word."""

    def __init__(self, messages: dict[str, str]) -> None:
        self.messages = messages
        self.counted: set[str] = set()

    @classmethod
    def read(cls, path: Path) -> Translation:
        """The translated messages of a catalogue (fuzzy and empty ones left out, as the build does)."""
        from babel.messages.pofile import read_po

        with path.open("rb") as handle:
            catalogue = read_po(handle)
        return cls(
            {m.id: m.string for m in catalogue if m.id and isinstance(m.id, str) and m.string and not m.fuzzy}
        )

    def of(self, line: str) -> str | None:
        """The message ``line`` (a source line, without its list or quote marker) is part of."""
        if line in self.messages:
            return line
        for message in self.messages:
            if message.startswith(line + " ") or message.endswith(" " + line) or f" {line} " in message:
                return message
        return None

    def count(self, line: str) -> int:
        """The 字 ``line`` adds: its message's Chinese the first time, nothing after (the message
        is counted); its English words when no message holds it."""
        message = self.of(line)
        if message is None:
            return count_words(line)
        if message in self.counted:
            return 0
        self.counted.add(message)
        return count_chinese(self.messages[message])


_MARKER = re.compile(r"^(?:(?:[-*+]|\d+[.)]|>)\s+)+")


def _clean_title(title: str) -> str:
    """A heading without its emoji and markup: ``## 🎯 Quiz`` -> ``Quiz``."""
    return " ".join(_WORD.findall(_ROLE.sub(lambda m: m["body"], title))) if title else ""


def _is_practice(title: str) -> bool:
    return _clean_title(title) in PRACTICE_SECTIONS


def _strip_front_matter(text: str) -> str:
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        if end != -1:
            return text[end + 5 :]
    return text


class _Reader:
    """Walks Markdown (and code-cell placeholders) and fills the sections."""

    def __init__(self, name: str, translation: Translation | None = None) -> None:
        self.chapter = Chapter(name=name, title="")
        self.translation = translation
        if translation is not None:
            self.chapter.rate = CHARACTERS_PER_MINUTE
        self.sections = self.chapter.sections
        self.sections.append(Section(title="", level=0))
        self.fresh = True  # nothing read yet in the current section (for the optional marker)

    @property
    def current(self) -> Section:
        return self.sections[-1]

    def count(self, text: str) -> int:
        """The words of ``text`` (a line, a heading or a title), or its Chinese 字."""
        if self.translation is None:
            return count_words(text)
        return self.translation.count(_MARKER.sub("", text).strip())

    def heading(self, level: int, title: str) -> None:
        parent = None  # the nearest enclosing section: walk back to a lower level
        for s in reversed(self.sections):
            if s.level < level:
                parent = s
                break
        section = Section(title=title, level=level)
        section.practice = _is_practice(title) or bool(parent and parent.practice and parent.level)
        section.optional = bool(parent and parent.optional)
        self.sections.append(section)
        if level == 1 and not self.chapter.title:
            self.chapter.title = _clean_title(title)
        self.fresh = True

    def markdown(self, text: str) -> None:
        lines = text.splitlines()
        stack: list[tuple[str, str | None]] = []  # open fences: (fence, directive name)
        in_table = False
        maths = False
        i = 0
        while i < len(lines):
            line = lines[i]
            stripped = line.strip()
            i += 1
            skipping = any(name is None or name in _SKIPPED for _, name in stack)
            if (
                stack
                and stripped
                and set(stripped) == {stack[-1][0][0]}
                and len(stripped) >= len(stack[-1][0])
            ):
                stack.pop()
                continue
            fence = _FENCE.match(stripped)
            if fence and not (fence["fence"][0] == ":" and not fence["name"]):
                name = fence["name"]
                if name is None and fence["fence"][0] != ":":
                    stack.append((fence["fence"], None))  # fenced code
                    continue
                stack.append((fence["fence"], name))
                if skipping or name in _SKIPPED:
                    continue
                title = fence["rest"].strip()
                options = []
                while i < len(lines) and _OPTION.match(lines[i].strip()):
                    options.append(lines[i].strip())
                    i += 1
                classes = " ".join(o.split(":", 2)[2] for o in options if o.startswith(":class:"))
                if OPTIONAL_CLASS in classes.split():
                    if not self.fresh:
                        raise ValueError(
                            f"{self.chapter.name}: the optional admonition must open its section "
                            f"({self.current.title!r})"
                        )
                    self.current.marked = self.current.optional = True
                self.current.words += self.count(title) if title else 0
                self.fresh = False
                continue
            if skipping:
                continue
            if maths:
                maths = not (stripped.endswith("$$") or stripped.startswith("\\end{"))
                continue
            if stripped.startswith("$$") or stripped.startswith("\\begin{"):
                single = stripped.startswith("$$") and len(stripped) > 2 and stripped.endswith("$$")
                maths = not single and not (stripped.startswith("\\begin{") and "\\end{" in stripped)
                self.fresh = False
                continue
            if stripped.startswith("|"):
                if not in_table:
                    self.current.markdown_tables += 1
                    self.fresh = False
                in_table = True
                continue
            in_table = False
            if (
                not stripped
                or stripped.startswith(("+++", "%", "<"))
                or re.fullmatch(r"\([\w-]+\)=", stripped)
            ):
                continue
            heading = _HEADING.match(stripped) if not stack else None
            if heading:
                self.heading(len(heading["hashes"]), heading["title"])
                self.current.words += self.count(heading["title"])
                continue
            self.current.words += self.count(stripped)
            self.fresh = False

    def code(self, outputs: list | None, tags: list[str]) -> None:
        self.fresh = False
        if outputs is None or {"remove-cell", "remove-output"} & set(tags):
            return
        kind = output_kind(outputs)
        if kind == "figure":
            self.current.figures += 1
        elif kind == "table":
            self.current.computed_tables += 1


def output_kind(outputs: list) -> str | None:
    """``"figure"``, ``"table"`` or None for a code cell's outputs (see the module docstring)."""
    html = ""
    for output in outputs:
        data = output.get("data", {})
        if any(m.startswith("image/") or m == "application/vnd.jupyter.widget-view+json" for m in data):
            return "figure"
        text = data.get("text/html", "")
        html += "".join(text) if isinstance(text, list) else text
    if "data-ndcg-view" in html:
        return "figure"
    return "table" if "<table" in html else None


def _source_cells(text: str):
    """The cells of a MyST text source: ("markdown", text) and ("code", None)."""
    body = _strip_front_matter(text)
    cells, markdown = [], []
    lines = body.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        match = re.match(r"^(`{3,})\{code-cell\}", line)
        if match:
            cells.append(("markdown", "\n".join(markdown)))
            markdown = []
            fence = match[1]
            i += 1
            while i < len(lines) and lines[i].rstrip() != fence:
                i += 1
            cells.append(("code", None, []))
        elif line.startswith("+++"):
            cells.append(("markdown", "\n".join(markdown)))
            markdown = []
        else:
            markdown.append(line)
        i += 1
    cells.append(("markdown", "\n".join(markdown)))
    return cells


def _notebook_cells(notebook: dict):
    for cell in notebook["cells"]:
        source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        if cell["cell_type"] == "code":
            yield ("code", cell.get("outputs", []), cell.get("metadata", {}).get("tags", []))
        elif cell["cell_type"] == "markdown":
            yield ("markdown", source)


def _read(name: str, cells, translation: Translation | None = None) -> Chapter:
    reader = _Reader(name, translation)
    for cell in cells:
        if cell[0] == "markdown":
            reader.markdown(cell[1])
        else:
            reader.code(cell[1], cell[2])
    return reader.chapter


def read_chapter(
    source_text: str,
    notebook: dict | None = None,
    name: str = "chapter",
    translation: Translation | None = None,
) -> Chapter:
    """Count a chapter: words and Markdown tables from its text source; figures and computed
    tables from its executed notebook (``notebook``, the parsed ``.ipynb``; none counted without it).
    With ``translation`` (the page's Chinese), its "words" are the 字 of the Chinese each line of
    the source shows (:class:`Translation`), read at :data:`CHARACTERS_PER_MINUTE`.

    Raises ValueError when the two do not have the same sections (a stale notebook: run
    ``make notebooks``).
    """
    chapter = _read(name, _source_cells(source_text), translation)
    if notebook is not None:
        executed = _read(name, _notebook_cells(notebook))
        if [s.title for s in executed.sections] != [s.title for s in chapter.sections]:
            raise ValueError(
                f"{name}: the executed notebook's sections differ from the text source's; run make notebooks"
            )
        for mine, theirs in zip(chapter.sections, executed.sections):
            mine.figures, mine.computed_tables = theirs.figures, theirs.computed_tables
    return chapter
