"""A pseudo-locale: a third language made from the English alone, to show that the package's words
reach a new language through the manifest and its catalogues, and nowhere else.

The standard practice of software localisation: every message of every catalogue is "translated"
by a machine into accented look-alikes, lengthened by about a third ("Rank" → "Ŕààñķ"), with its
placeholders, markup, maths and code kept as they are. Shown in that language, a text still in plain
ASCII letters did not come through a catalogue: English written in the code. :func:`added` adds the
language to the manifest's list (``ndcg.course.manifest``) and its catalogues beside the package's
own (``ndcg.course.i18n``) for the length of a test, changing no code of the course.
"""

from __future__ import annotations

import contextlib
import html.parser
import json
import re
import shutil
from pathlib import Path

from ndcg.course import i18n, manifest

#: The pseudo-language: its code, and the manifest's entry for it (set like English, its own Anki ids).
CODE = "qps"
LANGUAGE = manifest.Language(
    code=CODE,
    name="Ƥšēûðö",
    locale="qps_PLOC",
    folder="qps",
    tag="qps-ploc",
    spaced=True,
    full_stop=".",
    parentheses=(" (", ")"),
    anki_offset=9000,
)

_LETTERS = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    "ÅƁÇĐÊƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽàƀçðēƒĝĥîĵķļṁñöþǫŕšţûṽŵẋýž",
)
_VOWELS = re.compile(r"([àēîöûý])", re.I)
#: What a translation keeps as it is: placeholders ({name}, {{...}}, %(x)s, %s), MyST roles and
#: their targets, code, maths, HTML tags and entities, a link's target, a URL or a path.
_KEPT = re.compile(
    r"(\{\{.*?\}\}|\{[^{}\s]*\}`[^`]*`|\{[^{}]*\}|%\(\w+\)[sdf]|%[sdf]|`[^`]*`|\\\(.*?\\\)|\\\[.*?\\\]"
    r"|\$\$.*?\$\$|\$[^$\n]+\$|<[^>]+>|&#?\w+;|\]\([^)]*\)|https?://\S+|\b[\w./-]+\.(?:py|ipynb|md|json|yaml|po|zip|whl)\b)",
    re.S,
)


#: A message that is a display formula (a page's maths block is a message of its own, its TeX with
#: no dollars): a TeX command with its argument, and no dollar sign.
_DISPLAY_MATHS = re.compile(r"^(?!.*\$)(?=.*\\[A-Za-z]+\s*[{\[(]).*$", re.S)
#: In a display formula, the words a reader reads: ``\text{...}``'s.
_TEX_TEXT = re.compile(r"(\\text\{)([^{}]*)(\})")


def pseudo(text: str) -> str:
    r"""``text`` in the pseudo-language: each letter an accented look-alike, each vowel doubled
    (about a third longer), every part of :data:`_KEPT` as it was; in a display formula only its
    ``\text{...}`` words.

    >>> pseudo("Rank {rank}: `ndcg.dcg` of <b>grade</b>")
    'Ŕààñķ {rank}: `ndcg.dcg` ööƒ <b>ĝŕààðēē</b>'
    >>> pseudo(r"\mathrm{P@}k = \frac{\text{relevant in the top } k}{k}")
    '\\mathrm{P@}k = \\frac{\\text{ŕēēļēēṽààñţ îîñ ţĥēē ţööþ } k}{k}'
    """
    if _DISPLAY_MATHS.match(text):
        return _TEX_TEXT.sub(lambda m: m.group(1) + pseudo(m.group(2)) + m.group(3), text)
    out = []
    for number, part in enumerate(_KEPT.split(text)):
        out.append(part if number % 2 else _VOWELS.sub(r"\1\1", part.translate(_LETTERS)))
    return "".join(out)


_ENTRY = re.compile(r'^(msgctxt|msgid|msgstr) "', re.M)


def pseudo_catalogue(source: Path, target: Path) -> int:
    """A catalogue of the pseudo-language at ``target`` from the English of ``source`` (a catalogue
    of another language: its ``msgid`` lines), every message translated by :func:`pseudo`; returns
    how many."""
    entries = [
        (context, english)
        for (context, english) in _messages(source)
        if english  # (the header)
    ]
    lines = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=utf-8\\n"', ""]
    for context, english in entries:
        if context is not None:
            lines.append(f"msgctxt {json.dumps(context, ensure_ascii=False)}")
        lines.append(f"msgid {json.dumps(english, ensure_ascii=False)}")
        lines.append(f"msgstr {json.dumps(pseudo(english), ensure_ascii=False)}")
        lines.append("")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("\n".join(lines), encoding="utf-8")
    return len(entries)


