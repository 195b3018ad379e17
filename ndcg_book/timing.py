"""Honest timings: a chapter's reading minutes and an exercise notebook's minutes, computed.

Every time the course states (each chapter's reading time, the instructor guide's
per-chapter table and its agendas) is computed here from the course's files, on
every build; none is typed. Standard library only.

Reading time of a chapter
-------------------------
Read from two files: the chapter's text source ``chapters/NN_name.md`` (the
words, the Markdown tables, the sections and which of them are optional) and
its executed notebook ``notebooks/chapters/NN_name.ipynb`` (the outputs: which
code cells show a figure or a table). ``make sync-check`` keeps the two in step.

What counts as a **word**: a run of letters or digits (``NDCG@5`` is two, a run
of Chinese characters one) in the prose: paragraphs, headings, list items,
block quotes, and the Markdown body of a directive (an admonition, an exercise).
A role (``{glue:text}`x```, ``{doc}`02_dcg```) counts as the text it shows, a
glued number as one word, an inline ``code`` span or inline ``$maths$`` as one
word, a link as its text. **Not** counted: code cells, fenced code, the front
matter, directive options (``:class: tip``), cell breaks (``+++``), labels
``(name)=``, ``$$`` and ``\\begin`` maths blocks, HTML lines, tables (their
time is the table allowance), and the bodies of ``{solution}`` directives (they
are folded away; a reader opens them while doing the exercise).

A **figure**: a code cell whose output the book shows (no ``remove-cell`` or
``remove-output`` tag) and that holds an image (a Matplotlib plot), a live
widget, or a kernel-free view of the course (an explorer, a game, a quiz:
``data-ndcg-view``). A **table**: a block of Markdown table lines, or a shown
code cell whose output holds an HTML ``<table>`` and no figure (a step table, a
comparison table). A cell counts once, however many outputs it has.

Reading minutes = words / :data:`WORDS_PER_MINUTE` + :data:`FIGURE_MINUTES`
per figure + :data:`TABLE_MINUTES` per table, rounded up to a whole minute.
The chapter's practice sections (:data:`PRACTICE_SECTIONS`: the exercises, the
"Practise" section with its notebooks and game, the flashcards, the quiz) are
not reading: they are what the exercise and practice minutes are for.

**Optional on a first pass**: a section whose first block is an admonition with
the class ``optional`` (:data:`OPTIONAL_CLASS`)::

    ## Where do the grades come from?

    :::{admonition} Optional on a first pass
    :class: optional
    ...
    :::

The whole section is optional, with its subsections. A *first pass* reads the
chapter without its optional sections; the minutes saved are the difference.

Exercise minutes
----------------
Read from the solutions' text source ``solutions/NN_name.md``: every check of
an exercise notebook (``check_x = NumberCheck(...)`` or ``FunctionCheck(...)``)
is one exercise, of one of three types: ``function`` (a :class:`FunctionCheck`),
``list`` (a :class:`NumberCheck` whose answer template is a list,
``answer = [..., ...]``) or ``number`` (a :class:`NumberCheck` asking for one
number). Minutes = the sum of :data:`EXERCISE_MINUTES` of the types, an
assumption the instructor guide states.

In the book
-----------
The course's computed timings in the book.

Registered by :func:`ndcg_book.setup`. It adds two
directives, whose content is computed by the functions above from the
course's files on every build (nothing typed):

* ````{chapter-time}```` at the top of a chapter: the box with its reading
  minutes, its first-pass minutes and its exercise notebook's minutes;
* ````{course-timing} what```` in the instructor guide, ``what`` being
  ``assumptions`` (the constants), ``chapters`` (the per-chapter table), ``further`` (every
  companion page and its minutes) or ``agenda-90`` / ``agenda-half-day`` / ``agenda-one-day`` (an
  agenda and its cut list). Each is written in the edition's language by the functions above (the
  Chinese from the Chinese pages' reading minutes), not translated through a catalogue.

Companion pages
---------------
A chapter's companion pages (``chapters/further/NN-topic.md``, "Going further: ...") are read
like a chapter and timed by the same rules (:func:`chapter` takes ``"further/04-ties"``). They are
**self-study**: their minutes are no part of a chapter's teaching minutes nor of any agenda's
blocks. The per-chapter table gives each chapter's companion minutes in a column of their own,
``{course-timing} further`` lists every companion page with its minutes (the instructor guide
and the study plan), and each agenda's cut list names the companion pages of its chapters, for
after the session.

Each renders MyST Markdown that Sphinx then parses as if it were in the page;
the files it read are dependencies of the page, so a changed chapter rebuilds it.
"""

from __future__ import annotations

import ast
import json
import math
import re
from dataclasses import dataclass, field
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

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


# -- exercises -------------------------------------------------------------------------------------

_CHECK = re.compile(r"^(?P<var>\w+)\s*=\s*(?P<cls>NumberCheck|FunctionCheck)\(", re.MULTILINE)
_CELL = re.compile(
    r"^(?P<fence>`{3,})\{code-cell\}[^\n]*\n(?P<body>.*?)^(?P=fence)\s*$", re.MULTILINE | re.DOTALL
)
_ID = re.compile(r"^:?id:\s*(?P<id>\S+)", re.MULTILINE)
_LIST_TEMPLATE = re.compile(r"^:?student:\s*['\"]?answer\s*=\s*\[", re.MULTILINE)


@dataclass(frozen=True)
class Exercise:
    """One checked exercise of an exercise notebook."""

    check: str  #: the check's variable, ``check_films``
    kind: str  #: ``"number"``, ``"list"`` or ``"function"``

    @property
    def minutes(self) -> int:
        return EXERCISE_MINUTES[self.kind]


