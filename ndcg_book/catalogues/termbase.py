"""The termbase and the translation memory of the Chinese edition.

``locales/zh_CN/termbase.yaml`` lists each recurring English term and phrase with its ONE Chinese
form: the key terms (seeded from the glossary, ``reference/glossary.md``, and spelled as the source
documents spell them where they have a word), the book's recurring phrases (the exercise notebooks'
three tries, "Before you read on" ...) and the names of the sources' items (source 004's videos,
source 003's pages), each with the source that names it and the source's own spelling. The build
and the tests read only this file, never the source documents: what the sources say is recorded
here (``source``, ``spelling``).

What the Chinese reader meets comes from the catalogues: the pages' (``locales/zh_CN``), and the
package's (``ndcg/course/locales/zh_CN``: cards, quizzes, views, checks, slides, figures, the
notebooks' comments and Markdown). The Chinese notebooks and the Anki deck are generated from them
(``ndcg_book/generate/notebooks_translated.py``, ``make anki``), so a form checked here is the form they show.

:func:`problems` lists

* every message whose English says a termbase entry (its ``en``, as words, in its prose) and whose
  Chinese does not say the entry's ``zh`` (or one of its ``also`` forms, each with a reason), or
  says one of its ``avoid`` forms (unless the English quotes that form itself, as a source's
  spelling); an ``anywhere`` entry's ``avoid`` forms are refused in every Chinese text, whatever
  its English;
* every item whose Chinese departs from its source's spelling (spaces between Chinese and Latin
  letters or digits aside, which the typography adds) without a ``reason`` beside it;
* every English message translated two ways in the catalogues (the translation memory), unless
  ``memory`` records why (a word that means two things, as a figure's label and in prose);
* every glossary term the termbase lacks, or gives another Chinese form.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from . import i18n, i18n_checks

#: The termbase, beside the catalogues it rules.
TERMBASE = Path("locales", "zh_CN", "termbase.yaml")
#: The source documents a form may come from (``reference/sources.md``).
SOURCES = {"000", "001", "002", "003", "004"}
SECTIONS = ("terms", "phrases", "items")


@dataclass(frozen=True)
class Entry:
    section: str
    en: str
    zh: str
    also: dict[str, str] = field(default_factory=dict)
    avoid: tuple[str, ...] = ()
    anywhere: bool = False
    source: str | None = None
    spelling: str | None = None
    reason: str | None = None

    def said_by(self, english: str) -> bool:
        """Whether an English message says this entry, as words, in its prose (not in its code,
        maths, roles or link targets), in any case, a plural included."""
        return self.said_in(prose_of(english))

    def said_in(self, prose: str) -> bool:
        """:meth:`said_by`, given the message's prose (:func:`prose_of`)."""
        phrase = self.en.lower()
        if re.fullmatch(r"[a-z0-9 '@-]+", phrase):
            return i18n_checks._says(prose, phrase)
        return phrase in prose


def prose_of(english: str) -> str:
    """An English message's prose, lower-cased: without its roles, code, maths and links."""
    return i18n_checks._prose(english).lower()


@dataclass(frozen=True)
class Message:
    where: str
    english: str
    chinese: str


def load(root: Path) -> tuple[list[Entry], dict[str, str]]:
    """The termbase's entries, and the translation memory's recorded exceptions (English: why)."""
    import yaml

    data = yaml.safe_load((root / TERMBASE).read_text(encoding="utf-8"))
    entries = []
    for section in SECTIONS:
        for raw in data.get(section) or []:
            unknown = set(raw) - {"en", "zh", "also", "avoid", "anywhere", "source", "spelling", "reason"}
            if unknown or "en" not in raw or "zh" not in raw:
                raise ValueError(
                    f"{TERMBASE}: {section}: {raw!r}: needs en and zh, knows no {sorted(unknown)}"
                )
            source = raw.get("source")
            if source is not None and str(source) not in SOURCES | {"glossary"}:
                raise ValueError(f"{TERMBASE}: {raw['en']!r}: source {source!r} is none of 000–004, glossary")
            entries.append(
                Entry(
                    section,
                    raw["en"],
                    raw["zh"],
                    dict(raw.get("also") or {}),
                    tuple(raw.get("avoid") or ()),
                    bool(raw.get("anywhere", False)),
                    None if source is None else str(source),
                    raw.get("spelling"),
                    raw.get("reason"),
                )
            )
    memory = {m["en"]: m["reason"] for m in data.get("memory") or []}
    return entries, memory


