"""The games: reorder a list to NDCG = 1, fight the DCG monster, guess which of two lists is better.

A game speaks only of what its chapter has taught: chapter 1's reorder game (``cg=True``) says
"CG" and "what the discount keeps" (:data:`CG_REORDER_MESSAGES`), never DCG, IDCG or NDCG, and
chapter 0's two-systems game (``words="discount"``) asks which system keeps more of its grades
after the discount, not which has the higher DCG.

Each game is a view (:class:`~ndcg.course.widgets.base.View`): an HTML skeleton that reads
well without JavaScript (:meth:`snapshot_html`), and a JSON island with the example's data and
every message the game says. ``ndcg/course/static/ndcg-games.js`` plays it
(``data-ndcg-view="reorder"``, ``"monster"`` and ``"two-systems"``), in the built book and, as
an anywidget, in a notebook, and computes every number with ``NDCGMetrics``
(``ndcg-list_graded.js``, equal to this package to 1e-12). Python keeps the data and the rules:
the starting state's messages are made here (:func:`reorder_status`, :func:`best_swap`,
:func:`guess_verdict`, :func:`monster_says`) from the templates handed to the page in the
island, and the browser tests hold the script's messages equal to them.
"""

from __future__ import annotations

import hashlib
import html
import json
import math
import re

import numpy as np

from ... import list_graded
from ..._validation import check_gain, check_grades, check_k
from ...gains import cutoff
from .. import i18n, tables, views_text
from ..islands import json_island
from .base import GAME_TITLE, View, _fmt

#: The reorder game's title unless a chapter gives its own.
REORDER_TITLE = views_text.english("title", "reorder")
#: Chapter 1's reorder game's title (``cg=True``): the words of chapter 1, no NDCG yet.
CG_REORDER_TITLE = views_text.english("title", "reorder_cg")
#: The two-systems game's title unless a chapter gives its own (source 004's game
#: of videos X and Y carries :data:`ndcg.course.widgets.GAME_TITLE`).
TWO_SYSTEMS_TITLE = views_text.english("title", "two_systems")

#: The texts of the pairs' ΔNDCG and λ (chapter 6's words), which the games of the earlier
#: chapters do not show.
_PAIRS_KEYS = ("best_swap", "no_swap", "pairs_caption")


def reorder_messages(kind: str = "reorder", language: str = "en") -> dict:
    """What a reorder game says, as templates, in ``language``: ``kind`` ``"reorder"``
    (:data:`REORDER_MESSAGES`), ``"reorder_cg"`` (chapter 1's words) or ``"reorder_idcg"``
    (the DCG monster's, chapter 3's words). The English and Chinese are
    :data:`ndcg.course.views_text.TEXTS`'s."""
    base = views_text.table("reorder", language)
    if kind == "reorder":
        return base
    return {
        **{key: text for key, text in base.items() if key not in _PAIRS_KEYS},
        **views_text.table(kind, language),
    }


#: What the reorder game says, as templates: ``{name}`` is filled by :func:`fill`
#: here and by the same rule in ``ndcg-games.js`` (the JSON island carries them).
REORDER_MESSAGES = reorder_messages("reorder")

#: What chapter 1's reorder game says (``cg=True``), as :data:`REORDER_MESSAGES` but in the words
#: chapter 1 has taught: the grades, CG and the discount of its figure ("what the discount keeps",
#: the number that DCG will be in chapter 2), the best order; no DCG, IDCG or NDCG.
CG_REORDER_MESSAGES = reorder_messages("reorder_cg")

#: What the DCG monster's reorder engine says (chapter 3), as :data:`REORDER_MESSAGES` but in the
#: words chapter 3 has taught: DCG and IDCG, and the ideal order; no NDCG (chapter 4) and no pairs'
#: ΔNDCG (chapter 6).
IDCG_REORDER_MESSAGES = reorder_messages("reorder_idcg")


def two_systems_messages(language: str = "en") -> dict:
    """What the two-systems game's script says (:data:`TWO_SYSTEMS_MESSAGES`) in ``language``."""
    return {key: views_text.table("two_systems", language)[key] for key in ("right", "wrong", "same")}


#: What the two-systems game says (templates, as :data:`REORDER_MESSAGES`).
TWO_SYSTEMS_MESSAGES = two_systems_messages()

#: The words every game's script takes from its island (``data.words`` in ``ndcg-games.js``).
_SCRIPT_WORDS = ("rank_label", "up", "down", "ranks", "health_label", "spoken", "spoken_monster")


def _both(english, chinese):
    """A text (or a dict of texts) for a JSON island: ``{"en", "zh"}`` in the book's build."""
    if isinstance(english, dict):
        return {key: _both(value, chinese[key]) for key, value in english.items()}
    return i18n.pick({"en": english, "zh": chinese})


_FIELD = re.compile(r"\{(\w+)\}")


def fill(template: str, **values) -> str:
    """``template`` with every ``{name}`` replaced by ``values[name]`` (a missing name is left).

    The same rule as ``fill`` in ``ndcg-games.js``: no format specs, nothing else.

    >>> fill("NDCG@{n} = {x}", n=4, x="0.817")
    'NDCG@4 = 0.817'
    """
    return _FIELD.sub(lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), template)


def _plural(count: int, messages: dict = REORDER_MESSAGES) -> str:
    return messages["move" if count == 1 else "moves"]


def _inversions(grades) -> int:
    """Pairs in the wrong order: the fewest adjacent swaps to the ideal order."""
    grades = list(grades)
    return sum(1 for i in range(len(grades)) for j in range(i + 1, len(grades)) if grades[i] < grades[j])


