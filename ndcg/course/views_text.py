"""Every word of the course's views, once, in English: the games, the ranking explorer, the
interactive figures, the score playground and the answer box.

The views (``ndcg/course/static/ndcg-games.js``, ``ndcg-explorers.js``, ``ndcg-ltr.js``,
``ndcg-answer.js`` and the messages of bad input of ``ndcg-metrics.js``) hold no words of their
own: they take every label, message and ``aria-label`` from the JSON island that the Python side
writes (:func:`texts`), and the HTML skeleton that Python writes takes its words from here too
(:func:`say`). The Chinese is the catalogue of the domain ``views``
(``ndcg/course/locales/zh_CN/LC_MESSAGES/views.po``, one message per text, its context
``group:key``), declared by ``ndcg_book/catalogues/i18n_stores/views.py``.

One computation, both languages (:mod:`ndcg.course.i18n`): in the book's build a text goes to the
island as ``{"en": ..., "zh": ...}`` and the skeleton carries both (the page shows its edition's);
in a notebook only the chosen language, and the view's root says which (``data-lang``).

Templates: ``{name}`` is a value filled in where shown (by ``fill`` in the JS, by
:func:`ndcg.course.widgets.games.fill` here); a translation keeps every ``{name}`` of its English.

Examples
--------
>>> english("explorer", "reset")
'Reset'
>>> texts("errors")["empty"]
'grades: type at least one grade, such as 3, 2, 1, 0.'
"""

from __future__ import annotations

import html as _html
import re
from collections.abc import Callable

from . import i18n

#: The catalogue of these texts.
DOMAIN = "views"

