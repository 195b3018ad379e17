"""The course's content model: the chapter files, their validation and loading.

Every chapter has a YAML file in ``ndcg/course/content/`` (see
:mod:`ndcg.course.cards` for the format). :func:`load` reads one into a
:class:`Deck` of :class:`Flashcard` and :class:`Question` (each with its
:class:`Option`), with every ``{{ }}`` template rendered
(:mod:`ndcg.course.cards.templates`); the text stays Markdown.

A deck is loaded in English (the file as written) or in Chinese (``load("02_dcg", "zh")``): each
text field is looked up in the chapter's catalogue,
``ndcg/course/locales/zh_CN/LC_MESSAGES/cards/<chapter>.po`` (its context the card's or
question's id and the field, ``dcg-why-log:back``, ``dcg-q-formula:B:feedback``), **before** its
templates are computed, so both languages show the same computed values; a text not translated
yet stays English. A true-false question's "True" and "False" are the views' words
(:mod:`ndcg.course.cards.words`). A card's ``source`` with words (``004, flashcard #5``; not a
bare ``002``) is looked up by its text in one catalogue for every chapter, :data:`SOURCES_DOMAIN`
(the same source cited by several cards is one message).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import i18n, manifest
from .templates import namespace, render_template
from .words import word

#: Where the chapter files live.
CONTENT_DIR = Path(__file__).resolve().parent.parent / "content"

#: The catalogue of the cards' and questions' sources (``004, stage 3``), by their English text.
SOURCES_DOMAIN = "cards/sources"
#: A source with words to translate: two Latin letters in a row (``flashcard``, ``FAQ``), not the
#: sources' numbers and sections alone (``002; 000 §1``).
_SOURCE_WORDS = re.compile(r"[A-Za-z]{2}")


def source_has_words(source: str) -> bool:
    """Whether a card's ``source`` has words to translate.

    >>> source_has_words("004, flashcard #5"), source_has_words("002; 000 §1")
    (True, False)
    """
    return bool(_SOURCE_WORDS.search(source))


#: Keys a flashcard, a question and an option may have (the first ones are required).
_CARD_FIELDS = ("id", "front", "back"), ("source",)
_QUESTION_FIELDS = ("id", "question", "options"), ("source", "kind")
_TRUE_FALSE_FIELDS = (
    ("id", "question", "kind", "answer", "feedback_true", "feedback_false", "why"),
    ("source",),
)
_OPTION_FIELDS = ("text", "correct", "feedback"), ("why",)

#: The kinds of quiz question: one right option (the default), a statement that is true or
#: false, and several right options to tick.
KINDS = ("single", "true-false", "multi-select")
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_LETTERS = "ABCDEFGHIJ"


@dataclass(frozen=True)
class Flashcard:
    """One flashcard; ``front`` and ``back`` are Markdown with maths, templates rendered."""

    id: str
    chapter: str
    front: str
    back: str
    source: str = ""


@dataclass(frozen=True)
class Option:
    """One answer option of a quiz question, with the feedback shown when it is chosen.

    A wrong option also says ``why`` people pick it (the misconception that makes it
    tempting), for the instructor notes; the reader's quiz never shows it.
    """

    text: str
    correct: bool
    feedback: str
    why: str = ""


@dataclass(frozen=True)
class Question:
    """A quiz question of one of the :data:`KINDS`, with feedback for every option.

    ``"single"`` (the default): several options, exactly one right.
    ``"true-false"``: a statement; its two options are "True" and "False", one of them right.
    ``"multi-select"``: several options, one or more right; the reader ticks every right one,
    and the answer is right only when the ticked set is exactly the set of right options.
    """

    id: str
    chapter: str
    question: str
    options: tuple
    source: str = ""
    kind: str = "single"

    @property
    def answers(self) -> tuple:
        """Indices of the correct options (one for "single" and "true-false")."""
        return tuple(i for i, option in enumerate(self.options) if option.correct)

    @property
    def answer(self) -> int:
        """Index of the correct option (a "multi-select" question has :attr:`answers` instead)."""
        if self.kind == "multi-select":
            raise ValueError(f"question {self.id!r} is multi-select: use .answers (the right options).")
        return self.answers[0]

    def is_right(self, chosen) -> bool:
        """Whether ``chosen`` (an option index, or for "multi-select" the ticked indices) is right."""
        if self.kind == "multi-select":
            return set(chosen) == set(self.answers)
        return chosen in self.answers


@dataclass(frozen=True)
class Deck:
    """A chapter's flashcards and quiz questions."""

    chapter: str
    title: str
    flashcards: tuple
    quiz: tuple
    #: The deck's language, ``"en"`` or ``"zh"`` (:data:`ndcg.course.i18n.LANGUAGES`).
    language: str = "en"
    #: The file it was loaded from (how :func:`as_deck` loads it in another language).
    path: str = field(default="", compare=False, repr=False)


def chapters() -> list[str]:
    """The chapters, in course order (:func:`ndcg.course.manifest.chapter_stems`): each has a
    content file, ``content/<chapter>.yaml``.

    >>> chapters()
    ['00_why', '01_cg', '02_dcg', '03_idcg', '04_ndcg', '05_mrr', '06_ltr']
    """
    return manifest.chapter_stems()