def read_exercises(solution_text: str) -> list[Exercise]:
    """The exercises of a solutions text source, in order, each with its type.

    A check is defined in a cell whose id is ``exN-check-def``; the exercise's answer
    cell, ``exN-answer``, holds the learner's template (``student:``), which says whether
    a :class:`NumberCheck` wants one number or a list.
    """
    cells = {}
    order = []
    for match in _CELL.finditer(solution_text):
        body = match["body"]
        found = _ID.search(body)
        if found:
            cells[found["id"]] = body
            order.append(found["id"])
    exercises = []
    for cell_id in order:
        body = cells[cell_id]
        for check in _CHECK.finditer(body):
            if check["cls"] == "FunctionCheck":
                kind = "function"
            else:
                answer = cells.get(cell_id.removesuffix("-check-def") + "-answer", "")
                if not answer:
                    raise ValueError(f"{cell_id}: no answer cell {cell_id.removesuffix('-check-def')}-answer")
                kind = "list" if _LIST_TEMPLATE.search(answer) else "number"
                _agrees(body[check.end() - 1 :], kind, check["var"])
            exercises.append(Exercise(check["var"], kind))
    return exercises


def _agrees(call: str, kind: str, var: str) -> None:
    """A literal list as the expected value must go with a list template."""
    try:
        tree = ast.parse("f" + call[: _closing(call) + 1])
    except SyntaxError:
        return
    args = tree.body[0].value.args
    if args and isinstance(args[0], ast.List | ast.Tuple) and kind != "list":
        raise ValueError(f"{var}: expects a list, but its answer template asks for one number")


def _closing(text: str) -> int:
    depth = 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return i
    return len(text) - 1


def exercise_minutes(exercises: list[Exercise]) -> int:
    """The minutes of a list of exercises: the per-type estimates, summed."""
    return sum(e.minutes for e in exercises)


# -- the course's files ----------------------------------------------------------------------------


