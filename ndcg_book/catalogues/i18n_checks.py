"""What a Chinese translation must keep of its English, and the checks of one catalogue.

A message's markup (its roles, templates, placeholders, tags, inline code, maths, links and URLs:
:func:`markup`), its numbers (:func:`numbers`), what its emphasis renders as (:func:`emphasis`, mended
by :func:`mend_emphasis` where it can be), the kind of block Sphinx reads it as (:func:`block_kind`),
and the glossary's key terms (:func:`glossary_terms`). :func:`problems_in` checks every message of
one catalogue with them; ``i18n.py`` runs it over every catalogue (``python -m ndcg_book translations
check``), and ``typography.py`` and ``termbase.py`` use the same pieces.

Standard library and markdown-it-py (MyST's own parser) only; a catalogue is babel's.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

#: The words of a ``\text{}`` inside maths (or ``\mbox{}``, ``\textrm{}``, or a word set upright,
#: ``\mathrm{gain}``): a translation rewords them.
TEXT_IN_MATHS = re.compile(
    r"\\(?:text|textrm|textbf|textit|mbox)\s*\{((?:[^{}]|\{[^{}]*\})*)\}|\\mathrm\{[a-z]{3,}\}"
)


def maths_symbols(tex: str) -> str:
    """A formula without the words of its ``\\text{}`` parts and without spaces: what its
    translation keeps (the words are the translator's, and a Chinese ``\\text`` may be split
    around a symbol: ``\\text{前 } k \\text{ 个中的相关结果}``).

    >>> maths_symbols(r"$\\frac{\\text{relevant in the top } k}{k}$") == maths_symbols(r"$\\frac{\\text{前 } k \\text{ 个}}{k}$")
    True
    """
    return re.sub(r"\s+", "", TEXT_IN_MATHS.sub("", tex))


#: A MyST role with its content: {glue:text}`key:.3f`, {doc}`/chapters/01_cg`, {term}`DCG <...>`.
ROLE = re.compile(r"\{([\w:.-]+)\}`([^`]*)`")
#: Inline code, inline maths and a link's target: each must come through unchanged.
CODE = re.compile(r"(?<!`)`([^`{}][^`]*)`(?!`)")
MATH = re.compile(r"\$\$?[^$]+\$\$?")
LINK = re.compile(r"\]\(([^)\s]+)\)")
URL = re.compile(r"https?://[^\s)>\]]+")
#: A number: digits next to Chinese characters count (成都3天游), and an English ordinal (7th)
#: is its number (第 7 个).
#: A computed value of the course's data ({{ cg([3, 2], 2) :g }}), a string's placeholder ({n}),
#: an HTML tag a string carries (<strong>, </a>).
TEMPLATE = re.compile(r"\{\{.*?\}\}", re.S)
PLACEHOLDER = re.compile(r"(?<![A-Za-z\\}])\{[A-Za-z_][A-Za-z0-9_]*\}")
TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]*)?>")
NUMBER = re.compile(r"(?<![A-Za-z0-9_.])[-+−]?\d+(?:[.,]\d+)*(?=(?:st|nd|rd|th|s)?(?![A-Za-z0-9_]))")
#: The roles whose content is a name to keep (a page, a label, a key), as against words a
#: translation rewords: {doc}`/x`, {ref}`label`, but {ref}`words <label>` keeps only the label.
_TEXT_ROLES = {"doc", "ref", "term", "numref", "download", "cite:p", "cite:t", "cite", "slides"}


def _role_key(role: str, content: str) -> str:
    if role in _TEXT_ROLES and "<" in content and content.endswith(">"):
        content = content[content.rindex("<") :]
    if role.startswith("glue"):
        content = content.removesuffix(".zh") if ":" not in content else content
        key, _, spec = content.partition(":")
        content = key.removesuffix(".zh") + (":" + spec if spec else "")
    return f"{{{role}}}`{content}`"


def markup(text: str) -> Counter:
    """What a translation must keep from its English: every role (a term's or a reference's own
    words excepted), inline code, inline maths, link target and URL."""
    found: Counter = Counter()
    for role, content in ROLE.findall(text):
        found[_role_key(role, content)] += 1
    rest = ROLE.sub(" ", text)
    found.update(f"template {t}" for t in TEMPLATE.findall(rest))
    rest = TEMPLATE.sub(" ", rest)
    found.update(f"placeholder {p}" for p in PLACEHOLDER.findall(rest))
    rest = PLACEHOLDER.sub(" ", rest)
    found.update(f"tag {t}" for t in TAG.findall(rest))
    rest = TAG.sub(" ", rest)
    found.update(f"code {c}" for c in CODE.findall(rest))
    rest = CODE.sub(" ", rest)
    found.update(f"math {maths_symbols(m)}" for m in MATH.findall(rest))
    found.update(f"link {u}" for u in LINK.findall(rest))
    found.update(f"url {u}" for u in URL.findall(rest))
    return found


def numbers(text: str) -> set[str]:
    """The numbers of a message's prose (outside roles, code, maths and links)."""
    for pattern in (ROLE, TEMPLATE, PLACEHOLDER, TAG, CODE, MATH, LINK, URL):
        text = pattern.sub(" ", text)
    text = re.sub(r"\b(?:source|Source|来源|资料)\s*(\d{3})", r" \1 ", text)
    return {n.replace("−", "-").replace(",", "") for n in NUMBER.findall(text)}