def load(chapter: str, language: str = "en") -> Deck:
    """Load a chapter's flashcards and quiz, with every template rendered.

    Parameters
    ----------
    chapter : str
        A chapter key such as ``"02_dcg"`` (see :func:`chapters`).
    language : str
        ``"en"`` (the file as written) or ``"zh"`` (every text from the chapter's catalogue,
        English where a text is not translated yet).

    Returns
    -------
    Deck

    Raises
    ------
    ValueError
        For an unknown chapter (the message lists the valid ones), and for a
        file that breaks the format (the message names the file and the entry).

    Examples
    --------
    >>> deck = load("02_dcg")
    >>> card = deck.flashcards[0]
    >>> card.chapter, card.id == deck.flashcards[0].id
    ('02_dcg', True)
    >>> load("07_magic")
    Traceback (most recent call last):
    ...
    ValueError: chapter must be one of '00_why', '01_cg', '02_dcg', '03_idcg', '04_ndcg', '05_mrr', '06_ltr'; got '07_magic'.
    """
    valid = chapters()
    if not isinstance(chapter, str) or chapter not in valid:
        listed = ", ".join(repr(name) for name in valid)
        raise ValueError(f"chapter must be one of {listed}; got {chapter!r}.")
    return load_file(CONTENT_DIR / f"{chapter}.yaml", language)


def load_all(language: str = "en") -> list[Deck]:
    """Every chapter's deck, in course order; ids must be unique across all files.

    >>> decks = load_all()
    >>> [deck.chapter for deck in decks] == chapters()
    True
    """
    decks = [load(chapter, language) for chapter in chapters()]
    seen: dict[str, str] = {}
    for deck in decks:
        for entry in deck.flashcards + deck.quiz:
            if entry.id in seen:
                raise ValueError(
                    f"{deck.chapter}.yaml: id {entry.id!r} is also used in {seen[entry.id]}.yaml; "
                    "ids must be unique across all files."
                )
            seen[entry.id] = deck.chapter
    return decks


def _check_keys(entry, fields, where: str, flags=("correct",)) -> None:
    required, optional = fields
    if not isinstance(entry, dict):
        raise ValueError(f"{where}: expected a mapping with {', '.join(required)}; got {entry!r}.")
    for key in required:
        if key not in entry or entry[key] is None or entry[key] == "":
            raise ValueError(f"{where}: missing field {key!r}.")
    unknown = sorted(set(entry) - set(required) - set(optional))
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(map(repr, unknown))}.")
    for key in set(entry) - {*flags, "options"}:
        if not isinstance(entry[key], str):
            raise ValueError(f"{where}: field {key!r} must be text; got {entry[key]!r}.")


