"""No English a Chinese reader does not expect: the Latin words of everything the Chinese edition
shows its reader, outside an explicit allowlist (``tests/book/latin-words-allowed.yml``, a reason
per class: code, library and paper names, metric abbreviations, the bibliography, units ...).

Four kinds of place, each read from the built files (no browser):

* **pages**: every ``.html`` of ``_build/html/zh`` (the slide decks apart), its visible text: no
  script, style or attribute, no code (``<code>``, ``<pre>``, ``<kbd>``), no maths (a formula,
  typeset by KaTeX at build time, and a view's TeX ``\\(...\\)`` and ``\\[...\\]``), and not the English copy of a two-language output
  (``lang="en"``, which the Chinese edition hides);
* **decks**: the Chinese slide decks, ``_build/html/zh/slides/*/index.html``, their slides and
  speaker notes, read the same way;
* **notebooks**: the Chinese notebooks, ``exercises/zh/**/*.ipynb``: their Markdown cells (code
  spans, code blocks and maths left out) and the outputs a learner sees (text, and an HTML
  output's visible text), not their code;
* **pdf**: the text of the Chinese PDFs (the book and the cheat sheet, ``pdftotext``), whose
  code and maths are the pages' own: a word is left out when the Chinese pages show it in code or
  maths (the PDF has no markup left to tell them apart).

Each test lists what it finds (file, word, context) and how many. The built-book tests skip until
``make book``; the notebooks' test runs on the repository.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from tests.book.helpers import ROOT
from tools import chromium as browser_setup

BOOK = browser_setup.book_html()
ZH = BOOK / "zh"
BUILT = pytest.mark.skipif(
    not (ZH / "index.html").is_file(), reason=f"no Chinese edition at {ZH}: run `make book` first"
)
ALLOWLIST = Path(__file__).with_name("latin-words-allowed.yml")

#: A Latin word: two letters or more (a single letter is a variable, a system's or an item's name:
#: "system A", "$k$"), with its apostrophes and inner hyphens ("don't", "trec-eval" is two words).
LETTER = "A-Za-zÀ-ÖØ-öø-ÿ"
WORD = re.compile(f"[{LETTER}]+(?:['’][{LETTER}]+)*")
#: An identifier of the code (``my_cg``, ``trec_eval``) or a code span (```return```) in a text.
IDENTIFIER = re.compile(r"`[^`\n]+`|\b\w*_\w+\b|\b\w+=")  # (``ideal=``: an argument)
#: Addresses and file names are no words of a sentence.
ADDRESS = re.compile(
    r"(?:https?://|www\.)\S+|\b[\w.-]+@[\w-]+\.[\w.]+|\b[\w/.-]+\.(?:html|ipynb|pdf|zip|apkg|md|py|txt|csv|json|yml|yaml|svg|png)\b"
)
#: A term's English given beside its Chinese, as d2l-zh does at a term's first use: "科恩卡帕系数
#: （Cohen's kappa）", "cumulated gain（累积增益）" (the parentheses hold the one language only), or
#: beside it in the parentheses: "（平均倒数排名，mean reciprocal rank）", "（reciprocal rank，RR）".
_HAN = "\u4e00-\u9fff"
GLOSS = re.compile(
    f"(?<=[{_HAN}])\\s*[（(][{LETTER}][{LETTER}'’ -]*[）)]"
    f"|(?<=[（(])[^（()）]*[{_HAN}][^（()）{LETTER}]*[，,、]\\s*[{LETTER}][{LETTER}'’ -]*(?=[，,）)])"
    f"|(?<=[（(])[{LETTER}][{LETTER}'’ -]*(?=[，,、][^（()）]*[）)])"
    f"|[{LETTER}][{LETTER}'’ -]*[（(][^）){LETTER}]*[{_HAN}][^）){LETTER}]*[）)]"
)
#: TeX in a page's text, for KaTeX in the browser (a view's; the TeX is the formula, not words).
MATHS = re.compile(
    r"\\\((.*?)\\\)|\\\[(.*?)\\\]|\$\$(.*?)\$\$|(?<![\\$])\$(?!\s)([^$\n]+?)(?<![\s\\])\$", re.S
)

#: Elements whose text is no visible prose: code, maths, scripts, and what is not shown.
SKIPPED_TAGS = {
    "script",
    "style",
    "code",
    "pre",
    "kbd",
    "samp",
    "tt",
    "math",
    "svg",
    "template",
    "noscript",
    "textarea",
}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass(frozen=True)
class Allowlist:
    phrases: list[tuple[re.Pattern, str]]  # a phrase removed before the words are read -> its class
    words: dict[str, str]  # word -> its class
    patterns: list[tuple[re.Pattern, str]]  # a pattern a word may match -> its class
    classes: set[str]  # elements' classes whose text is left out (the bibliography's entries)
    left: list[dict]  # findings known and not fixed yet: {where, words, reason}

    def allows(self, word: str) -> bool:
        return word in self.words or any(p.fullmatch(word) for p, _ in self.patterns)

    def left_for(self, finding) -> dict | None:
        """The ``left`` entry that names ``finding`` (its file and its word), if any."""
        return next(
            (e for e in self.left if e["where"] in finding.where and finding.word in e["words"]), None
        )


@cache
def allowlist() -> Allowlist:
    """The allowlist file: each class of words with its reason, and the places left out."""
    data = yaml.safe_load(ALLOWLIST.read_text(encoding="utf-8"))
    words, patterns, phrases = {}, [], []
    for name, entry in data["words"].items():
        assert entry.get("reason"), f"{ALLOWLIST.name}: the class {name!r} gives no reason"
        phrases += [(re.compile(p), name) for p in entry.get("phrases", [])]
        for word in entry.get("words", []):
            assert WORD.fullmatch(word), f"{ALLOWLIST.name}: {word!r} ({name}) is no word the scan finds"
            assert word not in words, f"{ALLOWLIST.name}: {word!r} is in {words[word]!r} and {name!r}"
            words[word] = name
        patterns += [(re.compile(p), name) for p in entry.get("patterns", [])]
    classes = set()
    for name, entry in data["places"].items():
        assert entry.get("reason"), f"{ALLOWLIST.name}: the place {name!r} gives no reason"
        classes |= set(entry.get("classes", []))
    left = data.get("left") or []
    for entry in left:
        assert entry.get("reason") and entry.get("where") and entry.get("words"), entry
    return Allowlist(phrases, words, patterns, classes, left)


@dataclass(frozen=True)
class Finding:
    where: str
    word: str
    context: str

    def __str__(self):
        return f"{self.where}: {self.word!r} in “{self.context}”"


def latin_words(text: str, where: str, code: frozenset[str] = frozenset()) -> list[Finding]:
    """The Latin words of ``text`` the allowlist does not allow (nor ``code``: the words of the
    code that printed the text), each with the text around it."""
    allowed = allowlist()
    text = IDENTIFIER.sub(" ", ADDRESS.sub(" ", MATHS.sub(" ", text)))
    for phrase, _ in allowed.phrases:
        text = phrase.sub(" ", text)
    text = GLOSS.sub(" ", text)
    found = []
    for match in WORD.finditer(text):
        word = match.group(0)
        if len(word) < 2 or word in code or allowed.allows(word):
            continue
        start, end = max(0, match.start() - 30), match.end() + 30
        found.append(Finding(where, word, " ".join(text[start:end].split())))
    return found


class VisibleText(HTMLParser):
    """The text of an HTML page (or fragment) that its Chinese reader sees: no script, style or
    attribute, no code or maths, not the hidden English copy of a two-language output, and not
    the places the allowlist leaves out (the bibliography's entries)."""

    def __init__(self, left_out: set[str]):
        super().__init__(convert_charrefs=True)
        self.left_out = left_out
        self.stack: list[bool] = []  # per open element: whether its text is left out
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        attrs = dict(attrs)
        classes = set((attrs.get("class") or "").split())
        skip = (
            tag in SKIPPED_TAGS
            or (attrs.get("lang") or "").startswith("en")
            or "hidden" in attrs
            or bool(classes & ({"math", "katex", "highlight", "headerlink"} | self.left_out))
        )
        self.stack.append(skip or (bool(self.stack) and self.stack[-1]))

    def handle_startendtag(self, tag, attrs):
        pass

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not (self.stack and self.stack[-1]):
            self.parts.append(data)

    def text(self) -> str:
        return " ".join(" ".join(self.parts).split())


def visible_text(page: str) -> str:
    parser = VisibleText(allowlist().classes)
    parser.feed(page)
    return parser.text()


def check(found: list[Finding], kind: str) -> None:
    """Fail on every finding the allowlist's ``left`` does not name, and on every ``left`` entry of
    this kind of place that names nothing found any more (fixed: take it out)."""
    allowed = allowlist()
    new = [f for f in found if allowed.left_for(f) is None]
    used = {id(allowed.left_for(f)) for f in found}
    stale = [e for e in allowed.left if e.get("kind") == kind and id(e) not in used]
    assert not new, report(new, kind)
    assert not stale, f"{ALLOWLIST.name}: these entries of `left` are fixed, take them out: {stale}"


def report(found: list[Finding], kind: str) -> str:
    words = Counter(f.word for f in found)
    places = Counter(f.where for f in found)
    lines = [
        f"{len(found)} Latin words in the Chinese {kind} ({len(places)} files) outside {ALLOWLIST.name}:"
    ]
    lines.append("most frequent: " + ", ".join(f"{w} ×{n}" for w, n in words.most_common(25)))
    lines += [str(f) for f in found[:60]]
    return "\n".join(lines)


# -- the tool itself, without a build ------------------------------------------------------------


def test_the_scan_finds_english_prose_but_not_code_maths_metrics_or_the_hidden_english_copy():
    page = (
        "<p>用 <code>ndcg.dcg</code> 算 NDCG@5 和 MRR，\\(\\text{rel}_i\\) 见 "
        '<span class="ndcg-lang" lang="en">Show the answer</span><span lang="zh-Hans">显示答案</span>'
        '：3-day guide 排第一</p><script>var hidden = "words";</script><pre>print("hello")</pre>'
    )
    found = latin_words(visible_text(page), "page")
    assert [f.word for f in found] == ["day", "guide"]
    assert "3-day guide 排第一" in found[0].context


def test_the_allowlist_gives_a_reason_for_each_class_and_finds_each_word_once():
    allowed = allowlist()
    assert {"NDCG", "MRR", "Python", "scikit"} <= set(allowed.words)
    assert not allowed.allows("guide") and not allowed.allows("good")


# -- the built Chinese edition -------------------------------------------------------------------


def _pages() -> list[Path]:
    # (not the decks, and not the theme's templates in _static/)
    return sorted(p for p in ZH.rglob("*.html") if p.relative_to(ZH).parts[0] not in ("slides", "_static"))


def _decks() -> list[Path]:
    return sorted((ZH / "slides").glob("*/index.html"))


#: The English still on the Chinese pages and in the Chinese PDF that neither the allowlist nor
#: ``left`` names, counted per file and word (``where<TAB>word<TAB>count``): a ratchet. The scan
#: fails on a word that is not there or more often than counted (new English), and on a count
#: that fell (English fixed: write the file again, ``python -m tests.book.test_latin_words``).
#: What stays in it: the file types of the theme's download menu (.md, .pdf), sizes
#: in kB, trec_eval's terms (qrels, run), the libraries' error messages quoted in English
#: (further/04-libraries), the names of chapter 4's table of examples, words such as bug,
#: wheel, epoch, vs.
BASELINE = Path(__file__).with_name("latin-words-left.tsv")


def counted(found: list[Finding]) -> Counter:
    """How often each word stands in each file: ``{(where, word): count}``."""
    return Counter((f.where, f.word) for f in found)


def baseline(kind: str) -> Counter:
    """The counts :data:`BASELINE` holds for this kind of place (``pages``, ``PDFs``)."""
    held = Counter()
    for line in BASELINE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            place, where, word, count = line.split("\t")
            if place == kind:
                held[(where, word)] = int(count)
    return held


def check_against_baseline(found: list[Finding], kind: str, exact: bool = True) -> None:
    """Fail on English the baseline does not count (listed with its context), and on a count
    that fell (the baseline then wants writing again). Not ``exact`` (a PDF, whose words a
    line break or another Chromium can split or join): only a word the baseline does not hold
    for that file fails."""
    allowed = allowlist()
    found = [f for f in found if allowed.left_for(f) is None]
    now, held = counted(found), baseline(kind)
    if not exact:
        now = Counter(dict.fromkeys(now, 1))
        held = Counter(dict.fromkeys(held, 1))
    new = [f for f in found if now[(f.where, f.word)] > held[(f.where, f.word)]]
    fixed = sorted(key for key in held if now[key] < held[key]) if exact else []
    assert not new, report(new, kind)
    assert not fixed, (
        f"English fixed in the Chinese {kind} ({fixed[:10]}): write {BASELINE.name} again "
        "(python -m tests.book.test_latin_words), so that it cannot come back unseen"
    )


def page_findings() -> list[Finding]:
    found = []
    for page in _pages():
        text = page.read_text(encoding="utf-8")
        found += latin_words(visible_text(text), page.relative_to(BOOK).as_posix())
    return found


@BUILT
def test_no_chinese_page_shows_a_latin_word_outside_the_allowlist_or_the_counted_remainder():
    assert len(_pages()) > 30
    check_against_baseline(page_findings(), "pages")


def _deck_text(page: str) -> str:
    """A deck's slides and notes: its sections' HTML, read as a page (``<aside class="notes">``
    included: the speaker view shows them)."""
    return visible_text(page)


@BUILT
def test_no_chinese_slide_deck_shows_a_latin_word_outside_the_allowlist():
    decks = _decks()
    assert decks, f"no Chinese decks in {ZH / 'slides'}"
    found = []
    for deck in decks:
        found += latin_words(_deck_text(deck.read_text(encoding="utf-8")), str(deck.relative_to(BOOK)))
    check(found, "slide decks")


# -- the Chinese notebooks ------------------------------------------------------------------------

NOTEBOOKS = sorted((ROOT / "exercises" / "zh").rglob("*.ipynb"))
FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.S | re.M)
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)


