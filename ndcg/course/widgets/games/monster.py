"""The DCG monster: the reorder game as a fight, in chapter 3's words.

:class:`MonsterGame` makes the view ``data-ndcg-view="monster"`` on the engine of
:class:`~ndcg.course.widgets.games.reorder.ReorderGame`: the monster's health is IDCG@k − DCG@k
of the current order (:func:`monster_health`), every move hits or heals it
(:func:`monster_hits`), and :func:`monster_says` says what the move did. The game speaks of DCG
and IDCG, never of NDCG (chapter 4) or the pairs' ΔNDCG (chapter 6).
"""

from __future__ import annotations

import numpy as np

from .... import list_graded
from ...._validation import check_gain, check_grades
from ... import i18n, views_text
from ..base import _fmt
from .common import _call, _example_name, _picked, _split_ranking, fill
from .reorder import IDCG_REORDER_MESSAGES, ReorderGame

#: The monster game's title: source 004's "击败DCG怪兽，赢得归一化之剑！".
MONSTER_TITLE = views_text.english("title", "monster")

#: A health at most this share of IDCG (or of 1, if IDCG is smaller) counts as 0: the monster
#: is defeated exactly when the order is ideal, whatever the rounding of the two sums.
HEALTH_TOLERANCE = 1e-12

#: What the monster game says (templates, as :data:`~ndcg.course.widgets.games.reorder.REORDER_MESSAGES`).
MONSTER_MESSAGES = views_text.table("monster")


def monster_health(grades, k=None, *, gain="linear") -> float:
    """The DCG monster's health: IDCG@k − DCG@k of ``grades`` in their order.

    Exactly ``0.0`` when the order is ideal, with ties too (any order of equal grades is
    ideal): a gap within :data:`HEALTH_TOLERANCE` of IDCG is rounding, not health.
    ``monsterHealth`` in ``ndcg-metrics.js`` computes the same.

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
        to the first health minus the last. ``monsterHits`` in ``ndcg-metrics.js`` is the same.

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
            f'<progress class="ndcg-mg-bar" data-role="healthbar" aria-label="{views_text.text_in("game", "health_label", views_text.one_language())}" '
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
        if language:
            messages = views_text.table("monster", language)
        else:
            messages = _picked(i18n.each(lambda code: views_text.table("monster", code)))
        data["monster"] = {"messages": messages, "tolerance": HEALTH_TOLERANCE, "hit": self.last_hit}
        return data
