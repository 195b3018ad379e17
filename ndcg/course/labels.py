"""The words of the course's figures and tables in Chinese: titles, axis labels, legends,
annotations, table headers, captions and the cells that are words.

A chapter passes its labels in English (``StepTable(("rank", "grade"), rows, caption=...)``,
``ax.set_title("...")``); the figure or table shows them as they are in English, and this module
gives their Chinese from the ``figures`` catalogue
(``ndcg/course/locales/zh_CN/LC_MESSAGES/figures.po``; the store ``ndcg_book/catalogues/i18n_stores/figures.py``
finds every label of the chapters' code cells, so the catalogue check fails on a new label left
untranslated).

A label computed with numbers (``f"DCG@{n} = {fmt(value, '.3f')} ({gain} gain)"``) is held in the
catalogue as its template, ``"DCG@{n} = {value} ({gain} gain)"``: a shown text matches the template,
each ``{name}`` takes the text it stands for (translated in turn when it is a label itself, such as
``linear``), and the numbers stay the ones computed.

Standard library only.

Examples
--------
>>> chinese_with({"gain": "增益", "linear": "线性", "{kind} gain": "{kind}增益"}, "linear gain")
'线性增益'
>>> chinese_with({"DCG@{n} = {value}": "DCG@{n} 为 {value}"}, "DCG@4 = 3.262")
'DCG@4 为 3.262'
"""

from __future__ import annotations

import re
from functools import cache

from . import i18n

#: The catalogue of the figures' and tables' words.
DOMAIN = "figures"

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
#: How deep a placeholder's text is translated in turn (a label inside a label inside a label).
_DEPTH = 3


def _pattern(template: str) -> re.Pattern:
    """A regular expression a shown text matches when it is ``template`` filled in; a name that
    comes twice must stand for the same text twice."""
    parts, seen, position = [], set(), 0
    for match in _PLACEHOLDER.finditer(template):
        parts.append(re.escape(template[position : match.start()]))
        name = match.group(1)
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        position = match.end()
    parts.append(re.escape(template[position:]))
    return re.compile("".join(parts), re.S)


class Labels:
    """English label -> Chinese, from a table ``{English: Chinese}`` of exact labels and templates."""

    def __init__(self, table: dict[str, str]):
        self.exact = {english: chinese for english, chinese in table.items() if chinese}
        templates = [(e, c) for e, c in self.exact.items() if _PLACEHOLDER.search(e)]
        # The most specific template first: the one with the most fixed text.
        templates.sort(key=lambda pair: -len(_PLACEHOLDER.sub("", pair[0])))
        self.templates = [(_pattern(e), c) for e, c in templates]

    def __call__(self, text: str, depth: int = 0) -> str:
        if not isinstance(text, str) or not text.strip():
            return text
        if text != text.strip():  # " B passes C": the spaces around stay, the words change
            start = text[: len(text) - len(text.lstrip())]
            return start + self(text.strip(), depth) + text[len(text.rstrip()) :]
        found = self.exact.get(text)
        if found is not None:
            return found
        if depth >= _DEPTH:
            return text
        for pattern, chinese in self.templates:
            match = pattern.fullmatch(text)
            if match:
                return self._fill(chinese, match, depth)
        if "\n" in text:  # a tick label: "2\nfilm B", or a long name wrapped, "1\nChengdu 3-day\nguide"
            first, *rest = text.split("\n")
            for head, words in (("", " ".join([first, *rest])), (first + "\n", " ".join(rest))):
                found = self(words, depth + 1)
                if found != words:
                    return head + found
            return "\n".join(self(line, depth + 1) for line in text.split("\n"))
        return text

    def _fill(self, chinese: str, match: re.Match, depth: int) -> str:
        """The Chinese template filled with the matched texts, each translated in turn."""
        values = {name: self(value, depth + 1) for name, value in match.groupdict().items()}
        return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), chinese)


def chinese_with(table: dict[str, str], text: str) -> str:
    """The Chinese of ``text`` from ``table`` (``{English: Chinese}``); ``text`` itself when none."""
    return Labels(table)(text)


@cache
def _labels(language: str | None = None) -> Labels:
    return Labels(
        {english: translated for (_, english), translated in i18n.catalogue(DOMAIN, language).items()}
    )


def chinese(text: str) -> str:
    """The Chinese of a figure's or a table's label (the English itself while it is untranslated).

    >>> chinese("  ")
    '  '
    """
    return _labels()(text)


def label_in(text: str, language: str) -> str:
    """A figure's or a table's label in ``language`` (the English while it is untranslated).

    >>> label_in("rank", "en")
    'rank'
    """
    return text if language == i18n.SOURCE else _labels(language)(text)


def has_words(text: str) -> bool:
    """Whether a label has words to translate: a word of letters, beside the names of metrics
    (``NDCG@5``, ``RR``), the maths (``$1/i$``) and the placeholders.

    >>> [has_words(t) for t in ("NDCG@5", "RR", "$k$", "{name}: DCG@{n}", "rank", "system A")]
    [False, False, False, False, True, True]
    """
    text = re.sub(r"\$[^$]*\$", " ", text)
    text = _PLACEHOLDER.sub(" ", text)
    return re.search(r"[a-z]{2,}", text) is not None


def html_text(text: str) -> str:
    """A label as HTML, escaped: in English alone, in Chinese alone, or both (the book), each in
    its element with its ``lang`` (:func:`ndcg.course.i18n.html_texts`) when the two differ.

    >>> html_text("rank <i>")
    'rank &lt;i&gt;'
    """
    import html

    now = i18n.language()
    if now != "both":
        return html.escape(label_in(text, now))
    return i18n.html_texts(i18n.each(lambda language: html.escape(label_in(text, language))), once=True)
