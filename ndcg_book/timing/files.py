"""The course's files the timings read: the chapters, their companion pages, their Chinese
catalogues and their solutions, found from the course's folder. Standard library, and the languages' names
(:func:`ndcg.course.i18n.language_of`)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from ndcg.course.i18n import language_of

from .checks import Exercise, read_exercises
from .reading import Chapter, Translation, read_chapter


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


def catalogue_path(name: str, course: Path, locale: str = CATALOGUES.parts[1]) -> Path:
    """The catalogue of chapter ``name`` (``"02_dcg"``, ``"further/04-ties"``) in ``locale``
    (the Chinese by default)."""
    return course / CATALOGUES.parents[1] / locale / "LC_MESSAGES" / "chapters" / f"{name}.po"


def chapter(name: str, course: Path | None = None, language: str = "en") -> Chapter:
    """The counts of chapter ``name`` (``"04_ndcg"``, or a companion page, ``"further/04-ties"``)
    from the course's files; ``language="zh_CN"``: of its Chinese page (the 字 of its catalogue's
    translations, at :data:`CHARACTERS_PER_MINUTE`), which must have a catalogue."""
    course = course or root()
    text = (course / "chapters" / f"{name}.md").read_text(encoding="utf-8")
    executed = course / "notebooks" / "chapters" / f"{name}.ipynb"
    notebook = json.loads(executed.read_text(encoding="utf-8")) if executed.is_file() else None
    translation = None
    if language_of(language) == "zh":
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