def reorder_status(
    n: int, moves: int, par: int, solved: bool, whole_list: bool, messages: dict = REORDER_MESSAGES
) -> tuple[str, str]:
    """The reorder game's status line: ``(kind, html)``, kind ``"good"`` or ``"info"``.

    Parameters
    ----------
    n : int
        The cut-off shown (``k`` clamped to the list's length).
    moves, par : int
        Moves made since the start, and the fewest that sort the whole list.
    solved : bool
        Whether NDCG@n is 1.
    whole_list : bool
        Whether ``k`` covers the whole list (only then is par compared).
    messages : dict
        The game's texts: :data:`REORDER_MESSAGES`, or :data:`CG_REORDER_MESSAGES` (chapter 1).

    Examples
    --------
    >>> reorder_status(4, 6, 6, True, True)[1]
    '🎉 NDCG@4 = 1.000 in 6 moves: the ideal order! Exactly par! 🏆'
    >>> reorder_status(4, 2, 6, False, True)[0]
    'info'
    >>> reorder_status(3, 1, 1, True, True, CG_REORDER_MESSAGES)[1]
    '🎉 The best order in 1 move: highest grade first! Exactly par! 🏆'
    """
    if not solved:
        return "info", messages["keep_going"]
    if moves == 0:
        return "good", fill(messages["already"], n=n)
    par_text = ""
    if whole_list:
        par_text = messages["par_exact"] if moves == par else fill(messages["par_other"], par=par)
    return "good", fill(
        messages["solved"], n=n, moves=moves, moves_word=_plural(moves, messages), par=par_text
    )


def implied_scores(n: int) -> list[float]:
    """The scores a list of ``n`` items implies: ``n - 1`` at the top, one less per rank.

    Only score differences matter to the lambdas, so these give the same values
    as chapter 6's 2, 1, 0, -1 for the four short videos.
    """
    return [float(n - 1 - position) for position in range(n)]


def lambda_pairs(grades, k=None, *, gain="exponential", sigma=1.0) -> list[dict]:
    """Every pair (better ▷ worse) of a list in its current order, with |ΔNDCG@k| and λ.

    The items are scored by :func:`implied_scores`; the values are those of
    :func:`ndcg.ltr.lambdarank_gradients` (whose lambdas are the sums of these
    pairs' λ), with the sign of chapter 6's table: λ = −σ ρ |ΔNDCG| is the pair's
    push on the better item (negative: "move up"). Rows come in the order of
    ``NDCGMetrics.lambdaPairs``: better item's position, then worse item's.

    Returns
    -------
    list of dict
        ``better``, ``worse`` (positions, 0 = top), ``delta`` and ``lam``.
    """
    from ...ltr import losses

    true = np.asarray(check_grades(grades, "grades", gain=gain), dtype=float)
    k = check_k(k)
    score = np.asarray(implied_scores(true.size))
    gains, ideal = losses._gains_and_ideal(true, k, gain)  # scaled alike near the grade limit
    if true.size < 2 or not ideal > 0:
        return []
    delta, rho = losses._lambdarank_parts(true, gains, score, k, sigma, ideal)
    return [
        {"better": i, "worse": j, "delta": float(delta[i, j]), "lam": float(-sigma * rho[i, j] * delta[i, j])}
        for i in range(true.size)
        for j in range(true.size)
        if true[i] > true[j]
    ]


def best_swap(pairs: list[dict]) -> dict | None:
    """The swap that raises NDCG the most: the misordered pair (better below worse) with the
    largest |ΔNDCG|, the first such in row order; None if no swap raises NDCG."""
    best = None
    for pair in pairs:
        misordered = pair["better"] > pair["worse"] and pair["delta"] > 1e-12
        if misordered and (best is None or pair["delta"] > best["delta"]):
            best = pair
    return best


def guess_verdict(
    guessed: str, winner: str, names, messages: dict = TWO_SYSTEMS_MESSAGES
) -> tuple[bool, str]:
    """The two-systems game's verdict: ``(right, text)``.

    >>> guess_verdict("x", "y", ("system X", "system Y"))
    (False, '🤔 Not this time. You guessed system X.')
    """
    label = {"x": names[0], "y": names[1], "tie": messages["same"]}[guessed]
    right = guessed == winner
    return right, fill(messages["right" if right else "wrong"], guess=html.escape(label))


def _view_id(kind: str, data: dict) -> str:
    """A DOM id that stays the same from build to build (the game's store is keyed by it)."""
    digest = hashlib.sha1(json.dumps(data, sort_keys=True).encode("utf-8")).hexdigest()[:10]
    return f"ndcg-{kind}-{digest}"


def _split_ranking(ranking, grades=None, name=None):
    """Items, grades and a name from a :class:`ndcg.course.examples.Ranking` or plain grades."""
    if grades is None and hasattr(ranking, "grades") and hasattr(ranking, "items"):
        return list(ranking.items), check_grades(ranking.grades), name or ranking.name
    values = check_grades(ranking if grades is None else grades)
    items = tables.default_items(values.size) if grades is None else list(ranking)
    return items, values, name


def _call(cls: str, args: list[str]) -> str:
    return f"{cls}({', '.join(args)})"


