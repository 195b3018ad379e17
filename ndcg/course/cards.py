"""Flashcards and quiz questions of the course, written once as data.

Every chapter has a YAML file in ``ndcg/course/content/`` (``02_dcg.yaml``, ...)
with its flashcards and its multiple-choice quiz. This module reads them and
renders them three ways:

* as plain data (:func:`load`), for the live ipywidgets views of
  :mod:`ndcg.course.widgets` and for the Anki export of :mod:`ndcg.course.anki`;
* as small self-contained HTML snippets that work in the built book with no
  kernel and no network (:func:`flashcards`, :func:`quiz`): inline CSS, an
  inline script of our own, the data embedded as JSON;
* as one printable page of every flashcard (:func:`printable_html`).

The file format
---------------
.. code-block:: yaml

    chapter: 02_dcg
    title: "DCG: discounting by position"
    flashcards:
      - id: dcg-why-log            # unique across all files, stable forever
        front: Why does DCG divide a gain by $\\log_2(i+1)$?
        back: Rank 2 keeps {{ discounts(2)[1] :.0% }} of its gain.
        source: 004, flashcard #1  # optional
    quiz:
      - id: dcg-q-formula
        question: Which expression is DCG@3 of the grades [3, 2, 1]?
        source: 004, stage 1 quiz  # optional
        options:
          - text: $3 + 2 + 1$ = {{ cg([3, 2, 1]) :g }}
            correct: false
            feedback: That is CG, with no discount at all.

Text is Markdown (``**bold**``, ``*italic*``, ```code```, ``- `` lists,
blank lines between paragraphs) with ``$...$`` and ``$$...$$`` maths. A
template ``{{ expr }}`` or ``{{ expr :spec }}`` is replaced, when the file is
loaded, by the value of the Python expression ``expr`` formatted with the
format ``spec`` (the text after the last colon that follows a space). The
expression sees the public functions of :mod:`ndcg` and
:mod:`ndcg.precision`, the examples of :mod:`ndcg.course.examples` (``MOVIES``, ...),
``math`` and ``np``. So a number in an answer is computed, never typed.
Without a spec, an integer is shown as it is and any other number with three
decimals.

Examples
--------
>>> from ndcg.course import cards
>>> cards.chapters()[:3]
['00_why', '01_cg', '02_dcg']
>>> deck = cards.load("02_dcg")
>>> deck.title
'DCG: discounting by position'
>>> len(deck.flashcards) >= 6 and len(deck.quiz) >= 4
True
>>> cards.render_template("DCG@3 of [3, 2, 1] is {{ dcg([3, 2, 1]) :.3f }}.")
'DCG@3 of [3, 2, 1] is 4.762.'
"""

from __future__ import annotations

import builtins
import html
import itertools
import json
import math
import random
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .display import decimals_of_spec, fmt

#: Where the chapter files live.
CONTENT_DIR = Path(__file__).resolve().parent / "content"

#: Keys a flashcard, a question and an option may have (the first ones are required).
_CARD_FIELDS = ("id", "front", "back"), ("source",)
_QUESTION_FIELDS = ("id", "question", "options"), ("source",)
_OPTION_FIELDS = ("text", "correct", "feedback"), ()
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


# -- data -------------------------------------------------------------------------


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
    """One answer option of a quiz question, with the feedback shown when it is chosen."""

    text: str
    correct: bool
    feedback: str


@dataclass(frozen=True)
class Question:
    """A multiple-choice question with exactly one correct option."""

    id: str
    chapter: str
    question: str
    options: tuple
    source: str = ""

    @property
    def answer(self) -> int:
        """Index of the correct option."""
        return next(i for i, option in enumerate(self.options) if option.correct)


@dataclass(frozen=True)
class Deck:
    """A chapter's flashcards and quiz questions."""

    chapter: str
    title: str
    flashcards: tuple
    quiz: tuple


# -- templates ----------------------------------------------------------------------

_TEMPLATE = re.compile(r"\{\{(.*?)\}\}", re.DOTALL)


def _namespace() -> dict:
    import ndcg
    from ndcg import precision
    from ndcg.course import examples

    names = {"math": math, "np": np}
    names.update({name: getattr(ndcg, name) for name in ndcg.__all__})
    names.update({name: getattr(precision, name) for name in dir(precision)
                  if not name.startswith("_") and callable(getattr(precision, name))
                  and getattr(getattr(precision, name), "__module__", "") == precision.__name__})
    names.update({name: getattr(examples, name) for name in dir(examples) if name.isupper()})
    names["Ranking"] = examples.Ranking
    return names


