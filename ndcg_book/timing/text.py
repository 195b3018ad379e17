"""What the book shows of the timings: MyST Markdown, in the edition's language, for the
directives (:mod:`ndcg_book.timing.directives`), and the generated table of
``exercises/README.md``. Standard library, and the languages' names
(:func:`ndcg.course.i18n.language_of`)."""

from __future__ import annotations

import re
from pathlib import Path

from ndcg.course import manifest
from ndcg.course.i18n import language_of, translator

from .agendas import (
    BREAK_MINUTES,
    LUNCH_MINUTES,
    MEASURED_ALOUD_WPM,
    MEASURED_SILENT_WPM,
    OPENING_MINUTES,
    TEACHING_FACTOR,
    WELCOME_MINUTES,
    WRAP_UP_MINUTES,
    Block,
    agenda,
    teaching_minutes,
)
from .checks import exercise_minutes
from .files import (
    FURTHER,
    catalogue_path,
    chapter,
    chapter_names,
    companion_names,
    companions,
    exercises,
    root,
)
from .reading import (
    CHARACTERS_PER_MINUTE,
    CHINESE_READING_RANGE,
    CURRICULUM_CHARACTERS_PER_MINUTE,
    EXERCISE_MINUTES,
    FIGURE_MINUTES,
    TABLE_MINUTES,
    WORDS_PER_MINUTE,
    Section,
    Translation,
    _clean_title,
)

_KINDS = ("number", "list", "function")


def _num(value: float) -> str:
    """A constant as the text shows it: ``0.5``, ``200``."""
    return f"{value:g}"


#: The label of the instructor guide's section that says how every time is estimated (the time
#: boxes link to it: the box itself is numbers only).
METHOD_LABEL = "timing-method"