def _messages(path: Path) -> list[tuple[str | None, str]]:
    """Every message of a catalogue, fuzzy and untranslated ones too, as ``(context, English)``."""
    found, entry, key = [], {}, None
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            if "msgid" in entry:
                found.append((entry.get("msgctxt"), entry["msgid"]))
            entry, key = {}, None
        elif match := re.match(r"^(msgctxt|msgid|msgstr) (\".*\")$", line):
            key = match.group(1)
            entry[key] = json.loads(match.group(2))
        elif line.startswith('"') and key:
            entry[key] += json.loads(line)
    return found


@contextlib.contextmanager
def added(folder: Path):
    """The pseudo-language added to the course for the block: to the manifest's languages, and its
    catalogues (one per catalogue of the package, from its English) in ``folder``, beside the
    package's own, where :func:`ndcg.course.i18n.locale_folder` looks."""
    package = i18n.PACKAGE_LOCALES
    for locale in package.iterdir():
        try:
            (folder / locale.name).symlink_to(locale, target_is_directory=True)
        except OSError:  # (Windows without the right to make a link: a copy)
            shutil.copytree(locale, folder / locale.name)
    first = next(p for p in package.iterdir() if p.is_dir())  # the catalogues of one translation
    for path in sorted((first / "LC_MESSAGES").rglob("*.po")):
        domain = path.relative_to(first / "LC_MESSAGES")
        pseudo_catalogue(path, folder / LANGUAGE.locale / "LC_MESSAGES" / domain)
    languages = manifest.languages()
    saved = (i18n.PACKAGE_LOCALES, i18n.LANGUAGES)
    manifest.languages.cache_clear()
    i18n.catalogue.cache_clear()
    original = manifest.languages
    try:
        manifest.languages = lambda: (*languages, LANGUAGE)  # type: ignore[assignment]
        i18n.PACKAGE_LOCALES, i18n.LANGUAGES = folder, (*saved[1], CODE)
        with i18n.chosen(CODE):
            yield LANGUAGE
    finally:
        manifest.languages = original  # type: ignore[assignment]
        i18n.PACKAGE_LOCALES, i18n.LANGUAGES = saved
        i18n.catalogue.cache_clear()


class _Visible(html.parser.HTMLParser):
    """What a reader sees or hears of some HTML: its text (not code, maths, a script or a style)
    and its accessible attributes; and the texts of its JSON islands (the words the scripts write)."""

    SPOKEN = ("aria-label", "title", "alt", "placeholder")
    #: Elements whose text is no message: code, maths (its MathML), scripts and styles.
    SKIPPED = ("code", "pre", "kbd", "samp", "math", "script", "style")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.islands: list[str] = []
        self._skipping: list[str] = []
        self._island = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if not self._skipping:
            self.texts += [value for name, value in attributes.items() if name in self.SPOKEN and value]
        if tag in self.SKIPPED:
            self._skipping.append(tag)
            self._island = tag == "script" and "json" in (attributes.get("type") or "")

    def handle_endtag(self, tag):
        if self._skipping and self._skipping[-1] == tag:
            self._skipping.pop()
            self._island = False

    def handle_data(self, data):
        if not self._skipping:
            self.texts.append(data)
        elif self._island and data.strip():
            self.islands.append(data)


def visible_texts(markup: str) -> list[str]:
    """The texts a reader meets in ``markup``: its text and accessible attributes, and every phrase
    (a string value with a space) of its JSON islands."""
    parser = _Visible()
    parser.feed(markup)
    texts = [t for t in parser.texts if t.strip()]
    for island in parser.islands:
        for value in _strings(json.loads(island)):
            if " " in value.strip():  # a phrase, not a key or a name (HTML, often: read as HTML)
                texts += visible_texts(value) if "<" in value or "&" in value else [value]
    return texts


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


#: A word in plain ASCII letters: in the pseudo-language, English that came through no catalogue.
_ASCII_WORD = re.compile(r"(?<![\w@./\\-])[A-Za-z]{3,}(?![\w(@-])")
#: What a text may hold in ASCII: a placeholder, code between backticks, maths, a URL or a path.
_NOT_WORDS = re.compile(
    r"\{[^{}\s]*\}|`[^`]*`|\\\(.*?\\\)|\\\[.*?\\\]|\$\$.*?\$\$|\$[^$\n]+\$|https?://\S+|\b[\w./-]+\.(?:py|ipynb|md|json)\b",
    re.S,
)


def english_words(texts: list[str]) -> list[str]:
    """The ASCII words of ``texts`` (each with its text), outside code, maths, URLs and paths."""
    found = []
    for text in texts:
        for word in _ASCII_WORD.findall(_NOT_WORDS.sub(" ", text)):
            found.append(f"{word!r} in {text.strip()[:90]!r}")
    return found