@dataclass(frozen=True)
class Term:
    english: str
    chinese: str


#: Glossary entries that are also names of things the text shows as they are (a file format, a
#: unit, the Python keyword and the gradients' letter): the prose may keep the English word there.
NAMES_AS_THEY_ARE = {"qrels", "ulp", "lambda"}


def glossary_terms(root: Path) -> list[Term]:
    """The glossary's key terms whose English is a plain phrase (``relevance grade (相关性等级)``):
    wherever a message says the English, its translation says the Chinese."""
    text = (root / "reference" / "glossary.md").read_text(encoding="utf-8")
    block = text.split("```{glossary}", 1)[1].split("```", 1)[0]
    terms = []
    for line in block.splitlines():
        m = re.match(r"^([a-z][a-z' -]*[a-z]) \(([^()A-Za-z]+)\)$", line.strip())
        if m and not line.startswith(" ") and m.group(1) not in NAMES_AS_THEY_ARE:
            terms.append(Term(m.group(1), m.group(2)))
    return terms


def _prose(text: str) -> str:
    for pattern in (ROLE, TEMPLATE, PLACEHOLDER, TAG, CODE, MATH, LINK, URL):
        text = pattern.sub(" ", text)
    return text


@functools.cache
def commonmark():
    """One CommonMark parser for every message (a new one per message was a tenth of a check's time)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark")


def emphasis(text: str) -> Counter:
    """What a message's emphasis renders as: how many ``<strong>`` and ``<em>`` spans, and how many
    ``*`` and ``_`` show as characters (outside code), rendered by markdown-it (the parser of MyST).

    CommonMark closes ``**`` only where it is *right-flanking*: after full-width punctuation it
    must be followed by a space or punctuation, so ``**错在哪里。**NDCG`` (a Chinese full stop before
    the marker, a letter after it) does not close there. Its asterisks then show, or pair with the
    next ``**`` of the paragraph and turn half of it bold: the same stray count as the English can
    hide a wrong pairing, so the spans are counted too. The text is rendered as it is written (roles
    and maths unmasked): a role's ``{`` and a formula's ``$`` flank a marker as they do in the book.

    >>> emphasis("**错在哪里。**NDCG 为零") == emphasis("**What is wrong.** NDCG is zero")
    False
    >>> emphasis("**错在哪里**。NDCG 为零") == emphasis("**What is wrong.** NDCG is zero")
    True
    """
    rendered = commonmark().renderInline(text)
    shown = re.sub(r"<code>.*?</code>", " ", rendered, flags=re.S)
    shown = re.sub(r"<[^>]+>", lambda m: m.group(0) if m.group(0) in ("<strong>", "<em>") else " ", shown)
    return Counter(
        {
            "strong": shown.count("<strong>"),
            "em": shown.count("<em>"),
            "shown *": shown.count("*"),
            "shown _": len(re.findall(r"(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])", shown)),
        }
    )


def emphasis_problem(english: str, chinese: str) -> str | None:
    """Why ``chinese`` does not render the emphasis of ``english``, or None: more ``*`` or ``_``
    shown, another number of bold spans, or more italic ones. A translation may drop an italic
    span (the English italicises its gloss of a Chinese title, which the Chinese does not need);
    it adds none: a CJK font has no italic, the browser can only slant it."""
    said, wanted = emphasis(chinese), emphasis(english)
    shown = [k for k in ("shown *", "shown _") if said[k] > wanted[k]]
    spans = [k for k in ("strong",) if said[k] != wanted[k]] + [k for k in ("em",) if said[k] > wanted[k]]
    if not shown and not spans:
        return None
    parts = [f"{said[k] - wanted[k]} more {k[-1]} shown" for k in shown]
    parts += [f"{said[k]} <{k}> where the English has {wanted[k]}" for k in spans]
    return ", ".join(parts)


#: Full-width punctuation (or a colon) at the end of a bold span: it goes after the marker, where
#: CommonMark closes the span whatever follows (``**错在哪里**。NDCG``); a space after the marker
#: goes (Chinese sets none after full-width punctuation).
_CLOSING_PUNCTUATION = re.compile(r"\*\*([^*\n]+?)([：。，；！？、]|(?<=[\u4e00-\u9fff]):)\*\*[ \t]*")
#: Italics around a Chinese quotation, inside it or straddling its marks (``“*好”*``): a CJK font
#: has no italic (the browser slants it), and the quotation marks already set the quotation off.
_ITALIC_QUOTATION = (
    (re.compile(r"(?<![*\w])\*(“[^”*\n]+”)\*(?![*\w])"), r"\1"),
    (re.compile(r"“\*([^”*\n]+)”\*"), r"“\1”"),
    (re.compile(r"“\*([^”*\n]+)\*”"), r"“\1”"),
)


def _distance(english: str, chinese: str) -> int:
    said, wanted = emphasis(chinese), emphasis(english)
    return sum(abs(said[k] - wanted[k]) for k in ("strong", "shown *", "shown _")) + max(
        0, said["em"] - wanted["em"]
    )


def mend_emphasis(english: str, chinese: str) -> str:
    """``chinese`` with its emphasis mended, when it does not render as ``english``'s: full-width
    punctuation moved out of the bold markers, and italics the English does not have taken off a
    Chinese quotation. Each change is kept only if the rendering comes closer to the English's;
    what is still wrong needs an editor (:func:`emphasis_problem` says what).

    >>> mend_emphasis("**Wrong.** NDCG", "**错在哪里。**NDCG 为零")
    '**错在哪里**。NDCG 为零'
    >>> mend_emphasis("He says (说)", "他说 *“好”*。")
    '他说 “好”。'
    """
    mended = chinese
    bold = (_CLOSING_PUNCTUATION, lambda m: f"**{m[1]}**{m[2].replace(':', '：')}")
    for pattern, replace in [bold, *((p, lambda m, r=r: m.expand(r)) for p, r in _ITALIC_QUOTATION)]:
        position = 0
        while emphasis_problem(english, mended) is not None and (m := pattern.search(mended, position)):
            trial = mended[: m.start()] + replace(m) + mended[m.end() :]
            if _distance(english, trial) < _distance(english, mended):
                mended, position = trial, m.start()
            else:
                position = m.start() + 1
    return mended


def block_kind(text: str) -> str | None:
    """What kind of block a translation is, when it is not one paragraph: Sphinx parses each
    translation again, and one that parses as another block (``1. 获取课程``: a list, not the
    heading it translates; ``# x``: a heading) is thrown away, the English shown instead.

    >>> block_kind("1. 获取课程"), block_kind("1\\\\. 获取课程"), block_kind("第 1 步")
    ('ordered_list', None, None)
    """
    tokens = [t for t in commonmark().parse(text) if t.level == 0 and t.nesting >= 0]
    kinds = [t.type.removesuffix("_open") for t in tokens]
    return None if kinds == ["paragraph"] else (kinds[0] if kinds else "nothing")


def has_words(text: str) -> bool:
    """Whether a message says anything to translate: letters outside its roles, templates, code,
    maths and links (``| 0–10 |``, ``$k$``, ```ndcg.dcg```  do not)."""
    return re.search(r"[A-Za-z]{2,}|[\u4e00-\u9fff]", _prose(text)) is not None


def unspaced(text: str) -> str:
    """``text`` without the spaces between Chinese and Latin letters or digits, which the
    typography adds (``前 k 精确率`` is the glossary's ``前k精确率``).

    >>> unspaced("前 k 精确率"), unspaced("理想 DCG"), unspaced("top k results")
    ('前k精确率', '理想DCG', 'top k results')
    """
    cjk = "\u3400-\u9fff"
    return re.sub(rf"(?<=[{cjk}])[ \t]+(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])[ \t]+(?=[{cjk}])", "", text)


def _says(prose: str, english: str) -> bool:
    """Whether lower-cased ``prose`` says the term ``english`` (or its plural) as words."""
    stem = (
        re.escape(english[:-1]) + "(?:y|ies)" if english.endswith("y") else re.escape(english) + "(?:s|es)?"
    )
    return re.search(rf"\b{stem}\b", prose) is not None


def problems_in(page: str, catalogue, terms: Iterable[Term] = (), reparsed: bool = True) -> Iterator[str]:
    """Every problem of one page's catalogue, one line each (``reparsed``: Sphinx parses each
    translation again, as it does a page's; a store's are used as they are)."""
    for message in catalogue:
        if not message.id:
            continue
        where = f"{page}: {message.id[:70]!r}"
        if message.fuzzy:
            old = message.previous_id[0] if message.previous_id else "?"
            yield f"{where}: stale, its English changed (was {old[:70]!r})"
            continue
        if not message.string:
            yield f"{where}: not translated"
            continue
        # Each role, code, maths and link of the English is in the Chinese, and nothing else (a
        # translation may say one of them once where the English said it twice).
        missing = set(markup(message.id)) - set(markup(message.string))
        extra = set(markup(message.string)) - set(markup(message.id))
        if missing or extra:
            yield f"{where}: markup differs: missing {sorted(missing)}, extra {sorted(extra)}"
        if reparsed and message.string != message.id and (kind := block_kind(message.string)) is not None:
            yield (
                f"{where}: Sphinx reads the translation as {kind}, not as text, and shows the English: "
                "escape its first mark (`1\\.` for `1.`)"
            )
        if (wrong := emphasis_problem(message.id, message.string)) is not None:
            yield (
                f"{where}: its emphasis does not render as the English's ({wrong}): full-width punctuation "
                "goes outside the markers (`**错在哪里**。`), and Chinese takes no italics that the English "
                "lacks (`python -m ndcg_book translations emphasis --fix` mends both)"
            )
        if numbers(message.id) != numbers(message.string):
            yield (
                f"{where}: numbers differ: {sorted(numbers(message.id) - numbers(message.string))} "
                f"missing, {sorted(numbers(message.string) - numbers(message.id))} extra"
            )
        prose = _prose(message.id).lower()
        for term in terms:
            if _says(prose, term.english) and unspaced(term.chinese) not in unspaced(message.string):
                yield f"{where}: says {term.english!r} but not {term.chinese!r} (the glossary's term)"