#: The catalogue (``ndcg/course/locales/<locale>/LC_MESSAGES/timing.po``) of every word the timings
#: show: a message per key (its context), its English here. ``{name}`` is a value filled in after
#: translation (:func:`_say`); a role (``{doc}``, ``{ref}``, ``{cite:p}``) is the page's.
DOMAIN = "timing"
WORDS = {
    # the time box at the top of a chapter or a companion page
    "box-title-chapter": "Time for this chapter",
    "box-title-page": "Time for this page",
    "box-read": "≈ **{n} min** to read",
    "box-first": " ({n} on a first pass)",
    "box-exercises": "≈ **{n} min** of exercises",
    "box-further": "+ {n} min going further",
    "box-join": " · ",
    "box-method": " ({ref}`how these are estimated <{label}>`)",
    # the table of chapters
    "table-chapter": "chapter",
    "table-reading": "reading (min)",
    "table-first": "first pass (min)",
    "table-teaching": "teaching (min)",
    "table-exercises": "exercise notebook (min)",
    "table-further": "going further (min)",
    "table-all": "**all chapters**",
    # lists: a chapter's line, its items, the separators
    "line": "- {chapter}: {items}.",
    "sub-line": "  - {chapter}: {items}.",
    "items-sep": "; ",
    "names-sep": ", ",
    "names-last": " and ",
    "page-minute": "{page} (1 minute)",
    "page-minutes": "{page} ({n} minutes)",
    "page-min": "{page} ({n} min)",
    # the companion pages
    "further-intro": "Every companion page (*Going further*), for after its chapter: about {n} minutes of "
    "reading in all, no part of any agenda.",
    "further-none": "No chapter has a companion page yet.",
    # the assumptions
    "reading-words": "- Reading: {wpm} words a minute, plus {figure} minutes per figure (a plot, a live "
    "widget, an explorer or game) and {table} per table (Markdown or computed), rounded up to a whole "
    "minute per chapter.",
    "reading-characters": "- Reading: this edition counts {cpm} characters a minute (silent reading of "
    "the language is commonly put at {low} to {high} characters a minute; technical text is read more "
    "slowly, so the lower end is taken; the curriculum standard asks lower-secondary pupils to read "
    "ordinary modern text silently at no fewer than {curriculum} characters a minute "
    "{cite:p}`moe2011`), plus {figure} minutes per figure (a plot, a live widget, an explorer or game) "
    "and {table} per table (Markdown or computed), rounded up to a whole minute per chapter. The "
    "tables and agendas below are timed by this edition's pages.",
    "exercises": "- Exercises, one estimate per type: {per} (a function is written, run and debugged "
    "against the check's test cases).",
    "per": "{number} minutes for a number answer, {list} minutes for a list answer, {function} minutes "
    "for a function answer",
    "teaching": "- Teaching a chapter's first pass: {factor} × its first-pass reading minutes, rounded "
    "up. Teaching says the words to the room, so it is timed as reading aloud: a meta-analysis of 190 "
    "studies puts adults' silent reading of English non-fiction at {silent} words a minute and their "
    "reading aloud at {aloud} {cite:p}`brysbaert2019`, and the factor is their ratio, "
    "{silent}/{aloud} ≈ {factor}. The board sketch and the live coding come on top: the Carpentries' "
    "live-coding guidance says live coding slows the instructor down {cite:p}`carpentries-live` but "
    "gives no rate, so the model adds no minutes for them, and its teaching minutes are a floor.",
    "opening": "- Every agenda opens with {welcome} minutes of welcome and the code of conduct, then a "
    "setup triage, {low} to {high} minutes for the two.",
    "pauses": "- A break: {brk} minutes; lunch, in the one-day workshop: {lunch} minutes; the closing "
    "block gets what is left, {low} to {high} minutes.",
    "companions": "- A companion page (*Going further*) is read like a chapter, by the same rules, and "
    "is self-study: its minutes are no part of any agenda.",
    # an agenda
    "length": "Length: **{length} minutes** ({duration}).",
    "length-pauses": "Length: **{length} minutes** ({duration}), {pauses} included.",
    "duration": "{hours} h {mm}",
    "pauses-break": "a break",
    "pauses-breaks": "{n} breaks",
    "pauses-lunch-break": "lunch and a break",
    "pauses-lunch-breaks": "lunch and {n} breaks",
    "before": "Before the session, participants read {names} on their own: about {n} minutes for a "
    "first pass, not part of the session's minutes.",
    "agenda-minutes": "minutes",
    "agenda-block": "block",
    "agenda-length": "length (min)",
    "span": "{start}–{end}",
    "total": "**total**",
    "block-welcome": "Welcome; the {doc}`code of conduct <code-of-conduct>` and whom to tell",
    "block-setup": "Setup triage: everyone runs `python3 tools/run.py check`; whoever is not ready "
    "pairs with a neighbour or practises in the book's pages, and is fixed later",
    "block-teach": "Teach the first pass of {chapter}",
    "block-exercises": "{range} of {notebook}{pairs} ({kinds})",
    "block-break": "*Break*",
    "block-lunch": "*Lunch*",
    "block-wrap-up": "Questions; the last chapter's quiz together (vote, then click); flashcards in pairs",
    "range-one": "Exercise 1",
    "range-many": "Exercises 1–{n}",
    "pairs": ", in pairs",
    "kind-number": "{n} number",
    "kind-numbers": "{n} numbers",
    "kind-list": "{n} list",
    "kind-lists": "{n} lists",
    "kind-function": "{n} function",
    "kind-functions": "{n} functions",
    "cut-head": "**Cut list**: the sections marked *Optional on a first pass* that this agenda skips "
    "(about {n} minutes saved in all), and what it leaves for afterwards:",
    "cut-head-whole": "**Cut list**: this agenda teaches its chapters' core pages whole; it leaves for "
    "afterwards:",
    "agenda-further": "- Going further, the companion pages of this agenda's chapters, for self-study "
    "afterwards (about {n} minutes of reading):",
    "agenda-nothing": "- nothing: no chapter has a section marked optional or a companion page.",
    "left": "- Not in this agenda, for self-study afterwards: {names} (about {n} minutes of reading).",
    "left-companions": "- Not in this agenda, for self-study afterwards: {names} (about {n} minutes of "
    "reading, their companion pages included).",
}

_VALUE = re.compile(r"\{(\w+)\}")


def _say(language: str, key: str, **values) -> str:
    """The words :data:`WORDS` ``key`` in ``language`` (a code or a locale: its catalogue's
    translation, or the English), with ``values`` filled in; a role is left as it is."""
    said = translator(DOMAIN, key, language_of(language))(WORDS[key])
    return _VALUE.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), said)


def _names(language: str, names: list[str]) -> str:
    """``a, b and c``: names listed as ``language`` lists them."""
    if len(names) < 2:
        return "".join(names)
    return _say(language, "names-sep").join(names[:-1]) + _say(language, "names-last") + names[-1]


def _page_minutes(language: str, page: str, minutes: int) -> str:
    return _say(language, "page-minute" if minutes == 1 else "page-minutes", page=page, n=minutes)


def _locale(language: str) -> str:
    """The locale of ``language`` (a code or a locale): the catalogue its pages are timed by."""
    return manifest.language(language_of(language)).locale