#: The texts, by view (``group``) and key. A value is a template (a string) or a list of them.
TEXTS: dict[str, dict[str, str | list[str]]] = {
    # -- the messages of bad input (ndcg-metrics.js: parseGrades, and the grades' limits) --------
    "errors": {
        "empty": "grades: type at least one grade, such as 3, 2, 1, 0.",
        "not_number": "grades must be numbers separated by commas, such as 3, 2, 1, 0; "
        "'{piece}' (item {item}) is not a number.",
        "negative": "grades must not be negative; item {item} is {value}.",
        "too_large": "grades must be at most {max} with the exponential gain; item {item} is {value}.",
    },
    # -- what every game says -----------------------------------------------------------------
    "game": {
        "live": "Running this notebook? The same game, live:",
        "noscript": "This game needs JavaScript to play; run the notebook to play it live.",
        "grade": "grade {grade}",
        "rank_label": "Rank {rank}: {name}, grade {grade}",
        "up": "Move {name} up",
        "down": "Move {name} down",
        "how": "Drag a result by its handle ⠿, press its ▲ / ▼ buttons, or use the keyboard: Tab to a "
        "row, ↑ / ↓ to pick a row, Alt + ↑ / Alt + ↓ to move it. Each move swaps two neighbours.",
        "reset": "↺ Start again",
        "shuffle": "🔀 Shuffle: play again",
        "show_ideal": "Show the ideal order",
        "show_best": "Show the best order",
        "ideal_note": "NDCG@{n} = 1.000",
        "best_note": "highest grade first",
        "idcg_note": "DCG@{n} = IDCG@{n}",
        "intro": "Move the items until the list is in the best possible order: watch NDCG climb to 1.0.",
        "intro_cg": "Move the items until the list is in the best possible order, highest grade first: "
        "CG stays put, and what the discount keeps climbs.",
        "pair_head": "pair (better ▷ worse)",
        "ranks_head": "ranks",
        "ranks": "{better} and {worse}",
        "health_label": "Monster health",
        "ideal_list": "{items}: {note}. {par}",
        "item": "{name} ({grade})",
        "spoken": "{said}{score}. {status}",
        "spoken_monster": "{hit} {health}. {said}{score}. {status}",
    },
    # -- the reorder game (ReorderGame) -------------------------------------------------------
    "reorder": {
        "score": "NDCG@{n} = <b>{ndcg}</b> (DCG@{n} = {dcg}, IDCG@{n} = {idcg}) &nbsp;·&nbsp; "
        "🔀 Moves: <b>{moves}</b>",
        "cg": "CG@{n} = <b>{cg}</b>: the same in every order &nbsp;·&nbsp; ",
        "already": "🎉 NDCG@{n} = 1.000: this order is already ideal. Try moving something, and watch the "
        "score drop.",
        "solved": "🎉 NDCG@{n} = 1.000 in {moves} {moves_word}: the ideal order!{par}",
        "par_exact": " Exactly par! 🏆",
        "par_other": " (par is {par})",
        "keep_going": "Keep going: put the highest grades at the top, where the discount "
        "1/log<sub>2</sub>(i+1) keeps most of the gain.",
        "move": "move",
        "moves": "moves",
        "par": "Par: {par} {par_word}.",
        "best": "🏆 Your best from this start: {best} {best_word} (par {par}).",
        "no_best": "No best yet from this start: reach NDCG = 1 and your fewest moves are kept here.",
        "moved": "{item} moved to rank {rank}.",
        "best_swap": "Best swap now: {better} (rank {rank_better}) and {worse} (rank {rank_worse}): "
        "NDCG@{n} rises by {delta}, the largest |ΔNDCG@{n}| of the misordered pairs.",
        "no_swap": "No swap raises NDCG@{n} any more: every pair that counts is in order.",
        "pairs_caption": "Every pair (better ▷ worse) in the current order, scored {scores} from the top "
        "(σ = 1, {gain} gain): λ = −σ |ΔNDCG@{n}| / (1 + e<sup>σ(s<sub>better</sub> − "
        "s<sub>worse</sub>)</sup>).",
    },
    # chapter 1's words (ReorderGame(cg=True)): CG and what the discount keeps, no DCG/IDCG/NDCG
    "reorder_cg": {
        "score": "what the discount keeps = <b>{dcg}</b> &nbsp;·&nbsp; 🔀 Moves: <b>{moves}</b>",
        "already": "🎉 This order is already the best: highest grade first. Try moving something, and "
        "watch what the discount keeps drop.",
        "solved": "🎉 The best order in {moves} {moves_word}: highest grade first!{par}",
        "keep_going": "Keep going: put the highest grades at the top, where the discount keeps most of "
        "the grade.",
        "no_best": "No best yet from this start: reach the best order and your fewest moves are kept here.",
    },
    # chapter 3's words (the DCG monster's reorder engine): DCG and IDCG, no NDCG
    "reorder_idcg": {
        "score": "DCG@{n} = <b>{dcg}</b> of IDCG@{n} = {idcg} &nbsp;·&nbsp; 🔀 Moves: <b>{moves}</b>",
        "already": "🎉 DCG@{n} = IDCG@{n}: this order is already ideal. Try moving something, and watch "
        "DCG drop.",
        "solved": "🎉 DCG@{n} = IDCG@{n} in {moves} {moves_word}: the ideal order!{par}",
        "no_best": "No best yet from this start: reach DCG = IDCG and your fewest moves are kept here.",
    },
    # -- the DCG monster (MonsterGame) -----------------------------------------------------------
    "monster": {
        "intro": "The DCG monster's health is IDCG − DCG: what your order still lacks of the best one. "
        "A move that raises DCG hits the monster; a move that lowers DCG heals it. "
        "Bring DCG up to IDCG (health 0) to win.",
        "health": "👾 Monster health: <b>{health}</b> of {full} (IDCG@{n} − DCG@{n} = {idcg} − {dcg})",
        "start": "👾 A DCG monster appears with {health} health. Make your first move!",
        "ideal": "🗡️ No monster here: this order is already ideal (health 0). Move something to summon one.",
        "damage": "⚔️ Your move dealt <b>{damage}</b> damage!",
        "heal": "💚 Oops: the monster heals <b>{heal}</b>.",
        "nothing": "🛡️ No effect: DCG@{n} did not change.",
        "won": "🗡️ The monster is defeated: DCG@{n} = IDCG@{n}. You win the sword of normalisation!",
    },
    # -- the two-systems game (TwoSystemsGame) ---------------------------------------------------
    "two_systems": {
        "right": "🎉 Right! You guessed {guess}.",
        "wrong": "🤔 Not this time. You guessed {guess}.",
        "same": "the same",
        "system_x": "system X",
        "system_y": "system Y",
        "question_dcg": "Which system has the higher {label}?",
        "question_discount": "Which system keeps more of its grades (top {n}) after the discount for position?",
        "guess_first": "Guess before you compute!",
        "again": "↺ Play again",
        "show_answer": "Show the answer",
        "rank": "rank",
        "grade_head": "{name} (grade)",
        "tie_dcg": "Both have the same {label}: {value}.",
        "tie_discount": "Both keep the same share of their grades: {value}.",
        "wins_dcg": "<b>{name}</b> has the higher {label}: {win} against {lose}.",
        "wins_discount": "<b>{name}</b> keeps more of its grades after the discount: {win} against {lose}.",
        "why_dcg": "The best items count most near the top, where the discount 1/log<sub>2</sub>(i+1) "
        "keeps most of their gain; lower down the same grade is worth less.",
        "why_discount": "The best items count most near the top, where the discount keeps most of their "
        "grade; lower down the same grade is worth less.",
        "same_dcg": "Both lists hold the same grades (CG = {cg} for both): only the order differs, and "
        "that is all DCG sees. ",
        "same_discount": "Both lists hold the same grades (their sum is {cg} for both): only the order "
        "differs, and the discount sees it. ",
        "kept_columns": ["rank", "item", "grade", "discount", "kept", "kept so far"],
        "kept_caption": "kept in all (top {n}): {total}",
        "step_table": "{name}: step table",
        "hidden": "Answer hidden: guess again.",
    },
    # -- the games' titles (a chapter may give its own: then it is looked up here) --------------
    "title": {
        "reorder": "Reorder the list to NDCG = 1",
        "reorder_cg": "Put the list in the best order",
        "two_systems": "Which system is better?",
        "game": "Whose recommendations know me better? (谁的推荐更懂我？)",
        "monster": "Defeat the DCG monster, win the sword of normalisation! (击败DCG怪兽，赢得归一化之剑！)",
        "lambdas": "Be the lambdas",
    },
    # -- the ranking explorer (RankingExplorer) --------------------------------------------------
    "explorer": {
        "title": "🔎 Ranking explorer",
        "intro": "type the grades of a ranked list (position 1 first), pick the cut-off <i>k</i> and the gain.",
        "grades": "Grades",
        "placeholder": "e.g. 3, 2, 1, 0, 2",
        "grades_help": "Relevance grades in ranked order, position 1 first, separated by commas",
        "k": "k (cut-off)",
        "gain": "Gain",
        "example": "Example",
        "custom": "(your own grades)",
        "reset": "Reset",
        "numbers": "CG@{n} = <b>{cg}</b> · DCG@{n} = <b>{dcg}</b> · IDCG@{n} = <b>{idcg}</b> · "
        "NDCG@{n} = DCG / IDCG = <b>{ndcg}</b>",
        "rr": "RR = <b>{rr}</b>",
        "rr_at": "first result graded {threshold} or more at rank {rank}",
        "rr_none": "no result graded {threshold} or more",
        "rr_note": "RR (reciprocal rank) = 1 / rank of the first result graded {threshold} or more; "
        "it looks at that one result only, whatever k.",
        "chart": "Gain of each of the top {n} ranks (light bar) and the part the discount keeps "
        "(dark bar, its contribution to DCG@{n} = {dcg}).",
        "live": "In the notebook, this cell shows the live widget.",
        "static": "{grades}: <code>{typed}</code>, k = {k}, {gain} gain",
        "caption": "DCG@{n} = {dcg} ({gain} gain)",
        "linear": "linear",
        "exponential": "exponential",
        "gain_linear": "linear: rel",
        "gain_exponential": "exponential: 2^rel − 1",
        "columns": [
            "rank",
            "item",
            "grade",
            "gain",
            "log2(i+1)",
            "discount",
            "contribution",
            "running total",
        ],
    },
    # -- chapter 2: the discount slider, the gain slider ------------------------------------------
    "discount": {
        "title": "📉 Slide the rank: how much of its gain does a result keep?",
        "rank": "Rank i",
        "readout": "At rank {rank}, DCG's discount 1/log2({rank1}) keeps <b>{log}</b> of a result's gain; "
        "1/i would keep <b>{recip}</b>.",
        "legend_log": "1/log2(i+1), DCG's discount (circles)",
        "legend_recip": "1/i, the reciprocal rank (triangles)",
        "x": "rank i",
        "y": "share of the gain kept",
        "table": "The two discounts of ranks 1 to {n}",
        "chart": "Line chart: 1/log2(i+1) and 1/i for ranks 1 to {n}; rank {rank} is marked.",
    },
    "gains": {
        "title": "📈 Slide the grade: the linear gain and the exponential gain",
        "grade": "Grade g",
        "readout": "A result of grade {grade} is worth <b>{linear}</b> with the linear gain (g) "
        "and <b>{exponential}</b> with the exponential gain (2^g − 1).",
        "linear": "linear: g",
        "exponential": "exponential: 2^g − 1",
        "grade_column": "grade g",
        "table": "The two gains of grades 0 to {n}",
        "chart": "Bar chart: the linear gain {linear} and the exponential gain {exponential} of grade {grade}.",
    },
    # -- chapter 4: NDCG@k for a list you reorder --------------------------------------------------
    "ndcg_at_k": {
        "title": "📈 Reorder the list: NDCG@k for every cut-off k",
        "intro": "Move the items up and down; the chart and the table show NDCG@k of your order "
        "(solid line, circles) and of the order as recommended (dashed line, squares).",
        "up": "Move {item} up",
        "down": "Move {item} down",
        "grade": "grade {grade}",
        "reset": "Reset",
        "best": "Best order",
        "yours": "your order",
        "original": "as recommended",
        "x": "k (cut-off)",
        "y": "NDCG@k",
        "table": "NDCG@k of the two orders, k = 1 to {n}",
        "moved": "{item} is now at rank {rank}. NDCG@{n} = {ndcg}.",
        "chart": "Line chart of NDCG@k for k = 1 to {n}: your order {yours}; as recommended {original}.",
    },
    # -- chapter 5: same RR, different NDCG ----------------------------------------------------------
    "same_rr": {
        "title": "🛠️ Build two lists: same RR, different NDCG?",
        "intro": "Edit the grades of the two lists (rank 1 first).",
        "note": "RR = 1 / rank of the first result graded {threshold} or more; NDCG is over the whole "
        "list, each list against its own grades sorted best first.",
        "list": "List {name}",
        "pair": "Start from",
        "custom": "(your own lists)",
        "rr": "RR",
        "ndcg": "NDCG",
        "same_rr": "Same RR, different NDCG: the first result graded {threshold} or more is at the same "
        "place in both lists, so RR cannot tell them apart, but NDCG weighs every grade after it too.",
        "same_ndcg": "Same NDCG, different RR: the lists' grades give NDCG the same share of their ideal, "
        "but their first result graded {threshold} or more is not at the same place.",
        "same_both": "Same RR and same NDCG: change a grade after the first relevant result, and watch "
        "NDCG move while RR stays put.",
        "differ_both": "RR and NDCG both differ: put the first result graded {threshold} or more at the "
        "same rank in both lists to make the RRs equal.",
        "error": "List {name}: {message}",
        "pairs": [
            "same first result, other grades after it",
            "the two Chengdu guides",
            "same NDCG, different RR",
        ],
    },
    # -- chapter 6: the score playground (figures_ltr.score_playground) ------------------------------
    "playground": {
        "help": "Pick a {noun}, then drag its score along the axis (or use the slider, the box, or the "
        "arrow keys on the handle: Page Up and Page Down move by 1). The staircase is NDCG{at} for every "
        "score of that {noun}; the arrows are the forces on each score.",
        "head": "🎮 Drag a score: {ndcg}, RankNet and LambdaRank",
        "grade": "(grade {grade})",
        "rank": "rank",
        "score": "score",
        "caption": "An arrow up is a negative value, “move up”; each column is scaled to its longest arrow.",
        "picker": "Which {noun}'s score to move",
        "handle": "score of {noun} {name}",
        "slider": "Score of {noun} {name}",
        "box": "or type it",
        "reset": "Reset the scores",
        "axis": "score of {noun} {name} (grade {grade}); the others keep their scores",
        "staircase": "NDCG{at} as the score of {noun} {name} runs from {low} to {high}, step by step: {levels}",
        "ndcg": "NDCG{at}",
        "order": "Ranking by score: {order}",
        "tie": "{first} and {second} tie at {score}: the input order decides, {first} stays above.",
        "jump": "NDCG{at} jumps from {old} to {new}: the ranking is now {order}.",
        "reset_done": "Scores reset. NDCG{at} = {new}.",
        "empty": "Type a score for {noun} {name}, such as 1.5.",
        "not_number": "'{text}' is not a number: type a score such as 1.5 or -0.25.",
        "out_of_range": "A score on this axis lies between {low} and {high}; {text} does not.",
        "ranknet": "RankNet gradient",
        "lambdarank": "LambdaRank lambda",
        "lambdarank_k": "LambdaRank lambda (k = {k})",
        "up": "up",
        "down": "down",
        "none": "no push",
        "moving": "moving",
    },
    # what an item of the playground is called (its ``noun``)
    "nouns": {
        "video": "video",
        "document": "document",
        "item": "item",
    },
}