class ReorderGame(View):
    """Move items up and down until the list is in the best order (NDCG = 1.0).

    Each item shows its grade; every move swaps an item with its neighbour,
    NDCG@k moves with it, the moves are counted, and NDCG@k = 1.0 is
    celebrated. "Par" is the fewest moves that can sort the whole list (the
    number of pairs in the wrong order). ``ndcg-games.js`` plays it, in the book and
    in a notebook: drag, buttons or keyboard.

    Parameters
    ----------
    items : sequence of str, or a :class:`ndcg.course.examples.Ranking`
        The items in their starting order; a ``Ranking`` brings its grades.
    grades : sequence of float, optional
        Their grades, in the same order (not needed with a ``Ranking``).
    k : int, optional
        Score NDCG@k; ``None`` scores the whole list.
    gain : {"linear", "exponential"}
    title : str, optional
        The heading; by default :data:`REORDER_TITLE` (:data:`CG_REORDER_TITLE` with ``cg=True``).
    cg : bool
        Chapter 1's game: show CG@k, which no reordering changes (chapter 1's lesson), and
        speak only of what chapter 1 has taught (:data:`CG_REORDER_MESSAGES`): CG and what the
        discount keeps, never DCG, IDCG or NDCG.
    pairs : bool
        "Be the lambdas" (chapter 6): also show every pair's |ΔNDCG@k| and
        LambdaRank λ in the current order (items scored by
        :func:`implied_scores`, σ = 1), and the swap that raises NDCG the most.

    Attributes
    ----------
    order, grades : list
        The items and their grades in the starting order, top first.
    par : int
        The fewest moves to the ideal order.
    ndcg_value, dcg_value, idcg_value, cg_value : float
        NDCG@k, DCG@k, IDCG@k and CG@k of the starting order.

    Examples
    --------
    >>> from ndcg.course.examples import VIDEO_GAME_X
    >>> game = ReorderGame(VIDEO_GAME_X.items, VIDEO_GAME_X.grades)
    >>> game.order[0], game.par, game.solved
    ('D: an advert', 6, False)
    """

    #: The kernel-free view's name (``data-ndcg-view``) and its extra CSS class.
    _VIEW, _VIEW_CLASS = "reorder", ""

    def __init__(self, items, grades=None, *, k=None, gain="linear", title=None, cg=False, pairs=False):
        self.gain = check_gain(gain)
        self.k = check_k(k)
        self.show_cg = bool(cg)
        #: The game's texts: chapter 1's words with ``cg=True``.
        self.messages = CG_REORDER_MESSAGES if self.show_cg else self._MESSAGES
        #: Which texts of :data:`ndcg.course.views_text.TEXTS` the game speaks.
        self._kind = "reorder_cg" if self.show_cg else self._KIND
        if title is None:
            title = CG_REORDER_TITLE if self.show_cg else REORDER_TITLE
        self.show_pairs = bool(pairs)
        if self.show_cg and self.show_pairs:
            raise ValueError("cg=True (chapter 1's words) cannot show the pairs' ΔNDCG and λ (pairs=True).")
        names, values, _ = _split_ranking(items, grades)
        self._ranking = items if grades is None and hasattr(items, "grades") else None
        if grades is not None and len(names) != values.size:
            raise ValueError(
                f"items and grades must have the same length; got {len(names)} items "
                f"and {values.size} grades."
            )
        if values.size < 2:
            raise ValueError(f"grades must hold at least two items to reorder; got {values.size}.")
        check_grades(values, "grades", gain=self.gain)
        self._start = [(str(name), float(g)) for name, g in zip(names, values)]
        self._current = list(range(len(self._start)))  # indices into _start, top first
        self.moves = 0
        self.par = _inversions(values)
        self._title = title
        self._compute()
        super().__init__(self.snapshot_html(), module="ndcg-games.js")

    # -- hooks for a game built on this engine (:class:`MonsterGame`) ---------
    #: The game's texts, unless ``cg=True`` (chapter 1's words).
    _MESSAGES = REORDER_MESSAGES
    _KIND = "reorder"

    def _messages_in(self, language: str) -> dict:
        """The game's texts (:attr:`messages`) in ``language``."""
        return reorder_messages(self._kind, language)

    def _ideal_note(self, n: int, language: str = "en") -> str:
        """What the ideal order scores, in the words of the game's chapter."""
        words = views_text.table("game", language)
        return words["best_note"] if self.show_cg else fill(words["ideal_note"], n=n)

    def _intro_text(self, language: str = "en") -> str:
        return views_text.table("game", language)["intro_cg" if self.show_cg else "intro"]

    def _extra_html(self) -> str:
        """HTML of the kernel-free view shown between the list and the score."""
        return ""

    # -- the starting state -----------------------------------------------------
    @property
    def order(self) -> list:
        """The items in their current order, top first."""
        return [self._start[i][0] for i in self._current]

    @property
    def grades(self) -> list:
        """The grades in the current order, top first."""
        return [self._start[i][1] for i in self._current]

    @property
    def solved(self) -> bool:
        """True when NDCG@k is 1.0 (up to rounding)."""
        return math.isclose(self.ndcg_value, 1.0, rel_tol=1e-12)

    @property
    def pairs(self) -> list[dict]:
        """Every pair of the current order with its |ΔNDCG@k| and λ (:func:`lambda_pairs`)."""
        return lambda_pairs(self.grades, self.k, gain=self.gain)

    def _compute(self) -> None:
        grades = self.grades
        self.dcg_value = list_graded.dcg(grades, self.k, gain=self.gain)
        self.idcg_value = list_graded.idcg(grades, self.k, gain=self.gain)
        self.ndcg_value = list_graded.ndcg(grades, self.k, gain=self.gain)
        self.cg_value = list_graded.cg(grades, self.k)

    # -- the view --------------------------------------------------------------
    def _n(self) -> int:
        return cutoff(len(self._current), self.k)

    def _score_html(self) -> str:
        n = self._n()

        def make(language: str) -> str:
            messages = self._messages_in(language)
            score = fill(
                messages["score"],
                n=n,
                ndcg=_fmt(self.ndcg_value),
                dcg=_fmt(self.dcg_value),
                idcg=_fmt(self.idcg_value),
                moves=self.moves,
            )
            if self.show_cg:
                score = fill(messages["cg"], n=n, cg=_fmt(self.cg_value)) + score
            return score

        return f"<div class='ndcg-numbers' data-role='score'>{views_text.each(make)}</div>"

    def _status_html(self) -> str:
        whole = self.k is None or self.k >= len(self._current)

        def make(language: str) -> str:
            status = reorder_status(
                self._n(), self.moves, self.par, self.solved, whole, self._messages_in(language)
            )
            return status[1]

        kind = reorder_status(self._n(), self.moves, self.par, self.solved, whole, self.messages)[0]
        return f"<div class='ndcg-{kind}' data-role='status'>{views_text.each(make)}</div>"

    def _pairs_html(self) -> str:
        n, names = self._n(), self.order
        pairs = self.pairs

        def ranks(p) -> str:
            return views_text.say("game", "ranks", better=p["better"] + 1, worse=p["worse"] + 1)

        def pair(p) -> str:
            return views_text.each(
                lambda lang: (
                    f"{html.escape(views_text.name(names[p['better']], lang))} ▷ "
                    f"{html.escape(views_text.name(names[p['worse']], lang))}"
                )
            )

        rows = "".join(
            f"<tr><td>{pair(p)}</td>"
            f"<td class='num'>{ranks(p)}</td>"
            f"<td class='num'>{_fmt(p['delta'])}</td><td class='num'>{_fmt(p['lam'])}</td></tr>"
            for p in pairs
        )
        scores = ", ".join(f"{s:g}" for s in implied_scores(len(names)))

        def caption(language: str) -> str:
            gain = views_text.table("explorer", language)[self.gain]
            return fill(reorder_messages("reorder", language)["pairs_caption"], scores=scores, gain=gain, n=n)

        table = (
            f"<table class='ndcg-steps ndcg-rg-pairs' data-role='pairs'><caption>{views_text.each(caption)}</caption>"
            f"<thead><tr><th>{views_text.say('game', 'pair_head')}</th><th>{views_text.say('game', 'ranks_head')}</th>"
            f"<th>|ΔNDCG@{n}|</th><th>λ</th></tr>"
            f"</thead><tbody>{rows}</tbody></table>"
        )
        swap = views_text.each(lambda language: self._swap_text(pairs, language))
        return table + f"<p class='ndcg-rg-swap' data-role='swap'>{swap}</p>"

    def _swap_text(self, pairs, language: str = "en") -> str:
        best, names, n = best_swap(pairs), self.order, self._n()
        messages = reorder_messages("reorder", language)
        if best is None:
            return fill(messages["no_swap"], n=n)
        return fill(
            messages["best_swap"],
            better=html.escape(views_text.name(names[best["better"]], language)),
            worse=html.escape(views_text.name(names[best["worse"]], language)),
            rank_better=best["better"] + 1,
            rank_worse=best["worse"] + 1,
            delta=_fmt(best["delta"]),
            n=n,
        )

    def _code(self) -> str:
        """How a notebook cell makes this game (shown under the view)."""
        if self._ranking is not None:
            args = [_example_name(self._ranking)]
        else:
            args = [repr([name for name, _ in self._start]), repr([g for _, g in self._start])]
        if self.k is not None:
            args.append(f"k={self.k}")
        if self.gain != "linear":
            args.append(f"gain={self.gain!r}")
        if self.show_cg:
            args.append("cg=True")
        if self.show_pairs:
            args.append("pairs=True")
        return _call("ReorderGame", args)

    def view_data(self, language: str | None = None) -> dict:
        """What the book's view needs: the items, the game's settings, its state and its texts
        (in ``language``; by default in the languages a cell shows now, :mod:`ndcg.course.i18n`)."""

        def texts(make):
            return make(language) if language else _both(make("en"), make("zh"))

        return {
            "title": texts(lambda lang: views_text.title(self._title, lang)),
            "items": [
                {"name": texts(lambda lang, name=name: views_text.name(name, lang)), "grade": grade}
                for name, grade in self._start
            ],
            "order": list(self._current),
            "moves": self.moves,
            "k": self.k,
            "gain": self.gain,
            "cg": self.show_cg,
            "pairs": self.show_pairs,
            "sigma": 1.0,
            "messages": texts(self._messages_in),
            "words": texts(lambda lang: {key: views_text.table("game", lang)[key] for key in _SCRIPT_WORDS}),
        }

    def _keyed_data(self) -> dict:
        """The data the view's id is made from: the English of the game as it was before its
        words moved to :mod:`ndcg.course.views_text` (the id keys the reader's stored bests)."""
        data = self.view_data("en")
        del data["words"]
        return data

    def snapshot_html(self) -> str:
        """The view (``data-ndcg-view="reorder"``): the list, the numbers and the status at the
        start, readable without JavaScript; ``ndcg-games.js`` makes it playable."""
        data = self.view_data()
        each, say = views_text.each, views_text.say
        names, grades, n = self.order, self.grades, self._n()
        rows = []
        for position, (index, name, grade) in enumerate(zip(self._current, names, grades)):
            rows.append(
                f'<li class="ndcg-rg-row" data-item="{index}">'
                '<span class="ndcg-rg-handle" data-role="handle" aria-hidden="true" data-until-ready hidden>'
                "⠿</span>"
                f'<span class="ndcg-rg-rank">{position + 1}.</span>'
                f'<span class="ndcg-rg-name">{each(lambda lang, name=name: html.escape(views_text.name(name, lang)))}</span>'
                f'<span class="ndcg-rg-grade">{say("game", "grade", grade=f"{grade:g}")}</span>'
                '<span class="ndcg-rg-buttons" data-until-ready hidden>'
                f'<button type="button" data-action="up" aria-label="{html.escape(fill(views_text.english("game", "up"), name=name))}" disabled>'
                "▲</button>"
                f'<button type="button" data-action="down" aria-label="{html.escape(fill(views_text.english("game", "down"), name=name))}" disabled>'
                "▼</button></span></li>"
            )
        ideal = sorted(zip(names, grades), key=lambda pair: -pair[1])

        def par(language: str) -> str:
            messages = self._messages_in(language)
            return fill(messages["par"], par=self.par, par_word=_plural(self.par, messages))

        def ideal_text(language: str) -> str:
            words = views_text.table("game", language)
            items = ", ".join(
                fill(words["item"], name=html.escape(views_text.name(name, language)), grade=f"{grade:g}")
                for name, grade in ideal
            )
            return fill(
                words["ideal_list"], items=items, note=self._ideal_note(n, language), par=par(language)
            )

        pairs = f'<div class="ndcg-rg-pairbox">{self._pairs_html()}</div>' if self.show_pairs else ""
        # the id keys the reader's stored bests: chapter 1's game keeps the id it had before it
        # spoke chapter 1's words (CG_REORDER_MESSAGES), so its readers' bests survive the rewording
        keyed = self._keyed_data()
        if self.show_cg and self._title == CG_REORDER_TITLE:
            keyed = {**keyed, "title": REORDER_TITLE, "messages": REORDER_MESSAGES}
        hint_id = _view_id("reorder-hint", keyed)
        return (
            f'<div class="ndcg-kf ndcg-widget ndcg-rg{self._VIEW_CLASS}" id="{_view_id(self._VIEW, keyed)}" '
            f'data-ndcg-view="{self._VIEW}"{views_text.lang_attribute()}>'
            '<div class="ndcg-sr" data-role="live" aria-live="polite"></div>'
            f'<div class="ndcg-head">🎮 {each(lambda lang: html.escape(views_text.title(self._title, lang)))}</div>'
            f"<p>{each(self._intro_text)} "
            f'<span data-role="par">{each(par)}</span></p>'
            f'<p class="ndcg-rg-how" id="{hint_id}" data-until-ready hidden>{say("game", "how")}</p>'
            f'<ol class="ndcg-rg-list" data-role="list" aria-describedby="{hint_id}">{"".join(rows)}</ol>'
            f"{self._extra_html()}{self._score_html()}{self._status_html()}"
            '<p class="ndcg-rg-best" data-role="best" data-until-ready hidden></p>'
            '<div class="ndcg-rg-bar" data-until-ready hidden>'
            f'<button type="button" data-action="reset" disabled>{say("game", "reset")}</button>'
            f'<button type="button" data-action="shuffle" disabled>{say("game", "shuffle")}</button></div>'
            f"{pairs}"
            f'<details class="ndcg-rg-ideal"><summary>{say("game", "show_best" if self.show_cg else "show_ideal")}</summary>'
            f"<p>{each(ideal_text)}</p></details>"
            f"<noscript><p>{say('game', 'noscript')}</p></noscript>"
            f'<p class="ndcg-live">{say("game", "live")} '
            f"<code>{html.escape(self._code())}</code></p>" + json_island(data) + "</div>"
        )