def chapter_note(name: str, course: Path | None = None, language: str = "en") -> str:
    """The box at the top of chapter ``name``: its reading minutes (and first pass, when it has
    optional sections), its exercise notebook's minutes and its companion pages' reading minutes,
    on one line, with a link to how they are estimated (:data:`METHOD_LABEL`, the instructor
    guide); a companion page (``"further/04-ties"``) has its reading minutes only.
    ``language="zh_CN"``: the Chinese edition's box, from the same counts and the Chinese page's
    own reading minutes (its 字 at :data:`CHARACTERS_PER_MINUTE`)."""
    course = course or root()
    catalogue = _locale(language)
    counted = chapter(name, course, catalogue)
    companion = name.startswith(f"{FURTHER}/")
    reading = _say(language, "box-read", n=counted.minutes())
    if counted.optional_sections():
        reading += _say(language, "box-first", n=counted.minutes(first_pass=True))
    parts = [reading]
    if not companion:  # a companion page has no exercise notebook of its own
        parts.append(_say(language, "box-exercises", n=exercise_minutes(exercises(name, course))))
        further = companions(name, course, catalogue)
        if further:
            parts.append(_say(language, "box-further", n=sum(c.minutes() for _, c in further)))
    title = _say(language, "box-title-page" if companion else "box-title-chapter")
    return "\n".join(
        [
            ":::{admonition} ⏱️ " + title,
            ":class: note ndcg-timing",
            _say(language, "box-join").join(parts) + _say(language, "box-method", label=METHOD_LABEL),
            ":::",
        ]
    )


def chapters_table(course: Path | None = None, language: str = "en") -> str:
    """The instructor guide's table: every chapter's reading, teaching and exercise minutes;
    ``language="zh_CN"``: the Chinese edition's, in Chinese, from the Chinese pages' reading minutes.

    (Each chapter's words, figures and tables are in the box at its top; its optional
    sections in the agendas' cut lists; "going further" is the reading minutes of its
    companion pages, listed by :func:`further_list`.)
    """
    course = course or root()
    catalogue = _locale(language)
    cells = ("chapter", "reading", "first", "teaching", "exercises", "further")
    header = "| " + " | ".join(_say(language, f"table-{cell}") for cell in cells) + " |"
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
    rows.append(f"| {_say(language, 'table-all')} | " + " | ".join(f"**{t}**" for t in totals) + " |")
    return "\n".join(rows)


def further_list(course: Path | None = None, language: str = "en") -> str:
    """Every companion page ("Going further: ..."), under its chapter, with its reading minutes;
    ``language="zh_CN"``: in Chinese, with the Chinese pages' minutes."""
    course = course or root()
    catalogue = _locale(language)
    lines, total = [], 0
    for name in chapter_names(course):
        pages = companions(name, course, catalogue)
        total += sum(c.minutes() for _, c in pages)
        if pages:
            listed = _say(language, "items-sep").join(
                _page_minutes(language, f"{{doc}}`/chapters/{page}`", c.minutes()) for page, c in pages
            )
            lines.append(_say(language, "line", chapter=f"{{doc}}`/chapters/{name}`", items=listed))
    if not lines:
        return _say(language, "further-none")
    return "\n".join([_say(language, "further-intro", n=total), "", *lines])


def assumptions(language: str = "en") -> str:
    """The constants every timing rests on, as a list, in ``language``; a language written without
    spaces between words (Chinese) is read by its characters (:data:`CHARACTERS_PER_MINUTE`): its
    time boxes, tables and agendas count the edition's own pages."""
    low, high = WRAP_UP_MINUTES
    opening_low, opening_high = OPENING_MINUTES
    figure, table = _num(FIGURE_MINUTES), _num(TABLE_MINUTES)
    if manifest.language(language_of(language)).spaced:
        reading = _say(language, "reading-words", wpm=WORDS_PER_MINUTE, figure=figure, table=table)
    else:
        slow, fast = CHINESE_READING_RANGE
        reading = _say(
            language, "reading-characters", cpm=CHARACTERS_PER_MINUTE, low=slow, high=fast,
            curriculum=CURRICULUM_CHARACTERS_PER_MINUTE, figure=figure, table=table,
        )  # fmt: skip
    per = _say(language, "per", **{kind: _num(EXERCISE_MINUTES[kind]) for kind in _KINDS})
    factor = f"{TEACHING_FACTOR:.2f}"
    return "\n".join(
        [
            reading,
            _say(language, "exercises", per=per),
            _say(language, "teaching", factor=factor, silent=MEASURED_SILENT_WPM, aloud=MEASURED_ALOUD_WPM),
            _say(language, "opening", welcome=WELCOME_MINUTES, low=opening_low, high=opening_high),
            _say(language, "pauses", brk=BREAK_MINUTES, lunch=LUNCH_MINUTES, low=low, high=high),
            _say(language, "companions"),
        ]
    )


def _kinds(chosen, language: str = "en") -> str:
    """``2 numbers, 1 list``: how many exercises of each type ``chosen`` holds."""
    counts = {kind: sum(e.kind == kind for e in chosen) for kind in _KINDS}
    return _say(language, "names-sep").join(
        _say(language, f"kind-{kind}" if counts[kind] == 1 else f"kind-{kind}s", n=counts[kind])
        for kind in _KINDS
        if counts[kind]
    )