def markdown_text(source: str) -> str:
    """A Markdown cell's prose: no code block or code span, no maths, no link target or HTML tag."""
    source = FENCE.sub(" ", source)
    source = CODE_SPAN.sub(" ", source)
    source = MATHS.sub(" ", source)
    source = re.sub(r"\]\([^)]*\)", "]", source)  # a link's target
    source = re.sub(r"\{[a-z-]+\}", " ", source)  # a MyST role's name
    return visible_text(source)


STRING = re.compile(r"(\"\"\"|'''|\"|')(.*?)(?<!\\)\1", re.S)


def printed_words(code: str) -> frozenset[str]:
    """The words of a cell's string literals: what its ``print`` shows is its code's own words,
    the same in both editions (one computation; d2l-zh prints in English too), and its reader
    sees them in the code above the output."""
    return frozenset(WORD.findall(" ".join(m.group(2) for m in STRING.finditer(code))))


def output_text(output: dict) -> tuple[str, bool]:
    """What a learner sees of a cell's output: its HTML's visible text, else its plain text; and
    whether it is printed text (a stream or a value's ``repr``), which the code's words make."""
    if output.get("output_type") == "stream":
        text = output.get("text", "")
        return ("".join(text) if isinstance(text, list) else text), True
    data = output.get("data", {})
    for kind, read in (("text/html", visible_text), ("text/markdown", markdown_text), ("text/plain", str)):
        if kind in data:
            value = data[kind]
            return read("".join(value) if isinstance(value, list) else value), kind == "text/plain"
    return "", False