# -- the DCG monster ------------------------------------------------------------------


#: The monster game's title: source 004's "击败DCG怪兽，赢得归一化之剑！".
MONSTER_TITLE = views_text.english("title", "monster")

#: A health at most this share of IDCG (or of 1, if IDCG is smaller) counts as 0: the monster
#: is defeated exactly when the order is ideal, whatever the rounding of the two sums.
HEALTH_TOLERANCE = 1e-12

#: What the monster game says (templates, as :data:`REORDER_MESSAGES`).
MONSTER_MESSAGES = views_text.table("monster")


def monster_health(grades, k=None, *, gain="linear") -> float:
    """The DCG monster's health: IDCG@k − DCG@k of ``grades`` in their order.

    Exactly ``0.0`` when the order is ideal, with ties too (any order of equal grades is
    ideal): a gap within :data:`HEALTH_TOLERANCE` of IDCG is rounding, not health.
    ``monsterHealth`` in ``ndcg-list_graded.js`` computes the same.

    Examples
    --------
    >>> round(monster_health([0, 1, 2, 3]), 3), monster_health([3, 2, 2, 0]), monster_health([3, 2, 2, 0], 2)
    (1.839, 0.0, 0.0)
    """
    gain = check_gain(gain)
    values = check_grades(grades, "grades", gain=gain)
    best = list_graded.idcg(values, k, gain=gain)
    gap = best - list_graded.dcg(values, k, gain=gain)
    return 0.0 if gap <= HEALTH_TOLERANCE * max(1.0, best) else float(gap)