def messages(root: Path) -> Iterator[Message]:
    """Every current Chinese translation of every catalogue, pages' then package's."""
    for folder in (i18n.catalogue_dir(root), i18n.package_dir(root)):
        for path in sorted(folder.rglob("*.po")):
            name = path.relative_to(root).as_posix()
            for m in i18n.read(path):
                if m.id and m.string and not m.fuzzy:
                    where = f"{name}" + (f" [{m.context}]" if m.context else "")
                    yield Message(where, m.id, m.string)


def notebook_texts(root: Path) -> Iterator[tuple[str, str]]:
    """The Markdown and comments of every Chinese notebook (``exercises/zh``), by cell."""
    import json

    for path in sorted((root / "exercises" / "zh").rglob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for i, cell in enumerate(cells):
            source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            yield f"{path.relative_to(root).as_posix()} cell {i}", source


def says(chinese: str, form: str) -> bool:
    return i18n_checks.unspaced(form) in i18n_checks.unspaced(chinese)


def term_problems(entries: list[Entry], found: list[Message]) -> Iterator[str]:
    translated = [(m, prose_of(m.english)) for m in found if m.chinese != m.english]
    for entry in entries:
        forms = [entry.zh, *entry.also]
        for m, prose in translated:  # (a message kept as it is, code or a name, translates nothing)
            if entry.en.lower().split()[0].removesuffix("y") not in prose or not entry.said_in(prose):
                continue
            if not any(says(m.chinese, form) for form in forms):
                yield f"{m.where}: {m.english[:70]!r} says {entry.en!r} but not {entry.zh!r}: {m.chinese[:80]!r}"
            for bad in entry.avoid:
                if says(m.chinese, bad) and bad not in m.english:
                    yield f"{m.where}: {m.english[:70]!r} says {bad!r}, not the termbase's {entry.zh!r}"


def anywhere_problems(entries: list[Entry], found: list[Message], root: Path) -> Iterator[str]:
    texts = [(m.where, m.chinese) for m in found if m.chinese != m.english and not _quotes(m)]
    texts += list(notebook_texts(root))
    texts = [(where, i18n_checks.unspaced(text)) for where, text in texts]
    for entry in entries:
        if not entry.anywhere:
            continue
        for where, text in texts:
            for bad in entry.avoid:
                if i18n_checks.unspaced(bad) in text:
                    yield f"{where}: says {bad!r}, the termbase's form is {entry.zh!r} ({entry.en!r})"


def _quotes(m: Message) -> bool:
    """Whether a message's English quotes Chinese itself (a source's words): its Chinese may too."""
    return _CHINESE.search(m.english) is not None


_CHINESE = re.compile("[\u3400-\u4dbf\u4e00-\u9fff]")


def item_problems(entries: list[Entry]) -> Iterator[str]:
    for entry in entries:
        if entry.section != "items":
            continue
        if entry.source not in SOURCES or not entry.spelling:
            yield f"{TERMBASE.as_posix()}: item {entry.en!r}: say its source (000–004) and the source's spelling"
        elif i18n_checks.unspaced(entry.zh) != i18n_checks.unspaced(entry.spelling) and not entry.reason:
            yield (
                f"{TERMBASE.as_posix()}: item {entry.en!r} is {entry.zh!r}, source {entry.source} spells it "
                f"{entry.spelling!r}: use the source's word or record a reason beside it"
            )


def memory_problems(found: list[Message], memory: dict[str, str]) -> Iterator[str]:
    """The same English translated two ways (the translation memory)."""
    forms: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for m in found:
        if m.chinese != m.english:
            forms[m.english][m.chinese].append(m.where)
    for english, chinese in forms.items():
        if len(chinese) > 1 and english not in memory:
            listed = "; ".join(
                f"{zh[:50]!r} ({', '.join(w[:40] for w in where[:3])})" for zh, where in chinese.items()
            )
            yield f"{english[:70]!r} has {len(chinese)} translations: {listed}"


def glossary_problems(entries: list[Entry], root: Path) -> Iterator[str]:
    terms = {e.en: e for e in entries if e.section == "terms"}
    for term in i18n_checks.glossary_terms(root):
        entry = terms.get(term.english)
        if entry is None:
            yield f"{TERMBASE.as_posix()}: the glossary's {term.english!r} ({term.chinese}) is not a term"
        elif i18n_checks.unspaced(entry.zh) != i18n_checks.unspaced(term.chinese):
            yield f"{TERMBASE.as_posix()}: {term.english!r} is {entry.zh!r}, the glossary says {term.chinese!r}"


def variants(root: Path) -> dict[str, set[str]]:
    """The translation memory's count: each English message with more than one Chinese form."""
    forms: dict[str, set[str]] = defaultdict(set)
    for m in messages(root):
        if m.chinese != m.english:
            forms[m.english].add(m.chinese)
    return {english: chinese for english, chinese in forms.items() if len(chinese) > 1}


def problems(root: Path) -> list[str]:
    entries, memory = load(root)
    found = list(messages(root))
    return [
        *glossary_problems(entries, root),
        *item_problems(entries),
        *term_problems(entries, found),
        *anywhere_problems(entries, found, root),
        *memory_problems(found, memory),
    ]


def _replace_avoided(entries: list[Entry], english: str, chinese: str) -> str:
    for entry in entries:
        if entry.anywhere or entry.said_by(english):
            for bad in sorted(entry.avoid, key=len, reverse=True):
                if bad not in english and bad in chinese and bad not in entry.zh:
                    chinese = chinese.replace(bad, entry.zh)
    return chinese


def _chosen(entries: list[Entry], english: str, forms: dict[str, int]) -> str:
    """The one translation of an English message translated several ways: the one that says the
    termbase's forms, then the most used, then the first met."""

    def score(item: tuple[int, tuple[str, int]]) -> tuple[int, int, int]:
        index, (chinese, count) = item
        fine = all(says(chinese, e.zh) for e in entries if e.said_by(english))
        return (int(fine), count, -index)

    return max(enumerate(forms.items()), key=score)[1][0]


def fix(root: Path) -> int:
    """Write the termbase's forms into the catalogues: each avoided form replaced by the entry's
    form, then each English message given its one translation (:func:`_chosen`), unless
    ``memory`` records why it has two. Return how many translations changed; what is left (a
    message that says a term some other way) is for a translator, listed by :func:`problems`."""
    entries, memory = load(root)
    paths = [
        p
        for folder in (i18n.catalogue_dir(root), i18n.package_dir(root))
        for p in sorted(folder.rglob("*.po"))
    ]
    catalogues = {path: i18n.read(path) for path in paths}
    changed: set[Path] = set()
    count = 0
    for path, catalogue in catalogues.items():
        for m in catalogue:
            if m.id and m.string and not m.fuzzy and m.string != m.id:
                new = _replace_avoided(entries, m.id, m.string)
                if new != m.string:
                    m.string, count = new, count + 1
                    changed.add(path)
    forms: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for catalogue in catalogues.values():
        for m in catalogue:
            if m.id and m.string and not m.fuzzy and m.string != m.id:
                forms[m.id][m.string] += 1
    for path, catalogue in catalogues.items():
        for m in catalogue:
            if m.id in memory or len(forms.get(m.id, ())) < 2 or m.fuzzy or m.string == m.id:
                continue
            one = _chosen(entries, m.id, forms[m.id])
            if m.string != one:
                m.string, count = one, count + 1
                changed.add(path)
    for path in changed:
        i18n.write(path, catalogues[path])
    return count


def main(argv: list[str] | None = None) -> int:
    """``python -m ndcg_book termbase [--fix]``: list the problems (and give the termbase's forms first)."""
    words = (
        "translation(s) given the termbase's forms",
        "termbase problem(s)",
        "every phrase has its one Chinese form",
    )
    return i18n.catalogue_check("python -m ndcg_book termbase", __doc__, fix, problems, words, argv)
