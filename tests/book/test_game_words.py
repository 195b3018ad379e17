"""The games use only words the course has taught: every term a game shows is defined earlier on its
page, or in an earlier chapter.

A game is a kernel-free view of ``ndcg.course.widgets.games`` (``data-ndcg-view`` ``reorder``,
``monster`` or ``two-systems``) in a code cell's output of a chapter's executed notebook
(``notebooks/chapters/NN_name.ipynb`` and the companion pages' ``further/NN-topic.ipynb``: the same
HTML the book shows). What it shows: the text of its HTML (its title, its prompts, its readouts at
the start, its answer), and every text its script can show later, which the page hands it in its
JSON island (``ndcg-games.js`` fills those templates: the reorder game's messages, the monster's,
the two-systems game's verdicts and answer). A message for a part of the game that is switched off
(the CG readout without ``cg=True``, the lambdas' table and best swap without ``pairs=True``) is not
shown.

:data:`TERMS` says where the course defines each term a game could show: its chapter, and the line
of that chapter's text that defines it (a *Definition* box, or the sentence that introduces it in
bold). A term found in a game of chapter N is taught if its chapter comes before N, or is N and its
definition stands in a cell above the game's (a companion page comes after its whole core page).
Each entry is checked too: its definition must be where the table says.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ndcg_book import timing

ROOT = Path(__file__).resolve().parents[2]
#: The games' views (``data-ndcg-view``), as ``ndcg-games.js`` registers them.
GAMES = ("reorder", "monster", "two-systems")
_DEFINITION_BOX = r"^:::\{admonition\}[^\n]*\bDefinition\b"


@dataclass(frozen=True)
class Term:
    """A term a game may show: how it shows (a regular expression), the chapter that defines it,
    and the line there that defines it (a regular expression, searched line by line); ``also``, the
    earlier pages that introduce it before its chapter, each with the line that does (a page and
    a regular expression: the term in bold, with what it means, before the page's game)."""

    shown: str
    chapter: str
    defined: str = _DEFINITION_BOX
    also: tuple[tuple[str, str], ...] = ()

    def places(self) -> list[tuple[str, str]]:
        """Where the term is defined or introduced: ``(page, line)``, its own chapter first."""
        return [(self.chapter, self.defined), *self.also]


def word(name: str) -> str:
    """``name`` as a word of its own (``DCG`` in ``DCG@4``, not in ``IDCG`` or ``NDCG``)."""
    return rf"(?<![A-Za-z]){name}(?![A-Za-z])"


#: Every term a game could show, and where the course defines it.
TERMS = {
    "precision": Term(r"\b[Pp]recision\b", "00_why", r"\*\*precision\*\*"),
    "recall": Term(r"\b[Rr]ecall\b", "00_why", r"\*\*recall\*\*"),
    "CG": Term(word("CG") + "|cumulative gain", "01_cg"),
    "DCG": Term(word("DCG"), "02_dcg"),
    "discount": Term(
        r"\b[Dd]iscount|log<sub>2</sub>|log₂|\\log_2",
        "02_dcg",
        # the first two chapters draw it as the dark bar of their figure, before their games
        also=(("00_why", r"\*\*discount\*\* \(折损\)"), ("01_cg", r"\*\*discount\*\* \(折损\)")),
    ),
    "exponential gain": Term(r"exponential gain|2\^rel|2<sup>rel", "02_dcg", r"\bexponential\b"),
    "IDCG": Term(word("IDCG"), "03_idcg"),
    "NDCG": Term(word("NDCG"), "04_ndcg"),
    "RR, MRR": Term(word("M?RR") + "|reciprocal rank", "05_mrr", r"Definition: reciprocal rank"),
    "AP, MAP": Term(word("M?AP") + "|average precision", "05_mrr", r"Definition: average precision"),
    "P@k, R@k": Term(word("[PR]") + "@", "05_mrr", r"^\*\*P@k\*\*"),
    "σ": Term(r"σ", "06_ltr", r"\\sigma"),
    "lambdas": Term(r"λ|\b[Ll]ambdas?\b|LambdaRank|LambdaMART|RankNet", "06_ltr", r"Definition: lambdas"),
    "ΔNDCG": Term(r"ΔNDCG", "06_ltr", r"\\Delta \\mathrm\{NDCG\}"),
}


class _Text(HTMLParser):
    """The text of an HTML fragment, ``<script>`` left out."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag == "script"

    def handle_endtag(self, tag):
        self.skip -= tag == "script" and self.skip > 0

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def html_text(fragment: str) -> str:
    parser = _Text()
    parser.feed(fragment)
    return " ".join(" ".join(parser.parts).split())


_VIEW = re.compile(r'data-ndcg-view="(?P<view>[\w-]+)"')
_ISLAND = re.compile(r"<script type=\"application/json\" data-ndcg-data>(?P<data>.*?)</script>", re.DOTALL)
#: The reorder game's messages that only a switched-on part shows.
_ONLY_WITH = {"cg": ("cg",), "pairs": ("best_swap", "no_swap", "pairs_caption")}


def game_text(fragment: str) -> tuple[str, str]:
    """``(view, text)``: which game an output shows, and every text it shows (see the docstring)."""
    view = _VIEW.search(fragment)["view"]
    texts = [html_text(fragment)]
    island = _ISLAND.search(fragment)
    if island:
        data = json.loads(island["data"])  # ndcg.course.islands.json_island: <, > and & as JSON escapes
        texts.append(str(data.get("title", "")))
        messages = dict(data.get("messages") or {})
        if view in ("reorder", "monster"):
            for switch, keys in _ONLY_WITH.items():
                if not data.get(switch):
                    for key in keys:
                        messages.pop(key, None)
        texts += [html_text(str(m)) for m in messages.values()]
        texts += [html_text(str(m)) for m in ((data.get("monster") or {}).get("messages") or {}).values()]
        texts += [html_text(str(v.get("text", ""))) for v in (data.get("verdicts") or {}).values()]
        texts.append(html_text(str(data.get("answer", ""))))
    return view, "\n".join(t for t in texts if t)


def cells(course: Path, page: str) -> list[dict]:
    path = course / "notebooks" / "chapters" / f"{page}.ipynb"
    return json.loads(path.read_text(encoding="utf-8"))["cells"] if path.is_file() else []


def source(cell: dict) -> str:
    return cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])


def games(course: Path, page: str) -> list[tuple[int, str, str]]:
    """The games of a page: ``(cell index, view, text)``, in order."""
    found = []
    for index, cell in enumerate(cells(course, page)):
        for output in cell.get("outputs", []) if cell["cell_type"] == "code" else []:
            fragment = output.get("data", {}).get("text/html", "")
            fragment = "".join(fragment) if isinstance(fragment, list) else fragment
            match = _VIEW.search(fragment)
            if match and match["view"] in GAMES:
                found.append((index, *game_text(fragment)))
    return found


def definition_cell(course: Path, term: Term, page: str | None = None, line: str | None = None) -> int | None:
    """The index of the Markdown cell of ``page`` (default: ``term.chapter``) with a line matching
    ``line`` (default: ``term.defined``), or None."""
    pattern = re.compile(line or term.defined, re.MULTILINE)
    for index, cell in enumerate(cells(course, page or term.chapter)):
        if cell["cell_type"] == "markdown" and pattern.search(source(cell)):
            return index
    return None


def number(page: str) -> int:
    """A page's chapter number: 4 for ``04_ndcg`` and for ``further/04-ties``."""
    return int(page.removeprefix(f"{timing.FURTHER}/")[:2])


def taught(course: Path, term: Term, page: str, index: int) -> bool:
    """Whether ``term`` is defined before cell ``index`` of ``page``: on an earlier chapter's core
    page (for a companion page, on its own chapter's too), or on ``page`` above that cell."""
    companion = page.startswith(f"{timing.FURTHER}/")
    for place, line in term.places():
        if number(place) < number(page) or (companion and number(place) == number(page) and place != page):
            if place == term.chapter or definition_cell(course, term, place, line) is not None:
                return True
        elif place == page:
            at = definition_cell(course, term, place, line)
            if at is not None and at < index:
                return True
    return False


def table_problems(course: Path) -> list[str]:
    """Each term of :data:`TERMS` is defined where the table says."""
    return [
        f"TERMS[{name!r}]: no line matching {term.defined!r} in {term.chapter}"
        for name, term in TERMS.items()
        if definition_cell(course, term) is None
    ]


def game_word_problems(course: Path, page: str) -> list[str]:
    """Every term a game of ``page`` (``"01_cg"``, ``"further/04-ties"``) shows before the course has
    taught it."""
    problems = []
    for index, view, text in games(course, page):
        for name, term in TERMS.items():
            shown = re.search(term.shown, text)
            if not shown or taught(course, term, page, index):
                continue
            where = f"chapter {term.chapter}" + (" (later on this page)" if term.chapter == page else "")
            problems.append(
                f"{page}: its {view} game (cell {index}) shows {shown.group(0)!r} ({name}), "
                f"which the course defines in {where}"
            )
    return problems


def game_pages(course: Path) -> list[str]:
    return [
        page for page in timing.chapter_names(course) + timing.companion_names(course) if games(course, page)
    ]


# -- the course ---------------------------------------------------------------------------------


def test_the_terms_are_defined_where_the_table_says():
    assert not table_problems(ROOT), table_problems(ROOT)


def test_the_games_are_found():
    found = {view for page in game_pages(ROOT) for _, view, _ in games(ROOT, page)}
    assert found == set(GAMES)


@pytest.mark.parametrize("page", game_pages(ROOT))
def test_every_game_shows_only_taught_words(page):
    problems = game_word_problems(ROOT, page)
    assert not problems, "\n".join(problems)


# -- the check on a tiny course ------------------------------------------------------------------------


def notebook(*cells: dict) -> dict:
    return {"cells": list(cells), "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def markdown(text: str) -> dict:
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def game(view: str, title: str, shown: str, data: dict) -> dict:
    island = json.dumps({"title": title, **data})
    fragment = (
        f'<div class="ndcg-kf" data-ndcg-view="{view}"><div class="ndcg-head">🎮 {title}</div><p>{shown}</p>'
        f'<script type="application/json" data-ndcg-data>{island}</script></div>'
    )
    return {
        "cell_type": "code",
        "metadata": {},
        "source": "",
        "outputs": [{"output_type": "display_data", "data": {"text/html": fragment}}],
    }


def tiny(tmp_path: Path, pages: dict[str, dict]) -> Path:
    """A course whose chapters are ``pages`` (name to notebook), with text sources to be found."""
    for name, content in pages.items():
        for folder, suffix, text in (
            ("notebooks/chapters", ".ipynb", json.dumps(content)),
            ("chapters", ".md", ""),
        ):
            path = tmp_path / folder / f"{name}{suffix}"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    return tmp_path


SORT = {"messages": {"keep_going": "Keep going: the best grades first."}, "cg": True, "pairs": False}
CG_DEFINED = markdown(":::{admonition} 📌 Definition\n:class: important\nCG@k is the sum of the grades.\n:::")


def test_a_game_that_shows_taught_words_passes(tmp_path):
    cg_game = game("reorder", "Sort the list", "CG@3 = 6.000: the same in every order", SORT)
    course = tiny(
        tmp_path,
        {
            "01_cg": notebook(markdown("# CG"), CG_DEFINED, cg_game),
            "02_dcg": notebook(
                markdown(":::{admonition} Definition\nDCG\n:::"),
                game("two-systems", "X or Y?", "Which has the higher DCG@4?", {}),
            ),
            "further/01-deep": notebook(markdown("# Going further"), cg_game),
        },
    )
    assert [game_word_problems(course, page) for page in ("01_cg", "02_dcg", "further/01-deep")] == [
        [],
        [],
        [],
    ]


def test_a_term_of_a_later_chapter_fails(tmp_path):
    shown = "CG@3 = 6.000 · NDCG@3 = <b>0.817</b> (DCG@3 = 3.893, IDCG@3 = 4.762)"
    course = tiny(tmp_path, {"01_cg": notebook(CG_DEFINED, game("reorder", "Reorder the list", shown, SORT))})
    problems = game_word_problems(course, "01_cg")
    assert [p.split("(")[-1] for p in problems] == [
        "DCG), which the course defines in chapter 02_dcg",
        "IDCG), which the course defines in chapter 03_idcg",
        "NDCG), which the course defines in chapter 04_ndcg",
    ]


def test_a_term_in_a_message_the_script_shows_later_fails(tmp_path):
    # the start shows nothing untaught; a message in the island does (the first chapter's "discount")
    later = {
        **SORT,
        "messages": {
            "keep_going": "put the best at the top, where the discount 1/log<sub>2</sub>(i+1) keeps most"
        },
    }
    course = tiny(
        tmp_path, {"01_cg": notebook(CG_DEFINED, game("reorder", "Sort the list", "CG@3 = 6.000", later))}
    )
    assert ["'discount' (discount)" in p for p in game_word_problems(course, "01_cg")] == [True]
    # a switched-off part's message is not shown
    hidden = {**SORT, "messages": {**SORT["messages"], "best_swap": "NDCG rises"}, "pairs": False}
    course = tiny(tmp_path / "two", {"01_cg": notebook(CG_DEFINED, game("reorder", "Sort", "CG@3", hidden))})
    assert game_word_problems(course, "01_cg") == []


def test_a_game_above_its_own_chapter_s_definition_fails(tmp_path):
    course = tiny(
        tmp_path, {"01_cg": notebook(game("reorder", "Sort the list", "CG@3 = 6.000", SORT), CG_DEFINED)}
    )
    assert game_word_problems(course, "01_cg") == [
        "01_cg: its reorder game (cell 0) shows 'CG' (CG), which the course defines in chapter 01_cg (later on this page)"
    ]


def test_a_term_whose_definition_is_missing_is_reported(tmp_path):
    course = tiny(tmp_path, {"01_cg": notebook(markdown("# CG without its box"))})
    assert "TERMS['CG']: no line matching" in "\n".join(table_problems(course))


def test_a_term_introduced_above_the_game_on_an_earlier_page_passes(tmp_path):
    # "discount" is introduced on the first chapters' pages (TERMS["discount"].also), before chapter 2
    intro = markdown("The dark bar is what is left after a **discount** (折损) for its position.")
    shown = "CG@3 = 6.000 · what the discount keeps = 3.893"
    above = notebook(CG_DEFINED, intro, game("reorder", "Sort", shown, SORT))
    below = notebook(CG_DEFINED, game("reorder", "Sort", shown, SORT), intro)
    course = tiny(tmp_path, {"01_cg": above, "00_why": notebook(markdown("# Why"))})
    assert game_word_problems(course, "01_cg") == []
    course = tiny(tmp_path / "below", {"01_cg": below})
    assert game_word_problems(course, "01_cg") == [
        "01_cg: its reorder game (cell 1) shows 'discount' (discount), which the course defines in chapter 02_dcg"
    ]
    # introduced on an earlier chapter's page: taught for the next chapter's game
    course = tiny(
        tmp_path / "earlier",
        {"00_why": notebook(intro), "01_cg": notebook(CG_DEFINED, game("reorder", "Sort", shown, SORT))},
    )
    assert game_word_problems(course, "01_cg") == []
