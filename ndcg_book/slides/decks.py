"""A deck loaded: its words in its language, its templates computed (:func:`load`)."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path

from ndcg.course import i18n

from .source import FIGURE, SOURCE, DeckError, split_source
from .words import DOMAIN, page_words, translate_slides, words


@dataclass
class Slide:
    """One slide: its Markdown (templates already computed) and its speaker notes."""

    markdown: str
    notes: str


@dataclass
class Deck:
    """A parsed deck: its name (``02_dcg``), title, chapter page, figures and slides."""

    name: str
    title: str
    chapter: str
    figures: dict[str, str] = field(default_factory=dict)
    slides: list[Slide] = field(default_factory=list)
    #: The names the front matter's ``compute`` code defined (the figures see them too).
    names: dict = field(default_factory=dict, repr=False)
    #: The deck's language: ``"en"``, or ``"zh"`` (its words from its catalogue, :func:`load`).
    language: str = "en"


def load(path: Path, language: str = "en") -> Deck:
    """Read a deck and compute its templates (:func:`ndcg.course.cards.templates.render_template`).

    In another language than English (``language="zh"``) each block and each line of notes is first replaced by its
    translation from the deck's catalogue (:func:`translate_slides`; English where there is none
    yet), so the templates are computed in the Chinese text: the same values."""
    from ndcg.course.cards.templates import namespace, render_template

    path = Path(path)
    root = path.resolve().parents[len(Path(SOURCE).parts)]  # the course that holds the deck's folder
    names = {**namespace(), "itertools": itertools}
    meta, raw = split_source(path.read_text(encoding="utf-8"), path.name)
    if language != i18n.SOURCE:
        raw = translate_slides(raw, words(f"{DOMAIN}/{path.stem}", language))
    computed = compute(meta.get("compute") or "", names, root, path.name)
    names.update(computed)
    slides = []
    for number, (markdown, notes) in enumerate(raw, start=2):
        try:
            slides.append(Slide(render_template(markdown, names), render_template(notes, names)))
        except ValueError as error:
            raise DeckError(f"{path.name}, slide {number}: {error}") from error
    for number, slide in enumerate(slides, start=2):
        if "$" in slide.notes or "\\(" in slide.notes:
            raise DeckError(
                f"{path.name}, slide {number}: speaker notes hold no maths "
                "(the speaker view shows them as HTML and cannot typeset TeX)"
            )
    figures = dict(meta.get("figures") or {})
    for number, slide in enumerate(slides, start=2):
        for figure in FIGURE.findall(slide.markdown):
            if figure not in figures:
                raise DeckError(f"{path.name}, slide {number}: no figure {figure!r} in the front matter")
    chapter = str(meta["chapter"])
    title = chapter_title(root, chapter, path.name)
    title = page_words(root, chapter, language)(title)
    return Deck(path.stem, title, chapter, figures, slides, computed, language)


def compute(code: str, names: dict, root: Path, name: str = "deck") -> dict:
    """Run a deck's ``compute`` code with the templates' ``names`` and ``course`` (the course's
    folder); return the names it defined (public ones: no leading underscore, no module).

    >>> sorted(compute("x = dcg([3, 2, 1])\\nimport math\\n_y = 1", {"dcg": lambda g: 4}, Path(".")))
    ['x']
    """
    if not code.strip():
        return {}
    scope = {**names, "course": Path(root)}
    try:
        exec(code, scope)
    except Exception as error:
        raise DeckError(f"{name}: its compute code failed: {type(error).__name__}: {error}") from error
    return {
        key: value
        for key, value in scope.items()
        if not key.startswith("_")
        and key not in ("course", "__builtins__")
        and (key not in names or names[key] is not value)
        and not isinstance(value, type(itertools))
    }


def chapter_title(root: Path, chapter: str, name: str = "deck") -> str:
    """The title of a chapter page: the first ``# `` heading of ``<root>/<chapter>.md``."""
    source = Path(root) / f"{chapter}.md"
    if not source.is_file():
        raise DeckError(f"{name}: no chapter {chapter!r} ({source.name} not found)")
    heading = re.search(r"^# (.+)$", source.read_text(encoding="utf-8"), re.MULTILINE)
    if not heading:
        raise DeckError(f"{name}: the chapter {chapter!r} has no '# ' title")
    return heading.group(1).strip()