_FIELD = re.compile(r"\{(\w+)\}")


def fill(template: str, **values) -> str:
    """``template`` with every ``{name}`` replaced by ``values[name]`` (a missing name is left),
    the rule of ``fill`` in the JS.

    >>> fill("Rank {rank}: {name}", rank=2)
    'Rank 2: {name}'
    """
    return _FIELD.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), template)


def english(group: str, key: str):
    """The English of one text (a template, or a list of them)."""
    return TEXTS[group][key]


def _translated(group: str, key: str, text: str, language: str, number: int | None = None) -> str:
    context = f"{group}:{key}" if number is None else f"{group}:{key}:{number}"
    return i18n.translator(DOMAIN, context, language)(text)


def text_in(group: str, key: str, language: str):
    """One text (a template, or a list of them) in ``language`` (the English while it is
    untranslated)."""
    value = TEXTS[group][key]
    if isinstance(value, list):
        return [_translated(group, key, text, language, number) for number, text in enumerate(value, start=1)]
    return _translated(group, key, value, language)


def table(group: str, language: str = "en") -> dict:
    """Every text of ``group`` in ``language``."""
    return {key: text_in(group, key, language) for key in TEXTS[group]}


def _picked(by_language: dict):
    """A text, or a list of texts, made in every language (by language): for a view's JSON
    island, each text by language in the book's build, else the chosen language's."""
    first = next(iter(by_language.values()))
    if isinstance(first, list):
        return [_picked({code: value[n] for code, value in by_language.items()}) for n in range(len(first))]
    return i18n.pick(by_language)