def load_file(path, language: str = "en") -> Deck:
    """Load one content file (see :func:`load`); for tests and new chapters.

    The chapter key is the file's name without ``.yaml``, and the file's
    ``chapter:`` must agree with it. In ``language`` ``"zh"``, the texts come from the catalogue
    ``cards/<chapter>`` (English where it has none).
    """
    import yaml

    if language not in i18n.LANGUAGES:
        raise ValueError(f"language must be one of {i18n.LANGUAGES}; got {language!r}.")

    path = Path(path)
    name = path.name
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise ValueError(f"{name}: not valid YAML: {error}") from None
    if not isinstance(data, dict):
        raise ValueError(f"{name}: expected a mapping with chapter, title, flashcards and quiz.")
    for key in ("chapter", "title", "flashcards", "quiz"):
        if key not in data:
            raise ValueError(f"{name}: missing field {key!r}.")
    unknown = sorted(set(data) - {"chapter", "title", "flashcards", "quiz"})
    if unknown:
        raise ValueError(f"{name}: unknown field(s) {', '.join(map(repr, unknown))}.")
    chapter = data["chapter"]
    if chapter != path.stem:
        raise ValueError(f"{name}: chapter is {chapter!r} but the file is named {path.stem!r}.")
    for key in ("flashcards", "quiz"):
        if not isinstance(data[key], list) or not data[key]:
            raise ValueError(f"{name}: {key} must be a non-empty list.")

    names = namespace()
    seen: set[str] = set()
    domain = f"cards/{chapter}"

    def said(value, context: str) -> str:
        """A field as written, or its translation (looked up with the field as written, the
        catalogue's English, before any template is computed)."""
        return i18n.translator(domain, context, language)(str(value))

    def source(entry) -> str:
        """The entry's source as written, or its translation when it has words."""
        raw = str(entry.get("source", "")).strip()
        return i18n.translator(SOURCES_DOMAIN, "source", language)(raw) if source_has_words(raw) else raw

    def ident(entry, where: str) -> str:
        value = entry["id"]
        if not _ID.match(value):
            raise ValueError(f"{where}: id {value!r} must be lower-case words joined by '-'.")
        if value in seen:
            raise ValueError(f"{where}: duplicate id {value!r}.")
        seen.add(value)
        return value

    def text(value: str, where: str) -> str:
        try:
            return render_template(value.strip(), names)
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None

    flashcards = []
    for number, entry in enumerate(data["flashcards"], start=1):
        where = f"{name}: flashcard {number}" + (
            f" ({entry.get('id')!r})" if isinstance(entry, dict) and entry.get("id") else ""
        )
        _check_keys(entry, _CARD_FIELDS, where)
        flashcards.append(
            Flashcard(
                id=ident(entry, where),
                chapter=chapter,
                front=text(said(entry["front"], f"{entry['id']}:front"), where),
                back=text(said(entry["back"], f"{entry['id']}:back"), where),
                source=source(entry),
            )
        )

    questions = []
    for number, entry in enumerate(data["quiz"], start=1):
        where = f"{name}: question {number}" + (
            f" ({entry.get('id')!r})" if isinstance(entry, dict) and entry.get("id") else ""
        )
        kind = entry.get("kind", "single") if isinstance(entry, dict) else "single"
        if kind not in KINDS:
            listed = ", ".join(repr(k) for k in KINDS)
            raise ValueError(f"{where}: kind must be one of {listed}; got {kind!r}.")
        if kind == "true-false":
            if isinstance(entry, dict) and "options" in entry:
                raise ValueError(
                    f"{where}: a true-false question has no options: give answer: true or false, "
                    "feedback_true and feedback_false."
                )
            _check_keys(entry, _TRUE_FALSE_FIELDS, where, flags=("answer",))
            if not isinstance(entry["answer"], bool):
                raise ValueError(f"{where}: answer must be true or false; got {entry['answer']!r}.")
            qid = entry["id"]
            why = text(said(entry["why"], f"{qid}:why"), f"{where}, why")
            options = [
                Option(
                    word("true", language),
                    entry["answer"],
                    text(said(entry["feedback_true"], f"{qid}:feedback_true"), f"{where}, feedback_true"),
                    "" if entry["answer"] else why,
                ),
                Option(
                    word("false", language),
                    not entry["answer"],
                    text(said(entry["feedback_false"], f"{qid}:feedback_false"), f"{where}, feedback_false"),
                    why if entry["answer"] else "",
                ),
            ]
        else:
            _check_keys(entry, _QUESTION_FIELDS, where)
            if not isinstance(entry["options"], list) or len(entry["options"]) < 2:
                raise ValueError(f"{where}: options must be a list of at least two options.")
            if len(entry["options"]) > len(_LETTERS):
                raise ValueError(f"{where}: at most {len(_LETTERS)} options; got {len(entry['options'])}.")
            options = []
            for letter, option in zip(_LETTERS, entry["options"]):
                at = f"{where}, option {letter}"
                _check_keys(option, _OPTION_FIELDS, at)
                if not isinstance(option["correct"], bool):
                    raise ValueError(f"{at}: correct must be true or false; got {option['correct']!r}.")
                context = f"{entry['id']}:{letter}"
                options.append(
                    Option(
                        text(said(option["text"], f"{context}:text"), at),
                        option["correct"],
                        text(said(option["feedback"], f"{context}:feedback"), at),
                        text(said(option["why"], f"{context}:why"), at) if "why" in option else "",
                    )
                )
            n_correct = sum(option.correct for option in options)
            if kind == "single" and n_correct != 1:
                raise ValueError(
                    f"{where}: exactly one option must be correct; {n_correct} are "
                    "(a question with several right options is kind: multi-select)."
                )
            if kind == "multi-select" and n_correct < 1:
                raise ValueError(
                    f"{where}: a multi-select question needs at least one correct option; 0 are."
                )
            for letter, option in zip(_LETTERS, entry["options"]):
                at = f"{where}, option {letter}"
                if not option["correct"] and not option.get("why", "").strip():
                    raise ValueError(
                        f"{at}: a wrong option needs 'why': why people pick it (the misconception "
                        "that makes it tempting), for the instructor notes."
                    )
                if option["correct"] and "why" in option:
                    raise ValueError(f"{at}: a right option has no 'why' (only wrong options tempt).")
        questions.append(
            Question(
                id=ident(entry, where),
                chapter=chapter,
                question=text(said(entry["question"], f"{entry['id']}:question"), where),
                options=tuple(options),
                source=source(entry),
                kind=kind,
            )
        )

    return Deck(
        chapter=chapter,
        title=said(data["title"], "title"),
        flashcards=tuple(flashcards),
        quiz=tuple(questions),
        language=language,
        path=str(path),
    )


def as_deck(chapter, language: str | None = None) -> Deck:
    """A chapter's :class:`Deck`: a chapter key is loaded (:func:`load`), a Deck passes through;
    with ``language``, in that language (a Deck made by hand, with no file, stays as it is).

    >>> as_deck("01_cg") == as_deck(load("01_cg"))
    True
    >>> as_deck(load("01_cg"), "zh").language
    'zh'
    """
    if not isinstance(chapter, Deck):
        return load(chapter, language or "en")
    if language is None or chapter.language == language or not chapter.path:
        return chapter
    return load_file(chapter.path, language)