def _split_spec(body: str) -> tuple[str, str | None]:
    """Split ``"expr :spec"`` into expression and format spec (None if none)."""
    match = re.search(r"\s:([^:]*)$", body)
    if match:
        expression = body[: match.start()].strip()
        try:
            compile(expression, "<template>", "eval")
        except SyntaxError:
            pass
        else:
            return expression, match.group(1).strip()
    return body.strip(), None


def _format(value, spec: str | None) -> str:
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value) if spec is None else format(value, spec)
    if spec is None:
        return str(value) if isinstance(value, int) else fmt(value, ".3f")
    try:
        decimals_of_spec(spec)
    except ValueError:  # not a fixed-point spec ("g", "s", "e"): formatted as asked
        return format(value, spec)
    return fmt(value, spec)


def render_template(text: str, names: dict | None = None) -> str:
    """Replace every ``{{ expr }}`` / ``{{ expr :spec }}`` in ``text`` by its value.

    Parameters
    ----------
    text : str
        Text with templates.
    names : dict, optional
        The namespace the expressions see; by default the public functions
        of ``ndcg`` and ``ndcg.precision``, the examples, ``math`` and ``np``.

    Returns
    -------
    str

    Raises
    ------
    ValueError
        If an expression fails; the message quotes it.

    Examples
    --------
    >>> render_template("NDCG@3 = {{ ndcg(MOVIES.grades, 3) :.3f }}")
    'NDCG@3 = 0.905'
    >>> render_template("rank 2 keeps {{ discounts(2)[1] :.0% }}, CG = {{ cg([3, 2, 1]) }}")
    'rank 2 keeps 63%, CG = 6.000'
    >>> render_template("{{ int(cg([3, 2, 1])) }} points")
    '6 points'
    >>> render_template("{{ nonsense(1) }}")
    Traceback (most recent call last):
    ...
    ValueError: template {{ nonsense(1) }} failed: NameError: name 'nonsense' is not defined
    """
    if not isinstance(text, str):
        raise ValueError(f"text must be a str; got {type(text).__name__}.")
    names = _namespace() if names is None else names

    def replace(match: re.Match) -> str:
        expression, spec = _split_spec(match.group(1))
        try:
            # the names are globals, so that comprehensions see them too
            value = eval(expression, {"__builtins__": builtins, **names})  # noqa: S307
            return _format(value, spec)
        except Exception as error:  # any failure names the template
            raise ValueError(
                f"template {{{{{match.group(1)}}}}} failed: {type(error).__name__}: {error}"
            ) from None

    return _TEMPLATE.sub(replace, text)


# -- loading ---------------------------------------------------------------------------


def chapters() -> list[str]:
    """The chapter keys that have a content file, in course order.

    >>> chapters()
    ['00_why', '01_cg', '02_dcg', '03_idcg', '04_ndcg', '05_mrr', '06_ltr']
    """
    return sorted(path.stem for path in CONTENT_DIR.glob("*.yaml"))