def notebook_findings(path: Path) -> list[Finding]:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    where = str(path.relative_to(ROOT))
    found = []
    for number, cell in enumerate(notebook["cells"], start=1):
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if cell["cell_type"] == "markdown":
            found += latin_words(markdown_text(source), f"{where} cell {number}")
        code = printed_words(source) if cell["cell_type"] == "code" else frozenset()
        for output in cell.get("outputs", []):
            text, printed = output_text(output)
            found += latin_words(text, f"{where} cell {number} output", code if printed else frozenset())
    return found


def test_no_chinese_notebook_shows_a_latin_word_outside_the_allowlist():
    assert len(NOTEBOOKS) >= 14, NOTEBOOKS
    found = [f for path in NOTEBOOKS for f in notebook_findings(path)]
    check(found, "notebooks")


# -- the Chinese PDFs -----------------------------------------------------------------------------


#: A letter of a formula and the letters that open its superscript or subscript (TeX).
SCRIPTED = re.compile(r"(?<![\\A-Za-z])([A-Za-z])\s*[_^]\s*\{?\s*([A-Za-z]+)")


def scripts_joined(tex: str) -> str:
    r"""A formula's TeX as pdftotext reads KaTeX's print of it (the maths is typeset at build
    time, its letters are text in the PDF): a word and its scripts as one word.

    >>> scripts_joined(r"\text{rank}_{\text{first}} + rel_{k+1} + e^{s_B}")
    'rankfirst + relk+1 + esB'
    """
    tex = re.sub(r"\\(?:text|mathrm|mathit|mathbf|operatorname)\b\s*", "", tex)
    tex = re.sub(r"\\[A-Za-z]+", " ", tex)
    return re.sub(r"[{}_^]", "", tex)