def _is_zero(value: float, scale: float) -> bool:
    return abs(value) <= HEALTH_TOLERANCE * max(1.0, scale)


def monster_hits(grades, moves, k=None, *, gain="linear") -> list[dict]:
    """Play a scripted series of moves and say what each did to the monster.

    Parameters
    ----------
    grades : sequence of float
        The starting order's grades, top first.
    moves : sequence of int
        Each a position ``a`` (0 = the top): the items at ``a`` and ``a + 1`` swap.
    k, gain
        As in :func:`ndcg.dcg`.

    Returns
    -------
    list of dict
        One per move: ``position``, ``health`` (after the move) and ``damage`` (health before
        minus health after: positive hurts the monster, negative heals it). The damages sum
        to the first health minus the last. ``monsterHits`` in ``ndcg-list_graded.js`` is the same.

    Examples
    --------
    >>> [round(hit["damage"], 3) for hit in monster_hits([0, 1, 2, 3], [2, 1, 0])]
    [0.069, 0.262, 1.107]
    """
    gain = check_gain(gain)
    order = [float(g) for g in check_grades(grades, "grades", gain=gain)]
    if isinstance(moves, (str, bytes)) or not hasattr(moves, "__iter__"):
        raise ValueError(f"moves must be a sequence of positions; got {moves!r}.")
    health, hits = monster_health(order, k, gain=gain), []
    for position in moves:
        if (
            isinstance(position, bool)
            or not isinstance(position, (int, np.integer))
            or not 0 <= position < len(order) - 1
        ):
            raise ValueError(
                f"every move must be a position from 0 (the top) to {len(order) - 2}: the items at "
                f"it and below it swap; got {position!r}."
            )
        order[position], order[position + 1] = order[position + 1], order[position]
        after = monster_health(order, k, gain=gain)
        hits.append({"position": int(position), "health": after, "damage": health - after})
        health = after
    return hits