def load(chapter: str) -> Deck:
    """Load a chapter's flashcards and quiz, with every template rendered.

    Parameters
    ----------
    chapter : str
        A chapter key such as ``"02_dcg"`` (see :func:`chapters`).

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
    return load_file(CONTENT_DIR / f"{chapter}.yaml")


def load_all() -> list[Deck]:
    """Every chapter's deck, in course order; ids must be unique across all files.

    >>> decks = load_all()
    >>> [deck.chapter for deck in decks] == chapters()
    True
    """
    decks = [load(chapter) for chapter in chapters()]
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


def _check_keys(entry, fields, where: str) -> None:
    required, optional = fields
    if not isinstance(entry, dict):
        raise ValueError(f"{where}: expected a mapping with {', '.join(required)}; got {entry!r}.")
    for key in required:
        if key not in entry or entry[key] is None or entry[key] == "":
            raise ValueError(f"{where}: missing field {key!r}.")
    unknown = sorted(set(entry) - set(required) - set(optional))
    if unknown:
        raise ValueError(f"{where}: unknown field(s) {', '.join(map(repr, unknown))}.")
    for key in set(entry) - {"correct", "options"}:
        if not isinstance(entry[key], str):
            raise ValueError(f"{where}: field {key!r} must be text; got {entry[key]!r}.")


def load_file(path) -> Deck:
    """Load one content file (see :func:`load`); for tests and new chapters.

    The chapter key is the file's name without ``.yaml``, and the file's
    ``chapter:`` must agree with it.
    """
    import yaml

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

    names = _namespace()
    seen: set[str] = set()

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
            f" ({entry.get('id')!r})" if isinstance(entry, dict) and entry.get("id") else "")
        _check_keys(entry, _CARD_FIELDS, where)
        flashcards.append(Flashcard(
            id=ident(entry, where), chapter=chapter, front=text(entry["front"], where),
            back=text(entry["back"], where), source=entry.get("source", "").strip(),
        ))

    questions = []
    for number, entry in enumerate(data["quiz"], start=1):
        where = f"{name}: question {number}" + (
            f" ({entry.get('id')!r})" if isinstance(entry, dict) and entry.get("id") else "")
        _check_keys(entry, _QUESTION_FIELDS, where)
        if not isinstance(entry["options"], list) or len(entry["options"]) < 2:
            raise ValueError(f"{where}: options must be a list of at least two options.")
        options = []
        for letter, option in zip("ABCDEFGHIJ", entry["options"]):
            at = f"{where}, option {letter}"
            _check_keys(option, _OPTION_FIELDS, at)
            if not isinstance(option["correct"], bool):
                raise ValueError(f"{at}: correct must be true or false; got {option['correct']!r}.")
            options.append(Option(text(option["text"], at), option["correct"], text(option["feedback"], at)))
        n_correct = sum(option.correct for option in options)
        if n_correct != 1:
            raise ValueError(f"{where}: exactly one option must be correct; {n_correct} are.")
        questions.append(Question(
            id=ident(entry, where), chapter=chapter, question=text(entry["question"], where),
            options=tuple(options), source=entry.get("source", "").strip(),
        ))

    return Deck(chapter=chapter, title=str(data["title"]), flashcards=tuple(flashcards), quiz=tuple(questions))


# -- Leitner schedule -------------------------------------------------------------------


class Leitner:
    """A deterministic Leitner schedule: five boxes, lower boxes come back sooner.

    Every card starts in box 1. Answering "got it" moves the shown card up one
    box (at most box 5), "again" sends it back to box 1. The schedule counts
    *steps* (one per card shown): a card in box ``b`` is due again
    ``INTERVALS[b]`` = 1, 2, 4, 8 or 16 steps after it was last shown. The
    next card is the one with the earliest due step, ties going to the lower
    box, then to the card seen longest ago, then to the deck order (which
    :meth:`shuffle` changes). The card just shown is never shown twice in a
    row. The kernel-free flashcards of the book run the same rule in
    JavaScript.

    Parameters
    ----------
    card_ids : sequence of str
        The cards, in deck order (the first one is shown first).
    seed : int, optional
        Seed of the random generator that :meth:`shuffle` uses.

    Examples
    --------
    >>> deck = Leitner(["a", "b", "c"])
    >>> deck.current
    'a'
    >>> deck.got_it()          # a goes to box 2; next card
    'b'
    >>> deck.again()           # b stays in box 1
    'c'
    >>> deck.got_it()
    'b'
    >>> deck.box("a"), deck.box("b"), deck.box("c")
    (2, 1, 2)
    >>> deck.counts()
    {1: 1, 2: 2, 3: 0, 4: 0, 5: 0}
    >>> deck.previous()        # back to the card shown before
    'c'
    """

    #: Steps until a card of each box is due again.
    INTERVALS = {1: 1, 2: 2, 3: 4, 4: 8, 5: 16}

    def __init__(self, card_ids, seed=0):
        ids = list(card_ids)
        if not ids:
            raise ValueError("card_ids must hold at least one card id.")
        if len(set(ids)) != len(ids):
            raise ValueError("card_ids must be unique; got duplicates.")
        self.ids = tuple(ids)
        self._rank = {card: n for n, card in enumerate(ids)}
        self._box = dict.fromkeys(ids, 1)
        self._due = dict.fromkeys(ids, 0)
        self._last = dict.fromkeys(ids, -1)
        self._rng = random.Random(seed)
        self._history: list[str] = []
        self.step = 0
        self.current = ids[0]

    def box(self, card_id) -> int:
        """The box (1 to 5) a card is in."""
        if card_id not in self._box:
            raise ValueError(f"card_id {card_id!r} is not in this deck.")
        return self._box[card_id]

    def counts(self) -> dict:
        """How many cards each box holds, ``{1: n1, ..., 5: n5}``."""
        return {b: sum(box == b for box in self._box.values()) for b in self.INTERVALS}

    def _key(self, card):
        return (self._due[card], self._box[card], self._last[card], self._rank[card])

    def _advance(self) -> str:
        card = self.current
        self._last[card] = self.step
        self._due[card] = self.step + self.INTERVALS[self._box[card]]
        self._history.append(card)
        self.step += 1
        candidates = [c for c in self.ids if c != card] or [card]
        self.current = min(candidates, key=self._key)
        return self.current

    def got_it(self) -> str:
        """The shown card goes up one box; return the next card's id."""
        self._box[self.current] = min(self._box[self.current] + 1, max(self.INTERVALS))
        return self._advance()

    def again(self) -> str:
        """The shown card goes back to box 1; return the next card's id."""
        self._box[self.current] = 1
        return self._advance()

    def next(self) -> str:
        """Skip to the next card without changing boxes; return its id."""
        return self._advance()

    def previous(self) -> str:
        """Go back to the card shown before (boxes unchanged); return its id."""
        if self._history:
            self.current = self._history.pop()
        return self.current

    def shuffle(self) -> str:
        """Shuffle the deck order (the last tie-break) and show the first card due."""
        order = list(self.ids)
        self._rng.shuffle(order)
        self._rank = {card: n for n, card in enumerate(order)}
        self.current = min(self.ids, key=self._key)
        return self.current


