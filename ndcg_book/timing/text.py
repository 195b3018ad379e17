"""What the book shows of the timings: MyST Markdown, in the edition's language, for the
directives (:mod:`ndcg_book.timing.directives`), and the generated table of
``exercises/README.md``. Standard library, and the languages' names
(:func:`ndcg.course.i18n.language_of`)."""

from __future__ import annotations

from pathlib import Path

from ndcg.course import manifest
from ndcg.course.i18n import language_of

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
    edition = language_of(language)
    catalogue = next(lang.locale for lang in manifest.languages() if lang.code == edition)
    words = BOX_WORDS[edition]
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
    return language_of(language) == "zh"


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