def monster_says(
    damage, health: float, full: float, n: int, messages: dict = MONSTER_MESSAGES
) -> tuple[str, str]:
    """What the monster game says after a move: ``(kind, html)``, kind ``"good"``, ``"info"``
    or ``"error"``. ``damage`` is None before the first move; ``full`` is the starting health.

    Examples
    --------
    >>> monster_says(0.5, 1.25, 1.75, 4)
    ('info', '⚔️ Your move dealt <b>0.500</b> damage!')
    >>> monster_says(-0.25, 1.5, 1.75, 4)[1]
    '💚 Oops: the monster heals <b>0.250</b>.'
    """
    if damage is None:
        if health == 0:
            return "good", messages["ideal"]
        return "info", fill(messages["start"], health=_fmt(health))
    if _is_zero(damage, full):
        kind, text = "info", fill(messages["nothing"], n=n)
    elif damage > 0:
        kind, text = "info", fill(messages["damage"], damage=_fmt(damage))
    else:
        kind, text = "error", fill(messages["heal"], heal=_fmt(-damage))
    if health == 0:
        return "good", f"{text} {fill(messages['won'], n=n)}"
    return kind, text


class MonsterGame(ReorderGame):
    """Defeat the DCG monster, win the sword of normalisation: the reorder game as a fight.

    The same list, moves and score as :class:`ReorderGame`; the monster's health is
    IDCG@k − DCG@k of the current order (:func:`monster_health`). A move that raises DCG
    deals that much damage, one that lowers it heals the monster, and NDCG@k = 1 (health
    exactly 0) wins. In the book the game is playable without a kernel
    (``data-ndcg-view="monster"``, the reorder engine of ``ndcg-games.js``).

    Parameters
    ----------
    items, grades, k, gain
        As in :class:`ReorderGame`.
    title : str
        The heading; by default :data:`MONSTER_TITLE`.

    Attributes
    ----------
    health, full_health : float
        The monster's health at the start (the same two numbers: no move was made).
    won : bool
        Whether the monster is defeated (health 0, NDCG@k = 1): only when the order is ideal.

    Examples
    --------
    >>> from ndcg.course.examples import VIDEO_GAME_X
    >>> game = MonsterGame(VIDEO_GAME_X)
    >>> round(game.health, 3), game.won
    (1.839, False)
    >>> [round(hit["damage"], 3) for hit in monster_hits(game.grades, [2])]  # the 4th item up one
    [0.069]
    """

    _VIEW, _VIEW_CLASS = "monster", " ndcg-mg"

    def __init__(self, items, grades=None, *, k=None, gain="linear", title=MONSTER_TITLE):
        self.last_hit = None
        values = _split_ranking(items, grades)[1]
        if not list_graded.idcg(values, k, gain=check_gain(gain)) > 0:
            raise ValueError(
                f"grades must hold a relevant item within the cut-off for a monster to fight; got {list(values)}."
            )
        super().__init__(items, grades, k=k, gain=gain, title=title)

    _MESSAGES = IDCG_REORDER_MESSAGES
    _KIND = "reorder_idcg"

    def _ideal_note(self, n: int, language: str = "en") -> str:
        return fill(views_text.table("game", language)["idcg_note"], n=n)

    def _intro_text(self, language: str = "en") -> str:
        return views_text.table("monster", language)["intro"]

    @property
    def won(self) -> bool:
        """True when the monster's health is 0: the order is ideal."""
        return self.health == 0

    def _compute(self) -> None:
        super()._compute()
        self.health = self.full_health = monster_health(self.grades, self.k, gain=self.gain)

    def _health_text(self, language: str = "en") -> str:
        n = self._n()
        return fill(
            views_text.table("monster", language)["health"],
            health=_fmt(self.health),
            full=_fmt(self.full_health),
            n=n,
            idcg=_fmt(self.idcg_value),
            dcg=_fmt(self.dcg_value),
        )

    def _monster_html(self) -> str:
        kind = monster_says(self.last_hit, self.health, self.full_health, self._n())[0]

        def text(language: str) -> str:
            messages = views_text.table("monster", language)
            return monster_says(self.last_hit, self.health, self.full_health, self._n(), messages)[1]

        return (
            f"<p class='ndcg-mg-health' data-role='health'>{views_text.each(self._health_text)}</p>"
            f"<p class='ndcg-{kind} ndcg-mg-hit' data-role='hit'>{views_text.each(text)}</p>"
        )

    def _extra_html(self) -> str:
        return (
            '<div class="ndcg-mg-box">'
            f'<progress class="ndcg-mg-bar" data-role="healthbar" aria-label="{views_text.english("game", "health_label")}" '
            f'max="{_fmt(self.full_health)}" value="{_fmt(self.health)}"></progress>'
            f"{self._monster_html()}</div>"
        )

    def _code(self) -> str:
        args = (
            [_example_name(self._ranking)]
            if self._ranking is not None
            else [
                repr([name for name, _ in self._start]),
                repr([g for _, g in self._start]),
            ]
        )
        if self.k is not None:
            args.append(f"k={self.k}")
        if self.gain != "linear":
            args.append(f"gain={self.gain!r}")
        return _call("MonsterGame", args)

    def view_data(self, language: str | None = None) -> dict:
        data = super().view_data(language)
        english, chinese = views_text.table("monster"), views_text.table("monster", "zh")
        messages = (chinese if language == "zh" else english) if language else _both(english, chinese)
        data["monster"] = {"messages": messages, "tolerance": HEALTH_TOLERANCE, "hit": self.last_hit}
        return data


def _example_name(ranking) -> str:
    """The name under which ``ranking`` is found in :mod:`ndcg.course.examples`, if any."""
    from .. import examples

    for name in dir(examples):
        if name.isupper() and getattr(examples, name) is ranking:
            return name
    return "ranking"