def texts(group: str, keys=None) -> dict:
    """Texts of ``group`` for a view's JSON island: each by language in the book's build, else
    the chosen language's (``ndcg-metrics.js``'s ``localize`` picks in the browser)."""
    return {
        key: _picked(i18n.each(lambda language, key=key: text_in(group, key, language)))
        for key in keys or TEXTS[group]
    }


def languages() -> tuple[str, ...]:
    """The languages a cell shows now: both in the book's build, else the chosen one."""
    now = i18n.language()
    return i18n.LANGUAGES if now == "both" else (now,)


def each(make: Callable[[str], str], tag: str = "span") -> str:
    """HTML made by ``make(language)`` in the languages shown now (:func:`ndcg.course.i18n.html_texts`)."""
    shown = languages()
    if len(shown) == 1:
        return make(shown[0])
    return i18n.html_texts(i18n.each(make), tag=tag)


def say(group: str, key: str, escape: bool = True, tag: str = "span", **values) -> str:
    """HTML of one text of ``group`` with its values filled in, in the languages shown now.
    ``escape``: the text is plain (escaped here); else it is HTML already."""

    def make(language: str) -> str:
        text = fill(text_in(group, key, language), **values)
        return _html.escape(text) if escape else text

    return each(make, tag)


#: The language of text that cannot carry both (an attribute, a kernel's message): the chosen one,
#: or English in the book's build (where a view's script sets it from its data).
one_language = i18n.one_language


