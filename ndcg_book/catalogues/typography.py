"""The Chinese catalogues' typography: a field tool, autocorrect-py, plus the house rules it lacks.

Every Chinese translation a reader meets (``msgstr`` of the page catalogues under ``locales/zh_CN``
and of the package's under ``ndcg/course/locales/zh_CN``) is checked; the English (``msgid``) is not.
For each translation:

1. its markup is masked (:func:`mask`): roles, templates, placeholders, HTML tags, inline code,
   maths, link targets and URLs are not prose, and autocorrect must not touch them (it eats
   ``$k$`` whole). A piece that shows Latin letters or digits (``$k$``, ``{glue:text}`key```,
   ```ndcg.dcg```) becomes a Latin word, so autocorrect asks for the space a Chinese publisher sets
   between Chinese and Latin text (第 $i$ 位); one that shows Chinese or nothing known in advance
   (``{term}`排序学习 <...>```, ``{n}``, ``<strong>``) becomes a character autocorrect leaves alone;
2. the house rules autocorrect lacks (:data:`HOUSE_RULES`): full-width parentheses （…） around
   Chinese text, ``95%`` with no space before the per cent sign, 、 (not ，) between the items of a
   short Chinese list before its 和/或/及/与;
3. autocorrect-py (pinned in requirements.txt) with its default rules: a space between Chinese and
   Latin letters or digits, full-width punctuation inside Chinese text;
4. the markup is put back.

A translation the steps change is a finding. ``python -m ndcg_book typography`` lists them (and
``make lint`` runs it); ``--fix`` writes the corrected translations back with the repository's own
catalogue writer (``i18n.py``: one line per message, no reflow), and can be run again after
any edit of the catalogues.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from . import i18n, i18n_checks

CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
#: A private-use character per masked piece that shows Chinese or unknown text: autocorrect keeps it.
_NEUTRAL = 0xE000
#: The pieces masked, in the order they are found (a role before the code it looks like).
_PIECES = (
    i18n_checks.ROLE,
    i18n_checks.TEMPLATE,
    i18n_checks.PLACEHOLDER,
    i18n_checks.TAG,
    i18n_checks.CODE,
    i18n_checks.MATH,
    i18n_checks.LINK,
    i18n_checks.URL,
)
#: A list of values written as Python prints it, ``[4, 未标注, 2]`` (not a link's words): its commas
#: are the list's, not Chinese punctuation.
VALUE_LIST = re.compile(r"\[[^\[\]\n]*,\s[^\[\]\n]*\](?![(\ue000-\uf8ff])")
#: An absolute value in prose, ``|增益之差|`` (a table's cell has spaces inside its bars).
ABSOLUTE = re.compile(r"\|(?=\S)[^|\n]{1,30}(?<=\S)\|(?!\|)")
_PIECES = (*_PIECES, VALUE_LIST, ABSOLUTE)
_LATIN_TOKEN = re.compile(r"Qz([a-z]{2})zQ")
_NEUTRAL_TOKEN = re.compile("[\ue000-\uf8ff]")


def _latin_token(i: int) -> str:
    return f"Qz{chr(97 + i // 26)}{chr(97 + i % 26)}zQ"


def _shows_latin(piece: str, pattern: re.Pattern) -> bool:
    """Whether a masked piece shows Latin letters or digits in the page (maths, code, a glue value,
    a reference shown by its number or English name), as against Chinese or unknown text."""
    if pattern is i18n_checks.ROLE:
        role, content = i18n_checks.ROLE.match(piece).groups()
        if role == "src":  # a citation marker, a superscript set against the text: no space
            return False
        shown = content.split("<", 1)[0] if "<" in content else content
        if re.search(f"[{CJK}]", shown):
            return False
        return role.startswith(("glue", "cite", "numref", "math")) or "<" not in content
    return pattern in (i18n_checks.CODE, i18n_checks.MATH, i18n_checks.TEMPLATE)


def mask(text: str) -> tuple[str, list[str]]:
    """``text`` with every piece of markup replaced by a token, and the pieces, to :func:`unmask`."""
    pieces: list[str] = []

    def replace(pattern: re.Pattern):
        def token(m: re.Match) -> str:
            piece = m.group(0)
            if pattern is i18n_checks.LINK:  # only the target: the link's words are prose
                pieces.append(piece[1:])
                return "]" + chr(_NEUTRAL + len(pieces) - 1)
            pieces.append(piece)
            i = len(pieces) - 1
            return _latin_token(i) if _shows_latin(piece, pattern) else chr(_NEUTRAL + i)

        return token

    for pattern in _PIECES:
        text = pattern.sub(replace(pattern), text)
    return text, pieces


def unmask(text: str, pieces: list[str]) -> str:
    text = _LATIN_TOKEN.sub(lambda m: pieces[(ord(m.group(1)[0]) - 97) * 26 + ord(m.group(1)[1]) - 97], text)
    return _NEUTRAL_TOKEN.sub(lambda m: pieces[ord(m.group(0)) - _NEUTRAL], text)


# -- the house rules -----------------------------------------------------------------------------------

#: Half-width parentheses whose content has Chinese (and no parenthesis of its own), unless they
#: are a formula's: a function's argument (``log2(排名)``, ``P(被看到)``) or an operand (``/ (…)``).
_HALF_PARENS = re.compile(
    rf"(?:(?<=[\s{CJK}，。；：、“”‘’（《!?！？*])|^)(?<![/+*=±−×-] )[ \t]*\(([^()（）]*[{CJK}][^()（）]*)\)[ \t]*"
)
#: A space before a per cent sign: ``95 %``.
_PERCENT = re.compile(r"(\d)\s+%")
#: A Chinese list of three or more short items cut by ， before its last item (和, 或, 及, 与,
#: ，以及): ``例题，代码，应用，工具，以及常见问题`` is ``例题、代码、应用、工具，以及常见问题``.
#: Each item is 1 to 12 characters without punctuation and does not open a clause (所以, 但, 它 ...), the list starts after a colon, a comma or an
#: opening parenthesis and its last item ends the sentence or the clause: a comma between clauses
#: is left alone.
_CLAUSE = "以及|或者|其余|一列|所以|但|而|因为|如果|然后|再|也|又|就|还|并|却|即|则|它|他|她|我|你|这|那|每|只|都|是|不|要|会|可"
_ITEM = rf"(?!{_CLAUSE})[{CJK}A-Za-z0-9@ ]{{1,12}}"
_LIST = re.compile(
    rf"(?<=[：:（(，、])({_ITEM}(?:，{_ITEM}){{2,}})(?=(?:，以及|和|或|及|与){_ITEM}(?:[。；：）)]|$))"
)


def _full_width_parens(m: re.Match) -> str:
    return f"（{m.group(1).strip()}）"


def _list_commas(m: re.Match) -> str:
    return m.group(1).replace("，", "、")


#: The house rules, by name: (what they match, their replacement).
HOUSE_RULES = {
    "full-width parentheses around Chinese": (_HALF_PARENS, _full_width_parens),
    "no space before %": (_PERCENT, r"\1%"),
    "、 between the items of a Chinese list": (_LIST, _list_commas),
}


#: autocorrect-py's rules, its defaults but one: ``halfwidth-word`` makes a full-width colon between
#: digits an ASCII one (``2：2`` → ``2:2``, a ratio or a time), where our prose has a Chinese colon
#: after a number (前两名等级是 3 和 2：2 个中有 2 个相关).
AUTOCORRECT_CONFIG = """\
rules:
  halfwidth-word: 0
