"""The reorder game: move items up and down until the list is in the best order (NDCG = 1).

:class:`ReorderGame` makes the view ``data-ndcg-view="reorder"``, and its rules are here: the
status line (:func:`reorder_status`), par (the fewest moves to the ideal order) and, for chapter
6's "be the lambdas" game (``pairs=True``), every pair's |ΔNDCG| and λ (:func:`lambda_pairs`)
and the swap that raises NDCG the most (:func:`best_swap`). Chapter 1's game (``cg=True``)
speaks only of what chapter 1 has taught (:data:`CG_REORDER_MESSAGES`): CG and what the discount
keeps, never DCG, IDCG or NDCG. The DCG monster (:mod:`ndcg.course.widgets.games.monster`) is
built on this engine, in chapter 3's words (:data:`IDCG_REORDER_MESSAGES`).
"""

from __future__ import annotations

import html
import math

import numpy as np

from .... import list_graded
from ...._validation import check_gain, check_grades, check_k
from ....gains import cutoff
from ... import i18n, views_text
from ...islands import json_island
from ..base import View, _fmt
from .common import _call, _example_name, _picked, _split_ranking, _view_id, fill

#: The reorder game's title unless a chapter gives its own.
REORDER_TITLE = views_text.english("title", "reorder")
#: Chapter 1's reorder game's title (``cg=True``): the words of chapter 1, no NDCG yet.
CG_REORDER_TITLE = views_text.english("title", "reorder_cg")

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

#: The words every game's script takes from its island (``data.words`` in ``ndcg-games.js``).
_SCRIPT_WORDS = ("rank_label", "up", "down", "ranks", "health_label", "spoken", "spoken_monster")


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
    from ....ltr import losses

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
            return make(language) if language else _picked(i18n.each(make))

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
        spoken = (
            views_text.one_language()
        )  # (a button's name, an attribute: the script renames it in the book)
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
                f'<button type="button" data-action="up" aria-label="{html.escape(fill(views_text.text_in("game", "up", spoken), name=views_text.name(name, spoken)))}" disabled>'
                "▲</button>"
                f'<button type="button" data-action="down" aria-label="{html.escape(fill(views_text.text_in("game", "down", spoken), name=views_text.name(name, spoken)))}" disabled>'
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