def lang_attribute() -> str:
    """`` data-lang="<language>"`` for a view's root when a notebook shows one
    language (the JS then picks it), nothing in the book's build (the page's language decides)."""
    now = i18n.language()
    return "" if now == "both" else f' data-lang="{now}"'


def title(text: str, language: str = "en") -> str:
    """A game's title in ``language``: one of :data:`TEXTS`'s titles is translated, another stays."""
    for key, english_title in TEXTS["title"].items():
        if english_title == text:
            return text_in("title", key, language)
    return text


def messages() -> list[tuple[str, str]]:
    """Every text as ``(context, English)``: the catalogue's messages (``ndcg_book/catalogues/i18n_stores/views.py``)."""
    found = []
    for group, entries in TEXTS.items():
        for key, value in entries.items():
            if isinstance(value, list):
                found += [(f"{group}:{key}:{n}", text) for n, text in enumerate(value, start=1)]
            else:
                found.append((f"{group}:{key}", value))
    return found + [("name", text) for text in example_names()]


def name(text: str, language: str = "en") -> str:
    """The name of an example's item or system (:mod:`ndcg.course.examples`) in ``language``:
    the course's own names are in the catalogue (context ``name``), any other stays as given."""
    return i18n.translator(DOMAIN, "name", language)(text)


#: Names the chapters give the views' examples (the explorer's picker), beside the examples' own.
CHAPTER_NAMES = ("the six results shown", "all eight results judged")


def example_names() -> list[str]:
    """The names of the examples' systems and items that the views show, for the catalogue: every
    name of :mod:`ndcg.course.examples` with a word in it (not ``A`` or ``r1``)."""
    from . import examples

    found: list[str] = []
    for attribute in dir(examples):
        ranking = getattr(examples, attribute)
        if isinstance(ranking, examples.Ranking):
            for text in (ranking.name, *map(str, ranking.items)):
                if re.search(r"[a-z]{3,}", text) and text not in found:
                    found.append(text)
    return sorted({*found, *CHAPTER_NAMES})