@cache
def _code_words() -> frozenset[str]:
    """The words the Chinese pages show in code or maths (which the PDF prints as they are)."""

    class Code(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.depth, self.parts = 0, []

        def handle_starttag(self, tag, attrs):
            classes = set((dict(attrs).get("class") or "").split())
            if tag in VOID:
                return
            if self.depth or tag in {"code", "pre", "kbd"} or classes & {"math", "highlight"}:
                self.depth += 1

        def handle_endtag(self, tag):
            if tag not in VOID and self.depth:
                self.depth -= 1

        def handle_data(self, data):
            maths = data if self.depth else " ".join(m.group(0) for m in MATHS.finditer(data))
            # pdftotext reads a letter and the first letters of its superscript or subscript as
            # one word (e^{s_j} prints as "es", P_s(j) as "Ps"): those are the formula's too
            joined = " ".join(a + b for a, b in SCRIPTED.findall(maths)) + " " + scripts_joined(maths)
            self.parts.append(f"{maths} {joined}")

    words = set()
    for page in _pages():
        parser = Code()
        parser.feed(page.read_text(encoding="utf-8"))
        words |= set(WORD.findall(" ".join(parser.parts)))
    return frozenset(words)


def pdf_findings() -> list[Finding] | None:
    """The PDFs' findings, or None where there is no Chinese PDF or no pdftotext."""
    import ndcg
    from ndcg_book.pdf import print_book

    pdfs = [
        ZH / print_book.FOLDER / name(ndcg.__version__, "zh")
        for name in (print_book.book_pdf_name, print_book.cheatsheet_pdf_name)
    ]
    if not all(pdf.is_file() for pdf in pdfs) or not shutil.which("pdftotext"):
        return None
    code = _code_words()
    found = []
    for pdf in pdfs:
        text = subprocess.run(
            ["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
        found += [f for f in latin_words(text, pdf.name) if f.word not in code]
    return found


def test_a_letter_and_its_script_read_as_one_word_are_the_formula_s():
    tex = r"P_s(j) = \frac{e^{s_j}}{\sum_k e^{ s_k}} + \log_2 x_{i}"
    assert SCRIPTED.findall(tex) == [("P", "s"), ("e", "s"), ("e", "s"), ("x", "i")]  # not "mk", "g2"


@BUILT
def test_the_chinese_pdfs_show_no_latin_word_outside_the_allowlist_the_pages_code_or_the_remainder():
    found = pdf_findings()
    if found is None:
        pytest.skip("no Chinese PDF (this build found no Chromium) or no pdftotext (poppler-utils)")
    check_against_baseline(found, "PDFs", exact=False)


def write_baseline() -> None:
    """Write :data:`BASELINE` from the built book as it is now."""
    allowed = allowlist()
    lines = [
        "# The English left on the Chinese pages and in the Chinese PDFs, counted per file and word:",
        "# tests/book/test_latin_words.py fails on more, and on less (then run",
        "# `python -m tests.book.test_latin_words` to write this file again).",
    ]
    for kind, found in (("pages", page_findings()), ("PDFs", pdf_findings() or [])):
        found = [f for f in found if allowed.left_for(f) is None]
        lines += [f"{kind}\t{where}\t{word}\t{n}" for (where, word), n in sorted(counted(found).items())]
    BASELINE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{BASELINE}: {len(lines) - 3} counts")


if __name__ == "__main__":
    write_baseline()