class TwoSystemsGame(View):
    """Two ranked lists, X and Y: guess which has the higher DCG@k, then see why.

    The lists are shown side by side with their grades but without any score.
    Once the learner picks X, Y or "the same", both step-by-step tables and the
    verdict are revealed (``ndcg-games.js``, in the book and in a notebook).

    Parameters
    ----------
    x, y : :class:`ndcg.course.examples.Ranking` or sequence of float
        The two lists (a Ranking brings its item names and its name).
    k : int, optional
        Compare DCG@k; ``None`` compares the whole lists.
    gain : {"linear", "exponential"}
    names : (str, str), optional
        What to call the two systems; by default the Rankings' names, or
        "system X" and "system Y".
    title : str
        The heading; by default :data:`TWO_SYSTEMS_TITLE`. Source 004's game of
        videos X and Y is :data:`ndcg.course.widgets.GAME_TITLE`.
    words : {"dcg", "discount"}
        The words the game speaks. ``"dcg"``: which system has the higher DCG@k, with
        the step tables of chapter 2. ``"discount"``, for chapter 0, which has not taught
        DCG yet: which system keeps more of its grades after the discount for position,
        with tables of grade, discount and what is kept (the same numbers, in chapter 0's
        words).

    Attributes
    ----------
    winner : str
        ``"x"``, ``"y"`` or ``"tie"``: which list has the higher DCG@k.
    dcg_x, dcg_y : float
        The two DCG@k values.

    Examples
    --------
    >>> from ndcg.course.examples import VIDEO_GAME_X, VIDEO_GAME_Y
    >>> game = TwoSystemsGame(VIDEO_GAME_X, VIDEO_GAME_Y)
    >>> game.winner, guess_verdict("y", game.winner, game.names)[0]
    ('y', True)
    """

    def __init__(self, x, y, *, k=None, gain="linear", names=None, title=TWO_SYSTEMS_TITLE, words="dcg"):
        if words not in ("dcg", "discount"):
            raise ValueError(f"words must be 'dcg' or 'discount'; got {words!r}.")
        self.words = words
        self.gain = check_gain(gain)
        self.k = check_k(k)
        self._rankings = tuple(r if hasattr(r, "grades") and hasattr(r, "items") else None for r in (x, y))
        items_x, self._x, name_x = _split_ranking(x, name=None)
        items_y, self._y, name_y = _split_ranking(y, name=None)
        self._names_given = names is not None
        if names is None:
            names = (name_x or "system X", name_y or "system Y")
            if names[0] == names[1]:
                names = ("system X", "system Y")
        if len(names) != 2 or not all(isinstance(name, str) and name for name in names):
            raise ValueError(f"names must be two non-empty strings; got {names!r}.")
        self.names = tuple(names)
        self.title = title
        self._items = (items_x, items_y)
        check_grades(self._x, "x", gain=self.gain)
        check_grades(self._y, "y", gain=self.gain)
        self.dcg_x = list_graded.dcg(self._x, self.k, gain=self.gain)
        self.dcg_y = list_graded.dcg(self._y, self.k, gain=self.gain)
        if math.isclose(self.dcg_x, self.dcg_y, rel_tol=1e-12, abs_tol=1e-12):
            self.winner = "tie"
        else:
            self.winner = "x" if self.dcg_x > self.dcg_y else "y"
        super().__init__(self.snapshot_html(), module="ndcg-games.js")

    @property
    def _label(self) -> str:
        n = max(cutoff(self._x.size, self.k), cutoff(self._y.size, self.k))
        return f"DCG@{n}"

    @property
    def _n(self) -> int:
        return max(cutoff(self._x.size, self.k), cutoff(self._y.size, self.k))

    def _question(self, language: str = "en") -> str:
        words = views_text.table("two_systems", language)
        if self.words == "discount":
            return fill(words["question_discount"], n=self._n)
        return fill(words["question_dcg"], label=self._label)

    def _names_in(self, language: str = "en") -> tuple[str, str]:
        """The two systems' names in ``language`` (the course's own names are translated)."""
        return tuple(views_text.name(name, language) for name in self.names)

    def _lists_html(self) -> str:
        depth = max(self._x.size, self._y.size)
        each = views_text.each
        cells = []
        for rank in range(depth):
            row = [f"<td>{rank + 1}</td>"]
            for items, grades in zip(self._items, (self._x, self._y)):
                row.append(
                    f"<td>{each(lambda lang, item=items[rank]: html.escape(views_text.name(str(item), lang)))} "
                    f"({grades[rank]:g})</td>"
                    if rank < grades.size
                    else "<td></td>"
                )
            cells.append("<tr>" + "".join(row) + "</tr>")
        head = "".join(
            f"<th>{each(lambda lang, i=i: html.escape(fill(views_text.table('two_systems', lang)['grade_head'], name=self._names_in(lang)[i])))}</th>"
            for i in range(2)
        )
        return (
            f"<table class='ndcg-compare'><thead><tr><th>{views_text.say('two_systems', 'rank')}</th>{head}</tr></thead>"
            f"<tbody>{''.join(cells)}</tbody></table>"
        )

    def _kept_table(self, grades, items, language: str = "en") -> tables.StepTable:
        """Chapter 0's table: each rank's grade, its discount, what the discount keeps of it."""
        steps = tables.steps(grades, self.k, gain=self.gain, items=items)
        kept = steps.column("contribution")
        rows = [
            (rank, item, grade, discount, part, total)
            for rank, item, grade, discount, part, total in zip(
                steps.column("rank"),
                steps.column("item"),
                steps.column("grade"),
                steps.column("discount"),
                kept,
                steps.column("running total"),
            )
        ]
        words = views_text.table("two_systems", language)
        return tables.StepTable(
            tuple(words["kept_columns"]),
            rows,
            caption=fill(words["kept_caption"], n=len(rows), total=_fmt(steps.column("running total")[-1])),
        )

    def _steps(self, grades, items, language: str = "en") -> tables.StepTable:
        """Chapter 2's step table of one list, its columns and caption in ``language``."""
        steps = tables.steps(grades, self.k, gain=self.gain, items=items)
        if language == "en":
            return steps
        words = views_text.table("explorer", language)
        total = _fmt(steps.column("running total")[-1])
        caption = fill(words["caption"], n=len(steps.rows), dcg=total, gain=words[self.gain])
        return tables.StepTable(tuple(words["columns"]), steps.rows, caption=caption, digits=steps.digits)

    def _answer_html(self, language: str = "en") -> str:
        discount_words = self.words == "discount"
        words = views_text.table("two_systems", language)
        style = "discount" if discount_words else "dcg"
        label = self._label
        values = {"x": self.dcg_x, "y": self.dcg_y}
        names = self._names_in(language)
        if self.winner == "tie":
            answer = fill(words[f"tie_{style}"], label=label, value=_fmt(self.dcg_x))
        else:
            win, lose = ("x", "y") if self.winner == "x" else ("y", "x")
            name = dict(x=names[0], y=names[1])
            answer = fill(
                words[f"wins_{style}"],
                name=html.escape(name[win]),
                label=label,
                win=_fmt(values[win]),
                lose=_fmt(values[lose]),
            )
        why = words[f"why_{style}"]
        if sorted(self._x.tolist()) == sorted(self._y.tolist()):
            why = fill(words[f"same_{style}"], cg=f"{list_graded.cg(self._x):g}") + why
        tables_html = "".join(
            "<div class='ndcg-side'>"
            f"<b>{html.escape(name)}</b>"
            + (
                self._kept_table(grades, items, language)
                if discount_words
                else self._steps(grades, items, language)
            )._repr_html_()
            + "</div>"
            for name, grades, items in zip(
                names,
                (self._x, self._y),
                ([views_text.name(str(i), language) for i in it] for it in self._items),
            )
        )
        space = "" if language == "zh" else " "
        return f"<p>{answer}{space}{why}</p>{tables_html}"

    def _code(self) -> str:
        args = []
        for ranking, grades in zip(self._rankings, (self._x, self._y)):
            args.append(_example_name(ranking) if ranking is not None else repr([float(g) for g in grades]))
        if self.k is not None:
            args.append(f"k={self.k}")
        if self.gain != "linear":
            args.append(f"gain={self.gain!r}")
        if self._names_given:
            args.append(f"names={self.names!r}")
        if self.title != TWO_SYSTEMS_TITLE:
            args.append("title=GAME_TITLE" if self.title == GAME_TITLE else f"title={self.title!r}")
        if self.words != "dcg":
            args.append(f"words={self.words!r}")
        return _call("TwoSystemsGame", args)

    def view_data(self, language: str | None = None) -> dict:
        """What the book's view needs: the names, the answer (already HTML) and the texts (in
        ``language``; by default in the languages a cell shows now, :mod:`ndcg.course.i18n`)."""

        def texts(make):
            return make(language) if language else _both(make("en"), make("zh"))

        def verdicts(lang: str) -> dict:
            messages = two_systems_messages(lang)
            names = self._names_in(lang)
            return {
                choice: guess_verdict(choice, self.winner, names, messages)[1] for choice in ("x", "y", "tie")
            }

        right = {choice: guess_verdict(choice, self.winner, self.names)[0] for choice in ("x", "y", "tie")}
        text = texts(verdicts)
        return {
            "title": texts(lambda lang: views_text.title(self.title, lang)),
            "names": texts(lambda lang: list(self._names_in(lang))),
            "winner": self.winner,
            "guessed": None,
            "answer": texts(self._answer_html),
            "verdicts": {
                choice: {"right": right[choice], "text": text[choice]} for choice in ("x", "y", "tie")
            },
            "messages": texts(two_systems_messages),
            "words": texts(
                lambda lang: {
                    key: views_text.table("two_systems", lang)[key] for key in ("step_table", "hidden")
                }
            ),
        }

    def snapshot_html(self) -> str:
        """The kernel-free view (``data-ndcg-view="two-systems"``): both lists, the question and
        the guesses; ``ndcg-games.js`` reveals the answer after a guess. Without JavaScript the
        answer is behind a click."""
        data = self.view_data()
        keyed = self.view_data("en")
        del keyed["words"]
        each, say = views_text.each, views_text.say
        labels = [
            lambda lang: html.escape(self._names_in(lang)[0]),
            lambda lang: html.escape(self._names_in(lang)[1]),
            lambda lang: html.escape(two_systems_messages(lang)["same"]),
        ]
        buttons = "".join(
            f'<button type="button" data-guess="{choice}" aria-pressed="false" disabled>{each(label)}</button>'
            for choice, label in zip(("x", "y", "tie"), labels)
        )
        answer = (
            f'<details data-role="fallback"><summary>{say("two_systems", "show_answer")}</summary>'
            f"{each(self._answer_html, tag='div')}</details>"
        )
        return (
            f'<div class="ndcg-kf ndcg-widget ndcg-ts" id="{_view_id("two-systems", keyed)}" '
            f'data-ndcg-view="two-systems"{views_text.lang_attribute()}>'
            '<div class="ndcg-sr" data-role="live" aria-live="polite"></div>'
            f'<div class="ndcg-head">🎮 {each(lambda lang: html.escape(views_text.title(self.title, lang)))}</div>'
            f"{self._lists_html()}<p>🤔 <b>{each(self._question)}</b> {say('two_systems', 'guess_first')}</p>"
            f'<div class="ndcg-ts-bar" data-until-ready hidden>{buttons}'
            f'<button type="button" data-action="again" hidden>{say("two_systems", "again")}</button></div>'
            '<div class="ndcg-ts-verdict" data-role="verdict" hidden></div>'
            '<div class="ndcg-ts-answer" data-role="answer" hidden></div>'
            f"{answer}"
            f'<p class="ndcg-live">{say("game", "live")} '
            f"<code>{html.escape(self._code())}</code></p>" + json_island(data) + "</div>"
        )
