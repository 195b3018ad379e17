"""The Chinese edition's glossary in the order of its terms' pinyin, as a Chinese reader looks a
term up (汉语拼音排序).

The glossary (``reference/glossary.md``) is a Sphinx ``{glossary}`` with ``:sorted:``: Sphinx sorts
it by the English terms when it reads the page, before the Chinese edition's catalogue puts each
term into Chinese, so the Chinese page came out in the order of its hidden English. Here, once a
page is read and translated (``doctree-read``), each glossary of the Chinese edition is sorted
again by :func:`pinyin_key` of the term it shows: its Chinese in pinyin (``pypinyin``, pinned in
requirements.txt), a Latin name (``NDCG``, ``LambdaMART``) by its letters, both in one
alphabet, the way a Chinese book's index mixes them. The English edition is left as Sphinx
sorted it.
"""

from __future__ import annotations

import re
import unicodedata

from docutils import nodes
from sphinx import addnodes

from ndcg.course.i18n import language_of

#: What ends a term's head: its gloss in parentheses (``相关性等级（relevance grade）``).
_HEAD = re.compile(r"[（(]")


def pinyin_key(term: str) -> tuple[tuple[str, ...], str]:
    """The sort key of a glossary term as shown: the syllables of its head (the part before its
    parenthesis) in toneless pinyin, Latin words lowercased, then the whole term (ties).

    >>> sorted(["相关性等级（relevance grade）", "AP（平均精度）", "二元相关性（binary relevance）"], key=pinyin_key)
    ['AP（平均精度）', '二元相关性（binary relevance）', '相关性等级（relevance grade）']
    """
    from pypinyin import Style, lazy_pinyin

    head = _HEAD.split(term, 1)[0].strip() or term
    syllables = []
    for part in lazy_pinyin(head, style=Style.NORMAL, errors="default"):
        folded = unicodedata.normalize("NFKD", part).lower()
        syllables += [word for word in re.findall(r"[a-z0-9@]+", folded)]
    return tuple(syllables), term


def sort_glossaries(doctree: nodes.document) -> int:
    """Sort the items of every glossary in ``doctree`` by :func:`pinyin_key` of their first term;
    return how many glossaries were sorted."""
    done = 0
    for glossary in doctree.findall(addnodes.glossary):
        for listing in glossary.findall(nodes.definition_list):
            items = [child for child in listing.children if isinstance(child, nodes.definition_list_item)]
            if len(items) != len(listing.children):  # something else in the list: leave it as it is
                continue
            items.sort(key=lambda item: pinyin_key(item.next_node(nodes.term).astext()))
            listing.children = items
            done += 1
    return done


def chinese_glossary(app, doctree) -> None:
    """``doctree-read``: the Chinese edition's glossaries in pinyin order."""
    if language_of(app.config.language) == "zh":
        sort_glossaries(doctree)


def register(app) -> None:
    """Register this part of the book's Sphinx extension (called by :func:`ndcg_book.setup`)."""
    app.connect("doctree-read", chinese_glossary)