# -- Markdown to HTML -------------------------------------------------------------------

_MATH = re.compile(r"\$\$(.+?)\$\$|(?<![\\$])\$(?!\s)([^$\n]+?)(?<![\s\\])\$", re.DOTALL)
_CODE = re.compile(r"`([^`\n]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", re.DOTALL)
_BULLET = re.compile(r"^\s*[-*]\s+")
_NUMBERED = re.compile(r"^\s*\d+[.)]\s+")


def to_html(text: str) -> str:
    """Turn the content's small Markdown into HTML; maths becomes ``\\(..\\)`` / ``\\[..\\]``.

    Paragraphs are separated by blank lines; a paragraph whose lines all start
    with ``- `` (or ``1. ``) becomes a list. ``**bold**``, ``*italic*`` and
    ```code``` work inside a paragraph. Maths is passed to MathJax untouched
    (HTML-escaped), so ``$rel_i$`` keeps its underscore.

    Examples
    --------
    >>> to_html("DCG divides by $\\\\log_2(i+1)$: **rank** matters.")
    '<p>DCG divides by \\\\(\\\\log_2(i+1)\\\\): <strong>rank</strong> matters.</p>'
    >>> to_html("- one\\n- two")
    '<ul><li>one</li><li>two</li></ul>'
    >>> to_html("a < b and $a < b$")
    '<p>a &lt; b and \\\\(a &lt; b\\\\)</p>'
    """
    pieces: list[str] = []

    def keep(fragment: str) -> str:
        pieces.append(fragment)
        return f"\x00{len(pieces) - 1}\x00"

    def math_piece(match: re.Match) -> str:
        if match.group(1) is not None:
            return keep(r"\[" + html.escape(match.group(1).strip(), quote=False) + r"\]")
        return keep(r"\(" + html.escape(match.group(2), quote=False) + r"\)")

    text = _MATH.sub(math_piece, text)
    text = text.replace(r"\$", "$")
    text = _CODE.sub(lambda m: keep("<code>" + html.escape(m.group(1), quote=False) + "</code>"), text)
    text = html.escape(text, quote=False)
    text = _BOLD.sub(r"<strong>\1</strong>", text)
    text = _ITALIC.sub(r"<em>\1</em>", text)

    blocks = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [line for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        for pattern, tag in ((_BULLET, "ul"), (_NUMBERED, "ol")):
            if all(pattern.match(line) or line.startswith("  ") for line in lines) and pattern.match(lines[0]):
                items: list[str] = []
                for line in lines:
                    if pattern.match(line):
                        items.append(pattern.sub("", line).strip())
                    else:
                        items[-1] += " " + line.strip()
                blocks.append(f"<{tag}>" + "".join(f"<li>{item}</li>" for item in items) + f"</{tag}>")
                break
        else:
            blocks.append("<p>" + " ".join(line.strip() for line in lines) + "</p>")
    result = "".join(blocks)
    return re.sub("\x00(\\d+)\x00", lambda m: pieces[int(m.group(1))], result)


# -- kernel-free views -----------------------------------------------------------------

_COUNTER = itertools.count(1)


def _json_for_script(data) -> str:
    """JSON that is safe inside an inline <script> element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _deck(chapter) -> Deck:
    return chapter if isinstance(chapter, Deck) else load(chapter)


def _live_line(widget: str, chapter: str) -> str:
    code = f'from ndcg.course.widgets import {widget}; {widget}("{chapter}")'
    return (
        '<p class="ndcg-live">Running this notebook? Try the live widget: '
        f"<code>{html.escape(code)}</code></p>"
    )


_CSS = """
<style>
.ndcg-kf{--ndcg-fg:var(--pst-color-text-base,#222);--ndcg-muted:var(--pst-color-text-muted,#666);
 --ndcg-bg:var(--pst-color-surface,#f7f7f9);--ndcg-card:var(--pst-color-background,#fff);
 --ndcg-border:var(--pst-color-border,#d0d4da);--ndcg-accent:var(--pst-color-primary,#2b6cb0);
 --ndcg-good:var(--pst-color-success,#2f855a);--ndcg-bad:var(--pst-color-danger,#c53030);
 color:var(--ndcg-fg);background:var(--ndcg-bg);border:1px solid var(--ndcg-border);
 border-radius:10px;padding:0.9em 1.1em;margin:0.8em 0 1.2em;font-size:0.95em;line-height:1.5}
.ndcg-kf .ndcg-head{font-weight:600;margin-bottom:0.5em}
.ndcg-kf .ndcg-live{color:var(--ndcg-muted);font-size:0.85em;margin:0.7em 0 0}
.ndcg-kf .ndcg-live code{font-size:0.95em}
.ndcg-kf button{font:inherit;font-size:0.9em;cursor:pointer;color:var(--ndcg-fg);
 background:var(--ndcg-card);border:1px solid var(--ndcg-border);border-radius:6px;
 padding:0.3em 0.8em;margin:0.2em 0.35em 0.2em 0}
.ndcg-kf button:hover{border-color:var(--ndcg-accent)}
.ndcg-kf button:focus-visible{outline:2px solid var(--ndcg-accent);outline-offset:1px}
.ndcg-kf p{margin:0.3em 0}
.ndcg-kf ul,.ndcg-kf ol{margin:0.3em 0 0.3em 1.2em;padding:0}
.ndcg-fc-card{background:var(--ndcg-card);border:1px solid var(--ndcg-border);border-radius:8px;
 padding:0.8em 1em;min-height:6em;cursor:pointer}
.ndcg-fc-label{font-size:0.75em;text-transform:uppercase;letter-spacing:0.06em;color:var(--ndcg-muted)}
.ndcg-fc-back{border-top:1px dashed var(--ndcg-border);margin-top:0.6em;padding-top:0.5em}
.ndcg-fc-source{font-size:0.8em;color:var(--ndcg-muted);margin-top:0.4em}
.ndcg-fc-bar{margin-top:0.6em}
.ndcg-fc-status{font-size:0.85em;color:var(--ndcg-muted);margin-top:0.3em}
.ndcg-kf button.ndcg-got{border-color:var(--ndcg-good)}
.ndcg-kf button.ndcg-again{border-color:var(--ndcg-bad)}
.ndcg-qz-q{background:var(--ndcg-card);border:1px solid var(--ndcg-border);border-radius:8px;
 padding:0.7em 1em;margin:0.6em 0}
.ndcg-qz-opts{display:flex;flex-direction:column;align-items:stretch;margin-top:0.4em}
.ndcg-kf button.ndcg-qz-opt{text-align:left;margin:0.2em 0;padding:0.4em 0.7em}
.ndcg-kf button.ndcg-qz-opt.is-correct{border:2px solid var(--ndcg-good)}
.ndcg-kf button.ndcg-qz-opt.is-wrong{border:2px solid var(--ndcg-bad);opacity:0.85}
.ndcg-qz-fb{margin-top:0.4em;padding:0.4em 0.7em;border-left:4px solid var(--ndcg-border)}
.ndcg-qz-fb.is-correct{border-left-color:var(--ndcg-good)}
.ndcg-qz-fb.is-wrong{border-left-color:var(--ndcg-bad)}
.ndcg-qz-score{font-weight:600;margin-top:0.4em}
.ndcg-qz-letter{font-weight:600;margin-right:0.4em}
.ndcg-kf .ndcg-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.ndcg-qz-opt p,.ndcg-fc-card p{display:inline}
.ndcg-qz-opt p+p{display:block}
@media print{.ndcg-kf button,.ndcg-kf .ndcg-fc-bar,.ndcg-kf .ndcg-live{display:none}}
html[data-theme] .bd-content div.cell_output div.output.text_html:has(> .ndcg-kf),
div.output:has(> .ndcg-kf){background:transparent;padding:0;color:var(--pst-color-text-base,inherit)}
</style>
"""

# Typesets the maths of the elements just shown, once the book's MathJax is ready
# (shared by both views; a no-op where there is no MathJax, as in JupyterLab).
_TYPESET_JS = """  function typeset(elements) {
    var mj = window.MathJax;
    if (mj && mj.startup && mj.startup.promise && mj.typesetPromise) {
      mj.startup.promise.then(function () {
        if (mj.typesetClear) { mj.typesetClear(elements); }
        return mj.typesetPromise(elements);
      }).catch(function (err) { console.log("MathJax: " + err); });
    }
  }
"""

_FLASHCARD_JS = """
(function () {
  var root = document.getElementById(%(id)s);
  if (!root) { return; }
  var data = %(data)s;
  var cards = data.cards, n = cards.length;
  var INTERVALS = [0, 1, 2, 4, 8, 16];
  var box = [], due = [], last = [], rank = [], history = [];
  var step = 0, current = 0, flipped = false;
  for (var i = 0; i < n; i++) { box.push(1); due.push(0); last.push(-1); rank.push(i); }
  var q = function (name) { return root.querySelector("[data-role=" + name + "]"); };
  var front = q("front"), back = q("back"), card = q("card"), source = q("source"),
      label = q("label"), status = q("status"), flip = q("flip");

%(typeset)s  function less(a, b) {
    var ka = [due[a], box[a], last[a], rank[a]], kb = [due[b], box[b], last[b], rank[b]];
    for (var j = 0; j < 4; j++) { if (ka[j] !== kb[j]) { return ka[j] < kb[j]; } }
    return false;
  }
  function pick(exclude) {
    var best = -1;
    for (var j = 0; j < n; j++) {
      if (j === exclude && n > 1) { continue; }
      if (best < 0 || less(j, best)) { best = j; }
    }
    return best;
  }
  function show() {
    var c = cards[current];
    card.setAttribute("data-card-id", c.id);
    front.innerHTML = c.front;
    back.innerHTML = c.back;
    source.textContent = c.source ? "Source: " + c.source : "";
    back.hidden = !flipped;
    source.hidden = !flipped;
    label.textContent = flipped ? "Question and answer" : "Question (click to flip)";
    flip.textContent = flipped ? "Hide answer" : "Flip";
    var counts = [0, 0, 0, 0, 0, 0];
    for (var j = 0; j < n; j++) { counts[box[j]]++; }
    status.textContent = "Card " + (current + 1) + " of " + n + " \\u00b7 in box " + box[current] +
      " \\u00b7 boxes 1\\u20135: " + counts.slice(1).join(" / ");
    typeset([front, back]);
  }
  function advance() {
    last[current] = step;
    due[current] = step + INTERVALS[box[current]];
    history.push(current);
    step += 1;
    current = pick(current);
    flipped = false;
    show();
  }
  var actions = {
    flip: function () { flipped = !flipped; show(); },
    next: function () { advance(); },
    previous: function () { if (history.length) { current = history.pop(); flipped = false; show(); } },
    got: function () { box[current] = Math.min(box[current] + 1, 5); advance(); },
    again: function () { box[current] = 1; advance(); },
    shuffle: function () {
      var order = [];
      for (var j = 0; j < n; j++) { order.push(j); }
      for (var j = n - 1; j > 0; j--) {
        var r = Math.floor(Math.random() * (j + 1)), t = order[j];
        order[j] = order[r]; order[r] = t;
      }
      for (var j = 0; j < n; j++) { rank[order[j]] = j; }
      current = pick(-1); flipped = false; show();
    }
  };
  root.addEventListener("click", function (event) {
    var button = event.target.closest("[data-action]");
    if (button && root.contains(button)) { actions[button.getAttribute("data-action")](); return; }
    if (event.target.closest("[data-role=card]")) { actions.flip(); }
  });
  card.addEventListener("keydown", function (event) {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); actions.flip(); }
  });
  root.setAttribute("data-ready", "true");
  show();
})();
"""

_QUIZ_JS = """
(function () {
  var root = document.getElementById(%(id)s);
  if (!root) { return; }
  var data = %(data)s;
  var questions = data.questions, total = questions.length;
  var first = {}, solved = {};
  var score = root.querySelector("[data-role=score]");

%(typeset)s  function update() {
    var answered = 0, right = 0;
    for (var key in first) { answered++; if (first[key]) { right++; } }
    score.textContent = "Answered " + answered + " of " + total + " \\u00b7 right at the first try: " +
      right + (answered < total ? "" : right === total ? " \\u00b7 perfect score! \\ud83c\\udf89" :
      " \\u00b7 well done!");
  }
  root.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-option]");
    if (!button || !root.contains(button)) { return; }
    var box = button.closest("[data-question]");
    var qi = Number(box.getAttribute("data-index")), oi = Number(button.getAttribute("data-option"));
    var option = questions[qi].options[oi];
    var qid = questions[qi].id;
    if (!(qid in first)) { first[qid] = option.correct; }
    if (option.correct) { solved[qid] = true; }
    button.classList.add(option.correct ? "is-correct" : "is-wrong");
    button.setAttribute("aria-pressed", "true");
    var feedback = box.querySelector("[data-role=feedback]");
    feedback.className = "ndcg-qz-fb " + (option.correct ? "is-correct" : "is-wrong");
    feedback.setAttribute("data-shown", String(oi));
    var mark = option.correct ? "<span aria-hidden=\\"true\\">\\u2705</span><span class=\\"ndcg-sr\\">Correct.</span> " :
      "<span aria-hidden=\\"true\\">\\u274c</span><span class=\\"ndcg-sr\\">Incorrect.</span> ";
    var text = option.feedback;
    text = text.indexOf("<p>") === 0 ? "<p>" + mark + text.slice(3) : "<p>" + mark + "</p>" + text;
    feedback.innerHTML = text + (option.correct || solved[qid] ? "" : "<p><em>Try another option.</em></p>");
    feedback.hidden = false;
    typeset([feedback]);
    update();
  });
  root.setAttribute("data-ready", "true");
  update();
})();
"""


class _View:
    """Shared plumbing of the kernel-free views."""

    kind = ""

    def __init__(self, chapter):
        self.deck = _deck(chapter)
        self.dom_id = f"ndcg-{self.kind}-{self.deck.chapter.replace('_', '-')}-{next(_COUNTER)}"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self.deck.chapter!r}>"

    def _repr_html_(self) -> str:
        return self.html()


class FlashcardsView(_View):
    """The book's kernel-free flashcards of one chapter (see :func:`flashcards`)."""

    kind = "cards"

    def html(self) -> str:
        """The self-contained HTML snippet (CSS, markup, data and script)."""
        deck = self.deck
        cards = [{"id": c.id, "front": to_html(c.front), "back": to_html(c.back), "source": c.source}
                 for c in deck.flashcards]
        first = cards[0]
        script = _FLASHCARD_JS % {"id": json.dumps(self.dom_id), "typeset": _TYPESET_JS,
                                  "data": _json_for_script({"cards": cards})}
        return (
            _CSS
            + f'<div class="ndcg-kf ndcg-fc mathjax_process" id="{self.dom_id}" '
            f'data-chapter="{html.escape(deck.chapter)}">'
            f'<div class="ndcg-head">\N{FLOWER PLAYING CARDS} Flashcards: {html.escape(deck.title)} '
            f"({len(cards)} cards)</div>"
            f'<div class="ndcg-fc-card" data-role="card" data-card-id="{html.escape(first["id"])}" '
            'tabindex="0" role="button" aria-live="polite">'
            '<div class="ndcg-fc-label" data-role="label">Question</div>'
            f'<div class="ndcg-fc-front" data-role="front">{first["front"]}</div>'
            f'<div class="ndcg-fc-back" data-role="back" hidden>{first["back"]}</div>'
            '<div class="ndcg-fc-source" data-role="source" hidden></div>'
            "</div>"
            '<div class="ndcg-fc-bar">'
            '<button type="button" data-action="previous">\N{BLACK LEFT-POINTING TRIANGLE} Previous</button>'
            '<button type="button" data-action="flip" data-role="flip">Flip</button>'
            '<button type="button" data-action="next">Next \N{BLACK RIGHT-POINTING TRIANGLE}</button>'
            '<button type="button" data-action="shuffle">\N{TWISTED RIGHTWARDS ARROWS} Shuffle</button>'
            '<button type="button" class="ndcg-again" data-action="again">'
            "\N{ANTICLOCKWISE DOWNWARDS AND UPWARDS OPEN CIRCLE ARROWS} Again</button>"
            '<button type="button" class="ndcg-got" data-action="got">\N{WHITE HEAVY CHECK MARK} Got it</button>'
            "</div>"
            f'<div class="ndcg-fc-status" data-role="status">Card 1 of {len(cards)}</div>'
            "<noscript><p>These flashcards need JavaScript; the printable flashcards page lists every "
            "card with its answer.</p></noscript>"
            + _live_line("FlashcardDeck", deck.chapter)
            + "</div>"
            + f"<script>{script}</script>"
        )