def root(start: Path | None = None) -> Path:
    """The course's folder: the first of ``start`` (default: the working folder) and its
    parents that holds ``chapters/``, ``solutions/`` and ``_toc.yml``."""
    here = Path(start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (
            (folder / "_toc.yml").is_file()
            and (folder / "chapters").is_dir()
            and (folder / "solutions").is_dir()
        ):
            return folder
    raise FileNotFoundError(f"no course folder (with _toc.yml, chapters/, solutions/) at or above {here}")


def chapter_names(course: Path) -> list[str]:
    """``00_why``, ``01_cg``, ...: every chapter with a text source, in order."""
    return sorted(p.stem for p in (course / "chapters").glob("[0-9][0-9]_*.md"))


#: Where a chapter's companion pages ("Going further: ...") live: ``chapters/further/NN-topic.md``.
FURTHER = "further"


def companion_names(course: Path, chapter_name: str | None = None) -> list[str]:
    """``further/04-ties``, ...: every companion page (of ``chapter_name``, ``"04_ndcg"``, when given),
    in the order of the table of contents (``_toc.yml``; a page it does not list comes last); a
    companion page's file name starts with its chapter's number."""
    number = f"{chapter_name[:2]}-" if chapter_name else ""
    folder = course / "chapters" / FURTHER
    found = {f"{FURTHER}/{p.stem}" for p in folder.glob(f"{number}*.md")}
    toc = course / "_toc.yml"
    listed = (
        re.findall(rf"file:\s*chapters/({FURTHER}/[\w-]+)", toc.read_text(encoding="utf-8"))
        if toc.is_file()
        else []
    )
    ordered = [name for name in dict.fromkeys(listed) if name in found]
    return ordered + sorted(found - set(ordered))


#: Where the Chinese edition's catalogues are: ``<course>/locales/zh_CN/LC_MESSAGES/chapters/<page>.po``.
CATALOGUES = Path("locales", "zh_CN", "LC_MESSAGES")


def catalogue_path(name: str, course: Path) -> Path:
    """The Chinese catalogue of chapter ``name`` (``"02_dcg"``, ``"further/04-ties"``)."""
    return course / CATALOGUES / "chapters" / f"{name}.po"


def chapter(name: str, course: Path | None = None, language: str = "en") -> Chapter:
    """The counts of chapter ``name`` (``"04_ndcg"``, or a companion page, ``"further/04-ties"``)
    from the course's files; ``language="zh_CN"``: of its Chinese page (the 字 of its catalogue's
    translations, at :data:`CHARACTERS_PER_MINUTE`), which must have a catalogue."""
    course = course or root()
    text = (course / "chapters" / f"{name}.md").read_text(encoding="utf-8")
    executed = course / "notebooks" / "chapters" / f"{name}.ipynb"
    notebook = json.loads(executed.read_text(encoding="utf-8")) if executed.is_file() else None
    translation = None
    if language.startswith("zh"):
        path = catalogue_path(name, course)
        if not path.is_file():
            raise FileNotFoundError(f"{name}: no Chinese catalogue at {path} to time its Chinese page")
        translation = Translation.read(path)
    return read_chapter(text, notebook, name, translation)


def companions(name: str, course: Path | None = None, language: str = "en") -> list[tuple[str, Chapter]]:
    """The companion pages of chapter ``name`` (``"04_ndcg"``), each with its counts, in order."""
    course = course or root()
    return [(page, chapter(page, course, language)) for page in companion_names(course, name)]


def companion_minutes(name: str, course: Path | None = None) -> int:
    """The reading minutes of chapter ``name``'s companion pages together (each rounded up)."""
    return sum(counted.minutes() for _, counted in companions(name, course))


def exercises(name: str, course: Path | None = None) -> list[Exercise]:
    """The exercises of chapter ``name``'s exercise notebook."""
    course = course or root()
    return read_exercises((course / "solutions" / f"{name}.md").read_text(encoding="utf-8"))


# -- teaching minutes and the agendas --------------------------------------------------------------

#: Silent reading of English non-fiction by adults, in words a minute: the mean of a meta-analysis
#: of 190 studies (``brysbaert2019`` in ``reference/references.bib``).
MEASURED_SILENT_WPM = 238
#: Reading aloud by adults, in words a minute: the mean of 77 studies of the same meta-analysis
#: (``brysbaert2019``).
MEASURED_ALOUD_WPM = 183
#: Teaching a chapter's first pass takes its first-pass reading minutes times this: the same words
#: said to the room take as long as reading them aloud, and reading aloud is this many times slower
#: than reading silently (:data:`MEASURED_SILENT_WPM` / :data:`MEASURED_ALOUD_WPM`, both from
#: ``brysbaert2019``). The instructor's board sketch and live coding come on top of the words; the
#: Carpentries' live-coding guidance (``carpentries-live``) says live coding slows the instructor
#: down and gives no rate, so the model gives them no minutes of their own: its teaching minutes
#: are a floor. The ratio is measured in English; the Chinese agendas apply it to the Chinese
#: page's reading minutes, an assumption.
TEACHING_FACTOR = MEASURED_SILENT_WPM / MEASURED_ALOUD_WPM
#: The first block of every agenda: the welcome and the code of conduct with its contacts (the
#: instructor guide asks for it in the first five minutes), in minutes.
WELCOME_MINUTES = 5
#: The welcome and the setup triage together (every agenda opens with both): at least and at most
#: these minutes (:func:`agenda` refuses a plan outside them).
OPENING_MINUTES = (15, 20)
#: A break, in minutes.
BREAK_MINUTES = 15
#: The lunch break of the one-day workshop, in minutes.
LUNCH_MINUTES = 45
#: The closing block (questions, the chapter's quiz or the flashcards in pairs) takes what is left,
#: and must lie between these two (the agenda's test fails otherwise).
WRAP_UP_MINUTES = (10, 25)


@dataclass(frozen=True)
class Block:
    """One block of an agenda."""

    #: "read" (before the session), "welcome", "setup", "teach", "exercises", "break", "lunch" or
    #: "wrap-up"
    what: str
    minutes: int
    chapter: str | None = None
    exercises: tuple[Exercise, ...] = ()


@dataclass(frozen=True)
class Plan:
    """What an agenda covers; its minutes are computed.

    ``before`` are chapters read before the session (not in its minutes); ``setup`` is the setup
    triage's minutes (after the :data:`WELCOME_MINUTES` of the welcome); ``steps`` are
    ``("teach", chapter)``, ``("exercises", chapter, n)`` (the notebook's first n exercises),
    ``("break",)`` and ``("lunch",)``. The wrap-up closes the agenda with the minutes left.
    """

    title: str
    length: int
    steps: tuple
    before: tuple[str, ...] = ()
    setup: int = 10


#: The three agendas of the instructor guide: a 90-minute session, a half-day workshop of 3 h 30
#: (210 minutes) and a one-day workshop of 6 h 30 (390 minutes, lunch and two breaks included).
PLANS = {
    "90": Plan(
        "A 90-minute session",
        90,
        (
            ("teach", "03_idcg"),
            ("exercises", "03_idcg", 2),
            ("teach", "04_ndcg"),
            ("exercises", "04_ndcg", 2),
        ),
        before=("00_why", "01_cg", "02_dcg"),
        setup=10,
    ),
    "half-day": Plan(
        "A half-day workshop",
        210,
        (
            ("teach", "00_why"),
            ("exercises", "00_why", 2),
            ("teach", "01_cg"),
            ("exercises", "01_cg", 2),
            ("teach", "02_dcg"),
            ("exercises", "02_dcg", 2),
            ("break",),
            ("teach", "03_idcg"),
            ("exercises", "03_idcg", 2),
            ("teach", "04_ndcg"),
            ("exercises", "04_ndcg", 3),
        ),
        setup=15,
    ),
    "one-day": Plan(
        "A one-day workshop",
        390,
        (
            ("teach", "00_why"),
            ("exercises", "00_why", 3),
            ("teach", "01_cg"),
            ("exercises", "01_cg", 3),
            ("break",),
            ("teach", "02_dcg"),
            ("exercises", "02_dcg", 5),
            ("teach", "03_idcg"),
            ("exercises", "03_idcg", 3),
            ("lunch",),
            ("teach", "04_ndcg"),
            ("exercises", "04_ndcg", 5),
            ("break",),
            ("teach", "05_mrr"),
            ("exercises", "05_mrr", 4),
            ("teach", "06_ltr"),
            ("exercises", "06_ltr", 3),
        ),
        setup=15,
    ),
}


def teaching_minutes(chapter: Chapter) -> int:
    """Minutes to teach a chapter's first pass (:data:`TEACHING_FACTOR` times its first-pass
    reading minutes, rounded up)."""
    return math.ceil(TEACHING_FACTOR * chapter.minutes(first_pass=True))


@dataclass
class Agenda:
    """A computed agenda: its blocks, and the optional sections its first pass skips."""

    plan: Plan
    blocks: list[Block]
    cuts: list[tuple[str, Section, int]]  #: (chapter, section, minutes saved)
    #: the companion pages of the agenda's chapters (read before or taught), for self-study
    #: afterwards: (chapter, companion page, reading minutes)
    further: list[tuple[str, str, int]] = field(default_factory=list)

    @property
    def minutes(self) -> int:
        return sum(b.minutes for b in self.blocks)

    def starts(self) -> list[tuple[int, Block]]:
        """Each block of the session (not the reading before it) with the minute it starts at."""
        out, start = [], 0
        for block in self.blocks:
            if block.what != "read":
                out.append((start, block))
                start += block.minutes
        return out


def agenda(key: str, course: Path | None = None, language: str = "en") -> Agenda:
    """The agenda ``key`` of :data:`PLANS`, computed from the course's files; ``language="zh_CN"``:
    the Chinese edition's, its teaching and reading minutes from the Chinese pages.

    Raises ValueError if the opening falls outside :data:`OPENING_MINUTES` or the wrap-up left
    over outside :data:`WRAP_UP_MINUTES`.
    """
    course = course or root()
    if key not in PLANS:
        raise ValueError(f"no agenda {key!r}; the agendas are {', '.join(PLANS)}")
    plan = PLANS[key]
    catalogue = "zh_CN" if language.startswith("zh") else "en"
    chapters: dict[str, Chapter] = {}

    def get(name: str) -> Chapter:
        if name not in chapters:
            chapters[name] = chapter(name, course, catalogue)
        return chapters[name]

    low, high = OPENING_MINUTES
    if not low <= WELCOME_MINUTES + plan.setup <= high:
        raise ValueError(
            f"{plan.title}: an opening of {WELCOME_MINUTES} + {plan.setup} minutes, not {low} to {high}"
        )
    blocks = [Block("read", 0, name) for name in plan.before]
    blocks += [Block("welcome", WELCOME_MINUTES), Block("setup", plan.setup)]
    for step in plan.steps:
        if step[0] == "teach":
            blocks.append(Block("teach", teaching_minutes(get(step[1])), step[1]))
        elif step[0] == "exercises":
            chosen = tuple(exercises(step[1], course)[: step[2]])
            if len(chosen) < step[2]:
                raise ValueError(f"{plan.title}: {step[1]} has {len(chosen)} exercises, not {step[2]}")
            blocks.append(Block("exercises", exercise_minutes(list(chosen)), step[1], chosen))
        elif step[0] == "break":
            blocks.append(Block("break", BREAK_MINUTES))
        elif step[0] == "lunch":
            blocks.append(Block("lunch", LUNCH_MINUTES))
        else:
            raise ValueError(f"unknown step {step!r}")
    left = plan.length - sum(b.minutes for b in blocks)
    low, high = WRAP_UP_MINUTES
    if not low <= left <= high:
        raise ValueError(f"{plan.title}: {left} minutes left for the wrap-up, not {low} to {high}")
    blocks.append(Block("wrap-up", left))
    taught = [name for name in dict.fromkeys(b.chapter for b in blocks if b.what == "teach")]
    cuts = [(name, s, get(name).saved(s)) for name in taught for s in get(name).optional_sections()]
    covered = dict.fromkeys(b.chapter for b in blocks if b.what in ("read", "teach"))
    further = [
        (name, page, counted.minutes())
        for name in covered
        for page, counted in companions(name, course, catalogue)
    ]
    return Agenda(plan, blocks, cuts, further)


def exercise_blocks(course: Path | None = None, language: str = "en") -> dict[str, list[tuple[str, Block]]]:
    """Every chapter's exercise blocks in the agendas: ``{chapter: [(agenda key, block), ...]}``, in
    the order of :data:`PLANS` (each agenda computed once): what the decks' "your turn" slides name."""
    course = course or root()
    found: dict[str, list[tuple[str, Block]]] = {}
    present = set(chapter_names(course))
    for key, plan in PLANS.items():
        named = set(plan.before) | {step[1] for step in plan.steps if len(step) > 1}
        if not named <= present:  # another course (a test's small one): these agendas are not its
            continue
        for block in agenda(key, course, language).blocks:
            if block.what == "exercises":
                found.setdefault(block.chapter, []).append((key, block))
    return found


# -- what the book shows (MyST Markdown, rendered by the directives at the end) --------------------

_KINDS = ("number", "list", "function")


def _num(value: float) -> str:
    """A constant as the text shows it: ``0.5``, ``200``."""
    return f"{value:g}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _kinds(chosen) -> str:
    counts = {kind: sum(e.kind == kind for e in chosen) for kind in _KINDS}
    return ", ".join(_plural(counts[k], k) for k in _KINDS if counts[k])


def _title(section: Section) -> str:
    return section.title


_KINDS_ZH = {"number": "数值题", "list": "列表题", "function": "函数题"}

#: The label of the instructor guide's section that says how every time is estimated (the time
#: boxes link to it: the box itself is numbers only).
METHOD_LABEL = "timing-method"


#: The time box's words per edition: the title (a chapter's, a companion page's), each part
#: with its ``{n}`` minutes, the separator, and the link to the method.
BOX_WORDS = {
    "en": {
        "title": ("Time for this chapter", "Time for this page"),
        "read": "≈ **{n} min** to read",
        "first": " ({n} on a first pass)",
        "exercises": "≈ **{n} min** of exercises",
        "further": "+ {n} min going further",
        "join": " · ",
        "method": " ({{ref}}`how these are estimated <{label}>`)",
    },
    "zh": {
        "title": ("本章用时", "本页用时"),
        "read": "阅读约 **{n} 分钟**",
        "first": "（初读 {n} 分钟）",
        "exercises": "练习约 **{n} 分钟**",
        "further": "延伸阅读另需约 {n} 分钟",
        "join": "；",
        "method": "（{{ref}}`估算方法 <{label}>`）。",
    },
}


def chapter_note(name: str, course: Path | None = None, language: str = "en") -> str:
    """The box at the top of chapter ``name``: its reading minutes (and first pass, when it has
    optional sections), its exercise notebook's minutes and its companion pages' reading minutes,
    on one line, with a link to how they are estimated (:data:`METHOD_LABEL`, the instructor
    guide); a companion page (``"further/04-ties"``) has its reading minutes only.
    ``language="zh_CN"``: the Chinese edition's box, from the same counts and the Chinese page's
    own reading minutes (its 字 at :data:`CHARACTERS_PER_MINUTE`)."""
    course = course or root()
    edition = "zh" if language.startswith("zh") else "en"
    catalogue, words = {"zh": "zh_CN", "en": "en"}[edition], BOX_WORDS[edition]
    counted = chapter(name, course, catalogue)
    companion = name.startswith(f"{FURTHER}/")
    reading = words["read"].format(n=counted.minutes())
    if counted.optional_sections():
        reading += words["first"].format(n=counted.minutes(first_pass=True))
    parts = [reading]
    if not companion:  # a companion page has no exercise notebook of its own
        parts.append(words["exercises"].format(n=exercise_minutes(exercises(name, course))))
        further = companions(name, course, catalogue)
        if further:
            parts.append(words["further"].format(n=sum(c.minutes() for _, c in further)))
    return "\n".join(
        [
            ":::{admonition} ⏱️ " + words["title"][companion],
            ":class: note ndcg-timing",
            words["join"].join(parts) + words["method"].format(label=METHOD_LABEL),
            ":::",
        ]
    )


def _zh(language: str | None) -> bool:
    return (language or "").lower().startswith("zh")


def chapters_table(course: Path | None = None, language: str = "en") -> str:
    """The instructor guide's table: every chapter's reading, teaching and exercise minutes;
    ``language="zh_CN"``: the Chinese edition's, in Chinese, from the Chinese pages' reading minutes.

    (Each chapter's words, figures and tables are in the box at its top; its optional
    sections in the agendas' cut lists; "going further" is the reading minutes of its
    companion pages, listed by :func:`further_list`.)
    """
    course = course or root()
    zh = _zh(language)
    catalogue = "zh_CN" if zh else "en"
    header = (
        "| 章 | 阅读（分钟） | 初读（分钟） | 讲授（分钟） | 练习笔记本（分钟） | 延伸阅读（分钟） |"
        if zh
        else "| chapter | reading (min) | first pass (min) | teaching (min) | exercise notebook (min) "
        "| going further (min) |"
    )
    rows = [header, "|---|---|---|---|---|---|"]
    totals = [0, 0, 0, 0, 0]
    for name in chapter_names(course):
        counted = chapter(name, course, catalogue)
        row = (
            counted.minutes(),
            counted.minutes(first_pass=True),
            teaching_minutes(counted),
            exercise_minutes(exercises(name, course)),
            sum(c.minutes() for _, c in companions(name, course, catalogue)),
        )
        totals = [a + b for a, b in zip(totals, row)]
        rows.append(f"| {{doc}}`/chapters/{name}` | " + " | ".join(map(str, row)) + " |")
    rows.append(
        ("| **全部各章** | " if zh else "| **all chapters** | ")
        + " | ".join(f"**{t}**" for t in totals)
        + " |"
    )
    return "\n".join(rows)


def further_list(course: Path | None = None, language: str = "en") -> str:
    """Every companion page ("Going further: ..."), under its chapter, with its reading minutes;
    ``language="zh_CN"``: in Chinese, with the Chinese pages' minutes."""
    course = course or root()
    zh = _zh(language)
    catalogue = "zh_CN" if zh else "en"
    lines, total = [], 0
    for name in chapter_names(course):
        pages = companions(name, course, catalogue)
        total += sum(c.minutes() for _, c in pages)
        if pages:
            if zh:
                listed = "；".join(f"{{doc}}`/chapters/{page}`（{c.minutes()} 分钟）" for page, c in pages)
                lines.append(f"- {{doc}}`/chapters/{name}`：{listed}。")
            else:
                listed = "; ".join(
                    f"{{doc}}`/chapters/{page}` ({_plural(c.minutes(), 'minute')})" for page, c in pages
                )
                lines.append(f"- {{doc}}`/chapters/{name}`: {listed}.")
    if not lines:
        return "还没有哪一章有延伸阅读页。" if zh else "No chapter has a companion page yet."
    intro = (
        f"每一页延伸阅读（*延伸阅读*）都放在它那一章之后读：合计约 {total} 分钟的阅读，不计入任何议程。"
        if zh
        else f"Every companion page (*Going further*), for after its chapter: about "
        f"{_plural(total, 'minute')} of reading in all, no part of any agenda."
    )
    return "\n".join([intro, "", *lines])


def _teaching_model(language: str) -> str:
    """The list item of :func:`assumptions` that states the teaching model and its source."""
    factor = f"{TEACHING_FACTOR:.2f}"
    if _zh(language):
        return (
            f"- 讲授一章的初读内容：初读的阅读分钟数 × {factor}，向上取整。讲解时要把这些内容说给全班听，"
            f"所用时间按朗读计；一项汇总了 190 项研究的元分析测得成人默读英文非虚构文本平均每分钟 "
            f"{MEASURED_SILENT_WPM} 词，朗读平均每分钟 {MEASURED_ALOUD_WPM} 词 {{cite:p}}`brysbaert2019`，"
            f"两者之比 {MEASURED_SILENT_WPM}/{MEASURED_ALOUD_WPM} ≈ {factor} 就是这个系数。这个比值是在英文中测得的，"
            "中文版把它用在中文页面的阅读分钟数上，这是一个假设。板书和现场编程还要另花时间：The Carpentries "
            "的现场编程指南说现场编程会让讲师慢下来 {cite:p}`carpentries-live`，但没有给出倍数，所以这里不另加分钟，"
            "算出的讲授时间是下限。"
        )
    return (
        f"- Teaching a chapter's first pass: {factor} × its first-pass reading minutes, rounded up. "
        "Teaching says the words to the room, so it is timed as reading aloud: a meta-analysis of 190 "
        f"studies puts adults' silent reading of English non-fiction at {MEASURED_SILENT_WPM} words a minute "
        f"and their reading aloud at {MEASURED_ALOUD_WPM} {{cite:p}}`brysbaert2019`, and the factor is "
        f"their ratio, {MEASURED_SILENT_WPM}/{MEASURED_ALOUD_WPM} ≈ {factor}. "
        "The board sketch and the live coding come on top: the Carpentries' live-coding guidance says live "
        "coding slows the instructor down {cite:p}`carpentries-live` but gives no rate, so the model adds "
        "no minutes for them, and its teaching minutes are a floor."
    )


def assumptions(language: str = "en") -> str:
    """The constants every timing rests on, as a list; ``language="zh_CN"``: in Chinese, with the
    Chinese edition's reading speed (its time boxes, tables and agendas count the Chinese page's 字)."""
    low, high = WRAP_UP_MINUTES
    if _zh(language):
        return assumptions_zh()
    per = ", ".join(f"{_num(EXERCISE_MINUTES[k])} minutes for a {k} answer" for k in _KINDS)
    opening_low, opening_high = OPENING_MINUTES
    return "\n".join(
        [
            f"- Reading: {WORDS_PER_MINUTE} words a minute, plus {_num(FIGURE_MINUTES)} minutes per "
            f"figure (a plot, a live widget, an explorer or game) and {_num(TABLE_MINUTES)} per table "
            "(Markdown or computed), rounded up to a whole minute per chapter.",
            f"- Exercises, one estimate per type: {per} (a function is written, run and debugged "
            "against the check's test cases).",
            _teaching_model(language),
            f"- Every agenda opens with {WELCOME_MINUTES} minutes of welcome and the code of conduct, "
            f"then a setup triage, {opening_low} to {opening_high} minutes for the two.",
            f"- A break: {BREAK_MINUTES} minutes; lunch, in the one-day workshop: {LUNCH_MINUTES} minutes; "
            f"the closing block gets what is left, {low} to {high} minutes.",
            "- A companion page (*Going further*) is read like a chapter, by the same rules, and is "
            "self-study: its minutes are no part of any agenda.",
        ]
    )


def assumptions_zh() -> str:
    """:func:`assumptions` in Chinese (written here, not translated: the Chinese reading speed is
    a number of its own, which a catalogue's translation of the English may not change)."""
    low, high = CHINESE_READING_RANGE
    wrap_low, wrap_high = WRAP_UP_MINUTES
    opening_low, opening_high = OPENING_MINUTES
    answers = {"number": "一个数", "list": "一个列表", "function": "一个函数"}
    per = "，".join(f"答案是{answers[k]}的 {_num(EXERCISE_MINUTES[k])} 分钟" for k in _KINDS)
    return "\n".join(
        [
            f"- 阅读：中文版按每分钟 {CHARACTERS_PER_MINUTE} 字计（中文默读常说每分钟 {low}～{high} 字，"
            f"技术文本读得慢，取其下限；课程标准要求初中生默读一般现代文每分钟不少于 "
            f"{CURRICULUM_CHARACTERS_PER_MINUTE} 字 {{cite:p}}`moe2011`），每幅图（图表、实时小部件、探索器或游戏）"
            f"另加 {_num(FIGURE_MINUTES)} 分钟，每张表（Markdown 表格或计算生成的表格）另加 {_num(TABLE_MINUTES)} 分钟，"
            "每章向上取整到整分钟。下面的表格和议程都按中文页面计。",
            f"- 练习，每种题型一个估计：{per}（要写出函数、运行，并对照检查的测试用例调试）。",
            _teaching_model("zh_CN"),
            f"- 每个议程都以 {WELCOME_MINUTES} 分钟的欢迎和行为准则开场，接着排查安装问题，两者合计 "
            f"{opening_low}～{opening_high} 分钟。",
            f"- 休息：{BREAK_MINUTES} 分钟；一天的工作坊午休 {LUNCH_MINUTES} 分钟；结尾环节用剩下的时间，"
            f"{wrap_low}～{wrap_high} 分钟。",
            "- 延伸阅读页（标题为*延伸阅读*）按与章节相同的规则计算阅读时间，供自学：它的时间不计入任何议程。",
        ]
    )


def _exercise_range(block: Block, zh: bool) -> str:
    """``exercises 1–3`` / ``练习 1～3`` of a block (a notebook's first exercises)."""
    n = len(block.exercises)
    if zh:
        return f"练习 1～{n}" if n > 1 else "练习 1"
    return f"exercises 1–{n}" if n > 1 else "exercise 1"


def _kinds_zh(chosen) -> str:
    counts = {kind: sum(e.kind == kind for e in chosen) for kind in _KINDS}
    return "、".join(f"{counts[k]} 道{_KINDS_ZH[k]}" for k in _KINDS if counts[k])


def _block_text(block: Block, zh: bool = False) -> str:
    notebook = f"`exercises/{block.chapter}.ipynb`"
    if zh:
        return {
            "welcome": "欢迎；介绍{doc}`行为准则 <code-of-conduct>`和遇到问题时的联系人",
            "setup": "排查安装：人人运行 `python3 tools/run.py check`；没装好的学员和邻座结对，"
            "或在书中页面上练习，课后再修",
            "teach": f"讲授{{doc}}`/chapters/{block.chapter}`的初读内容",
            "exercises": f"{notebook} 的{_exercise_range(block, True)}"
            + ("，两人一组" if len(block.exercises) > 1 else "")
            + f"（{_kinds_zh(block.exercises)}）",
            "break": "*休息*",
            "lunch": "*午休*",
            "wrap-up": "答疑；全班一起做最后一章的测验（先投票，再点选）；两人一组过闪卡",
        }[block.what]
    return {
        "welcome": "Welcome; the {doc}`code of conduct <code-of-conduct>` and whom to tell",
        "setup": "Setup triage: everyone runs `python3 tools/run.py check`; whoever is not ready pairs "
        "with a neighbour or practises in the book's pages, and is fixed later",
        "teach": f"Teach the first pass of {{doc}}`/chapters/{block.chapter}`",
        "exercises": f"{_exercise_range(block, False).capitalize()} of {notebook}"
        + (", in pairs" if len(block.exercises) > 1 else "")
        + f" ({_kinds(block.exercises)})",
        "break": "*Break*",
        "lunch": "*Lunch*",
        "wrap-up": "Questions; the last chapter's quiz together (vote, then click); flashcards in pairs",
    }[block.what]


def _section_title(name: str, section: Section, course: Path, zh: bool) -> str:
    """A section's title as the edition shows it (the Chinese from the chapter's catalogue)."""
    if not zh:
        return section.title
    messages = Translation.read(catalogue_path(name, course)).messages
    for english, chinese in messages.items():
        if english.lstrip("# ") and _clean_title(english) == _clean_title(section.title):
            return chinese.lstrip("# ").strip()
    return section.title


def agenda_text(key: str, course: Path | None = None, language: str = "en") -> str:
    """An agenda as MyST Markdown: a table of blocks with computed minutes, then its cut list;
    ``language="zh_CN"``: the Chinese edition's, in Chinese, timed by the Chinese pages."""
    course = course or root()
    zh = _zh(language)
    catalogue = "zh_CN" if zh else "en"
    made = agenda(key, course, catalogue)
    hours, minutes = divmod(made.plan.length, 60)
    pauses = [b.what for b in made.blocks if b.what in ("break", "lunch")]
    if zh:
        extra = ""
        if pauses:
            extra = "，含" + ("午休和 " if "lunch" in pauses else "") + f"{pauses.count('break')} 次休息"
        lines = [
            f"时长：**{made.plan.length} 分钟**（{hours} 小时"
            + (f" {minutes} 分" if minutes else "")
            + f"{extra}）。"
        ]
    else:
        extra = ""
        if pauses:
            breaks = pauses.count("break")
            extra = (
                (", lunch and " if "lunch" in pauses else ", ")
                + ("a break" if breaks == 1 else f"{breaks} breaks")
                + " included"
            )
        lines = [f"Length: **{made.plan.length} minutes** ({hours} h {minutes:02d}){extra}."]
    lines.append("")
    before = [b for b in made.blocks if b.what == "read"]
    if before:
        minutes = sum(chapter(b.chapter, course, catalogue).minutes(first_pass=True) for b in before)
        if zh:
            names = "、".join(f"{{doc}}`/chapters/{b.chapter}`" for b in before)
            lines += [f"课前，学员自己读完{names}：初读约 {minutes} 分钟，不计入课上时间。", ""]
        else:
            links = [f"{{doc}}`/chapters/{b.chapter}`" for b in before]
            names = " and ".join([", ".join(links[:-1]), links[-1]] if len(links) > 1 else links)
            lines += [
                f"Before the session, participants read {names} on their own: about {minutes} minutes "
                "for a first pass, not part of the session's minutes.",
                "",
            ]
    lines += [
        "| 时间（分钟） | 环节 | 时长（分钟） |" if zh else "| minutes | block | length (min) |",
        "|---|---|---|",
    ]
    for start, block in made.starts():
        span = f"{start}～{start + block.minutes}" if zh else f"{start}–{start + block.minutes}"
        lines.append(f"| {span} | {_block_text(block, zh)} | {block.minutes} |")
    lines.append(f"| | **合计** | **{made.minutes}** |" if zh else f"| | **total** | **{made.minutes}** |")
    saved = sum(m for _, _, m in made.cuts)
    if zh:
        head = (
            f"**删减清单**：本议程跳过的*初读可跳过*小节（合计约省下 {saved} 分钟），以及留到课后的内容："
            if made.cuts
            else "**删减清单**：本议程完整讲授各章的核心内容；留到课后的有："
        )
    else:
        head = (
            f"**Cut list**: the sections marked *Optional on a first pass* that this agenda skips "
            f"(about {saved} minutes saved in all), and what it leaves for afterwards:"
            if made.cuts
            else "**Cut list**: this agenda teaches its chapters' core pages whole; it leaves for afterwards:"
        )
    lines += ["", head, ""]
    for name in dict.fromkeys(c for c, _, _ in made.cuts):
        sep, unit = ("；", "分钟") if zh else ("; ", "min")
        parts = sep.join(
            (f"{_section_title(name, s, course, zh)}（{m} {unit}）" if zh else f"{s.title} ({m} {unit})")
            for c, s, m in made.cuts
            if c == name
        )
        lines.append(
            f"- {{doc}}`/chapters/{name}`：{parts}。" if zh else f"- {{doc}}`/chapters/{name}`: {parts}."
        )
    if made.further:
        total = sum(m for _, _, m in made.further)
        lines.append(
            f"- 延伸阅读：本议程各章的延伸阅读页，供课后自学（合计约 {total} 分钟的阅读）："
            if zh
            else "- Going further, the companion pages of this agenda's chapters, for self-study afterwards "
            f"(about {total} minutes of reading):"
        )
        for name in dict.fromkeys(c for c, _, _ in made.further):
            if zh:
                pages = "、".join(
                    f"{{doc}}`/chapters/{page}`（{m} 分钟）" for c, page, m in made.further if c == name
                )
                lines.append(f"  - {{doc}}`/chapters/{name}`：{pages}。")
            else:
                pages = ", ".join(
                    f"{{doc}}`/chapters/{page}` ({m} min)" for c, page, m in made.further if c == name
                )
                lines.append(f"  - {{doc}}`/chapters/{name}`: {pages}.")
    left = [n for n in chapter_names(course) if n not in {b.chapter for b in made.blocks}]
    if not (made.cuts or made.further or left):
        lines.append(
            "- 没有：没有哪一章有初读可跳过的小节或延伸阅读页。"
            if zh
            else "- nothing: no chapter has a section marked optional or a companion page."
        )
    if left:
        minutes = sum(
            chapter(n, course, catalogue).minutes()
            + sum(c.minutes() for _, c in companions(n, course, catalogue))
            for n in left
        )
        with_companions = any(companion_names(course, n) for n in left)
        if zh:
            names = "、".join(f"{{doc}}`/chapters/{n}`" for n in left)
            lines.append(
                f"- 不在本议程中、留到课后自学的：{names}（约 {minutes} 分钟的阅读"
                + ("，含它们的延伸阅读页）。" if with_companions else "）。")
            )
        else:
            names = ", ".join(f"{{doc}}`/chapters/{n}`" for n in left)
            lines.append(
                f"- Not in this agenda, for self-study afterwards: {names} (about {minutes} minutes of reading"
                + (", their companion pages included)." if with_companions else ").")
            )
    return "\n".join(lines)


# -- exercises/README.md: a generated table, kept in sync by tests/book/test_timing.py ------------------

README_START = (
    "<!-- minutes per notebook: generated by `python -m ndcg_book.timing --readme`; do not edit -->"
)
README_END = "<!-- end of the generated minutes -->"


def readme_table(course: Path | None = None) -> str:
    """The minutes of every exercise notebook, as the Markdown block of ``exercises/README.md``."""
    course = course or root()
    per = ", ".join(f"{_num(EXERCISE_MINUTES[k])} for a {k}" for k in _KINDS)
    rows = [
        README_START,
        f"| notebook | exercises | minutes (at {per}) |",
        "|---|---|---|",
    ]
    for name in chapter_names(course):
        chosen = exercises(name, course)
        rows.append(f"| `{name}.ipynb` | {len(chosen)}: {_kinds(chosen)} | {exercise_minutes(chosen)} |")
    rows.append(README_END)
    return "\n".join(rows)


def update_readme(course: Path | None = None) -> bool:
    """Rewrite the generated block of ``exercises/README.md``; True if it changed."""
    course = course or root()
    path = course / "exercises" / "README.md"
    text = path.read_text(encoding="utf-8")
    start, end = text.index(README_START), text.index(README_END) + len(README_END)
    new = text[:start] + readme_table(course) + text[end:]
    path.write_text(new, encoding="utf-8")
    return new != text


def main(argv: list[str] | None = None) -> int:
    """``python -m ndcg_book.timing [--readme]``: print every timing, or update the README."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    if args == ["--readme"]:
        print("exercises/README.md " + ("updated" if update_readme() else "already up to date"))
        return 0
    print(assumptions(), chapters_table(), further_list(), *(agenda_text(k) for k in PLANS), sep="\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


# -------------------- the Sphinx side


def edition_language(language: str | None) -> str:
    """``"zh"`` for a Chinese Sphinx ``language`` (``zh_CN``), else ``"en"``."""
    return "zh" if (language or "").lower().startswith("zh") else "en"


class _Markdown(SphinxDirective):
    def _render(self, text: str) -> list[nodes.Node]:
        course = Path(self.env.srcdir)
        for folder in (
            "chapters",
            "solutions",
            "notebooks/chapters",
            f"chapters/{FURTHER}",
            f"notebooks/chapters/{FURTHER}",
        ):
            for path in sorted((course / folder).glob("[0-9][0-9][_-]*.*")):
                self.env.note_dependency(str(path))
        # the Chinese pages are timed by their catalogues
        if edition_language(self.env.config.language) == "zh":
            for path in sorted((course / CATALOGUES / "chapters").glob("**/[0-9][0-9][_-]*.po")):
                self.env.note_dependency(str(path))
        container = nodes.container()
        self.state.nested_parse(
            StringList(text.splitlines(), source=self.env.docname), self.content_offset, container
        )
        return container.children


class ChapterTime(_Markdown):
    """The time box of the chapter it is in."""

    def run(self) -> list[nodes.Node]:
        page = Path(self.env.docname)
        name = f"{FURTHER}/{page.name}" if page.parent.name == FURTHER else page.name
        made = self._render(chapter_note(name, Path(self.env.srcdir), self.env.config.language or "en"))
        # Written by the build in each language from the same counts: not a message to translate
        # (its numbers change with every edit of the page).
        for node in made:
            for text in node.findall(nodes.TextElement):
                text["translatable"] = False
        return made


class CourseTiming(_Markdown):
    """A table or an agenda of the instructor guide."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        course, what = Path(self.env.srcdir), self.arguments[0]
        language = self.env.config.language or "en"
        if what == "assumptions":
            text = assumptions(language)
        elif what == "chapters":
            text = chapters_table(course, language)
        elif what == "further":
            text = further_list(course, language)
        elif what.startswith("agenda-") and what.removeprefix("agenda-") in PLANS:
            text = agenda_text(what.removeprefix("agenda-"), course, language)
        else:
            raise self.error(
                f"course-timing: unknown {what!r} (assumptions, chapters, further, "
                + ", ".join(f"agenda-{key}" for key in PLANS)
                + ")"
            )
        made = self._render(text)
        # Written by the build in each edition's language (the Chinese by the functions above, from
        # the Chinese pages' minutes): not messages to translate (their numbers follow every edit).
        for node in made:
            for element in node.findall(nodes.TextElement):
                element["translatable"] = False
        return made


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.add_directive("chapter-time", ChapterTime)
    app.add_directive("course-timing", CourseTiming)