def _block_text(block: Block, language: str = "en") -> str:
    if block.what == "teach":
        return _say(language, "block-teach", chapter=f"{{doc}}`/chapters/{block.chapter}`")
    if block.what == "exercises":
        n = len(block.exercises)
        return _say(
            language,
            "block-exercises",
            range=_say(language, "range-many", n=n) if n > 1 else _say(language, "range-one"),
            notebook=f"`exercises/{block.chapter}.ipynb`",
            pairs=_say(language, "pairs") if n > 1 else "",
            kinds=_kinds(block.exercises, language),
        )
    return _say(language, f"block-{block.what}")


def _section_title(name: str, section: Section, course: Path, language: str) -> str:
    """A section's title as the edition shows it (a translation's, from the chapter's catalogue)."""
    locale = _locale(language)
    path = catalogue_path(name, course, locale)
    if locale == manifest.languages()[0].locale or not path.is_file():
        return section.title
    messages = Translation.read(path).messages
    for english, translated in messages.items():
        if english.lstrip("# ") and _clean_title(english) == _clean_title(section.title):
            return translated.lstrip("# ").strip()
    return section.title


def agenda_text(key: str, course: Path | None = None, language: str = "en") -> str:
    """An agenda as MyST Markdown: a table of blocks with computed minutes, then its cut list;
    ``language="zh_CN"``: the Chinese edition's, in Chinese, timed by the Chinese pages."""
    course = course or root()
    catalogue = _locale(language)
    made = agenda(key, course, catalogue)
    hours, minutes = divmod(made.plan.length, 60)
    pauses = [b.what for b in made.blocks if b.what in ("break", "lunch")]
    duration = _say(language, "duration", hours=hours, mm=f"{minutes:02d}")
    if pauses:
        breaks = pauses.count("break")
        lunch = "lunch-" if "lunch" in pauses else ""
        said = _say(language, f"pauses-{lunch}break" if breaks == 1 else f"pauses-{lunch}breaks", n=breaks)
        lines = [_say(language, "length-pauses", length=made.plan.length, duration=duration, pauses=said), ""]
    else:
        lines = [_say(language, "length", length=made.plan.length, duration=duration), ""]
    before = [b for b in made.blocks if b.what == "read"]
    if before:
        minutes = sum(chapter(b.chapter, course, catalogue).minutes(first_pass=True) for b in before)
        names = _names(language, [f"{{doc}}`/chapters/{b.chapter}`" for b in before])
        lines += [_say(language, "before", names=names, n=minutes), ""]
    cells = ("agenda-minutes", "agenda-block", "agenda-length")
    lines += ["| " + " | ".join(_say(language, cell) for cell in cells) + " |", "|---|---|---|"]
    for start, block in made.starts():
        span = _say(language, "span", start=start, end=start + block.minutes)
        lines.append(f"| {span} | {_block_text(block, language)} | {block.minutes} |")
    lines.append(f"| | {_say(language, 'total')} | **{made.minutes}** |")
    saved = sum(m for _, _, m in made.cuts)
    head = _say(language, "cut-head", n=saved) if made.cuts else _say(language, "cut-head-whole")
    lines += ["", head, ""]
    for name in dict.fromkeys(c for c, _, _ in made.cuts):
        parts = _say(language, "items-sep").join(
            _say(language, "page-min", page=_section_title(name, s, course, language), n=m)
            for c, s, m in made.cuts
            if c == name
        )
        lines.append(_say(language, "line", chapter=f"{{doc}}`/chapters/{name}`", items=parts))
    if made.further:
        total = sum(m for _, _, m in made.further)
        lines.append(_say(language, "agenda-further", n=total))
        for name in dict.fromkeys(c for c, _, _ in made.further):
            pages = _say(language, "names-sep").join(
                _say(language, "page-min", page=f"{{doc}}`/chapters/{page}`", n=m)
                for c, page, m in made.further
                if c == name
            )
            lines.append(_say(language, "sub-line", chapter=f"{{doc}}`/chapters/{name}`", items=pages))
    left = [n for n in chapter_names(course) if n not in {b.chapter for b in made.blocks}]
    if not (made.cuts or made.further or left):
        lines.append(_say(language, "agenda-nothing"))
    if left:
        minutes = sum(
            chapter(n, course, catalogue).minutes()
            + sum(c.minutes() for _, c in companions(n, course, catalogue))
            for n in left
        )
        with_companions = any(companion_names(course, n) for n in left)
        names = _say(language, "names-sep").join(f"{{doc}}`/chapters/{n}`" for n in left)
        lines.append(_say(language, "left-companions" if with_companions else "left", names=names, n=minutes))
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