class QuizView(_View):
    """The book's kernel-free quiz of one chapter (see :func:`quiz`)."""

    kind = "quiz"

    def html(self) -> str:
        """The self-contained HTML snippet (CSS, markup, data and script)."""
        deck = self.deck
        questions = [
            {"id": q.id, "options": [{"correct": o.correct, "feedback": to_html(o.feedback)} for o in q.options]}
            for q in deck.quiz
        ]
        parts = []
        for index, question in enumerate(deck.quiz):
            options = "".join(
                f'<button type="button" class="ndcg-qz-opt" data-option="{i}">'
                f'<span class="ndcg-qz-letter">{letter}.</span>{to_html(option.text)}</button>'
                for i, (letter, option) in enumerate(zip("ABCDEFGHIJ", question.options))
            )
            source = (f'<div class="ndcg-fc-source">Source: {html.escape(question.source)}</div>'
                      if question.source else "")
            parts.append(
                f'<div class="ndcg-qz-q" data-question="{html.escape(question.id)}" data-index="{index}">'
                f'<div class="ndcg-qz-text"><strong>Q{index + 1}.</strong> {to_html(question.question)}</div>'
                f'<div class="ndcg-qz-opts">{options}</div>'
                '<div class="ndcg-qz-fb" data-role="feedback" hidden></div>'
                f"{source}</div>"
            )
        script = _QUIZ_JS % {"id": json.dumps(self.dom_id), "typeset": _TYPESET_JS,
                             "data": _json_for_script({"questions": questions})}
        return (
            _CSS
            + f'<div class="ndcg-kf ndcg-qz mathjax_process" id="{self.dom_id}" '
            f'data-chapter="{html.escape(deck.chapter)}">'
            f'<div class="ndcg-head">\N{DIRECT HIT} Quiz: {html.escape(deck.title)} '
            f"({len(deck.quiz)} questions). Pick an answer: every option has its own feedback.</div>"
            + "".join(parts)
            + f'<div class="ndcg-qz-score" data-role="score">Answered 0 of {len(deck.quiz)}</div>'
            "<noscript><p>This quiz needs JavaScript to give feedback.</p></noscript>"
            + _live_line("Quiz", deck.chapter)
            + "</div>"
            + f"<script>{script}</script>"
        )


