"""Teaching minutes and the workshop agendas (:data:`PLANS`: what each covers is the course
manifest's, ``ndcg/course/course.toml``), each block's minutes computed from the chapters' and the
exercises'. Standard library only, and the course manifest's reader (itself standard library)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from ndcg.course import manifest

from .checks import Exercise, exercise_minutes
from .files import chapter, chapter_names, companions, exercises, root
from .reading import Chapter, Section

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


#: The agendas of the instructor guide, by key, in its order: a 90-minute session, a half-day
#: workshop of 3 h 30 (210 minutes) and a one-day workshop of 6 h 30 (390 minutes, lunch and two
#: breaks included). What each covers is course data, read from the course's manifest
#: (``ndcg/course/course.toml``, :func:`ndcg.course.manifest.agendas`); its minutes are computed here.
PLANS = {
    entry.key: Plan(entry.title, entry.length, entry.steps, before=entry.before, setup=entry.setup)
    for entry in manifest.agendas()
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