"""
_configured: list[bool] = []


def has_chinese(text: str) -> bool:
    return re.search(f"[{CJK}]", text) is not None


def corrected(text: str) -> str:
    """``text`` as the house rules and autocorrect-py would have it (its markup unchanged)."""
    import autocorrect_py

    masked, pieces = mask(text)
    for pattern, replacement in HOUSE_RULES.values():
        masked = pattern.sub(replacement, masked)
    if not _configured:
        autocorrect_py.load_config(AUTOCORRECT_CONFIG)
        _configured.append(True)
    masked = autocorrect_py.format(masked)
    result = unmask(masked, pieces)
    if i18n_checks.markup(result) != i18n_checks.markup(text):  # never change what the check compares
        return text
    return result


# -- the catalogues --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Finding:
    path: Path
    english: str
    old: str
    new: str

    def __str__(self) -> str:
        return f"{self.path.as_posix()}: {self.english[:60]!r}\n    - {self.old}\n    + {self.new}"


def catalogues(root: Path) -> list[Path]:
    """Every Chinese catalogue a reader's text comes from: the pages', then the package's."""
    found = sorted(i18n.catalogue_dir(root).rglob("*.po"))
    return found + sorted(i18n.package_dir(root).rglob("*.po"))


def checked(message) -> bool:
    """Whether a message is Chinese text to check: translated, current, not the English itself."""
    return bool(
        message.id and message.string and not message.fuzzy and message.string != message.id
    ) and has_chinese(message.string)


def findings(root: Path) -> Iterator[Finding]:
    for path in catalogues(root):
        for message in i18n.read(path):
            if checked(message) and (new := corrected(message.string)) != message.string:
                yield Finding(path.relative_to(root), message.id, message.string, new)


def fix(root: Path) -> int:
    """Write every correction back; return how many translations changed."""
    changed = 0
    for path in catalogues(root):
        catalogue = i18n.read(path)
        count = 0
        for message in catalogue:
            if checked(message) and (new := corrected(message.string)) != message.string:
                message.string = new
                count += 1
        if count:
            i18n.write(path, catalogue)
            changed += count
    return changed


def main(argv: list[str] | None = None) -> int:
    """``python -m ndcg_book typography [--fix]``: list the findings (and correct them first)."""
    words = ("translation(s) corrected", "typography finding(s)", "the Chinese typography is clean")
    return i18n.catalogue_check("python -m ndcg_book typography", __doc__, fix, findings, words, argv)