def flashcards(chapter) -> FlashcardsView:
    """A chapter's flashcards as a kernel-free HTML view for the book.

    Displayed in a notebook (or in the built book) it shows one card at a
    time: flip, previous/next, shuffle, and "got it / again" with the same
    Leitner rule as :class:`Leitner`. It needs no kernel and no network.

    Parameters
    ----------
    chapter : str or Deck

    Examples
    --------
    >>> view = flashcards("02_dcg")
    >>> snippet = view._repr_html_()
    >>> "<script>" in snippet and "FlashcardDeck(&quot;02_dcg&quot;)" in snippet
    True
    >>> "http" in snippet
    False
    """
    return FlashcardsView(chapter)


def quiz(chapter) -> QuizView:
    """A chapter's quiz as a kernel-free HTML view for the book.

    Every option, when chosen, shows its feedback and is styled right or
    wrong; a score line counts the questions answered right at the first try.

    Examples
    --------
    >>> snippet = quiz("02_dcg")._repr_html_()
    >>> "Quiz(&quot;02_dcg&quot;)" in snippet and snippet.count('class="ndcg-qz-q"') >= 4
    True
    """
    return QuizView(chapter)


# -- printable page -----------------------------------------------------------------------

_PRINT_CSS = """
<style>
.ndcg-print{font-size:0.95em;line-height:1.45}
.ndcg-print h3{margin:1.4em 0 0.4em;font-size:1.15em}
.ndcg-print table{width:100%;border-collapse:collapse;table-layout:fixed;margin-bottom:1em}
.ndcg-print th,.ndcg-print td{border:1px solid var(--pst-color-border,#bbb);padding:0.5em 0.7em;
 vertical-align:top;text-align:left;word-wrap:break-word}
.ndcg-print th{background:var(--pst-color-surface,#f3f4f6)}
.ndcg-print td.ndcg-n{width:2.5em;text-align:right;color:var(--pst-color-text-muted,#666)}
.ndcg-print th.ndcg-n{width:2.5em}
.ndcg-print p{margin:0.2em 0}
.ndcg-print ul,.ndcg-print ol{margin:0.2em 0 0.2em 1.2em;padding:0}
html[data-theme] .bd-content div.cell_output div.output.text_html:has(> .ndcg-print),
div.output:has(> .ndcg-print){background:transparent;padding:0;color:var(--pst-color-text-base,inherit)}
.ndcg-print .ndcg-src{font-size:0.8em;color:var(--pst-color-text-muted,#666);margin-top:0.3em}
@media print{
 .ndcg-print{font-size:10.5pt}
 .ndcg-print tr{break-inside:avoid;page-break-inside:avoid}
 .ndcg-print h3{break-after:avoid;page-break-after:avoid}
 .ndcg-print th,.ndcg-print td{border-color:#888}
}
</style>
"""


def printable_html(decks=None) -> str:
    """Every flashcard, front and back side by side, as one print-friendly HTML page.

    Parameters
    ----------
    decks : list of Deck, optional
        By default every chapter (:func:`load_all`).

    Examples
    --------
    >>> page = printable_html([load("01_cg")])
    >>> page.count("<tr") == len(load("01_cg").flashcards) + 1
    True
    """
    decks = load_all() if decks is None else list(decks)
    sections = []
    for deck in decks:
        rows = []
        for number, card in enumerate(deck.flashcards, start=1):
            source = f'<div class="ndcg-src">Source: {html.escape(card.source)}</div>' if card.source else ""
            rows.append(
                f'<tr id="card-{html.escape(card.id)}"><td class="ndcg-n">{number}</td>'
                f"<td>{to_html(card.front)}</td><td>{to_html(card.back)}{source}</td></tr>"
            )
        sections.append(
            f'<h3>{html.escape(deck.chapter[:2])} · {html.escape(deck.title)}</h3>'
            '<table><thead><tr><th class="ndcg-n">#</th><th>Front</th><th>Back</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>"
        )
    return _PRINT_CSS + '<div class="ndcg-print mathjax_process">' + "".join(sections) + "</div>"
